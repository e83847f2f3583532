"""The information-set layer is exact by default: checked where an approximation is weakest.

* A lead that only two of 252 layouts make a reasonable choice: a 40-layout sample misses it
  and the ruling would favour the offender; the exact scan keeps it (rule 1.1.2 in miniature).
* The pruned scan, the scan split across processes and the scan cut at a cap, against a
  brute-force oracle (every card in every layout by the plain reference minimax).
* Every best card of the defence is followed: here two double-dummy-equal defence cards
  lead to different results for the guessing declarer.
* Every sequence is never better for him than greedy; a cut scan's bounds hold the truth;
  a time budget gives stated bounds, never a sampled figure.
* No default path samples: a scan of the source.
"""
import ast
import pathlib

import pytest
from helpers.endings import random_endings
from helpers.strategies import positions
from hypothesis import HealthCheck, given, settings

import solver.imperfect.candidates as cand
from compensation.rulings import rule_incident
from solver import Card, Position
from solver import reference as ref
from solver.engine import Engine
from solver.imperfect import InfoSet, candidate_moves, resolve_against, worst_guess_play
from solver.imperfect.views import view_run

C = Card.parse
ROOT = pathlib.Path(__file__).resolve().parents[3]
ENGINE = Engine(reuse_table=True)

# 6♥ by first hand, three tricks taken of five (3-1-1), he leads from 7♣ Q♦ 7♥ A♦ 10♦.
# Real layout: second hand 8♦ Q♠ 9♦ J♠ A♠, third hand A♣ J♣ K♣ 9♠ A♥. A diamond lead
# keeps all three diamonds: 3 + 3 = 6, made; 7♣ gives the third hand his clubs: 3 + 0.
# Over the 252 layouts he could believe in, the diamonds are never worse than 7♣ except in
# two (the club honours split so that 7♣ sets up a ruff: 7♣ 4 against 3) — so 7♣ is not
# dominated: a candidate, resolved against him it is made for him and the contract fails.
MINI = [["7c", "Qd", "7h", "Ad", "Td"], ["8d", "Qs", "9d", "Js", "As"], ["Ac", "Jc", "Kc", "9s", "Ah"]]


def mini() -> Position:
    return Position(MINI, "6h", 0, 0, taken=[3, 1, 1])


def test_a_lead_a_small_sample_misses_is_a_candidate():
    info = InfoSet.from_position(mini())
    exact = candidate_moves(info, ENGINE)
    assert exact.layouts.total == 252 and exact.exact and exact.covered == 252
    assert set(exact.candidates) == {C("7c"), C("Td"), C("Qd"), C("Ad")}
    assert exact.dominated == {C("7h"): C("7c")}
    assert exact.real_values[C("7c")] == 3 and exact.real_values[C("Qd")] == 6
    # the two witness layouts, found by brute force over every layout
    witnesses = [m for m in info.layouts()
                 if (lambda v: v[C("7c")] > v[C("Qd")])(ENGINE.analyse(info.position(m), all_cards=True).card_values)]
    assert len(witnesses) == 2
    # 40 layouts drawn with seed 0 (the old default of the information rules) hold neither:
    # there 7♣ looks dominated and the worst "reasonable" lead would make the contract
    sampled = candidate_moves(info, ENGINE, sample=40, seed=0)
    assert not set(witnesses) & set(sampled.layouts)
    assert C("7c") not in sampled.candidates and sampled.layouts.method == "sample"


def test_rule_1_1_2_in_miniature_compensates_exactly():
    # The declarer, having seen the whister's cards, led the Q♦ (as made: 6, made); resolved
    # against him over the 252 layouts, 7♣ is made for him: 3, two down. The knowledge
    # helped him make it: the passer (victim) writes compensation on the whister (offender).
    inc = {"deal": {"hands": MINI}, "contract": "6h", "declarer": 0, "decisions": {"1": "whist", "2": "pass"},
           "first_leader": 0, "taken": [3, 1, 1], "history": ["Qd"], "violation": {"rule": "1.1.2", "offender": 1}}
    r = rule_incident(inc)
    assert [f.declarer_tricks for f in r.figures] == [3, 6]
    assert r.entries.whists[2][1] > 0            # the passer writes on the whister
    notes = " ".join(n.en for n in r.notes)
    # exact: the scan stopped once 7♣ (the worst on the real layout) was proven a candidate,
    # a witness layout against each other card — no layout left could change the figure
    assert "Every decision was decided exactly" in notes and "7♣ made for him" in notes
    assert "Каждое решение определено точно" in " ".join(n.ru for n in r.notes)


# ---------------------------------------------------------------- the brute-force oracle
def oracle(info) -> tuple[set, set]:
    """(undominated, best somewhere) run representatives, every card in every layout by the
    reference minimax (an implementation independent of the engine)."""
    pos = info.pos
    legal = pos.legal_moves()
    reps = list({view_run(info, c): c for c in reversed(legal)}.values())
    sign = 1 if (pos.to_move == pos.declarer) != pos.is_misere else -1
    table = [{c: sign * v for c, v in ref.card_values(info.position(m)).items()} for m in info.layouts()]
    undominated = {c for c in reps if not any(
        all(t[o] >= t[c] for t in table) and any(t[o] > t[c] for t in table) for o in reps if o is not c)}
    somewhere = {c for c in reps if any(t[c] == max(t.values()) for t in table)}
    return undominated, somewhere


def _reps(info, cards) -> set:
    return {view_run(info, c) for c in cards}


def _declarer_to_move(pos) -> bool:
    return not pos.is_over() and pos.to_move == pos.declarer


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(positions(min_cards=2, max_cards=3))
def test_pruned_scan_equals_the_oracle(pos):
    if not _declarer_to_move(pos):
        return
    info = InfoSet.from_position(pos)
    undominated, somewhere = oracle(info)
    for rule, want in (("undominated", undominated), ("best_somewhere", somewhere)):
        dec = candidate_moves(info, ENGINE, candidates=rule, counts=False)   # the pruned path
        assert dec.exact
        assert _reps(info, dec.candidates) == _reps(info, want)



def test_split_scan_equals_the_one_process_scan(monkeypatch):
    # The scan split across two forked processes merges their pair states exactly.
    monkeypatch.setattr(cand, "SPLIT_FROM", 1)
    monkeypatch.setattr(cand, "CHUNK", 7)
    for pos in random_endings(6, 4, 11):
        info = InfoSet.from_position(pos)
        one = candidate_moves(info, ENGINE, counts=False, workers=1)
        two = candidate_moves(info, ENGINE, counts=False, workers=2)
        assert one.exact and two.exact and one.candidates == two.candidates and one.dominated == two.dominated
        assert _reps(info, two.candidates) == _reps(info, oracle(info)[0])


def test_a_cut_scan_proves_what_it_says(monkeypatch):
    # With the cap at 9 of 70 layouts: every card it calls a candidate is one, and the true
    # candidates all lie among the proven and the undecided; a search built on such scans
    # gives bounds that hold the exact answer (or the exact answer itself).
    for pos in random_endings(8, 4, 5):
        info = InfoSet.from_position(pos)
        truth = _reps(info, oracle(info)[0])
        cut = candidate_moves(info, ENGINE, cap=9, counts=False)
        assert _reps(info, cut.candidates) <= truth <= _reps(info, cut.candidates + cut.undecided)
        exact = worst_guess_play(info, ENGINE).declarer_tricks
        monkeypatch.setattr(cand, "SCAN_CAP", 9)
        wg = worst_guess_play(info, ENGINE)
        monkeypatch.setattr(cand, "SCAN_CAP", 200_000)
        if wg.exact:
            assert wg.declarer_tricks == exact
        else:
            assert wg.bounds[0] <= exact <= wg.bounds[1] and wg.stopped == "cap"


# ---------------------------------------------------------------- the search
def test_every_best_defence_card_is_followed():
    # 6♥-style ending, hearts trump, second hand (a defender) on lead, 2-2-2 taken:
    #   first hand (declarer) 10♣ J♥ 10♥ 7♥, second A♠ A♦ 10♦ 7♣, third Q♥ 9♣ 10♠ 8♥.
    # Double dummy the defence's A♠, 7♣, 10♦ and A♦ are all best (the declarer takes 3 more
    # whatever). For the guessing declarer they differ: after A♠ or 7♣ he has no guess left
    # (5 in the deal), after a diamond he must guess later and the wrong guess gives 4. The
    # defence's first best card (A♠) would credit him 5; every one followed gives 4.
    # (Candidates undominated, the information rules' reading, where the figures differ.)
    pos = Position([["Tc", "Jh", "Th", "7h"], ["Td", "As", "Ad", "7c"], ["Qh", "9c", "Ts", "8h"]], "h", 0, 1,
                   taken=[2, 2, 2])
    info = InfoSet.from_position(pos)
    best = ENGINE.analyse(pos, all_cards=True).best_cards
    assert set(best) == {C("As"), C("7c"), C("Td"), C("Ad")}
    after = {str(c): worst_guess_play(info.after(c), ENGINE, candidates="undominated").declarer_tricks for c in best}
    assert after == {"As": 5, "7c": 5, "Td": 4, "Ad": 4}
    assert worst_guess_play(info, ENGINE, candidates="undominated").declarer_tricks == 4 == min(after.values())
    assert ref.solve(pos) + 2 == 5   # double dummy, by the reference minimax


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(min_cards=2, max_cards=3))
def test_every_sequence_is_never_better_for_him_than_greedy(pos):
    info = InfoSet.from_position(pos)
    every = worst_guess_play(info, ENGINE).declarer_tricks
    greedy = worst_guess_play(info, ENGINE, guess="greedy").declarer_tricks
    assert every >= greedy if pos.is_misere else every <= greedy


def test_a_time_budget_gives_stated_bounds():
    # A whole deal from the first lead with a budget of a hundredth of a second: the search
    # cannot finish; it says so and gives bounds that hold double dummy (a wrong guess can
    # only cost him) — never a sampled figure.
    hands = [["As", "Ks", "Qs", "Js", "9s", "Ac", "Kc", "Ad", "Kd", "7h"],
             ["Ts", "8s", "Qc", "Jc", "Tc", "Qd", "Jd", "Td", "Ah", "Kh"],
             ["7s", "9c", "8c", "7c", "9d", "8d", "7d", "Qh", "Jh", "Th"]]
    pos = Position(hands, "6s", 0, 0)
    wg = worst_guess_play(InfoSet.from_position(pos), ENGINE, budget=0.01)
    dd = ENGINE.solve(pos)
    assert not wg.exact and wg.stopped == "budget" and wg.bounds[0] <= dd <= wg.bounds[1]
    assert wg.to_json()["bounds"] == list(wg.bounds)
    # the same through a ruling: both languages say what was proven
    inc = {"deal": {"hands": hands, "talon": ["8h", "9h"], "discard": ["8h", "9h"]}, "contract": "6s", "declarer": 0,
           "decisions": {"1": "whist", "2": "pass"}, "first_leader": 0, "history": [],
           "violation": {"rule": "claim", "move": 0, "concede": 0, "budget": 0.01}}
    r = rule_incident(inc)
    en = " ".join(n.en for n in r.notes)
    ru = " ".join(n.ru for n in r.notes)
    assert "The time budget (0.1 s) stopped the search" in en and "proven only that the result lies between" in en
    assert "Перебор остановлен по лимиту времени" in ru and "доказано лишь" in ru


def test_resolve_against_with_a_window_of_one():
    # One decision, then double dummy: the worst candidate on the real layout (7♣), 3 + 0.
    wg = resolve_against(InfoSet.from_position(mini()), ENGINE, window=1)
    assert wg.exact and wg.line[0] == C("7c") and wg.declarer_tricks == 3


# ---------------------------------------------------------------- no sampling by default
def test_no_default_path_samples():
    # Every parameter named ``sample`` defaults to None in the libraries; the random module
    # is imported only where the named sample setting and the cut scan's fixed order draw
    # their layouts; no ruling passes ``sample``.
    for path in list((ROOT / "solver").rglob("*.py")) + list((ROOT / "compensation").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args.args + node.args.kwonlyargs
                required = object()  # a parameter the caller must give: no default to check
                defaults = [required] * (len(node.args.args) - len(node.args.defaults)) + list(node.args.defaults) \
                    + [required if d is None else d for d in node.args.kw_defaults]
                for a, d in zip(args, defaults):
                    if a.arg == "sample" and d is not required:
                        assert isinstance(d, ast.Constant) and d.value is None, f"{path}:{node.lineno}"
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [n.name for n in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                if "random" in names:
                    assert path.name == "layouts.py", f"{path}: imports random"
            if isinstance(node, ast.keyword) and node.arg == "sample" and "compensation" in path.parts:
                pytest.fail(f"{path}: a ruling passes sample=")
    assert cand.DEFAULT_CANDIDATES == "undominated"
    with pytest.raises(Exception, match="candidates"):
        candidate_moves(InfoSet.from_position(mini()), ENGINE, candidates="first_best")
