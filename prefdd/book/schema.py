"""The book's schema, versioned in SQLite's ``user_version`` and migrated step by step.

Each step of :data:`MIGRATIONS` takes a book from version ``n`` to ``n + 1`` inside the
transaction that opens it (a step half done is never seen: the version and the tables
change together or not at all). A book written by a newer prefdd (a higher version) is
refused, not guessed at.

Version 1 (the first book): ``entries`` with the players' names as a JSON list, ``meta``.
Version 2: the names in a table of their own (``players``, with a search key, indexed), the
rule, the contract, where an entry came from (``origin``) and what a re-ruling changed
(``changes``) as columns; triggers that refuse any UPDATE or DELETE of an entry — a book
is written once: a re-ruling is a new entry that ``supersedes`` the old one.
"""
from __future__ import annotations

import json
import re
import sqlite3


def name_key(name: str) -> str:
    """What a name is searched by: case folded, ё as е, spaces squeezed (SQLite's own
    ``lower`` knows only ASCII)."""
    return " ".join(str(name).casefold().replace("ё", "е").split())


def contract_key(value) -> str:
    """The contract as the book files it (``7s``, ``6nt``, ``misere``, ``raspasovka``)."""
    from compensation.errors import ScoringError
    from compensation.outcome import parse_contract

    try:
        return str(parse_contract(value))
    except ScoringError:
        return str(value)


def _script(db: sqlite3.Connection, text: str) -> None:
    """Statements one by one (``executescript`` would commit the open transaction first); a
    trigger's body ends with ``END;``."""
    for stmt in re.split(r";\s*\n(?!\s*END)", text.strip()):
        if stmt.strip():
            db.execute(stmt)


def _v1(db: sqlite3.Connection) -> None:
    _script(db, """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE entries (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            created TEXT NOT NULL,
            incident TEXT NOT NULL,
            ruling TEXT NOT NULL,
            settings TEXT NOT NULL DEFAULT '{}',
            version TEXT NOT NULL,
            note TEXT NOT NULL DEFAULT '',
            players TEXT NOT NULL DEFAULT '[]',
            supersedes INTEGER REFERENCES entries(id)
        );
    """)


def _v2(db: sqlite3.Connection) -> None:
    _script(db, """
        CREATE TABLE players (
            entry INTEGER NOT NULL REFERENCES entries(id),
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            key TEXT NOT NULL,
            PRIMARY KEY (entry, seat)
        );
        CREATE INDEX players_key ON players(key);
        ALTER TABLE entries ADD COLUMN rule TEXT NOT NULL DEFAULT '';
        ALTER TABLE entries ADD COLUMN contract TEXT NOT NULL DEFAULT '';
        ALTER TABLE entries ADD COLUMN origin TEXT NOT NULL DEFAULT 'desk';
        ALTER TABLE entries ADD COLUMN changes TEXT;
    """)
    rows = db.execute("SELECT id, incident, ruling, players FROM entries").fetchall()
    for eid, inc, rul, names in rows:
        incident, ruling = json.loads(inc), json.loads(rul)
        db.execute("UPDATE entries SET rule = ?, contract = ? WHERE id = ?",
                   (str(ruling.get("rule", "")), contract_key(incident.get("contract", "")), eid))
        for seat, name in enumerate(json.loads(names)):
            if name:
                db.execute("INSERT INTO players VALUES (?, ?, ?, ?)", (eid, seat, name, name_key(name)))
    _script(db, """
        ALTER TABLE entries DROP COLUMN players;
        CREATE INDEX entries_rule ON entries(rule);
        CREATE INDEX entries_contract ON entries(contract);
        CREATE INDEX entries_created ON entries(created);
        CREATE INDEX entries_supersedes ON entries(supersedes);
        CREATE TRIGGER entries_written_once BEFORE UPDATE ON entries
            BEGIN SELECT RAISE(ABORT, 'a book entry is never overwritten'); END;
        CREATE TRIGGER entries_kept BEFORE DELETE ON entries
            BEGIN SELECT RAISE(ABORT, 'a book entry is never deleted'); END;
        CREATE TRIGGER players_written_once BEFORE UPDATE ON players
            BEGIN SELECT RAISE(ABORT, 'a book entry is never overwritten'); END;
        CREATE TRIGGER players_kept BEFORE DELETE ON players
            BEGIN SELECT RAISE(ABORT, 'a book entry is never deleted'); END;
    """)


# MIGRATIONS[n] takes a book from version n to n + 1 (version 0: an empty file)
MIGRATIONS = (_v1, _v2)
VERSION = len(MIGRATIONS)


class SchemaError(Exception):
    """The file is not a book this prefdd can read (a newer schema, or not SQLite at all)."""


def version_of(db: sqlite3.Connection) -> int:
    return db.execute("PRAGMA user_version").fetchone()[0]


def migrate(db: sqlite3.Connection, target: int = VERSION) -> int:
    """Bring the book to ``target`` (default: this program's version) in one transaction;
    the version it had before. ``db`` is in autocommit mode (``isolation_level=None``). A book
    already at ``target`` is only read (no write lock: readers open it freely)."""
    try:
        if version_of(db) == target:
            return target
    except sqlite3.DatabaseError as e:
        raise SchemaError(f"not a book: {e}") from None
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.DatabaseError as e:
        raise SchemaError(f"not a book: {e}") from None
    try:
        try:
            have = version_of(db)
        except sqlite3.DatabaseError as e:
            raise SchemaError(f"not a book: {e}") from None
        if have > VERSION:
            raise SchemaError(f"the book has schema version {have}, written by a newer prefdd; this one reads "
                              f"versions up to {VERSION}")
        if have == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise SchemaError("not a book: an SQLite file with other tables and no book schema")
        for step in range(have, target):
            MIGRATIONS[step](db)
            db.execute(f"PRAGMA user_version = {step + 1}")
        db.execute("COMMIT")
        return have
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
