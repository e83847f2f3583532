"""The paired benchmark's line protocol (docs/paired-benchmark.md): one request, one answer.

A request names a position with the trick empty::

    hands=AsKs9sAcJc8c7dKhTh9h/.../... strain=nt declarer=0 leader=1

An answer gives the declarer's tricks from there to the end and the thread-CPU
microseconds of the search alone (optionally the nodes it visited)::

    tricks=6 us=812.5 nodes=5311

or ``error=<why>`` when the request was bad. Both sides are parsed strictly: a missing or
unknown field is an error naming it, so a solver that misreads the protocol fails loudly
instead of being timed on the wrong question.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver import Card, Position
from solver.errors import PrefError

STRAINS = ("s", "c", "d", "h", "nt", "misere")
REQUEST_FIELDS = ("hands", "strain", "declarer", "leader")


class ProtocolError(PrefError):
    """A line that does not follow the protocol."""


@dataclass(frozen=True)
class Answer:
    tricks: int
    us: float
    nodes: int | None = None


def _fields(line: str, allowed: tuple, required: tuple, what: str) -> dict:
    out = {}
    for token in line.split():
        key, eq, value = token.partition("=")
        if not eq or not value:
            raise ProtocolError(f"{what}: {token!r} is not key=value")
        if key not in allowed:
            raise ProtocolError(f"{what}: unknown field {key!r} (expected {', '.join(allowed)})")
        if key in out:
            raise ProtocolError(f"{what}: field {key!r} given twice")
        out[key] = value
    missing = [k for k in required if k not in out]
    if missing:
        raise ProtocolError(f"{what}: missing field {', '.join(missing)} in {line.strip()!r}")
    return out


def _seat(value: str, key: str) -> int:
    if value not in ("0", "1", "2"):
        raise ProtocolError(f"request: {key}={value!r} is not a seat 0, 1 or 2")
    return int(value)


def hand_text(mask: int) -> str:
    """A hand as cards high to low within suits s c d h: ``AsKs9sAcJc``."""
    return "".join(str(Card(c)) for s in range(4) for c in range(s * 8 + 7, s * 8 - 1, -1) if mask >> c & 1)


def format_request(pos: Position) -> str:
    if pos.trick:
        raise ProtocolError("request: the protocol carries positions with an empty trick")
    hands = "/".join(hand_text(h) for h in pos.hands)
    return f"hands={hands} strain={pos.strain} declarer={pos.declarer} leader={pos.leader}"


def parse_request(line: str) -> Position:
    f = _fields(line, REQUEST_FIELDS, REQUEST_FIELDS, "request")
    parts = f["hands"].split("/")
    if len(parts) != 3:
        raise ProtocolError(f"request: hands needs three hands separated by '/', got {len(parts)}")
    hands = []
    for seat, text in enumerate(parts):
        if len(text) % 2 or not text:
            raise ProtocolError(f"request: hand {seat} {text!r} is not a run of two-character cards")
        try:
            hands.append([Card.parse(text[i:i + 2]) for i in range(0, len(text), 2)])
        except PrefError as e:
            raise ProtocolError(f"request: hand {seat}: {e}") from None
    if len({len(h) for h in hands}) != 1:
        raise ProtocolError(f"request: hands hold {', '.join(str(len(h)) for h in hands)} cards; "
                            "they must hold the same number")
    if f["strain"] not in STRAINS:
        raise ProtocolError(f"request: strain={f['strain']!r} is not one of {' '.join(STRAINS)}")
    try:
        return Position(hands, f["strain"], _seat(f["declarer"], "declarer"), _seat(f["leader"], "leader"))
    except ProtocolError:
        raise
    except PrefError as e:
        raise ProtocolError(f"request: {e}") from None


def format_answer(tricks: int, us: float, nodes: int | None = None) -> str:
    out = f"tricks={tricks} us={us:.1f}"
    return out if nodes is None else f"{out} nodes={nodes}"


def parse_answer(line: str) -> Answer:
    if line.startswith("error="):
        raise ProtocolError(f"the solver answered {line.strip()!r}")
    f = _fields(line, ("tricks", "us", "nodes"), ("tricks", "us"), "answer")
    try:
        tricks = int(f["tricks"])
        us = float(f["us"])
        nodes = int(f["nodes"]) if "nodes" in f else None
    except ValueError:
        raise ProtocolError(f"answer: not a number in {line.strip()!r}") from None
    if tricks < 0 or not us >= 0 or (nodes is not None and nodes < 0):
        raise ProtocolError(f"answer: a negative figure in {line.strip()!r}")
    return Answer(tricks, us, nodes)
