"""The searches the page asks for, as jobs a worker process runs (:mod:`.pool`).

:func:`run_job` never raises: it answers ``("ok", data)``, ``("error", {...})`` for bad
input (status, field, English message, kind) or ``("bug", "Type: text")``. Importing this
module loads the solver and the penalty code, so a preloaded forkserver forks workers
that start at once.
"""
from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import compensation.rulings  # noqa: F401  (preloaded for the workers)
from compensation.numbers import text_number
from compensation.rulings.wording import ROUNDINGS, rounded
from prefdd.messages import fields_in_words
from solver.errors import PrefError, SearchLimitError
from solver.limits import Limits

from .bad_input import BadInput, known
from .table import table_state

REPORT: Any = None  # in a worker, while a job runs: report(counts) sends the search's counts to the server (pool.py)


def counting_engine(node_budget: int):
    """The engine of a ruling: the CLI's progress engine, whose counts go to the page through
    the job's progress instead of stderr — searches done, nodes searched and, while a
    decision's layouts are scanned, how many of them are settled, of how many, and how many
    decisions are done (:meth:`~compensation.rulings.progress.ProgressEngine.snapshot`)."""
    from compensation.rulings.progress import ProgressEngine

    report = REPORT

    def tell(c: dict) -> None:
        if report is not None:
            report({"searches": c["searches"], "nodes": c["nodes"], "seconds": round(c["seconds"], 1),
                    "scans": c["decisions"], "scan_settled": c["decision_settled"],
                    "scan_layouts": c["decision_layouts"], "scans_left": c["decisions_left"]})

    return ProgressEngine(node_budget=node_budget, table_mb=4, quiet=True, callback=tell, every=0.5)


def guard(fn):
    """Run ``fn``, turning the libraries' input errors into a field and a message."""
    try:
        return fn()
    except SearchLimitError as e:
        nodes = e.params.get("nodes", "?")
        raise BadInput("node_budget", f"search stopped: {e}; the position is too large for this server's "
                                      "budget (prefdd serve --node-budget N)", 422, "node_budget",
                       nodes=nodes) from None
    except RecursionError:
        raise BadInput("request", "the JSON is nested too deeply", kind="too_deep", limit=32) from None
    except PrefError as e:  # an incident's, a score's or the solver's: its field, kind and both texts
        raise BadInput.of(e) from None


def engine(body: dict, limits: Limits, reuse: bool = False):
    """The job's engine under the server's node limit and the page's own, if it asks for fewer."""
    from solver.engine import Engine

    asked = body.pop("node_budget", None)
    if asked is not None:
        if isinstance(asked, bool) or not isinstance(asked, int) or asked < 1:
            raise BadInput("node_budget", f"expected a positive integer, got {asked!r}", kind="expected_positive", got=asked)
        limits = limits.within(Limits(nodes=asked))
    return Engine(table_mb=4, node_budget=limits.nodes, reuse_table=reuse)


def _number(x: Fraction, rounding: str) -> dict:
    """The exact value, and what the sheet gets: rounded as ``whist_rounding`` says, as
    ``prefdd rule`` writes it (``ru``: decimal comma)."""
    x = Fraction(x)
    exact = text_number(x)
    r = rounded(x, rounding) if rounding in ROUNDINGS else x
    out = {"exact": exact, "rounded": text_number(r)}
    if r != x or x.denominator != 1:
        out["approx"] = f"{float(x):.2f}"
    return out


def sheet(entries, rounding: str = "nearest") -> dict:
    """The entries as the sheet shows them: gora and pulya exact, whists rounded as the
    setting says with the exact figure beside."""
    n = entries.n

    def plain(x):
        return _number(x, "exact")

    return {"players": n, "whist_rounding": rounding,
            "pulya": [plain(x) for x in entries.pulya],
            "gora": [plain(x) for x in entries.gora],
            "whists": [[_number(entries.whists[i][j], rounding) for j in range(n)] for i in range(n)]}


def texts(ruling) -> dict:
    """The ruling's parts as ``prefdd rule`` prints them (:meth:`Ruling.sections`: the
    opening sentence, every fraction of whists as the sheet writes it), in both languages,
    laid out for the page: a figure's first line (its line of play is drawn apart), the
    incident's fields as the form names them, the settings in one line."""
    from compensation.rulings.ruling import BALANCE_MEANING

    from .catalogue import form_words

    out = {}
    for lang in ("ru", "en"):
        s = ruling.sections(lang)
        out[lang] = {
            "conclusion": s["conclusion"],
            "seats": s["seats"],
            "writes": s["writes"],
            "options": s["options"],
            "figures": [f.split("\n")[0] for f in s["figures"]],
            "notes": [form_words(fields_in_words(n, lang), lang) for n in s["notes"]],
            "summary": fields_in_words(s["summary"], lang) if s["summary"] is not None else None,
            "settings": "; ".join(s["settings"]),
            "balance": BALANCE_MEANING.get(lang),
        }
    return out


def rule(body: dict, limits: Limits) -> dict:
    from compensation.rulings import rule_incident

    body = dict(body)
    known(body, {"incident", "settings", "node_budget"})
    eng = engine(body, limits, reuse=True)
    if REPORT is not None:  # in a worker: the same engine, counting for the page's progress line
        eng = counting_engine(eng.node_budget)
    if "incident" not in body:
        raise BadInput("incident", "missing", kind="missing")
    settings = body.get("settings") or {}
    if not isinstance(settings, dict):
        raise BadInput("settings", "expected an object", kind="must_be_object", got="")
    # within the request's time: an information-set search that cannot finish gives its proven bounds
    ruling = rule_incident(body["incident"], settings, engine=eng, budget=limits)
    return {"ruling": ruling.to_json(), "sheet": sheet(ruling.entries, ruling.whist_rounding), "text": texts(ruling)}


def table(body: dict, limits: Limits) -> dict:
    return table_state(body, engine(body, limits))


def analyse(body: dict, limits: Limits) -> dict:
    from .table import play_analysis

    return play_analysis(body, engine(body, limits))


SD_MAX_LAYOUTS = 20_000  # layouts a single-dummy decision examines on the desk (a request may ask for fewer)
SD_FIELDS = {"deal", "contract", "declarer", "first_leader", "history", "out_of_turn", "taken", "open",
             "max_layouts", "node_budget"}


def single_dummy(body: dict, limits: Limits) -> dict:
    """Every card of the play judged single dummy (``prefdd solve --analyse-play --single-dummy``,
    :func:`solver.imperfect.single_dummy.single_dummy_record`): the request is a table's (the
    deal, contract, declarer, first lead, history) and ``open`` (the defence opened its cards
    after the first card); at most :data:`SD_MAX_LAYOUTS` layouts a decision (``max_layouts``
    may ask for fewer), past that — or past the server's share of the request's time — the
    decision is not exact and says what the layouts it examined prove.
    A raspasovka, a lead out of turn or no card played is a ``note``, not an analysis."""
    from solver.imperfect.single_dummy import single_dummy_record

    from .table import _cards, out_of_turn, position_of, solver_contract

    known(body, SD_FIELDS)
    cap = body.pop("max_layouts", None)
    if cap is None:
        cap = SD_MAX_LAYOUTS
    elif isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise BadInput("max_layouts", f"expected a positive integer, got {cap!r}", kind="expected_positive", got=cap)
    cap = min(cap, SD_MAX_LAYOUTS)
    open_defence = body.pop("open", False)
    if not isinstance(open_defence, bool):
        raise BadInput("open", f"expected true or false, got {open_defence!r}", kind="expected_bool_v",
                       got=open_defence)
    eng = engine(body, limits, reuse=True)
    pos, contract = position_of(body)  # the whole play checked, an illegal card named as the table names it

    def note(en: str, ru: str) -> dict:
        return {"kind": "raspasovka" if contract.is_raspasovka else "misere" if contract.is_misere else "game",
                "decisions": [], "note": {"en": en, "ru": ru}}

    if contract.is_raspasovka:
        return note("raspasovka: no declarer and no whisters, so no single-dummy analysis",
                    "распасовка: нет ни играющего, ни вистующих — разбора по известным картам нет")
    if out_of_turn(body.get("out_of_turn")):
        return note("a lead out of turn stood in this play: the single-dummy analysis follows only the rightful order",
                    "в розыгрыше был ход вне очереди: разбор по известным картам его не учитывает")
    history = [str(c) for c in _cards(body.get("history") or [], "history")]
    if not history:
        return note("no card has been played yet", "ещё не сыграно ни одной карты")
    deal = body["deal"]
    declarer = getattr(pos, "declarer", None)  # a Position (not a raspasovka's) from here on
    rec: dict = {"hands": deal["hands"], "contract": solver_contract(contract), "declarer": declarer,
                 "leader": body.get("first_leader", 0), "history": history, "open": open_defence}
    if body.get("taken") is not None:
        rec["taken"] = body["taken"]
    for f in ("talon", "discard"):
        if deal.get(f):
            rec[f] = [str(c) for c in _cards(deal[f], f"deal.{f}")]
    # within the request's time: a scan that cannot finish says what its layouts prove
    report, t0 = REPORT, time.monotonic()

    def progress(i: int, n: int, done: int, total: int) -> None:  # card i of n, layouts done of those examined
        if report is not None:
            report({"decision": i + 1, "decisions": n, "layouts_done": done, "layouts": total,
                    "seconds": round(time.monotonic() - t0, 1)})

    a = single_dummy_record(rec, eng, max_layouts=cap, budget=limits.seconds, workers=1, progress=progress)
    out = a.to_json()
    out["max_layouts"] = cap
    return out


def import_deals(body: dict, limits: Limits) -> dict:
    from .imports import import_file

    return import_file(body)


JOBS = {"rule": rule, "table": table, "analyse": analyse, "import": import_deals, "single_dummy": single_dummy}


def run_job(name: str, payload) -> tuple:
    """``payload``: the request's body and the :class:`~solver.limits.Limits` the server gives it."""
    body, limits = payload
    try:
        return ("ok", guard(lambda: JOBS[name](body, limits)))
    except BadInput as e:
        return ("error", e.to_dict())
    except Exception as e:  # a bug: one line for the log, the server stays up
        return ("bug", f"{type(e).__name__}: {e}")


__all__ = ["BadInput", "guard", "known", "run_job", "sheet", "texts"]
