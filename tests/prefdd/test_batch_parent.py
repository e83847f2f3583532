"""The parent searches too: ``--workers N`` on the process backend is N searching processes,
this one and N-1 forked children. The parent keeps the children fed, answers chunks itself
in between through the same ``answer_lines``, and commits every chunk in input order — so the
first use of an id wins across a parent chunk and a child chunk, and ``--workers 1`` has no
child process at all.

Expected answers are the recorded ones of tests/data/reference_deals.jsonl.
"""
import json
import os
import subprocess
import sys
import time

import psutil
import pytest
from helpers.batch_runs import kill_9_after

from prefdd.batch import batch_file, work
from prefdd.batch import driver as batch_driver
from prefdd.batch.backends import ProcessBackend, make_backend
from prefdd.batch.driver import Batch
from prefdd.batch.reading import jobs_from_records

PARENT = os.getpid()
REAL_ANSWER_LINES = batch_driver.answer_lines
HERE: list[int] = []  # first lines of the chunks the parent answered (filled in the parent only)


@pytest.fixture(scope="module", autouse=True)
def warm_engine():
    work.warm_up()


def tagged_answer_lines(chunk, *args):
    """The real work function; a child holds its first chunk (line 1) for 0.6 s, so the
    parent answers later chunks meanwhile and the chunks finish out of input order. Module
    level, so a forked child unpickles it by name."""
    if os.getpid() == PARENT:
        HERE.append(chunk[0][0])
    elif chunk[0][0] == 1:
        time.sleep(0.6)
    return REAL_ANSWER_LINES(chunk, *args)


@pytest.fixture
def tagged(monkeypatch):
    HERE.clear()
    monkeypatch.setattr(batch_driver, "answer_lines", tagged_answer_lines)
    return HERE


def run(records, workers=2, chunk_size=1):
    backend = ProcessBackend(workers, start_method="fork")
    try:
        return list(Batch(backend, kind="solve", chunk_size=chunk_size).answers(jobs_from_records(records)))
    finally:
        backend.close()


def test_parent_answers_chunks_in_order_while_a_child_finishes_late(tagged, reference_deals):
    """Chunks of one: the child holds line 1 for 0.6 s; the parent answers later lines in
    that time (a few milliseconds each); the answers still come out 1, 2, 3, ... with each
    line's recorded tricks."""
    recs = reference_deals[:12]
    out = run(recs)
    assert [a["input_line"] for a in out] == list(range(1, 13))
    for a, r in zip(out, recs):
        assert a["declarer_tricks"] == r["declarer_tricks"], a
    # by hand: the child is given lines 1-3 (its queue of 3), line 1 held; the parent answers
    # 4-10 while it waits (the window: 4 x 2 + 2 units out); once line 1 is in, the child is
    # fed line 11 first (the parent takes 12 only if it finds line 2 still out)
    assert tagged[:7] == list(range(4, 11)) and set(tagged) <= set(range(4, 11)) | {12}, tagged


def test_first_use_of_an_id_wins_across_a_child_chunk_and_a_parent_chunk(tagged, reference_deals):
    """Line 1 (the child's, answered last) and a later line the parent answers share an
    id: line 1 keeps its answer, the later line gets the error naming line 1 — although the
    parent's answer was ready 0.6 s before the child's."""
    recs = [dict(r) for r in reference_deals[:12]]
    recs[7]["id"] = recs[0]["id"]  # line 8: the child's queue (lines 1-3) is full, the parent takes 4-10
    out = run(recs)
    assert 8 in HERE and 1 not in HERE
    assert out[0]["declarer_tricks"] == reference_deals[0]["declarer_tricks"]
    assert out[7] == {"id": recs[0]["id"], "input_line": 8,
                      "error": f"line 8: id {recs[0]['id']!r} is already used on line 1"}
    assert [a["input_line"] for a in out] == list(range(1, 13))


def test_a_parent_chunk_first_then_a_child_chunk_with_its_id(reference_deals):
    """Larger chunks, the parent and the child both busy: every line whose id repeats an
    earlier line's gets the error naming the earlier line, whoever answered either."""
    recs = [dict(r, id=f"d{i % 7}") for i, r in enumerate(reference_deals[:21])]
    out = run(recs, workers=3, chunk_size=2)
    assert [a["input_line"] for a in out] == list(range(1, 22))
    for i, a in enumerate(out):
        if i < 7:
            assert a["declarer_tricks"] == reference_deals[i]["declarer_tricks"]
        else:
            assert a["error"] == f"line {i + 1}: id 'd{i % 7}' is already used on line {i % 7 + 1}"


def test_a_failure_in_a_parent_chunk_is_raised_in_its_turn(monkeypatch, reference_deals):
    """The parent's own chunk meeting an error about the run (rulings missing) raises it only
    when every earlier chunk has been handed back, as a child's failure would."""
    from prefdd.batch import RulingsUnavailable

    def unavailable():
        raise RulingsUnavailable("rulings are not available in this installation")

    monkeypatch.setattr(work, "rule_function", unavailable)
    recs = list(reference_deals[:6]) + [{"id": "inc", "violation": {"rule": "9"}}]
    backend = ProcessBackend(2, start_method="fork")
    got = []
    try:
        with pytest.raises(RulingsUnavailable):
            for a in Batch(backend, kind="auto", chunk_size=1).answers(jobs_from_records(recs)):
                got.append(a["input_line"])
    finally:
        backend.close()
    assert got == [1, 2, 3, 4, 5, 6]


def test_one_worker_has_no_child_process(monkeypatch, tmp_path, reference_deals):
    """``--workers 1`` answers in this process: no pool is made, no child runs."""
    seen = []
    before = {p.pid for p in psutil.Process().children(recursive=True)}  # other tests' leftovers

    def answer_lines(chunk, *args):
        now = {p.pid for p in psutil.Process().children(recursive=True)}
        seen.append((os.getpid(), len(now - before)))
        return REAL_ANSWER_LINES(chunk, *args)

    monkeypatch.setattr(batch_driver, "answer_lines", answer_lines)
    backend = make_backend(1)
    assert isinstance(backend, ProcessBackend) and backend.children == 0 and backend._kids == []
    assert backend.describe() == "1 worker process (this one: no child process)"
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in reference_deals[:5]))
    s = batch_file(str(src), str(out), workers=1, chunk_size=2, progress=False)
    assert s.answered == 5 and seen and all(pid == os.getpid() and kids == 0 for pid, kids in seen)


def test_resume_with_the_parent_searching(tmp_path, reference_deals):
    """A run cut short (its output holding lines 1-9) is resumed with two workers: the rest
    are answered once each, in input order, after the lines already there."""
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = [json.dumps(r) for r in reference_deals[:30]]
    src.write_text("".join(x + "\n" for x in lines[:9]))
    assert batch_file(str(src), str(out), workers=2, chunk_size=2, progress=False).answered == 9
    src.write_text("".join(x + "\n" for x in lines))
    s = batch_file(str(src), str(out), workers=2, chunk_size=2, progress=False)
    assert (s.skipped, s.answered, s.errors) == (9, 21, 0)
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["input_line"] for r in recs] == list(range(1, 31))
    for r, ref in zip(recs, reference_deals):
        assert r["declarer_tricks"] == ref["declarer_tricks"]


@pytest.mark.slow
def test_kill_9_while_the_parent_searches_then_resume(tmp_path, reference_deals):
    """``kill -9`` of the whole run (the parent mid-search among its chunks) leaves whole
    lines only; the rerun answers every other line once."""
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = [json.dumps({**r, "id": f"{r['id']}#{k}"}) for k in range(40) for r in reference_deals]
    src.write_text("".join(x + "\n" for x in lines))
    cmd = [sys.executable, "-m", "prefdd", "batch", str(src), "-o", str(out), "--workers", "2",
           "--chunk-size", "3", "--no-progress"]
    data = kill_9_after(cmd, out, 50)
    done = data.splitlines()
    assert data.endswith(b"\n") and 50 <= len(done) < len(lines)
    assert [json.loads(x)["input_line"] for x in done] == list(range(1, len(done) + 1))  # in input order
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["input_line"] for x in recs] == list(range(1, len(lines) + 1))
    for x in recs:
        assert x["declarer_tricks"] == json.loads(lines[x["input_line"] - 1])["declarer_tricks"]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_process_backend_does_not_load_multiprocessing(workers):
    """The inline path pays for no process machinery, and the forked child talks over two
    pipes: a fresh ``prefdd batch --workers 1`` or ``--workers 2`` never imports
    multiprocessing or concurrent.futures (their imports alone are ~45 ms)."""
    code = ("import sys, json, tempfile, os\n"
            "from prefdd.cli import main\n"
            "d = tempfile.mkdtemp(); src = os.path.join(d, 'in.jsonl')\n"
            "open(src, 'w').write(open(sys.argv[1]).readline())\n"
            "assert main(['batch', src, '-o', os.path.join(d, 'out.jsonl'), '--workers', sys.argv[2], '--no-progress']) == 0\n"
            "print(sorted(m for m in sys.modules if m.startswith(('multiprocessing', 'concurrent'))))\n")
    data = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "reference_deals.jsonl")
    r = subprocess.run([sys.executable, "-c", code, data, workers], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "[]"


def dying_answer_lines(chunk, *args):
    """A child that dies (as the out-of-memory killer ends one) on line 2, its second chunk
    (the child is always fed lines 1-3 first)."""
    if os.getpid() != PARENT and chunk[0][0] == 2:
        os._exit(9)
    return REAL_ANSWER_LINES(chunk, *args)


def test_a_child_that_dies_stops_the_run_with_a_clear_error(monkeypatch, reference_deals):
    """The answers before the dead child's chunk are handed back, then the run stops with
    BackendError (exit status 1 on the command line): nothing after it is committed."""
    from prefdd.batch import BackendError

    monkeypatch.setattr(batch_driver, "answer_lines", dying_answer_lines)
    got = []
    backend = ProcessBackend(2, start_method="fork")
    try:
        with pytest.raises(BackendError, match="a worker process died"):
            for a in Batch(backend, kind="solve", chunk_size=1).answers(jobs_from_records(reference_deals[:12])):
                got.append(a["input_line"])
    finally:
        backend.close()
    assert got == [1]  # the child's line 1 is in; its line 2 never came, so nothing after it is committed


def test_spawned_children_answer_as_forked_ones(monkeypatch, reference_deals):
    """The spawn start (the Numba engine's) runs the same pipes: a fresh interpreter is sent
    the work function first, then chunks; the answers are the recorded ones, and the child
    answered some of the chunks (the parent did not answer them all)."""
    mine = []
    real = ProcessBackend._answer_here

    def counted(fn, work, args):
        mine.append(work[0][0])
        return real(fn, work, args)

    monkeypatch.setattr(ProcessBackend, "_answer_here", staticmethod(counted))
    recs = reference_deals[:24]
    backend = ProcessBackend(2, start_method="spawn")
    try:
        out = list(Batch(backend, kind="solve", chunk_size=1).answers(jobs_from_records(recs)))
    finally:
        backend.close()
    assert [a["input_line"] for a in out] == list(range(1, 25))
    assert [a["declarer_tricks"] for a in out] == [r["declarer_tricks"] for r in recs]
    assert len(mine) < 24, "the spawned child answered nothing"


def test_messages_carry_what_marshal_cannot(reference_deals):
    """Chunks of lines' bytes and plain records go as marshal; a Python caller's record
    holding an object marshal does not know goes as pickle; answers come back as Answers."""
    from decimal import Decimal

    from prefdd.batch.children import ANSWERS, MARSHAL, PICKLE, pack, unpack
    from prefdd.batch.work import Answer
    from solver.pipes import HEAD as _HEAD

    def roundtrip(value, tag=MARSHAL):
        data = pack(value, tag)
        size, kind = _HEAD.unpack_from(data)
        assert len(data) == _HEAD.size + size
        return kind, unpack(kind, data[_HEAD.size:])

    chunk = [(1, b'{"id": 1}'), (2, {"id": "x", "hands": [["As"]]})]
    assert roundtrip(chunk) == (MARSHAL, chunk)
    odd = [(3, {"id": "y", "stake": Decimal("1.5")})]
    assert roundtrip(odd) == (PICKLE, odd)
    answers = [Answer(1, "r", "ab12", None, b'{"id": "r"}\n', False)]
    kind, back = roundtrip(answers, ANSWERS)
    assert kind == ANSWERS and back == answers and type(back[0]) is Answer
