"""``prefdd rule``: an incident (JSON) in, the ruling out.

Usage::

    prefdd rule INCIDENT.json                 # the ruling as text, in Russian
    prefdd rule INCIDENT.json --lang en       # in English
    prefdd rule INCIDENT.json --json          # as JSON
    prefdd rule INCIDENT.json --convention leningrad --set players=4 --set compare=actual
    prefdd rule --list                        # every rule: number, pattern, title
    prefdd rule INCIDENT.json --node-budget 5000000   # stop any one search after 5M nodes

A ruling that searches for more than a second shows its progress on stderr.

``--set`` takes a scoring option (see ``docs/scoring.md``) or a ruling option
(``compare``, ``resolve``; see ``docs/rulings.md``). A bad incident prints one line,
``prefdd rule: FILE: FIELD: PROBLEM`` (in Russian, the field in words, unless ``--lang en``),
and exits with status 2.
"""
from __future__ import annotations

import json
import sys


def register(subparsers):
    p = subparsers.add_parser("rule", help="rule on an incident of the penalty code (JSON in, ruling out)",
                              description="Apply the penalty code to an incident described in JSON and print what "
                                          "every player writes, with the rule, the figures compared and the settings.")
    p.add_argument("input", nargs="?", help="incident file (JSON); '-' for stdin")
    p.add_argument("--lang", choices=["ru", "en"], default=None,
                   help="language of the text and of the error messages (default ru, or $PREFDD_LANG)")
    from .options import add_output_switches

    add_output_switches(p, "text")
    p.add_argument("--convention", default=None, help="scoring convention: sochi, leningrad, rostov")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="override a scoring option or a ruling option (compare, resolve); repeatable")
    p.add_argument("--list", action="store_true", help="list every rule with its title and pattern")
    p.add_argument("--node-budget", type=int, default=None, metavar="N",
                   help="stop any one search after N nodes (an error, not a wrong answer); progress is shown on "
                        "stderr once a ruling has searched for a second")
    p.set_defaults(func=run)
    return p


def _fail(lang: str, *parts) -> int:
    from .options import fail

    return fail("prefdd rule", lang, *parts)


def _list(lang: str) -> int:
    from compensation.rulings import LOAD_ERRORS, VARIANTS
    from compensation.rulings.wording import KIND_WORDS, pattern_words

    def key(n):
        seed = n.split(".")[0] if n.startswith("00") else "000"
        rest = n.split(".")[1:] if n.startswith("00") else n.split(".")
        return (seed, [int(x) if x.isdigit() else 0 for x in rest])

    i = 1 if lang == "ru" else 0
    for number in sorted(VARIANTS, key=key):
        for s in VARIANTS[number]:
            title = s.title_ru if lang == "ru" else s.title_en
            kinds = "" if tuple(s.contracts) == ("game", "misere") else \
                f" ({', '.join(KIND_WORDS[k][i] for k in s.contracts)})"
            print(f"{number:<9} {title}{kinds} — {pattern_words(s.pattern, lang)}")
    for mod, msg in LOAD_ERRORS:
        print(f"prefdd rule: {'модуль правил' if lang == 'ru' else 'warning: rule module'} {mod} "
              f"{'не загрузился' if lang == 'ru' else 'failed to load'}: {msg}", file=sys.stderr)
    return 0


def _err(kind: str, path: str | None = None, **params):
    from solver.errors import PrefError

    return PrefError.of(kind, path, **params)


def run(args) -> int:
    from .options import error_lang

    lang = error_lang(args)
    args.lang = args.lang or "ru"
    if args.list:
        return _list(args.lang)
    if not args.input:
        return _fail(lang, _err("give_incident", "input"))
    from compensation.conventions import OPTION_NAMES, PRESETS, parse_option
    from compensation.errors import ScoringError
    from compensation.incident import RULING_OPTIONS
    from compensation.rulings import rule_incident
    from prefdd.jsonl import InputError, read_document
    from solver.errors import PrefError
    from solver.messages import nearest

    name = "stdin" if args.input == "-" else args.input
    try:
        data = read_document(args.input)
    except InputError as e:
        if e.kind in ("cannot_read", "cannot_read_dir"):  # the file named once, at the start of the line
            e = InputError.of("cannot_read_it", None, reason=e.params.get("reason", "is a directory"),
                              errno=e.params.get("errno", 21))
        return _fail(lang, name, e)
    overrides, options = {}, {}
    for item in args.overrides:
        if "=" not in item:
            return _fail(lang, _err("key_value", "--set", got=item))
        k, v = item.split("=", 1)
        k = k.strip()
        if k in RULING_OPTIONS:
            options[k] = v.strip()
            continue
        if k not in OPTION_NAMES:
            near = nearest(k, [*OPTION_NAMES, *RULING_OPTIONS])
            return _fail(lang, _err("unknown_option", "--set", name=k, near=near))
        try:
            overrides[k] = parse_option(k, v)
        except ScoringError as e:
            return _fail(lang, "--set", e if lang != "ru" else e.again(path=f"scoring.set.{e.path}"))
    if args.convention is not None and args.convention not in PRESETS:
        return _fail(lang, _err("unknown_convention", "--convention", name=args.convention, known=", ".join(PRESETS)))
    settings = {"convention": args.convention, "overrides": overrides, "options": options}
    if args.node_budget is not None and args.node_budget < 1:
        return _fail(lang, _err("positive_nodes", "--node-budget", got=args.node_budget))
    from compensation.rulings.progress import ProgressEngine
    from solver.errors import SearchLimitError
    from solver.limits import Limits

    try:
        limits = Limits(nodes=args.node_budget)  # the incident's violation.budget adds its seconds (solver.limits)
        with ProgressEngine(node_budget=limits.nodes, lang=lang) as engine:
            ruling = rule_incident(data, settings, engine=engine, budget=limits)
    except SearchLimitError as e:
        return _fail(lang, name, _err("longer_search", None, inner=e))
    except PrefError as e:  # an incident's, a score's or the solver's: the field and the problem in words
        return _fail(lang, name, e)
    if args.output_format == "json":
        print(json.dumps(ruling.to_json(), ensure_ascii=False, indent=1))
    else:
        print(ruling.to_text(args.lang))
    return 0
