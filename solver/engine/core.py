"""The compiled search: a null-window alpha-beta over open hands, with an explicit stack.

One call of :func:`search` answers a boolean question — "does the declarer's score from
here reach ``target``?" — where the score is the sum, over the tricks still to play, of
``reward[winner]`` (1 for the declarer, 0 for a defender in ordinary play). The side
that wants the score high is the *max side*: the declarer, or the defence on misère.
:func:`mtd` drives it to the exact value (MTD(f) with unit steps).

Why an explicit stack and copy-make: recursion under ``cache=True`` is fragile in Numba
and slower; a ply's state is a dozen integers, so copying it is cheaper than undoing.

Techniques, each a separate helper below: bitmask move generation, one card per run of
equivalent cards, a transposition table at trick boundaries keyed on squeezed (rank-free)
owners with lower/upper bounds and a best move, quick tricks and top-trump bounds for
trump and no-trump, a sure-zero bound for misère, the last trick scored directly.
"""
import numpy as np
from numba import njit

HW = 1  # weight of the heuristic score against the history bonus on leads

from .layout import *  # noqa: F401,F403  (array layout shared with the Python side)


@njit(cache=True, inline="always")
def popcount(x):
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True, inline="always")
def highest_bit(b):
    """Index of the highest set bit of a byte (b > 0)."""
    i = 7
    while not (b >> i) & 1:
        i -= 1
    return i


@njit(cache=True, inline="always")
def lowest_index(x):
    i = 0
    while not (x >> i) & 1:
        i += 1
    return i


@njit(cache=True, inline="always")
def beats(c, best, trump):
    if (c >> 3) == (best >> 3):
        return c > best
    return (c >> 3) == trump


@njit(cache=True, inline="always")
def legal_of(hand, nt, lead_card, trump):
    if nt == 0:
        return hand
    follow = hand & (0xFF << ((lead_card >> 3) * 8))
    if follow:
        return follow
    if trump >= 0:
        r = hand & (0xFF << (trump * 8))
        if r:
            return r
    return hand


@njit(cache=True, inline="always")
def position_key(h0, h1, h2, absolute, SQ, SPREAD):
    """Owners of the live cards, 2 bits each, ranks squeezed (or absolute)."""
    key = 0
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
        k = SPREAD[SQ[base + a0]] + 2 * SPREAD[SQ[base + a1]] + 3 * SPREAD[SQ[base + a2]]
        key |= k << (16 * s)
    return key


@njit(cache=True, inline="always")
def tt_index(key, extra, mask):
    h = (key ^ (extra * 0x9E3779B97F4A7C15)) * 0xBF58476D1CE4E5B9
    h = h ^ (h >> 31)
    return h & mask & ~3


@njit(cache=True, inline="always")
def quick_tricks(mine_h, part_h, has_part, o1, o2, trump):
    """Tricks the leader can cash at once with top cards (a sound lower bound for his side)."""
    q = 0
    risky = 0
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
            tm = 0xFF << (trump * 8)
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
            for _ in range(k - 1):
                m &= ~(1 << highest_bit(m))
            low_win = highest_bit(m)
            partner_ruffs = trump >= 0 and s != trump and part == 0 and (part_h & (0xFF << (trump * 8))) != 0
            short = trump >= 0 and s != trump and (part_h & (0xFF << (trump * 8))) != 0 and popcount(part) < limit
            if partner_ruffs or short or (part != 0 and highest_bit(part) > low_win):
                risky = 1
                continue
        q += limit
    return q + risky


@njit(cache=True, inline="always")
def suit_safe(d, e, shifted):
    """Can the misère declarer, holding ``d`` in a suit the defenders hold ``e`` of, always
    play under? Safe if d_i < e_i for every i (i-th lowest cards; ``shifted``: d_(i+1) < e_i,
    for after he leads d_1 himself). His strategy: under a led card x he plays his highest
    card below x; removing x and that card keeps the condition (an exchange argument), the
    other defender's card or discards only raise e's order statistics, and when void he
    discards his highest cards, which keeps it too."""
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


@njit(cache=True, inline="always")
def misere_clean(decl_h, d1, d2, decl_on_lead):
    """True if the misère declarer can be held to no trick from this trick start."""
    dh = d1 | d2
    exit_suit = -1
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


@njit(cache=True, inline="always")
def misere_forced(decl_h, d1, d2, leader, decl):
    """A lower bound on the misère declarer's tricks from this trick start.

    All his cards win when led and he is on lead: he takes every trick. A defender on lead
    can lead under all the declarer's cards of a suit, and the partner can stay under them
    too (or is void): one trick."""
    dh = d1 | d2
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


@njit(cache=True, inline="always")
def order_moves(MV, d, n, score, mover, hands, nt, TC, leader, cfg, hist):
    """Sort MV[d, 0:n] by a heuristic score, best first (insertion sort, n <= 10)."""
    trump = cfg[C_TRUMP]
    misere = cfg[C_MISERE]
    decl = cfg[C_DECL]
    allh = hands[0] | hands[1] | hands[2]
    if nt > 0:
        best = TC[d, 0]
        bseat = leader
        for i in range(1, nt):
            if beats(TC[d, i], best, trump):
                best = TC[d, i]
                bseat = (leader + i) % 3
    else:
        best = -1
        bseat = -1
    me_decl = mover == decl
    for i in range(n):
        c = MV[d, i]
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
                        if (opp & ((1 << r) - 1)) == 0:
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
                        sc = 100 + val if not wins else -val
                    elif nt == 1 and (leader + 2) % 3 == decl:
                        # the declarer plays last: keep the card to beat low
                        sc = 100 + val if not wins else -val
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
        c = MV[d, i]
        sc = score[i]
        j = i - 1
        while j >= 0 and score[j] < sc:
            MV[d, j + 1] = MV[d, j]
            score[j + 1] = score[j]
            j -= 1
        MV[d, j + 1] = c
        score[j + 1] = sc


@njit(cache=True, nogil=True)
def search_with(root_h, root_leader, root_nt, root_tc, root_cs, target, cfg, pen_mask, pen_flags,
                plan_cards, tt, gen, stats, SQ, REP, SPREAD, NTH, hist):
    """Does the max side reach ``target`` (score summed over the remaining tricks)?

    Returns 1 (yes), 0 (no) or -1 (node budget exhausted). ``stats[S_BEST]`` gets the
    root move that decided it (or -1).
    """
    H = np.zeros((MAXPLY, 3), np.int64)
    L = np.zeros(MAXPLY, np.int64)
    NT = np.zeros(MAXPLY, np.int64)
    TC = np.zeros((MAXPLY, 3), np.int64)
    SC = np.zeros(MAXPLY, np.int64)
    CS = np.zeros(MAXPLY, np.int64)
    MV = np.zeros((MAXPLY, 12), np.int64)
    SCORE = np.zeros(12, np.int64)
    NMV = np.zeros(MAXPLY, np.int64)
    MI = np.zeros(MAXPLY, np.int64)
    ISMAX = np.zeros(MAXPLY, np.int64)
    BEST = np.full(MAXPLY, -1, np.int64)
    KEY = np.zeros(MAXPLY, np.int64)
    EXTRA = np.full(MAXPLY, -1, np.int64)
    NEED = np.zeros(MAXPLY, np.int64)
    PLANNED = np.zeros(MAXPLY, np.int64)
    hands = np.zeros(3, np.int64)

    trump = cfg[C_TRUMP]
    decl = cfg[C_DECL]
    misere = cfg[C_MISERE]
    cons = cfg[C_CONS]
    use_bounds = cfg[C_BOUNDS]
    absolute = cfg[C_ABS]
    maxrew = cfg[C_MAXREW]
    maxside_decl = cfg[C_MAXSIDE_DECL]
    reuse = cfg[C_REUSE]
    special = cfg[C_SPECIAL]
    ctx = cfg[C_CTX]
    ttmask = (tt.shape[0] >> 1) - 1
    budget = stats[S_BUDGET]

    for i in range(3):
        H[0, i] = root_h[i]
        TC[0, i] = root_tc[i]
    L[0] = root_leader
    NT[0] = root_nt
    CS[0] = root_cs
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
            h0 = H[d, 0]
            h1 = H[d, 1]
            h2 = H[d, 2]
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
                best = TC[d, 0] if nt > 0 else -1
                bseat = ld
                for i in range(3):
                    seat = (ld + i) % 3
                    if i < nt:
                        c = TC[d, i]
                    else:
                        c = lowest_index(H[d, seat])
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
                            td = (H[d, decl] >> (trump * 8)) & 0xFF
                            e1 = (decl + 1) % 3
                            e2 = (decl + 2) % 3
                            t1 = (H[d, e1] >> (trump * 8)) & 0xFF
                            t2 = (H[d, e2] >> (trump * 8)) & 0xFF
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
                            q = quick_tricks(H[d, decl], 0, False, H[d, (decl + 1) % 3], H[d, (decl + 2) % 3], trump)
                            if q > lbd:
                                lbd = q
                        else:
                            q = quick_tricks(H[d, ld], H[d, 3 - decl - ld], True, H[d, decl], 0, trump)
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
                        if misere_clean(H[d, decl], H[d, e1], H[d, e2], ld == decl):
                            val = 0
                            status = 2
                            continue
                        if misere_forced(H[d, decl], H[d, e1], H[d, e2], ld, decl) >= need:
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
            hand = H[d, mover]
            legal = legal_of(hand, nt, TC[d, 0], trump)
            planned = 0
            if cons:
                if nt == 0 and (CS[d] & 1) and mover == cfg[C_LEAD_SEAT]:
                    sm = 0xFF << (cfg[C_LEAD_SUIT] * 8)
                    if cfg[C_LEAD_MUST]:
                        if legal & sm:
                            legal = legal & sm
                        elif cfg[C_LEAD_ORTRUMP] and trump >= 0 and legal & (0xFF << (trump * 8)):
                            legal = legal & (0xFF << (trump * 8))
                    else:
                        if legal & ~sm:
                            legal = legal & ~sm
                forced = 0
                pm = pen_mask[mover] & legal
                while pm:
                    c = lowest_index(pm)
                    pm &= pm - 1
                    f = pen_flags[c]
                    if f & P_ANY:
                        forced |= 1 << c
                    elif nt == 0:
                        if f & P_LEAD:
                            forced |= 1 << c
                    elif (c >> 3) == (TC[d, 0] >> 3):
                        if f & P_SUIT:
                            forced |= 1 << c
                    elif (f & P_RUFF) and (c >> 3) == trump:
                        forced |= 1 << c
                if forced:
                    legal = forced
                if (CS[d] >> 6) & 1:
                    side_def = 0 if mover == decl else 1
                    if side_def == cfg[C_PLAN_SIDE]:
                        nxt = plan_cards[(CS[d] >> 1) & 31]
                        if legal & (1 << nxt):
                            legal = 1 << nxt
                            planned = 1
                        else:
                            planned = 2  # the plan breaks here
            PLANNED[d] = planned
            # one card per run of equivalent cards
            alive_all = h0 | h1 | h2
            for i in range(nt):
                alive_all |= 1 << TC[d, i]
            n = 0
            for s in range(4):
                sh = s * 8
                lb8 = (legal >> sh) & 0xFF
                if lb8 == 0:
                    continue
                sp = (special >> sh) & 0xFF
                if absolute:
                    alive8 = (alive_all >> sh) & 0xFF
                else:
                    alive8 = (alive_all >> sh) & 0xFF
                reps = REP[alive8 * 256 + (lb8 & ~sp)] | (lb8 & sp)
                while reps:
                    b = lowest_index(reps)
                    reps &= reps - 1
                    MV[d, n] = sh + b
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
                order_moves(MV, d, n, SCORE, mover, hands, nt, TC, ld, cfg, hist)
                bm = BEST[d]
                if bm >= 0:
                    # the table's move first (its equivalent representative)
                    s = bm >> 3
                    for j in range(n):
                        c = MV[d, j]
                        if (c >> 3) == s:
                            lo = c if c < bm else bm
                            hi = bm if c < bm else c
                            between = ((alive_all >> lo) & ~(-1 << (hi - lo))) >> 1
                            ownbits = ((hand >> lo) & ~(-1 << (hi - lo))) >> 1
                            if c == bm or between == ownbits:
                                for k in range(j, 0, -1):
                                    MV[d, k] = MV[d, k - 1]
                                MV[d, 0] = c
                                break
            BEST[d] = -1
            status = 1
            continue

        if status == 1:
            if MI[d] < NMV[d]:
                c = MV[d, MI[d]]
                nt = NT[d]
                ld = L[d]
                mover = (ld + nt) % 3
                e = d + 1
                H[e, 0] = H[d, 0]
                H[e, 1] = H[d, 1]
                H[e, 2] = H[d, 2]
                H[e, mover] &= ~(1 << c)
                TC[e, 0] = TC[d, 0]
                TC[e, 1] = TC[d, 1]
                TC[e, 2] = TC[d, 2]
                TC[e, nt] = c
                cs = CS[d]
                if cons:
                    if nt == 0 and mover == cfg[C_LEAD_SEAT]:
                        cs &= ~1
                    if (cs >> 6) & 1:
                        p = PLANNED[d]
                        if p == 1:
                            ix = ((cs >> 1) & 31) + 1
                            cs = (cs & ~(31 << 1)) | (ix << 1)
                            if ix >= cfg[C_PLAN_LEN]:
                                cs &= ~(1 << 6)
                        elif p == 2:
                            cs &= ~(1 << 6)
                CS[e] = cs
                if nt == 2:
                    best = TC[e, 0]
                    bseat = ld
                    for i in range(1, 3):
                        if beats(TC[e, i], best, trump):
                            best = TC[e, i]
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
            depth = (popcount(H[d, 0]) + popcount(H[d, 1]) + popcount(H[d, 2])) // 3
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
                    alive = ((H[d, 0] | H[d, 1] | H[d, 2]) >> (s * 8)) & 0xFF
                    mcode = 1 + s * 8 + popcount(alive & ((1 << (bm & 7)) - 1))
            tt[2 * slot] = key
            tt[2 * slot + 1] = lb | (ub << 8) | (mcode << 16) | (extra << 22) | (gen << 46) | (depth << 60)
            stats[S_STORES] += 1
        if d == 0:
            stats[S_BEST] = BEST[0]
            return val
        d -= 1
        c = MV[d, MI[d]]
        MI[d] += 1
        if val == ISMAX[d]:
            BEST[d] = c
            if NT[d] == 0:
                if misere:
                    # misère: cutoffs near the root weigh most (4 to the tricks left)
                    rr = popcount(H[d, L[d]])
                    hist[(1 if L[d] == decl else 0) * 32 + c] += 1 << (2 * rr)
                else:
                    hist[(1 if L[d] == decl else 0) * 32 + c] += NMV[d] - MI[d] + 1
            stats[S_CUT + NT[d] * 2 + (1 if MI[d] > 1 else 0) + (6 if ISMAX[d] else 0)] += 1
            status = 2
        else:
            status = 1


@njit(cache=True, nogil=True)
def search(root_h, root_leader, root_nt, root_tc, root_cs, target, cfg, pen_mask, pen_flags,
           plan_cards, tt, gen, stats, SQ, REP, SPREAD, NTH):
    """One null-window search with a fresh history table (see :func:`search_with`)."""
    return search_with(root_h, root_leader, root_nt, root_tc, root_cs, target, cfg, pen_mask, pen_flags,
                       plan_cards, tt, gen, stats, SQ, REP, SPREAD, NTH, np.zeros(64, np.int64))


@njit(cache=True, nogil=True)
def mtd(root_h, root_leader, root_nt, root_tc, root_cs, lo, hi, guess, cfg, pen_mask, pen_flags,
        plan_cards, tt, gen, stats, SQ, REP, SPREAD, NTH):
    """Exact score in [lo, hi] by repeated null-window searches from ``guess``.

    Returns the value, or -1 if the node budget ran out. The history table of the leads
    is kept from one search to the next.
    """
    hist = np.zeros(64, np.int64)
    g = guess
    if g < lo:
        g = lo
    if g > hi:
        g = hi
    while lo < hi:
        t = g if g > lo else lo + 1
        r = search_with(root_h, root_leader, root_nt, root_tc, root_cs, t, cfg, pen_mask, pen_flags,
                        plan_cards, tt, gen, stats, SQ, REP, SPREAD, NTH, hist)
        if r < 0:
            return -1
        if r == 1:
            lo = t
            g = t + 1
        else:
            hi = t - 1
            g = t - 1
    return lo
