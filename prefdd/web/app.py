"""The arbiter's desk as an ASGI app: the page, its static files, and a small JSON API.

Every endpoint answers bad input with ``{"error": {"field", "message", "kind", "text":
{"en", "ru"}, "where"}}`` (status 400; 422 when a search hits the node budget or a ruling
its time budget) and never with a stack trace; an unexpected failure is a one-line 500 and
the server stays up.

What holds the server up (:class:`Guard`, in front of everything): a request body limit
(413), ``application/json`` on every POST (415), the Host header checked against the names
the server answers for (421: a page on another site cannot post to the desk through a
renamed DNS entry), JSON nested more than :data:`MAX_DEPTH` levels refused (400). Rulings
and tables run in worker processes (:mod:`.pool`): a bounded queue (503 with
``Retry-After`` when full), a time budget over the whole request, the computation killed
when the browser goes away; the page's files are served meanwhile.
"""
from __future__ import annotations

import asyncio
import atexit
import json
import logging
import math
import re
import time
from importlib.resources import files

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from prefdd.jsonl import too_deep
from prefdd.messages import error_texts, say
from solver.limits import Limits

from .bad_input import MAX_DEPTH
from .catalogue import FIELD_WORDS, catalogue
from .jobs import BadInput, guard, known
from .pool import Busy, Pool, Stopped, WorkerDied, tail
from .table import out_of_turn, parse_paste, position_of, random_deal

STATIC = files("prefdd.web") / "static"
DEFAULT_NODE_BUDGET = 50_000_000
DEFAULT_TIME_BUDGET = 60.0
MAX_BODY = 1 << 20  # an incident is a few kilobytes
LOOPBACK = ("127.0.0.1", "localhost", "::1")
log = logging.getLogger("prefdd.web")


def error_body(status: int, field, message: str, kind: str | None = None, ru: str | None = None, **params) -> dict:
    e = {"field": field, "message": message}
    e.update(error_texts(field, message, kind, ru, **params))
    if field in FIELD_WORDS:  # the field named as the form asks it
        (old_en, en), (old_ru, ru) = FIELD_WORDS[field]
        e["where"] = {"en": en, "ru": ru}
        e["text"]["ru"] = e["text"]["ru"].replace(old_ru, ru)
    return {"error": e}


def _error(status: int, field, message: str, kind: str | None = None, headers=None, ru: str | None = None,
           **params) -> JSONResponse:
    return JSONResponse(error_body(status, field, message, kind, ru, **params), status_code=status, headers=headers)


def allowed_hosts(host: str | None) -> tuple | None:
    """The names the server answers for when it listens on ``host``: the loopback names,
    and ``host`` itself; ``None`` (any name) when it listens on every address."""
    if host in ("0.0.0.0", "::", ""):
        return None
    names = set(LOOPBACK)
    if host:
        names.add(host.strip("[]").lower())
    return tuple(sorted(names))


class Guard:
    """ASGI middleware: Host, content type and body size, before any endpoint runs."""

    def __init__(self, app, hosts: tuple | None, max_body: int = MAX_BODY):
        self.app, self.hosts, self.max_body = app, hosts, max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if self.hosts is not None:
            name = _host_name(headers.get("host", ""))
            if name not in self.hosts:
                hosts = ", ".join(self.hosts)
                return await _error(421, "host", say("bad_host", "en", hosts=hosts), "bad_host", hosts=hosts)(
                    scope, receive, send)
        if scope["method"] not in ("POST", "PUT", "PATCH"):
            return await self.app(scope, receive, send)
        ctype = headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype != "application/json":
            return await _error(415, "request", say("content_type", "en"), "content_type")(scope, receive, send)
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return await self._too_large(scope, receive, send)
        chunks, size, more = [], 0, True
        while more:
            msg = await receive()
            if msg["type"] == "http.disconnect":
                return None
            chunk = msg.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return await self._too_large(scope, receive, send)
            chunks.append(chunk)
            more = msg.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # then the client's disconnect, when it comes

        return await self.app(scope, replay, send)

    async def _too_large(self, scope, receive, send):
        resp = _error(413, "request", say("body_too_large", "en", limit=self.max_body), "body_too_large",
                      headers={"Connection": "close"}, limit=self.max_body)
        return await resp(scope, receive, send)


def _host_name(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def create_app(node_budget: int = DEFAULT_NODE_BUDGET, *, time_budget: float = DEFAULT_TIME_BUDGET,
               workers: int = 2, queue: int = 8, host: str | None = "127.0.0.1", max_body: int = MAX_BODY,
               book=None):
    """The app. ``node_budget`` bounds every search, ``time_budget`` (seconds) every request
    that computes, from its arrival to its answer; ``workers`` processes compute, at most
    ``queue`` requests wait; ``host`` is what the server listens on (see :func:`allowed_hosts`)."""
    if isinstance(node_budget, bool) or not isinstance(node_budget, int) or node_budget < 1:
        raise ValueError(f"node budget must be a positive integer, got {node_budget!r}")
    if not time_budget > 0:
        raise ValueError(f"time budget must be positive, got {time_budget!r}")
    pool = Pool(workers, queue)
    app = FastAPI(title="prefdd: the arbiter's desk", docs_url=None, redoc_url=None, openapi_url=None)
    app.router.on_shutdown.append(pool.close)
    atexit.register(pool.close)
    app.state.node_budget = node_budget
    app.state.time_budget = float(time_budget)
    app.state.pool = pool
    app.state.jobs = {}  # the page's name for a long request (its X-Prefdd-Job header) -> the job
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.exception_handler(BadInput)
    async def bad_input(request: Request, e: BadInput):
        return _error(e.status, e.field, e.message, e.kind, ru=e.ru, **e.params)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, e: RequestValidationError):
        return _error(400, "request", "expected a JSON object as the request body", "not_object")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException):
        kind = {404: "not_found", 405: "method"}.get(e.status_code)
        return _error(e.status_code, None, str(e.detail), kind)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, e: Exception):
        log.error("prefdd serve: %s on %s: %s", type(e).__name__, request.url.path, e)
        return _error(500, None, f"internal error ({type(e).__name__}); the server is still running", "internal",
                      what=type(e).__name__)

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def index():
        return FileResponse(str(STATIC / "index.html"), media_type="text/html")

    @app.get("/api/rules")
    def rules():
        return catalogue()

    @app.post("/api/paste")
    async def paste(request: Request):
        body = await read_json(request, {"text"})
        return guard(lambda: parse_paste(body.get("text")))

    @app.post("/api/random")
    async def random(request: Request):
        body = await read_json(request, {"seed"})
        return guard(lambda: {"deal": random_deal(body.get("seed"))})

    @app.post("/api/table")
    async def table(request: Request):
        body = await read_json(request)
        return await compute(app, request, "table", body, front=True)

    @app.post("/api/analyse")
    async def analyse(request: Request):
        body = await read_json(request)
        return await compute(app, request, "analyse", body)

    @app.post("/api/single-dummy")
    async def single_dummy(request: Request):  # every card judged with what its player could know
        body = await read_json(request)
        return await compute(app, request, "single_dummy", body)

    @app.post("/api/line")
    async def line(request: Request):
        body = await read_json(request, {"table", "line", "start"})
        return guard(lambda: _line_start(body))

    @app.get("/api/progress/{token}")
    def progress(token: str):  # a long request's progress: the page names its request (X-Prefdd-Job) and asks here
        job = app.state.jobs.get(token)
        if job is None:
            return {"state": "unknown"}
        out = job.state()
        if out["state"] == "queued":
            with pool.cond:
                out["ahead"] = sum(1 for j in pool.waiting if j.created < job.created)
        return out

    @app.post("/api/stop/{token}")
    def stop(token: str):  # the page's Stop: the search answers with what it proved, or (not started) is dropped
        job = app.state.jobs.get(token)
        if job is None:
            return {"stopping": False, "state": "unknown"}
        return {"stopping": pool.stop(job)}

    @app.post("/api/rule")
    async def rule(request: Request):
        body = await read_json(request, {"incident", "settings", "node_budget"})
        return await compute(app, request, "rule", body)

    @app.post("/api/import")
    async def import_(request: Request):  # another program's deal file (prefdd.formats), read in a worker
        body = await read_json(request, {"name", "text", "base64"})
        return await compute(app, request, "import", body, front=True)

    from .book_routes import add_book_routes  # the book of rulings (``book``: its file, default the user's)

    add_book_routes(app, book, host, compute=compute, read_json=read_json)
    app.add_middleware(Guard, hosts=allowed_hosts(host) if host is not None else None, max_body=max_body)
    return app


SEARCH_SHARE = 0.6  # of a request's time budget, what a ruling's information-set search may take
TIMEOUT_KIND = {"single_dummy": "sd_time_budget"}  # a job over its time budget: what the message says
MARGIN = 2.0  # seconds past its budget a request may take at most (its answer, a worker killed)
JOB_TOKEN = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def job_key(name: str, body: dict) -> str:
    """What a job's expected time is kept under: a ruling's rule (a claim at the first lead and
    a lead out of turn differ a thousandfold), else the kind of job."""
    if name == "rule":
        inc = body.get("incident")
        v = inc.get("violation") if isinstance(inc, dict) else None
        rule = v.get("rule") if isinstance(v, dict) else None
        if isinstance(rule, (str, int)):
            return f"rule {str(rule)[:20]}"
    return name


def expected_seconds(name: str, budget: float) -> float:
    """How long a job is expected to take before the server has timed one: a ruling or a
    single-dummy analysis may search for its share of the budget, the rest are quick."""
    if name in ("rule", "single_dummy"):
        return budget * SEARCH_SHARE + tail(budget)
    return 5.0 if name == "analyse" else 0.5


async def compute(app, request: Request, name: str, body: dict, front: bool = False):
    """Run job ``name`` in a worker; answer when it is done, 503 when the queue is full or the
    request waited out its time, 422 when the job itself ran out of time; stop it when the
    client goes away."""
    pool: Pool = app.state.pool
    budget = app.state.time_budget
    start = time.monotonic()
    # the job's limits, passed beside the request (never in it): the server's nodes and, for a search that
    # answers with what it proved, a share of the request's time (bounds, not a kill; solver.limits)
    seconds = max(0.5, budget * SEARCH_SHARE) if name in ("rule", "single_dummy") else None
    try:
        job = pool.submit(name, (body, Limits(nodes=app.state.node_budget, seconds=seconds)), budget, front=front,
                          expect=expected_seconds(name, budget), key=job_key(name, body))
    except Busy as e:
        return _busy(pool, e.wait)
    token = request.headers.get("x-prefdd-job")
    if token is not None and JOB_TOKEN.match(token) and len(app.state.jobs) < 1000:
        app.state.jobs[token] = job
    else:
        token = None
    fut = asyncio.wrap_future(job.future)
    fut.add_done_callback(lambda f: f.cancelled() or f.exception())  # a job stopped after its client went: retrieved
    try:
        return await _answer(app, request, pool, job, fut, name, budget, start)
    finally:
        if token is not None:
            app.state.jobs.pop(token, None)


async def _answer(app, request: Request, pool: Pool, job, fut, name: str, budget: float, start: float):
    try:
        while True:
            done, _ = await asyncio.wait({fut}, timeout=0.25)
            if done:
                break
            if await request.is_disconnected():
                pool.cancel(job)
                log.info("prefdd serve: %s abandoned by the client after %.1f s: stopped", name,
                         time.monotonic() - start)
                return JSONResponse({"error": {"field": None, "message": "cancelled"}}, status_code=499)
            if time.monotonic() > max(start + budget, job.deadline) + MARGIN:  # the pool missed the deadline
                pool.cancel(job)
    except asyncio.CancelledError:
        pool.cancel(job)
        raise
    try:
        out = fut.result()
    except Stopped as e:
        # over the budget on its own (it had a worker at once): the ruling is too long for this
        # server, 422; having waited its turn first, or never started: the server is busy, 503
        if e.why == "timeout" and not e.queued and e.waited < 1.0:
            kind = TIMEOUT_KIND.get(name, "time_budget")
            return _error(422, "time_budget", say(kind, "en", budget=_secs(budget)), kind, budget=_secs(budget))
        with pool.cond:
            wait = pool.expected_wait()
        return _busy(pool, wait)
    except WorkerDied as e:
        log.error("prefdd serve: a worker died during %s: %s", name, e)
        return _error(500, None, "internal error (worker died); the server is still running", "internal",
                      what="worker")
    status, data = out
    if status == "ok":
        return data
    if status == "error":
        return _error(data["status"], data["field"], data["message"], data.get("kind"), ru=data.get("ru"),
                      **(data.get("params") or {}))
    log.error("prefdd serve: %s on /api/%s", data, name)
    what = data.split(":")[0]
    return _error(500, None, f"internal error ({what}); the server is still running", "internal", what=what)


def _secs(x: float) -> str:
    return f"{x:g}"


def _busy(pool: Pool, wait: float = 0.0) -> JSONResponse:
    """503: the queue's expected wait as ``Retry-After`` (whole seconds, 1 to 300)."""
    busy = pool.busy()
    retry = max(1, min(300, math.ceil(wait)))
    return _error(503, None, say("busy", "en", busy=busy, retry=retry), "busy", headers={"Retry-After": str(retry)},
                  busy=busy, retry=retry)


async def read_json(request: Request, names: set | None = None) -> dict:
    """The request's JSON object: valid, at most :data:`MAX_DEPTH` deep, no unknown field."""
    raw = await request.body()
    try:
        body = json.loads(raw)
    except RecursionError:
        raise BadInput("request", f"the JSON is nested more than {MAX_DEPTH} levels deep", kind="too_deep",
                       limit=MAX_DEPTH) from None
    except ValueError:
        raise BadInput("request", "the request body is not valid JSON", kind="bad_json") from None
    if too_deep(body, MAX_DEPTH):
        raise BadInput("request", f"the JSON is nested more than {MAX_DEPTH} levels deep", kind="too_deep",
                       limit=MAX_DEPTH)
    if not isinstance(body, dict):
        raise BadInput("request", "expected a JSON object as the request body", kind="not_object")
    if names is not None:
        known(body, names)
    return body


def _line_start(body: dict) -> dict:
    """Where a ruling's line of play starts: the first of ``start``, the end of history and
    the first lead from which history's cards before it and then the line all replay."""
    from solver.errors import PrefError

    rec = body.get("table")
    if not isinstance(rec, dict):
        raise BadInput("table", "expected the table object", kind="expected_table")
    line = body.get("line")
    if not isinstance(line, list) or not all(isinstance(c, str) for c in line):
        raise BadInput("line", "expected a list of cards", kind="expected_cards", got="")
    history = list(rec.get("history") or [])
    start = body.get("start")
    if start is not None and (isinstance(start, bool) or not isinstance(start, int) or not 0 <= start <= len(history)):
        raise BadInput("start", f"expected a history index 0..{len(history)}, got {start!r}", kind="expected_int_range",
                       top=len(history), got=start)
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
    raise BadInput("line", "this line does not continue the history given", kind="line_off")


__all__ = ["DEFAULT_NODE_BUDGET", "DEFAULT_TIME_BUDGET", "MAX_BODY", "MAX_DEPTH", "allowed_hosts", "create_app"]
