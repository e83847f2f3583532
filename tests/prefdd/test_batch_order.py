"""Raw lines out, finished lines back, committed in input order: the parent of a batch no
longer parses records, yet every documented behaviour holds — the first use of an id wins
although the workers finish out of order, resumed runs check the lines they skip, and the
block reader numbers lines exactly as a line-by-line reader does.

Expected values are the recorded answers of tests/data/reference_deals.jsonl, or written
out by hand below.
"""
import io
import json
import threading

import pytest

from prefdd.batch import InputMismatch, batch_file, work
from prefdd.batch import driver as batch_driver
from prefdd.batch.backends import ThreadBackend
from prefdd.batch.driver import Batch
from prefdd.batch.reading import MAX_LINE, jobs_from_records, line_hash, read_jobs


@pytest.fixture(scope="module", autouse=True)
def warm_engine():
    work.warm_up()


def test_block_reader_numbers_lines_like_a_line_reader():
    # by hand: line 1 "ab", 2 blank, 3 "  " (blank), 4 '{"x": 1}\r', 5 "toolongline..." (21 bytes,
    # over the limit of 20 and spanning three 7-byte blocks), 6 "c", 7 "last" without a newline
    data = b'ab\n\n  \n{"x": 1}\r\n' + b"t" * 21 + b"\nc\nlast"
    got = list(read_jobs(io.BytesIO(data), block=7, limit=20))
    assert got == [(1, b"ab"), (4, b'{"x": 1}\r'), (5, None), (6, b"c"), (7, b"last")]
    # a line of exactly the limit is a line; one byte more is not
    assert list(read_jobs(io.BytesIO(b"x" * 20 + b"\n" + b"y" * 21), block=4, limit=20)) == [
        (1, b"x" * 20), (2, None)]
    assert list(read_jobs(io.BytesIO(b""))) == []
    assert list(read_jobs(io.BytesIO(b"\n\n"))) == []
    assert MAX_LINE == 16 << 20


def _slow_first_chunk(monkeypatch, finished):
    """The chunk holding line 1 is answered last: its worker sleeps until every other
    chunk is done (or half a second), so the workers finish out of input order."""
    real = batch_driver.answer_lines
    others_done = threading.Event()

    def answer_lines(chunk, *args):
        if chunk[0][0] == 1:
            others_done.wait(0.5)
        out = real(chunk, *args)
        finished.append(chunk[0][0])
        if chunk[0][0] != 1 and len(finished) >= 2:
            others_done.set()
        return out

    monkeypatch.setattr(batch_driver, "answer_lines", answer_lines)


def test_in_order_commit_with_out_of_order_workers(monkeypatch, reference_deals):
    """Two threads, chunks of 3: the first chunk (lines 1-3) finishes after the second
    (4-6). Line 5 reuses line 2's id: the first use (line 2) keeps its answer and line 5
    gets the error naming both, though line 5's answer came back first; and the answers
    come out in input order."""
    finished = []
    _slow_first_chunk(monkeypatch, finished)
    recs = [dict(r) for r in reference_deals[:9]]
    recs[4]["id"] = recs[1]["id"]
    backend = ThreadBackend(2)
    try:
        out = list(Batch(backend, kind="solve", chunk_size=3).answers(jobs_from_records(recs)))
    finally:
        backend.close()
    assert finished.index(4) < finished.index(1), finished  # the workers did finish out of order
    assert [a["input_line"] for a in out] == list(range(1, 10))
    assert out[1]["declarer_tricks"] == reference_deals[1]["declarer_tricks"]
    assert out[4] == {"id": recs[1]["id"], "input_line": 5,
                      "error": f"line 5: id {recs[1]['id']!r} is already used on line 2"}
    for i in (0, 2, 3, 5, 6, 7, 8):
        assert out[i]["declarer_tricks"] == reference_deals[i]["declarer_tricks"]


def test_file_run_duplicate_across_chunks_and_bad_lines(monkeypatch, tmp_path, reference_deals):
    """The same through a file run: the output lines are the finished bytes the workers
    made, in input order, each signed with its own line's hash; the duplicate's error line
    (made by the parent) carries the duplicate line's hash; a bad line's number is not an id
    used before, so its own error stands."""
    finished = []
    _slow_first_chunk(monkeypatch, finished)
    lines = [json.dumps(r) for r in reference_deals[:6]]
    lines[4] = json.dumps({**reference_deals[4], "id": reference_deals[1]["id"]})
    lines.insert(2, "{not json")  # line 3: its id is its number, 3
    lines.append(json.dumps({**reference_deals[7], "id": 3}))  # line 8 reuses the number 3
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("\n".join(lines) + "\n")
    s = batch_file(str(src), str(out), threads=2, chunk_size=3, progress=False)
    assert (s.answered, s.errors) == (8, 3)
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["input_line"] for r in recs] == list(range(1, 9))
    for r, line in zip(recs, lines):
        assert r["batch"] == {"input_hash": line_hash(line.encode()), "options": {}}
    assert recs[2]["error"].startswith("line 3: not valid JSON") and recs[2]["id"] == 3
    assert recs[5]["error"] == f"line 6: id {reference_deals[1]['id']!r} is already used on line 2"
    assert recs[7]["error"] == "line 8: id 3 is already used on line 3"
    assert recs[1]["declarer_tricks"] == reference_deals[1]["declarer_tricks"]


def test_resume_checks_skipped_lines_and_their_ids(tmp_path, reference_deals):
    """A run that answered lines 1-4 is resumed on a longer input whose line 6 reuses line
    2's id: the skipped lines are checked (id and hash) in the parent, the duplicate gets
    the error naming line 2, and every line ends up answered once."""
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    first = [json.dumps(r) for r in reference_deals[:4]]
    src.write_text("\n".join(first) + "\n")
    assert batch_file(str(src), str(out), workers=2, progress=False).answered == 4
    more = first + [json.dumps(reference_deals[4]), json.dumps({**reference_deals[5], "id": reference_deals[1]["id"]})]
    src.write_text("\n".join(more) + "\n")
    s = batch_file(str(src), str(out), workers=2, progress=False)
    assert (s.skipped, s.answered, s.errors) == (4, 2, 1)
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["input_line"] for r in recs] == [1, 2, 3, 4, 5, 6]
    assert recs[5]["error"] == f"line 6: id {reference_deals[1]['id']!r} is already used on line 2"


def test_resume_from_a_stream_checks_each_skipped_line(monkeypatch, tmp_path, reference_deals):
    """Standard input has no survey before the run: the parent parses the lines the
    output already answers as they stream, and refuses a changed one with the messages of
    a file run."""
    out = tmp_path / "out.jsonl"
    lines = [json.dumps(r) for r in reference_deals[:3]]

    def stdin(text):
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))

    stdin("\n".join(lines) + "\n")
    assert batch_file("-", str(out), workers=0, progress=False).answered == 3
    renamed = [lines[0], json.dumps({**reference_deals[1], "id": "other"}), lines[2]]
    stdin("\n".join(renamed) + "\n")
    with pytest.raises(InputMismatch, match="input line 2 has id 'other' but the output answers id"):
        batch_file("-", str(out), workers=0, progress=False)
    edited = [lines[0], json.dumps({**reference_deals[1], "declarer": 2}), lines[2]]
    stdin("\n".join(edited) + "\n")
    with pytest.raises(InputMismatch, match="input line 2 is not the record the output answers there"):
        batch_file("-", str(out), workers=0, progress=False)
    stdin("\n".join(lines + [json.dumps(reference_deals[3])]) + "\n")
    s = batch_file("-", str(out), workers=0, progress=False)
    assert (s.skipped, s.answered) == (3, 1)


def test_the_parent_does_not_parse_what_it_sends(monkeypatch, tmp_path, reference_deals):
    """The lines to answer reach the worker function as the raw bytes of the file."""
    seen = []
    real = batch_driver.answer_lines

    def answer_lines(chunk, *args):
        seen.extend(chunk)
        return real(chunk, *args)

    monkeypatch.setattr(batch_driver, "answer_lines", answer_lines)
    lines = [json.dumps(r) for r in reference_deals[:3]]
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_bytes(("\n".join(lines) + "\n").encode())
    batch_file(str(src), str(out), workers=0, progress=False)
    assert seen == [(i, line.encode()) for i, line in enumerate(lines, 1)]


def test_slow_head_chunk_does_not_stop_the_other_workers(monkeypatch, reference_deals):
    """While the oldest chunk is still out, the other worker goes on with later chunks, up
    to the window (4 x 2 + 2 = 10 chunks out), instead of waiting for it: the head chunk
    here waits until the nine after it are answered, and would time out if they could not be."""
    finished = []
    others = threading.Event()
    real = batch_driver.answer_lines

    def answer_lines(chunk, *args):
        if chunk[0][0] == 1:
            assert others.wait(10.0), "the other worker waited for the head chunk"
        out = real(chunk, *args)
        finished.append(chunk[0][0])
        if sorted(finished) == list(range(2, 11)):
            others.set()
        return out

    monkeypatch.setattr(batch_driver, "answer_lines", answer_lines)
    backend = ThreadBackend(2)
    try:
        assert backend.window == 10
        out = list(Batch(backend, kind="solve", chunk_size=1).answers(jobs_from_records(reference_deals[:12])))
    finally:
        backend.close()
    assert [a["input_line"] for a in out] == list(range(1, 13))
    assert sorted(finished[:9]) == list(range(2, 11)) and finished[9] == 1


def test_rulings_missing_met_by_a_worker_stops_the_run(monkeypatch, tmp_path, capsys, reference_deals):
    """With --kind auto the parent does not read the records: the worker meeting the first
    incident stops the run with the one-line message; the chunk holding it is not written."""
    from prefdd.batch import RulingsUnavailable
    from prefdd.cli import main

    def unavailable():
        raise RulingsUnavailable("rulings are not available in this installation")

    monkeypatch.setattr(work, "rule_function", unavailable)
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text(json.dumps(reference_deals[0]) + "\n" + '{"id": 1, "violation": {"rule": "9"}}\n')
    assert main(["batch", str(src), "-o", str(out), "--workers", "0", "--chunk-size", "1", "--no-progress"]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == \
        "prefdd batch: rulings are not available in this installation"
    assert [json.loads(x)["input_line"] for x in out.read_text().splitlines()] == [1]


def test_id_keys_keep_types_apart():
    """The string "7" and the number 7 are different ids; so are 1, true and 1.0 (the last
    two only an output line can carry); a list from a damaged line is still a key."""
    from prefdd.batch.reading import id_key

    keys = [id_key("7"), id_key(7), id_key(1), id_key(True), id_key(1.0), id_key([1]), id_key("[1]")]
    assert len(set(keys)) == len(keys)
    assert id_key("b0") == id_key("b0") and id_key(10**30) == id_key(10**30)
