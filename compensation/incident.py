"""The incident record: what happened at the table, as the calculator reads it.

An incident is one JSON object (full description, field by field, in ``docs/rulings.md``;
the JSON Schema is ``compensation/incident.schema.json``)::

    {"id": "table 3, deal 12",
     "deal": {"hands": [[10 cards], [10 cards], [10 cards]],   # as played from (after the discard)
              "talon": ["7s", "8h"], "discard": ["7d", "8c"]},
     "contract": "8s", "declarer": 0,
     "decisions": {"1": "whist", "2": "pass"},
     "open": true, "first_leader": 0,
     "history": ["As", "7s", "8s", ...],                          # cards in order from the first lead
     "violation": {"rule": "9", "offender": 0, "move": 6, ...},   # rule-specific fields
     "result": {"tricks": [8, 2, 0]},
     "raspasovka_round": 1,
     "scoring": {"convention": "sochi", "set": {"players": 4}},
     "options": {"compare": "double_dummy", "resolve": "side_best"}}

``parse_incident(data)`` checks it and returns an :class:`Incident`; every problem raises
:class:`IncidentError` whose ``field`` is the path of the field at fault (``history[7]``,
``violation.offender``, ``deal.hands[1]``). The record's shape — which fields exist, their
types and ranges — is the schema's alone (:mod:`compensation.incident_shape`: an unknown
field is an error naming the nearest known one); this module checks what a schema cannot
say: cards dealt once, a legal history, a result that fits it. Checks that depend on the
rule (who may offend, which contracts it applies to, the data it needs) are the rule's,
in :mod:`compensation.rulings`.

Lead out of turn: for rules whose violation is a lead by the wrong seat that was left
standing (``violation.correction`` = ``"none"``), ``history[violation.move]`` is that
lead, made by the offender; the trick goes on from him. Any other history card is played
by the seat whose turn it is.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.cards import Card
from solver.errors import PrefError
from solver.hands import mask_of
from solver.position import Position
from solver.talon import out_of_play

from .conventions import OPTION_NAMES
from .conventions import convention as make_convention
from .errors import ScoringError
from .incident_shape import RULING_OPTIONS, SCHEMA, IncidentError, check_shape, unknown_field
from .outcome import DECISION_WORDS, PASS, WHIST, parse_contract

KINDS = ("game", "misere", "raspasovka")
TOP_FIELDS = set(SCHEMA["properties"])

@dataclass
class Violation:
    """What went wrong: the rule, who, when (``move`` indexes ``history``), which cards;
    ``data`` keeps every field as given for the rule's own reading."""

    rule: str
    offender: int | None = None
    offenders: tuple = ()
    move: int | None = None
    card: Card | None = None
    cards: tuple = ()
    correction: str | None = None
    data: dict = field(default_factory=dict)
    read: set = field(default_factory=set)  # the rule-specific fields a rule asked for

    #: fields every rule reads through the attributes above
    COMMON = ("rule", "offender", "offenders", "move", "card", "cards", "correction")

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return self.data.get(key, default)

    def unread(self) -> list:
        """Fields given that no rule asked for (said in the ruling's notes, never silently ignored)."""
        return sorted(k for k in self.data if k not in self.COMMON and k not in self.read)


@dataclass
class Incident:
    hands: list            # three lists of Card, as the hands were played from
    talon: list
    discard: list
    contract: Any          # compensation.outcome.Contract
    declarer: int | None
    decisions: dict        # defender seat -> whist / pass / half-whist
    open: bool
    first_leader: int
    history: list          # Cards
    violation: Violation
    result: tuple | None   # tricks per seat, the actual result
    raspasovka_round: int = 1
    convention_name: str = "sochi"
    overrides: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    id: Any = None
    taken: tuple = (0, 0, 0)  # tricks won before the hands given (an end position)
    lead_overrides: dict = field(default_factory=dict)  # history index -> seat who led there
    players: tuple = ()    # the players' names, seat by seat, when the incident gives them

    # ------------------------------------------------------------ facts
    @property
    def kind(self) -> str:
        if self.contract.is_raspasovka:
            return "raspasovka"
        return "misere" if self.contract.is_misere else "game"

    @property
    def level(self) -> int | None:
        return self.contract.level

    @property
    def defenders(self) -> tuple:
        d = self.declarer
        if d is None:
            raise IncidentError.of("no_declarer_defenders", "declarer")
        return ((d + 1) % 3, (d + 2) % 3)

    def partner(self, seat: int) -> int:
        """The other defender."""
        a, b = self.defenders
        return b if seat == a else a

    @property
    def whisters(self) -> list:
        return [s for s in self.defenders if self.decisions.get(s) == WHIST]

    @property
    def solver_contract(self) -> str:
        if self.kind == "raspasovka":
            return "nt"
        if self.kind == "misere":
            return "misere"
        return f"{self.contract.level}{self.contract.strain}"

    def option(self, name: str) -> str:
        return self.options.get(name, RULING_OPTIONS[name][1])

    def convention(self):
        return make_convention(self.convention_name, **self.overrides)

    # ------------------------------------------------------------ positions
    def start(self, contract: str | None = None) -> Position:
        if self.declarer is None:  # raspasovka: no discard, the talon out of every hand
            decl, out = 0, mask_of(self.discard) | mask_of(self.talon)
        else:
            decl = self.declarer
            out = out_of_play([mask_of(h) for h in self.hands], decl, self.talon, self.discard, IncidentError, "deal.")
        return Position([list(h) for h in self.hands], contract or self.solver_contract, decl,
                        self.first_leader, taken=list(self.taken), out=out)

    def position_at(self, n: int, contract: str | None = None) -> Position:
        """The position before ``history[n]`` (n = len(history): after all of it)."""
        pos = self.start(contract)
        replay_history(pos, self.history[:n], self.lead_overrides)
        pos.clear_stack()
        return pos

    def moment_of_fault(self) -> int:
        """The history index of the violation: ``violation.move``, or, when the record gives
        none, the end of the recorded play (the fault is where the record stops)."""
        m = self.violation.move
        return m if m is not None else len(self.history)

    def seat_of(self, n: int) -> int:
        """Who played ``history[n]``."""
        if n in self.lead_overrides:
            return self.lead_overrides[n]
        return self.position_at(n).to_move


def replay_history(pos: Position, cards, lead_overrides: dict) -> None:
    """Play ``cards`` from ``pos``; a lead out of turn (``lead_overrides``: history index ->
    seat) starts its trick from that seat. Errors name the card's ``history[i]``."""
    for i, card in enumerate(cards):
        trick_no = sum(pos.taken) + 1
        if i in lead_overrides:
            if pos.trick:
                raise IncidentError.of("ooo_not_lead", f"history[{i}]", trick=trick_no, n=len(pos.trick))
            pos.leader = lead_overrides[i]
        play_recorded(pos, i, card, trick_no)


def replay_raspasovka(pos, cards):
    """Play ``cards`` on a raspasovka position (:class:`~solver.raspasovka.rules.RaspasovkaPosition`),
    an illegal one named as ``history[i]`` (trick, seat, card, why); the moves are not kept
    for undo. The incident's replay and the web page's."""
    for i, card in enumerate(cards):
        play_recorded(pos, i, card, pos.done + 1)
    pos.clear_stack()
    return pos


def play_recorded(pos, i: int, card: Card, trick_no: int) -> None:
    """Play ``history[i]`` on ``pos`` (a game's or a raspasovka's position); an illegal card
    is named by its place in the record, its trick, seat and the reason."""
    seat = pos.to_move
    if pos.is_over():
        raise IncidentError.of("deal_over", f"history[{i}]", card=str(card))
    try:
        pos.play(card)
    except PrefError as e:
        raise IncidentError.of("at_card", f"history[{i}]", trick=trick_no, seat=seat, card=str(card), inner=e) from None


# ---------------------------------------------------------------- parsing helpers
def _card(value: str, path: str) -> Card:
    try:
        return Card.parse(value)
    except (PrefError, ValueError) as e:
        if isinstance(e, PrefError):
            raise e.again(IncidentError, path) from None
        raise IncidentError(path, str(e)) from None


def _cards(value, path: str) -> list:
    """Cards as the schema allows them: a list, or one string separated by spaces or commas."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    return [_card(v, f"{path}[{i}]") for i, v in enumerate(value)]


# ---------------------------------------------------------------- the parser
def parse_incident(data, *, convention_name: str | None = None, overrides: dict | None = None,
                   options: dict | None = None) -> Incident:
    """Check an incident record and build it; command-line settings override the record's.

    The record's shape (fields, types, ranges) is the schema's (:func:`check_shape`);
    what follows are the checks a schema cannot express."""
    rec = _without_nulls(data)
    check_shape(rec)

    # contract, declarer, decisions
    try:
        contract = parse_contract(rec["contract"])
    except ScoringError as e:
        raise e.again(IncidentError, "contract") from None
    kind = "raspasovka" if contract.is_raspasovka else ("misere" if contract.is_misere else "game")
    if kind == "raspasovka":
        if rec.get("declarer") is not None:
            raise IncidentError.of("no_declarer", "declarer")
        declarer = None
    else:
        if "declarer" not in rec:
            raise IncidentError.of("missing", "declarer")
        declarer = rec["declarer"]
    decisions = _decisions(rec.get("decisions"), declarer, kind)

    # the deal
    deal = rec["deal"]
    hands = [_cards(h, f"deal.hands[{i}]") for i, h in enumerate(deal["hands"])]
    sizes = [len(h) for h in hands]
    for i, size in enumerate(sizes):
        if size > 10:  # name that hand, rather than which others would have to match it
            raise IncidentError.of("hand_too_big", f"deal.hands[{i}]", n=size)
    if len(set(sizes)) != 1 or not 1 <= sizes[0] <= 10:
        raise IncidentError.of("hands_unequal", "deal.hands", sizes=sizes)
    talon = _cards(deal.get("talon") or [], "deal.talon")
    discard = _cards(deal.get("discard") or [], "deal.discard")
    for name, cs in (("deal.talon", talon), ("deal.discard", discard)):
        if len(cs) not in (0, 2):
            raise IncidentError.of("two_cards", name, n=len(cs))
    seen: dict = {}
    places = [(f"deal.hands[{i}]", h) for i, h in enumerate(hands)] + [("deal.discard", discard)]
    if kind == "raspasovka":  # the talon is turned up and leads the first tricks: nobody's
        places.append(("deal.talon", talon))
    for path, cs in places:
        for c in cs:
            if c in seen:
                raise IncidentError.of("card_also_in", path, card=str(c), b=seen[c])
            seen[c] = path
    if declarer is not None:  # game and misère: the talon is the declarer's, his discard may be it
        out_of_play([mask_of(h) for h in hands], declarer, talon, discard, IncidentError, "deal.")

    # play
    open_play = rec.get("open", False)
    first_leader = rec.get("first_leader", 0)
    history = _cards(rec.get("history") or [], "history")

    # settings
    sc = rec.get("scoring") or {}
    conv_name = sc.get("convention", "sochi")
    over = dict(sc.get("set") or {})
    for k in over:
        if k not in OPTION_NAMES:
            raise unknown_field("scoring.set", k, OPTION_NAMES)
    if convention_name is not None:
        conv_name = convention_name
    if overrides:
        over.update(overrides)
    try:
        conv = make_convention(conv_name, **over)
    except ScoringError as e:
        raise e.again(IncidentError, f"scoring.set.{e.field}") from None
    except TypeError as e:
        raise IncidentError("scoring.set", str(e)) from None
    opts = dict(rec.get("options") or {})
    for k, v in (options or {}).items():  # the command line's: not seen by the schema
        if k not in RULING_OPTIONS:
            raise unknown_field("options", k, RULING_OPTIONS)
        if v not in RULING_OPTIONS[k][0]:
            raise IncidentError.of("option_choice", f"options.{k}", known=", ".join(RULING_OPTIONS[k][0]), got=v)
        opts[k] = v

    players = tuple(rec.get("players") or ())
    if players and len(players) not in (3, conv.players):
        raise IncidentError.of("player_names", "players", n=len(players), players=conv.players)

    rr = rec.get("raspasovka_round", 1)

    # tricks won before the hands given: an end position of a 10-trick deal
    if rec.get("taken") is not None:
        taken = tuple(rec["taken"])
    elif sizes[0] == 10:
        taken = (0, 0, 0)
    else:
        raise IncidentError.of("taken_missing", "taken", n=sizes[0], rest=10 - sizes[0])
    if sum(taken) + sizes[0] != 10:
        raise IncidentError.of("taken_sum", "taken", taken=list(taken), n=sizes[0])

    # result
    result = None
    if (rec.get("result") or {}).get("tricks") is not None:
        t = rec["result"]["tricks"]
        if sum(t) != 10:
            raise IncidentError.of("result_sum", "result.tricks", total=sum(t))
        below = [i for i in range(3) if t[i] < taken[i]]
        if below:
            raise IncidentError.of("result_below", f"result.tricks[{below[0]}]", got=t[below[0]], taken=taken[below[0]])
        result = tuple(t)

    violation = _violation(rec["violation"], len(history))

    inc = Incident(hands=hands, talon=talon, discard=discard, contract=contract, declarer=declarer,
                   decisions=decisions, open=open_play, first_leader=first_leader, history=history,
                   violation=violation, result=result, raspasovka_round=rr, convention_name=conv_name,
                   overrides=over, options=opts, id=rec.get("id"), taken=taken, players=players)
    _check_out_of_turn(inc)
    _check_history(inc)
    return inc


def _without_nulls(value):
    """A field given as null counts as not given."""
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


def _decisions(value, declarer, kind) -> dict:
    if kind == "raspasovka":
        if value:
            raise IncidentError.of("no_decisions", "decisions")
        return {}
    defenders = ((declarer + 1) % 3, (declarer + 2) % 3)
    if value is None:
        if kind == "misere":
            return {s: PASS for s in defenders}
        raise IncidentError.of("decisions_missing", "decisions")
    out = {}
    for key, word in value.items():
        seat = int(key)
        if seat not in defenders:
            raise IncidentError.of("not_a_defender", f"decisions.{key}", seat=seat, declarer=declarer,
                                        a=defenders[0], b=defenders[1])
        w = DECISION_WORDS.get(word.strip().lower())
        if w is None:
            raise IncidentError.of("unknown_decision", f"decisions.{key}", word=word)
        if kind == "misere" and w != PASS:
            raise IncidentError.of("no_whist_on_misere", f"decisions.{key}")
        out[seat] = w
    for s in defenders:
        if s not in out:
            if kind == "misere":
                out[s] = PASS
            else:
                raise IncidentError.of("decision_missing", "decisions", seat=s)
    return out


def _violation(v: dict, n_history: int) -> Violation:
    rule = v["rule"]
    if not isinstance(rule, str):
        rule = str(rule)
    if not rule.strip():
        raise IncidentError.of("rule_number", "violation.rule", got=rule)
    rule = rule.strip()
    offender = v.get("offender")
    offenders: tuple[int, ...] = ()
    if v.get("offenders") is not None:
        offenders = tuple(v["offenders"])
        if offender is not None and offender not in offenders:
            raise IncidentError.of("offenders_exclude", "violation.offenders", seat=offender)
        if offender is None:
            offender = offenders[0]
    elif offender is not None:
        offenders = (offender,)
    move = v.get("move")
    if move is not None and move > n_history:
        raise IncidentError.of("move_past_end", "violation.move", n=n_history, move=move)
    card = _card(v["card"], "violation.card") if v.get("card") is not None else None
    cards = tuple(_cards(v["cards"], "violation.cards")) if v.get("cards") is not None else ()
    return Violation(rule=rule, offender=offender, offenders=offenders, move=move, card=card, cards=cards,
                     correction=v.get("correction"), data=dict(v))


OUT_OF_TURN_RULES = ("1.3.1", "1.3.2.1", "1.3.2.2", "1.4.2.3")


def _check_out_of_turn(inc: Incident) -> None:
    """A lead out of turn that stood: the offender led ``history[move]``."""
    v = inc.violation
    if v.rule not in OUT_OF_TURN_RULES or v.correction not in (None, "none"):
        return
    if v.move is None or v.offender is None:
        return  # the rule will ask for them
    if v.move >= len(inc.history):
        raise IncidentError.of("ooo_not_in_history", "violation.move")
    pos = inc.position_at(v.move)
    if pos.trick:
        raise IncidentError.of("ooo_move_not_lead", "violation.move", move=v.move, trick=sum(pos.taken) + 1,
                                n=len(pos.trick))
    if pos.leader == v.offender:
        raise IncidentError.of("ooo_rightful", "violation.offender", seat=v.offender, move=v.move)
    led = inc.history[v.move]
    if not pos.hands[v.offender] & led.mask:
        raise IncidentError.of("ooo_not_held", "violation.offender", seat=v.offender, card=str(led), move=v.move)
    if v.card is not None and v.card != led:
        raise IncidentError.of("ooo_card_differs", "violation.card", got=str(v.card), move=v.move, card=str(led))
    inc.lead_overrides[v.move] = v.offender
    v.card = led


def _check_history(inc: Incident) -> None:
    """The history is legal play, and the recorded result does not contradict it."""
    if inc.kind == "raspasovka":
        # the talon leads the first two tricks: ownership only (the raspasovka rules replay it)
        held = {c: s for s, h in enumerate(inc.hands) for c in h}
        seen = set()
        for i, c in enumerate(inc.history):
            if c not in held:
                raise IncidentError.of("in_no_hand", f"history[{i}]", card=str(c))
            if c in seen:
                raise IncidentError.of("already_played", f"history[{i}]", card=str(c))
            seen.add(c)
        return
    try:
        pos = inc.position_at(len(inc.history))
    except IncidentError:
        raise
    except PrefError as e:
        raise e.again(IncidentError, e.path or "deal") from None
    check_result(inc.result, tuple(pos.taken), pos.is_over(), len(inc.history))


def check_result(result, played: tuple, over: bool, n: int) -> None:
    """``result.tricks`` against the tricks the recorded play gives: equal when the history
    is the whole deal, never fewer for any seat when it stops earlier."""
    if result is None:
        return
    res, got = "-".join(map(str, result)), "-".join(map(str, played))
    if over and tuple(result) != tuple(played):
        raise IncidentError.of("result_whole", "result.tricks", result=res, n=n, got=got)
    short = [s for s in range(3) if result[s] < played[s]]
    if short:
        raise IncidentError.of("result_short", "result.tricks", result=res, seat=short[0], won=played[short[0]], n=n,
                                got=got)
