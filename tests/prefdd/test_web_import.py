"""The desk's upload of other programs' deal files: ``POST /api/import`` (FastAPI's TestClient).

Bridge studio ``.bts`` (UTF-8 and cp1251), the online room's protocol, PPN with its Serbian
constructs refused in words, a malformed file whose good deals are still read; every refused
line named by file, line and token, in English and in Russian."""
from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from prefdd.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests/data/formats"
BASE = "http://127.0.0.1"
LATIN = re.compile(r"[A-Za-z]")


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(workers=1), base_url=BASE)


def upload(client, name: str, data: bytes | None = None, status: int = 200):
    data = (DATA / name).read_bytes() if data is None else data
    r = client.post("/api/import", json={"name": name, "base64": base64.b64encode(data).decode()})
    assert r.status_code == status, r.text
    return r.json()


def russian_has_no_identifiers(text: str) -> bool:
    """The Russian sentence with the user's own text («file», «token») set aside has no Latin."""
    return not LATIN.search(re.sub(r"«[^»]*»", "", text))


def test_a_bts_file_becomes_incidents_the_page_loads(client):
    out = upload(client, "desk.bts")
    assert out["format"] == "bts" and out["encoding"] == "utf-8" and out["errors"] == []
    first, second = out["deals"]
    assert first["contract"] == "6s" and first["declarer"] == 0 and first["first_leader"] == 0
    assert first["history"] == []
    hands = first["deal"]["hands"]
    assert [len(h) for h in hands] == [10, 10, 10]
    # Bridge studio keeps no talon: the two cards no hand holds are out of play, the discard
    assert sorted(first["deal"]["discard"]) == ["9c", "Tc"]
    assert len({c for h in hands for c in h} | set(first["deal"]["discard"])) == 32
    assert second["contract"] == "7h" and second["history"] == ["As", "Ts", "Ad"]  # turns 3 of 4
    assert "violation" not in first  # the arbiter names the rule
    # the page can show the deal: the table endpoint takes it as it is
    r = client.post("/api/table", json={k: second[k] for k in ("deal", "contract", "declarer", "first_leader", "history")})
    assert r.status_code == 200, r.text


def test_the_text_may_come_decoded(client):
    text = (DATA / "problems.bts").read_text()
    r = client.post("/api/import", json={"name": "problems.bts", "text": text})
    assert r.status_code == 200, r.text
    assert [d["contract"] for d in r.json()["deals"]] == ["7h", "nt", "misere"]


def test_a_cp1251_file_is_decoded_as_the_cli_does(client):
    raw = (DATA / "russian.bts").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    out = upload(client, "russian.bts")
    assert out["encoding"] == "cp1251" and out["errors"] == []
    (deal,) = out["deals"]
    assert deal["contract"] == "misere" and deal["note"].startswith("Мизер: поймайте играющего.")


def test_a_room_protocol_is_told_by_its_first_line(client):
    out = upload(client, "protocol.txt")
    assert out["format"] == "room" and out["errors"] == []
    game, rasp = out["deals"]
    assert game["contract"] == "7h" and game["declarer"] == 1 and len(game["history"]) == 30
    assert game["deal"]["talon"] == ["Tc", "8c"] and game["deal"]["discard"] == ["7c", "8c"]
    assert rasp["contract"] == "raspasovka" and "declarer" not in rasp and rasp["deal"]["talon"] == ["Tc", "Kc"]
    r = client.post("/api/table", json={k: game[k] for k in ("deal", "contract", "declarer", "first_leader", "history")})
    assert r.status_code == 200 and r.json()["over"], r.text


def test_ppn_reads_the_game_and_refuses_serbian_constructs_in_words(client):
    good = upload(client, "game.ppn")
    assert [d["contract"] for d in good["deals"]] == ["6h", "6nt"] and good["errors"] == []
    assert good["deals"][0]["players"] == ["boris", "vera", "ana"]
    assert good["deals"][0]["decisions"] == {"0": "whist", "2": "whist"}
    out = upload(client, "broken.ppn")
    assert [d["id"] for d in out["deals"]] == ["broken.ppn deal 12"]  # the rest still read
    by_line = {e["line"]: e for e in out["errors"]}
    kontra, refe, preferans, allpass = by_line[7], by_line[8], by_line[9], by_line[10]
    assert kontra["kind"] == "read_kontra" and kontra["token"] == "K3"
    assert "контра (сербское удвоение): в русских правилах такого нет" in kontra["text"]["ru"]
    assert "kontra" in kontra["text"]["en"] and kontra["text"]["en"].startswith("broken.ppn:7: 'K3': ")
    assert "рефе" in refe["text"]["ru"] and refe["kind"] == "read_refe"
    assert "«преферанс»" in preferans["text"]["ru"]
    assert "распасов нет" in allpass["text"]["ru"]
    assert "две карты" in by_line[11]["text"]["ru"]


def test_a_malformed_file_errors_by_line_and_token_and_the_rest_is_read(client):
    out = upload(client, "broken.bts")
    assert [d["id"] for d in out["deals"]] == ["broken.bts deal 4"]
    errors = out["errors"]
    assert [(e["line"], e["kind"]) for e in errors] == [
        (2, "read_deal_first"), (3, "read_unequal"), (11, "read_twice"), (20, "read_contract"),
        (33, "read_unknown_line"), (36, "read_missing")]
    twice = errors[2]
    assert twice["file"] == "broken.bts" and twice["token"] == "As"
    assert twice["text"]["ru"] == "файл «broken.bts», строка 11, «As»: карта Т♠ встречается дважды"
    assert errors[1]["text"]["ru"].endswith("в одной руке 9 карт, в других иначе: руки должны быть равны")
    assert errors[3]["text"]["en"].startswith("broken.bts:20: '6X': unknown contract")


@pytest.mark.parametrize("name", ["broken.bts", "broken.ppn", "broken_protocol.txt"])
def test_every_refused_line_has_a_russian_sentence_without_identifiers(client, name):
    out = upload(client, name)
    assert out["errors"]
    for e in out["errors"]:
        assert e["kind"] != "read_other", e  # a pattern knows every reader's message
        ru = e["text"]["ru"]
        assert ru.startswith(f"файл «{name}», строка {e['line']}, «"), ru
        assert russian_has_no_identifiers(ru), ru


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "examples").glob("*.jsonl")))
def test_every_shipped_json_lines_file_is_read_record_by_record(client, name):
    data = (ROOT / "examples" / name).read_bytes()
    records = [json.loads(x) for x in data.decode().splitlines() if x.strip()]
    out = upload(client, name, data)
    assert out["format"] == "jsonl" and out["errors"] == []
    assert len(out["deals"]) == len(records)
    for rec, inc in zip(records, out["deals"]):
        assert inc["id"] == rec["id"]
        if "hands" in rec:
            assert inc["deal"]["hands"] == rec["hands"]
        assert inc["history"] == rec.get("history", [])
        assert inc["contract"][:1].isdigit() or inc["contract"] in ("misere", "raspasovka")


def test_a_json_lines_file_of_incidents_keeps_each_violation_and_says_each_bad_line(client):
    paths = sorted((ROOT / "examples/incidents").glob("*.json"))[:4]
    lines = [json.dumps(json.loads(p.read_text())) for p in paths] + ["{\"hands\": 3", "[1]", "{\"x\": 1}"]
    out = upload(client, "incidents.json", "\n".join(lines).encode())  # a .json of one record a line: JSON lines too
    assert out["format"] == "jsonl"
    assert [d["violation"] for d in out["deals"]] == [json.loads(p.read_text())["violation"] for p in paths]
    assert [e["line"] for e in out["errors"]] == [5, 6, 7]
    for e in out["errors"]:
        ru = e["text"]["ru"]
        assert ru.startswith(f"файл «incidents.json», строка {e['line']}, «") and "JSON" not in ru
        assert russian_has_no_identifiers(re.sub(r"\([a-z]+\)", "", ru)), ru  # (hands): the record's own field names


def test_a_file_with_no_deal_read_answers_the_errors(client):
    out = upload(client, "cut.bts", b"% bts version 5.2\ndeal 1 AKQJ.AKQJ.7.7 T987.T987.8.8 ..AKQJT9.AKQJ\ncontract 6S\n")
    assert out["deals"] == [] and [e["kind"] for e in out["errors"]] == ["read_missing"]
    assert out["errors"][0]["text"]["ru"].endswith("в сдаче не хватает строк (файл оборван?)")


@pytest.mark.parametrize("body,kind", [
    ({"name": "notes.txt", "base64": base64.b64encode(b"hello\n").decode()}, "import_format"),
    ({"name": "x.bts", "base64": "%%%"}, "import_base64"),
    ({"name": "x.bts", "base64": ""}, "import_empty"),
    ({"name": "x.bts"}, "missing"),
    ({"base64": "eA=="}, "missing"),
    ({"name": "x.bts", "text": "deal", "colour": 1}, "unknown_field"),
])
def test_bad_uploads_are_400_in_both_languages(client, body, kind):
    r = client.post("/api/import", json=body)
    assert r.status_code == 400, r.text
    e = r.json()["error"]
    assert e["kind"] == kind and e["text"]["en"] and e["text"]["ru"]
    assert russian_has_no_identifiers(e["text"]["ru"]) or kind == "unknown_field", e


def test_the_servers_guards_apply(client):
    r = client.post("/api/import", content=b"name=x.bts", headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    big = base64.b64encode(b"%" * 800_000).decode()
    r = client.post("/api/import", json={"name": "big.bts", "base64": big})
    assert r.status_code == 413


# ---------------------------------------------------------------- in a real browser, at a phone's width
# ``phone``: the desk at 390 px in Debian's chromium (conftest.py)
@pytest.mark.slow
def test_a_bts_upload_puts_the_deal_on_the_table_in_russian(phone):
    from helpers.desk_browser import upload as upload_file
    from helpers.desk_browser import visible_latin

    pg = phone
    upload_file(pg, DATA / "desk.bts")
    assert pg.get_attribute("body", "data-upload") == "done"
    assert pg.inner_text("#upload-error") == ""
    # the first deal at once: 30 cards in the hands, the two out of play as the discard
    in_hands = pg.eval_on_selector_all("#table .hand [data-card]", "bs => bs.map(b => b.dataset.card)")
    pile = pg.eval_on_selector_all("#pile .pc", "ps => ps.map(p => p.textContent.trim())")
    assert len(in_hands) == 30 and len(set(in_hands)) == 30 and pile == ["10♣", "9♣"]
    owners = pg.eval_on_selector_all("#picker [data-card]", "bs => bs.map(b => b.dataset.owner)")
    assert len(owners) == 32 and "" not in owners
    assert pg.input_value("#contract") == "6s" and pg.input_value("#declarer") == "0"
    # two deals: a chooser in Russian
    assert pg.is_visible("#upload-deals")
    labels = pg.eval_on_selector_all("#upload-deals option", "os => os.map(o => o.textContent)")
    assert labels == ["Сдача 1 из 2 — 6♠, играет первая рука, без розыгрыша",
                      "Сдача 2 из 2 — 7♥, играет первая рука, сыграно карт: 3"]
    assert visible_latin(pg) == []
    pg.select_option("#upload-deals", "1")
    pg.wait_for_selector('body[data-plies="3"]:not([data-busy])', state="attached")
    assert pg.input_value("#contract") == "7h"
    assert visible_latin(pg) == []
    # a malformed file: its refused lines next to the upload, in Russian, the good deal loaded
    upload_file(pg, DATA / "broken.bts")
    msg = pg.inner_text("#upload-error")
    assert msg.startswith("Прочитано сдач: 1; не прочитано строк: 6.")
    assert "файл «broken.bts», строка 20, «6X»: неизвестный контракт" in msg
    assert not pg.is_visible("#upload-deals")
    assert russian_has_no_identifiers(msg)  # Latin only in the file's own text, quoted
    pg.evaluate("document.getElementById('upload-error').textContent = ''")
    assert visible_latin(pg) == []
