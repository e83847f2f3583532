"""The fast exact search: one kernel (:mod:`solver.engine.kernel`) compiled by Cython or Numba.

The names load on first use, so that :mod:`.backends` and :mod:`.cy_backend` can say which
engine a process would run without importing NumPy (a batch's parent process never does).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .api import Analysis, Engine, default_engine


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module 'solver.engine' has no attribute {name!r}")


__all__ = ["Analysis", "Engine", "default_engine"]
