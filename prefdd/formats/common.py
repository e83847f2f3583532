"""What every reader shares: the text decoded, the deal as read, the line-numbered errors,
and the deal turned into our records (``prefdd solve`` records, skeleton ``prefdd rule``
incidents).

A reader never stops at a bad line: it records a :class:`ReadError` (file, line, the token
at fault, why) and reads on, so one bad deal never costs the good ones. A deal that has
been read is checked by the solver's own record reader before it is kept, so every record
a reader hands over is one ``prefdd solve`` accepts.
"""
from __future__ import annotations

import codecs
from dataclasses import dataclass, field

from solver.cards import Card
from solver.errors import PrefError

from .. import error_kinds  # noqa: F401  the readers' kinds, in the one catalogue


@dataclass(frozen=True)
class ReadError:
    """One line of another program's file that could not be taken over."""

    path: str
    line: int
    token: str
    message: str
    kind: str = "input"
    params: dict = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, path: str, line: int, token: str, kind: str, **params) -> ReadError:
        """The line's error of ``kind`` (a key of the one catalogue, :mod:`prefdd.error_kinds`)."""
        from solver.messages import say

        return cls(path, line, token, say(kind, "en", **params), kind, params)

    @classmethod
    def from_error(cls, path: str, line: int, token: str, e: PrefError) -> ReadError:
        """The line's error as a reader's check (or the solver's, passed on) said it."""
        return cls(path, line, token, e.message, e.kind, dict(e.params))

    def said(self, lang: str = "en") -> str:
        """What is wrong with the line, in ``lang``."""
        from solver.messages import say

        if lang != "ru":
            return self.message
        return say(self.kind, "ru", **self.params) if self.kind != "input" else say("read_other", "ru")

    def __str__(self) -> str:
        token = self.token if len(self.token) <= 40 else self.token[:37] + "..."
        return f"{self.path}:{self.line}: {token!r}: {self.message}"


class FormatError(PrefError):
    """A problem in one deal, raised inside a reader and kept as a :class:`ReadError`."""

    def __init__(self, message: str, token: str = "", line: int | None = None):
        super().__init__(message)
        self.token = token
        self.line = line

    @classmethod
    def read(cls, kind: str, token: str = "", line: int | None = None, /, **params) -> FormatError:
        """The error of ``kind`` about ``token`` (on ``line``, when the reader knows it here)."""
        from solver.messages import say

        err = cls(say(kind, "en", **params), token, line)
        err.kind, err.params = kind, dict(params)
        return err

    @classmethod
    def passed_on(cls, e: PrefError, token: str = "", line: int | None = None) -> FormatError:
        """A solver's check ``e`` (kind and parameters kept) about ``token``."""
        err = cls(e.message, token, line)
        err.kind, err.params = e.kind, dict(e.params)
        return err


@dataclass
class ForeignDeal:
    """A deal as another program records it, in our terms: seats 0, 1, 2 in play order.

    ``hands`` are the hands the play starts from (after the declarer's discard, where the
    file gives it); ``history`` the cards played from the first lead, in order."""

    id: str
    hands: list[list[Card]]
    contract: str                     # "7c", "misere", "6nt", "raspasovka"
    declarer: int | None              # None: raspasovka
    leader: int = 0
    history: list[Card] = field(default_factory=list)
    talon: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    decisions: dict[int, str] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)
    note: str = ""
    source: str = ""

    @property
    def is_raspasovka(self) -> bool:
        return self.contract == "raspasovka"

    @property
    def talon_out(self) -> list[Card]:
        """The talon cards no hand holds (the declarer took the others, or discarded them)."""
        held = {c for h in self.hands for c in h} | set(self.discard)
        return [c for c in self.talon if c not in held]


@dataclass
class Reading:
    """What a reader took from one file: the deals, and an error for every line it refused."""

    deals: list[ForeignDeal] = field(default_factory=list)
    errors: list[ReadError] = field(default_factory=list)
    encoding: str = "utf-8"


# --------------------------------------------------------------------------- text
def decode(data: bytes) -> tuple[str, str]:
    """``(text, encoding)``: UTF-8 (with or without a byte-order mark), else cp1251.

    Bridge studio writes its Russian files in cp1251; a cp1251 file is almost never valid
    UTF-8 (its Cyrillic letters are bytes 0xC0-0xFF, which UTF-8 allows only as the first
    byte of a sequence followed by 0x80-0xBF), so strict UTF-8 first, cp1251 after, reads
    both without guessing wrong on real text. Line ends ``\\r\\n`` and ``\\r`` become ``\\n``."""
    if data.startswith(codecs.BOM_UTF8):
        text, encoding = data[len(codecs.BOM_UTF8):].decode("utf-8", "replace"), "utf-8-sig"
    else:
        try:
            text, encoding = data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            text, encoding = data.decode("cp1251", "replace"), "cp1251"
    return text.replace("\r\n", "\n").replace("\r", "\n"), encoding


# --------------------------------------------------------------------------- checks
def check_deal(deal: ForeignDeal) -> None:
    """Raise FormatError unless every record made of the deal is one ``prefdd solve``
    accepts (the solver's own checks: cards once, equal hands, a legal history)."""
    seen: dict[Card, str] = {}
    for where, cards in [(f"hands[{i}]", h) for i, h in enumerate(deal.hands)] + [("talon", deal.talon_out),
                                                                                  ("discard", deal.discard)]:
        for c in cards:
            if c in seen:
                raise FormatError.read("read_twice", str(c), None, card=str(c), a=seen[c], b=where)
            seen[c] = where
    try:
        for rec in solve_records(deal):
            _check_record(rec)
    except PrefError as e:
        raise FormatError.passed_on(e) from None


def _check_record(rec: dict) -> None:
    if rec.get("contract") == "raspasovka":
        from solver.raspasovka.api import position_from_record

        position_from_record({k: v for k, v in rec.items() if k != "player"})
    else:
        from solver.deal import Deal
        from solver.position import position_from_json

        Deal(rec["hands"], rec["contract"], rec["declarer"], rec.get("leader", 0), rec.get("talon", ()),
             rec.get("discard", ()))
        position_from_json(rec)


def cards_text(cards) -> list[str]:
    return [str(c) for c in cards]


# --------------------------------------------------------------------------- our records
def solve_records(deal: ForeignDeal) -> list[dict]:
    """The deal as ``prefdd solve`` records: one for a contract or misère; for raspasovka one
    per player (the only exact question there: one player against the other two)."""
    base: dict = {"id": deal.id, "hands": [cards_text(h) for h in deal.hands]}
    if deal.talon_out:  # a solve record's talon is out of play: the cards the declarer took are his
        base["talon"] = cards_text(deal.talon_out)
    if deal.is_raspasovka:
        out = []
        for player in range(3):
            rec = dict(base, id=f"{deal.id} player {player}", contract="raspasovka", player=player)
            if deal.history:
                rec["history"] = cards_text(deal.history)
            out.append(_annotated(rec, deal))
        return out
    rec = dict(base, contract=deal.contract, declarer=deal.declarer, leader=deal.leader)
    if deal.discard:
        rec["discard"] = cards_text(deal.discard)
    if deal.history:
        rec["history"] = cards_text(deal.history)
    return [_annotated(rec, deal)]


def _annotated(rec: dict, deal: ForeignDeal) -> dict:
    if deal.source:
        rec["source"] = deal.source
    if deal.note:
        rec["note"] = deal.note
    return rec


UNKNOWN_RULE = "?"


def deal_incident(deal: ForeignDeal) -> dict:
    """The deal's part of an incident: id, players, the hands (talon, discard), contract,
    declarer and decisions, first leader and play — what the skeleton below and the desk's
    upload (:mod:`prefdd.web.imports`) both start from."""
    inc: dict = {"id": deal.id}
    if deal.players:
        inc["players"] = list(deal.players)
    inc["deal"] = {"hands": [cards_text(h) for h in deal.hands]}
    if deal.talon:
        inc["deal"]["talon"] = cards_text(deal.talon)
    if deal.discard:
        inc["deal"]["discard"] = cards_text(deal.discard)
    inc["contract"] = deal.contract
    if not deal.is_raspasovka:
        inc["declarer"] = deal.declarer
        if deal.decisions:
            inc["decisions"] = {str(s): d for s, d in sorted(deal.decisions.items())}
    inc["first_leader"] = deal.leader
    inc["history"] = cards_text(deal.history)
    return inc


def skeleton_incident(deal: ForeignDeal) -> dict | None:
    """The deal as a ``prefdd rule`` incident with the violation left to fill in (its rule is
    ``"?"``, which ``prefdd rule`` refuses until the arbiter names one); None for a deal
    with no play (an incident is about something that happened in the play) or whose
    contract has no level (a bare strain)."""
    if not deal.history or not (deal.is_raspasovka or deal.contract == "misere" or deal.contract[:1].isdigit()):
        return None
    inc = deal_incident(deal)
    inc["violation"] = {"rule": UNKNOWN_RULE}
    if deal.source:
        inc["source"] = deal.source
    inc["note"] = ("skeleton: name the rule and its data in 'violation' (prefdd rule --list)"
                   + (f"; {deal.note}" if deal.note else ""))
    return inc
