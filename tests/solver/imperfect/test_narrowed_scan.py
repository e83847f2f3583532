"""A window's last decision scans only the pairs that can change the figure (issue 38).

Where everything after the decision is double dummy (1.1.2, 1.2.x: the one lead), he is
resolved to the first card — worst on the real layout first, then in the order of his cards
— that no other card dominates. Once two cards are proven candidates, an open pair of two
cards both after the first proven one cannot change that card, and the scan leaves it open
(the cards stay "not decided"); the pairs kept are settled by null-window tests, one card
against the other, where that is cheaper than every card's value.

Checked here against the definition written out plainly on small random endings: every
card's value in every layout by the reference minimax, the undominated cards, the worst of
them on the real layout and the first card of that value. The thresholds are lowered (a
chunk of 4 layouts, pieces of 1, pairs left open from the second chunk) so that endings of
70 layouts take the new path.
"""

from helpers.endings import random_endings
from helpers.scans import lowered_scan as _lowered

import solver.imperfect.candidates as cand
from solver import reference as ref
from solver.engine import Engine
from solver.imperfect import InfoSet
from solver.imperfect.candidates import candidate_moves, declarer_total


def _truth(info):
    """(undominated cards in his order, real values in the deal) by the definition alone."""
    p = info.pos
    sign = 1 if (p.to_move == p.declarer) != p.is_misere else -1
    table = [{c: sign * v for c, v in ref.card_values(info.position(m)).items()} for m in info.layouts()]
    legal = p.legal_moves()
    und = [c for c in legal if not any(all(t[o] >= t[c] for t in table) and any(t[o] > t[c] for t in table)
                                       for o in legal if o != c)]
    real = {c: declarer_total(p, v) for c, v in ref.card_values(p).items()}
    return und, real, sign


def _decisions():
    out = []
    # (endings, seed, first on lead): seeds 382, 390 and 395 hold endings where every layout is
    # read and pairs are left open (the scan narrowed), the others the usual kinds
    for n, seed, first in ((12, 381, 0), (3, 382, 0), (11, 390, 0), (2, 395, 0), (12, 383, 1), (12, 384, 2)):
        for pos in random_endings(n, 4, seed, first):
            info = InfoSet.from_position(pos)
            if info.pos.to_move == info.pos.declarer and info.count >= 20:
                out.append(info)
    return out


def _card(d, sign):
    """The card resolved against him and its value, as the ruling reads a decision
    (``knowledge_figures``; ``worst_guess._moves`` the same way)."""
    known = d.candidates + d.level
    w = min(sign * d.real_values[c] for c in known)
    return next(c for c in known if sign * d.real_values[c] == w), w


def test_the_last_decision_resolves_him_as_the_definition_says(monkeypatch):
    seen = {"narrowed": 0, "tests": 0, "scans": 0}
    better = cand.better_trusted
    plan = cand._Scan.plan

    def counted(*a, **k):
        seen["tests"] += 1
        return better(*a, **k)

    for info in _decisions():
        und, real, sign = _truth(info)
        worst = min(sign * real[c] for c in und)
        first = next(c for c in und if sign * real[c] == worst)
        low = min(sign * v for v in real.values())
        settle = [c for c, v in real.items() if sign * v == low]
        for split in (False, True):
            _lowered(monkeypatch, split)
            kw = dict(counts=False, workers=2 if split else 1, settle=settle, settle_one=True, track_equal=True)
            monkeypatch.setattr(cand._Scan, "plan", lambda self, rel: (rel, None))   # the scan as it was
            old = candidate_moves(info, Engine(reuse_table=True), **kw)
            monkeypatch.setattr(cand._Scan, "plan", plan)
            monkeypatch.setattr(cand, "better_trusted", counted)
            d = candidate_moves(info, Engine(reuse_table=True), **kw)
            seen["scans"] += 1
            card, w = _card(d, sign)
            assert w == worst, info.pos                       # the figure
            assert (card, w) == _card(old, sign), info.pos   # the card made for him, as before
            if d.covered >= info.count and not old.settled:    # every layout read: the first undominated card
                assert card == first, info.pos
            # what is said proven is true; the cards left open cannot change the figure
            assert set(d.candidates) <= set(und), info.pos
            assert not set(d.dominated) & set(und), info.pos
            assert all(sign * d.real_values[c] >= worst for c in d.undecided), info.pos
            assert set(old.candidates) - set(d.candidates) <= set(d.undecided), info.pos
            assert (d.choices > 1) == (old.choices > 1), info.pos
            if d.exact:
                assert d.candidates == und and not d.undecided, info.pos
            else:
                assert d.settled, info.pos   # no budget, no cap: only a proof stops it
            if d.covered >= info.count and d.undecided:
                seen["narrowed"] += 1
    assert seen["narrowed"] > 0 and seen["tests"] > 0, seen
