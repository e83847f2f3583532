"""``prefdd score``: deal outcomes as JSON in, entries and settlement out.

Usage::

    prefdd score deal.json                     # one record, a JSON array, or JSON lines
    prefdd score - < sheet.jsonl --text        # a readable table
    prefdd score deal.json --convention leningrad --set players=4 --set gora_divisor=N-1

Input: a file path or ``-`` for stdin holding one JSON object (a deal), a JSON array of
objects (a score sheet), or JSON lines (one object per line; blank lines skipped).
Each object is an outcome record::

    {"id": "d1", "contract": "7s", "declarer": 0,
     "decisions": {"1": "whist", "2": "pass"}, "tricks": [6, 3, 1],
     "second_whister": 2, "raspasovka_round": 1,
     "penalties": [{"offender": 1, "kind": "whist", "count": 1}]}

(full description in ``compensation/outcome_json.py`` and ``docs/scoring.md``).

Output (JSON)::

    {"convention": "sochi", "overrides": {...}, "options": {... every option ...},
     "deals": [{"record": 1, "id": "d1", "contract": "7s",
                "entries": {"pulya": [..], "gora": [..], "whists": [[..], ..]},
                "settlement": [W_0, W_1, W_2]}, ...],
     "total": {"entries": {...}, "settlement": [...]}}

``whists[i][j]`` is what player i writes on player j. Numbers are exact: an integer when
whole, else a string "p/q". With ``--text`` the same as a table (fractions rounded to
two decimals for reading only).

Exit codes: 0 success; 2 bad input or option, reported as one line on stderr naming the
record and the field (``record 2 (id d2): tricks: must sum to 10, got 9``).
"""
from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from compensation.conventions import PRESETS, convention, parse_option
from compensation.errors import ScoringError
from compensation.outcome_json import score_record
from compensation.settlement import balances
from compensation.sheet import number_out, total


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``score`` subcommand to a parent parser's subparsers."""
    p = subparsers.add_parser(
        "score", help="score deal outcomes (JSON) into pulya, gora, whists and settlement",
        description="Score deal outcomes given as JSON (a record, an array, or JSON lines) "
                    "and print the entries written and each player's balance in whists.")
    p.add_argument("input", nargs="?", default="-",
                   help="outcome file (JSON or JSON lines); '-' or nothing for stdin")
    p.add_argument("--convention", default="sochi",
                   help=f"named convention: {', '.join(PRESETS)} (default: sochi)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="override one option of the convention (repeatable), e.g. players=4")
    from .options import add_output_switches

    add_output_switches(p, "json")
    p.add_argument("--lang", choices=("ru", "en"), default=None,
                   help="language of --text and of the error messages (default ru, or $PREFDD_LANG for the "
                        "errors: players' words, «первая рука», «в гору»)")
    p.set_defaults(func=run)
    return p


def _fail(lang: str, *parts) -> int:
    from .options import fail

    return fail("prefdd score", lang, *parts)


def _read_records(stream) -> list[Any]:
    """Every record of the input (one object, an array, or JSON lines); the first bad line
    raises ScoringError naming it (a score sheet needs all of its deals)."""
    from prefdd.jsonl import Problem, iter_items

    records = []
    for item in iter_items(stream):
        problem = item.error
        if isinstance(problem, Problem) and problem.kind in ("not_json", "not_json_at"):
            raise ScoringError.of("not_json_line", "input", line=item.number,
                                  detail=str(item.error).removeprefix("not valid JSON: "))
        if isinstance(problem, Problem):
            raise ScoringError.of("input_line", "input", line=item.number, inner=problem.error())
        if problem:
            raise ScoringError("input", f"line {item.number}: {problem}")
        records.append(item.record)
    return records


def _json_value(value: Any) -> Any:
    if isinstance(value, Fraction):
        return number_out(value)
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


def _label(index: int, record: Any, lang: str = "en") -> str:
    if lang == "ru":
        return f"запись {index}" + (f" ({record['id']})" if isinstance(record, dict) and "id" in record else "")
    if isinstance(record, dict) and "id" in record:
        return f"record {index} (id {record['id']})"
    return f"record {index}"


def run(args: argparse.Namespace) -> int:
    """Execute ``prefdd score``; returns the exit code."""
    from .options import error_lang

    lang = error_lang(args)
    args.lang = args.lang or "ru"
    try:
        overrides = {}
        for item in args.overrides:
            if "=" not in item:
                raise ScoringError.of("key_value", "--set", got=item)
            key, value = item.split("=", 1)
            overrides[key.strip()] = parse_option(key.strip(), value)
        conv = convention(args.convention, **overrides)
    except ScoringError as err:
        return _fail(lang, f"option {err}" if lang != "ru" else err.again(path=f"scoring.set.{err.path}"))
    from prefdd.jsonl import InputError, open_input

    try:
        with open_input(args.input) as stream:
            records = _read_records(stream)
    except (InputError, ScoringError) as err:
        return _fail(lang, err)
    if not records:
        return _fail(lang, ScoringError.of("no_outcome", "input"))

    deals = []
    for index, record in enumerate(records, 1):
        try:
            outcome, entries = score_record(record, conv)
        except ScoringError as err:
            return _fail(lang, _label(index, record, lang), err)
        deals.append((index, record, outcome, entries))

    sheet = total((e for *_, e in deals), conv.players)
    result = {
        "convention": conv.name,
        "overrides": {k: _json_value(v) for k, v in overrides.items()},
        "options": {k: _json_value(v) for k, v in conv.options().items()},
        "deals": [
            {"record": index, **({"id": r["id"]} if "id" in r else {}),
             "contract": str(o.contract),
             "entries": e.to_dict(),
             "settlement": [number_out(w) for w in balances(e, conv)]}
            for index, r, o, e in deals
        ],
        "total": {"entries": sheet.to_dict(),
                  "settlement": [number_out(w) for w in balances(sheet, conv)]},
    }
    if args.output_format == "text":
        print(render_text(result, conv.players, args.lang))
    else:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


def _fmt(x: Any) -> str:
    if isinstance(x, str):  # "p/q"
        num, den = x.split("/")
        return f"{int(num) / int(den):.2f}"
    return str(x)


_HANDS_RU = ("1-я рука", "2-я рука", "3-я рука", "сдающий")


def _table(entries: dict, settlement: list, n: int, lang: str = "en") -> list[str]:
    if lang == "ru":
        head = ["игрок", "пуля", "гора"] + [f"на {j + 1}-ю" if j < 3 else "на сдающ." for j in range(n)] + ["баланс"]
    else:
        head = ["seat", "pulya", "gora"] + [f"on {j}" for j in range(n)] + ["balance"]
    rows = [head]
    for i in range(n):
        seat = _HANDS_RU[i] if lang == "ru" else f"{i}" + (" (dealer)" if i == 3 else "")
        rows.append([seat, _fmt(entries["pulya"][i]), _fmt(entries["gora"][i])]
                    + [("-" if i == j else _fmt(entries["whists"][i][j])) for j in range(n)]
                    + [_fmt(settlement[i])])
    widths = [max(len(r[c]) for r in rows) for c in range(len(head))]
    return ["  " + "  ".join(cell.rjust(w) for cell, w in zip(r, widths)) for r in rows]


def render_text(result: dict, n: int, lang: str = "ru") -> str:
    """The JSON result as a readable table (whists columns: what the row writes on j); in
    Russian the players by hand, the convention and its changed options in words, the
    contract as players write it, numbers with the decimal comma."""
    if lang != "ru":
        lines = [f"Convention: {result['convention']}"
                 + (" (" + ", ".join(f"{k}={v}" for k, v in result["overrides"].items()) + ")"
                    if result["overrides"] else "")]
    else:
        from compensation.rulings.wording import setting_words

        lines = ["Конвенция: " + "; ".join(setting_words({"convention": result["convention"],
                                                         "overrides": result["overrides"]}, "ru"))]
    for deal in result["deals"]:
        lines.append("")
        if lang == "ru":
            from compensation.outcome import parse_contract
            from compensation.rulings.wording import contract_words

            ident = f" ({deal['id']})" if "id" in deal else ""
            lines.append(f"Сдача {deal['record']}{ident}: {contract_words(parse_contract(deal['contract']))}")
        else:
            ident = f" (id {deal['id']})" if "id" in deal else ""
            lines.append(f"Deal {deal['record']}{ident}: {deal['contract']}")
        lines.extend(_table(deal["entries"], deal["settlement"], n, lang))
    if len(result["deals"]) > 1:
        lines.append("")
        lines.append("Итог" if lang == "ru" else "Total")
        lines.extend(_table(result["total"]["entries"], result["total"]["settlement"], n, lang))
    out = "\n".join(lines)
    return _decimal_comma(out) if lang == "ru" else out


def _decimal_comma(s: str) -> str:
    import re

    return re.sub(r"(?<=\d)\.(?=\d)", ",", s)
