"""Start-up: what a fresh ``prefdd solve`` and a batch's processes load (issue 14).

Each check runs a fresh interpreter and looks at ``sys.modules``; modules already there
before the code starts (the interpreter's own ``site`` and ``.pth`` files) are not counted.
The time these imports cost is measured by ``benchmarks/startup.py``.
"""
import json
import os
import pathlib
import subprocess
import sys

import pytest

from prefdd.jsonl import MAX_DEPTH, parse_json
from solver.engine import cy_backend

ROOT = pathlib.Path(__file__).parents[2]
DEALS = ROOT / "tests" / "data" / "reference_deals.jsonl"

LOADED_BY_SOLVE = """
import sys
before = set(sys.modules)
from prefdd.cli import main
main(["solve", sys.argv[1]])
print("LOADED " + " ".join(sorted(set(sys.modules) - before)))
"""

BATCH_PARENT = """
import sys
before = set(sys.modules)
from prefdd.batch import batch_file

if __name__ == "__main__":
    summary = batch_file(sys.argv[1], sys.argv[2], workers=2, progress=False)
    print("ANSWERED", summary.answered, summary.errors)
    print("LOADED " + " ".join(sorted(set(sys.modules) - before)))
"""


def _loaded(code: str, *args: str) -> tuple[set, str]:
    env = {k: v for k, v in os.environ.items() if k != "PREFDD_ENGINE"}
    p = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=ROOT,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    line = next(x for x in p.stdout.splitlines() if x.startswith("LOADED"))
    return set(line.split()[1:]), p.stdout


def test_solve_start_up_loads_only_the_solve_path():
    """``prefdd solve`` of a deal: no package metadata lookup (the version is a literal), no
    pathlib, no play analysis, no other subcommand's module, no Numba."""
    loaded, out = _loaded(LOADED_BY_SOLVE, str(DEALS))
    first = json.loads(DEALS.read_text().splitlines()[0])
    assert json.loads(out.splitlines()[0])["declarer_tricks"] == first["declarer_tricks"]
    assert "solver.engine.api" in loaded  # it did solve with the engine
    for name in ("importlib.metadata", "pathlib", "solver.play_analysis", "compensation", "numba", "jsonschema",
                 "tqdm"):
        assert name not in loaded, name
    if cy_backend.available():  # the Cython kernel takes plain buffers: NumPy is Numba's alone
        assert "numpy" not in loaded


MISERE_TABLE = """
import sys
from solver import position_from_json
from solver.engine import Engine
trump, misere = (position_from_json(dict(r, contract=c)) for r, c in ((eval(sys.argv[1]), "s"), (eval(sys.argv[1]), "misere")))
e = Engine(backend="cython")
print("TRUMP", e.solve(trump))
print("MISERE", e.solve(misere))
print("LOADED")
"""


@pytest.mark.skipif(not cy_backend.available(), reason="the Cython kernel is not built")
def test_misere_table_compiled_in():
    """The misère suits' table (37 M instructions to fill) is filled at build time, not at
    start-up (solver/engine/tables.py writes it into tables.h): a fresh process's first
    misère search already has it, and its answer is the reference search's."""
    from solver import position_from_json
    from solver import reference as ref

    # on misère the declarer must win both spade tricks (the defenders lead spades under his
    # A K): 2, which an empty table (every suit "ducked for ever") would wrongly cut to 0
    rec = {"hands": [["As", "Ks", "7h"], ["7s", "8s", "8h"], ["9s", "Ts", "9h"]], "declarer": 0, "leader": 1}
    _, out = _loaded(MISERE_TABLE, repr(rec))
    lines = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    want = {c: ref.solve(position_from_json(dict(rec, contract=c))) for c in ("s", "misere")}
    assert lines["TRUMP"] == f"{want['s']}"
    assert want["misere"] == 2
    assert lines["MISERE"] == f"{want['misere']}"


@pytest.mark.skipif(not cy_backend.available(), reason="the Cython kernel is not built")
def test_batch_workers_fork_from_a_parent_that_loaded_the_engine(tmp_path):
    """On the Cython engine the workers are forked from the parent once it has loaded the
    engine's code (so no worker imports Python, NumPy and the solver again); nothing is
    compiled and Numba is never imported, and the answers are the engine's."""
    src = tmp_path / "deals.jsonl"
    lines = DEALS.read_text().splitlines()[:3]
    src.write_text("\n".join(lines) + "\n")
    out_path = tmp_path / "out.jsonl"
    code = BATCH_PARENT.replace("summary = ", "from prefdd.batch.backends import default_start_method\n"
                                "    print('START', default_start_method())\n    summary = ")
    loaded, out = _loaded(code, str(src), str(out_path))
    assert "START fork" in out and "ANSWERED 3 0" in out
    answers = {json.loads(x)["input_line"]: json.loads(x) for x in out_path.read_text().splitlines()}
    for i, line in enumerate(lines, 1):
        assert answers[i]["declarer_tricks"] == json.loads(line)["declarer_tricks"]
    assert "solver.engine.kernel" in loaded and "numba" not in loaded and "numpy" not in loaded
    # the parent's own start-up: the output's lock is fcntl's (filelock cost ~100 M
    # instructions), and positions need none of the scoring modules of compensation/__init__
    assert "filelock" not in loaded and "compensation.conventions" not in loaded


def test_numba_workers_are_spawned(monkeypatch):
    """Numba's compiled state does not survive ``fork`` well: its workers are spawned, after
    the parent compiled the kernel once (the warm-up); the choice itself loads nothing."""
    from prefdd.batch.backends import default_start_method
    from prefdd.batch.work import compiled_on_first_use

    monkeypatch.setenv("PREFDD_ENGINE", "numba")
    assert compiled_on_first_use() and default_start_method() == "spawn"
    monkeypatch.setenv("PREFDD_ENGINE", "cython")
    assert not compiled_on_first_use()


def test_engine_choice_without_loading_it():
    """Which engine a process would run is known without importing it (or NumPy)."""
    code = ("import sys\nbefore = set(sys.modules)\nfrom solver.engine.backends import chosen_backend\n"
            "print(chosen_backend())\nprint('LOADED ' + ' '.join(sorted(set(sys.modules) - before)))")
    loaded, out = _loaded(code)
    assert out.split()[0] == ("cython" if cy_backend.available() else "numba")
    assert "numpy" not in loaded and "solver.engine.kernel" not in loaded


def test_nesting_limit_survives_the_bracket_count():
    """The depth walk is skipped only when the text has too few brackets to nest too deep:
    brackets inside strings count but do no harm, and real nesting is still refused."""
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH)[1] is None
    assert parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))[1] == f"nested deeper than {MAX_DEPTH} levels"
    value, err = parse_json(json.dumps({"id": "[" * 200, "hands": [[], [], []]}))
    assert err is None and value["id"] == "[" * 200
