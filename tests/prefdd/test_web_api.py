"""The web page's JSON API: every endpoint, with good and bad input (FastAPI's TestClient)."""
from __future__ import annotations

import json
import re
import sys
import tomllib
from fnmatch import fnmatch
from importlib.resources import files
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from compensation.rulings import rule_incident
from prefdd.web.app import create_app
from solver import Position, reference

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = json.loads((ROOT / "examples/incidents/rule_1_3_2_2_lead_out_of_turn_open.json").read_text())
TABLE = {k: EXAMPLE[k] for k in ("deal", "contract", "declarer", "first_leader")}
# a three-card ending at no trumps: the declarer (seat 0, on lead) holds A Q of spades over
# seat 1's K J; leading the small heart puts seat 1 on lead, to lead a spade into the A Q
ENDING = {"deal": {"hands": [["As", "Qs", "7h"], ["Ks", "Js", "8h"], ["7s", "8s", "9s"]]},
          "contract": "6nt", "declarer": 0, "first_leader": 0, "taken": [4, 2, 1]}


BASE = "http://127.0.0.1"  # the Host the server answers for


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(node_budget=5_000_000), base_url=BASE)


def err(r, status=400):
    assert r.status_code == status, r.text
    e = r.json()["error"]
    assert "Traceback" not in e["message"]
    return e


# ---------------------------------------------------------------- the page and its files
def test_page_and_static_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert '<script type="module" src="/static/app.js">' in page.text
    for f in (files("prefdd.web") / "static").iterdir():
        assert client.get(f"/static/{f.name}").status_code == 200, f.name
    e = err(client.get("/static/nothing.js"), 404)
    assert e["field"] is None


def test_static_files_are_package_data_and_offline():
    """Everything the page loads is in the package (and matched by pyproject's globs); no CDN."""
    static = files("prefdd.web") / "static"
    names = sorted(p.name for p in static.iterdir())
    assert {"index.html", "app.js", "i18n.js", "style.css"} <= set(names)
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["prefdd.web"]
    for n in names:
        assert any(fnmatch(f"static/{n}", g) for g in globs), n
        text = (static / n).read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, n


# ---------------------------------------------------------------- rules
def test_rules_catalogue_gives_titles_texts_and_forms(client):
    rules = client.get("/api/rules").json()
    r = next(x for x in rules["rules"] if x["number"] == "1.3.2.2")
    assert r["title"]["ru"] == "Ход вне очереди вистующего при открытой игре"
    assert "Ход вне очереди" in r["text"]["ru"] and r["text"]["en"]
    fields = {f["name"]: f for f in r["fields"]}
    # rule 1.3.2.2 declares offender="defender", needs=("move",): both required
    assert fields["offender"]["required"] and fields["move"]["required"]
    assert fields["correction"]["default"] == "none" and not fields["correction"]["required"]
    assert "1.3.2.2" in rules["out_of_turn_rules"]
    # a rule with offender="none" has no offender field
    r0272 = next(x for x in rules["rules"] if x["number"] == "002.7.2")
    assert [f["name"] for f in r0272["fields"]] == ["trumps"]


# ---------------------------------------------------------------- the table
def test_table_values_match_the_reference_search(client):
    """Each legal card's value is the declarer's total: tricks taken plus the reference minimax."""
    st = client.post("/api/table", json=ENDING).json()
    assert st["legal"] == ["Qs", "As", "7h"] and st["taken"] == [4, 2, 1]
    pos = Position(ENDING["deal"]["hands"], "nt", declarer=0, leader=0)
    ref = {str(c): 4 + v for c, v in reference.card_values(pos).items()}
    assert st["values"] == ref
    # by hand: As (or Qs) first leaves the queen (ace) and the heart to lose one: 4 + 1; the
    # heart first: seat 1 wins it and must lead a spade into A Q: 4 + 2
    assert st["values"] == {"As": 5, "Qs": 5, "7h": 6} and st["best"] == ["7h"] and st["declarer_total"] == 6


def test_table_follows_the_play_and_values_change(client):
    st0 = client.post("/api/table", json=dict(TABLE, history=[])).json()
    st3 = client.post("/api/table", json=dict(TABLE, history=["9c", "9s", "7c"])).json()
    assert st3["taken"] == [0, 1, 0]  # 9s ruffs the club lead in spades (seat 1 void in clubs)
    assert st3["to_move"] == 1 and st3["trick"] == []
    assert set(st3["values"]) == set(st3["legal"]) and set(st0["values"]) != set(st3["values"])


def test_table_line_on_request(client):
    st = client.post("/api/table", json=dict(TABLE, history=EXAMPLE["history"][:12], line=True)).json()
    assert len(st["line"]) == 18 and st["line"][0] in st["best"]


def test_table_with_a_lead_out_of_turn(client):
    h = EXAMPLE["history"]
    e = err(client.post("/api/table", json=dict(TABLE, history=h)))
    assert e["field"] == "history[12]" and "does not hold 9d" in e["message"]
    st = client.post("/api/table", json=dict(TABLE, history=h, out_of_turn={"12": 1})).json()
    assert st["over"] and st["taken"] == [6, 1, 3]


def test_table_on_misere_and_raspasovka(client):
    rasp = json.loads((ROOT / "examples/incidents/raspasovka_lead_out_of_turn.json").read_text())
    t = {"deal": rasp["deal"], "contract": "raspasovka"}
    st = client.post("/api/table", json=t).json()
    # the talon's first card (7d) leads trick 1: first hand must follow diamonds
    assert st["talon_card"] == "7d" and st["legal"] == ["Qd", "Kd", "Ad"]
    # no declarer: each card's value is the mover's own total, the other two against him
    from prefdd.web.table import position_of
    from solver.raspasovka.api import card_values
    pos, _ = position_of(t)
    assert st["values_for"] == 0 and st["values"] == {str(c): v for c, v in card_values(pos, 0).items()}
    assert st["best"] == [c for c in st["values"] if st["values"][c] == min(st["values"].values())]
    st = client.post("/api/table", json=dict(t, history=rasp["history"])).json()
    assert st["taken"] == [8, 0, 0] and st["talon_card"] is None
    e = err(client.post("/api/table", json=dict(t, history=["Ad", "Jd"])))
    assert e["field"] == "history[1]" and "does not hold Jd" in e["message"]
    m = {"deal": {"hands": rasp["deal"]["hands"], "discard": rasp["deal"]["talon"]}, "contract": "misere", "declarer": 0}
    st = client.post("/api/table", json=m).json()
    pos = Position(rasp["deal"]["hands"], "misere", declarer=0, leader=0, out=rasp["deal"]["talon"])
    from solver import analyse
    assert st["values"] == {str(c): v for c, v in analyse(pos, all_cards=True).card_values.items()}
    assert st["best"] == ["7s"]  # on misère the declarer's best card is the one that takes fewest


@pytest.mark.parametrize("change, field, words", [
    ({"contract": 7}, "contract", "expected a string"),
    ({"contract": "11s"}, "contract", "level must be 6..10"),
    ({"declarer": "0"}, "declarer", "seat 0, 1 or 2"),
    ({"deal": {"hands": "As Ks"}}, "deal.hands", "three hands"),
    ({"deal": {"hands": [["As"], ["As"], ["Ks"]]}, "taken": [3, 3, 3]}, "deal.hands[1]", "also in deal.hands[0]"),
    ({"deal": {"hands": [["As", "Kd"], ["Qs"], ["Ks"]]}}, "deal.hands[1]", "same number of cards"),
    ({"deal": {"hands": [["Xz"], ["Qs"], ["Ks"]]}}, "deal.hands[0][0]", "not a card"),
    ({"deal": {"hands": [[1], ["Qs"], ["Ks"]]}}, "deal.hands[0][0]", "expected a card"),
    ({"history": ["9c", "8d"]}, "history[1]", "must play a trump"),
    ({"history": ["9c", "9s", "Kh"]}, "history[2]", "must follow suit"),
    ({"history": ["9c", "9s", "7c", "As"]}, "history[3]", "does not hold As"),
    ({"history": ["9c", "9s", "7c"] + ["Zz"]}, "history[3]", "not a card"),
    ({"out_of_turn": {"x": 1}}, "out_of_turn", "not a history index"),
    ({"out_of_turn": {"1": 1}, "history": ["9c", "9s"]}, "history[1]", "must start a trick"),
    ({"values": "yes"}, "values", "true or false"),
    ({"colour": "red"}, "colour", "unknown field"),
    ({"node_budget": -5}, "node_budget", "positive integer"),
])
def test_table_bad_input_names_the_field(client, change, field, words):
    e = err(client.post("/api/table", json=dict(TABLE, **change)))
    assert e["field"] == field and words in e["message"]


def test_table_missing_fields_and_wrong_body(client):
    assert err(client.post("/api/table", json={"deal": TABLE["deal"]}))["field"] == "contract"
    assert err(client.post("/api/table", json=[1, 2]))["field"] == "request"
    assert err(client.post("/api/table", content=b"{not json", headers={"content-type": "application/json"}))["field"] == "request"


def test_every_search_has_a_node_budget(client):
    """A request may lower the server's budget, never raise it; a hit is a 422 naming it."""
    e = err(client.post("/api/table", json=dict(TABLE, node_budget=50)), 422)
    assert e["field"] == "node_budget" and "50" in e["message"]
    small = TestClient(create_app(node_budget=50), base_url=BASE)
    e = err(small.post("/api/table", json=dict(TABLE, node_budget=10**9)), 422)
    assert "node budget of 50" in e["message"]
    assert small.post("/api/table", json=dict(TABLE, values=False)).status_code == 200  # no search asked


# ---------------------------------------------------------------- paste and random
def test_paste_reads_every_notation(client):
    text = "♠AKJ ♣AJ10 ♦AJ98 ♥—\nДп 10ч Вч\n7h, 8h\n7s 8s"
    d = client.post("/api/paste", json={"text": text}).json()["deal"]
    assert d["hands"][0] == ["Js", "Ks", "As", "Tc", "Jc", "Ac", "8d", "9d", "Jd", "Ad"]
    assert d["hands"][1:] == [["Qs", "Th", "Jh"], ["7h", "8h"]] and d["talon"] == ["7s", "8s"]
    rec = {"hands": [["As"], ["Ks"], ["Qs"]], "contract": "nt", "declarer": 0, "leader": 0}
    d = client.post("/api/paste", json={"text": json.dumps(rec)}).json()["deal"]
    assert d == {"hands": [["As"], ["Ks"], ["Qs"]]}
    d = client.post("/api/paste", json={"text": "1: Тп Кп\n2: 10ч 7т\n3: Дб 8ч"}).json()["deal"]
    assert d["hands"] == [["Ks", "As"], ["7c", "Th"], ["Qd", "8h"]]  # in deck order


def test_paste_an_incident_gives_it_back_with_cards_normalised(client):
    inc = dict(EXAMPLE, history=["9т"] + EXAMPLE["history"][1:])
    out = client.post("/api/paste", json={"text": json.dumps(inc, ensure_ascii=False)}).json()
    assert out["incident"]["violation"]["rule"] == "1.3.2.2"
    assert out["history"][0] == "9c" and out["deal"]["discard"] == ["Td", "Jd"]
    assert out["deal"]["talon"] == ["Ah", "7h"]  # a game's talon sits in the declarer's hand


@pytest.mark.parametrize("text, words", [
    ("As Kd\nQh", "expected 3 hands"),
    ("As Kd\nQh Xz\n7s 8s", "line 2: not a card: 'Xz'"),
    ("As Kd\nQh As\n7s 8s", "card As is in hand 1 and in hand 2"),
    ("♠AK\nQh\n7s\n7s", "card 7s is in hand 3 and in the talon"),
    ("{\"hands\": [", "not valid JSON"),
    ("{\"contract\": \"7s\"}", "without \"hands\""),
    ("   ", "nothing to read"),
])
def test_paste_bad_text_names_the_problem(client, text, words):
    e = err(client.post("/api/paste", json={"text": text}))
    assert e["field"] == "text" and words in e["message"]


def test_paste_wrong_types(client):
    assert err(client.post("/api/paste", json={"text": 5}))["field"] == "text"
    assert err(client.post("/api/paste", json={"txt": "As"}))["field"] == "txt"
    assert err(client.post("/api/paste", json=["As"]))["field"] == "request"


def test_random_deal_is_a_full_deck_and_repeats_with_a_seed(client):
    d = client.post("/api/random", json={"seed": 7}).json()["deal"]
    cards = [c for h in d["hands"] for c in h] + d["talon"]
    assert [len(h) for h in d["hands"]] == [10, 10, 10] and len(d["talon"]) == 2 and len(set(cards)) == 32
    assert client.post("/api/random", json={"seed": 7}).json()["deal"] == d
    assert err(client.post("/api/random", json={"seed": "x"}))["field"] == "seed"
    assert err(client.post("/api/random", json={"seed": True}))["field"] == "seed"


# ---------------------------------------------------------------- rulings
def test_rule_gives_the_rulings_json_and_the_sheet(client):
    out = client.post("/api/rule", json={"incident": EXAMPLE}).json()
    assert out["ruling"] == rule_incident(EXAMPLE).to_json()
    sh = out["sheet"]
    # seat 0 writes 196/3 whists on seat 1: 65 on the sheet (whist_rounding=nearest), as the CLI says
    assert sh["whists"][0][1] == {"exact": "196/3", "rounded": "65", "approx": "65.33"}
    assert sh["gora"][0] == {"exact": "4", "rounded": "4"}
    assert sh["whists"][2][0]["exact"] == "16" and sh["whist_rounding"] == "nearest"
    # the lines as `prefdd rule` prints them, seats named by role, decimal comma in Russian
    ru = out["text"]["ru"]
    # every fraction of whists as the sheet writes it: rounded, the exact figure beside
    assert ru["writes"][0] == ("Играющий пишет 65 вистов (точно 196/3 ≈ 65,33) на вистующего второй руки — "
                               "компенсация: возможный ущерб 65 вистов (точно 196/3 ≈ 65,33)")
    # the conclusion first: who writes what beyond the deal, and why
    assert ru["conclusion"] == ("Играющий пишет 65 вистов (точно 196/3 ≈ 65,33) на вистующего второй руки — "
                                "компенсация: возможный ущерб 65 вистов (точно 196/3 ≈ 65,33); сдача записывается как сыграна.")
    assert ru["options"][0]["text"].endswith("баланс -51 вист (точно -152/3 ≈ -50,67)")
    assert not any(re.search(r"\d/\d+ \(≈", x) for x in ru["writes"] + ru["figures"] + [o["text"] for o in ru["options"]])
    assert ru["seats"] == ["Играющий", "Вистующий второй руки", "Вистующий третьей руки"]
    assert "сочинка" in ru["settings"] and "side_best" not in ru["settings"]
    up = client.post("/api/rule", json={"incident": EXAMPLE, "settings": {"options": {"whist_rounding": "up"}}}).json()
    assert up["sheet"]["whists"][0][1]["rounded"] == "66" and "66 вистов" in up["text"]["ru"]["writes"][0]
    exact = client.post("/api/rule", json={"incident": EXAMPLE, "settings": {"options": {"whist_rounding": "exact"}}}).json()
    assert "196/3 (≈65,33) виста" in exact["text"]["ru"]["writes"][0]  # exact on the sheet: the fraction stays


def test_a_ruling_with_nothing_to_write_says_so_first_and_why(client):
    inc = json.loads((ROOT / "examples/incidents/rule_1_3_2_1_lead_out_of_turn_closed.json").read_text())
    out = client.post("/api/rule", json={"incident": inc}).json()
    assert out["ruling"]["writes"] == []
    assert out["text"]["ru"]["conclusion"] == ("Никто ничего не пишет сверх обычной записи сдачи — ущерба играющему нет: "
                                               "баланс 5 вистов (точно 16/3 ≈ 5,33) при правильной игре против 5 вистов "
                                               "(точно 16/3 ≈ 5,33) после нарушения.")
    assert out["text"]["en"]["conclusion"].startswith("Nobody writes anything beyond the deal's usual score — no damage")
    # the declarer's choice named as the form asks it, not by the library's field word
    assert "(поле «что сделал играющий с ходом вне очереди»)" in out["text"]["ru"]["notes"][0]
    assert not any("поправка" in n for n in out["text"]["ru"]["notes"])


@pytest.mark.parametrize("change, field", [
    ({"violation": {"rule": "1.3.2.2", "offender": 0, "move": 12, "correction": "none"}}, "violation.offender"),
    ({"history": EXAMPLE["history"][:12], "result": None,
      "violation": {"rule": "1.3.2.2", "offender": 1, "correction": "none"}}, "violation.move"),
    ({"history": EXAMPLE["history"][:12], "result": None, "violation": {"rule": "99.9"}}, "violation.rule"),
    ({"contract": "7x"}, "contract"),
    ({"history": EXAMPLE["history"][:3] + ["As"], "result": None,
      "violation": {"rule": "7.1", "offender": 1, "move": 1}}, "history[3]"),
    ({"open": "yes"}, "open"),
])
def test_rule_bad_incident_names_the_field(client, change, field):
    e = err(client.post("/api/rule", json={"incident": dict(EXAMPLE, **change)}))
    assert e["field"] == field


def test_rule_wrong_body(client):
    assert err(client.post("/api/rule", json={}))["field"] == "incident"
    assert err(client.post("/api/rule", json={"incident": EXAMPLE, "settings": 3}))["field"] == "settings"
    assert err(client.post("/api/rule", json={"incident": EXAMPLE, "x": 1}))["field"] == "x"
    assert err(client.post("/api/rule", json={"incident": [1]}))["field"] == "incident"


def test_rule_under_the_node_budget(client):
    e = err(client.post("/api/rule", json={"incident": EXAMPLE, "node_budget": 20}), 422)
    assert e["field"] == "node_budget"


# ---------------------------------------------------------------- replaying a ruling's line
def test_line_start_is_found_for_each_figure(client):
    figures = client.post("/api/rule", json={"incident": EXAMPLE}).json()["ruling"]["figures"]
    rec = dict(TABLE, history=EXAMPLE["history"], out_of_turn={"12": 1})
    correct, after = (client.post("/api/line", json={"table": rec, "line": f["line"], "start": 12}).json()
                      for f in figures)
    assert correct["start"] == 12 and correct["out_of_turn"] == {}  # seat 0 leads, as he should
    assert after["start"] == 12 and after["out_of_turn"] == {"12": 1}  # the wrong lead stands
    assert after["history"] == EXAMPLE["history"]


def test_line_bad_input(client):
    rec = dict(TABLE, history=EXAMPLE["history"][:12])
    assert err(client.post("/api/line", json={"table": rec, "line": ["As", "As"]}))["field"] == "line"
    assert err(client.post("/api/line", json={"table": rec, "line": "As"}))["field"] == "line"
    assert err(client.post("/api/line", json={"table": rec, "line": [], "start": 99}))["field"] == "start"
    assert err(client.post("/api/line", json={"table": 1, "line": []}))["field"] == "table"


# ---------------------------------------------------------------- the server stays up
def test_an_unexpected_failure_is_one_line_and_the_server_stays_up(monkeypatch):
    import prefdd.web.jobs as web_jobs

    def boom(rec, engine):
        raise RuntimeError("a bug")

    monkeypatch.setattr(web_jobs, "table_state", boom)
    c = TestClient(create_app(workers=0), raise_server_exceptions=False, base_url=BASE)  # in-process: patched
    e = err(c.post("/api/table", json=TABLE), 500)
    assert e["message"] == "internal error (RuntimeError); the server is still running"
    assert c.get("/api/rules").status_code == 200


# ---------------------------------------------------------------- the command
def test_serve_is_a_prefdd_command():
    from prefdd.cli import build_parser

    args = build_parser().parse_args(["serve", "--port", "8123", "--node-budget", "1000"])
    assert (args.host, args.port, args.node_budget) == ("127.0.0.1", 8123, 1000)


def test_readme_start_line_is_the_serve_command():
    """The README's one-line start (a console block: tests/test_readme.py would run it forever)."""
    from prefdd.cli import build_parser

    readme = (ROOT / "README.md").read_text()
    line = next(ln for ln in readme.splitlines() if "prefdd serve" in ln and ln.startswith("$ "))
    words = line.removeprefix("$ ").split("&&")[-1].split("#")[0].split()
    assert words[0] == "prefdd" and build_parser().parse_args(words[1:]).command == "serve"
    # no install on the line (the test install brings the web); the web-only install is named after it
    assert "pip" not in line and "pip install -e '.[web]'" in readme.split(line)[1].split("```\n", 2)[1]
    assert (ROOT / "docs/img/desk.png").stat().st_size < 300_000


@pytest.mark.parametrize("doc, prefix", [("README.md", "docs/img/"), ("docs/web.md", "img/")])
def test_the_docs_show_the_table_the_ruling_and_the_printed_sheet(doc, prefix):
    text = (ROOT / doc).read_text()
    for name in ("desk.png", "desk_ruling.png", "desk_print.png"):
        assert re.search(r"!\[[^\]]+\]\(" + re.escape(prefix + name) + r"\)", text), (doc, name)
        assert (ROOT / "docs/img" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name


def test_serve_without_the_web_extra_says_how_to_install(monkeypatch, capsys):
    from prefdd.cli import main
    from prefdd.cli import serve as serve_command

    monkeypatch.setitem(sys.modules, "fastapi", None)  # import fastapi -> ImportError
    assert main(["serve"]) == 2
    err_text = capsys.readouterr().err
    assert err_text == serve_command.INSTALL_HINT + "\n" and "pip install" in err_text


# ---------------------------------------------------------------- the play analysis
def test_analyse_gives_each_cards_cost_as_the_library_does(client):
    from solver import Deal, analyse, analyse_play

    deal = Deal(TABLE["deal"]["hands"], "7s", 0, discard=TABLE["deal"]["discard"])
    bad: list = []  # six cards, each the worst for the side that plays it
    for _ in range(6):
        pos = deal.after(bad)
        vals = analyse(pos, all_cards=True).card_values
        pick = min if pos.to_move == 0 else max
        bad.append(str(pick(vals, key=lambda c: vals[c])))
    st = client.post("/api/analyse", json=dict(TABLE, history=bad)).json()
    a = analyse_play(deal, bad)
    assert sum(s.cost for s in a.steps) > 0
    assert [(m["card"], m["cost"], m["before"], m["after"]) for m in st["moves"]] == \
        [(str(s.card), s.cost, s.before, s.after) for s in a.steps]
    # a lead out of turn that stood: its card valued against its seat's best lead, the rightful total beside
    h = EXAMPLE["history"]
    st = client.post("/api/analyse", json=dict(TABLE, history=h, out_of_turn={"12": 1})).json()
    m = st["moves"][12]
    assert m["out_of_turn"] and m["seat"] == 1 and m["rightful"] == 7 and m["after"] == 6
    e = err(client.post("/api/analyse", json=dict(TABLE, history=h)))
    assert e["field"] == "history[12]"
    rasp = json.loads((ROOT / "examples/incidents/raspasovka_lead_out_of_turn.json").read_text())
    st = client.post("/api/analyse", json={"deal": rasp["deal"], "contract": "raspasovka"}).json()
    assert st["moves"] == [] and st["note"]["ru"].startswith("распасовка")


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "examples/incidents").glob("*.json")
                                        if p.name != "rule_001_declarer_violation.json"))
def test_the_rulings_russian_lines_hold_no_latin(name):
    """What the page shows of a ruling (writes, options, figures, notes, settings) in Russian:
    seats by role, cards as «9♦» or «9б», fields in words — no identifier."""
    import re

    from prefdd.web.jobs import texts

    ru = texts(rule_incident(json.loads((ROOT / "examples/incidents" / name).read_text())))["ru"]
    lines = ru["writes"] + [o["text"] for o in ru["options"]] + ru["figures"] + ru["notes"] + [ru["summary"] or "",
                                                                                              ru["settings"]]
    assert [x for x in lines if re.search("[A-Za-z]", x)] == []
    # one numbering: hands by their names, plans from 1 — never «место 0», «план 0»
    assert [x for x in lines if re.search(r"\bмест[оаеу]? \d|\bплан 0\b", x)] == []
    if name.startswith("rule_3"):
        assert any(x.startswith("план 1 (") for x in lines) and any(x.startswith("план 2 (") for x in lines)


def test_each_rules_form_asks_each_question_once(client):
    """No two fields of one form read as one question: the labels differ, and the declarer's
    choice is asked once (a lead out of turn's correction, or a remedy chosen, never both)."""
    rules = client.get("/api/rules").json()["rules"]
    for r in rules:
        names = [f["name"] for f in r["fields"]]
        for lang in ("ru", "en"):
            labels = [f["label"][lang] for f in r["fields"]]
            assert len(set(labels)) == len(labels), (r["number"], labels)
        assert not {"correction", "chosen"} <= set(names), (r["number"], names)
    r1321 = next(r for r in rules if r["number"] == "1.3.2.1")
    assert [(f["name"], f["label"]["ru"]) for f in r1321["fields"]] == [
        ("offender", "Нарушитель"), ("move", "Когда пошли вне очереди (карта розыгрыша)"),
        ("correction", "Что сделал играющий с ходом вне очереди"), ("card", "Карта, которой пошли вне очереди")]
