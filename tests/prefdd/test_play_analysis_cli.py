"""`prefdd solve --analyse-play` and `prefdd batch --analyse-play` on the shipped example."""
import json
import pathlib

from prefdd.cli import main
from solver import Position, analyse_play

ROOT = pathlib.Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "played_deals.jsonl"
FINESSE = {"id": "finesse", "hands": [["7s", "9s"], ["Ks", "8s"], ["As", "Qs"]], "contract": "7nt", "declarer": 2,
           "history": ["7s", "8s", "As", "Qs", "9s", "Ks"]}


def records():
    return [json.loads(line) for line in EXAMPLE.read_text().splitlines() if line.strip()]


def test_example_costs_as_documented():
    """docs/play-analysis.md describes these deals: a whister's and the declarer's slip that
    cancel out on 7♥, a catcher's slip on misère, the player's on raspasovka."""
    from solver.play_analysis import analyse_record

    by_id = {r["id"]: analyse_record(r) for r in records()}
    game = by_id["7h-two-mistakes"]
    assert (game.start, game.final) == (7, 7)
    assert [(s.index, s.seat, str(s.card), s.cost) for s in game.costly()] == [(4, 2, "Qs", 1), (12, 1, "Js", 1)]
    mis = by_id["misere-catcher-slip"]
    assert (mis.start, mis.final) == (1, 0) and [(s.seat, str(s.card)) for s in mis.costly()] == [(2, "Qc")]
    ras = by_id["raspasovka-third-hand"]
    assert (ras.start, ras.final) == (1, 2) and [(s.seat, str(s.card)) for s in ras.costly()] == [(2, "Jh")]


def test_solve_json_lines(capsys):
    assert main(["solve", "--analyse-play", str(EXAMPLE)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["id"] for o in out] == [r["id"] for r in records()]
    assert all(len(o["moves"]) == 30 and o["finished"] for o in out)
    assert out[0]["summary"]["lost_by_side"] == {"declarer": 1, "defence": 1}
    assert out[2]["kind"] == "raspasovka" and out[2]["player"] == 2


def test_solve_text_marks_costly_cards(tmp_path, capsys):
    f = tmp_path / "f.json"
    f.write_text(json.dumps(FINESSE))
    assert main(["solve", "--analyse-play", "--text", str(f)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("finesse\n")
    costly = [line for line in text.splitlines() if "?" in line]
    assert len(costly) == 1 and "A♠ ?" in costly[0] and "third hand (declarer)" in costly[0]
    assert main(["solve", "--analyse-play", "--text", "--lang", "ru", str(f)]) == 0
    assert "Тп ?" in capsys.readouterr().out


def test_bad_record_is_named_and_the_rest_answered(tmp_path, capsys):
    f = tmp_path / "f.jsonl"
    bad = dict(FINESSE, id="bad", history=["7s", "Ks", "9s"])  # seat 2 does not hold 9♠
    nohist = {k: v for k, v in FINESSE.items() if k != "history"}
    f.write_text("\n".join(json.dumps(r) for r in (bad, nohist, FINESSE)) + "\n")
    assert main(["solve", "--analyse-play", str(f)]) == 2
    cap = capsys.readouterr()
    err = cap.err.splitlines()
    assert "record 1 (id bad)" in err[0] and "history[2]" in err[0] and "seat 2" in err[0] and "9s" in err[0]
    assert "record 2" in err[1] and "missing field 'history'" in err[1]
    assert [json.loads(line)["id"] for line in cap.out.splitlines()] == ["finesse"]


def test_option_conflicts(tmp_path, capsys):
    f = tmp_path / "f.json"
    f.write_text(json.dumps(FINESSE))
    assert main(["solve", "--analyse-play", "--table", str(f)]) == 2
    assert "--analyse-play cannot be combined with --table" in capsys.readouterr().err
    # --lang also says the errors, so it goes with any output (no longer refused without --text)
    assert main(["solve", "--lang", "ru", str(f)]) == 0


def test_batch_summary_per_deal(tmp_path):
    out = tmp_path / "out.jsonl"
    assert main(["batch", "--analyse-play", str(EXAMPLE), "-o", str(out), "--workers", "0", "--no-progress"]) == 0
    rows = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    game = rows["7h-two-mistakes"]
    assert game["summary"]["costly"] == {"0": 0, "1": 1, "2": 1} and game["summary"]["lost"] == {"0": 0, "1": 1, "2": 1}
    assert [m["card"] for m in game["costly_moves"]] == ["Qs", "Js"] and game["cards"] == 30
    assert "moves" not in game  # the summary line of an archive, not every card
    assert rows["misere-catcher-slip"]["summary"]["lost_by_side"] == {"declarer": 0, "catchers": 1}


def test_text_of_a_position_part_way():
    pos = Position([["7s", "9s"], ["Ks", "8s"], ["As", "Qs"]], "nt", declarer=2, leader=0)
    a = analyse_play(pos, ["7s", "8s"])
    assert not a.finished and "after the last card shown" in a.table()
    assert a.final == 2 and analyse_play(pos, []).start == 2
