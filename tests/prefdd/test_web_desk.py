"""The arbiter's desk as an arbiter uses it, in a real browser at a phone's width (390 px)
and a desk's (1280 px): the rule-book 1.3.2.2 dispute entered without typing JSON, a Russian
page with no Latin identifiers in several states, the print view as the sheet, errors next
to their field, misère and the play's controls. The browser set-up is
``tests/helpers/desk_browser.py``'s (Debian's chromium driven by Playwright; the page served by
uvicorn in a thread), its fixtures ``conftest.py``'s.
"""
from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys

import pytest
from helpers.desk_browser import ART, EXAMPLE, EXAMPLE_PATH, HANDS, ROOT, at_both_widths, settle, upload, visible_latin

from compensation.rulings import rule_incident
from solver import Position

pytestmark = [pytest.mark.slow, at_both_widths]  # a real browser per test, at a phone's width and a desk's


def sheet_cells(pg) -> dict:
    return pg.eval_on_selector_all("#sheet td[data-key]", "ts => Object.fromEntries(ts.map(t => [t.dataset.key, t.dataset.exact]))")


def sheet_fits(pg) -> bool:
    """The whole sheet is on the screen (or paper): no column behind a sideways scroll."""
    return pg.evaluate("""(() => { const t = document.getElementById('sheet');
        return t.scrollWidth <= t.parentElement.clientWidth && t.getBoundingClientRect().right <= window.innerWidth; })()""")


def cli_cells(entries) -> dict:
    out = {f"pulya.{i}": str(v) for i, v in enumerate(entries["pulya"])}
    out.update({f"gora.{i}": str(v) for i, v in enumerate(entries["gora"])})
    out.update({f"whists.{i}.{j}": str(v) for i, r in enumerate(entries["whists"]) for j, v in enumerate(r) if i != j})
    return out


def rule_now(pg):
    pg.click("#rule-go")
    pg.wait_for_selector('body[data-ruling="done"], body[data-ruling="error"]', state="attached")


# ---------------------------------------------------------------------------------------
def test_rule_1_3_2_2_entered_by_clicking_equals_prefdd_rule(page, tmp_path):
    """The rule-book dispute from the cards to the sheet: every field a control, no JSON typed."""
    pg = page
    for target, cards in ((0, HANDS[0]), (1, HANDS[1]), (2, HANDS[2]), (3, EXAMPLE["deal"]["discard"])):
        pg.check(f'input[name="target"][value="{target}"]')
        for c in cards:
            pg.click(f'#picker [data-card="{c}"]')
    pg.select_option("#contract", "7s")
    pg.select_option("#declarer", "0")
    pg.select_option("#dec-a", "whist")
    pg.select_option("#dec-b", "whist")
    pg.select_option("#open", "true")
    pg.fill("#talon", "Тч 7ч")  # the talon as turned up, in Russian notation
    pg.press("#talon", "Tab")
    settle(pg, 0)
    for i, card in enumerate(EXAMPLE["history"]):
        if i == 12:  # trick 5: the second hand leads 9♦ out of turn and it stands
            pg.select_option("#ooo", "1")
        pg.click(f'#table [data-card="{card}"]:not([disabled])')
        settle(pg, i + 1)
    # the out-of-turn lead is marked in the play
    assert "вне очереди" in pg.inner_text('#history .hcard[data-index="12"]')
    # find the rule by what happened, not by its number
    pg.fill("#rule-search", "ход вне очереди")
    labels = pg.eval_on_selector_all("#rule-list option", "os => os.map(o => o.textContent)")
    assert any(x.startswith("1.3.2.2 ") for x in labels) and all("1.1.1 " not in x for x in labels)
    pg.select_option("#rule-list", label=next(x for x in labels if x.startswith("1.3.2.2 ")))
    assert "Играющий может потребовать ход в эту же масть" in pg.inner_text("#rule-text")
    pg.select_option("#f-offender", "1")
    assert pg.eval_on_selector("#f-offender", "s => s.selectedOptions[0].textContent") == "вторая рука, вистующий"
    # the moment chosen on the table: click the card in the play
    pg.click("#rule-fields button.pick")
    pg.click('#history .hcard[data-index="12"]')
    assert pg.input_value("#f-move") == "12"
    assert pg.eval_on_selector("#f-move", "s => s.selectedOptions[0].textContent") == "взятка 5, 1-я карта: 9♦, вторая рука"
    pg.select_option("#f-correction", "none")
    assert [pg.input_value(f"#res-{s}") for s in range(3)] == ["6", "1", "3"]
    rule_now(pg)
    assert pg.get_attribute("body", "data-ruling") == "done", pg.inner_text("#incident-section")
    with pg.expect_download() as dl:
        pg.click("#download")
    path = tmp_path / "incident.json"
    dl.value.save_as(path)
    out = subprocess.run([sys.executable, "-m", "prefdd", "rule", str(path), "--json"], check=False, capture_output=True,
                         text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    entries = json.loads(out.stdout)["entries"]
    assert sheet_cells(pg) == cli_cells(entries)
    assert entries == rule_incident(EXAMPLE).to_json()["entries"]
    text = subprocess.run([sys.executable, "-m", "prefdd", "rule", str(path)], check=False, capture_output=True,
                          text=True, timeout=300, cwd=ROOT).stdout
    # the page writes the entries as the CLI does, every fraction of whists as the sheet writes it
    # (rounded, the exact figure beside: «65 вистов (точно 196/3 ≈ 65,33)», the CLI «196/3 (≈65,33) виста»)
    from compensation.rulings.conclusion import as_sheet

    sheet_text = as_sheet(text, "ru", "nearest")
    for line in pg.inner_text("#writes").splitlines():
        assert f"  - {line}" in sheet_text, line
    pg.screenshot(path=str(ART / f"desk_1_3_2_2_{pg.width}.png"), full_page=True)


def test_no_latin_identifiers_on_the_russian_page(page, tmp_path):
    pg = page
    assert visible_latin(pg) == []  # the empty desk
    pg.click("#random")
    settle(pg, 0)
    assert visible_latin(pg) == []
    for name in ("rule_1_3_2_2_lead_out_of_turn_open.json", "claim_holds.json", "rule_10_misere_escape_lead.json",
                 "raspasovka_lead_out_of_turn.json"):
        upload(pg, ROOT / "examples/incidents" / name)
        assert visible_latin(pg) == [], name
        rule_now(pg)
        assert pg.get_attribute("body", "data-ruling") == "done", name
        assert visible_latin(pg) == [], name
    # errors are Russian too
    pg.click("#paste-box summary")
    pg.fill("#paste-text", "As Kd\nQh Xz\n7s 8s")
    pg.click("#paste-go")
    pg.wait_for_selector("#paste-error:not(:empty)")
    bad = [w for w in visible_latin(pg) if w not in ("«Xz»",)]  # the user's own text, quoted
    assert bad == []
    pg.fill("#paste-text", "")
    pg.click("#paste-go")
    pg.wait_for_selector("#paste-error:not(:empty)")
    assert visible_latin(pg) == [] and pg.inner_text("#paste-error").startswith("читать нечего")


def test_print_is_the_sheet_with_all_32_cards(page):
    pg = page
    upload(pg, EXAMPLE_PATH)
    rule_now(pg)
    pg.click("#share")  # a link on the screen: not on the sheet
    assert sheet_fits(pg)  # at 390 px too: the figure on the second hand is not scrolled out of sight
    pg.emulate_media(media="print")
    assert sheet_fits(pg)
    cards = pg.eval_on_selector_all("#print-deal [data-card]", "es => es.filter(e => e.offsetParent !== null).map(e => e.dataset.card)")
    assert len(cards) == 32 and len(set(cards)) == 32
    assert pg.is_visible("#sheet") and pg.is_visible("#writes") and pg.is_visible("#history")
    assert "Контракт: 7♠, играет первая рука" in pg.inner_text("#print-deal")
    assert "Прикуп: Т♥ 7♥" in pg.inner_text("#print-deal")  # the incident's "Ah 7h", in the page's notation
    for sel in ("#picker", "#rule-go", "#download", "#share-link", "#contract", "#rule-search", "#undo"):
        assert not pg.is_visible(sel), sel
    visible_buttons = pg.eval_on_selector_all("button", "bs => bs.filter(b => b.offsetParent !== null && !b.closest('#history')).length")
    assert visible_buttons == 0
    if pg.width == 1280:
        pdf = pg.pdf(format="A4")
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert pages == 1, f"the sheet takes {pages} A4 pages"
        (ART / "print.pdf").write_bytes(pdf)
        pg.screenshot(path=str(ART / "print_1280.png"), full_page=True)


def test_an_upload_error_stands_next_to_the_upload_and_clears_the_ruling(page, tmp_path):
    pg = page
    upload(pg, EXAMPLE_PATH)
    rule_now(pg)
    assert pg.is_visible("#sheet")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    upload(pg, deep)
    msg = pg.inner_text("#upload-error")
    assert msg == "запись вложена глубже 32 уровней"
    assert pg.inner_text("#paste-error") == "" and not pg.is_visible("#paste-error")
    assert not pg.is_visible("#sheet")  # the old ruling is gone
    # next to the control: right below the upload button, and on the screen
    up, err_box = pg.locator('label[for="upload"]').bounding_box(), pg.locator("#upload-error").bounding_box()
    assert 0 <= err_box["y"] - (up["y"] + up["height"]) < 10 and abs(err_box["x"] - up["x"]) < 5
    assert pg.evaluate("(() => { const r = document.getElementById('upload-error').getBoundingClientRect();"
                       " return r.top >= 0 && r.bottom <= window.innerHeight; })()")
    bad = json.loads(EXAMPLE_PATH.read_text())
    bad["deal"]["hands"][0] = bad["deal"]["hands"][0] + ["Ac", "Kc", "Qc", "Jc", "Tc"]  # 15 cards
    f = tmp_path / "fifteen.json"
    f.write_text(json.dumps(bad))
    upload(pg, f)
    assert pg.inner_text("#upload-error") == "Первая рука: 15 карт: на руке бывает не больше 10 (прикуп и снос — отдельные поля)"
    pg.screenshot(path=str(ART / f"upload_error_{pg.width}.png"))
    # a file the page reads but the server refuses: the message by its field, in Russian words
    f.write_text(json.dumps(dict(EXAMPLE, contract="11s")))
    upload(pg, f)
    # the server checks a file when it is loaded: refused at once, by the upload, the field in words
    assert pg.inner_text("#upload-error") == "Контракт: уровень контракта — от 6 до 10, а не 11"
    # the next incident: no message about the last one is left anywhere
    upload(pg, EXAMPLE_PATH)
    assert pg.eval_on_selector_all(".err", "es => es.filter(e => e.textContent).map(e => e.textContent)") == []


def test_a_change_after_the_ruling_takes_the_stale_ruling_off(page):
    """The sheet on the page (and on paper) answers the question on the page: a card taken back,
    another correction, a defender's decision, the rounding — each takes the old ruling off."""
    pg = page
    upload(pg, EXAMPLE_PATH)
    rule_now(pg)
    pg.click("#figures button.replay >> nth=0")  # replaying the ruling's own line changes nothing
    settle(pg)
    assert pg.is_visible("#sheet")
    for change in (lambda: pg.click("#undo"), lambda: pg.select_option("#f-correction", "demand"),
                   lambda: pg.select_option("#dec-a", "pass"), lambda: pg.select_option("#rounding", "exact")):
        upload(pg, EXAMPLE_PATH)
        rule_now(pg)
        assert pg.is_visible("#sheet")
        change()
        settle(pg)
        assert not pg.is_visible("#sheet")
        assert pg.inner_text("#ruling-stale") == "Данные изменились — решение снято; вынесите его заново."
    pg.emulate_media(media="print")
    assert not pg.is_visible("#sheet") and not pg.is_visible("#ruling-stale")


def test_a_fifteen_card_hand_is_refused_by_clicks_and_by_paste(page):
    pg = page
    pg.check('input[name="target"][value="0"]')
    clubs_and_spades = [r + s for s in "sc" for r in "AKQJT987"]
    for c in clubs_and_spades[:11]:
        pg.click(f'#picker [data-card="{c}"]')
    owners = [pg.get_attribute(f'#picker [data-card="{c}"]', "data-owner") for c in clubs_and_spades[:11]]
    assert owners == ["0"] * 10 + [""]  # the 11th card stays undealt
    assert pg.inner_text('[data-err-for="deal"]') == "первая рука: 11 — на руке бывает не больше 10 карт"
    pg.click("#paste-box summary")
    pg.fill("#paste-text", " ".join(clubs_and_spades[:15]) + "\nAh Kh\nQh Jh")
    pg.click("#paste-go")
    pg.wait_for_selector("#paste-error:not(:empty)")
    assert pg.inner_text("#paste-error") == "строка 1: 15 карт, а на руке бывает от 1 до 10"


def _misere_trick_for_declarer():
    """A first trick of the misère example that the declarer (first hand, on lead) wins."""
    inc = json.loads((ROOT / "examples/incidents/rule_10_misere_escape_lead.json").read_text())
    hands, out = inc["deal"]["hands"], inc["deal"].get("discard") or []
    pos = Position(hands, "misere", declarer=0, leader=inc["first_leader"], out=out)
    for a in pos.legal_moves():
        pos.play(a)
        for b in pos.legal_moves():
            pos.play(b)
            for c in pos.legal_moves():
                if pos.play(c) == 0:
                    return inc, [str(a), str(b), str(c)]
                pos.undo()
            pos.undo()
        pos.undo()
    raise AssertionError("no trick for the declarer")


def test_misere_hides_the_whist_choices_and_says_whether_it_stands(page):
    pg = page
    inc, trick = _misere_trick_for_declarer()
    upload(pg, ROOT / "examples/incidents/rule_10_misere_escape_lead.json")
    for sel in ("#dec-a-l", "#dec-b-l", "#dec-a", "#dec-b"):
        assert not pg.is_visible(sel), sel
    assert pg.eval_on_selector("#dec-a-l", "e => getComputedStyle(e).display") == "none"
    assert "ловящим" in pg.inner_text("#legend")  # what the number means on misère
    assert pg.inner_text("#misere-status") == "Мизер сыгран: играющий не взял ни одной взятки."  # all 30 cards
    pg.click('#history .hcard[data-index="0"]')  # back to the first lead
    settle(pg, 0)
    assert pg.inner_text("#misere-status") == "Мизер пока стоит: играющий не взял ни одной взятки."
    for i, c in enumerate(trick):
        pg.click(f'#table [data-card="{c}"]:not([disabled])')
        settle(pg, i + 1)
    assert pg.inner_text("#misere-status") == "Мизер не сыгран: играющий взял 1."
    # a game: the choices come back
    pg.select_option("#contract", "6s")
    settle(pg, 0)
    assert pg.is_visible("#dec-a") and pg.is_visible("#dec-b")
    # labelled as every other field («Контракт», «Играющий»): the hand, capitalised
    assert [pg.inner_text(f"#dec-{x}-name") for x in "ab"] == ["Вторая рука", "Третья рука"]


def test_changing_the_contract_clears_the_play_and_history_cards_go_back(page):
    pg = page
    upload(pg, EXAMPLE_PATH)
    settle(pg, 30)
    pg.click('#history .hcard[data-index="4"]')  # back to trick 2, its second card
    settle(pg, 4)
    assert pg.eval_on_selector_all("#history .hcard", "bs => bs.length") == 4
    pg.click("#undo")
    settle(pg, 3)
    upload(pg, EXAMPLE_PATH)  # the whole play again, ruled
    settle(pg, 30)
    rule_now(pg)
    assert pg.is_visible("#sheet")
    pg.select_option("#contract", "8s")
    settle(pg, 0)
    assert pg.inner_text("#play-note") == "Контракт изменён — розыгрыш очищен."
    assert not pg.is_visible("#sheet")  # the ruling was on the other contract
    assert pg.eval_on_selector_all("#history .hcard", "bs => bs.length") == 0


def test_the_table_names_roles_players_and_shows_the_legend(page, tmp_path):
    pg = page
    inc = dict(EXAMPLE, players=["Иван", "Пётр", "Сергей"], history=EXAMPLE["history"][:13], result=None)
    inc["violation"] = {"rule": "1.3.2.2", "offender": 1, "move": 12, "correction": "none"}
    f = tmp_path / "named.json"
    f.write_text(json.dumps({k: v for k, v in inc.items() if v is not None}, ensure_ascii=False))
    upload(pg, f)
    settle(pg, 13)
    heads = pg.eval_on_selector_all("#table .seat h4", "hs => hs.map(h => h.textContent)")
    assert heads[0].startswith("Первая рука · играющий ★ · Иван")
    assert heads[1].startswith("Вторая рука · вистующий · Пётр")
    trick = pg.inner_text("#table .trick")
    assert trick.strip() == "Вторая рука: 9♦ (вне очереди)"
    assert pg.eval_on_selector("#table .trick .tcard", "e => e.classList.contains('ooo')")
    values = pg.eval_on_selector_all("#table .card .val", "vs => vs.length")
    assert values > 0 and "Число на карте" in pg.inner_text("#legend")
    assert "★" in pg.inner_text("#legend")
    rule_now(pg)
    assert pg.inner_text('#sheet tbody tr[data-seat="0"] th') == "Первая рука, играющий (Иван)"
    assert pg.inner_text("#writes").startswith("Иван пишет")
    pg.screenshot(path=str(ART / f"table_{pg.width}.png"), full_page=False)


def test_the_rule_catalogue_finds_rules_by_what_happened(page):
    pg = page
    for words, number in (("посмотрел снос", "5.1"), ("заявка", None), ("открытая карта", "2.2"), ("прорезка", "8.1"),
                          ("exposed card", "2.2")):
        pg.fill("#rule-search", words)
        labels = pg.eval_on_selector_all("#rule-list option", "os => os.map(o => o.textContent)")
        assert labels, words
        if number:
            assert any(x.startswith(number + " ") for x in labels), (words, labels)
        else:
            assert any(x.startswith("Заявка") for x in labels), labels


def test_every_combination_of_contract_and_defence_keeps_the_page_russian(page):
    """Contracts and decisions change the words (roles, legend): none brings Latin in."""
    pg = page
    pg.click("#random")
    settle(pg, 0)
    for contract, (a, b) in itertools.product(("7h", "misere", "raspasovka"), (("whist", "pass"), ("pass", "whist"))):
        pg.select_option("#contract", contract)
        if contract == "7h":
            pg.select_option("#dec-a", a)
            pg.select_option("#dec-b", b)
        settle(pg, 0)
        assert visible_latin(pg) == [], contract


def test_the_conventions_options_are_controls(page, tmp_path):
    pg = page
    upload(pg, EXAMPLE_PATH)
    pg.click("#conv-box summary")
    assert pg.input_value("#c-prices") == "2, 4, 6, 8, 10" and pg.input_value("#c-whisting") == "greedy"
    assert pg.eval_on_selector("#c-whisting", "s => s.selectedOptions[0].textContent") == "все себе (жлобский вист)"
    pg.select_option("#c-players", "4")
    pg.select_option("#c-whisting", "gentleman")
    assert pg.inner_text("#conv-changed") == "(изменено: 2)"
    rule_now(pg)
    assert pg.get_attribute("body", "data-ruling") == "done", pg.inner_text("#incident-section")
    assert len(pg.query_selector_all("#sheet tbody tr")) == 4
    settings = pg.inner_text("#settings")
    assert "изменено: игроков за столом (4 — сдающий не играет): 4, висты одиночного вистующего при ремизе: " \
           "пополам с пасующим (джентльменский)" in settings
    assert visible_latin(pg) == []
    with pg.expect_download() as dl:
        pg.click("#download")
    path = tmp_path / "incident.json"
    dl.value.save_as(path)
    inc = json.loads(path.read_text())
    assert inc["scoring"] == {"convention": "sochi", "set": {"players": 4, "whisting": "gentleman"}}
    want = rule_incident(dict(EXAMPLE, scoring=inc["scoring"])).to_json()["entries"]
    assert sheet_cells(pg) == cli_cells(want)
    # the convention changed: its own values, the changes gone
    pg.select_option("#convention", "leningrad")
    assert pg.input_value("#c-pulya_worth") == "20" and pg.inner_text("#conv-changed") == ""
    # an uploaded incident's changes come back into the controls
    upload(pg, path)
    assert pg.input_value("#c-players") == "4" and pg.input_value("#c-whisting") == "gentleman"
    assert pg.input_value("#scoring-set") == ""


def test_where_the_play_went_wrong(page):
    """Each card's double-dummy cost, as `prefdd solve --analyse-play` gives it, on the page."""
    from solver import Deal, analyse_play

    pg = page
    upload(pg, EXAMPLE_PATH)
    settle(pg, 30)
    pg.click("#analyse")
    pg.wait_for_selector('body[data-analysis="done"], body[data-analysis="error"]', state="attached")
    assert pg.get_attribute("body", "data-analysis") == "done", pg.inner_text("#play-section")
    shown = pg.eval_on_selector_all("ol.analysis li", "ls => ls.map(l => [+l.dataset.index, +l.dataset.cost])")
    assert [i for i, _ in shown] == list(range(30))
    # the cards before the lead out of turn, as the library's analysis values them
    a = analyse_play(Deal(HANDS, "7s", 0, discard=EXAMPLE["deal"]["discard"]), EXAMPLE["history"][:12])
    assert shown[:12] == [[s.index, s.cost] for s in a.steps]
    li = pg.inner_text('ol.analysis li[data-index="12"]')
    assert "вне очереди" in li and "при правильном ходе было бы 7, стало 6" in li
    assert visible_latin(pg) == []
    pg.click('#history .hcard[data-index="0"]')  # another play: the analysis goes
    settle(pg, 0)
    assert pg.eval_on_selector_all("ol.analysis li", "ls => ls.length") == 0
    # the declarer leads his worst card: it is marked with what it cost
    vals = pg.eval_on_selector_all('#table .seat[data-seat="0"] .card .val', "vs => vs.map(v => [v.closest('button').dataset.card, +v.dataset.value])")
    worst, low = min(vals, key=lambda x: x[1])
    high = max(v for _, v in vals)
    assert high > low
    pg.click(f'#table [data-card="{worst}"]')
    settle(pg, 1)
    pg.click("#analyse")
    pg.wait_for_selector('ol.analysis li[data-index="0"]')
    assert pg.get_attribute('ol.analysis li[data-index="0"]', "data-cost") == str(high - low)
    assert pg.inner_text('#history .hcard[data-index="0"] .cost') == f"−{high - low}"


def test_rule_3s_plans_are_entered_with_controls(page):
    """Rule 3 without JSON: each plan's hands ticked and its cards typed in Russian notation."""
    pg = page
    inc = json.loads((ROOT / "examples/incidents/rule_3_plans.json").read_text())
    upload(pg, ROOT / "examples/incidents/rule_3_plans.json")
    # what the upload put in: the example's two plans, shown as controls
    assert pg.eval_on_selector_all("#f-plans .plan", "ps => ps.length") == 2
    assert pg.eval_on_selector_all("#f-plans .plan .tn", "ts => ts.map(x => x.textContent)") == ["план 1: ", "план 2: "]
    assert pg.eval_on_selector_all("#f-played option", "os => os.map(o => o.textContent.split(':')[0])") == ["—", "план 1", "план 2"]
    while pg.eval_on_selector_all("#f-plans .plan", "ps => ps.length"):
        pg.click("#f-plans .plan >> nth=0 >> button")
    russian = {"T": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
    suits = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}
    for i, plan in enumerate(inc["violation"]["plans"]):
        pg.click("#f-plans button.plan-add")
        row = f'#f-plans .plan[data-plan="{i}"]'
        for s in plan["seats"]:
            pg.check(f"{row} label:nth-of-type({s + 1}) input")
        pg.fill(f"{row} .plan-cards", " ".join(russian.get(c[0], c[0]) + suits[c[1]] for c in plan["cards"]))
    pg.select_option("#f-played", str(inc["violation"]["played"]))
    assert visible_latin(pg) == []
    rule_now(pg)
    assert pg.get_attribute("body", "data-ruling") == "done", pg.inner_text("#incident-section")
    assert sheet_cells(pg) == cli_cells(rule_incident(inc).to_json()["entries"])


def test_raspasovka_cards_carry_the_movers_own_tricks(page):
    from prefdd.web.table import position_of
    from solver.raspasovka.api import card_values

    pg = page
    inc = json.loads((ROOT / "examples/incidents/raspasovka_lead_out_of_turn.json").read_text())
    upload(pg, ROOT / "examples/incidents/raspasovka_lead_out_of_turn.json")
    pg.click('#history .hcard[data-index="3"]')  # trick 2, its first card: back there
    settle(pg, 3)
    pos, _ = position_of({"deal": inc["deal"], "contract": "raspasovka", "history": inc["history"][:3]})
    mover = pos.to_move
    shown = pg.eval_on_selector_all(f'#table .seat[data-seat="{mover}"] .card .val',
                                    "vs => Object.fromEntries(vs.map(v => [v.closest('button').dataset.card, +v.dataset.value]))")
    assert shown == {str(c): pos.taken[mover] + v for c, v in card_values(pos, mover).items()}
    assert "меньше взяток" in pg.inner_text("#legend")


def test_the_remedy_chosen_offers_the_rules_own_options_in_words(page):
    pg = page
    name = "rule_1_2_1_passer_opened_early.json"
    inc = json.loads((ROOT / "examples/incidents" / name).read_text())
    upload(pg, ROOT / "examples/incidents" / name)
    labels = pg.eval_on_selector_all("#f-chosen option", "os => os.map(o => [o.value, o.textContent])")
    assert labels[:3] == [["", "лучшая для играющего (по умолчанию)"], ["free", "свободный ход (без требования)"],
                          ["demand s", "потребовать ♠ (пики)"]]
    assert [v for v, _ in labels] == ["", "free", "demand s", "demand c", "demand d", "demand h"]
    pg.select_option("#f-chosen", "free")
    rule_now(pg)
    assert pg.get_attribute("body", "data-ruling") == "done", pg.inner_text("#incident-section")
    want = rule_incident(dict(inc, violation=dict(inc["violation"], chosen="free"))).to_json()["entries"]
    assert sheet_cells(pg) == cli_cells(want)
