"""Rulings read like the rule book: every example's Russian and English text, checked word by word;
the plural rule, seat names and whist rounding by hand."""
import json
import pathlib
import re
from fractions import Fraction

import pytest

from compensation.conventions import OPTION_NAMES
from compensation.incident_shape import field_paths
from compensation.rulings import rule_incident
from compensation.rulings.wording import SeatNames, count, on_sheet, plural, rounded

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "incidents").glob("*.json"))
# Latin in Russian text is allowed only where it names what the user types: a field of the
# incident record (``result.tricks``, ``history[5]``) or a scoring option for --set.
FIELDS = field_paths()
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_.\[\]-]*")
# a bare seat number, an unfilled plural, an unagreeing number, a raw identifier
BARE_SEAT_RU = re.compile(r"(?<![а-яё])мест(о|а|у|ом|е) \d", re.I)
BARE_SEAT_EN = re.compile(r"\bseats? \d", re.I)
PLACEHOLDER = re.compile(r"\w\((а|и|ы|ов|ах|ей|s|es)\)|\(-?ов\)")
WRONG_AGREEMENT = re.compile(r"(?<![\d/.,])(1|[02-9]1|\d*[2-9][2-4]|[2-4]) (вистов|взяток|карт)\b"
                             r"|(?<![\d/.,])(\d*1[1-4]|\d*[05-9]) (виста|взятки|карты)\b|(?<![\d/.,])1 (whists|tricks)\b")


def allowed_latin(word: str) -> bool:
    w = word.rstrip(".")
    base = re.sub(r"\[\d+\]", "", w)
    return base in FIELDS or base in OPTION_NAMES or w == "set" or base.split("=")[0] in OPTION_NAMES


def body(t: str) -> str:
    """The ruling without its header (the rule book's own text, quoted, and the incident's label)."""
    return t.split("\n", 3)[3] if "Инцидент:" in t or "Incident:" in t else t.split("\n", 2)[2]


def rendered(path):
    r = rule_incident(json.loads(path.read_text()))
    return r, body(r.to_text("ru")), body(r.to_text("en"))


@pytest.fixture(scope="module", params=EXAMPLES, ids=[p.stem for p in EXAMPLES])
def texts(request):
    return rendered(request.param)


def test_russian_has_no_latin_identifiers(texts):
    _, ru, _ = texts
    bad = [w for w in LATIN.findall(ru) if not allowed_latin(w)]
    assert not bad, (bad, ru)


def test_no_bare_seat_numbers(texts):
    _, ru, en = texts
    assert not BARE_SEAT_RU.search(ru), BARE_SEAT_RU.search(ru)
    assert not BARE_SEAT_EN.search(en), BARE_SEAT_EN.search(en)


def test_no_unfilled_plural_placeholders_or_disagreeing_numbers(texts):
    _, ru, en = texts
    for t in (ru, en):
        assert not PLACEHOLDER.search(t), PLACEHOLDER.search(t)
        assert not WRONG_AGREEMENT.search(t), WRONG_AGREEMENT.search(t)


def test_json_texts_match_the_text(texts):
    """The JSON's words are the text's, whists exact in the JSON and as the sheet writes them in the text."""
    from compensation.rulings.conclusion import as_sheet

    r, ru, en = texts
    j = r.to_json()

    def sheet(words: dict, lang: str) -> str:
        return as_sheet(words[lang], lang, r.whist_rounding)

    for w in j["writes"]:
        assert sheet(w["why"], "ru") in ru and sheet(w["why"], "en") in en
    for n in j["notes"]:
        assert sheet(n, "ru")[1:] in ru and sheet(n, "en")[1:] in en


# ---------------------------------------------------------------- the helpers, by hand
@pytest.mark.parametrize("n,ru,en", [(1, "1 вист", "1 whist"), (2, "2 виста", "2 whists"), (4, "4 виста", "4 whists"),
                                     (5, "5 вистов", "5 whists"), (11, "11 вистов", "11 whists"),
                                     (12, "12 вистов", "12 whists"), (21, "21 вист", "21 whists"),
                                     (22, "22 виста", "22 whists"), (0, "0 вистов", "0 whists"),
                                     (-3, "-3 виста", "-3 whists"), (111, "111 вистов", "111 whists")])
def test_whist_agreement(n, ru, en):
    assert count(n, "whist", "ru") == ru and count(n, "whist", "en") == en


def test_trick_agreement_and_fractions():
    assert [count(k, "trick") for k in (1, 3, 5, 21)] == ["1 взятка", "3 взятки", "5 взяток", "21 взятка"]
    assert plural(Fraction(10, 3), "whist") == "виста"  # a fraction takes the genitive singular
    assert count(Fraction(10, 3), "whist") == "10/3 (≈3,33) виста"


def test_rounding_for_the_sheet():
    # nearest, half up: 46/3 = 15.33 -> 15; 5/2 -> 3; 7/2 -> 4; -5/2 -> -3 (by magnitude)
    assert [rounded(Fraction(x), "nearest") for x in ("46/3", "5/2", "7/2", "-5/2", "2/3")] == [15, 3, 4, -3, 1]
    assert [rounded(Fraction(x), "up") for x in ("46/3", "1/3", "-1/3")] == [16, 1, -1]
    assert rounded(Fraction(46, 3), "exact") == Fraction(46, 3)
    assert on_sheet(Fraction(46, 3)) == "15 вистов (точно 46/3 ≈ 15,33)"
    assert on_sheet(Fraction(46, 3), "up", "en") == "16 whists (exactly 46/3 ≈ 15.33)"
    assert on_sheet(8) == "8 вистов"


def test_seat_names_by_role_and_case():
    # declarer seat 1; seat 0 whists, seat 2 passes
    n = SeatNames("game", 1, {0: "whist", 2: "pass"})
    s = "место 0 пишет 4 виста на место 1; у места 2 нет, месту 1 можно, с местом 0, о месте 2"
    assert n.say(s, "ru") == ("вистующий пишет 4 виста на играющего; у пасующего нет, играющему можно, "
                              "с вистующим, о пасующем")
    assert n.say("Seat 0 writes 4 whists on seat 1", "en") == "The whister writes 4 whists on the declarer"
    # both whist: the hand says which
    n = SeatNames("game", 2, {0: "whist", 1: "whist"})
    assert n.say("Место 1 пишет на место 0", "ru") == "Вистующий второй руки пишет на вистующего первой руки"
    # raspasovka: the hands; given names win
    assert SeatNames("raspasovka").say("место 2 забирает, на место 0", "ru") == "третья рука забирает, на первую руку"
    assert SeatNames("raspasovka", names=("Аня", "Боря", "Вика")).say("место 1", "ru") == "Боря"
    # a name is not declined: the subject is the name, any other case the role with the name beside
    n = SeatNames("game", 1, {0: "whist", 2: "pass"}, names=("Аня", "Боря", "Вика"))
    assert n.say("место 0 пишет на место 1; у места 2 нет, с хода места 2", "ru") == \
        "Аня пишет на играющего (Боря); у пасующего (Вика) нет, с хода пасующего (Вика)"


def test_the_incident_players_field_names_the_seats():
    inc = json.loads((ROOT / "examples" / "incidents" / "rule_10_erroneous_move.json").read_text())
    inc["players"] = ["Аня", "Боря", "Вика"]
    r = rule_incident(inc)
    ru = r.to_text("ru")
    assert "Аня пишет 15 вистов (точно 46/3 ≈ 15,33) на вистующего второй руки (Боря)" in ru
    assert "у играющего (Вика) 6" in ru


def test_whist_rounding_setting_changes_the_text_not_the_json():
    inc = json.loads((ROOT / "examples" / "incidents" / "rule_10_erroneous_move.json").read_text())
    # 46/3 whists of compensation: nearest 15, up 16, exact 46/3
    for rounding, shown in (("nearest", "15 вистов (точно 46/3"), ("up", "16 вистов (точно 46/3"),
                            ("exact", "46/3 (≈15,33) виста на")):
        r = rule_incident(dict(inc, options={"whist_rounding": rounding}))
        assert shown in r.to_text("ru"), r.to_text("ru")
        assert any(w["amount"] == "46/3" for w in r.to_json()["writes"])


def test_misere_catchers_and_the_dealer():
    # misère: nobody whists, both others catch (ловящий), named by hand; four players: the dealer
    n = SeatNames("misere", 0, {1: "pass", 2: "pass"}, players=4)
    assert n.say("место 1 и место 2 ловят; место 3 сдавал; на место 2, с местом 1", "ru") == (
        "ловящий второй руки и ловящий третьей руки ловят; сдающий сдавал; на ловящего третьей руки, "
        "с ловящим второй руки")
    assert n.say("seat 2 and seat 3", "en") == "the third-hand catcher and the dealer"


def test_with_before_second_is_so():
    # «с второй рукой» is not said: «со второй рукой»
    assert SeatNames("raspasovka").say("место 2 вместе с местом 1, с местом 0", "ru") == \
        "третья рука вместе со второй рукой, с первой рукой"


def test_contracts_in_words():
    from compensation.outcome import parse_contract
    from compensation.rulings.wording import contract_words

    assert [contract_words(parse_contract(c)) for c in ("9d", "6nt", "misere", "7s")] == ["9♦", "6 БК", "мизер", "7♠"]
    assert contract_words(parse_contract("6nt"), "en") == "6NT"


# ---------------------------------------------------------------- a REMEDY rule names the choice and the best
# 1.2.1 on 6NT by seat 0, seat 1 whists and leads, the passer (seat 2) opened early; 4-2-1 taken:
#   0: J♦ K♣ A♦    1: 8♣ 9♥ J♥    2: Q♥ A♥ J♣    (discard J♠ A♠)
# Seat 1's options: no demand, clubs, hearts. Made to lead 8♣ (his only club) the declarer wins
# all three (K♣ over J♣; A♦, J♦ — seat 2 has no diamond, seat 1 none either): 7-2-1, for him
#   P0 = 2, w10 = 6, seat 1 short one of his four → G1 = 2: W0 = −6 + (10/3)·2 + 10·(2 − 2/3) = 14.
# Leading 9♥ (free, or hearts demanded): Q♥ A♥ J♣ take three → 5-2-3, W0 = −82/3. Best: clubs, 14.
CHOICE = {"deal": {"hands": [["Jd", "Kc", "Ad"], ["8c", "9h", "Jh"], ["Qh", "Ah", "Jc"]], "discard": ["Js", "As"]},
          "taken": [4, 2, 1], "contract": "6nt", "declarer": 0, "decisions": {"1": "whist", "2": "pass"},
          "first_leader": 1, "history": ["9h"], "violation": {"rule": "1.2.1", "offender": 2}}
BEST_EN = "Best for the declarer: «the whister must lead clubs ♣», a balance of 14 whists for him (7 tricks)."
BEST_RU = "Лучший для играющего вариант: «вистующий обязан ходить в трефы», его баланс 14 вистов (7 взяток)."


def choice_notes(history, chosen=None):
    v = dict(CHOICE["violation"], **({"chosen": chosen} if chosen else {}))
    r = rule_incident(dict(CHOICE, history=history, violation=v))
    return [n for n in r.to_text("en").splitlines() if "Best for" in n], \
           [n for n in r.to_text("ru").splitlines() if "Лучший для" in n]


@pytest.mark.parametrize("history,chosen,en,ru", [
    # a choice given that is not the best: said as chosen, and the best separately
    (["9h"], "demand h", "The declarer's choice (violation.chosen): «the whister must lead hearts ♥». ",
     "Выбор играющего (поле «выбранная мера»): «вистующий обязан ходить в червы». "),
    (["8c"], "demand c", "The declarer's choice (violation.chosen): «the whister must lead clubs ♣». ",
     "Выбор играющего (поле «выбранная мера»): «вистующий обязан ходить в трефы». "),
    # none given: the best, unless the recorded lead is outside it (then the lead was free); the
    # Russian names the field in words
    (["8c"], None, "No choice of the declarer recorded (violation.chosen); the ruling takes «the whister must lead "
                   "clubs ♣». ", "Выбор играющего не указан (поле «выбранная мера»); берётся «вистующий обязан ходить в трефы». "),
    (["9h"], None, "No choice of the declarer recorded (violation.chosen); the ruling takes «no demand». ",
     "Выбор играющего не указан (поле «выбранная мера»); берётся «без требования». "),
])
def test_a_remedy_note_says_the_choice_then_the_best_and_its_value(history, chosen, en, ru):
    notes_en, notes_ru = choice_notes(history, chosen)
    assert notes_en == ["  - " + en + BEST_EN] and notes_ru == ["  - " + ru + BEST_RU]


def test_every_remedy_rule_names_its_best_option_and_value():
    # 2.3 records no choice: only the best is named, with the value the options list shows
    path = ROOT / "examples" / "incidents" / "rule_2_3_exposed_defender_card.json"
    r = rule_incident(json.loads(path.read_text()))
    best = next(o for o in r.options if o.best)
    assert [n.en for n in r.notes if n.en.startswith("Best for the declarer")] == [
        f"Best for the declarer: «{best.label.en}», a balance of {count(best.value, 'whist', 'en')} for him "
        f"({count(best.declarer_tricks, 'trick', 'en')})."]
