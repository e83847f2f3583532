"""``prefdd convert``: other programs' deal files to our records, and our records to .bts.

``prefdd convert IN [-o OUT] [--from bts|room|ppn|jsonl] [--to jsonl|incidents|bts]``:
a Bridge studio file, an online-room protocol or a PPN file becomes ``prefdd solve``
records (``--to jsonl``, the default) or skeleton ``prefdd rule`` incidents (``--to
incidents``: every deal with a play, the violation left to fill in); our JSON records
become a .bts file (``--to bts``, the default for JSON input) for Bridge studio. Every line
that cannot be read is one line on stderr (file, line, token, why), the rest is still
converted, and the exit status is then 2.

:func:`foreign_input` is how ``prefdd solve`` and ``prefdd batch`` read the same files: the
records are written to a temporary JSON-lines file that the command reads in place of its
input.
"""
from __future__ import annotations

import contextlib
import os
import sys

TARGETS = ("jsonl", "incidents", "bts")


def register(subparsers):
    from prefdd.formats import FORMATS

    p = subparsers.add_parser(
        "convert", help="convert deal files (Bridge studio .bts/.pts, room protocols, PPN) to records and back",
        description="Convert other programs' deal files to prefdd records (positions or skeleton incidents), "
                    "or prefdd records to a Bridge studio .bts file.")
    p.add_argument("input", help="the file to convert ('-' for stdin)")
    p.add_argument("-o", "--output", default="-", help="where to write (default: stdout)")
    p.add_argument("--from", dest="from_format", choices=FORMATS + ("jsonl",), metavar="FMT",
                   help=f"the input's format: {', '.join(FORMATS)} or jsonl (our records); default: by the "
                        "extension (.bts .pts .ppn .json .jsonl), else by the first line")
    p.add_argument("--to", choices=TARGETS, default=None,
                   help="jsonl: prefdd solve records (default for other programs' files); incidents: skeleton "
                        "prefdd rule incidents; bts: a Bridge studio file (default for JSON input)")
    p.add_argument("--lang", choices=["ru", "en"], default=None,
                   help="language of the error messages (default ru, or $PREFDD_LANG)")
    p.set_defaults(func=run)
    return p


_LANG = ["ru"]  # the run's language of errors (set by run)


def _say(message) -> None:
    """One error line, in the run's language (an error of a kind, a line refused, or text)."""
    from solver.messages import one_line

    from .options import in_words

    lang = _LANG[0]
    if hasattr(message, "token") and hasattr(message, "line"):  # a line of another program's file
        from prefdd.messages import read_error_texts

        text = read_error_texts(message)["text"][lang if lang == "ru" else "en"]
    else:
        text = in_words(message, lang)
    print(one_line(f"prefdd convert: {text}"), file=sys.stderr)


def run(args) -> int:
    from prefdd.formats import UnknownFormat, format_of, read
    from prefdd.jsonl import InputError, open_input
    from solver.errors import PrefError

    from .options import error_lang

    _LANG[0] = error_lang(args)
    try:
        with open_input(args.input) as stream:
            data = stream.read()
    except (InputError, OSError) as e:
        _say(e if isinstance(e, InputError) else PrefError.of("cannot_read", None, path=args.input,
                                                               reason=e.strerror, errno=e.errno))
        return 2
    name = "stdin" if args.input in (None, "-") else args.input
    try:
        fmt = "jsonl" if args.from_format == "jsonl" else format_of(args.input, args.from_format, data)
    except UnknownFormat as e:
        _say(str(e))
        return 2
    if not data.strip():
        _say(PrefError.of("import_empty", None, name=name))
        return 2
    if fmt is None:
        fmt = "jsonl"  # our own records
    target = args.to or ("bts" if fmt == "jsonl" else "jsonl")
    if fmt == "jsonl":
        if target != "bts":
            _say(PrefError.of("convert_only_bts", None, name=name))
            return 2
        labelled, ours = _our_records(data, name)
        errors: list = list(ours)
        encoding = ""
    else:
        from prefdd.formats import solve_records

        reading = read(data, fmt, name)
        errors = list(reading.errors)
        records = [r for d in reading.deals for r in solve_records(d)]
        encoding = reading.encoding
        if target == "incidents":
            from prefdd.formats import skeleton_incident

            incidents = []
            for d in reading.deals:
                inc = skeleton_incident(d)
                if inc is None:
                    errors.append(f"{d.source}: no play recorded, so no incident (its solve record: --to jsonl)")
                else:
                    incidents.append(inc)
            records = incidents
        labelled = [(f"{name}: record {i}", r) for i, r in enumerate(records, 1)]
    for problem in errors:
        _say(problem)
    if target == "bts":
        text, bad = _bts_text(labelled)
        for problem in bad:
            _say(problem)
        errors += bad
        written = text.count("\ndeal ")
        payload = _bts_bytes(text)
    else:
        from prefdd.jsonl import json_line

        written = len(labelled)
        payload = "".join(json_line(r) + "\n" for _, r in labelled).encode("utf-8")
    if not written:
        _say(PrefError.of("convert_none", None, name=name))
        return 2
    try:
        _write(args.output, payload)
    except OSError as e:
        _say(PrefError.of("cannot_write", None, path=args.output, reason=e.strerror, errno=e.errno))
        return 1
    what = {"jsonl": "record(s)", "incidents": "incident(s)", "bts": "deal(s)"}[target]
    source = f"{fmt}" + (f", {encoding}" if encoding else "")
    print(f"prefdd convert: {name} ({source}): {written} {what} written"
          + (f", {len(errors)} refused" if errors else ""), file=sys.stderr)
    return 2 if errors else 0


def _our_records(data: bytes, name: str) -> tuple[list[tuple[str, dict]], list[str]]:
    """Our JSON records, each with where it is (``FILE: record N (id X)``, N its line in JSON
    lines), and an error naming the place of each item that is no record."""
    from prefdd.jsonl import iter_items

    records, errors = [], []
    for item in iter_items(data.splitlines(keepends=True)):
        if item.error or not isinstance(item.record, dict):
            errors.append(f"{name}: {item.label}: {item.error or 'expected a JSON object'}")
        else:
            records.append((f"{name}: {item.label}", item.record))
    return records, errors


def _bts_text(records: list[tuple[str, dict]]) -> tuple[str, list[str]]:
    """The records a .bts file can hold, and an error, naming where the record is, for each
    it cannot."""
    from prefdd.formats.bts import HEADER, deal_block
    from solver.errors import PrefError

    blocks, errors = [HEADER], []
    for where, rec in records:
        try:
            blocks.append(deal_block(len(blocks), rec))
        except PrefError as e:
            errors.append(f"{where}: {e}")
    return "\n".join(blocks) + "\n", errors


def _bts_bytes(text: str) -> bytes:
    """cp1251, as Bridge studio writes its Russian files, where the text allows; else UTF-8."""
    try:
        return text.encode("cp1251")
    except UnicodeEncodeError:
        return text.encode("utf-8")


def _write(path: str, payload: bytes) -> None:
    if path in (None, "-"):
        sys.stdout.flush()
        sys.stdout.buffer.write(payload)
        sys.stdout.buffer.flush()
        return
    with open(path, "wb") as f:
        f.write(payload)


@contextlib.contextmanager
def foreign_input(args, command: str):
    """For ``prefdd solve``/``batch``: when the input is another program's file (``--from``,
    or a .bts/.pts/.ppn extension), its records in a temporary JSON-lines file that
    ``args.input`` then names; yields the number of lines refused (each said on stderr), or
    None when no deal could be read (said too: the command has nothing to do). Otherwise the
    input is left alone and 0 is yielded."""
    from prefdd.formats import format_of, solve_lines

    path = args.input
    fmt = format_of(path, getattr(args, "from_format", None))
    if fmt is None:
        yield 0
        return
    import tempfile

    from prefdd.jsonl import InputError, open_input
    from solver.messages import one_line

    try:
        with open_input(path) as stream:
            data = stream.read()
    except InputError:
        yield 0  # the command says it cannot read the file, as for any input
        return
    name = "stdin" if path in (None, "-") else path
    lines, errors = solve_lines(data, fmt, name)
    for e in errors:
        print(one_line(f"prefdd {command}: {e}"), file=sys.stderr)
    if not lines:
        print(one_line(f"prefdd {command}: {name}: no deal read ({fmt})"), file=sys.stderr)
        yield None
        return
    fd, tmp = tempfile.mkstemp(prefix="prefdd-", suffix=".jsonl")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
        args.input = tmp
        yield len(errors)
    finally:
        args.input = path
        os.unlink(tmp)
