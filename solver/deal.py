"""A deal as dealt: three hands, the talon and the discard, the contract, who declares and
who leads first. A :class:`~solver.position.Position` is a deal part-way through play."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .contract import Contract
from .errors import PositionError
from .hands import Hand, cards_of
from .position import Position
from .seat import Seat
from .talon import out_of_play

DEAL_FIELDS = ("hands", "contract", "declarer", "leader", "talon", "discard")


@dataclass(frozen=True, init=False, repr=False)
class Deal:
    """Hands (seats 0, 1, 2 in play order, each a :class:`Hand`), the talon (the two cards
    turned up) and the discard (the declarer's two cards out of play), the contract, the
    declarer and the first leader (first hand, seat 0, unless given).

    The declarer's hand is the one he plays from, after his discard. Validation: no card
    twice, equal hands, and a full deal (10 cards each) accounts for all 32 cards.
    Given as text, ints or lists, the fields are stored as the value types below.
    """

    hands: tuple[Hand, Hand, Hand]
    contract: Contract
    declarer: Seat
    leader: Seat
    talon: tuple[Card, ...]
    discard: tuple[Card, ...]

    def __init__(self, hands: Iterable[Hand | Iterable[Card | str] | str | int], contract: Contract | str,
                 declarer: int | str, leader: int | str = 0, talon: Iterable[Card | str] = (),
                 discard: Iterable[Card | str] = ()):
        put = object.__setattr__
        put(self, "hands", tuple(h if isinstance(h, Hand) else Hand(h) for h in hands))
        put(self, "contract", Contract.parse(contract))
        put(self, "declarer", Seat.parse(declarer, "declarer"))
        put(self, "leader", Seat.parse(leader, "leader"))
        put(self, "talon", tuple(Card.parse(c) for c in talon))
        put(self, "discard", tuple(Card.parse(c) for c in discard))
        self._validate()

    def _validate(self) -> None:
        if len(self.hands) != 3:
            raise PositionError.of("three_hands", "hands", got=len(self.hands))
        sizes = [len(h) for h in self.hands]
        if len(set(sizes)) != 1:
            raise PositionError.of("unequal_hands", "hands", sizes=", ".join(map(str, sizes)))
        self.start()  # validates duplicates, seats and the contract
        if sizes[0] == 10 and (self.talon or self.discard):
            held = self.hands[0].mask | self.hands[1].mask | self.hands[2].mask | self._out()
            if held != 0xFFFFFFFF:
                raise PositionError.of("deal_not_full", None, cards=" ".join(map(str, cards_of(~held & 0xFFFFFFFF))))

    def _out(self) -> int:
        """Cards out of play (:func:`out_of_play`)."""
        return out_of_play([h.mask for h in self.hands], int(self.declarer), self.talon, self.discard)

    def start(self) -> Position:
        """The position before the first lead."""
        return Position([h.mask for h in self.hands], self.contract, self.declarer, self.leader, out=self._out())

    def after(self, history) -> Position:
        """The position after ``history`` (cards in order from the first lead), each move checked."""
        pos = self.start()
        pos.replay(history)
        return pos  # pos.moves is the history, pos.root() the start

    def to_json(self) -> dict[str, Any]:
        """``{"hands", "contract", "declarer", "leader", "talon", "discard"}``: the record
        ``prefdd solve`` reads (add ``history`` for a position part-way through)."""
        rec: dict[str, Any] = {
            "hands": [h.to_json() for h in self.hands],
            "contract": str(self.contract),
            "declarer": int(self.declarer),
            "leader": int(self.leader),
        }
        if self.talon:
            rec["talon"] = [str(c) for c in self.talon]
        if self.discard:
            rec["discard"] = [str(c) for c in self.discard]
        return rec

    @classmethod
    def from_json(cls, record: Any) -> Deal:
        """A deal from its record (:meth:`to_json`); unknown fields are errors."""
        from .json_fields import cards as _cards

        if not isinstance(record, dict):
            raise PositionError.of("expected_json_object", "deal", got=type(record).__name__)
        unknown = sorted(set(record) - set(DEAL_FIELDS))
        if unknown:
            raise PositionError.of("unknown_field_listed", unknown[0], name=unknown[0], known=", ".join(DEAL_FIELDS))
        for f in ("hands", "contract", "declarer"):
            if f not in record:
                raise PositionError.of("required", f)
        hands = record["hands"]
        if not isinstance(hands, list) or len(hands) != 3:
            raise PositionError.of("three_hands_expected", "hands")
        return cls(
            tuple(Hand.from_json(h, f"hands[{i}]") for i, h in enumerate(hands)),
            Contract.parse(record["contract"]),
            Seat.parse(record["declarer"], "declarer", strict=True),
            Seat.parse(record.get("leader", 0), "leader", strict=True),
            tuple(_cards(record.get("talon") or [], "talon")),
            tuple(_cards(record.get("discard") or [], "discard")),
        )

    def __repr__(self) -> str:
        """Evaluates back to an equal deal (given ``Deal`` and ``Hand``)."""
        extra = "" if self.leader == 0 else f", leader={int(self.leader)}"
        for name in ("talon", "discard"):
            cards = getattr(self, name)
            if cards:
                extra += f", {name}={[str(c) for c in cards]!r}"
        hands = ", ".join(repr(h) for h in self.hands)
        return f"Deal(({hands}), {str(self.contract)!r}, declarer={int(self.declarer)}{extra})"

    def __str__(self) -> str:
        lines = [f"{self.contract.pretty()} by seat {self.declarer}, seat {self.leader} leads"]
        for s, h in enumerate(self.hands):
            lines.append(f" {'*' if s == self.declarer else ' '}{s}: {h.compact()}")
        if self.talon:
            lines.append("  talon: " + " ".join(c.pretty() for c in self.talon))
        if self.discard:
            lines.append("  discard: " + " ".join(c.pretty() for c in self.discard))
        return "\n".join(lines)
