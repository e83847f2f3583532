"""What does this hand make? The declarer's tricks over every layout of the cards he has not seen.

The input is the declarer's view only — his hand, his discard, the contract, who leads, and
optionally the cards played since (the voids they show narrow the layouts). The output is a
histogram: in how many layouts his total is exactly k tricks with double-dummy play, and so
the share of layouts in which the contract is made (uniform over the layouts: nothing is
inferred from the bidding). With every card: the same for each card he may play now.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from .. import json_fields
from ..cards import Card
from ..contract import Contract
from ..errors import PositionError, PrefError
from ..hands import SUIT_MASKS, cards_of, mask_of, popcount
from ..position import Position
from ..seat import parse_seat
from .views import InfoSet, view_run

__all__ = ["HandLayouts", "view_from_json", "hand_layouts", "LAYOUT_FIELDS"]

LAYOUT_FIELDS = frozenset({"id", "hand", "discard", "contract", "declarer", "leader", "history"})
CHUNK = 4096


def _seats_of_history(leader: int, contract, history: list[Card]) -> list[int]:
    """Who played each card of ``history``: the order of play follows from the cards alone
    (each trick's winner leads the next), before anyone's hand is known."""
    trump = contract.trump
    seats = []
    trick: list[tuple[int, Card]] = []
    lead = leader
    for c in history:
        seat = (lead + len(trick)) % 3
        seats.append(seat)
        trick.append((seat, c))
        if len(trick) == 3:
            best = trick[0]
            for s, x in trick[1:]:
                if (x.suit == best[1].suit and x.rank > best[1].rank) or (
                        trump is not None and x.suit == trump and best[1].suit != trump):
                    best = (s, x)
            lead = best[0]
            trick = []
    return seats


def view_from_json(rec) -> InfoSet:
    """The declarer's information set from a ``prefdd layouts`` record; errors name the field.

    ``hand`` (his ten cards after the discard), ``discard`` (two), ``contract`` (``7c``,
    ``6nt``, ``misere`` or a strain), ``declarer`` and ``leader`` (seats in play order,
    as ``prefdd solve``; the leader of the first trick, default 0), optional ``history``
    (the cards played from the first lead, every move checked)."""
    if not isinstance(rec, dict):
        raise PositionError.of("expected_json_object", None, got=json_fields.json_kind(rec))
    json_fields.check_fields(rec, LAYOUT_FIELDS)
    for f in ("hand", "discard", "contract", "declarer"):
        if f not in rec:
            raise PositionError.of("missing_field", None, name=f)
    hand = json_fields.cards(rec["hand"], "hand")
    discard = json_fields.cards(rec["discard"], "discard")
    for name, cs, n in (("hand", hand, 10), ("discard", discard, 2)):
        dup = next((c for c in cs if cs.count(c) > 1), None)
        if dup is not None:
            raise PositionError.of("given_twice", name, card=str(dup))
        if len(cs) != n:
            raise PositionError.of("expected_n_cards", name, count=n, n=len(cs))
    both = set(hand) & set(discard)
    if both:
        raise PositionError.of("also_in_hand", "discard", card=str(min(both)))
    declarer = parse_seat(rec.get("declarer"), "declarer")
    leader = parse_seat(rec.get("leader"), "leader") if rec.get("leader") is not None else 0
    contract = rec["contract"]
    try:
        c = Contract.parse(contract)
    except PrefError as e:
        raise e.under(PositionError, "contract") from None
    if c.is_raspasovka:
        raise PositionError.of("no_declarer_game", "contract")
    history = json_fields.cards(rec["history"], "history") if rec.get("history") is not None else []
    mine = mask_of(hand)
    gone = mask_of(discard)
    seats = _seats_of_history(leader, c, history)
    played: dict[int, int] = {0: 0, 1: 0, 2: 0}
    for i, (card, seat) in enumerate(zip(history, seats)):
        if seat == declarer and not card.mask & mine:
            raise PositionError.of("declarer_card_not_held", f"history[{i}]", card=str(card), seat=seat)
        if seat != declarer and card.mask & (mine | gone):
            where = "in_hand" if card.mask & mine else "in_discard"
            raise PositionError.of(f"defender_card_{where}", f"history[{i}]", card=str(card), seat=seat)
        if card.mask & (played[0] | played[1] | played[2]):
            raise PositionError.of("card_already_played", f"history[{i}]", card=str(card))
        played[seat] |= card.mask
    hands = _some_layout(declarer, mine, gone, history, seats, played)
    dealt = Position(hands, c, declarer, leader, out=gone)
    try:
        return InfoSet.from_history(dealt, [str(x) for x in history])
    except PositionError as e:
        raise PositionError.of("no_layout_fits", e.path, inner=e) from None


def _some_layout(declarer: int, mine: int, gone: int, history, seats, played) -> list[int]:
    """A deal that fits the history (each defender holds what he played, and no card of a
    suit he showed void in): the position to replay on, not a layout anyone believes in."""
    a, b = (declarer + 1) % 3, (declarer + 2) % 3
    voids: dict[int, int] = {a: 0, b: 0}
    led = 0
    for i, (card, seat) in enumerate(zip(history, seats)):
        if i % 3 == 0:  # the history starts at the first lead: every third card leads
            led = int(card.suit)
        elif seat != declarer and card.suit != led:
            voids[seat] |= SUIT_MASKS[int(led)]
    rest = ((1 << 32) - 1) & ~(mine | gone | played[0] | played[1] | played[2])
    need = {s: 10 - popcount(played[s]) for s in (a, b)}
    hands = [0, 0, 0]
    hands[declarer] = mine
    hands[a], hands[b] = played[a], played[b]
    stuck = rest & voids[a] & voids[b]
    if stuck:
        raise PositionError.of("both_void_stuck", "history", cards=" ".join(map(str, cards_of(stuck))))
    for s, o in ((a, b), (b, a)):  # the other's void suits are his
        forced = rest & voids[o]
        if popcount(forced) > need[s]:
            raise PositionError.of("voids_overfill", "history", seat=s)
        hands[s] |= forced
        need[s] -= popcount(forced)
        rest &= ~forced
    for card in cards_of(rest):
        s = a if need[a] > 0 else b
        hands[s] |= card.mask
        need[s] -= 1
    if need[a] or need[b]:
        raise PositionError.of("defenders_not_ten", "history")
    return hands


@dataclass
class HandLayouts:
    """The histogram of the declarer's total tricks over every layout."""

    layouts: int
    tricks: list                       # tricks[k]: layouts where his total is exactly k
    level: int | None                  # the contract's level (None: a strain only); misère 0
    misere: bool
    per_card: dict = field(default_factory=dict)   # card -> its own histogram
    seconds: float = 0.0

    @staticmethod
    def made_in(hist: list, level: int | None, misere: bool) -> int | None:
        if misere:
            return hist[0]
        if level is None:
            return None
        return sum(hist[level:])

    def to_json(self) -> dict:
        out: dict = {"layouts": self.layouts, "tricks": self.tricks}
        made = self.made_in(self.tricks, self.level, self.misere)
        if made is not None:
            out["made_in"] = made
            out["made_share"] = round(made / self.layouts, 6) if self.layouts else 0.0
        if self.per_card:
            out["cards"] = {str(c): {"tricks": h, **({"made_in": m} if (m := self.made_in(h, self.level, self.misere))
                                                     is not None else {})}
                            for c, h in self.per_card.items()}
        return out


def hand_layouts(view: InfoSet, engine=None, *, all_cards: bool = False, progress=None) -> HandLayouts:
    """Solve every layout of ``view`` (exactly: no sampling); ``all_cards``: also each card
    the declarer may play now (he must be to move). ``progress(done, total)`` now and then."""
    from ..engine import Engine

    t0 = time.monotonic()
    eng = engine if engine is not None else Engine(reuse_table=True)
    pos = view.pos
    d = pos.declarer
    lay = view.layouts()
    total = lay.total
    taken = pos.taken[d]
    reps: list[Card] = []
    groups: dict[int, list] = {}
    if all_cards:
        if pos.is_over() or pos.to_move != d:
            raise PositionError.of("declarer_not_to_move")
        for c in pos.legal_moves():
            groups.setdefault(view_run(view, c), []).append(c)
        reps = [g[0] for g in groups.values()]
    hist = [0] * 11
    per = [[0] * 11 for _ in reps]
    done = 0
    for part in lay.chunks(CHUNK):
        hands = [view.hands(x) for x in part]
        if reps:
            rows = eng.solve_layouts(pos, hands, cards=reps)
            for row in rows:
                best = min(row) if pos.is_misere else max(row)
                hist[taken + best] += 1
                for i, v in enumerate(row):
                    per[i][taken + v] += 1
        else:
            for v in eng.solve_layouts(pos, hands):
                hist[taken + v] += 1
        done += len(part)
        if progress is not None:
            progress(done, total)
    level = pos.contract.level
    per_card = {card: per[i] for i, r in enumerate(reps) for card in groups[view_run(view, r)]}
    return HandLayouts(total, hist, level, pos.is_misere, per_card, time.monotonic() - t0)
