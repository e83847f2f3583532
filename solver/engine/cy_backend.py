"""The Cython compilation of the kernel, if it was built at install.

``available()`` says whether ``solver.engine.kernel`` and its entry points
``solver.engine.searcher`` are compiled extensions. When it is
not (no compiler or no Cython at install time) the package still works on the Numba
compilation of the same source; ``kernel`` is then None and ``reason`` says why. The
check looks at the module's file before importing it: importing the uncompiled source
under this name would start Numba, and the extension itself is imported only when
``kernel`` is first read (so a process can ask which engine it would run without NumPy).
"""
import importlib.machinery
import importlib.util
from types import ModuleType


def _built(name: str) -> bool:
    spec = importlib.util.find_spec(f"{__package__}.{name}")
    return bool(spec is not None and spec.origin and spec.origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)))


BUILT = _built("kernel") and _built("searcher")  # the search and its entry points
reason = "" if BUILT else \
    "the Cython extensions solver.engine.kernel and .searcher are not built (run `pip install -e .` with a C compiler)"

NAME = "cython"


def available() -> bool:
    """True if the compiled Cython kernel is there (found, not yet imported: it imports NumPy)."""
    return BUILT


def __getattr__(name: str) -> ModuleType | None:
    if name == "kernel":  # the extension module, imported on first use; None if not built
        if not BUILT:
            return None
        from . import kernel

        return kernel
    if name == "searcher":  # the entry points' extension, likewise
        if not BUILT:
            return None
        from . import searcher

        return searcher
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
