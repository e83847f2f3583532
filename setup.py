"""Build entry: setuptools metadata lives in pyproject.toml; this file adds the Cython engine.

The search kernel ``solver/engine/kernel.py`` (plain Python with the C types of
``kernel.pxd``) is compiled by Cython into the extension ``solver.engine.kernel`` when the
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


def cython_extensions():
    write_layout()
    ext = Extension(
        "solver.engine.kernel",
        ["solver/engine/kernel.py"],
        extra_compile_args=["-O3"] if sys.platform != "win32" else ["/O2"],
        optional=True,
    )
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("prefdd: Cython is not available; the Cython engine is not built (Numba only)", file=sys.stderr)
        return []
    try:
        exts = cythonize([ext], compiler_directives={"language_level": "3"}, build_dir="build", quiet=True)
    except Exception as exc:  # a translation failure must not stop the install
        print(f"prefdd: the Cython engine could not be translated ({exc}); Numba only", file=sys.stderr)
        return []
    for e in exts:
        e.optional = True  # cythonize() does not carry the flag over: no compiler, no engine, no failure
    return exts


setup(ext_modules=cython_extensions())
