"""Every command's text in Russian (the default of ``rule`` and ``score``, ``--lang ru``
elsewhere): no Latin word outside what the user's own records hold (their ids)."""
import json
import re

from prefdd.cli import main

LATIN = re.compile(r"[A-Za-z][A-Za-z_.]*")
ROOT_EXAMPLES = "examples"


def latin(text: str, allowed=()) -> list:
    return [w for w in LATIN.findall(text) if w not in allowed]


def test_rule_list_solve_score_and_layouts_speak_russian(capsys, tmp_path):
    assert main(["rule", "--list"]) == 0
    assert latin(capsys.readouterr().out, {"claim"}) == []  # the rule's own name, as an incident gives it
    assert main(["solve", f"{ROOT_EXAMPLES}/ending.json", "--text", "--lang", "ru", "--all-cards", "--line"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("запись 1 (ending-1): играющий берёт ещё 2 взятки (всего 2)")
    assert latin(out, {"ending"}) == []
    assert main(["solve", f"{ROOT_EXAMPLES}/deals.jsonl", "--table", "--text", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "мизер" in out and latin(re.sub(r"\(r\d+\)", "", out)) == []
    assert main(["score", f"{ROOT_EXAMPLES}/outcomes.jsonl", "--text"]) == 0
    assert latin(re.sub(r"\(d\d+\)", "", capsys.readouterr().out)) == []
    hand = json.loads(open(f"{ROOT_EXAMPLES}/hands.jsonl").readline())
    hand["history"] = ["As", "7s", "Ts", "Ks", "Qs", "8c"]  # two tricks played: 12,870 layouts at most
    (tmp_path / "hand.json").write_text(json.dumps(hand))
    assert main(["layouts", str(tmp_path / "hand.json"), "--text", "--lang", "ru", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("запись 1") and latin(out.replace(str(hand.get("id")), "")) == []
