"""The desk's single-dummy analysis (issue 29): ``POST /api/single-dummy`` gives what
``prefdd solve --analyse-play --single-dummy`` gives (bounded by the desk's layout cap and time
budget), and the page shows it as a person reads it: each card of the play coloured and
marked by its verdict, a legend, each card's figures on demand, not-exact decisions said so,
the whisters' question — in Russian (English on the switch), at a phone's width, and on paper.

Short endings (four cards a hand) keep it quick; the browser set-up is
``tests/helpers/desk_browser.py``'s, its fixtures ``conftest.py``'s.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient
from helpers.desk_browser import new_page

from prefdd.web.app import create_app
from prefdd.web.jobs import SD_MAX_LAYOUTS

BASE = "http://127.0.0.1"
ROOT = Path(__file__).resolve().parents[2]
# 6♠ by the first hand, four cards a hand left (tricks 4-1-1 won; the page numbers the four tricks 1-4): made,
# so the whisters' question applies; the second hand's lead is a guess, its K♥ a mistake, and the
# third hand's 10♠ a mistake that costs a trick double dummy; the rest best or forced
HANDS = [["Qs", "Ad", "Td", "7c"], ["7h", "9d", "9c", "Kh"], ["Qc", "8h", "Qd", "Ts"]]
HISTORY = ["9c", "Qc", "7c", "Ts", "Qs", "Kh", "Ad", "9d", "Qd", "Td", "7h", "8h"]
TABLE = {"deal": {"hands": HANDS}, "contract": "6s", "declarer": 0, "first_leader": 1, "taken": [4, 1, 1],
         "history": HISTORY}
RECORD = {"hands": HANDS, "contract": "6s", "declarer": 0, "leader": 1, "taken": [4, 1, 1], "history": HISTORY}
RAW = ("bad break", "sd_cost", "dd_cost", "best_in", "undecided", "verdict", "место 0", "seat 0", "mistake", "guess")


@pytest.fixture(scope="module")
def client():
    app = create_app(node_budget=5_000_000, workers=1)
    yield TestClient(app, base_url=BASE)
    app.state.pool.close()


def test_the_endpoint_gives_the_librarys_analysis(client):
    from solver.imperfect.single_dummy import single_dummy_record

    r = client.post("/api/single-dummy", json=TABLE)
    assert r.status_code == 200, r.text
    got = r.json()
    want = single_dummy_record(RECORD, max_layouts=SD_MAX_LAYOUTS, workers=1, progress=None).to_json()
    assert [d["verdict"] for d in got["decisions"]] == [d["verdict"] for d in want["decisions"]]
    assert [d["card"] for d in got["decisions"]] == HISTORY
    assert got["decisions"][0]["cards"] == want["decisions"][0]["cards"]
    assert got["summary"]["whisters"]["applies"] is True
    assert [x["card"] for x in got["summary"]["whisters"]["seats"]["2"]["mistakes"]] == ["Ts"]
    assert got["max_layouts"] == SD_MAX_LAYOUTS


def test_a_smaller_cap_makes_decisions_not_exact_and_more_is_never_given(client):
    r = client.post("/api/single-dummy", json=dict(TABLE, max_layouts=2))
    assert r.status_code == 200, r.text
    capped = [d for d in r.json()["decisions"] if d.get("exact") is False]
    assert capped and all(d["examined"] < d["layouts"] for d in capped)
    r = client.post("/api/single-dummy", json=dict(TABLE, max_layouts=10 ** 9))
    assert r.json()["max_layouts"] == SD_MAX_LAYOUTS


@pytest.mark.parametrize("change, field, ru", [
    ({"max_layouts": "many"}, "max_layouts", "целое"),
    ({"open": "yes"}, "open", "да или нет"),
    ({"history": ["9c", "Ah"]}, "history[1]", "нет карты"),
    ({"colour": 1}, "colour", "неизвестное поле"),
])
def test_bad_input_is_named_in_russian(client, change, field, ru):
    r = client.post("/api/single-dummy", json=dict(TABLE, **change))
    assert r.status_code == 400, r.text
    e = r.json()["error"]
    assert e["field"] == field and ru in e["text"]["ru"], e
    assert "Traceback" not in r.text


def test_raspasovka_a_lead_out_of_turn_and_no_play_are_notes(client):
    r = client.post("/api/single-dummy", json=dict(TABLE, history=[]))
    assert r.json()["note"]["ru"] == "ещё не сыграно ни одной карты"
    r = client.post("/api/single-dummy", json=dict(TABLE, history=["Qc"], out_of_turn={"0": 2}))
    assert r.status_code == 200 and "вне очереди" in r.json()["note"]["ru"]
    played = json.loads((ROOT / "examples/played_deals.jsonl").read_text().splitlines()[2])
    rasp = {"deal": {"hands": played["hands"], "talon": played["talon"]}, "contract": "raspasovka", "first_leader": 0}
    r = client.post("/api/single-dummy", json=rasp)
    assert r.status_code == 200 and r.json()["note"]["ru"].startswith("распасовка")


def test_over_the_time_budget_the_answer_says_so_in_both_languages():
    """A whole deal (14 s in one worker here) against a half-second budget: the worker is
    stopped, and the message names the analysis, not a stack trace."""
    played = json.loads((ROOT / "examples/played_deals.jsonl").read_text().splitlines()[0])
    body = {"deal": {"hands": played["hands"], "talon": played["talon"]}, "contract": "7h", "declarer": 1,
            "first_leader": 0, "history": played["history"]}
    app = create_app(workers=1, queue=2, time_budget=0.5)
    try:
        r = TestClient(app, base_url=BASE).post("/api/single-dummy", json=body)
        assert r.status_code == 422, r.text
        e = r.json()["error"]
        assert e["kind"] == "sd_time_budget"
        assert e["text"]["ru"].startswith("разбор по известным картам не уложился в отведённое время (0.5 с")
        assert "single-dummy" in e["text"]["en"] and "Traceback" not in r.text
    finally:
        app.state.pool.close()


# ------------------------------------------------------------------------ the page
INCIDENT = {"deal": {"hands": HANDS}, "contract": "6s", "declarer": 0, "first_leader": 1, "taken": [4, 1, 1],
            "decisions": {"1": "whist", "2": "whist"}, "history": HISTORY, "violation": {"rule": "claim", "move": 12}}
MARKS = {"best": "✓", "guess": "?", "bad break": "↯", "mistake": "✗", "forced": "=", "undecided": "~"}


@pytest.fixture
def desk(request, tmp_path):
    """The page at ``request.param`` px with the ending loaded (browser tests: the slow lane)."""
    b = request.getfixturevalue("browser")
    url = request.getfixturevalue("server")
    with new_page(b, url, request.param, 800) as pg:
        f = tmp_path / "ending.json"
        f.write_text(json.dumps(INCIDENT))
        pg.set_input_files("#upload", str(f))
        pg.wait_for_selector("body[data-upload]", state="attached")
        pg.wait_for_selector('body[data-plies="12"]:not([data-busy])', state="attached")
        yield pg


def run_sd(pg):
    pg.click("#sd-go")
    pg.wait_for_selector('body[data-sd="done"], body[data-sd="error"]', state="attached")
    assert pg.get_attribute("body", "data-sd") == "done", pg.inner_text("#sd")


def verdicts(pg) -> list:
    return pg.eval_on_selector_all("ol.sd-list > li", "ls => ls.map(l => [+l.dataset.index, l.dataset.verdict])")


@pytest.mark.slow
@pytest.mark.parametrize("desk", [375, 1280], indirect=True, ids=lambda w: f"{w}px")
def test_the_page_shows_each_cards_verdict_in_russian(desk, client):
    pg = desk
    run_sd(pg)
    want = [d["verdict"] for d in client.post("/api/single-dummy", json=TABLE).json()["decisions"]]
    assert verdicts(pg) == [[i, v] for i, v in enumerate(want)]
    text = pg.inner_text("#sd")
    # the legend: every verdict in words with its mark
    legend = pg.inner_text("#sd-legend")
    for word, mark in (("лучший ход", "✓"), ("угадывание", "?"), ("неудачный расклад", "↯"), ("ошибка", "✗"),
                       ("вынужденный ход", "="), ("не доказано", "~")):
        assert re.search(re.escape(mark) + r"\s+" + word, legend), (word, legend)
    # every card of the play coloured and marked
    marks = pg.eval_on_selector_all("#history .hcard", "bs => bs.map(b => [b.dataset.verdict, b.querySelector('.sd-mark')?.textContent])")
    assert marks == [[v, MARKS[v]] for v in want]
    colours = pg.eval_on_selector_all("#history .hcard", "bs => bs.map(b => getComputedStyle(b).backgroundColor)")
    assert colours[3] != colours[0], "a mistake and a guess look different on screen"
    # the figures on demand: hidden, then shown with the Russian words
    first = 'ol.sd-list > li[data-index="0"]'
    assert not pg.is_visible(f"{first} .sd-figures")
    pg.click(f"{first} .sd-more")
    fig = pg.inner_text(f"{first} .sd-figures")
    assert re.search(r"лучшая в \d+ из \d+ расклад", fig) and "у играющего в среднем" in fig and "шанс подсадить" in fig
    assert "(сыграна)" in fig and "9♣" in fig
    # the whisters' question: the third hand's mistakes with their cost
    q = pg.inner_text("#sd-question")
    assert "Вопрос вистующих" in q and "Третья рука (вистующий): потеряно в открытую 1" in q
    assert "ошибки: взятка 2 10♠ ✗ (в открытую 1, по известным картам 0,15)" in q
    assert "угадывания: взятка 1 9♣ ?" in q
    # the tricks numbered as the play above numbers them (an ending's first trick is 1 there)
    assert pg.inner_text('ol.sd-list > li[data-index="3"] .tn').startswith("Взятка 2, Третья рука")
    assert "по известным картам" in q
    for raw in RAW:
        assert raw not in text, raw
    assert not re.search(r"[A-Za-z]", text.replace("prefdd", "")), text
    width = pg.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"horizontal overflow at {pg.width}px: {width}"
    pg.screenshot(path=str(ROOT / "test-artifacts" / "web" / f"single_dummy_{pg.width}.png"), full_page=True)


@pytest.mark.slow
@pytest.mark.parametrize("desk", [375], indirect=True, ids=lambda w: f"{w}px")
def test_a_capped_decision_says_it_is_not_exact_and_english_follows_the_switch(desk):
    pg = desk
    pg.route("**/api/single-dummy", lambda route: route.continue_(
        post_data=json.dumps(dict(json.loads(route.request.post_data), max_layouts=2))))
    run_sd(pg)
    inexact = pg.eval_on_selector_all('ol.sd-list > li[data-exact="false"]', "ls => ls.map(l => l.innerText)")
    assert inexact and all(re.search(r"не точно: рассмотрено \d+ из \d+ расклад", x) for x in inexact), inexact
    pg.click("#lang")
    text = pg.inner_text("#sd")
    assert "Single-dummy analysis" in text and "The whisters' question" in text
    assert re.search(r"not exact: \d+ of \d+ layouts examined", text)
    assert not re.search(r"[А-Яа-яЁё]", text), "Russian left on the English page"
    assert "sd_" not in text


@pytest.mark.slow
@pytest.mark.parametrize("desk", [1280], indirect=True, ids=lambda w: f"{w}px")
def test_the_print_keeps_the_verdicts_as_text_marks(desk):
    pg = desk
    run_sd(pg)
    pg.emulate_media(media="print")
    assert pg.is_visible("#sd-legend") and pg.is_visible("ol.sd-list") and pg.is_visible("#sd-question")
    assert not pg.is_visible("#sd-go") and not pg.is_visible("ol.sd-list .sd-more")
    rows = pg.eval_on_selector_all("ol.sd-list > li", "ls => ls.map(l => [l.dataset.verdict, l.innerText])")
    for v, line in rows:
        assert MARKS[v] in line, (v, line)
    # black and white: the verdict is in the mark and the word, not in a background colour
    bgs = pg.eval_on_selector_all("ol.sd-list > li", "ls => ls.map(l => getComputedStyle(l).backgroundColor)")
    assert set(bgs) == {"rgba(0, 0, 0, 0)"}, bgs
    hist = pg.inner_text("#history")
    assert "✗" in hist and "?" in hist
    legend = pg.inner_text("#sd-legend")
    assert "ошибка" in legend and "✗" in legend


@pytest.mark.slow
def test_within_the_time_budget_a_stopped_scan_comes_back_with_what_it_proved():
    """The same deal against a 30 s request: the analysis gets 60 % of it (18 s) and stops
    its scans there, so the answer comes within the request, every decision that could not
    be finished marked not exact (stopped by the budget or the desk's cap), none made up."""
    played = json.loads((ROOT / "examples/played_deals.jsonl").read_text().splitlines()[0])
    body = {"deal": {"hands": played["hands"], "talon": played["talon"]}, "contract": "7h", "declarer": 1,
            "first_leader": 0, "history": played["history"], "max_layouts": 20_000}
    app = create_app(workers=1, queue=2, time_budget=30)
    try:
        r = TestClient(app, base_url=BASE).post("/api/single-dummy", json=body)
        assert r.status_code == 200, r.text
        a = r.json()
        assert a["summary"]["budget"] == pytest.approx(18.0)
        decisions = [d for d in a["decisions"] if d["verdict"] != "forced"]
        assert len(a["decisions"]) == 30 and decisions
        for d in decisions:
            if d["exact"]:
                assert d["examined"] == d["layouts"] and "stopped" not in d
            else:
                assert d["stopped"] in ("cap", "budget") and d["examined"] < d["layouts"]
                assert d["verdict"] != "mistake"           # domination needs every layout
    finally:
        app.state.pool.close()
