"""The desk in a real browser, set up once for every browser test: Debian's chromium driven
by Playwright for Python, the page served by uvicorn in a thread of the test process.

Without chromium (or playwright, or the [web] extra) the tests skip on a developer's machine
and fail on CI (``CI`` set), where ``.ci/run`` installs chromium. The fixtures built on this
(``server``, ``browser``, ``page``, ``phone``) are in ``tests/prefdd/conftest.py``.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ART = ROOT / "test-artifacts" / "web"  # screenshots (git-ignored)
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
LATIN = re.compile(r"[A-Za-z]")
# the rule-book's 1.3.2.2 dispute, the incident most browser tests enter
EXAMPLE_PATH = ROOT / "examples/incidents/rule_1_3_2_2_lead_out_of_turn_open.json"
EXAMPLE = json.loads(EXAMPLE_PATH.read_text())
HANDS = EXAMPLE["deal"]["hands"]
WIDTHS = (390, 1280)  # a phone's width and a desk's
# a test of the ``page`` fixture at both widths
at_both_widths = pytest.mark.parametrize("page", WIDTHS, indirect=True, ids=lambda w: f"{w}px")


def missing(what: str):
    """A part of the set-up is not installed: skip here, fail on CI."""
    msg = f"{what} (.ci/run installs chromium with apt-get; playwright comes with the [test] extra)"
    if os.environ.get("CI"):
        pytest.fail(msg)
    pytest.skip(msg)


def create_app(**kw):
    """``prefdd.web.app.create_app(**kw)``, or a skip (a fail on CI) without the [web] extra."""
    try:
        from prefdd.web.app import create_app as create
    except ImportError:
        missing("the [web] extra (fastapi, uvicorn) is not installed")
    return create(**kw)


@contextlib.contextmanager
def serving(app):
    """``app`` served by uvicorn in a thread on a free port: yields the base URL (no slash)."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        if time.monotonic() > deadline or not th.is_alive():
            pytest.fail("uvicorn did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        th.join(10)


@contextlib.contextmanager
def chromium():
    """Debian's chromium, launched by Playwright."""
    if not os.path.exists(CHROMIUM):
        missing(f"Debian's chromium is not installed at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright for Python is not installed")
    ART.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@contextlib.contextmanager
def new_page(browser, url: str | None = None, width: int = 1000, height: int = 900, **context):
    """A page ``width`` px wide (``pg.width``), its script errors collected in ``pg.errors``;
    at ``url`` and ready (``body[data-ready]``) when given. No script error may be left when
    the block ends."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, **context)
    pg = ctx.new_page()
    pg.errors = []
    pg.width = width
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    if url is not None:
        pg.goto(url)
        pg.wait_for_selector("body[data-ready]")
    try:
        yield pg
    finally:
        ctx.close()
    assert not pg.errors, pg.errors  # no script error on any page


def settle(pg, plies=None):
    """Wait until the table has answered (for ``plies`` cards played, when given)."""
    pg.wait_for_selector("body:not([data-busy])", state="attached")
    if plies is not None:
        pg.wait_for_selector(f'body[data-plies="{plies}"]:not([data-busy])', state="attached")


def no_horizontal_scroll(pg) -> bool:
    return pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def upload(pg, path):
    """A file given to the desk's upload, read and on the table."""
    pg.evaluate("delete document.body.dataset.upload")
    pg.set_input_files("#upload", str(path))
    pg.wait_for_selector("body[data-upload]", state="attached")
    settle(pg)


def visible_latin(pg) -> list:
    """Every visible word with a Latin letter (the button that switches to English aside)."""
    text = pg.evaluate("""() => {
        const lang = document.getElementById('lang'); const keep = lang.textContent; lang.textContent = '';
        const t = document.body.innerText; lang.textContent = keep; return t; }""")
    return sorted({w for w in re.split(r"\s+", text) if LATIN.search(w)})
