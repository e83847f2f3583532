"""The Cython compilation of the kernel, if it was built at install.

``available()`` says whether ``solver.engine.kernel`` is a compiled extension. When it is
not (no compiler or no Cython at install time) the package still works on the Numba
compilation of the same source; ``kernel`` is then None and ``reason`` says why. The
check looks at the module's file before importing it: importing the uncompiled source
under this name would start Numba.
"""
import importlib.machinery
import importlib.util
from types import ModuleType

_spec = importlib.util.find_spec(f"{__package__}.kernel")
if _spec is not None and _spec.origin and _spec.origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
    from . import kernel as _extension

    kernel: ModuleType | None = _extension
    reason = ""
else:
    kernel = None
    reason = "the Cython extension solver.engine.kernel is not built (run `pip install -e .` with a C compiler)"

NAME = "cython"


def available() -> bool:
    """True if the compiled Cython kernel is there."""
    return kernel is not None
