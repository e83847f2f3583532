"""The raspasovka mode of the search kernel against the plain minimax, and hand-checked endings."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import Card, Position
from solver.constraints import Constraints, LeadRestriction, PenaltyCard, Plan
from solver.engine import Engine, cy_backend
from solver.raspasovka import RaspasovkaError, RaspasovkaPosition, RaspasovkaRules, RaspasovkaSolver
from solver.raspasovka import reference as ref
from solver.raspasovka.api import card_values, forced_tricks, principal_line, solve_raspasovka

RULES = [RaspasovkaRules(t, v, a) for t in ("both", "first", "none")
         for v in ("nobody", "first_hand") for a in ("first_hand", "winner")]


@st.composite
def positions(draw, max_cards=4):
    """Small raspasovka positions; about half still have talon-led tricks to come."""
    n = draw(st.integers(1, max_cards))
    deck = draw(st.permutations(range(32)))
    hands = [[Card(c) for c in deck[i * n:(i + 1) * n]] for i in range(3)]
    talon = [Card(c) for c in deck[3 * n:3 * n + draw(st.integers(0, 2))]]
    rules = draw(st.sampled_from(RULES))
    if draw(st.booleans()):
        done = 0  # the deal's first trick (talon-led if the rules use the talon)
        leader = None
    else:
        done = 10 - n
        leader = draw(st.integers(0, 2))
    pos = RaspasovkaPosition(hands, talon, done=done, leader=leader, rules=rules)
    for _ in range(draw(st.integers(0, 2))):
        pos.play(draw(st.sampled_from(pos.legal_moves())))
    pos.clear_stack()
    return pos


SOLVER = RaspasovkaSolver(table_mb=1)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 2))
@pytest.mark.slow
def test_search_agrees_with_reference(pos, player):
    assert SOLVER.solve(pos, player) == ref.solve(pos, player)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_cards=3), st.integers(0, 2))
def test_card_values_agree_with_reference(pos, player):
    a = SOLVER.analyse(pos, player, all_cards=True)
    assert a.card_values == ref.card_values(pos, player)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_cards=3), st.integers(0, 2), st.integers(1, 2))
def test_one_forcer_alone_agrees_with_reference(pos, victim, k):
    # rule 1.6.1's strict reading: one seat forces, the other two resist
    by = [(victim + k) % 3]
    assert SOLVER.solve(pos, victim, by=by) == ref.solve(pos, victim, by=by)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_cards=3), st.integers(0, 2))
def test_line_keeps_the_value(pos, player):
    a = SOLVER.analyse(pos, player, line=True)
    p = pos.copy()
    mine = 0
    for c in a.line:
        w = p.play(c)
        mine += int(w == player)
    assert p.is_over() and mine == a.player_tricks


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 6), st.permutations(range(32)), st.integers(0, 2), st.integers(0, 2))
def test_without_talon_it_is_the_misere_game(n, deck, leader, player):
    # With no talon trick left, "X against the other two, X taking fewest" is exactly the
    # misère search of the main engine with X as declarer (the same kernel, set up by the
    # engine's own code: the raspasovka configuration must amount to the misère one).
    hands = [[Card(c) for c in deck[i * n:(i + 1) * n]] for i in range(3)]
    r = RaspasovkaPosition(hands, (), done=10 - n, leader=leader)
    m = Position(hands, "misere", declarer=player, leader=leader)
    assert SOLVER.solve(r, player) == Engine(table_mb=1).solve(m)


def test_full_deal_against_misere_engine():
    # ten cards each, talon not used: equals the misère engine's answer for every player
    import random
    rng = random.Random(7)
    for _ in range(3):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [[Card(c) for c in deck[i * 10:(i + 1) * 10]] for i in range(3)]
        r = RaspasovkaPosition(hands, (), done=0, rules=RaspasovkaRules(talon="none"))
        for x in range(3):
            m = Position(hands, "misere", declarer=x, leader=0)
            assert SOLVER.solve(r, x) == Engine().solve(m)


# ---------------------------------------------------------------- hand-checked endings
def test_lone_low_card_cannot_be_caught():
    # Seat 0: ♠7 ♣7. Others hold only higher spades and clubs. Whatever is led, 0 follows
    # below every other card, and on lead he leads a 7 that both others must beat: 0 tricks.
    pos = RaspasovkaPosition([["7s", "7c"], ["As", "Ac"], ["Ks", "Kc"]], done=8, leader=0)
    assert solve_raspasovka(pos, 0) == 0
    # Seat 1 holds both aces: whenever he must follow he wins. On any lead he follows and
    # his ace is highest: 2 tricks, and nothing he plays changes it.
    assert solve_raspasovka(pos, 1) == 2


def test_the_coalition_gives_the_lead_back():
    # Seat 0 (victim): ♠A ♥7; seat 1: ♠7 ♥8; seat 2: ♠8 ♥9; seat 1 leads.
    # If 1 leads ♠7, 2 plays ♠8, 0 must play ♠A and wins; then 0 leads ♥7 and loses to
    # ♥8/♥9: 1 trick. If 1 leads ♥8, 0 ducks ♥7, then 0's ♠A wins the last trick anyway
    # (only spades left and he holds the ace): 1 trick either way. The ace is a sure trick.
    pos = RaspasovkaPosition([["As", "7h"], ["7s", "8h"], ["8s", "9h"]], done=8, leader=1)
    assert solve_raspasovka(pos, 0) == 1
    vals = card_values(pos, 0)  # values of seat 1's cards for seat 0's tricks
    assert vals == {Card.parse("7s"): 1, Card.parse("8h"): 1}


def test_talon_trick_with_a_void_player():
    # Talon rule "first": the turned ♦10 leads trick 1. Seat 0: ♦J ♣7; seat 1: ♠A ♣8;
    # seat 2: ♦7 ♣9. Seat 0 must play ♦J (his only diamond), seat 2 ♦7, seat 1 has no
    # diamond and discards: ♦J is the highest diamond, seat 0 takes trick 1 whatever
    # happens. First hand (seat 0) then leads ♣7, and ♣9 beats it (and ♣8): seat 2 takes
    # trick 2. Everything is forced except seat 1's discard, which changes nothing.
    rules = RaspasovkaRules(talon="first")
    pos = RaspasovkaPosition([["Jd", "7c"], ["As", "8c"], ["7d", "9c"]], ["Td"], done=0, rules=rules)
    assert solve_raspasovka(pos, 0) == 1
    assert solve_raspasovka(pos, 1) == 0
    assert solve_raspasovka(pos, 2) == 1


def test_both_talon_cards_lead():
    # Talon ♠10 then ♦10 (Sochi). Seat 0: ♠A ♦7 ♣7; seat 1: ♠7 ♦8 ♣8; seat 2: ♠8 ♦9 ♣9.
    # Every card is forced: trick 1 (♠) ♠A wins for seat 0; trick 2 (♦) ♦9 for seat 2;
    # trick 3 first hand leads ♣7, ♣9 wins for seat 2. Tricks 1-0-2.
    pos = RaspasovkaPosition([["As", "7d", "7c"], ["7s", "8d", "8c"], ["8s", "9d", "9c"]], ["Ts", "Td"], done=0)
    assert pos.talon_card == Card.parse("Ts")
    assert [solve_raspasovka(pos, x) for x in range(3)] == [1, 0, 2]
    # with the talon not used, first hand leads ♠A: he wins it and must lead again
    # (♦7 or ♣7, each beaten by both others): 1-?-?; seat 0 still takes exactly 1.
    none = RaspasovkaPosition(pos.hands, ["Ts", "Td"], done=0, rules=RaspasovkaRules(talon="none"))
    assert solve_raspasovka(none, 0) == 1


def test_talon_trick_nobody_follows_settings():
    # Talon ♥A, nobody holds a heart. Trick 1 goes to nobody (default) or to first hand.
    # Seat 0: ♠7 ♠8, others ♠9 ♠10 and ♠J ♠Q: seat 0 can never win a spade trick.
    hands = [["7s", "8s"], ["9s", "Ts"], ["Js", "Qs"]]
    nobody = RaspasovkaPosition(hands, ["Ah"], done=0, rules=RaspasovkaRules(talon="first"))
    first = RaspasovkaPosition(hands, ["Ah"], done=0,
                               rules=RaspasovkaRules(talon="first", void_talon_trick="first_hand"))
    assert solve_raspasovka(nobody, 0) == 0
    assert solve_raspasovka(first, 0) == 1   # the void talon trick is his
    assert ref.solve(first, 0) == 1


def test_after_talon_lead_setting():
    # Talon ♠A (rule "first"); seat 2 holds the only spade, ♠K, and takes trick 1 while
    # seats 0 and 1 discard. Who leads trick 2: first hand (default) or the winner.
    hands = [["7c", "8d", "7h"], ["8c", "7d", "8h"], ["Ks", "9c", "9d"]]
    a = RaspasovkaPosition(hands, ["As"], done=0, rules=RaspasovkaRules(talon="first"))
    b = RaspasovkaPosition(hands, ["As"], done=0, rules=RaspasovkaRules(talon="first", after_talon_lead="winner"))
    for pos in (a, b):
        assert pos.play("7h") is None and pos.play("8h") is None
        assert pos.play("Ks") == 2
    assert a.to_move == 0 and b.to_move == 2
    # Seat 2 keeps ♣9 ♦9, each above the others' clubs and diamonds: if he must lead he
    # wins his lead and leads again (2 more tricks); if first hand leads ♣7, seat 2 must
    # follow ♣9 and win, then lead ♦9 and win: 2 either way, 3 in all for seat 2.
    assert solve_raspasovka(a, 2) == 2 and solve_raspasovka(b, 2) == 2
    for pos in (a, b):
        for x in range(3):
            assert solve_raspasovka(pos, x) == ref.solve(pos, x)


def test_forced_tricks_coalition_vs_alone():
    # Victim seat 0: ♠9 ♥7; seat 1: ♠7 ♥8; seat 2: ♠8 ♠10; seat 1 leads.
    # Together 1 and 2 catch him: 1 leads ♠7, 0 must play ♠9, 2 plays ♠8 under it: 0 wins.
    # (Then 0 leads ♥7 and 1's ♥8 wins.) So the coalition forces 1 trick, and no more:
    # 0's ♥7 loses to ♥8 whoever leads hearts.
    # Seat 1 alone (seat 2 helping 0): on ♠7 seat 2 plays ♠10 over 0's ♠9; on a ♥8 lead
    # 0 plays ♥7 and 1 wins, then leads ♠7 and 2 again covers with ♠10. 0 takes nothing.
    pos = RaspasovkaPosition([["9s", "7h"], ["7s", "8h"], ["8s", "Ts"]], done=8, leader=1)
    assert forced_tricks(pos, 0, by=[1, 2]) == 1
    assert solve_raspasovka(pos, 0) == 1
    assert forced_tricks(pos, 0, by=[1]) == 0
    assert ref.solve(pos, 0, by=[1]) == 0


def test_principal_line_is_legal_and_complete():
    pos = RaspasovkaPosition([["As", "7h"], ["7s", "8h"], ["8s", "9h"]], done=8, leader=1)
    line = principal_line(pos, 0)
    assert len(line) == 6
    p = pos.copy()
    for c in line:
        p.play(c)
    assert p.taken[0] == 1


def test_bad_player_is_named():
    pos = RaspasovkaPosition([["As"], ["Ks"], ["Qs"]], done=9, leader=0)
    with pytest.raises(Exception, match="player"):
        solve_raspasovka(pos, 3)


# ---------------------------------------------------------------- penalty-card constraints and lead rulings
WHEN = ["first", "suit", "suit_or_lead", "declarer", frozenset({"lead"})]


@st.composite
def constraints_for(draw, pos):
    """Up to two penalty cards (any occasion) and perhaps a lead ruling, fitting ``pos``."""
    pcs = []
    for _ in range(draw(st.integers(0, 2))):
        seat = draw(st.integers(0, 2))
        held = [Card(c) for c in range(32) if pos.hands[seat] >> c & 1]
        if held:
            card = draw(st.sampled_from(held))
            if all(p.card != card for p in pcs):
                pcs.append(PenaltyCard(seat, card, draw(st.sampled_from(WHEN))))
    lead = None
    if draw(st.booleans()):
        lead = LeadRestriction(draw(st.integers(0, 2)), draw(st.integers(0, 3)), draw(st.booleans()))
    return Constraints(tuple(pcs), lead)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_constraints_agree_with_reference(data):
    # the kernel's constraints on raspasovka (talon tricks included) against the plain
    # minimax, whose allowed cards are Constraints.moves: values and every card's value
    pos = data.draw(positions(max_cards=3))
    player = data.draw(st.integers(0, 2))
    cons = data.draw(constraints_for(pos))
    a = SOLVER.analyse(pos, player, constraints=cons, all_cards=True, line=True)
    assert a.player_tricks == ref.solve(pos, player, constraints=cons)
    if not pos.is_over():
        assert a.card_values == ref.card_values(pos, player, constraints=cons)
    by = [(player + data.draw(st.integers(1, 2))) % 3]
    assert SOLVER.solve(pos, player, by=by, constraints=cons) == ref.solve(pos, player, by=by, constraints=cons)
    # the line obeys the constraints and keeps the value
    p, state, mine = pos.copy(), cons.initial(), 0
    for c in a.line:
        allowed, planned = cons.moves(p, state)
        assert allowed >> int(c) & 1
        state = cons.after(p, state, c, planned)
        mine += int(p.play(c) == player)
    assert p.is_over() and mine == a.player_tricks


def test_penalty_card_on_a_talon_trick():
    # Talon rule "first", the turned ♠10 leads trick 1. Seat 0: ♠A ♠7; seat 1: ♠8 ♦7;
    # seat 2: ♠9 ♦8. Free, seat 0 plays ♠7 to the talon trick (♠9 wins it), then as first
    # hand leads ♠A, which nobody can follow: 1 trick. With ♠A a penalty card to be played
    # when its suit is led, the talon's ♠ counts as led: ♠A wins trick 1, and then his ♠7
    # lead is followed by nobody either: 2 tricks. A penalty card to be *led* is not
    # forced by the talon trick (first hand follows the talon, he does not lead): 1 trick.
    rules = RaspasovkaRules(talon="first")
    pos = RaspasovkaPosition([["As", "7s"], ["8s", "7d"], ["9s", "8d"]], ["Ts"], done=0, rules=rules)
    ace = Card.parse("As")
    cases = [(Constraints(), 1), (Constraints((PenaltyCard(0, ace, "suit"),)), 2),
             (Constraints((PenaltyCard(0, ace, "first"),)), 2),
             (Constraints((PenaltyCard(0, ace, frozenset({"lead"})),)), 1)]
    for cons, want in cases:
        assert ref.solve(pos, 0, constraints=cons) == want
        assert solve_raspasovka(pos, 0, constraints=cons) == want
    a = SOLVER.analyse(pos, 0, constraints=cases[1][0], all_cards=True, line=True)
    assert a.card_values == {ace: 2} and [str(c) for c in a.line][:1] == ["As"]


def test_lead_ruling_on_the_victim():
    # Seat 0 leads from ♥10 ♠7; seat 1: ♥9 ♥8; seat 2: ♠10 ♠8. Free, he leads ♠7 (seat 2
    # wins it) and discards ♥10 on seat 2's spade lead: no trick. Made to lead a heart (or
    # forbidden spades) his ♥10 beats seat 1's hearts, seat 2 discards, and he takes 1.
    pos = RaspasovkaPosition([["Th", "7s"], ["9h", "8h"], ["Ts", "8s"]], done=8, leader=0)
    assert solve_raspasovka(pos, 0) == 0
    for lead in (LeadRestriction(0, "h", True), LeadRestriction(0, "s", False)):
        cons = Constraints(lead=lead)
        assert ref.solve(pos, 0, constraints=cons) == 1
        assert solve_raspasovka(pos, 0, constraints=cons) == 1
        assert card_values(pos, 0, constraints=cons) == {Card.parse("Th"): 1}
    # a ruling on another seat's lead does nothing until he leads
    assert solve_raspasovka(pos, 0, constraints=Constraints(lead=LeadRestriction(1, "h", False))) == 0


def test_lead_ruling_waits_for_the_first_lead_after_the_talon():
    # Talon ♦J (rule "first"): seat 0 must follow diamonds to it, which is no lead, so a
    # ruling "seat 0 must lead a club" is still pending at trick 2, which he leads.
    # Seat 0: ♦7 ♣A ♥7; seat 1: ♦8 ♣7 ♥8; seat 2: ♦9 ♣8 ♥9. Trick 1: ♦9 wins (seat 2).
    # Free, first hand leads ♥7 to trick 2 (beaten by both) and then must lead ♣A: 1 trick
    # (or ♣A first: also 1). Made to lead a club he leads ♣A at trick 2 and wins it, then
    # leads ♥7: 1 trick. Forbidden clubs at trick 2 he leads ♥7, then ♣A wins: 1 trick.
    rules = RaspasovkaRules(talon="first")
    pos = RaspasovkaPosition([["7d", "Ac", "7h"], ["8d", "7c", "8h"], ["9d", "8c", "9h"]], ["Jd"], done=0,
                             rules=rules)
    for must in (True, False):
        cons = Constraints(lead=LeadRestriction(0, "c", must))
        assert solve_raspasovka(pos, 0, constraints=cons) == ref.solve(pos, 0, constraints=cons) == 1
        line = principal_line(pos, 0, constraints=cons)
        assert str(line[0]) == "7d"  # the talon trick: he follows diamonds
        assert (str(line[3]) == "Ac") == must  # his first lead obeys the ruling


def test_a_plan_is_refused_on_raspasovka():
    pos = RaspasovkaPosition([["As"], ["Ks"], ["Qs"]], done=9, leader=0)
    with pytest.raises(RaspasovkaError, match="plan"):
        solve_raspasovka(pos, 0, constraints=Constraints(plan=Plan("declarer", ("As",))))
    with pytest.raises(RaspasovkaError, match="plan"):
        ref.solve(pos, 0, constraints=Constraints(plan=Plan("declarer", ("As",))))


def test_penalty_card_not_held_is_named():
    pos = RaspasovkaPosition([["As"], ["Ks"], ["Qs"]], done=9, leader=0)
    with pytest.raises(Exception, match="penalty card Ks is not in seat 0"):
        solve_raspasovka(pos, 0, constraints=Constraints((PenaltyCard(0, "Ks"),)))


def test_record_with_constraints():
    from solver.raspasovka.api import solve_record

    rec = {"contract": "raspasovka", "player": 0, "hands": [["As", "7s"], ["8s", "7d"], ["9s", "8d"]],
           "talon": ["Ts"], "talon_rule": "first", "tricks_done": 0,
           "constraints": {"penalty_cards": [{"seat": 0, "card": "As", "when": "suit"}]}}
    assert solve_record(rec)["player_tricks"] == 2
    assert solve_record(rec, reference=True)["player_tricks"] == 2
    with pytest.raises(Exception, match="constraints"):
        solve_record(dict(rec, constraints={"penalty_cards": [], "bogus": 1}))


# ---------------------------------------------------------------- one kernel, every compilation
BACKENDS = ["numba", "python"] + (["cython"] if cy_backend.available() else [])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_compilation_searches_the_same_tree(data):
    # raspasovka runs in the one kernel: compiled by Cython, by Numba or not at all, the
    # same position gives the same value, card values and node count
    pos = data.draw(positions(max_cards=3))
    player = data.draw(st.integers(0, 2))
    cons = data.draw(constraints_for(pos)) if data.draw(st.booleans()) else Constraints()
    seen = {}
    for b in BACKENDS:
        a = RaspasovkaSolver(table_mb=0.06, backend=b).analyse(pos, player, constraints=cons, all_cards=True)
        seen[b] = (a.player_tricks, a.card_values, a.nodes)
    assert len(set(map(repr, seen.values()))) == 1, seen


@pytest.mark.skipif(not cy_backend.available(), reason="the Cython kernel is not built")
def test_full_deals_same_nodes_cython_and_numba():
    import random

    rng = random.Random(14)
    for rules in (RaspasovkaRules("both"), RaspasovkaRules("first"), RaspasovkaRules("none")):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [[Card(c) for c in deck[i * 10:(i + 1) * 10]] for i in range(3)]
        pos = RaspasovkaPosition(hands, [Card(deck[30]), Card(deck[31])], done=0, rules=rules)
        a = RaspasovkaSolver(backend="cython").analyse(pos, 1)
        b = RaspasovkaSolver(backend="numba").analyse(pos, 1)
        assert (a.player_tricks, a.nodes) == (b.player_tricks, b.nodes)


def test_a_raspasovka_record_runs_on_the_engine_s_own_backend():
    """``Engine(backend=...)`` given to the record solver reaches its raspasovka search too
    (it followed $PREFDD_ENGINE / auto whatever the engine was)."""
    from prefdd.records import raspasovka_solver, solve_record
    from solver.engine import Engine

    engine = Engine(backend="python", table_mb=1)
    assert raspasovka_solver(engine).backend.name == "python"
    rec = {"hands": [["As", "7s"], ["Ks", "8s"], ["Qs", "9s"]], "contract": "raspasovka", "player": 0, "leader": 0}
    # by hand: first hand's ace takes a trick; his 7 is the lowest card left and takes none
    assert solve_record(rec, engine)["player_tricks"] == 1
