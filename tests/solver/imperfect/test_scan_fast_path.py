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
