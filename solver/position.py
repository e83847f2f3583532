"""A position of the card play: three hands, the trick on the table, who is to move.

``Position`` is the board of this library (think python-chess ``Board``): it knows the
legal moves, plays and undoes them, keeps the moves played (:attr:`Position.moves`, like
python-chess ``move_stack``), and validates whatever it is given. Seats are
:class:`~solver.seat.Seat` values 0, 1, 2 in play order; seat 0 is first hand.

Text notation (one line, like a chess FEN; ``str(pos)`` prints it and
:meth:`Position.from_str` reads it back)::

    7h 0 A.7..A/.Q.K./J...T 1:Ks,Qs 1,0,0 7s,8s
    │  │ │                  │       │     └ cards out of play (talon, discard), or -
    │  │ │                  │       └ tricks taken by seats 0,1,2 (default 0,0,0)
    │  │ │                  └ the leader, a colon, the cards of the trick in play order
    │  │ └ hands of seats 0/1/2, each ♠.♣.♦.♥ high to low, T for ten, empty if void
    │  └ the declarer's seat
    └ the contract: s c d h nt misere, or with a level (7h, 6nt)

The last two fields may be left out. ``pos.diagram()`` is the same position laid out for a
reader.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from . import json_fields
from .cards import RANK_LETTERS, Card
from .contract import _TRUMPS, Contract, Strain
from .errors import IllegalMoveError, PositionError, PrefError
from .hands import SUIT_MASKS, Hand, cards_of, mask_of, popcount, suit_bits
from .seat import SEATS, Seat, parse_seat
from .talon import out_of_play


def trick_winner(trick, trump: int | None) -> int:
    """Seat that wins a trick given as ``[(seat, card), ...]`` in order of play."""
    best_seat, best = trick[0][0], int(trick[0][1])
    for seat, card in trick[1:]:
        c = int(card)
        cs = c >> 3
        bs = best >> 3
        if cs == bs:
            if c > best:
                best_seat, best = seat, c
        elif trump is not None and cs == trump:
            best_seat, best = seat, c
        # else: a discard, never wins
    return best_seat


def run_low(pos, card, alone: int = 0) -> int:
    """Lowest card of the run of equivalent cards ``card`` belongs to in the mover's hand.

    Cards of one hand and suit with no live card between them (hands and the trick on the
    table count as live) are equivalent: whichever is played, the positions are the same up
    to renaming. Cards in the mask ``alone`` (penalty or plan cards) are never merged.
    Works for any position with ``hands``, ``trick`` and ``to_move``.
    """
    c = int(card)
    if alone >> c & 1:
        return c
    alive = pos.hands[0] | pos.hands[1] | pos.hands[2]
    for _, t in pos.trick:
        alive |= 1 << int(t)
    mine = pos.hands[pos.to_move] & ~alone
    low = (c >> 3) * 8
    while True:
        lower = c - 1
        while lower >= low and not (alive >> lower & 1):  # past cards no longer live
            lower -= 1
        if lower >= low and mine >> lower & 1:
            c = lower
        else:
            return c


def replay_history(pos, history, trick_number) -> None:
    """Play ``history`` (cards in order) on ``pos``, naming the first illegal move by its
    index, trick (``trick_number()``: the current trick's number), seat, card and reason.
    Works for any position with ``to_move``, ``is_over()`` and ``play()``."""
    for i, text in enumerate(history):
        trick_no = trick_number()
        seat = pos.to_move
        try:
            card = Card.parse(text)
        except PrefError as e:
            raise IllegalMoveError.of("at_move", f"history[{i}]", trick=trick_no, seat=seat, inner=e) from None
        if pos.is_over():
            raise IllegalMoveError.of("deal_over", f"history[{i}]", card=str(card))
        try:
            pos.play(card)
        except IllegalMoveError as e:
            raise IllegalMoveError.of("at_card", f"history[{i}]", trick=trick_no, seat=seat, card=str(card),
                                      inner=e) from None


def legal_mask(hand: int, lead_suit: int | None, trump: int | None) -> int:
    """Follow suit; when void, a trump is compulsory if held; otherwise any card."""
    if lead_suit is None:
        return hand
    follow = hand & SUIT_MASKS[lead_suit]
    if follow:
        return follow
    if trump is not None:
        ruff = hand & SUIT_MASKS[trump]
        if ruff:
            return ruff
    return hand


class CardPlaces:
    """Where each card of a position lies: a card in two places is an error naming both
    (``error``: the error class of the position being checked)."""

    def __init__(self, error: type[PrefError]):
        self.error = error
        self.seen: dict[int, str] = {}

    def claim(self, card, where: str) -> None:
        c = int(card)
        if c in self.seen:
            raise self.error.of("card_in_two_places", None, card=str(Card(c)), a=self.seen[c], b=where)
        self.seen[c] = where

    def claim_hands(self, hands) -> None:
        """Each hand a 32-bit mask, each of its cards in that hand only."""
        for seat, h in enumerate(hands):
            if not 0 <= h <= 0xFFFFFFFF:
                raise self.error(f"hands[{seat}]: not a 32-bit mask")
            for c in cards_of(h):
                self.claim(c, f"hands[{seat}]")


def check_hand_sizes(pos, error: type[PrefError]) -> int:
    """The hands' sizes must fit the trick on the table: each seat that has played to it
    holds one card fewer than the seat to move, who holds a card if a trick is under way.
    Returns the number he holds. Works for any position with ``hands``, ``trick``,
    ``leader`` and ``to_move``."""
    sizes = [popcount(h) for h in pos.hands]
    for seat, size in enumerate(sizes):
        if size > 10:  # say so, rather than which other hand would have to match it
            raise error.of("hand_too_big", f"hands[{seat}]", n=size)
    n = sizes[pos.to_move]
    for i in range(3):
        seat = (pos.leader + i) % 3
        want = n - 1 if i < len(pos.trick) else n
        if sizes[seat] != want:
            raise error.of("hand_sizes", None, sizes=sizes, on_table=len(pos.trick), mover=int(pos.to_move), n=n,
                           seat=seat, should=want)
    if pos.trick and n == 0:
        raise error.of("mover_empty")
    return n


@dataclass(frozen=True)
class Move:
    """A card played by a seat (the seat is always implied by the position)."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}:{self.card}"

    def __repr__(self) -> str:
        return f"Move({self.seat}, {self.card!r})"

    def __iter__(self):
        """``seat, card = move``, as for the pair :meth:`Position.undo` once returned on raspasovka."""
        return iter((self.seat, self.card))


class Position:
    """A mutable play position with ``legal_moves``, ``play`` and ``undo``.

    ``hands`` are the cards still held; ``trick`` the cards already on the table in the
    current trick, ``leader`` who led it (or leads next when it is empty); ``taken`` the
    tricks already won by each seat; ``out`` cards out of play (talon, discard).

    A game with other rules of play is a subclass overriding the hooks (python-chess's
    variants of ``Board``; :class:`~solver.raspasovka.rules.RaspasovkaPosition`):
    :attr:`lead_suit` (the suit to follow), :meth:`_trick_winner`, :meth:`_next_leader`,
    :meth:`_close_trick`/:meth:`_reopen_trick` (the counts a completed trick changes),
    :meth:`_check_cards`/:meth:`_check_counts` (validation), :meth:`_copy_rules`,
    :meth:`_trick_number` and :meth:`key`. Legal moves, play, undo, the move history and
    the checks of the trick on the table are written once, here.
    """

    __slots__ = ("hands", "contract", "declarer", "leader", "trick", "taken", "out", "_stack")

    hands: list[int]
    contract: Contract
    declarer: Seat
    leader: Seat
    trick: list[tuple[Seat, Card]]
    taken: list[int]
    out: int
    _stack: list
    _error: type[PrefError] = PositionError  # the class of this game's position errors

    def __init__(self, hands, contract, declarer: int, leader: int, trick=(), taken=(0, 0, 0), out=()):
        self.contract = Contract.parse(contract) if not isinstance(contract, Contract) else contract
        if self.contract.is_raspasovka:
            raise PositionError.of("raspasovka_position", "contract")
        self.declarer = Seat.parse(declarer, "declarer")
        self.leader = Seat.parse(leader, "leader")
        if len(hands) != 3:
            raise PositionError.of("three_hands", "hands", got=len(hands))
        self.hands = [h if isinstance(h, int) else Hand(h).mask for h in hands]
        self.trick = [(Seat.parse(s, f"trick[{i}]"), Card.parse(c)) for i, (s, c) in enumerate(trick)]
        self.taken = list(taken)
        self.out = out if isinstance(out, int) else mask_of(Card.parse(c) for c in out)
        self._stack = []
        self.validate()

    # ------------------------------------------------------------------ properties
    @property
    def strain(self) -> Strain:
        return self.contract.strain

    @property
    def trump(self) -> int | None:
        return _TRUMPS[self.contract.strain]   # (Strain.trump without its call: read in every play)

    @property
    def is_misere(self) -> bool:
        return self.contract.strain.is_misere

    @property
    def to_move(self) -> Seat:
        return SEATS[(self.leader + len(self.trick)) % 3]

    @property
    def moves(self) -> list[Move]:
        """The moves played on this position since it was built (or since the history was
        cleared), oldest first: what :meth:`undo` would take back, in reverse."""
        done: list[Move] = []
        pending = 0  # plays since the last completed trick
        for top in self._stack:
            if top is None:
                pending += 1
            else:
                done.extend(Move(s, c) for s, c in top[0])
                pending = 0
        if pending:
            done.extend(Move(s, c) for s, c in self.trick[-pending:])
        return done

    @property
    def lead_suit(self) -> int | None:
        return int(self.trick[0][1]) >> 3 if self.trick else None

    def hand(self, seat: int) -> Hand:
        return Hand(self.hands[seat])

    def tricks_left(self) -> int:
        return popcount(self.hands[self.to_move])

    def is_over(self) -> bool:
        return not self.trick and not any(self.hands)

    # ------------------------------------------------------------------ validation
    def validate(self) -> None:
        """Every card in one place, the trick in turn, hand sizes that fit it, the tricks
        counted, and the cards on the table legal for what their players still hold."""
        self._check_cards()
        order = [(self.leader + i) % 3 for i in range(3)]
        for i, (seat, card) in enumerate(self.trick):
            if seat != order[i]:
                raise self._error(
                    f"trick: card {i + 1} ({card}) was played by seat {seat}, but after leader "
                    f"{self.leader} it is seat {order[i]}'s turn"
                )
        n = check_hand_sizes(self, self._error)
        self._check_counts(n)
        lead = self.lead_suit
        if lead is None:  # nothing led yet: nothing to follow
            return
        for seat, card in self.trick:  # the first card follows its own suit, unless a talon card leads
            held = self.hands[seat] | card.mask
            if not legal_mask(held, lead, self.trump) & card.mask:
                raise _illegal(seat, card, held, lead, self.trump).again(self._error, "trick")

    def _check_cards(self) -> None:
        """Hook: every card in one place only, at most two on the table, the tricks taken."""
        places = CardPlaces(PositionError)
        places.claim_hands(self.hands)
        if len(self.trick) > 2:
            raise PositionError.of("trick_too_long", "trick")
        for _, card in self.trick:
            places.claim(card, "trick")
        for c in cards_of(self.out):
            places.claim(c, "talon/discard")
        if len(self.taken) != 3 or any((not isinstance(t, int)) or t < 0 for t in self.taken):
            raise PositionError.of("taken_three", "taken", got=self.taken)

    def _check_counts(self, n: int) -> None:
        """Hook: the tricks taken and the ``n`` still to play fit one deal."""
        if n > 10:
            raise PositionError.of("hand_over_ten", None, n=n)
        if sum(self.taken) + n > 10:
            raise PositionError.of("taken_over", "taken", taken=list(self.taken), n=n)

    # ------------------------------------------------------------------ play
    def legal_mask(self) -> int:
        return legal_mask(self.hands[self.to_move], self.lead_suit, self.trump)

    def legal_moves(self) -> list[Card]:
        return cards_of(self.legal_mask())

    def is_legal(self, card) -> bool:
        return bool(self.legal_mask() & Card.parse(card).mask)

    def play(self, card) -> int | None:
        """Play a card for the seat to move; returns the trick's winner if it completes one."""
        card = Card.parse(card)
        seat = self.to_move
        if not self.hands[seat] & card.mask:
            raise IllegalMoveError.of("not_held", None, seat=seat, card=str(card))
        if not self.legal_mask() & card.mask:
            raise _illegal(seat, card, self.hands[seat], self.lead_suit, self.trump)
        return self._apply(seat, card, self._stack)

    def played(self, card: Card) -> Self:
        """A copy, without history, once ``card`` — a legal move of the seat to move, not
        checked again — is played: the step of a search over positions it already generated
        (the information sets' walk makes hundreds of thousands)."""
        p = self.copy(stack=False)
        p._apply(p.to_move, card, None)
        return p

    def _apply(self, seat: Seat, card: Card, stack: list | None) -> int | None:
        """The play itself, recorded on ``stack`` (None: not recorded)."""
        self.hands[seat] ^= card.mask
        self.trick.append((seat, card))
        if len(self.trick) < 3:
            if stack is not None:
                stack.append(None)
            return None
        done = self.trick
        winner = self._trick_winner(done)
        if stack is not None:
            stack.append((done, self.leader, winner))
        self.leader = self._next_leader(winner)
        self._close_trick(winner)
        self.trick = []
        return winner

    def undo(self) -> Move:
        if not self._stack:
            raise IllegalMoveError.of("nothing_to_undo")
        top = self._stack.pop()
        if top is not None:
            done, leader, winner = top
            self._reopen_trick(winner)
            self.trick = list(done)
            self.leader = leader
        seat, card = self.trick.pop()
        self.hands[seat] |= card.mask
        return Move(seat, card)

    # the hooks of play: who takes a complete trick, who leads next, what its end counts
    def _trick_winner(self, trick) -> int:
        """Hook: the seat that takes a complete trick ``[(seat, card), ...]`` (in play order)."""
        return trick_winner(trick, self.trump)

    def _next_leader(self, winner: int) -> Seat:
        """Hook: who leads the next trick once the current one, still counted as not done,
        went to ``winner``."""
        return winner  # type: ignore[return-value]  # a seat of the trick, so a Seat

    def _close_trick(self, winner: int) -> None:
        """Hook: count a completed trick (undone by :meth:`_reopen_trick`)."""
        self.taken[winner] += 1

    def _reopen_trick(self, winner: int) -> None:
        self.taken[winner] -= 1

    def copy(self, stack: bool = True) -> Self:
        """An independent copy; with its move history (so it can :meth:`undo`) unless
        ``stack=False``."""
        p = self.__class__.__new__(self.__class__)
        p.hands = list(self.hands)
        p.leader = self.leader
        p.trick = list(self.trick)
        p.taken = list(self.taken)
        p._stack = list(self._stack) if stack else []
        self._copy_rules(p)
        return p

    def _copy_rules(self, p) -> None:
        """Hook: what :meth:`copy` shares besides the cards and the tricks (the game's rules)."""
        p.contract, p.declarer, p.out = self.contract, self.declarer, self.out

    def clear_stack(self) -> None:
        """Forget the moves played (:attr:`moves` becomes empty, :meth:`undo` has nothing to
        take back); the position itself, the cards of the trick included, stays (python-chess
        ``Board.clear_stack``)."""
        self._stack.clear()

    def root(self) -> Self:
        """The position before the first of :attr:`moves` (a copy; no history)."""
        p = self.copy(stack=True)
        while p._stack:
            p.undo()
        return p

    # ------------------------------------------------------------------ equality
    def key(self) -> tuple:
        """A frozen snapshot of the current state (hands, contract, seats, trick, tricks
        taken, cards out; not the move history), hashable: the dict key or set member for a
        position, which is itself mutable and so unhashable."""
        return (tuple(self.hands), self.contract, int(self.declarer), int(self.leader),
                tuple((int(s), int(c)) for s, c in self.trick), tuple(self.taken), self.out)

    def __eq__(self, other: object) -> bool:
        """Same cards, contract, seats, trick, tricks taken and cards out; the move history
        does not count (two roads to one position give one position)."""
        if not isinstance(other, Position) or type(other) is not type(self):
            return NotImplemented
        return self.key() == other.key()

    # mutable, so unhashable (python-chess ``Board`` too): a position whose hash changed
    # after play() would be lost in a set; use ``pos.key()`` as the key
    __hash__ = None  # type: ignore[assignment]

    def replay(self, history) -> None:
        """Play a list of cards in order, naming the first illegal one."""
        replay_history(self, history, self._trick_number)

    def _trick_number(self) -> int:
        """Hook: the current trick's number, 1 to 10 (errors name it)."""
        return sum(self.taken) + 1

    # ------------------------------------------------------------------ formats
    def to_json(self) -> dict[str, Any]:
        """The record ``prefdd solve`` reads (:func:`position_from_json` reads it); the move history
        is not part of it."""
        rec: dict[str, Any] = {
            "hands": [[str(c) for c in cards_of(h)] for h in self.hands],
            "contract": str(self.contract),
            "declarer": int(self.declarer),
            "leader": int(self.leader),
        }
        if self.trick:
            rec["trick"] = [[int(s), str(c)] for s, c in self.trick]
        if any(self.taken):
            rec["taken"] = list(self.taken)
        if self.out:
            rec["discard"] = [str(c) for c in cards_of(self.out)]
        return rec

    @classmethod
    def from_json(cls, record: Any) -> Position:
        """A position from a ``prefdd solve`` record (:func:`position_from_json`)."""
        return position_from_json(record)

    def notation(self) -> str:
        """The one-line notation of the module docstring; ``str(pos)`` is the same."""
        hands = "/".join(_dotted(h) for h in self.hands)
        trick = f"{self.leader}:" + ",".join(str(c) for _, c in self.trick)
        out = ",".join(str(c) for c in cards_of(self.out)) or "-"
        return f"{self.contract} {self.declarer} {hands} {trick} {','.join(map(str, self.taken))} {out}"

    @classmethod
    def from_str(cls, text: str) -> Position:
        """Read the one-line notation back (errors name the field at fault)."""
        return parse_position(text)

    def __str__(self) -> str:
        return self.notation()

    def diagram(self) -> str:
        """The position laid out for a reader: contract, hands with their tricks, the trick."""
        lines = [f"{self.contract.pretty()} by seat {self.declarer}; seat {self.to_move} to move"]
        for s in SEATS:
            mark = "*" if s == self.declarer else " "
            lines.append(f" {mark}{s}: {Hand(self.hands[s]).compact()}  ({self.taken[s]} tricks)")
        if self.trick:
            lines.append("  trick: " + " ".join(f"{s}:{c.pretty()}" for s, c in self.trick))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Position.from_str({self.notation()!r})"


_NOTATION_FIELDS = ("contract", "declarer", "hands", "leader:trick", "taken", "out")


def _dotted(mask: int) -> str:
    """``AKJ.AT.AJ98.``: a hand's suits ♠.♣.♦.♥, ranks high to low."""
    return ".".join(
        "".join(RANK_LETTERS[r] for r in range(7, -1, -1) if suit_bits(mask, s) >> r & 1) for s in range(4)
    )


def _undotted(text: str, path: str) -> int:
    suits = text.split(".")
    if len(suits) != 4:
        raise PositionError.of("four_suits", path, got=text)
    mask = 0
    for s, ranks in enumerate(suits):
        for ch in ranks:
            r = RANK_LETTERS.find(ch.upper())
            if r < 0:
                raise PositionError.of("not_a_rank", path, ch=ch, text=text)
            bit = 1 << (s * 8 + r)
            if mask & bit:
                raise PositionError.of("duplicate_in", path, card=str(Card(s * 8 + r)), text=text)
            mask |= bit
    return mask


def parse_position(text: str) -> Position:
    """A :class:`Position` from its one-line notation (see the module docstring)."""
    if not isinstance(text, str):
        raise PositionError.of("notation_type", "notation", got=type(text).__name__)
    parts = text.split()
    if not 4 <= len(parts) <= 6:
        raise PositionError.of("notation_fields", "notation", fields=" ".join(_NOTATION_FIELDS), n=len(parts), text=text)
    contract, declarer, hands_txt, trick_txt = parts[:4]
    hands_list = hands_txt.split("/")
    if len(hands_list) != 3:
        raise PositionError.of("three_hands_slash", "hands", got=hands_txt)
    hands = [_undotted(h, f"hands[{i}]") for i, h in enumerate(hands_list)]
    leader_txt, colon, cards_txt = trick_txt.partition(":")
    if not colon:
        raise PositionError.of("trick_notation", "trick", got=trick_txt)
    leader = parse_seat(leader_txt, "leader", strict=False)
    trick = []
    for i, c in enumerate(x for x in cards_txt.split(",") if x):
        try:
            trick.append((SEATS[(leader + i) % 3], Card.parse(c)))
        except PrefError as e:
            raise e.again(PositionError, f"trick[{i}]") from None
    taken: list[int] = [0, 0, 0]
    if len(parts) > 4:
        bits = parts[4].split(",")
        if len(bits) != 3 or not all(b.isdigit() for b in bits):
            raise PositionError.of("taken_notation", "taken", got=parts[4])
        taken = [int(b) for b in bits]
    out: list[Card] = []
    if len(parts) > 5 and parts[5] != "-":
        try:
            out = [Card.parse(c) for c in parts[5].split(",") if c]
        except PrefError as e:
            raise e.again(PositionError, "out") from None
    return Position(hands, contract, parse_seat(declarer, "declarer", strict=False), leader, trick, taken, out)


def _illegal(seat, card, hand: int, lead_suit: int | None, trump: int | None) -> IllegalMoveError:
    from .cards import SUIT_SYMBOLS

    if lead_suit is not None and hand & SUIT_MASKS[lead_suit]:
        return IllegalMoveError.of("must_follow", None, seat=seat, card=str(card), suit=SUIT_SYMBOLS[lead_suit])
    if lead_suit is not None and trump is not None and hand & SUIT_MASKS[trump]:
        return IllegalMoveError.of("must_trump", None, seat=seat, card=str(card), suit=SUIT_SYMBOLS[lead_suit],
                                   trump=SUIT_SYMBOLS[trump])
    return IllegalMoveError.of("not_allowed", None, seat=seat, card=str(card))


GAME_FIELDS = frozenset({"hands", "contract", "declarer", "leader", "to_move", "trick", "history", "talon",
                         "discard", "taken", "constraints", "favour", "id"})

def position_from_json(rec: dict, extra: frozenset = frozenset()) -> Position:
    """Build and validate a position from a record (one JSON object, the input of ``prefdd
    solve``); errors name the field. A record has:

    * ``hands`` — three lists of cards (seats 0, 1, 2 in play order), the cards each holds;
    * ``contract`` — a strain (``s c d h nt misere``) or a contract (``7h``, ``6nt``);
    * ``declarer`` — seat 0, 1 or 2;
    * then one of: ``leader`` (a trick is about to start), ``to_move`` with ``trick``
      (``[[seat, card], ...]`` already on the table), or ``history`` (cards played so far, in
      order from the first lead; then ``hands`` are the hands as dealt and ``leader`` the
      first leader, seat 0 by default);
    * optional: ``talon``/``discard`` (the discard is out of play, and so are the talon cards
      no hand holds: :func:`solver.talon.out_of_play`), ``taken``
      (tricks already won by each seat), ``constraints`` (read by
      :func:`~solver.constraints.constraints_from_json`), ``id``, ``favour``;
    * annotations the solver does not read: ``source``, ``note`` and ``declarer_tricks``.

    Any other field is an error naming it and the nearest known name: a misspelt ``taken``
    silently ignored would be a wrong answer. ``extra``: the fields a caller's own format
    adds to the record (read by that caller)."""
    if not isinstance(rec, dict):
        raise PositionError.of("expected_object", None, got=json_fields.json_kind(rec))
    json_fields.check_fields(rec, GAME_FIELDS | extra)
    for f in ("hands", "contract", "declarer"):
        if f not in rec:
            raise PositionError.of("missing_field", None, name=f)
    hands = rec["hands"]
    if not isinstance(hands, list) or len(hands) != 3:
        raise PositionError.of("three_hands_list", "hands")
    masks = []
    for i, h in enumerate(hands):
        masks.append(mask_of(json_fields.cards(h, f"hands[{i}]", distinct=True)))
    talon, discard = (json_fields.cards(rec[f], f) if rec.get(f) is not None else [] for f in ("talon", "discard"))
    declarer = parse_seat(rec.get("declarer"), "declarer")
    taken = rec.get("taken", [0, 0, 0])
    if not (isinstance(taken, list) and len(taken) == 3 and all(isinstance(t, int) and not isinstance(t, bool) for t in taken)):
        raise PositionError.of("taken_three", "taken", got=taken)
    contract = rec["contract"]
    if "history" in rec and rec["history"] is not None:
        if "trick" in rec or "to_move" in rec:
            raise PositionError.of("history_or_trick")
        leader = parse_seat(rec.get("leader"), "leader") if "leader" in rec else 0
        pos = Position(masks, contract, declarer, leader, taken=taken, out=out_of_play(masks, declarer, talon, discard))
        pos.replay(json_fields.cards(rec["history"], "history"))
        pos.clear_stack()
        return pos
    trick = rec.get("trick") or []
    if trick:
        if not isinstance(trick, list) or not all(isinstance(t, (list, tuple)) and len(t) == 2 for t in trick):
            raise PositionError.of("trick_pairs", "trick")
        parsed = []
        for i, (s, c) in enumerate(trick):
            parsed.append((parse_seat(s, f"trick[{i}]"), json_fields.cards([c], f"trick[{i}]")[0]))
        leader = parsed[0][0]
        if "to_move" in rec:
            tm = parse_seat(rec.get("to_move"), "to_move")
            if tm != (leader + len(parsed)) % 3:
                raise PositionError.of("to_move_after", "to_move", seat=tm, n=len(parsed), leader=leader)
        if "leader" in rec and rec["leader"] != leader:
            raise PositionError.of("leader_vs_trick", "leader", got=rec["leader"], seat=leader)
        held = [m | mask_of(c for s, c in parsed if s == seat) for seat, m in enumerate(masks)]
        return Position(masks, contract, declarer, leader, parsed, taken, out_of_play(held, declarer, talon, discard))
    if "leader" in rec:
        leader = parse_seat(rec.get("leader"), "leader")
    elif "to_move" in rec:
        leader = parse_seat(rec.get("to_move"), "to_move")
    else:
        raise PositionError.of("missing_leader")
    return Position(masks, contract, declarer, leader, (), taken, out_of_play(masks, declarer, talon, discard))
