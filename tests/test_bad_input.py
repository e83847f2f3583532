"""Bad position records: a clear PrefError naming the problem, never another exception.

A seeded fuzz over the reference records: one field at a time replaced by junk (wrong
types, impossible seats, duplicate or unknown cards, malformed tricks and constraints).
"""
import copy
import json
import random

import pytest

from solver.engine import Engine
from solver.errors import PrefError
from solver.solve_command import solve_record

JUNK = [None, 0, -1, 3, 99, "", " ", "x", "As", "10", [], {}, [[]], [1, 2], ["As", "As"], True, 1.5, "misere",
        "raspasovka", "10h", "5s", [[0, "As"]], [[5, "As"]], [["a", "b"]], {"seat": 1}, [None], ["Zz"], [[0]],
        [[0, "As", 1]], "♠A", "Тт", 2 ** 70, -2 ** 70, float("nan")]
FIELDS = ["hands", "contract", "declarer", "leader", "to_move", "trick", "history", "talon", "discard", "taken",
          "constraints", "favour", "hand", "card"]


def mutate(rng, rec):
    r = copy.deepcopy(rec)
    k = rng.choice(FIELDS)
    v = rng.choice(JUNK)
    if k == "hand":
        r["hands"][rng.randrange(3)] = v
    elif k == "card":
        h = r["hands"][rng.randrange(3)]
        h[rng.randrange(len(h))] = v
    elif k == "constraints":
        r[k] = rng.choice([v, {"penalty_cards": [v]}, {"lead": v}, {"plan": v}, {"bogus": 1},
                           {"plan": {"side": "declarer", "cards": v}}, {"lead": {"seat": v, "suit": v}},
                           {"penalty_cards": [{"seat": v, "card": "As", "when": v}]}])
    else:
        r[k] = v
    return r


def test_fuzzed_records_fail_cleanly(reference_deals):
    rng = random.Random(2026)
    e = Engine(node_budget=5_000_000)
    unexpected = []
    errors = 0
    for _ in range(1500):
        rec = mutate(rng, rng.choice(reference_deals))
        favour = rec.get("favour") if type(rec.get("favour")) is int else None
        try:
            solve_record(rec, e, all_cards=rng.random() < 0.2, favour=favour)
        except PrefError as exc:
            errors += 1
            assert str(exc).strip() and "\n" not in str(exc)
        except Exception as exc:  # pragma: no cover - the failure report
            unexpected.append(f"{type(exc).__name__}: {exc} in {json.dumps(rec, default=str)[:300]}")
    assert not unexpected, unexpected[:5]
    assert errors > 500  # most mutations are errors, and each was reported as one


@pytest.mark.parametrize("text", ["{", "[1, 2", "null", "42", '"As"', "[]", "[{}]", '{"hands": 5}'])
def test_cli_malformed_input(text, tmp_path, capsys):
    from solver.cli import main

    f = tmp_path / "in.json"
    f.write_text(text)
    assert main(["solve", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("prefdd solve:") and "Traceback" not in err


@pytest.mark.slow
def test_fuzzed_incidents_fail_cleanly():
    """Incidents with one value anywhere (up to three levels deep) replaced by junk."""
    import glob
    import pathlib

    from compensation.errors import ScoringError
    from compensation.incident import IncidentError
    from compensation.rulings import rule_incident

    root = pathlib.Path(__file__).parent.parent
    base = [json.loads(pathlib.Path(f).read_text()) for f in sorted(glob.glob(str(root / "examples/incidents/*.json")))]
    rng = random.Random(7)
    junk = JUNK + [{"rule": "9"}, {"rule": "99"}, {"1": "whist"}, ["As"], "half-whist"]

    def path_in(d, depth=0):
        if isinstance(d, dict) and d and depth < 3 and rng.random() < 0.6:
            k = rng.choice(sorted(d))
            return [k] + path_in(d[k], depth + 1)
        if isinstance(d, list) and d and depth < 3 and rng.random() < 0.6:
            k = rng.randrange(len(d))
            return [k] + path_in(d[k], depth + 1)
        return []

    unexpected = []
    for _ in range(400):
        inc = copy.deepcopy(rng.choice(base))
        path = path_in(inc)
        if not path:
            continue
        target = inc
        for k in path[:-1]:
            target = target[k]
        target[path[-1]] = rng.choice(junk)
        try:
            rule_incident(inc, {})
        except (IncidentError, ScoringError, PrefError):
            pass
        except Exception as exc:  # pragma: no cover - the failure report
            unexpected.append(f"{type(exc).__name__}: {exc} at {path}")
    assert not unexpected, unexpected[:5]
