"""The Dask path: the same batch on a LocalCluster started here, answers streamed back and
written resumably; and a clear error when Dask is not installed.

Expected values are the recorded answers of tests/data/reference_deals.jsonl.
"""
import io
import json
import sys

import pytest

from prefdd.batch import BackendError, batch_file, make_backend, solve_many, work
from prefdd.cli import main

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    import logging

    work.warm_up()  # the workers (processes on this machine) then load the engine from the disk cache
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                                  silence_logs=logging.ERROR) as c:
        yield c


@pytest.mark.slow
def test_batch_on_a_dask_cluster_resumes(cluster, tmp_path, reference_deals):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = [json.dumps(r) for r in reference_deals]
    lines.insert(7, "{not json")
    src.write_text("\n".join(lines) + "\n")
    # an earlier run got as far as the first two records (and was cut mid-line)
    first = reference_deals[:2]
    from prefdd.batch.output import signed
    from prefdd.batch.reading import line_hash

    out.write_text("".join(json.dumps(signed({"id": r["id"], "input_line": i, "declarer_tricks": r["declarer_tricks"]},
                                             line_hash(lines[i - 1].encode()), {})) + "\n"
                           for i, r in enumerate(first, 1)) + '{"id": "r002", "li')
    log = io.StringIO()
    s = batch_file(str(src), str(out), dask=cluster.scheduler_address, chunk_size=5, stream=log, lang="en")
    assert (s.skipped, s.answered, s.errors) == (2, len(reference_deals) - 2 + 1, 1)
    assert "the Dask cluster at tcp://" in log.getvalue()
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted(r["input_line"] for r in recs) == list(range(1, len(lines) + 1))
    answers = {r["id"]: r["declarer_tricks"] for r in reference_deals}
    for r in recs:
        if r["input_line"] == 8:
            assert r["error"].startswith("line 8: not valid JSON")
        else:
            assert r["declarer_tricks"] == answers[r["id"]], r


@pytest.mark.slow
def test_solve_many_on_dask(cluster, reference_deals):
    out = list(solve_many(reference_deals[:12], dask=cluster.scheduler_address, chunk_size=3))
    assert sorted(r["input_line"] for r in out) == list(range(1, 13))
    for r in out:
        assert r["declarer_tricks"] == reference_deals[r["input_line"] - 1]["declarer_tricks"]


@pytest.mark.slow
def test_cli_dask_local(tmp_path, reference_deals, capsys):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in reference_deals[:5]))
    assert main(["batch", str(src), "-o", str(out), "--dask-local", "1", "--no-progress"]) == 0
    got = {json.loads(x)["id"]: json.loads(x)["declarer_tricks"] for x in out.read_text().splitlines()}
    assert got == {r["id"]: r["declarer_tricks"] for r in reference_deals[:5]}


def test_dask_missing_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes `import distributed` fail
    with pytest.raises(BackendError, match=r"Dask is not installed: pip install 'prefdd\[dask\]'"):
        make_backend(dask="tcp://127.0.0.1:1")


@pytest.mark.slow
def test_unreachable_scheduler(tmp_path, reference_deals):
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(reference_deals[0]) + "\n")
    from prefdd.batch import backends

    with pytest.raises(BackendError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        backends.DaskBackend("tcp://127.0.0.1:9", timeout="2s")


@pytest.mark.slow
def test_ctrl_c_under_dask_local_is_one_message(tmp_path, reference_deals):
    """The terminal sends Ctrl-C to every process of the job; the Dask workers ignore it
    (started with SIGINT ignored) and the command alone reports the interruption."""
    import os
    import signal
    import subprocess
    import sys
    import time

    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("".join(json.dumps({**r, "id": f"{r['id']}#{k}"}) + "\n"
                           for k in range(100) for r in reference_deals))
    p = subprocess.Popen([sys.executable, "-m", "prefdd", "batch", str(src), "-o", str(out), "--dask-local", "2",
                          "--no-progress", "--lang", "en"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and p.poll() is None:
            if out.exists() and out.read_bytes().count(b"\n") >= 10:
                break
            time.sleep(0.05)
        os.killpg(p.pid, signal.SIGINT)  # as a terminal does: the whole process group
        _, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    err = err.decode()
    assert p.returncode == 130 and "Traceback" not in err and "KeyboardInterrupt" not in err, err[-2000:]
    assert err.strip().splitlines()[-1].startswith("prefdd batch: interrupted: ")


@pytest.mark.slow
def test_the_local_cluster_listens_on_loopback_only():
    """`prefdd batch --dask-local N`: the scheduler, its dashboard and the workers answer on
    127.0.0.1 only (nothing on the network sees the dashboard)."""
    import os

    psutil = pytest.importorskip("psutil")
    from prefdd.batch.backends import DaskBackend

    me = psutil.Process(os.getpid())

    def sockets():
        return {(p.pid, c.laddr.ip, c.laddr.port) for p in [me, *me.children(recursive=True)]
                for c in p.net_connections("tcp") if c.status == psutil.CONN_LISTEN}

    before = sockets()  # what earlier tests in this process left listening is not the cluster's
    b = DaskBackend(local=1)
    try:
        listening = sockets() - before
        dashboard = int(b._cluster.dashboard_link.split(":")[2].split("/")[0])
        assert (os.getpid(), "127.0.0.1", dashboard) in listening
        assert {ip for _, ip, _ in listening} == {"127.0.0.1"}, listening
    finally:
        b.close()
