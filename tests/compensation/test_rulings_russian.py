"""Every example incident's ruling read as a Russian arbiter reads it: numbers agree with
their nouns (fractions too: «46/3 виста»), seats by role or hand (never «место 2»), no
Latin identifier, no option name; the incident's own id (the user's data) aside."""
import json
import pathlib
import re

import pytest

from compensation.rulings import rule_incident
from solver.russian import agree

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "incidents").glob("*.json"))
FORMS = {stem: forms for forms in (("вист", "виста", "вистов"), ("взятка", "взятки", "взяток"),
                                  ("расклад", "расклада", "раскладов"), ("карта", "карты", "карт"),
                                  ("вариант", "варианта", "вариантов")) for stem in forms}
COUNTED = re.compile(r"(?<![\d/,])(\d+(?:/\d+)?)(?: \(≈[\d,]+\))? (" + "|".join(sorted(FORMS, key=len, reverse=True))
                     + r")(?![а-яё])")


def russian_problems(text: str) -> list:
    """What a Russian reader would stumble on in ``text`` (the ``Инцидент:`` line aside)."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("Инцидент:"))
    out = [f"«{m.group(0)}»: {agree(eval_number(m.group(1)), *FORMS[m.group(2)])}"
           for m in COUNTED.finditer(body) if agree(eval_number(m.group(1)), *FORMS[m.group(2)]) != m.group(2)]
    out += [f"a seat by number: «{m.group(0)}»" for m in re.finditer(r"[Мм]ест\w* \d", body)]
    out += [f"Latin: {w}" for w in re.findall(r"[A-Za-z_][A-Za-z_.=\d]*", body)]
    return out


def eval_number(s: str):
    from fractions import Fraction
    return Fraction(s)


def test_the_checker_finds_what_it_should():
    bad = "Рассмотрено 21 вариантов; 46/3 вистов; 1 взяток; на место 2; penalty_002_1_1"
    assert len(russian_problems(bad)) == 5
    assert russian_problems("Рассмотрен 21 вариант; 46/3 (≈15,33) виста; 1 взятка; 11 вистов; на играющего") == []


@pytest.mark.slow  # every example, the information rulings among them: CI runs it, the fast lane leaves it out
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_ruling_reads_as_russian(path):
    inc = json.loads(path.read_text())
    text = rule_incident(inc).to_text("ru")
    assert russian_problems(text) == [], text
    four = rule_incident(dict(inc, scoring={"convention": "sochi", "set": {"players": 4}},
                              players=["Иван", "Пётр", "Сергей", "Олег"])).to_text("ru")
    assert russian_problems(four) == [], four
