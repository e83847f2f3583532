"""The Cython engine, if it was built: the same ``search`` / ``mtd`` as :mod:`.core`.

``available()`` says whether the compiled extension imported. When it did not (no
compiler or no Cython at install time) the package still works on the Numba engine;
``search`` and ``mtd`` are then None and ``reason`` says why. Both functions take
exactly :func:`.core.search`'s / :func:`.core.mtd`'s positional arguments and return the
same values; they release the GIL while searching, so threads (one table each) run in
parallel. ``build_tables()`` builds SQ, REP, SPREAD, NTH without importing Numba.
"""
try:
    from . import _cysearch
except ImportError as exc:  # not built: Numba only
    _cysearch = None
    reason = f"the Cython extension solver.engine._cysearch is not built ({exc})"
    search = mtd = build_tables = None
else:
    reason = ""
    search = _cysearch.search
    mtd = _cysearch.mtd
    build_tables = _cysearch.build_tables

NAME = "cython"


def available() -> bool:
    """True if the compiled Cython engine imported."""
    return _cysearch is not None
