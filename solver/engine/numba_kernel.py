"""The Numba compilation of the search kernel: every function of kernel.py njit-ed in place.

kernel.py, loaded from source under a name of its own (``solver.engine._kernel_numba``,
:func:`.backends.source_kernel`), ends by calling :func:`jit_kernel` with its namespace: the
module's functions are replaced by their jitted versions before anything is called, so
jitted callers call jitted callees (Numba freezes globals at compile time). Nothing here
runs in a search; the Cython build never imports this module. See docs/backends.md.

* small leaf helpers: plain ``njit`` (LLVM inlines them; inlining them in Numba's IR as well
  was as fast and cost 20 % more compile time); the bigger helpers inlined in the IR
  (measured faster); the drivers are the compiled entry points;
* the .pxd's C builtins as LLVM intrinsics: the casts ``u64`` / ``i64`` wrap as C's do, the
  bit scans are ``ctlz`` / ``cttz`` and ``popcount`` is ``ctpop`` (one instruction each:
  Numba compiles for the host CPU);
* the drivers on pointers, as Cython compiles them: Numba indexes an array with a signed
  index through a negative-index wraparound (a compare and a select on every ``W[...]``
  access: Numba has no ``wraparound=False``), a raw pointer without one. The three drivers
  are entered through doors that take the arrays (from Python) or pointers (``mtd_with``
  calling ``search_with``) and hand the kernel each buffer's address (:func:`as_pointer`).
  The doors themselves are the last lines of kernel.py: cached on disk with the file they
  call into (a door cached apart from it would keep the search it was linked with after
  kernel.py changed; made uncached, per process, each first solve paid 1.6 s of CPU to
  link them).
"""
import numba
import numba.extending
import numpy as np
from numba.core import types as _types
from numba.cpython.unsafe.numbers import leading_zeros as _clz
from numba.cpython.unsafe.numbers import trailing_zeros as _ctz

# the functions of kernel.py by how they are compiled
LEAVES = ("u64", "i64", "popcount", "pop8", "sq_spread", "rep_of", "nth_of", "spread32", "beats", "suit_of", "low_bits", "entry_pack", "entry_lb", "entry_ub",
          "entry_move", "entry_extra", "entry_gen", "entry_depth", "tt_live", "move_code", "move_decode",
          "highest_bit", "lowest_index", "tt_prefetch", "trick_winner", "two_tricks", "tt_index", "legal_of", "talon_suit",
          "talon_winner", "talon_next_leader", "end_talon_trick", "suit_canon", "suit_place")
INLINED = ("position_key", "tt_find", "tt_victim", "tt_add", "tt_bucket", "tt_lookup", "quick_tricks", "partner_entry", "trumps_beaten", "trump_bounds", "suit_safe",
           "misere_ceiling", "misere_forced", "defence_takes_next", "declarer_takes_next",
           "defence_takes_later", "declarer_takes_later", "misere_exits", "misere_escapes", "trick_verdict", "misere_verdict", "generate_moves",
           "score_lead", "score_misere_lead", "score_follow", "score_misere_follow", "sort_moves", "order_moves", "table_move_first", "constrain_moves",
           "constraint_state_after", "clear_history", "first_guess", "first_guess_misere", "child_root", "run_rep",
           "mtd_loop")
ENTRIES = ("search_with", "mtd_with", "layouts_with")
# the functions of tables.py (the lookup tables, filled once a process: jit_tables)
TABLE_LEAVES = ("spread8", "misere_suit_after", "misere_best_answer")
TABLE_ENTRIES = ("fill_tables", "spread8_fill", "misere_suits_fill")


# the intrinsics (calls typed by Numba: mypy sees a two-argument function) and the casts
def u64(x):  # Numba's casts wrap, as C's do
    return np.uint64(x)


def i64(x):
    return np.int64(x)


def highest_bit(b):
    """Index of the highest set bit of a byte (b > 0): LLVM's ctlz, as Cython's builtin."""
    return 63 - _clz(np.int64(b) & np.int64(0xFF))  # type: ignore[call-arg]


def lowest_index(x):
    """Index of the lowest set bit (x > 0): LLVM's cttz."""
    return _ctz(np.int64(x))  # type: ignore[call-arg]


@numba.extending.intrinsic
def _ctpop(typingctx, x):
    """LLVM's ctpop: one instruction where the CPU has one (Numba compiles for the host)."""
    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])

    return numba.types.int64(numba.types.int64), codegen


def popcount(x):
    return _ctpop(np.int64(x))  # type: ignore[call-arg]


def as_pointer(a):
    """The address of an array's first element, typed (a pointer stays itself)."""
    raise NotImplementedError("jitted code only")


@numba.extending.intrinsic
def _array_data(typingctx, a):
    def codegen(context, builder, sig, args):
        return context.make_array(sig.args[0])(context, builder, args[0]).data

    return _types.CPointer(a.dtype)(a), codegen


@numba.extending.overload(as_pointer, inline="always")
def _as_pointer(a):
    if isinstance(a, _types.Array) and a.ndim == 1 and a.layout == "C":  # as the .pxd's [::1]
        return lambda a: _array_data(a)  # type: ignore[call-arg]
    if isinstance(a, _types.CPointer):
        return lambda a: a
    return None


NUMBA_VERSIONS = {"u64": u64, "i64": i64, "highest_bit": highest_bit, "lowest_index": lowest_index, "popcount": popcount,
                  "pop8": popcount}


def jit_kernel(ns: dict):
    """Compile the kernel whose module namespace is ``ns`` (kernel.py's ``globals()``) with Numba."""
    leaf = numba.njit(cache=True)
    inline = numba.njit(cache=True, inline="always")
    entry = numba.njit(cache=True, nogil=True)
    ns.update(NUMBA_VERSIONS)
    for name in LEAVES:
        ns[name] = leaf(ns[name])
    for name in INLINED:
        ns[name] = inline(ns[name])
    for name in ENTRIES:
        ns[name] = entry(ns[name])
    ns["as_pointer"] = as_pointer
    return entry  # the decorator of the doors, which kernel.py defines (see above)


def jit_tables():
    """tables.py loaded as ``solver.engine._tables_numba`` with its fills njit-ed (cached on disk
    with that file): the Numba kernel fills its misère table with them at import, the entry
    points SQ, REP, SPREAD, NTH (in plain Python, about a second a process)."""
    import importlib.util
    import os
    import sys

    name = f"{__package__}._tables_numba"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, os.path.join(os.path.dirname(__file__), "tables.py"))
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    ns = mod.__dict__
    leaf = numba.njit(cache=True)
    ns["lowest_index"] = leaf(lowest_index)
    for n in TABLE_LEAVES:
        ns[n] = leaf(ns[n])
    for n in TABLE_ENTRIES:
        ns[n] = numba.njit(cache=True)(ns[n])
    sys.modules[name] = mod
    return mod
