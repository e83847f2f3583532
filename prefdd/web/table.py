"""The table the page shows: a deal, the cards played so far, and what each legal card is worth.

A *table* request is the deal part of an incident (``deal``, ``contract``, ``declarer``,
``first_leader``, ``history``) plus ``out_of_turn`` (``{history index: seat}``: a lead by
the wrong seat that stood, as rules 1.3.x record it). Every problem is a
:class:`~compensation.incident.IncidentError` naming the field, as ``prefdd rule`` does.
"""
from __future__ import annotations

import json
import random

from compensation.errors import ScoringError
from compensation.incident import IncidentError, replay_history
from compensation.outcome import parse_contract
from prefdd.jsonl import too_deep
from solver.cards import ALL_CARDS, Card
from solver.contract import Contract
from solver.errors import PrefError
from solver.hands import Hand
from solver.position import Position
from solver.raspasovka.rules import RaspasovkaPosition
from solver.seat import parse_seat

from .bad_input import MAX_DEPTH

TABLE_FIELDS = {"deal", "contract", "declarer", "first_leader", "history", "out_of_turn", "taken",
                "values", "line", "node_budget"}


def _cards(value, path: str) -> list:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list):
        raise IncidentError(path, f"expected a list of cards, got {type(value).__name__}")
    out = []
    for i, v in enumerate(value):
        if not isinstance(v, str):
            raise IncidentError(f"{path}[{i}]", f"expected a card such as 'As' or '10h', got {v!r}")
        try:
            out.append(Card.parse(v))
        except PrefError as e:
            raise IncidentError(f"{path}[{i}]", str(e)) from None
    return out


def contract_of(value) -> Contract:
    """The incident's contract (``7s``, ``misere``, ``raspasovka``, Russian words too)."""
    try:
        return parse_contract(value)
    except ScoringError as e:
        raise IncidentError("contract", e.message) from None


def solver_contract(contract) -> str:
    if contract.is_raspasovka:
        return "nt"
    if contract.is_misere:
        return "misere"
    return f"{contract.level}{contract.strain}"


def position_of(rec: dict) -> tuple[Position | RaspasovkaPosition, Contract]:
    """The position after ``history``, each card checked; returns it and the contract."""
    if not isinstance(rec, dict):
        raise IncidentError("request", f"expected a JSON object, got {type(rec).__name__}")
    unknown = sorted(set(rec) - TABLE_FIELDS)
    if unknown:
        raise IncidentError(unknown[0], f"unknown field (known: {', '.join(sorted(TABLE_FIELDS))})")
    for f in ("deal", "contract"):
        if f not in rec:
            raise IncidentError(f, "missing")
    deal = rec["deal"]
    if not isinstance(deal, dict):
        raise IncidentError("deal", f"expected an object, got {type(deal).__name__}")
    bad = sorted(set(deal) - {"hands", "talon", "discard"})
    if bad:
        raise IncidentError(f"deal.{bad[0]}", "unknown field (hands, talon, discard)")
    hands_raw = deal.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != 3:
        raise IncidentError("deal.hands", "expected three hands (seats 0, 1, 2)")
    hands = [_cards(h, f"deal.hands[{i}]") for i, h in enumerate(hands_raw)]
    sizes = [len(h) for h in hands]
    for i, n in enumerate(sizes):
        if not 1 <= n <= 10:
            raise IncidentError(f"deal.hands[{i}]", f"holds {n} cards; a hand holds 1..10")
    if len(set(sizes)) != 1:
        short = min(range(3), key=lambda i: sizes[i])
        raise IncidentError(f"deal.hands[{short}]", f"the three hands must hold the same number of cards, "
                                                     f"got {sizes[0]}, {sizes[1]}, {sizes[2]}")
    contract = contract_of(rec["contract"])
    declarer = 0 if contract.is_raspasovka else parse_seat(rec.get("declarer"), "declarer", error=IncidentError)
    leader = parse_seat(rec.get("first_leader", 0), "first_leader", error=IncidentError)
    talon = _cards(deal.get("talon") or [], "deal.talon")
    discard = _cards(deal.get("discard") or [], "deal.discard")
    seen: dict[Card, str] = {}
    for path, cs in [(f"deal.hands[{i}]", h) for i, h in enumerate(hands)] + [("deal.discard", discard)]:
        for c in cs:
            if c in seen:
                raise IncidentError(path, f"card {c} is also in {seen[c]}")
            seen[c] = path
    held = {c for h in hands for c in h}
    out = list(dict.fromkeys(discard + ([] if contract.level else [c for c in talon if c not in held])))
    taken = rec.get("taken")
    if taken is None:
        taken = [0, 0, 0] if sizes[0] == 10 else None
    if taken is None:
        raise IncidentError("taken", f"the hands hold {sizes[0]} cards: give the tricks already won "
                                     f"by seats 0, 1, 2 (summing to {10 - sizes[0]})")
    if (not isinstance(taken, list) or len(taken) != 3
            or any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in taken)
            or sum(taken) + sizes[0] != 10):
        raise IncidentError("taken", f"expected three trick counts making 10 with the {sizes[0]} to play, got {taken!r}")
    history = _cards(rec.get("history") or [], "history")
    if contract.is_raspasovka:
        return _raspasovka(hands, talon, taken, history), contract
    try:
        pos = Position([list(h) for h in hands], solver_contract(contract), declarer, leader, taken=list(taken),
                       out=out)
    except PrefError as e:
        raise IncidentError("deal", str(e)) from None
    replay(pos, history, out_of_turn(rec.get("out_of_turn")))
    return pos, contract


def _raspasovka(hands, talon, taken, history):
    """A raspasovka played by the default talon rule: the talon's cards lead the first tricks."""
    from compensation.incident import replay_raspasovka as replay_cards

    try:
        pos = RaspasovkaPosition([list(h) for h in hands], talon, done=10 - len(hands[0]), taken=list(taken))
    except PrefError as e:
        raise IncidentError("deal", str(e)) from None
    return replay_cards(pos, history)


def out_of_turn(value) -> dict:
    """``{"12": 1}`` -> ``{12: 1}``: the history index of a lead out of turn and who led."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise IncidentError("out_of_turn", "expected an object {history index: seat}")
    out = {}
    for k, v in value.items():
        try:
            i = int(k)
        except (TypeError, ValueError):
            raise IncidentError("out_of_turn", f"key {k!r} is not a history index") from None
        out[i] = parse_seat(v, f"out_of_turn.{k}", error=IncidentError)
    return out


def replay(pos: Position, history: list, overrides: dict) -> None:
    """Play ``history`` as the incident does (:func:`compensation.incident.replay_history`);
    the table keeps no undo stack: it is rebuilt from the history at every request."""
    replay_history(pos, history, overrides)
    pos.clear_stack()


def table_state(rec: dict, engine) -> dict:
    """What the table picture shows after ``history``; with ``values`` (default true) each
    legal card's double-dummy value, the declarer's total tricks if it is played; with
    ``line`` a principal line to the end."""
    pos, contract = position_of(rec)
    hands_out = [[str(c) for c in Hand(pos.hands[s])] for s in range(3)]
    state = {
        "hands": hands_out,
        "trick": [[s, str(c)] for s, c in pos.trick],
        "leader": pos.leader,
        "to_move": pos.to_move,
        "taken": list(pos.taken),
        "over": pos.is_over(),
        "legal": [] if pos.is_over() else [str(c) for c in pos.legal_moves()],
    }
    if isinstance(pos, RaspasovkaPosition):  # contract.is_raspasovka
        card = pos.talon_card
        state["talon_card"] = str(card) if card is not None and not pos.is_over() else None
        if rec.get("values", True) and not pos.is_over():
            # no declarer: each card's value is the mover's own total if he plays it, the other two
            # playing to make him take as many as they can (the raspasovka question, prefdd solve)
            from solver.raspasovka.api import RaspasovkaSolver

            mover = pos.to_move
            a = RaspasovkaSolver(node_budget=engine.node_budget).analyse(pos, mover, all_cards=True)
            base = pos.taken[mover]
            state["values"] = {str(c): base + v for c, v in a.card_values.items()}
            state["best"] = [str(c) for c in a.best_cards]
            state["values_for"] = mover
            state["nodes"] = a.nodes
        return state
    if pos.is_over():
        state["declarer_total"] = pos.taken[pos.declarer]
        return state
    want_values = rec.get("values", True)
    want_line = rec.get("line", False)
    for name, v in (("values", want_values), ("line", want_line)):
        if not isinstance(v, bool):
            raise IncidentError(name, f"expected true or false, got {v!r}")
    if want_values or want_line:
        a = engine.analyse(pos, all_cards=want_values, line=want_line)
        base = pos.taken[pos.declarer]
        state["declarer_total"] = base + a.declarer_tricks
        if want_values:
            state["values"] = {str(c): base + v for c, v in a.card_values.items()}
            state["best"] = [str(c) for c in a.best_cards]
        if want_line:
            state["line"] = [str(c) for c in a.line]
        state["nodes"] = a.nodes
    return state


def play_analysis(rec: dict, engine) -> dict:
    """Each card of ``history`` with its double-dummy cost (``prefdd solve --analyse-play``,
    :func:`solver.play_analysis.analyse_play`): the declarer's total before and after it, the
    tricks it gave away for its side, the best cards there. A lead out of turn that stood
    starts a new stretch from its seat, so that card too is valued against that seat's best
    lead. On a raspasovka there is no declarer: nothing is valued (as on the table)."""
    from solver.play_analysis import analyse_play

    pos, contract = position_of(dict(rec, history=[], out_of_turn={}))
    if contract.is_raspasovka:
        return {"kind": "raspasovka", "moves": [],
                "note": {"en": "raspasovka: no declarer, so no card values",
                         "ru": "распасовка: играющего нет, оценок карт нет"}}
    history = _cards(rec.get("history") or [], "history")
    ooo = out_of_turn(rec.get("out_of_turn"))
    position_of(rec)  # the whole play checked first: an illegal card is named as the table names it
    moves: list = []
    start = 0
    for stop in sorted(i for i in ooo if 0 < i <= len(history)) + [len(history)]:
        seg = dict(rec, history=[str(c) for c in history[:start]],
                   out_of_turn={str(i): s for i, s in ooo.items() if i < start})
        p, _ = position_of(seg)
        if start in ooo:
            p.leader = ooo[start]
        if stop > start:
            a = analyse_play(p, history[start:stop], engine=engine)
            rightful = moves[-1]["after"] if moves and start in ooo else None
            for st in a.steps:
                m = st.to_json()
                m["index"] = start + st.index
                m["out_of_turn"] = m["index"] in ooo
                if m["out_of_turn"] and rightful is not None:
                    m["rightful"] = rightful  # the declarer's total had the rightful seat led
                moves.append(m)
        start = stop
    kind = "misere" if contract.is_misere else "game"
    return {"kind": kind, "declarer": getattr(pos, "declarer", None), "moves": moves}


def random_deal(seed=None) -> dict:
    """Three hands of ten and a talon of two, shuffled (``seed`` repeats a deal)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise IncidentError("seed", f"expected an integer, got {seed!r}")
    cards = list(ALL_CARDS)
    random.Random(seed).shuffle(cards)
    hands = [sorted(cards[i * 10:(i + 1) * 10]) for i in range(3)]
    return {"hands": [[str(c) for c in h] for h in hands], "talon": [str(c) for c in sorted(cards[30:])]}


def parse_paste(text) -> dict:
    """A pasted deal in any notation ``prefdd`` reads: a JSON record (a position with ``hands``,
    or a whole incident), or three or four lines (first, second, third hand, then the
    talon), each a list of cards (``As Kd 10h``, ``Тп 10ч``) or the compact
    ``♠AKJ ♣AJ10 ♦AJ98 ♥—``. Returns ``{"deal": ...}`` or ``{"incident": ...}``."""
    if not isinstance(text, str):
        raise IncidentError("text", f"expected text, got {type(text).__name__}")
    t = text.strip()
    if not t:
        raise IncidentError("text", "nothing to read: paste three hands (and the talon), one per line")
    if t[0] in "{[":
        try:
            data = json.loads(t)
        except json.JSONDecodeError as e:
            raise IncidentError("text", f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
        except RecursionError:
            data = None
        if data is None or too_deep(data, MAX_DEPTH):
            raise IncidentError("text", f"the JSON is nested more than {MAX_DEPTH} levels deep")
        if isinstance(data, dict) and "deal" in data and "violation" in data:
            if not isinstance(data["deal"], dict) or "hands" not in data["deal"]:
                raise IncidentError("deal.hands", "missing")
            return {"incident": data, "deal": _checked_lines(data["deal"]),
                    "history": [str(c) for c in _cards(data.get("history") or [], "history")]}
        if isinstance(data, dict) and isinstance(data.get("deal"), dict):
            data = data["deal"]
        if not isinstance(data, dict) or "hands" not in data:
            raise IncidentError("text", "JSON without \"hands\": expected a position record or an incident")
        deal = {"hands": data["hands"]}
        for f in ("talon", "discard"):
            if data.get(f):
                deal[f] = data[f]
        return {"deal": _checked_lines(deal)}
    lines = [ln.strip() for ln in t.replace(";", "\n").splitlines() if ln.strip()]
    if len(lines) not in (3, 4):
        raise IncidentError("text", f"expected 3 hands (and the talon), one per line; got {len(lines)} line(s)")
    hands = []
    for i, ln in enumerate(lines):
        what = f"line {i + 1}" + (" (talon)" if i == 3 else "")
        body = ln.split(":", 1)[1] if ":" in ln[:12] and ln[0] not in "♠♣♦♥♤♧♢♡" else ln
        try:
            hands.append([str(c) for c in Hand.parse(body)])
        except PrefError as e:
            raise IncidentError("text", f"{what}: {e}") from None
        # as prefdd refuses such a deal: a hand holds at most 10 cards, the talon 2
        if i < 3 and len(hands[-1]) > 10:
            raise IncidentError("text", f"{what}: holds {len(hands[-1])} cards; a hand holds 1..10")
        if i == 3 and len(hands[-1]) > 2:
            raise IncidentError("text", f"{what}: expected 2 cards, got {len(hands[-1])}")
    deal = {"hands": hands[:3]}
    if len(hands) == 4:
        deal["talon"] = hands[3]
    return {"deal": _checked_lines(deal)}


def _checked_lines(deal: dict) -> dict:
    """No card twice; hands as lists of card strings."""
    hands = deal["hands"]
    if not isinstance(hands, list) or len(hands) != 3:
        raise IncidentError("text", "expected three hands")
    seen: dict[Card, str] = {}
    out: dict[str, list] = {"hands": []}
    for i, h in enumerate(hands):
        cs = _cards(h, f"hands[{i}]")
        if len(cs) > 10:
            raise IncidentError("text", f"hand {i + 1}: holds {len(cs)} cards; a hand holds 1..10")
        for c in cs:
            if c in seen:
                raise IncidentError("text", f"card {c} is in {seen[c]} and in hand {i + 1}")
            seen[c] = f"hand {i + 1}"
        out["hands"].append([str(c) for c in cs])
    for f in ("discard", "talon"):
        if deal.get(f):
            cs = _cards(deal[f], f)
            # a game's talon is taken into the declarer's hand; otherwise it is a place of its own
            if f == "discard" or not deal.get("discard"):
                for c in cs:
                    if c in seen:
                        raise IncidentError("text", f"card {c} is in {seen[c]} and in the {f}")
                    seen[c] = f"the {f}"
            out[f] = [str(c) for c in cs]
    return out


__all__ = ["out_of_turn", "parse_paste", "play_analysis", "position_of", "random_deal", "table_state"]
