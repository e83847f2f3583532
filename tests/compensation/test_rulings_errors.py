"""Malformed or inconsistent incidents: one clear error naming the field, never a traceback."""
import json
import pathlib
import re
import subprocess
import sys

import pytest

from compensation.incident import IncidentError, parse_incident
from compensation.rulings import rule_incident
from solver.cards import Card
from solver.hands import mask_of

OK = {"deal": {"hands": [["As", "Qs", "7s"], ["Ks", "Th", "8h"], ["Ts", "9s", "Qh"]]}, "taken": [4, 2, 1],
      "contract": "6nt", "declarer": 0, "decisions": {"1": "whist", "2": "whist"}, "open": True,
      "history": ["Qs", "Ks", "9s"], "violation": {"rule": "10", "offender": 2, "move": 2}}


def bad(**changes):
    inc = json.loads(json.dumps(OK))
    for k, v in changes.items():
        if v is None:
            inc.pop(k, None)
        else:
            inc[k] = v
    return inc


def viol(**v):
    return bad(violation=dict({"rule": "10", "offender": 2, "move": 2}, **v))


CASES = [
    # (incident, field, words the message must contain)
    (bad(history=["Qs", "Th", "9s"]), "history[1]", ["trick 8", "seat 1", "Th", "must follow"]),
    (bad(history=["Qs", "Ks", "Ks"]), "history[2]", ["does not hold"]),
    (bad(history=["Zz"]), "history[0]", ["card"]),
    (viol(offender=1), "violation.offender", ["history[2]", "seat 2"]),
    (viol(offender=0), "violation.offender", ["declarer"]),
    (viol(rule="99"), "violation.rule", ["unknown rule"]),
    (viol(rule="3"), "violation.plans", ["plans"]),
    (bad(contract="misere", decisions=None, violation={"rule": "7.2", "offender": 2, "move": 2}),
     "violation.rule", ["does not apply", "misere"]),
    (viol(move=9), "violation.move", ["past its end"]),
    (viol(move=None), "violation.move", ["missing"]),
    (viol(rule="2.3", card=None), "violation.card", ["missing"]),
    (viol(rule="002.6"), "violation.named", ["missing"]),
    (viol(rule="1.3.2.1", move=0, card="Ts", correction="demand"), "open", ["closed"]),
    (bad(open=False, violation={"rule": "1.3.2.2", "offender": 2, "move": 0, "card": "Ts", "correction": "demand"}),
     "open", ["open play"]),
    (viol(rule="1.3.2.2", move=0), "violation.offender", ["does not hold Qs"]),
    (bad(first_leader=2, history=["Ts"], violation={"rule": "1.3.2.2", "offender": 2, "move": 0}),
     "violation.offender", ["rightful leader"]),
    (viol(rule="7.2"), "violation.move", ["does not overtake"]),
    (viol(rule="7.2", move=1), "violation.offender", ["played by seat 1"]),
    (bad(deal={"hands": [["As", "Qs"], ["Ks", "Th", "8h"], ["Ts", "9s", "Qh"]]}), "deal.hands", ["same number"]),
    (bad(deal={"hands": [["As", "Qs", "7s"], ["As", "Th", "8h"], ["Ts", "9s", "Qh"]]}), "deal.hands[1]", ["As"]),
    (bad(contract="5s"), "contract", ["level"]),
    (bad(declarer=None), "declarer", ["missing"]),
    (bad(declarer=3), "declarer", ["seat"]),
    (bad(decisions={"1": "maybe", "2": "whist"}), "decisions.1", ["maybe"]),
    (bad(decisions={"0": "whist", "2": "whist"}), "decisions.0", ["not a defender"]),
    (bad(decisions={"1": "pass", "2": "pass"}), "decisions", ["not played"]),
    (bad(result={"tricks": [5, 2, 2]}), "result.tricks", ["10"]),
    (bad(result={"tricks": [3, 4, 3]}), "result.tricks[0]", ["already taken"]),
    (bad(taken=None), "taken", ["missing"]),
    (bad(taken=[4, 2, 2]), "taken", ["10"]),
    (bad(colour="red"), "colour", ["unknown field"]),
    (bad(histroy=[]), "histroy", ["unknown field", "'history'"]),
    (viol(offnder=2), "violation.offnder", ["unknown field", "'offender'"]),
    (bad(deal={"hands": OK["deal"]["hands"], "talons": []}), "deal.talons", ["'talon'"]),
    (bad(result={"trick": [7, 2, 1]}), "result.trick", ["'tricks'"]),
    (bad(options={"resolv": "side_best"}), "options.resolv", ["'resolve'"]),
    (bad(scoring={"set": {"player": 4}}), "scoring.set.player", ["'players'"]),
    (bad(violation={"rule": "3", "plans": [{"seat": 1, "card": ["Ks"]}, {"seat": 2, "cards": ["Qh"]}]}),
     "violation.plans[0].card", ["'cards'"]),
    (bad(result={"tricks": [7, 2, 1]}), "result.tricks", ["7-2-1", "contradicts", "4-3-1"]),
    (bad(players=["Аня", "Боря"]), "players", ["3"]),
    (viol(offenders=[2, 2]), "violation.offenders", ["twice"]),
    (viol(move="2"), "violation.move", ["an index in history", "'2'"]),
    (bad(open="yes"), "open", ["true or false"]),
    (bad(options={"compare": "gut"}), "options.compare", ["double_dummy"]),
    (bad(scoring={"convention": "moscow"}), "scoring.convention", ["moscow"]),
    (bad(scoring={"convention": {"name": "sochi"}}), "scoring.convention", ["sochi, leningrad, rostov"]),
    (bad(scoring={"convention": ["sochi"]}), "scoring.convention", ["sochi, leningrad, rostov"]),
    (bad(scoring={"set": {"players": 7}}), "scoring.set.players", []),
    (bad(first_leader=5), "first_leader", ["seat"]),
    (bad(contract="raspasovka"), "declarer", ["raspasovka"]),
    (bad(violation={"offender": 1}), "violation.rule", ["missing"]),
    (bad(violation={"rule": "9", "offender": 0}), "deal.discard", ["missing"]),
    (bad(violation={"rule": "7.1", "offender": 2, "move": 2}), "violation.move", []),
    (bad(first_leader=1, history=[], violation={"rule": "1.1.2", "offender": 2}), "first_leader", []),
    (bad(violation={"rule": "002.7.2", "trumps": ["s"]}), "violation.trumps", ["two"]),
    (bad(violation={"rule": "3", "plans": [{"seats": [0], "cards": ["As"]}, {"seats": [1], "cards": ["Ks"]}]}),
     "violation.plans[0].seats", ["declarer"]),
    (bad(violation={"rule": "3", "plans": [{"seats": [2], "cards": ["As"]}, {"seats": [1], "cards": ["Th"]}]}),
     "violation.plans[0].cards[0]", ["not in a defender's hand"]),
    (bad(violation={"rule": "5.2", "offender": 0}), "result.tricks", ["missing"]),
    # a plan naming its seat twice over must not have one of them ignored
    (bad(violation={"rule": "3", "plans": [{"seats": [2], "seat": 1, "cards": ["Ks"]}, {"seats": [1], "cards": ["Qh"]}]}),
     "violation.plans[0].seat", ["not both"]),
    (bad(violation={"rule": "3", "plans": [{"cards": ["Ks"]}, {"seats": [1], "cards": ["Qh"]}]}),
     "violation.plans[0].seats", ["missing"]),
    (bad(violation={"rule": "3", "plans": [{"seat": 2, "cards": ["Qh"]}, {"seat": 1, "cards": ["Th"]}], "played": 2}),
     "violation.played", ["0..1"]),
    (bad(violation={"rule": "3", "plans": [{"seat": 2, "cards": ["Ks"]}]}), "violation.plans", ["two or more"]),
    (bad(violation={"rule": "3", "plans": [5, {"seat": 1, "cards": ["Qh"]}]}), "violation.plans[0]", ["object"]),
]


@pytest.mark.parametrize("incident,field,words", CASES, ids=[c[1] + ":" + "/".join(c[2]) for c in CASES])
def test_error_names_the_field(incident, field, words):
    with pytest.raises(IncidentError) as e:
        rule_incident(incident)
    assert e.value.field == field, str(e.value)
    for w in words:
        assert w in str(e.value), str(e.value)


def test_the_ok_incident_is_ok():
    rule_incident(OK)


def run_cli(args, stdin=None):
    return subprocess.run([sys.executable, "-m", "prefdd", "rule", *args], capture_output=True, text=True,
                          input=stdin, timeout=120)


def test_cli_bad_incident_one_line(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad(history=["Qs", "Th", "9s"])))
    out = run_cli([str(p)])
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"prefdd rule: {p}: history[1]: trick 8, seat 1")


@pytest.mark.slow
def test_cli_not_json_and_missing_file(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("{not json")
    out = run_cli([str(p)])
    assert out.returncode == 2 and "not valid JSON" in out.stderr and "Traceback" not in out.stderr
    out = run_cli([str(tmp_path / "none.json")])
    assert out.returncode == 2 and "cannot read" in out.stderr
    out = run_cli(["-"], stdin="[1, 2]")
    assert out.returncode == 2 and "incident: expected an object" in out.stderr


@pytest.mark.slow
def test_cli_bad_set(tmp_path):
    p = tmp_path / "ok.json"
    p.write_text(json.dumps(OK))
    out = run_cli([str(p), "--set", "players=9"])
    assert out.returncode == 2 and out.stderr.startswith("prefdd rule: ") and "Traceback" not in out.stderr
    out = run_cli([str(p), "--set", "resolve=maybe"])
    assert out.returncode == 2 and "options.resolve" in out.stderr
    out = run_cli([str(p), "--convention", "moscow"])
    assert out.returncode == 2 and "--convention" in out.stderr


@pytest.mark.slow
def test_cli_node_budget_stops_a_search_with_one_line(tmp_path):
    p = tmp_path / "ok.json"
    p.write_text(json.dumps(OK))
    out = run_cli([str(p), "--node-budget", "1"])
    assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr
    assert "node budget of 1 exhausted" in out.stderr and "--node-budget" in out.stderr
    out = run_cli([str(p), "--node-budget", "0"])
    assert out.returncode == 2 and "--node-budget" in out.stderr
    assert run_cli([str(p), "--node-budget", "10000000"]).returncode == 0


def test_progress_engine_reports_its_searches():
    # with no delay the progress line appears at once and counts every search
    import io

    from compensation.incident import parse_incident
    from compensation.rulings.progress import ProgressEngine

    stream = io.StringIO()   # not a terminal: plain lines, no carriage return
    inc = parse_incident(OK)
    with ProgressEngine(stream=stream, delay=0) as engine:
        for _ in range(3):
            engine.analyse(inc.start())
        assert engine.searches == 3 and engine.total_nodes > 0 and engine.bar is None
    assert stream.getvalue().startswith("prefdd rule: searching: 1 searches") and "\r" not in stream.getvalue()
    # in Russian (prefdd rule's default): the words agree with the counts, no Latin but the command's name
    ru = io.StringIO()
    with ProgressEngine(stream=ru, delay=0, lang="ru") as engine:
        engine.analyse(inc.start())
        engine.last = None   # the next line now, not ten seconds on
        engine.scan_progress(1000, 184756, False)
    first, last = ru.getvalue().splitlines()[0], ru.getvalue().splitlines()[-1]
    assert first.startswith("prefdd rule: перебор: 1 поиск, ") and " позици" in first
    assert "в текущем 1\u00a0000 из 184\u00a0756 раскладов" in last and last.endswith(" с")
    assert re.findall(r"[A-Za-z]+", last.removeprefix("prefdd rule")) == []
    # a quick ruling: with the default one-second delay nothing is written
    quiet = io.StringIO()
    with ProgressEngine(stream=quiet) as engine:
        engine.analyse(inc.start())
    assert quiet.getvalue() == ""


@pytest.mark.slow
def test_cli_unknown_set_option_suggests_the_nearest(tmp_path):
    p = tmp_path / "ok.json"
    p.write_text(json.dumps(OK))
    out = run_cli([str(p), "--set", "whist_roundin=up"])
    assert out.returncode == 2 and "did you mean 'whist_rounding'" in out.stderr
    out = run_cli([str(p), "--set", "whist_rounding=up"])
    assert out.returncode == 0 and "Настройки:" in out.stdout and "висты округляются вверх" in out.stdout


# ---------------------------------------------------------------- the talon and the discard
# The declarer takes the talon into his hand and discards any two of his twelve cards — often
# the very two he picked up. So on a game and a misère alike the talon may be (or share cards
# with) the discard; what must hold is that no talon card is in a defender's hand and no card
# is in two places (two hands, or a hand and the discard).
EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "incidents"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def with_talon(inc: dict, talon) -> dict:
    return dict(inc, deal=dict(inc["deal"], talon=talon))


MISERE = example("rule_10_misere_escape_lead")  # declarer 0 discarded ♠A ♥10
GAME = example("rule_9_mixed_discard")          # 8♦ by seat 1, talon ♥A ♥7 kept, ♠9 ♠J discarded


@pytest.mark.parametrize("talon", [["As", "Th"], ["Th", "As"], ["As", "Kc"], ["7c", "Kc"]])
def test_a_misere_talon_may_be_the_discard(talon):
    # the talon is the discard (either order), half of it (♣K kept, in seat 0's hand), or
    # none of it (♣7 ♣K kept): accepted and ruled exactly as without the talon, since out of
    # play is the discard ♠A ♥10 either way
    inc = with_talon(MISERE, talon)
    assert parse_incident(inc).start().out == mask_of([Card.parse("As"), Card.parse("Th")])
    assert rule_incident(inc).to_json() == rule_incident(MISERE).to_json()


@pytest.mark.parametrize("inc", [with_talon(GAME, ["9s", "Js"]),                   # full deal
                                 with_talon(bad(deal=dict(OK["deal"], discard=["7h", "7d"])), ["7d", "7h"])],
                         ids=["full deal", "end position"])
def test_a_game_talon_may_be_the_discard(inc):
    plain = dict(inc, deal={k: v for k, v in inc["deal"].items() if k != "talon"})
    assert rule_incident(inc).to_json() == rule_incident(plain).to_json()


@pytest.mark.parametrize("inc,field,words", [
    # ♦10 is seat 1's (a defender's): a talon card he never had
    (with_talon(MISERE, ["As", "Td"]), "deal.talon", ["talon card Td", "deal.hands[1]", "declarer's (seat 0)"]),
    (with_talon(GAME, ["Ah", "8s"]), "deal.talon", ["talon card 8s", "deal.hands[2]", "declarer's (seat 1)"]),
    (with_talon(MISERE, ["As", "As"]), "deal.talon", ["duplicate card As"]),
    # a discarded card still in a hand: the declarer's own, or a defender's
    (with_talon(dict(MISERE, deal=dict(MISERE["deal"], discard=["As", "Kc"])), ["As", "Th"]),
     "deal.discard", ["card Kc is also in deal.hands[0]"]),
    (dict(GAME, deal=dict(GAME["deal"], discard=["9s", "Kh"])), "deal.discard", ["card Kh is also in deal.hands[2]"]),
    # a card in two hands, the talon given or not
    (with_talon(dict(MISERE, deal=dict(MISERE["deal"], hands=[MISERE["deal"]["hands"][0],
                                                              ["Js"] + MISERE["deal"]["hands"][1][1:],
                                                              MISERE["deal"]["hands"][2]])), ["As", "Th"]),
     "deal.hands[1]", ["card Js is also in deal.hands[0]"]),
])
def test_a_talon_or_discard_that_cannot_be_is_named(inc, field, words):
    with pytest.raises(IncidentError) as e:
        rule_incident(inc)
    assert e.value.field == field, str(e.value)
    for w in words:
        assert w in str(e.value), str(e.value)


def test_a_rule_that_does_not_exist_is_named_before_the_history_is_replayed():
    # The example's history holds a lead out of turn that only rule 1.3.2.2 lets stand: a
    # wrong number must be said as such, not as a card the replay found out of place.
    inc = json.loads((pathlib.Path(__file__).parents[2] / "examples/incidents/rule_1_3_2_2_lead_out_of_turn_open.json")
                     .read_text())
    inc["violation"]["rule"] = "1.3.2.9"
    with pytest.raises(IncidentError) as e:
        rule_incident(inc)
    assert e.value.field == "violation.rule" and "unknown rule '1.3.2.9'" in e.value.message
    assert "1.3.2.1, 1.3.2.2" in e.value.message
