"""Where a ``prefdd batch`` run's CPU goes: the parent's and each worker's, sampled while it runs.

    python benchmarks/dev/batch_split.py                       # 1,500 seeded deals, 1 and 2 workers, 3 rounds
    python benchmarks/dev/batch_split.py --records 4500 --workers 2 --rounds 5
    python benchmarks/dev/batch_split.py --against OLD/bin/prefdd     # two installs, rounds alternated

``batch_cli.py`` times whole commands; this one splits the CPU of one run by process (psutil,
polled every 10 ms; a worker's last reading before it exits), so a 2-worker run slower than
half the sequential solve can be read as the parent's share, the workers' sum (equal to one
worker's total when the two searches do not slow each other) and the gap between the two
workers (one idles while the other finishes).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import psutil

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # benchmarks/ (batch_scaling.py)
from batch_scaling import seeded_records  # noqa: E402


def one_run(prefdd: str, src: str, out: str, workers: int) -> tuple[float, float, list[float]]:
    """(wall, parent CPU, each worker's CPU) of one ``prefdd batch`` call."""
    for name in os.listdir(os.path.dirname(out)):
        if name.startswith(os.path.basename(out)):
            os.remove(os.path.join(os.path.dirname(out), name))
    t0 = time.perf_counter()
    proc = subprocess.Popen([prefdd, "batch", src, "-o", out, "--workers", str(workers), "--no-progress"],
                            stderr=subprocess.DEVNULL)
    parent = psutil.Process(proc.pid)
    last: dict = {}
    while proc.poll() is None:
        try:
            t = parent.cpu_times()
            last["parent"] = t.user + t.system
            for child in parent.children(recursive=True):
                c = child.cpu_times()
                last[child.pid] = c.user + c.system
        except psutil.Error:
            pass
        time.sleep(0.01)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"prefdd batch exited with {proc.returncode}")
    return wall, last.pop("parent", 0.0), sorted(last.values(), reverse=True)


def _gap(ws: list[float]) -> float:
    """CPU between the busiest and the idlest worker: the time one waited at the end."""
    return ws[0] - ws[-1] if len(ws) > 1 else 0.0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=1500)
    ap.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--against", metavar="PREFDD", help="another install's prefdd, run in turn with this one")
    args = ap.parse_args(argv)
    prefdd = shutil.which("prefdd", path=os.path.dirname(sys.executable)) or "prefdd"
    installs = [prefdd] + ([args.against] if args.against else [])
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "deals.jsonl")
        with open(src, "w") as f:
            for rec in seeded_records(args.records):
                f.write(json.dumps(rec) + "\n")
        print(f"{args.records} seeded full deals; load average {os.getloadavg()[0]:.2f}")
        for w in (int(x) for x in args.workers.split(",")):
            for _ in range(args.rounds):
                for exe in installs:
                    wall, par, ws = one_run(exe, src, os.path.join(tmp, "out.jsonl"), w)
                    name = f" [{exe}]" if len(installs) > 1 else ""
                    print(f"  --workers {w}{name}: wall {wall:.2f} s; parent CPU {par:.2f} s; workers "
                          + " + ".join(f"{x:.2f}" for x in ws) + f" = {sum(ws):.2f} s; gap {_gap(ws):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
