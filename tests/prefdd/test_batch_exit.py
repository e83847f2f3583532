"""The ``prefdd`` console script ends at once after ``solve`` and a local ``batch``: every
answer is on stdout or in the synced output first, the exit status is kept, and nothing of
the interpreter's teardown runs (an ``atexit`` handler is the witness). Other commands, and
runs that need their teardown (Dask), exit the ordinary way.

Expected answers are the recorded ones of tests/data/reference_deals.jsonl.
"""
import json
import os
import subprocess
import sys

import pytest

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "reference_deals.jsonl")
WITNESS = "teardown ran"


def command(*words, stdin=None):
    """``prefdd WORDS`` through :func:`prefdd.cli.command`, with an atexit witness registered."""
    code = ("import atexit, sys\n"
            f"atexit.register(lambda: sys.stderr.write({WITNESS!r} + '\\n'))\n"
            "from prefdd.cli import command\n"
            "sys.argv = ['prefdd'] + sys.argv[1:]\n"
            "command()\n")
    return subprocess.run([sys.executable, "-c", code, *words], capture_output=True, text=True, timeout=120,
                          input=stdin)


def test_solve_ends_at_once_with_every_answer_on_stdout(reference_deals):
    r = command("solve", DATA)
    assert r.returncode == 0, r.stderr
    assert WITNESS not in r.stderr
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o["id"] for o in out] == [d["id"] for d in reference_deals]  # 39 lines through a pipe, none lost
    assert [o["declarer_tricks"] for o in out] == [d["declarer_tricks"] for d in reference_deals]


def test_solve_keeps_its_exit_status_for_a_bad_record(reference_deals):
    bad = json.dumps(reference_deals[0]) + "\n" + '{"hands": 1}\n'
    r = command("solve", "-", stdin=bad)
    assert r.returncode == 2 and WITNESS not in r.stderr
    assert "record 2" in r.stderr and json.loads(r.stdout)["declarer_tricks"] == reference_deals[0]["declarer_tricks"]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_batch_ends_at_once_with_its_output_complete(tmp_path, reference_deals, workers):
    out = tmp_path / "out.jsonl"
    r = command("batch", DATA, "-o", str(out), "--workers", workers, "--no-progress", "--lang", "en")
    assert r.returncode == 0, r.stderr
    assert WITNESS not in r.stderr
    assert f"{len(reference_deals)} records answered" in r.stderr  # the summary is flushed before the end
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["declarer_tricks"] for x in recs] == [d["declarer_tricks"] for d in reference_deals]
    again = command("batch", DATA, "-o", str(out), "--workers", workers, "--no-progress", "--lang", "en")  # the lock was let go
    assert again.returncode == 0 and f"{len(reference_deals)} already done" in again.stderr, again.stderr


def test_other_commands_exit_the_ordinary_way():
    r = command("--version")
    assert r.returncode == 0 and r.stdout.startswith("prefdd ")
    assert WITNESS in r.stderr
    r = command("solve", "--no-such-switch")  # a usage error: not a finished solve
    assert r.returncode == 2 and WITNESS in r.stderr


def test_main_itself_returns():
    """``main`` (what the tests and a Python caller use) never ends the process."""
    from prefdd.cli import main

    assert main(["solve", DATA, "--table-mb", "1"]) == 0
