"""The layout of the arrays the search takes: configuration, statistics, flags.

Shared by every backend (Numba and Cython) and by the Python side, and free of Numba so
that importing it costs nothing.
"""

MAXPLY = 34

# configuration vector
C_TRUMP, C_MISERE, C_DECL, C_LEXI, C_X, C_ABS, C_BOUNDS, C_CONS = 0, 1, 2, 3, 4, 5, 6, 7
C_LEAD_SEAT, C_LEAD_SUIT, C_LEAD_MUST, C_LEAD_ORTRUMP, C_PLAN_LEN, C_PLAN_SIDE = 8, 9, 10, 11, 12, 13
C_REW, C_MAXREW, C_CTX, C_REUSE, C_SPECIAL, C_MAXSIDE_DECL = 14, 17, 18, 19, 20, 21
CFG_SIZE = 24

# statistics vector
S_NODES, S_BUDGET, S_ABORT, S_BEST, S_TTHITS, S_STORES = 0, 1, 2, 3, 4, 5
STATS_SIZE = 32
S_CUT = 8  # cutoffs: (position in trick 0..2) x (first / later move) x (min / max side): 12 counters

# penalty-card occasions (bit flags, per card)
P_LEAD, P_SUIT, P_RUFF, P_ANY = 1, 2, 4, 8
