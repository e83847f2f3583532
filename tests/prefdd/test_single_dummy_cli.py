"""`prefdd solve --analyse-play --single-dummy`: JSON lines, text in English and Russian, the
whisters' question, a progress line, bad input as one line naming the field."""
import json

import pytest

from prefdd.cli import main
from prefdd.cli.solve import Progress

# the finesse of tests/solver/imperfect/test_single_dummy.py, played to the end
FINESSE = {"id": "finesse", "hands": [["As", "Qs", "7c", "7h"], ["Ks", "Ah", "Kh", "8h"], ["9d", "7s", "Jc", "Tc"]],
           "contract": "d", "declarer": 0, "leader": 1,
           "history": ["8h", "9d", "7h", "7s", "Qs", "Ks", "Ah", "Jc", "7c", "Kh", "Tc", "As"]}
# 6♠ by first hand with five tricks taken: made (the whisters' question arises)
MADE = {"id": "made", "hands": [["As", "Ts", "Kd", "9c"], ["Ks", "Ad", "8d", "Jc"], ["9s", "Qd", "7c", "Ah"]],
        "contract": "6s", "declarer": 0, "leader": 1, "taken": [5, 1, 0],
        "history": ["Ad", "Qd", "Kd", "Jc", "7c", "9c", "8d", "9s", "As", "Ts", "Ks", "Ah"]}


def write(tmp_path, *recs):
    f = tmp_path / "deals.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in recs))
    return str(f)


def test_json_lines_carry_each_moves_judgement(tmp_path, capsys):
    assert main(["solve", "--analyse-play", "--single-dummy", "--no-progress", write(tmp_path, FINESSE, MADE)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["id"] for o in out] == ["finesse", "made"]
    fin = out[0]
    sd = [m["single_dummy"] for m in fin["moves"]]
    assert len(sd) == 12
    assert sd[4]["verdict"] == "bad break" and sd[4]["layouts"] == 3 and sd[4]["exact"] is True
    assert sd[4]["cards"]["Qs"]["best_in"] == 2 and sd[4]["dd_cost"] == fin["moves"][4]["cost"] == 2
    assert sd[3]["verdict"] == "mistake" and sd[3]["dominated_by"] in ("Tc", "Jc")
    assert all(m["single_dummy"]["dd_cost"] == m["cost"] for m in fin["moves"])
    assert fin["single_dummy"]["uniform"] is True and fin["single_dummy"]["exact"] is True
    assert fin["single_dummy"]["whisters"]["applies"] is False
    q = out[1]["single_dummy"]["whisters"]
    assert q["applies"] is True and q["made"] is True and set(q["seats"]) == {"1", "2"}
    assert "signals" in q["note"]


def test_text_in_english_and_russian(tmp_path, capsys):
    f = write(tmp_path, MADE)
    assert main(["solve", "--analyse-play", "--single-dummy", "--text", f]) == 0
    en = capsys.readouterr().out
    assert "Single dummy:" in en and "The whisters' question" in en and "not the signals" in en
    assert main(["solve", "--analyse-play", "--single-dummy", "--text", "--lang", "ru", f]) == 0
    ru = capsys.readouterr().out.split("\n\n", 1)[1]
    assert "По известным картам" in ru and "Вопрос вистующих" in ru and "сигнал" in ru
    assert not any(w in ru for w in ("best", "guess", "mistake", "layouts", "trick", "declarer", "whister"))


def test_the_finesse_in_text(tmp_path, capsys):
    assert main(["solve", "--analyse-play", "--single-dummy", "--text", write(tmp_path, FINESSE)]) == 0
    text = capsys.readouterr().out
    line = next(x for x in text.splitlines() if x.startswith("5. trick 2"))
    assert "Q♠: bad break; 3 layouts (every layout)" in line
    assert "does not arise: the contract has no level" in text


@pytest.mark.parametrize("args, says", [
    (["--single-dummy"], "--single-dummy goes with --analyse-play"),
    (["--analyse-play", "--max-layouts", "10"], "--max-layouts goes with --single-dummy"),
    (["--analyse-play", "--single-dummy", "--max-layouts", "0"], "--max-layouts"),
])
def test_switches_that_do_not_fit(tmp_path, capsys, args, says):
    assert main(["solve", *args, write(tmp_path, FINESSE)]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("change, field", [
    ({"open": "yes"}, "open"),
    ({"contract": "raspasovka", "player": 0}, "contract"),
    ({"history": ["8h", "Qs"]}, "history[1]"),
    ({"opne": True}, "opne"),
])
def test_bad_records_are_one_line_naming_the_field(tmp_path, capsys, change, field):
    assert main(["solve", "--analyse-play", "--single-dummy", write(tmp_path, dict(FINESSE, **change))]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and field in err[0] and "finesse" in err[0]


def test_open_is_read_by_the_double_dummy_analysis_too(tmp_path, capsys):
    assert main(["solve", "--analyse-play", write(tmp_path, dict(FINESSE, open=True))]) == 0
    assert json.loads(capsys.readouterr().out)["final"] == 0


def test_a_progress_line_past_a_second(capsys):
    now = [0.0]
    p = Progress("deal 1")
    p.clock = lambda: now[0]
    p.start = p.last = 0.0
    p.tty = False
    p(0, 30, 0, 1000)                  # within the first second: nothing
    assert capsys.readouterr().err == ""
    now[0] = 1.5
    p(4, 30, 512, 1000)
    err = capsys.readouterr().err
    assert err == "prefdd solve: deal 1: single dummy, card 5/30, 512/1,000 layouts, 2 s\n"
    now[0] = 3.0
    p(5, 30, 0, 1000)                  # a log gets a line every 10 s only
    assert capsys.readouterr().err == ""
    off = Progress("x", enabled=False)
    off.clock = lambda: 99.0
    off(0, 1, 0, 1)
    assert capsys.readouterr().err == ""


def test_the_worked_example_in_the_docs_is_what_the_command_prints(tmp_path, capsys):
    import pathlib

    doc = (pathlib.Path(__file__).parents[2] / "docs" / "play-analysis.md").read_text()
    part = doc.split("### A worked example", 1)[1]
    rec = part.split("```json\n", 1)[1].split("```", 1)[0]
    shown = part.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    f = tmp_path / "r.jsonl"
    f.write_text(rec)
    assert main(["solve", "--analyse-play", "--single-dummy", "--text", "--no-progress", str(f)]) == 0
    printed = capsys.readouterr().out.splitlines()
    start = printed.index(shown[0])
    assert printed[start:start + len(shown)] == shown
