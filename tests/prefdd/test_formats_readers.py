"""The readers of other programs' deal files, on hand-written samples (tests/data/formats).

The good samples hold deals whose cards, contract and play are known independently of
the readers: ``examples/played_deals.jsonl``'s 7♥ and raspasovka deals, and the first deal
of ``examples/deals.jsonl`` (its table in the README: seat 0 takes 5 at no-trump). The
broken samples hold one fault a deal, each of which must be a one-line error naming the
file, the line and the token, with the good deals around it still read.
"""
import json
import pathlib

import pytest

from prefdd.formats import format_of, read, skeleton_incident, solve_records
from prefdd.formats.common import decode
from solver import Deal, analyse, position_from_json

DATA = pathlib.Path(__file__).parents[1] / "data" / "formats"
EXAMPLES = pathlib.Path(__file__).parents[2] / "examples"
PLAYED = {json.loads(x)["id"]: json.loads(x) for x in (EXAMPLES / "played_deals.jsonl").read_text().splitlines()}
SEVEN_HEARTS = PLAYED["7h-two-mistakes"]
RASPASOVKA = PLAYED["raspasovka-third-hand"]


def _read(name, fmt):
    return read((DATA / name).read_bytes(), fmt, str(DATA / name))


def _hands(rec):
    return [sorted(h) for h in rec["hands"]]


def _errors(reading):
    return [(e.line, e.token) for e in reading.errors]


# ------------------------------------------------------------------ Bridge studio .bts
def test_bts_problems_read_as_written():
    r = _read("problems.bts", "bts")
    assert r.errors == [] and r.encoding == "utf-8"
    first, ending, misere = (solve_records(d)[0] for d in r.deals)
    # deal 1: the 7♥ deal, seats N E W = 0 1 2, East declares, six cards of the play shown
    assert _hands(first) == _hands(SEVEN_HEARTS)
    assert (first["contract"], first["declarer"], first["leader"]) == ("7h", 1, 0)
    assert first["history"] == SEVEN_HEARTS["history"][:6]          # turns 6
    assert first["note"].endswith("the file's play goes on: Ac 9c Kc")
    assert first["note"].startswith("Seven hearts, two tricks played;\nthe file goes on with a third.")
    # deal 2: "?NT" is a strain with no level; the README's ending: the king waits for the queen
    assert (ending["contract"], ending["declarer"], ending["leader"]) == ("nt", 0, 0)
    assert analyse(position_from_json(ending)).declarer_tricks == 1
    # deal 3: West absent, so the seats are N E S; East leads North's misère (1 trick, by hand:
    # whatever North plays, the ace wins a trick)
    assert ending["hands"][0] == ["As", "Qs"]
    assert (misere["contract"], misere["declarer"], misere["leader"]) == ("misere", 0, 1)
    assert misere["hands"] == [["As", "7s"], ["8s", "9s"], ["Ts", "Js"]]
    assert analyse(position_from_json(misere)).declarer_tricks == 1


def test_bts_russian_file_is_cp1251():
    raw = (DATA / "russian.bts").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")                    # what a UTF-8 reader would choke on
    r = read(raw, "bts", "russian.bts")
    assert r.encoding == "cp1251" and r.errors == []
    rec = solve_records(r.deals[0])[0]
    assert rec["note"] == "Мизер: поймайте играющего.\nОн берёт одну взятку."
    assert analyse(position_from_json(rec)).declarer_tricks == 1


def test_decode_utf8_with_and_without_bom_and_cp1251():
    text = "comment Мизер\r\n"
    assert decode(text.encode("utf-8")) == ("comment Мизер\n", "utf-8")
    assert decode(b"\xef\xbb\xbf" + text.encode("utf-8")) == ("comment Мизер\n", "utf-8-sig")
    assert decode(text.encode("cp1251")) == ("comment Мизер\n", "cp1251")


def test_bts_broken_file_one_error_a_fault_and_the_rest_read():
    r = _read("broken.bts", "bts")
    assert [d.id for d in r.deals] == ["broken.bts deal 4"]
    assert _errors(r) == [
        (2, "title My problems"),                                # before any deal
        (3, "AKQJ.AKQJ.7."),                                     # a nine-card hand
        (11, "As"),                                              # the ace of spades twice
        (20, "6X"),                                              # an unknown contract
        (33, "colour"),                                          # an unknown line
        (36, "deal 5 AKQJ.AKQJ.7.7 T987.T987.8.8 ..AKQJT9.AKQJ"),  # the file cut short
    ]
    messages = [e.message for e in r.errors]
    assert messages[1] == "hand N has 9 cards, the others 10 and 10: a deal has equal hands"
    assert "card As twice" in messages[2]
    assert "unknown contract" in messages[3]
    assert "'turns', 'player'" in messages[5] and "cut short" in messages[5]
    assert str(r.errors[3]) == ("broken.bts:20: '6X': unknown contract: expected misere or a level 6-10 and a "
                                "strain S C D H NT")


def test_bts_bridge_deal_refused():
    text = "% bts version 5.2\ndeal 1 A... K... Q... J...\ncontract 1S\nplay N\nturns 0\ncomment \n"
    r = read(text.encode(), "bts", "bridge.bts")
    assert r.deals == [] and "bridge deal" in r.errors[0].message


def test_bts_cp1251_text_never_mangled_into_utf8_mojibake():
    """A cp1251 file decoded as UTF-8 with replacement would keep its deals but lose the
    comment; read through :func:`decode` it keeps both."""
    raw = (DATA / "russian.bts").read_bytes()
    assert "\ufffd" in raw.decode("utf-8", "replace")
    assert "\ufffd" not in read(raw, "bts", "russian.bts").deals[0].note


# ------------------------------------------------------------------ the online room's protocol
def test_room_contract_game_gets_its_discard_from_the_play():
    r = _read("protocol.txt", "room")
    assert r.errors == []
    game, rasp = r.deals
    rec = solve_records(game)[0]
    # FIRSTPLAYER 1 becomes seat 0; the declarer (player 2, the one bidder who never passed)
    # seat 1; he was dealt 7c instead of Tc and took Tc 8c: his discard is 7c 8c
    assert _hands(rec) == _hands(SEVEN_HEARTS)
    assert (rec["contract"], rec["declarer"], rec["leader"]) == ("7h", 1, 0)
    assert sorted(rec["discard"]) == ["7c", "8c"] and "talon" not in rec   # the talon is in his hand or his discard
    assert rec["history"] == SEVEN_HEARTS["history"]     # MOVE lines are by player; the play order is restored
    inc = skeleton_incident(game)
    assert inc["deal"]["talon"] == ["Tc", "8c"] and inc["violation"] == {"rule": "?"}


def test_room_raspasovka_three_records_and_an_incident():
    r = _read("protocol.txt", "room")
    recs = solve_records(r.deals[1])
    assert [x["player"] for x in recs] == [0, 1, 2]
    for x in recs:
        assert _hands(x) == _hands(RASPASOVKA)
        assert x["talon"] == RASPASOVKA["talon"] and x["history"] == RASPASOVKA["history"]
    inc = skeleton_incident(r.deals[1])
    assert inc["contract"] == "raspasovka" and "declarer" not in inc


def test_room_broken_file():
    r = _read("broken_protocol.txt", "room")
    assert len(r.deals) == 1                               # the one good deal (no play: the discard unknown)
    assert "does not record the discard" in r.deals[0].note
    assert _errors(r) == [(5, "Ah 9h 8h 7h Ac 7c As Ks Js"),   # a nine-card hand
                          (14, "As"),                          # a card twice
                          (28, "6x"),                          # an unknown contract
                          (44, "COMMENT"),                     # an unknown line
                          (67, "MOVE"),                        # a line outside a deal
                          (68, "begin")]                       # the file ends inside a deal
    assert "10 cards, got 9" in r.errors[0].message
    assert "no 'end'" in r.errors[5].message


def test_room_declarer_from_the_bidding():
    from prefdd.formats.room import _declarer

    # from player 1: 6s (1), 7h (2), pass (0), pass (1): player 2 is left
    assert _declarer(1, [(1, "6s"), (2, "7h"), (3, "pass"), (4, "pass")], 0) == 2
    # from player 0: pass (0), 6s (1), pass (2): player 1
    assert _declarer(0, [(1, "pass"), (2, "6s"), (3, "pass")], 0) == 1


# ------------------------------------------------------------------ PPN
def test_ppn_game_read():
    r = _read("game.ppn", "ppn")
    assert r.errors == []
    hearts, sans = r.deals
    rec = solve_records(hearts)[0]
    # order 231: players 2 3 1 are seats 0 1 2; herc (4) is six hearts; player 3 (seat 1)
    # discarded PQ = 7c 8c; both followed (8)
    assert _hands(rec) == _hands(SEVEN_HEARTS)
    assert (rec["contract"], rec["declarer"], rec["leader"]) == ("6h", 1, 0)
    assert rec["history"] == SEVEN_HEARTS["history"]
    inc = skeleton_incident(hearts)
    assert inc["decisions"] == {"0": "whist", "2": "whist"}
    assert inc["players"] == ["boris", "vera", "ana"]
    # deal 2: a game (G7: sans without the talon), player 3 first in order 312: seat 0
    first = json.loads((EXAMPLES / "deals.jsonl").read_text().splitlines()[0])
    rec = solve_records(sans)[0]
    assert rec["hands"] == first["hands"] and rec["talon"] == first["talon"]
    assert (rec["contract"], rec["declarer"], rec["leader"]) == ("6nt", 0, 0)
    assert "without the talon" in rec["note"] and skeleton_incident(sans) is None   # no play: no incident
    assert analyse(Deal(rec["hands"], "nt", 0, 0).start()).declarer_tricks == 5   # the README's table


def test_ppn_broken_file_refuses_each_serbian_construct_by_name():
    r = _read("broken.ppn", "ppn")
    assert [d.id for d in r.deals] == ["broken.ppn deal 12"]
    by_line = {e.line: (e.token, e.message) for e in r.errors}
    assert sorted(by_line) == [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert by_line[4][0] == "NLGFCA9VT2OJIHWP8753MKEDBUR641S" and "32 card codes" in by_line[4][1]
    assert by_line[5] == ("Kh", "card Kh twice: in hands[0] and in hands[0]")
    assert by_line[6][0] == "9" and "unknown contract" in by_line[6][1]
    assert by_line[7][0] == "K3" and "kontra" in by_line[7][1]
    assert by_line[8][0] == "1" and "refa" in by_line[8][1] and "refe" in by_line[8][1]
    assert by_line[9][0] == "8" and "preferans" in by_line[9][1]
    assert by_line[10][0] == "P,P,P" and "all passed" in by_line[10][1]
    assert by_line[11][0] == "9J3" and "two cards" in by_line[11][1]
    assert "ends after 5" in by_line[12][1]                # a truncated deal


def test_ppn_cp1251_names():
    text = (DATA / "game.ppn").read_text().replace("[Player1 ana]", "[Player1 Анна]")
    r = read(text.encode("cp1251"), "ppn", "game.ppn")
    assert r.encoding == "cp1251" and skeleton_incident(r.deals[0])["players"][2] == "Анна"


def test_ppn_trick_winner_checked():
    text = (DATA / "game.ppn").read_text().replace("9JB3,", "9JB2,")
    r = read(text.encode(), "ppn", "game.ppn")
    # 7♦ led, the declarer (player 3) ruffs with 9♥: his trick, not player 2's
    assert len(r.deals) == 1 and r.errors[0].token == "9JB2"
    assert r.errors[0].message == "trick 1: won by player 3, not player 2"


# ------------------------------------------------------------------ which reader
@pytest.mark.parametrize("name, first, fmt", [
    ("a.bts", b"", "bts"), ("a.PTS", b"", "bts"), ("a.ppn", b"", "ppn"), ("a.jsonl", b"begin\n", None),
    ("a.txt", b"% bts version 5.2\n", "bts"), ("a.txt", b"\nbegin\nCONTRACT 6s\n", "room"),
    ("a.txt", b"[Bula 60]\n", "ppn"), ("a.txt", b'[{"hands": []}]', None), ("-", b'{"hands": []}', None),
])
def test_format_of(name, first, fmt):
    assert format_of(name, None, first) == fmt


# ------------------------------------------------------------------ no input makes a reader fail
def _mutations():
    from hypothesis import strategies as st

    samples = [(DATA / n).read_bytes() for n in ("problems.bts", "protocol.txt", "game.ppn", "broken.ppn")]
    return st.tuples(st.sampled_from(samples), st.integers(0, 4000), st.integers(0, 60), st.binary(max_size=40))


def test_readers_never_raise_on_cut_or_spliced_files():
    """A file cut anywhere, with any bytes spliced in, read by every reader: deals and
    one-line errors, never an exception; every deal kept is one prefdd solve accepts."""
    from hypothesis import given, settings

    from prefdd.formats import FORMATS
    from prefdd.formats.common import _check_record

    @settings(max_examples=300, deadline=None)
    @given(_mutations())
    def run(case):
        data, at, cut, junk = case
        mutated = data[:at] + junk + data[at + cut:]
        for fmt in FORMATS:
            r = read(mutated, fmt, "x")
            for e in r.errors:
                assert "\n" not in str(e)
            for d in r.deals:
                for rec in solve_records(d):
                    _check_record(rec)

    run()


@pytest.mark.parametrize("fmt", ["bts", "room", "ppn"])
def test_a_binary_file_is_one_error_not_one_per_line(fmt):
    # a picture renamed .bts decodes as cp1251 without complaint: its NUL bytes tell it apart
    good = (DATA / "problems.bts").read_bytes()
    junk = bytes(range(256)) * 4 + b"\n" * 50
    for data, line in [(junk, 1), (good + junk, good.count(b"\n") + 1), ("deal\n".encode("utf-16"), 1)]:
        r = read(data, fmt, "/some/where/picture.bts")
        assert r.deals == [] and len(r.errors) == 1
        assert str(r.errors[0]).startswith(f"picture.bts:{line}: '\\x00': not a text file (a NUL byte at byte ")


def test_bts_comment_runs_to_the_next_deal_and_pbninfo_is_not_read():
    text = ("% bts version 5.2\ndeal 1 A... K... Q...\ncontract ?S\nplay N\nturns 0\nplayer N\n"
            "comment first line\ncontract 7h (still the comment)\npbninfo\n[Event \"club\"]\n\n"
            "deal 2 A... K... Q...\ncontract ?S\nplay E\nturns 0\nplayer E\ncomment \n")
    r = read(text.encode(), "bts", "c.bts")
    assert r.errors == []
    assert r.deals[0].note == "first line\ncontract 7h (still the comment)" and r.deals[0].contract == "s"
    assert (r.deals[1].note, r.deals[1].declarer, r.deals[1].leader) == ("", 1, 1)
