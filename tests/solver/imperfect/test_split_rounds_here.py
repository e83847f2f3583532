"""A split scan's shares read in the parent, in step, before they are forked (issue 38: most
scans of a window end in their first rounds, where two forks and two fresh tables cost more
than the layouts): wherever the parent stops and forks them — after its first meeting of the
shares, after a few, or never — the decision is the same, to the layouts read (the shares'
rounds are those of forked shares, exchange for exchange).

Checked on small random endings with the thresholds lowered (tests/helpers/scans.py: chunks
of 4 layouts, pieces from 1, a split from 20 layouts), both readings of the candidates, with
and without a card to settle on; the parent's CPU clock made one that moves one second at
every reading, so ``HERE_SECONDS`` counts the meetings read before the fork.
"""
import itertools

from helpers.endings import random_endings
from helpers.scans import lowered_scan

import solver.imperfect.candidates as cand
from solver.engine import Engine
from solver.imperfect import InfoSet
from solver.imperfect.candidates import candidate_moves


def _infos():
    out = []
    for n, seed, first in ((12, 381, 0), (11, 390, 0), (12, 383, 1), (12, 384, 2), (12, 502, 1)):
        for pos in random_endings(n, 4, seed, first):
            info = InfoSet.from_position(pos)
            if info.pos.to_move == info.pos.declarer and info.count >= 20:
                out.append(info)
    return out


def _said(d):
    return (d.candidates, sorted(map(str, d.dominated)), d.undecided, d.exact, d.settled, d.equal_everywhere,
            d.covered, d.choices, d.level)


class _Clock:
    """A CPU clock that moves one second a reading."""

    def __init__(self):
        self.t = itertools.count()

    def process_time(self):
        return float(next(self.t))

    def __getattr__(self, name):   # (the rest of the time module)
        import time
        return getattr(time, name)


def test_the_parent_forks_the_shares_anywhere_with_the_same_decision(monkeypatch):
    forks = {"n": 0}
    real_in_shares = cand.in_shares

    def counted(*a, **k):
        forks["n"] += 1
        return real_in_shares(*a, **k)

    checked = 0
    for info in _infos()[:8]:
        real = Engine().analyse(info.pos, all_cards=True).card_values
        low = min(real.values())
        for rule, settle in (("undominated", None), ("undominated", [c for c, v in real.items() if v == low]),
                             ("best_somewhere", None)):
            kw = dict(candidates=rule, counts=False, workers=2, settle=settle, settle_one=settle is not None,
                      track_equal=True)
            said = []
            for here in (10 ** 9, 0, 2, 5):
                lowered_scan(monkeypatch, True)
                monkeypatch.setattr(cand, "HERE_SECONDS", here)
                monkeypatch.setattr(cand, "in_shares", counted)
                if here < 10 ** 9:
                    monkeypatch.setattr(cand, "time", _Clock())
                before = forks["n"]
                said.append(_said(candidate_moves(info, Engine(reuse_table=True), **kw)))
                if here == 10 ** 9:
                    assert forks["n"] == before   # every round read here: nothing forked
                monkeypatch.undo()
            assert all(s == said[0] for s in said), (info.pos, rule, said)
            checked += 1
    assert checked >= 12
    assert forks["n"] > 0   # (some scans went on in forked shares)
