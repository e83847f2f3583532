"""The last decision's scan puts off the tests of a pair whose two cards are both dominated by a
third so far (issue 38: in the slow first leads, two trumps equal in every layout — 7♦ and 10♦
with 9♦ between them — each never better than Q♦; their pair was most of the scan's time).

Checked on small random endings with the thresholds lowered (a chunk of 4 layouts, pieces of
1, pairs left open from the second chunk), one process and two in step: the decision is the
one the same scan makes with nothing put off — candidates, dominated cards, undecided cards,
whether it is exact, settled, equal everywhere, the layouts read — and every card named as
dominating another does dominate it by the definition (every card's value in every layout,
by the reference minimax).
"""

from helpers.endings import random_endings
from helpers.scans import lowered_scan as _lowered

import solver.imperfect.candidates as cand
from solver import reference as ref
from solver.engine import Engine
from solver.imperfect import InfoSet
from solver.imperfect.candidates import candidate_moves


def _infos():
    out = []
    for n, seed, first in ((12, 381, 0), (3, 382, 0), (11, 390, 0), (2, 395, 0), (12, 383, 1), (12, 384, 2),
                           (12, 501, 0), (12, 502, 1), (12, 503, 2)):
        for pos in random_endings(n, 4, seed, first):
            info = InfoSet.from_position(pos)
            if info.pos.to_move == info.pos.declarer and info.count >= 20:
                out.append(info)
    return out


def _table(info):
    p = info.pos
    sign = 1 if (p.to_move == p.declarer) != p.is_misere else -1
    table = [{c: sign * v for c, v in ref.card_values(info.position(m)).items()} for m in info.layouts()]
    real = {c: sign * v for c, v in ref.card_values(p).items()}
    return table, real


def _said(d):
    return (d.candidates, sorted(map(str, d.dominated)), d.undecided, d.exact, d.settled, d.equal_everywhere,
            d.covered, d.choices, d.level)


def test_pairs_put_off_change_no_decision(monkeypatch):
    seen = {"deferred": 0, "resolved": 0, "scans": 0}
    defer, resolve = cand._Scan._defer, cand._Scan._resolve

    def counted_defer(self, keep):
        before = len(self.deferred)
        defer(self, keep)
        seen["deferred"] += len(self.deferred) > before

    def counted_resolve(self):
        seen["resolved"] += 1
        resolve(self)

    monkeypatch.setattr(cand._Scan, "_defer", counted_defer)
    monkeypatch.setattr(cand._Scan, "_resolve", counted_resolve)
    for info in _infos():
        table, real = _table(info)
        low = min(real.values())
        settle = [c for c, v in real.items() if v == low]
        for split in (False, True):
            _lowered(monkeypatch, split)
            kw = dict(counts=False, workers=2 if split else 1, settle=settle, settle_one=True, track_equal=True)
            monkeypatch.setattr(cand._Scan, "_may_defer", lambda self: False)
            old = candidate_moves(info, Engine(reuse_table=True), **kw)
            monkeypatch.undo()
            _lowered(monkeypatch, split)
            monkeypatch.setattr(cand._Scan, "_defer", counted_defer)
            monkeypatch.setattr(cand._Scan, "_resolve", counted_resolve)
            d = candidate_moves(info, Engine(reuse_table=True), **kw)
            seen["scans"] += 1
            assert _said(d) == _said(old), info.pos
            for c, b in d.dominated.items():   # the card named dominates it
                assert all(t[b] >= t[c] for t in table) and any(t[b] > t[c] for t in table), info.pos
    # (in the split runs the shares' counts stay in the children)
    assert seen["scans"] >= 80 and seen["deferred"] > 0 and seen["resolved"] > 0, seen
