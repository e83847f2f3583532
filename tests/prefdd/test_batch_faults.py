"""Faults around a batch run: the output file is provably its own, one run writes it at a
time, a changed input or changed options are refused before anything is written, run
errors are answered again, a full disk is reported and resumable, and no worker outlives
a parent killed with ``kill -9``.

Expected answers are the recorded ones of tests/data/reference_deals.jsonl.
"""
import errno
import json
import os
import signal
import subprocess
import sys
import time

import psutil
import pytest

from prefdd.batch import ResumableOutput, batch_file, output, work
from prefdd.cli import main


@pytest.fixture(scope="module", autouse=True)
def warm_engine():
    work.warm_up()


def write_input(path, reference_deals, copies=1, ids=True):
    lines = []
    for k in range(copies):
        for r in reference_deals:
            rec = {**r, "id": f"{r['id']}#{k}"} if ids else {key: v for key, v in r.items() if key != "id"}
            lines.append(json.dumps(rec))
    path.write_text("".join(x + "\n" for x in lines))
    return lines


def answers(path):
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def batch(src, out, *extra):
    return main(["batch", str(src), "-o", str(out), "--workers", "0", "--no-progress", "--lang", "en", *extra])


def check_complete(out, src_lines):
    recs = answers(out)
    assert sorted(r["input_line"] for r in recs) == list(range(1, len(src_lines) + 1)), "a line missing or twice"
    for r in recs:
        rec = json.loads(src_lines[r["input_line"] - 1])
        assert r["declarer_tricks"] == rec["declarer_tricks"], r


# ---------------------------------------------------------------------- foreign files
@pytest.mark.parametrize("content", [b"notes to self", b'{"a": 1}', b"one line\n", b'{"id": 1, "input_line": 1}\n',
                                     b"\x00\x00\x00"])
def test_a_foreign_output_file_is_never_modified(tmp_path, reference_deals, capsys, content):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.txt"
    write_input(src, reference_deals[:3])
    out.write_bytes(content)
    assert batch(src, out) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "does not look like prefdd batch output" in err and str(out) in err
    assert out.read_bytes() == content


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero", "/dev/full"])
def test_devices_are_refused_by_name(tmp_path, reference_deals, capsys, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    src = tmp_path / "in.jsonl"
    write_input(src, reference_deals[:2])
    assert batch(src, device) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"prefdd batch: cannot use {device} as the output: it is a device or pipe, not a file " \
                  f"(the output must be a file a rerun can resume)"


def test_a_directory_is_refused_as_input_and_as_output(tmp_path, reference_deals, capsys):
    src = tmp_path / "in.jsonl"
    write_input(src, reference_deals[:1])
    assert batch(tmp_path, tmp_path / "o.jsonl") == 2
    assert "is a directory" in capsys.readouterr().err
    assert batch(src, tmp_path) == 2
    assert "it is a directory" in capsys.readouterr().err


# ---------------------------------------------------------------------- one writer
def test_a_second_run_on_the_same_output_is_refused(tmp_path, reference_deals, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_input(src, reference_deals[:3])
    holder = ResumableOutput(str(out))  # another run, still writing
    try:
        assert batch(src, out) == 2
        err = capsys.readouterr().err
        assert "is being written by another prefdd batch" in err and str(out) in err
        assert out.read_bytes() == b""
    finally:
        holder.close()
    assert batch(src, out) == 0  # the lock is gone with the first run


def test_a_second_process_on_the_same_output_is_refused(tmp_path, reference_deals):
    """Across processes: one holds the output (as a running batch does), a second command refuses."""
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = write_input(src, reference_deals[:5])
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from prefdd.batch import ResumableOutput; "
                               f"o = ResumableOutput({str(out)!r}); print('locked', flush=True); sys.stdin.read(); "
                               "o.close()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        cmd = [sys.executable, "-m", "prefdd", "batch", str(src), "-o", str(out), "--workers", "0",
               "--no-progress"]
        second = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2 and "is being written by another prefdd batch" in second.stderr
        assert out.read_bytes() == b""
    finally:
        holder.communicate("", timeout=60)
    assert subprocess.run(cmd, capture_output=True, timeout=120).returncode == 0  # the holder is gone
    check_complete(out, lines)


# ---------------------------------------------------------------------- changed input, options
def test_an_inserted_line_is_detected_without_ids(tmp_path, reference_deals, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = write_input(src, reference_deals[:6], ids=False)
    assert batch(src, out) == 0
    before = out.read_bytes()
    lines.insert(2, json.dumps(reference_deals[10]))  # the records after it move down a line
    src.write_text("".join(x + "\n" for x in lines))
    assert batch(src, out) == 2
    err = capsys.readouterr().err
    assert "input line 3 is not the record the output answers there" in err
    assert out.read_bytes() == before  # nothing appended, nothing cut


def test_a_shortened_input_is_detected(tmp_path, reference_deals, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = write_input(src, reference_deals[:4])
    assert batch(src, out) == 0
    src.write_text("".join(x + "\n" for x in lines[:2]))
    assert batch(src, out) == 2
    assert "the output answers input line 3, but the input has only 2 lines" in capsys.readouterr().err


def test_changed_options_are_refused(tmp_path, reference_deals, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_input(src, reference_deals[:4])
    src.write_text(src.read_text() + json.dumps({**reference_deals[5], "id": "late"}) + "\n")
    lines = src.read_text().splitlines()
    # an interrupted first run: only the first two answered
    with ResumableOutput(str(out)) as o:
        for n in (1, 2):
            rec = json.loads(lines[n - 1])
            from prefdd.batch.reading import line_hash

            o.write(output.signed({"id": rec["id"], "input_line": n, "declarer_tricks": rec["declarer_tricks"]},
                                  line_hash(lines[n - 1].encode()), {}))
    before = out.read_bytes()
    assert batch(src, out, "--all-cards") == 2
    err = capsys.readouterr().err
    assert "was written with other options (the defaults) than this run (all_cards=true)" in err
    assert out.read_bytes() == before
    assert batch(src, out, "--table-mb", "4", "--node-budget", "100000000") == 0  # these do not change answers
    assert len(answers(out)) == 5


# ---------------------------------------------------------------------- run errors
def test_budget_errors_are_answered_again_on_resume(tmp_path, reference_deals, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = write_input(src, reference_deals[:8])
    assert batch(src, out, "--node-budget", "50") == 2  # far too small: every full deal gives up
    recs = answers(out)
    assert len(recs) == 8 and all(r.get("retry") is True and "node budget" in r["error"] for r in recs)
    capsys.readouterr()
    assert batch(src, out) == 0  # the same command without the bad option finishes the job
    err = capsys.readouterr().err
    assert "answering again 8 record(s) whose error was about the run" in err
    check_complete(out, lines)


def test_record_errors_are_kept_and_the_exit_status_says_so(tmp_path, reference_deals, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text(json.dumps(reference_deals[0]) + "\n" + '{"hands": 5}\n')
    assert batch(src, out) == 2
    assert batch(src, out) == 2  # resumed: nothing to do, but the file holds an error line
    assert "1 error line(s) from earlier runs kept" in capsys.readouterr().err
    assert len(answers(out)) == 2


# ---------------------------------------------------------------------- disk full
class _FullDisk:
    """``os`` with a disk that fills up after ``room`` writes."""

    def __init__(self, room):
        self.room = room

    def __getattr__(self, name):
        return getattr(os, name)

    def write(self, fd, data):
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= 1
        return os.write(fd, data)


def test_disk_full_is_reported_with_the_file_name_and_resumable(tmp_path, reference_deals, capsys, monkeypatch):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = write_input(src, reference_deals[:10])
    monkeypatch.setattr(output, "os", _FullDisk(4))
    assert batch(src, out) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"prefdd batch: cannot write {out}: No space left on device; the answers written before are "
                   f"kept: make room, then rerun the same command to finish"]
    assert len(answers(out)) == 4
    monkeypatch.setattr(output, "os", os)
    assert batch(src, out) == 0
    assert "4 already done" in capsys.readouterr().err
    check_complete(out, lines)


# ---------------------------------------------------------------------- kill -9 of the parent
@pytest.mark.slow
def test_workers_exit_when_the_parent_is_killed(tmp_path, reference_deals):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_input(src, reference_deals, copies=80)
    cmd = [sys.executable, "-m", "prefdd", "batch", str(src), "-o", str(out), "--workers", "3",
           "--chunk-size", "2", "--no-progress"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        parent = psutil.Process(proc.pid)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and proc.poll() is None:
            if out.exists() and out.read_bytes().count(b"\n") >= 20:
                break
            time.sleep(0.02)
        children = parent.children(recursive=True)
        assert proc.poll() is None, "the run finished before it could be killed"
        assert len(children) >= 2  # the two child workers (the parent is the third)
        os.kill(proc.pid, signal.SIGKILL)  # the parent only, not its process group
        proc.wait(timeout=30)
        gone, alive = psutil.wait_procs(children, timeout=15)
        alive = [p for p in alive if _running(p)]
        assert not alive, f"left behind: {[p.pid for p in alive]}"
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _running(p) -> bool:
    try:
        return p.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


# ---------------------------------------------------------------------- hostile lines in a batch
def test_deep_nesting_and_huge_numbers_with_worker_processes(tmp_path, reference_deals):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    good = [json.dumps(r) for r in reference_deals[:3]]
    deep = '{"id": "deep", "hands": ' + "[" * 900 + "]" * 900 + "}"
    huge = '{"id": "huge", "declarer": ' + "9" * 5000 + "}"
    src.write_bytes(("\n".join([good[0], deep, good[1], huge, good[2]]) + "\n").encode() + b'{"id": "\xff"}\n')
    s = batch_file(str(src), str(out), workers=2, progress=False)
    recs = {r["input_line"]: r for r in answers(out)}
    assert sorted(recs) == [1, 2, 3, 4, 5, 6] and s.errors == 3
    assert recs[2]["error"] == "line 2: nested deeper than 64 levels"
    assert recs[4]["error"] == "line 4: not usable JSON: a number with too many digits"
    assert recs[6]["error"] == "line 6: not UTF-8 text (byte 9)"
    for n, r in zip((1, 3, 5), reference_deals[:3]):
        assert recs[n]["declarer_tricks"] == r["declarer_tricks"]


def test_a_file_written_twice_over_is_noticed(tmp_path, reference_deals, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_input(src, reference_deals[:3])
    assert batch(src, out) == 0
    first = out.read_text().splitlines(keepends=True)[0]
    out.write_text(out.read_text() + first)  # as two unlocked writers would leave it
    before = out.read_bytes()
    assert batch(src, out) == 2
    assert "output line 4 answers input line 1 a second time" in capsys.readouterr().err
    assert out.read_bytes() == before
