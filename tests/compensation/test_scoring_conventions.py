"""Conventions as data: presets, overrides, validation, option parsing, documentation."""
from fractions import Fraction
from pathlib import Path

import pytest

import compensation.conventions as conventions_module
from compensation.conventions import LENINGRAD, OPTION_NAMES, ROSTOV, SOCHI, Convention, convention, parse_option
from compensation.errors import ScoringError

ROOT = Path(__file__).resolve().parents[2]


def test_sochi_is_the_default():
    assert convention() == SOCHI == Convention()
    assert SOCHI.name == "sochi"
    # scoring.md: p(6..10) = 2, 4, 6, 8, 10; Q = 4, 2, 1, 1, 1
    assert [SOCHI.price(L) for L in range(6, 11)] == [2, 4, 6, 8, 10]
    assert [SOCHI.obligation(L) for L in range(6, 11)] == [4, 2, 1, 1, 1]
    assert SOCHI.pulya_worth == 10 and SOCHI.players == 3 and SOCHI.divisor == 3


def test_leningrad_differs_where_scoring_md_says():
    # scoring.md, Leningrad: doubled undertricks/whists/consolation (2p per unit), half
    # responsibility (p per missing trick), gentleman whist, misère down 20 a trick,
    # progression 2-4-6, pulya worth 20.
    assert LENINGRAD.undertrick_gora(7) == 8
    assert LENINGRAD.whist_price(7) == 8
    assert LENINGRAD.consolation(7) == 8
    assert LENINGRAD.shortfall_gora(7) == 4
    assert LENINGRAD.whisting == "gentleman"
    assert LENINGRAD.misere_undertrick_price == 20
    assert [LENINGRAD.raspasovka_step(k) for k in (1, 2, 3)] == [2, 4, 6]
    assert LENINGRAD.pulya_worth == 20
    assert LENINGRAD.differences(SOCHI).keys() == {
        "undertrick_multiplier", "whist_multiplier", "consolation_multiplier",
        "responsibility", "whisting", "misere_undertrick_price", "raspasovka_progression",
        "pulya_worth"}


def test_rostov_only_changes_raspasovka():
    assert ROSTOV.differences(SOCHI).keys() == {"raspasovka_scoring",
                                                "raspasovka_zero_trick_pulya"}


def test_overrides_and_names():
    c = convention("Leningrad", players=4, gora_divisor="N-1")
    assert c.players == 4 and c.divisor == 3 and c.whisting == "gentleman"
    assert convention("ленинградка") == LENINGRAD
    assert convention("sochi", raspasovka_progression=[1, 2, 4]).raspasovka_step(3) == 4


@pytest.mark.parametrize("kwargs,field", [
    ({"foo": 1}, "foo"),
    ({"players": 5}, "players"),
    ({"players": True}, "players"),
    ({"responsibility": "partial"}, "responsibility"),
    ({"whisting": "polite"}, "whisting"),
    ({"gora_divisor": "N+1"}, "gora_divisor"),
    ({"raspasovka_scoring": "pulya"}, "raspasovka_scoring"),
    ({"raspasovka_progression": []}, "raspasovka_progression"),
    ({"raspasovka_progression": [1, 0]}, "raspasovka_progression"),
    ({"prices": (2, 4, 6)}, "prices"),
    ({"prices": (2, 4, 6, 8, -1)}, "prices"),
    ({"whist_obligations": (4, 2, 1, 1, 5)}, "whist_obligations"),
    ({"shared_obligations": (1, 1, 0, 0, 0)}, "shared_obligations"),
    ({"half_whist_levels": (6, 11)}, "half_whist_levels"),
    ({"pulya_worth": 0}, "pulya_worth"),
    ({"whist_multiplier": "x"}, "whist_multiplier"),
    ({"pulya_in_damage": "yes"}, "pulya_in_damage"),
    ({"consolation_fixed": -1}, "consolation_fixed"),
])
def test_bad_options_are_named(kwargs, field):
    with pytest.raises(ScoringError) as err:
        convention("sochi", **kwargs)
    assert err.value.field == field
    assert field in str(err.value)


def test_unknown_convention():
    with pytest.raises(ScoringError) as err:
        convention("moscow")
    assert err.value.field == "convention"


def test_progression_extension():
    # [1,2,3] extends by the last difference: 4, 5; [1,2,4] by 2: 6; capped stays at 3.
    assert [SOCHI.raspasovka_step(k) for k in (4, 5)] == [4, 5]
    assert convention("sochi", raspasovka_progression=(1, 2, 4)).raspasovka_step(4) == 6
    capped = convention("sochi", raspasovka_progression_end="cap")
    assert capped.raspasovka_step(9) == 3


def test_parse_option():
    assert parse_option("players", "4") == 4
    assert parse_option("pulya_in_damage", "no") is False
    assert parse_option("prices", "2,4,6,8,10") == tuple(map(Fraction, (2, 4, 6, 8, 10)))
    assert parse_option("whist_multiplier", "3/2") == Fraction(3, 2)
    assert parse_option("consolation_fixed", "none") is None
    assert parse_option("penalty_002_2_3", "4") == 4
    assert parse_option("whisting", "gentleman") == "gentleman"
    for name, text in (("players", "x"), ("pulya_in_damage", "maybe"), ("nope", "1"),
                       ("whist_multiplier", "a")):
        with pytest.raises(ScoringError):
            parse_option(name, text)
    # a parsed value is accepted by convention()
    c = convention("sochi", half_whist_levels=parse_option("half_whist_levels", "6"))
    assert c.half_whist_levels == (6,)


def test_every_option_is_documented_with_its_default():
    doc = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
    for name in OPTION_NAMES:
        assert f"`{name}`" in doc, f"docs/scoring.md does not document {name}"
        assert name in conventions_module.__doc__, f"conventions.py does not document {name}"
