"""The paired benchmark (benchmarks/paired/): its line protocol, prefdd's server for it, and its report."""
import io
import itertools
import json
import pathlib
import random
import subprocess
import sys
import textwrap

import pytest

from benchmarks.deals import ROWS
from benchmarks.paired.protocol import ProtocolError, format_request, parse_answer, parse_request
from benchmarks.paired.server import serve
from solver import Card, Position, reference
from solver.engine import Engine

BENCH = pathlib.Path(__file__).parent.parent / "benchmarks"

SERVER = f"{sys.executable} -m benchmarks.paired.server"  # run from the project root (cwd below)


def run_paired(*args):
    # the backend prefdd would pick here (Cython where it was built), so the test runs anywhere
    return subprocess.run([sys.executable, "-m", "benchmarks.paired", "--backend", "auto", *args],
                          capture_output=True, text=True, timeout=600, check=False, cwd=BENCH.parent)


def ask(lines, engine=None):
    out = io.StringIO()
    serve(engine or Engine(table_mb=1), lines, out)
    return out.getvalue().splitlines()


# ---------------------------------------------------------------- the protocol

def test_example_of_the_docs_by_hand():
    # Seat 0: A♠ K♠ 7♥; seat 1: Q♠ J♠ A♥; seat 2: 10♠ 9♠ K♥. Every hand holds two spades
    # and one heart, so every player follows suit on every trick, the declarer's A♠ and K♠
    # win the two spade tricks and his 7♥ loses the heart trick, whoever leads, whatever
    # the strain: 2 tricks for seat 0 in spades, at no-trump and on misère alike.
    for strain, leader in (("s", 0), ("nt", 1), ("misere", 0), ("misere", 2)):
        [answer] = ask([f"hands=AsKs7h/QsJsAh/TsKh9s strain={strain} declarer=0 leader={leader}"])
        assert parse_answer(answer).tricks == 2
    # With the 7♥ and the A♥ swapped seat 0 holds the top heart too: 3 tricks, but on
    # misère seat 1 (declaring, with Q♠ J♠ 7♥) wins nothing: both his spades lie under
    # A♠ K♠ and his 7♥ under every other heart.
    [answer] = ask(["hands=AsKsAh/QsJs7h/TsKh9s strain=nt declarer=0 leader=1"])
    assert parse_answer(answer).tricks == 3
    [answer] = ask(["hands=AsKsAh/QsJs7h/TsKh9s strain=misere declarer=1 leader=1"])
    assert parse_answer(answer).tricks == 0


def test_request_round_trip_and_reference_values():
    rng = random.Random(15)
    lines, want = [], []
    for _ in range(12):
        cards = rng.sample(range(32), 12)
        hands = [[Card(c) for c in cards[i * 4:(i + 1) * 4]] for i in range(3)]
        strain = rng.choice(["s", "c", "d", "h", "nt", "misere"])
        pos = Position(hands, strain, rng.randrange(3), rng.randrange(3))
        line = format_request(pos)
        back = parse_request(line)
        assert (back.hands, back.declarer, back.leader, back.strain) == (pos.hands, pos.declarer, pos.leader,
                                                                          pos.strain)
        lines.append(line)
        want.append(reference.solve(pos))  # the plain minimax, independent of the engine
    got = [parse_answer(a) for a in ask(lines)]
    assert [a.tricks for a in got] == want
    assert all(a.us >= 0 and a.nodes > 0 for a in got)


@pytest.mark.parametrize("line, words", [
    ("hands=AsKs/QsJs strain=s declarer=0 leader=0", "three hands"),
    ("hands=AsKs/QsJs/Ts strain=s declarer=0 leader=0", "same number"),
    ("hands=AsKs/QsJs/TsAs strain=s declarer=0 leader=0", "duplicate card As"),
    ("hands=AsKs/QsJs/Ts9x strain=s declarer=0 leader=0", "hand 2"),
    ("hands=AsKs/QsJs/Ts9s strain=x declarer=0 leader=0", "strain='x'"),
    ("hands=AsKs/QsJs/Ts9s strain=s declarer=3 leader=0", "declarer='3'"),
    ("hands=AsKs/QsJs/Ts9s strain=s declarer=0", "missing field leader"),
    ("hands=AsKs/QsJs/Ts9s strain=s declarer=0 leader=0 trick=As", "unknown field 'trick'"),
    ("hands=AsKs/QsJs/Ts9s strain=s declarer=0 leader=0 leader=1", "given twice"),
    ("hands AsKs/QsJs/Ts9s", "not key=value"),
])
def test_bad_requests_are_named(line, words):
    with pytest.raises(ProtocolError) as e:
        parse_request(line)
    assert words in str(e.value)
    # the server answers the error on one line and carries on
    out = ask([line, "hands=As/Ks/Qs strain=s declarer=0 leader=0"])
    assert out[0].startswith("error=") and words in out[0]
    assert parse_answer(out[1]).tricks == 1


@pytest.mark.parametrize("line, words", [
    ("tricks=3", "missing field us"),
    ("tricks=3 us=12 time=4", "unknown field 'time'"),
    ("tricks=three us=12", "not a number"),
    ("tricks=3 us=-1", "negative"),
    ("error=bad strain", "bad strain"),
])
def test_bad_answers_are_named(line, words):
    with pytest.raises(ProtocolError) as e:
        parse_answer(line)
    assert words in str(e.value)


# ---------------------------------------------------------------- paired.py end to end

@pytest.mark.slow
def test_paired_against_prefdd_itself_reports_every_row():
    r = run_paired("--against", SERVER, "--deals", "3", "--warmup", "1", "--worst", "2", "--json")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["agree"] is True
    assert [row["row"] for row in rep["rows"]] == list(ROWS)
    for row in rep["rows"]:
        assert row["deals"] == 3 and not row["disagreements"]
        assert len(row["worst"]) == 2 and len(row["per_deal"]) == 3
        assert sorted(d["ms"] for d in row["per_deal"])[1] == row["ours_ms"]["median"]
        w = row["worst"]
        assert w[0]["ms"] >= w[1]["ms"] and w[0]["tricks"] == w[0]["their_tricks"]
        # the same engine on both sides searches the same tree, deal by deal
        assert all(d["nodes"] == d["their_nodes"] for d in w)
        assert row["nodes"]["median"] > 0 and row["their_nodes"] is not None
        for side in ("ours_ms", "theirs_ms"):
            s = row[side]
            assert 0 < s["median"] <= s["p90"] <= s["max"]
    # a request of the report reproduces its deal's answer
    d = rep["rows"][3]["worst"][0]
    assert parse_answer(ask([d["request"]])[0]).tricks == d["tricks"]


@pytest.mark.slow
def test_paired_text_report_has_every_row():
    r = run_paired("--against", SERVER, "--deals", "2", "--warmup", "0", "--worst", "1", "--rows", "misere")
    assert r.returncode == 0, r.stderr
    assert "| misere, declarer leads |" in r.stdout and "| misere, a defender leads |" in r.stdout
    assert "trump" not in r.stdout.split("| category")[1]
    assert "trick counts: all agree" in r.stdout


@pytest.mark.slow
def test_a_wrong_solver_is_reported_loudly(tmp_path):
    liar = tmp_path / "liar.py"
    liar.write_text(textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(BENCH.parent)!r})  # the project root, as an installed package sees it
        from benchmarks.paired.protocol import parse_request
        from solver.engine import Engine
        e = Engine(table_mb=1)
        for line in sys.stdin:
            print(f"tricks={{e.solve(parse_request(line)) + 1}} us=5", flush=True)
    """))
    r = run_paired("--against", f"{sys.executable} {liar}", "--deals", "2", "--warmup", "0", "--rows",
                   "no-trump")
    assert r.returncode == 1
    assert r.stderr.count("DISAGREEMENT") == 2
    assert "2 DISAGREEMENTS" in r.stdout


@pytest.mark.slow
def test_a_solver_breaking_the_protocol_stops_the_run(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import sys\nfor line in sys.stdin:\n    print('tricks=1 ms=3', flush=True)\n")
    r = run_paired("--against", f"{sys.executable} {bad}", "--deals", "1", "--warmup", "0")
    assert r.returncode == 2
    assert "unknown field 'ms'" in r.stderr and "the request was: hands=" in r.stderr
    dead = tmp_path / "dead.py"
    dead.write_text("import sys\nsys.exit(3)\n")
    r = run_paired("--against", f"{sys.executable} {dead}", "--deals", "1", "--warmup", "0")
    assert r.returncode == 2 and "exited (status 3)" in r.stderr
    r = run_paired("--against", str(tmp_path / "no-such-solver"), "--deals", "1")
    assert r.returncode == 2 and "cannot start it" in r.stderr
    r = subprocess.run([sys.executable, "-m", "benchmarks.paired", "--against", SERVER, "--backend", "fortran"],
                       capture_output=True, text=True, timeout=600, check=False, cwd=BENCH.parent)
    assert r.returncode == 2 and "unknown engine backend 'fortran'" in r.stderr and "Traceback" not in r.stderr


def test_the_protocol_doc_examples_hold():
    doc = (BENCH.parent / "docs" / "paired-benchmark.md").read_text().splitlines()
    pairs = [(a[2:], b[2:]) for a, b in itertools.pairwise(doc) if a.startswith("> ") and b.startswith("< ")]
    assert len(pairs) >= 4
    got = ask([req for req, _ in pairs])
    for (req, want), answer in zip(pairs, got):
        if want.startswith("error="):
            assert answer == want, req
        else:
            assert parse_answer(answer).tricks == parse_answer(want).tricks, req
