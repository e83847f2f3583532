# The C types of kernel.py for Cython (pure-Python mode); Numba and plain Python ignore this file.
# The array layout's constants come from layout.pxi, which solver/engine/layout.py writes.
cimport cython
from libc.stdint cimport int64_t, uint16_t, uint64_t, uint8_t

cdef extern from *:
    """
    #include <stdint.h>
    #if defined(__GNUC__) || defined(__clang__)
    static inline void prefdd_prefetch(const int64_t *tt, int64_t idx) { __builtin_prefetch(tt + 2 * idx); }
    #else
    static inline void prefdd_prefetch(const int64_t *tt, int64_t idx) { (void)tt; (void)idx; }
    #endif
    static inline uint64_t prefdd_u64(int64_t x) { return (uint64_t)x; }
    static inline int64_t prefdd_i64(uint64_t x) { return (int64_t)x; }
    #if defined(__GNUC__) || defined(__clang__)
    static inline int64_t prefdd_ctz(int64_t x) { return __builtin_ctzll((unsigned long long)x); }
    static inline int64_t prefdd_hibyte(int64_t b) { return 31 - __builtin_clz((unsigned)(b & 0xFF)); }
    #else
    static inline int64_t prefdd_ctz(int64_t x) { int64_t i = 0; while (!((x >> i) & 1)) i++; return i; }
    static inline int64_t prefdd_hibyte(int64_t b) { int64_t i = 7; while (!((b >> i) & 1)) i--; return i; }
    #endif
    #define PREFDD_P2(n) n, n + 1, n + 1, n + 2
    #define PREFDD_P4(n) PREFDD_P2(n), PREFDD_P2(n + 1), PREFDD_P2(n + 1), PREFDD_P2(n + 2)
    #define PREFDD_P6(n) PREFDD_P4(n), PREFDD_P4(n + 1), PREFDD_P4(n + 1), PREFDD_P4(n + 2)
    static const uint8_t prefdd_pop8_table[256] = {PREFDD_P6(0), PREFDD_P6(1), PREFDD_P6(1), PREFDD_P6(2)};
    static inline int64_t prefdd_pop8(int64_t b) { return prefdd_pop8_table[b]; }
    #if defined(__BMI2__)  /* setup.py: -mbmi2 where pext/pdep are fast; the same values as the tables */
    #include <immintrin.h>
    static inline int64_t prefdd_sq_spread(const uint8_t *SQ, const int64_t *SP, int64_t alive, int64_t mine) {
        (void)SQ; (void)SP; return _pdep_u32(_pext_u32((unsigned)mine, (unsigned)alive), 0x5555u); }
    static inline int64_t prefdd_rep_of(const uint8_t *REP, int64_t alive, int64_t mine) {
        unsigned m = _pext_u32((unsigned)mine, (unsigned)alive); (void)REP; return _pdep_u32(m & ~(m << 1), (unsigned)alive); }
    static inline int64_t prefdd_nth_of(const int64_t *NTH, int64_t b, int64_t k) {
        (void)NTH; return __builtin_ctz(_pdep_u32(1u << k, (unsigned)b) | 0x100u) & 7; }
    static inline uint64_t prefdd_spread32(int64_t x) { return _pdep_u64((unsigned long long)x, 0x5555555555555555ull); }
    #else
    static inline uint64_t prefdd_spread32(int64_t x) {  /* bit i of a 32-bit word to bit 2i */
        uint64_t y = (uint32_t)x; y = (y | y << 16) & 0x0000FFFF0000FFFFull; y = (y | y << 8) & 0x00FF00FF00FF00FFull;
        y = (y | y << 4) & 0x0F0F0F0F0F0F0F0Full; y = (y | y << 2) & 0x3333333333333333ull; return (y | y << 1) & 0x5555555555555555ull; }
    static inline int64_t prefdd_sq_spread(const uint8_t *SQ, const int64_t *SP, int64_t alive, int64_t mine) {
        return SP[SQ[alive * 256 + mine]]; }
    static inline int64_t prefdd_rep_of(const uint8_t *REP, int64_t alive, int64_t mine) { return REP[alive * 256 + mine]; }
    static inline int64_t prefdd_nth_of(const int64_t *NTH, int64_t b, int64_t k) { return NTH[b * 8 + k]; }
    #endif
    """
    # C casts, bit-scan instructions and a byte's bit count; kernel.py defines plain functions of the same names
    uint64_t u64 "prefdd_u64"(int64_t x) noexcept nogil
    int64_t i64 "prefdd_i64"(uint64_t x) noexcept nogil
    int64_t lowest_index "prefdd_ctz"(int64_t x) noexcept nogil
    int64_t highest_bit "prefdd_hibyte"(int64_t b) noexcept nogil
    int64_t pop8 "prefdd_pop8"(int64_t b) noexcept nogil  # set bits of a byte (0 <= b < 256): a table
    void tt_prefetch "prefdd_prefetch"(const int64_t *tt, int64_t idx) noexcept nogil
    # the lookup tables SQ (with SPREAD), REP, NTH: one pext / pdep each where BMI2 is compiled in
    int64_t sq_spread "prefdd_sq_spread"(const uint8_t *SQ, const int64_t *SPREAD, int64_t alive, int64_t mine) noexcept nogil
    int64_t rep_of "prefdd_rep_of"(const uint8_t *REP, int64_t alive, int64_t mine) noexcept nogil
    int64_t nth_of "prefdd_nth_of"(const int64_t *NTH, int64_t b, int64_t k) noexcept nogil
    uint64_t spread32 "prefdd_spread32"(int64_t x) noexcept nogil  # bit i to bit 2i (misere_ceiling): pdep, else shifts

include "layout.pxi"  # the constants of solver/engine/layout.py, written by it as an enum

cdef extern from *:
    """
    #define PREFDD_HW ((int64_t)1)
    #define PREFDD_KILL_BONUS ((int64_t)50)
    #ifndef PREFDD_AGE_SHIFT
    #define PREFDD_AGE_SHIFT 4
    #endif
    #define PREFDD_ONE ((int64_t)1)
    #define PREFDD_BYTE ((int64_t)0xFF)
    #define PREFDD_LOW32 ((int64_t)0xFFFFFFFF)
    #define PREFDD_VOID_LAST ((int64_t)1 << 50)
    #define PREFDD_NO_CEILING ((int64_t)15)
    #define PREFDD_SUITS_SAME ((int64_t)0xE4)
    #define PREFDD_GOLDEN ((uint64_t)0x9E3779B97F4A7C15ULL)
    #define PREFDD_MIX ((uint64_t)0xBF58476D1CE4E5B9ULL)
    #define PREFDD_U32 ((uint64_t)32)
    #define PREFDD_U3 ((uint64_t)3)
    """
    # compile-time constants (kernel.py gives the uncompiled source the same values): a module
    # variable is loaded again after every store through the work array (it may alias it)
    const int64_t HW "PREFDD_HW"
    const int64_t KILL_BONUS "PREFDD_KILL_BONUS"
    const int64_t AGE_SHIFT "PREFDD_AGE_SHIFT"
    const int64_t ONE "PREFDD_ONE"
    const int64_t BYTE "PREFDD_BYTE"
    const int64_t LOW32 "PREFDD_LOW32"
    const int64_t VOID_LAST "PREFDD_VOID_LAST"
    const int64_t NO_CEILING "PREFDD_NO_CEILING"
    const int64_t SUITS_SAME "PREFDD_SUITS_SAME"
    const uint64_t GOLDEN "PREFDD_GOLDEN"
    const uint64_t MIX "PREFDD_MIX"
    const uint64_t U32 "PREFDD_U32"
    const uint64_t U3 "PREFDD_U3"
cdef int64_t TALON_ONE

# bits
cdef inline int64_t popcount(int64_t x) noexcept nogil
cdef inline bint beats(int64_t c, int64_t best, int64_t trump) noexcept nogil
cdef inline int64_t suit_of(int64_t hand, int64_t s) noexcept nogil
cdef inline int64_t low_bits(int64_t n) noexcept nogil

# the transposition table
cdef inline int64_t entry_pack(int64_t lb, int64_t ub, int64_t mcode, int64_t extra, int64_t gen, int64_t depth) noexcept nogil
cdef inline int64_t entry_lb(int64_t dat) noexcept nogil
cdef inline int64_t entry_ub(int64_t dat) noexcept nogil
cdef inline int64_t entry_move(int64_t dat) noexcept nogil
cdef inline int64_t entry_extra(int64_t dat) noexcept nogil
cdef inline int64_t entry_gen(int64_t dat) noexcept nogil
cdef inline int64_t entry_depth(int64_t dat) noexcept nogil
@cython.locals(key=uint64_t, k=int64_t, alive=int64_t, h02=int64_t, h12=int64_t, hall=int64_t, s=int64_t)
cdef inline int64_t position_key(int64_t h0, int64_t h1, int64_t h2, int64_t absolute, const uint8_t *SQ, const int64_t *SPREAD) noexcept nogil
@cython.locals(v0=int64_t, v1=int64_t, v2=int64_t, v3=int64_t, a=int64_t, b=int64_t, c=int64_t, d=int64_t, lo=int64_t, x=int64_t, y=int64_t,
               hi=int64_t, m1=int64_t, m2=int64_t, ckey=int64_t)
cdef inline (int64_t, int64_t) suit_canon(int64_t key) noexcept nogil
cdef inline int64_t suit_place(int64_t code, int64_t s) noexcept nogil
@cython.locals(h=uint64_t)
cdef inline int64_t tt_index(int64_t key, int64_t extra, int64_t mask) noexcept nogil
@cython.locals(slot=int64_t, dat=int64_t)
cdef inline int64_t tt_find(int64_t *tt, int64_t idx, int64_t key, int64_t extra) noexcept nogil
cdef inline bint tt_live(int64_t dat, int64_t gen, int64_t reuse) noexcept nogil
@cython.locals(slot=int64_t, dat=int64_t, victim=int64_t, vdepth=int64_t, dd=int64_t)
cdef inline int64_t tt_victim(int64_t *tt, int64_t idx, int64_t gen, int64_t reuse) noexcept nogil
@cython.locals(lb=int64_t, ub=int64_t, old=int64_t, slot=int64_t, dat=int64_t)
cdef inline void tt_add(int64_t *tt, int64_t at, int64_t key, int64_t extra, int64_t gen, int64_t reuse, int64_t need, int64_t val, int64_t mcode,
                        int64_t depth) noexcept nogil
# the table's interface
cdef inline int64_t tt_bucket(int64_t *tt, int64_t key, int64_t extra, int64_t ttmask) noexcept nogil
@cython.locals(found=int64_t, dat=int64_t, mcode=int64_t)
cdef inline (int64_t, int64_t, int64_t) tt_lookup(int64_t *tt, int64_t idx, int64_t key, int64_t extra, int64_t gen, int64_t reuse, int64_t need,
                                         int64_t alive, int64_t absolute, const int64_t *NTH, int64_t pcode) noexcept nogil
cdef inline int64_t move_code(int64_t bm, int64_t alive_all, int64_t absolute) noexcept nogil
cdef inline int64_t move_decode(int64_t mcode, int64_t alive_all, int64_t absolute, const int64_t *NTH, int64_t pcode) noexcept nogil

# bounds
@cython.locals(q=int64_t, risky=int64_t, s=int64_t, win=int64_t, opp=int64_t, o12=int64_t, k=int64_t, limit=int64_t, c=int64_t, part=int64_t,
               low_win=int64_t, ptrumps=bint, partner_ruffs=bint, short=bint, ctl=bint, ot=int64_t, mt=int64_t, nt=int64_t, n1=int64_t, n2=int64_t, l1=int64_t, l2=int64_t)
cdef inline int64_t quick_tricks(int64_t mine_h, int64_t part_h, bint has_part, int64_t o1, int64_t o2, int64_t trump) noexcept nogil
@cython.locals(s=int64_t, ph=int64_t, lh=int64_t, top=int64_t, dh=int64_t)
cdef inline bint partner_entry(int64_t lead_h, int64_t part_h, int64_t decl_h, int64_t trump) noexcept nogil
@cython.locals(m=int64_t, above=int64_t)
cdef inline int64_t trumps_beaten(int64_t mine, int64_t theirs) noexcept nogil
@cython.locals(ds=int64_t)
cdef inline (int64_t, int64_t) trump_bounds(int64_t td, int64_t t1, int64_t t2, int64_t r) noexcept nogil
@cython.locals(lo_d=int64_t, lo_e=int64_t)
cdef inline bint suit_safe(int64_t d, int64_t e, bint shifted) noexcept nogil
cdef extern from "tables.h":  # written by solver/engine/tables.py at build time (setup.py)
    # the misère suits' table, a byte a suit holding, and spread8 of every byte: filled at build time
    const uint8_t MISERE_SUITS "prefdd_misere_suits"[65536]
    const uint16_t SPREAD8 "prefdd_spread8"[256]
@cython.locals(total=int64_t, exit_extra=int64_t, s=int64_t, f=int64_t, g=int64_t, sp=uint64_t)
cdef inline int64_t misere_ceiling(int64_t decl_h, int64_t d1, int64_t d2, bint decl_on_lead) noexcept nogil
@cython.locals(dh=int64_t, s=int64_t, mine=int64_t, theirs=int64_t, lead_h=int64_t, part_h=int64_t, lh=int64_t, low=int64_t, ph=int64_t,
               x=int64_t, rb=int64_t)
cdef inline int64_t misere_forced(int64_t decl_h, int64_t d1, int64_t d2, int64_t leader, int64_t decl) noexcept nogil
@cython.locals(t1=int64_t, t2=int64_t, td=int64_t, s=int64_t, mine=int64_t, a=int64_t, b=int64_t, ab=int64_t, lh=int64_t, ph=int64_t)
cdef inline bint defence_takes_next(int64_t hd, int64_t he1, int64_t he2, int64_t hl, int64_t hp, bint decl_on_lead, int64_t trump) noexcept nogil
@cython.locals(td=int64_t, tp=int64_t, tl=int64_t, s=int64_t, mine=int64_t, lh=int64_t, ph=int64_t, res=int64_t)
cdef inline int64_t declarer_takes_next(int64_t hd, int64_t hl, int64_t hp, int64_t trump) noexcept nogil
@cython.locals(tdd=int64_t, s=int64_t, mine=int64_t, theirs=int64_t, t1=int64_t, t2=int64_t)
cdef inline bint defence_takes_later(int64_t hd, int64_t he1, int64_t he2, int64_t trump) noexcept nogil
@cython.locals(top=int64_t, win=int64_t, s=int64_t, mine=int64_t, ab=int64_t)
cdef inline int64_t declarer_takes_later(int64_t hd, int64_t he1, int64_t he2, int64_t r) noexcept nogil
@cython.locals(x=int64_t, rb=int64_t, s=int64_t, mine=int64_t, lo=int64_t, a=int64_t)
cdef inline (int64_t, int64_t) misere_exits(int64_t decl_h, int64_t d1, int64_t d2) noexcept nogil
@cython.locals(s=int64_t, mine=int64_t, lo=int64_t, lh=int64_t, ph=int64_t, forcing=int64_t, x1=int64_t, x2=int64_t, r1=int64_t,
               r2=int64_t, ok1=int64_t, ok2=int64_t, x=int64_t, rb=int64_t)
cdef inline bint misere_escapes(int64_t decl_h, int64_t d1, int64_t d2, int64_t lead_h, int64_t part_h, bint decl_on_lead) noexcept nogil
@cython.locals(lbd=int64_t, ubd=int64_t)
cdef inline int64_t trick_verdict(int64_t hd, int64_t he1, int64_t he2, int64_t hl, int64_t hp, int64_t ld, int64_t decl,
                                             int64_t trump, int64_t need, int64_t r) noexcept nogil
@cython.locals(fo=int64_t)
cdef inline int64_t misere_verdict(int64_t hd, int64_t he1, int64_t he2, int64_t hl, int64_t hp, int64_t ld, int64_t decl,
                                   int64_t need, int64_t r) noexcept nogil

# moves
@cython.locals(follow=int64_t, r=int64_t)
cdef inline int64_t legal_of(int64_t hand, int64_t nt, int64_t lead_card, int64_t trump) noexcept nogil
@cython.locals(n=int64_t, mv=int64_t, s=int64_t, s0=int64_t, sh=int64_t, lb8=int64_t, sp=int64_t, reps=int64_t, b=int64_t)
cdef inline int64_t generate_moves(int64_t *W, int64_t d, int64_t legal, int64_t alive_all, int64_t special, const uint8_t *REP) noexcept nogil
@cython.locals(s=int64_t, r=int64_t, val=int64_t, me_decl=bint, part=int64_t, opp=int64_t, sc=int64_t, ruff=bint, o=int64_t, ho=int64_t)
cdef inline int64_t score_lead(int64_t *W, int64_t hb, int64_t c, int64_t mover, int64_t decl, int64_t trump, int64_t hdecl,
                               int64_t allh) noexcept nogil
@cython.locals(s=int64_t, r=int64_t, opp=int64_t, dcards=int64_t)
cdef inline int64_t score_misere_lead(int64_t c, int64_t mover, int64_t decl, int64_t hdecl, int64_t allh, int64_t split_low) noexcept nogil
@cython.locals(val=int64_t)
cdef inline int64_t score_follow(int64_t c, int64_t trump, int64_t wins, int64_t beaten, int64_t sw, int64_t sb, int64_t sn) noexcept nogil
@cython.locals(r=int64_t, s=int64_t, val=int64_t)
cdef inline int64_t score_misere_follow(int64_t c, int64_t wins, int64_t bs, int64_t case, int64_t trump, int64_t hdecl,
                                        int64_t allh) noexcept nogil
@cython.locals(i=int64_t, j=int64_t, c=int64_t, sc=int64_t)
cdef inline void sort_moves(int64_t *W, int64_t mv, int64_t n) noexcept nogil
@cython.locals(trump=int64_t, misere=int64_t, decl=int64_t, hb=int64_t, tcb=int64_t, mv=int64_t, hdecl=int64_t, allh=int64_t, best=int64_t,
               bseat=int64_t, i=int64_t, c=int64_t, sc=int64_t, hist=int64_t, me_decl=bint, last=int64_t, lf=int64_t, hl=int64_t,
               bs=int64_t, wins=int64_t, beaten=int64_t, sw=int64_t, sb=int64_t, sn=int64_t, partner_winning=bint, lead_holds=bint,
               case=int64_t, killer=int64_t)
cdef inline void order_moves(int64_t *W, int64_t d, int64_t n, int64_t mover, int64_t nt, int64_t leader, int64_t ts, const int64_t *cfg) noexcept nogil
@cython.locals(s=int64_t, mv=int64_t, j=int64_t, k=int64_t, c=int64_t, lo=int64_t, hi=int64_t, span=int64_t, between=int64_t, ownbits=int64_t)
cdef inline void table_move_first(int64_t *W, int64_t d, int64_t n, int64_t bm, int64_t alive_all, int64_t hand) noexcept nogil

# constraints
@cython.locals(trump=int64_t, planned=int64_t, sm=int64_t, forced=int64_t, pm=int64_t, c=int64_t, f=int64_t, side_def=int64_t, nxt=int64_t)
cdef inline (int64_t, int64_t) constrain_moves(int64_t legal, int64_t cs, int64_t mover, int64_t nt, int64_t lead_card, const int64_t *cfg,
                                       const int64_t *pen_mask, const int64_t *pen_flags, const int64_t *plan_cards) noexcept nogil
@cython.locals(ix=int64_t)
cdef inline int64_t constraint_state_after(int64_t cs, int64_t nt, int64_t mover, int64_t planned, const int64_t *cfg) noexcept nogil

# raspasovka: the talon-led tricks
@cython.locals(n=int64_t)
cdef inline int64_t talon_suit(int64_t cs, const int64_t *cfg) noexcept nogil
@cython.locals(best=int64_t, bseat=int64_t)
cdef inline int64_t talon_winner(int64_t c0, int64_t c1, int64_t c2, int64_t leader, int64_t ts, int64_t void_rule) noexcept nogil
cdef inline int64_t talon_next_leader(int64_t cs_after, int64_t winner, const int64_t *cfg) noexcept nogil
@cython.locals(e=int64_t, tce=int64_t, bseat=int64_t)
cdef int64_t end_talon_trick(int64_t *W, int64_t d, int64_t ld, int64_t cs, const int64_t *cfg) noexcept nogil

# the null-window driver
@cython.locals(best=int64_t, bseat=int64_t)
cdef inline int64_t trick_winner(int64_t c0, int64_t c1, int64_t c2, int64_t leader, int64_t trump) noexcept nogil
@cython.locals(maxmask=int64_t, s1=int64_t, s2=int64_t, hl=int64_t, h1=int64_t, h2=int64_t, m0=int64_t, m1=int64_t, m2=int64_t, b0=int64_t,
               b1=int64_t, b2=int64_t, la=int64_t, l1=int64_t, l2=int64_t, a=int64_t, b=int64_t, c=int64_t, ra=int64_t, rb=int64_t,
               rc=int64_t, w=int64_t, w2=int64_t, v=int64_t)
cdef int64_t two_tricks(int64_t *W, int64_t hb, int64_t ld, int64_t trump, const int64_t *cfg, int64_t need) noexcept nogil
@cython.locals(trump=int64_t, decl=int64_t, misere=int64_t, cons=int64_t, use_bounds=int64_t, absolute=int64_t, maxrew=int64_t,
               maxmask=int64_t, ts=int64_t, talon=bint, lead_card=int64_t, fnt=int64_t, reuse=int64_t, special=int64_t, ctx=int64_t, ttmask=int64_t, budget=int64_t, e1=int64_t, e2=int64_t,
               i=int64_t, d=int64_t, status=int64_t, val=int64_t, hb=int64_t, tcb=int64_t, nt=int64_t, ld=int64_t, mover=int64_t, need=int64_t,
               h0=int64_t, h1=int64_t, h2=int64_t, total=int64_t, r=int64_t, c0=int64_t, c1=int64_t, c2=int64_t, partner=int64_t, verdict=int64_t,
               key=int64_t, extra=int64_t, found=int64_t, dat=int64_t, mcode=int64_t, hand=int64_t, legal=int64_t, planned=int64_t,
               alive_all=int64_t, n=int64_t, bm=int64_t, mi=int64_t, c=int64_t, e=int64_t, cs=int64_t, bseat=int64_t, depth=int64_t,
               ismax=int64_t, hix=int64_t, nodes=int64_t, root_cards=int64_t, idx=int64_t, hit=int64_t, pcode=int64_t, canon=bint,
               forcing=bint, fb=int64_t, m=int64_t, s=int64_t, reps=int64_t, at=int64_t)
cdef int64_t search_with(const int64_t *root_h, int64_t root_leader, int64_t root_nt, const int64_t *root_tc, int64_t root_cs, int64_t target,
                     const int64_t *cfg, const int64_t *pen_mask, const int64_t *pen_flags, const int64_t *plan_cards, int64_t *tt, int64_t ttlen, int64_t gen, int64_t *stats,
                     const uint8_t *SQ, const uint8_t *REP, const int64_t *SPREAD, const int64_t *NTH, int64_t *W) noexcept nogil
@cython.locals(i=int64_t)
cdef void clear_history(int64_t *W) noexcept nogil  # not inline: the entry points call it too
@cython.locals(hd=int64_t, alive=int64_t, q=int64_t, longest=int64_t, s=int64_t, mine=int64_t, live=int64_t, n=int64_t, k=int64_t,
               top=int64_t, t1=int64_t, t2=int64_t)
cdef inline int64_t first_guess(const int64_t *root_h, int64_t trump, int64_t decl) noexcept nogil
@cython.locals(hd=int64_t, ha=int64_t, hb=int64_t, q=int64_t, s=int64_t, mine=int64_t, a=int64_t, b=int64_t, live=int64_t,
               low=int64_t, m=int64_t, x=int64_t, y=int64_t)
cdef inline int64_t first_guess_misere(const int64_t *root_h, int64_t decl, int64_t n) noexcept nogil
cdef int64_t mtd_with(const int64_t *root_h, int64_t root_leader, int64_t root_nt, const int64_t *root_tc, int64_t root_cs, int64_t lo, int64_t hi,
                  int64_t guess, const int64_t *cfg, const int64_t *pen_mask, const int64_t *pen_flags, const int64_t *plan_cards, int64_t *tt, int64_t ttlen, int64_t gen,
                  int64_t *stats, const uint8_t *SQ, const uint8_t *REP, const int64_t *SPREAD, const int64_t *NTH, int64_t *W) noexcept nogil
# many layouts of one position
@cython.locals(i=int64_t, w=int64_t)
cdef inline (int64_t, int64_t, int64_t) child_root(const int64_t *RH, int64_t root_leader, int64_t root_nt, const int64_t *root_tc, int64_t c,
                                                   int64_t mover, int64_t trump, const int64_t *cfg, int64_t *CH, int64_t *CTC) noexcept nogil
@cython.locals(hand=int64_t, legal=int64_t, alive_all=int64_t, i=int64_t, s=int64_t, reps=int64_t)
cdef inline int64_t run_rep(const int64_t *RH, int64_t root_nt, const int64_t *root_tc, int64_t c, int64_t mover, int64_t trump,
                            const uint8_t *REP) noexcept nogil
@cython.locals(trump=int64_t, maxrew=int64_t, mover=int64_t, ismax=int64_t, total=int64_t, g=int64_t, gb=int64_t, i=int64_t, hi=int64_t,
               ra=int64_t, rb=int64_t, cl=int64_t, cn=int64_t, bank=int64_t, chi=int64_t, vb=int64_t, r=int64_t, v=int64_t, j=int64_t,
               c=int64_t, k=int64_t, top=int64_t, bot=int64_t, w=int64_t, prev_guess=int64_t, keep_hist=int64_t)
cdef int64_t layouts_with(const int64_t *lay, int64_t nlay, int64_t *out, int64_t mode, const int64_t *cards, int64_t ncards,
                          int64_t root_leader, int64_t root_nt, const int64_t *root_tc, int64_t flags, int64_t *RH, int64_t *CH,
                          int64_t *CTC, int64_t *X, const int64_t *cfg, const int64_t *pen_mask, const int64_t *pen_flags,
                          const int64_t *plan_cards, int64_t *tt, int64_t ttlen, int64_t gen, int64_t *stats, const uint8_t *SQ,
                          const uint8_t *REP, const int64_t *SPREAD, const int64_t *NTH, int64_t *W) noexcept nogil
@cython.locals(g=int64_t, t=int64_t, r=int64_t)
cdef int64_t mtd_loop(const int64_t *root_h, int64_t root_leader, int64_t root_nt, const int64_t *root_tc, int64_t root_cs, int64_t lo, int64_t hi,
                  int64_t guess, const int64_t *cfg, const int64_t *pen_mask, const int64_t *pen_flags, const int64_t *plan_cards, int64_t *tt, int64_t ttlen, int64_t gen,
                  int64_t *stats, const uint8_t *SQ, const uint8_t *REP, const int64_t *SPREAD, const int64_t *NTH, int64_t *W) noexcept nogil
