"""The browser tests' fixtures, written once (``tests/helpers/desk_browser.py`` holds the set-up):
``server`` (the desk served, one per test module), ``browser`` (Debian's chromium), ``page``
(the desk ready, 1000 px wide, or as wide as an indirect parametrisation says) and ``phone``
(the desk at 390 px)."""
from __future__ import annotations

import pytest
from helpers.desk_browser import chromium, create_app, new_page, serving


@pytest.fixture(scope="module")
def server():
    with serving(create_app(node_budget=20_000_000, time_budget=300)) as url:
        yield url + "/"


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture
def page(request, browser, server):
    with new_page(browser, server, getattr(request, "param", 1000), accept_downloads=True) as pg:
        yield pg


@pytest.fixture
def phone(browser, server):
    with new_page(browser, server, 390) as pg:
        yield pg
