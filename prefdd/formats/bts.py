"""Bridge studio's problem files, ``.bts`` and ``.pts`` (slovesnov/bridge): read and write.

A file is a header line ``% bts version 5.2`` and deals, each a block of lines::

    deal 3 QJT.J9.A97.KJ K9.Q87.QT8.QT A.AKT.KJ.A987
    contract 7C
    play W
    turns 0
    player W
    absent S
    comment Barbakaru's problem. ...

The ``deal`` line holds the hands, suits in the order ♠.♥.♦.♣ (note: hearts second), ranks
``AKQJT987``, for the compass seats in clockwise order from North (from East when North is
the absent seat), skipping the ``absent`` one (South when the line is missing, as in files
before version 5.1). ``contract`` is ``misere``, or a level and a strain (``6S 7C 8D 9H
10NT``; ``?`` for an unset level). ``play`` is either the seat to lead or the cards played
from the first lead, suit first (``DA D9 DJ``); ``turns`` says how many of them have been
played in the position the file shows. ``player`` is the declarer. The comment runs to the
next ``deal`` line. Russian files are cp1251. A deal without a ``player`` line is a bridge
deal and is refused.

Our seats 0, 1, 2 are the hands in the order of the ``deal`` line; the first leader is the
``play`` seat (or the holder of the first card played). The cards of ``play`` after the
first ``turns`` are a line the file goes on with; they are kept in the record's note.
"""
from __future__ import annotations

import os
import re

from solver.cards import Card
from solver.errors import PrefError

from .common import ForeignDeal, FormatError, ReadError, Reading, check_deal

COMPASS = "NESW"
SUITS = "SHDC"              # Bridge studio's suit order
OUR_SUIT = {"S": "s", "H": "h", "D": "d", "C": "c"}
RANKS = "AKQJT987"
HEADER = "% bts version 5.2"
KEYS = ("contract", "play", "turns", "player", "absent", "comment", "pbninfo")


def seats_of(absent: str) -> str:
    """The compass seats in play order, from the first one the ``deal`` line lists."""
    first = "E" if absent == "N" else "N"
    start = COMPASS.index(first)
    return "".join(COMPASS[(start + i) % 4] for i in range(4) if COMPASS[(start + i) % 4] != absent)


def parse_hand(text: str) -> list[Card]:
    """``A98.AT98..T87`` (♠.♥.♦.♣) → cards; FormatError naming the bad part."""
    parts = text.split(".")
    if len(parts) != 4:
        raise FormatError.read("read_suits", text, None, n=len(parts))
    cards = []
    for suit, ranks in zip(SUITS, parts):
        ranks = ranks.upper().replace("10", "T")
        if ranks == "-":
            continue
        for r in ranks:
            if r not in RANKS:
                raise FormatError.read("read_rank", text, None, rank=r)
            cards.append(Card.parse(r + OUR_SUIT[suit]))
    return cards


def parse_card(text: str) -> Card:
    """A played card, suit first: ``DA`` → A♦."""
    t = text.upper().replace("10", "T")
    if len(t) != 2 or t[0] not in SUITS or t[1] not in RANKS:
        raise FormatError.read("read_card_bts", text)
    return Card.parse(t[1] + OUR_SUIT[t[0]])


def parse_contract(text: str) -> str:
    """``misere``, ``7C``, ``6NT``, ``?H`` (a strain with no level) → our contract text."""
    t = text.strip().lower()
    if t in ("misere", "mizer"):
        return "misere"
    m = re.fullmatch(r"(\?|\d{1,2})(s|c|d|h|nt|n)", t)
    if not m:
        raise FormatError.read("read_contract", text)
    strain = "nt" if m[2] in ("n", "nt") else m[2]
    if m[1] == "?":
        return strain
    if not 6 <= int(m[1]) <= 10:
        raise FormatError.read("read_level", text, None, level=int(m[1]))
    return f"{int(m[1])}{strain}"


class _Block:
    """The lines of one deal while they are read: key -> (line number, value)."""

    def __init__(self, line: int, text: str):
        self.line = line
        self.text = text
        self.fields: dict[str, tuple[int, str]] = {}
        self.comment: list[str] = []
        self.in_comment = ""  # "comment" or "pbninfo" once one has begun: the rest of the block is its


def read_bts(data: bytes | str, path: str = "<bts>") -> Reading:
    """Every deal of a .bts/.pts file; an error for every line or deal that cannot be read."""
    from .common import decode

    text, encoding = decode(data) if isinstance(data, bytes) else (data, "utf-8")
    reading = Reading(encoding=encoding)
    name = os.path.basename(path)
    block: _Block | None = None
    blocks: list[_Block] = []
    for number, line in enumerate(text.split("\n"), 1):
        word = line.split(" ", 1)[0].strip().lower()
        if word == "deal" and line[:5].lower() == "deal ":
            block = _Block(number, line)
            blocks.append(block)
            continue
        if block is not None and block.in_comment:
            if line.strip().lower() == "pbninfo":
                block.in_comment = "pbninfo"  # the comment ends where the PBN tags begin
            elif block.in_comment == "comment":
                block.comment.append(line)
            continue  # a bridge deal's PBN tags (pbninfo) are not read
        if not line.strip() or line.startswith("%"):
            continue
        if block is None:
            reading.errors.append(ReadError.of(name, number, line.strip(), "read_deal_first"))
            continue
        if word not in KEYS:
            reading.errors.append(ReadError.of(name, number, word, "read_unknown_line", known=f"deal, {', '.join(KEYS)}"))
            continue
        if word in block.fields:
            reading.errors.append(ReadError.of(name, number, word, "read_second", word=word, at=block.line))
            continue
        value = line.split(" ", 1)[1] if " " in line else ""
        block.fields[word] = (number, value.strip())
        if word in ("comment", "pbninfo"):  # each runs to the next deal
            block.in_comment = word
            if word == "comment":
                block.comment.append(value)
    for b in blocks:
        try:
            deal = _deal(b, name)
            check_deal(deal)
            reading.deals.append(deal)
        except FormatError as e:
            reading.errors.append(ReadError.from_error(name, e.line or b.line, e.token or b.text.strip(), e))
    reading.errors.sort(key=lambda e: e.line)
    return reading


def _field(b: _Block, key: str) -> tuple[int, str]:
    if key not in b.fields:
        raise FormatError.read("read_missing_line", b.text.strip(), b.line, what=repr(key))
    return b.fields[key]


def _at(line: int, fn, *args):
    """Call ``fn``; a FormatError it raises is placed at ``line``."""
    try:
        return fn(*args)
    except FormatError as e:
        e.line = e.line or line
        raise
    except PrefError as e:
        raise FormatError.passed_on(e, str(args[0]) if args else "", line) from None


def _deal(b: _Block, name: str) -> ForeignDeal:
    words = b.text.split()
    if len(words) < 2 or not words[1].isdigit():
        raise FormatError.read("read_deal_hands", b.text.strip(), b.line)
    number = words[1]
    missing = [k for k in ("contract", "play", "turns", "player") if k not in b.fields]
    if missing == ["player"]:
        raise FormatError.read("read_bridge", b.text.strip(), b.line)
    if missing:
        raise FormatError.read("read_missing", b.text.strip(), b.line, what=", ".join(repr(k) for k in missing))
    absent_at = b.fields.get("absent")
    absent = "S"
    if absent_at:
        absent = absent_at[1][:1].upper()
        if absent not in COMPASS or len(absent_at[1]) != 1:
            raise FormatError.read("read_absent", absent_at[1], absent_at[0])
    seats = seats_of(absent)
    hands_text = words[2:]
    if len(hands_text) != 3:
        raise FormatError.read("read_three_hands", b.text.strip(), b.line, seats=" ".join(seats), n=len(hands_text))
    hands = [_at(b.line, parse_hand, h) for h in hands_text]
    sizes = [len(h) for h in hands]
    odd = [i for i in range(3) if sizes.count(sizes[i]) == 1]
    if odd:
        i = odd[0]
        others = " and ".join(str(sizes[j]) for j in range(3) if j != i)
        raise FormatError.read("read_unequal", hands_text[i], b.line, seat=seats[i], n=sizes[i], others=others)
    line, value = _field(b, "player")
    declarer = _seat(value, seats, "player", line)
    line, value = _field(b, "contract")
    contract = _at(line, parse_contract, value)
    line, value = _field(b, "play")
    leader, played = _play(value, seats, hands, line)
    line, value = _field(b, "turns")
    if not value.isdigit():
        raise FormatError.read("read_turns", value, line)
    turns = int(value)
    if turns > len(played):
        raise FormatError.read("read_turns_long", value, line, turns=turns, m=len(played))
    note = "\n".join(b.comment).strip()
    if played[turns:]:
        rest = " ".join(str(c) for c in played[turns:])
        note = (note + "\n" if note else "") + f"the file's play goes on: {rest}"
    return ForeignDeal(id=f"{name} deal {number}", hands=hands, contract=contract, declarer=declarer,
                       leader=leader, history=played[:turns], note=note, source=f"{name} deal {number}")


def _seat(value: str, seats: str, what: str, line: int) -> int:
    v = value.strip().upper()
    if len(v) != 1 or v not in seats:
        raise FormatError.read("read_seat", value, line, what=what, seats=" ".join(seats))
    return seats.index(v)


def _play(value: str, seats: str, hands, line: int) -> tuple[int, list[Card]]:
    words = value.split()
    if not words:
        raise FormatError.read("read_play", value, line)
    if len(words) == 1 and len(words[0]) == 1:
        return _seat(words[0], seats, "play", line), []
    played = [_at(line, parse_card, w) for w in words]
    holder = [i for i, h in enumerate(hands) if played[0] in h]
    if not holder:
        raise FormatError.read("read_first_card", words[0], line, card=str(played[0]))
    return holder[0], played


# --------------------------------------------------------------------------- writing
class WriteError(PrefError):
    """A record that a .bts file cannot hold."""


def write_bts(records) -> str:
    """Our records (``prefdd solve``'s format) as a .bts file: seats 0, 1, 2 are North, East
    and West (South absent). A record must start at a trick's start from a deal (a
    ``leader`` or a ``history``), with no tricks already won and no constraints: a .bts file
    has no place for them. Raises WriteError naming the record."""
    out = [HEADER]
    for i, rec in enumerate(records, 1):
        try:
            out.append(deal_block(i, rec))
        except PrefError as e:
            where = rec.get("id") if isinstance(rec, dict) else None
            if e.path:
                raise WriteError(f"record {i}" + (f" (id {where})" if where is not None else "") + f": {e}") from None
            if where is None:
                raise WriteError.of("write_record", None, i=i, inner=e) from None
            raise WriteError.of("write_record_id", None, i=i, id=where, inner=e) from None
    return "\n".join(out) + "\n"


def deal_block(number: int, rec: dict) -> str:
    """One record as a .bts deal block numbered ``number``; WriteError if it cannot be one."""
    from solver.contract import Contract
    from solver.position import position_from_json

    if not isinstance(rec, dict):
        raise WriteError.of("bts_object")
    if isinstance(rec.get("contract"), str) and Contract.parse(rec["contract"]).is_raspasovka:
        raise WriteError.of("bts_raspasovka", "contract")
    for key, why in (("trick", "bts_no_trick"), ("to_move", "bts_no_trick"),
                     ("constraints", "bts_no_constraints"), ("favour", "bts_no_favour")):
        if rec.get(key):
            raise WriteError.of(why, key)
    if any(rec.get("taken") or []):
        raise WriteError.of("bts_no_taken", "taken")
    position_from_json(rec)  # every check prefdd solve makes
    contract = Contract.parse(rec["contract"])
    hands = [[Card.parse(c) for c in h] for h in rec["hands"]]
    history = [Card.parse(c) for c in rec.get("history") or []]
    seats = seats_of("S")
    lines = [f"deal {number} " + " ".join(_hand_text(h) for h in hands)]
    if contract.is_misere:
        lines.append("contract misere")
    else:
        strain = contract.strain.code.upper()
        lines.append(f"contract {contract.level or '?'}{strain}")
    if history:
        lines.append("play " + " ".join(_card_text(c) for c in history))
    else:
        lines.append(f"play {seats[int(rec['leader'])]}")
    lines.append(f"turns {len(history)}")
    lines.append(f"player {seats[int(rec['declarer'])]}")
    lines.append("absent S")
    note = " ".join(str(rec.get("note") or "").split())
    lines.append(f"comment {note}".rstrip() if note else "comment ")
    return "\n".join(lines) + "\n"


def _hand_text(cards: list[Card]) -> str:
    groups = []
    for suit in SUITS:
        ranks = sorted((c for c in cards if str(c)[1] == OUR_SUIT[suit]), key=lambda c: -int(c))
        groups.append("".join(str(c)[0] for c in ranks))
    return ".".join(groups)


def _card_text(card: Card) -> str:
    text = str(card)
    return text[1].upper() + text[0]
