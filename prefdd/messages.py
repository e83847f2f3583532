"""What the desk and the command line say about bad input, in Russian and English.

Every error carries its *kind* and parameters (:class:`solver.errors.PrefError`); the
sentences of every kind are in one catalogue (:data:`solver.messages.KINDS`, filled by
``solver/error_kinds.py``, ``compensation/error_kinds.py`` and :mod:`prefdd.error_kinds`).
This module only lays them out for a front end: :func:`error_of` (an error's kind, its text
in both languages and its field in words), :func:`error_texts` (the same for the desk's own
refusals, by kind), :func:`read_error_texts` (a line of another program's file), and
:func:`say_error` (one line on a terminal in the language asked). Nothing here reads a
message back: a message no kind describes is the kind ``input``, said «неверные данные» with
the English beside it on a terminal, and with the field named on the desk.
"""
from __future__ import annotations

from compensation.rulings.wording import fields_in_words
from solver.errors import PrefError
from solver.messages import KINDS, field_words, say

from . import error_kinds  # noqa: F401  the application's kinds, in the one catalogue


def error_texts(field, message: str, kind: str | None = None, ru: str | None = None, **params) -> dict:
    """What an error response carries besides the English ``message``: its ``kind`` and the
    text in both languages (``ru`` when the caller has it already), with the field in words."""
    kind = kind if kind in KINDS else "input"
    where = field_words(field, "ru")
    if ru is None:
        ru = say(kind, "ru", **params) if kind != "input" else "неверные данные"
    if kind == "input" and where:
        ru = f"неверные данные: {where}"
    return {"kind": kind, "text": {"en": str(message), "ru": ru}, "where": {"en": field_words(field, "en"), "ru": where}}


def error_of(e: PrefError) -> dict:
    """An error of the libraries for the desk: its field, its English message, kind and texts."""
    out = {"field": e.path, "message": e.message}
    out.update(error_texts(e.path, e.message, e.kind, e.said("ru") if e.kind != "input" else None))
    return out


def say_error(e: PrefError, lang: str = "ru") -> str:
    """One line on a terminal: the field, then what is wrong, in ``lang`` (English: ``str(e)``)."""
    return e.text(lang)


def read_error_texts(error) -> dict:
    """One line of another program's file the desk could not take over (a
    :class:`prefdd.formats.ReadError`): its file, line and token, its kind, and the sentence
    in both languages, the Russian one naming the file, the line and the token in «»."""
    token = str(error.token)
    token = token if len(token) <= 40 else token[:37] + "..."
    return {"file": error.path, "line": error.line, "token": error.token, "kind": error.kind,
            "text": {"en": str(error),
                     "ru": say("read_line", "ru", path=error.path, line=error.line, token=token,
                               what=error.said("ru"))}}


__all__ = ["error_of", "error_texts", "field_words", "fields_in_words", "read_error_texts", "say", "say_error"]
