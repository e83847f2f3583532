"""examples/classics.jsonl: the classic problems, each answer equal to its published one.

Every entry names its diagram's source and its answer's; ``declarer_tricks`` is the
published answer. Kovalevskaya's misère is printed two ways (the ♦A with the defender on
lead, or with his partner): both are kept, each with its own published answer.
"""
import json
import pathlib

import pytest

from solver import analyse, position_from_json

CLASSICS = pathlib.Path(__file__).parents[2] / "examples" / "classics.jsonl"
ENTRIES = [json.loads(line) for line in CLASSICS.read_text(encoding="utf-8").splitlines()]
REFERENCE = {json.loads(x)["id"]: json.loads(x) for x in
             (pathlib.Path(__file__).parents[1] / "data" / "reference_deals.jsonl").read_text().splitlines()}


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_classic_answer_is_the_published_one(entry):
    assert entry["source"] and entry["note"]
    assert analyse(position_from_json(entry)).declarer_tricks == entry["declarer_tricks"]


def test_classics_present():
    ids = {e["id"] for e in ENTRIES}
    assert {"barbakaru-7c", "galaktionov-6s", "take-all-ten-6s", "lasker-misere", "kovalevskaya-misere-bridge-studio",
            "kovalevskaya-misere-avysogorets"} <= ids


def test_classics_agree_with_the_reference_deals():
    """The same diagrams and answers as the reference data's published test positions."""
    pairs = {"take-all-ten-6s": "pcommon1", "take-all-tricks-ending-6s": "pcommon2", "barbakaru-7c": "pcommon4",
             "galaktionov-6s": "pcommon5", "kovalevskaya-misere-bridge-studio": "pcommon6",
             "lasker-misere": "pcommon7", "difficult-deal-6nt": "pcommon8",
             "kovalevskaya-misere-avysogorets": "kovalevskaya"}
    for entry in ENTRIES:
        ref = REFERENCE[pairs[entry["id"]]]
        assert _roles(entry) == _roles(ref) and entry["declarer_tricks"] == ref["declarer_tricks"]


def _roles(rec):
    """The hands of the leader and the two after him, and which of them declares."""
    order = [(rec["leader"] + i) % 3 for i in range(3)]
    return [sorted(rec["hands"][s]) for s in order], order.index(rec["declarer"])


def test_kovalevskaya_printings_differ_in_the_diamond_ace_only():
    """Bridge studio: seats N E W, West (seat 2) leads; avysogorets: S N E as seats 0 1 2,
    South leads. In both the leader, the misère player and the leader's partner play in that
    order; the only difference is ♦A and ♦J swapped between the two catchers: 2 tricks or 1."""
    bs = next(e for e in ENTRIES if e["id"] == "kovalevskaya-misere-bridge-studio")
    av = next(e for e in ENTRIES if e["id"] == "kovalevskaya-misere-avysogorets")
    roles_bs = [set(bs["hands"][s]) for s in (bs["leader"], bs["declarer"], 3 - bs["leader"] - bs["declarer"])]
    roles_av = [set(av["hands"][s]) for s in (av["leader"], av["declarer"], 3 - av["leader"] - av["declarer"])]
    assert (bs["declarer"] - bs["leader"]) % 3 == (av["declarer"] - av["leader"]) % 3 == 1
    assert roles_bs[1] == roles_av[1]
    assert roles_bs[0] - roles_av[0] == {"Ad"} and roles_av[0] - roles_bs[0] == {"Jd"}
    assert roles_bs[2] - roles_av[2] == {"Jd"} and roles_av[2] - roles_bs[2] == {"Ad"}
    assert (bs["declarer_tricks"], av["declarer_tricks"]) == (2, 1)
