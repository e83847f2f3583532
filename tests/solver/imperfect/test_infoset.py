"""The declarer's information set: layout counts checked by hand (binomials), shown voids,
exact listing, and the seeded sample."""
from itertools import combinations
from math import comb

import pytest

from solver import Card, PositionError
from solver.hands import Hand, mask_of, popcount
from solver.imperfect import infoset_from_json
from solver.imperfect.layouts import unrank as _unrank

# A full deal, spades trump, declarer seat 0 (talon ♣7 ♥8):
#   seat 0: ♠AKQJ ♣AK ♦AK ♥AK
#   seat 1: ♠10 ♣QJ109 ♦QJ10 ♥QJ
#   seat 2: ♠987 ♣8 ♦987 ♥1097
DEAL = {
    "hands": [["As", "Ks", "Qs", "Js", "Ac", "Kc", "Ad", "Kd", "Ah", "Kh"],
              ["Ts", "Qc", "Jc", "Tc", "9c", "Qd", "Jd", "Td", "Qh", "Jh"],
              ["9s", "8s", "7s", "8c", "9d", "8d", "7d", "Th", "9h", "7h"]],
    "talon": ["7c", "8h"], "contract": "6s", "declarer": 0, "leader": 0,
}


def test_full_deal_before_the_first_lead():
    # The declarer has seen his 10 cards and the talon: the other 20 are split 10 / 10.
    info = infoset_from_json(DEAL)
    assert info.count == comb(20, 10) == 184756
    assert info.voids == {}


def test_followed_suit_shows_nothing():
    # Trick 1: ♣A, ♣9, ♣8 — both follow. 18 unseen cards, 9 each: C(18, 9).
    info = infoset_from_json({**DEAL, "history": ["Ac", "9c", "8c"]})
    assert info.count == comb(18, 9) == 48620
    assert info.voids == {}


def test_ruff_shows_a_void_in_the_led_suit_only():
    # Trick 2: ♣K, ♣10, and seat 2 (no clubs left) must trump: ♠7. Seat 2 has shown a club
    # void, but not a trump void. 16 unseen cards (8 each); the two unseen clubs ♣Q ♣J must
    # be seat 1's, so seat 1 takes 6 of the other 14: C(14, 6).
    info = infoset_from_json({**DEAL, "history": ["Ac", "9c", "8c", "Kc", "Tc", "7s"]})
    assert info.voids == {2: frozenset({1})}  # clubs
    assert info.count == comb(14, 6) == 3003
    lay = info.layouts()
    assert lay.exact and len(lay) == 3003 and len(set(lay)) == 3003
    qj = mask_of([c for c in Hand("Qc Jc")])
    assert all(m & qj == qj for m in lay)
    assert info.real in lay


# A 4-card ending to see the trump inference (hearts trump), declarer seat 0 on lead:
#   seat 0: ♣AK ♦AK   seat 1: ♦QJ ♠87   seat 2: ♣Q ♥7 ♦10 ♠9
ENDING = {"hands": [["Ac", "Kc", "Ad", "Kd"], ["Qd", "Jd", "8s", "7s"], ["Qc", "7h", "Td", "9s"]],
          "contract": "6h", "declarer": 0, "leader": 0, "taken": [6, 0, 0]}


def test_discard_shows_no_trumps_in_a_trump_contract():
    # ♣A, seat 1 discards ♠7: void in clubs, and since a void player must trump, no hearts.
    # Unseen: ♦QJ10 ♠98 ♥7, 3 each. ♥7 must be seat 2's; seat 1 takes 3 of the other 5.
    info = infoset_from_json({**ENDING, "history": ["Ac", "7s", "Qc"]})
    assert info.voids == {1: frozenset({1, 3})}  # clubs, hearts
    assert info.count == comb(5, 3) == 10


def test_discard_in_no_trump_shows_only_the_suit():
    # The same play in no-trump: only the club void (no club is unseen any more), so any
    # 3 of the 6 unseen cards: C(6, 3).
    info = infoset_from_json({**ENDING, "contract": "6nt", "history": ["Ac", "7s", "Qc"]})
    assert info.voids == {1: frozenset({1})}
    assert info.count == comb(6, 3) == 20


def test_voids_from_the_current_trick_and_given_voids():
    # The same moment given as a position: seat 0 led ♣A, seat 1 discarded ♠7; seat 2 to
    # move. The trick itself shows seat 1's voids (clubs and trumps): unseen ♦QJ10 ♠98 ♥7 ♣Q,
    # seat 1 holds 3, seat 2 holds 4; ♣Q and ♥7 forced to seat 2: C(5, 3).
    rec = {"hands": [["Kc", "Ad", "Kd"], ["Qd", "Jd", "8s"], ["Qc", "7h", "Td", "9s"]],
           "contract": "6h", "declarer": 0, "to_move": 2, "trick": [[0, "Ac"], [1, "7s"]],
           "taken": [6, 0, 0]}
    info = infoset_from_json(rec)
    assert info.count == comb(5, 3) == 10


def test_given_voids():
    # The ending before the lead, with seat 1's voids in clubs and hearts given by hand:
    # unseen ♦QJ10 ♠987 ♣Q ♥7; ♣Q ♥7 must be seat 2's; seat 1 takes 4 of the other 6.
    info = infoset_from_json({**ENDING, "voids": {"1": "ch"}})
    assert info.count == comb(6, 4) == 15


def test_known_card_and_open_defence():
    info = infoset_from_json({**ENDING, "known": {"2": ["Qc"]}})
    # ♣Q known with seat 2 (4 cards): seat 1 takes 4 of the other 7 unseen: C(7, 4).
    assert info.count == comb(7, 4) == 35
    info = infoset_from_json({**ENDING, "open": True})
    assert info.count == 1
    assert tuple(info.layouts()) == (info.real,)


def test_after_a_card_updates_the_voids():
    info = infoset_from_json(ENDING)
    assert info.count == comb(8, 4) == 70
    info = info.after("Ac").after("7s")
    assert info.voids == {1: frozenset({1, 3})}
    assert info.pos.to_move == 2


def test_unrank_lists_every_combination_in_order():
    items = list(range(7))
    assert [_unrank(i, items, 3) for i in range(comb(7, 3))] == [list(c) for c in combinations(items, 3)]


def test_sampling_is_seeded_and_consistent():
    info = infoset_from_json({**DEAL, "history": ["Ac", "9c", "8c"]})  # 48620 layouts
    assert info.layouts().method == "exact" and info.layouts().total == 48620   # the default
    a = info.layouts(sample=200, seed=7)
    b = info.layouts(sample=200, seed=7)
    c = info.layouts(sample=200, seed=8)
    assert not a.exact and a.total == 48620 and a.seed == 7
    masks = list(a)
    assert masks == list(b)            # reproducible
    assert masks != list(c)            # the seed matters
    drawn = masks[:200]
    assert len(set(drawn)) == 200      # no layout twice
    assert all(info.consistent(m) for m in masks)
    assert info.real in masks          # the real layout is always considered
    assert len(a) == len(masks) in (200, 201)
    assert all(popcount(m) == 9 for m in masks)


def test_every_layout_is_listed_once_and_fits():
    # The lazy enumeration is the whole binomial: 48,620 distinct consistent layouts.
    info = infoset_from_json({**DEAL, "history": ["Ac", "9c", "8c"]})
    masks = list(info.layouts())
    assert len(masks) == len(set(masks)) == comb(18, 9) == 48620
    assert all(info.consistent(m) for m in masks) and info.real in masks


def test_four_outstanding_trumps_split_as_the_hypergeometric_law():
    # The declarer holds 4 spades (♠AKQJ) of 8; the defenders' 4 (♠10987) split over
    # C(20, 10) = 184,756 layouts: 4-0 either way 2*C(16, 6) = 16,016, 3-1 either way
    # 2*C(4, 3)*C(16, 7) = 91,520, 2-2 C(4, 2)*C(16, 8) = 77,220 (solver-techniques.md).
    info = infoset_from_json(DEAL)
    spades = mask_of(Card.parse(c) for c in ("Ts", "9s", "8s", "7s"))
    split = {}
    for m in info.layouts():
        k = popcount(m & spades)
        split[k] = split.get(k, 0) + 1
    assert split[4] + split[0] == 2 * comb(16, 6) == 16016
    assert split[3] + split[1] == 2 * comb(4, 3) * comb(16, 7) == 91520
    assert split[2] == comb(4, 2) * comb(16, 8) == 77220
    assert sum(split.values()) == 184756


def test_inconsistent_input_is_named():
    with pytest.raises(PositionError, match=r"voids: seat 2 is said to be void in c"):
        infoset_from_json({**ENDING, "voids": {"2": "c"}})
    with pytest.raises(PositionError, match=r"history\[2\].*must follow suit"):
        infoset_from_json({**ENDING, "history": ["Ac", "7s", "Td"]})  # seat 2 holds ♣Q
    with pytest.raises(PositionError, match="not a defender"):
        infoset_from_json({**ENDING, "voids": {"0": "s"}})
    with pytest.raises(PositionError, match="known: seat 1 does not hold"):
        infoset_from_json({**ENDING, "known": {"1": ["Qc"]}})
