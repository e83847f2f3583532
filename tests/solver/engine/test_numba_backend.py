"""The Numba compilation of the kernel works on pointers, as the Cython one does.

Numba indexes an array with a signed index through a negative-index wraparound (a compare
and a select on every access; Cython compiles with ``wraparound=False``, Numba has no such
switch). Issue 14 traced the Numba compilation's per-deal gap to it: the search's work
vector alone was indexed that way at 119 places of ``search_with``. The kernel's drivers are
therefore entered through doors that hand them raw pointers (``docs/backends.md``); these
tests fail if an array slips back into the jitted search.
"""
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from solver import Card, Position
from solver import reference as ref
from solver.engine import Engine

# the six lowest cards of suit 0: seat 0 (declarer, no-trump, on lead) holds the 7 and 8,
# seat 1 the 9 and 10, seat 2 the jack and queen, which win both tricks
SMALL = Position([[Card(0), Card(1)], [Card(2), Card(3)], [Card(4), Card(5)]], "nt", 0, 0)


@pytest.fixture(scope="module")
def kernel():
    e = Engine(backend="numba")
    assert e.solve(SMALL) == ref.solve(SMALL) == 0
    return e.backend.kernel


def test_the_doors_take_arrays_from_python(kernel):
    import numba.core.types as nt

    for door in (kernel.mtd_with,):  # the one a solve enters
        assert door.signatures
        for sig in door.signatures:
            assert any(isinstance(a, nt.Array) for a in sig)


def test_as_pointer_gives_the_buffer_address(kernel):
    import numba

    @numba.njit
    def through_pointers(a):
        p = kernel.as_pointer(a)
        q = kernel.as_pointer(p)  # a pointer stays itself
        p[1] = 7
        return q[0], q[1], q[2]

    a = np.array([5, 0, 9], dtype=np.int64)
    assert through_pointers(a) == (5, 7, 9)
    assert a[1] == 7  # written through the pointer into the array's own buffer


def test_a_strided_array_is_refused_not_misread(kernel):
    # a pointer has no strides: like the Cython build's int64_t[::1], only contiguous arrays enter
    import numba

    @numba.njit
    def first(a):
        return kernel.as_pointer(a)[1]

    a = np.arange(6, dtype=np.int64)
    assert first(a) == 1
    with pytest.raises(numba.core.errors.TypingError):
        first(a[::2])


PROBE = textwrap.dedent("""
    import json
    from solver import Card, Position
    from solver.engine import Engine
    e = Engine(backend="numba")
    pos = Position([[Card(0), Card(1)], [Card(2), Card(3)], [Card(4), Card(5)]], "nt", 0, 0)
    v = e.solve(pos)
    k = e.backend.kernel
    out = {"value": v}
    for name in ("_search_core", "_mtd_core"):
        d = getattr(k, name)
        out[name] = [[type(a).__name__ for a in sig] for sig in d.signatures]
        out[name + "_incref"] = [d.inspect_llvm(sig).count("call void @NRT_incref") for sig in d.signatures]
    print(json.dumps(out))
""")


@pytest.mark.slow
def test_the_jitted_search_takes_pointers_not_arrays(tmp_path):
    # a fresh cache: only a compilation in this process records the cores' signatures and IR
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), PREFDD_ENGINE="numba")
    run = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=900)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout.splitlines()[-1])
    assert out["value"] == 0
    for core in ("_search_core", "_mtd_core"):
        assert out[core], f"{core} was not compiled"
        for sig in out[core]:
            assert "Array" not in sig, f"{core} compiled for arrays: {sig}"
            assert "CPointer" in sig
        # arrays are reference-counted in Numba's code; pointers are not
        assert out[core + "_incref"] == [0] * len(out[core])
