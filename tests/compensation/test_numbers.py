"""compensation.numbers: the one way exact amounts leave (JSON, text) and come back."""
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compensation.errors import ScoringError
from compensation.numbers import exact_number, json_number, text_number
from compensation.rulings.wording import number


def test_json_and_text_forms_by_hand():
    # 196/3 = 65.333…: not whole, so a "p/q" string; 12/4 = 3 is whole, so an int
    assert json_number(Fraction(196, 3)) == "196/3"
    assert json_number(Fraction(12, 4)) == 3 and isinstance(json_number(Fraction(12, 4)), int)
    assert json_number(-7) == -7
    assert text_number(Fraction(-7, 2)) == "-7/2"
    assert text_number(Fraction(196, 3), approx=True) == "196/3 (≈65.33)"
    assert text_number(Fraction(196, 3), approx=True, decimal=",") == "196/3 (≈65,33)"
    assert text_number(Fraction(8, 2), approx=True) == "4"  # whole: no decimal reading


def test_ruling_wording_uses_the_same_forms():
    # 46/3 = 15.333…: Russian text writes the decimal comma, English the point
    assert number(Fraction(46, 3)) == "46/3 (≈15,33)"
    assert number(Fraction(46, 3), "en") == "46/3 (≈15.33)"
    assert number(5) == "5"


@given(st.fractions(max_denominator=1000))
def test_json_number_reads_back_exactly(x):
    assert exact_number(json_number(x)) == x


@pytest.mark.parametrize("bad", [True, "two", None, [1], "1/0"])
def test_exact_number_names_the_field(bad):
    with pytest.raises(ScoringError) as e:
        exact_number(bad, "penalty.amount")
    assert e.value.path == "penalty.amount" and "expected a number" in e.value.message
