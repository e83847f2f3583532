"""The arbiter's desk as an ASGI app: the page, its static files, and a small JSON API.

Every endpoint answers bad input with ``{"error": {"field": ..., "message": ...}}`` (status
400; 422 when a search hits the node budget) and never with a stack trace; an
unexpected failure is a one-line 500 and the server stays up. Every search runs under the
server's node budget (``prefdd serve --node-budget``), which a request may only lower.
"""
from __future__ import annotations

import logging
from fractions import Fraction
from importlib.resources import files

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from compensation.errors import ScoringError
from compensation.incident import IncidentError
from compensation.numbers import text_number
from solver.errors import PrefError, SearchLimitError

from .catalogue import catalogue
from .table import out_of_turn, parse_paste, position_of, random_deal, table_state

STATIC = files("prefdd.web") / "static"
DEFAULT_NODE_BUDGET = 50_000_000
log = logging.getLogger("prefdd.web")


class BadInput(Exception):
    def __init__(self, field, message, status=400):
        self.field, self.message, self.status = field, message, status


def _error(status: int, field, message: str) -> JSONResponse:
    return JSONResponse({"error": {"field": field, "message": message}}, status_code=status)


def create_app(node_budget: int = DEFAULT_NODE_BUDGET) -> FastAPI:
    """The app; ``node_budget`` bounds every search a request starts."""
    if isinstance(node_budget, bool) or not isinstance(node_budget, int) or node_budget < 1:
        raise ValueError(f"node budget must be a positive integer, got {node_budget!r}")
    app = FastAPI(title="prefdd: the arbiter's desk", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.node_budget = node_budget
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.exception_handler(BadInput)
    async def bad_input(request: Request, e: BadInput):
        return _error(e.status, e.field, e.message)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, e: RequestValidationError):
        return _error(400, "request", "expected a JSON object as the request body")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException):
        return _error(e.status_code, None, str(e.detail))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, e: Exception):
        log.error("prefdd serve: %s on %s: %s", type(e).__name__, request.url.path, e)
        return _error(500, None, f"internal error ({type(e).__name__}); the server is still running")

    @app.get("/", include_in_schema=False)
    def index():
        return FileResponse(str(STATIC / "index.html"), media_type="text/html")

    @app.get("/api/rules")
    def rules():
        return catalogue()

    @app.post("/api/paste")
    async def paste(request: Request):
        body = await _body(request, {"text"})
        return _guard(lambda: parse_paste(body.get("text")))

    @app.post("/api/random")
    async def random(request: Request):
        body = await _body(request, {"seed"})
        return _guard(lambda: {"deal": random_deal(body.get("seed"))})

    @app.post("/api/table")
    def table(body: dict):
        return _guard(lambda: table_state(body, _engine(app, body)))

    @app.post("/api/line")
    def line(body: dict):
        return _guard(lambda: _line_start(body))

    @app.post("/api/rule")
    def rule(body: dict):
        _known(body, {"incident", "settings", "node_budget"})
        return _guard(lambda: _rule(body, _engine(app, body, reuse=True)))

    return app


async def _body(request: Request, known: set) -> dict:
    try:
        body = await request.json()
    except ValueError:
        raise BadInput("request", "the request body is not valid JSON") from None
    if not isinstance(body, dict):
        raise BadInput("request", "expected a JSON object as the request body")
    _known(body, known)
    return body


def _known(body: dict, known: set) -> None:
    unknown = sorted(set(body) - known)
    if unknown:
        raise BadInput(unknown[0], f"unknown field (known: {', '.join(sorted(known))})")


def _guard(fn):
    """Run ``fn``, turning the libraries' input errors into a field and a message."""
    try:
        return fn()
    except SearchLimitError as e:
        raise BadInput("node_budget", f"search stopped: {e}; the position is too large for this server's "
                                      "budget (prefdd serve --node-budget N)", 422) from None
    except IncidentError as e:
        raise BadInput(e.field, e.message) from None
    except ScoringError as e:
        raise BadInput(e.field, e.message) from None
    except PrefError as e:
        raise BadInput(None, str(e)) from None


def _engine(app, body: dict, reuse: bool = False):
    from solver.engine import Engine

    budget = app.state.node_budget
    asked = body.pop("node_budget", None)
    if asked is not None:
        if isinstance(asked, bool) or not isinstance(asked, int) or asked < 1:
            raise BadInput("node_budget", f"expected a positive integer, got {asked!r}")
        budget = min(budget, asked)
    return Engine(table_mb=4, node_budget=budget, reuse_table=reuse)


def _rule(body: dict, engine) -> dict:
    from compensation.rulings import rule_incident

    if "incident" not in body:
        raise BadInput("incident", "missing")
    settings = body.get("settings") or {}
    if not isinstance(settings, dict):
        raise BadInput("settings", "expected an object")
    ruling = rule_incident(body["incident"], settings, engine=engine)
    out = ruling.to_json()
    return {"ruling": out, "sheet": sheet(ruling.entries)}


def _number(x: Fraction) -> dict:
    """The exact value and the value as read at the table (two decimals, as ``prefdd rule`` prints)."""
    x = Fraction(x)
    exact = text_number(x)
    rounded = exact if x.denominator == 1 else f"{float(x):.2f}"
    return {"exact": exact, "rounded": rounded}


def sheet(entries) -> dict:
    """The entries as the sheet shows them, each number exact and rounded."""
    n = entries.n
    return {"players": n,
            "pulya": [_number(x) for x in entries.pulya],
            "gora": [_number(x) for x in entries.gora],
            "whists": [[_number(entries.whists[i][j]) for j in range(n)] for i in range(n)]}


def _line_start(body: dict) -> dict:
    """Where a ruling's line of play starts: the first of ``start``, the end of history and
    the first lead from which history's cards before it and then the line all replay."""
    if not isinstance(body, dict):
        raise BadInput("request", "expected a JSON object")
    _known(body, {"table", "line", "start"})
    rec = body.get("table")
    if not isinstance(rec, dict):
        raise BadInput("table", "expected the table object")
    line = body.get("line")
    if not isinstance(line, list) or not all(isinstance(c, str) for c in line):
        raise BadInput("line", "expected a list of cards")
    history = list(rec.get("history") or [])
    start = body.get("start")
    if start is not None and (isinstance(start, bool) or not isinstance(start, int) or not 0 <= start <= len(history)):
        raise BadInput("start", f"expected a history index 0..{len(history)}, got {start!r}")
    ooo = out_of_turn(rec.get("out_of_turn"))
    for k in dict.fromkeys(x for x in (start, len(history), 0) if x is not None):
        before = {i: s for i, s in ooo.items() if i < k}
        tries = [before]
        if k in ooo:
            tries.insert(0, {**before, k: ooo[k]})
        for over in tries:
            try:
                position_of(dict(rec, history=history[:k] + line, out_of_turn=over))
            except PrefError:
                continue
            return {"start": k, "history": history[:k] + line, "out_of_turn": {str(i): s for i, s in over.items()}}
    raise BadInput("line", "this line does not continue the history given")


__all__ = ["DEFAULT_NODE_BUDGET", "create_app", "sheet"]
