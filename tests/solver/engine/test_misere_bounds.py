"""The "every trick left" bounds of the kernel on positions worked out by hand, and against the reference.

``misere_escapes`` (kernel.py) says the misère declarer surely loses one of the next two
tricks, ``defence_takes_next`` that the defenders surely win the coming trick (trumps or
no-trump): a search that needs *every* trick left from the declarer stops at once. These
tests call the kernel's plain Python run (the same source the compilers build) and check
each claim with the reference search, which has no bounds. At the end, the order in which
``order_moves`` tries the misère declarer's discards, on hands worked out the same way.
"""
from helpers.bound_calls import K, seats, takes_next, tpos, tverdict
from helpers.bound_calls import mverdict as verdict
from helpers.strategies import positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import Position
from solver import reference as ref
from solver.engine.tables import misere_suit_index


def pos(h0, h1, h2, declarer, leader):
    return Position([h0.split(), h1.split(), h2.split()], "misere", declarer, leader)


def escapes(p):
    """misere_escapes at a trick start, the hands passed as search_with passes them."""
    hd, he1, he2, hl, part, ld, d = seats(p)
    return bool(K.misere_escapes(hd, he1, he2, hl, part, ld == d))


# ---------------------------------------------------------------- the declarer on lead

def test_declarer_on_lead_escapes_under_a_defender_who_must_beat_him():
    # Declarer 0 leads the 7s; seat 1 holds only the 9s in spades and must play it over him:
    # he loses the first trick, so he cannot take both. (Seat 2's 8s is below the 9s.)
    p = pos("7s Ad", "9s Kd", "8s Qd", 0, 0)
    assert escapes(p)
    assert verdict(p, need=2) == 0
    assert ref.solve(p) < 2


def test_declarer_on_lead_no_escape_when_each_defender_can_play_under():
    # Declarer 0 holds 9s Ad; seat 1 holds 7s Kd, seat 2 8s Qd: under the 9s both play low,
    # under the ace everyone plays low: every lead of his can be ducked — no escape is sure,
    # and indeed the catchers give him both tricks.
    p = pos("9s Ad", "7s Kd", "8s Qd", 0, 0)
    assert not escapes(p)
    assert verdict(p, need=2) == 1  # misere_forced: each of his cards wins when he leads it
    assert ref.solve(p) == 2


def test_a_void_defender_does_not_have_to_beat_him():
    # Seat 1 is void in spades (he discards), seat 2 holds 7s under the declarer's 8s:
    # nobody must beat the 8s; the aces win too. He takes both tricks.
    p = pos("8s Ad", "Kd Qd", "7s Jd", 0, 0)
    assert not escapes(p)
    assert ref.solve(p) == 2


# ---------------------------------------------------------------- a defender on lead

def test_defender_leads_declarer_holds_a_card_under_every_lead():
    # Seat 1 leads; declarer 0 holds the 7s and the 7d, the lowest of both suits the leader
    # holds: he plays under whatever comes.
    p = pos("7s 7d", "9s 8d", "Ks Ad", 0, 1)
    assert escapes(p)
    assert verdict(p, need=2) == 0
    assert ref.solve(p) < 2


def test_defender_leads_partner_must_overtake():
    # Seat 1 leads the 7s (or the 8d). The declarer's spade is the 8s, above the 7s, but seat 2
    # (the leader's partner, playing last) holds only the As: he must beat the 8s. In diamonds
    # the declarer's 7d is under the leader's 8d. So he loses the first trick whatever is led.
    p = pos("8s 7d", "7s 8d", "As Ad", 0, 1)
    assert escapes(p)
    assert ref.solve(p) < 2


def test_defender_leads_under_the_declarer_and_partner_stays_under():
    # Seat 1 leads the 7s under the declarer's 9s, and the partner can follow with the 8s:
    # the declarer must win the first trick — no escape (the merged-hands rule would say the same).
    p = pos("9s Ad", "7s Kd", "8s Qd", 0, 1)
    assert not escapes(p)
    assert verdict(p, need=2) == -1
    assert ref.solve(p) == 2


def test_defender_leads_partner_void_cannot_be_made_to_overtake():
    # As above but the partner (seat 2) is void in spades: he discards, the 9s wins.
    p = pos("9s Ad", "7s Kd", "Qh Qd", 0, 1)
    assert not escapes(p)
    assert ref.solve(p) == 2


def test_forced_first_then_an_exit():
    # Seat 1 leads the 7s, his partner follows with the 8s: the declarer's 9s must win. But
    # then he leads the 7d and seat 1 (who followed in spades, so still holds the 8d) must beat
    # it: he loses the second trick. The bound sees both steps.
    p = pos("9s 7d", "7s 8d", "8s Ad", 0, 1)
    assert escapes(p)
    assert verdict(p, need=2) == 0
    assert ref.solve(p) == 1


def test_an_exit_a_discard_can_take_away_is_no_escape():
    # Seat 1 leads the 7s; seat 2, void in spades, discards his only diamond (the 8d) and the
    # declarer's 9s wins; now nobody holds a diamond over his 7d: he takes both tricks. With
    # two diamonds over the 7d seat 2 could not do that (the next test).
    p = pos("9s 7d", "7s 8s", "8d Kh", 0, 1)
    assert not escapes(p)
    assert verdict(p, need=2) == -1
    assert ref.solve(p) == 2


def test_a_robust_exit_survives_the_discard():
    p = pos("9s 7d Ah", "7s 8s Kh", "8d 9d Qh", 0, 1)
    assert escapes(p)
    assert ref.solve(p) < 3


def test_needs_all_tricks_only():
    # The escape only removes the last trick he could be forced to: with one trick needed of
    # two, the bound says nothing (the catchers may still force one).
    p = pos("7s Ad", "9s Kd", "8s Qd", 0, 0)
    assert escapes(p)
    assert verdict(p, need=1) != 0
    assert ref.solve(p) == 1


# ---------------------------------------------------------------- soundness on random positions

@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=1, max_cards=4, mid_trick=False, strains=["misere"]))
def test_an_escape_is_never_wrong(p):
    """Whenever misere_escapes claims the coming trick is lost, the declarer cannot be made to
    take every trick left (reference search)."""
    if escapes(p):
        assert ref.solve(p) < p.hands[0].bit_count()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=1, max_cards=4, mid_trick=False, strains=["misere"]), st.integers(1, 4))
def test_misere_verdicts_agree_with_the_reference(p, need):
    """misere_verdict: 1 only if he takes at least ``need``, 0 only if he takes fewer."""
    r = p.hands[0].bit_count()
    if need > r:
        return
    v = verdict(p, need)
    if v >= 0:
        assert (ref.solve(p) >= need) == (v == 1)


# ---------------------------------------------------------------- trumps and no-trump: the defenders take the coming trick

def test_declarer_leads_every_suit_beaten():
    # No-trump, the declarer leads from Ks Kd: the As and the Ad are out against him.
    p = tpos("Ks Kd", "As 7d", "7s Ad", "nt", 0, 0)
    assert takes_next(p)
    assert tverdict(p, need=2) == 0
    assert ref.solve(p) == 0


def test_declarer_leads_a_top_card():
    # His As cannot be beaten (no trumps): the coming trick is not surely lost; he takes both.
    p = tpos("As Kd", "Ks 7d", "7s 8d", "nt", 0, 0)
    assert not takes_next(p)
    assert tverdict(p, need=2) != 0
    assert ref.solve(p) == 2


def test_declarer_leads_a_side_suit_a_void_defender_ruffs():
    # Hearts trumps: his Ac is the top club, but seat 2 is void in clubs with a trump; his Kh
    # loses to the Ah.
    p = tpos("Ac Kh", "7c Ah", "7h 8s", "h", 0, 0)
    assert takes_next(p)
    assert ref.solve(p) < 2


def test_defender_leads_to_the_partner_s_top_card():
    # Seat 1 leads the 7s; seat 2 (second) plays the As over anything the declarer holds.
    p = tpos("Ks Kd", "7s 8d", "As 9d", "nt", 0, 1)
    assert takes_next(p)
    assert tverdict(p, need=2) == 0
    assert ref.solve(p) < 2


def test_defender_leads_a_suit_the_declarer_cannot_follow_or_ruff():
    p = tpos("Ah Ad", "7s 8s", "9s Ks", "nt", 0, 1)
    assert takes_next(p)
    assert ref.solve(p) < 2


def test_defender_leads_the_partner_ruffs_while_the_declarer_follows():
    # Hearts trumps: seat 1 leads the 7s, seat 2 (void in spades) ruffs with the 7h, the
    # declarer must follow with the Ks.
    p = tpos("Ks Ac", "7s 8c", "7h 9c", "h", 0, 1)
    assert takes_next(p)
    assert ref.solve(p) < 2


def test_defender_leads_into_the_declarer_s_ruff():
    # Hearts trumps, the declarer void in spades with the 7h: he ruffs the spade lead and
    # cashes the Ad — both tricks; the bound must not claim the coming trick.
    p = tpos("7h Ad", "7s 8s", "9s Ks", "h", 0, 1)
    assert not takes_next(p)
    assert tverdict(p, need=2) != 0
    assert ref.solve(p) == 2


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=1, max_cards=4, mid_trick=False, strains=["s", "h", "nt"]))
def test_the_defence_taking_the_next_trick_is_never_wrong(p):
    if takes_next(p):
        assert ref.solve(p) < p.hands[0].bit_count()


# ---------------------------------------------------------------- the declarer's discards (order_moves)

def discard_order(p, led):
    """The order in which order_moves tries the misère declarer's cards, second in hand after
    ``led`` (the leader's card, already out of his hand), as the search's ply 0 holds them."""
    import numpy as np

    from solver import Card
    from solver.engine import layout as L

    W = np.zeros(L.WORK_SIZE, np.int64)  # the plain kernel's arrays (searcher.py makes them for an engine)
    cfg = np.zeros(L.CFG_SIZE, np.int64)
    cfg[L.C_TRUMP] = -1
    cfg[L.C_MISERE] = 1
    cfg[L.C_DECL] = int(p.declarer)
    c = int(Card.parse(led))
    for i in range(3):
        W[L.W_H + i] = p.hands[i] & ~(1 << c)
    W[L.W_TC] = c
    W[L.W_WIN] = c | (int(p.leader) << 8)  # the trick's best card and its seat (search_with keeps it)
    mine = [int(x) for x in p.hand(p.declarer)]
    for i, x in enumerate(mine):
        W[L.W_MV + i] = x
    K.order_moves(W, 0, len(mine), int(p.declarer), 1, int(p.leader), -1, cfg)
    return [str(Card(int(W[L.W_MV + i]))) for i in range(len(mine))]


def after(p, *cards):
    """The reference value after ``cards`` are played."""
    from solver import Card

    q = p.copy()
    for c in cards:
        q.play(Card.parse(c))
    return ref.solve(q)


def test_the_declarer_discards_from_the_suit_the_catchers_can_force_first():
    # Seat 2 leads the 8h, the declarer (0) is void in hearts and discards, seat 1 plays the
    # 7h under. Keeping the 9s loses: seat 2 then leads the 7s under it (spades unsafe: his
    # 9 over their 7); keeping the Qd does not (diamonds safe: the Kd is over it). So the
    # 9s goes first, though the Qd is the higher card (the rank order alone tried the Qd).
    p = pos("9s Qd", "7h Kd", "8h 7s", 0, 2)
    order = discard_order(p, "8h")
    assert [c.lower() for c in order] == ["9s", "qd"]
    assert after(p, "8h", "9s") == 0 and after(p, "8h", "Qd") == 1  # the reference agrees


def test_a_discard_from_safe_suits_only_is_the_highest_card_first():
    # Both of his suits are safe (the catchers hold only cards over his in each): the rank
    # order stands, the Qd before the 8s.
    p = pos("8s Qd", "7h Kd", "8h 9s", 0, 2)
    assert [c.lower() for c in discard_order(p, "8h")] == ["qd", "8s"]


# ---------------------------------------------------------------- the suits' own games: a ceiling on his tricks
# MISERE_SUITS (tables.misere_suits_fill): per suit holding, k — the most tricks of the suit he can be
# made to win, each one followed by his exit in that suit — and j — what the suit costs after
# his best exit; misere_ceiling adds them up. Seats in a suit: the declarer, "a" (the defender
# after him), "b" (the other).

RANKS = "789TJQKA"
NONE = 15


def suit(cards):
    return sum(1 << RANKS.index(c) for c in cards)


def entry(d, a, b):
    f = int(K.MISERE_SUITS[misere_suit_index(suit(d), suit(a), suit(b))])
    return f & 15, f >> 4


def ceiling(p):
    hd, he1, he2, _hl, _part, ld, d = seats(p)
    return int(K.misere_ceiling(hd, he1, he2, ld == d))


def test_a_suit_both_defenders_must_follow_is_ducked_for_ever():
    # J A against the Q (a) and the K (b): whoever leads, the other must follow, so one trick
    # takes both their cards and he plays the J under it; if one discards his card first, the
    # other's lead meets the J. The ace is then alone in the suit: he never has to play it
    # (he never leads: he wins nothing). The merged test sees J A against Q K (the A over the
    # K) and calls the suit unsafe.
    assert entry("JA", "Q", "K")[0] == 0
    assert not K.suit_safe(suit("JA"), suit("QK"), False)
    p = pos("Js As 7d", "Qs 8d 9d", "Ks Td Jd", 0, 1)  # diamonds: his 7d under all theirs
    assert ceiling(p) == 0
    assert verdict(p, need=1) == 0
    assert ref.solve(p) == 0


def test_one_trick_then_an_exit_in_the_same_suit():
    # 7 T against the 8 9 of the defender after him (the other void). On the 8 he plays the T
    # and wins, then leads the 7 under the 9 (it must beat it): one trick. On the 9 he plays the
    # T, then the 7 under the 8. Ducking with the 7 first would leave T against one lower
    # card: that one trick has no exit after it. So the suit costs one trick (k = 1). He has no
    # exit in it (j: none): his 7 led is beaten, but his T then meets the card left below it.
    assert entry("7T", "89", "") == (1, NONE)
    p = pos("7s Ts 7d", "8s 9s 8d", "Ad Kd Qd", 0, 1)  # diamonds ducked for ever (k = 0)
    assert ceiling(p) == 1
    assert verdict(p, need=2) == 0
    assert ref.solve(p) == 1
    # on lead he exits in diamonds (the 7d under all theirs; j = 0) and spades still cost one
    q = pos("7s Ts 7d", "8s 9s 8d", "Ad Kd Qd", 0, 0)
    assert entry("7", "8", "QKA") == (0, 0)
    assert ceiling(q) == 1
    assert verdict(q, need=2) == 0
    # a ceiling, not the value: he takes none — after the 7d, the defender over it leads
    # diamonds and he discards the Ts (a discard the suit's own game cannot count on)
    assert ref.solve(q) == 0


def test_a_last_card_won_has_no_exit_in_its_suit():
    # His lone ace against a low card of the defender after him: led, it must win, and he then
    # holds none of the suit to exit with: no count (the ceiling says nothing).
    assert entry("A", "7", "")[0] == NONE
    p = pos("As 8d", "7s 9d", "Ks Td", 0, 1)
    assert ceiling(p) >= NONE
    assert ref.solve(p) >= 1  # the 7s forces the ace


def test_his_own_suit_costs_nothing_while_he_never_leads():
    # Only he holds the suit: a defender never leads it; k = 0, and there is no exit in it.
    assert entry("7TA", "", "") == (0, NONE)


def suit_game(d, a, b):
    """The suit's game as tables.misere_suits_fill's docstring states it, recursively and by sets
    (an independent statement of the same rules): (k, j), NONE where there is none."""
    import functools

    @functools.cache
    def k_of(d, a, b):
        if not d:
            return 0
        worst = 0
        for x in a | b:  # a defender discards one
            worst = max(worst, k_of(d, a - {x}, b - {x}))
        worst = max(worst, min(k_of(d - {y}, a, b) for y in d))  # he discards one
        for x in a:  # a leads, b follows (or not), he plays last
            for x2 in (b or {None}):
                top = max(x, x2 if x2 is not None else -1)
                worst = max(worst, min(after(d - {y}, a - {x}, b - {x2}, y > top) for y in d))
        for x in b:  # b leads, he plays second, a last
            worst = max(worst, min(max(after(d - {y}, a - {x1}, b - {x}, y > max(x, -1 if x1 is None else x1))
                                       for x1 in (a or {None})) for y in d))
        return min(worst, NONE)

    def after(d, a, b, won):
        if not won:
            return k_of(d, a, b)
        j = j_of(d, a, b)
        return NONE if j >= NONE else j + 1

    @functools.cache
    def j_of(d, a, b):
        best = NONE
        if d and (a or b):
            for y in d:
                answers = [(x1, x2) for x1 in (a or {None}) for x2 in (b or {None})]
                if all(max(-1 if x1 is None else x1, -1 if x2 is None else x2) > y for x1, x2 in answers):
                    best = min(best, max(k_of(d - {y}, a - {x1}, b - {x2}) for x1, x2 in answers))
        return best

    return k_of(d, a, b), j_of(d, a, b)


def test_the_table_is_the_suit_game():
    """Every holding of up to five live cards of a suit, against the recursive statement."""
    import itertools

    for owners in itertools.product(range(4), repeat=8):
        if sum(1 for w in owners if w) > 5:
            continue
        d, a, b = (frozenset(i for i, w in enumerate(owners) if w == s) for s in (1, 2, 3))
        f = int(K.MISERE_SUITS[misere_suit_index(sum(1 << i for i in d), sum(1 << i for i in a),
                                                     sum(1 << i for i in b))])
        assert (f & 15, f >> 4) == suit_game(d, a, b), (sorted(d), sorted(a), sorted(b))


@st.composite
def two_suit_positions(draw):
    """Misère positions from two suits only (up to five cards a hand), so that the suits are
    long and split between the defenders — where the suit games matter."""
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
    deck = draw(st.permutations([s * 8 + r for s in suits for r in range(8)]))
    n = draw(st.integers(1, 5))
    hands = [sorted(deck[i * n:(i + 1) * n]) for i in range(3)]
    from solver import Card

    return Position([[Card(c) for c in h] for h in hands], "misere", draw(st.integers(0, 2)), draw(st.integers(0, 2)))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(two_suit_positions(), positions(min_cards=1, max_cards=5, mid_trick=False, strains=["misere"])))
def test_the_ceiling_is_never_below_his_tricks(p):
    """misere_ceiling never claims fewer tricks than the reference search finds he must take."""
    assert ceiling(p) >= ref.solve(p)


# ---------------------------------------------------------------- the table's index (the seed-7 tail)

def test_the_table_index_hears_every_suit():
    # A position key holds suit s in bits 16 s .. 16 s + 15. The index once took the low
    # bits of key * MIX, which depend on the key's low bits alone: keys differing only in
    # the last suit fell into at most 4 of the 131,072 buckets of an 8 MB table, and one
    # misère deal (seed 7, declarer leads, deal 159) re-searched the same trick starts up
    # to 48 times (453,577 nodes; 204,421 with every suit heard). 1,024 keys differing in
    # one suit only, over 2^17 buckets, should nearly all land apart (about 4 pairs meet).
    import numpy as np

    mask = np.int64((1 << 19) - 1)  # 2^19 entries, buckets of 4
    for s in range(4):
        for extra in (0, 1, 2):
            with np.errstate(over="ignore"):  # the hash's products wrap, as C's do
                buckets = {int(K.tt_index(np.int64(v << (16 * s)), np.int64(extra), mask)) for v in range(1, 1025)}
            assert len(buckets) > 1000, (s, extra, len(buckets))
            assert all(b % 4 == 0 and 0 <= b <= int(mask) for b in buckets)


# ---------------------------------------------------------------- fourth round: a forced trick on lead; the suits' permutation


def test_on_lead_with_no_exit_he_takes_the_coming_trick():
    # Not every card of his wins (the As is over his 8s), so misere_forced's "all of them"
    # fails; but each defender can play under his 8s (the 7s) or is void, and under his 9h
    # (the 7h) or void: whatever he leads, he wins it.
    p = pos("8s 9h", "7s As", "7h Kh", 0, 0)
    assert verdict(p, need=1) == 1
    assert ref.solve(p) >= 1


def test_an_exit_per_defender_is_no_forced_trick():
    # The same, but the second defender holds hearts only over his 9h (the Kh): an exit.
    p = pos("8s 9h", "7s As", "Kh 7d", 0, 0)
    assert verdict(p, need=1) != 1
    assert ref.solve(p) == 0


def _key(hands):
    import numpy as np

    from solver.engine.backends import load_backend

    sq, _rep, spread, _nth = load_backend("python").tables
    return int(K.position_key(np.int64(hands[0]), np.int64(hands[1]), np.int64(hands[2]), False, sq, spread))


def _swap_suits(x, s, t):
    """A hand word with its suit bytes s and t exchanged."""
    a = (x >> (8 * s)) & 0xFF
    b = (x >> (8 * t)) & 0xFF
    x &= ~((0xFF << (8 * s)) | (0xFF << (8 * t)))
    return x | (a << (8 * t)) | (b << (8 * s))


def _suits_canonical(x, code):
    """A hand word with its suit bytes in suit_canon's places (bits 2c, 2c + 1 of the code: the
    suit in place c)."""
    return sum(((x >> (8 * ((code >> (2 * c)) & 3))) & 0xFF) << (8 * c) for c in range(4))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_cards=8, mid_trick=False, strains=("misere",)), st.integers(0, 3), st.integers(0, 3))
def test_positions_equal_up_to_the_suits_share_the_canonical_key(p, s, t):
    # suit_canon (the layouts' table on misère): two positions differing by an exchange of
    # two suits get one key; the code moves a position's suits to the places of that key
    hands = list(p.hands)
    key, code = (int(v) for v in K.suit_canon(_key(hands)))
    key2, _ = (int(v) for v in K.suit_canon(_key([_swap_suits(h, s, t) for h in hands])))
    assert key == key2
    assert _key([_suits_canonical(h, code) for h in hands]) == key
    for x in range(4):  # suit_place inverts the code
        assert (code >> (2 * int(K.suit_place(code, x)))) & 3 == x
