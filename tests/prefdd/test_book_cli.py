"""``prefdd book`` from the command line: Russian text, ``--json``, one-line errors."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from prefdd.book import Book
from prefdd.cli import main

ROOT = Path(__file__).resolve().parents[2]
INC = ROOT / "examples" / "incidents"
FIRST = INC / "rule_1_3_2_2_lead_out_of_turn_open.json"
SECOND = INC / "rule_2_3_exposed_defender_card.json"


@pytest.fixture
def book(tmp_path, capsys):
    path = tmp_path / "club.sqlite3"
    assert main(["book", "add", str(FIRST), "--players", "Иван", "Пётр", "Анна", "--note", "бубна", "--book", str(path)]) == 0
    assert main(["book", "add", str(SECOND), "--book", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"Записано в книгу: №1 ({path})", f"Записано в книгу: №2 ({path})"]
    return path


def test_list_show_and_search(book, capsys):
    assert main(["book", "list", "--book", str(book)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("№2 ") and "2.3 Случайно открытая карта вистующего  6♣  —" in lines[0]
    assert lines[1].startswith("№1 ") and "7♠  Иван, Пётр, Анна  «бубна»" in lines[1]
    assert main(["book", "list", "--name", "пётр", "--json", "--book", str(book)]) == 0
    assert [json.loads(x)["id"] for x in capsys.readouterr().out.splitlines()] == [1]
    assert main(["book", "list", "--rule", "9", "--book", str(book)]) == 0
    assert capsys.readouterr().out == "В книге нет таких записей.\n"
    assert main(["book", "show", "1", "--book", str(book)]) == 0
    out = capsys.readouterr().out
    assert "Правило 1.3.2.2: Ход вне очереди вистующего при открытой игре" in out
    assert "первая рука: пуля 0, гора 4, висты на вторую руку 196/3, висты на третью руку 0" in out
    assert "Заметка арбитра: бубна" in out
    assert main(["book", "show", "1", "--json", "--book", str(book)]) == 0
    assert json.loads(capsys.readouterr().out)["incident"] == json.loads(FIRST.read_text())


def test_rerule_says_what_changed_and_writes_it(book, capsys):
    assert main(["book", "rerule", "--convention", "leningrad", "--workers", "1", "--book", str(book)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Перерешено записей: 2 (конвенция Ленинград)"
    assert out[1] == "Изменились цифры: 1"
    assert out[2].startswith("  №1 → №3  1.3.2.2, 7♠: первая рука: гора 4 → 8; ")
    assert out[3] == "Без изменений: 1 (№2)"
    assert Book(book).get(3).supersedes == 1
    assert main(["book", "rerule", "--convention", "sochi", "--dry-run", "--json", "--workers", "0",
                 "--book", str(book)]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [c["entry"] for c in got["changed"]] == [3] and got["same"] == [2] and Book(book).count() == 3


def test_export_import_and_the_season(book, tmp_path, capsys):
    out = tmp_path / "book.jsonl"
    assert main(["book", "export", "-o", str(out), "--book", str(book)]) == 0
    other = tmp_path / "other.sqlite3"
    assert main(["book", "import", str(out), "--book", str(other)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Записано: 2 (№1–№2); уже были в книге: 0; решено при импорте: 0"
    assert [e.to_json() for e in Book(other).find()] == [e.to_json() for e in Book(book).find()]
    assert main(["book", "season", "--csv", "--book", str(book)]) == 0
    csv = capsys.readouterr().out.splitlines()
    assert csv[0].startswith("раздел,ключ") and "игрок,Иван,,1,,,24,196/3" in csv


def test_bad_input_is_one_line_and_exit_status_2(book, tmp_path, capsys):
    line = json.loads(FIRST.read_text())
    line["book"] = {"uid": "x", "created": "2026-12-01T10:00:00+03:00", "ruling": {"entries": {}}, "notee": ""}
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(line) + "\n")
    assert main(["book", "import", str(bad), "--book", str(book)]) == 2
    err = capsys.readouterr().err
    assert "book.notee: unknown field (did you mean 'note'?)" in err and "ничего не записано" in err
    assert main(["book", "show", "9", "--book", str(book)]) == 2
    assert capsys.readouterr().err == "prefdd book: в книге нет записи №9 (записей: 2)\n"
    assert main(["book", "list", "--from", "2026-02-30", "--book", str(book)]) == 2
    assert "дата" in capsys.readouterr().err
    assert main(["book", "rerule", "--set", "plyers=4", "--book", str(book)]) == 2
    assert "plyers" in capsys.readouterr().err
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database " * 200)
    assert main(["book", "list", "--book", str(junk)]) == 2
    assert "не книга" in capsys.readouterr().err
    assert Book(book).count() == 2


def test_passwd_sets_it_once(book, monkeypatch, capsys):
    from prefdd.book import passphrase

    monkeypatch.setattr("sys.stdin", io.StringIO("пароль арбитра\n"))
    assert main(["book", "passwd", "--stdin", "--book", str(book)]) == 0
    assert passphrase.check(Book(book), "пароль арбитра")
    monkeypatch.setattr("sys.stdin", io.StringIO("не тот пароль\nновый пароль\n"))
    assert main(["book", "passwd", "--stdin", "--book", str(book)]) == 2
    assert "пароль уже задан" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("пароль арбитра\nновый пароль\n"))
    assert main(["book", "passwd", "--stdin", "--book", str(book)]) == 0
    assert passphrase.check(Book(book), "новый пароль")


def test_the_book_option_before_the_action_and_an_unwritable_export(book, tmp_path, capsys):
    assert main(["book", "--book", str(book), "list", "--json"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2
    assert main(["book", "export", "-o", str(tmp_path / "no" / "such" / "dir.jsonl"), "--book", str(book)]) == 2
    assert "не записать" in capsys.readouterr().err


def test_damaged_import_lines_never_crash_and_never_write(book, tmp_path, capsys):
    import random

    from prefdd.book.exchange import export_lines

    lines = list(export_lines(Book(book)))
    rng = random.Random(42)
    for k in range(40):
        text = rng.choice(lines)
        rec = json.loads(text)
        how = k % 4
        if how == 0:  # bytes cut out
            i = rng.randrange(len(text))
            text = text[:i] + text[i + rng.randrange(1, 30):]
        elif how == 1:  # a field of the book's record renamed or retyped
            key = rng.choice(sorted(rec["book"]))
            rec["book"][key + rng.choice(["", "x"])] = rng.choice([None, 5, "x", [], {}, True])
            text = json.dumps(rec)
        elif how == 2:  # a field of the incident retyped
            key = rng.choice(sorted(k for k in rec if k != "book"))
            rec[key] = rng.choice([None, -1, "x", [], {}, [[]]])
            text = json.dumps(rec)
        else:  # the ruling's figures broken
            rec["book"]["ruling"] = rng.choice([{"entries": []}, [], "x", {"entries": {"pulya": "x"}}])
            text = json.dumps(rec)
        src = tmp_path / f"in{k}.jsonl"
        src.write_text(text + "\n")
        other = tmp_path / f"b{k}.sqlite3"
        code = main(["book", "import", str(src), "--book", str(other)])
        err = capsys.readouterr().err
        assert code in (0, 2) and "internal error" not in err and "Traceback" not in err, (k, text, err)
        assert code == 0 or Book(other).count() == 0
        if how == 3:  # figures a page could not read are refused
            assert code == 2 and "book.ruling" in err
