# The C types of searcher.py for Cython (pure-Python mode); Numba and plain Python ignore this file.
cimport cython
from libc.stdint cimport int64_t, uint8_t

from solver.engine.kernel cimport clear_history, layouts_with, mtd_with, search_with

include "layout.pxi"  # the constants of solver/engine/layout.py, written by it as an enum

cdef extern from "tables.h":  # written by solver/engine/tables.py at build time (setup.py)
    # the lookup tables SQ, REP, SPREAD, NTH, filled at build time (build_tables copies them)
    const uint8_t TABLE_SQ "prefdd_sq"[65536]
    const uint8_t TABLE_REP "prefdd_rep"[65536]
    const int64_t TABLE_SPREAD "prefdd_spread"[256]
    const int64_t TABLE_NTH "prefdd_nth"[2048]
@cython.locals(i=int64_t)
cdef void copy_tables(uint8_t *sq, uint8_t *rep, int64_t *spread, int64_t *nth) noexcept nogil

# entry points: the arrays' buffers are taken once, the GIL is released around the kernel
cdef inline int64_t *data(int64_t[::1] a) noexcept nogil
cdef inline uint8_t *data8(uint8_t[::1] a) noexcept nogil
@cython.locals(r=int64_t, ttlen=int64_t)
cdef int64_t run_search(int64_t[::1] root_h, int64_t root_leader, int64_t root_nt, int64_t[::1] root_tc, int64_t root_cs,
                        int64_t target, int64_t[::1] cfg, int64_t[::1] pen_mask, int64_t[::1] pen_flags, int64_t[::1] plan_cards, int64_t[::1] tt,
                        int64_t gen, int64_t[::1] stats, uint8_t[::1] SQ, uint8_t[::1] REP, int64_t[::1] SPREAD, int64_t[::1] NTH, int64_t[::1] W) except? -2
@cython.locals(v=int64_t, ttlen=int64_t)
cdef int64_t run_mtd(int64_t[::1] root_h, int64_t root_leader, int64_t root_nt, int64_t[::1] root_tc, int64_t root_cs, int64_t lo,
                     int64_t hi, int64_t guess, int64_t[::1] cfg, int64_t[::1] pen_mask, int64_t[::1] pen_flags, int64_t[::1] plan_cards, int64_t[::1] tt,
                     int64_t gen, int64_t[::1] stats, uint8_t[::1] SQ, uint8_t[::1] REP, int64_t[::1] SPREAD, int64_t[::1] NTH, int64_t[::1] W) except? -2

# one engine's search, its arrays bound once (kernel.Searcher)
cdef class Searcher:
    cdef int64_t[::1] h, tc, W, tt, stats, cfg, pen_mask, pen_flags, plan_cards, SPREAD, NTH, ch, ctc, x
    cdef uint8_t[::1] SQ, REP
    cdef int64_t ttlen
    cpdef use(self, int64_t[::1] cfg, int64_t[::1] pen_mask, int64_t[::1] pen_flags, int64_t[::1] plan_cards)
    cdef int _root(self, int64_t h0, int64_t h1, int64_t h2, int64_t leader, int64_t nt, int64_t c0, int64_t c1,
                   int64_t budget) except -1
    @cython.locals(v=int64_t)
    cpdef int64_t mtd(self, int64_t h0, int64_t h1, int64_t h2, int64_t leader, int64_t nt, int64_t c0, int64_t c1, int64_t cs,
                      int64_t lo, int64_t hi, int64_t guess, int64_t gen, int64_t budget) except? -2
    @cython.locals(r=int64_t)
    cpdef int64_t layouts(self, int64_t[::1] lay, int64_t nlay, int64_t[::1] out, int64_t mode, int64_t[::1] cards, int64_t ncards,
                          int64_t leader, int64_t nt, int64_t c0, int64_t c1, int64_t flags, int64_t gen, int64_t budget) except? -2
    @cython.locals(r=int64_t)
    cpdef int64_t search(self, int64_t h0, int64_t h1, int64_t h2, int64_t leader, int64_t nt, int64_t c0, int64_t c1, int64_t cs,
                         int64_t target, int64_t gen, int64_t budget) except? -2
