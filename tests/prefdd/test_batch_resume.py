"""Nothing lost, nothing twice: interrupted batch runs (Ctrl-C, kill -9, a torn last line
after a power cut) resumed with the same command answer every input line exactly once.

Expected values are the recorded answers of tests/data/reference_deals.jsonl.
"""
import json
import subprocess
import sys

import pytest
from helpers.batch_runs import kill_9_after

from prefdd.batch import OutputError, ResumableOutput, batch_file, work
from prefdd.cli import main


@pytest.fixture(scope="module", autouse=True)
def warm_engine():
    work.warm_up()  # the worker processes then load the compiled engine from the disk cache


def write_copies(path, reference_deals, copies):
    """``copies`` renamed copies of every reference deal; returns {id: declarer_tricks}."""
    expected = {}
    with open(path, "w") as f:
        for k in range(copies):
            for r in reference_deals:
                rid = f"{r['id']}#{k}"
                expected[rid] = r["declarer_tricks"]
                f.write(json.dumps({**r, "id": rid}) + "\n")
    return expected


def check_complete(out_path, expected):
    recs = [json.loads(x) for x in open(out_path, encoding="utf-8").read().splitlines()]
    ids = [r["id"] for r in recs]
    assert len(ids) == len(set(ids)), "an id was answered twice"
    assert set(ids) == set(expected), "an id is missing"
    for r in recs:
        assert r["declarer_tricks"] == expected[r["id"]], r
    # the line numbers are those of the input: record k*39 + i sits on line k*39 + i + 1
    assert sorted(r["input_line"] for r in recs) == list(range(1, len(expected) + 1))


@pytest.mark.slow
def test_kill_9_then_power_cut_then_resume(tmp_path, reference_deals):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    expected = write_copies(src, reference_deals, 60)  # 2340 records: seconds of work
    cmd = [sys.executable, "-m", "prefdd", "batch", str(src), "-o", str(out), "--workers", "2",
           "--chunk-size", "2", "--no-progress", "--lang", "en"]
    data = kill_9_after(cmd, out, 40)
    lines = data.splitlines()
    assert 40 <= len(lines) < len(expected)
    # every line that made it is whole: each is written with one write() call
    assert data.endswith(b"\n") and all(json.loads(x)["id"] in expected for x in lines)
    # now a power cut tears the next line in half
    torn = json.dumps({"id": "r000#59", "input_line": 2301, "declarer_tricks": 5})
    with open(out, "ab") as f:
        f.write(torn[:25].encode())
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "dropped a torn last line (25 bytes)" in r.stderr
    assert f"{len(lines)} already done" in r.stderr
    check_complete(out, expected)


@pytest.mark.slow
def test_ctrl_c_then_resume(tmp_path, reference_deals, monkeypatch):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    expected = write_copies(src, reference_deals, 4)
    real_write, writes = ResumableOutput.write_lines, []

    def write_then_interrupt(self, data):  # a chunk's answers are written together
        if len(writes) == 48:
            raise KeyboardInterrupt  # as if Ctrl-C arrived while answers were coming in
        writes.extend(json.loads(line)["id"] for line in data.splitlines())
        real_write(self, data)

    monkeypatch.setattr(ResumableOutput, "write_lines", write_then_interrupt)
    s = batch_file(str(src), str(out), workers=2, chunk_size=4, progress=False)
    assert s.interrupted and s.answered == 48  # twelve chunks of four
    monkeypatch.setattr(ResumableOutput, "write_lines", real_write)
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["id"] for r in lines] == writes
    assert [r["input_line"] for r in lines] == list(range(1, 49))  # committed in input order
    s = batch_file(str(src), str(out), workers=0, progress=False)
    assert (s.skipped, s.answered, s.interrupted) == (48, len(expected) - 48, False)
    check_complete(out, expected)


def test_cli_reports_interruption(tmp_path, reference_deals, monkeypatch, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_copies(src, reference_deals, 1)

    def interrupt(self, data):
        raise KeyboardInterrupt

    monkeypatch.setattr(ResumableOutput, "write_lines", interrupt)
    assert main(["batch", str(src), "-o", str(out), "--workers", "0", "--no-progress", "--lang", "en"]) == 130
    err = capsys.readouterr().err
    assert "interrupted: 0 records answered" in err and "rerun the same command to finish" in err


def test_damage_before_good_lines_is_not_guessed_at(tmp_path, reference_deals):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_copies(src, reference_deals, 1)
    batch_file(str(src), str(out), workers=0, progress=False)
    lines = out.read_text().splitlines(keepends=True)
    lines[3] = lines[3][:10] + "\n"
    out.write_text("".join(lines))
    with pytest.raises(OutputError, match="output line 4 is damaged"):
        batch_file(str(src), str(out), workers=0, progress=False)
    assert out.read_text() == "".join(lines)  # left exactly as it was


def test_refuses_to_append_to_a_foreign_file(tmp_path, reference_deals, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_copies(src, reference_deals, 1)
    out.write_text(src.read_text())  # a mistyped -o naming a copy of the input
    assert main(["batch", str(src), "-o", str(out), "--workers", "0"]) == 2
    err = capsys.readouterr().err
    assert "does not look like prefdd batch output" in err and "refusing to append to it or change it" in err
    assert out.read_text() == src.read_text()


def test_resume_against_a_different_input(tmp_path, reference_deals, capsys):
    a, b, out = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "out.jsonl"
    write_copies(a, reference_deals[:3], 1)
    b.write_text("".join(json.dumps(r) + "\n" for r in reference_deals[3:6]))
    assert main(["batch", str(a), "-o", str(out), "--workers", "0", "--no-progress"]) == 0
    assert main(["batch", str(b), "-o", str(out), "--workers", "0", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "input line 1 is not the record the output answers there (the input has changed" in err
