"""Errors carry a kind: one catalogue of English and Russian sentences, every command's errors
in Russian by default, the desk refusing a bad incident when it is loaded.

The catalogue is :data:`solver.messages.KINDS` (the solver's kinds, then compensation's and the
application's, each added by its package); no message is read back to learn what it said.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import compensation.error_kinds  # noqa: F401  (every package's kinds in the catalogue)
import prefdd.error_kinds  # noqa: F401
from prefdd.cli import main
from solver.errors import PrefError
from solver.messages import KINDS, placeholders, say

ROOT = Path(__file__).resolve().parents[2]
INCIDENT = json.loads((ROOT / "examples" / "incidents" / "claim_holds.json").read_text(encoding="utf-8"))
MOVE_0 = dict(INCIDENT["violation"], move=0)
LATIN = re.compile(r"[A-Za-z]{2,}")
SAMPLE = {"card": "Kd", "seat": 1, "suit": "♠", "trump": "♥", "near": "offender", "n": 3, "name": "ofender",
          "got": 7, "want": "an integer 1..10", "types": ["integer"], "low": 1, "high": 10, "a": "hands[0]",
          "b": "talon", "kind": "misere", "reason": "No such file or directory", "errno": 2, "talon": True}


def sample(kind: str) -> dict:
    """Values for every parameter a kind's sentences use (an inner error for ``inner``)."""
    en, ru = KINDS[kind]
    out = {}
    for p in placeholders(en) | placeholders(ru):
        out[p] = PrefError.of("missing") if p == "inner" else SAMPLE.get(p, 5)
    if "reason" in out:
        out["errno"] = 2
    if "want" in out:
        out.update(types=SAMPLE["types"], low=1, high=10)
    return out


def russian_words_only(text: str) -> bool:
    """No Latin word outside what the user wrote («…»), command-line switches and programs' names,
    and card notation (a rank and a suit letter, such as Kd)."""
    rest = re.sub(r"«[^»]*»", "", text)
    rest = re.sub(r"--[a-z-]+(?: bts)?|prefdd \w+(?: passwd)?|\$PREFDD_LANG|\S*/\S*", "", rest)
    return not LATIN.search(rest)


def test_the_catalogue_holds_the_three_packages_kinds():
    assert {"not_held", "unknown_field", "rule_unknown", "read_kontra", "cannot_read", "busy"} <= set(KINDS)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_has_both_texts_and_its_russian_names_no_parameter_the_english_lacks(kind):
    en, ru = KINDS[kind]
    assert en.strip() and ru.strip()
    extra = placeholders(ru) - placeholders(en)
    # an unknown field: the English names it by its path ("violation.ofender: unknown field"), the
    # Russian path in words cannot («нарушение»), so its sentence says the name
    assert not extra or (extra == {"name"} and en.startswith("unknown field")), (kind, ru)
    params = sample(kind)
    assert say(kind, "en", **params) and say(kind, "ru", **params)


@pytest.mark.parametrize("kind", sorted(k for k in KINDS if k != "input"))
def test_raising_each_kind_gives_its_field_and_says_it_in_words(kind):
    err = PrefError.of(kind, "violation.offender", **sample(kind))
    assert err.kind == kind and err.path == "violation.offender" and err.field == "violation.offender"
    assert str(err) == f"violation.offender: {say(kind, 'en', **sample(kind))}"
    assert err.text("ru") == f"нарушитель: {say(kind, 'ru', **sample(kind))}"


@pytest.mark.parametrize("kind", sorted(k for k in KINDS if k != "input"))
def test_every_russian_sentence_has_no_latin_word(kind):
    params = {k: ("К♠" if k == "card" else "«x»" if isinstance(v, str) and k not in ("a", "b", "kind", "reason",
                                                                                   "suit", "trump", "want")
                  else v) for k, v in sample(kind).items()}
    assert russian_words_only(say(kind, "ru", **params)), (kind, say(kind, "ru", **params))


def test_an_error_survives_pickling_with_its_kind():
    import pickle

    err = PrefError.of("not_held", "history[3]", seat=1, card="Kd")
    back = pickle.loads(pickle.dumps(err))
    assert (back.kind, back.path, back.params, str(back)) == (err.kind, err.path, err.params, str(err))
    assert back.text("ru") == "ход 4: у второй руки нет карты К♦"


def test_an_unknown_kind_is_a_programming_error():
    with pytest.raises(KeyError):
        PrefError.of("no such kind")


# ---------------------------------------------------------------- every command, Russian by default
def write(tmp_path, name: str, value) -> str:
    p = tmp_path / name
    p.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return str(p)


def bad_incidents(tmp_path) -> dict:
    return {
        "misspelt": write(tmp_path, "misspelt.json", dict(INCIDENT, violation=dict(INCIDENT["violation"], ofender=1))),
        "illegal": write(tmp_path, "illegal.json", dict(INCIDENT, history=["As"], violation=MOVE_0)),
        "no rule": write(tmp_path, "norule.json", dict(INCIDENT, violation=dict(INCIDENT["violation"], rule="1.3.2.9"))),
        "seat": write(tmp_path, "seat.json", dict(INCIDENT, declarer=3)),
    }


def commands(tmp_path) -> list:
    inc = bad_incidents(tmp_path)
    solve_bad = write(tmp_path, "pos.jsonl", '{"hands": [["As"], ["Ks"]], "contract": "s", "declarer": 0}\nnot json\n')
    score_bad = write(tmp_path, "out.jsonl", '{"contract": "7x"}\n')
    tricks_bad = write(tmp_path, "tricks.json", {"contract": "7s", "declarer": 0,
                                                "decisions": {"1": "whist", "2": "pass"}, "tricks": [7, 2, 2]})
    return [
        ["rule", str(tmp_path / "nosuch.json")], ["rule", inc["misspelt"]], ["rule", inc["illegal"]],
        ["rule", inc["no rule"]], ["rule", inc["seat"]], ["rule", "--set", "colour=1", inc["seat"]],
        ["solve", solve_bad], ["solve", str(tmp_path / "nosuch.jsonl")], ["solve", "--analyse-play", "--table", solve_bad],
        ["score", score_bad], ["score", tricks_bad], ["score", "--set", "colour=1", score_bad],
        ["layouts", solve_bad], ["convert", str(tmp_path / "nosuch.bts")],
        ["convert", write(tmp_path, "broken.bts", "deal 1 xx\n")], ["batch", "--convention", "moscow", solve_bad, "-o", str(tmp_path / "o.jsonl")],
    ]


@pytest.mark.parametrize("lang", [None, "ru"])
def test_every_commands_errors_are_russian_by_default_and_with_lang_ru(tmp_path, capsys, monkeypatch, lang):
    monkeypatch.delenv("PREFDD_LANG", raising=False)
    for argv in commands(tmp_path):
        argv = argv + (["--lang", lang] if lang else [])
        assert main(argv) == 2, argv
        err = capsys.readouterr().err.strip().splitlines()
        assert err, argv
        for line in err:
            said = line.split(": ", 1)[1]
            assert russian_words_only(said.replace(str(tmp_path), "")), (argv, line)


def test_lang_en_gives_the_english(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("PREFDD_LANG", raising=False)
    inc = bad_incidents(tmp_path)
    assert main(["rule", inc["misspelt"], "--lang", "en"]) == 2
    assert capsys.readouterr().err == (f"prefdd rule: {inc['misspelt']}: violation.ofender: unknown field "
                                       "(did you mean 'offender'?)\n")
    assert main(["rule", str(tmp_path / "nosuch.json"), "--lang", "en"]) == 2
    assert capsys.readouterr().err.endswith("nosuch.json: cannot read: No such file or directory\n")


def test_a_misspelt_field_in_russian_keeps_its_name_and_the_suggestion(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("PREFDD_LANG", raising=False)
    inc = bad_incidents(tmp_path)
    assert main(["rule", inc["misspelt"]]) == 2
    assert capsys.readouterr().err == (f"prefdd rule: {inc['misspelt']}: нарушение: неизвестное поле «ofender» "
                                       "(может быть, «offender»?)\n")
    assert main(["rule", str(tmp_path / "nosuch.json")]) == 2
    assert capsys.readouterr().err == f"prefdd rule: {tmp_path / 'nosuch.json'}: не читается: нет такого файла\n"


def test_a_rule_that_does_not_exist_is_named_before_the_history(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("PREFDD_LANG", raising=False)
    bad = write(tmp_path, "x.json", dict(INCIDENT, history=["As"], violation=dict(INCIDENT["violation"], rule="1.3.2.9")))
    assert main(["rule", bad]) == 2
    assert capsys.readouterr().err.endswith("правило: нет правила 1.3.2.9; может быть, 1.3.2.1, 1.3.2.2?\n")


def test_the_batch_records_an_errors_kind_beside_its_text(tmp_path):
    src = write(tmp_path, "in.jsonl", '{"hands": [["As"], ["Ks"]], "contract": "s", "declarer": 0}\nnot json\n')
    out = tmp_path / "out.jsonl"
    assert main(["batch", src, "-o", str(out), "--workers", "0", "--no-progress"]) in (0, 1, 2)
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    kinds = {r["input_line"]: r.get("error_kind") for r in rows if "error" in r}
    assert kinds == {1: "three_hands_list", 2: "not_json"}, rows


# ---------------------------------------------------------------- the desk
@pytest.fixture(scope="module")
def client():
    from fastapi.testclient import TestClient

    from prefdd.web.app import create_app

    return TestClient(create_app(node_budget=5_000_000), base_url="http://127.0.0.1")


@pytest.mark.parametrize("change, field, russian", [
    ({"violation": dict(INCIDENT["violation"], ofender=1)}, "violation.ofender",
     "неизвестное поле «ofender» (может быть, «offender»?)"),
    ({"history": ["As"], "violation": MOVE_0}, "history[0]", "взятка 1: у второй руки нет карты Т♠"),
    ({"violation": dict(INCIDENT["violation"], rule="9.9")}, "violation.rule",
     "нет правила 9.9 (все правила показывает prefdd rule --list)"),
], ids=["misspelt", "illegal card", "no rule"])
def test_the_desk_refuses_a_bad_incident_when_it_is_loaded(client, change, field, russian):
    """The page loads a file through /api/paste: a bad incident is refused there, in Russian,
    next to its field, before any ruling is asked for."""
    r = client.post("/api/paste", json={"text": json.dumps(dict(INCIDENT, **change))})
    assert r.status_code == 400, r.text
    e = r.json()["error"]
    assert e["field"] == field and e["text"]["ru"] == russian, e
    assert e["kind"] != "input"


def test_the_desk_reads_a_good_incident_as_before(client):
    r = client.post("/api/paste", json={"text": json.dumps(INCIDENT)})
    assert r.status_code == 200 and r.json()["incident"]["id"] == "claim_holds"
