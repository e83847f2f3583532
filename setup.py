"""Build entry: setuptools metadata lives in pyproject.toml; this file adds the Cython engine.

The search kernel ``solver/engine/kernel.py`` (plain Python with the C types of
``kernel.pxd``) and its entry points ``searcher.py`` (with ``searcher.pxd``) are compiled by
Cython into the extensions ``solver.engine.kernel`` and ``solver.engine.searcher`` when the
package is installed (``pip install .`` or ``pip install -e .``). It is optional: without
Cython or without a C compiler the build says so and the package still installs and runs
the same source on Numba (``solver.engine.cy_backend.available()`` is then False). See
docs/backends.md.
"""
import runpy
import sys

from setuptools import Extension, setup


def write_layout():
    """solver/engine/layout.pxi, the enum kernel.pxd includes, from layout.py (the constants'
    one source), run as a plain file: the package itself need not be importable here."""
    runpy.run_path("solver/engine/layout.py")["write_pxi"]()


def write_tables():
    """solver/engine/tables.h, the lookup tables filled once (tables.py, run as a plain file:
    about a second) as C constants the kernel and its entry points compile in."""
    runpy.run_path("solver/engine/tables.py")["write_header"]()


def cython_extensions():
    write_layout()
    write_tables()
    flags = ["-O3"] if sys.platform != "win32" else ["/O2"]
    # the search, and its entry points (which cimport the search's drivers: built after it)
    exts = [Extension(f"solver.engine.{name}", [f"solver/engine/{name}.py"], extra_compile_args=flags, optional=True,
                      include_dirs=["solver/engine"], depends=["solver/engine/tables.h"])
            for name in ("kernel", "searcher")]
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("prefdd: Cython is not available; the Cython engine is not built (Numba only)", file=sys.stderr)
        return []
    try:
        exts = cythonize(exts, compiler_directives={"language_level": "3"}, build_dir="build", quiet=True)
    except Exception as exc:  # a translation failure must not stop the install
        print(f"prefdd: the Cython engine could not be translated ({exc}); Numba only", file=sys.stderr)
        return []
    for e in exts:
        e.optional = True  # cythonize() does not carry the flag over: no compiler, no engine, no failure
    return exts


setup(ext_modules=cython_extensions())
