"""Build entry: setuptools metadata lives in pyproject.toml; this file adds the Cython engine.

The search kernel ``solver/engine/kernel.py`` (plain Python with the C types of
``kernel.pxd``) and its entry points ``searcher.py`` (with ``searcher.pxd``) are compiled by
Cython into the extensions ``solver.engine.kernel`` and ``solver.engine.searcher`` when the
package is installed (``pip install .`` or ``pip install -e .``). It is optional: without
Cython or without a C compiler the build says so and the package still installs and runs
the same source on Numba (``solver.engine.cy_backend.available()`` is then False). See
docs/backends.md.
"""
import os
import runpy
import sys

from setuptools import Extension, setup


def generate(source, text_of, target):
    """Write ``target`` from ``text_of()`` in ``source`` (run as a plain file: the package itself
    need not be importable here) where it differs; an unchanged file keeps its time, so the
    extensions that depend on it are not rebuilt."""
    text = runpy.run_path(source)[text_of]()
    try:
        with open(target) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(target, "w") as f:
        f.write(text)


def fast_bmi2() -> bool:
    """Does the building machine have BMI2's pext and pdep, and fast ones (AMD's before Zen 3,
    family 0x19, run them in microcode)? ``PREFDD_BMI2=0`` / ``1`` decides instead (a build for
    other machines). The extension then runs only where BMI2 is (x86 since 2013–2015)."""
    env = os.environ.get("PREFDD_BMI2")
    if env in ("0", "1"):
        return env == "1"
    if sys.platform != "linux":
        return False
    try:
        with open("/proc/cpuinfo") as f:
            info = f.read(20000)
    except OSError:
        return False
    flags = next((ln.split(":", 1)[1].split() for ln in info.splitlines() if ln.startswith("flags")), [])
    family = next((int(ln.split(":", 1)[1]) for ln in info.splitlines() if ln.startswith("cpu family")), 0)
    return "bmi2" in flags and not ("AuthenticAMD" in info and family < 0x19)


def cython_extensions():
    # the enum kernel.pxd includes, from layout.py (the constants' one source); the lookup tables
    # filled once (about a second) as C constants the kernel and its entry points compile in
    generate("solver/engine/layout.py", "pxi_text", "solver/engine/layout.pxi")
    generate("solver/engine/tables.py", "header_text", "solver/engine/tables.h")
    flags = ["-O3"] if sys.platform != "win32" else ["/O2"]
    if fast_bmi2():
        flags.append("-mbmi2")  # the lookup tables SQ, REP, NTH as pext / pdep (kernel.pxd)
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
