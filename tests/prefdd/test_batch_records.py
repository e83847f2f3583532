"""prefdd batch: every input line answered exactly once — good records solved right, bad
ones turned into an error naming their line — through the file runner, the CLI and the API.

Expected values come from tests/data/reference_deals.jsonl (answers agreed by two
independent exact solvers), never from this program's output.
"""
import io
import json

import pytest

from prefdd.batch import Options, Progress, RulingsUnavailable, batch_file, rule_many, solve_many, work
from prefdd.batch import driver as batch_driver
from prefdd.cli import main


@pytest.fixture(scope="module", autouse=True)
def warm_engine():
    # compile (or load) the engine here once, so worker processes find it in the disk cache
    work.warm_up()


def known(reference_deals):
    return {r["id"]: r["declarer_tricks"] for r in reference_deals}


BAD_LINES = [
    ('{"id": "torn", "hands": [["As"', "not valid JSON"),
    ("just words", "not valid JSON"),
    ("[1, 2, 3]", "expected a JSON object"),
    ('{"id": "nohands", "contract": "s", "declarer": 0, "leader": 0}', "missing field 'hands'"),
    ('{"id": "badseat", "hands": [["As"], ["Ks"], ["Qs"]], "contract": "nt", "declarer": 5, "leader": 0}',
     "declarer"),
    ('{"id": "dupcard", "hands": [["As"], ["As"], ["Qs"]], "contract": "nt", "declarer": 0, "leader": 0}',
     "As"),
    ('{"id": {"a": 1}, "hands": []}', "id: expected a string or an integer"),
]


def write_mixed(path, reference_deals):
    """Good records with a bad one after every fifth; returns {line: expected substring} for
    the bad lines and {id: line} for the good ones."""
    bad, good, lines = {}, {}, []
    bad_iter = iter(BAD_LINES)
    for i, rec in enumerate(reference_deals):
        lines.append(json.dumps(rec))
        good[rec["id"]] = len(lines)
        if i % 5 == 4:
            text, why = next(bad_iter, BAD_LINES[0])
            lines.append(text)
            bad[len(lines)] = why
    lines.insert(3, "")  # a blank line is skipped, and its number is not reused
    bad = {n + (n > 3): why for n, why in bad.items()}
    good = {k: n + (n > 3) for k, n in good.items()}
    path.write_text("\n".join(lines) + "\n")
    return bad, good


def check_output(out_path, bad, good, answers):
    recs = [json.loads(x) for x in out_path.read_text().splitlines()]
    by_line = {}
    for r in recs:
        assert r["input_line"] not in by_line, f"line {r['input_line']} answered twice"
        by_line[r["input_line"]] = r
    assert set(by_line) == set(bad) | set(good.values())
    for n, why in bad.items():
        r = by_line[n]
        assert "declarer_tricks" not in r
        assert r["error"].startswith(f"line {n}: ") and why in r["error"], r
    for rid, n in good.items():
        r = by_line[n]
        assert "error" not in r, r
        assert r["id"] == rid and r["declarer_tricks"] == answers[rid], r
    return recs


@pytest.mark.slow
def test_mixed_file_two_workers(tmp_path, reference_deals):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    bad, good = write_mixed(src, reference_deals)
    err = io.StringIO()
    s = batch_file(str(src), str(out), workers=2, chunk_size=3, stream=err)
    check_output(out, bad, good, known(reference_deals))
    assert (s.answered, s.errors, s.skipped, s.interrupted) == (len(bad) + len(good), len(bad), 0, False)
    # the first errors are also reported on stderr, one line each naming the line
    first_bad = min(bad)
    assert f"prefdd batch: line {first_bad}: " in err.getvalue()


def test_mixed_file_cli(tmp_path, reference_deals, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    bad, good = write_mixed(src, reference_deals)
    assert main(["batch", str(src), "-o", str(out), "--workers", "0", "--no-progress", "--lang", "en"]) == 2  # 2: some errors
    check_output(out, bad, good, known(reference_deals))
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert summary.startswith(f"prefdd batch: {len(bad) + len(good)} records answered, {len(bad)} errors")
    # rerun: everything is already done, nothing is added; the file still holds error lines: exit 2
    assert main(["batch", str(src), "-o", str(out), "--workers", "0", "--no-progress", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert f"0 records answered, 0 errors, {len(bad) + len(good)} already done" in err
    assert f"{len(bad)} error line(s) from earlier runs kept" in err
    check_output(out, bad, good, known(reference_deals))


@pytest.mark.slow
def test_all_cards_through_workers(tmp_path, reference_deals):
    # every legal card's value: the best of them (for the side to move) is the position's value
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in reference_deals[:6]))
    batch_file(str(src), str(out), workers=2, options=Options(all_cards=True), progress=False)
    answers = known(reference_deals)
    for r in map(json.loads, out.read_text().splitlines()):
        rec = reference_deals[r["input_line"] - 1]
        vals = r["card_values"].values()
        maximise = rec["leader"] == rec["declarer"]  # a trick is about to start: the leader moves
        assert (max(vals) if maximise else min(vals)) == answers[r["id"]]


def test_missing_ids_and_duplicate_ids(tmp_path, reference_deals):
    a, b = dict(reference_deals[0]), dict(reference_deals[1])
    del a["id"]
    lines = [json.dumps(a), json.dumps(b), json.dumps(b), json.dumps({**b, "id": 1})]
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("\n".join(lines) + "\n")
    batch_file(str(src), str(out), workers=0, progress=False)
    recs = {r["input_line"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert recs[1]["id"] == 1 and recs[1]["declarer_tricks"] == reference_deals[0]["declarer_tricks"]
    assert recs[2]["id"] == b["id"] and recs[2]["declarer_tricks"] == b["declarer_tricks"]
    assert recs[3]["error"] == f"line 3: id {b['id']!r} is already used on line 2"
    # the id-less record on line 1 is known as 1, so an explicit id 1 later is a duplicate
    assert recs[4]["error"] == "line 4: id 1 is already used on line 1"


@pytest.mark.slow
def test_solve_many_api(reference_deals):
    answers = known(reference_deals)
    recs = reference_deals[:10] + ["{broken", {"id": "empty"}]
    for workers in (0, 2):
        out = list(solve_many(recs, workers=workers, chunk_size=2))
        assert sorted(r["input_line"] for r in out) == list(range(1, 13))
        by_id = {r["id"]: r for r in out}
        for rid in list(answers)[:10]:
            assert by_id[rid]["declarer_tricks"] == answers[rid]
        assert by_id[11]["error"].startswith("line 11: not valid JSON")
        assert by_id["empty"]["error"] == "line 12: missing field 'hands'"


def test_node_budget_is_a_record_error(reference_deals):
    # reference_deals[19] needs far more than 50 nodes (tests/solver/engine/test_engine.py uses it the same way);
    # the one-trick ending after it does not, and is still answered: the ace wins in no-trump
    ending = {"id": "end", "hands": [["As"], ["Ks"], ["Qs"]], "contract": "nt", "declarer": 0, "leader": 0}
    out = list(solve_many([reference_deals[19], ending], workers=0, node_budget=50))
    by_line = {r["input_line"]: r for r in out}
    assert by_line[1]["error"].startswith("line 1: ") and "node budget" in by_line[1]["error"]
    assert by_line[2]["declarer_tricks"] == 1


class FakeRuling:
    def __init__(self, incident, settings):
        self.incident, self.settings = incident, settings

    def to_json(self):
        return {"id": "ignored", "rule": self.incident["violation"]["rule"], "settings": self.settings}


def fake_rule_incident(incident, settings):
    if "violation" not in incident:
        from compensation.incident import IncidentError

        raise IncidentError("violation", "missing")
    return FakeRuling(incident, settings)


def test_auto_kind_routes_incidents_to_rulings(monkeypatch, reference_deals):
    # the plumbing only: rulings themselves are tested with the rules; here a stand-in answers
    monkeypatch.setattr(work, "rule_function", lambda: fake_rule_incident)
    monkeypatch.setattr(batch_driver, "rule_function", lambda: fake_rule_incident)
    recs = [reference_deals[0], {"id": "inc", "deal": {}, "violation": {"rule": "9"}}, {"id": "x", "deal": {}}]
    from prefdd.batch import run_many

    out = {r["id"]: r for r in run_many(recs, "auto", workers=0, options=Options(settings={"convention": "rostov"}))}
    assert out[reference_deals[0]["id"]]["declarer_tricks"] == reference_deals[0]["declarer_tricks"]
    assert out["inc"] == {"id": "inc", "input_line": 2, "rule": "9", "settings": {"convention": "rostov"}}
    assert out["x"]["error"] == "line 3: violation: missing"
    # rule_many forces the kind: a position is then a bad incident
    out = list(rule_many([reference_deals[0]], workers=0))
    assert out[0]["error"] == "line 1: violation: missing"


def test_rulings_missing_is_a_clear_error(monkeypatch, tmp_path, capsys):
    def unavailable():
        raise RulingsUnavailable("rulings are not available in this installation")

    monkeypatch.setattr(batch_driver, "rule_function", unavailable)
    with pytest.raises(RulingsUnavailable):
        list(rule_many([{"deal": {}}], workers=0))
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text('{"id": 1, "violation": {"rule": "9"}}\n')
    assert main(["batch", str(src), "-o", str(out), "--kind", "rule", "--workers", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == "prefdd batch: rulings are not available in this installation"
    assert out.read_text() == ""


def test_cli_usage_errors(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text("")
    assert main(["batch", str(tmp_path / "nope.jsonl"), "-o", str(tmp_path / "o")]) == 2
    assert "prefdd batch: cannot read" in capsys.readouterr().err
    assert main(["batch", str(src), "-o", str(src)]) == 2
    assert capsys.readouterr().err.strip() == "prefdd batch: the output file is the input file"
    assert main(["batch", str(src), "-o", str(tmp_path / "o"), "--chunk-size", "0"]) == 2
    assert "--chunk-size: expected a whole number from 1" in capsys.readouterr().err
    assert main(["batch", str(src), "-o", str(tmp_path / "o"), "--convention", "moscow"]) == 2
    assert "unknown convention 'moscow'" in capsys.readouterr().err


def test_an_input_with_no_record_is_an_error_as_in_solve(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text("\n\n")
    assert main(["batch", str(src), "-o", str(tmp_path / "o"), "--workers", "0"]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == f"prefdd batch: {src}: no record found"


def test_progress_on_a_terminal_and_in_a_log():
    tty, log = io.StringIO(), io.StringIO()
    bar = Progress(200, stream=tty, tty=True, lang="en")
    bar.skip(50)
    bar.advance(50, errors=1)
    bar.finish()  # tqdm's bar, closed: its last state drawn
    text = tty.getvalue()
    assert text.startswith("\r") and "100/200" in text and "50%" in text and "1 errors" in text
    bar = Progress(None, stream=log, tty=False, log_every=0.0, lang="en")
    bar.advance(3)
    line = log.getvalue()
    assert line.startswith("prefdd batch: 3 done") and line.endswith("\n") and "\r" not in line
    assert bar.summary(interrupted=True).startswith("interrupted: 3 records answered, 0 errors")


def test_principal_line_survives(reference_deals):
    # --line's play line keeps its name: the input line number is "input_line"
    rec = reference_deals[0]
    (out,) = solve_many([rec], workers=0, line=True)
    assert out["input_line"] == 1 and len(out["line"]) == 30  # a full deal: 10 tricks of 3 cards
    assert out["declarer_tricks"] == rec["declarer_tricks"]


@pytest.mark.slow
def test_real_rulings_through_the_batch(tmp_path, reference_deals):
    pytest.importorskip("compensation.rulings")
    # rule 1.4.2.1, the declarer offends on 6NT: "one undertrick of the contract to gora".
    # An undertrick of a 6-level game costs p = 2 under Sochi; Leningrad writes undertricks
    # "на игре" double, 2p = 4 (docs/scoring.md, seed 000 rule 1.4.2.1).
    inc = {"id": "inc", "deal": {"hands": [["As", "Qs", "7s"], ["Ks", "Th", "8h"], ["Ts", "9s", "Qh"]]},
           "taken": [4, 2, 1], "contract": "6nt", "declarer": 0, "decisions": {"1": "whist", "2": "pass"},
           "violation": {"rule": "1.4.2.1", "offender": 0}}
    bad = dict(inc, id="bad", violation={"rule": "1.4.2.1", "offender": 7})
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in (inc, reference_deals[0], bad)))
    for convention, workers, gora in ((None, "0", [2, 0, 0]), ("leningrad", "2", [4, 0, 0])):
        out = tmp_path / f"out-{workers}.jsonl"
        argv = ["batch", str(src), "-o", str(out), "--workers", workers, "--no-progress"]
        assert main(argv + (["--convention", convention] if convention else [])) == 2  # the bad incident
        recs = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
        assert recs["inc"]["input_line"] == 1 and recs["inc"]["rule"] == "1.4.2.1"
        assert recs["inc"]["entries"]["gora"] == gora
        assert recs[reference_deals[0]["id"]]["declarer_tricks"] == reference_deals[0]["declarer_tricks"]
        assert recs["bad"]["error"].startswith("line 3: violation.offender")


def test_chunks_shrink_towards_the_end_of_a_known_total():
    """Guided chunks: with the total known, the last chunks shrink to one record, so that no
    worker is left with a whole chunk while the others wait; every record is sent once, in
    order. By hand for 2 workers, 100 records, chunks of at most 8: a chunk is
    min(8, left // 8) — 8 at 100, 92, 84, 76 and 68 left, then 7 (60 left), 6 (53), 5 (47),
    5 (42), 4 (37), 4 (33), 3 (29), 3 (26), 2 (23, 21, 19, 17), then fifteen of 1."""
    from prefdd.batch.backends import Backend

    class TwoWorkers(Backend):
        workers = 2

    batch = batch_driver.Batch(TwoWorkers(), kind="solve", chunk_size=8, expected=100)
    jobs = [(i, {"id": i}) for i in range(1, 101)]
    sizes, lines = [], []
    for ready, chunk in batch._units(jobs):
        assert not ready
        sizes.append(len(chunk))
        lines += [line for line, _ in chunk]
    assert lines == list(range(1, 101))
    assert sizes == [8] * 5 + [7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 2, 2] + [1] * 15
    unguided = batch_driver.Batch(TwoWorkers(), kind="solve", chunk_size=8)
    assert [len(c) for _, c in unguided._units(jobs)] == [8] * 12 + [4]


def test_output_line_is_the_signed_record_as_json_line():
    """The finished line is spliced (the record's JSON, the signature before its closing
    brace): the same bytes as the signed record through json_line, for answers, errors,
    UTF-8 text, a record that already has a "batch" field and an empty hash."""
    from prefdd.batch.output import output_line, signed
    from prefdd.jsonl import json_line

    opts = {"all_cards": True, "settings": {"convention": "sochi"}}
    for rec, digest in [({"id": "r1", "input_line": 1, "declarer_tricks": 5, "nodes": 12}, "d066112e8d13c8b6"),
                        ({"id": 7, "input_line": 7, "error": "line 7: «пас» \u2028"}, "0123456789abcdef"),
                        ({"id": 3, "input_line": 3, "batch": 1}, "00ff"),
                        ({"id": 4, "input_line": 4, "error": "x"}, "")]:
        expected = (json.dumps({**rec, "batch": {"input_hash": digest, "options": opts}}, ensure_ascii=False)
                    + "\n").encode()
        assert output_line(rec, digest, opts) == expected
        assert output_line(rec, digest, opts, json_line(opts)) == expected
        assert json_line(signed(rec, digest, opts)) + "\n" == expected.decode()
