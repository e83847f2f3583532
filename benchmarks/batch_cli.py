"""``prefdd batch`` end to end, 1 worker against 2, and against ``prefdd solve``, as a user runs it.

    python benchmarks/batch_cli.py                      # 1,500 seeded full deals, 5 rounds
    python benchmarks/batch_cli.py --records 3000 --pairs 9 --workers 1,2
    python benchmarks/batch_cli.py --no-solve           # the batch runs only
    python benchmarks/batch_cli.py --contention 5       # also: the searches alone, one process vs two at once
    python benchmarks/batch_cli.py --no-ceiling         # without the two half-solves at once

Each round (a "pair") runs the installed ``prefdd solve IN`` (the sequential baseline of
issue 14: one process, the records in turn) and ``prefdd batch IN -o OUT --workers W
--no-progress`` once for every worker count, in turn (each round starting one run later
than the last, so that no run always follows the same one), on the same seeded input
(``batch_scaling.seeded_records``), each into a new output file, and checks that every run
wrote the same answers (tricks, totals). Wall time
is exec to exit (start-up, worker start-up, every record, the last fsync); CPU is the user
+ system time of the command and its workers. The speed-up of a pair is its 1-worker wall
(or its ``prefdd solve`` wall) over its N-worker wall: runs of a pair are seconds apart, so a change in the machine's
load hits both alike; the median and range over the pairs are reported. Unlike
``batch_scaling.py`` (steady state, workers already started), this counts everything a
one-off ``prefdd batch`` call pays.

Each round also runs two ``prefdd solve`` processes at once, one on each half of the input
(every other deal), unless ``--no-ceiling``: the work split exactly in two with nothing
between the processes. Its speed-up over the one sequential solve is the most two processes
reach on this machine (start-up twice in parallel, and whatever the second busy core costs
the first); ``--workers 2`` is reported against it as well ("over the ceiling": 1.00 means
the batch's machinery costs nothing beyond what splitting the work costs anyway).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from batch_scaling import seeded_records  # noqa: E402
from startup import prefdd_command  # noqa: E402


def run_once(cmd: list[str], inp: pathlib.Path, out: pathlib.Path, workers: int, env: dict) -> tuple[float, float]:
    """(wall s, CPU s of the command and its workers) of one ``prefdd batch``."""
    before = os.times()
    t0 = time.perf_counter()
    p = subprocess.run(cmd + ["batch", str(inp), "-o", str(out), "--workers", str(workers), "--no-progress"],
                       capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t0
    after = os.times()
    if p.returncode != 0:
        raise SystemExit(f"prefdd batch --workers {workers} exited {p.returncode}: {p.stderr[-500:]}")
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def run_solve(cmd: list[str], inp: pathlib.Path, out: pathlib.Path, env: dict) -> tuple[float, float]:
    """(wall s, CPU s) of one sequential ``prefdd solve IN``, its answers into ``out``."""
    before = os.times()
    t0 = time.perf_counter()
    with open(out, "wb") as f:
        p = subprocess.run(cmd + ["solve", str(inp)], stdout=f, stderr=subprocess.PIPE, env=env)
    wall = time.perf_counter() - t0
    after = os.times()
    if p.returncode != 0:
        raise SystemExit(f"prefdd solve exited {p.returncode}: {p.stderr[-500:].decode(errors='replace')}")
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def solve_answers(path: pathlib.Path) -> dict:
    """input line -> (declarer's tricks, total) of a ``prefdd solve`` output, in input order."""
    return {i: (r["declarer_tricks"], r.get("declarer_total"))
            for i, r in enumerate((json.loads(x) for x in path.read_text().splitlines()), 1)}


def answers(path: pathlib.Path) -> dict:
    """input line -> answer without the signature and the node count: the same whatever the
    worker count (a deal's node count can differ by a few: the table's stale entries from the
    deals a worker solved before steer which entries are replaced)."""
    out = {}
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        rec.pop("batch", None)
        rec.pop("nodes", None)
        out[rec["input_line"]] = rec
    return out


def run_halves(cmd: list[str], halves: list[pathlib.Path], env: dict) -> tuple[float, float]:
    """(wall s, CPU s) of two ``prefdd solve`` processes started at once, one on each half of
    the input: the work split exactly in two with no machinery between the processes, so its
    speed-up over the one sequential solve is what two processes can reach on this machine."""
    before = os.times()
    t0 = time.perf_counter()
    procs = [subprocess.Popen(cmd + ["solve", str(h)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
             for h in halves]
    errs = [p.communicate()[1] for p in procs]
    wall = time.perf_counter() - t0
    after = os.times()
    for p, err in zip(procs, errs):
        if p.returncode != 0:
            raise SystemExit(f"prefdd solve of a half exited {p.returncode}: {err[-500:].decode(errors='replace')}")
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


SEARCH_ONLY = """
import json, sys, time
from solver.engine import Engine
from solver.position import position_from_json
positions = [position_from_json(json.loads(x)) for x in open(sys.argv[1])]
engine = Engine()
sys.stdout.write("ready\\n"); sys.stdout.flush(); sys.stdin.readline()  # both start together
t = time.thread_time()
for p in positions:
    engine.solve(p)
print(time.thread_time() - t)
"""


def search_cpu(inp: pathlib.Path, together: int, env: dict) -> list[float]:
    """Thread CPU seconds of the searches alone (positions parsed before the clock starts),
    in ``together`` processes started at the same moment on the same deals."""
    procs = [subprocess.Popen([sys.executable, "-c", SEARCH_ONLY, str(inp)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env) for _ in range(together)]
    for p in procs:
        if p.stdout is None or p.stdout.readline().strip() != "ready":
            raise SystemExit("the search-only child did not start")
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    return [float(p.communicate()[0].split()[-1]) for p in procs]


def contention(inp: pathlib.Path, rounds: int, env: dict) -> str:
    """One search process alone, then two at once, in turn: how much more CPU each search
    takes when the other core is searching too (shared cache and memory bandwidth)."""
    ratios, alone_all, pair_all = [], [], []
    for _ in range(rounds):
        alone = search_cpu(inp, 1, env)[0]
        pair = search_cpu(inp, 2, env)
        alone_all.append(alone)
        pair_all += pair
        ratios += [x / alone for x in pair]
    return (f"  search only (thread CPU, {rounds} rounds): alone median {statistics.median(alone_all):.2f} s, "
            f"two at once {statistics.median(pair_all):.2f} s each; two ÷ alone median "
            f"{statistics.median(ratios):.2f} (range {min(ratios):.2f}-{max(ratios):.2f})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=1500)
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--workers", default="1,2", help="comma-separated worker counts; the first is the baseline")
    ap.add_argument("--no-solve", action="store_true", help="do not time the sequential `prefdd solve` baseline")
    ap.add_argument("--contention", type=int, default=0, metavar="ROUNDS",
                    help="also time the searches alone: one process, then two at once, ROUNDS times")
    ap.add_argument("--no-ceiling", action="store_true",
                    help="do not time two `prefdd solve` processes on the two halves at once (the ceiling)")
    ap.add_argument("--keep-env", action="store_true", help="keep PYTHONDONTWRITEBYTECODE if it is set")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.workers.split(",")]
    env = dict(os.environ)
    if not args.keep_env:
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's Python keeps bytecode caches
    cmd = prefdd_command()
    walls: dict[int, list[float]] = {w: [] for w in counts}
    cpus: dict[int, list[float]] = {w: [] for w in counts}
    solve_walls: list[float] = []
    solve_cpus: list[float] = []
    half_walls: list[float] = []
    half_cpus: list[float] = []
    ceiling = not (args.no_solve or args.no_ceiling)
    loads = []
    with tempfile.TemporaryDirectory(prefix="prefdd-batch-bench-") as tmp:
        tmpdir = pathlib.Path(tmp)
        inp = tmpdir / "deals.jsonl"
        records = seeded_records(args.records)
        inp.write_text("".join(json.dumps(r) + "\n" for r in records))
        halves = [tmpdir / "half-0.jsonl", tmpdir / "half-1.jsonl"]
        for k, half in enumerate(halves):  # every other deal: the halves alike in their mix of deals
            half.write_text("".join(json.dumps(r) + "\n" for r in records[k::2]))
        run_once(cmd, inp, tmpdir / "warm.jsonl", counts[-1], env)  # bytecode caches, page cache
        reference = None
        steps = (["solve"] if not args.no_solve else []) + (["halves"] if ceiling else []) + counts
        for i in range(args.pairs):
            # the runs of a round in turn, each round starting one later: what runs right after
            # the two-core half-solves (or any other) changes from round to round
            k = i % len(steps)
            got_by: dict[int, dict] = {}
            solved = None
            for step in steps[k:] + steps[:k]:
                if step == "solve":
                    out = tmpdir / f"solve-{i}.jsonl"
                    wall, cpu = run_solve(cmd, inp, out, env)
                    solve_walls.append(wall)
                    solve_cpus.append(cpu)
                    solved = solve_answers(out)
                    out.unlink()
                elif step == "halves":
                    wall, cpu = run_halves(cmd, halves, env)
                    half_walls.append(wall)
                    half_cpus.append(cpu)
                else:
                    w = int(step)
                    out = tmpdir / f"out-{i}-{w}.jsonl"
                    wall, cpu = run_once(cmd, inp, out, w, env)
                    walls[w].append(wall)
                    cpus[w].append(cpu)
                    got_by[w] = answers(out)
                    out.unlink()
            for w, got in got_by.items():
                reference = reference or got
                if got != reference or len(got) != args.records:
                    raise SystemExit(f"--workers {w}: the answers differ from the first run's")
                if solved is not None and solved != {k: (r["declarer_tricks"], r.get("declarer_total"))
                                                     for k, r in got.items()}:
                    raise SystemExit(f"--workers {w}: the answers differ from prefdd solve's")
            loads.append(os.getloadavg()[0])
        searches = contention(inp, args.contention, env) if args.contention else ""
        if args.contention:
            loads.append(os.getloadavg()[0])
    base = counts[0]
    print(f"{args.records} seeded full deals, {args.pairs} rounds; load average "
          f"{min(loads):.2f}-{max(loads):.2f} while measuring")
    if solve_walls:
        print(f"  prefdd solve (sequential): wall median {statistics.median(solve_walls):.2f} s "
              f"(range {min(solve_walls):.2f}-{max(solve_walls):.2f}); CPU median {statistics.median(solve_cpus):.2f} s")
    if half_walls:
        ratios = [s / h for s, h in zip(solve_walls, half_walls)]
        print(f"  two prefdd solve at once, one on each half (the ceiling for two processes here): wall median "
              f"{statistics.median(half_walls):.2f} s, CPU median {statistics.median(half_cpus):.2f} s; over prefdd solve: "
              f"median {statistics.median(ratios):.2f}x (rounds {', '.join(f'{r:.2f}' for r in ratios)})")
    for w in counts:
        ws, cs = walls[w], cpus[w]
        line = (f"  --workers {w}: wall median {statistics.median(ws):.2f} s (range {min(ws):.2f}-{max(ws):.2f}), "
                f"{args.records / statistics.median(ws):.0f} rec/s; CPU median {statistics.median(cs):.2f} s")
        if w != base:
            ratios = [b / n for b, n in zip(walls[base], ws)]
            line += (f"; speed-up over --workers {base}: median {statistics.median(ratios):.2f}x "
                     f"(pairs {min(ratios):.2f}-{max(ratios):.2f})")
        if solve_walls:
            ratios = [s / n for s, n in zip(solve_walls, ws)]
            line += (f"; over prefdd solve: median {statistics.median(ratios):.2f}x "
                     f"(rounds {', '.join(f'{r:.2f}' for r in ratios)})")
        if half_walls and w == 2:
            ratios = [h / n for h, n in zip(half_walls, ws)]
            line += (f"; over the ceiling: median {statistics.median(ratios):.2f}x "
                     f"(rounds {min(ratios):.2f}-{max(ratios):.2f})")
        print(line)
    if searches:
        print(searches)
    return 0


if __name__ == "__main__":
    sys.exit(main())
