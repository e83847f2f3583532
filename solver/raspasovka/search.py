"""The compiled raspasovka search: one player's tricks, he against the other two.

One call of :func:`search` answers "does the victim take at least ``target`` tricks from
here?" with the seats in ``cfg[C_MAXMASK]`` (by default the other two) playing to make
him take many and the rest playing to make him take few. :func:`mtd` drives it to the
exact value with unit-step null windows (MTD(f)).

Built like the main engine (:mod:`solver.engine.kernel`, which it does not share code with yet:
Numba's cache would not notice a change in another module's compiled helpers): an
explicit stack with copy-make plies (recursion is fragile under ``cache=True``), one card
per run of equivalent cards, a transposition table at trick boundaries keyed on the live
cards' owners with ranks squeezed, lower/upper bounds and a best move per entry, a
"the victim can never win a trick" cut-off, and the last trick scored directly.

What raspasovka adds: the first ``cfg[C_K]`` tricks are led by talon cards (suits in
``cfg[C_TS0]``, ``cfg[C_TS1]``): first hand plays first, everyone follows that suit if he
can, the highest card of that suit wins; a trick nobody follows goes to nobody or to first
hand (``cfg[C_VOID]``); the trick after the talon is led by first hand or by the last
talon trick's winner (``cfg[C_AFTER]``).
"""
import numpy as np
from numba import njit

from .layout import *  # noqa: F401,F403  (the array layout, free of Numba)


@njit(cache=True, inline="always")
def popcount(x):
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True, inline="always")
def highest_bit(b):
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


@njit(cache=True)
def talon_suit(done, cfg):
    """Suit of the talon card leading trick ``done`` (0-based), or -1 on a players' trick."""
    if done < cfg[C_K]:
        return cfg[C_TS0] if done == 0 else cfg[C_TS1]
    return -1


@njit(cache=True)
def trick_winner(c0, c1, c2, leader, ts, cfg):
    """Seat winning the trick c0 c1 c2 (in order from ``leader``); NOBODY possible on talon tricks."""
    if ts < 0:
        best = c0
        seat = leader
        if (c1 >> 3) == (best >> 3) and c1 > best:
            best = c1
            seat = (leader + 1) % 3
        if (c2 >> 3) == (best >> 3) and c2 > best:
            best = c2
            seat = (leader + 2) % 3
        return seat
    best = -1
    seat = NOBODY
    if (c0 >> 3) == ts and c0 > best:
        best = c0
        seat = leader
    if (c1 >> 3) == ts and c1 > best:
        best = c1
        seat = (leader + 1) % 3
    if (c2 >> 3) == ts and c2 > best:
        best = c2
        seat = (leader + 2) % 3
    if seat == NOBODY and cfg[C_VOID] == 1:
        seat = 0
    return seat


@njit(cache=True)
def next_leader(done_after, winner, cfg):
    k = cfg[C_K]
    if done_after < k:
        return 0
    if done_after == k and k > 0 and (cfg[C_AFTER] == 0 or winner == NOBODY):
        return 0
    if winner == NOBODY:
        return 0
    return winner


@njit(cache=True)
def position_key(h0, h1, h2, SQ, SPREAD):
    """Owners of the live cards, 2 bits each, ranks squeezed among the live cards."""
    key = 0
    for s in range(4):
        sh = s * 8
        a0 = (h0 >> sh) & 0xFF
        a1 = (h1 >> sh) & 0xFF
        a2 = (h2 >> sh) & 0xFF
        base = (a0 | a1 | a2) * 256
        k = SPREAD[SQ[base + a0]] + 2 * SPREAD[SQ[base + a1]] + 3 * SPREAD[SQ[base + a2]]
        key |= k << (16 * s)
    return key


@njit(cache=True, inline="always")
def tt_index(key, extra, mask):
    h = (key ^ (extra * 0x9E3779B97F4A7C15)) * 0xBF58476D1CE4E5B9
    h = h ^ (h >> 31)
    return h & mask & ~1


@njit(cache=True)
def never_wins(vh, oh, v_on_lead):
    """True if the victim cannot win any trick from this (players') trick start, whatever
    anyone plays: in every suit he shares with the others his highest card is below their
    lowest, and on lead he has such a suit to lead."""
    exit_exists = False
    for s in range(4):
        sh = s * 8
        mine = (vh >> sh) & 0xFF
        if mine == 0:
            continue
        theirs = (oh >> sh) & 0xFF
        if theirs == 0:
            continue
        if highest_bit(mine) > lowest_index(theirs):
            return False
        exit_exists = True
    if v_on_lead and not exit_exists:
        return False
    return True


@njit(cache=True)
def order_moves(mv, n, score, mover, h0, h1, h2, nt, tc, leader, ts, cfg):
    """Sort mv[0:n] best first for the mover (insertion sort, n <= 10)."""
    victim = cfg[C_VICTIM]
    hv = h0 if victim == 0 else (h1 if victim == 1 else h2)
    others = (h0 | h1 | h2) & ~hv
    # the card currently winning the trick, if any
    best = -1
    bseat = -1
    if nt > 0:
        suit = ts if ts >= 0 else (tc[0] >> 3)
        for i in range(nt):
            c = tc[i]
            if (c >> 3) == suit and c > best:
                best = c
                bseat = (leader + i) % 3
    following = nt > 0 or ts >= 0
    for i in range(n):
        c = mv[i]
        s = c >> 3
        r = c & 7
        sh = s * 8
        sc = 0
        if not following:
            if mover == victim:
                opp = (others >> sh) & 0xFF
                if (opp >> (r + 1)) != 0:
                    sc = 60 - r
                    if (opp & ((1 << r) - 1)) == 0:
                        sc = 100 - r
                else:
                    sc = -r
            else:
                vs = (hv >> sh) & 0xFF
                if vs != 0:
                    if lowest_index(vs) > r:
                        sc = 100 - r
                    else:
                        sc = 50 - r
                else:
                    sc = 10 - r
        else:
            suit = ts if ts >= 0 else (tc[0] >> 3)
            wins = (s == suit) and c > best
            if mover == victim:
                if not wins:
                    sc = 100 + r
                else:
                    sc = -r
            else:
                if bseat == victim:
                    sc = 100 - r if not wins else -r
                else:
                    sc = 50 - r
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


@njit(cache=True)
def search(root_h, root_leader, root_nt, root_tc, root_done, target, cfg, tt_key, tt_data, gen, stats,
           SQ, REP, SPREAD, NTH):
    """Does the victim take at least ``target`` tricks from here?

    Returns 1 (yes), 0 (no) or -1 (node budget exhausted); ``stats[S_BEST]`` gets the root
    move that decided it (or -1).
    """
    H = np.zeros((MAXPLY, 3), np.int64)
    L = np.zeros(MAXPLY, np.int64)
    NT = np.zeros(MAXPLY, np.int64)
    TC = np.zeros((MAXPLY, 3), np.int64)
    SC = np.zeros(MAXPLY, np.int64)
    DN = np.zeros(MAXPLY, np.int64)
    MV = np.zeros((MAXPLY, 12), np.int64)
    SCORE = np.zeros(12, np.int64)
    NMV = np.zeros(MAXPLY, np.int64)
    MI = np.zeros(MAXPLY, np.int64)
    ISMAX = np.zeros(MAXPLY, np.int64)
    BEST = np.full(MAXPLY, -1, np.int64)
    KEY = np.zeros(MAXPLY, np.int64)
    EXTRA = np.full(MAXPLY, -1, np.int64)
    NEED = np.zeros(MAXPLY, np.int64)

    victim = cfg[C_VICTIM]
    maxmask = cfg[C_MAXMASK]
    use_bounds = cfg[C_BOUNDS]
    reuse = cfg[C_REUSE]
    ctx = victim | (maxmask << 2) | (cfg[C_VOID] << 5) | (cfg[C_AFTER] << 6)
    ttmask = tt_key.shape[0] - 1
    budget = stats[S_BUDGET]

    for i in range(3):
        H[0, i] = root_h[i]
        TC[0, i] = root_tc[i]
    L[0] = root_leader
    NT[0] = root_nt
    DN[0] = root_done
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
            if need > r:
                val = 0
                status = 2
                continue
            ts = talon_suit(DN[d], cfg)
            if total + nt == 3:
                # the last trick: every remaining card is forced
                c0 = TC[d, 0] if nt > 0 else lowest_index(H[d, ld])
                c1 = TC[d, 1] if nt > 1 else lowest_index(H[d, (ld + 1) % 3])
                c2 = lowest_index(H[d, (ld + 2) % 3])
                w = trick_winner(c0, c1, c2, ld, ts, cfg)
                val = 1 if w == victim else 0
                status = 2
                continue
            if nt == 0:
                rt = cfg[C_K] - DN[d]
                tstate = 0
                if rt > 0:
                    tstate = rt | (cfg[C_TS0 + DN[d]] << 2)
                    if rt > 1:
                        tstate |= cfg[C_TS1] << 4
                key = position_key(h0, h1, h2, SQ, SPREAD)
                extra = ld | (tstate << 2) | (ctx << 8)
                KEY[d] = key
                EXTRA[d] = extra
                idx = tt_index(key, extra, ttmask)
                found = -1
                for slot in range(idx, idx + 2):
                    dat = tt_data[slot]
                    if dat != 0 and tt_key[slot] == key and ((dat >> 22) & 0xFFFFFF) == extra:
                        if reuse or ((dat >> 46) & 0xFFFF) == gen:
                            found = slot
                            break
                if found >= 0:
                    dat = tt_data[found]
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
                        BEST[d] = s * 8 + NTH[alive * 8 + k]
                if use_bounds and rt <= 0:
                    vh = H[d, victim]
                    if never_wins(vh, (h0 | h1 | h2) & ~vh, ld == victim):
                        val = 0
                        status = 2
                        continue
            # ---- expand
            hand = H[d, mover]
            if ts >= 0:
                lsuit = ts
            elif nt > 0:
                lsuit = TC[d, 0] >> 3
            else:
                lsuit = -1
            legal = hand
            if lsuit >= 0:
                follow = hand & (0xFF << (lsuit * 8))
                if follow:
                    legal = follow
            alive_all = h0 | h1 | h2
            for i in range(nt):
                alive_all |= 1 << TC[d, i]
            n = 0
            for s in range(4):
                sh = s * 8
                lb8 = (legal >> sh) & 0xFF
                if lb8 == 0:
                    continue
                alive8 = (alive_all >> sh) & 0xFF
                reps = REP[alive8 * 256 + lb8]
                while reps:
                    b = lowest_index(reps)
                    reps &= reps - 1
                    MV[d, n] = sh + b
                    n += 1
            NMV[d] = n
            MI[d] = 0
            ISMAX[d] = (maxmask >> mover) & 1
            if n > 1:
                order_moves(MV[d], n, SCORE, mover, h0, h1, h2, nt, TC[d], ld, ts, cfg)
                bm = BEST[d]
                if bm >= 0:
                    # the table's move first (or the card equivalent to it)
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
                if nt == 2:
                    ts = talon_suit(DN[d], cfg)
                    w = trick_winner(TC[e, 0], TC[e, 1], TC[e, 2], ld, ts, cfg)
                    SC[e] = SC[d] + (1 if w == victim else 0)
                    DN[e] = DN[d] + 1
                    L[e] = next_leader(DN[e], w, cfg)
                    NT[e] = 0
                else:
                    SC[e] = SC[d]
                    DN[e] = DN[d]
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
            for sl in range(idx, idx + 2):
                dat = tt_data[sl]
                if dat != 0 and tt_key[sl] == key and ((dat >> 22) & 0xFFFFFF) == extra:
                    slot = sl
                    if reuse or ((dat >> 46) & 0xFFFF) == gen:
                        lb = dat & 0xFF
                        ub = (dat >> 8) & 0xFF
                        mcode = (dat >> 16) & 0x3F
                    break
            if slot < 0:
                if tt_data[idx] == 0 or ((tt_data[idx] >> 46) & 0xFFFF) != gen:
                    slot = idx
                else:
                    # keep the newer entry in the first slot
                    tt_key[idx + 1] = tt_key[idx]
                    tt_data[idx + 1] = tt_data[idx]
                    slot = idx
            if val:
                if need > lb:
                    lb = need
            else:
                if need - 1 < ub:
                    ub = need - 1
            bm = BEST[d]
            if bm >= 0:
                s = bm >> 3
                alive = ((H[d, 0] | H[d, 1] | H[d, 2]) >> (s * 8)) & 0xFF
                mcode = 1 + s * 8 + popcount(alive & ((1 << (bm & 7)) - 1))
            tt_key[slot] = key
            tt_data[slot] = lb | (ub << 8) | (mcode << 16) | (extra << 22) | (gen << 46)
            stats[S_STORES] += 1
        if d == 0:
            stats[S_BEST] = BEST[0]
            return val
        d -= 1
        c = MV[d, MI[d]]
        MI[d] += 1
        if val == ISMAX[d]:
            BEST[d] = c
            status = 2
        else:
            status = 1


@njit(cache=True)
def mtd(root_h, root_leader, root_nt, root_tc, root_done, lo, hi, guess, cfg, tt_key, tt_data, gen, stats,
        SQ, REP, SPREAD, NTH):
    """The victim's exact tricks in [lo, hi] by null-window searches from ``guess``; -1 if
    the node budget ran out."""
    g = guess
    if g < lo:
        g = lo
    if g > hi:
        g = hi
    while lo < hi:
        t = g if g > lo else lo + 1
        r = search(root_h, root_leader, root_nt, root_tc, root_done, t, cfg, tt_key, tt_data, gen, stats,
                   SQ, REP, SPREAD, NTH)
        if r < 0:
            return -1
        if r == 1:
            lo = t
            g = t + 1
        else:
            hi = t - 1
            g = t - 1
    return lo
