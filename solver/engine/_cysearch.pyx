# cython: boundscheck=False, wraparound=False, cdivision=True, language_level=3, initializedcheck=False
"""The compiled search in Cython: the same algorithm as :mod:`solver.engine.core`, line for line.

Why a second implementation: it is compiled when the package is installed, so a fresh
process answers without JIT warm-up; it releases the GIL, so threads search in parallel
(one table per thread); and, being written independently of Numba, it checks the Numba
engine (both must return the same values *and* the same node counts).

Faithfulness rules: every table entry keeps core.py's exact 64-bit layout and hashing
(the sign bit included), so either backend can fill a table the other reads. Bit work
that may reach bit 63 (keys, packed entries, hashes, masks) is done in ``uint64_t`` and
stored as ``int64_t``, which is what Numba's wrapping int64 arithmetic produces.

``search`` and ``mtd`` take exactly core.search's / core.mtd's positional arguments
(numpy int64 arrays and integers) and return the same values; the statistics vector is
updated in the same way. The search itself runs with the GIL released.
"""
from libc.stdint cimport int64_t, uint64_t
from libc.string cimport memset, memcpy

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    static inline long long prefdd_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    static inline long long prefdd_hibyte(unsigned long long b) { return 31 - __builtin_clz((unsigned)(b & 0xFF)); }
    #else
    static inline long long prefdd_ctz(unsigned long long x) { long long i = 0; while (!((x >> i) & 1)) i++; return i; }
    static inline long long prefdd_hibyte(unsigned long long b) { long long i = 7; while (!((b >> i) & 1)) i--; return i; }
    #endif
    """
    long long prefdd_ctz(unsigned long long x) nogil
    long long prefdd_hibyte(unsigned long long b) nogil

cdef enum:
    MAXPLY = 34
    HW = 1
    NMVMAX = 12
    # configuration vector (layout.C_*)
    C_TRUMP = 0
    C_MISERE = 1
    C_DECL = 2
    C_LEXI = 3
    C_X = 4
    C_ABS = 5
    C_BOUNDS = 6
    C_CONS = 7
    C_LEAD_SEAT = 8
    C_LEAD_SUIT = 9
    C_LEAD_MUST = 10
    C_LEAD_ORTRUMP = 11
    C_PLAN_LEN = 12
    C_PLAN_SIDE = 13
    C_REW = 14
    C_MAXREW = 17
    C_CTX = 18
    C_REUSE = 19
    C_SPECIAL = 20
    C_MAXSIDE_DECL = 21
    CFG_SIZE = 24
    # statistics vector (layout.S_*)
    S_NODES = 0
    S_BUDGET = 1
    S_ABORT = 2
    S_BEST = 3
    S_TTHITS = 4
    S_STORES = 5
    S_CUT = 8
    STATS_SIZE = 32
    # penalty-card occasions
    P_LEAD = 1
    P_SUIT = 2
    P_RUFF = 4
    P_ANY = 8

# the layout compiled in, for the check against solver/engine/layout.py (tests)
LAYOUT = dict(
    HW=HW, MAXPLY=MAXPLY, CFG_SIZE=CFG_SIZE, STATS_SIZE=STATS_SIZE, S_CUT=S_CUT,
    C_TRUMP=C_TRUMP, C_MISERE=C_MISERE, C_DECL=C_DECL, C_LEXI=C_LEXI, C_X=C_X, C_ABS=C_ABS,
    C_BOUNDS=C_BOUNDS, C_CONS=C_CONS, C_LEAD_SEAT=C_LEAD_SEAT, C_LEAD_SUIT=C_LEAD_SUIT,
    C_LEAD_MUST=C_LEAD_MUST, C_LEAD_ORTRUMP=C_LEAD_ORTRUMP, C_PLAN_LEN=C_PLAN_LEN,
    C_PLAN_SIDE=C_PLAN_SIDE, C_REW=C_REW, C_MAXREW=C_MAXREW, C_CTX=C_CTX, C_REUSE=C_REUSE,
    C_SPECIAL=C_SPECIAL, C_MAXSIDE_DECL=C_MAXSIDE_DECL,
    S_NODES=S_NODES, S_BUDGET=S_BUDGET, S_ABORT=S_ABORT, S_BEST=S_BEST, S_TTHITS=S_TTHITS,
    S_STORES=S_STORES, P_LEAD=P_LEAD, P_SUIT=P_SUIT, P_RUFF=P_RUFF, P_ANY=P_ANY,
)

cdef uint64_t GOLDEN = 0x9E3779B97F4A7C15ULL
cdef uint64_t MIX = 0xBF58476D1CE4E5B9ULL
cdef int64_t ONE = 1
cdef int64_t BYTE = 0xFF


cdef struct Problem:
    # the root position and everything the search reads (copied from the caller's arrays)
    int64_t h[3]
    int64_t leader
    int64_t nt
    int64_t tc[3]
    int64_t cs
    int64_t cfg[CFG_SIZE]
    int64_t pen_mask[3]
    int64_t pen_flags[32]
    int64_t plan[32]
    int64_t *tt
    int64_t ttlen
    int64_t gen
    int64_t stats[STATS_SIZE]
    const int64_t *SQ
    const int64_t *REP
    const int64_t *SPREAD
    const int64_t *NTH
    int64_t hist[64]  # history of the leads: kept across the searches of one mtd call


# ---------------------------------------------------------------- bit helpers

cdef inline int64_t popcount(int64_t v) noexcept nogil:
    # core.popcount: the 32-bit SWAR count (hands have 32 cards)
    cdef uint64_t x = <uint64_t>v
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return <int64_t>(((x * 0x01010101) & 0xFFFFFFFFULL) >> 24)


cdef inline int64_t highest_bit(int64_t b) noexcept nogil:
    """Index of the highest set bit of a byte (b > 0)."""
    return prefdd_hibyte(<uint64_t>b)


cdef inline int64_t lowest_index(int64_t x) noexcept nogil:
    return prefdd_ctz(<uint64_t>x)


cdef inline bint beats(int64_t c, int64_t best, int64_t trump) noexcept nogil:
    if (c >> 3) == (best >> 3):
        return c > best
    return (c >> 3) == trump


cdef inline int64_t legal_of(int64_t hand, int64_t nt, int64_t lead_card, int64_t trump) noexcept nogil:
    cdef int64_t follow, r
    if nt == 0:
        return hand
    follow = hand & (BYTE << ((lead_card >> 3) * 8))
    if follow:
        return follow
    if trump >= 0:
        r = hand & (BYTE << (trump * 8))
        if r:
            return r
    return hand


cdef inline int64_t position_key(int64_t h0, int64_t h1, int64_t h2, int64_t absolute,
                                 const int64_t *SQ, const int64_t *SPREAD) noexcept nogil:
    """Owners of the live cards, 2 bits each, ranks squeezed (or absolute)."""
    cdef uint64_t key = 0, k
    cdef int64_t s, sh, a0, a1, a2, alive, base
    for s in range(4):
        sh = s * 8
        a0 = (h0 >> sh) & 0xFF
        a1 = (h1 >> sh) & 0xFF
        a2 = (h2 >> sh) & 0xFF
        if absolute:
            alive = 0xFF
        else:
            alive = a0 | a1 | a2
        base = alive * 256
        k = <uint64_t>(SPREAD[SQ[base + a0]] + 2 * SPREAD[SQ[base + a1]] + 3 * SPREAD[SQ[base + a2]])
        key |= k << (16 * s)
    return <int64_t>key


cdef inline int64_t tt_index(int64_t key, int64_t extra, int64_t mask) noexcept nogil:
    # core.tt_index in wrapping 64-bit arithmetic; the mask (< 2^33) only keeps bits where
    # an arithmetic and a logical shift agree
    cdef uint64_t h = (<uint64_t>key ^ (<uint64_t>extra * GOLDEN)) * MIX
    h = h ^ (h >> 31)
    return <int64_t>(h & <uint64_t>mask & ~(<uint64_t>3))


cdef int64_t quick_tricks(int64_t mine_h, int64_t part_h, bint has_part, int64_t o1, int64_t o2,
                          int64_t trump) noexcept nogil:
    """Tricks the leader can cash at once with top cards (a sound lower bound for his side)."""
    cdef int64_t q = 0, risky = 0, s, sh, mine, opp, k, limit, tm, c, part, m, low_win, i
    cdef bint partner_ruffs, short
    for s in range(4):
        sh = s * 8
        mine = (mine_h >> sh) & 0xFF
        if mine == 0:
            continue
        opp = ((o1 | o2) >> sh) & 0xFF
        if opp == 0:
            k = popcount(mine)
        else:
            k = popcount(mine >> (highest_bit(opp) + 1))
        if k == 0:
            continue
        limit = k
        if trump >= 0 and s != trump:
            tm = BYTE << (trump * 8)
            if o1 & tm:
                c = popcount((o1 >> sh) & 0xFF)
                if c < limit:
                    limit = c
            if o2 & tm:
                c = popcount((o2 >> sh) & 0xFF)
                if c < limit:
                    limit = c
        if limit == 0:
            continue
        if has_part:
            part = (part_h >> sh) & 0xFF
            # lowest of my cashing winners
            m = mine
            for i in range(k - 1):
                m &= ~(ONE << highest_bit(m))
            low_win = highest_bit(m)
            partner_ruffs = trump >= 0 and s != trump and part == 0 and (part_h & (BYTE << (trump * 8))) != 0
            short = trump >= 0 and s != trump and (part_h & (BYTE << (trump * 8))) != 0 and popcount(part) < limit
            if partner_ruffs or short or (part != 0 and highest_bit(part) > low_win):
                risky = 1
                continue
        q += limit
    return q + risky


cdef inline bint suit_safe(int64_t d, int64_t e, bint shifted) noexcept nogil:
    """Can the misère declarer (``d``) always play under the defenders' cards ``e`` of a suit?
    (core.suit_safe: d_i < e_i for the i-th lowest cards, shifted by one after his lead.)"""
    cdef int64_t lo_d, lo_e
    if d == 0 or e == 0:
        return True
    if shifted:
        d &= d - 1
    while d and e:
        lo_d = d & -d
        lo_e = e & -e
        if lo_d > lo_e:
            return False
        d ^= lo_d
        e ^= lo_e
    return True


cdef bint misere_clean(int64_t decl_h, int64_t d1, int64_t d2, bint decl_on_lead) noexcept nogil:
    """True if the misère declarer can be held to no trick from this trick start."""
    cdef int64_t dh = d1 | d2, exit_suit = -1, s, sh, mine, theirs, lo
    for s in range(4):
        sh = s * 8
        mine = (decl_h >> sh) & 0xFF
        theirs = (dh >> sh) & 0xFF
        if not suit_safe(mine, theirs, False):
            return False
        if decl_on_lead and exit_suit < 0 and mine and theirs:
            lo = mine & -mine
            if lo < (theirs & -theirs) and suit_safe(mine, theirs, True):
                exit_suit = s
    if decl_on_lead and exit_suit < 0:
        return False
    return True


cdef int64_t misere_forced(int64_t decl_h, int64_t d1, int64_t d2, int64_t leader, int64_t decl) noexcept nogil:
    """A lower bound on the misère declarer's tricks from this trick start (core.misere_forced)."""
    cdef int64_t dh = d1 | d2, n, s, sh, mine, theirs, lead_h, part_h, lh, low, ph
    n = popcount(decl_h)
    if leader == decl:
        for s in range(4):
            sh = s * 8
            mine = (decl_h >> sh) & 0xFF
            if mine == 0:
                continue
            theirs = (dh >> sh) & 0xFF
            if theirs and highest_bit(theirs) > lowest_index(mine):
                return 0
        return n
    lead_h = d1 if ((decl + 1) % 3) == leader else d2
    part_h = d2 if ((decl + 1) % 3) == leader else d1
    for s in range(4):
        sh = s * 8
        mine = (decl_h >> sh) & 0xFF
        lh = (lead_h >> sh) & 0xFF
        if mine == 0 or lh == 0:
            continue
        low = lowest_index(mine)
        # the leader leads under all the declarer's cards; the partner can stay under too
        if lowest_index(lh) < low:
            ph = (part_h >> sh) & 0xFF
            if ph == 0 or lowest_index(ph) < low:
                return 1
    return 0


cdef void order_moves(int64_t *mv, int64_t n, int64_t *score, int64_t mover, const int64_t *hands,
                      int64_t nt, const int64_t *tc, int64_t leader, const int64_t *cfg,
                      const int64_t *hist) noexcept nogil:
    """Sort mv[0:n] by a heuristic score, best first (insertion sort, n <= 10)."""
    cdef int64_t trump = cfg[C_TRUMP], misere = cfg[C_MISERE], decl = cfg[C_DECL]
    cdef int64_t allh = hands[0] | hands[1] | hands[2]
    cdef int64_t best, bseat, i, j, o, c, s, r, sh, val, sc, opp, part, above, dcards, ecards
    cdef bint me_decl, ruff, wins, partner_winning
    if nt > 0:
        best = tc[0]
        bseat = leader
        for i in range(1, nt):
            if beats(tc[i], best, trump):
                best = tc[i]
                bseat = (leader + i) % 3
    else:
        best = -1
        bseat = -1
    me_decl = mover == decl
    for i in range(n):
        c = mv[i]
        s = c >> 3
        r = c & 7
        sh = s * 8
        val = r + (8 if s == trump else 0)
        sc = 0
        if nt == 0:
            opp = 0
            part = 0
            if me_decl:
                opp = ((allh & ~hands[decl]) >> sh) & 0xFF
            else:
                opp = (hands[decl] >> sh) & 0xFF
                part = (hands[3 - decl - mover] >> sh) & 0xFF
            if misere:
                if me_decl:
                    # a safe exit: some defender must beat it, and the suit stays safe
                    above = opp >> (r + 1)
                    if above != 0:
                        sc = 60 - r
                        if (opp & ((ONE << r) - 1)) == 0:
                            sc = 150 - r
                            if suit_safe((hands[decl] >> sh) & 0xFF, opp, True):
                                sc = 200 - r
                    else:
                        sc = -r
                else:
                    dcards = opp  # declarer's cards in the suit
                    if dcards != 0:
                        ecards = ((allh & ~hands[decl]) >> sh) & 0xFF
                        if not suit_safe(dcards, ecards, False):
                            sc = 150 - r
                            if lowest_index(dcards) > r:
                                sc = 200 - r
                        elif lowest_index(dcards) > r:
                            sc = 100 - r
                        else:
                            sc = 50 - r
                    else:
                        sc = 10 - r
            else:
                if opp == 0 or r > highest_bit(opp):
                    sc = 80 + val  # a winner
                    if trump >= 0 and s != trump:
                        # opponents void and holding trumps: it will be ruffed
                        ruff = False
                        if me_decl:
                            for o in range(3):
                                if o != decl and ((hands[o] >> sh) & 0xFF) == 0 and (hands[o] >> (trump * 8)) & 0xFF:
                                    ruff = True
                        else:
                            if ((hands[decl] >> sh) & 0xFF) == 0 and (hands[decl] >> (trump * 8)) & 0xFF:
                                ruff = True
                        if ruff:
                            sc = 10 + val
                else:
                    sc = 40 - val
                    if part != 0 and highest_bit(part) > highest_bit(opp):
                        sc = 70 - val  # towards partner's winner
                    if s == trump and not me_decl:
                        sc -= 20
        else:
            wins = beats(c, best, trump)
            partner_winning = (bseat == decl) == me_decl
            if misere:
                if me_decl:
                    if not wins:
                        sc = 100 + r
                    else:
                        sc = r
                else:
                    if bseat == decl:
                        sc = (100 + val) if not wins else -val
                    elif nt == 1 and (leader + 2) % 3 == decl:
                        # the declarer plays last: keep the card to beat low
                        sc = (100 + val) if not wins else -val
                    else:
                        sc = 50 + val
            else:
                if partner_winning:
                    sc = 50 - val
                    if wins:
                        sc -= 30
                elif wins:
                    sc = 100 - val
                else:
                    sc = 50 - val
        if nt == 0:
            sc = sc * HW + hist[(1 if me_decl else 0) * 32 + c]
        score[i] = sc
    for i in range(1, n):
        c = mv[i]
        sc = score[i]
        j = i - 1
        while j >= 0 and score[j] < sc:
            mv[j + 1] = mv[j]
            score[j + 1] = score[j]
            j -= 1
        mv[j + 1] = c
        score[j + 1] = sc


# ---------------------------------------------------------------- the search

cdef int64_t _search(Problem *P, int64_t target) noexcept nogil:
    """Does the max side reach ``target``? 1 yes, 0 no, -1 node budget exhausted (core.search)."""
    cdef int64_t H[MAXPLY][3]
    cdef int64_t L[MAXPLY]
    cdef int64_t NT[MAXPLY]
    cdef int64_t TC[MAXPLY][3]
    cdef int64_t SC[MAXPLY]
    cdef int64_t CS[MAXPLY]
    cdef int64_t MV[MAXPLY][NMVMAX]
    cdef int64_t SCORE[NMVMAX]
    cdef int64_t NMV[MAXPLY]
    cdef int64_t MI[MAXPLY]
    cdef int64_t ISMAX[MAXPLY]
    cdef int64_t BEST[MAXPLY]
    cdef int64_t KEY[MAXPLY]
    cdef int64_t EXTRA[MAXPLY]
    cdef int64_t NEED[MAXPLY]
    cdef int64_t PLANNED[MAXPLY]
    cdef int64_t hands[3]
    cdef int64_t rr
    cdef int64_t *hist = P.hist

    cdef int64_t *cfg = P.cfg
    cdef int64_t *stats = P.stats
    cdef int64_t *tt = P.tt
    cdef const int64_t *SQ = P.SQ
    cdef const int64_t *REP = P.REP
    cdef const int64_t *SPREAD = P.SPREAD
    cdef const int64_t *NTH = P.NTH
    cdef int64_t gen = P.gen

    cdef int64_t trump = cfg[C_TRUMP]
    cdef int64_t decl = cfg[C_DECL]
    cdef int64_t misere = cfg[C_MISERE]
    cdef int64_t cons = cfg[C_CONS]
    cdef int64_t use_bounds = cfg[C_BOUNDS]
    cdef int64_t absolute = cfg[C_ABS]
    cdef int64_t maxrew = cfg[C_MAXREW]
    cdef int64_t maxside_decl = cfg[C_MAXSIDE_DECL]
    cdef int64_t reuse = cfg[C_REUSE]
    cdef int64_t special = cfg[C_SPECIAL]
    cdef int64_t ctx = cfg[C_CTX]
    cdef int64_t ttmask = (P.ttlen >> 1) - 1
    cdef int64_t budget = stats[S_BUDGET]

    cdef int64_t d, status, val, i, nt, ld, mover, need, h0, h1, h2, total, r, best, bseat, seat, c
    cdef int64_t lbd, ubd, td, e1, e2, t1, t2, hb, ds, q, key, extra, idx, found, slot, dat, lb, ub
    cdef int64_t mcode, s, k, alive, hand, legal, planned, sm, forced, pm, f, side_def, nxt
    cdef int64_t alive_all, n, sh, lb8, sp, alive8, reps, b, bm, j, lo, hi, e, cs, p, ix
    cdef int64_t depth, victim, vdepth, sl, dd
    cdef uint64_t span, between, ownbits, word

    memset(H, 0, sizeof(H))
    memset(L, 0, sizeof(L))
    memset(NT, 0, sizeof(NT))
    memset(TC, 0, sizeof(TC))
    memset(SC, 0, sizeof(SC))
    memset(CS, 0, sizeof(CS))
    memset(MV, 0, sizeof(MV))
    memset(SCORE, 0, sizeof(SCORE))
    memset(NMV, 0, sizeof(NMV))
    memset(MI, 0, sizeof(MI))
    memset(ISMAX, 0, sizeof(ISMAX))
    memset(KEY, 0, sizeof(KEY))
    memset(NEED, 0, sizeof(NEED))
    memset(PLANNED, 0, sizeof(PLANNED))
    memset(hands, 0, sizeof(hands))
    for i in range(MAXPLY):
        BEST[i] = -1
        EXTRA[i] = -1

    for i in range(3):
        H[0][i] = P.h[i]
        TC[0][i] = P.tc[i]
    L[0] = P.leader
    NT[0] = P.nt
    CS[0] = P.cs
    SC[0] = 0
    d = 0
    status = 0  # 0 new node, 1 iterate, 2 resolved
    val = 0
    stats[S_BEST] = -1

    while True:
        if status == 0:
            stats[S_NODES] += 1
            if stats[S_NODES] > budget:
                stats[S_ABORT] = 1
                return -1
            nt = NT[d]
            ld = L[d]
            mover = (ld + nt) % 3
            EXTRA[d] = -1
            BEST[d] = -1
            need = target - SC[d]
            NEED[d] = need
            h0 = H[d][0]
            h1 = H[d][1]
            h2 = H[d][2]
            total = popcount(h0) + popcount(h1) + popcount(h2)
            r = (total + nt) // 3
            if need <= 0:
                val = 1
                status = 2
                continue
            if need > maxrew * r:
                val = 0
                status = 2
                continue
            if total + nt == 3:
                # the last trick: every remaining card is forced
                best = TC[d][0] if nt > 0 else -1
                bseat = ld
                for i in range(3):
                    seat = (ld + i) % 3
                    if i < nt:
                        c = TC[d][i]
                    else:
                        c = lowest_index(H[d][seat])
                    if i == 0:
                        best = c
                        bseat = seat
                    elif beats(c, best, trump):
                        best = c
                        bseat = seat
                val = 1 if cfg[C_REW + bseat] >= need else 0
                status = 2
                continue
            if nt == 0:
                if use_bounds:
                    if trump >= 0 or not misere:
                        lbd = 0
                        ubd = r
                        if trump >= 0:
                            td = (H[d][decl] >> (trump * 8)) & 0xFF
                            e1 = (decl + 1) % 3
                            e2 = (decl + 2) % 3
                            t1 = (H[d][e1] >> (trump * 8)) & 0xFF
                            t2 = (H[d][e2] >> (trump * 8)) & 0xFF
                            if t1 | t2:
                                lbd = popcount(td >> (highest_bit(t1 | t2) + 1))
                            else:
                                lbd = popcount(td)
                            if td:
                                hb = highest_bit(td) + 1
                                ds = max(popcount(t1 >> hb), popcount(t2 >> hb))
                            else:
                                ds = max(popcount(t1), popcount(t2))
                            ubd = r - ds
                        if ld == decl:
                            q = quick_tricks(H[d][decl], 0, False, H[d][(decl + 1) % 3], H[d][(decl + 2) % 3], trump)
                            if q > lbd:
                                lbd = q
                        else:
                            q = quick_tricks(H[d][ld], H[d][3 - decl - ld], True, H[d][decl], 0, trump)
                            if r - q < ubd:
                                ubd = r - q
                        if lbd >= need:
                            val = 1
                            status = 2
                            continue
                        if ubd < need:
                            val = 0
                            status = 2
                            continue
                    else:
                        # misère: declarer's score is what he is forced to take
                        e1 = (decl + 1) % 3
                        e2 = (decl + 2) % 3
                        if misere_clean(H[d][decl], H[d][e1], H[d][e2], ld == decl):
                            val = 0
                            status = 2
                            continue
                        if misere_forced(H[d][decl], H[d][e1], H[d][e2], ld, decl) >= need:
                            val = 1
                            status = 2
                            continue
                key = position_key(h0, h1, h2, absolute, SQ, SPREAD)
                extra = ld | (ctx << 2) | (CS[d] << 12)
                KEY[d] = key
                EXTRA[d] = extra
                idx = tt_index(key, extra, ttmask)
                found = -1
                for slot in range(idx, idx + 4):
                    dat = tt[2 * slot + 1]
                    if dat != 0 and tt[2 * slot] == key and ((dat >> 22) & 0xFFFFFF) == extra:
                        if reuse or ((dat >> 46) & 0x3FFF) == gen:
                            found = slot
                        break
                if found >= 0:
                    dat = tt[2 * found + 1]
                    lb = dat & 0xFF
                    ub = (dat >> 8) & 0xFF
                    if lb >= need:
                        stats[S_TTHITS] += 1
                        val = 1
                        status = 2
                        EXTRA[d] = -1
                        continue
                    if ub < need:
                        stats[S_TTHITS] += 1
                        val = 0
                        status = 2
                        EXTRA[d] = -1
                        continue
                    mcode = (dat >> 16) & 0x3F
                    if mcode:
                        s = (mcode - 1) >> 3
                        k = (mcode - 1) & 7
                        alive = ((h0 | h1 | h2) >> (s * 8)) & 0xFF
                        if absolute:
                            BEST[d] = s * 8 + k
                        else:
                            BEST[d] = s * 8 + NTH[alive * 8 + k]
            # ---- expand
            hand = H[d][mover]
            legal = legal_of(hand, nt, TC[d][0], trump)
            planned = 0
            if cons:
                if nt == 0 and (CS[d] & 1) and mover == cfg[C_LEAD_SEAT]:
                    sm = BYTE << (cfg[C_LEAD_SUIT] * 8)
                    if cfg[C_LEAD_MUST]:
                        if legal & sm:
                            legal = legal & sm
                        elif cfg[C_LEAD_ORTRUMP] and trump >= 0 and legal & (BYTE << (trump * 8)):
                            legal = legal & (BYTE << (trump * 8))
                    else:
                        if legal & ~sm:
                            legal = legal & ~sm
                forced = 0
                pm = P.pen_mask[mover] & legal
                while pm:
                    c = lowest_index(pm)
                    pm &= pm - 1
                    f = P.pen_flags[c]
                    if f & P_ANY:
                        forced |= ONE << c
                    elif nt == 0:
                        if f & P_LEAD:
                            forced |= ONE << c
                    elif (c >> 3) == (TC[d][0] >> 3):
                        if f & P_SUIT:
                            forced |= ONE << c
                    elif (f & P_RUFF) and (c >> 3) == trump:
                        forced |= ONE << c
                if forced:
                    legal = forced
                if (CS[d] >> 6) & 1:
                    side_def = 0 if mover == decl else 1
                    if side_def == cfg[C_PLAN_SIDE]:
                        nxt = P.plan[(CS[d] >> 1) & 31]
                        if legal & (ONE << nxt):
                            legal = ONE << nxt
                            planned = 1
                        else:
                            planned = 2  # the plan breaks here
            PLANNED[d] = planned
            # one card per run of equivalent cards
            alive_all = h0 | h1 | h2
            for i in range(nt):
                alive_all |= ONE << TC[d][i]
            n = 0
            for s in range(4):
                sh = s * 8
                lb8 = (legal >> sh) & 0xFF
                if lb8 == 0:
                    continue
                sp = (special >> sh) & 0xFF
                alive8 = (alive_all >> sh) & 0xFF
                reps = REP[alive8 * 256 + (lb8 & ~sp)] | (lb8 & sp)
                while reps:
                    b = lowest_index(reps)
                    reps &= reps - 1
                    MV[d][n] = sh + b
                    n += 1
            NMV[d] = n
            MI[d] = 0
            if maxside_decl:
                ISMAX[d] = 1 if mover == decl else 0
            else:
                ISMAX[d] = 0 if mover == decl else 1
            if n > 1:
                hands[0] = h0
                hands[1] = h1
                hands[2] = h2
                order_moves(MV[d], n, SCORE, mover, hands, nt, TC[d], ld, cfg, hist)
                bm = BEST[d]
                if bm >= 0:
                    # the table's move first (its equivalent representative)
                    s = bm >> 3
                    for j in range(n):
                        c = MV[d][j]
                        if (c >> 3) == s:
                            lo = c if c < bm else bm
                            hi = bm if c < bm else c
                            span = ~((~(<uint64_t>0)) << (hi - lo))
                            between = ((<uint64_t>alive_all >> lo) & span) >> 1
                            ownbits = ((<uint64_t>hand >> lo) & span) >> 1
                            if c == bm or between == ownbits:
                                for k in range(j, 0, -1):
                                    MV[d][k] = MV[d][k - 1]
                                MV[d][0] = c
                                break
            BEST[d] = -1
            status = 1
            continue

        if status == 1:
            if MI[d] < NMV[d]:
                c = MV[d][MI[d]]
                nt = NT[d]
                ld = L[d]
                mover = (ld + nt) % 3
                e = d + 1
                H[e][0] = H[d][0]
                H[e][1] = H[d][1]
                H[e][2] = H[d][2]
                H[e][mover] &= ~(ONE << c)
                TC[e][0] = TC[d][0]
                TC[e][1] = TC[d][1]
                TC[e][2] = TC[d][2]
                TC[e][nt] = c
                cs = CS[d]
                if cons:
                    if nt == 0 and mover == cfg[C_LEAD_SEAT]:
                        cs &= ~ONE
                    if (cs >> 6) & 1:
                        p = PLANNED[d]
                        if p == 1:
                            ix = ((cs >> 1) & 31) + 1
                            cs = (cs & ~(<int64_t>31 << 1)) | (ix << 1)
                            if ix >= cfg[C_PLAN_LEN]:
                                cs &= ~(ONE << 6)
                        elif p == 2:
                            cs &= ~(ONE << 6)
                CS[e] = cs
                if nt == 2:
                    best = TC[e][0]
                    bseat = ld
                    for i in range(1, 3):
                        if beats(TC[e][i], best, trump):
                            best = TC[e][i]
                            bseat = (ld + i) % 3
                    SC[e] = SC[d] + cfg[C_REW + bseat]
                    L[e] = bseat
                    NT[e] = 0
                else:
                    SC[e] = SC[d]
                    L[e] = ld
                    NT[e] = nt + 1
                d = e
                status = 0
                continue
            val = 1 - ISMAX[d]
            status = 2
            continue

        # status == 2: node d resolved with val
        if EXTRA[d] >= 0:
            key = KEY[d]
            extra = EXTRA[d]
            need = NEED[d]
            idx = tt_index(key, extra, ttmask)
            slot = -1
            lb = 0
            ub = 255
            mcode = 0
            depth = (popcount(H[d][0]) + popcount(H[d][1]) + popcount(H[d][2])) // 3
            victim = idx
            vdepth = 99
            for sl in range(idx, idx + 4):
                dat = tt[2 * sl + 1]
                if dat != 0 and tt[2 * sl] == key and ((dat >> 22) & 0xFFFFFF) == extra:
                    slot = sl
                    if reuse or ((dat >> 46) & 0x3FFF) == gen:
                        lb = dat & 0xFF
                        ub = (dat >> 8) & 0xFF
                        mcode = (dat >> 16) & 0x3F
                    break
                if dat == 0 or ((dat >> 46) & 0x3FFF) != gen:
                    if vdepth >= 0:
                        victim = sl
                        vdepth = -1
                else:
                    dd = (dat >> 60) & 0xF
                    if dd < vdepth:
                        victim = sl
                        vdepth = dd
            if slot < 0:
                slot = victim
            if val:
                if need > lb:
                    lb = need
            else:
                if need - 1 < ub:
                    ub = need - 1
            bm = BEST[d]
            if bm >= 0:
                s = bm >> 3
                if absolute:
                    mcode = 1 + bm
                else:
                    alive = ((H[d][0] | H[d][1] | H[d][2]) >> (s * 8)) & 0xFF
                    mcode = 1 + s * 8 + popcount(alive & ((ONE << (bm & 7)) - 1))
            tt[2 * slot] = key
            word = (<uint64_t>lb | (<uint64_t>ub << 8) | (<uint64_t>mcode << 16) | (<uint64_t>extra << 22)
                    | (<uint64_t>gen << 46) | (<uint64_t>depth << 60))
            tt[2 * slot + 1] = <int64_t>word
            stats[S_STORES] += 1
        if d == 0:
            stats[S_BEST] = BEST[0]
            return val
        d -= 1
        c = MV[d][MI[d]]
        MI[d] += 1
        if val == ISMAX[d]:
            BEST[d] = c
            if NT[d] == 0:
                if misere:
                    # misère: cutoffs near the root weigh most (4 to the tricks left)
                    rr = popcount(H[d][L[d]])
                    hist[(1 if L[d] == decl else 0) * 32 + c] += (<int64_t>1) << (2 * rr)
                else:
                    hist[(1 if L[d] == decl else 0) * 32 + c] += NMV[d] - MI[d] + 1
            stats[S_CUT + NT[d] * 2 + (1 if MI[d] > 1 else 0) + (6 if ISMAX[d] else 0)] += 1
            status = 2
        else:
            status = 1


cdef int64_t _mtd(Problem *P, int64_t lo, int64_t hi, int64_t guess) noexcept nogil:
    """Exact score in [lo, hi] by repeated null-window searches from ``guess`` (core.mtd)."""
    cdef int64_t g = guess, t, r
    memset(P.hist, 0, sizeof(P.hist))
    if g < lo:
        g = lo
    if g > hi:
        g = hi
    while lo < hi:
        t = g if g > lo else lo + 1
        r = _search(P, t)
        if r < 0:
            return -1
        if r == 1:
            lo = t
            g = t + 1
        else:
            hi = t - 1
            g = t - 1
    return lo


# ---------------------------------------------------------------- the Python face

cdef int _need(object name, Py_ssize_t have, Py_ssize_t want) except -1:
    if have < want:
        raise ValueError(f"{name}: {have} entries, the search needs at least {want}")
    return 0


cdef int _load(Problem *P, const int64_t[:] root_h, int64_t root_leader, int64_t root_nt,
               const int64_t[:] root_tc, int64_t root_cs, const int64_t[:] cfg,
               const int64_t[:] pen_mask, const int64_t[:] pen_flags, const int64_t[:] plan_cards,
               int64_t[::1] tt, int64_t gen, int64_t[:] stats, const int64_t[::1] SQ,
               const int64_t[::1] REP, const int64_t[::1] SPREAD, const int64_t[::1] NTH) except -1:
    """Check the arrays' sizes (a clear error instead of a crash) and copy the small ones."""
    cdef Py_ssize_t i, n
    _need("root_h", root_h.shape[0], 3)
    _need("root_tc", root_tc.shape[0], 3)
    _need("cfg", cfg.shape[0], CFG_SIZE)
    _need("pen_mask", pen_mask.shape[0], 3)
    _need("pen_flags", pen_flags.shape[0], 32)
    _need("plan_cards", plan_cards.shape[0], 32)
    _need("stats", stats.shape[0], STATS_SIZE)
    _need("SQ", SQ.shape[0], 65536)
    _need("REP", REP.shape[0], 65536)
    _need("SPREAD", SPREAD.shape[0], 256)
    _need("NTH", NTH.shape[0], 2048)
    n = tt.shape[0]
    if n < 8 or (n & (n - 1)) != 0:
        raise ValueError(f"tt: {n} entries, the table needs a power of two of at least 8")
    if not (0 <= root_leader <= 2):
        raise ValueError(f"root_leader: {root_leader} is not a seat 0..2")
    if not (0 <= root_nt <= 2):
        raise ValueError(f"root_nt: {root_nt} cards in the trick, expected 0..2")
    if not (-1 <= cfg[C_TRUMP] <= 3):
        raise ValueError(f"cfg[C_TRUMP]: {cfg[C_TRUMP]} is not a suit or -1")
    if not (0 <= cfg[C_DECL] <= 2):
        raise ValueError(f"cfg[C_DECL]: {cfg[C_DECL]} is not a seat 0..2")
    for i in range(3):
        P.h[i] = root_h[i]
        P.tc[i] = root_tc[i]
        P.pen_mask[i] = pen_mask[i]
    for i in range(32):
        P.pen_flags[i] = pen_flags[i]
        P.plan[i] = plan_cards[i]
    for i in range(CFG_SIZE):
        P.cfg[i] = cfg[i]
    for i in range(STATS_SIZE):
        P.stats[i] = stats[i]
    P.leader = root_leader
    P.nt = root_nt
    P.cs = root_cs
    P.tt = &tt[0]
    P.ttlen = n
    P.gen = gen
    P.SQ = &SQ[0]
    P.REP = &REP[0]
    P.SPREAD = &SPREAD[0]
    P.NTH = &NTH[0]
    return 0


def search(root_h, int64_t root_leader, int64_t root_nt, root_tc, int64_t root_cs, int64_t target,
           cfg, pen_mask, pen_flags, plan_cards, int64_t[::1] tt, int64_t gen, int64_t[:] stats,
           SQ, REP, SPREAD, NTH):
    """Does the max side reach ``target``? 1, 0, or -1 (node budget exhausted); as core.search.

    The search runs without the GIL; ``tt`` and ``stats`` are written in place, so a thread
    must own its own table and statistics vector.
    """
    cdef Problem P
    cdef int64_t r
    _load(&P, root_h, root_leader, root_nt, root_tc, root_cs, cfg, pen_mask, pen_flags, plan_cards,
          tt, gen, stats, SQ, REP, SPREAD, NTH)
    memset(P.hist, 0, sizeof(P.hist))
    with nogil:
        r = _search(&P, target)
    for i in range(STATS_SIZE):
        stats[i] = P.stats[i]
    return r


def mtd(root_h, int64_t root_leader, int64_t root_nt, root_tc, int64_t root_cs, int64_t lo, int64_t hi,
        int64_t guess, cfg, pen_mask, pen_flags, plan_cards, int64_t[::1] tt, int64_t gen,
        int64_t[:] stats, SQ, REP, SPREAD, NTH):
    """Exact score in [lo, hi] (or -1 if the node budget ran out); as core.mtd, without the GIL."""
    cdef Problem P
    cdef int64_t v
    _load(&P, root_h, root_leader, root_nt, root_tc, root_cs, cfg, pen_mask, pen_flags, plan_cards,
          tt, gen, stats, SQ, REP, SPREAD, NTH)
    with nogil:
        v = _mtd(&P, lo, hi, guess)
    for i in range(STATS_SIZE):
        stats[i] = P.stats[i]
    return v


def build_tables():
    """SQ, REP, SPREAD, NTH exactly as :mod:`solver.engine.tables` builds them, without Numba
    (so a process on this backend need not import Numba to get its first answer)."""
    import numpy as np
    sq = np.zeros(65536, np.int64)
    rep = np.zeros(65536, np.int64)
    spread = np.zeros(256, np.int64)
    nth = np.zeros(2048, np.int64)
    cdef int64_t[::1] vsq = sq, vrep = rep, vspread = spread, vnth = nth
    cdef int64_t a, m, b, i, k, s, out, rr
    cdef bint prev, inm
    for b in range(256):
        s = 0
        k = 0
        for i in range(8):
            if (b >> i) & 1:
                s |= ONE << (2 * i)
                vnth[b * 8 + k] = i
                k += 1
        vspread[b] = s
    for a in range(256):
        for m in range(256):
            if m & ~a:
                continue
            out = 0
            k = 0
            rr = 0
            prev = False
            for i in range(8):
                if (a >> i) & 1:
                    inm = ((m >> i) & 1) == 1
                    if inm:
                        out |= ONE << k
                        if not prev:
                            rr |= ONE << i
                    prev = inm
                    k += 1
            vsq[a * 256 + m] = out
            vrep[a * 256 + m] = rr
    return sq, rep, spread, nth
