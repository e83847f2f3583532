"""``prefdd layouts``: the declarer's tricks over every layout, checked by hand and against a
plain loop over the layouts; bad input named field by field."""
import json
import subprocess
import sys
from math import comb

import pytest

from solver import Position
from solver.engine import Engine
from solver.imperfect import hand_layouts, view_from_json

# 6NT, first hand declares and leads: ♠AKQ ♣AKQ ♦AKQ ♥7, the hearts 8 9 discarded. The
# defenders hold ♠J10987 ♣J10987 ♦J10987 ♥AKQJ10: five of each suit. Each of his suits runs
# for three tricks (three cards each, the tops), and the ♥7 can never win (five hearts are
# out, so a defender always follows above it or the trick is theirs): 9 tricks in every one
# of the C(20, 10) = 184,756 layouts, made everywhere.
NINE = {"id": "nine", "hand": ["As", "Ks", "Qs", "Ac", "Kc", "Qc", "Ad", "Kd", "Qd", "7h"],
        "discard": ["8h", "9h"], "contract": "6nt", "declarer": 0, "leader": 0}


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "prefdd", "layouts", *args], input=stdin, capture_output=True,
                          text=True, timeout=600)


def test_every_layout_of_a_hand_derived_by_hand():
    p = run("--no-progress", stdin=json.dumps(NINE))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["id"] == "nine" and out["layouts"] == comb(20, 10) == 184756
    assert out["tricks"] == [0] * 9 + [184756, 0]
    assert out["made_in"] == 184756 and out["made_share"] == 1.0 and "seconds" not in out


def test_the_histogram_equals_a_plain_loop_over_the_layouts():
    # After three tricks the voids shown narrow the layouts; every layout is solved one by one
    # with Engine.solve from its own Position and the counts compared, also per card.
    rec = {"hand": ["As", "Ks", "9s", "Ac", "Tc", "8c", "Kd", "8d", "Jh", "7h"], "discard": ["7s", "Qh"],
           "contract": "7s", "declarer": 1, "leader": 1,
           "history": ["Ac", "7c", "9c", "As", "8s", "7d", "Kd", "Ad", "9d", "Ah", "Kh"]}
    view = view_from_json(rec)
    assert view.voids == {0: frozenset({0})}      # seat 0 discarded on the trump lead
    got = hand_layouts(view, Engine(reuse_table=True), all_cards=True)
    eng = Engine()
    hist = [0] * 11
    per: dict = {}
    for lay in view.layouts():
        pos = view.position(lay)
        assert isinstance(pos, Position)
        hist[pos.taken[1] + eng.solve(pos)] += 1
        for card, v in eng.analyse(pos, all_cards=True).card_values.items():
            per.setdefault(card, [0] * 11)[pos.taken[1] + v] += 1
    assert got.layouts == view.count == sum(hist) == 84
    assert got.tricks == hist
    assert got.per_card == per


def test_misere_counts_layouts_with_no_trick():
    # The low cards of every suit: the defenders can always follow above or discard (they
    # hold the top five of each suit), so the declarer never takes a trick: made everywhere.
    rec = {"hand": ["7s", "8s", "9s", "7c", "8c", "9c", "7d", "8d", "7h", "8h"], "discard": ["9d", "9h"],
           "contract": "misere", "declarer": 2, "leader": 0}
    p = run("--no-progress", stdin=json.dumps(rec))
    out = json.loads(p.stdout)
    assert out["tricks"][0] == out["layouts"] == 184756 and out["made_in"] == 184756


@pytest.mark.parametrize("change, message", [
    ({"hand": NINE["hand"] + ["Jh", "Th"]}, "hand: expected 10 cards, got 12"),
    ({"hand": ["As"] + NINE["hand"][:9]}, "hand: card As is given twice"),
    ({"discard": ["As", "8h"]}, "discard: card As is also in the hand"),
    ({"history": ["As", "7c", "8c"]}, "both defenders showed a void"),
    ({"history": ["Jh"]}, "history[0]: Jh is the declarer's card to play"),
    ({"lead": 1}, "lead: unknown field (did you mean 'leader'?)"),
    ({"contract": "raspasovka"}, "contract: raspasovka has no declarer"),
    ({"contract": "5s"}, "contract: level must be 6..10"),
])
def test_bad_input_is_one_line_naming_the_field(change, message):
    p = run("--no-progress", stdin=json.dumps({**NINE, **change}))
    assert p.returncode == 2 and p.stdout == ""
    assert message in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr


def test_text_and_russian():
    rec = {**NINE, "history": ["As", "7s", "8s"]}
    p = run("--no-progress", "--text", "--all-cards", stdin=json.dumps(rec))
    assert p.returncode == 0, p.stderr
    assert "6nt by first hand;" in p.stdout and "every one solved" in p.stdout
    assert "K♠: mean 9.00, made 100.0%" in p.stdout
    p = run("--no-progress", "--text", "--lang", "ru", stdin=json.dumps(rec))
    assert "играет первая рука" in p.stdout and "выигрывается в" in p.stdout
    p = run("--no-progress", "--all-cards", stdin=json.dumps({**NINE, "leader": 1}))
    assert p.returncode == 2 and "the declarer is not to move" in p.stderr


@pytest.mark.slow  # a brute-force cross-check, ~10 s: CI runs it, the fast lane leaves it out
def test_a_small_position_against_itertools_and_the_reference_minimax():
    # 6NT by first hand, who wins the first five tricks: ♠A (♠7 ♠8), ♣A (♣7 ♣8), ♣K (♣9 ♣10),
    # ♥A (second hand ♥J, third hand ♣J: no hearts), ♠K (♠9 ♠10). He keeps ♠Q ♦A ♦7 ♥7 ♥8 (♥9 ♥10
    # discarded). Unseen: ♠J ♣Q ♦K Q J 10 9 8 ♥K Q, five to each defender; third hand showed no
    # hearts, so both hearts lie with second hand and he has three of the other eight:
    # C(8, 3) = 56 layouts. Each is dealt here with itertools.combinations (not the view's own
    # listing) and solved by the reference minimax (not the engine); each of his cards by a
    # fresh engine on that Position.
    from itertools import combinations

    from solver import reference as ref

    rec = {"id": "small", "hand": ["As", "Ks", "Qs", "Ac", "Kc", "Ad", "7d", "Ah", "7h", "8h"],
           "discard": ["9h", "Th"], "contract": "6nt", "declarer": 0, "leader": 0,
           "history": ["As", "7s", "8s", "Ac", "7c", "8c", "Kc", "9c", "Tc", "Ah", "Jh", "Jc", "Ks", "9s", "Ts"]}
    p = run("--no-progress", "--all-cards", stdin=json.dumps(rec))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    mine = ["Qs", "Ad", "7d", "7h", "8h"]
    free = ["Js", "Qc", "Kd", "Qd", "Jd", "Td", "9d", "8d"]
    hist = [0] * 11
    per = {c: [0] * 11 for c in mine}
    n = 0
    for three in combinations(free, 3):
        second = ["Kh", "Qh", *three]
        third = [c for c in free if c not in three]
        pos = Position([mine, second, third], "6nt", 0, 0, taken=[5, 0, 0])
        hist[5 + ref.solve(pos)] += 1
        for card, v in Engine().analyse(pos, all_cards=True).card_values.items():
            per[str(card)][5 + v] += 1
        n += 1
    assert n == comb(8, 3) == 56 == out["layouts"]
    assert out["tricks"] == hist
    assert {c: v["tricks"] for c, v in out["cards"].items()} == per
    # ♠Q and ♦A are winners and the hearts are not: 7 tricks in every layout
    assert hist[7] == 56 and out["made_in"] == 56
