"""Threaded batches: one engine per thread, the same answers as the recorded ones."""
import json

from prefdd.batch import solve_many
from prefdd.batch.backends import ThreadBackend, make_backend
from prefdd.cli import main


def test_threads_answer_every_record(reference_deals):
    want = {r["id"]: r["declarer_tricks"] for r in reference_deals}
    got = {a["id"]: a["declarer_tricks"] for a in solve_many(reference_deals, threads=2)}
    assert got == want


def test_threads_backend_is_chosen_and_described():
    b = make_backend(threads=3)
    try:
        assert isinstance(b, ThreadBackend) and b.workers == 3
        assert "3 threads" in b.describe()
    finally:
        b.close()


def test_cli_threads(tmp_path, reference_deals):
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in reference_deals[:10]) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(src), "-o", str(out), "--threads", "2", "--no-progress"]) == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted(x["id"] for x in lines) == sorted(r["id"] for r in reference_deals[:10])
    assert all(x["declarer_tricks"] == next(r for r in reference_deals if r["id"] == x["id"])["declarer_tricks"]
               for x in lines)
    assert main(["batch", str(src), "-o", str(tmp_path / "o2.jsonl"), "--threads", "0"]) == 2
