"""Every ruling of ``examples/incidents/`` timed from outside, as a user runs it (issue 38).

    python benchmarks/incidents.py                    # every example (and benchmarks/incidents_extra/), 3 rounds
    python benchmarks/incidents.py --rounds 5 --only rule_1_1_2 --only rule_6_1
    python benchmarks/incidents.py --json out.json    # the figures, for RESULTS.md
    python benchmarks/incidents.py --against /tmp/base --budget 900   # A/B: another checkout, alternated

Each round runs ``python -m prefdd rule FILE --json`` on every example in turn, one at a
time (each round in the same order), with ``PYTHONPATH`` at this checkout so its own code
is the one timed. Wall time is exec to exit; CPU is the user + system time of the command
and of every process it started (the forked scans of a ruling, ``os.times()``'s children
fields), so a ruling that splits its layouts across the cores shows CPU above its wall.
Per example: the median and the range of the walls, the median CPU; over the examples: the
median of the medians, the largest, and how many are past 2 s and past 10 s (the goals of
issue 38: median under 2 s, each within 10 s). The machine is shared: the load average at
the start and the end is printed beside the figures. ``--against DIR`` times another checkout
(its own ``PYTHONPATH``, the same example files) right after this one, example by example in
the same round, so a shared machine's load falls on both alike: compare the CPU columns.
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

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "incidents"
EXTRA = ROOT / "benchmarks" / "incidents_extra"   # a claim at the first trick (184,756 layouts); the slowest random 1.1.2, 1.1.4 and 6.1 rulings of the logs (past 10 s)


def with_budget(path: pathlib.Path, budget: float | None, tmp: pathlib.Path) -> pathlib.Path:
    """The example as shipped, or (``budget``) a copy whose ``violation.budget`` is that many
    seconds: on a loaded machine the wall-clock budget would stop a search that is only slow
    because the cores are shared, and the run would time the budget, not the search."""
    if budget is None:
        return path
    d = json.loads(path.read_text())
    d.setdefault("violation", {})["budget"] = budget
    out = tmp / path.name
    out.write_text(json.dumps(d, ensure_ascii=False))
    return out


def run_once(path: pathlib.Path, env: dict, cwd: pathlib.Path = ROOT) -> tuple[float, float, int]:
    """(wall s, CPU s of the command and its children, exit code) of one ``prefdd rule``."""
    before = os.times()
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "prefdd", "rule", str(path), "--json"], capture_output=True, text=True,
                       env=env, cwd=cwd)
    wall = time.perf_counter() - t0
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu, p.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", action="append", default=[], help="examples whose name starts with this (repeatable)")
    ap.add_argument("--json", dest="json_out", help="write the figures here")
    ap.add_argument("--budget", type=float, help="set every example's violation.budget to this many seconds "
                                                 "(a loaded machine: time the search to its end)")
    ap.add_argument("--against", type=pathlib.Path, help="another checkout to time beside this one, alternated")
    a = ap.parse_args(argv)
    files = sorted(EXAMPLES.glob("*.json")) + sorted(EXTRA.glob("*.json"))
    if a.only:
        files = [f for f in files if any(f.name.startswith(o) for o in a.only)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    load0 = os.getloadavg()
    times: dict = {f.name: [] for f in files}
    other: dict = {f.name: [] for f in files}
    env_b = None if a.against is None else dict(os.environ, PYTHONPATH=str(a.against.resolve()))
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="prefdd-bench-"))
    for _ in range(a.rounds):
        for f in files:
            wall, cpu, rc = run_once(with_budget(f, a.budget, tmp), env)
            if rc not in (0, 1):  # 1: a ruling the rule declines is still a timed answer
                print(f"{f.name}: exit code {rc}", file=sys.stderr)
            times[f.name].append((wall, cpu))
            if env_b is not None:
                wall, cpu, rc = run_once(with_budget(f, a.budget, tmp), env_b, a.against.resolve())
                other[f.name].append((wall, cpu))
    load1 = os.getloadavg()
    rows = []
    print(f"{'example':48} {'wall med':>9} {'wall min-max':>14} {'CPU med':>8}")
    for name, runs in times.items():
        walls = [w for w, _ in runs]
        cpus = [c for _, c in runs]
        row = {"example": name, "wall_median": statistics.median(walls), "wall_min": min(walls),
               "wall_max": max(walls), "cpu_median": statistics.median(cpus)}
        if other[name]:
            row["against_wall_median"] = statistics.median(w for w, _ in other[name])
            row["against_cpu_median"] = statistics.median(c for _, c in other[name])
        rows.append(row)
        tail = (f"   against: {row['against_wall_median']:7.2f}s wall {row['against_cpu_median']:7.2f}s CPU"
                if other[name] else "")
        print(f"{name:48} {row['wall_median']:8.2f}s {row['wall_min']:6.2f}-{row['wall_max']:6.2f}s "
              f"{row['cpu_median']:7.2f}s{tail}")
    meds = [r["wall_median"] for r in rows]
    summary = {"examples": len(rows), "rounds": a.rounds, "median_of_medians": statistics.median(meds),
               "largest_median": max(meds), "largest_wall": max(r["wall_max"] for r in rows),
               "cpu_total_median": sum(r["cpu_median"] for r in rows),
               "over_2s": sum(m > 2 for m in meds), "over_10s": sum(m > 10 for m in meds),
               "load_start": load0, "load_end": load1}
    print(f"{len(rows)} examples x {a.rounds} rounds: median of the medians {summary['median_of_medians']:.2f} s, "
          f"largest median {summary['largest_median']:.2f} s, largest wall {summary['largest_wall']:.2f} s; "
          f"{summary['over_2s']} past 2 s, {summary['over_10s']} past 10 s; CPU (medians summed) "
          f"{summary['cpu_total_median']:.1f} s; load {load0[0]:.1f} at the start, {load1[0]:.1f} at the end")
    if a.json_out:
        pathlib.Path(a.json_out).write_text(json.dumps({"rows": rows, "summary": summary}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
