"""The layout of the arrays the search takes: configuration, statistics, flags.

Shared by every backend (Numba and Cython) and by the Python side, and free of Numba so
that importing it costs nothing. This file is the one place the constants are written:
the kernel takes them from here when it runs under Numba or plain Python (``from .layout
import *``), and the Cython build from ``layout.pxi``, the ``enum`` of :func:`pxi_text`
(``setup.py`` writes it before every build, and
``tests/solver/engine/test_cython_backend.py`` checks the file and the build are up to date).
"""

MAXPLY = 34

# configuration vector
# (words 3 and 4 are free: they held a favoured split's flag and seat, which the kernel never
# read — the split is in the rewards, C_REW, and in the context, C_CTX)
C_TRUMP, C_MISERE, C_DECL, C_ABS, C_BOUNDS, C_CONS = 0, 1, 2, 5, 6, 7
C_LEAD_SEAT, C_LEAD_SUIT, C_LEAD_MUST, C_LEAD_ORTRUMP, C_PLAN_LEN, C_PLAN_SIDE = 8, 9, 10, 11, 12, 13
C_REW, C_MAXREW, C_CTX, C_REUSE, C_SPECIAL, C_MAXMASK = 14, 17, 18, 19, 20, 21
# raspasovka: the suits of the talon-led tricks, counted back from the last one
# (cfg[C_TALON + n - 1] leads when n talon tricks are left), and the two table settings:
# a talon trick nobody follows goes to first hand (C_VOID 1) or to nobody; the trick after
# the talon is led by its last trick's winner (C_AFTER 1) or by first hand
C_TALON, C_VOID, C_AFTER = 22, 24, 25
# (word 26 is free: it chose rank entries, deleted with them — benchmarks/RESULTS.md, issue 40)
CFG_SIZE = 28

# statistics vector
S_NODES, S_BUDGET, S_ABORT, S_BEST, S_TTHITS, S_STORES = 0, 1, 2, 3, 4, 5
STATS_SIZE = 32
S_CUT = 8  # cutoffs: (position in trick 0..2) x (first / later move) x (min / max side): 12 counters

# the layouts' loop (kernel.layouts_with): its flags
L_GUESS, L_HIST = 1, 2

# penalty-card occasions (bit flags, per card)
P_LEAD, P_SUIT, P_RUFF, P_ANY = 1, 2, 4, 8

# constraint state word (cs): the lead ruling pending, the plan's index and whether it is on,
# and (raspasovka) the talon-led tricks still to play (2 bits): state that changes with play
CS_LEAD, CS_PLAN_IX, CS_PLAN_ON, CS_TALON = 1, 1, 6, 7

# transposition table: entries of two int64 words (key, data), buckets of BUCKET entries;
# the data word: lower bound, upper bound (8 bits each), best move (6), extra key (24:
# leader, context, constraint state), generation (14), depth in tricks (4)
BUCKET = 4
E_UB, E_MOVE, E_EXTRA, E_GEN, E_DEPTH = 8, 16, 22, 46, 60
E_SCORE_MASK, E_MOVE_MASK, E_EXTRA_MASK, E_GEN_MASK, E_DEPTH_MASK = 0xFF, 0x3F, 0xFFFFFF, 0x3FFF, 0xF
E_EXTRA_BITS = 24  # the extra key's width (a table node's W_EXTRA holds its bucket above it)

# the search's work vector (one int64 array): the plies one after another, PLY words each,
# a ply's fields adjacent (at ply d, field W_X is word d * PLY + W_X: a node touches two of
# its four cache lines, not one line of each of fifteen field arrays), then the ordering
# scores (one ply at a time) and the history of the leads
MVMAX = 10  # moves a ply (at most 10 cards)
PLY = 32  # words a ply: the fields, then the move list
W_H = 0  # hands, 3
W_TC = 3  # trick cards, 3
W_L = 6  # leader
W_NT = 7  # cards in the trick
W_SC = 8  # score so far
W_CS = 9  # constraint state
W_NMV = 10  # number of moves
W_MI = 11  # index of the move being searched
W_ISMAX = 12  # the max side to move
W_BEST = 13  # best (cutting) move, or the table's move
W_KEY = 14  # table key
W_EXTRA = 15  # table extra key, and its bucket above E_EXTRA_BITS (-1: not a table node)
W_NEED = 16  # the target from here
W_PLANNED = 17  # the plan's state at this move
W_MV = 18  # the move list, MVMAX
W_WIN = 28  # the trick's best card so far and its seat (card | seat << 8), from its second card
W_ALIVE = 29  # the live cards at the trick's start (the hands' and the trick's cards: one word, not four loads)
W_PERM = 30  # a table node's suit permutation (suit_canon), after the move list
W_CARDS = 31  # cards in the hands (a forced card is played in its parent's child ply: not root - d)
W_SCORE = PLY * MAXPLY  # ordering scores (one ply at a time)
W_HIST = W_SCORE + MVMAX  # history of the leads: 2 sides x 32 cards
W_KILL = W_HIST + 64  # the last lead that cut, per tricks left and side (22 words)
WORK_SIZE = W_KILL + 24
assert W_MV + MVMAX <= W_WIN < W_ALIVE < W_PERM < W_CARDS < PLY


__all__ = sorted(k for k, v in globals().items() if k.isupper() and isinstance(v, int))
PXI = "layout.pxi"  # beside this file and kernel.pxd, which includes it


def layout_items() -> list[tuple[str, int]]:
    """The constants, by name."""
    g = globals()
    return [(k, g[k]) for k in __all__ if k != "LAYOUT_HASH"]


def layout_hash(items) -> int:
    """A 31-bit digest of the constants: the Cython build compiles it in (``kernel.LAYOUT_HASH``),
    so a stale build is told from a current one."""
    import zlib

    return zlib.crc32(repr(sorted(items)).encode()) & 0x7FFFFFFF


def pxi_text() -> str:
    """``layout.pxi``: the constants as a C ``enum`` for kernel.pxd."""
    items = layout_items()
    lines = ["# Generated from solver/engine/layout.py (pxi_text) by setup.py before every build;",
             "# edit layout.py, not this file.", "cdef enum:"]
    lines += [f"    {k} = {v}" for k, v in items]
    lines.append(f"    LAYOUT_HASH = {layout_hash(items)}")
    return "\n".join(lines) + "\n"


LAYOUT_HASH = layout_hash(layout_items())
__all__.append("LAYOUT_HASH")
