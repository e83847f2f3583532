"""The layout of the arrays the raspasovka search takes, free of Numba so that the Python
side (and a raspasovka question the main engine answers) need not import it."""

MAXPLY = 34

# configuration vector
C_VICTIM, C_MAXMASK, C_K, C_TS0, C_TS1, C_VOID, C_AFTER, C_BOUNDS, C_REUSE = 0, 1, 2, 3, 4, 5, 6, 7, 8
CFG_SIZE = 10

# statistics vector
S_NODES, S_BUDGET, S_ABORT, S_BEST, S_TTHITS, S_STORES = 0, 1, 2, 3, 4, 5
STATS_SIZE = 8

NOBODY = -1
