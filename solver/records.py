"""JSON records ↔ positions: the input format of ``prefdd solve`` and of the batch tools.

A record (one JSON object) has:

* ``hands`` — three lists of cards (seats 0, 1, 2 in play order), the cards each holds;
* ``contract`` — a strain (``s c d h nt misere``) or a contract (``7h``, ``6nt``);
* ``declarer`` — seat 0, 1 or 2;
* then one of: ``leader`` (a trick is about to start), ``to_move`` with ``trick``
  (``[[seat, card], ...]`` already on the table), or ``history`` (cards played so far, in
  order from the first lead; then ``hands`` are the hands as dealt and ``leader`` the first
  leader, seat 0 by default);
* optional: ``talon``/``discard`` (the discard is out of play, and so are the talon cards no
  hand holds: :func:`solver.deal.out_of_play`), ``taken``
  (tricks already won by each seat), ``constraints`` (see :func:`constraints_from_json`),
  ``id`` (copied to the output), ``favour`` (the defender whose split is asked);
* annotations the solver does not read: ``source``, ``note`` and ``declarer_tricks`` (a known
  answer, as the reference data carries it).

Any other field is an error naming it and the nearest known name: a misspelt ``taken`` or
``constraints`` silently ignored would be a wrong answer.
"""
from __future__ import annotations

from .cards import Card, Suit, parse_cards
from .constraints import Constraints, LeadRestriction, PenaltyCard, Plan, check_constraints  # noqa: F401 (re-export)
from .deal import out_of_play
from .errors import PositionError, PrefError
from .hands import mask_of
from .position import Position
from .seat import parse_seat


def _cards(value, field: str) -> list[Card]:
    if not isinstance(value, (list, tuple, str)):
        raise PositionError(f"{field}: expected a list of cards, got {json_kind(value)}")
    try:
        return parse_cards(value)
    except PrefError as e:
        raise PositionError(f"{field}: {e}") from None


GAME_FIELDS = frozenset({"hands", "contract", "declarer", "leader", "to_move", "trick", "history", "talon",
                         "discard", "taken", "constraints", "favour", "id"})
ANNOTATIONS = frozenset({"source", "note", "declarer_tricks"})


def check_fields(rec: dict, known: frozenset | set, error: type[PrefError] = PositionError, where: str = "",
                 annotations: frozenset = ANNOTATIONS) -> None:
    """Refuse a field the format does not have, naming the nearest known one: one check for
    the record (``where`` empty; its ``annotations`` pass) and for each sub-object in it."""
    from .messages import nearest

    for name in rec:
        if name in known or name in annotations:
            continue
        near = nearest(str(name), sorted(known))
        hint = f" (did you mean {near!r}?)" if near else ""
        raise error.at(f"{where}.{name}" if where else str(name), f"unknown field{hint}")


def position_from_json(rec: dict, extra: frozenset = frozenset()) -> Position:
    """Build and validate a position from a record; errors name the field.

    ``extra``: the fields a caller's own format adds to the record (read by that caller)."""
    if not isinstance(rec, dict):
        raise PositionError(f"expected a JSON object, got {json_kind(rec)}")
    check_fields(rec, GAME_FIELDS | extra)
    for f in ("hands", "contract", "declarer"):
        if f not in rec:
            raise PositionError(f"missing field {f!r}")
    hands = rec["hands"]
    if not isinstance(hands, list) or len(hands) != 3:
        raise PositionError("hands: expected a list of three hands")
    masks = []
    for i, h in enumerate(hands):
        cards = _cards(h, f"hands[{i}]")
        m = mask_of(cards)
        if len(set(cards)) != len(cards):
            dup = next(c for c in cards if cards.count(c) > 1)
            raise PositionError(f"hands[{i}]: duplicate card {dup}")
        masks.append(m)
    talon, discard = (_cards(rec[f], f) if rec.get(f) is not None else [] for f in ("talon", "discard"))
    declarer = parse_seat(rec.get("declarer"), "declarer")
    taken = rec.get("taken", [0, 0, 0])
    if not (isinstance(taken, list) and len(taken) == 3 and all(isinstance(t, int) and not isinstance(t, bool) for t in taken)):
        raise PositionError(f"taken: expected three trick counts, got {taken!r}")
    contract = rec["contract"]
    if "history" in rec and rec["history"] is not None:
        if "trick" in rec or "to_move" in rec:
            raise PositionError("give either history or to_move/trick, not both")
        leader = parse_seat(rec.get("leader"), "leader") if "leader" in rec else 0
        pos = Position(masks, contract, declarer, leader, taken=taken, out=out_of_play(masks, declarer, talon, discard))
        pos.replay(_cards(rec["history"], "history"))
        pos._stack.clear()
        return pos
    trick = rec.get("trick") or []
    if trick:
        if not isinstance(trick, list) or not all(isinstance(t, (list, tuple)) and len(t) == 2 for t in trick):
            raise PositionError("trick: expected [[seat, card], ...]")
        parsed = []
        for i, (s, c) in enumerate(trick):
            parsed.append((parse_seat(s, f"trick[{i}]"), _cards([c], f"trick[{i}]")[0]))
        leader = parsed[0][0]
        if "to_move" in rec:
            tm = parse_seat(rec.get("to_move"), "to_move")
            if tm != (leader + len(parsed)) % 3:
                raise PositionError(
                    f"to_move: seat {tm} cannot be to move after {len(parsed)} card(s) led by seat {leader}"
                )
        if "leader" in rec and rec["leader"] != leader:
            raise PositionError(f"leader: {rec['leader']!r} disagrees with the trick, led by seat {leader}")
        held = [m | mask_of(c for s, c in parsed if s == seat) for seat, m in enumerate(masks)]
        return Position(masks, contract, declarer, leader, parsed, taken, out_of_play(held, declarer, talon, discard))
    if "leader" in rec:
        leader = parse_seat(rec.get("leader"), "leader")
    elif "to_move" in rec:
        leader = parse_seat(rec.get("to_move"), "to_move")
    else:
        raise PositionError("missing field 'leader' (or 'to_move' with 'trick', or 'history')")
    return Position(masks, contract, declarer, leader, (), taken, out_of_play(masks, declarer, talon, discard))


def constraints_from_json(data) -> Constraints:
    """``{"penalty_cards": [{"seat": 1, "card": "Ks", "when": "first"}],
    "lead": {"seat": 2, "suit": "h", "must": true}, "plan": {"side": "declarer", "cards": [...]}}``

    Types are checked, never coerced: ``"must": "false"`` is an error, not true."""
    if data is None:
        return Constraints()
    if not isinstance(data, dict):
        raise PositionError(f"constraints: expected an object, got {json_kind(data)}")
    _only(data, "constraints", {"penalty_cards", "lead", "plan"})
    pcs = data.get("penalty_cards")
    if pcs is None:
        pcs = []
    if not isinstance(pcs, list):
        raise PositionError(f"constraints.penalty_cards: expected a list, got {json_kind(pcs)}")
    penalty = tuple(_penalty_card(p, f"constraints.penalty_cards[{i}]") for i, p in enumerate(pcs))
    lead = data.get("lead")
    lead = _lead(lead, "constraints.lead") if lead is not None else None
    plan = data.get("plan")
    plan = _plan(plan, "constraints.plan") if plan is not None else None
    return Constraints(penalty, lead, plan)


def json_kind(value) -> str:
    """A value's type in JSON's words (a user wrote JSON, not Python)."""
    return {list: "a list", dict: "an object", str: "a string", bool: "true/false",
            type(None): "null"}.get(type(value), "a number")


def _only(obj: dict, where: str, known: set, required: tuple = ()) -> None:
    check_fields(obj, known, where=where, annotations=frozenset())
    for f in required:
        if f not in obj:
            raise PositionError(f"{where}: missing field {f!r}")


def _object(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise PositionError(f"{where}: expected an object, got {json_kind(value)}")
    return value


def _flag(value, where: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(f"{where}: expected true or false, got {_show(value)}")
    return value


def _show(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _card(value, where: str) -> Card:
    if not isinstance(value, str):
        raise PositionError(f"{where}: expected a card like 'As', got {json_kind(value)}")
    try:
        return Card.parse(value)
    except PrefError as e:
        raise PositionError(f"{where}: {e}") from None


def _penalty_card(p, where: str) -> PenaltyCard:
    p = _object(p, where)
    _only(p, where, {"seat", "card", "when"}, ("seat", "card"))
    seat = parse_seat(p["seat"], f"{where}.seat")
    card = _card(p["card"], f"{where}.card")
    when = p.get("when", "first")
    if isinstance(when, list):
        if not when or not all(isinstance(w, str) for w in when):
            raise PositionError(f"{where}.when: expected a mode or a non-empty list of occasions")
        when = frozenset(when)
    elif not isinstance(when, str):
        raise PositionError(f"{where}.when: expected a mode like 'first' or a list of occasions, got {json_kind(when)}")
    try:
        return PenaltyCard(seat, card, when)
    except PrefError as e:
        raise PositionError(f"{where}: {e}") from None


SUIT_NUMBERS = (0, 1, 2, 3)  # spades, clubs, diamonds, hearts


def _lead(lead, where: str) -> LeadRestriction:
    lead = _object(lead, where)
    _only(lead, where, {"seat", "suit", "must", "or_trump"}, ("seat", "suit"))
    seat = parse_seat(lead["seat"], f"{where}.seat")
    suit = lead["suit"]
    if isinstance(suit, str):
        try:
            suit = int(Suit.parse(suit))
        except PrefError as e:
            raise PositionError(f"{where}.suit: {e}") from None
    elif isinstance(suit, bool) or not isinstance(suit, int) or suit not in SUIT_NUMBERS:
        raise PositionError(f"{where}.suit: expected a suit (s, c, d, h or 0-3), got {_show(suit)}")
    return LeadRestriction(seat, suit, _flag(lead.get("must", True), f"{where}.must"),
                           _flag(lead.get("or_trump", False), f"{where}.or_trump"))


def _plan(plan, where: str) -> Plan:
    plan = _object(plan, where)
    _only(plan, where, {"side", "cards"}, ("side", "cards"))
    side = plan["side"]
    if side not in ("declarer", "defence"):
        raise PositionError(f"{where}.side: expected 'declarer' or 'defence', got {_show(side)}")
    cards = plan["cards"]
    if not isinstance(cards, list):
        raise PositionError(f"{where}.cards: expected a list of cards, got {json_kind(cards)}")
    return Plan(side, tuple(_card(c, f"{where}.cards[{i}]") for i, c in enumerate(cards)))


