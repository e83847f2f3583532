"""The book itself: one SQLite file, entries written once, found again by name, date, rule
and contract.

Every write is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``) in WAL mode with
``synchronous=FULL``: a process killed in the middle of a write, or a disk that fills, loses
at most the entry being written, never the book. Readers never block the writer, nor it them.
A book that does not exist yet is read as an empty one and created by the first write.
"""
from __future__ import annotations

import json
import os
import sqlite3
import sys
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .schema import VERSION, SchemaError, contract_key, migrate, name_key

MAX_NOTE = 10_000  # characters of an arbiter's note
MAX_NAME = 100
ORIGINS = ("desk", "import", "rerule", "cli")


class BookError(Exception):
    """A request the book refuses: bad input, a file that is not a book, a full disk. The
    message is meant for the user (Russian and English: :attr:`ru`)."""

    def __init__(self, message: str, ru: str | None = None, field: str | None = None):
        super().__init__(message)
        self.message, self.ru, self.field = message, ru or message, field


def default_path() -> Path:
    """The book in the user's data directory (``$PREFDD_BOOK`` if set): ``$XDG_DATA_HOME``
    or ``~/.local/share`` on Linux, ``~/Library/Application Support`` on macOS,
    ``%APPDATA%`` on Windows; the file ``prefdd/book.sqlite3``."""
    if os.environ.get("PREFDD_BOOK"):
        return Path(os.environ["PREFDD_BOOK"])
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "prefdd" / "book.sqlite3"


def now() -> str:
    """The local time with its offset, to the second (``2026-12-07T05:40:00+03:00``): the date an
    arbiter searches by is the date on the club's calendar."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


@dataclass
class Entry:
    """One ruling as the book keeps it."""

    id: int
    uid: str
    created: str
    incident: dict
    ruling: dict
    settings: dict
    version: str
    note: str
    players: list
    rule: str
    contract: str
    origin: str
    supersedes: int | None = None
    superseded_by: list = field(default_factory=list)
    changes: list | None = None

    def to_json(self) -> dict:
        return {"id": self.id, "uid": self.uid, "created": self.created, "rule": self.rule,
                "contract": self.contract, "players": self.players, "note": self.note, "origin": self.origin,
                "version": self.version, "settings": self.settings, "supersedes": self.supersedes,
                "superseded_by": self.superseded_by, "changes": self.changes, "incident": self.incident,
                "ruling": self.ruling}

    def summary(self) -> dict:
        """What a page of the book lists: no incident, the ruling's figures only."""
        title = self.ruling.get("title") or {}
        return {"id": self.id, "created": self.created, "rule": self.rule, "title": title,
                "contract": self.contract, "players": self.players, "note": self.note, "origin": self.origin,
                "supersedes": self.supersedes, "superseded_by": self.superseded_by, "changes": self.changes,
                "entries": self.ruling.get("entries"), "incident_id": self.incident.get("id")}


def ruling_problem(ruling) -> str | None:
    """What is wrong with a ruling's JSON for the book (its figures are read: a sheet of
    3 or 4 seats, numbers as a ruling writes them), or None."""
    from fractions import Fraction

    if not isinstance(ruling, dict) or not isinstance(ruling.get("entries"), dict):
        return "expected a ruling's JSON (with its entries)"
    e = ruling["entries"]
    n = len(e.get("pulya") or []) if isinstance(e.get("pulya"), list) else 0
    if n not in (3, 4):
        return "entries.pulya: expected a number for each of 3 or 4 seats"
    rows = [("pulya", e.get("pulya")), ("gora", e.get("gora"))]
    whists = e.get("whists")
    if not isinstance(whists, list) or len(whists) != n:
        return f"entries.whists: expected {n} rows of {n}"
    rows += [(f"whists[{i}]", row) for i, row in enumerate(whists)]
    for name, row in rows:
        if not isinstance(row, list) or len(row) != n:
            return f"entries.{name}: expected {n} numbers"
        for x in row:
            if isinstance(x, bool) or not isinstance(x, int | str):
                return f"entries.{name}: {x!r} is not a number"
            try:
                Fraction(str(x))
            except (ValueError, ZeroDivisionError):
                return f"entries.{name}: {x!r} is not a number"
    if not isinstance(ruling.get("rule", ""), str | int | float):
        return "rule: expected the rule's number"
    return None


def _check_players(players, incident: dict) -> list:
    if players is None:
        players = incident.get("players") or []
    if not isinstance(players, list) or len(players) > 4:
        raise BookError("players: expected a list of up to four names", "имена игроков: нужен список до четырёх имён",
                        "players")
    out = []
    for i, p in enumerate(players):
        if p is None:
            p = ""
        if not isinstance(p, str):
            raise BookError(f"players[{i}]: expected a name (text)", f"имя игрока {i + 1}: нужен текст", f"players[{i}]")
        p = " ".join(p.split())
        if len(p) > MAX_NAME:
            raise BookError(f"players[{i}]: a name of at most {MAX_NAME} characters",
                            f"имя игрока {i + 1}: не длиннее {MAX_NAME} знаков", f"players[{i}]")
        out.append(p)
    while out and not out[-1]:
        out.pop()
    return out


class Book:
    """The book in ``path`` (default :func:`default_path`). Opening reads; the file and its
    directory are made by the first write. Not shared between threads: open one per thread
    (or per request); they may all be open at once."""

    def __init__(self, path=None):
        self.path = Path(path) if path is not None else default_path()
        self._db: sqlite3.Connection | None = None
        if self.path.is_dir():
            raise BookError(f"{self.path}: is a directory, not a book", f"{self.path}: это каталог, а не книга")
        if self.path.exists():
            self._open()

    # -------------------------------------------------------------- the file
    def _open(self) -> sqlite3.Connection:
        if self._db is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(str(self.path), isolation_level=None, timeout=10.0, check_same_thread=False)
            except (OSError, sqlite3.Error) as e:
                raise BookError(f"{self.path}: cannot open the book ({e})",
                                f"{self.path}: книгу не открыть ({e})") from None
            try:
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA synchronous = FULL")
                db.execute("PRAGMA foreign_keys = ON")
                migrate(db)
            except SchemaError as e:
                db.close()
                raise BookError(f"{self.path}: {e}", f"{self.path}: это не книга решений или она от более новой "
                                                     f"версии prefdd ({e})") from None
            except sqlite3.DatabaseError as e:
                db.close()
                raise BookError(f"{self.path}: not a book ({e})", f"{self.path}: это не книга решений ({e})") from None
            self._db = db
        return self._db

    @property
    def exists(self) -> bool:
        return self._read() is not None

    def _read(self) -> sqlite3.Connection | None:
        """The connection to read through; None while the book has no file (the file another
        process made meanwhile is opened)."""
        if self._db is None and self.path.exists():
            self._open()
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @contextmanager
    def write(self):
        """One transaction: everything inside it is in the book, or nothing is."""
        db = self._open()
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise _write_error(self.path, e) from None
        try:
            yield db
            db.execute("COMMIT")
        except sqlite3.Error as e:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise _write_error(self.path, e) from None
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def schema_version(self) -> int:
        return VERSION if self._db is None else self._db.execute("PRAGMA user_version").fetchone()[0]

    # -------------------------------------------------------------- meta
    def meta(self, key: str) -> str | None:
        db = self._read()
        if db is None:
            return None
        row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        with self.write() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    # -------------------------------------------------------------- writing
    def record(self, incident: dict, ruling: dict, *, settings: dict | None = None, note: str = "",
               players: list | None = None, origin: str = "desk", supersedes: int | None = None,
               changes: list | None = None, created: str | None = None, version: str | None = None,
               uid: str | None = None) -> int:
        """Write one entry (its own transaction); its number."""
        return self.record_many([dict(incident=incident, ruling=ruling, settings=settings, note=note, players=players,
                                      origin=origin, supersedes=supersedes, changes=changes, created=created,
                                      version=version, uid=uid)])[0]

    def record_many(self, items: list[dict]) -> list[int]:
        """Write several entries in one transaction (all or none); their numbers. An item's
        ``supersedes`` may be a number or, for an entry of the same call, ``("uid", uid)``."""
        rows = [self._row(**it) for it in items]
        ids: list[int] = []
        with self.write() as db:
            by_uid: dict[str, int] = {}
            for row, names in rows:
                sup = row["supersedes"]
                if isinstance(sup, tuple):
                    sup = by_uid.get(sup[1]) or _id_of(db, sup[1])
                    row["supersedes"] = sup
                if sup is not None and not db.execute("SELECT 1 FROM entries WHERE id = ?", (sup,)).fetchone():
                    raise BookError(f"supersedes: there is no entry {sup}", f"нет записи №{sup}", "supersedes")
                cur = db.execute(
                    "INSERT INTO entries (uid, created, incident, ruling, settings, version, note, supersedes, rule, "
                    "contract, origin, changes) VALUES (:uid, :created, :incident, :ruling, :settings, :version, :note, "
                    ":supersedes, :rule, :contract, :origin, :changes)", row)
                eid = cur.lastrowid
                assert eid is not None
                by_uid[row["uid"]] = eid
                for seat, name in enumerate(names):
                    if name:
                        db.execute("INSERT INTO players VALUES (?, ?, ?, ?)", (eid, seat, name, name_key(name)))
                ids.append(eid)
        return ids

    def _row(self, incident, ruling, settings=None, note="", players=None, origin="desk", supersedes=None,
             changes=None, created=None, version=None, uid=None):
        from solver import __version__

        if not isinstance(incident, dict):
            raise BookError("incident: expected a JSON object", "инцидент: ожидается объект JSON", "incident")
        problem = ruling_problem(ruling)
        if problem:
            raise BookError(f"ruling: {problem}", f"решение: не JSON решения ({problem})", "ruling")
        if not isinstance(note, str):
            raise BookError("note: expected text", "заметка: ожидается текст", "note")
        if len(note) > MAX_NOTE:
            raise BookError(f"note: at most {MAX_NOTE} characters", f"заметка: не длиннее {MAX_NOTE} знаков", "note")
        if origin not in ORIGINS:
            raise BookError(f"origin: one of {', '.join(ORIGINS)}", f"источник: {', '.join(ORIGINS)}", "origin")
        names = _check_players(players, incident)
        return ({"uid": uid or uuid.uuid4().hex, "created": created or now(),
                 "incident": json.dumps(incident, ensure_ascii=False), "ruling": json.dumps(ruling, ensure_ascii=False),
                 "settings": json.dumps(settings or {}, ensure_ascii=False), "version": version or __version__,
                 "note": note, "supersedes": supersedes, "rule": str(ruling.get("rule", "")),
                 "contract": contract_key(incident.get("contract", "")), "origin": origin,
                 "changes": None if changes is None else json.dumps(changes, ensure_ascii=False)}, names)

    # -------------------------------------------------------------- reading
    def count(self) -> int:
        db = self._read()
        return 0 if db is None else db.execute("SELECT count(*) FROM entries").fetchone()[0]

    def get(self, eid: int) -> Entry | None:
        found = self._select("WHERE e.id = ?", (eid,))
        return found[0] if found else None

    def has_uid(self, uid: str) -> bool:
        return self._read() is not None and _id_of(self._db, uid) is not None

    def find(self, *, name: str | None = None, rule: str | None = None, contract: str | None = None,
             date_from: str | None = None, date_to: str | None = None, current: bool = False,
             limit: int | None = None, offset: int = 0) -> list[Entry]:
        """Entries newest first. ``name``: any player's name containing it (case and ё
        ignored); ``rule``: that rule or one under it (``1.3`` finds 1.3.2.2); ``contract``:
        as the incident writes it (``7♠``, ``7s``, ``мизер``); dates ``YYYY-MM-DD``, inclusive,
        the club's calendar date; ``current``: leave out entries a re-ruling superseded."""
        where, args = self._where(name, rule, contract, date_from, date_to, current)
        tail = " ORDER BY e.id DESC"
        if limit is not None:
            tail += " LIMIT ? OFFSET ?"
            args += [int(limit), int(offset)]
        return self._select(where + tail, tuple(args))

    def total(self, **filters) -> int:
        db = self._read()
        if db is None:
            return 0
        where, args = self._where(**filters)
        return db.execute(f"SELECT count(*) FROM entries e {where}", args).fetchone()[0]

    @staticmethod
    def _where(name=None, rule=None, contract=None, date_from=None, date_to=None, current=False):
        conds, args = [], []
        if name:
            key = name_key(name)
            conds.append("e.id IN (SELECT entry FROM players WHERE key LIKE ? ESCAPE '\\')")
            args.append("%" + key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
        if rule:
            r = str(rule).strip().rstrip(".")
            conds.append("(e.rule = ? OR e.rule LIKE ? ESCAPE '\\')")
            args += [r, r.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + ".%"]
        if contract:
            conds.append("e.contract = ?")
            args.append(contract_key(contract))
        for value, op, what in ((date_from, ">=", "date_from"), (date_to, "<=", "date_to")):
            if value:
                conds.append(f"substr(e.created, 1, 10) {op} ?")
                args.append(check_date(value, what))
        if current:
            conds.append("NOT EXISTS (SELECT 1 FROM entries s WHERE s.supersedes = e.id)")
        return ("WHERE " + " AND ".join(conds)) if conds else "", args

    def _select(self, tail: str, args: tuple) -> list[Entry]:
        db = self._read()
        if db is None:
            return []
        rows = db.execute(
            "SELECT e.id, e.uid, e.created, e.incident, e.ruling, e.settings, e.version, e.note, e.rule, e.contract, "
            "e.origin, e.supersedes, e.changes FROM entries e " + tail, args).fetchall()
        out = []
        for r in rows:
            names = dict(db.execute("SELECT seat, name FROM players WHERE entry = ?", (r[0],)).fetchall())
            players = [names.get(s, "") for s in range(max(names) + 1)] if names else []
            later = [x[0] for x in db.execute("SELECT id FROM entries WHERE supersedes = ? ORDER BY id", (r[0],))]
            out.append(Entry(id=r[0], uid=r[1], created=r[2], incident=json.loads(r[3]), ruling=json.loads(r[4]),
                             settings=json.loads(r[5]), version=r[6], note=r[7], players=players, rule=r[8],
                             contract=r[9], origin=r[10], supersedes=r[11], superseded_by=later,
                             changes=None if r[12] is None else json.loads(r[12])))
        return out

    def figures(self) -> list[dict]:
        """Every entry's figures, lean (what the season counts): ``id``, ``created``, ``rule``,
        ``supersedes``, ``superseded`` (bool), ``ruling`` (only its ``entries`` and ``title``),
        ``players``. One query, the JSON cut by SQLite where it can (JSON1), not whole rulings."""
        if self._read() is None:
            return []
        db = self._db
        assert db is not None
        try:
            rows = db.execute(
                "SELECT e.id, e.created, e.rule, e.supersedes, json_extract(e.ruling, '$.entries'), "
                "json_extract(e.ruling, '$.title'), EXISTS (SELECT 1 FROM entries s WHERE s.supersedes = e.id) "
                "FROM entries e ORDER BY e.id").fetchall()
            cut = [(r[0], r[1], r[2], r[3], {"entries": json.loads(r[4]), "title": json.loads(r[5] or "null")}, r[6])
                   for r in rows]
        except sqlite3.OperationalError:  # an SQLite without JSON1: the rulings parsed here
            rows = db.execute("SELECT e.id, e.created, e.rule, e.supersedes, e.ruling, EXISTS (SELECT 1 FROM entries s "
                              "WHERE s.supersedes = e.id) FROM entries e ORDER BY e.id").fetchall()
            cut = [(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]
        names: dict[int, dict] = {}
        for entry, seat, name in db.execute("SELECT entry, seat, name FROM players"):
            names.setdefault(entry, {})[seat] = name
        out = []
        for eid, created, rule, sup, ruling, later in cut:
            got = names.get(eid, {})
            out.append({"id": eid, "created": created, "rule": rule, "supersedes": sup, "superseded": bool(later),
                        "ruling": ruling, "players": [got.get(s, "") for s in range(max(got) + 1)] if got else []})
        return out

    def check(self) -> str:
        """SQLite's own integrity check of the file (``ok`` when sound)."""
        if self._db is None:
            return "ok"
        return "; ".join(r[0] for r in self._db.execute("PRAGMA integrity_check").fetchall())


def _id_of(db, uid: str) -> int | None:
    row = db.execute("SELECT id FROM entries WHERE uid = ?", (uid,)).fetchone()
    return row[0] if row else None


def check_date(value: str, what: str = "date") -> str:
    """A real date, ``YYYY-MM-DD`` or as Russians write it, ``ДД.ММ.ГГГГ``; the former, else a
    BookError naming ``what``."""
    for form in ("%Y-%m-%d", "%d.%m.%Y"):
        try:
            return datetime.strptime(str(value).strip(), form).date().isoformat()
        except ValueError:
            continue
    raise BookError(f"{what}: expected a date YYYY-MM-DD or DD.MM.YYYY, got {str(value)[:40]!r}",
                    f"дата: ожидается дд.мм.гггг, а не «{str(value)[:40]}»", what)


def _write_error(path, e: sqlite3.Error) -> BookError:
    text = str(e)
    if "full" in text:
        return BookError(f"{path}: the disk is full: the entry was not written (the book is intact)",
                         f"{path}: диск заполнен — запись не сделана (книга цела)")
    if "locked" in text or "busy" in text:
        return BookError(f"{path}: the book is busy (another program is writing it); try again",
                         f"{path}: книга занята (в неё пишет другая программа); повторите")
    if "readonly" in text or "read-only" in text:
        return BookError(f"{path}: the book is read-only", f"{path}: книга доступна только для чтения")
    if "never" in text:
        return BookError(text, "запись книги не перезаписывается и не удаляется")
    return BookError(f"{path}: the entry was not written ({text})", f"{path}: запись не сделана ({text})")
