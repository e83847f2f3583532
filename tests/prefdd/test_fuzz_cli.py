"""Fuzzing every command with mutated copies of the shipped examples.

A seeded mutator damages the files in ``examples/`` (a field replaced by junk of every
JSON type, a field dropped or invented, absurd nesting, integers past Python's digit
limit, bytes that are not UTF-8, U+2028 inside a string, truncation) and feeds them to
``prefdd solve``, ``score``, ``rule`` and ``batch`` through ``prefdd.cli.main`` in this
process. Every run must end in one of two ways: exit 0 with a correct-looking answer, or
exit 2 with one line per problem, ``prefdd CMD: ...`` naming the record (and the field);
never a traceback, never another exit status, never Python's own words leaking out.
"""
import contextlib
import copy
import io
import json
import os
import pathlib
import random
import re

import pytest

from prefdd.cli import main

# thousands of inputs through every command: the slow lane (CI runs it)
pytestmark = pytest.mark.slow

EXAMPLES = pathlib.Path(__file__).parents[2] / "examples"
RUNS = int(os.environ.get("PREFDD_FUZZ_RUNS", "1"))  # multiplies the number of inputs

JUNK = [None, True, False, 0, -1, 1, 2, 3, 5, 99, 2 ** 70, -2 ** 70, 1.5, float("nan"), float("inf"), "", " ",
        "x", "false", "true", "0", "1", "As", "10h", "h", "nt", "misere", "raspasovka", "sochi", "♠A", "Тт",
        [], {}, [[]], [None], [1, 2], ["As", "As"], ["Zz"], [[0, "As"]], [[5, "As"]], [[0]], {"seat": 1},
        {"bogus": 1}, "\u2028", "a\u2028b"]
HUGE_INT = "1" + "0" * 4400
# Python's own words: a message containing one of these is a bug leaking out, not an explanation
LEAKS = ("Traceback", "object is not", "string indices", "has no attribute", "unhashable",
         "not supported between", "object of type", "takes ", "positional argument", "list index out of range",
         "invalid literal for int", "can't multiply", "KeyError", "TypeError", "IndexError", "AttributeError",
         "RecursionError", "internal error")


def _paths(value, prefix=()):
    """Every path to a value inside a JSON document."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _set(doc, path, value):
    if not path:
        return value
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return doc


def mutate_record(rng, rec):
    """A record with one or two things wrong with it (or, sometimes, nothing)."""
    doc = copy.deepcopy(rec)
    for _ in range(rng.choice((1, 1, 1, 2))):
        paths = list(_paths(doc))
        path = rng.choice(paths)
        op = rng.random()
        if op < 0.6 or not path:
            doc = _set(doc, path, copy.deepcopy(rng.choice(JUNK)))
        elif op < 0.75:
            parent = doc
            for step in path[:-1]:
                parent = parent[step]
            del parent[path[-1]]
        elif op < 0.85 and isinstance(doc, dict):
            doc[rng.choice(["bogus", "Hands", "constraints", "favour", "extra"])] = rng.choice(JUNK)
        elif op < 0.92:
            doc = _set(doc, path, [copy.deepcopy(doc)] if not path else [doc_at(doc, path)])
        # else: left as it was (a correct answer is a fine outcome too)
    return doc


def doc_at(doc, path):
    for step in path:
        doc = doc[step]
    return copy.deepcopy(doc)


def damage_text(rng, text: str) -> bytes:
    """Byte-level damage to a whole JSON text."""
    op = rng.random()
    data = text.encode("utf-8")
    if op < 0.2:
        cut = rng.randrange(len(data) + 1)
        return data[:cut]
    if op < 0.35:
        at = rng.randrange(len(data) + 1)
        return data[:at] + bytes([rng.choice([0xFF, 0xC3, 0x80, 0xFE, 0x00])]) + data[at:]
    if op < 0.5:
        depth = rng.choice([100, 1000, 3000])
        return ("[" * depth + "]" * depth).encode() if rng.random() < 0.5 else \
            ('{"hands": ' + "[" * depth + "]" * depth + "}").encode()
    if op < 0.6:
        return re.sub(rb"\b\d\b", HUGE_INT.encode(), data, count=1)
    if op < 0.7:
        return data.replace(b'"', "\u2028\"".encode(), 1) if rng.random() < 0.5 else \
            data.replace(b"s\"", "s\u2028\"".encode(), 1)
    if op < 0.8:
        return b""
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice([b"{", b"}", b"]", b",", b"\n", b'"', b"\\"]) + data[at:]


def load(name):
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def jsonl(name):
    return [json.loads(x) for x in (EXAMPLES / name).read_text(encoding="utf-8").splitlines() if x.strip()]


def run_cli(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:  # argparse
            code = e.code
        except BaseException as e:  # noqa: BLE001 - the failure being looked for
            return "exception", "", f"{type(e).__name__}: {e}"
    return code, out.getvalue(), err.getvalue()


SOLVE_MESSAGE = r"prefdd solve: (record \d+|argument --|--table: |.*: no record found|cannot read)"


def check(cmd, argv, data, code, out, err, problems):
    where = f"{cmd} {' '.join(argv)} on {data[:160]!r}"
    if code not in (0, 2):
        problems.append(f"exit {code}: {where}: {err[-300:]}")
        return
    for leak in LEAKS:
        if leak in err:
            problems.append(f"leak {leak!r}: {where}: {err[-300:]}")
            return
    lines = err.split("\n")[:-1] if err.endswith("\n") else err.split("\n")
    if any(not x.isprintable() for x in lines):
        problems.append(f"unprintable characters in a message: {where}: {err[-300:]!r}")
        return
    if code == 2:
        if not lines or not all(line.startswith(f"prefdd {cmd}: ") for line in lines):
            problems.append(f"not one line each: {where}: {err[-300:]!r}")
        elif cmd == "solve" and any(not re.match(SOLVE_MESSAGE, x) for x in lines):
            problems.append(f"record not named: {where}: {err[-300:]!r}")
    if code == 0 and cmd == "rule" and "--json" not in argv:
        if not out.strip():
            problems.append(f"exit 0 without a ruling: {where}")
    elif code == 0 and cmd in ("solve", "score", "rule") and "--text" not in argv:
        try:
            if cmd == "solve":
                answers = [json.loads(x) for x in out.split("\n") if x]
                assert answers and all("declarer_tricks" in a or "player_tricks" in a or "table" in a
                                       for a in answers)
            else:
                json.loads(out)
        except (ValueError, AssertionError):
            problems.append(f"exit 0 without an answer: {where}: {out[:200]!r}")


def fuzz(tmp_path, rng, cmd, sources, options, count):
    problems = []
    path = tmp_path / f"fuzz-{cmd}.json"
    for _ in range(count):
        source = rng.choice(sources)
        if rng.random() < 0.75:
            if isinstance(source, list):  # JSON lines: damage one record
                recs = copy.deepcopy(source)
                i = rng.randrange(len(recs))
                recs[i] = mutate_record(rng, recs[i])
                text = "".join(json.dumps(r, ensure_ascii=False, allow_nan=True) + "\n" for r in recs)
            else:
                text = json.dumps(mutate_record(rng, source), ensure_ascii=False, allow_nan=True)
            data = text.encode("utf-8")
        else:
            text = "".join(json.dumps(r) + "\n" for r in source) if isinstance(source, list) else json.dumps(source)
            data = damage_text(rng, text)
        path.write_bytes(data)
        argv = [cmd, str(path), *rng.choice(options)]
        code, out, err = run_cli(argv)
        check(cmd, argv[2:], data.decode("utf-8", "replace"), code, out, err, problems)
    return problems


SOLVE_OPTIONS = [["--node-budget", "300000"], ["--node-budget", "300000", "--all-cards"],
                 ["--node-budget", "300000", "--favour", "1"], ["--node-budget", "300000", "--line"],
                 ["--node-budget", "300000", "--table"], ["--node-budget", "300000", "--text"],
                 ["--engine", "reference", "--node-budget", "1000"],
                 ["--table-mb", "nan"], ["--table-mb", "0"], ["--table-mb", "1e400"], ["--node-budget", "-1"],
                 ["--favour", "true"], ["--node-budget", HUGE_INT]]


def test_fuzz_solve(tmp_path):
    rng = random.Random(13)
    sources = [jsonl("deals.jsonl")[:3], load("ending.json"), load("raspasovka_ending.json"),
               load("raspasovka_deal.json")]
    problems = fuzz(tmp_path, rng, "solve", sources, SOLVE_OPTIONS, 1200 * RUNS)
    assert not problems, "\n".join(problems[:10])


def test_fuzz_score(tmp_path):
    rng = random.Random(14)
    sources = [jsonl("outcomes.jsonl")] + [[r] for r in jsonl("outcomes.jsonl")]
    options = [[], ["--text"], ["--convention", "leningrad"], ["--set", "players=4"], ["--set", "players=x"]]
    problems = fuzz(tmp_path, rng, "score", sources, options, 1200 * RUNS)
    assert not problems, "\n".join(problems[:10])


def test_fuzz_rule(tmp_path):
    rng = random.Random(15)
    sources = [load(f"incidents/{p.name}") for p in sorted((EXAMPLES / "incidents").glob("*.json"))]
    options = [[], ["--json"], ["--lang", "en"], ["--set", "compare=actual"], ["--convention", "rostov"]]
    problems = fuzz(tmp_path, rng, "rule", sources, options, 300 * RUNS)
    assert not problems, "\n".join(problems[:10])


def test_fuzz_batch(tmp_path):
    """Whole files of damaged lines: exactly one output line per input line, each error
    line naming its input line, the summary and exit status saying errors are there."""
    rng = random.Random(16)
    deals = jsonl("deals.jsonl")
    incidents = [load(f"incidents/{p.name}") for p in sorted((EXAMPLES / "incidents").glob("*.json"))][:6]
    problems = []
    for k in range(8 * RUNS):
        src, out = tmp_path / f"in{k}.jsonl", tmp_path / f"out{k}.jsonl"
        lines = []
        for _ in range(40):
            rec = rng.choice(deals[:4] + incidents[:2])
            text = json.dumps(mutate_record(rng, rec), ensure_ascii=False)
            lines.append(damage_text(rng, text).replace(b"\n", b" ") if rng.random() < 0.3 else text.encode())
        src.write_bytes(b"\n".join(lines) + b"\n")
        argv = ["batch", str(src), "-o", str(out), "--workers", "0", "--no-progress", "--node-budget", "300000",
                *rng.choice([[], ["--all-cards"], ["--set", "compare=actual"], ["--kind", "solve"]])]
        code, stdout, err = run_cli(argv)
        check("batch", argv[1:], "", code, stdout, err, problems)
        nonblank = [n for n, x in enumerate(lines, 1) if x.strip()]
        recs = [json.loads(x) for x in out.read_text(encoding="utf-8").split("\n") if x]
        if sorted(r["input_line"] for r in recs) != nonblank:
            problems.append(f"batch {k}: lines answered {sorted(r['input_line'] for r in recs)} != {nonblank}")
        for r in recs:
            if "error" in r and not r["error"].startswith(f"line {r['input_line']}: "):
                problems.append(f"batch {k}: error line not naming its line: {r}")
            if "error" in r and any(leak in r["error"] for leak in LEAKS):
                problems.append(f"batch {k}: leak in {r['error']!r}")
        if code == 0 and any("error" in r for r in recs):
            problems.append(f"batch {k}: exit 0 with error lines")
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize("cmd,name", [("solve", "deals.jsonl"), ("score", "outcomes.jsonl"),
                                      ("rule", "incidents/rule_10_erroneous_move.json")])
def test_subprocess_runs_end_cleanly(tmp_path, cmd, name):
    """A few real processes: the entry point as installed, a non-UTF-8 file, deep nesting."""
    import subprocess
    import sys

    bad = tmp_path / "bad.json"
    bad.write_bytes((EXAMPLES / name).read_bytes()[:40] + b"\xff\xfe" + b"[" * 5000)
    r = subprocess.run([sys.executable, "-m", "prefdd", cmd, str(bad)], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.startswith(f"prefdd {cmd}: ") and r.stderr.count("\n") >= 1
