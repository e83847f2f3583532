"""The later-trick bounds of trumps and no-trump on positions worked out by hand, and against the reference.

``trump_bounds`` counts sure trump tricks (a trump that loses, loses to a higher trump played
in its trick, each in a trick of its own: ``trumps_beaten`` pairs them); ``defence_takes_later`` says the
defenders surely take one of the tricks left when the declarer, on lead, needs them all;
``declarer_takes_next`` that he surely wins the coming trick when a defender leads, and
``declarer_takes_later`` the tricks he surely takes later when the defenders hold no trumps.
These tests call the kernel's plain Python run (the source both compilers build) and check
each claim with the reference search, which has no bounds.
"""
import pytest
from helpers.bound_calls import K, seats, takes_next, tpos, trump_of, tverdict
from helpers.strategies import positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import reference as ref


def takes_next_decl(p):
    """declarer_takes_next: 0 no, 1 he wins the coming trick, 2 with a top card of the suit led."""
    hd, _, _, hl, hp, _, _ = seats(p)
    return int(K.declarer_takes_next(hd, hl, hp, trump_of(p)))


def later(p):
    hd, he1, he2, _, _, _, _ = seats(p)
    return bool(K.defence_takes_later(hd, he1, he2, trump_of(p)))


def bounds(p):
    """(the declarer's sure tricks, r minus the defenders' sure ones) from ``trump_bounds``."""
    t = int(p.trump)
    tr = [(hand >> (8 * t)) & 0xFF for hand in seats(p)[:3]]
    lbd, ubd = K.trump_bounds(tr[0], tr[1], tr[2], p.hands[0].bit_count())
    return int(lbd), int(ubd)


def claims_at_least(p, lbd):
    """``trump_bounds`` says the declarer surely takes ``lbd``, and the search, told he needs
    exactly those, settles it at once."""
    assert bounds(p)[0] == lbd
    assert tverdict(p, need=lbd) == 1


def claims_at_most(p, ubd):
    """``trump_bounds`` says he takes at most ``ubd``, and the search, told he needs one
    more, fails at once."""
    assert bounds(p)[1] == ubd
    assert tverdict(p, need=ubd + 1) == 0


# ---------------------------------------------------------------- the defenders take a later trick

def test_a_defender_holds_the_top_of_a_suit_the_declarer_holds():
    # No-trump, the declarer leads from As Kh: the As wins, but the Ah (seat 1) takes his Kh
    # whenever hearts are led, and he must lead them himself. Not the coming trick.
    p = tpos("As Kh", "7s Ah", "8s 7h", "nt", 0, 0)
    assert not takes_next(p)
    assert later(p)
    assert tverdict(p, need=2) == 0
    assert ref.solve(p) == 1


def test_the_second_trump_guarded():
    # Hearts trumps: the declarer's Ah 8h As against Kh 7h (seat 1). Ah drops the 7h, the
    # Kh is then top against the 8h. Seat 1 holds 2 trumps, the declarer 1 above his Kh.
    p = tpos("Ah 8h As", "Kh 7h 7c", "7s 8s 8c", "h", 0, 0)
    assert not takes_next(p)
    assert later(p)
    assert tverdict(p, need=3) == 0
    assert ref.solve(p) == 2


def test_the_second_trump_bare_falls():
    # The same with the Kh bare: the Ah drops it and the declarer takes all three. One trump
    # is not more than the one above it: no claim.
    p = tpos("Ah Qh As", "Kh 7c 8c", "7s 8s 9c", "h", 0, 0)
    assert not later(p)
    assert tverdict(p, need=3) != 0
    assert ref.solve(p) == 3


def test_the_declarer_holds_every_top_card():
    # No-trump, As Ah against low cards: nothing to claim; he takes both.
    p = tpos("As Ah", "7s 7h", "8s 8h", "nt", 0, 0)
    assert not later(p)
    assert tverdict(p, need=2) == 1
    assert ref.solve(p) == 2


# ---------------------------------------------------------------- trump tricks by length

def test_the_declarer_s_length_in_trumps():
    # Hearts trumps, the declarer's 7h 8h 9h Th against the Ah (seat 1) and the Kh (seat 2),
    # seat 1 on lead. Each defender trump can beat one of his: at least 4 - 1 - 1 = 2.
    # Seat 1 leads a spade, he ruffs, the Kh overruffs; a club, he ruffs, the Ah overruffs;
    # then his two trumps win: exactly 2.
    p = tpos("7h 8h 9h Th", "Ah 7s 8s 9s", "Kh 7c 8c 9c", "h", 0, 1)
    claims_at_least(p, 2)
    assert tverdict(p, need=3) != 1
    assert ref.solve(p) == 2


def test_a_defender_s_length_in_trumps():
    # Hearts trumps, the declarer's Ah Kh As Ks against seat 1's 7h 8h 9h Th: the declarer's
    # top trumps take two of them, the other two take tricks: at most 4 - (4 - 2) = 2.
    p = tpos("Ah Kh As Ks", "7h 8h 9h Th", "7s 8s 7c 8c", "h", 0, 0)
    claims_at_most(p, 2)
    assert tverdict(p, need=2) != 0
    assert ref.solve(p) == 2


def test_length_against_length_claims_nothing():
    # Three trumps each way (declarer 7h 8h 9h, seat 1 Th Jh Qh): 3 - 3 = 0 either way
    # beyond the top cards (seat 1's three are all above his: the top-card count, 3).
    p = tpos("7h 8h 9h", "Th Jh Qh", "7s 8s 9s", "h", 0, 0)
    lbd, ubd = bounds(p)
    assert lbd == 0 and ubd == 0
    assert ref.solve(p) == 0


def test_the_king_guarded_by_a_trump_over_theirs():
    # Hearts trumps, the declarer's Kh 8h against the Ah 7h (seat 1): by top cards and by
    # length nothing (2 - 2). But a trump of his that loses, loses to a higher one in its
    # trick, each in a trick of its own: only the Ah is above his 8h, so the two cannot both
    # lose (trumps_beaten 1). Either defender on lead: one trick, exactly.
    for leader in (1, 2):
        p = tpos("Kh 8h 7c", "Ah 7h 8c", "7s 8s 9s", "h", 0, leader)
        assert K.trumps_beaten(0b01000010, 0b10000001) == 1
        claims_at_least(p, 1)
        assert ref.solve(p) == 1


def test_a_trump_between_his_claims_nothing():
    # The same with the 9h for the 7h: the 9h beats his 8h, the Ah his Kh (trumps_beaten 2),
    # and seat 2 leads spades: he ruffs and is overruffed each time, or discards: none.
    p = tpos("Kh 8h 7c", "Ah 9h 8c", "7s 8s 9s", "h", 0, 2)
    assert bounds(p)[0] == 0
    assert tverdict(p, need=1) != 1
    assert ref.solve(p) == 0


def test_a_defender_s_king_guarded_by_a_trump_over_the_declarer_s():
    # The mirror: seat 1's Kh 8h against the declarer's Ah 7h: seat 1 makes one trick, so
    # the declarer at most 2 of 3 (by length or top cards, 3).
    p = tpos("Ah 7h 7c", "Kh 8h 8c", "7s 8s 9s", "h", 0, 0)
    claims_at_most(p, 2)
    assert ref.solve(p) == 1


def test_quick_tricks_count_the_guarded_king_too():
    # The declarer on lead without trump control (his Kh 8h against the Ah 7h): the As cashes
    # (seat 1 follows), and his trumps make 2 - trumps_beaten = 1 trick besides: 2 in all,
    # where his trumps less theirs counted none. With the 9h for the 7h, 1.
    p = tpos("Kh 8h As", "Ah 7h 7s", "8s 9s 7c", "h", 0, 0)
    hd, he1, he2, _, _, _, _ = seats(p)
    assert K.quick_tricks(hd, 0, False, he1, he2, trump_of(p)) == 2
    assert tverdict(p, need=2) == 1
    assert ref.solve(p) == 2
    p = tpos("Kh 8h As", "Ah 9h 7s", "8s 9s 7c", "h", 0, 0)
    hd, he1, he2, _, _, _, _ = seats(p)
    assert K.quick_tricks(hd, 0, False, he1, he2, trump_of(p)) == 1
    assert ref.solve(p) == 1


# ---------------------------------------------------------------- the declarer takes the coming trick

def test_the_declarer_tops_one_suit_and_ruffs_the_other():
    # Hearts trumps, seat 1 leads from spades and clubs: the declarer's As tops the spades (the
    # partner follows with the 9s), and he ruffs a club (the partner follows with the Tc).
    p = tpos("As 7h 8d", "7s 8s 9c", "9s Tc 7d", "h", 0, 1)
    assert takes_next_decl(p) == 2  # the defenders hold no trump: the ruff keeps his control
    assert tverdict(p, need=1) == 1
    assert ref.solve(p) >= 1


def test_the_declarer_overruffs_the_partner():
    # The partner is void in clubs too and ruffs with the 7h: the declarer's 8h is over it. He
    # wins the trick (1), but his ruff may have to be high: his quick tricks are not claimed.
    p = tpos("As 8h 8d", "7s 8s 9c", "9s 7h Td", "h", 0, 1)
    assert takes_next_decl(p) == 1
    assert tverdict(p, need=1) == 1
    assert ref.solve(p) >= 1


def test_the_declarer_wins_with_a_top_card_then_cashes():
    # Hearts trumps, seat 1 leads spades only: the As wins (the partner follows with the Ts);
    # on lead, the Ah draws the 7h and the Kh makes the third: his quick tricks as if on lead.
    p = tpos("As Ah Kh", "7s 8s 9s", "Ts 7h 8c", "h", 0, 1)
    assert takes_next_decl(p) == 2
    assert tverdict(p, need=3) == 1
    assert ref.solve(p) == 3


def test_the_partner_ruffs_the_declarer_s_top_card():
    # The same spades, but the partner is void in them and holds the 7h: he ruffs the As.
    p = tpos("As 7d 8d", "7s 8s 9c", "7h Tc 9d", "h", 0, 1)
    assert takes_next_decl(p) == 0
    assert ref.solve(p) == 0


# ---------------------------------------------------------------- the declarer takes a later trick (no trumps in play)

def later_decl(p):
    """declarer_takes_later: a defender on lead, the defenders without trumps, the tricks he surely takes."""
    hd, he1, he2, _, _, _, _ = seats(p)
    return int(K.declarer_takes_later(hd, he1, he2, p.hands[0].bit_count()))


def test_the_declarer_keeps_his_top_cards_until_a_top_suit_is_led():
    # No-trump, seat 2 leads. The declarer tops the spades (Ts over the 9s) and the hearts (Kh Qh
    # over Jh 9h 8h): two top suits, three winners. Clubs, where he is void, can be led once only
    # (each defender holds one club, and both follow to a club lead): L = 1, so he keeps R =
    # 3 - 1 = 2 winners, one a top suit. On the club lead he discards the Qh; the next lead is a
    # spade or a heart, which he wins, and he cashes the other winner. He does not win the coming
    # trick (a club lead beats him).
    p = tpos("Ts Kh Qh", "Jh 9h Qc", "9s 8h Tc", "nt", 0, 2)
    assert takes_next_decl(p) == 0
    assert later_decl(p) == 2
    assert tverdict(p, need=2) == 1
    assert ref.solve(p) == 2
    # The same cards on a diamond contract: no diamond is left, so it is no-trump.
    p = tpos("Ts Kh Qh", "Jh 9h Qc", "9s 8h Tc", "d", 0, 2)
    assert tverdict(p, need=2) == 1
    assert ref.solve(p) == 2


def test_a_second_club_in_one_hand_claims_nothing():
    # Seat 1 holds two clubs: clubs can be led twice, L = 2, and 2 + 2 > 3. (He still wins a
    # trick here — the bound is not exact — but the count does not show it.)
    p = tpos("Ts Kh Qh", "Jh Qc Jc", "9s 8h Tc", "nt", 0, 2)
    assert later_decl(p) == 0
    assert tverdict(p, need=1) == -1
    assert ref.solve(p) == 1


def test_he_wins_the_top_suit_s_lead_then_cashes():
    # No-trump, seat 1 leads. The declarer tops the spades (As Ks over Qs Js: two winners) and
    # the hearts (Ah over Kh Qh): three winners in two suits. Diamonds can be led twice (two
    # each): L = 2, so he keeps R = 4 - 2 = 2 winners, the As and the Ah, and discards the 7d and
    # the Ks on the diamonds. Then a spade or a heart is led: he wins it and cashes the other ace.
    p = tpos("As Ks Ah 7d", "Qs Kh Ad Kd", "Js Qh Qd Jd", "nt", 0, 1)
    assert later_decl(p) == 2
    assert tverdict(p, need=2) == 1
    assert ref.solve(p) == 2


def test_his_trumps_when_the_defenders_hold_none():
    # Hearts trumps, only the declarer holds one (the 7h): a suit they cannot lead, a winner once
    # he is on lead. The As tops the spades; clubs are led once (L = 1): R = 3 - 1 = 2, the As and
    # the 7h. Club lead, then a spade: he wins the As and makes the 7h. His trump count alone
    # (trump_bounds) says one.
    p = tpos("7h As 7c", "Ks Ac 8s", "Qs Kc 9s", "h", 0, 1)
    assert bounds(p)[0] == 1
    assert later_decl(p) == 2
    assert tverdict(p, need=2) == 1
    assert ref.solve(p) == 2


def test_a_top_card_in_a_suit_the_defenders_lack_is_never_led():
    # No-trump: the declarer's As tops a suit the defenders do not hold, so they never lead it;
    # the Ah and the Kd win, and he discards the As on the Kd. No claim, and he takes nothing.
    p = tpos("As 7h", "Ah Kd", "8h Qd", "nt", 0, 1)
    assert later_decl(p) == 0
    assert tverdict(p, need=1) == 0
    assert ref.solve(p) == 0


def test_the_leader_s_quick_tricks_when_no_trump_is_left():
    # Diamonds are trumps but nobody holds one: the leader's As Ks Qs run (no-trump's bound,
    # not used on trumps while trumps are in play), and the declarer needing one trick fails.
    p = tpos("7s 8s 7h", "As Ks Qs", "Js 8h 9h", "d", 0, 1)
    assert tverdict(p, need=1) == 0
    assert ref.solve(p) == 0


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=1, max_cards=5, mid_trick=False, strains=["nt"]))
def test_the_declarer_s_later_tricks_are_never_wrong(p):
    if p.leader != p.declarer and later_decl(p):
        assert ref.solve(p) >= later_decl(p)


# ---------------------------------------------------------------- soundness on random positions

@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=1, max_cards=4, mid_trick=False, strains=["s", "h", "nt"]))
def test_the_declarer_s_next_trick_is_never_wrong(p):
    if p.leader != p.declarer and takes_next_decl(p):
        assert ref.solve(p) >= 1
        if takes_next_decl(p) == 2:
            hd, he1, he2, _, _, _, _ = seats(p)
            assert ref.solve(p) >= K.quick_tricks(hd, 0, False, he1, he2, trump_of(p))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=1, max_cards=4, mid_trick=False, strains=["s", "h", "nt"]))
def test_a_later_defence_trick_is_never_wrong(p):
    if p.leader == p.declarer and later(p):
        assert ref.solve(p) < p.hands[0].bit_count()


@pytest.mark.slow  # hundreds of positions against the reference search: CI, not the fast lane
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=1, max_cards=5, mid_trick=False, strains=["s", "h"]))
def test_trump_bounds_hold(p):
    lbd, ubd = bounds(p)
    v = ref.solve(p)
    assert lbd <= v <= ubd


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=1, max_cards=4, mid_trick=False, strains=["s", "h", "nt"]), st.integers(1, 4))
def test_trump_verdicts_agree_with_the_reference(p, need):
    """trick_verdict: 1 only if he takes at least ``need``, 0 only if fewer."""
    if need > p.hands[0].bit_count():
        return
    v = tverdict(p, need)
    if v >= 0:
        assert (ref.solve(p) >= need) == (v == 1)


# ---------------------------------------------------------------- quick tricks: trump control, the partner's entry

def quick(p):
    """quick_tricks for the leader's side, as trick_verdict calls it."""
    d = int(p.declarer)
    ld = int(p.leader)
    h = p.hands
    trump = -1 if p.trump is None else int(p.trump)
    if ld == d:
        return int(K.quick_tricks(h[d], 0, False, h[(d + 1) % 3], h[(d + 2) % 3], trump))
    return int(K.quick_tricks(h[ld], h[3 - d - ld], True, h[d], 0, trump))


def test_trump_control_makes_the_side_winner_safe():
    # Hearts trumps: Ah Kh draw seat 1's 7h 8h, then the As cannot be ruffed: three tricks.
    # (Without control the As counts nothing: seat 1 is void in spades with trumps.)
    p = tpos("Ah Kh As", "7h 8h 7c", "7s 8s 8c", "h", 0, 0)
    assert quick(p) == 3
    assert tverdict(p, need=3) == 1
    assert ref.solve(p) == 3


def test_trump_control_makes_the_low_trump_a_winner():
    # Hearts trumps: Ah Kh draw the 8h and the 9h, then the 7h and the As win: four tricks.
    p = tpos("Ah Kh 7h As", "8h 7c 8c 9c", "9h 7s 8s 7d", "h", 0, 0)
    assert quick(p) == 4
    assert tverdict(p, need=4) == 1
    assert ref.solve(p) == 4


def test_trump_length_after_the_side_winners():
    # Hearts trumps, no control (the Ah and the Kh are out): the As cashes (both defenders
    # follow), then the declarer's four trumps make two tricks against their two (trump_bounds).
    p = tpos("Jh 9h 8h 7h As", "Ah 7s 7c 8c 9c", "Kh 8s 7d 8d 9d", "h", 0, 0)
    assert quick(p) == 3
    assert tverdict(p, need=3) == 1
    assert ref.solve(p) >= 3


def test_no_control_against_three_trumps():
    # Seat 1's 7h 8h 9h outlast the Ah Kh: the 9h ruffs the As. Two quick tricks, two in all.
    p = tpos("Ah Kh As", "7h 8h 9h", "7s 8s 8c", "h", 0, 0)
    assert quick(p) == 2
    assert tverdict(p, need=3) == 0
    assert ref.solve(p) == 2


def test_a_lead_to_the_partner_s_tops():
    # No-trump, seat 1 on lead with 7s 7h and no winner; the 7s reaches the partner's As
    # (the declarer's Ks is lower), who cashes the Ah too: the declarer takes nothing.
    p = tpos("Ks Kh", "7s 7h", "As Ah", "nt", 0, 1)
    d, ld, h = 0, 1, p.hands
    assert quick(p) == 0
    assert K.partner_entry(h[ld], h[3 - d - ld], h[d], -1)
    assert tverdict(p, need=1) == 0
    assert ref.solve(p) == 0


def test_no_entry_when_the_declarer_ruffs():
    # Hearts trumps, the declarer void in spades and diamonds with 8h 9h: he ruffs either
    # lead to the partner's aces and takes both tricks.
    p = tpos("8h 9h", "7s 7d", "As Ad", "h", 0, 1)
    d, ld, h = 0, 1, p.hands
    assert not K.partner_entry(h[ld], h[3 - d - ld], h[d], int(p.trump))
    assert tverdict(p, need=2) == 1
    assert ref.solve(p) == 2


@pytest.mark.slow  # hundreds of positions against the reference search: CI, not the fast lane
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=1, max_cards=5, mid_trick=False, strains=["s", "h", "nt"]))
def test_quick_tricks_are_sure(p):
    """The leader's side takes at least its quick tricks (reference search)."""
    q = quick(p)
    v = ref.solve(p)
    r = p.hands[0].bit_count()
    if p.leader == p.declarer:
        assert v >= q
    else:
        assert r - v >= q
