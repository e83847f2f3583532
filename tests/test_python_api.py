"""The public surface: the double-dummy table, reprs that show numbers, the package
exports, ``python -m prefdd``, one version, and solve() from several threads."""
import json
import subprocess
import sys
import threading
from fractions import Fraction

import pytest
from helpers.strategies import positions
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver import Position, PositionError, Strain
from solver import reference as ref
from solver.dd_table import TABLE_STRAINS, DDTable


# ---------------------------------------------------------------- DDTable
def three():
    # seat 0: As Ks 7h; seat 1: Qs Js Ah; seat 2: Ts 9s Kh; seat 0 leads
    return Position([["As", "Ks", "7h"], ["Qs", "Js", "Ah"], ["Ts", "9s", "Kh"]], "s", declarer=0, leader=0)


def test_table_by_hand():
    t = DDTable.compute(three())
    # seat 0 cashes As Ks in any strain (nobody can ruff a spade: every hand has two) and
    # loses 7h to the ace; he cannot shed a top spade on misère either: 2 everywhere.
    # Seat 1 declaring: his Ah is a trick; his spades fall under As Ks: 1. Seat 2: none.
    assert all(t[s] == (2, 1, 0) for s in TABLE_STRAINS)
    assert t["h", 1] == 1 and t[Strain.MISERE, "first hand"] == 2
    assert t.to_json()["misere"] == [2, 1, 0] and list(t) == list(TABLE_STRAINS)
    assert str(t).splitlines() == [
        "declarer   0   1   2",
        "♠          2   1   0", "♣          2   1   0", "♦          2   1   0", "♥          2   1   0",
        "NT         2   1   0", "misère     2   1   0",
    ]
    assert eval(repr(t), {"DDTable": DDTable}) == t


@settings(max_examples=12, deadline=None)
@given(positions(max_cards=3, mid_trick=False))
def test_table_agrees_with_the_reference_search(pos):
    t = solver.solve_table(pos)
    for strain in TABLE_STRAINS:
        for d in range(3):
            p = Position(pos.hands, strain.code, d, pos.leader)
            assert t[strain, d] == ref.solve(p), (strain, d, str(pos))


rows = st.lists(st.integers(0, 10), min_size=3, max_size=3)


@given(st.fixed_dictionaries({s.code: rows for s in TABLE_STRAINS}))
def test_table_json_round_trip(data):
    t = DDTable(data)
    assert DDTable.from_json(json.loads(json.dumps(t.to_json()))) == t and t.to_list() == [data[s.code] for s in TABLE_STRAINS]


@pytest.mark.parametrize("data,path", [
    ({"s": [1, 2]}, "table.s"),
    ({s.code: [0, 0, 0] for s in TABLE_STRAINS if s is not Strain.MISERE}, "table"),
    (dict({s.code: [0, 0, 0] for s in TABLE_STRAINS}, x=[0, 0, 0]), "table"),
    ([1, 2, 3], "table"),
])
def test_bad_table_names_the_field(data, path):
    with pytest.raises(PositionError) as e:
        DDTable.from_json(data)
    assert e.value.path == path


def test_table_wants_the_start_of_a_trick():
    p = three()
    p.play("As")
    with pytest.raises(PositionError, match="trick: give a position at the start of a trick"):
        DDTable.compute(p)


# ---------------------------------------------------------------- reprs
def test_entries_repr_shows_numbers_and_evaluates_back():
    from compensation import Entries

    e = Entries.zero().add_gora(0, 4).add_whists(1, 0, Fraction(196, 3))
    r = repr(e)
    assert "Fraction" not in r and "4" in r and "'196/3'" in r
    assert eval(r, {"Entries": Entries}) == e


def test_convention_repr_fits_a_line_and_builds_it_again():
    from compensation import LENINGRAD, SOCHI, convention

    assert repr(SOCHI) == "convention('sochi')" and repr(LENINGRAD) == "convention('leningrad')"
    c = convention("leningrad", players=4, pulya_worth=Fraction(7, 2))
    assert repr(c) == "convention('leningrad', players=4, pulya_worth='7/2')"
    assert eval(repr(c), {"convention": convention}) == c


def test_analysis_and_engine_reprs():
    from solver.engine import Engine

    a = solver.analyse(three(), all_cards=True, line=True)
    r = repr(a)
    assert r.startswith("Analysis(declarer_tricks=2, card_values={") and "Card.parse" not in r
    assert "line=" in r and len(r) < 200
    er = repr(Engine(table_mb=1))
    assert er.startswith("<Engine backend=") and "table=1 MB" in er and len(er) < 100


def test_ruling_repr_shows_numbers():
    from compensation import rule_incident

    inc = {"deal": {"hands": [["As", "Qs", "7s"], ["Ks", "Th", "8h"], ["Ts", "9s", "Qh"]]}, "taken": [4, 2, 1],
           "contract": "6nt", "declarer": 0, "decisions": {"1": "whist", "2": "pass"},
           "violation": {"rule": "1.1.3", "offender": 2}, "scoring": {"convention": "leningrad"}}
    r = rule_incident(inc)
    # без одной в гору на игре under Leningrad on 6NT: 2p = 4 to the passer's gora
    assert repr(r) == "<Ruling 1.1.3 [FIXED]: 2 gora 4>"
    assert "Fraction" not in repr(r.writes[0])


# ---------------------------------------------------------------- the package surface
def test_compensation_exports_what_users_call():
    import compensation

    for name in compensation.__all__:
        assert getattr(compensation, name) is not None, name
    for name in ("score", "convention", "Outcome", "rule_incident", "Ruling", "Entries", "balances"):
        assert name in compensation.__all__
    assert set(solver.__all__) <= set(dir(solver)) | {"DDTable", "Engine", "Analysis"}
    for name in solver.__all__:
        assert getattr(solver, name) is not None, name


def test_compensation_type_names_are_its_lazy_names():
    """The TYPE_CHECKING imports (what mypy sees), the lazy table (what runs) and ``__all__``
    (a literal list, so that ruff and mypy read it) name the same things from the same modules:
    a name added to one only would type-check and then fail."""
    import ast
    import inspect

    import compensation

    tree = ast.parse(inspect.getsource(compensation))
    typed = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom)
                for alias in imp.names:
                    typed[alias.name] = "compensation." + (imp.module or "")
    assert typed == compensation._LAZY
    assert sorted(compensation.__all__) == sorted([*compensation._LAZY, "__version__"])


def test_scoring_alone_does_not_load_the_rulings_or_the_engine():
    code = ("import sys, compensation; from compensation import score, Outcome; "
            "score(Outcome('6s', 0, {1: 'pass', 2: 'pass'})); "
            "print(any(m.startswith(('compensation.rulings', 'solver.engine', 'numba')) for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@pytest.mark.slow
def test_one_version_and_python_m_prefdd():
    from importlib.metadata import version

    import compensation
    import prefdd

    assert solver.__version__ == compensation.__version__ == prefdd.__version__ == version("prefdd")
    p = subprocess.run([sys.executable, "-m", "prefdd", "--version"], capture_output=True, text=True)
    assert p.returncode == 0 and p.stdout.startswith(f"prefdd {solver.__version__} (backend: ")
    p = subprocess.run([sys.executable, "-m", "prefdd", "solve", "-"], input=json.dumps(three().to_json()),
                       capture_output=True, text=True)
    assert p.returncode == 0 and json.loads(p.stdout)["declarer_tricks"] == 2


def test_solve_from_several_threads():
    pos_list = [Position.from_str(t) for t in (
        "nt 0 AKQ.../J.AK../T9.8.. 0:", "s 1 AK..7./Q.A.8./J9.K.. 2:", "misere 2 7.8.9./A.K.Q./K.A.J. 0:",
        "h 0 A..K.7/K...A8/Q.7..K 1:")]
    want = [ref.solve(p) for p in pos_list]
    got: dict = {}
    engines: dict = {}
    errors: list = []

    def work(k):
        try:
            engines[k] = solver.thread_engine()
            got[k] = [solver.solve(p) for p in pos_list * 5]
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert all(got[k] == want * 5 for k in range(4))
    assert len({id(e) for e in engines.values()}) == 4  # one engine a thread


# ---------------------------------------------------------------- the README's Python API section
def readme_api_blocks():
    import pathlib
    import re

    text = (pathlib.Path(__file__).parent.parent / "README.md").read_text()
    section = text.split("## Python API", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```pycon\n(.*?)```", section, re.S)


def test_readme_python_api_examples_run_as_written():
    import doctest

    blocks = readme_api_blocks()
    assert len(blocks) >= 5
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    globs: dict = {}
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"README Python API block {i + 1}", "README.md", 0)
        runner.run(test, clear_globs=False)  # one session across the blocks
        globs = test.globs
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted >= 15


def test_version_names_the_backend_asked_for_without_loading_it(capsys):
    """``--backend numba --version`` names numba (it once printed the default) and compiles nothing."""
    from prefdd.cli import main

    loaded_before = "solver.engine._kernel_numba" in sys.modules  # other tests may have loaded it
    for argv, want in ((["--backend", "numba", "--version"], "numba"), (["--backend", "cython", "--version"], "cython")):
        assert main(argv) == 0
        assert capsys.readouterr().out.startswith(f"prefdd {solver.__version__} (backend: {want}")
    assert ("solver.engine._kernel_numba" in sys.modules) == loaded_before
