"""One engine per thread, made on first use: what :func:`solver.solve`, :func:`solver.analyse`
and :meth:`solver.dd_table.DDTable.compute` use when no engine is given.

An :class:`~solver.engine.Engine` owns a transposition table and is not to be shared by
threads running at once; one a thread is the simple safe default. Its own module (not the
package ``__init__``) so that the modules below the package can use it without a circle.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import Engine

_local = threading.local()


def thread_engine() -> Engine:
    """This thread's engine (made on first use)."""
    engine = getattr(_local, "engine", None)
    if engine is None:
        from .engine import Engine

        engine = _local.engine = Engine()
    return engine
