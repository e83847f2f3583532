"""A ruling's progress reaches a caller that is not a terminal (the desk's job API, issue 38)."""
import json
import pathlib

import pytest

from compensation.rulings import rule_incident
from compensation.rulings.progress import ProgressEngine
from solver.engine import Engine

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "incidents"


def test_the_callback_hears_the_searches_and_the_decisions():
    heard = []
    inc = json.loads((EXAMPLES / "rule_1_1_4_passer_opened_closed.json").read_text())
    plain = rule_incident(inc).to_json()
    r = rule_incident(inc, progress=heard.append)
    assert r.to_json()["entries"] == plain["entries"]  # the figures do not depend on who listens
    assert heard
    last = heard[-1]
    assert set(last) == {"seconds", "searches", "nodes", "decisions", "layouts_settled", "layouts",
                         "decision_layouts", "decision_settled", "decisions_left"}
    assert last["decisions"] >= 1 and last["layouts"] >= last["layouts_settled"] >= 1
    assert last["decision_layouts"] == last["decision_settled"] == 0  # no scan under way at the end
    assert last["searches"] >= 1 and last["nodes"] >= 1
    assert all(a["seconds"] <= b["seconds"] for a, b in zip(heard, heard[1:]))


def test_a_progress_engine_given_gets_the_callback_and_a_plain_one_is_refused():
    heard = []
    inc = json.loads((EXAMPLES / "rule_1_1_4_passer_opened_closed.json").read_text())
    eng = ProgressEngine(quiet=True)
    rule_incident(inc, engine=eng, progress=heard.append)
    assert heard and heard[-1] == eng.snapshot() | {"seconds": heard[-1]["seconds"]}
    with pytest.raises(TypeError):
        rule_incident(inc, engine=Engine(), progress=heard.append)


def test_one_lead_rule_says_one_decision_is_left_and_then_none(monkeypatch):
    """1.1.2 judges one lead: its one scan is known ahead (``decisions_left`` 1, then 0; a short
    budget and small chunks stop the scan early, the count is what is tested); a window to the
    end of the deal (1.1.4) does not know it and leaves it None."""
    from solver.imperfect import candidates as cand

    monkeypatch.setattr(cand, "CHUNK", 64)
    monkeypatch.setattr(cand, "WITNESS_FIRST", 64)
    heard: list = []
    inc = json.loads((EXAMPLES / "rule_1_1_2_layout_helped.json").read_text())
    inc["violation"]["budget"] = 0.5
    rule_incident(inc, engine=ProgressEngine(quiet=True, every=0.0), progress=heard.append)
    lefts = [h["decisions_left"] for h in heard]
    assert 1 in lefts and lefts[-1] == 0
    assert lefts.index(1) < lefts.index(0)
    heard.clear()
    inc = json.loads((EXAMPLES / "rule_1_1_4_passer_opened_closed.json").read_text())
    rule_incident(inc, engine=ProgressEngine(quiet=True, every=0.0), progress=heard.append)
    assert heard and {h["decisions_left"] for h in heard} == {None}
