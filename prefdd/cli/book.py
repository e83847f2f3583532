"""``prefdd book``: the club's book of rulings from the command line.

Usage::

    prefdd book list [--name NAME] [--rule R] [--contract C] [--from DATE] [--to DATE]
    prefdd book show N [--json]
    prefdd book add INCIDENT.json [--note TEXT] [--players A B C]   # rule it and write it down
    prefdd book export [-o FILE]            # JSON lines prefdd batch --kind rule reads
    prefdd book import FILE                 # those lines back (or any incidents: ruled first)
    prefdd book rerule --convention leningrad [--set K=V] [--dry-run]
    prefdd book season [--csv]
    prefdd book passwd                      # the arbiter's passphrase for a shared desk

The book is one SQLite file in the user's data directory (``--book PATH`` another one),
created by the first write. Text is Russian; ``--json`` gives the same for programs. Bad
input is one line on stderr and exit status 2; a book that cannot be written (a full disk)
exit status 1, the book intact. See ``docs/book.md``.
"""
from __future__ import annotations

import argparse
import json
import sys

from . import options

CONTRACT_RU = {"s": "♠", "c": "♣", "d": "♦", "h": "♥", "nt": " БК"}
ORIGIN_RU = {"desk": "со стола арбитра", "import": "импорт", "rerule": "перерешение", "cli": "из командной строки"}
SEAT_RU = ("первая рука", "вторая рука", "третья рука", "четвёртая рука")
SEAT_ON_RU = ("первую руку", "вторую руку", "третью руку", "четвёртую руку")


def register(subparsers):
    p = subparsers.add_parser("book", help="the club's book of rulings: list, show, export, import, rerule, season",
                              description="The club's book of rulings: every ruling written down (one SQLite file "
                                          "in the user's data directory, or --book PATH), found again, re-ruled "
                                          "under other settings and counted.")
    # --book before the action or after it (prefdd book --book F list, prefdd book list --book F)
    p.add_argument("--book", dest="book_before", metavar="PATH", help="the book's file (default: the user's data "
                                                                       "directory, $PREFDD_BOOK if set)")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--book", metavar="PATH", help="the book's file (default: the user's data directory, "
                                                       "$PREFDD_BOOK if set)")
    filters = argparse.ArgumentParser(add_help=False)
    filters.add_argument("--name", help="a player's name (or part of it; case and ё ignored)")
    filters.add_argument("--rule", help="a rule, or a part of the code (1.3 finds 1.3.2.2)")
    filters.add_argument("--contract", help="the contract (7s, 7♠, 6nt, misere, мизер, raspasovka)")
    filters.add_argument("--from", dest="date_from", metavar="DATE", help="from this date (YYYY-MM-DD)")
    filters.add_argument("--to", dest="date_to", metavar="DATE", help="to this date, inclusive (YYYY-MM-DD)")
    sub = p.add_subparsers(dest="book_command", metavar="ACTION", parser_class=options.Parser)
    q = sub.add_parser("list", parents=[common, filters], help="the entries, newest first")
    q.add_argument("--limit", type=options.count(1, 10 ** 9), default=None, help="at most this many")
    q.add_argument("--current", action="store_true", help="leave out entries a re-ruling superseded")
    options.add_output_switches(q, "text")
    q = sub.add_parser("show", parents=[common], help="one entry: the incident, the ruling, who, when")
    q.add_argument("entry", type=options.count(1, 10 ** 12), help="the entry's number")
    options.add_output_switches(q, "text")
    q = sub.add_parser("add", parents=[common], help="rule an incident (as prefdd rule) and write it in the book")
    q.add_argument("input", help="incident file (JSON); '-' for stdin")
    q.add_argument("--note", default="", help="the arbiter's note")
    q.add_argument("--players", nargs="+", metavar="NAME", help="the players' names, seat 0, 1, 2")
    q = sub.add_parser("export", parents=[common, filters],
                       help="the entries as JSON lines (the incidents prefdd batch --kind rule reads, with the book's record)")
    q.add_argument("-o", "--output", help="file to write (default: stdout)")
    q = sub.add_parser("import", parents=[common], help="JSON lines into the book (export's, or plain incidents: ruled)")
    q.add_argument("input", help="JSON-lines file ('-' for stdin)")
    q.add_argument("--workers", type=options.count(0), metavar="N", help="processes ruling plain incidents")
    options.add_output_switches(q, "text")
    q = sub.add_parser("rerule", parents=[common, filters],
                       help="rule the book again with other settings; write what changed")
    q.add_argument("--convention", help="scoring convention: sochi, leningrad, rostov")
    q.add_argument("--set", dest="sets", action="append", default=[], metavar="OPTION=VALUE",
                   help="a scoring option or a ruling option (compare, resolve), as in prefdd rule; repeatable")
    q.add_argument("--dry-run", action="store_true", help="only say what would change; write nothing")
    q.add_argument("--note", default="", help="the arbiter's note on the new entries")
    where = q.add_mutually_exclusive_group()
    where.add_argument("--workers", type=options.count(0), metavar="N", help="searching processes (default: every core)")
    where.add_argument("--dask", metavar="ADDRESS", help="a Dask cluster's scheduler")
    where.add_argument("--dask-local", type=options.count(1), metavar="N", help="a local Dask cluster of N workers")
    options.add_output_switches(q, "text")
    q = sub.add_parser("season", parents=[common], help="the season at a glance: by rule, by player, by month")
    q.add_argument("--from", dest="date_from", metavar="DATE", help="from this date (YYYY-MM-DD)")
    q.add_argument("--to", dest="date_to", metavar="DATE", help="to this date, inclusive (YYYY-MM-DD)")
    q.add_argument("--csv", action="store_true", help="as CSV (one table: a row per rule, player, month)")
    q.add_argument("--lang", choices=["ru", "en"], default="ru", help="the CSV's headers (default ru)")
    options.add_output_switches(q, "text")
    q = sub.add_parser("passwd", parents=[common], help="set the arbiter's passphrase (a desk shared with --host)")
    q.add_argument("--stdin", action="store_true",
                   help="read it from stdin (the current one first, on its own line, when one is set)")
    p.set_defaults(func=run)
    return p


def _fail(message: str, code: int = 2) -> int:
    options.say("prefdd book", message)
    return code


def contract_words(c: str) -> str:
    """``7s`` -> «7♠», ``6nt`` -> «6 БК», ``misere`` -> «мизер»."""
    if c == "misere":
        return "мизер"
    if c == "raspasovka":
        return "распасы"
    for k in ("nt", "s", "c", "d", "h"):
        if c.endswith(k) and c[:-len(k)].isdigit():
            return c[:-len(k)] + CONTRACT_RU[k]
    return c


CONVENTION_RU = {"sochi": "Сочи", "leningrad": "Ленинград", "rostov": "Ростов"}


def settings_words(settings: dict) -> str:
    """«конвенция Ленинград; изменено: players=4»."""
    out = []
    if settings.get("convention"):
        out.append(f"конвенция {CONVENTION_RU.get(settings['convention'], settings['convention'])}")
    changed = {**(settings.get("set") or {}), **(settings.get("options") or {})}
    if changed:
        out.append("изменено: " + ", ".join(f"{k}={v}" for k, v in changed.items()))
    return "; ".join(out)


def change_text(changes) -> str:
    from prefdd.book.figures import change_words

    return "; ".join(change_words(c) for c in changes or [])


def _filters(args) -> dict:
    return {k: getattr(args, k) for k in ("name", "rule", "contract", "date_from", "date_to") if getattr(args, k, None)}


def run(args) -> int:
    from prefdd.book import Book, BookError

    if not getattr(args, "book_command", None):
        return _fail("назовите действие: list, show, add, export, import, rerule, season, passwd (prefdd book --help)")
    try:
        with Book(args.book or args.book_before) as book:
            return ACTIONS[args.book_command](book, args)
    except BookError as e:
        full = "full" in e.message or "busy" in e.message or "cannot open" in e.message
        return _fail(e.ru if not full else f"{e.ru}", 1 if full else 2)


def _list(book, args) -> int:
    entries = book.find(current=args.current, limit=args.limit, **_filters(args))
    if args.output_format == "json":
        for e in entries:
            print(json.dumps(e.summary(), ensure_ascii=False))
        return 0
    if not entries:
        print("В книге нет таких записей." if book.count() else f"Книга пуста ({book.path}).")
        return 0
    for e in entries:
        title = (e.ruling.get("title") or {}).get("ru", "")
        names = ", ".join(n for n in e.players if n) or "—"
        line = f"№{e.id}  {e.created[:16].replace('T', ' ')}  {e.rule} {title}  {contract_words(e.contract)}  {names}"
        if e.note:
            line += f"  «{e.note if len(e.note) <= 40 else e.note[:39] + '…'}»"
        if e.supersedes is not None:
            line += f"  — перерешение №{e.supersedes}: {change_text(e.changes) or 'без изменений'}"
        if e.superseded_by:
            line += f"  — перерешено: №{', №'.join(map(str, e.superseded_by))}"
        print(line)
    return 0


def _sheet_lines(ruling: dict) -> list[str]:
    from prefdd.book.figures import number, text

    e = ruling.get("entries") or {}
    out = []
    for s in range(len(e.get("pulya") or [])):
        parts = [f"пуля {e['pulya'][s]}", f"гора {e['gora'][s]}"]
        parts += [f"висты на {SEAT_ON_RU[t]} {text(number(x))}" for t, x in enumerate(e["whists"][s]) if t != s]
        out.append(f"  {SEAT_RU[s]}: " + ", ".join(parts))
    return out


def _show(book, args) -> int:
    e = book.get(args.entry)
    if e is None:
        return _fail(f"в книге нет записи №{args.entry} (записей: {book.count()})")
    if args.output_format == "json":
        print(json.dumps(e.to_json(), ensure_ascii=False, indent=1))
        return 0
    r = e.ruling
    print(f"Запись №{e.id} — {e.created.replace('T', ' ')}")
    print(f"Правило {e.rule}: {(r.get('title') or {}).get('ru', '')}")
    names = "; ".join(f"{SEAT_RU[s]} — {n}" for s, n in enumerate(e.players) if n)
    print(f"Контракт: {contract_words(e.contract)}" + (f"; игроки: {names}" if names else ""))
    if e.incident.get("id") is not None:
        print(f"Инцидент: {e.incident['id']}")
    if e.note:
        print(f"Заметка арбитра: {e.note}")
    settings = settings_words(e.settings)
    print(f"Записано: {ORIGIN_RU.get(e.origin, e.origin)}; prefdd {e.version}" + (f"; настройки: {settings}" if settings else ""))
    if e.supersedes is not None:
        print(f"Перерешение записи №{e.supersedes}: {change_text(e.changes) or 'цифры те же'}")
    if e.superseded_by:
        print(f"Перерешено записями: №{', №'.join(map(str, e.superseded_by))}")
    print("На листе:")
    print("\n".join(_sheet_lines(r)))
    writes = r.get("writes") or []
    if writes:
        print("Кто что пишет:")
        for w in writes:
            what = {"pulya": "в пулю", "gora": "в гору"}.get(w["kind"], f"вистов на {SEAT_ON_RU[w.get('on', 0)]}")
            print(f"  - {SEAT_RU[w['seat']]} пишет {w['amount']} {what} — {(w.get('why') or {}).get('ru', '')}")
    return 0


def _add(book, args) -> int:
    from compensation.rulings import rule_incident
    from prefdd.jsonl import InputError, read_document
    from solver.errors import PrefError

    try:
        data = read_document(args.input)
    except InputError as e:
        return _fail(str(e))
    try:
        ruling = rule_incident(data).to_json()
    except PrefError as e:
        field = getattr(e, "field", None)
        return _fail(f"{args.input}: {field}: {getattr(e, 'message', e)}" if field else f"{args.input}: {e}")
    eid = book.record(data, ruling, note=args.note, players=args.players, origin="cli")
    print(f"Записано в книгу: №{eid} ({book.path})")
    return 0


def _export(book, args) -> int:
    from prefdd.book.exchange import export_lines

    try:
        out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    except OSError as e:
        return _fail(f"{args.output}: не записать ({e.strerror or e})")
    n = 0
    try:
        for line in export_lines(book, **_filters(args)):
            out.write(line + "\n")
            n += 1
    finally:
        if args.output:
            out.close()
    if args.output:
        print(f"prefdd book: записей выгружено: {n} → {args.output}", file=sys.stderr)
    return 0


def _import(book, args) -> int:
    from prefdd.book.exchange import ImportProblems, import_lines

    try:
        if args.input == "-":
            lines = sys.stdin.read().splitlines()
        else:
            with open(args.input, encoding="utf-8") as f:
                lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        return _fail(f"{args.input}: не прочитать ({getattr(e, 'strerror', None) or e})")
    try:
        done = import_lines(book, lines, "stdin" if args.input == "-" else args.input, workers=args.workers)
    except ImportProblems as e:
        for p in e.problems[:20]:
            print(f"prefdd book import: {p}", file=sys.stderr)
        more = len(e.problems) - 20
        return _fail(f"строк с ошибками: {len(e.problems)}" + (f" (ещё {more} не показаны)" if more > 0 else "")
                     + "; ничего не записано")
    if args.output_format == "json":
        print(json.dumps(done))
    else:
        ids = done["written"]
        span = f" (№{ids[0]}–№{ids[-1]})" if ids else ""
        print(f"Записано: {len(ids)}{span}; уже были в книге: {done['skipped']}; решено при импорте: {done['ruled']}")
    return 0


def _rerule(book, args) -> int:
    from prefdd.book.rerule import rerule, settings_of

    settings = settings_of(args.convention, args.sets)
    if not settings:
        return _fail("задайте новые настройки: --convention ИМЯ и/или --set НАСТРОЙКА=ЗНАЧЕНИЕ")
    try:
        report = rerule(book, settings, dry_run=args.dry_run, workers=args.workers, dask=args.dask,
                        dask_local=args.dask_local, note=args.note, **_filters(args))
    except Exception as e:  # the batch machinery's failures (a dead worker, Dask unreachable)
        from prefdd.batch import BackendError, RulingsUnavailable

        if isinstance(e, BackendError | RulingsUnavailable):
            return _fail(str(e), 1)
        raise
    if args.output_format == "json":
        print(json.dumps({"settings": settings, "dry_run": args.dry_run,
                          "changed": [{"entry": o.entry.id, "new_entry": o.new_id, "changes": o.changes}
                                      for o in report.changed],
                          "same": [o.entry.id for o in report.same],
                          "errors": [{"entry": o.entry.id, "error": o.error} for o in report.errors]},
                         ensure_ascii=False))
    else:
        words = settings_words(settings)
        print(f"Перерешено записей: {len(report.outcomes)} ({words})" + (" — проверка, ничего не записано" if args.dry_run else ""))
        print(f"Изменились цифры: {len(report.changed)}")
        for o in report.changed:
            arrow = f" → №{o.new_id}" if o.new_id else ""
            print(f"  №{o.entry.id}{arrow}  {o.entry.rule}, {contract_words(o.entry.contract)}: {change_text(o.changes)}")
        same = report.same
        print(f"Без изменений: {len(same)}" + (f" (№{', №'.join(str(o.entry.id) for o in same)})" if same else ""))
        for o in report.errors:
            print(f"  №{o.entry.id}: ошибка: {o.error}")
    return 2 if report.errors else 0


def _season(book, args) -> int:
    from prefdd.book.season import month_name, season, to_csv

    data = season(book, args.date_from, args.date_to)
    if args.csv:
        sys.stdout.write(to_csv(data, args.lang))
        return 0
    if args.output_format == "json":
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(f"Решений: {data['rulings']}")
    print("По правилам (решений; вистов записано):")
    for r in data["by_rule"]:
        print(f"  {r['rule']} {(r['title'] or {}).get('ru', '')}: {r['rulings']}; {r['whists']}")
    print("По игрокам (решений; вистов на него; вистов он записал):")
    for p in data["by_player"]:
        print(f"  {p['name']}: {p['rulings']}; {p['whists_on']}; {p['whists_by']}")
    print("По месяцам:")
    for m in data["by_month"]:
        print(f"  {month_name(m['month'])}: {m['rulings']}")
    return 0


def _passwd(book, args) -> int:
    import getpass

    from prefdd.book import passphrase

    had = passphrase.is_set(book)
    if args.stdin:
        lines = sys.stdin.read().splitlines()
        if len(lines) < (2 if had else 1):
            return _fail("--stdin: " + ("нужны нынешний пароль и новый, каждый на своей строке"
                                        if had else "нужен пароль на строке"))
        old, new = (lines[0], lines[1]) if had else (None, lines[0])
    else:
        if not sys.stdin.isatty():
            return _fail("не терминал: дайте пароль через --stdin")
        old = getpass.getpass("Нынешний пароль: ") if had else None
        new = getpass.getpass("Новый пароль арбитра: ")
        if getpass.getpass("Ещё раз: ") != new:
            return _fail("пароли не совпали; ничего не изменено")
    passphrase.set_passphrase(book, new, old)
    print(f"Пароль арбитра {'сменён' if had else 'задан'} ({book.path}).")
    return 0


ACTIONS = {"list": _list, "show": _show, "add": _add, "export": _export, "import": _import, "rerule": _rerule,
           "season": _season, "passwd": _passwd}
