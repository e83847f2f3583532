"""The layout scan's trusted path (issue 38) against the engine's checked one, and the one
view interface (issue 40): both views are information sets."""
import json
import pathlib
import random

import numpy as np

from solver.engine import Engine
from solver.engine.many import encode_layouts, lex_order, lex_permutation, solve_trusted
from solver.imperfect import InformationSet, InfoSet, SeatView, infoset_from_json
from solver.position import position_from_json

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _info():
    inc = json.loads((ROOT / "examples/incidents/claim_needs_a_guess.json").read_text())
    rec = {"hands": inc["deal"]["hands"], "discard": inc["deal"]["discard"], "contract": "7h",
           "declarer": 1, "leader": 1, "history": inc["history"]}
    return infoset_from_json(rec)


def test_lex_permutation_is_lex_order():
    rnd = random.Random(3)
    lays = []
    for _ in range(2000):
        cards = list(range(32))
        rnd.shuffle(cards)
        h0 = sum(1 << c for c in cards[:10]) if rnd.random() < 0.7 else 1023  # ties on seat 0 too
        lays.append((h0, sum(1 << c for c in cards[10:20]), sum(1 << c for c in cards[20:30])))
    assert lex_permutation(np.array(lays, np.int64)).tolist() == lex_order(encode_layouts(lays))


def test_solve_trusted_matches_solve_layouts():
    info = _info()
    lays = list(info.layouts())
    cards = info.pos.legal_moves()
    a, b = Engine(reuse_table=True), Engine(reuse_table=True)
    want = a.solve_layouts(info.pos, [info.hands(x) for x in lays], cards=cards)
    got = solve_trusted(b, info.pos, info.hands_array(lays), cards)
    assert [tuple(r) for r in got.tolist()] == want
    assert a.nodes == b.nodes   # the same loop in the same order: the same search
    assert solve_trusted(b, info.pos, info.hands_array(lays)).tolist() == \
        a.solve_layouts(info.pos, [info.hands(x) for x in lays])


def test_hands_array_is_hands():
    info = _info()
    lays = list(info.layouts())[:50]
    assert [tuple(r) for r in info.hands_array(lays).tolist()] == [info.hands(x) for x in lays]
    pos = position_from_json({"hands": ["As Ks Qs", "Js Ts 9s", "8s 7s Ah"], "contract": "6s", "declarer": 0,
                              "leader": 0})
    view = SeatView(pos, 1, (0, 2))
    lays = list(view.layouts())
    assert [tuple(r) for r in view.hands_array(lays).tolist()] == [view.hands(x) for x in lays]


def test_both_views_are_information_sets():
    info = _info()
    assert isinstance(info, InformationSet)
    assert isinstance(SeatView(info.pos, info.pos.declarer, info.defenders), InformationSet)
    assert isinstance(info.after(info.pos.legal_moves()[0]), InfoSet)


def _layout_by_unrank(num, index):
    """Numbering.layout as first written: unrank each holder's cards, then mask them."""
    from solver.hands import mask_of
    from solver.imperfect.layouts import _C, _multinomial, unrank

    caps = num.sizes
    lay = [0] * len(num.sizes)
    for i, (allowed, cards) in enumerate(num.groups):
        for option in num._options(i, caps):
            split, _, rest = option
            size = _multinomial(len(cards), split) * rest
            if index < size:
                break
            index -= size
        caps = option[1]
        a, index = divmod(index, rest)
        left = cards
        for h, k in zip(allowed, split):
            a, r = divmod(a, _C[len(left)][k])
            picked = unrank(r, left, k)
            lay[h] |= mask_of(picked)
            left = [c for c in left if c not in picked]
    return tuple(lay)


def test_numbering_layout_one_pass_matches_unrank():
    from compensation.incident import parse_incident
    from compensation.rulings.knowledge import defender_view

    inc = parse_incident(json.loads((ROOT / "examples/incidents/rule_1_2_2_passer_opened_after_lead.json").read_text()))
    pos = inc.start()
    for c in inc.history[:3]:
        pos.play(c)
    view = defender_view(inc, 3, pos, 1, partner_seen=False, discard_seen=False)
    num = view.numbering
    rnd = random.Random(5)
    for index in [0, view.count - 1] + [rnd.randrange(view.count) for _ in range(300)]:
        lay = num.layout(index)
        assert lay == _layout_by_unrank(num, index)
        assert num.rank(lay) == index


def test_numpy_and_plain_folds_decide_alike(monkeypatch):
    """A scan folds its chunks in NumPy when it is large (or NumPy is loaded) and in lists
    otherwise: the same decisions, counts and single-dummy figures both ways."""
    from solver.imperfect import candidate_moves
    from solver.imperfect import candidates as cand
    from solver.imperfect import single_dummy as sd

    info = _info()
    out = {}
    for fast in (True, False):
        monkeypatch.setattr(cand, "use_numpy", lambda n, fast=fast: fast)
        monkeypatch.setattr(sd, "use_numpy", lambda n, fast=fast: fast)
        row = []
        for rule in ("undominated", "best_somewhere"):
            for counts in (True, False):
                d = candidate_moves(info, Engine(reuse_table=True), candidates=rule, counts=counts)
                row.append((d.candidates, d.dominated, d.best_in, d.covered, d.equal_everywhere))
        card = info.pos.legal_moves()[0]
        row.append({k: v for k, v in sd.decide(info, card, Engine(reuse_table=True)).to_json().items() if k != "seconds"})
        out[fast] = row
    assert out[True] == out[False]
