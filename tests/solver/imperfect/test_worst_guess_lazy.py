"""The information rules' decisions read after their children (issue 38, ``LAZY_FROM``).

At an informed decision the worst-guess value is the child of the first card, worst for him
first, that no card dominates. :meth:`~solver.imperfect.worst_guess._Search.lazy_decision`
reads every child first and then scans only for what decides among them: it stops once a card
has a witness against every card worth more than the worst child (the worst value is then the
value), else reads every layout in the children's order. Here it is on at every decision
(``LAZY_FROM`` 0) with scans in pieces of two layouts (they stop early), on random endings,
both readings, the declarer informed (1.1.4) and a defender (6.1), every sequence:

* against the plain definition over every layout (``brute_informed``), whole windows and
  windows of two and three cards;
* against the search that scans every card (``LAZY_FROM`` past every decision): the same
  value, line and decisions named on the line;
* with scans cut at three layouts: exact and right, or bounds that hold the truth and are no
  looser than the full scans' bounds;
* a planted bug (a worst card taken as a candidate without its witnesses) is caught.
"""

import pytest
from helpers.endings import random_endings
from test_imperfect_bruteforce import ENGINE, _recorded_play, brute_informed

import solver.imperfect.candidates as cand
import solver.imperfect.worst_guess as wgm
from solver.imperfect import InfoSet, SeatView, resolve_against

READINGS = ["undominated", "best_somewhere"]


def _cases(four: bool = True):
    """Random endings of 3 cards (and of 4 where ``four``: not against the brute force, which
    tells a recorded card from one of its run — the record goes on after one of them only — where
    the search reads one card a run), with a random recorded play, both views, three windows."""
    ends = random_endings(10, 3, 41) + random_endings(6, 3, 42, first=1) + (random_endings(4, 4, 43) if four else [])
    for k, pos in enumerate(ends):
        history = _recorded_play(pos, k)
        for view in (InfoSet.from_position(pos), SeatView(pos, 1, (0, 2))):
            for window in (None, 2, 3):
                yield pos, history, view, window


def _run(view, history, window, reading):
    return resolve_against(view, ENGINE, history=history, window=window, informed=True, candidates=reading)


def _mismatches(reading) -> tuple[int, int, int]:
    """(searches, wrong against the brute force, lazy decisions made)."""
    checked = wrong = lazy = 0
    real = wgm._Search.lazy_decision

    def counting(self, node, values):
        nonlocal lazy
        lazy += 1
        return real(self, node, values)

    wgm._Search.lazy_decision = counting
    try:
        for pos, history, view, window in _cases(four=False):
            fast = _run(view, history, window, reading)
            want = pos.taken[0] + brute_informed(view, history, 0, True, reading, "every_sequence", window)
            wrong += not fast.exact or fast.declarer_tricks != want
            checked += 1
    finally:
        wgm._Search.lazy_decision = real
    return checked, wrong, lazy


@pytest.mark.parametrize("reading", READINGS)
def test_lazy_decisions_equal_a_brute_force(reading, monkeypatch):
    monkeypatch.setattr(wgm, "LAZY_FROM", 0)
    monkeypatch.setattr(wgm, "LAZY_DECLARER", True)
    monkeypatch.setattr(cand, "FIRST_PIECE", 2)
    checked, wrong, lazy = _mismatches(reading)
    assert wrong == 0 and checked == 96 and lazy > 100, (checked, wrong, lazy)


@pytest.mark.parametrize("reading", READINGS)
def test_lazy_decisions_give_the_full_scans_line(reading, monkeypatch):
    """The value, the line and every decision named on it (candidates, dominated cards,
    undecided ones, the card made for him) as when every card's candidacy is scanned."""
    monkeypatch.setattr(cand, "FIRST_PIECE", 2)
    monkeypatch.setattr(wgm, "LAZY_DECLARER", True)
    for pos, history, view, window in _cases():
        monkeypatch.setattr(wgm, "LAZY_FROM", 10**9)
        full = _run(view, history, window, reading)
        monkeypatch.setattr(wgm, "LAZY_FROM", 0)
        lazy = _run(view, history, window, reading)
        assert (lazy.declarer_tricks, lazy.exact, lazy.line, lazy.tricks) == \
               (full.declarer_tricks, full.exact, full.line, full.tricks), (pos.hands, pos.contract, history, window)
        strip = lambda w: [{k: v for k, v in d.to_json().items() if k != "covered"} for d in w.decisions]  # noqa: E731
        assert strip(lazy) == strip(full)


@pytest.mark.parametrize("reading", READINGS)
def test_lazy_decisions_on_cut_scans_hold_the_truth(reading, monkeypatch):
    """Scans cut at three layouts: exact and right, or bounds that hold the truth, as tight as
    the full scans' bounds or tighter."""
    monkeypatch.setattr(cand, "FIRST_PIECE", 2)
    monkeypatch.setattr(wgm, "LAZY_DECLARER", True)
    inexact = tighter = 0
    for pos, history, view, window in _cases():
        truth = _run(view, history, window, reading).declarer_tricks
        monkeypatch.setattr(cand, "SCAN_CAP", 3)
        monkeypatch.setattr(wgm, "LAZY_FROM", 10**9)
        full = _run(view, history, window, reading)
        monkeypatch.setattr(wgm, "LAZY_FROM", 0)
        lazy = _run(view, history, window, reading)
        monkeypatch.setattr(cand, "SCAN_CAP", 200_000)
        lo, hi = lazy.bounds if not lazy.exact else (lazy.declarer_tricks,) * 2
        flo, fhi = full.bounds if not full.exact else (full.declarer_tricks,) * 2
        assert lo <= truth <= hi and flo <= lo <= hi <= fhi, (pos.hands, pos.contract, window, lazy.bounds, full.bounds)
        assert lo <= lazy.declarer_tricks <= hi
        inexact += not lazy.exact
        tighter += (lo, hi) != (flo, fhi)
    assert inexact > 0   # the cap does cut


def test_a_planted_bug_is_caught(monkeypatch):
    """A card worst by its child taken as a candidate without its witness layouts, in the lazy
    scans only: they stop at once, and the brute force disagrees."""
    monkeypatch.setattr(wgm, "LAZY_FROM", 0)
    monkeypatch.setattr(wgm, "LAZY_DECLARER", True)
    monkeypatch.setattr(cand, "FIRST_PIECE", 2)
    real = wgm.candidate_moves

    def planted(*args, **kw):
        if kw.get("order_by") is None:
            return real(*args, **kw)
        safe = cand._Scan.level_safe
        cand._Scan.level_safe = lambda self, i: True
        try:
            return real(*args, **kw)
        finally:
            cand._Scan.level_safe = safe

    monkeypatch.setattr(wgm, "candidate_moves", planted)
    _, wrong, _ = _mismatches("undominated")
    assert wrong > 0


def test_the_declarers_decisions_are_scanned_first(monkeypatch):
    """By default only a defender's decisions are read after their children (``LAZY_DECLARER``):
    on the declarer's 1.1.4 windows reading the children first cost more than it saved."""
    monkeypatch.setattr(wgm, "LAZY_FROM", 0)
    asked = []
    real = wgm._Search.lazy

    def spy(self, node, depth):
        got = real(self, node, depth)
        asked.append((isinstance(self.view, InfoSet), got))
        return got

    monkeypatch.setattr(wgm._Search, "lazy", spy)
    for _pos, history, view, window in _cases():
        _run(view, history, window, "undominated")
    assert any(d for d, _ in asked) and any(not d for d, _ in asked)
    assert not any(got for d, got in asked if d) and any(got for d, got in asked if not d)
