"""Single-dummy figures against a plain brute force, written from the documentation alone.

For every card of small played deals (3 or 4 cards a hand; trumps, no trumps, misère;
declarer's and whisters' decisions; voids shown by the history; closed and open defence; a
discard unseen by the whisters and a talon known to lie with the declarer or in his discard):

* the layouts each player could believe in are listed with ``itertools.combinations`` from
  what he knows (hand sizes, cards played, voids he saw shown, the talon), not from the
  module's views;
* every legal card is valued in every layout by a plain minimax written here (no engine, no
  pruning; a memo of exact states);
* ``best_in``, the tricks summed, ``made_in``, domination and the verdict follow the wording of
  ``docs/play-analysis.md`` ("mistake", "bad break", "guess", "best", "forced").

The module's figures must equal these exactly with no cap. With ``max_layouts`` below the
total (1, 2, 5, a third), each decision's figures must be those of exactly the layouts it
examined (every one consistent, the real one among them), its verdict the true one or
``undecided`` with the true one still ``possible``, and its bounds must hold the exact figures.
"""
from __future__ import annotations

import itertools
import random
import time
from functools import cache

import pytest

from solver import Card, Position
from solver.engine import Engine
from solver.imperfect import InfoSet, SeatView
from solver.imperfect.layouts import capped_layouts
from solver.imperfect.single_dummy import analyse_single_dummy, decide

ENGINE = Engine(reuse_table=True)
SUIT = [0xFF << (8 * s) for s in range(4)]


def bits(m: int) -> list[int]:
    return [i for i in range(32) if m >> i & 1]


def mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# ---------------------------------------------------------------- the reference minimax
def legal(hand: int, lead: int | None, trump: int | None) -> int:
    """Follow suit; void: trump if you can; else any card."""
    if lead is None:
        return hand
    if hand & SUIT[lead]:
        return hand & SUIT[lead]
    if trump is not None and hand & SUIT[trump]:
        return hand & SUIT[trump]
    return hand


def winner(leader: int, trick: tuple, trump: int | None) -> int:
    best = 0
    for i in (1, 2):
        c, b = trick[i], trick[best]
        if c >> 3 == b >> 3:
            if c > b:
                best = i
        elif trump is not None and c >> 3 == trump:
            best = i
    return (leader + best) % 3


@cache
def future(hands: tuple, leader: int, trick: tuple, trump, declarer: int, misere: bool) -> int:
    """The declarer's tricks from here to the end, every seat playing its best."""
    seat = (leader + len(trick)) % 3
    if not hands[seat]:
        return 0
    vals = [after(hands, leader, trick, trump, declarer, misere, c)
            for c in bits(legal(hands[seat], trick[0] >> 3 if trick else None, trump))]
    return max(vals) if (seat == declarer) != misere else min(vals)


def after(hands, leader, trick, trump, declarer, misere, c) -> int:
    seat = (leader + len(trick)) % 3
    h = list(hands)
    h[seat] &= ~(1 << c)
    t = trick + (c,)
    if len(t) == 3:
        w = winner(leader, t, trump)
        return (w == declarer) + future(tuple(h), w, (), trump, declarer, misere)
    return future(tuple(h), leader, t, trump, declarer, misere)


def values(hands: tuple, pos: Position) -> dict:
    """Every legal card of the seat to move -> the declarer's total tricks, these hands."""
    trick = tuple(int(c) for _, c in pos.trick)
    seat = pos.to_move
    lg = legal(hands[seat], trick[0] >> 3 if trick else None, pos.trump)
    base = pos.taken[pos.declarer]
    return {c: base + after(hands, int(pos.leader), trick, pos.trump, pos.declarer, pos.is_misere, c)
            for c in bits(lg)}


# ---------------------------------------------------------------- what a player knows
def layouts(pos: Position, seat: int, voids: dict, opened: bool, discard: int, talon: int) -> list:
    """Every (hands, discard) he could believe in, by combinations."""
    d = pos.declarer
    hands = pos.hands
    if seat == d:
        hidden = [] if opened else [s for s in range(3) if s != d]
        disc = 0                                # the declarer knows his discard
    else:
        partner = 3 - d - seat
        hidden = [d] if opened else [d, partner]
        disc = discard
    unseen = disc
    for s in hidden:
        unseen |= hands[s]
    sizes = [bin(hands[s]).count("1") for s in hidden]
    tal = talon & unseen if seat != d else 0

    def fits(s: int, m: int) -> bool:
        if any(m & SUIT[x] for x in voids.get(s, ())):
            return False
        if seat != d and s != d and m & tal:    # a whister knows the talon is not his partner's
            return False
        return True

    out = []

    def go(i: int, left: int, chosen: list):
        if i == len(hidden):
            h = list(hands)
            for s, m in zip(hidden, chosen):
                h[s] = m
            out.append((tuple(h), left))        # what is left is the discard
            return
        for combo in itertools.combinations(bits(left), sizes[i]):
            m = mask(combo)
            if fits(hidden[i], m):
                go(i + 1, left & ~m, chosen + [m])

    go(0, unseen, [])
    return out


def runs(pos: Position, live: int) -> dict:
    """Legal card -> the lowest card of its run in the hand to move (no live card between)."""
    hand = pos.hands[pos.to_move]
    out = {}
    for c in bits(pos.legal_mask()):
        low = c
        x = c - 1
        while x >= (c >> 3) * 8:
            if hand >> x & 1:
                low = x
            elif live >> x & 1:
                break
            x -= 1
        out[c] = low
    return out


def truth(pos: Position, played: int, lays: list, maximise: bool, real: dict, equiv: dict) -> dict:
    """Every figure and the verdict by the documented definitions, over ``lays``."""
    n = len(lays)
    table = [values(h, pos) for h, _ in lays]
    cards = list(real)

    def better(x, y):
        return x > y if maximise else x < y

    best_in = dict.fromkeys(cards, 0)
    tricks = dict.fromkeys(cards, 0)
    made = dict.fromkeys(cards, 0)
    level = pos.contract.level
    for row in table:
        top = max(row.values()) if maximise else min(row.values())
        for c, v in row.items():
            best_in[c] += v == top
            tricks[c] += v
            made[c] += (v == 0) if pos.is_misere else (level is not None and v >= level)
    dominators = {c: [o for o in cards if o != c and all(not better(r[c], r[o]) for r in table)
                      and any(better(r[o], r[c]) for r in table)] for c in cards}
    top_real = max(real.values()) if maximise else min(real.values())
    dd_cost = abs(top_real - real[played])
    if len(set(equiv.values())) == 1:
        verdict = "forced"
    elif dominators[played]:
        verdict = "mistake"
    elif dd_cost and 2 * best_in[played] > n:
        verdict = "bad break"
    elif all(best_in[c] < n for c in cards):
        verdict = "guess"
    else:
        verdict = "best"
        assert best_in[played] == n
    return {"table": table, "best_in": best_in, "tricks": tricks,
            "made": made if (pos.is_misere or level is not None) else None,
            "dominators": dominators, "verdict": verdict, "dd_cost": dd_cost, "n": n,
            "indifferent": all(len(set(r.values())) == 1 for r in table)}


# ---------------------------------------------------------------- deals
STRAINS = ["s", "c", "d", "h", "nt", "misere"]


def random_deal(rng: random.Random, n: int, with_discard: bool):
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [mask(deck[k * n:(k + 1) * n]) for k in range(3)]
    out = mask(deck[3 * n:3 * n + 2]) if with_discard else 0
    declarer, leader = rng.randrange(3), rng.randrange(3)
    strain = rng.choice(STRAINS)
    prior = 10 - n
    if strain == "misere":
        taken = [0, 0, 0]
        for _ in range(prior):
            taken[rng.choice([s for s in range(3) if s != declarer])] += 1
        contract = "misere"
    else:
        mine = rng.randint(max(0, prior - 4), prior)
        rest = prior - mine
        a = rng.randint(0, rest)
        taken = [0, 0, 0]
        taken[declarer] = mine
        taken[(declarer + 1) % 3], taken[(declarer + 2) % 3] = a, rest - a
        level = rng.randint(max(6, mine), min(10, mine + n))
        contract = strain if rng.random() < 0.2 else f"{level}{strain}"
    pos = Position(hands, contract, declarer, leader, taken=taken, out=out)
    talon = 0
    if with_discard and rng.random() < 0.6:
        talon = mask(rng.sample(bits(hands[declarer] | out), 2))
    p = pos.copy(stack=False)
    hist = []
    for _ in range(rng.randint(1, 3 * n)):
        c = rng.choice(p.legal_moves())
        hist.append(c)
        p.play(c)
    return pos, hist, rng.random() < 0.3, (out or None), talon


HAND_MADE = [
    # the finesse of test_single_dummy.py: a bad break (3 layouts)
    (Position([["As", "Qs", "7c", "7h"], ["Ks", "Ah", "Kh", "8h"], ["9d", "7s", "Jc", "Tc"]], "d", 0, 1),
     ["8h", "9d", "7h", "7s", "Qs", "Ks", "Ah", "Tc", "7c"], False, None, 0),
    # the whister's lead that was a mistake, and the two-way guess
    (Position([["Kh", "8c"], ["Ad", "7h"], ["8h", "7d"]], "nt", 0, 1), ["7h", "8h", "Kh", "8c", "Ad", "7d"],
     False, None, 0),
    (Position([["Kh", "Kd"], ["As", "7h"], ["8s", "7d"]], "6nt", 0, 1, taken=[5, 2, 1]), ["As", "8s", "Kh"],
     False, None, 0),
    # a misère with the discard and the talon, whisters lead into a void of the declarer
    (Position([["8s", "7c", "9d"], ["As", "Kc", "Td"], ["7s", "Ac", "7h"]], "misere", 0, 1,
              taken=[0, 4, 3], out=["Jd", "Qh"]),
     ["Td", "7h", "9d", "Kc", "Ac", "7c", "7s", "8s", "As"], False, Card.parse("Jd").mask | Card.parse("Qh").mask,
     Card.parse("Qh").mask | Card.parse("9d").mask),
    # a trump game played open after the first card, with a discard
    (Position([["Ah", "9h", "Ks", "8c"], ["Kh", "7s", "As", "Ac"], ["Qs", "Js", "Tc", "7d"]], "8h", 0, 0,
              taken=[4, 1, 1], out=["Jh", "Qc"]),
     ["Ks", "7s", "Qs", "Ah", "Kh", "Js", "9h", "As", "Tc"], True, Card.parse("Jh").mask | Card.parse("Qc").mask,
     Card.parse("Jh").mask | Card.parse("Ah").mask),
]


def deals(seed: int, count: int):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice([3, 3, 3, 4, 4])
        out.append(random_deal(rng, n, with_discard=rng.random() < (0.5 if n == 3 else 0.15)))
    return out


# ---------------------------------------------------------------- walking a deal
def decisions(dealt: Position, hist: list, opened: bool, discard, talon: int):
    """For each card: the position, the seat, his layouts (oracle), the module's view, the truth."""
    pos = dealt.copy(stack=False)
    d = pos.declarer
    voids: dict = {}
    for i, card in enumerate(hist):
        c = int(card)
        seat = pos.to_move
        op = opened and i >= 1
        disc = discard or 0
        if seat == d:
            vv = {s: v for s, v in voids.items() if s != d}
            view = InfoSet(pos.copy(stack=False), vv, {}, op)
        else:
            partner = 3 - d - seat
            hidden = (d,) if op else (d, partner)
            vv = {s: frozenset(v) for s, v in voids.items() if s in hidden}
            view = SeatView(pos.copy(stack=False), seat, hidden, disc, vv, talon)
        lays = layouts(pos, seat, vv, op, disc, talon)
        assert bits(pos.legal_mask()) == bits(legal(pos.hands[seat], int(pos.trick[0][1]) >> 3 if pos.trick else None,
                                                    pos.trump))
        live = pos.hands[0] | pos.hands[1] | pos.hands[2] | mask(int(x) for _, x in pos.trick)
        if seat != d:
            live |= disc                        # the discard is unseen: live in some layout
        equiv = runs(pos, live)
        real = values(tuple(pos.hands), pos)
        maximise = (seat == d) != pos.is_misere
        yield i, pos.copy(stack=False), seat, view, lays, truth(pos, c, lays, maximise, real, equiv), real, equiv
        # the voids shown by this card
        lead = int(pos.trick[0][1]) >> 3 if pos.trick else None
        if lead is not None and c >> 3 != lead:
            v = voids.setdefault(seat, set())
            v.add(lead)
            if pos.trump is not None and c >> 3 != pos.trump:
                v.add(pos.trump)
        pos.play(card)


def key(view, lay) -> tuple:
    hands = view.hands(lay)
    disc = lay[-1] if isinstance(view, SeatView) and view.discard else 0
    return (tuple(hands), disc)


def check_exact(dec, pos, seat, view, lays, t, real, equiv):
    assert dec.seat == seat
    assert dec.layouts == view.count == t["n"] == len(set(lays))
    assert {key(view, lay) for lay in view.layouts()} == set(lays)
    assert {int(c): v for c, v in dec.real.items()} == real
    if t["verdict"] == "forced":
        assert dec.verdict == "forced" and not dec.figures
        # cards of one run are the same card in every layout
        for row in t["table"]:
            assert len(set(row.values())) == 1
        return
    assert dec.exact and dec.examined == t["n"] and dec.stopped is None
    assert {int(c): f.best_in for c, f in dec.figures.items()} == t["best_in"]
    assert {int(c): f.tricks for c, f in dec.figures.items()} == t["tricks"]
    assert {int(c): f.made_in for c, f in dec.figures.items()} == (t["made"] or dict.fromkeys(real))
    assert {int(c): f.real for c, f in dec.figures.items()} == real
    assert {int(c) for c in dec.dominated} == {c for c, ds in t["dominators"].items() if ds}
    for c, b in dec.dominated.items():
        assert int(b) in t["dominators"][int(c)]
    assert dec.verdict == t["verdict"] and not dec.possible
    assert dec.indifferent == t["indifferent"]
    assert dec.dd_cost == t["dd_cost"]
    exp = {c: v / t["n"] for c, v in t["tricks"].items()}
    top = max(exp.values()) if dec.maximise else min(exp.values())
    assert dec.sd_cost == pytest.approx(abs(top - exp[int(dec.played)]))
    assert sorted(int(c) for c in dec.best_everywhere) == sorted(c for c, b in t["best_in"].items() if b == t["n"])
    # cards of one run have the same value in every layout
    for row in t["table"]:
        for c, low in equiv.items():
            assert row[c] == row[low]


def check_capped(dec, view, lays, t, cap, pos, played, order=None):
    """A decision on ``cap`` layouts: its figures are those of exactly the layouts it examined
    (``order``: the view's own order, cut by a budget; else ``capped_layouts``); its verdict
    proven or undecided; its bounds hold the exact figures."""
    n = t["n"]
    assert dec.layouts == n and dec.examined == cap and not dec.exact
    if order is None:
        assert dec.stopped == "cap"
        seen = [key(view, lay) for lay in capped_layouts(view, cap, every=True)]
        assert (tuple(pos.hands), pos.out if isinstance(view, SeatView) and view.discard else 0) in set(seen)
    else:
        assert dec.stopped == "budget"
        seen = [key(view, lay) for lay in order][:cap]
    assert len(set(seen)) == cap and set(seen) <= set(lays)
    rows = [values(h, pos) for h, _ in seen]
    maximise = dec.maximise
    best_in = dict.fromkeys(rows[0], 0)
    tricks = dict.fromkeys(rows[0], 0)
    for row in rows:
        top = max(row.values()) if maximise else min(row.values())
        for c, v in row.items():
            best_in[c] += v == top
            tricks[c] += v
    assert {int(c): f.best_in for c, f in dec.figures.items()} == best_in
    assert {int(c): f.tricks for c, f in dec.figures.items()} == tricks
    assert not dec.dominated
    if dec.verdict == "undecided":
        assert t["verdict"] in dec.possible and len(dec.possible) > 1, (dec.possible, t["verdict"])
    else:
        assert dec.verdict == t["verdict"], (dec.verdict, t["verdict"], cap, n)
    bounds = dec.to_json()["bounds"]
    for c in t["best_in"]:
        b = bounds[str(Card(c))]
        assert b["best_in"][0] <= t["best_in"][c] <= b["best_in"][1]
        assert b["expected"][0] - 1e-4 <= t["tricks"][c] / n <= b["expected"][1] + 1e-4
        if t["made"] is not None:
            assert b["made_in"][0] <= t["made"][c] <= b["made_in"][1]
    # "best" is possible only while the card played was best in every layout examined
    assert not ("best" in dec.possible and best_in[int(played)] < cap), dec.possible
    return dec.verdict != "undecided"


def run_deal(dealt, hist, opened, discard, talon, caps=True, budget=False):
    """Every decision of a deal against the brute force: exact, then capped (and cut by a
    budget); returns (exact decisions, capped ones, capped ones with a verdict)."""
    a = analyse_single_dummy(dealt, [str(c) for c in hist], open_defence=opened, discard=discard, talon=talon,
                             engine=ENGINE, max_layouts=None)
    assert len(a.decisions) == len(hist)
    exact = capped = decided = 0
    for (i, pos, seat, view, lays, t, real, equiv), dec in zip(decisions(dealt, hist, opened, discard, talon),
                                                              a.decisions):
        check_exact(dec, pos, seat, view, lays, t, real, equiv)
        exact += t["verdict"] != "forced"
        if t["verdict"] == "forced":
            continue
        played = hist[i]
        wanted = {1, 2, 5, max(1, t["n"] // 3)}
        if t["verdict"] == "bad break":     # proven under a cap only past half of the layouts
            wanted |= {t["n"] // 2 + 2, t["n"] - 1}
        for cap in sorted(wanted) if caps else ():
            if cap >= t["n"]:
                continue
            dec_c = decide(view, played, ENGINE, index=i, max_layouts=cap)
            decided += check_capped(dec_c, view, lays, t, cap, pos, played)
            capped += 1
        if budget and t["n"] > 2:
            # a deadline already past: the scan stops after its first chunk (2 layouts here)
            dec_b = decide(view, played, ENGINE, index=i, max_layouts=None, deadline=time.monotonic() - 1)
            decided += check_capped(dec_b, view, lays, t, 2, pos, played, order=view.layouts())
            capped += 1
    return exact, capped, decided


def test_hand_made_deals_against_the_brute_force():
    for dealt, hist, opened, discard, talon in HAND_MADE:
        run_deal(dealt, [Card.parse(c) for c in hist], opened, discard, talon)


@pytest.mark.slow  # a brute-force cross-check, ~10 s: CI runs it, the fast lane leaves it out
def test_random_deals_against_the_brute_force():
    exact = capped = decided = 0
    for dealt, hist, opened, discard, talon in deals(2024, 90):
        e, c, v = run_deal(dealt, hist, opened, discard, talon)
        exact += e
        capped += c
        decided += v
    assert exact > 200 and capped > 600 and decided > 30   # 233, 726 and 53 with this seed


def test_decisions_cut_by_a_budget_against_the_brute_force(monkeypatch):
    import solver.imperfect.single_dummy as sd

    monkeypatch.setattr(sd, "CHUNK", 2)
    checked = 0
    for dealt, hist, opened, discard, talon in deals(77, 30):
        checked += run_deal(dealt, hist, opened, discard, talon, caps=False, budget=True)[1]
    assert checked > 30
