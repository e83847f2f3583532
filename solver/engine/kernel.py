# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, infer_types=True, language_level=3
"""The search kernel: one source, compiled by Cython at install and by Numba elsewhere.

One call of :func:`search` answers a boolean question — "does the max side's score from
here reach ``target``?" — where the score is the sum, over the tricks still to play, of
``reward[winner]`` (1 for the declarer, 0 for a defender in ordinary play). The max side
is the declarer, or the defence on misère (in general the seats of ``cfg[C_MAXMASK]``).
:func:`mtd` drives it to the exact value (MTD(f) with unit steps).

Raspasovka is a mode, not a copy: the player whose tricks count is the misère "declarer",
the seats forcing tricks on him the max side, and the talon-led first tricks are state —
how many are left is in the state word (``CS_TALON``), their suits and the table's two
settings in ``cfg`` (``C_TALON``, ``C_VOID``, ``C_AFTER``); see :func:`talon_suit`.

How this file is compiled — Cython (pure-Python mode, with the C types of ``kernel.pxd``;
the entry points, which release the GIL, are :mod:`.searcher`), Numba (the same source
loaded under a second name, every kernel function njit-ed by :func:`.numba_kernel.jit_kernel`)
or plain Python (``PREFDD_ENGINE=python``, for debuggers): docs/backends.md. So that both
compilers agree bit for bit: every constant that meets a 64-bit word is typed (``ONE``,
``BYTE``, ``GOLDEN``), hashing is done in unsigned words (``u64`` / ``i64``), no ``with``
blocks or Python objects inside kernel functions, the layout's constants come from
:mod:`.layout` alone, and the search's work arrays are one flat int64 vector (offsets ``W_*``).

The concerns, as DDS splits them, in this order below: the transposition table (the search
sees it through :func:`tt_bucket`, :func:`tt_lookup` and :func:`tt_add`), bounds (gathered in
:func:`trick_verdict` and :func:`misere_verdict`), move generation and ordering
(:func:`order_moves`, a weight function per case), constraints, and the null-window driver
:func:`search_with` (an explicit stack of copy-make plies) under :func:`mtd_with`, and
:func:`layouts_with`, the loop over many layouts of one position. A node's life, in the order
the code runs: docs/kernel.md; the arrays the kernel takes: :mod:`solver.engine.arrays`.
"""
try:
    import cython
except ImportError:  # running the source uncompiled without Cython installed
    from . import _nocython as cython

if not cython.compiled:  # the Cython build runs without NumPy (a solve's start-up: docs/backends.md)
    import numpy as np

if not cython.compiled:  # the Cython build has them from kernel.pxd (layout.pxi, written by layout.py)
    from solver.engine.layout import *  # noqa: F403

# The Cython build has these as C constants (kernel.pxd: macros, so a store through the work
# array does not make the compiler load them again); the values here are the same.
if not cython.compiled:
    AGE_SHIFT = 4  # tt_victim with a kept table: a trick left is worth 2**AGE_SHIFT layouts of age
    NO_CEILING = 15  # tables.misere_suits_fill: no count for the suit
    SUITS_SAME = 0xE4  # suit_canon's code of the identity (each suit in its own place)
    VOID_LAST = 1 << 50  # pushes a lead below every other (history bonuses stay far under it)
    HW = 1  # weight of the heuristic score against the history bonus on leads
    KILL_BONUS = 50  # a lead's bonus on trumps and no-trump when it is the killer (order_moves)
    ONE = np.int64(1)
    BYTE = np.int64(0xFF)
    LOW32 = np.int64(0xFFFFFFFF)
    GOLDEN = np.uint64(0x9E3779B97F4A7C15)
    MIX = np.uint64(0xBF58476D1CE4E5B9)
    U32 = np.uint64(32)
    U3 = np.uint64(3)
TALON_ONE = ONE << CS_TALON  # one talon trick left, in the state word


# ---------------------------------------------------------------- bits

def popcount(x):
    """Set bits of a 32-bit hand word (SWAR: both compilers emit straight-line code)."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & LOW32) >> 24


def beats(c, best, trump):
    if (c >> 3) == (best >> 3):
        return c > best
    return (c >> 3) == trump


def suit_of(hand, s):
    """The suit byte ``s`` of a hand word."""
    return (hand >> (s * 8)) & 0xFF


def low_bits(n):
    """A mask of the ``n`` lowest bits (n < 63)."""
    return (ONE << n) - ONE


# ---------------------------------------------------------------- the transposition table
# An entry is two int64 words: the position key (owners of the live cards) and a data
# word packed as below; buckets of BUCKET consecutive entries.

def entry_pack(lb, ub, mcode, extra, gen, depth):
    return i64(u64(lb) | (u64(ub) << u64(E_UB)) | (u64(mcode) << u64(E_MOVE)) | (u64(extra) << u64(E_EXTRA))
               | (u64(gen) << u64(E_GEN)) | (u64(depth) << u64(E_DEPTH)))


def entry_lb(dat):
    return dat & E_SCORE_MASK


def entry_ub(dat):
    return (dat >> E_UB) & E_SCORE_MASK


def entry_move(dat):
    return (dat >> E_MOVE) & E_MOVE_MASK


def entry_extra(dat):
    return (dat >> E_EXTRA) & E_EXTRA_MASK


def entry_gen(dat):
    return (dat >> E_GEN) & E_GEN_MASK


def entry_depth(dat):
    return (dat >> E_DEPTH) & E_DEPTH_MASK


def position_key(h0, h1, h2, absolute, SQ, SPREAD):
    """Owners of the live cards, 2 bits each, ranks squeezed (or absolute): hand 0 owns 1, hand 1 2, hand 2 3 —
    sq(h0 | h2) spread + 2 sq(h1 | h2) spread (the hands are disjoint: squeeze and spread keep a disjoint union)."""
    key = u64(0)
    h02 = h0 | h2
    h12 = h1 | h2
    hall = h0 | h1 | h2
    for s in range(4):
        alive = 0xFF if absolute else suit_of(hall, s)
        k = sq_spread(SQ, SPREAD, alive, suit_of(h02, s)) + 2 * sq_spread(SQ, SPREAD, alive, suit_of(h12, s))
        key |= u64(k) << u64(16 * s)
    return i64(key)


def suit_canon(key):
    """A position key with its four suits (16 bits each) sorted, and the permutation's code:
    bits 2c, 2c + 1 the suit in canonical place c. Without trumps (misère, no-trump) the
    suits are alike, so positions equal up to a permutation of the suits — one line of play
    discarding a spade where another discards a heart — share the table's entry (its best
    move kept in canonical places). Branch-free: each field carries its suit in two low
    bits (so no two are equal), and five min / max exchanges sort them."""
    v0 = (key & 0xFFFF) << 2
    v1 = (((key >> 16) & 0xFFFF) << 2) | 1
    v2 = (((key >> 32) & 0xFFFF) << 2) | 2
    v3 = (((key >> 48) & 0xFFFF) << 2) | 3
    a = min(v0, v1)
    b = max(v0, v1)
    c = min(v2, v3)
    d = max(v2, v3)
    lo = min(a, c)
    x = max(a, c)
    y = min(b, d)
    hi = max(b, d)
    m1 = min(x, y)
    m2 = max(x, y)
    ckey = i64(u64(lo >> 2) | (u64(m1 >> 2) << u64(16)) | (u64(m2 >> 2) << u64(32)) | (u64(hi >> 2) << u64(48)))
    return ckey, (lo & 3) | ((m1 & 3) << 2) | ((m2 & 3) << 4) | ((hi & 3) << 6)


def suit_place(code, s):
    """The canonical place of suit ``s`` under :func:`suit_canon`'s ``code``."""
    for c in range(3):
        if ((code >> (2 * c)) & 3) == s:
            return c
    return 3


def tt_index(key, extra, mask):
    """First entry of the position's bucket: the key's two halves folded, multiplied, and
    the product's high half taken — its low bits depend on the factor's low bits alone, so
    indexing by them left the last suit (key bits 48–63) almost unheard and misère
    positions differing there piled into a few buckets (RESULTS.md, "the tail")."""
    h = u64(key) ^ (u64(extra) * GOLDEN)
    h = (h ^ (h >> U32)) * MIX
    return i64((h >> U32) & u64(mask) & ~U3)


def tt_find(tt, idx, key, extra):
    """The bucket's entry for this position (of any generation), or -1 (an empty entry's key, 0,
    is no table node's: it has live cards)."""
    for slot in range(idx, idx + BUCKET):
        if tt[2 * slot] == key and entry_extra(tt[2 * slot + 1]) == extra:
            return slot
    return -1


def tt_live(dat, gen, reuse):
    """Is the entry's fact usable now (this generation, or kept across calls)?"""
    return reuse or entry_gen(dat) == gen


def tt_victim(tt, idx, gen, reuse):
    """The replacement scheme: an empty or stale entry first, else the shallowest one. With
    the table kept (the layouts' loop, ``gen`` the layout's number) nothing is stale: the
    entry least worth keeping, its tricks left less its age in layouts (AGE_SHIFT)."""
    victim = idx
    vdepth = 1 << 40
    for slot in range(idx, idx + BUCKET):
        dat = tt[2 * slot + 1]
        if dat == 0:
            return slot
        if reuse:
            dd = (entry_depth(dat) << AGE_SHIFT) - ((gen - entry_gen(dat)) & E_GEN_MASK)
        else:
            if entry_gen(dat) != gen:
                return slot
            dd = entry_depth(dat)
        if dd < vdepth:
            victim = slot
            vdepth = dd
    return victim


def move_code(bm, alive_all, absolute):
    """A best move as the table keeps it: 1 + suit * 8 + rank among the live cards."""
    s = bm >> 3
    if absolute:
        return 1 + bm
    return 1 + s * 8 + pop8(suit_of(alive_all, s) & low_bits(bm & 7))


def move_decode(mcode, alive_all, absolute, NTH, pcode):
    """The card of a table's move code whose suit is a :func:`suit_canon` place (``pcode``: the
    position's permutation, ``SUITS_SAME`` for none): that place's suit, its k-th live card."""
    s = (pcode >> (2 * ((mcode - 1) >> 3))) & 3
    k = (mcode - 1) & 7
    if absolute:
        return s * 8 + k
    return s * 8 + nth_of(NTH, suit_of(alive_all, s), k)


# ---------------------------------------------------------------- the table's interface
# The search sees the table through three calls: where a trick start's entry lives (fetched
# into the cache while the bounds are computed), what the table knows of it (DDS's Lookup),
# and a new fact about it (DDS's Add: in the bucket the node found, kept in its W_EXTRA).

def tt_bucket(tt, key, extra, ttmask):
    """The first entry of the position's bucket, asked for from memory now (a probe usually misses)."""
    idx = tt_index(key, extra, ttmask)
    tt_prefetch(tt, idx)
    return idx


def tt_lookup(tt, idx, key, extra, gen, reuse, need, alive, absolute, NTH, pcode):
    """What the table knows of the position (bucket ``idx``) for the target ``need``: 1 or 0
    if its entry settles it (else -1), the best move the entry names (a card, else -1;
    ``alive``: the live cards), and where :func:`tt_add` will store it: its entry's slot · 2 + 1,
    else the bucket · 2 (nothing stored under the node can be this position: fewer cards)."""
    found = tt_find(tt, idx, key, extra)
    if found < 0:
        return -1, -1, idx << 1
    dat = tt[2 * found + 1]
    if tt_live(dat, gen, reuse):
        if reuse and entry_gen(dat) != gen:  # used now: young again (tt_victim)
            dat = (dat & ~(E_GEN_MASK * (ONE << E_GEN))) | (gen << E_GEN)
            tt[2 * found + 1] = dat
        if entry_lb(dat) >= need:
            return 1, -1, 0
        if entry_ub(dat) < need:
            return 0, -1, 0
        mcode = entry_move(dat)
        if mcode:
            return -1, move_decode(mcode, alive, absolute, NTH, pcode), (found << 1) | 1
    return -1, -1, (found << 1) | 1


def tt_add(tt, at, key, extra, gen, reuse, need, val, mcode, depth):
    """Record that the score from the position reaches ``need`` (val 1) or not (val 0), where
    :func:`tt_lookup` said (``at``), narrowing the bounds its entry holds if it is still there;
    ``mcode`` (0: none) is the deciding move."""
    lb = 0
    ub = E_SCORE_MASK
    old = 0
    slot = at >> 1
    dat = tt[2 * slot + 1]
    if (at & 1) and tt[2 * slot] == key and entry_extra(dat) == extra:
        if tt_live(dat, gen, reuse):
            lb = entry_lb(dat)
            ub = entry_ub(dat)
            old = entry_move(dat)
    else:
        slot = tt_victim(tt, slot - (slot & (BUCKET - 1)), gen, reuse)
    if val and need > lb:
        lb = need
    if not val and need - 1 < ub:
        ub = need - 1
    if mcode == 0:
        mcode = old
    tt[2 * slot] = key
    tt[2 * slot + 1] = entry_pack(lb, ub, mcode, extra, gen, depth)


# ---------------------------------------------------------------- bounds

# highest_bit(b) / lowest_index(x): bit scans, C builtins in the .pxd, loops at the end here; pop8(b):
# a byte's set bits, a table in the .pxd

def quick_tricks(mine_h, part_h, has_part, o1, o2, trump):
    """Tricks the leader can cash at once with top cards (a sound lower bound for his side).

    Alone on lead (the declarer) with trump control — his top trumps at least as many as
    either opponent's trumps — he draws trumps first, and no side winner can be ruffed; a suit
    in which his top cards are as many as each opponent's cards, or more, runs to its end. Without
    control, the side winners no ruff can reach, and his trump tricks (:func:`trump_bounds`, any play)."""
    q = 0
    risky = 0
    ctl = False
    if trump >= 0 and not has_part:
        ot = suit_of(o1 | o2, trump)
        if ot == 0:
            ctl = True
        else:
            mt = suit_of(mine_h, trump)
            nt = pop8(mt & ~low_bits(highest_bit(ot) + 1))  # his top trumps (counted below)
            n1 = pop8(suit_of(o1, trump))
            n2 = pop8(suit_of(o2, trump))
            ctl = nt >= max(n1, n2)
            if not ctl:  # his trump tricks less his top ones (trump_bounds), besides the side winners
                q = pop8(mt) - trumps_beaten(mt, ot) - nt
    o12 = o1 | o2
    for s in range(4):
        win = suit_of(mine_h, s)  # my cards above all the opponents' in the suit
        opp = suit_of(o12, s)
        if opp != 0:
            win &= ~low_bits(highest_bit(opp) + 1)
        if win == 0:
            continue
        k = pop8(win)
        l1 = pop8(suit_of(o1, s))
        l2 = pop8(suit_of(o2, s))
        if not has_part and k >= l1 and k >= l2:
            k = pop8(suit_of(mine_h, s))  # they are out of the suit after his top cards
        limit = k
        if trump >= 0 and s != trump and not ctl:
            if suit_of(o1, trump) and l1 < limit:
                limit = l1
            if suit_of(o2, trump) and l2 < limit:
                limit = l2
        if limit == 0:
            continue
        if has_part:
            part = suit_of(part_h, s)
            low_win = lowest_index(win)  # the lowest of my cashing winners
            ptrumps = trump >= 0 and s != trump and suit_of(part_h, trump) != 0
            partner_ruffs = ptrumps and part == 0
            short = ptrumps and pop8(part) < limit
            if partner_ruffs or short or (part != 0 and highest_bit(part) > low_win):
                risky = 1
                continue
        q += limit
    return q + risky


def partner_entry(lead_h, part_h, decl_h, trump):
    """A defender on lead: can he reach his partner's hand at once? A suit where he holds a card under the
    partner's top one, which the declarer cannot beat (his cards are lower) nor ruff."""
    for s in range(4):
        ph = suit_of(part_h, s)
        lh = suit_of(lead_h, s)
        if ph == 0 or lh == 0:
            continue
        top = highest_bit(ph)
        if (lh & low_bits(top)) == 0:
            continue
        dh = suit_of(decl_h, s)
        if dh != 0:
            if top > highest_bit(dh):
                return True
        elif trump < 0 or s == trump or suit_of(decl_h, trump) == 0:
            return True
    return False


def trumps_beaten(mine, theirs):
    """The most of the trumps ``mine`` that can each be beaten by a distinct higher one of ``theirs`` (his lowest
    first, each to the lowest of theirs above it: the greatest such matching)."""
    m = 0
    while mine:
        above = theirs & ~low_bits(lowest_index(mine) + 1)
        if above == 0:
            return m
        theirs ^= above & -above
        mine &= mine - 1
        m += 1
    return m


def trump_bounds(td, t1, t2, r):
    """The declarer's sure trump tricks, and r minus a defender's sure ones. Every trump is played, and one that does
    not win its trick loses to a higher trump played in it, a trick of its own: the declarer makes at least his trumps
    less those the defenders' can beat (:func:`trumps_beaten`; his top trumps and his length over theirs are cases of
    it), and a defender at least his less those the declarer's can beat (one his partner beats is theirs too)."""
    ds = max(pop8(t1) - trumps_beaten(t1, td), pop8(t2) - trumps_beaten(t2, td))
    return pop8(td) - trumps_beaten(td, t1 | t2), r - ds


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


def misere_ceiling(decl_h, d1, d2, decl_on_lead):
    """The most tricks the misère declarer can be made to take from this trick start: the
    sum over the suits of their counts (:data:`MISERE_SUITS`) — he plays each suit by its
    own game, never wins in a suit beyond its count, and after each trick he wins he leads
    that suit's exit, so a defender is on lead again. On lead now he first leads his best
    exit. 15 or more: no ceiling."""
    sp = spread32(decl_h | d2) + 2 * spread32(d1 | d2)  # tables.misere_suit_index of the four suits, 16 bits each
    g = (ONE * MISERE_SUITS[sp & 0xFFFF] | ONE * MISERE_SUITS[(sp >> 16) & 0xFFFF] << 8  # noqa: F821 (bytes; compiled: tables.h,
         | ONE * MISERE_SUITS[(sp >> 32) & 0xFFFF] << 16 | ONE * MISERE_SUITS[(sp >> 48) & 0xFFFF] << 24)  # noqa: F821 (else at the end)
    total = (((g & 0x0F0F0F0F) * 0x01010101) >> 24) & 0xFF  # the four counts summed
    if not decl_on_lead:
        return total
    exit_extra = NO_CEILING
    for s in range(4):
        f = (g >> (8 * s)) & 0xFF
        if (f >> 4) < NO_CEILING and (f >> 4) - (f & 15) < exit_extra:
            exit_extra = (f >> 4) - (f & 15)
    return total + exit_extra


def misere_forced(decl_h, d1, d2, leader, decl):
    """A lower bound on the misère declarer's tricks from this trick start.

    All his cards win when led and he is on lead: he takes every trick. A defender on lead
    can lead under all the declarer's cards of a suit, and the partner can stay under them
    too (or is void): one trick."""
    dh = d1 | d2
    if leader == decl:
        for s in range(4):
            mine = suit_of(decl_h, s)
            if mine == 0:
                continue
            theirs = suit_of(dh, s)
            if theirs and highest_bit(theirs) > lowest_index(mine):
                # not every card of his wins; the coming trick does if he has no exit
                x, rb = misere_exits(decl_h, d1, d2)
                return 1 if x == 0 else 0
        return popcount(decl_h)
    lead_h = d1 if ((decl + 1) % 3) == leader else d2
    part_h = d2 if ((decl + 1) % 3) == leader else d1
    for s in range(4):
        mine = suit_of(decl_h, s)
        lh = suit_of(lead_h, s)
        if mine == 0 or lh == 0:
            continue
        low = lowest_index(mine)
        # the leader leads under all the declarer's cards; the partner can stay under too
        if lowest_index(lh) < low:
            ph = suit_of(part_h, s)
            if ph == 0 or lowest_index(ph) < low:
                return 1
    return 0


def defence_takes_next(hd, he1, he2, hl, hp, decl_on_lead, trump):
    """True if the defenders surely win the coming trick (trumps or no-trump), so the
    declarer cannot take every trick left.

    The declarer on lead: in each suit he holds, a defender holds a higher card, or (a
    side suit) is void in it and holds a trump. A defender on lead: some suit he holds is
    one the declarer is void in and cannot ruff (he discards), or one in which the
    defenders' highest card beats the declarer's highest (led by the leader, or played by
    the partner, before or after him: the declarer must follow), or a side suit the
    partner is void in and ruffs while the declarer follows."""
    if trump >= 0:
        t1 = suit_of(he1, trump)
        t2 = suit_of(he2, trump)
        td = suit_of(hd, trump)
    else:
        t1 = 0
        t2 = 0
        td = 0
    for s in range(4):
        mine = suit_of(hd, s)
        if decl_on_lead:
            if mine == 0:
                continue
            a = suit_of(he1, s)
            b = suit_of(he2, s)
            ab = a | b
            if ab != 0 and highest_bit(ab) > highest_bit(mine):
                continue
            if s != trump and ((a == 0 and t1 != 0) or (b == 0 and t2 != 0)):
                continue
            return False
        else:
            lh = suit_of(hl, s)
            if lh == 0:
                continue
            ph = suit_of(hp, s)
            if mine == 0:
                if s == trump or td == 0:
                    return True
                continue
            if highest_bit(lh | ph) > highest_bit(mine):
                return True
            if trump >= 0 and s != trump and ph == 0 and suit_of(hp, trump) != 0:
                return True
    return decl_on_lead


def declarer_takes_next(hd, hl, hp, trump):
    """A defender on lead: does the declarer surely win the coming trick? 0 no; 1 yes; 2 yes, his
    quick tricks as if on lead falling by that one at most. In each suit the leader holds: his
    top card, the partner following or without trumps; or his ruff, with his lowest trump under
    a defender's (2) when the partner follows or has no trump, over the partner's (1) if not."""
    td = tp = tl = 0
    if trump >= 0:
        td = suit_of(hd, trump)
        tp = suit_of(hp, trump)
        tl = suit_of(hl, trump)
    res = 2
    for s in range(4):
        lh = suit_of(hl, s)
        if lh == 0:
            continue
        mine = suit_of(hd, s)
        ph = suit_of(hp, s)
        if mine != 0:
            if highest_bit(lh | ph) > highest_bit(mine):
                return 0
            if s != trump and ph == 0 and tp != 0:
                return 0
        elif s == trump or td == 0:
            return 0
        elif ph == 0 and tp != 0:
            if highest_bit(tp) > highest_bit(td):
                return 0
            res = 1
        elif (tl | tp) != 0 and lowest_index(td) > highest_bit(tl | tp):
            res = 1  # his lowest trump a top one: the ruff may cost him his control
    return res


def defence_takes_later(hd, he1, he2, trump):
    """The declarer on lead (trumps or no-trump): True if the defenders surely take one of
    the tricks left, so he cannot take them all.

    To take them all he leads every trick, so every card of his is led. (1) A defender holds
    the top card of a suit the declarer holds: he keeps it (he discards, ruffs or follows
    with other cards; a ruff of the declarer's lead is a defenders' trick anyway) and plays
    it on that suit's first lead. (2) A defender holds more trumps than the declarer holds
    above the defender's top trump: he follows low under those, keeps his top one, and wins
    with it (or over a lower trump of the declarer's) — as DDS's later-tricks test."""
    tdd = 0
    if trump >= 0:
        tdd = suit_of(hd, trump)
    for s in range(4):
        mine = suit_of(hd, s)
        if mine == 0:
            continue
        theirs = suit_of(he1 | he2, s)
        if theirs != 0 and highest_bit(theirs) > highest_bit(mine):
            return True
    if trump >= 0:
        t1 = suit_of(he1, trump)
        if t1 != 0 and pop8(t1) > pop8(tdd >> (highest_bit(t1) + 1)):
            return True
        t2 = suit_of(he2, trump)
        if t2 != 0 and pop8(t2) > pop8(tdd >> (highest_bit(t2) + 1)):
            return True
    return False


def declarer_takes_later(hd, he1, he2, r):
    """The defenders without trumps, one on lead: tricks the declarer surely takes. He keeps R winners, one at least
    in each suit he tops; the other suits are led L times at most (a lead takes a card of each defender holding
    the suit), and he plays his other cards on them. If L + R <= r a suit he tops is led, he wins, and cashes."""
    top = win = 0
    for s in range(4):
        mine = suit_of(hd, s)
        ab = suit_of(he1 | he2, s)
        if ab == 0:
            win += pop8(mine)  # never led to him: cashed
        elif highest_bit(mine | 1) > highest_bit(ab):
            top += 1
            win += pop8(mine >> (highest_bit(ab) + 1))
        else:
            r -= max(pop8(suit_of(he1, s)), pop8(suit_of(he2, s)))
    return min(win, r) if 0 < top <= r else 0


def misere_exits(decl_h, d1, d2):
    """The suits (4-bit masks: bits 0-3 against the defender holding ``d1``, 4-7 against
    ``d2``) in which the misère declarer, on lead, leads his lowest card and that defender
    must beat it (he holds the suit only above it); and the *robust* ones, where that
    defender holds two such cards or more (he may discard one before the declarer gets to
    lead). One pass over the suits for both defenders."""
    x = 0
    rb = 0
    for s in range(4):
        mine = suit_of(decl_h, s)
        if mine == 0:
            continue
        lo = mine & -mine
        a = suit_of(d1, s)
        if a != 0 and (a & -a) > lo:
            x |= 1 << s
            if (a & (a - 1)) != 0:
                rb |= 1 << s
        a = suit_of(d2, s)
        if a != 0 and (a & -a) > lo:
            x |= 16 << s
            if (a & (a - 1)) != 0:
                rb |= 16 << s
    return x, rb


def misere_escapes(decl_h, d1, d2, lead_h, part_h, decl_on_lead):
    """True if the misère declarer surely loses one of the next two tricks, so he cannot be
    made to take every trick left.

    On lead: he has an exit (:func:`misere_exits`). A defender on lead: he escapes the
    coming trick if in every suit the leader holds he is void (he discards), or his lowest
    card is under the leader's lowest (he plays under whatever is led), or the leader's
    partner holds the suit only above it (the declarer plays under the lead or plays that
    card, and the partner, before or after him, must play higher). Else, for each suit
    that can force him, he wins that trick holding his other suits as they are (he
    followed) and escapes the next one with an exit in another suit — an exit against a
    defender who followed too, or a robust one against a defender who may have discarded."""
    if decl_on_lead:
        x, rb = misere_exits(decl_h, d1, d2)
        return x != 0
    forcing = 0
    for s in range(4):
        mine = suit_of(decl_h, s)
        lh = suit_of(lead_h, s)
        if mine == 0 or lh == 0:
            continue
        lo = mine & -mine
        if lo < (lh & -lh):
            continue
        ph = suit_of(part_h, s)
        if ph == 0 or (ph & -ph) < lo:
            forcing |= 1 << s
    if forcing == 0:
        return True
    x, rb = misere_exits(decl_h, d1, d2)
    if x == 0:
        return False
    x1 = x & 15
    x2 = x >> 4
    r1 = rb & 15
    r2 = rb >> 4
    for s in range(4):
        if (forcing >> s) & 1:
            ok1 = x1 if suit_of(d1, s) != 0 else r1
            ok2 = x2 if suit_of(d2, s) != 0 else r2
            if ((ok1 | ok2) & ~(1 << s)) == 0:
                return False
    return True


def trick_verdict(hd, he1, he2, hl, hp, ld, decl, trump, need, r):
    """At a trick start on trumps or no-trump: 1 if the bounds show the max side reaches ``need``, 0 if they
    show it cannot, -1 if they do not decide. ``hd``, ``he1``, ``he2``: the declarer's and the defenders' hands
    (in seat order after him); ``hl``, ``hp``: the leader's and (for a defender on lead) his partner's."""
    if trump >= 0:
        lbd, ubd = trump_bounds(suit_of(hd, trump), suit_of(he1, trump), suit_of(he2, trump), r)
        if lbd >= need:
            return 1
        if ubd < need:
            return 0
    # the quick tricks only where they can decide (every bound is sound: a lower and an upper one never
    # cross, so the order of the tests does not change the verdict)
    if ld == decl:
        if quick_tricks(hd, 0, False, he1, he2, trump) >= need:
            return 1
    else:
        # a defender on lead: the declarer wins the coming trick, then his quick tricks less one
        w = declarer_takes_next(hd, hl, hp, trump)
        if w != 0 and (need == 1 or (w == 2 and quick_tricks(hd, 0, False, he1, he2, trump) >= need)):
            return 1
        # the defenders without trumps: the declarer's later tricks; none in play: the defenders' quick tricks (with
        # trumps they decided 1 % of the nodes, cost 8 % of the instructions: issue 40's fourth round)
        if trump < 0 or suit_of(he1 | he2, trump) == 0:
            if declarer_takes_later(hd, he1, he2, r) >= need:
                return 1
            if (trump < 0 or suit_of(hd, trump) == 0) and (r - quick_tricks(hl, hp, True, hd, 0, trump) < need or (
                    partner_entry(hl, hp, hd, trump) and r - quick_tricks(hp, hl, True, hd, 0, trump) < need)):
                return 0  # the leader's quick tricks, or the partner's (the entry trick the first of them)
    if need >= r:
        # every trick left is needed: the defenders take the coming one, or a later one
        if defence_takes_next(hd, he1, he2, hl, hp, ld == decl, trump) or (ld == decl and
                                                                            defence_takes_later(hd, he1, he2, trump)):
            return 0
    return -1


def misere_verdict(hd, he1, he2, hl, hp, ld, decl, need, r):
    """:func:`trick_verdict` on misère (the declarer's score is what he is forced to take), the hands passed
    the same way; the verdict rests on every rank."""
    if misere_ceiling(hd, he1, he2, ld == decl) < need:
        return 0  # the suits' own games hold him under the catchers' need
    fo = misere_forced(hd, he1, he2, ld, decl)
    if fo >= need:
        return 1
    if need >= r and (fo == 0 if ld == decl else misere_escapes(hd, he1, he2, hl, hp, False)):
        return 0  # all the tricks left are needed and he loses the coming one (on lead: an exit, misere_forced's 0)
    return -1


# ---------------------------------------------------------------- moves

def legal_of(hand, nt, lead_card, trump):
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


def generate_moves(W, d, legal, alive_all, special, REP):
    """One card per run of equivalent cards (the lowest), into the ply's move list;
    ``special`` cards (penalty and plan cards) always stand alone. Returns the count."""
    mv = d * PLY + W_MV
    if (legal & (legal - 1)) == 0:  # one card (a singleton followed, the last of a suit)
        W[mv] = lowest_index(legal)
        return 1
    n = 0
    s0 = lowest_index(legal) >> 3  # from the lowest suit holding a legal card, to it alone if it holds all
    for s in range(s0, s0 + 1 if (legal >> (s0 * 8)) <= BYTE else 4):
        sh = s * 8
        lb8 = suit_of(legal, s)
        if lb8 == 0:
            continue
        sp = suit_of(special, s)
        reps = rep_of(REP, suit_of(alive_all, s), lb8 & ~sp) | (lb8 & sp)
        while reps:
            b = lowest_index(reps)
            reps &= reps - 1
            W[mv + n] = sh + b
            n += 1
    return n


def score_lead(W, hb, c, mover, decl, trump, hdecl, allh):
    """A lead's score on trumps or no-trump: a defender's leads to the partner's winner or
    ruff first, then winners (not into a ruff); a defender's trumps late; the declarer's
    first leads of a suit he cannot cash from his long suits."""
    s = c >> 3
    r = c & 7
    val = r + (8 if s == trump else 0)
    me_decl = mover == decl
    part = 0
    if me_decl:
        opp = suit_of(allh & ~hdecl, s)
    else:
        opp = suit_of(hdecl, s)
        part = suit_of(W[hb + 3 - decl - mover], s)
    if opp == 0 or r > highest_bit(opp):
        sc = 80 + val  # a winner
        if s == trump and not me_decl:
            # a defender's top trump: after his side winners and his leads to the
            # partner (it draws the declarer's trumps for him; RESULTS.md, "lead")
            sc = 30 + r
        if trump >= 0 and s != trump:
            # opponents void and holding trumps: it will be ruffed
            ruff = False
            if me_decl:
                for o in range(3):
                    ho = W[hb + o]
                    if o != decl and suit_of(ho, s) == 0 and suit_of(ho, trump):
                        ruff = True
            else:
                if suit_of(hdecl, s) == 0 and suit_of(hdecl, trump):
                    ruff = True
            if ruff:
                sc = 10 + val
        return sc
    sc = 40 - val
    if not me_decl:  # a defender's low leads: the suits the declarer is short in first (nodes x0.97, issue 40)
        sc -= 16 * pop8(opp)
    if me_decl and popcount(hdecl) >= 8:
        # the declarer early in the play (his first three leads): his long suits first, where
        # the defenders are short (issue 40's fourth round: nodes x0.94 declarer leads, x0.96 /
        # x0.98 no-trump, geometric means over seeded deals; a defender leads: x1.00)
        sc += 10 * (pop8(suit_of(hdecl, s)) - pop8(opp))
    if part != 0 and highest_bit(part) > highest_bit(opp):
        sc = 130 - val  # towards partner's winner: before any other lead
    elif part == 0 and not me_decl and trump >= 0 and s != trump and suit_of(W[hb + 3 - decl - mover], trump):
        # the partner void and holding trumps ruffs the declarer's card (he must follow): after
        # the leads to the partner's winner, before the winners (issue 40's fourth round:
        # 2 % fewer nodes on trumps, geometric mean of the deals)
        sc = 120 - val
    if s == trump and not me_decl:
        sc -= 20
    return sc


def score_misere_lead(c, mover, decl, hdecl, allh, split_low):
    """A lead's score on misère: the declarer's safe exits first; a defender's leads that force
    him to win, his void suits last. ``split_low``: per suit byte, the higher of the two
    defenders' lowest cards (a void defender's none) — above the lead, that defender must beat it."""
    s = c >> 3
    r = c & 7
    if mover == decl:
        opp = suit_of(allh & ~hdecl, s)
        # a safe exit: some defender must beat it, and the suit stays safe
        if (opp >> (r + 1)) == 0:
            return -r
        if (opp & low_bits(r)) != 0:
            if suit_of(split_low, s) > (ONE << r):
                # one defender holds the suit only above it and must beat it, though the other
                # could play under: an exit the merged cards hide (5 % / 2 % fewer nodes)
                return 220 - r
            return 60 - r
        if suit_safe(suit_of(hdecl, s), opp, True):
            return 200 - r
        return 150 - r
    dcards = suit_of(hdecl, s)  # declarer's cards in the suit
    if dcards == 0:
        # a suit the declarer is void in: tried after every other lead,
        # below any history bonus (measured: 8 % / 2 % fewer misère nodes)
        return 10 - r - VOID_LAST
    if not suit_safe(dcards, suit_of(allh & ~hdecl, s), False):
        if lowest_index(dcards) > r:
            pl = suit_of(split_low, s)  # the partner's lowest card of the suit (0: void)
            if pl == 0 or pl < (dcards & -dcards):
                return 250 + r  # he must win it: the partner can stay under too
            return 200 + r
        return 150 - r
    return 100 - r if lowest_index(dcards) > r else 50 - r


def score_follow(c, trump, wins, beaten, sw, sb, sn):
    """A card's score in second or third hand on trumps or no-trump, from what the node knows
    once (:func:`order_moves`): ``wins``, the cards that beat the trick's best card so far;
    ``beaten``, the cards the last hand can beat; the score of a winner ``sw`` (``sb`` if the
    last hand can beat it), of a card that does not win ``sn`` — less the card's value, so
    the lowest card of a kind first."""
    val = (c & 7) + (8 if (c >> 3) == trump else 0)
    if (wins >> c) & 1:
        if (beaten >> c) & 1:
            return sb - val
        return sw - val
    return sn - val


def score_misere_follow(c, wins, bs, case, trump, hdecl, allh):
    """A card's score in second or third hand on misère (``wins``: the cards that beat the
    trick so far, ``bs`` its best card's suit): the declarer ducks (``case`` 0: a discard
    from a suit the catchers can force first), the defenders make him win (``case`` 1: his
    card wins, or he plays after the mover, in third hand)."""
    r = c & 7
    if case == 0:
        if (wins >> c) & 1:
            return r
        s = c >> 3
        if s != bs and not suit_safe(suit_of(hdecl, s), suit_of(allh & ~hdecl, s), False):
            return 150 + r  # a discard from a suit the catchers can force: first
        return 100 + r
    val = r + (8 if (c >> 3) == trump else 0)
    if case == 1:  # keep the card to beat low
        return (100 + val) if not (wins >> c) & 1 else -val
    return 50 + val


def sort_moves(W, mv, n):
    """The ply's moves (``W[mv:mv + n]``) in order of their scores (``W_SCORE``), best first
    (insertion sort, stable: n <= 10; the scores are left as they are when n is 2)."""
    if n == 2:  # the commonest case after a lead: one compare
        if W[W_SCORE + 1] > W[W_SCORE]:
            c = W[mv]
            W[mv] = W[mv + 1]
            W[mv + 1] = c
        return
    for i in range(1, n):
        c = W[mv + i]
        sc = W[W_SCORE + i]
        j = i - 1
        while j >= 0 and W[W_SCORE + j] < sc:
            W[mv + j + 1] = W[mv + j]
            W[W_SCORE + j + 1] = W[W_SCORE + j]
            j -= 1
        W[mv + j + 1] = c
        W[W_SCORE + j + 1] = sc


def order_moves(W, d, n, mover, nt, leader, ts, cfg):
    """Sort the ply's moves by a heuristic score, best first (DDS's weight functions: a lead
    :func:`score_lead` / :func:`score_misere_lead`, a later card :func:`score_follow` /
    :func:`score_misere_follow`); on leads the history of cutoffs (``W_HIST``) adds to the
    score. On a talon-led trick (``ts``: its suit, else -1) every card follows the talon's
    suit, the first one too."""
    trump = cfg[C_TRUMP]
    misere = cfg[C_MISERE]
    decl = cfg[C_DECL]
    hb = d * PLY + W_H
    tcb = d * PLY + W_TC
    mv = d * PLY + W_MV
    me_decl = mover == decl
    if nt == 0 and ts < 0:
        hdecl = W[hb + decl]
        allh = W[hb] | W[hb + 1] | W[hb + 2]
        hist = W_HIST + (1 if me_decl else 0) * 32
        # the killer: the last lead of this side that cut with as many tricks left (issue 40's
        # sixth round: single deals 1-3 % fewer nodes; not on misère, where the history weighted
        # by the tricks left decides and a killer saved no time, nor with a kept table — the
        # layouts' loop, where it cost up to 12 % more nodes on spades)
        killer = -1
        if not misere and not cfg[C_REUSE]:
            killer = W[W_KILL + 2 * (W[d * PLY + W_CARDS] // 3) + (1 if me_decl else 0)]
        split_low = 0
        if misere and not me_decl:
            # per suit, the partner's lowest card (score_misere_lead's forcing leads)
            hp = W[hb + 3 - decl - mover]
            for s in range(4):
                a = suit_of(hp, s)
                split_low |= (a & -a) << (8 * s)
        if misere and me_decl:
            # per suit, the higher of the two defenders' lowest cards (score_misere_lead's exits)
            ha = W[hb + (decl + 1) % 3]
            hb2 = W[hb + (decl + 2) % 3]
            for s in range(4):
                a = suit_of(ha, s)
                b = suit_of(hb2, s)
                m = a & -a
                if (b & -b) > m:
                    m = b & -b
                split_low |= m << (8 * s)
        for i in range(n):
            c = W[mv + i]
            if misere:
                sc = score_misere_lead(c, mover, decl, hdecl, allh, split_low)
            else:
                sc = score_lead(W, hb, c, mover, decl, trump, hdecl, allh)
            W[W_SCORE + i] = sc * HW + W[hist + c] + (KILL_BONUS if c == killer else 0)
        sort_moves(W, mv, n)
        return
    best = W[d * PLY + W_WIN] & BYTE  # the trick's best card and its seat, kept in the ply (search_with)
    bseat = W[d * PLY + W_WIN] >> 8
    if ts >= 0:
        # a talon trick: against no card yet, any card of its suit wins, as a trump would
        # (there are no trumps on raspasovka), so ``beats`` serves with the suit as trump
        trump = ts
        best, bseat = -1, -1
        for i in range(nt):
            if beats(W[tcb + i], best, trump):
                best = W[tcb + i]
                bseat = (leader + i) % 3
    # the node's weights once (DDS's weight functions per case), the cards' kinds as masks:
    # second hand low unless the last hand cannot beat it, third hand the cheapest winner
    # unless the partner's card holds
    bs = best >> 3
    wins = 0
    if best >= 0:
        wins = (BYTE << (bs * 8)) & ~low_bits(best + 1)  # above the best card in its suit
    if trump >= 0 and bs != trump:
        wins |= BYTE << (trump * 8)  # or a trump on another suit
    if misere:
        hdecl = W[hb + decl]
        allh = W[hb] | W[hb + 1] | W[hb + 2]
        case = 0 if me_decl else (1 if bseat == decl or (nt == 1 and (leader + 2) % 3 == decl) else 2)
        for i in range(n):
            W[W_SCORE + i] = score_misere_follow(W[mv + i], wins, bs, case, trump, hdecl, allh)
        sort_moves(W, mv, n)
        return
    partner_winning = (bseat == decl) == me_decl
    beaten = 0
    sn = 50
    if nt == 1 and ts < 0:
        # second hand: what the last hand can beat decides (his cards of the led suit under
        # his top one, else, if he can ruff, the led suit and the trumps under his top one)
        last = leader + 2
        if last >= 3:
            last -= 3
        hl = W[hb + last]
        lf = suit_of(hl, bs)
        if lf:
            beaten = low_bits(highest_bit(lf)) << (bs * 8)
        elif trump >= 0 and bs != trump and suit_of(hl, trump):
            beaten = (BYTE << (bs * 8)) | (low_bits(highest_bit(suit_of(hl, trump))) << (trump * 8))
        lead_holds = ((beaten >> best) & 1) == 0
        if partner_winning and lead_holds:
            sw = 20  # partner's card holds: play low
            sb = 20
        elif (last == decl) == me_decl and not lead_holds:
            sw = 50  # partner, last, can win: play low
            sb = 50
            sn = 100
        else:
            sw = 120  # a card the last hand cannot beat first; one he can, after the low cards
            sb = 60
    elif partner_winning:
        sw = 20
        sb = 20
    else:
        sw = 100
        sb = 100
    for i in range(n):
        W[W_SCORE + i] = score_follow(W[mv + i], trump, wins, beaten, sw, sb, sn)
    sort_moves(W, mv, n)


def table_move_first(W, d, n, bm, alive_all, hand):
    """Put the table's best move (or the card of the mover's equivalent to it) first."""
    s = bm >> 3
    mv = d * PLY + W_MV
    for j in range(n):
        c = W[mv + j]
        if (c >> 3) == s:
            lo = c if c < bm else bm
            hi = bm if c < bm else c
            span = low_bits(hi - lo)
            between = ((alive_all >> lo) & span) >> 1
            ownbits = ((hand >> lo) & span) >> 1
            if c == bm or between == ownbits:
                for k in range(j, 0, -1):
                    W[mv + k] = W[mv + k - 1]
                W[mv] = c
                return


# ---------------------------------------------------------------- constraints

def constrain_moves(legal, cs, mover, nt, lead_card, cfg, pen_mask, pen_flags, plan_cards):
    """The legal cards narrowed by the constraints (the lead ruling, penalty cards, a plan),
    and the plan's state at this move: 0 none, 1 the plan's card is played, 2 the plan breaks."""
    trump = cfg[C_TRUMP]
    planned = 0
    if nt == 0 and (cs & CS_LEAD) and mover == cfg[C_LEAD_SEAT]:
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
    pm = pen_mask[mover] & legal
    while pm:
        c = lowest_index(pm)
        pm &= pm - 1
        f = pen_flags[c]
        if f & P_ANY:
            forced |= ONE << c
        elif nt == 0:
            if f & P_LEAD:
                forced |= ONE << c
        elif (c >> 3) == (lead_card >> 3):
            if f & P_SUIT:
                forced |= ONE << c
        elif (f & P_RUFF) and (c >> 3) == trump:
            forced |= ONE << c
    if forced:
        legal = forced
    if (cs >> CS_PLAN_ON) & 1:
        side_def = 0 if mover == cfg[C_DECL] else 1
        if side_def == cfg[C_PLAN_SIDE]:
            nxt = plan_cards[(cs >> CS_PLAN_IX) & 31]
            if legal & (ONE << nxt):
                legal = ONE << nxt
                planned = 1
            else:
                planned = 2  # the plan breaks here
    return legal, planned


def constraint_state_after(cs, nt, mover, planned, cfg):
    """The constraint state word after the mover's card (lead ruling spent, plan advanced)."""
    if nt == 0 and mover == cfg[C_LEAD_SEAT]:
        cs &= ~CS_LEAD
    if (cs >> CS_PLAN_ON) & 1:
        if planned == 1:
            ix = ((cs >> CS_PLAN_IX) & 31) + 1
            cs = (cs & ~(low_bits(5) << CS_PLAN_IX)) | (ix << CS_PLAN_IX)
            if ix >= cfg[C_PLAN_LEN]:
                cs &= ~(ONE << CS_PLAN_ON)
        elif planned == 2:
            cs &= ~(ONE << CS_PLAN_ON)
    return cs


# ---------------------------------------------------------------- raspasovka: the talon-led tricks
# The first tricks of a raspasovka are led by the talon's cards: first hand plays first,
# everyone follows the talon card's suit if he can, the highest card of that suit wins.
# How many are left is part of the state word (bits CS_TALON), so of the table key.

def talon_suit(cs, cfg):
    """The suit leading the current trick if it is a talon trick, else -1 (the talon bits
    are the state word's highest: below them, no talon trick is left)."""
    if cs < TALON_ONE:
        return -1
    n = (cs >> CS_TALON) & 3
    return cfg[C_TALON + n - 1]


def talon_winner(c0, c1, c2, leader, ts, void_rule):
    """The seat whose card of the talon's suit is highest; nobody (-1) if no one had the
    suit, or first hand (seat 0) under ``void_rule`` 1."""
    best = -1
    bseat = -1
    if (c0 >> 3) == ts:
        best = c0
        bseat = leader
    if (c1 >> 3) == ts and c1 > best:
        best = c1
        bseat = (leader + 1) % 3
    if (c2 >> 3) == ts and c2 > best:
        bseat = (leader + 2) % 3
    if bseat < 0 and void_rule:
        bseat = 0
    return bseat


def talon_next_leader(cs_after, winner, cfg):
    """Who leads after a talon trick: first hand, except after the last one when the
    setting gives the lead to its winner (first hand again if nobody took it)."""
    if (cs_after >> CS_TALON) & 3 or winner < 0 or not cfg[C_AFTER]:
        return 0
    return winner


def end_talon_trick(W, d, ld, cs, cfg):
    """Ply d's talon trick is complete (its cards at ply d + 1): score it, name the next
    leader, and return the state word with one talon trick fewer."""
    e = d + 1
    tce = e * PLY + W_TC
    bseat = talon_winner(W[tce], W[tce + 1], W[tce + 2], ld, talon_suit(cs, cfg), cfg[C_VOID])
    cs -= TALON_ONE
    W[e * PLY + W_SC] = W[d * PLY + W_SC] + (cfg[C_REW + bseat] if bseat >= 0 else 0)
    W[e * PLY + W_L] = talon_next_leader(cs, bseat, cfg)
    return cs


# ---------------------------------------------------------------- the null-window driver

def trick_winner(c0, c1, c2, leader, trump):
    best = c0
    bseat = leader
    if beats(c1, best, trump):
        best = c1
        bseat = (leader + 1) % 3
    if beats(c2, best, trump):
        bseat = (leader + 2) % 3
    return bseat


def two_tricks(W, hb, ld, trump, cfg, need):
    """Does the score of the last two tricks from their start, ``ld`` on lead, no
    constraints, reach ``need``? Every line played out (at most 2 x 2 x 2), the last trick
    forced, each seat's loop left at the first card that settles it (a max seat's line that
    reaches ``need``, a min seat's that does not). Cheaper than searching them: the plies,
    the table and the ordering cost more than the lines."""
    maxmask = cfg[C_MAXMASK]
    s1 = (ld + 1) % 3
    s2 = (ld + 2) % 3
    hl = W[hb + ld]
    h1 = W[hb + s1]
    h2 = W[hb + s2]
    m0 = (maxmask >> ld) & 1
    m1 = (maxmask >> s1) & 1
    m2 = (maxmask >> s2) & 1
    la = hl
    while la:
        a = lowest_index(la)
        la &= la - 1
        ra = lowest_index(hl ^ (ONE << a))
        b1 = 1 - m1  # a max seat: no line reaches need yet; a min seat: every line so far does
        l1 = legal_of(h1, 1, a, trump)
        while l1:
            b = lowest_index(l1)
            l1 &= l1 - 1
            rb = lowest_index(h1 ^ (ONE << b))
            b2 = 1 - m2
            l2 = legal_of(h2, 1, a, trump)
            while l2:
                c = lowest_index(l2)
                l2 &= l2 - 1
                rc = lowest_index(h2 ^ (ONE << c))
                w = trick_winner(a, b, c, ld, trump)
                if w == ld:  # the last trick, its cards in the order its leader ``w`` starts
                    w2 = trick_winner(ra, rb, rc, w, trump)
                elif w == s1:
                    w2 = trick_winner(rb, rc, ra, w, trump)
                else:
                    w2 = trick_winner(rc, ra, rb, w, trump)
                v = 1 if cfg[C_REW + w] + cfg[C_REW + w2] >= need else 0
                if v == m2:  # settles the third seat's choice
                    b2 = v
                    break
            if b2 == m1:
                b1 = b2
                break
        if b1 == m0:
            return b1
    return 1 - m0


def search_with(root_h, root_leader, root_nt, root_tc, root_cs, target, cfg, pen_mask, pen_flags,
                plan_cards, tt, ttlen, gen, stats, SQ, REP, SPREAD, NTH, W):
    """Does the max side reach ``target`` (score summed over the remaining tricks)?

    Returns 1 (yes), 0 (no) or -1 (node budget exhausted). ``stats[S_BEST]`` gets the
    root move that decided it (or -1). ``W`` is the work vector (plies, move lists and the
    history of the leads, which the caller clears or keeps).
    """
    trump = cfg[C_TRUMP]
    decl = cfg[C_DECL]
    misere = cfg[C_MISERE]
    cons = cfg[C_CONS]
    use_bounds = cfg[C_BOUNDS]
    absolute = cfg[C_ABS]
    maxrew = cfg[C_MAXREW]
    maxmask = cfg[C_MAXMASK]
    reuse = cfg[C_REUSE]
    special = cfg[C_SPECIAL]
    ctx = cfg[C_CTX]
    ttmask = (ttlen >> 1) - 1
    budget = stats[S_BUDGET] - stats[S_NODES]  # nodes left; counted locally, stored on return
    nodes = 0
    e1 = (decl + 1) % 3
    e2 = (decl + 2) % 3
    # cards in the hands at the root (a ply plays one: root_cards - d at ply d)
    root_cards = popcount(root_h[0]) + popcount(root_h[1]) + popcount(root_h[2])
    talon = root_cs >= TALON_ONE  # raspasovka with talon tricks to play: checked per ply below
    # the table's keys up to a permutation of the suits (suit_canon) without trumps (misère and
    # no-trump) with nothing naming a suit (constraints, talon tricks, absolute ranks), when the
    # table is kept from one search to the next (the layouts' loop: misère 3–30 % fewer nodes,
    # no-trump 4–12 %; a single deal meets too few permuted positions to pay the sort; on trumps,
    # the side suits alone permuted cost more than they saved: benchmarks/log, issue 40's fourth
    # misère round and fifth round)
    canon = trump < 0 and reuse and not cons and not talon and not absolute

    for i in range(3):
        W[W_H + i] = root_h[i]
        W[W_TC + i] = root_tc[i]
    W[W_L] = root_leader
    W[W_NT] = root_nt
    W[W_CS] = root_cs
    W[W_SC] = 0
    W[W_CARDS] = root_cards
    W[W_ALIVE] = root_h[0] | root_h[1] | root_h[2]
    for i in range(root_nt):
        W[W_ALIVE] |= ONE << root_tc[i]
        if i == 0 or beats(root_tc[i], W[W_WIN] & BYTE, trump):
            W[W_WIN] = root_tc[i] | (((root_leader + i) % 3) << 8)
    # a card alone in its run of the mover's legal cards, after the lead, is played in the ply
    # of the card before it (counted as a node, as it was one): see status 1
    forcing = not cons and not talon and special == 0
    d = 0
    status = 0  # 0 new node, 1 iterate, 2 resolved
    val = 0
    stats[S_BEST] = -1

    while True:
        if status == 0:
            nodes += 1
            if nodes > budget:
                stats[S_NODES] += nodes
                stats[S_ABORT] = 1
                return -1
            hb = d * PLY + W_H
            tcb = d * PLY + W_TC
            nt = W[d * PLY + W_NT]
            ld = W[d * PLY + W_L]
            mover = ld + nt  # (ld + nt) % 3 without a division
            if mover >= 3:
                mover -= 3
            W[d * PLY + W_EXTRA] = -1
            W[d * PLY + W_BEST] = -1
            need = target - W[d * PLY + W_SC]
            W[d * PLY + W_NEED] = need
            h0 = W[hb]
            h1 = W[hb + 1]
            h2 = W[hb + 2]
            total = W[d * PLY + W_CARDS]
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
                c0 = W[tcb] if nt > 0 else lowest_index(W[hb + ld])
                c1 = W[tcb + 1] if nt > 1 else lowest_index(W[hb + (ld + 1) % 3])
                c2 = lowest_index(W[hb + (ld + 2) % 3])
                if talon and W[d * PLY + W_CS] >= TALON_ONE:
                    bseat = talon_winner(c0, c1, c2, ld, talon_suit(W[d * PLY + W_CS], cfg), cfg[C_VOID])
                    val = 1 if bseat >= 0 and cfg[C_REW + bseat] >= need else 0
                else:
                    bseat = trick_winner(c0, c1, c2, ld, trump)
                    val = 1 if cfg[C_REW + bseat] >= need else 0
                status = 2
                continue
            if total == 6 and not cons and (not talon or W[d * PLY + W_CS] < TALON_ONE):
                # two tricks left from their start: played out, not searched
                val = two_tricks(W, hb, ld, trump, cfg, need)
                status = 2
                continue
            if nt == 0:
                # the key first and its bucket fetched from memory while the bounds are
                # computed (a probe is usually a cache miss; bounds first: see RESULTS.md)
                key = position_key(h0, h1, h2, absolute, SQ, SPREAD)
                pcode = SUITS_SAME
                if canon:
                    key, pcode = suit_canon(key)
                W[d * PLY + W_PERM] = pcode
                extra = ld | (ctx << 2) | (W[d * PLY + W_CS] << 12)
                idx = tt_bucket(tt, key, extra, ttmask)
                if use_bounds and (not talon or W[d * PLY + W_CS] < TALON_ONE):  # no bounds on talon tricks
                    partner = W[hb + 3 - decl - ld] if ld != decl else 0
                    if trump >= 0 or not misere:
                        verdict = trick_verdict(W[hb + decl], W[hb + e1], W[hb + e2], W[hb + ld], partner, ld, decl,
                                                trump, need, r)
                    else:
                        verdict = misere_verdict(W[hb + decl], W[hb + e1], W[hb + e2], W[hb + ld], partner, ld, decl,
                                                 need, r)
                    if verdict == 0 or (verdict == 1 and use_bounds == 1):  # 2: the victim's clean exit only
                        val = verdict
                        status = 2
                        continue
                # the table's move kept in canonical places: decoded in its own suit (move_decode)
                hit, bm, at = tt_lookup(tt, idx, key, extra, gen, reuse, need, h0 | h1 | h2, absolute, NTH, pcode)
                if hit >= 0:
                    stats[S_TTHITS] += 1
                    val = hit
                    status = 2
                    continue
                if bm >= 0:
                    W[d * PLY + W_BEST] = bm
                W[d * PLY + W_KEY] = key
                W[d * PLY + W_EXTRA] = extra | (at << E_EXTRA_BITS)  # and where to store it (tt_add)
            # ---- expand
            hand = W[hb + mover]
            ts = talon_suit(W[d * PLY + W_CS], cfg) if talon else -1
            if ts >= 0:  # a talon trick: its card counts as led, first hand follows it too
                fnt = 1
                lead_card = ts * 8
            else:
                fnt = nt
                lead_card = W[tcb]
            legal = legal_of(hand, fnt, lead_card, trump)
            planned = 0
            if cons:
                legal, planned = constrain_moves(legal, W[d * PLY + W_CS], mover, fnt, lead_card, cfg, pen_mask,
                                                 pen_flags, plan_cards)
            W[d * PLY + W_PLANNED] = planned
            alive_all = W[d * PLY + W_ALIVE]  # the hands' and the trick's cards: the hands' at its start
            if nt == 0:
                alive_all = h0 | h1 | h2
                W[d * PLY + W_ALIVE] = alive_all
            n = generate_moves(W, d, legal, alive_all, special, REP)
            W[d * PLY + W_NMV] = n
            W[d * PLY + W_MI] = 0
            W[d * PLY + W_ISMAX] = (maxmask >> mover) & 1
            if n > 1:
                order_moves(W, d, n, mover, nt, ld, ts, cfg)
                bm = W[d * PLY + W_BEST]
                if bm >= 0:
                    table_move_first(W, d, n, bm, alive_all, hand)
            W[d * PLY + W_BEST] = -1
            status = 1
            continue

        if status == 1:
            mi = W[d * PLY + W_MI]
            if mi < W[d * PLY + W_NMV]:
                c = W[d * PLY + W_MV + mi]
                nt = W[d * PLY + W_NT]
                ld = W[d * PLY + W_L]
                mover = ld + nt
                if mover >= 3:
                    mover -= 3
                e = d + 1
                hb = d * PLY + W_H
                tcb = d * PLY + W_TC
                for i in range(3):
                    W[hb + PLY + i] = W[hb + i]
                    W[tcb + PLY + i] = W[tcb + i]
                W[hb + PLY + mover] &= ~(ONE << c)
                W[tcb + PLY + nt] = c
                cs = W[d * PLY + W_CS]
                if cons:
                    cs = constraint_state_after(cs, 1 if talon and cs >= TALON_ONE else nt, mover, W[d * PLY + W_PLANNED], cfg)
                win = c | (mover << 8)  # the trick's best card and its seat, with this card
                if nt > 0 and not beats(c, W[d * PLY + W_WIN] & BYTE, trump):
                    win = W[d * PLY + W_WIN]
                if nt == 2:
                    if not talon or cs < TALON_ONE:
                        bseat = win >> 8
                        W[e * PLY + W_SC] = W[d * PLY + W_SC] + cfg[C_REW + bseat]
                        W[e * PLY + W_L] = bseat
                    else:
                        cs = end_talon_trick(W, d, ld, cs, cfg)
                    W[e * PLY + W_NT] = 0
                else:
                    W[e * PLY + W_SC] = W[d * PLY + W_SC]
                    W[e * PLY + W_L] = ld
                    W[e * PLY + W_NT] = nt + 1
                    W[e * PLY + W_ALIVE] = W[d * PLY + W_ALIVE]
                    W[e * PLY + W_WIN] = win
                W[e * PLY + W_CS] = cs
                W[e * PLY + W_CARDS] = W[d * PLY + W_CARDS] - 1
                d = e
                status = 0
                if forcing and nt < 2:
                    # the next cards of the trick while forced (one run of equivalent legal
                    # cards): played here, each counted as the node it was — that node would
                    # pass its child's value up unchanged (no table, no history after the lead)
                    fb = e * PLY
                    fnt = nt + 1
                    lead_card = W[fb + W_TC]
                    while fnt < 3:
                        m = ld + fnt
                        if m >= 3:
                            m -= 3
                        hand = W[fb + W_H + m]
                        legal = legal_of(hand, fnt, lead_card, trump)
                        s = lowest_index(legal) >> 3
                        if (legal >> (s * 8)) > BYTE:
                            break  # cards of two suits
                        reps = rep_of(REP, suit_of(W[fb + W_ALIVE], s), suit_of(legal, s))
                        if (reps & (reps - 1)) != 0:
                            break
                        nodes += 1
                        if nodes > budget:
                            stats[S_NODES] += nodes
                            stats[S_ABORT] = 1
                            return -1
                        c = s * 8 + lowest_index(reps)
                        W[fb + W_H + m] = hand & ~(ONE << c)
                        W[fb + W_TC + fnt] = c
                        W[fb + W_CARDS] -= 1
                        win = W[fb + W_WIN]
                        if beats(c, win & BYTE, trump):
                            win = c | (m << 8)
                        if fnt == 2:
                            bseat = win >> 8
                            W[fb + W_SC] += cfg[C_REW + bseat]
                            W[fb + W_L] = bseat
                            W[fb + W_NT] = 0
                            break
                        fnt += 1
                        W[fb + W_NT] = fnt
                        W[fb + W_WIN] = win
                continue
            val = 1 - W[d * PLY + W_ISMAX]
            status = 2
            continue

        # status == 2: node d resolved with val
        if W[d * PLY + W_EXTRA] >= 0:
            key = W[d * PLY + W_KEY]
            extra = W[d * PLY + W_EXTRA] & E_EXTRA_MASK
            alive_all = W[d * PLY + W_ALIVE]
            depth = W[d * PLY + W_CARDS] // 3  # tricks left (a table node is a trick start)
            bm = W[d * PLY + W_BEST]
            pcode = W[d * PLY + W_PERM]
            mcode = move_code(bm, alive_all, absolute) if bm >= 0 else 0
            if mcode and pcode != SUITS_SAME:  # the move kept in its suit's canonical place
                mcode += (suit_place(pcode, bm >> 3) - (bm >> 3)) * 8
            tt_add(tt, W[d * PLY + W_EXTRA] >> E_EXTRA_BITS, key, extra, gen, reuse, W[d * PLY + W_NEED], val, mcode, depth)
            stats[S_STORES] += 1
        if d == 0:
            stats[S_NODES] += nodes
            stats[S_BEST] = W[W_BEST]
            return val
        d -= 1
        mi = W[d * PLY + W_MI]
        c = W[d * PLY + W_MV + mi]
        mi += 1
        W[d * PLY + W_MI] = mi
        ismax = W[d * PLY + W_ISMAX]
        if val == ismax:
            W[d * PLY + W_BEST] = c
            nt = W[d * PLY + W_NT]
            if nt == 0 and (not talon or W[d * PLY + W_CS] < TALON_ONE):  # a lead (a talon trick's first card is not)
                ld = W[d * PLY + W_L]
                hix = W_HIST + (1 if ld == decl else 0) * 32 + c
                if misere:
                    # misère: cutoffs near the root weigh most (4 to the tricks left)
                    W[hix] += ONE << (2 * popcount(W[d * PLY + W_H + ld]))
                else:
                    W[hix] += W[d * PLY + W_NMV] - mi + 1
                    W[W_KILL + 2 * (W[d * PLY + W_CARDS] // 3) + (1 if ld == decl else 0)] = c
            stats[S_CUT + nt * 2 + (1 if mi > 1 else 0) + (6 if ismax else 0)] += 1
            status = 2
        else:
            status = 1


def clear_history(W):
    for i in range(64):
        W[W_HIST + i] = 0
    for i in range(24):
        W[W_KILL + i] = -1


def first_guess(root_h, trump, decl):
    """MTD(f)'s first guess for a trump contract: the declarer's tricks, counted from his hand.

    In quarter tricks: each suit's top live card 5, the second 2 (with two cards in the
    suit), the third 1 (with three); a trump 3 more, its top three cards 1 more each; his
    longest suit 1 a card; less the longer defender's trumps, less 7 — a least-squares fit
    of the values of random deals (benchmarks/RESULTS.md, "the null-window driver"),
    rounded up from half a trick: a first pass the declarer fails is cheaper than one he
    makes, so the guess errs high. Only the node count depends on it, never the value.
    """
    hd = root_h[decl]
    alive = root_h[0] | root_h[1] | root_h[2]
    q = -7
    longest = 0
    for s in range(4):
        mine = (hd >> (8 * s)) & BYTE
        live = (alive >> (8 * s)) & BYTE
        n = popcount(mine)
        if n > longest:
            longest = n
        if s == trump:
            q += 3 * n
        for k in range(3):
            if live == 0:
                break
            top = highest_bit(live)
            if (mine >> top) & 1:
                if s == trump:
                    q += 1
                if k == 0:
                    q += 5
                elif k == 1 and n >= 2:
                    q += 2
                elif k == 2 and n >= 3:
                    q += 1
            live &= ~(ONE << top)
    t1 = popcount((root_h[(decl + 1) % 3] >> (8 * trump)) & BYTE)
    t2 = popcount((root_h[(decl + 2) % 3] >> (8 * trump)) & BYTE)
    q += longest - (t1 if t1 > t2 else t2)
    if q < -4:
        return 0
    return (q + 4) // 4


def first_guess_misere(root_h, decl, n):
    """MTD(f)'s first guess on misère: the tricks the defence forces on the declarer, ``n`` left.

    In quarter tricks: 1.7 a trick left; 2 for each round of a suit in which the declarer's
    lowest card left is above the lowest of each defender holding the suit (led round after
    round, he must win it); less 2 for each of his cards among a suit's two lowest live ones.
    Rounded down (a least-squares fit of random deals' values, biased low: in misère a first
    guess too high costs far more than one too low; benchmarks/RESULTS.md). Nodes only.
    """
    hd = root_h[decl]
    ha = root_h[(decl + 1) % 3]
    hb = root_h[(decl + 2) % 3]
    q = (17 * n) // 10
    for s in range(4):
        mine = (hd >> (8 * s)) & BYTE
        a = (ha >> (8 * s)) & BYTE
        b = (hb >> (8 * s)) & BYTE
        live = mine | a | b
        low = live & (live - 1)  # the live cards but the lowest
        low = (live & -live) | (low & -low)  # the two lowest
        q -= 2 * popcount(mine & low)
        while mine != 0 and (a != 0 or b != 0):
            m = mine & -mine
            x = a & -a
            y = b & -b
            if m > x and m > y:
                q += 2
            mine ^= m
            a ^= x
            b ^= y
    if q < 0:
        return 0
    return q // 4


def mtd_with(root_h, root_leader, root_nt, root_tc, root_cs, lo, hi, guess, cfg, pen_mask, pen_flags,
             plan_cards, tt, ttlen, gen, stats, SQ, REP, SPREAD, NTH, W):
    """Exact score in [lo, hi] by repeated null-window searches from ``guess``.

    A negative ``guess`` asks for :func:`first_guess` (trump) or :func:`first_guess_misere`
    (``hi`` the tricks left: a misère score is the declarer's tricks). Returns the
    value, or -1 if the node budget ran out. The history of the leads is kept from one
    search to the next.
    """
    clear_history(W)
    return mtd_loop(root_h, root_leader, root_nt, root_tc, root_cs, lo, hi, guess, cfg, pen_mask, pen_flags, plan_cards,
                    tt, ttlen, gen, stats, SQ, REP, SPREAD, NTH, W)


def mtd_loop(root_h, root_leader, root_nt, root_tc, root_cs, lo, hi, guess, cfg, pen_mask, pen_flags,
             plan_cards, tt, ttlen, gen, stats, SQ, REP, SPREAD, NTH, W):
    """:func:`mtd_with` on the history of the leads as it is (the layouts' loop may keep it)."""
    g = guess
    if g < 0:
        if cfg[C_MISERE]:
            g = first_guess_misere(root_h, cfg[C_DECL], hi)
        elif cfg[C_TRUMP] >= 0:
            g = first_guess(root_h, cfg[C_TRUMP], cfg[C_DECL])
        else:
            g = (lo + hi + 1) // 2
    if g < lo:
        g = lo
    if g > hi:
        g = hi
    while lo < hi:
        t = g if g > lo else lo + 1
        r = search_with(root_h, root_leader, root_nt, root_tc, root_cs, t, cfg, pen_mask, pen_flags,
                        plan_cards, tt, ttlen, gen, stats, SQ, REP, SPREAD, NTH, W)
        if r < 0:
            return -1
        if r == 1:
            lo = t
            g = t + 1
        else:
            hi = t - 1
            g = t - 1
    return lo


# ---------------------------------------------------------------- many layouts of one position

def child_root(RH, root_leader, root_nt, root_tc, c, mover, trump, cfg, CH, CTC):
    """The root after the mover plays ``c``: its hands into ``CH``, its trick into ``CTC``;
    returns the child's leader, cards in its trick, and the reward of the trick ``c`` ends."""
    for i in range(3):
        CH[i] = RH[i]
        CTC[i] = root_tc[i]
    CH[mover] &= ~(ONE << c)
    if root_nt == 2:
        w = trick_winner(root_tc[0], root_tc[1], c, root_leader, trump)
        CTC[0] = 0
        CTC[1] = 0
        CTC[2] = 0
        return w, 0, cfg[C_REW + w]
    CTC[root_nt] = c
    return root_leader, root_nt + 1, 0


def run_rep(RH, root_nt, root_tc, c, mover, trump, REP):
    """The lowest card of the run ``c`` belongs to in the mover's hand (cards of one suit with
    no live card between them; the trick's cards count as live), or -1 if ``c`` is not a
    legal card of his here."""
    hand = RH[mover]
    legal = legal_of(hand, root_nt, root_tc[0], trump)
    if not ((legal >> c) & 1):
        return -1
    alive_all = RH[0] | RH[1] | RH[2]
    for i in range(root_nt):
        alive_all |= ONE << root_tc[i]
    s = c >> 3
    reps = rep_of(REP, suit_of(alive_all, s), suit_of(hand, s)) & low_bits((c & 7) + 1)
    return s * 8 + highest_bit(reps)


def layouts_with(lay, nlay, out, mode, cards, ncards, root_leader, root_nt, root_tc, flags, RH, CH, CTC, X,
                 cfg, pen_mask, pen_flags, plan_cards, tt, ttlen, gen, stats, SQ, REP, SPREAD, NTH, W):
    """Many layouts of one position, the table kept from one to the next: layout ``i`` is the
    hands ``lay[3 i .. 3 i + 2]``, the trick, leader and configuration the same in all.

    ``mode`` 0: ``out[i]`` the exact score of layout ``i``. Mode 1: ``out[i * ncards + j]``
    the score after the mover plays ``cards[j]`` (-1: not a legal card of his there); the
    root's score first bounds the window, cards of one run share a search. Mode 2: is
    ``cards[0]`` ever better for the mover than ``cards[1]``? ``out[i]`` 1 where it is (the
    search stops there), 0 where not, -1 where either card is not legal; returns the layout
    it stopped at, ``nlay`` if none. ``flags``: ``L_GUESS`` MTD(f) starts from the previous
    layout's value (neighbouring layouts are close), else from the kernel's first guess;
    ``L_HIST`` the history of the leads is kept from one layout to the next (its ordering
    learnt on one layout serves the next: a third fewer nodes, RESULTS.md), on misère halved
    at each layout.

    Layout ``i`` is generation ``gen + i`` (wrapped): the entries' age, by which the kept
    table forgets (:func:`tt_victim`); every entry stays live.

    Each layout has ``stats[S_BUDGET]`` nodes; ``stats[S_NODES]`` ends with the sum over the
    layouts. Returns ``nlay`` (mode 2: see above), or -1 - i if layout ``i`` ran out of nodes.
    ``RH``, ``CH``, ``CTC``: 3 words each (a root's and a child's hands, the child's trick),
    ``X``: ``ncards`` words (the cards' runs)."""
    trump = cfg[C_TRUMP]
    maxrew = cfg[C_MAXREW]
    mover = (root_leader + root_nt) % 3
    ismax = (cfg[C_MAXMASK] >> mover) & 1
    total = 0
    g = -1
    gb = -1
    prev_guess = flags & L_GUESS
    keep_hist = flags & L_HIST
    clear_history(W)
    for i in range(nlay):
        if not keep_hist:
            clear_history(W)
        elif cfg[C_MISERE]:
            # misère: the history aged, halved at each layout (recent cutoffs weigh most:
            # 6.5 % fewer nodes over 8 hands, none more than 0.5 % more; RESULTS.md, issue 40)
            for j in range(64):
                W[W_HIST + j] >>= 1
        RH[0] = lay[3 * i]
        RH[1] = lay[3 * i + 1]
        RH[2] = lay[3 * i + 2]
        lgen = (gen + i) & E_GEN_MASK  # the layout's number: the table's entries' age (tt_victim)
        hi = maxrew * ((popcount(RH[0]) + popcount(RH[1]) + popcount(RH[2]) + root_nt) // 3)
        stats[S_NODES] = 0
        if mode == 2:
            ra = run_rep(RH, root_nt, root_tc, cards[0], mover, trump, REP)
            rb = run_rep(RH, root_nt, root_tc, cards[1], mover, trump, REP)
            if ra < 0 or rb < 0:
                out[i] = -1
                stats[S_NODES] = total
                return i
            out[i] = 0
            if ra == rb:
                continue
            cl, cn, bank = child_root(RH, root_leader, root_nt, root_tc, cards[1], mover, trump, cfg, CH, CTC)
            if prev_guess and gb >= 0:
                # two null windows at b's last value g (b as good, a no better) settle most layouts, not three
                r = search_with(CH, cl, cn, CTC, 0, gb + 1 - ismax, cfg, pen_mask, pen_flags, plan_cards, tt, ttlen,
                                lgen, stats, SQ, REP, SPREAD, NTH, W)
                if r == ismax:
                    vb = gb + bank
                    cl, cn, bank = child_root(RH, root_leader, root_nt, root_tc, cards[0], mover, trump, cfg, CH, CTC)
                    r = search_with(CH, cl, cn, CTC, 0, vb + ismax - bank, cfg, pen_mask, pen_flags, plan_cards, tt,
                                    ttlen, lgen, stats, SQ, REP, SPREAD, NTH, W)
                    if r == 1 - ismax:
                        total += stats[S_NODES]
                        continue
                    cl, cn, bank = child_root(RH, root_leader, root_nt, root_tc, cards[1], mover, trump, cfg, CH, CTC)
            chi = maxrew * ((popcount(CH[0]) + popcount(CH[1]) + popcount(CH[2]) + cn) // 3)
            vb = mtd_loop(CH, cl, cn, CTC, 0, 0, chi, gb if prev_guess and gb >= 0 else -1, cfg, pen_mask, pen_flags,
                          plan_cards, tt, ttlen, lgen, stats, SQ, REP, SPREAD, NTH, W)
            if vb < 0:
                stats[S_NODES] += total
                return -1 - i
            gb = vb
            vb += bank
            cl, cn, bank = child_root(RH, root_leader, root_nt, root_tc, cards[0], mover, trump, cfg, CH, CTC)
            # a better: max, a >= vb + 1; min, not a >= vb
            r = search_with(CH, cl, cn, CTC, 0, vb + ismax - bank, cfg, pen_mask, pen_flags, plan_cards, tt, ttlen,
                            lgen, stats, SQ, REP, SPREAD, NTH, W)
            if r < 0:
                stats[S_NODES] += total
                return -1 - i
            total += stats[S_NODES]
            if r == ismax:
                out[i] = 1
                stats[S_NODES] = total
                return i
            continue
        v = mtd_loop(RH, root_leader, root_nt, root_tc, 0, 0, hi, g if prev_guess else -1, cfg, pen_mask, pen_flags,
                     plan_cards, tt, ttlen, lgen, stats, SQ, REP, SPREAD, NTH, W)
        if v < 0:
            stats[S_NODES] += total
            return -1 - i
        g = v
        if mode == 0:
            out[i] = v
            total += stats[S_NODES]
            continue
        for j in range(ncards):
            c = cards[j]
            X[j] = run_rep(RH, root_nt, root_tc, c, mover, trump, REP)
            if X[j] < 0:
                out[i * ncards + j] = -1
                continue
            k = 0
            while k < j and X[k] != X[j]:
                k += 1
            if k < j:
                out[i * ncards + j] = out[i * ncards + k]
                continue
            cl, cn, bank = child_root(RH, root_leader, root_nt, root_tc, c, mover, trump, cfg, CH, CTC)
            chi = maxrew * ((popcount(CH[0]) + popcount(CH[1]) + popcount(CH[2]) + cn) // 3)
            if ismax:
                top = v - bank
                if top > chi:
                    top = chi
                if top < 0:
                    top = 0
                w = mtd_loop(CH, cl, cn, CTC, 0, 0, top, v - bank, cfg, pen_mask, pen_flags, plan_cards, tt, ttlen,
                             lgen, stats, SQ, REP, SPREAD, NTH, W)
            else:
                bot = v - bank
                if bot < 0:
                    bot = 0
                w = mtd_loop(CH, cl, cn, CTC, 0, bot, chi, v - bank, cfg, pen_mask, pen_flags, plan_cards, tt, ttlen,
                             lgen, stats, SQ, REP, SPREAD, NTH, W)
            if w < 0:
                stats[S_NODES] += total
                return -1 - i
            out[i * ncards + j] = w + bank
        total += stats[S_NODES]
    stats[S_NODES] = total
    return nlay


# the layout compiled in (a digest of its constants), for the check against layout.py (tests)
BUILT_LAYOUT = LAYOUT_HASH

if not cython.compiled:
    # the same source without Cython: NumPy conversions stand in for the .pxd's C casts
    def u64(x):  # the 64 bits of an int64 as uint64 (a C cast)
        return np.int64(x).view(np.uint64)

    def i64(x):  # the 64 bits of a uint64 as int64 (a C cast)
        return np.uint64(x).view(np.int64)

    def tt_prefetch(tt, idx):  # a hint to fetch the bucket into the cache (a C builtin in the .pxd)
        pass

    def highest_bit(b):  # index of the highest set bit of a byte (b > 0)
        i = 7
        while not (b >> i) & 1:
            i -= 1
        return i

    def pop8(b):  # set bits of a byte (a table lookup in the .pxd, ``ctpop`` under Numba)
        return popcount(b)

    def sq_spread(SQ, SPREAD, alive, mine): return SPREAD[SQ[alive * 256 + mine]]  # the tables (.pxd: BMI2's pext, pdep)
    def rep_of(REP, alive, mine): return REP[alive * 256 + mine]  # noqa: E301
    def nth_of(NTH, b, k): return NTH[b * 8 + k]  # noqa: E301
    def spread32(x): return int(SPREAD8[x & 255] | SPREAD8[(x >> 8) & 255] << 16 | SPREAD8[(x >> 16) & 255] << 32 | SPREAD8[x >> 24] << 48)  # noqa: E301, F821

    def lowest_index(x):  # index of the lowest set bit (x > 0)
        i = 0
        while not (x >> i) & 1:
            i += 1
        return i

    if not __name__.endswith("_python"):  # PREFDD_ENGINE=python: leave everything plain
        from solver.engine.numba_kernel import as_pointer, jit_kernel, jit_tables

        TABLES = jit_tables()  # solver/engine/tables.py njit-ed: the misère suits' table below
        _door = jit_kernel(globals())  # every kernel function njit-ed in place (solver/engine/numba_kernel.py)
        # the drivers' doors: arrays in, each buffer's address to the kernel (here, not in
        # numba_kernel.py: cached on disk with this file, they are recompiled when it changes)
        _search_core, _mtd_core, _layouts_core = search_with, mtd_with, layouts_with

        @_door
        def search_with(root_h, root_leader, root_nt, root_tc, root_cs, target, cfg, pen_mask,  # noqa: F811
                        pen_flags, plan_cards, tt, ttlen, gen, stats, SQ, REP, SPREAD, NTH, W):
            return _search_core(as_pointer(root_h), root_leader, root_nt, as_pointer(root_tc), root_cs, target,
                                as_pointer(cfg), as_pointer(pen_mask), as_pointer(pen_flags), as_pointer(plan_cards),
                                as_pointer(tt), ttlen, gen, as_pointer(stats), as_pointer(SQ), as_pointer(REP),
                                as_pointer(SPREAD), as_pointer(NTH), as_pointer(W))

        @_door
        def mtd_with(root_h, root_leader, root_nt, root_tc, root_cs, lo, hi, guess, cfg, pen_mask,  # noqa: F811
                     pen_flags, plan_cards, tt, ttlen, gen, stats, SQ, REP, SPREAD, NTH, W):
            return _mtd_core(as_pointer(root_h), root_leader, root_nt, as_pointer(root_tc), root_cs, lo, hi, guess,
                             as_pointer(cfg), as_pointer(pen_mask), as_pointer(pen_flags), as_pointer(plan_cards),
                             as_pointer(tt), ttlen, gen, as_pointer(stats), as_pointer(SQ), as_pointer(REP),
                             as_pointer(SPREAD), as_pointer(NTH), as_pointer(W))

        @_door
        def layouts_with(lay, nlay, out, mode, cards, ncards, root_leader, root_nt, root_tc, flags, RH,  # noqa: F811
                         CH, CTC, X, cfg, pen_mask, pen_flags, plan_cards, tt, ttlen, gen, stats, SQ, REP, SPREAD, NTH, W):
            return _layouts_core(as_pointer(lay), nlay, as_pointer(out), mode, as_pointer(cards), ncards, root_leader,
                                 root_nt, as_pointer(root_tc), flags, as_pointer(RH), as_pointer(CH), as_pointer(CTC),
                                 as_pointer(X), as_pointer(cfg), as_pointer(pen_mask), as_pointer(pen_flags),
                                 as_pointer(plan_cards), as_pointer(tt), ttlen, gen, as_pointer(stats), as_pointer(SQ),
                                 as_pointer(REP), as_pointer(SPREAD), as_pointer(NTH), as_pointer(W))


# MISERE_SUITS, SPREAD8: the misère suits' table (misere_ceiling), filled by solver/engine/tables.py.
# Compiled, C constants (kernel.pxd: tables.h, written at build time). Uncompiled, filled here at
# import by tables.py's functions, njit-ed under Numba (numba_kernel.jit_tables), before any search
# is compiled (Numba freezes the arrays into the code as constants); plain Python, about a second.
if not cython.compiled:
    if __name__.endswith("_python"):
        from solver.engine import tables as TABLES
    fill_tables = TABLES.fill_tables  # SQ, REP, SPREAD, NTH, for the entry points (searcher.build_tables)
    globals()["MISERE_SUITS"] = np.zeros(65536, np.uint8)
    globals()["SPREAD8"] = np.zeros(256, np.int64)  # spread8 of every byte
    TABLES.spread8_fill(SPREAD8)  # noqa: F821
    TABLES.misere_suits_fill(MISERE_SUITS)  # noqa: F821
