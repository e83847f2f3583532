"""The book of rulings: its schema and migration, entries written once and found again, the
season's counts against hand-counted figures, export → import, re-ruling, a writer killed
mid-write, a full disk, the passphrase."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from prefdd.book import Book, BookError
from prefdd.book import passphrase as pw
from prefdd.book.exchange import ImportProblems, export_lines, import_lines
from prefdd.book.rerule import fold, rerule, settings_of
from prefdd.book.schema import VERSION, migrate
from prefdd.book.season import season, to_csv

ROOT = Path(__file__).resolve().parents[2]
INCIDENTS = ROOT / "examples" / "incidents"
# fast rulings (under a second each): every figure below is from their entries, counted by hand
FAST = {"1.3.2.2": "rule_1_3_2_2_lead_out_of_turn_open", "2.3": "rule_2_3_exposed_defender_card",
        "9": "rule_9_mixed_discard", "2.2": "rule_2_2_exposed_declarer_card",
        "7.2": "rule_7_2_overtake_lets_contract_through"}


def incident(rule: str) -> dict:
    return json.loads((INCIDENTS / f"{FAST[rule]}.json").read_text())


@pytest.fixture(scope="module")
def rulings():
    from compensation.rulings import rule_incident

    return {r: rule_incident(incident(r)).to_json() for r in FAST}


# the fixture book: (rule, created, players, note)
FIXTURE = [
    ("1.3.2.2", "2026-10-03T21:10:00+03:00", ["Иван", "Пётр", "Анна"], "бубна вне очереди"),
    ("2.3", "2026-11-14T20:00:00+03:00", ["Ёлкин", "Иван", "Ольга"], ""),
    ("9", "2026-11-28T23:59:00+03:00", ["Анна", "Борис", "Иван"], "снос"),
    ("2.2", "2026-12-01T00:05:00+03:00", [], ""),
    ("7.2", "2026-12-05T19:30:00+03:00", ["Пётр", "Анна", "Борис"], ""),
]


@pytest.fixture
def book(tmp_path, rulings):
    b = Book(tmp_path / "club.sqlite3")
    for rule, created, players, note in FIXTURE:
        b.record(incident(rule), rulings[rule], players=players, note=note, created=created)
    return b


# ------------------------------------------------------------------------ schema
def _v1_book(path: Path, rulings) -> None:
    db = sqlite3.connect(str(path), isolation_level=None)
    assert migrate(db, target=1) == 0
    for i, (rule, created, players, note) in enumerate(FIXTURE[:3]):
        db.execute("INSERT INTO entries (uid, created, incident, ruling, settings, version, note, players) "
                   "VALUES (?, ?, ?, ?, '{}', '0.0.9', ?, ?)",
                   (f"u{i}", created, json.dumps(incident(rule)), json.dumps(rulings[rule]), note,
                    json.dumps(players, ensure_ascii=False)))
    db.close()


def test_the_schema_is_created_on_first_write_at_the_current_version(tmp_path, rulings):
    path = tmp_path / "sub" / "book.sqlite3"
    b = Book(path)
    assert not path.exists() and b.find() == [] and b.count() == 0  # reading made no file
    b.record(incident("2.3"), rulings["2.3"])
    assert path.exists() and b.schema_version() == VERSION == 2
    db = sqlite3.connect(str(path))
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"meta", "entries", "players"}


def test_a_book_of_the_older_schema_is_migrated_and_keeps_every_entry(tmp_path, rulings):
    path = tmp_path / "old.sqlite3"
    _v1_book(path, rulings)
    assert sqlite3.connect(str(path)).execute("PRAGMA user_version").fetchone()[0] == 1
    b = Book(path)
    assert b.schema_version() == 2 and b.count() == 3
    assert [e.rule for e in b.find()] == ["9", "2.3", "1.3.2.2"]  # filled from the rulings' JSON
    assert [e.contract for e in b.find()] == ["8d", "6c", "7s"]
    assert [e.id for e in b.find(name="иван")] == [3, 2, 1]  # names moved to their table, searchable
    assert b.get(2).players == ["Ёлкин", "Иван", "Ольга"] and b.get(1).version == "0.0.9"
    cols = {r[1] for r in b._db.execute("PRAGMA table_info(entries)")}
    assert "players" not in cols and {"rule", "contract", "origin", "changes"} <= cols
    with pytest.raises(sqlite3.IntegrityError, match="never overwritten"):  # the triggers came with v2
        b._db.execute("UPDATE entries SET note = 'x' WHERE id = 1")
    with pytest.raises(sqlite3.IntegrityError, match="never deleted"):
        b._db.execute("DELETE FROM entries")


def test_a_newer_schema_or_another_file_is_refused_with_a_message(tmp_path):
    newer = tmp_path / "newer.sqlite3"
    db = sqlite3.connect(str(newer))
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(BookError, match="newer prefdd"):
        Book(newer)
    junk = tmp_path / "notes.txt"
    junk.write_text("this is not a database, just some text " * 100)
    with pytest.raises(BookError, match="not a book"):
        Book(junk)
    with pytest.raises(BookError, match="directory"):
        Book(tmp_path)


# ------------------------------------------------------------------------ entries
def test_an_entry_round_trips_and_its_incident_rules_to_the_same_json(tmp_path, book):
    from compensation.rulings import rule_incident

    again = Book(book.path)  # another connection: what the file holds
    assert again.count() == len(FIXTURE)
    for e, (rule, created, players, note) in zip(reversed(again.find()), FIXTURE, strict=True):
        assert e.incident == incident(rule) and e.created == created and e.note == note
        assert e.players == players and e.version and e.origin == "desk" and e.settings == {}
        assert rule_incident(e.incident).to_json() == e.ruling  # reopened: the same ruling, to the byte of JSON


def test_bad_entries_are_refused_with_their_field(book, rulings):
    with pytest.raises(BookError, match="players"):
        book.record(incident("2.3"), rulings["2.3"], players=["a", "b", "c", "d", "e"])
    with pytest.raises(BookError, match="ruling"):
        book.record(incident("2.3"), {"rule": "2.3"})
    with pytest.raises(BookError, match="whists"):
        book.record(incident("2.3"), {"rule": "2.3", "entries": {"pulya": [0, 0, 0], "gora": [0, 0, 0],
                                                                 "whists": [[0, 0, 0], [0, "x", 0], [0, 0, 0]]}})
    with pytest.raises(BookError, match="note"):
        book.record(incident("2.3"), rulings["2.3"], note="x" * 10_001)
    with pytest.raises(BookError, match="no entry 99"):
        book.record(incident("2.3"), rulings["2.3"], supersedes=99)
    assert book.count() == len(FIXTURE)  # none of them written


def test_search_by_name_date_rule_and_contract_against_the_fixture(book):
    ids = lambda **f: [e.id for e in book.find(**f)]  # noqa: E731
    assert ids() == [5, 4, 3, 2, 1]  # newest first
    assert ids(name="иван") == [3, 2, 1] and ids(name="ИВАН") == [3, 2, 1]
    assert ids(name="елкин") == [2] and ids(name="Ёлк") == [2]  # ё as е, a part of the name
    assert ids(name="анна") == [5, 3, 1] and ids(name="Никто") == [] and ids(name="%") == []
    assert ids(date_from="2026-11-01", date_to="2026-11-30") == [3, 2]  # 23:59 local is still the 28th
    assert ids(date_from="01.12.2026") == [5, 4] and ids(date_to="2026-10-03") == [1]
    assert ids(rule="1.3") == [1] and ids(rule="1.3.2.2") == [1] and ids(rule="2") == [4, 2] and ids(rule="9") == [3]
    assert ids(contract="7s") == ids(contract="7♠") == [5, 4, 1] and ids(contract="8♦") == [3]
    assert ids(contract="6nt") == [] and ids(contract="7s", name="пётр") == [5, 1]
    assert ids(name="анна", date_from="2026-11-01") == [5, 3]
    assert book.total(name="иван") == 3 and [e.id for e in book.find(limit=2, offset=1)] == [4, 3]
    with pytest.raises(BookError, match="date"):
        book.find(date_from="31.02.2026")


# ------------------------------------------------------------------------ the season
def test_the_season_counts_match_the_hand_count(book):
    s = season(book)
    assert s["rulings"] == 5
    by_rule = {r["rule"]: (r["rulings"], r["whists"]) for r in s["by_rule"]}
    # the whists each ruling writes, from its entries: 196/3+8+16; 0; 18+30; 0; 104/3+12
    assert by_rule == {"1.3.2.2": (1, "268/3"), "2.2": (1, "0"), "2.3": (1, "0"), "7.2": (1, "140/3"), "9": (1, "48")}
    assert [r["rule"] for r in s["by_rule"]] == ["1.3.2.2", "2.2", "2.3", "7.2", "9"]
    p = {x["name"]: (x["rulings"], x["whists_on"], x["whists_by"]) for x in s["by_player"]}
    # Иван: seat 0 of 1.3.2.2 (on him 8+16, he writes 196/3), seat 1 of 2.3 (0), seat 2 of 9 (writes 30)
    assert p["Иван"] == (3, "24", str(Fraction(196, 3) + 30))
    # Пётр: seat 1 of 1.3.2.2 (196/3 on him, he writes 8), seat 0 of 7.2 (he writes 104/3)
    assert p["Пётр"] == (2, "196/3", str(8 + Fraction(104, 3)))
    # Анна: seat 2 of 1.3.2.2 (writes 16), seat 0 of 9 (writes 18), seat 1 of 7.2 (104/3 on her, writes 12)
    assert p["Анна"] == (3, "104/3", "46")
    assert p["Борис"] == (2, "60", "0")  # seat 1 of 9 (18 + 30 on him), seat 2 of 7.2 (12 on him)
    assert p["Ёлкин"] == p["Ольга"] == (1, "0", "0")  # 2.3 writes nothing
    assert set(p) == {"Иван", "Пётр", "Анна", "Ёлкин", "Ольга", "Борис"}  # 2.2 has no names
    assert [(m["month"], m["rulings"]) for m in s["by_month"]] == [("2026-10", 1), ("2026-11", 2), ("2026-12", 2)]
    assert season(book, "2026-11-01", "2026-11-30")["rulings"] == 2
    csv = to_csv(s).splitlines()
    assert csv[0] == "раздел,ключ,название,решений,вистов,вистов_прибл,вистов_на_игрока,вистов_игрока"
    assert "правило,1.3.2.2,Ход вне очереди вистующего при открытой игре,1,268/3,89.33,," in csv
    assert "месяц,2026-11,ноябрь 2026,2,,,," in csv and to_csv(s, "en").startswith("section,key,title")


def test_a_rerulings_old_entry_is_counted_once(book, rulings):
    report = rerule(book, settings_of("leningrad"), workers=0)
    s = season(book)
    assert s["rulings"] == 5  # the superseded ones are left out, their re-rulings counted
    assert {r["rule"]: r["whists"] for r in s["by_rule"]}["1.3.2.2"] == str(Fraction(392, 3) + 16 + 32)
    assert len(report.changed) == 3
    # each in the month of its first ruling, not the re-ruling's (today)
    assert [(m["month"], m["rulings"]) for m in s["by_month"]] == [("2026-10", 1), ("2026-11", 2), ("2026-12", 2)]
    assert season(book, "2026-10-01", "2026-10-31")["by_rule"][0]["whists"] == str(Fraction(392, 3) + 16 + 32)


# ------------------------------------------------------------------------ re-ruling
def test_rerule_with_another_convention_lists_exactly_the_entries_whose_figures_changed(book):
    from compensation.rulings import rule_incident

    report = rerule(book, settings_of("leningrad"), workers=1)
    # Leningrad doubles the whists and the gora; 2.3 and 2.2 write nothing either way
    assert [o.entry.rule for o in report.changed] == ["1.3.2.2", "9", "7.2"]
    assert [o.entry.rule for o in report.same] == ["2.3", "2.2"] and report.errors == []
    first = report.changed[0]
    assert first.changes == [{"kind": "gora", "seat": 0, "old": "4", "new": "8"},
                             {"kind": "whists", "seat": 0, "on": 1, "old": "196/3", "new": "392/3"},
                             {"kind": "whists", "seat": 1, "on": 0, "old": "8", "new": "16"},
                             {"kind": "whists", "seat": 2, "on": 0, "old": "16", "new": "32"}]
    assert book.count() == 8 and [o.new_id for o in report.changed] == [6, 7, 8]
    new = book.get(6)
    assert new.supersedes == 1 and new.origin == "rerule" and new.changes == first.changes
    assert new.settings == {"convention": "leningrad"} and new.incident["scoring"]["convention"] == "leningrad"
    assert new.players == ["Иван", "Пётр", "Анна"] and book.get(1).superseded_by == [6]
    assert rule_incident(new.incident).to_json() == new.ruling  # reopened: rules to the same JSON
    assert book.get(1).ruling != new.ruling and book.get(1).incident == incident("1.3.2.2")  # the old one intact
    # again: nothing changes any more; a dry run writes nothing
    assert rerule(book, settings_of("leningrad"), workers=0).changed == []
    dry = rerule(book, settings_of("sochi"), workers=0, dry_run=True)
    assert [o.entry.id for o in dry.changed] == [6, 7, 8] and book.count() == 8


def test_settings_are_checked_and_folded_into_the_incident():
    with pytest.raises(BookError, match="unknown convention"):
        settings_of("moscow")
    with pytest.raises(BookError, match="unknown option"):
        settings_of(None, ["plyers=4"])
    with pytest.raises(BookError, match="OPTION=VALUE"):
        settings_of(None, ["players"])
    s = settings_of("rostov", ["players=4", "compare=actual"])
    assert s == {"convention": "rostov", "set": {"players": "4"}, "options": {"compare": "actual"}}
    inc = fold({"contract": "7s", "scoring": {"set": {"gora_divisor": "N"}}}, s)
    assert inc["scoring"] == {"convention": "rostov", "set": {"gora_divisor": "N", "players": 4}}
    assert inc["options"] == {"compare": "actual"}


# ------------------------------------------------------------------------ export and import
def _dump(b: Book) -> list:
    return [e.to_json() for e in b.find()]


def test_export_then_import_gives_the_same_book(book, tmp_path):
    rerule(book, settings_of("leningrad"), workers=0)
    lines = list(export_lines(book))
    assert len(lines) == 8 and all(json.loads(x)["id"] == f"book:{i}" for i, x in enumerate(lines, 1))
    other = Book(tmp_path / "other.sqlite3")
    done = import_lines(other, lines)
    assert done == {"written": list(range(1, 9)), "skipped": 0, "ruled": 0}
    assert _dump(other) == _dump(book)
    assert import_lines(other, lines)["skipped"] == 8 and other.count() == 8  # importing twice adds nothing


def test_the_export_is_what_prefdd_batch_kind_rule_reads(book, tmp_path):
    from prefdd.batch import rule_many

    lines = list(export_lines(book))
    outs = list(rule_many([json.loads(x) for x in lines], workers=0))
    assert [o["id"] for o in outs] == [f"book:{i}" for i in range(1, 6)] and not any("error" in o for o in outs)
    assert [o["entries"] for o in outs] == [e.ruling["entries"] for e in reversed(book.find())]


def test_plain_incidents_are_ruled_on_import(tmp_path, rulings):
    b = Book(tmp_path / "b.sqlite3")
    lines = [json.dumps(incident("2.3")), "", json.dumps(dict(incident("9"), players=["А", "Б", "В"]))]
    assert import_lines(b, lines, workers=0) == {"written": [1, 2], "skipped": 0, "ruled": 2}
    assert b.get(2).ruling == rulings["9"] and b.get(2).players == ["А", "Б", "В"] and b.get(1).origin == "import"


def test_bad_import_lines_are_named_and_nothing_is_written(book, tmp_path):
    lines = list(export_lines(book))
    bad = json.loads(lines[1])
    bad["book"]["notte"] = "x"
    worse = json.loads(lines[2])
    worse["contarct"] = "7s"
    b = Book(tmp_path / "x.sqlite3")
    with pytest.raises(ImportProblems) as err:
        import_lines(b, [lines[0], json.dumps(bad), json.dumps(worse), "{not json", "[1]"], "in.jsonl")
    p = err.value.problems
    assert p[0] == "in.jsonl:2: book.notte: unknown field (did you mean 'note'?)"
    assert p[1].startswith("in.jsonl:3: contarct") and "unknown field" in p[1]
    assert p[2].startswith("in.jsonl:4: not JSON") and p[3] == "in.jsonl:5: expected a JSON object (an incident)"
    assert b.count() == 0  # the good first line was not written either


# ------------------------------------------------------------------------ safety
WRITER = """
import json, sys
from prefdd.book import Book
book = Book(sys.argv[1])
inc = json.loads(open(sys.argv[2]).read())
ruling = json.loads(open(sys.argv[3]).read())
i = 0
while True:
    i += 1
    book.record(inc, ruling, note=("запись %d " % i) * 800, players=["Иван", "Пётр", "Анна"])
    print(i, flush=True)
"""


def test_a_writer_killed_with_sigkill_mid_write_leaves_a_readable_book(tmp_path, rulings):
    path = tmp_path / "club.sqlite3"
    (tmp_path / "inc.json").write_text(json.dumps(incident("1.3.2.2")))
    (tmp_path / "ruling.json").write_text(json.dumps(rulings["1.3.2.2"]))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    committed = 0
    for round_ in range(3):
        p = subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(tmp_path / "inc.json"),
                              str(tmp_path / "ruling.json")], stdout=subprocess.PIPE, text=True, env=env)
        assert p.stdout is not None
        for _ in range(5 + 7 * round_):  # a few commits, then killed wherever it is
            committed = max(committed, int(p.stdout.readline()))
        time.sleep(0.003 * round_)
        p.send_signal(signal.SIGKILL)
        p.wait()
        b = Book(path)
        assert b.check() == "ok"
        n = b.count()
        assert n >= committed  # every reported commit is there; the entry being written is whole or absent
        assert all(e.note.startswith("запись") and e.ruling == rulings["1.3.2.2"] for e in b.find())
        committed = n
        b.close()
    b = Book(path)
    b.record(incident("2.3"), rulings["2.3"])  # and it takes the next entry
    assert b.count() == committed + 1


def test_a_full_disk_loses_only_the_entry_being_written(tmp_path, rulings):
    b = Book(tmp_path / "club.sqlite3")
    b.record(incident("2.3"), rulings["2.3"])
    pages = b._db.execute("PRAGMA page_count").fetchone()[0]
    b._db.execute(f"PRAGMA max_page_count = {pages + 2}")  # the disk fills during the next write
    with pytest.raises(BookError) as err:
        b.record(incident("1.3.2.2"), rulings["1.3.2.2"], note="x" * 9000)
    assert "disk is full" in err.value.message and "диск заполнен" in err.value.ru
    b.close()
    again = Book(tmp_path / "club.sqlite3")
    assert again.check() == "ok" and again.count() == 1 and again.get(1).rule == "2.3"


def test_the_passphrase_is_kept_hashed_and_set_once(tmp_path):
    b = Book(tmp_path / "club.sqlite3")
    assert not pw.is_set(b)
    with pytest.raises(BookError, match="at least 8"):
        pw.set_passphrase(b, "short")
    pw.set_passphrase(b, "пароль арбитра")
    stored = b.meta(pw.KEY)
    assert stored.startswith("scrypt$") and "пароль" not in stored
    assert pw.check(b, "пароль арбитра") and not pw.check(b, "пароль арбитр") and not pw.check(b, None)
    with pytest.raises(BookError, match="already set"):
        pw.set_passphrase(b, "другой пароль")
    pw.set_passphrase(b, "другой пароль", old="пароль арбитра")
    assert pw.check(Book(b.path), "другой пароль")


def test_the_default_book_is_in_the_users_data_directory(monkeypatch, tmp_path):
    from prefdd.book import default_path

    monkeypatch.delenv("PREFDD_BOOK", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "prefdd" / "book.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "prefdd" / "book.sqlite3"
    monkeypatch.setenv("PREFDD_BOOK", str(tmp_path / "club.sqlite3"))
    assert default_path() == tmp_path / "club.sqlite3" and Book().path == tmp_path / "club.sqlite3"
