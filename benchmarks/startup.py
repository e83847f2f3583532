"""Start-up to the first answer: ``prefdd solve`` of one deal in a fresh process, as a user runs it.

    python benchmarks/startup.py                    # 20 runs of `prefdd solve` on one full deal
    python benchmarks/startup.py --runs 50 --baseline
    python benchmarks/startup.py --command "python -m prefdd"
    python benchmarks/startup.py --against /path/to/old-venv/bin/prefdd   # the two in turn

Each run spawns the installed ``prefdd`` console script (the one on ``PATH`` beside this
Python, as ``pip install -e '.[test]'`` made it) on the first deal of
``examples/deals.jsonl`` and waits for it to exit; the answer must be the same every run.
*Wall* is exec to exit; *CPU* is the child's user + system time (``os.wait4``), which the
machine's other jobs do not inflate as much. ``--baseline`` also times ``python -c pass``
(the interpreter and its ``site``: ``.pth`` files, the editable-install hook) and
``python -c "import numpy"``, the floor under any NumPy program.

A user's Python writes bytecode caches, so ``PYTHONDONTWRITEBYTECODE`` is removed from the
children's environment (``--keep-env`` keeps it) and one unmeasured run goes first.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import shlex
import shutil
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEAL = ROOT / "examples" / "deals.jsonl"


def one_run(argv: list[str], env: dict, stdin_text: str | None) -> tuple[float, str]:
    """(wall s, stdout) of one child process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out, err = proc.communicate(stdin_text.encode() if stdin_text is not None else None)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"{shlex.join(argv)} exited {proc.returncode}: {err.decode(errors='replace')[-500:]}")
    return wall, out.decode()


def timed(commands: list[list[str]], env: dict, runs: int, stdin_text: str | None = None) -> list[dict]:
    """Median / p90 / min of wall and CPU over ``runs`` fresh processes of each command (after
    one warm-up each); the commands take turns, so a change in the machine's load hits all alike."""
    walls: list[list[float]] = [[] for _ in commands]
    cpus: list[list[float]] = [[] for _ in commands]
    answers: list[set] = [set() for _ in commands]
    for i in range(runs + 1):
        for k, argv in enumerate(commands):
            before = os.times()  # the reaped child's user + system time lands in children_*
            wall, out = one_run(argv, env, stdin_text)
            after = os.times()
            if i == 0:
                continue  # the warm-up: bytecode caches written, files in the page cache
            walls[k].append(wall)
            cpus[k].append((after.children_user - before.children_user)
                           + (after.children_system - before.children_system))
            answers[k].add(out)
    rows = []
    for k, argv in enumerate(commands):
        if len(answers[k]) != 1:
            raise SystemExit(f"{shlex.join(argv)}: the answer differed between runs: {sorted(answers[k])}")
        rows.append({"command": shlex.join(argv), "runs": runs, "answer": answers[k].pop().strip(),
                     "wall": summary(walls[k]), "cpu": summary(cpus[k])})
    return rows


def summary(xs: list[float]) -> dict:
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, round(0.9 * (len(xs) - 1)))]
    return {"median": round(statistics.median(xs), 4), "p90": round(p90, 4), "min": round(xs[0], 4)}


def prefdd_command() -> list[str]:
    """The console script installed beside this interpreter (else the one on PATH)."""
    here = pathlib.Path(sys.executable).parent / "prefdd"
    found = str(here) if here.exists() else shutil.which("prefdd")
    if not found:
        raise SystemExit("no prefdd command found: install the package first (pip install -e '.[test]')")
    return [found]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--command", help="the command to time instead of the installed prefdd (e.g. 'python -m prefdd')")
    ap.add_argument("--against", action="append", default=[], metavar="COMMAND",
                    help="another prefdd command to time in turn (e.g. an older install's); repeatable")
    ap.add_argument("--deal", type=pathlib.Path, default=DEAL, help="a JSON-lines file; its first record is solved")
    ap.add_argument("--baseline", action="store_true", help="also time `python -c pass` and `python -c 'import numpy'`")
    ap.add_argument("--keep-env", action="store_true", help="keep PYTHONDONTWRITEBYTECODE if it is set")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = ap.parse_args(argv)

    env = dict(os.environ)
    if not args.keep_env:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    first = next(line for line in args.deal.read_text().splitlines() if line.strip())
    cmd = shlex.split(args.command) if args.command else prefdd_command()
    solves = [cmd + ["solve", "-"]] + [shlex.split(c) + ["solve", "-"] for c in args.against]
    rows = timed(solves, env, args.runs, first + "\n")
    if len({r["answer"] for r in rows}) != 1:
        raise SystemExit(f"the commands answered differently: {[r['answer'] for r in rows]}")
    if args.baseline:
        rows += timed([[sys.executable, "-c", "pass"], [sys.executable, "-c", "import numpy"]], env, args.runs)
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"load_average": load, "rows": rows}))
        return 0
    print(f"load average {load:.2f}, {args.runs} runs each (median / p90 / min, seconds)")
    for r in rows:
        w, c = r["wall"], r["cpu"]
        print(f"  {r['command']}\n    wall {w['median']:.3f} / {w['p90']:.3f} / {w['min']:.3f}"
              f"   CPU {c['median']:.3f} / {c['p90']:.3f} / {c['min']:.3f}")
    print(f"  answer: {rows[0]['answer']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
