"""Choosing the compilation of the one search kernel (:mod:`solver.engine.kernel`).

* ``cython`` — the kernel compiled into a C extension at install (if a compiler was there);
  no warm-up, and the search releases the GIL.
* ``numba`` — the same source, loaded under a second module name and njit-ed on first use
  (cached on disk afterwards).
* ``python`` — the same source, not compiled at all: for debuggers and coverage (slow).
* ``auto`` (default, or ``$PREFDD_ENGINE``) — Cython if built, else Numba.

Both compilations can live in one process (the tests compare their node counts). Numba
is imported only when the ``numba`` backend is loaded, so a Cython process starts fast.
"""
from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from ..errors import PrefError

NAMES = ("auto", "numba", "cython", "python")
SOURCE = os.path.join(os.path.dirname(__file__), "kernel.py")  # a str: importing pathlib costs a start-up 16 M instructions
ENTRY_SOURCE = os.path.join(os.path.dirname(__file__), "searcher.py")


@dataclass(frozen=True)
class Backend:
    name: str
    search: Callable[..., int]
    mtd: Callable[..., int]
    tables: tuple  # SQ, REP, SPREAD, NTH
    kernel: ModuleType  # the kernel module (compiled, jitted or plain): the search
    entry: ModuleType | None = None  # its entry points (searcher.py, compiled or bound to it); None: in ``kernel``

    @property
    def front(self) -> ModuleType:
        """The module of the entry points: ``Searcher``, the arrays the kernel takes."""
        return self.entry or self.kernel

    # the arrays the kernel takes are made by the kernel module, each compilation its own
    # kind: plain buffers for Cython (a Cython process never imports NumPy), NumPy arrays
    # for Numba and plain Python
    def zeros(self, n: int):
        """``n`` int64 zeros, as this backend's kernel takes them."""
        return self.front.zeros(n)

    def table(self, n: int, offset: int = 0):
        """``n`` int64 zeros for a transposition table, on pages of their own.

        A bucket is 64 bytes, one cache line, only if the table starts on a line: a
        ``bytearray`` or NumPy buffer that large starts 16 bytes into a page (its allocator's
        header), so every bucket would straddle two lines and a probe cost two misses. An
        anonymous *private* mapping (a forked batch worker must not share its parent's
        table) is page-aligned and zero-filled; tables of 2 MB and more ask for huge pages
        (fewer TLB misses), where the kernel grants them. ``offset``: bytes to skip at the
        start (benchmarks only: the misaligned table, for comparison)."""
        import mmap

        size = 8 * n + offset
        buf = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        if size >= 2 << 20 and hasattr(mmap, "MADV_HUGEPAGE"):
            try:
                buf.madvise(mmap.MADV_HUGEPAGE)
            except OSError:  # not granted here: small pages, as before
                pass
        return self.front.view_of(buf, n, offset)

    def array(self, values: list[int]):
        """An int64 array of ``values``, as this backend's kernel takes it."""
        return self.front.array(values)

    def searcher(self, tt, stats):
        """A :class:`searcher.Searcher <solver.engine.searcher.Searcher>` on ``tt`` and ``stats``:
        an engine's arrays checked and bound once, so that a solve passes only ints."""
        k = self.front
        if self.name == "python":
            return _QuietSearcher(k.Searcher, tt, stats, *self.tables)
        return k.Searcher(tt, stats, *self.tables)


_loaded: dict[str, Backend] = {}


def load_backend(name: str | None = None) -> Backend:
    """The backend called ``name`` (default: ``$PREFDD_ENGINE`` or ``auto``)."""
    name = (name or os.environ.get("PREFDD_ENGINE") or "auto").lower()
    if name in _loaded:
        return _loaded[name]
    real = chosen_backend(name)  # checks the name; auto: Cython if built, else Numba
    if real != name:
        b = load_backend(real)
    elif name == "cython":
        from . import cy_backend

        if not cy_backend.available():
            raise PrefError(cy_backend.reason)
        b = _backend("cython", cy_backend.kernel, cy_backend.searcher)
    else:
        b = _backend(name, source_kernel(name))
    _loaded[name] = b
    return b


def chosen_backend(name: str | None = None) -> str:
    """The name of the backend :func:`load_backend` would load, without loading it (no NumPy)."""
    name = (name or os.environ.get("PREFDD_ENGINE") or "auto").lower()
    if name not in NAMES:
        raise PrefError.of("engine_backend", None, got=name, known=", ".join(NAMES))
    if name == "auto":
        from . import cy_backend

        return "cython" if cy_backend.available() else "numba"
    return name


def _backend(name: str, k, entry=None) -> Backend:
    """The backend of kernel module ``k`` (its entry points ``entry``: by default searcher.py
    loaded for ``k``, :func:`entry_module`)."""
    if entry is None:
        entry = entry_module(k)
    search, mtd = entry.search, entry.mtd
    if name == "python":
        search, mtd = _quiet(search), _quiet(mtd)
    return Backend(name, search, mtd, tuple(entry.build_tables()), k, entry)


def _load_source(modname: str, path: str) -> ModuleType:
    if modname in sys.modules:
        return sys.modules[modname]
    spec = importlib.util.spec_from_file_location(modname, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path} as {modname}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[modname] = mod
    try:
        spec.loader.exec_module(mod)
    except BaseException:
        del sys.modules[modname]
        raise
    return mod


def source_kernel(name: str):
    """kernel.py loaded as ``solver.engine._kernel_<name>``: njit-ed for ``numba``, plain for
    ``python`` (the module decides by its name; the compiled extension is left alone)."""
    modname = f"{__package__}._kernel_{name}"
    if modname not in sys.modules and name == "numba":
        _announce_compile()
    return _load_source(modname, SOURCE)


def entry_module(k: ModuleType) -> ModuleType:
    """searcher.py loaded for the uncompiled kernel ``k`` (``solver.engine._kernel_X`` gets
    ``solver.engine._searcher_X``) and bound to its functions: the entry points of that kernel."""
    modname = k.__name__.replace("._kernel_", "._searcher_")
    if modname == k.__name__:
        raise ValueError(f"{k.__name__}: not a kernel loaded from source (solver.engine._kernel_<name>)")
    mod = _load_source(modname, ENTRY_SOURCE)
    mod.bind(k)
    return mod


def _announce_compile() -> None:
    """One line on stderr when Numba will compile the kernel (its disk cache is empty)."""
    import pathlib

    cache = pathlib.Path(os.environ.get("NUMBA_CACHE_DIR") or pathlib.Path(SOURCE).parent / "__pycache__")
    if not any(cache.glob("kernel.search_with-*.nbi")) and not any(cache.rglob("kernel.search_with-*.nbi")):
        print("prefdd: Numba is compiling the search kernel (once, then cached; about a minute of CPU)", file=sys.stderr)


def _quiet(fn):
    """Plain-Python kernels compute in NumPy scalars, whose wrapping multiply warns."""
    import numpy as np

    def call(*args):
        with np.errstate(over="ignore"):
            return fn(*args)

    return call


class _QuietSearcher:
    """The plain-Python kernel's Searcher, its NumPy overflow warnings silenced (see :func:`_quiet`)."""

    def __init__(self, cls, *args):
        self._s = cls(*args)
        self.use = self._s.use
        self.mtd = _quiet(self._s.mtd)
        self.search = _quiet(self._s.search)
        self.layouts = _quiet(self._s.layouts)


def active_backend_name() -> str:
    try:
        return load_backend().name
    except PrefError:
        return "numba"
