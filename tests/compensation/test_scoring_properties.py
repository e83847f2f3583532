"""Properties of the scoring engine, with hypothesis.

- the settlement is zero-sum, for any outcome under any convention;
- more tricks for the declarer never lower his balance (fewer, on misère);
- on raspasovka, one more trick never raises a player's balance;
- a penalty lowers the offender's balance and never lowers anyone else's;
- damage is antisymmetric and compensation never negative.
"""
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from compensation.conventions import PRESETS, convention
from compensation.outcome import Outcome, parse_contract, score
from compensation.penalties import penalty
from compensation.settlement import balances, compensation, damage
from compensation.sheet import Entries


@st.composite
def conventions(draw):
    base = draw(st.sampled_from(sorted(PRESETS)))
    return convention(
        base,
        players=draw(st.sampled_from([3, 4])),
        gora_divisor=draw(st.sampled_from(["N", "N-1"])),
        whisting=draw(st.sampled_from(["greedy", "gentleman"])),
        responsibility=draw(st.sampled_from(["full", "half"])),
        pulya_in_damage=draw(st.booleans()),
        raspasovka_scoring=draw(st.sampled_from(["gora", "whists"])),
        raspasovka_tie=draw(st.sampled_from(["both", "split"])),
        raspasovka_amnesty=draw(st.booleans()),
        raspasovka_whists_above_min=draw(st.booleans()),
        raspasovka_zero_trick_pulya=draw(st.booleans()),
        consolation_fixed=draw(st.sampled_from([None, 10])),
    )


@st.composite
def trick_splits(draw):
    a = draw(st.integers(0, 10))
    b = draw(st.integers(0, 10 - a))
    return (a, b, 10 - a - b)


DECISIONS = [("whist", "whist"), ("whist", "pass"), ("pass", "whist")]


@st.composite
def played_games(draw):
    level = draw(st.integers(6, 10))
    d = draw(st.integers(0, 2))
    decs = draw(st.sampled_from(DECISIONS))
    decisions = {(d + 1) % 3: decs[0], (d + 2) % 3: decs[1]}
    return level, d, decisions, draw(trick_splits())


@st.composite
def outcomes(draw):
    kind = draw(st.sampled_from(["game", "nop", "half", "misere", "raspasovka"]))
    d = draw(st.integers(0, 2))
    defenders = ((d + 1) % 3, (d + 2) % 3)
    if kind == "game":
        level, d, decisions, tricks = draw(played_games())
        return Outcome(parse_contract(f"{level}s"), d, decisions, tricks)
    if kind == "nop":
        return Outcome(parse_contract(f"{draw(st.integers(6, 10))}nt"), d,
                       {defenders[0]: "pass", defenders[1]: "pass"})
    if kind == "half":
        half = draw(st.sampled_from(defenders))
        other = defenders[1] if half == defenders[0] else defenders[0]
        return Outcome(parse_contract(f"{draw(st.integers(6, 7))}h"), d,
                       {half: "half-whist", other: "pass"})
    if kind == "misere":
        return Outcome(parse_contract("misere"), d, {}, draw(trick_splits()))
    return Outcome(parse_contract("raspasovka"), None, {}, draw(trick_splits()),
                   raspasovka_round=draw(st.integers(1, 6)))


def move_trick(tricks, src, dst):
    t = list(tricks)
    t[src] -= 1
    t[dst] += 1
    return tuple(t)


@settings(max_examples=300, deadline=None)  # exact arithmetic; timing varies with the load
@given(outcomes(), conventions())
def test_settlement_is_zero_sum(outcome, conv):
    e = score(outcome, conv)
    assert sum(balances(e, conv), Fraction(0)) == 0
    assert sum(balances(e, conv, include_pulya=False), Fraction(0)) == 0


@settings(max_examples=200, deadline=None)  # exact arithmetic; timing varies with the load
@given(st.lists(st.integers(-50, 50), min_size=24, max_size=24), st.sampled_from([3, 4]))
def test_any_entries_settle_to_zero(values, n):
    conv = convention("sochi", players=n)
    e = Entries(values[:n], values[4:4 + n],
                [[0 if i == j else values[8 + 4 * i + j] for j in range(n)] for i in range(n)])
    assert sum(balances(e, conv), Fraction(0)) == 0


@settings(max_examples=400, deadline=None)  # exact arithmetic; timing varies with the load
@given(played_games(), conventions(), st.integers(0, 1))
def test_more_tricks_never_hurt_the_declarer(game, conv, which):
    level, d, decisions, tricks = game
    defenders = [s for s in ((d + 1) % 3, (d + 2) % 3) if tricks[s] > 0]
    if not defenders:
        return  # the declarer took all ten
    src = defenders[which % len(defenders)]
    before = balances(score(Outcome(parse_contract(f"{level}d"), d, decisions, tricks), conv), conv)
    better = move_trick(tricks, src, d)
    after = balances(score(Outcome(parse_contract(f"{level}d"), d, decisions, better), conv), conv)
    assert after[d] >= before[d]


@settings(max_examples=200, deadline=None)  # exact arithmetic; timing varies with the load
@given(trick_splits(), st.integers(0, 2), conventions())
def test_more_tricks_never_help_on_misere(tricks, d, conv):
    src = next((s for s in range(3) if s != d and tricks[s] > 0), None)
    if src is None:
        return  # the declarer already took all ten
    worse = move_trick(tricks, src, d)
    before = balances(score(Outcome(parse_contract("misere"), d, {}, tricks), conv), conv)
    after = balances(score(Outcome(parse_contract("misere"), d, {}, worse), conv), conv)
    assert after[d] < before[d]


@settings(max_examples=400, deadline=None)  # exact arithmetic; timing varies with the load
@given(trick_splits(), st.integers(0, 2), st.integers(0, 2), st.integers(1, 5), conventions())
def test_more_tricks_never_help_on_raspasovka(tricks, src, dst, round_, conv):
    # Not for raspasovka_tie=both under whists scoring: there two players tied on fewest
    # tricks both write on the third, so at 1-1-8 the third pays 80 but at 0-1-9 only
    # 45 (test_rostov_tie_both_is_not_monotone). The default tie rule is split.
    if src == dst or tricks[src] == 0:
        return
    if conv.raspasovka_scoring == "whists" and conv.raspasovka_tie == "both":
        return
    rasp = parse_contract("raspasovka")
    before = balances(score(Outcome(rasp, None, {}, tricks, raspasovka_round=round_), conv), conv)
    moved = move_trick(tricks, src, dst)
    after = balances(score(Outcome(rasp, None, {}, moved, raspasovka_round=round_), conv), conv)
    assert after[dst] <= before[dst]


@settings(max_examples=300, deadline=None)  # exact arithmetic; timing varies with the load
@given(outcomes(), conventions(), st.data())
def test_penalties_only_cost_the_offender(outcome, conv, data):
    base = score(outcome, conv)
    offender = data.draw(st.integers(0, conv.players - 1))
    count = data.draw(st.integers(1, 2))
    if outcome.contract.is_raspasovka:
        pen = penalty("tricks", offender, conv, tricks=data.draw(st.integers(1, 10)),
                      count=count, raspasovka_round=outcome.raspasovka_round)
    else:
        pen = penalty(data.draw(st.sampled_from(["game", "whist"])), offender, conv,
                      contract=outcome.contract, count=count)
    before, after = balances(base, conv), balances(base + pen, conv)
    assert after[offender] < before[offender]
    for i in range(conv.players):
        if i != offender:
            assert after[i] >= before[i]


@settings(max_examples=200, deadline=None)  # exact arithmetic; timing varies with the load
@given(outcomes(), outcomes(), conventions(), st.integers(0, 2))
def test_damage_antisymmetric_and_compensation_nonnegative(a, b, conv, victim):
    ea, eb = score(a, conv), score(b, conv)
    assert damage(victim, ea, eb, conv) == -damage(victim, eb, ea, conv)
    assert damage(victim, ea, ea, conv) == 0
    assert compensation(victim, ea, eb, conv) == max(0, damage(victim, ea, eb, conv))
    assert compensation(victim, ea, eb, conv) >= 0


def test_rostov_tie_both_is_not_monotone():
    # Documents why raspasovka_tie defaults to "split": with "both", tricks 1-1-8 cost
    # seat 2 5 x 8 = 40 to each tied player (80), while 0-1-9 cost him 5 x 9 = 45 to
    # seat 0 only (seat 1 is not the minimum, so writes nothing).
    conv = convention("rostov", raspasovka_tie="both")
    rasp = parse_contract("raspasovka")
    w8 = balances(score(Outcome(rasp, None, {}, (1, 1, 8)), conv), conv)[2]
    w9 = balances(score(Outcome(rasp, None, {}, (0, 1, 9)), conv), conv)[2]
    assert (w8, w9) == (-80, -45)
    split = convention("rostov")
    assert balances(score(Outcome(rasp, None, {}, (1, 1, 8)), split), split)[2] == -40
