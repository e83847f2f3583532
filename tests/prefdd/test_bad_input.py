"""Bad position records: a clear PrefError naming the problem, never another exception.

A seeded fuzz over the reference records: one field at a time replaced by junk (wrong
types, impossible seats, duplicate or unknown cards, malformed tricks and constraints).
"""
import copy
import json
import random

import pytest

from prefdd.records import solve_record
from solver.engine import Engine
from solver.errors import PrefError

JUNK = [None, 0, -1, 3, 99, "", " ", "x", "As", "10", [], {}, [[]], [1, 2], ["As", "As"], True, 1.5, "misere",
        "raspasovka", "10h", "5s", [[0, "As"]], [[5, "As"]], [["a", "b"]], {"seat": 1}, [None], ["Zz"], [[0]],
        [[0, "As", 1]], "♠A", "Тт", 2 ** 70, -2 ** 70, float("nan")]
FIELDS = ["hands", "contract", "declarer", "leader", "to_move", "trick", "history", "talon", "discard", "taken",
          "constraints", "favour", "hand", "card"]


def mutate(rng, rec):
    r = copy.deepcopy(rec)
    k = rng.choice(FIELDS)
    v = rng.choice(JUNK)
    if k == "hand":
        r["hands"][rng.randrange(3)] = v
    elif k == "card":
        h = r["hands"][rng.randrange(3)]
        h[rng.randrange(len(h))] = v
    elif k == "constraints":
        r[k] = rng.choice([v, {"penalty_cards": [v]}, {"lead": v}, {"plan": v}, {"bogus": 1},
                           {"plan": {"side": "declarer", "cards": v}}, {"lead": {"seat": v, "suit": v}},
                           {"penalty_cards": [{"seat": v, "card": "As", "when": v}]}])
    else:
        r[k] = v
    return r


def test_fuzzed_records_fail_cleanly(reference_deals):
    rng = random.Random(2026)
    e = Engine(node_budget=5_000_000)
    unexpected = []
    errors = 0
    for _ in range(1500):
        rec = mutate(rng, rng.choice(reference_deals))
        favour = rec.get("favour") if type(rec.get("favour")) is int else None
        try:
            solve_record(rec, e, all_cards=rng.random() < 0.2, favour=favour)
        except PrefError as exc:
            errors += 1
            assert str(exc).strip() and "\n" not in str(exc)
        except Exception as exc:  # pragma: no cover - the failure report
            unexpected.append(f"{type(exc).__name__}: {exc} in {json.dumps(rec, default=str)[:300]}")
    assert not unexpected, unexpected[:5]
    assert errors > 500  # most mutations are errors, and each was reported as one


@pytest.mark.parametrize("text", ["{", "[1, 2", "null", "42", '"As"', "[]", "[{}]", '{"hands": 5}'])
def test_cli_malformed_input(text, tmp_path, capsys):
    from prefdd.cli import main

    f = tmp_path / "in.json"
    f.write_text(text)
    assert main(["solve", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("prefdd solve:") and "Traceback" not in err


@pytest.mark.slow
def test_fuzzed_incidents_fail_cleanly():
    """Incidents with one value anywhere (up to three levels deep) replaced by junk."""
    import glob
    import pathlib

    from compensation.errors import ScoringError
    from compensation.incident import IncidentError
    from compensation.rulings import rule_incident

    root = pathlib.Path(__file__).parents[2]
    base = [json.loads(pathlib.Path(f).read_text()) for f in sorted(glob.glob(str(root / "examples/incidents/*.json")))]
    rng = random.Random(7)
    junk = JUNK + [{"rule": "9"}, {"rule": "99"}, {"1": "whist"}, ["As"], "half-whist"]

    def path_in(d, depth=0):
        if isinstance(d, dict) and d and depth < 3 and rng.random() < 0.6:
            k = rng.choice(sorted(d))
            return [k] + path_in(d[k], depth + 1)
        if isinstance(d, list) and d and depth < 3 and rng.random() < 0.6:
            k = rng.randrange(len(d))
            return [k] + path_in(d[k], depth + 1)
        return []

    unexpected = []
    for _ in range(400):
        inc = copy.deepcopy(rng.choice(base))
        path = path_in(inc)
        if not path:
            continue
        target = inc
        for k in path[:-1]:
            target = target[k]
        target[path[-1]] = rng.choice(junk)
        try:
            rule_incident(inc, {})
        except (IncidentError, ScoringError, PrefError):
            pass
        except Exception as exc:  # pragma: no cover - the failure report
            unexpected.append(f"{type(exc).__name__}: {exc} at {path}")
    assert not unexpected, unexpected[:5]


# ---------------------------------------------------------------------- issue 13: one regression test each
def _cli(argv, capsys):
    from prefdd.cli import main

    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


ENDING = {"id": "e", "hands": [["As", "Qs", "7h"], ["Ks", "9s"], ["Js", "8s", "Kh"]], "contract": "7s",
          "declarer": 0, "to_move": 2, "trick": [[1, "Ah"]]}
FULL = {"id": "full", "hands": [["As", "Ks", "Js", "Ad", "Jd", "9d", "8d", "Ac", "Jc", "Tc"],
                                ["Qs", "Ts", "9s", "Kh", "Jh", "Th", "Kd", "Td", "Qc", "8c"],
                                ["8s", "Ah", "Qh", "9h", "7h", "Qd", "7d", "Kc", "9c", "7c"]],
        "talon": ["7s", "8h"], "contract": "s", "declarer": 0, "leader": 0}


@pytest.mark.parametrize("cmd", ["solve", "score", "rule"])
def test_deep_nesting_is_a_named_error_in_every_command(cmd, tmp_path, capsys):
    f = tmp_path / "deep.json"
    f.write_text('{"hands": ' + "[" * 1000 + "]" * 1000 + "}")
    code, out, err = _cli([cmd, str(f)], capsys)
    assert code == 2 and out == "" and "nested deeper than 64 levels" in err and len(err.splitlines()) == 1


def test_solve_answers_the_lines_around_a_deep_or_non_utf8_or_huge_line(tmp_path, capsys):
    from solver import reference as ref
    from solver.position import position_from_json

    f = tmp_path / "in.jsonl"
    good = json.dumps(ENDING).encode()
    f.write_bytes(b"\n".join([good, b"[" * 1000 + b"]" * 1000, b'{"id": "\xff"}', b'{"declarer": ' + b"7" * 5000 + b"}",
                              good]) + b"\n")
    code, out, err = _cli(["solve", str(f)], capsys)
    want = ref.solve(position_from_json(ENDING))
    assert code == 2 and [json.loads(x)["declarer_tricks"] for x in out.splitlines()] == [want, want]
    assert err.splitlines() == ["prefdd solve: record 2: nested deeper than 64 levels",
                                "prefdd solve: record 3: not UTF-8 text (byte 9)",
                                "prefdd solve: record 4: not usable JSON: a number with too many digits"]


def test_score_and_rule_name_a_non_utf8_byte(tmp_path, capsys):
    f = tmp_path / "in.json"
    f.write_bytes(b'{"id": "d1", "contract": "7s", "declarer": 0, "tricks": [6, 3, 1]}\n{"id": "\xe9"}\n')
    assert _cli(["score", str(f)], capsys)[::2] == (2, "prefdd score: input: line 2: not UTF-8 text (byte 9)\n")
    f.write_bytes(b'{"deal": "\xe9"}')
    code, _, err = _cli(["rule", str(f)], capsys)
    assert code == 2 and err == f"prefdd rule: {f}: not UTF-8 text (byte 11)\n"


BOM = "\ufeff".encode()  # what an editor puts at the start of a UTF-8 file


def test_a_byte_order_mark_is_skipped_at_the_start_only(tmp_path, capsys):
    from prefdd.jsonl import BOM_INSIDE

    good = json.dumps(ENDING).encode()
    f = tmp_path / "in.jsonl"
    f.write_bytes(BOM + good + b"\n" + good + b"\n")  # the file's own mark: both answered
    code, out, _ = _cli(["solve", str(f)], capsys)
    assert code == 0 and len(out.splitlines()) == 2
    # a second file appended to the first keeps its mark at the start of a later line: the
    # record is not silently read as if the mark were not there
    f.write_bytes(good + b"\n" + BOM + good + b"\n" + good + b"\n")
    code, out, err = _cli(["solve", str(f)], capsys)
    assert code == 2 and len(out.splitlines()) == 2
    assert err == f"prefdd solve: record 2: {BOM_INSIDE}\n"
    deal = b'{"id": "d1", "contract": "7s", "declarer": 0, "decisions": {"1": "whist", "2": "pass"}, "tricks": [6, 3, 1]}'
    f.write_bytes(deal + b"\n\n" + BOM + deal + b"\n")
    assert _cli(["score", str(f)], capsys)[::2] == (2, f"prefdd score: input: line 3: {BOM_INSIDE}\n")
    f.write_bytes(b"\n" + BOM + good + b"\n")  # blank lines first: the mark is not at the start either
    assert _cli(["solve", str(f)], capsys)[::2] == (2, f"prefdd solve: record 2: {BOM_INSIDE}\n")


def test_the_batch_takes_a_byte_order_mark_at_the_start_only(tmp_path, capsys):
    from prefdd.jsonl import BOM_INSIDE

    good = json.dumps(ENDING).encode()
    f = tmp_path / "in.jsonl"
    f.write_bytes(BOM + good + b"\n" + BOM + good + b"\n")
    out = tmp_path / "out.jsonl"
    assert _cli(["batch", str(f), "-o", str(out), "--workers", "0", "--no-progress"], capsys)[0] == 2
    lines = {r["input_line"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    assert "declarer_tricks" in lines[1] and lines[2]["error"] == f"line 2: {BOM_INSIDE}"


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0", "1e400", "99999999", "x"])
def test_table_mb_is_checked(value, tmp_path, capsys):
    f = tmp_path / "in.json"
    f.write_text(json.dumps(ENDING))
    for cmd in (["solve", str(f)], ["batch", str(f), "-o", str(tmp_path / "o.jsonl")]):
        code, out, err = _cli(cmd + ["--table-mb", value], capsys)
        assert code == 2 and out == "" and len(err.splitlines()) == 1 and "--table-mb" in err
        assert "expected a" in err and "Traceback" not in err


@pytest.mark.parametrize("option,value", [("--node-budget", "0"), ("--node-budget", "-5"), ("--node-budget", "1e9"),
                                          ("--favour", "3"), ("--favour", "true")])
def test_numeric_options_are_checked(option, value, tmp_path, capsys):
    f = tmp_path / "in.json"
    f.write_text(json.dumps(ENDING))
    code, _, err = _cli(["solve", str(f), option, value], capsys)
    assert code == 2 and err.startswith(f"prefdd solve: argument {option}: expected") and len(err.splitlines()) == 1


@pytest.mark.parametrize("lead,problem", [
    ({"seat": 1, "suit": 5}, "constraints.lead.suit: expected a suit (s, c, d, h or 0-3), got 5"),
    ({"seat": 1, "suit": -1}, "constraints.lead.suit: expected a suit (s, c, d, h or 0-3), got -1"),
    ({"seat": 1, "suit": True}, "constraints.lead.suit: expected a suit"),
    ({"seat": 1, "suit": "h", "must": "false"}, "constraints.lead.must: expected true or false, got 'false'"),
    ({"seat": 1, "suit": "h", "or_trump": 1}, "constraints.lead.or_trump: expected true or false, got 1"),
    ({"seat": True, "suit": "h"}, "constraints.lead.seat: expected a seat 0, 1 or 2, got True"),
    ({"seat": 1, "suit": "h", "mustnt": True}, "constraints.lead.mustnt: unknown field (did you mean 'must'?)"),
])
@pytest.mark.parametrize("all_cards", [False, True])
def test_lead_restriction_types_are_checked_not_coerced(lead, problem, all_cards):
    rec = dict(FULL, constraints={"lead": lead})
    with pytest.raises(PrefError) as e:
        solve_record(rec, Engine(node_budget=5_000_000), all_cards=all_cards)
    assert problem in str(e.value)


def test_favour_true_is_not_seat_1():
    with pytest.raises(PrefError, match="favour: expected a seat 0, 1 or 2, got True"):
        solve_record(dict(FULL, favour=True), Engine())
    with pytest.raises(PrefError, match="--favour: expected a seat 0, 1 or 2, got True"):
        solve_record(FULL, Engine(), favour=True)


def test_a_must_not_lead_restriction_with_false_really_forbids():
    """``"must": false`` (a JSON boolean) forbids the suit: seat 0 may not lead spades, so
    every card he may lead is a non-spade (hand derivation: he holds As Ks Js and seven others)."""
    rec = dict(FULL, constraints={"lead": {"seat": 0, "suit": "s", "must": False}})
    out = solve_record(rec, Engine(), all_cards=True)
    assert out["card_values"] and not any(c.endswith("s") for c in out["card_values"])


def test_reference_engine_refuses_a_full_deal_instead_of_running_for_minutes(capsys, tmp_path):
    import time

    f = tmp_path / "full.json"
    f.write_text(json.dumps(FULL))
    t = time.thread_time()
    code, out, err = _cli(["solve", str(f), "--engine", "reference", "--node-budget", "20000"], capsys)
    assert code == 2 and out == "" and "the reference search gave up after 20000 nodes" in err
    assert time.thread_time() - t < 20
    from solver import reference as ref
    from solver.errors import SearchLimitError
    from solver.position import position_from_json

    with pytest.raises(SearchLimitError):  # the default budget, without any option
        ref.solve(position_from_json(FULL), node_budget=50)


def test_raspasovka_search_honours_the_node_budget(capsys):
    from solver.errors import SearchLimitError

    rec = json.loads((pathlib_root() / "examples/raspasovka_deal.json").read_text())
    with pytest.raises(SearchLimitError, match="node budget of 100 exhausted"):
        solve_record(rec, Engine(node_budget=100))
    assert "player_tricks" in solve_record(rec, Engine())  # and answers with the default
    with pytest.raises(PrefError, match="too big for the plain minimax"):
        solve_record(rec, Engine(), reference=True)


def pathlib_root():
    import pathlib

    return pathlib.Path(__file__).parents[2]


def test_solve_on_an_empty_file_or_a_directory(tmp_path, capsys):
    f = tmp_path / "empty.json"
    f.write_text("\n\n")
    assert _cli(["solve", str(f)], capsys)[::2] == (2, f"prefdd solve: {f}: no record found\n")
    for cmd in ("solve", "score", "rule"):
        code, _, err = _cli([cmd, str(tmp_path)], capsys)
        assert code == 2 and "is a directory" in err and len(err.splitlines()) == 1


def test_score_keeps_a_u2028_inside_a_string(tmp_path, capsys):
    f = tmp_path / "in.jsonl"
    f.write_text('{"id": "a\u2028b", "contract": "misere", "declarer": 1, "tricks": [5, 1, 4]}\n'
                 '{"id": "d2", "contract": "misere", "declarer": 1, "tricks": [5, 1, 4]}\n', encoding="utf-8")
    code, out, err = _cli(["score", str(f)], capsys)
    assert code == 0, err
    assert [d["id"] for d in json.loads(out)["deals"]] == ["a\u2028b", "d2"]


def test_table_checks_and_applies_constraints(tmp_path, capsys):
    f = tmp_path / "in.json"
    f.write_text(json.dumps(dict(FULL, constraints={"lead": {"seat": 0, "suit": 9}})))
    code, out, err = _cli(["solve", str(f), "--table"], capsys)
    assert code == 2 and "constraints.lead.suit" in err
    # a penalty card seat 1 does not hold is refused for every strain
    f.write_text(json.dumps(dict(FULL, constraints={"penalty_cards": [{"seat": 1, "card": "As"}]})))
    code, out, err = _cli(["solve", str(f), "--table"], capsys)
    assert code == 2 and "penalty card A" in err
    code, _, err = _cli(["solve", str(f), "--table", "--all-cards"], capsys)
    assert code == 2 and "--table: cannot be combined" in err


def test_messages_never_carry_a_raw_line_break(tmp_path, capsys):
    f = tmp_path / "in.json"
    f.write_text(json.dumps(dict(ENDING, constraints={"le\rad\u2028": 1})), encoding="utf-8")
    code, _, err = _cli(["solve", str(f)], capsys)
    assert code == 2 and err.count("\n") == 1 and "\r" not in err and "\u2028" not in err
    assert "le\\rad\\u2028" in err


ENDING = {"hands": [["As", "7s"], ["Ks", "8s"], ["Qs", "9s"]], "contract": "nt", "declarer": 0, "leader": 0}


@pytest.mark.parametrize("field, problem", [
    ("takne", "takne: unknown field (did you mean 'taken'?)"),
    ("constraint", "constraint: unknown field (did you mean 'constraints'?)"),
    ("colour", "colour: unknown field"),
])
def test_a_misspelt_record_field_is_an_error_not_ignored(field, problem):
    """"taken": [0, 0, 0] misspelt and dropped would solve another position: refuse it."""
    with pytest.raises(PrefError) as e:
        solve_record(dict(ENDING, **{field: [0, 0, 0]}), Engine())
    assert str(e.value).startswith(problem)


def test_a_misspelt_raspasovka_field_is_an_error():
    rec = {"hands": [["As"], ["Ks"], ["Qs"]], "contract": "raspasovka", "player": 0, "leader": 0, "taken": [0, 0, 0]}
    assert solve_record(rec, Engine())["player_tricks"] == 1  # the ace of the only suit
    with pytest.raises(PrefError) as e:
        solve_record(dict(rec, talon_rules="first"), Engine())
    assert str(e.value).startswith("talon_rules: unknown field (did you mean 'talon_rule'?)")


def test_annotations_are_accepted_and_change_nothing():
    plain = solve_record(dict(ENDING), Engine())
    noted = solve_record(dict(ENDING, source="club archive", note="board 7", declarer_tricks=0), Engine())
    # by hand: the ace takes one trick; the 7 loses to the king or the 9 the defence keeps
    assert noted == plain and plain["declarer_tricks"] == 1


def test_a_twelve_card_hand_is_named_as_such(tmp_path, capsys):
    # the declarer's hand with the talon still in it: the error names the hand and the limit,
    # not which other hand would have to match it
    hands = [["7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As", "7c", "8c", "9c", "Tc"],
             ["Jc", "Qc", "Kc", "Ac", "7d", "8d", "9d", "Td", "Jd", "Qd"],
             ["Kd", "Ad", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah"]]
    f = tmp_path / "in.jsonl"
    f.write_text(json.dumps({"hands": hands, "contract": "nt", "declarer": 0, "leader": 0}) + "\n")
    for cmd in ("solve", "batch"):
        argv = [cmd, str(f)] + (["-o", str(tmp_path / "out.jsonl")] if cmd == "batch" else [])
        code, _, err = _cli(argv, capsys)
        problem = [x for x in err.splitlines() if "hands[0]" in x]
        assert code == 2 and len(problem) == 1, err
        assert problem[0].endswith("hands[0]: 12 cards; a hand holds at most 10 (the talon and the discard "
                                   "are the fields talon and discard)")


def test_rule_names_a_byte_order_mark_inside_an_incident_and_a_second_incident(tmp_path, capsys):
    incident = json.loads((pathlib_root() / "examples" / "incident.json").read_text())
    lines = json.dumps(incident, indent=1).split("\n")
    f = tmp_path / "inc.json"
    f.write_bytes((lines[0] + "\n").encode() + BOM + "\n".join(lines[1:]).encode())
    code, _, err = _cli(["rule", str(f)], capsys)
    assert (code, err) == (2, f"prefdd rule: {f}: a UTF-8 byte-order mark (BOM) at line 2 column 1; only the start "
                              "of the input may carry one (was the file joined from several?)\n")
    f.write_text(json.dumps(incident) + "\n" + json.dumps(incident) + "\n")
    code, _, err = _cli(["rule", str(f)], capsys)
    assert code == 2 and err.endswith("Extra data at line 2 column 1 (one incident a file; for many, JSON lines to "
                                      "prefdd batch --kind rule)\n")
    f.write_text(json.dumps(incident)[:60])  # cut inside a string: json's message ends in "at", said once
    code, _, err = _cli(["rule", str(f)], capsys)
    assert code == 2 and "Unterminated string starting at column " in err and "at at" not in err
