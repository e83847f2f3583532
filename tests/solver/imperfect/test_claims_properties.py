"""Properties of worst-guess play that hold on every position (hypothesis, small hands).

* Every guess wrong can only cost the declarer: worst guess ≤ double dummy (≥ on misère),
  and so can the literal reading's worst legal move.
* With the defenders' cards open there is one layout and nothing to guess: worst guess ==
  double dummy.
* Double dummy here is the reference minimax's, an implementation independent of the engine.
"""
from helpers.strategies import positions
from hypothesis import HealthCheck, given, settings

from solver import reference as ref
from solver.engine import Engine
from solver.imperfect import InfoSet, literal_worst, worst_guess_play

ENGINE = Engine(table_mb=1, reuse_table=True)
SETTINGS = dict(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _dd_total(pos):
    return pos.taken[pos.declarer] + ref.solve(pos)


@settings(**SETTINGS)
@given(positions(min_cards=2, max_cards=3))
def test_wrong_guesses_never_help(pos):
    dd = _dd_total(pos)
    wg = worst_guess_play(InfoSet.from_position(pos), ENGINE).declarer_tricks
    lw = literal_worst(pos, ENGINE).declarer_tricks
    if pos.is_misere:
        assert wg >= dd and lw >= dd
    else:
        assert wg <= dd and lw <= dd


@settings(**SETTINGS)
@given(positions(min_cards=2, max_cards=3))
def test_open_defence_has_nothing_to_guess(pos):
    info = InfoSet.from_position(pos, open_defence=True)
    assert info.count == 1
    assert worst_guess_play(info, ENGINE).declarer_tricks == _dd_total(pos)
