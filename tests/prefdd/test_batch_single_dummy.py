"""`prefdd batch --analyse-play --single-dummy`: one line per record, holding the double-dummy
summary of `prefdd batch --analyse-play` and the single-dummy summary `prefdd solve
--analyse-play --single-dummy` gives for the same record; bad records as error lines naming
the field; order kept with workers; a resumed run answers each record once; the time budget
an error line that a rerun answers; the analysis inside a batch worker forks no pool."""
import json
import pathlib

import pytest

from prefdd.batch import InputMismatch, Options, batch_file, run_many, work
from prefdd.cli import main

ROOT = pathlib.Path(__file__).parent.parent.parent
# short deals of tests/prefdd/test_single_dummy_cli.py: four cards a hand, milliseconds each
FINESSE = {"id": "finesse", "hands": [["As", "Qs", "7c", "7h"], ["Ks", "Ah", "Kh", "8h"], ["9d", "7s", "Jc", "Tc"]],
           "contract": "d", "declarer": 0, "leader": 1,
           "history": ["8h", "9d", "7h", "7s", "Qs", "Ks", "Ah", "Jc", "7c", "Kh", "Tc", "As"]}
MADE = {"id": "made", "hands": [["As", "Ts", "Kd", "9c"], ["Ks", "Ad", "8d", "Jc"], ["9s", "Qd", "7c", "Ah"]],
        "contract": "6s", "declarer": 0, "leader": 1, "taken": [5, 1, 0],
        "history": ["Ad", "Qd", "Kd", "Jc", "7c", "9c", "8d", "9s", "As", "Ts", "Ks", "Ah"]}
NO_HISTORY = {**{k: v for k, v in MADE.items() if k != "history"}, "id": "no-history"}
ILLEGAL = {**MADE, "id": "illegal", "history": ["Ad", "9s"]}   # third hand must follow diamonds
# the 7♥ deal of examples/played_deals.jsonl: 30 cards; with --max-layouts 300 about 2 s
SEVEN_H = json.loads((ROOT / "examples" / "played_deals.jsonl").read_text().splitlines()[0])


def write(path, *recs):
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    return str(path)


def lines(path):
    return [json.loads(x) for x in pathlib.Path(path).read_text().splitlines()]


def timeless(sd: dict) -> dict:
    """The single-dummy summary without its wall time (the one figure two runs may differ in)."""
    return {k: v for k, v in sd.items() if k != "seconds"}


def batch(args, capsys) -> int:
    code = main(["batch", "--no-progress", *args])
    capsys.readouterr()
    return code


@pytest.mark.parametrize("recs, extra", [((FINESSE, MADE), []), ((SEVEN_H,), ["--max-layouts", "300"])],
                         ids=["short deals", "7h capped"])
def test_the_line_is_the_solve_summary_and_the_double_dummy_batch_line(tmp_path, capsys, recs, extra):
    src = write(tmp_path / "in.jsonl", *recs)
    assert batch([src, "-o", str(tmp_path / "sd.jsonl"), "--analyse-play", "--single-dummy", "--workers", "0",
                  *extra], capsys) == 0
    assert batch([src, "-o", str(tmp_path / "dd.jsonl"), "--analyse-play", "--workers", "0"], capsys) == 0
    assert main(["solve", "--analyse-play", "--single-dummy", "--no-progress", "--workers", "1", *extra, src]) == 0
    solved = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    got, dd = lines(tmp_path / "sd.jsonl"), lines(tmp_path / "dd.jsonl")
    assert [g["id"] for g in got] == [r["id"] for r in recs]
    for g, d, s in zip(got, dd, solved):
        assert timeless(g["single_dummy"]) == timeless(s["single_dummy"])
        assert "verdicts" in g["single_dummy"] and "whisters" in g["single_dummy"]
        same = {k: v for k, v in g.items() if k not in ("single_dummy", "batch")}
        assert same == {k: v for k, v in d.items() if k != "batch"}   # the double-dummy summary as before
        assert "moves" not in g   # a summary, not every move
    if extra:   # a whister's first lead has millions of layouts: capped at 300, not exact
        assert got[0]["single_dummy"]["exact"] is False and got[0]["batch"]["options"]["max_layouts"] == 300
    else:
        assert got[1]["single_dummy"]["whisters"]["applies"] is True
        assert got[1]["single_dummy"]["exact"] is True


def test_bad_records_are_error_lines_naming_the_field(tmp_path, capsys):
    src = write(tmp_path / "in.jsonl", FINESSE, NO_HISTORY, ILLEGAL, MADE)
    out = tmp_path / "out.jsonl"
    assert batch([src, "-o", str(out), "--analyse-play", "--single-dummy", "--workers", "0"], capsys) == 2
    got = lines(out)
    assert [g["id"] for g in got] == ["finesse", "no-history", "illegal", "made"]
    assert "single_dummy" in got[0] and "single_dummy" in got[3]
    assert "missing field 'history'" in got[1]["error"] and got[1]["error"].startswith("line 2:")
    assert "history[1]" in got[2]["error"] and "9s" in got[2]["error"]
    assert not got[1].get("retry") and not got[2].get("retry")   # the record's fault: not answered again


def test_order_and_count_with_two_workers(tmp_path, capsys):
    recs = []
    for k in range(6):
        for r in (FINESSE, NO_HISTORY, MADE):
            recs.append({**r, "id": f"{r['id']}#{k}"})
    src = write(tmp_path / "in.jsonl", *recs)
    assert batch([src, "-o", str(tmp_path / "two.jsonl"), "--analyse-play", "--single-dummy", "--workers", "2"],
                 capsys) == 2
    assert batch([src, "-o", str(tmp_path / "one.jsonl"), "--analyse-play", "--single-dummy", "--workers", "0"],
                 capsys) == 2
    two, one = lines(tmp_path / "two.jsonl"), lines(tmp_path / "one.jsonl")
    assert [g["id"] for g in two] == [r["id"] for r in recs]
    assert [g["input_line"] for g in two] == list(range(1, len(recs) + 1))
    for a, b in zip(two, one):
        assert ("error" in a) == ("error" in b)
        if "error" not in a:
            assert timeless(a["single_dummy"]) == timeless(b["single_dummy"])


def test_an_interrupted_run_resumes_without_duplicates(tmp_path, capsys):
    recs = [{**r, "id": f"{r['id']}#{k}"} for k in range(3) for r in (FINESSE, MADE)]
    src = write(tmp_path / "in.jsonl", *recs)
    out = tmp_path / "out.jsonl"
    cmd = [src, "-o", str(out), "--analyse-play", "--single-dummy", "--workers", "2"]
    assert batch(cmd, capsys) == 0
    whole = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(whole[:2]) + whole[2][:40])   # killed after two lines, the third torn
    assert main(["batch", "--no-progress", "--json", *cmd]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["already_done"] == 2 and summary["answered"] == len(recs) - 2
    got = lines(out)
    assert [g["id"] for g in got[:2]] == [r["id"] for r in recs[:2]]
    assert sorted(g["id"] for g in got) == sorted(r["id"] for r in recs)   # every record once
    assert all("single_dummy" in g for g in got)
    # resuming with other layouts per decision would mix two analyses in one file: refused
    assert main(["batch", "--no-progress", *cmd, "--max-layouts", "5"]) == 2
    assert "other options" in capsys.readouterr().err


def test_the_time_budget_is_an_error_line_a_rerun_answers(tmp_path, capsys):
    src = write(tmp_path / "in.jsonl", FINESSE, SEVEN_H)
    out = tmp_path / "out.jsonl"
    cmd = [src, "-o", str(out), "--analyse-play", "--single-dummy", "--max-layouts", "2000", "--workers", "0"]
    assert batch([*cmd, "--record-seconds", "0.1"], capsys) == 2
    got = lines(out)
    assert "single_dummy" in got[0]
    assert "time budget" in got[1]["error"] and got[1]["retry"] is True
    assert batch(cmd, capsys) == 0   # the same analysis without the budget: answered this time
    got = lines(out)
    assert [g["id"] for g in got] == ["finesse", SEVEN_H["id"]] and "single_dummy" in got[1]


def test_inside_a_batch_the_analysis_forks_no_pool(monkeypatch):
    import solver.imperfect.single_dummy as sd

    real, calls = sd.single_dummy_record, []

    def spy(rec, engine=None, **kw):
        calls.append(kw)
        return real(rec, engine, **kw)

    monkeypatch.setattr(sd, "single_dummy_record", spy)
    opts = Options(analyse_play=True, single_dummy=True, max_layouts=77)
    out = list(run_many([FINESSE], workers=0, options=opts))
    assert "single_dummy" in out[0] and out[0]["single_dummy"]["max_layouts"] == 77
    assert [c["workers"] for c in calls] == [1] and calls[0]["max_layouts"] == 77 and "sample" not in calls[0]


def test_single_dummy_switches_need_their_partners(tmp_path, capsys):
    src = write(tmp_path / "in.jsonl", FINESSE)
    out = str(tmp_path / "out.jsonl")
    assert main(["batch", src, "-o", out, "--single-dummy"]) == 2
    assert "--single-dummy goes with --analyse-play" in capsys.readouterr().err
    assert main(["batch", src, "-o", out, "--analyse-play", "--max-layouts", "10"]) == 2
    assert "--max-layouts goes with --single-dummy" in capsys.readouterr().err
    assert not pathlib.Path(out).exists()


def test_one_record_a_chunk_by_default(tmp_path):
    from prefdd.batch.driver import default_chunk_size

    assert default_chunk_size(10_000, 2, slow=True) == 1 < default_chunk_size(10_000, 2)
    src = write(tmp_path / "in.jsonl", FINESSE, MADE)
    s = batch_file(src, str(tmp_path / "out.jsonl"), workers=0, progress=False,
                   options=Options(analyse_play=True, single_dummy=True))
    assert s.answered == 2 and not s.has_errors
    with pytest.raises(InputMismatch):   # the default layouts are written out: not the same as 5
        batch_file(src, str(tmp_path / "out.jsonl"), workers=0, progress=False,
                   options=Options(analyse_play=True, single_dummy=True, max_layouts=5))
    assert work.Options(analyse_play=True, single_dummy=True).signature()["max_layouts"] == 200_000


@pytest.mark.slow
def test_on_a_local_dask_cluster(tmp_path):
    pytest.importorskip("distributed")
    src = write(tmp_path / "in.jsonl", FINESSE, NO_HISTORY, MADE)
    out = tmp_path / "out.jsonl"
    s = batch_file(src, str(out), dask_local=1, progress=False, options=Options(analyse_play=True, single_dummy=True))
    got = lines(out)
    assert s.answered == 3 and s.errors == 1
    assert [g["id"] for g in got] == ["finesse", "no-history", "made"]
    assert got[2]["single_dummy"]["whisters"]["applies"] is True and "history" in got[1]["error"]
