"""Any seat's view of the unseen cards (solver.imperfect.SeatView), used by the information
rules: the count is exact, the listing matches it and narrows with play."""
from math import comb

from solver import Card, Position
from solver.hands import mask_of
from solver.imperfect import InfoSet, SeatView

# 6♠ by seat 0, seat 1 looking; 3 cards each and a discard of two.
HANDS = [["As", "Ks", "7h"], ["Qs", "Js", "8h"], ["Ts", "9s", "9h"]]
DISCARD = mask_of(Card.parse(c) for c in ["7c", "8c"])


def pos():
    return Position(HANDS, "6s", 0, 0, out=["7c", "8c"])


def test_three_way_count_is_the_multinomial_and_the_listing_matches():
    v = SeatView(pos(), 1, (0, 2), DISCARD)
    assert v.count == comb(8, 3) * comb(5, 3) == 560      # the declarer's 3, seat 2's 3, the discard's 2
    lays = list(v.layouts())
    assert v.layouts().exact and len(lays) == 560 and len(set(lays)) == 560
    assert v.real in lays
    assert all(v.consistent(m) for m in lays)


def test_a_shown_void_narrows_the_count():
    # seat 2 is void in spades (trumps): A♠ J♠ 9♥ shows it to seat 1. Unseen then: the
    # declarer's K♠ 7♥, seat 2's 10♥ 7♦, the discard 7♣ 8♣ — 2 + 2 + 2 of 6 cards:
    # C(6,2)·C(4,2) = 90 splits, less the 5·6 = 30 that give K♠ to seat 2: 60.
    p = Position([["As", "Ks", "7h"], ["Qs", "Js", "8h"], ["9h", "Th", "7d"]], "6s", 0, 0, out=["7c", "8c"])
    v = SeatView(p, 1, (0, 2), DISCARD).after("As").after("Js").after("9h")
    assert v.voids == {2: frozenset({0})}
    assert v.count == 60 == len(list(v.layouts()))
    ks = Card.parse("Ks").mask
    assert all(not lay[1] & ks for lay in v.layouts())


def test_a_child_view_lists_the_parents_layouts_that_still_fit():
    # After A♠ J♠ the views list exactly the parent's layouts cut to the cards still unseen
    # (the played cards taken out) that fit the child's voids: nothing lost, nothing added.
    root = InfoSet(pos())
    child = root.after("As").after("Js")
    cut = {m & child.unseen for m in root.layouts() if child.consistent(m & child.unseen)}
    assert cut == set(child.layouts())
    v = SeatView(pos(), 1, (0, 2), DISCARD)
    vchild = v.after("As").after("Js")
    vcut = {tuple(m & vchild.unseen for m in lay) for lay in v.layouts()}
    assert {lay for lay in vcut if vchild.consistent(lay)} == set(vchild.layouts())


def test_sampled_layouts_fit_and_include_the_real_one():
    v = SeatView(pos(), 1, (0, 2), DISCARD)
    lays = v.layouts(sample=25, seed=3)
    masks = list(lays)
    assert not lays.exact and lays.total == 560 and v.real in masks
    assert all(v.consistent(m) for m in masks)
    assert masks == list(v.layouts(sample=25, seed=3))   # seeded: the same draw


def _plain_layouts(v) -> set:
    """Every way to deal the unseen cards to the holders of their sizes, kept where
    ``consistent`` (voids, the talon's cards): the definition, without the fast listing."""
    from itertools import combinations

    from solver.hands import cards_of

    out = set()

    def go(i, free, head):
        if i == len(v.sizes) - 1:
            lay = head + (free,)
            if v.consistent(lay):
                out.add(lay)
            return
        for pick in combinations(cards_of(free), v.sizes[i]):
            m = mask_of(pick)
            go(i + 1, free & ~m, head + (m,))

    go(0, v.unseen, ())
    return out


def test_the_listing_is_the_definition_on_random_views_with_voids_and_a_talon():
    """The fast listing (masks of what each holder may hold) against every deal of the unseen
    cards filtered by ``consistent``, on views after random play (voids shown), with and
    without a discard, from each seat; the count too."""
    import random

    from helpers.endings import random_endings

    checked = voids = 0
    for k, p in enumerate(random_endings(30, 4, 77)):
        rng = random.Random(k)
        out = [c for c in range(32) if not any(h >> c & 1 for h in p.hands)][:2]
        for seat in (1, 2):
            hidden = tuple(s for s in (0, 1, 2) if s != seat)
            for discard in (0, mask_of(Card(c) for c in out)):
                v = SeatView(p, seat, hidden, discard)
                for _ in range(rng.randrange(4)):     # a few cards played: voids may show
                    if v.pos.is_over():
                        break
                    v = v.after(rng.choice(v.pos.legal_moves()))
                lays = list(v.layouts())
                assert len(lays) == len(set(lays)) == v.count
                assert set(lays) == _plain_layouts(v), (p.hands, seat, discard)
                checked += 1
                voids += bool(v.voids)
    assert checked == 120 and voids > 10, voids
