"""`prefdd score` (prefdd.cli.score): JSON in, entries and settlement out."""
import argparse
import io
import json
import re

import pytest

from prefdd.cli import score as score_command


def run(argv, stdin_text=None, monkeypatch=None):
    parser = argparse.ArgumentParser(prog="prefdd")
    score_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["score", *argv])
    if stdin_text is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin_text))
    return args.func(args)


DEAL = {"id": "d1", "contract": "7s", "declarer": 0,
        "decisions": {"1": "whist", "2": "pass"}, "tricks": [6, 3, 1]}


def test_json_output_for_one_record(tmp_path, capsys):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(DEAL))
    assert run([str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    deal = out["deals"][0]
    # 7 down 1, greedy whister seat 1: G0 4; seat 1 writes 4 + 4 x 4 = 20, seat 2 writes 4.
    assert deal["entries"] == {"pulya": [0, 0, 0], "gora": [4, 0, 0],
                               "whists": [[0, 0, 0], [20, 0, 0], [4, 0, 0]]}
    # W0 = -24 + 10/3 x (4 - 12) = -152/3; W1 = 20 + 40/3 = 100/3; W2 = 4 + 40/3 = 52/3
    assert deal["settlement"] == ["-152/3", "100/3", "52/3"]
    assert deal["id"] == "d1" and out["convention"] == "sochi"
    assert out["options"]["players"] == 3


def test_json_lines_from_stdin_with_overrides_and_text(capsys, monkeypatch):
    lines = json.dumps(DEAL) + "\n\n" + json.dumps(
        {"contract": "raspasovka", "tricks": [0, 4, 6]}) + "\n"
    assert run(["-", "--convention", "leningrad", "--set", "players=4", "--text", "--lang", "en"],
               lines, monkeypatch) == 0
    text = capsys.readouterr().out
    assert "Convention: leningrad (players=4)" in text
    assert "3 (dealer)" in text and "Total" in text
    # Russian by default: the players by hand, the convention's change in words, no Latin
    assert run(["-", "--convention", "leningrad", "--set", "players=4", "--text"], lines, monkeypatch) == 0
    text = capsys.readouterr().out
    assert text.startswith("Конвенция: ленинградка; изменено: игроков за столом")
    assert "сдающий" in text and "Итог" in text and "распасовка" in text
    assert not re.search(r"[A-Za-z]", text.replace("(d1)", ""))  # the record's own id aside


def test_sheet_total_is_the_sum(capsys, monkeypatch):
    sheet = [DEAL, {"contract": "6s", "declarer": 1, "decisions": {"2": "pass", "0": "pass"}}]
    assert run(["-"], json.dumps(sheet), monkeypatch) == 0
    out = json.loads(capsys.readouterr().out)
    # deal 2: P1 = 2 -> totals: pulya [0, 2, 0], gora [4, 0, 0]
    assert out["total"]["entries"]["pulya"] == [0, 2, 0]
    assert out["total"]["entries"]["gora"] == [4, 0, 0]
    assert len(out["deals"]) == 2


@pytest.mark.parametrize("argv,stdin,needle", [
    (["-"], '{"contract": "7s", "declarer": 0, "decisions": {"1": "whist", "2": "pass"}, '
            '"tricks": [6, 3, 2]}', "record 1: tricks: must sum to 10"),
    (["-"], '{"contract": "misere", "declarer": 0, "decisions": {"1": "whist"}, '
            '"tricks": [0, 5, 5]}', "record 1: decisions:"),
    (["-"], '{"id": "x", "contract": "5s", "declarer": 0}', "record 1 (id x): contract:"),
    (["-"], '[{"contract": "6s", "declarer": 0, "decisions": {"1": "pass", "2": "pass"}},'
            ' {"contract": "6s", "declarer": 0, "decision": {}}]', "record 2: decision:"),
    (["-"], '{"contract": "raspasovka", "tricks": [2, 3, 5], "penalties": '
            '[{"offender": 0, "kind": "tricks"}]}', "penalties[0].tricks"),
    (["-"], "not json", "input: not JSON"),
    (["-"], "", "no outcome record"),
    (["-", "--set", "colour=red"], "{}", "option colour"),
    (["-", "--set", "players"], "{}", "--set"),
    (["-", "--convention", "moscow"], "{}", "option convention"),
    (["/nonexistent/deal.json"], None, "cannot read"),
])
def test_bad_input_is_one_line_exit_2(argv, stdin, needle, capsys, monkeypatch):
    assert run(argv, stdin if stdin is not None else None, monkeypatch) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]
    assert "Traceback" not in captured.err


def test_module_docstring_documents_the_format():
    doc = score_command.__doc__
    for word in ("contract", "declarer", "decisions", "tricks", "second_whister",
                 "raspasovka_round", "penalties", "--text", "--set", "--convention"):
        assert word in doc


@pytest.mark.parametrize("record,error", [
    # a raspasovka round below 1 on a game: it would price a 'tricks' penalty, so it is checked
    # wherever it is given, not only on a raspasovka
    ({**DEAL, "raspasovka_round": -3}, "record 1 (id d1): raspasovka_round: must be an integer >= 1, got -3"),
    ({"contract": "raspasovka", "tricks": [5, 3, 2], "raspasovka_round": 0},
     "record 1: raspasovka_round: must be an integer >= 1, got 0"),
    # who whisted second matters only with two whisters: anything else is a record the
    # decisions contradict
    ({**DEAL, "contract": "8s", "decisions": {"1": "whist", "2": "whist"}, "tricks": [8, 1, 1],
      "second_whister": 0}, "record 1 (id d1): second_whister: seat 0 is not one of two whisters "
                            "(the decisions give 2: [1, 2])"),
    ({**DEAL, "decisions": {"1": "pass", "2": "pass"}, "tricks": None, "second_whister": 1},
     "record 1 (id d1): second_whister: seat 1 is not one of two whisters (the decisions give 0: [])"),
    ({**DEAL, "contract": "6s", "decisions": {"1": "half-whist", "2": "pass"}, "tricks": None, "second_whister": 1},
     "record 1 (id d1): second_whister: seat 1 is not one of two whisters (the decisions give 0: [])"),
    ({"contract": "misere", "declarer": 0, "tricks": [0, 5, 5], "second_whister": 1},
     "record 1: second_whister: there is no whist on misère"),
    ({"contract": "raspasovka", "tricks": [5, 3, 2], "second_whister": 1},
     "record 1: second_whister: raspasovka has no whisters"),
])
def test_a_field_the_deal_does_not_allow_is_named(record, error, tmp_path, capsys):
    record = {k: v for k, v in record.items() if v is not None}
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    assert run([str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"prefdd score: {error}\n" and captured.out == ""


def test_second_whister_of_two_whisters_still_counts(tmp_path, capsys):
    # 8s made with 8: the defence's 2 tricks meet Sochi's obligation at level 8 (1 trick), so
    # nobody is short, and naming either whister second scores the same
    record = {**DEAL, "contract": "8s", "decisions": {"1": "whist", "2": "whist"}, "tricks": [8, 1, 1]}
    outs = []
    for second in (1, 2):
        path = tmp_path / f"deal{second}.json"
        path.write_text(json.dumps({**record, "second_whister": second}))
        assert run([str(path)]) == 0
        outs.append(json.loads(capsys.readouterr().out)["deals"][0]["entries"])
    assert outs[0] == outs[1] and outs[0]["gora"] == [0, 0, 0]
