"""The book of rulings in a real browser (Debian's chromium driven by Playwright), at a
phone's width and a desk's: a ruling recorded from the desk, found by a player's name,
reopened on the table as ruled, printed again; a re-ruling's changes shown; the season page
drawn. Screenshots go to ``test-artifacts/web/``. The set-up: ``tests/helpers/desk_browser.py``;
the browser fixture: ``conftest.py``; the server here holds a book of its own."""
from __future__ import annotations

import json

import pytest
from helpers.desk_browser import ART, EXAMPLE, ROOT, create_app, no_horizontal_scroll, serving

from prefdd.book import Book
from prefdd.book.rerule import rerule, settings_of

pytestmark = pytest.mark.slow

LATIN = r"[A-Za-z]{3,}"  # a Latin word on the Russian page (an identifier leaking through)


@pytest.fixture(scope="module")
def book_path(tmp_path_factory):
    return tmp_path_factory.mktemp("book") / "club.sqlite3"


@pytest.fixture(scope="module")
def server(book_path):
    with serving(create_app(node_budget=20_000_000, time_budget=300, workers=1, book=str(book_path))) as url:
        yield url


def _page(browser, width):
    """A page of a club's browser (Russian locale), not yet anywhere; closed by the caller."""
    ctx = browser.new_context(viewport={"width": width, "height": 900}, locale="ru-RU")
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    return ctx, pg


def rule_the_example(pg, url):
    """The desk at ``url``: the 1.3.2.2 example pasted in and ruled."""
    pg.goto(url)
    pg.wait_for_selector("body[data-ready]", state="attached")
    pg.click("#paste-box summary")
    pg.fill("#paste-text", json.dumps(EXAMPLE))
    pg.click("#paste-go")
    pg.wait_for_selector("#rule-title:has-text('1.3.2.2')")
    pg.click("#rule-go")
    pg.wait_for_selector('body[data-ruling="done"]', state="attached")


def search(pg):
    """Submit the book's search and wait for its answer on the page (not the list before it)."""
    n = int(pg.get_attribute("body", "data-loaded") or 0)
    pg.click("#q-go")
    pg.wait_for_selector(f"body[data-loaded='{n + 1}']", state="attached")


@pytest.mark.parametrize("width", [390, 1280])
def test_record_find_reopen_print(browser, server, book_path, width):
    names = {390: ["Иван", "Пётр", "Анна"], 1280: ["Ольга", "Семён", "Ёлкин"]}[width]
    ctx, pg = _page(browser, width)
    before = Book(book_path).count()
    # the desk: the incident pasted in, ruled, written in the book with the players' names and a note
    rule_the_example(pg, server + "/")
    assert pg.is_visible("#book-go") and pg.inner_text("#book-go") == "Записать в книгу"
    for i, n in enumerate(names):
        pg.fill(f"#book-name-{i}", n)
    pg.fill("#book-note", "Ход вне очереди бубной, никто не поправил")
    assert no_horizontal_scroll(pg)
    assert "null" not in pg.inner_text("#book-record") and not pg.is_visible("#book-pass")  # no passphrase here
    pg.locator("#book-record").screenshot(path=str(ART / f"book_record_{width}.png"))
    pg.click("#book-go")
    pg.wait_for_selector("body[data-book^='recorded-']", state="attached")
    entry = int(pg.get_attribute("body", "data-book").split("-")[1])
    assert Book(book_path).count() == before + 1 and entry == before + 1
    stored = Book(book_path).get(entry)
    assert stored.players == names and stored.rule == "1.3.2.2" and stored.origin == "desk"
    # the book: found by a player's name (another case, ё as е), not by another's
    pg.goto(server + "/book")
    pg.wait_for_selector("body[data-ready]", state="attached")
    pg.fill("#q-name", names[2].lower().replace("ё", "е"))
    search(pg)
    shown = pg.eval_on_selector_all(".entry", "es => es.map(e => +e.dataset.entry)")
    assert shown == [e.id for e in Book(book_path).find(name=names[2])] and entry in shown
    assert names[2] in pg.inner_text(f"#entry-{entry} .players")
    pg.fill("#q-name", "никого-такого")
    search(pg)
    assert pg.inner_text("#book-count") == "Ничего не найдено."
    assert pg.query_selector_all(".entry") == []
    pg.fill("#q-name", names[0])
    search(pg)
    assert pg.query_selector(f"#entry-{entry}")
    assert no_horizontal_scroll(pg)
    pg.screenshot(path=str(ART / f"book_{width}.png"), full_page=True)
    # reopened on the table exactly as ruled: the same ruling, said so
    pg.click(f"#entry-{entry} a.open")
    pg.wait_for_selector(f"body[data-book='opened-{entry}']", state="attached")
    assert pg.is_visible("#book-same")
    assert pg.inner_text('#sheet td[data-key="whists.0.1"]').startswith("65")
    assert pg.input_value("#contract") == "7s" and len(pg.query_selector_all("#history .hcard")) == len(EXAMPLE["history"])
    assert not pg.is_visible("#book-go")  # an entry opened is not offered for writing again
    assert no_horizontal_scroll(pg)
    pg.screenshot(path=str(ART / f"book_opened_{width}.png"), full_page=True)
    # printed again: the sheet and the deal, no controls, no book panel
    pg.emulate_media(media="print")
    assert pg.is_visible("#sheet") and pg.is_visible("#print-deal")
    assert not pg.is_visible("#book-record") and not pg.is_visible("#rule-go")
    pg.pdf(path=str(ART / f"book_print_{width}.pdf")) if width == 1280 else None
    pg.emulate_media(media="screen")
    # the print link opens the entry and prints it (window.print called once the ruling is shown)
    pg.add_init_script("window.print = () => { document.body.dataset.printed = '1'; };")
    pg.goto("about:blank")
    pg.goto(server + f"/#book={entry}&print=1")
    pg.wait_for_selector("body[data-printed='1']", state="attached")
    assert pg.is_visible("#sheet")
    assert not pg.errors, pg.errors
    ctx.close()


def test_a_rerulings_changes_are_shown_and_the_season_page_drawn(browser, server, book_path):
    book = Book(book_path)
    if not book.count():
        from compensation.rulings import rule_incident

        book.record(EXAMPLE, rule_incident(EXAMPLE).to_json(), players=["Иван", "Пётр", "Анна"])
    report = rerule(book, settings_of("leningrad"), workers=0)
    new = report.changed[0].new_id
    for width in (390, 1280):
        ctx, pg = _page(browser, width)
        pg.goto(server + "/book")
        pg.wait_for_selector(f"#entry-{new} .changes")
        changes = pg.inner_text(f"#entry-{new} .changes")
        assert "первая рука: гора 4 → 8" in changes and "вторая рука: висты на первую руку 8 → 16" in changes
        old = report.changed[0].entry.id
        assert "Перерешено: запись №" in pg.inner_text(f"#entry-{old}")
        assert no_horizontal_scroll(pg)
        # the season: every chart drawn by the server, counts as the book says
        pg.goto(server + "/book/season")
        pg.wait_for_selector("#chart-rules svg")
        bars = pg.eval_on_selector_all("#chart-rules rect.bar", "rs => rs.map(r => +r.getAttribute('width'))")
        assert bars and all(b > 0 for b in bars)
        assert pg.query_selector_all("#chart-player-on rect.bar") and pg.query_selector_all("#chart-months rect.bar")
        total = len(book.find(current=True))
        assert f"Решений в книге: {total}" in pg.inner_text("#total")
        import re

        text = pg.inner_text("body")
        assert not re.findall(LATIN, text), re.findall(LATIN, text)
        assert no_horizontal_scroll(pg)
        pg.screenshot(path=str(ART / f"book_season_{width}.png"), full_page=True)
        assert not pg.errors, pg.errors
        ctx.close()


def test_a_seasons_book_for_the_docs_screenshots(browser, server, book_path):
    """A few more entries (the names and dates of a club's autumn), re-ruled under Leningrad:
    the pages as docs/book.md shows them (docs/img/book*.png are copies of these screenshots)."""
    from compensation.rulings import rule_incident

    book = Book(book_path)
    autumn = [("rule_9_mixed_discard", "2026-10-12T21:40:00+03:00", ["Анна", "Борис", "Иван"], "снос перемешан"),
              ("rule_2_3_exposed_defender_card", "2026-11-03T20:15:00+03:00", ["Ольга", "Иван", "Пётр"], ""),
              ("rule_7_2_overtake_lets_contract_through", "2026-11-21T22:05:00+03:00", ["Пётр", "Анна", "Борис"],
               "перебил даму партнёра")]
    for name, created, players, note in autumn:
        inc = json.loads((ROOT / f"examples/incidents/{name}.json").read_text())
        book.record(inc, rule_incident(inc).to_json(), created=created, players=players, note=note)
    rerule(book, settings_of("leningrad"), workers=0, rule="7.2")
    for width, url, name in ((1280, "/book", "doc_book"), (390, "/book", "doc_book_phone"),
                             (1280, "/book/season", "doc_book_season")):
        ctx, pg = _page(browser, width)
        pg.goto(server + url)
        pg.wait_for_selector("body[data-ready]" if url == "/book" else "#chart-months", state="attached")
        if url == "/book":
            pg.eval_on_selector_all(".entry details", "ds => ds.slice(0, 1).forEach(d => d.open = true)")
        assert no_horizontal_scroll(pg)
        pg.screenshot(path=str(ART / f"{name}.png"), full_page=url != "/book")
        assert not pg.errors, pg.errors
        ctx.close()


def test_a_shared_desk_asks_the_arbiters_passphrase(browser, tmp_path):
    """``--host 0.0.0.0``: the page offers the passphrase field; without it or with a wrong one
    the write is refused, said in Russian beside the button; with it, written."""
    from prefdd.book import passphrase

    path = tmp_path / "shared.sqlite3"
    passphrase.set_passphrase(Book(path), "пароль арбитра")
    with serving(create_app(workers=1, host="0.0.0.0", book=str(path))) as url:
        ctx, pg = _page(browser, 390)
        rule_the_example(pg, f"{url}/")
        assert pg.is_visible("#book-pass")
        for given, said in (("", "нужен пароль арбитра"), ("не тот", "пароль неверен")):
            pg.fill("#book-pass", given)
            pg.evaluate("delete document.body.dataset.book")
            pg.click("#book-go")
            pg.wait_for_selector("body[data-book='error']", state="attached")
            assert said in pg.inner_text("#book-error")
        assert Book(path).count() == 0
        pg.fill("#book-pass", "пароль арбитра")
        pg.click("#book-go")
        pg.wait_for_selector("body[data-book='recorded-1']", state="attached")
        assert Book(path).get(1).rule == "1.3.2.2"
        assert no_horizontal_scroll(pg) and not pg.errors, pg.errors
        ctx.close()
