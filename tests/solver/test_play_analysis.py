"""Play analysis: hand-derived costs, every step equal to a fresh solve, misère, raspasovka,
constraints along the history, bad input."""
import random

import pytest
from helpers.strategies import constraints_for, positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import Card, Constraints, Deal, LeadRestriction, PenaltyCard, Position, analyse_play
from solver import reference as ref
from solver.constraints import NO_CONSTRAINTS
from solver.engine import Engine
from solver.errors import IllegalMoveError, PositionError
from solver.play_analysis import analyse_record, play_record
from solver.raspasovka import RaspasovkaPosition, RaspasovkaSolver
from solver.raspasovka import reference as rref


def costs(a):
    return [(str(s.card), s.cost) for s in a.steps]


# ---------------------------------------------------------------------- hand-derived
def test_defender_blocks_the_suit_and_loses_a_trick():
    """No-trump, declarer seat 0 (A♣ K♣ 8♥), seat 1 on lead (K♦ 7♣ 8♣), seat 2 (A♦ Q♦ 7♥).

    Seat 1 leads K♦ (a club lead runs into A♣ K♣ and then 8♥: 3 tricks). Seat 2 must
    overtake with A♦ — unblocking — and cash Q♦; then his 7♥ leads to 8♥: the declarer
    takes 1. Playing Q♦ under the king blocks the suit: seat 1 wins and must lead a club
    into A♣ K♣, and the declarer takes 2 — Q♦ costs the defence one trick, and from then on
    every card is best (the declarer throws 8♥, keeping both clubs)."""
    pos = Position([["Ac", "Kc", "8h"], ["Kd", "7c", "8c"], ["Ad", "Qd", "7h"]], "nt", declarer=0, leader=1)
    a = analyse_play(pos, ["Kd", "Qd", "8h", "7c", "7h", "Ac", "Kc", "8c", "Ad"])
    assert a.start == 1 and a.final == 2 and a.finished
    assert costs(a) == [("Kd", 0), ("Qd", 1), ("8h", 0), ("7c", 0), ("7h", 0), ("Ac", 0), ("Kc", 0), ("8c", 0),
                        ("Ad", 0)]
    qd = a.steps[1]
    assert (qd.seat, qd.side, qd.before, qd.after, qd.best) == (2, "defence", 1, 2, (Card.parse("Ad"),))
    assert qd.values == {Card.parse("Qd"): 2, Card.parse("Ad"): 1}
    assert a.steps[0].values == {Card.parse("Kd"): 1, Card.parse("7c"): 3, Card.parse("8c"): 3}
    assert a.summary() == {"costly": {0: 0, 1: 0, 2: 1}, "lost": {0: 0, 1: 0, 2: 1},
                           "lost_by_side": {"declarer": 0, "defence": 1}}
    assert [s.lost for s in a.steps][-1] == {"declarer": 0, "defence": 1}


def test_declarer_misses_the_finesse():
    """No-trump, declarer seat 2 (A♠ Q♠) sits over seat 1 (K♠ 8♠); seat 0 (7♠ 9♠) leads.

    After 7♠ and 8♠ the declarer finesses Q♠, then A♠ catches K♠: 2 tricks. Taking A♠ at
    once lets K♠ win the second round over Q♠: 1 trick — A♠ costs the declarer one."""
    pos = Position([["7s", "9s"], ["Ks", "8s"], ["As", "Qs"]], "nt", declarer=2, leader=0)
    a = analyse_play(pos, ["7s", "8s", "As", "Qs", "9s", "Ks"])
    assert a.start == 2 and a.final == 1
    assert costs(a) == [("7s", 0), ("8s", 0), ("As", 1), ("Qs", 0), ("9s", 0), ("Ks", 0)]
    step = a.steps[2]
    assert (step.side, step.before, step.after, step.best) == ("declarer", 2, 1, (Card.parse("Qs"),))
    # K♠ from seat 1 instead would cost nothing: A♠ takes it and Q♠ the last trick, 2 either way
    assert a.steps[1].values == {Card.parse("8s"): 2, Card.parse("Ks"): 2}
    assert a.summary()["lost_by_side"] == {"declarer": 1, "defence": 0}


MISERE_HANDS = [["Ks", "Ts"], ["Qs", "8s"], ["Js", "Jh"]]


def test_misere_declarer_and_catcher_mistakes():
    """Misère, the declarer (seat 0: K♠ 10♠) leads; seat 1 holds Q♠ 8♠, seat 2 J♠ J♥.

    Best is 10♠: if seat 1 ducks with 8♠, J♠ wins and seat 2's J♥ takes the last trick
    too (0); so seat 1 covers with Q♠ and then leads 8♠ under the declarer's K♠ (1).
    Leading K♠ wins trick 1 (cost 1: 2 tricks if seat 1 plays Q♠ under it, keeping 8♠
    for 10♠ to beat). Seat 1's 8♠ gives that back (cost 1 to the catchers): Q♠ is left to
    win over 10♠, and the declarer takes 1 after all."""
    pos = Position(MISERE_HANDS, "misere", declarer=0, leader=0)
    a = analyse_play(pos, ["Ks", "8s", "Js", "Ts", "Qs", "Jh"])
    assert a.kind == "misere" and a.start == 1 and a.final == 1
    assert costs(a) == [("Ks", 1), ("8s", 1), ("Js", 0), ("Ts", 0), ("Qs", 0), ("Jh", 0)]
    ks, s8 = a.steps[:2]
    assert (ks.side, ks.before, ks.after, ks.best) == ("declarer", 1, 2, (Card.parse("Ts"),))
    assert (s8.side, s8.before, s8.after, s8.best) == ("catchers", 2, 1, (Card.parse("Qs"),))
    assert a.summary()["lost_by_side"] == {"declarer": 1, "catchers": 1}
    assert_matches_reference(pos, a)
    b = analyse_play(pos, ["Ts", "8s", "Js", "Jh", "Ks", "Qs"])  # the catcher ducks: 0
    assert costs(b)[:2] == [("Ts", 0), ("8s", 1)] and b.final == 0


def assert_matches_reference(start, a, cons=NO_CONSTRAINTS):
    """Every step's before, after and every alternative equals the plain minimax, with the
    constraint state carried along the history independently of the module."""
    pos = start.copy()
    state = cons.initial()
    d = pos.declarer
    for s in a.steps:
        g = ref._Game(pos, cons, None)
        assert pos.taken[d] + g.value(pos.copy(), state) == s.before, s
        allowed, planned = cons.moves(pos, state)
        for card in [Card(i) for i in range(32) if allowed >> i & 1]:
            p = pos.copy()
            assert pos.taken[d] + g.child(p, state, card, planned) == s.values[card], (s, card)
        assert set(s.values) == {Card(i) for i in range(32) if allowed >> i & 1}
        state = cons.after(pos, state, s.card, planned)
        pos.play(s.card)


# ---------------------------------------------------------------------- fresh solves, full deals
def seeded_deal(rng, contract):
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [[Card(c) for c in deck[i * 10:(i + 1) * 10]] for i in range(3)]
    declarer = rng.randrange(3)
    return Deal(hands, contract, declarer, leader=rng.randrange(3), talon=[Card(deck[30]), Card(deck[31])],
                discard=())


def random_history(pos, rng):
    p = pos.copy()
    out = []
    while not p.is_over():
        c = rng.choice(p.legal_moves())
        out.append(c)
        p.play(c)
    return out


def assert_fresh(start, history, a, backend):
    """Every figure equals a fresh solve (new engine, no table reuse) of that position."""
    pos = start.copy()
    d = pos.declarer
    assert len(a.steps) == len(history)
    for s, card in zip(a.steps, history):
        fresh = Engine(backend=backend, table_mb=0.25)
        assert pos.taken[d] + fresh.solve(pos) == s.before, (s.index, "before")
        for alt, v in s.values.items():
            child = pos.copy()
            child.play(alt)
            assert child.taken[d] + Engine(backend=backend, table_mb=0.25).solve(child) == v, (s.index, str(alt))
        pos.play(card)
        assert pos.taken[d] + (0 if pos.is_over() else Engine(backend=backend, table_mb=0.25).solve(pos)) == s.after
    assert a.final == pos.taken[d]


@pytest.mark.parametrize("backend", ["numba", "cython"])
@pytest.mark.parametrize("contract", ["7h", "6nt", "misere", "8s"])
def test_every_step_equals_a_fresh_solve(backend, contract):
    rng = random.Random(f"play-analysis:{contract}")
    engine = Engine(backend=backend, reuse_table=True)
    assert engine.backend.name == backend
    for _ in range(3):
        deal = seeded_deal(rng, contract)
        history = random_history(deal.start(), rng)
        a = analyse_play(deal, history, engine=engine)  # one engine, its table kept across deals' positions
        assert a.finished and len(a.steps) == 30
        assert_fresh(deal.start(), history, a, backend)
        lost = a.summary()["lost_by_side"]
        sign = -1 if contract == "misere" else 1
        # the double-dummy total moves only by the tricks given away: start - final = Δ
        assert a.start - a.final == sign * (lost["declarer"] - lost[a.sides[1]])


def test_both_compilations_agree_card_by_card():
    rng = random.Random("play-analysis:backends")
    deal = seeded_deal(rng, "9d")
    history = random_history(deal.start(), rng)
    n = analyse_play(deal, history, engine=Engine(backend="numba"))
    c = analyse_play(deal, history, engine=Engine(backend="cython", reuse_table=True))
    assert n.to_json() == c.to_json()


def test_engine_setting_restored_and_table_kept():
    e = Engine(reuse_table=False)
    deal = seeded_deal(random.Random(3), "7c")
    analyse_play(deal, random_history(deal.start(), random.Random(4))[:9], engine=e)
    assert e.reuse_table is False


class UnderCountingEngine(Engine):
    """An engine whose second answer under-counts by one (the dds#156 failure): the card
    values only, or the whole position consistently."""

    def __init__(self, what, **kw):
        super().__init__(**kw)
        self.what, self.calls = what, 0

    def analyse(self, pos, constraints=NO_CONSTRAINTS, **kw):
        a = super().analyse(pos, constraints, **kw)
        self.calls += 1
        if self.calls == 2:
            a.card_values = {c: v - 1 for c, v in a.card_values.items()}
            if self.what == "position":
                a.declarer_tricks -= 1
        return a


@pytest.mark.parametrize("what, message", [
    ("cards", r"history\[1\]: the best card is worth 0 but the position 1"),
    ("position", r"history\[1\]: the engine gave 1 for the previous card but 0 for the position it leads to"),
])
def test_an_under_counting_search_is_caught_not_printed(what, message):
    from solver.play_analysis import AnalysisDisagreement

    pos = Position([["Ac", "Kc", "8h"], ["Kd", "7c", "8c"], ["Ad", "Qd", "7h"]], "nt", declarer=0, leader=1)
    with pytest.raises(AnalysisDisagreement, match=message):
        analyse_play(pos, ["Kd", "Qd", "8h"], engine=UnderCountingEngine(what))


# ---------------------------------------------------------------------- raspasovka
def test_raspasovka_history_equals_fresh_solves():
    rng = random.Random("play-analysis:raspasovka")
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [[Card(c) for c in deck[i * 10:(i + 1) * 10]] for i in range(3)]
    start = RaspasovkaPosition(hands, [Card(deck[30]), Card(deck[31])], done=0)
    p = start.copy()
    history = []
    while not p.is_over():
        c = rng.choice(p.legal_moves())
        history.append(c)
        p.play(c)
    player = 1
    a = analyse_play(start, history, player=player)
    assert a.kind == "raspasovka" and a.sides == ("player", "opponents") and a.finished
    assert [s.talon for s in a.steps[:7]] == [start.talon[0]] * 3 + [start.talon[1]] * 3 + [None]  # talon-led tricks
    assert "talon" in a.table() and a.to_json()["moves"][0]["talon"] == str(start.talon[0])
    pos = start.copy()
    for s, card in zip(a.steps, history):
        assert s.before == pos.taken[player] + RaspasovkaSolver().solve(pos, player)
        assert s.side == ("player" if s.seat == player else "opponents")
        for alt, v in s.values.items():
            child = pos.copy()
            child.play(alt)
            assert v == child.taken[player] + (0 if child.is_over() else RaspasovkaSolver().solve(child, player))
        pos.play(card)
    assert a.final == pos.taken[player]


def test_raspasovka_ending_matches_the_reference():
    """The misère ending above as a raspasovka after the talon tricks (trick 9, first hand
    on lead, having won trick 8): the player (seat 0) against the other two is the same question, with the
    same costs; every figure also by the raspasovka's plain minimax."""
    start = RaspasovkaPosition(MISERE_HANDS, ["Ac", "Kc"], done=8, leader=0)
    history = ["Ks", "8s", "Js", "Ts", "Qs", "Jh"]
    a = analyse_play(start, history, player=0)
    assert costs(a) == [("Ks", 1), ("8s", 1), ("Js", 0), ("Ts", 0), ("Qs", 0), ("Jh", 0)]
    assert a.steps[1].side == "opponents" and a.steps[0].trick == 9
    pos = start.copy()
    for s, card in zip(a.steps, history):
        assert s.before == pos.taken[0] + rref.solve(pos, 0)
        assert {c: pos.taken[0] + v for c, v in rref.card_values(pos, 0).items()} == s.values
        pos.play(card)


# ---------------------------------------------------------------------- constraints
def test_penalty_card_advances_along_the_history():
    """Seat 1's exposed K♠ ("first": at his first legal chance). Trick 1 is a heart: seat 1
    must follow with 7♥, so K♠ waits; trick 2 is a spade and K♠ must go, not 8♠. Played,
    it binds no more. Every figure by the reference with the constraint state carried
    along."""
    pos = Position([["Ah", "As", "7c"], ["7h", "Ks", "8s"], ["8h", "Qs", "9c"]], "nt", declarer=0, leader=0)
    cons = Constraints((PenaltyCard(1, "Ks", "first"),))
    history = ["Ah", "7h", "8h", "As", "Ks", "Qs", "7c", "8s", "9c"]
    a = analyse_play(pos, history, cons)
    assert_matches_reference(pos, a, cons)
    assert a.steps[4].values == {Card.parse("Ks"): a.steps[4].before}  # forced: the only card allowed
    with pytest.raises(IllegalMoveError, match=r"history\[4\].*seat 1.*8s.*allow only Ks here \(a penalty card due\)"):
        analyse_play(pos, ["Ah", "7h", "8h", "As", "8s"], cons)
    assert analyse_play(pos, ["Ah", "7h", "8h", "As", "8s"]).steps[4].cost == 0  # free without the penalty


def test_lead_restriction_is_used_up():
    """Seat 1 must not lead hearts at his next lead; after that lead he may."""
    pos = Position([["As", "7d", "8d"], ["Ah", "Kh", "7s"], ["8s", "9d", "Td"]], "nt", declarer=0, leader=1)
    cons = Constraints(lead=LeadRestriction(1, "h", must=False))
    with pytest.raises(IllegalMoveError, match=r"history\[0\].*seat 1.*Ah.*allow only 7s here \(seat 1's lead "
                                               r"restriction: must not lead ♥\)"):
        analyse_play(pos, ["Ah"], cons)
    with pytest.raises(PositionError, match="penalty card Ks is not in seat 2's hand"):
        analyse_play(pos, ["7s"], Constraints((PenaltyCard(2, "Ks"),)))
    history = ["7s", "8s", "As"]
    a = analyse_play(pos, history, cons)
    assert_matches_reference(pos, a, cons)
    assert set(a.steps[0].values) == {Card.parse("7s")}


# ---------------------------------------------------------------------- records and bad input
def test_illegal_move_is_named():
    pos = Position([["7s", "9s"], ["Ks", "8s"], ["As", "Qs"]], "nt", declarer=2, leader=0)
    with pytest.raises(IllegalMoveError, match=r"history\[1\].*trick 1, seat 1.*7h.*does not hold"):
        analyse_play(pos, ["7s", "7h"])
    with pytest.raises(IllegalMoveError, match=r"history\[0\].*not a card"):
        analyse_play(pos, ["Xq"])
    with pytest.raises(IllegalMoveError, match=r"already over"):
        analyse_play(pos, ["7s", "8s", "As", "Qs", "9s", "Ks", "7s"])
    with pytest.raises(PositionError, match="history: expected a list"):
        analyse_play(pos, 7)


def test_records_and_json():
    rec = {"id": "finesse", "hands": [["7s", "9s"], ["Ks", "8s"], ["As", "Qs"]], "contract": "nt",
           "declarer": 2, "history": ["7s", "8s", "As", "Qs"]}
    out = play_record(rec)
    assert out["id"] == "finesse" and out["declarer"] == 2 and out["start"] == 2 and out["final"] == 1
    assert not out["finished"]
    assert [m["cost"] for m in out["moves"]] == [0, 0, 1, 0]
    assert out["moves"][2]["best"] == ["Qs"] and out["summary"]["costly"] == {"0": 0, "1": 0, "2": 1}
    short = play_record(rec, summary=True)
    assert [m["card"] for m in short["costly_moves"]] == ["As"] and short["cards"] == 4
    with pytest.raises(PositionError, match="missing field 'history'"):
        analyse_record({k: v for k, v in rec.items() if k != "history"})
    with pytest.raises(PositionError, match="player"):
        analyse_record({"hands": rec["hands"], "contract": "raspasovka", "history": []})
    with pytest.raises(IllegalMoveError, match=r"history\[1\]"):
        analyse_record(dict(rec, history=["7s", "As"]))


def test_table_text_in_both_languages():
    pos = Position([["7s", "9s"], ["Ks", "8s"], ["As", "Qs"]], "7nt", declarer=2, leader=0)
    a = analyse_play(pos, ["7s", "8s", "As", "Qs", "9s", "Ks"])
    en = a.table()
    assert "A♠ ?" in en and "third hand (declarer)" in en and "1 costly card, 1 trick lost" in en
    ru = a.table("ru")
    assert "Т♠" not in ru and "Тп ?" in ru and "третья рука (играющий)" in ru
    assert "1 ошибка, потеряна 1 взятка" in ru and "7БК" in ru
    assert "играющий берёт 2 взятки в начале, 1 в конце" in ru
    one = analyse_play(Position([["As"], ["7s"], ["8s"]], "nt", declarer=0, leader=0), ["As", "7s", "8s"])
    assert "берёт 1 взятку в начале" in one.table("ru") and "takes 1 trick at the start" in one.table()


# ---------------------------------------------------------------------- random constrained histories
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_constrained_histories_match_the_reference(data):
    """Penalty cards, lead restrictions and plans on random small positions, a random
    history the constraints allow: every figure equals the plain minimax with the
    constraint state carried along the history (the module instead searches each position
    under the constraints still in force)."""
    pos = data.draw(positions(max_cards=3))
    cons = data.draw(constraints_for(pos))
    p, state, history = pos.copy(), cons.initial(), []
    while not p.is_over():
        allowed, planned = cons.moves(p, state)
        card = data.draw(st.sampled_from([Card(i) for i in range(32) if allowed >> i & 1]))
        state = cons.after(p, state, card, planned)
        p.play(card)
        history.append(card)
    a = analyse_play(pos, history, cons)
    assert_matches_reference(pos, a, cons)
    assert a.final == p.taken[pos.declarer]


def test_russian_number_agreement():
    from solver.russian import agree

    forms = ("взятка", "взятки", "взяток")
    assert [agree(n, *forms) for n in (0, 1, 2, 4, 5, 10, 11, 12, 14, 21, 22, 25)] == [
        "взяток", "взятка", "взятки", "взятки", "взяток", "взяток", "взяток", "взяток", "взяток", "взятка", "взятки",
        "взяток"]


def test_raspasovka_play_analysis_under_a_penalty_card():
    """Seat 1 (whose tricks count) has the king of spades exposed, to be played at the first
    legal chance. By hand: first hand leads the queen; the king must go on it and wins (over
    the 9), and seat 1's 7 of spades then wins the last trick, both others being void: 2
    tricks. Without the penalty card he plays the 7 under the queen and discards the king on
    the heart: 0. And a history where he keeps the king back is refused, naming the card due."""
    from solver.play_analysis import analyse_record

    rec = {"hands": [["Qs", "8h"], ["Ks", "7s"], ["9s", "9h"]], "contract": "raspasovka", "player": 1, "leader": 0,
           "history": ["Qs", "Ks", "9s", "7s", "9h", "8h"],
           "constraints": {"penalty_cards": [{"seat": 1, "card": "Ks", "when": "first"}]}}
    a = analyse_record(rec)
    assert (a.start, a.final) == (2, 2)
    assert a.to_json()["moves"][1]["values"] == {"Ks": 2}  # the 7 is not his to play
    free = analyse_record({k: v for k, v in rec.items() if k != "constraints"} | {"history": ["Qs", "7s", "9s"]})
    assert free.start == 0
    with pytest.raises(IllegalMoveError, match=r"history\[1\].*the constraints allow only Ks here \(a penalty card due\)"):
        analyse_record(dict(rec, history=["Qs", "7s"]))
