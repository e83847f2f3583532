"""Our record → .bts → our record is the identity on the deal, the contract, the declarer,
the leader and the play (hypothesis: random deals of 1-10 cards a hand, every contract
kind, a random legal play of any length, mid-trick included)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from prefdd.formats.bts import read_bts, write_bts
from prefdd.formats.common import solve_records
from solver import Card, Position

CONTRACTS = [f"{level}{strain}" for level in range(6, 11) for strain in ("s", "c", "d", "h", "nt")] + \
    ["s", "c", "d", "h", "nt", "misere"]


@st.composite
def records(draw):
    n = draw(st.integers(1, 10))
    deck = draw(st.permutations(range(32)))
    hands = [[str(Card(c)) for c in deck[i * n:(i + 1) * n]] for i in range(3)]
    contract = draw(st.sampled_from(CONTRACTS))
    declarer, leader = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    pos = Position(hands, contract, declarer, leader)
    history = []
    for _ in range(draw(st.integers(0, 3 * n))):
        card = draw(st.sampled_from(pos.legal_moves()))
        pos.play(card)
        history.append(str(card))
    rec = {"id": "r", "hands": hands, "contract": contract, "declarer": declarer, "leader": leader}
    if history:
        rec["history"] = history
    if draw(st.booleans()):
        rec["note"] = draw(st.sampled_from(["", "Мизер Ковалевской", "a note\nover two lines"]))
    return rec


@settings(max_examples=300, deadline=None)
@given(records())
def test_record_bts_record_is_the_identity(rec):
    text = write_bts([rec])
    for encoding in ("utf-8", "cp1251"):       # as written, and as Bridge studio's Russian files are
        reading = read_bts(text.encode(encoding), "r.bts")
        assert reading.errors == []
        (back,) = solve_records(reading.deals[0])
        assert [sorted(h) for h in back["hands"]] == [sorted(h) for h in rec["hands"]]
        assert back["contract"] == rec["contract"]
        assert (back["declarer"], back["leader"]) == (rec["declarer"], rec["leader"])
        assert back.get("history", []) == rec.get("history", [])
        assert back.get("note", "") == " ".join(rec.get("note", "").split())


def test_bts_written_as_bridge_studio_writes_it():
    """The 7♥ deal of examples/played_deals.jsonl after its first trick, by hand: seats
    0 1 2 are N E W, suits ♠.♥.♦.♣, ranks high to low, played cards suit first."""
    rec = {"hands": [["Kh", "Jh", "Ad", "Kd", "Td", "8d", "7d", "Kc", "Jc", "8s"],
                     ["Ah", "9h", "8h", "7h", "Ac", "Tc", "As", "Ks", "Js", "9s"],
                     ["Qh", "Th", "Qd", "Jd", "9d", "Qc", "9c", "Qs", "Ts", "7s"]],
           "contract": "7h", "declarer": 1, "leader": 0, "history": ["7d", "9h", "9d"], "note": "two mistakes"}
    assert write_bts([rec]) == ("% bts version 5.2\n"
                                "deal 1 8.KJ.AKT87.KJ AKJ9.A987..AT QT7.QT.QJ9.Q9\n"
                                "contract 7H\nplay D7 H9 D9\nturns 3\nplayer E\nabsent S\ncomment two mistakes\n\n")


def test_bts_writer_refuses_what_a_bts_file_cannot_hold():
    import pytest

    from prefdd.formats.bts import WriteError

    base = {"hands": [["As"], ["Ks"], ["Qs"]], "contract": "nt", "declarer": 0, "leader": 0}
    for extra, word in (({"taken": [1, 0, 0]}, "taken"), ({"constraints": {"lead": {"seat": 0, "suit": "s"}}},
                                                          "constraints")):
        with pytest.raises(WriteError, match=word):
            write_bts([dict(base, **extra)])
    with pytest.raises(WriteError, match="raspasovka"):
        write_bts([{"hands": [["As"], ["Ks"], ["Qs"]], "contract": "raspasovka", "declarer": 0, "leader": 0}])
