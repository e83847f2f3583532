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
from compensation.incident import IncidentError, parse_incident, replay_history
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
        raise IncidentError.of("expected_cards", path, got=type(value).__name__)
    out = []
    for i, v in enumerate(value):
        if not isinstance(v, str):
            raise IncidentError.of("card_like", f"{path}[{i}]", got=v)
        try:
            out.append(Card.parse(v))
        except PrefError as e:
            raise e.again(IncidentError, f"{path}[{i}]") from None
    return out


def contract_of(value) -> Contract:
    """The incident's contract (``7s``, ``misere``, ``raspasovka``, Russian words too)."""
    try:
        return parse_contract(value)
    except ScoringError as e:
        raise e.again(IncidentError, "contract") from None


def solver_contract(contract) -> str:
    if contract.is_raspasovka:
        return "nt"
    if contract.is_misere:
        return "misere"
    return f"{contract.level}{contract.strain}"


def position_of(rec: dict) -> tuple[Position | RaspasovkaPosition, Contract]:
    """The position after ``history``, each card checked; returns it and the contract."""
    if not isinstance(rec, dict):
        raise IncidentError.of("expected_object", "request", got=type(rec).__name__)
    unknown = sorted(set(rec) - TABLE_FIELDS)
    if unknown:
        raise IncidentError.of("unknown_field_of", unknown[0], name=unknown[0], known=", ".join(sorted(TABLE_FIELDS)))
    for f in ("deal", "contract"):
        if f not in rec:
            raise IncidentError.of("missing", f)
    deal = rec["deal"]
    if not isinstance(deal, dict):
        raise IncidentError.of("expected_object", "deal", got=type(deal).__name__)
    bad = sorted(set(deal) - {"hands", "talon", "discard"})
    if bad:
        raise IncidentError.of("unknown_field_of", f"deal.{bad[0]}", name=bad[0], known="hands, talon, discard")
    hands_raw = deal.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != 3:
        raise IncidentError.of("three_hands_seats", "deal.hands")
    hands = [_cards(h, f"deal.hands[{i}]") for i, h in enumerate(hands_raw)]
    sizes = [len(h) for h in hands]
    for i, n in enumerate(sizes):
        if not 1 <= n <= 10:
            raise IncidentError.of("hand_size", f"deal.hands[{i}]", n=n)
    if len(set(sizes)) != 1:
        short = min(range(3), key=lambda i: sizes[i])
        raise IncidentError.of("hands_unequal_sizes", f"deal.hands[{short}]", sizes=", ".join(map(str, sizes)))
    contract = contract_of(rec["contract"])
    declarer = 0 if contract.is_raspasovka else parse_seat(rec.get("declarer"), "declarer", error=IncidentError)
    leader = parse_seat(rec.get("first_leader", 0), "first_leader", error=IncidentError)
    talon = _cards(deal.get("talon") or [], "deal.talon")
    discard = _cards(deal.get("discard") or [], "deal.discard")
    seen: dict[Card, str] = {}
    for path, cs in [(f"deal.hands[{i}]", h) for i, h in enumerate(hands)] + [("deal.discard", discard)]:
        for c in cs:
            if c in seen:
                raise IncidentError.of("card_also_in", path, card=str(c), b=seen[c])
            seen[c] = path
    held = {c for h in hands for c in h}
    out = list(dict.fromkeys(discard + ([] if contract.level else [c for c in talon if c not in held])))
    taken = rec.get("taken")
    if taken is None:
        taken = [0, 0, 0] if sizes[0] == 10 else None
    if taken is None:
        raise IncidentError.of("table_taken", "taken", n=sizes[0], rest=10 - sizes[0])
    if (not isinstance(taken, list) or len(taken) != 3
            or any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in taken)
            or sum(taken) + sizes[0] != 10):
        raise IncidentError.of("table_taken_bad", "taken", n=sizes[0], got=taken)
    history = _cards(rec.get("history") or [], "history")
    if contract.is_raspasovka:
        return _raspasovka(hands, talon, taken, history), contract
    try:
        pos = Position([list(h) for h in hands], solver_contract(contract), declarer, leader, taken=list(taken),
                       out=out)
    except PrefError as e:
        raise e.under(IncidentError, "deal") from None
    replay(pos, history, out_of_turn(rec.get("out_of_turn")))
    return pos, contract


def _raspasovka(hands, talon, taken, history):
    """A raspasovka played by the default talon rule: the talon's cards lead the first tricks."""
    from compensation.incident import replay_raspasovka as replay_cards

    try:
        pos = RaspasovkaPosition([list(h) for h in hands], talon, done=10 - len(hands[0]), taken=list(taken))
    except PrefError as e:
        raise e.under(IncidentError, "deal") from None
    return replay_cards(pos, history)


def out_of_turn(value) -> dict:
    """``{"12": 1}`` -> ``{12: 1}``: the history index of a lead out of turn and who led."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise IncidentError.of("out_of_turn_object", "out_of_turn")
    out = {}
    for k, v in value.items():
        try:
            i = int(k)
        except (TypeError, ValueError):
            raise IncidentError.of("out_of_turn_key", "out_of_turn", key=k) from None
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
            raise IncidentError.of("expected_bool_v", name, got=v)
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
        raise IncidentError.of("expected_int_v", "seed", got=seed)
    cards = list(ALL_CARDS)
    random.Random(seed).shuffle(cards)
    hands = [sorted(cards[i * 10:(i + 1) * 10]) for i in range(3)]
    return {"hands": [[str(c) for c in h] for h in hands], "talon": [str(c) for c in sorted(cards[30:])]}


def _check_incident(data: dict) -> None:
    """An incident loaded on the desk checked as ``prefdd rule`` checks it (its rule first)."""
    from compensation.rulings import VARIANTS, find_rule

    rule = data["violation"].get("rule") if isinstance(data["violation"], dict) else None
    if isinstance(rule, str | int | float) and not isinstance(rule, bool) and str(rule).strip() not in VARIANTS:
        find_rule(str(rule).strip())
    parse_incident(data)


def parse_paste(text) -> dict:
    """A pasted deal in any notation ``prefdd`` reads: a JSON record (a position with ``hands``,
    or a whole incident), or three or four lines (first, second, third hand, then the
    talon), each a list of cards (``As Kd 10h``, ``Тп 10ч``) or the compact
    ``♠AKJ ♣AJ10 ♦AJ98 ♥—``. Returns ``{"deal": ...}`` or ``{"incident": ...}``."""
    if not isinstance(text, str):
        raise IncidentError.of("paste_text", "text", got=type(text).__name__)
    t = text.strip()
    if not t:
        raise IncidentError.of("paste_empty", "text")
    if t[0] in "{[":
        try:
            data = json.loads(t)
        except json.JSONDecodeError as e:
            raise IncidentError.of("paste_json", "text", detail=e.msg, line=e.lineno, column=e.colno) from None
        except RecursionError:
            data = None
        if data is None or too_deep(data, MAX_DEPTH):
            raise IncidentError.of("too_deep", "text", limit=MAX_DEPTH)
        if isinstance(data, dict) and "deal" in data and "violation" in data:
            if not isinstance(data["deal"], dict) or "hands" not in data["deal"]:
                raise IncidentError.of("missing", "deal.hands")
            # the whole record checked when it is loaded, as prefdd rule checks it: a misspelt field, an
            # illegal card or an unknown rule is named now, not when the ruling is asked for
            _check_incident(data)
            return {"incident": data, "deal": _checked_lines(data["deal"]),
                    "history": [str(c) for c in _cards(data.get("history") or [], "history")]}
        if isinstance(data, dict) and isinstance(data.get("deal"), dict):
            data = data["deal"]
        if not isinstance(data, dict) or "hands" not in data:
            raise IncidentError.of("paste_no_hands", "text")
        deal = {"hands": data["hands"]}
        for f in ("talon", "discard"):
            if data.get(f):
                deal[f] = data[f]
        return {"deal": _checked_lines(deal)}
    lines = [ln.strip() for ln in t.replace(";", "\n").splitlines() if ln.strip()]
    if len(lines) not in (3, 4):
        raise IncidentError.of("paste_lines", "text", n=len(lines))
    hands = []
    for i, ln in enumerate(lines):
        body = ln.split(":", 1)[1] if ":" in ln[:12] and ln[0] not in "♠♣♦♥♤♧♢♡" else ln
        try:
            hands.append([str(c) for c in Hand.parse(body)])
        except PrefError as e:
            raise IncidentError.of("paste_line", "text", line=i + 1, talon=i == 3, inner=e) from None
        # as prefdd refuses such a deal: a hand holds at most 10 cards, the talon 2
        if i < 3 and len(hands[-1]) > 10:
            raise IncidentError.of("paste_line_size", "text", line=i + 1, n=len(hands[-1]))
        if i == 3 and len(hands[-1]) > 2:
            raise IncidentError.of("paste_talon_size", "text", n=len(hands[-1]))
    deal = {"hands": hands[:3]}
    if len(hands) == 4:
        deal["talon"] = hands[3]
    return {"deal": _checked_lines(deal)}


def _checked_lines(deal: dict) -> dict:
    """No card twice; hands as lists of card strings."""
    hands = deal["hands"]
    if not isinstance(hands, list) or len(hands) != 3:
        raise IncidentError.of("paste_three", "text")
    seen: dict[Card, str] = {}
    out: dict[str, list] = {"hands": []}
    for i, h in enumerate(hands):
        cs = _cards(h, f"hands[{i}]")
        if len(cs) > 10:
            raise IncidentError.of("paste_hand_size", "text", line=i + 1, n=len(cs))
        for c in cs:
            if c in seen:
                raise IncidentError.of("paste_twice", "text", card=str(c), a=seen[c], b=f"hands[{i}]")
            seen[c] = f"hands[{i}]"
        out["hands"].append([str(c) for c in cs])
    for f in ("discard", "talon"):
        if deal.get(f):
            cs = _cards(deal[f], f)
            # a game's talon is taken into the declarer's hand; otherwise it is a place of its own
            if f == "discard" or not deal.get("discard"):
                for c in cs:
                    if c in seen:
                        raise IncidentError.of("paste_twice", "text", card=str(c), a=seen[c], b=f)
                    seen[c] = f
            out[f] = [str(c) for c in cs]
    return out


__all__ = ["out_of_turn", "parse_paste", "play_analysis", "position_of", "random_deal", "table_state"]
