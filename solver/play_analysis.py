"""Play analysis: every card of a recorded deal with its double-dummy cost.

The question at a disputed table is "where did it go wrong?" (DDS's AnalysePlay answers it
for bridge). For each card of a history this module gives the double-dummy total of the
declarer's tricks (tricks already taken included) before and after the card, what the card
cost the side that played it (0 for a best card), the best cards at that point and the
running tally of tricks each side has thrown away.

One search per position: ``analyse(all_cards=True)`` on the position before a card gives
its value ("before") and the value of every alternative, so the played card's value is
"after", and it must equal the next position's value — which is checked at every step (the
under-counting of a hint-bounded search on a stale table, dds-bridge/dds#156, would show
here as a disagreement, never as a wrong figure). A forced card (the only one allowed)
needs no search. The engine's table is kept from one position to the next.

Misère: the declarer's card costs the tricks more he takes, a catcher's the tricks fewer.
Raspasovka: one player (``player``) against the other two, by :mod:`solver.raspasovka.api`.
Constraints (penalty cards, lead restrictions, plans) follow the history: a played penalty
card, a lead restriction used up, the planned cards already played are dropped, and a card
the constraints forbid is an :class:`~solver.errors.IllegalMoveError` naming it.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .cards import SUIT_SYMBOLS, Card
from .constraints import NO_CONSTRAINTS, Constraints, Plan
from .deal import Deal
from .errors import IllegalMoveError, PositionError, PrefError
from .hands import cards_of, popcount
from .position import Position
from .seat import parse_seat

SIDES = {"game": ("declarer", "defence"), "misere": ("declarer", "catchers"), "raspasovka": ("player", "opponents")}


class AnalysisDisagreement(RuntimeError):
    """The engine's value of a card and its fresh value of the position it leads to differ
    (an engine bug: report it with the record)."""


@dataclass(frozen=True)
class PlayStep:
    """One card of the history and what it cost, double dummy.

    ``before``/``after``: the declarer's (raspasovka: the player's) total tricks, double
    dummy, before and after the card, tricks already taken included. ``cost``: tricks the
    card gave away for the side that played it (0: a best card). ``values``: every card the
    seat was allowed → the total after it. ``lost``: the running total of tricks thrown away
    by each side (by side name), this card included.
    """

    index: int
    trick: int
    seat: int
    side: str
    card: Card
    before: int
    after: int
    cost: int
    best: tuple
    values: dict
    lost: dict
    talon: Card | None = None  # raspasovka: the talon card that leads this trick

    @property
    def forced(self) -> bool:
        return len(self.values) == 1

    def to_json(self) -> dict:
        return {"index": self.index, "trick": self.trick, "seat": self.seat, "side": self.side,
                "card": str(self.card), "before": self.before, "after": self.after, "cost": self.cost,
                "best": [str(c) for c in self.best], "values": {str(c): v for c, v in self.values.items()},
                "lost": dict(self.lost), **({"talon": str(self.talon)} if self.talon is not None else {})}


@dataclass
class PlayAnalysis:
    """The history, card by card; ``start``/``final`` the double-dummy totals before the
    first card and after the last (``final`` is the actual result when ``finished``)."""

    kind: str  # "game", "misere" or "raspasovka"
    seat: int  # the declarer, or raspasovka's player
    contract: str
    start: int
    final: int
    finished: bool
    steps: list = field(default_factory=list)

    @property
    def sides(self) -> tuple:
        return SIDES[self.kind]

    def side_of(self, seat: int) -> str:
        return self.sides[0] if seat == self.seat else self.sides[1]

    def costly(self) -> list:
        """The steps whose card cost its side a trick or more."""
        return [s for s in self.steps if s.cost]

    def summary(self) -> dict:
        """Costly cards and tricks lost, per seat and per side."""
        costly = {s: 0 for s in range(3)}
        lost = {s: 0 for s in range(3)}
        for st in self.steps:
            if st.cost:
                costly[st.seat] += 1
                lost[st.seat] += st.cost
        by_side = {side: sum(lost[s] for s in range(3) if self.side_of(s) == side) for side in self.sides}
        return {"costly": costly, "lost": lost, "lost_by_side": by_side}

    def _head(self) -> dict:
        who = "player" if self.kind == "raspasovka" else "declarer"
        return {"kind": self.kind, "contract": self.contract, who: self.seat, "start": self.start,
                "final": self.final, "finished": self.finished}

    def _summary_json(self) -> dict:
        s = self.summary()
        return {"costly": {str(k): v for k, v in s["costly"].items()}, "lost": {str(k): v for k, v in s["lost"].items()},
                "lost_by_side": s["lost_by_side"]}

    def to_json(self) -> dict:
        """Every move (``moves``) and the summary."""
        return {**self._head(), "moves": [s.to_json() for s in self.steps], "summary": self._summary_json()}

    def summary_json(self) -> dict:
        """The summary and the costly moves only: one line per deal of an archive."""
        return {**self._head(), "cards": len(self.steps), "summary": self._summary_json(),
                "costly_moves": [s.to_json() for s in self.costly()]}

    def table(self, lang: str = "en") -> str:
        """A readable table: card, seat, value, cost, best; costly cards marked ``?``."""
        from .play_text import render

        return render(self, lang)

    def __str__(self) -> str:
        return self.table()


# ---------------------------------------------------------------------- the two games
class _Constrained:
    """What both games share: the cards the constraints allow, why a card is not allowed,
    and the constraint state carried from card to card."""

    pos: Any
    cons: Constraints
    state: Any

    def allowed(self) -> int:
        if not self.cons:
            return self.pos.legal_mask()
        return self.cons.moves(self.pos, self.state)[0]

    def why(self, card: Card) -> str:
        """Which constraint forbids ``card`` (legal by the rules of play) here."""
        return self.why_error(card).message

    def why_error(self, card: Card) -> IllegalMoveError:
        """Which constraint forbids ``card`` (legal by the rules of play) here, as an error of its kind."""
        allowed, planned = self.cons.moves(self.pos, self.state)
        only = " ".join(str(c) for c in cards_of(allowed))
        if planned:
            return IllegalMoveError.of("only_plan", None, only=only)
        if any(p.card.mask & allowed for p in self.cons.penalty_cards):
            return IllegalMoveError.of("only_penalty", None, only=only)
        lead = self.cons.lead
        if lead is None:
            return IllegalMoveError.of("only_constraint", None, only=only)
        return IllegalMoveError.of("only_lead_must" if lead.must else "only_lead_must_not", None, only=only,
                                   seat=lead.seat, suit=SUIT_SYMBOLS[lead.suit])

    def remaining(self) -> Constraints:
        return _remaining(self.cons, self.state, self.pos)

    def play(self, card: Card) -> None:
        if self.cons:
            _, planned = self.cons.moves(self.pos, self.state)
            self.state = self.cons.after(self.pos, self.state, card, planned)
        self.pos.play(card)


class _Game(_Constrained):
    """Contract play (a trump game, no-trump or misère) with the main engine."""

    def __init__(self, pos: Position, cons: Constraints, engine):
        from .engine import Engine

        self.pos, self.cons = pos, cons
        self.state = cons.initial()
        self.engine = engine if engine is not None else Engine(reuse_table=True)
        self.kind = "misere" if pos.is_misere else "game"
        self.seat = pos.declarer
        self.contract = str(pos.contract)

    def maximises(self, seat: int) -> bool:
        return (seat == self.seat) != self.pos.is_misere

    def trick_number(self) -> int:
        return sum(self.pos.taken) + 1

    def talon(self):
        return None

    def values(self) -> tuple[int, dict]:
        a = self.engine.analyse(self.pos, self.remaining(), all_cards=True)
        return a.declarer_tricks, a.card_values

    def base(self) -> int:
        return self.pos.taken[self.seat]

    @contextmanager
    def table_kept(self):
        """The engine's table kept from one position of the deal to the next, whatever the
        engine's own setting (its entries are exact facts about positions)."""
        eng = self.engine
        old = eng.reuse_table
        eng.reuse_table = True
        try:
            yield
        finally:
            eng.reuse_table = old


class _Raspasovka(_Constrained):
    """Raspasovka: ``player`` against the other two (:class:`RaspasovkaSolver`), under the
    penalty cards and lead ruling of ``cons`` (a plan has no side to follow it here)."""

    def __init__(self, pos, player, solver, cons: Constraints = NO_CONSTRAINTS):
        from .raspasovka.api import RaspasovkaSolver
        from .raspasovka.rules import RaspasovkaError

        self.pos, self.cons = pos, cons
        self.state = cons.initial()
        self.seat = parse_seat(player, "player", error=RaspasovkaError)
        # a solver of its own unless one is given: its table then serves this deal only
        self.solver = solver if isinstance(solver, RaspasovkaSolver) else RaspasovkaSolver(reuse_table=True)
        self.kind = "raspasovka"
        self.contract = "raspasovka"

    def maximises(self, seat: int) -> bool:
        return seat != self.seat

    def trick_number(self) -> int:
        return self.pos.done + 1

    def talon(self):
        return self.pos.talon_card

    def values(self) -> tuple[int, dict]:
        a = self.solver.analyse(self.pos, self.seat, constraints=self.remaining(), all_cards=True)
        return a.player_tricks, a.card_values

    def base(self) -> int:
        return self.pos.taken[self.seat]

    @contextmanager
    def table_kept(self):
        yield


def _remaining(cons: Constraints, state, pos: Position) -> Constraints:
    """The constraints still in force, as a fresh :class:`Constraints` (its initial state is
    ``state``): penalty cards still held, a lead restriction still pending, the rest of a
    plan still being followed."""
    if not cons:
        return cons
    pcs = tuple(p for p in cons.penalty_cards if pos.hands[p.seat] & p.card.mask)
    lead = cons.lead if state.lead_pending else None
    plan = None
    if cons.plan is not None and state.plan_active:
        plan = Plan(cons.plan.side, cons.plan.cards[state.plan_index:])
    return Constraints(pcs, lead, plan)


# ---------------------------------------------------------------------- the analysis
def analyse_play(deal_or_position, history, constraints: Constraints | None = None, engine=None, *,
                 player: int | None = None) -> PlayAnalysis:
    """Every card of ``history`` (cards in order, from ``deal_or_position``) with its
    double-dummy cost.

    ``deal_or_position``: a :class:`~solver.deal.Deal`, a :class:`~solver.position.Position`
    (the history starts there) or a raspasovka position (then ``player`` names whose tricks
    count). ``engine``: an :class:`~solver.engine.Engine` (raspasovka: a
    ``RaspasovkaSolver``); its table is kept across this deal's positions (the engine's
    ``reuse_table`` is set for the call and restored after). Raises
    :class:`~solver.errors.IllegalMoveError` naming the first illegal card.
    """
    from .raspasovka.rules import RaspasovkaPosition

    if isinstance(deal_or_position, Deal):
        deal_or_position = deal_or_position.start()
    game: _Game | _Raspasovka
    if isinstance(deal_or_position, RaspasovkaPosition):
        if player is None:
            raise PositionError.of("raspasovka_player", "player")
        from .raspasovka.rules import check_constraints as check_raspasovka

        check_raspasovka(deal_or_position, constraints or NO_CONSTRAINTS)  # before any is dropped as played
        game = _Raspasovka(deal_or_position.copy(), player, engine, constraints or NO_CONSTRAINTS)
    elif isinstance(deal_or_position, Position):
        if player is not None and player != deal_or_position.declarer:
            raise PositionError.of("player_not_declarer", "player", seat=player, declarer=deal_or_position.declarer)
        from .constraints import check_constraints

        check_constraints(deal_or_position, constraints or NO_CONSTRAINTS)  # before any is dropped as played
        game = _Game(deal_or_position.copy(), constraints or NO_CONSTRAINTS, engine)
    else:
        raise PositionError.of("analysis_input", None, got=type(deal_or_position).__name__)
    cards = _history(history)
    check = deal_or_position.copy()
    check.replay(cards)  # the first illegal card by the rules of play, named, before any search
    with game.table_kept():
        return _walk(game, cards)


def _history(history) -> list:
    if isinstance(history, str):
        history = history.replace(",", " ").split()
    if not isinstance(history, (list, tuple)):
        raise PositionError.of("expected_cards", "history", got=type(history).__name__)
    out = []
    for i, text in enumerate(history):
        try:
            out.append(Card.parse(text))
        except PrefError as e:
            raise e.again(IllegalMoveError, f"history[{i}]") from None
    return out


def _walk(game, cards: list) -> PlayAnalysis:
    pos = game.pos
    side_names = SIDES[game.kind]
    lost = {s: 0 for s in side_names}
    steps = []
    known = None  # the total after the previous card: the value of the position now
    start = None
    for i, card in enumerate(cards):
        seat = pos.to_move
        trick = game.trick_number()
        allowed = game.allowed()
        if not allowed & card.mask:
            raise IllegalMoveError.of("at_card", f"history[{i}]", trick=trick, seat=seat, card=str(card),
                                      inner=game.why_error(card))
        base = game.base()
        if popcount(allowed) == 1 and known is not None:
            before, values = known, {card: known}  # a forced card: nothing to search
        else:
            v, cv = game.values()
            before = base + v
            if known is not None and before != known:
                raise AnalysisDisagreement(
                    f"history[{i}]: the engine gave {known} for the previous card but {before} for the position "
                    f"it leads to")
            if set(cv) != set(cards_of(allowed)):
                raise AnalysisDisagreement(f"history[{i}]: the engine's cards {sorted(map(str, cv))} are not "
                                           f"the cards allowed {sorted(map(str, cards_of(allowed)))}")
            values = {c: base + cv[c] for c in cards_of(allowed)}
        if start is None:
            start = before
        after = values[card]
        maxi = game.maximises(seat)
        best_value = max(values.values()) if maxi else min(values.values())
        cost = best_value - after if maxi else after - best_value
        if best_value != before:
            raise AnalysisDisagreement(f"history[{i}]: the best card is worth {best_value} but the position {before}")
        side = side_names[0] if seat == game.seat else side_names[1]
        lost[side] += cost
        steps.append(PlayStep(i, trick, seat, side, card, before, after, cost,
                              tuple(c for c, v in values.items() if v == best_value), values, dict(lost),
                              game.talon()))
        game.play(card)
        known = after
    if start is None:  # no card played: the value of the position as it is
        start = known = game.base() + (0 if pos.is_over() else game.values()[0])
    assert known is not None  # set by the last card walked, or just above
    return PlayAnalysis(game.kind, game.seat, game.contract, start, known, pos.is_over(), steps)


# ---------------------------------------------------------------------- JSON records
def analyse_record(rec: dict, engine=None) -> PlayAnalysis:
    """A ``prefdd solve`` record with ``history`` (hands as dealt) → its play analysis.

    A raspasovka record (``contract: "raspasovka"``) names the ``player`` whose tricks count.
    """
    from .constraints import constraints_from_json
    from .position import position_from_json
    from .raspasovka.api import is_raspasovka_record, position_from_record

    if not isinstance(rec, dict):
        raise PositionError.of("expected_object", None, got=type(rec).__name__)
    if rec.get("history") is None:
        raise PositionError.of("history_needed")
    if "trick" in rec or "to_move" in rec:
        raise PositionError.of("history_or_trick")
    history = rec["history"]
    if is_raspasovka_record(rec):
        if "player" not in rec:
            raise PositionError.of("missing_player")
        start = position_from_record(dict(rec, history=[]))
        return analyse_play(start, history, constraints_from_json(rec.get("constraints")), engine=engine,
                            player=rec["player"])
    if "open" in rec and not isinstance(rec["open"], bool):
        raise PositionError.of("expected_bool", "open", got=repr(rec["open"]))
    # ``open`` (the defence opened its cards after the first card) changes nothing double dummy;
    # the single-dummy analysis reads it
    dealt = position_from_json(dict(rec, history=[]), frozenset({"open"}))
    cons = constraints_from_json(rec.get("constraints"))
    return analyse_play(dealt, history, cons, engine)


def play_record(rec: dict, engine=None, *, summary: bool = False, single_dummy: dict | None = None) -> dict:
    """The output object of ``prefdd solve --analyse-play`` (``summary``: of ``prefdd batch``).

    ``single_dummy``: the settings of :func:`solver.imperfect.single_dummy.single_dummy_record`
    (``{}`` for its defaults): every move also gets ``single_dummy``, its judgement over its
    player's information set, and the object a ``single_dummy`` summary with the whisters'
    question."""
    a, sd = _analyses(rec, engine, single_dummy)
    out = {"id": rec["id"]} if "id" in rec else {}
    out.update(a.summary_json() if summary else a.to_json())
    if sd is not None:
        if not summary:
            for move, d in zip(out["moves"], sd.decisions):
                move["single_dummy"] = {k: v for k, v in d.to_json().items()
                                        if k not in ("index", "trick", "seat", "side", "card")}
        out["single_dummy"] = sd.summary_json()
    return out


def _analyses(rec: dict, engine, single_dummy: dict | None):
    """The double-dummy analysis and, when asked, the single-dummy one (checked to agree on
    every card's double-dummy cost)."""
    if single_dummy is None:
        return analyse_record(rec, engine), None
    from .imperfect.single_dummy import single_dummy_record

    sd = single_dummy_record(rec, engine, **single_dummy)   # its checks first: raspasovka, constraints
    a = analyse_record(rec, engine)
    for step, d in zip(a.steps, sd.decisions):
        if step.cost != d.dd_cost or step.values != d.real:
            raise AnalysisDisagreement(f"history[{step.index}]: the double-dummy cost {step.cost} and the "
                                       f"single-dummy analysis's {d.dd_cost} differ")
    return a, sd


def play_output(rec: dict, engine=None, *, text: bool = False, lang: str = "en",
                single_dummy: dict | None = None) -> str:
    """What ``prefdd solve --analyse-play`` prints for one record: a JSON line, or with
    ``text`` the table (headed by the record's id when it has one); ``single_dummy`` as for
    :func:`play_record` (the text then goes on with the single-dummy lines)."""
    if not text:
        import json

        return json.dumps(play_record(rec, engine, single_dummy=single_dummy), ensure_ascii=False)
    a, sd = _analyses(rec, engine, single_dummy)
    table = a.table(lang) + ("" if sd is None else "\n\n" + sd.text(lang))
    return (f"{rec['id']}\n" if "id" in rec else "") + table + "\n"


__all__ = ["AnalysisDisagreement", "PlayAnalysis", "PlayStep", "analyse_play", "analyse_record", "play_output",
           "play_record"]
