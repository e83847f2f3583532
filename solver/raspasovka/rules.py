"""Raspasovka play: the table's settings and a position with legal play.

Everyone passed, so there are no trumps and each player plays for himself to take as few
tricks as possible. What tables do differently is a setting of :class:`RaspasovkaRules`:

* ``talon`` — how many first tricks the talon "leads" (Sochi: ``both``). The talon cards
  are turned one at a time; the suit of the turned card is the suit of that trick. First
  hand (seat 0) plays first, then seats 1 and 2; each follows that suit if able, otherwise
  plays any card; the highest card of that suit played by a player wins. ``first``: only
  the first talon card leads a trick; ``none``: the talon is not used and first hand leads
  trick 1.
* ``void_talon_trick`` — who takes a talon-led trick to which nobody can follow:
  ``nobody`` (default: no player played a card of the suit, so no card wins; the trick is
  set aside and counts for no one) or ``first_hand`` (seat 0, who played first to it,
  takes it). With a full deck this cannot happen — every suit has 8 cards and the talon at
  most 2, so 6 are held — but endings and constructed positions can reach it.
* ``after_talon_lead`` — who leads the first trick after the talon tricks: ``first_hand``
  (default; the game description and Sochi practice) or ``winner`` (the winner of the last
  talon trick; first hand if nobody took it).

Seats are 0, 1, 2 in play order; seat 0 is first hand. Tricks after the talon tricks are
led by the previous trick's winner, as in every game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from ..cards import Card
from ..constraints import Constraints
from ..constraints import check_constraints as check_held
from ..contract import Contract
from ..errors import PositionError
from ..hands import Hand, popcount
from ..position import CardPlaces, Position

FIRST_HAND = 0
NOBODY = -1  # the winner of a talon-led trick nobody followed, under void_talon_trick="nobody"

TALON_RULES = ("both", "first", "none")
VOID_TALON_RULES = ("nobody", "first_hand")
AFTER_TALON_RULES = ("first_hand", "winner")
_TALON_TRICKS = {"both": 2, "first": 1, "none": 0}
_TALON_WORDS = {
    "both": "both", "two": "both", "2": "both", "оба": "both",
    "first": "first", "one": "first", "1": "first", "первый": "first",
    "none": "none", "no": "none", "0": "none", "нет": "none",
}


class RaspasovkaError(PositionError):
    """A raspasovka position or setting that cannot be (names the field)."""


@dataclass(frozen=True)
class RaspasovkaRules:
    """The table's raspasovka play settings (Sochi practice by default)."""

    talon: str = "both"
    void_talon_trick: str = "nobody"
    after_talon_lead: str = "first_hand"

    def __post_init__(self):
        if self.talon not in TALON_RULES:
            raise RaspasovkaError.of("choice", "talon_rule", known=", ".join(TALON_RULES), got=self.talon)
        if self.void_talon_trick not in VOID_TALON_RULES:
            raise RaspasovkaError.of("choice", "void_talon_trick", known=", ".join(VOID_TALON_RULES),
                                     got=self.void_talon_trick)
        if self.after_talon_lead not in AFTER_TALON_RULES:
            raise RaspasovkaError.of("choice", "after_talon_lead", known=", ".join(AFTER_TALON_RULES),
                                     got=self.after_talon_lead)

    @classmethod
    def parse(cls, talon=None, void_talon_trick=None, after_talon_lead=None) -> RaspasovkaRules:
        """Settings from user text; ``None`` keeps the default."""
        kw = {}
        if talon is not None:
            t = _TALON_WORDS.get(str(talon).strip().lower())
            if t is None:
                raise RaspasovkaError.of("choice", "talon_rule", known=", ".join(TALON_RULES), got=talon)
            kw["talon"] = t
        if void_talon_trick is not None:
            kw["void_talon_trick"] = str(void_talon_trick).strip().lower()
        if after_talon_lead is not None:
            kw["after_talon_lead"] = str(after_talon_lead).strip().lower()
        return cls(**kw)

    def talon_tricks(self, talon_cards: int) -> int:
        """How many first tricks are led by the talon (never more than the cards given)."""
        return min(_TALON_TRICKS[self.talon], talon_cards)


SOCHI_RULES = RaspasovkaRules()


class RaspasovkaPosition(Position):
    """A raspasovka position: hands, talon, the trick on the table, tricks taken.

    ``talon`` is the talon in the order its cards are turned. ``done`` is the number of
    tricks already completed in the deal (default: ``10 -`` the cards each player holds,
    as in a full deal); it decides whether the current trick is led by a talon card.
    ``leader`` is who plays first to the current trick: first hand on a talon trick and
    on the first trick after them (by default), otherwise whoever won the last trick —
    then it must be given. ``trick`` holds the players' cards already played to it.

    A variant of :class:`~solver.position.Position` (legal moves, play, undo, the move
    history and the trick's checks are Position's), overriding its hooks: the suit to
    follow is the talon card's on a talon-led trick (:attr:`lead_suit`), such a trick
    may go to nobody (:meth:`trick_winner`, ``NOBODY``), the table's setting says who
    leads after the talon (:meth:`next_leader`), and ``done`` counts the tricks played.
    Unlike a Position it has no declarer (the attribute is unset) and no cards out of
    play; :meth:`copy` leaves the move history behind unless ``stack=True``, and
    :meth:`replay` clears it, as they always did here.
    """

    __slots__ = ("talon", "done", "rules")
    talon: tuple[Card, ...]
    done: int
    rules: RaspasovkaRules
    contract = Contract.parse("raspasovka")
    out = 0  # the talon leads tricks: no card is out of play
    trump = None  # no trumps on raspasovka (what the penalty-card constraints ask)
    _error = RaspasovkaError

    def __init__(self, hands, talon=(), *, done=None, leader=None, trick=(), taken=(0, 0, 0),
                 rules: RaspasovkaRules = SOCHI_RULES):
        if not isinstance(rules, RaspasovkaRules):
            raise RaspasovkaError.of("expected_rules", "rules")
        self.rules = rules
        if len(hands) != 3:
            raise RaspasovkaError.of("three_hands", "hands", got=len(hands))
        self.hands = [h if isinstance(h, int) else Hand(h).mask for h in hands]
        self.talon = tuple(Card.parse(c) for c in talon)
        self.trick = [(int(s), Card.parse(c)) for s, c in trick]  # type: ignore[misc]  # a Seat is an int
        if isinstance(taken, (str, bytes)) or len(taken) != 3 or any(
                isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in taken):
            raise RaspasovkaError.of("taken_three", "taken", got=taken)
        self.taken = list(taken)
        self._stack = []
        self._check_cards()
        if self.trick:
            first = self.trick[0][0]
            if first not in (0, 1, 2):
                raise RaspasovkaError.of("trick_seat", "trick", got=first)
            if leader is not None and leader != first:
                raise RaspasovkaError.of("leader_disagrees", "leader", seat=leader, first=first)
            leader = first
        n = self._mover_size(leader)
        if done is None:
            done = 10 - n
        if isinstance(done, bool) or not isinstance(done, int) or done < 0:
            raise RaspasovkaError.of("tricks_done_int", "tricks_done", got=done)
        self.done = done
        if leader is None:
            leader = self._default_leader()
        if isinstance(leader, bool) or leader not in (0, 1, 2):
            raise RaspasovkaError.of("seat_012", "leader", got=leader)
        self.leader = leader
        self.validate()

    def _mover_size(self, leader) -> int:
        sizes = [popcount(h) for h in self.hands]
        if leader is None or leader not in (0, 1, 2):
            return max(sizes)
        return sizes[(leader + len(self.trick)) % 3]

    def _default_leader(self) -> int:
        k = self.talon_tricks
        if self.done < k or self.done == 0:
            return FIRST_HAND
        if self.done == k and self.rules.after_talon_lead == "first_hand":
            return FIRST_HAND
        raise RaspasovkaError.of("leader_needed", "leader", trick=self.done + 1)

    # ------------------------------------------------------------------ properties
    @property
    def talon_tricks(self) -> int:
        return self.rules.talon_tricks(len(self.talon))

    @property
    def talon_card(self) -> Card | None:
        """The talon card that leads the current trick, or None on a players' trick."""
        return self.talon[self.done] if self.done < self.talon_tricks else None

    @property
    def lead_suit(self) -> int | None:
        """Hook: on a talon-led trick the talon card's suit is followed, the first card too."""
        tc = self.talon_card
        if tc is not None:
            return int(tc) >> 3
        return int(self.trick[0][1]) >> 3 if self.trick else None

    # ------------------------------------------------------------------ validation hooks
    def _check_cards(self) -> None:
        """Every card in one place only; at most two talon cards; sizes possible with no leader."""
        places = CardPlaces(RaspasovkaError)
        places.claim_hands(self.hands)
        if len(self.talon) > 2:
            raise RaspasovkaError.of("at_most_two", "talon", n=len(self.talon))
        for c in self.talon:
            places.claim(c, "talon")
        for i, (_, c) in enumerate(self.trick):
            places.claim(c, f"trick[{i}]")
        if len(self.trick) > 2:
            raise RaspasovkaError.of("trick_too_long", "trick")
        sizes = [popcount(h) for h in self.hands]
        if not self.trick and len(set(sizes)) != 1:
            raise RaspasovkaError.of("sizes_differ", "hands", sizes=sizes)

    def _check_counts(self, n: int) -> None:
        """The tricks done, taken and still to play fit one deal; the leader is the one the
        talon rules name."""
        if self.done + n > 10:
            raise RaspasovkaError.of("done_over", "tricks_done", done=self.done, n=n)
        if sum(self.taken) > self.done:
            raise RaspasovkaError.of("taken_more", "taken", taken=self.taken, done=self.done)
        k = self.talon_tricks
        if self.done < k and self.leader != FIRST_HAND:
            raise RaspasovkaError.of("talon_trick_leader", "leader", trick=self.done + 1, seat=self.leader)
        if self.done == 0 and k == 0 and self.leader != FIRST_HAND:
            raise RaspasovkaError.of("first_leads_one", "leader", seat=self.leader)
        if (0 < k == self.done and self.rules.after_talon_lead == "first_hand"
                and self.leader != FIRST_HAND):
            raise RaspasovkaError.of("first_after_talon", "leader", trick=k + 1, seat=self.leader)

    # ------------------------------------------------------------------ play hooks
    def trick_winner(self, cards) -> int:
        """Winner of a complete trick given as its three cards in order of play (from the leader)."""
        return self._trick_winner([((self.leader + i) % 3, c) for i, c in enumerate(cards)])

    def _trick_winner(self, trick) -> int:
        """Hook: the highest card of the suit followed wins; on a talon-led trick nobody may
        have followed (``NOBODY``, or first hand by the ``void_talon_trick`` setting)."""
        tc = self.talon_card
        if tc is None:
            return super()._trick_winner(trick)  # no trumps: Position's rule
        suit = int(tc) >> 3
        best, seat = -1, NOBODY
        for s, c in trick:
            if int(c) >> 3 == suit and int(c) > best:
                best, seat = int(c), s
        if seat == NOBODY and self.rules.void_talon_trick == "first_hand":
            seat = FIRST_HAND
        return seat

    def next_leader(self, winner: int) -> int:
        """Who plays first to the next trick, once the current one went to ``winner``."""
        k = self.talon_tricks
        nxt = self.done + 1
        if nxt < k:
            return FIRST_HAND
        if nxt == k and k > 0 and (self.rules.after_talon_lead == "first_hand" or winner == NOBODY):
            return FIRST_HAND
        return winner if winner != NOBODY else FIRST_HAND

    _next_leader = next_leader  # type: ignore[assignment]  # the hook (a seat as an int)

    def _close_trick(self, winner: int) -> None:
        if winner != NOBODY:
            self.taken[winner] += 1
        self.done += 1

    def _reopen_trick(self, winner: int) -> None:
        self.done -= 1
        if winner != NOBODY:
            self.taken[winner] -= 1

    def _trick_number(self) -> int:
        return self.done + 1

    # ------------------------------------------------------------------ copies, equality
    def copy(self, stack: bool = False) -> Self:
        """An independent copy, without the move history unless ``stack=True``."""
        return super().copy(stack)

    def _copy_rules(self, p) -> None:
        p.talon, p.done, p.rules = self.talon, self.done, self.rules

    def replay(self, history) -> None:
        """Play a list of cards in order, naming the first illegal one; the history is not kept."""
        super().replay(history)
        self.clear_stack()

    def key(self) -> tuple:
        """A frozen snapshot (hands, talon, tricks done, leader, trick, tricks taken, rules)."""
        return (tuple(self.hands), self.talon, self.done, int(self.leader),
                tuple((int(s), int(c)) for s, c in self.trick), tuple(self.taken), self.rules)

    # ------------------------------------------------------------------ printing
    def __str__(self) -> str:
        tc = self.talon_card
        head = f"raspasovka, trick {self.done + 1}" + (f" led by the talon {tc.pretty()}" if tc else "")
        lines = [head + f"; seat {self.to_move} to move"]
        for s in range(3):
            lines.append(f"  {s}: {Hand(self.hands[s]).compact()}  ({self.taken[s]} tricks)")
        if self.trick:
            lines.append("  trick: " + " ".join(f"{s}:{c.pretty()}" for s, c in self.trick))
        return "\n".join(lines)

    diagram = __str__

    def notation(self) -> str:
        raise RaspasovkaError.of("rasp_no_notation")

    @classmethod
    def from_str(cls, text: str) -> RaspasovkaPosition:
        raise RaspasovkaError.of("rasp_no_notation")

    @classmethod
    def from_json(cls, record) -> RaspasovkaPosition:
        raise RaspasovkaError.of("rasp_from_json")

    def to_json(self) -> dict:
        raise RaspasovkaError.of("rasp_to_json")

    def __repr__(self) -> str:
        return (f"<RaspasovkaPosition done={self.done} to_move={self.to_move} "
                f"hands={[Hand(h).compact() for h in self.hands]} talon={[str(c) for c in self.talon]}>")


def check_constraints(pos: RaspasovkaPosition, cons: Constraints) -> None:
    """The penalty code's constraints that exist on raspasovka: penalty cards (held by their
    seat) and lead rulings; a plan of play belongs to a side, and raspasovka has none."""
    if not isinstance(cons, Constraints):
        raise RaspasovkaError.of("expected_constraints", "constraints", got=type(cons).__name__)
    if cons.plan is not None:
        raise RaspasovkaError.of("rasp_no_plan", "constraints.plan")
    check_held(pos, cons)


def raspasovka_deal(hands, talon=(), rules: RaspasovkaRules = SOCHI_RULES) -> RaspasovkaPosition:
    """The start of a dealt raspasovka: ten cards each, the talon in the order it is turned."""
    return RaspasovkaPosition(hands, talon, done=0, rules=rules)


__all__ = ["RaspasovkaRules", "RaspasovkaPosition", "RaspasovkaError", "SOCHI_RULES", "FIRST_HAND", "NOBODY",
           "TALON_RULES", "VOID_TALON_RULES", "AFTER_TALON_RULES", "raspasovka_deal", "check_constraints"]
