"""Layouts built many at once (issue 38): ``layouts_at`` against ``layout_at`` one by one, the
seat view's enumeration against its numbering, and ``SeatView.after``'s derived fields against
a view built from scratch — random deals with voids, the discard and the talon."""

from helpers.seat_views import random_seat_views

from solver.imperfect import InfoSet, SeatView
from solver.imperfect.layouts import Stride
from solver.imperfect.views import _played, _shown_voids


def test_layouts_at_builds_the_numbered_layouts():
    views = 0
    for rnd, pos, view in random_seat_views(7, 120, (0, 14)):
        for v in (view, InfoSet(pos.copy(stack=False))):
            total = v.count
            if total <= 1:
                continue
            order = Stride(total, rnd.randrange(total))
            numbers = [order[j] for j in range(min(total, rnd.choice((1, 7, 1500))))]
            if rnd.random() < 0.5:
                numbers.sort()
            assert v.layouts_at(numbers) == [v.layout_at(i) for i in numbers]
            views += 1
    assert views > 150
    assert SeatView(pos, view.seat, view.hidden).layouts_at([]) == []


def test_a_seat_views_enumeration_is_its_every_layout_once():
    for _, _, view in random_seat_views(8, 40, (8, 16)):
        if view.count > 50_000:
            continue
        every = list(view.layouts())
        assert len(every) == len(set(every)) == view.count
        assert set(every) == set(view.layouts_at(range(view.count)))


def test_a_seat_views_next_view_is_the_one_built_from_scratch():
    steps = 0
    for rnd, _, view in random_seat_views(9, 40, (0, 1)):
        v = view
        while not v.pos.is_over():
            card = rnd.choice(v.pos.legal_moves())
            fast = v.after(card)
            p, _ = _played(v.pos, card)
            slow = SeatView(p, v.seat, v.hidden, v.discard, _shown_voids(v.voids, v.pos, card), v.talon)
            for name in ("seat", "hidden", "discard", "voids", "holders", "sizes", "unseen", "talon", "real"):
                assert getattr(fast, name) == getattr(slow, name), name
            assert list(fast.allowed.items()) == list(slow.allowed.items())
            assert fast.key() == slow.key() and fast.count == slow.count
            steps += 1
            v = fast
    assert steps == 40 * 30


def test_a_capped_scans_numbers_are_the_sorted_numbers_of_its_layouts():
    from solver.imperfect.candidates import _CappedInShares
    from solver.imperfect.layouts import capped_layouts

    checked = 0
    for _, _, view in random_seat_views(10, 30, (0, 6)):
        for cap in (300, 2000):
            if view.count <= cap:
                continue
            capped = _CappedInShares(view, capped_layouts(view, cap), cap)
            for start in (1, 5, 257):
                assert capped.numbers(start, cap).tolist() == sorted(capped.number(q) for q in range(start, cap))
            parts = [lay for k in (0, 1) for part in capped.chunks(64, (k, 2)) for lay in part]
            assert sorted(parts) == sorted(capped_layouts(view, cap))   # the same layouts, every one once
            checked += 1
    assert checked > 20
