"""The online-room protocol text format: deals scraped from a large Russian Preferans room
and archived as text (eshavlyugin/Preferans: ``DBDownloader`` writes it,
``src/core/DatabaseParser.cpp`` reads it).

One deal a block::

    begin
    CONTRACT 7s            (6s .. 10nt; misere / miser; pass / pas: raspasovka)
    FIRSTPLAYER 1          (who bids and leads first: player 0, 1 or 2)
    NUMOFPLAYERS 3
    HAND 7s 10s Js ...     (ten cards: the first HAND is player 2's, then 0's, then 1's)
    HAND ...
    HAND ...
    TRADE 6s               (the bids in the order made, from FIRSTPLAYER, passed players skipped)
    TRADE pass
    WIDOW 9h Ad            (the talon, in the order turned)
    MOVE 8s                (the play, three a trick, in player order 0, 1, 2 — not play order)
    end

A card is its rank and suit letter (``10s``, ``As``). Our seats are the room's players
turned so that FIRSTPLAYER is seat 0 (first hand). The declarer is the one bidder who
never passed. The room records no discard: a contract game whose ten tricks are all in
the file gets its discard from them (the two cards of hand and talon never played); one
with no play keeps the declarer's hand as dealt, and its record says so in its note.
"""
from __future__ import annotations

import os

from solver.cards import Card
from solver.errors import PrefError

from .common import ForeignDeal, FormatError, ReadError, Reading, check_deal

KEYS = ("begin", "end", "CONTRACT", "FIRSTPLAYER", "NUMOFPLAYERS", "HAND", "TRADE", "WIDOW", "MOVE")
HAND_PLAYERS = (2, 0, 1)   # the room's player whose cards each HAND line gives, in order


def parse_card(text: str) -> Card:
    if len(text) < 2 or text[-1] not in "scdh" or text[:-1] not in ("7", "8", "9", "10", "J", "Q", "K", "A"):
        raise FormatError.read("read_card_room", text)
    return Card.parse(text)


def parse_contract(text: str) -> str:
    t = text.lower()
    if t in ("pass", "pas"):
        return "raspasovka"
    if t in ("misere", "miser"):
        return "misere"
    for level in ("10", "9", "8", "7", "6"):
        if t.startswith(level) and t[len(level):] in ("s", "c", "d", "h", "nt"):
            return t
    raise FormatError.read("read_contract_room", text)


class _Block:
    def __init__(self, line: int):
        self.line = line
        self.contract: tuple[int, str] | None = None
        self.first: tuple[int, int] | None = None
        self.hands: list[tuple[int, list[Card]]] = []
        self.trade: list[tuple[int, str]] = []
        self.widow: tuple[int, list[Card]] | None = None
        self.moves: list[tuple[int, Card]] = []
        self.bad = False


def read_room(data: bytes | str, path: str = "<room>") -> Reading:
    """Every deal of a protocol file; an error for every line or deal that cannot be read."""
    from .common import decode

    text, encoding = decode(data) if isinstance(data, bytes) else (data, "utf-8")
    reading = Reading(encoding=encoding)
    name = os.path.basename(path)
    block: _Block | None = None
    count = 0

    def fail(number: int, token: str, kind: str, **params) -> None:
        reading.errors.append(ReadError.of(name, number, token, kind, **params))
        if block is not None:
            block.bad = True

    for number, line in enumerate(text.split("\n"), 1):
        words = line.split()
        if not words:
            continue
        key, args = words[0], words[1:]
        if key == "begin":
            if block is not None:
                fail(block.line, "begin", "read_no_end", at=number)
            block = _Block(number)
            count += 1
            continue
        if key not in KEYS:
            fail(number, key, "read_unknown_line", known=", ".join(KEYS))
            continue
        if block is None:
            reading.errors.append(ReadError.of(name, number, key, "read_outside"))
            continue
        if key == "end":
            if not block.bad:
                try:
                    deal = _deal(block, name, count)
                    check_deal(deal)
                    reading.deals.append(deal)
                except FormatError as e:
                    reading.errors.append(ReadError.from_error(name, e.line or block.line, e.token or "begin", e))
            block = None
            continue
        try:
            _read_line(block, key, args, number)
        except FormatError as e:
            reading.errors.append(ReadError.from_error(name, number, e.token or key, e))
            if block is not None:
                block.bad = True
    if block is not None:
        reading.errors.append(ReadError.of(name, block.line, "begin", "read_unended"))
    reading.errors.sort(key=lambda e: e.line)
    return reading


def _read_line(block: _Block, key: str, args: list[str], number: int) -> None:
    def one() -> str:
        if len(args) != 1:
            raise FormatError.read("read_one_value", " ".join(args) or key, None, key=key, n=len(args))
        return args[0]

    if key == "CONTRACT":
        block.contract = (number, parse_contract(one()))
    elif key == "FIRSTPLAYER":
        value = one()
        if value not in ("0", "1", "2"):
            raise FormatError.read("read_first_player", value)
        block.first = (number, int(value))
    elif key == "NUMOFPLAYERS":
        if one() not in ("3", "4"):
            raise FormatError.read("read_players", args[0])
    elif key == "HAND":
        if len(block.hands) == 3:
            raise FormatError.read("read_fourth_hand", key)
        cards = [parse_card(a) for a in args]
        if len(cards) != 10:
            raise FormatError.read("read_dealt_ten", " ".join(args) or key, None, n=len(cards))
        block.hands.append((number, cards))
    elif key == "TRADE":
        bid = one().lower()
        if bid not in ("pass", "pas", "misere", "miser"):
            parse_contract(bid)
        block.trade.append((number, bid))
    elif key == "WIDOW":
        if len(args) != 2:
            raise FormatError.read("read_widow", " ".join(args) or key, None, n=len(args))
        block.widow = (number, [parse_card(a) for a in args])
    elif key == "MOVE":
        block.moves.append((number, parse_card(one())))


def _declarer(first: int, trade: list[tuple[int, str]], line: int) -> int:
    """The room's player who never passed: bids go round from ``first``, skipping passers."""
    passed = [False, False, False]
    player = first
    for number, bid in trade:
        turns = 0
        while passed[player]:
            player, turns = (player + 1) % 3, turns + 1
            if turns == 3:
                raise FormatError.read("read_bid_after", bid, number)
        passed[player] = passed[player] or bid in ("pass", "pas")
        player = (player + 1) % 3
    left = [p for p in range(3) if not passed[p]]
    if len(left) != 1:
        raise FormatError.read("read_bidding", "TRADE", line, n=len(left))
    return left[0]


def _deal(b: _Block, name: str, count: int) -> ForeignDeal:
    for what, value in (("CONTRACT", b.contract), ("FIRSTPLAYER", b.first), ("WIDOW", b.widow)):
        if value is None:
            raise FormatError.read("read_missing_room", "begin", b.line, what=what)
    assert b.contract and b.first and b.widow
    if len(b.hands) != 3:
        raise FormatError.read("read_hands_n", "begin", b.line, n=len(b.hands))
    contract, first = b.contract[1], b.first[1]
    room = [list[Card]() for _ in range(3)]
    for (_, cards), player in zip(b.hands, HAND_PLAYERS):
        room[player] = cards
    hands = [room[(first + s) % 3] for s in range(3)]   # our seat s is the room's player first + s
    talon = b.widow[1]
    groups = [[c for _, c in b.moves[i:i + 3]] for i in range(0, len(b.moves), 3)]
    if len(b.moves) % 3:
        number, card = b.moves[-1]
        raise FormatError.read("read_mid_trick", str(card), number, n=len(b.moves))
    tricks = [[g[(first + s) % 3] for s in range(3)] for g in groups]   # by our seat
    deal = ForeignDeal(id=f"{name} deal {count}", hands=hands, contract=contract, declarer=None, leader=0,
                       talon=talon, source=f"{name} line {b.line}")
    if contract != "raspasovka":
        deal.declarer = (_declarer(first, b.trade, b.contract[0]) - first) % 3
        if not tricks:
            deal.note = ("the room's protocol does not record the discard: the declarer's hand is his dealt hand, "
                         "the talon out of play")
        elif len(tricks) == 10:
            _take_discard(deal, tricks)
        else:
            raise FormatError.read("read_unfinished", "MOVE", b.moves[-1][0], n=len(tricks))
    deal.history = _play_order(deal, tricks, b)
    return deal


def _take_discard(deal: ForeignDeal, tricks: list[list[Card]]) -> None:
    """The declarer's hand as played is the cards he played; the rest of hand and talon is his discard."""
    d = deal.declarer
    assert d is not None
    played = [t[d] for t in tricks]
    held = deal.hands[d] + deal.talon
    foreign = [c for c in played if c not in held]
    if foreign:
        raise FormatError.read("read_foreign_card", str(foreign[0]), None, card=str(foreign[0]))
    deal.discard = [c for c in held if c not in played]
    deal.hands[d] = played


def _play_order(deal: ForeignDeal, tricks: list[list[Card]], b: _Block) -> list[Card]:
    """The tricks (cards by seat) in the order played, by playing them out under our rules."""
    if not tricks:
        return []
    from solver.position import Position
    from solver.raspasovka.rules import RaspasovkaPosition

    pos: Position | RaspasovkaPosition
    if deal.declarer is None:  # raspasovka
        pos = RaspasovkaPosition([list(h) for h in deal.hands], talon=deal.talon)
    else:
        pos = Position([list(h) for h in deal.hands], deal.contract, deal.declarer, deal.leader,
                       out=deal.talon_out + deal.discard)
    history: list[Card] = []
    for i, trick in enumerate(tricks):
        for _ in range(3):
            card = trick[pos.to_move]
            try:
                pos.play(card)
            except PrefError as e:
                number = b.moves[3 * i][0]  # the trick's first MOVE line
                raise FormatError.read("read_trick", str(card), number, trick=i + 1, inner=e) from None
            history.append(card)
    return history
