"""Hand-computed outcome -> entries, per convention (compensation.outcome).

Every row: seats 0, 1, 2 play; the declarer is seat 0 (defenders 1 and 2) unless said.
Expected numbers are worked out in the comment of each row: p = contract price,
Sochi p(6..10) = 2, 4, 6, 8, 10; Q(6..10) = 4, 2, 1, 1, 1.
"""
from fractions import Fraction

import pytest

from compensation.conventions import LENINGRAD, ROSTOV, SOCHI, convention
from compensation.errors import ScoringError
from compensation.outcome import Outcome, parse_contract, score
from compensation.sheet import Entries

W, P, H = "whist", "pass", "half-whist"


def E(n=3, pulya=None, gora=None, whists=None):
    """Entries from sparse dicts: pulya/gora {seat: x}, whists {(writer, on): x}."""
    e = Entries.zero(n)
    for s, x in (pulya or {}).items():
        e = e.add_pulya(s, x)
    for s, x in (gora or {}).items():
        e = e.add_gora(s, x)
    for (a, b), x in (whists or {}).items():
        e = e.add_whists(a, b, x)
    return e


def deal(contract, decisions=None, tricks=None, declarer=0, **kw):
    if decisions is not None:
        decisions = dict(zip(((declarer + 1) % 3, (declarer + 2) % 3), decisions))
    return Outcome(parse_contract(contract), declarer if contract != "raspasovka" else None,
                   decisions or {}, tricks, **kw)


SOCHI_CASES = [
    # 6 made exactly, both whist 2+2: P0 = 2; each writes 2 x 2 = 4; defence 4 = Q.
    ("6 made, both whist", deal("6s", (W, W), (6, 2, 2)),
     E(pulya={0: 2}, whists={(1, 0): 4, (2, 0): 4})),
    # tricks above L are not scored: 6 with 7 tricks, 2+1: P0 = 2; whists 4 and 2;
    # defence 3 < Q=4, short 1. Halves of 2: seat 1 has 2 (ok), seat 2 has 1 (short 1,
    # no partner surplus) -> G2 = 1 x p = 2.
    ("6 overtrick, one whister short of his half", deal("6s", (W, W), (7, 2, 1)),
     E(pulya={0: 2}, gora={2: 2}, whists={(1, 0): 4, (2, 0): 2})),
    # 6, 3+0: seat 2 short 2 of his half, seat 1 has a surplus of 1 that counts for him:
    # charged 2 - 1 = 1 -> G2 = 2. Whists 3 x 2 = 6 and 0.
    ("6, partner surplus counts", deal("6s", (W, W), (7, 3, 0)),
     E(pulya={0: 2}, gora={2: 2}, whists={(1, 0): 6, (2, 0): 0})),
    # 6, 1+1: both whisters short: each short 1 of his half -> G1 = G2 = 2.
    ("6, both whisters short", deal("6s", (W, W), (8, 1, 1)),
     E(pulya={0: 2}, gora={1: 2, 2: 2}, whists={(1, 0): 2, (2, 0): 2})),
    # 6, 0+0: each short 2 -> G = 4 each.
    ("6, defence took nothing", deal("6s", (W, W), (10, 0, 0)),
     E(pulya={0: 2}, gora={1: 4, 2: 4})),
    # 7 down 1, both whist 3+1: G0 = 1 x 4; consolation 4 each;
    # whists 4 x 3 = 12 and 4 x 1 = 4 -> seat 1 writes 16, seat 2 writes 8.
    ("7 down one, both whist", deal("7s", (W, W), (6, 3, 1)),
     E(gora={0: 4}, whists={(1, 0): 16, (2, 0): 8})),
    # 7 down 2, seat 1 whists, seat 2 passes: G0 = 8; consolation 8 each; greedy whister
    # writes 4 x 5 = 20 for all defence tricks -> 28; passer 8.
    ("7 down two, whist and pass (greedy)", deal("7s", (W, P), (5, 3, 2)),
     E(gora={0: 8}, whists={(1, 0): 28, (2, 0): 8})),
    # 7 made, whist and pass: P0 = 4; whister writes 4 x 3 = 12; passer nothing.
    ("7 made, whist and pass", deal("7s", (W, P), (7, 2, 1)),
     E(pulya={0: 4}, whists={(1, 0): 12})),
    # 7, lone whister (seat 2) with the defence one short (1 < Q=2): G2 = 4; whists 4.
    ("7, lone whister short", deal("7h", (P, W), (9, 1, 0)),
     E(pulya={0: 4}, gora={2: 4}, whists={(2, 0): 4})),
    # 8 made exactly 1+1: P0 = 6; whists 6 each; Q=1 met.
    ("8 made, both whist", deal("8d", (W, W), (8, 1, 1)),
     E(pulya={0: 6}, whists={(1, 0): 6, (2, 0): 6})),
    # 8, both whist, defence 0: the second to whist (default (0+2)%3 = 2) answers: G2 = 6.
    ("8, both short, second whister answers", deal("8d", (W, W), (10, 0, 0)),
     E(pulya={0: 6}, gora={2: 6})),
    # same, second_whister given as seat 1: G1 = 6.
    ("8, both short, second whister given", deal("8d", (W, W), (10, 0, 0), second_whister=1),
     E(pulya={0: 6}, gora={1: 6})),
    # 9, lone whister seat 2, defence 0: G2 = 8; P0 = 8.
    ("9, lone whister short", deal("9c", (P, W), (10, 0, 0)),
     E(pulya={0: 8}, gora={2: 8})),
    # 10 down 1, both whist 1+0: G0 = 10; consolation 10 each; whists 10 x 1.
    ("10 down one", deal("10nt", (W, W), (9, 1, 0)),
     E(gora={0: 10}, whists={(1, 0): 20, (2, 0): 10})),
    # half-whist on 6 by seat 2 (seat 1 passes): P0 = 2; half-whister writes p x Q/2 = 2 x 2.
    ("6 half-whist", deal("6s", (P, H)), E(pulya={0: 2}, whists={(2, 0): 4})),
    # half-whist on 7: p x Q/2 = 4 x 1 = 4.
    ("7 half-whist", deal("7s", (P, H)), E(pulya={0: 4}, whists={(2, 0): 4})),
    # both pass: P0 = 2 with no play.
    ("6 both pass", deal("6s", (P, P)), E(pulya={0: 2})),
    # declarer seat 1 (defenders 2 and 0), both pass on 9: P1 = 8.
    ("9 both pass, declarer seat 1", deal("9s", (P, P), declarer=1), E(pulya={1: 8})),
    # misère made: P0 = 10.
    ("misere made", deal("misere", None, (0, 5, 5)), E(pulya={0: 10})),
    # misère failed with 2 tricks: G0 = 2 x 10 = 20, no whists.
    ("misere down two", deal("misere", None, (2, 4, 4)), E(gora={0: 20})),
    # raspasovka round 1 (r = 1): G = tricks; seat 0 took none -> P0 = 1.
    ("raspasovka first", deal("raspasovka", None, (0, 4, 6)),
     E(pulya={0: 1}, gora={1: 4, 2: 6})),
    # raspasovka round 3 (r = 3): G = 3 x (1, 3, 6) = (3, 9, 18).
    ("raspasovka third", deal("raspasovka", None, (1, 3, 6), raspasovka_round=3),
     E(gora={0: 3, 1: 9, 2: 18})),
    # round 4 past the list [1,2,3]: extended by the last difference -> r = 4.
    ("raspasovka fourth", deal("raspasovka", None, (2, 3, 5), raspasovka_round=4),
     E(gora={0: 8, 1: 12, 2: 20})),
]

LENINGRAD_CASES = [
    # everything per unit doubled: 6 made 2+2: P0 = 2; whists 2 x 2 x 2 = 8 each.
    ("6 made, both whist", deal("6s", (W, W), (6, 2, 2)),
     E(pulya={0: 2}, whists={(1, 0): 8, (2, 0): 8})),
    # 7 down 1, 3+1: G0 = 2 x 4 = 8; consolation 8 each; whists 8 x 3 = 24 and 8.
    ("7 down one, both whist", deal("7s", (W, W), (6, 3, 1)),
     E(gora={0: 8}, whists={(1, 0): 32, (2, 0): 16})),
    # 7 down 2, whist and pass, gentleman: G0 = 16; consolation 16 each; whists for the
    # 5 defence tricks 8 x 5 = 40 shared 20/20 -> 36 and 36.
    ("7 down two, gentleman whist", deal("7s", (W, P), (5, 3, 2)),
     E(gora={0: 16}, whists={(1, 0): 36, (2, 0): 36})),
    # 7 made, whist and pass: gentleman sharing only on defeat -> whister 8 x 3 = 24.
    ("7 made, whist and pass", deal("7s", (W, P), (7, 2, 1)),
     E(pulya={0: 4}, whists={(1, 0): 24})),
    # 7, lone whister seat 1 one short: half responsibility, half of 2p = 4 -> G1 = 4.
    ("7, lone whister short (half)", deal("7s", (W, P), (9, 1, 0)),
     E(pulya={0: 4}, gora={1: 4}, whists={(1, 0): 8})),
    # 6, both short by 1 of their halves: each p = 2 gora; whists 4 each.
    ("6, both whisters short (half)", deal("6s", (W, W), (8, 1, 1)),
     E(pulya={0: 2}, gora={1: 2, 2: 2}, whists={(1, 0): 4, (2, 0): 4})),
    # 8, both whist, defence 0: second whister seat 2: half of 2 x 6 = 6.
    ("8, second whister short (half)", deal("8s", (W, W), (10, 0, 0)),
     E(pulya={0: 6}, gora={2: 6})),
    # half-whist on 6: 2p x Q/2 = 4 x 2 = 8.
    ("6 half-whist", deal("6s", (H, P)), E(pulya={0: 2}, whists={(1, 0): 8})),
    # misère made: 10 in pulya; failed with 1 trick: 20 gora.
    ("misere made", deal("misere", None, (0, 3, 7)), E(pulya={0: 10})),
    ("misere down one", deal("misere", None, (1, 3, 6)), E(gora={0: 20})),
    # raspasovka 2-4-6: round 1 r = 2: G = (0, 8, 12); zero tricks -> P0 = 2.
    ("raspasovka first", deal("raspasovka", None, (0, 4, 6)),
     E(pulya={0: 2}, gora={1: 8, 2: 12})),
    # round 2 r = 4: G = 4 x (1, 4, 5).
    ("raspasovka second", deal("raspasovka", None, (1, 4, 5), raspasovka_round=2),
     E(gora={0: 4, 1: 16, 2: 20})),
]

ROSTOV_CASES = [
    # contracts as Sochi: 7 down 1 (see the Sochi row).
    ("7 down one, both whist", deal("7s", (W, W), (6, 3, 1)),
     E(gora={0: 4}, whists={(1, 0): 16, (2, 0): 8})),
    # raspasovka in whists: fewest tricks (seat 0, 1 trick) writes 5 per trick of each
    # other: 5 x 3 = 15 on seat 1, 5 x 6 = 30 on seat 2. No gora, no pulya.
    ("raspasovka in whists", deal("raspasovka", None, (1, 3, 6)),
     E(whists={(0, 1): 15, (0, 2): 30})),
    # round 2 (r = 2): 5 x 2 x 5 = 50 on each of seats 1 and 2.
    ("raspasovka in whists, second", deal("raspasovka", None, (0, 5, 5), raspasovka_round=2),
     E(whists={(0, 1): 50, (0, 2): 50})),
    # tie on fewest (2, 2): they share 5 x 6 = 30 on seat 2 (15 each, tie=split),
    # nothing on each other.
    ("raspasovka tie, split", deal("raspasovka", None, (2, 2, 6)),
     E(whists={(0, 2): 15, (1, 2): 15})),
]


@pytest.mark.parametrize("name,outcome,expected", SOCHI_CASES, ids=[c[0] for c in SOCHI_CASES])
def test_sochi(name, outcome, expected):
    assert score(outcome, SOCHI) == expected


@pytest.mark.parametrize("name,outcome,expected", LENINGRAD_CASES,
                         ids=[c[0] for c in LENINGRAD_CASES])
def test_leningrad(name, outcome, expected):
    assert score(outcome, LENINGRAD) == expected


@pytest.mark.parametrize("name,outcome,expected", ROSTOV_CASES, ids=[c[0] for c in ROSTOV_CASES])
def test_rostov(name, outcome, expected):
    assert score(outcome, ROSTOV) == expected


def test_four_players_dealer_writes_consolation():
    # 7 down 2, both whist 3+2, four at the table: G0 = 8; consolation 8 from seats 1,
    # 2 and the dealer 3; whists 4 x 3 = 12 and 4 x 2 = 8 -> 20, 16, 8.
    conv = convention("sochi", players=4)
    e = score(deal("7s", (W, W), (5, 3, 2)), conv)
    assert e == E(4, gora={0: 8}, whists={(1, 0): 20, (2, 0): 16, (3, 0): 8})


def test_greedy_override_in_leningrad_keeps_whists_with_whister():
    # Leningrad with whisting=greedy: 7 down 2, whist and pass: 16 consolation each,
    # whister also 8 x 5 = 40 -> 56; passer 16.
    conv = convention("leningrad", whisting="greedy")
    assert score(deal("7s", (W, P), (5, 3, 2)), conv) == \
        E(gora={0: 16}, whists={(1, 0): 56, (2, 0): 16})


def test_gentleman_share_can_be_a_half():
    # Sochi with gentleman whisting and an odd price for the seven, p(7) = 3:
    # 7 down 2 with whist and pass: the 5 defence tricks are worth 3 x 5 = 15 whists,
    # shared 15/2 each, exactly (Fractions).
    conv = convention("sochi", whisting="gentleman", prices=(2, 3, 6, 8, 10))
    e = score(deal("7s", (W, P), (5, 3, 2)), conv)
    # consolation 2 x 3 = 6 each, plus 15/2 each -> 27/2
    assert e.whists[1][0] == Fraction(27, 2) == e.whists[2][0]
    assert e.gora[0] == 6


def test_raspasovka_amnesty_and_cap():
    # amnesty subtracts the minimum (2): G = (0, 1, 3) x r; cap: round 5 of [1,2,3] -> 3.
    conv = convention("sochi", raspasovka_amnesty=True, raspasovka_progression_end="cap")
    e = score(deal("raspasovka", None, (2, 3, 5), raspasovka_round=5), conv)
    assert e == E(gora={1: 3, 2: 9})


def test_rostov_variants_split_and_above_min():
    # both: each tied writer writes the full 5 x 6 = 30.
    e = score(deal("raspasovka", None, (2, 2, 6)), convention("rostov", raspasovka_tie="both"))
    assert e == E(whists={(0, 2): 30, (1, 2): 30})
    # above the minimum only: 5 x (6 - 2) = 20, shared -> 10 each.
    e = score(deal("raspasovka", None, (2, 2, 6)),
              convention("rostov", raspasovka_whists_above_min=True))
    assert e == E(whists={(0, 2): 10, (1, 2): 10})


def test_consolation_fixed():
    # Rostov variant: consolation a fixed 10 a trick. 6 down 2 (p = 2), both whist 3+3:
    # G0 = 4; consolation 20 each; whists 6 each -> 26.
    conv = convention("rostov", consolation_fixed=10)
    assert score(deal("6s", (W, W), (4, 3, 3)), conv) == \
        E(gora={0: 4}, whists={(1, 0): 26, (2, 0): 26})


@pytest.mark.parametrize("outcome,field", [
    (deal("6s", (W, W), (6, 2, 1)), "tricks"),             # sums to 9
    (deal("6s", (W, W), (6, 2, 3)), "tricks"),             # sums to 11
    (deal("6s", (W, W), (6, 4)), "tricks"),                # two counts
    (deal("6s", (W, W), (-1, 6, 5)), "tricks"),            # negative
    (deal("6s", (W, W)), "tricks"),                        # played, no tricks
    (deal("6s", (P, P), (6, 2, 2)), "tricks"),             # no play but tricks
    (deal("misere", (W, P), (0, 5, 5)), "decisions"),      # whist on misère
    (deal("misere", (P, H), (0, 5, 5)), "decisions"),      # half-whist on misère
    (deal("8s", (P, H)), "decisions"),                     # half-whist on 8
    (deal("6s", (W, H)), "decisions"),                     # half-whist with a whister
    (deal("6s", (W, "maybe"), (6, 2, 2)), "decisions"),    # unknown word
    (Outcome(parse_contract("6s"), 0, {1: W}, (6, 2, 2)), "decisions"),  # one missing
    (Outcome(parse_contract("6s"), 0, {0: W, 1: W}, (6, 2, 2)), "decisions"),  # declarer
    (Outcome(parse_contract("6s"), 3, {}, None), "declarer"),  # dealer cannot declare
    (Outcome(parse_contract("raspasovka"), 0, {}, (2, 3, 5)), "declarer"),
    (deal("raspasovka", None, (2, 3, 5), raspasovka_round=0), "raspasovka_round"),
    (deal("8s", (W, W), (10, 0, 0), second_whister=0), "second_whister"),
])
def test_invalid_outcomes_name_the_field(outcome, field):
    with pytest.raises(ScoringError) as err:
        score(outcome, SOCHI)
    assert err.value.field == field


@pytest.mark.parametrize("text", ["5s", "11nt", "6x", "s6", "", "seven"])
def test_bad_contract_text(text):
    with pytest.raises(ScoringError) as err:
        parse_contract(text)
    assert err.value.field == "contract"
    assert isinstance(err.value, ValueError)


def test_contract_spellings():
    assert str(parse_contract("10NT")) == "10nt"
    assert str(parse_contract("6♠")) == "6s"
    assert parse_contract("Мизер").is_misere
    assert parse_contract("распасы").is_raspasovka
