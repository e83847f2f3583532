"""The worst-guess search stops a fold at the floor (no trick more for the declarer; on
misère, or in a defender's view, every trick left): nothing can be worse, so the cards after
it are not searched. The result, the line and every decision must be those of the full fold,
on endings where the floor is reached most often (two to four cards, misère included) and in
a defender's view (where "worse" is the declarer's maximum)."""
from functools import partial

import pytest
from helpers.endings import random_endings

import solver.imperfect.worst_guess as wg
from solver.engine import Engine
from solver.imperfect import InfoSet, SeatView, resolve_against, worst_guess_play

ENGINE = Engine(reuse_table=True)


def _full_fold(self, values, floor=None):
    best = None
    for x in values:
        best = x if best is None else self.worse(best, x)
    assert best is not None
    return best


def _both(monkeypatch, run):
    cut = run()
    with monkeypatch.context() as m:
        m.setattr(wg._Search, "_fold", _full_fold)
        full = run()
    return cut, full


def _same(cut, full):
    assert (cut.declarer_tricks, cut.line, cut.tricks, cut.exact, cut.bounds) == \
        (full.declarer_tricks, full.line, full.tricks, full.exact, full.bounds)
    assert [d.to_json() for d in cut.decisions] == [d.to_json() for d in full.decisions]
    assert cut.positions <= full.positions
    return full.positions - cut.positions


@pytest.mark.parametrize("guess", ["every_sequence", "greedy"])
def test_the_floor_cut_changes_nothing_but_the_work(monkeypatch, guess):
    saved = 0
    for cards, seed, first in ((2, 11, 0), (3, 12, 1), (3, 13, 2), (4, 14, 0)):
        for pos in random_endings(8, cards, seed, first):
            info = InfoSet.from_position(pos)
            for cands in ("undominated", "best_somewhere"):
                cut, full = _both(monkeypatch, partial(worst_guess_play, info, ENGINE, guess=guess, candidates=cands))
                saved += _same(cut, full)
    assert saved > 0   # the cut was taken somewhere


def test_the_floor_cut_in_a_defenders_view(monkeypatch):
    saved = 0
    for cards, seed, first in ((3, 21, 1), (4, 22, 1), (4, 23, 0)):
        for pos in random_endings(6, cards, seed, first):
            if pos.to_move == 0:
                continue
            view = SeatView(pos, pos.to_move, (0, 3 - pos.to_move))
            cut, full = _both(monkeypatch, partial(resolve_against, view, ENGINE))
            saved += _same(cut, full)
    assert saved > 0


def test_the_floor_on_trumps_counts_the_sure_trump_tricks():
    """Between tricks, on trumps: the declarer's trumps above every defender's trump win their
    tricks whenever played (his view: the floor is their count); a defender's trumps above
    every one of the declarer's are the defence's (a defender's view: the tricks left less the
    larger of the two defenders' counts). Hand-counted: spades trump, the declarer A♠ K♠ 9♠ 7♥,
    the defenders Q♠ 8♠ 8♥ 9♥ and 7♠ A♥ K♥ Q♥: A♠ K♠ are above Q♠ — 2 sure tricks of 4. With
    the declarer's trumps 9♠ 8♠ and a defender's A♠ K♠ Q♠ above them: 4 - 3 = 1."""
    from solver import Position

    p = Position([["As", "Ks", "9s", "7h"], ["Qs", "8s", "8h", "9h"], ["7s", "Ah", "Kh", "Qh"]], "6s", 0, 0,
                 taken=[3, 2, 1])
    me = wg._Search(InfoSet.from_position(p), ENGINE, "every_sequence", [], None, False, "best_somewhere", None)
    assert me._floor(p) == 2
    q = Position([["9s", "8s", "7h", "8h"], ["As", "Ks", "Qs", "9h"], ["7s", "Ah", "Kh", "Qh"]], "6s", 0, 1,
                 taken=[3, 2, 1])
    them = wg._Search(SeatView(q, 1, (0, 2)), ENGINE, "every_sequence", [], None, True, "undominated", None)
    assert them._floor(q) == 4 - 3
    nt = Position(p.hands, "6nt", 0, 0, taken=[3, 2, 1])
    assert me._floor(nt) == 0     # no-trump: a top card can be thrown away; nothing is sure
