"""Value types: Seat, Position equality / history / notation, to_json/from_json round trips,
one Contract, one error class with a field path."""
import json
import pickle

import pytest
from helpers.strategies import constraints_for, positions
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver import Card, Constraints, Contract, Deal, Hand, IllegalMoveError, Position, PositionError, PrefError, Strain
from solver.hands import cards_of
from solver.seat import SEATS, Seat, parse_seat


# ---------------------------------------------------------------- Seat
def test_seat_turn_order_and_names():
    assert [s.next for s in SEATS] == [Seat.SECOND, Seat.THIRD, Seat.FIRST]
    assert [s.prev for s in SEATS] == [Seat.THIRD, Seat.FIRST, Seat.SECOND]
    assert Seat.FIRST.english == "first hand" and Seat.THIRD.russian == "третья рука"
    for s in SEATS:
        assert s.next.prev is s


def test_seat_is_a_drop_in_int():
    assert Seat.SECOND == 1 and ["a", "b", "c"][Seat.THIRD] == "c"
    assert f"seat {Seat.SECOND}" == "seat 1" and str(Seat.THIRD) == "2"
    assert json.dumps({"declarer": Seat.THIRD}) == '{"declarer": 2}'
    assert (Seat.THIRD + 1) % 3 == 0


@pytest.mark.parametrize("text,seat", [
    (0, 0), (2, 2), ("1", 1), ("first", 0), ("First Hand", 0), ("second hand", 1), ("3rd", 2),
    ("первая рука", 0), ("вторая", 1), ("третья рука", 2), (Seat.THIRD, 2),
])
def test_seat_parse(text, seat):
    assert Seat.parse(text) is SEATS[seat]


@pytest.mark.parametrize("bad", [3, -1, True, None, "fourth", 1.0, "x"])
def test_seat_parse_errors_name_the_field(bad):
    with pytest.raises(PositionError) as e:
        Seat.parse(bad, "declarer")
    assert e.value.path == "declarer" and str(e.value).startswith("declarer: ")


def test_strict_seat_wants_an_integer_and_knows_the_dealer():
    with pytest.raises(PositionError, match="leader: expected a seat 0, 1 or 2, got '1'"):
        parse_seat("1", "leader")
    assert parse_seat(3, "writer", players=4) == 3
    with pytest.raises(PositionError, match="a seat 0..3"):
        parse_seat(4, "writer", players=4)


def test_every_seat_field_goes_through_parse_seat_with_its_own_error_kind():
    """One validator, the caller's error class, the field path kept (PrefError.at)."""
    from compensation.errors import ScoringError
    from compensation.incident_shape import IncidentError
    from compensation.sheet import Entries
    from solver.position import position_from_json
    from solver.raspasovka.rules import RaspasovkaError

    for cls in (IncidentError, ScoringError, RaspasovkaError, PositionError):
        with pytest.raises(cls) as e:
            parse_seat(5, "violation.offender", error=cls)
        assert type(e.value) is cls and e.value.path == "violation.offender"
        assert e.value.message == "expected a seat 0, 1 or 2, got 5"
    with pytest.raises(ScoringError) as e:  # a four-player sheet: seats 0..3
        Entries.zero(4).add_pulya(4, 1)
    assert str(e.value) == "seat: expected a seat 0..3, got 4"
    rec = {"hands": [["As"], ["Ks"], ["Qs"]], "contract": "s", "declarer": 0,
           "trick": [[True, "As"]], "to_move": 1}
    with pytest.raises(PositionError, match=r"trick\[0\]: expected a seat 0, 1 or 2, got True"):
        position_from_json(rec)


def test_positions_deals_and_constraints_carry_seats():
    pos = Position([["As"], ["Ks"], ["Qs"]], "s", declarer=2, leader=1)
    assert pos.declarer is Seat.THIRD and pos.to_move is Seat.SECOND
    pos.play("Ks")
    assert pos.to_move is Seat.THIRD and pos.trick[0][0] is Seat.SECOND
    assert Deal([["As"], ["Ks"], ["Qs"]], "s", declarer="third hand").declarer is Seat.THIRD
    from solver import PenaltyCard

    assert PenaltyCard("second", "Ks").seat is Seat.SECOND


# ---------------------------------------------------------------- Position: equality, history
def small():
    return Position([["As", "7d"], ["Ks", "8d"], ["Qs", "9d"]], "nt", declarer=0, leader=0)


def test_equality_and_key_ignore_the_road_taken():
    a, b = small(), small()
    assert a == b and a.key() == b.key() and len({a.key(), b.key()}) == 1
    a.play("As")
    assert a != b
    a.undo()
    assert a == b
    assert a != small().copy().__class__([["As", "7d"], ["Ks", "8d"], ["Qs", "9d"]], "s", 0, 0)  # contract differs
    assert Position([["As"], ["Ks"], ["Qs"]], "nt", 0, 0) != Position([["As"], ["Ks"], ["Qs"]], "nt", 1, 0)


def test_moves_are_the_history_and_copy_keeps_it():
    p = small()
    for c in ["As", "Ks", "Qs", "7d"]:
        p.play(c)
    assert [str(m) for m in p.moves] == ["0:As", "1:Ks", "2:Qs", "0:7d"]
    q = p.copy()
    assert q == p and q.moves == p.moves
    q.undo()
    assert [str(m) for m in q.moves] == ["0:As", "1:Ks", "2:Qs"] and len(p.moves) == 4  # independent
    assert p.copy(stack=False).moves == [] and p.copy(stack=False) == p
    assert p.root() == small() and len(p.moves) == 4
    p.clear_stack()  # the history goes, the trick stays
    assert p.moves == [] and [str(c) for _, c in p.trick] == ["7d"]
    with pytest.raises(IllegalMoveError):
        p.undo()


def test_a_position_is_unhashable_its_key_is_frozen():
    # mutable, so unhashable (python-chess Board too): a hash that changed after play()
    # would lose the position in a set
    p = small()
    with pytest.raises(TypeError):
        hash(p)
    with pytest.raises(TypeError):
        {p}  # noqa: B018
    k = p.key()
    p.play("As")
    assert p.key() != k and hash(k) == hash(small().key())
    p.undo()
    assert p.key() == k


def test_deal_after_keeps_the_history():
    d = Deal([["As", "7d"], ["Ks", "8d"], ["Qs", "9d"]], "nt", declarer=0)
    p = d.after(["As", "Ks", "Qs"])
    assert [str(m.card) for m in p.moves] == ["As", "Ks", "Qs"] and p.root() == d.start()


# ---------------------------------------------------------------- notation
def test_notation_by_hand():
    # seat 1 led the king of spades, seat 2 followed; seat 0 won a trick before; 7s 8s are out
    p = Position([["As", "Ah", "7c"], ["Kd", "Qc"], ["Js", "Th"]], "7h", declarer=0, leader=1,
                 trick=[(1, "Ks"), (2, "Qs")], taken=[1, 0, 0], out=["7s", "8s"])
    assert str(p) == "7h 0 A.7..A/.Q.K./J...T 1:Ks,Qs 1,0,0 7s,8s"  # suits ♠.♣.♦.♥
    assert Position.from_str(str(p)) == p and eval(repr(p)) == p
    assert Position.from_str("misere 2 .../.../... 0:").is_over()
    assert Position.from_str("s 0 A.../K.../Q... 1:") == Position([["As"], ["Ks"], ["Qs"]], "s", 0, 1)


@pytest.mark.parametrize("text,path", [
    ("s 0 A.../K.../Q...", "notation"),
    ("s 0 A.../K... 0:", "hands"),
    ("s 0 A../K.../Q... 0:", "hands[0]"),
    ("s 0 A.../X.../Q... 0:", "hands[1]"),
    ("s 0 A.../K.../Q... 0", "trick"),
    ("s 5 A.../K.../Q... 0:", "declarer"),
    ("s 0 A.../K.../Q... 4:", "leader"),
    ("s 0 A.../K.../Q... 0: 1,0", "taken"),
    ("q 0 A.../K.../Q... 0:", "contract"),
    ("s 0 A.../K.../Q... 0:Zs", "trick[0]"),
])
def test_bad_notation_names_the_field(text, path):
    with pytest.raises(PositionError) as e:
        Position.from_str(text)
    assert e.value.path == path, str(e.value)


@st.composite
def rich_positions(draw):
    """Positions with tricks taken, cards out of play and part of a trick on the table."""
    n = draw(st.integers(0, 6))
    deck = draw(st.permutations(range(32)))
    hands = [[Card(c) for c in deck[i * n:(i + 1) * n]] for i in range(3)]
    out = [Card(c) for c in deck[3 * n:3 * n + draw(st.integers(0, 2))]]
    done = draw(st.integers(0, 10 - n))
    taken = [0, 0, 0]
    for _ in range(done):
        taken[draw(st.integers(0, 2))] += 1
    contract = draw(st.sampled_from(["s", "c", "d", "h", "nt", "misere", "6s", "7nt", "10h"]))
    pos = Position(hands, contract, draw(st.integers(0, 2)), draw(st.integers(0, 2)), taken=taken, out=out)
    for _ in range(draw(st.integers(0, min(2, n)))):
        pos.play(draw(st.sampled_from(pos.legal_moves())))
    return pos


@settings(max_examples=150, deadline=None)
@given(rich_positions())
def test_notation_round_trip(pos):
    back = Position.from_str(str(pos))
    assert back == pos and str(back) == str(pos)


@settings(max_examples=150, deadline=None)
@given(rich_positions())
def test_position_json_round_trip(pos):
    rec = json.loads(json.dumps(pos.to_json()))  # through real JSON text
    assert Position.from_json(rec) == pos


@settings(max_examples=60, deadline=None)
@given(positions(max_cards=6), st.data())
def test_position_and_constraints_json_round_trip(pos, data):
    cons = data.draw(constraints_for(pos))
    assert Constraints.from_json(json.loads(json.dumps(cons.to_json()))) == cons
    assert Position.from_json(json.loads(json.dumps(pos.to_json()))) == pos
    assert eval(repr(cons), REPR_NAMES) == cons  # PenaltyCard, LeadRestriction, Plan too


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 0xFFFFFFFF))
def test_hand_json_round_trip(mask):
    h = Hand(mask)
    assert Hand.from_json(json.loads(json.dumps(h.to_json()))) == h and len(h.to_json()) == len(h)


REPR_NAMES = {name: getattr(solver, name) for name in solver.__all__}


@st.composite
def deals(draw):
    deck = [Card(c) for c in draw(st.permutations(range(32)))]
    if draw(st.booleans()):  # a full deal: 10 each and the declarer's discard
        hands, talon, discard = [deck[:10], deck[10:20], deck[20:30]], [], deck[30:]
    else:
        n = draw(st.integers(1, 8))
        hands, talon, discard = [deck[:n], deck[n:2 * n], deck[2 * n:3 * n]], deck[3 * n:3 * n + 2], []
    return Deal(hands, draw(st.sampled_from(["6s", "7d", "10nt", "misere", "h"])), draw(st.integers(0, 2)),
                draw(st.integers(0, 2)), tuple(talon), tuple(discard))


@settings(max_examples=100, deadline=None)
@given(deals())
def test_deal_json_round_trip(deal):
    rec = json.loads(json.dumps(deal.to_json()))
    assert Deal.from_json(rec) == deal
    assert eval(repr(deal), REPR_NAMES) == deal
    # the same record is one prefdd solve reads: the position before the first lead
    assert Position.from_json(rec) == deal.start()


def test_deal_and_penalty_card_reprs_evaluate_back():
    from solver import LeadRestriction, PenaltyCard

    d = Deal([["As", "Qs"], ["Ks", "7s"], ["8s", "9s"]], "6nt", declarer=1, leader=2, talon=["Ah", "Kh"])
    assert repr(d) == ("Deal((Hand('♠AQ ♣— ♦— ♥—'), Hand('♠K7 ♣— ♦— ♥—'), Hand('♠98 ♣— ♦— ♥—')), '6nt', "
                       "declarer=1, leader=2, talon=['Ah', 'Kh'])")
    assert eval(repr(d)) == d
    for p in (PenaltyCard(1, "Ks"), PenaltyCard("third", "7h", "declarer"), PenaltyCard(0, "Ad", ["lead", "ruff"])):
        assert eval(repr(p)) == p
    assert repr(PenaltyCard(1, "Ks")) == "PenaltyCard(1, 'Ks', 'first')"
    lead = LeadRestriction(2, "h", must=False)
    assert eval(repr(lead)) == lead


def test_json_bad_input_names_the_field():
    with pytest.raises(PrefError) as e:
        Hand.from_json(["As", "As"], "hands[1]")
    assert e.value.path == "hands[1]" and "duplicate card As" in e.value.message
    with pytest.raises(PositionError) as e:
        Deal.from_json({"hands": [[], [], []], "contract": "s", "declarer": 0, "dealer": 1})
    assert e.value.path == "dealer"
    with pytest.raises(PositionError) as e:
        Deal.from_json({"hands": [["As"], ["Ks"], ["Qs"]], "contract": "s", "declarer": "0"})
    assert e.value.path == "declarer"


def test_constraints_json_by_hand():
    from solver import LeadRestriction, PenaltyCard, Plan

    c = Constraints((PenaltyCard(1, "Ks", "declarer"),), LeadRestriction(2, "h", must=False), Plan("defence", ("Ah",)))
    assert c.to_json() == {
        "penalty_cards": [{"seat": 1, "card": "Ks", "when": "declarer"}],
        "lead": {"seat": 2, "suit": "h", "must": False, "or_trump": False},
        "plan": {"side": "defence", "cards": ["Ah"]},
    }
    assert Constraints().to_json() == {}


# ---------------------------------------------------------------- one Contract
def test_one_contract_class():
    from compensation import outcome

    assert outcome.Contract is Contract
    c = outcome.parse_contract("7NT")
    assert c == Contract.parse("7nt") == Contract(Strain.NO_TRUMP, 7) and c.is_game and str(c) == "7nt"
    r = outcome.parse_contract("распасы")
    assert r.is_raspasovka and not r.is_game and r.level is None and str(r) == "raspasovka"
    assert Contract.parse("мизер").is_misere and repr(Contract.parse("10h")) == "Contract.parse('10h')"


def test_scoring_wants_a_level_the_solver_does_not():
    from compensation.errors import ScoringError
    from compensation.outcome import parse_contract

    assert Contract.parse("s").level is None
    with pytest.raises(ScoringError) as e:
        parse_contract("s")
    assert e.value.field == "contract" and "level" in e.value.message


def test_a_position_is_not_a_raspasovka():
    with pytest.raises(PositionError, match="contract: raspasovka is played by solver.raspasovka"):
        Position([["As"], ["Ks"], ["Qs"]], "raspasovka", 0, 0)


# ---------------------------------------------------------------- one error class
def test_every_input_error_is_a_prefError_with_a_path():
    from compensation.errors import ScoringError
    from compensation.incident import IncidentError

    for err in (ScoringError("tricks", "must sum to 10"), IncidentError("violation.offender", "expected a seat"),
                PositionError("expected three hands", "hands")):
        assert isinstance(err, PrefError) and isinstance(err, ValueError)
        assert str(err) == f"{err.path}: {err.message}" and err.field == err.path
        back = pickle.loads(pickle.dumps(err))  # errors cross process boundaries in a batch
        assert type(back) is type(err) and (back.path, back.message, str(back)) == (err.path, err.message, str(err))
    assert str(PositionError("no path")) == "no path" and PositionError("no path").path is None


def test_cards_of_order_is_what_to_json_lists():
    assert Hand("Ah 7s Kd").to_json() == [str(c) for c in cards_of(Hand("Ah 7s Kd").mask)] == ["7s", "Kd", "Ah"]
