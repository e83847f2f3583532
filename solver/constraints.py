"""Search constraints the penalty code creates: penalty cards, lead restrictions, plans.

They narrow the legal moves of a position. Their state (whether a lead restriction is
still pending, how far a plan has got) evolves with play, so it is a small immutable
value (:class:`ConstraintState`) the searches carry along.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import json_fields
from .cards import SUIT_LETTERS, Card, Suit
from .errors import PositionError, PrefError
from .hands import SUIT_MASKS
from .seat import Seat, parse_seat


@dataclass(frozen=True, init=False, repr=False)
class PenaltyCard:
    """An exposed card its holder must play when the rule says so.

    ``when`` names the occasions (a set of words):

    * ``"lead"``  — he must lead it when he is on lead;
    * ``"suit"``  — he must play it when its suit is led;
    * ``"ruff"``  — he must play it when it is a trump and he is void in the led suit (2.2);
    * ``"any"``   — at the first legal chance (all of the above, and as a discard when void).

    Presets: ``first`` = {any} (1.3.3, the usual exposed card); ``suit`` = {suit} (2.3);
    ``suit_or_lead`` = {suit, lead} (1.3.2.1); ``declarer`` = {suit, ruff} (2.2).
    """

    seat: Seat
    card: Card
    when: frozenset[str] = frozenset({"any"})

    PRESETS = {
        "first": frozenset({"any"}),
        "any": frozenset({"any"}),
        "suit": frozenset({"suit"}),
        "suit_or_lead": frozenset({"suit", "lead"}),
        "declarer": frozenset({"suit", "ruff"}),
    }

    def __init__(self, seat: int | str, card: Card | str, when: str | Iterable[str] = "any"):
        """``seat`` as :func:`~solver.seat.parse_seat` reads it, ``card`` as :meth:`Card.parse`,
        ``when`` a preset name or a set of occasions."""
        card = Card.parse(card)
        object.__setattr__(self, "card", card)
        if isinstance(when, str):
            if when not in self.PRESETS:
                raise PositionError.of("penalty_mode", None, card=str(card), got=when, modes=sorted(self.PRESETS))
            when = self.PRESETS[when]
        w = frozenset(when)
        bad = w - {"lead", "suit", "ruff", "any"}
        if bad or not w:
            raise PositionError.of("penalty_occasions", None, card=str(card), got=sorted(bad) or "none")
        object.__setattr__(self, "when", w)
        object.__setattr__(self, "seat", parse_seat(seat, f"penalty card {card}: seat", strict=False))

    def to_json(self) -> dict[str, Any]:
        preset = next((name for name, w in self.PRESETS.items() if w == self.when), None)
        return {"seat": int(self.seat), "card": str(self.card), "when": preset or sorted(self.when)}

    def __repr__(self) -> str:
        """Evaluates back to an equal penalty card: ``PenaltyCard(1, 'Ks', 'first')``."""
        preset = next((name for name, w in self.PRESETS.items() if w == self.when), None)
        return f"PenaltyCard({int(self.seat)}, {str(self.card)!r}, {preset or sorted(self.when)!r})"

    def forces(self, lead_suit: int | None, trump: int | None, legal: int) -> bool:
        """Whether, with this legal mask, the holder must play this card now."""
        if not legal & self.card.mask:
            return False
        if "any" in self.when:
            return True
        suit = int(self.card) >> 3
        if lead_suit is None:
            return "lead" in self.when
        if suit == lead_suit:
            return "suit" in self.when
        return "ruff" in self.when and trump is not None and suit == trump


@dataclass(frozen=True, init=False, repr=False)
class LeadRestriction:
    """Seat ``seat``'s next lead must be (``must=True``) or must not be suit ``suit``.

    Void in a demanded suit, the leader plays any card, or a trump if ``or_trump`` (1.3.2.2:
    "the same suit; void: a trump"). Holding only a forbidden suit, he leads it.
    """

    seat: Seat
    suit: int
    must: bool = True
    or_trump: bool = False

    def __init__(self, seat: int | str, suit: int | str, must: bool = True, or_trump: bool = False):
        """``seat`` as :func:`~solver.seat.parse_seat` reads it, ``suit`` a letter or 0..3."""
        s = Suit.parse(suit) if isinstance(suit, str) else suit
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 3:
            raise PositionError.of("expected_suit_letter", "lead.suit", got=suit)
        object.__setattr__(self, "suit", int(s))
        object.__setattr__(self, "seat", parse_seat(seat, "lead restriction: seat", strict=False))
        object.__setattr__(self, "must", must)
        object.__setattr__(self, "or_trump", or_trump)

    def to_json(self) -> dict[str, Any]:
        return {"seat": int(self.seat), "suit": SUIT_LETTERS[self.suit], "must": self.must, "or_trump": self.or_trump}

    def __repr__(self) -> str:
        """Evaluates back: ``LeadRestriction(2, 'h', must=False, or_trump=False)``."""
        return (f"LeadRestriction({int(self.seat)}, {SUIT_LETTERS[self.suit]!r}, must={self.must!r}, "
                f"or_trump={self.or_trump!r})")

    def narrow(self, legal: int, trump: int | None) -> int:
        in_suit = legal & SUIT_MASKS[self.suit]
        if self.must:
            if in_suit:
                return in_suit
            if self.or_trump and trump is not None and legal & SUIT_MASKS[trump]:
                return legal & SUIT_MASKS[trump]
            return legal
        rest = legal & ~SUIT_MASKS[self.suit]
        return rest or legal


@dataclass(frozen=True)
class Plan:
    """A fixed sequence of cards for one side (``"declarer"`` or ``"defence"``).

    Whenever a seat of that side is to move, it plays the plan's next card. If in some
    line that card cannot be played (not held by the seat to move, or illegal), the plan
    ends there and play continues double dummy; the other side's replies are free.
    """

    side: str
    cards: tuple = ()

    def __post_init__(self):
        if self.side not in ("declarer", "defence"):
            raise PositionError.of("plan_side_must", None, got=self.side)
        object.__setattr__(self, "cards", tuple(Card.parse(c) for c in self.cards))

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "cards": [str(c) for c in self.cards]}


@dataclass(frozen=True)
class ConstraintState:
    lead_pending: bool = True
    plan_index: int = 0
    plan_active: bool = True


@dataclass(frozen=True)
class Constraints:
    """All constraints on one search. Empty means ordinary double-dummy play."""

    penalty_cards: tuple = ()
    lead: LeadRestriction | None = None
    plan: Plan | None = None

    def __bool__(self) -> bool:
        return bool(self.penalty_cards or self.lead or self.plan)

    def to_json(self) -> dict[str, Any]:
        """The ``constraints`` object of a ``prefdd solve`` record (empty parts left out)."""
        rec: dict[str, Any] = {}
        if self.penalty_cards:
            rec["penalty_cards"] = [p.to_json() for p in self.penalty_cards]
        if self.lead is not None:
            rec["lead"] = self.lead.to_json()
        if self.plan is not None:
            rec["plan"] = self.plan.to_json()
        return rec

    @classmethod
    def from_json(cls, data: Any) -> Constraints:
        """Read a ``constraints`` object (:func:`constraints_from_json`)."""
        return constraints_from_json(data)

    def initial(self) -> ConstraintState:
        return ConstraintState(self.lead is not None, 0, self.plan is not None and bool(self.plan.cards))

    def moves(self, pos, state: ConstraintState) -> tuple[int, bool]:
        """(allowed mask, whether the plan dictated the move) for the seat to move."""
        seat = pos.to_move
        legal = pos.legal_mask()
        trump = pos.trump
        if self.lead and state.lead_pending and seat == self.lead.seat and pos.lead_suit is None:  # a lead
            legal = self.lead.narrow(legal, trump)
        forced = 0
        for p in self.penalty_cards:
            if p.seat == seat and p.forces(pos.lead_suit, trump, legal):
                forced |= p.card.mask
        if forced:
            legal = forced
        if self.plan and state.plan_active and _on_side(self.plan.side, seat, pos.declarer):
            nxt = self.plan.cards[state.plan_index]
            if legal & nxt.mask:
                return nxt.mask, True
        return legal, False

    def after(self, pos_before, state: ConstraintState, card: Card, planned: bool) -> ConstraintState:
        """State after the seat to move in ``pos_before`` plays ``card``."""
        seat = pos_before.to_move
        lead_pending = state.lead_pending
        if lead_pending and self.lead and seat == self.lead.seat and pos_before.lead_suit is None:
            lead_pending = False
        idx, active = state.plan_index, state.plan_active
        if self.plan and active and _on_side(self.plan.side, seat, pos_before.declarer):
            if planned:
                idx += 1
                active = idx < len(self.plan.cards)
            else:
                active = False
        return ConstraintState(lead_pending, idx, active)


def _on_side(side: str, seat: int, declarer: int) -> bool:
    return (seat == declarer) == (side == "declarer")


NO_CONSTRAINTS = Constraints()


def check_constraints(pos, cons: Constraints) -> None:
    """Penalty cards must be held by their seat (checked once, where a search starts)."""
    for p in cons.penalty_cards:
        if not pos.hands[p.seat] & p.card.mask:
            raise PositionError.of("penalty_not_held", "constraints", card=str(p.card), seat=p.seat)


def constraints_from_json(data) -> Constraints:
    """``{"penalty_cards": [{"seat": 1, "card": "Ks", "when": "first"}],
    "lead": {"seat": 2, "suit": "h", "must": true}, "plan": {"side": "declarer", "cards": [...]}}``

    Types are checked, never coerced: ``"must": "false"`` is an error, not true."""
    if data is None:
        return Constraints()
    if not isinstance(data, dict):
        raise PositionError.of("expected_object", "constraints", got=json_fields.json_kind(data))
    json_fields.only(data, "constraints", {"penalty_cards", "lead", "plan"})
    pcs = data.get("penalty_cards")
    if pcs is None:
        pcs = []
    if not isinstance(pcs, list):
        raise PositionError.of("expected_list", "constraints.penalty_cards", got=json_fields.json_kind(pcs))
    penalty = tuple(_penalty_card(p, f"constraints.penalty_cards[{i}]") for i, p in enumerate(pcs))
    lead = data.get("lead")
    lead = _lead(lead, "constraints.lead") if lead is not None else None
    plan = data.get("plan")
    plan = _plan(plan, "constraints.plan") if plan is not None else None
    return Constraints(penalty, lead, plan)


def _penalty_card(p, where: str) -> PenaltyCard:
    p = json_fields.json_object(p, where)
    json_fields.only(p, where, {"seat", "card", "when"}, ("seat", "card"))
    seat = parse_seat(p["seat"], f"{where}.seat")
    card = json_fields.card(p["card"], f"{where}.card")
    when = p.get("when", "first")
    if isinstance(when, list):
        if not when or not all(isinstance(w, str) for w in when):
            raise PositionError.of("when_list", f"{where}.when")
        when = frozenset(when)
    elif not isinstance(when, str):
        raise PositionError.of("when_mode", f"{where}.when", got=json_fields.json_kind(when))
    try:
        return PenaltyCard(seat, card, when)
    except PrefError as e:
        raise e.again(PositionError, where) from None


SUIT_NUMBERS = (0, 1, 2, 3)  # spades, clubs, diamonds, hearts


def _lead(lead, where: str) -> LeadRestriction:
    lead = json_fields.json_object(lead, where)
    json_fields.only(lead, where, {"seat", "suit", "must", "or_trump"}, ("seat", "suit"))
    seat = parse_seat(lead["seat"], f"{where}.seat")
    suit = lead["suit"]
    if isinstance(suit, str):
        try:
            suit = int(Suit.parse(suit))
        except PrefError as e:
            raise e.again(PositionError, f"{where}.suit") from None
    elif isinstance(suit, bool) or not isinstance(suit, int) or suit not in SUIT_NUMBERS:
        raise PositionError.of("expected_suit", f"{where}.suit", got=json_fields.show(suit))
    return LeadRestriction(seat, suit, json_fields.flag(lead.get("must", True), f"{where}.must"),
                           json_fields.flag(lead.get("or_trump", False), f"{where}.or_trump"))


def _plan(plan, where: str) -> Plan:
    plan = json_fields.json_object(plan, where)
    json_fields.only(plan, where, {"side", "cards"}, ("side", "cards"))
    side = plan["side"]
    if side not in ("declarer", "defence"):
        raise PositionError.of("plan_side", f"{where}.side", got=json_fields.show(side))
    cards = plan["cards"]
    if not isinstance(cards, list):
        raise PositionError.of("expected_cards", f"{where}.cards", got=json_fields.json_kind(cards))
    return Plan(side, tuple(json_fields.card(c, f"{where}.cards[{i}]") for i, c in enumerate(cards)))
