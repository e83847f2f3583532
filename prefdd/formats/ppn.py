"""Portable Preferans Notation (PPN, prefko/portable-preferans-notation): the Serbian game.

Tag lines (``[Player1 cope]``) and one bracketed line per deal, fourteen fields apart by
spaces::

    [1 231 <32 card codes> M3,P,3 2 AR 4 3 0 0 8 2 <throws> <summary>]
     id order cards        bids  main discarded contract accepted kontra refa value starts throws summary

``order``: the players in the order dealt (first hand first, the dealer last); ``cards``:
ten codes for each of them in that order, then the two talon cards (``1``-``8`` are 7♠-A♠,
``9 A``-``G`` 7♦-A♦, ``H``-``O`` 7♥-A♥, ``P``-``W`` 7♣-A♣); ``main``: the declarer;
``discarded``: his two discards (``XX`` for a game, played without the talon);
``contract``: 2 ♠, 3 ♦, 4 ♥, 5 ♣, 6 betl, 7 sans, 8 preferans, ``G`` before it for a game;
``accepted``: the defender who follows (``0`` none, ``8`` both); ``starts``: who leads the
first trick; ``throws``: tricks apart by commas, each the cards in the order thrown and the
winner's number.

What maps onto Russian rules is read: the cards and talon, the suit contracts (six tricks,
so ``6s 6d 6h 6c``), betl as misère, sans as ``6nt``, the defenders' decisions and the play.
A deal with a Serbian construct that Russian Preferans has not — a refe deal (``refa 1``),
a kontra or an invitation, the preferans contract, a trick of two cards (a defender who does
not follow sits out), an all-pass deal (dealt again in Serbia, no raspasovka) — is refused
with an error naming it. The session's tags (Bula, Refe, Result, Place) score the Serbian
game and are not read; the players' names are (for incidents).
"""
from __future__ import annotations

import os
import re

from solver.cards import Card
from solver.errors import PrefError

from .common import ForeignDeal, FormatError, ReadError, Reading, check_deal

CODES = "12345678" "9ABCDEFG" "HIJKLMNO" "PQRSTUVW"   # 7..A of spades, diamonds, hearts, clubs
CODE_SUITS = "sdhc"
RANKS = "789TJQKA"
CONTRACTS = {"2": "6s", "3": "6d", "4": "6h", "5": "6c", "6": "misere", "7": "6nt"}
KONTRA = {"I": "an invitation", "K": "a kontra", "R": "a rekontra", "S": "a subkontra", "M": "a mortkontra"}
FIELDS = ("id", "order", "cards", "bids", "main", "discarded", "contract", "accepted", "kontra", "refa", "value",
          "starts", "throws", "summary")
TAG = re.compile(r"\[([A-Za-z][A-Za-z0-9_]*)\s+(\"[^\"]*\"|[^\]]*)\]$")


def card_of(code: str) -> Card:
    i = CODES.find(code.upper()) if len(code) == 1 else -1
    if i < 0:
        raise FormatError.read("read_ppn_code", code)
    return Card.parse(RANKS[i % 8] + CODE_SUITS[i // 8])


def read_ppn(data: bytes | str, path: str = "<ppn>") -> Reading:
    """Every deal of a PPN file; an error for every line or deal that cannot be read."""
    from .common import decode

    text, encoding = decode(data) if isinstance(data, bytes) else (data, "utf-8")
    reading = Reading(encoding=encoding)
    name = os.path.basename(path)
    players: dict[int, str] = {}
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if not line:
            continue
        if not (line.startswith("[") and line.endswith("]")):
            reading.errors.append(ReadError.of(name, number, line, "read_ppn_line"))
            continue
        tag = TAG.match(line)
        if tag:
            m = re.fullmatch(r"Player([123])", tag[1])
            if m:
                players[int(m[1])] = tag[2].strip('"')
            continue
        try:
            deal = _deal(line[1:-1].split(), name, number, players)
            check_deal(deal)
            reading.deals.append(deal)
        except FormatError as e:
            reading.errors.append(ReadError.from_error(name, number, e.token or line, e))
    reading.errors.sort(key=lambda e: e.line)
    return reading


def _deal(f: list[str], name: str, number: int, players: dict[int, str]) -> ForeignDeal:
    if not f or not f[0].isdigit():
        raise FormatError.read("read_deal_number", f[0] if f else "[]")
    if len(f) >= 4 and f[3].upper() == "P,P,P":
        raise FormatError.read("read_all_pass", f[3])
    if len(f) < 12:
        raise FormatError.read("read_fields_cut", f[-1], None, n=len(FIELDS), fields=" ".join(FIELDS), m=len(f),
                               last=FIELDS[len(f) - 1])
    if len(f) > len(FIELDS):
        raise FormatError.read("read_fields", f[len(FIELDS)], None, n=len(FIELDS), m=len(f))
    order = f[1]
    if sorted(order) != ["1", "2", "3"]:
        raise FormatError.read("read_order", order)
    seat_of = {int(p): s for s, p in enumerate(order)}       # player number -> our seat
    codes = f[2]
    if len(codes) != 32:
        raise FormatError.read("read_32", codes, None, n=len(codes))
    cards = [card_of(c) for c in codes]
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    talon = cards[30:32]
    declarer = _player(f[4], "main", seat_of)
    contract = f[6].upper()
    game = contract.startswith("G")
    if contract.lstrip("G") == "8":
        raise FormatError.read("read_preferans", f[6])
    if contract.lstrip("G") not in CONTRACTS or contract.count("G") > 1:
        raise FormatError.read("read_contract_ppn", f[6])
    discard: list[Card] = []
    if f[5].upper() == "XX":
        if not game:
            raise FormatError.read("read_discard_xx", f[5])
    else:
        if game or len(f[5]) != 2:
            raise FormatError.read("read_discard", f[5])
        discard = [card_of(c) for c in f[5]]
        held = hands[declarer] + talon
        missing = [c for c in discard if c not in held]
        if missing:
            raise FormatError.read("read_discard_foreign", f[5], None, card=str(missing[0]))
        hands[declarer] = [c for c in held if c not in discard]
    decisions = _decisions(f[7], declarer, seat_of)
    if f[8] != "0":
        what = KONTRA.get(f[8][:1].upper(), "a kontra")
        raise FormatError.read("read_kontra", f[8], None, what=what)
    if f[9] != "0":
        raise FormatError.read("read_refe", f[9])
    if not f[10].isdigit():
        raise FormatError.read("read_number", f[10])
    leader = _player(f[11], "starts", seat_of)
    deal = ForeignDeal(id=f"{name} deal {f[0]}", hands=hands, contract=CONTRACTS[contract.lstrip('G')],
                       declarer=declarer, leader=leader, talon=talon, discard=discard, decisions=decisions,
                       players=[players[int(p)] for p in order] if len(players) == 3 else [],
                       source=f"{name} line {number}",
                       note="a Serbian game: played without the talon" if game else "")
    if len(f) > 12:
        deal.history = _throws(f[12], deal, seat_of)
    return deal


def _player(value: str, what: str, seat_of: dict[int, int]) -> int:
    if value not in ("1", "2", "3"):
        raise FormatError.read("read_player", value, None, what=what)
    return seat_of[int(value)]


def _decisions(value: str, declarer: int, seat_of: dict[int, int]) -> dict[int, str]:
    if not value.isdigit():
        raise FormatError.read("read_accepted", value)
    n = int(value)
    defenders = [s for s in range(3) if s != declarer]
    if n == 0:
        return {s: "pass" for s in defenders}
    if n >= 4:
        return {s: "whist" for s in defenders}
    if seat_of[n] == declarer:
        raise FormatError.read("read_accepted_declarer", value)
    return {s: "whist" if s == seat_of[n] else "pass" for s in defenders}


def _throws(value: str, deal: ForeignDeal, seat_of: dict[int, int]) -> list[Card]:
    """The play, checked trick by trick against our rules and the winners the file states."""
    from solver.position import Position

    assert deal.declarer is not None
    pos = Position([list(h) for h in deal.hands], deal.contract, deal.declarer, deal.leader,
                   out=deal.talon_out + deal.discard)
    history: list[Card] = []
    for i, item in enumerate(value.split(",")):
        if len(item) == 3:
            raise FormatError.read("read_two_card_trick", item, None, trick=i + 1)
        if len(item) != 4:
            raise FormatError.read("read_trick_cards", item, None, trick=i + 1)
        winner = None
        for code in item[:3]:
            card = card_of(code)
            try:
                winner = pos.play(card)
            except PrefError as e:
                raise FormatError.read("read_trick", item, None, trick=i + 1, inner=e) from None
            history.append(card)
        stated = _player(item[3], f"trick {i + 1} winner", seat_of)
        if winner != stated:
            player = next(p for p, s in seat_of.items() if s == winner)
            raise FormatError.read("read_trick_winner", item, None, trick=i + 1, won=player, stated=item[3])
    return history
