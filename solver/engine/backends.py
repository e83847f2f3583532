"""Choosing the compiled search: Numba (always there) or Cython (if built at install).

Both take the same arrays and fill the same table identically; the Python side never
imports Numba unless the Numba backend is chosen, so a Cython-only process starts fast.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from ..errors import PrefError

NAMES = ("auto", "numba", "cython")


@dataclass(frozen=True)
class Backend:
    name: str
    search: object
    mtd: object
    tables: tuple  # SQ, REP, SPREAD, NTH


_loaded: dict[str, Backend] = {}


def load_backend(name: str | None = None) -> Backend:
    """The backend called ``name`` (default: ``$PREFDD_ENGINE`` or ``auto``)."""
    name = (name or os.environ.get("PREFDD_ENGINE") or "auto").lower()
    if name not in NAMES:
        raise PrefError(f"unknown engine backend {name!r} (one of {', '.join(NAMES)})")
    if name in _loaded:
        return _loaded[name]
    b = None
    if name in ("auto", "cython"):
        from . import cy_backend

        if cy_backend.available():
            b = _loaded.get("cython") or Backend("cython", cy_backend.search, cy_backend.mtd, tuple(cy_backend.build_tables()))
        elif name == "cython":
            raise PrefError(cy_backend.reason)
    if b is None:
        b = _loaded.get("numba") or _numba()
    _loaded[name] = b
    _loaded[b.name] = b
    return b


def _numba() -> Backend:
    from . import core
    from .tables import NTH, REP, SPREAD, SQ

    return Backend("numba", core.search, core.mtd, (SQ, REP, SPREAD, NTH))


def active_backend_name() -> str:
    try:
        return load_backend().name
    except PrefError:
        return "numba"
