"""The book on the desk's server: who may write (the passphrase on a shared desk), bad input
answered in Russian, the season page and its CSV, and a server killed mid-write."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

fastapi = pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from prefdd.book import Book  # noqa: E402
from prefdd.book import passphrase as pw  # noqa: E402
from prefdd.web.app import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
INCIDENT = json.loads((ROOT / "examples/incidents/rule_2_3_exposed_defender_card.json").read_text())
OTHER = json.loads((ROOT / "examples/incidents/rule_10_erroneous_move.json").read_text())


@pytest.fixture
def local(tmp_path):
    with TestClient(create_app(workers=1, book=str(tmp_path / "b.sqlite3")), base_url="http://127.0.0.1") as c:
        yield c, tmp_path / "b.sqlite3"


@pytest.fixture
def shared(tmp_path):
    """The desk with --host 192.168.1.5 (a club's network): visitors read, the arbiter writes."""
    path = tmp_path / "b.sqlite3"
    with TestClient(create_app(workers=1, book=str(path), host="192.168.1.5"), base_url="http://192.168.1.5") as c:
        yield c, path


def test_on_loopback_the_desk_writes_and_anyone_reads(local):
    c, path = local
    assert c.get("/api/book").json() == {"entries": 0, "schema": 2, "shared": False, "writable": True,
                                         "passphrase": False}
    r = c.post("/api/book/record", json={"incident": INCIDENT, "note": "заметка", "players": ["Иван", "", "Анна"]})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["entry"] == 1 and body["ruling"]["rule"] == "2.3" and "sheet" in body and "text" in body
    e = Book(path).get(1)
    assert e.ruling == body["ruling"] and e.players == ["Иван", "", "Анна"] and e.note == "заметка"
    assert e.incident == INCIDENT and e.origin == "desk"
    listed = c.get("/api/book/entries", params={"name": "анна"}).json()
    assert listed["total"] == 1 and listed["entries"][0]["id"] == 1 and "incident" not in listed["entries"][0]
    assert c.get("/api/book/entries", params={"name": "борис"}).json()["total"] == 0
    assert c.get("/api/book/entries/1").json()["incident"] == INCIDENT
    assert c.get("/book").status_code == 200 and "Книга решений" in c.get("/book").text


def test_a_write_without_the_passphrase_on_a_shared_desk_is_refused(shared):
    c, path = shared
    Book(path).record(OTHER, {"rule": "10", "entries": {"pulya": [0, 0, 0], "gora": [0, 0, 0],
                                                         "whists": [[0, 0, 0]] * 3}})
    info = c.get("/api/book").json()
    assert info["shared"] and not info["writable"]  # no passphrase set yet: read-only
    r = c.post("/api/book/record", json={"incident": INCIDENT})
    assert r.status_code == 403 and r.json()["error"]["kind"] == "book_read_only"
    assert "пароль" in r.json()["error"]["text"]["ru"]
    pw.set_passphrase(Book(path), "пароль арбитра")
    assert c.get("/api/book").json()["writable"] and c.get("/api/book").json()["passphrase"]
    r = c.post("/api/book/record", json={"incident": INCIDENT})
    assert r.status_code == 403 and r.json()["error"]["kind"] == "book_passphrase"
    t = time.monotonic()
    r = c.post("/api/book/record", json={"incident": INCIDENT, "passphrase": "не тот"})
    assert r.status_code == 403 and r.json()["error"]["kind"] == "book_wrong_passphrase"
    assert time.monotonic() - t >= 1.0  # a wrong guess costs a second
    assert Book(path).count() == 1  # nothing written by the refused ones
    r = c.post("/api/book/record", json={"incident": INCIDENT, "passphrase": "пароль арбитра"})
    assert r.status_code == 200 and r.json()["entry"] == 2
    # visitors read
    assert c.get("/api/book/entries").json()["total"] == 2 and c.get("/book/season").status_code == 200


def test_bad_input_gets_a_clear_answer(local):
    c, path = local
    r = c.post("/api/book/record", json={"incident": dict(INCIDENT, contarct="7s")})
    assert r.status_code == 400 and "contarct" in r.json()["error"]["field"]
    r = c.post("/api/book/record", json={"incident": INCIDENT, "notes": "x"})
    assert r.status_code == 400 and r.json()["error"]["field"] == "notes"
    r = c.post("/api/book/record", json={"incident": INCIDENT, "players": ["a", 5]})
    assert r.status_code == 400 and r.json()["error"]["text"]["ru"].startswith("имя игрока 2")
    r = c.get("/api/book/entries", params={"from": "31.02.2026"})
    assert r.status_code == 400 and "дд.мм.гггг" in r.json()["error"]["text"]["ru"]
    r = c.get("/api/book/entries", params={"nmae": "x"})
    assert r.status_code == 400 and r.json()["error"]["field"] == "nmae"
    assert c.get("/api/book/entries/abc").status_code == 404 and c.get("/api/book/entries/7").status_code == 404
    assert c.get("/book/season", params={"from": "вчера"}).status_code == 400
    assert Book(path).count() == 0


def test_the_season_page_is_drawn_by_the_server_and_its_csv(local):
    c, path = local
    b = Book(path)
    for players in (["Иван", "Пётр", "Анна"], ["Пётр", "Иван", "Анна"]):
        c.post("/api/book/record", json={"incident": OTHER, "players": players})
    page = c.get("/book/season").text
    assert page.count('class="bar"') >= 2 + 3 + 1 and "<svg" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in page
    assert "Решений в книге: 2" in page
    csv = c.get("/book/season.csv")
    assert csv.headers["content-type"].startswith("text/csv") and csv.text.splitlines()[1].startswith("правило,10,")
    assert b.count() == 2


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_server_killed_with_sigkill_mid_write_leaves_a_readable_book(tmp_path):
    import urllib.error
    import urllib.request

    def get(u):
        with urllib.request.urlopen(u, timeout=2) as r:
            return r.read()

    def post(u, body):
        req = urllib.request.Request(u, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    path = tmp_path / "club.sqlite3"
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "prefdd", "serve", "--book", str(path), "--port", str(port),
                          "--workers", "2"], env=env, start_new_session=True, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                get(url + "/api/book")
                break
            except OSError:
                assert time.monotonic() < deadline and p.poll() is None
                time.sleep(0.2)
        done: list[int] = []
        stop = threading.Event()

        def writer():
            while not stop.is_set():
                try:
                    r = post(url + "/api/book/record", {"incident": INCIDENT, "note": "ночная запись " * 500})
                except OSError:  # the server is gone (or refused: a test failure shows below)
                    return
                done.append(r["entry"])

        threads = [threading.Thread(target=writer) for _ in range(3)]
        for t in threads:
            t.start()
        while len(done) < 6:
            assert p.poll() is None and time.monotonic() < deadline + 60
            time.sleep(0.05)
        os.killpg(p.pid, signal.SIGKILL)  # the server and its workers, in the middle of writing
        p.wait()
        stop.set()
        for t in threads:
            t.join(30)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    b = Book(path)
    assert b.check() == "ok"
    ids = [e.id for e in b.find()]
    assert set(done) <= set(ids)  # every write the server answered is in the book
    assert all(e.ruling["rule"] == "2.3" and e.note.startswith("ночная") for e in b.find())
    b.record(INCIDENT, b.get(ids[0]).ruling)  # and the book takes the next entry
