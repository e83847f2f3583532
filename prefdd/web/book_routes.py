"""The book of rulings on the desk: its page, its JSON, the season page, and the write.

Hooked into the app by :func:`add_book_routes` (one call in :func:`prefdd.web.app.create_app`).
Every request opens the book afresh (SQLite connections are per thread; opening is cheap),
so the file may also be written by ``prefdd book`` meanwhile.

Who may write: on a loopback address (the default, 127.0.0.1) the person at this machine;
with ``--host`` set to anything else, only who gives the arbiter's passphrase (set once with
``prefdd book passwd``; without one the book is read-only there). Visitors read.
"""
from __future__ import annotations

import asyncio
from importlib.resources import files

from fastapi import Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from prefdd.book import Book, BookError, default_path
from prefdd.book.figures import change_words
from prefdd.messages import say

STATIC = files("prefdd.web") / "static"
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
PAGE_LIMIT = 200
def error(status: int, kind: str, field=None, **params) -> JSONResponse:
    """A refusal of the book's routes, its sentences from the one catalogue (prefdd/error_kinds.py)."""
    en, ru = say(kind, "en", **params), say(kind, "ru", **params)
    return JSONResponse({"error": {"field": field, "message": en, "kind": kind, "text": {"en": en, "ru": ru}}},
                        status_code=status)


def _book_error(e: BookError, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": {"field": e.field, "message": e.message, "kind": "book",
                                   "text": {"en": e.message, "ru": e.ru}}}, status_code=status)


def is_loopback(host: str | None) -> bool:
    return host is None or host.strip("[]").lower() in ("127.0.0.1", "localhost", "::1")


def add_book_routes(app, path=None, host: str | None = "127.0.0.1", *, compute, read_json) -> None:
    """Add the book's routes to ``app``: ``path`` the book's file (default: the user's data
    directory), ``host`` what the server listens on (a non-loopback one asks the passphrase
    for writes); ``compute`` and ``read_json`` are the app's (a ruling in a worker, a checked
    JSON body)."""
    book_path = path if path is not None else default_path()
    shared = not is_loopback(host)
    app.state.book_path = book_path

    def open_book() -> Book:
        return Book(book_path)

    @app.get("/book", include_in_schema=False)
    def book_page():
        return FileResponse(str(STATIC / "book.html"), media_type="text/html")

    @app.get("/api/book")
    def book_info():
        try:
            with open_book() as b:
                from prefdd.book import passphrase

                has = passphrase.is_set(b)
                return {"entries": b.count(), "schema": b.schema_version(), "shared": shared,
                        "writable": (not shared) or has, "passphrase": shared and has}
        except BookError as e:
            return _book_error(e, 500)

    @app.get("/api/book/entries")
    def book_entries(request: Request):
        q = request.query_params
        unknown = sorted(set(q) - {"name", "rule", "contract", "from", "to", "current", "limit", "offset"})
        if unknown:
            return error(400, "book_unknown_parameter", unknown[0], name=unknown[0])
        try:
            limit = min(PAGE_LIMIT, int(q.get("limit") or 50))
            offset = max(0, int(q.get("offset") or 0))
        except ValueError:
            return error(400, "book_whole_number", "limit", name="limit")
        filters = {"name": q.get("name") or None, "rule": q.get("rule") or None, "contract": q.get("contract") or None,
                   "date_from": q.get("from") or None, "date_to": q.get("to") or None,
                   "current": q.get("current") in ("1", "true", "on")}
        try:
            with open_book() as b:
                found = b.find(limit=limit, offset=offset, **filters)
                total = b.total(**filters)
        except BookError as e:
            return _book_error(e)
        out = []
        for entry in found:
            s = entry.summary()
            s["changes_text"] = [change_words(c) for c in entry.changes or []]
            out.append(s)
        return {"entries": out, "total": total, "offset": offset, "limit": limit}

    @app.get("/api/book/entries/{number}")
    def book_entry(number: str):
        if not number.isdigit():
            return error(404, "book_no_entry", "entry", n=number[:20])
        try:
            with open_book() as b:
                e = b.get(int(number))
        except BookError as err:
            return _book_error(err)
        if e is None:
            return error(404, "book_no_entry", "entry", n=number)
        out = e.to_json()
        out["changes_text"] = {lang: [change_words(c, lang) for c in e.changes or []] for lang in ("ru", "en")}
        return out

    @app.post("/api/book/record")
    async def book_record(request: Request):
        body = await read_json(request, {"incident", "note", "players", "passphrase"})
        if shared:
            from prefdd.book import passphrase

            try:
                with open_book() as b:
                    stored = b.meta(passphrase.KEY)
            except BookError as e:
                return _book_error(e, 500)
            if not stored:
                return error(403, "book_read_only", "passphrase")
            given = body.get("passphrase")
            if not given:
                return error(403, "book_passphrase", "passphrase")
            if not await asyncio.to_thread(passphrase.matches, stored, given):
                await asyncio.sleep(1.0)  # a guess a second at most
                return error(403, "book_wrong_passphrase", "passphrase")
        if "incident" not in body:
            return error(400, "book_no_incident", "incident")
        out = await compute(app, request, "rule", {"incident": body["incident"]})
        if not isinstance(out, dict):
            return out  # the ruling's own error, as /api/rule gives it
        try:
            with open_book() as b:
                eid = await asyncio.to_thread(b.record, body["incident"], out["ruling"], note=body.get("note") or "",
                                              players=body.get("players"), origin="desk")
        except BookError as e:
            return _book_error(e, 507 if "full" in e.message else 400)
        return {"entry": eid, **out}

    def _season_data(request: Request):
        from prefdd.book.season import season

        q = request.query_params
        with open_book() as b:
            return season(b, q.get("from") or None, q.get("to") or None)

    @app.get("/book/season", include_in_schema=False)
    def season_page(request: Request):
        from prefdd.book.season import page

        try:
            data = _season_data(request)
        except BookError as e:
            return HTMLResponse(f"<!doctype html><html lang=\"ru\"><meta charset=\"utf-8\"><p>{_esc(e.ru)}</p>"
                                f"<p><a href=\"/book/season\">Сезон целиком</a></p></html>", status_code=400)
        keep = "&".join(f"{k}={request.query_params[k]}" for k in ("from", "to") if request.query_params.get(k))
        return HTMLResponse(page(data, keep))

    @app.get("/book/season.csv", include_in_schema=False)
    def season_csv(request: Request):
        from prefdd.book.season import to_csv

        lang = "en" if request.query_params.get("lang") == "en" else "ru"
        try:
            data = _season_data(request)
        except BookError as e:
            return _book_error(e)
        return Response(to_csv(data, lang), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": 'attachment; filename="season.csv"'})


def _esc(s: str) -> str:
    from html import escape

    return escape(s)
