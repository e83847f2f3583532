"""Errors raised on bad input: each names the field at fault and says what is wrong by its kind.

Every error is a :class:`PrefError` (a ``ValueError``) carrying

* ``path`` — the field at fault, where the input was a record (``"hands[1]"``,
  ``"violation.offender"``), so a front end can point at it;
* ``kind`` and ``params`` — what is wrong, as a key of the one catalogue of messages
  (:data:`solver.messages.KINDS`, which each package extends) and the values its sentences
  name;
* ``message`` — the English sentence of that kind.

Raise one with :meth:`PrefError.of`: ``PositionError.of("not_held", "history[4]", seat=0,
card="Kd")``. ``str(err)`` is ``"path: message"`` in English (scripts and tests read it);
:meth:`PrefError.said` and :meth:`PrefError.text` give it in either language, the field
named in words («вторая рука: …»). An error raised the older way, ``PrefError("sentence",
path)``, has the kind ``input`` and its sentence as the detail.
"""
from __future__ import annotations

from typing import Self


class PrefError(ValueError):
    """Base class for every input error the tool reports to a user."""

    message: str
    path: str | None
    kind: str
    params: dict

    def __init__(self, message: str, path: str | None = None):
        super().__init__(f"{path}: {message}" if path else message)
        # a subclass may have set these before calling up (IncidentError does): keep them
        self.__dict__.setdefault("message", message)
        self.__dict__.setdefault("path", path)
        self.__dict__.setdefault("kind", "input")
        self.__dict__.setdefault("params", {"detail": message})

    @classmethod
    def at(cls, path: str | None, message: str) -> Self:
        """This error for the field at ``path`` (one call shape for every subclass, whatever
        order its constructor takes the two in: a shared validator such as
        :func:`solver.seat.parse_seat` raises the caller's kind of error with it)."""
        return cls(message, path)

    @classmethod
    def of(cls, kind: str, path: str | None = None, /, **params) -> Self:
        """The error of ``kind`` (a key of :data:`solver.messages.KINDS`) at ``path``."""
        from .messages import KINDS, say

        if kind not in KINDS:
            raise KeyError(f"error kind {kind!r} is in no catalogue")
        err = cls.at(path, say(kind, "en", **params))
        err.kind, err.params = kind, dict(params)
        return err

    def again(self, cls: type[PrefError] | None = None, path: str | None = None) -> PrefError:
        """The same error (kind and parameters) as ``cls`` at ``path``: a reader passing on what
        a shared check said, under the field it was reading."""
        cls = cls or type(self)
        err = cls.at(path if path is not None else self.path, self.message)
        err.kind, err.params = self.kind, dict(self.params)
        return err

    def under(self, cls: type[PrefError], path: str) -> PrefError:
        """This error as ``cls`` with the field ``path`` in front (a reader passing on what a
        shared parser said of the field it was reading): its kind kept where it names no field
        of its own, else its whole English line after ``path`` as before."""
        if self.path:
            return cls.at(path, str(self))
        return self.again(cls, path)

    def said(self, lang: str = "en") -> str:
        """What is wrong, without the field, in ``lang``."""
        from .messages import say

        if lang != "ru":
            return self.message
        if self.kind == "input":  # no words in the catalogue yet: a Russian frame, the English kept beside
            return f"{say('input', 'ru')} ({self.message})"
        return say(self.kind, "ru", **self.params)

    def text(self, lang: str = "en") -> str:
        """The whole line in ``lang``: the field (in words in Russian), then what is wrong."""
        if lang != "ru":
            return str(self)
        from .messages import field_words

        where = field_words(self.path, "ru") if self.path else ""
        return f"{where}: {self.said('ru')}" if where else self.said("ru")

    @property
    def field(self) -> str | None:
        """The older name of :attr:`path` (scoring and incident errors use it)."""
        return self.path

    @field.setter
    def field(self, value: str | None) -> None:
        self.path = value

    def __reduce__(self):
        return (_rebuild, (type(self), self.message, self.path, str(self), self.kind, self.params, self.__dict__))


def _rebuild(cls, message, path, text, kind="input", params=None, state=None):
    err = PrefError.__new__(cls)
    Exception.__init__(err, text)
    if state:
        err.__dict__.update(state)
    err.message, err.path, err.kind, err.params = message, path, kind, params or {"detail": message}
    return err


class CardError(PrefError):
    """A string that is not a card, or a card where it cannot be."""


class PositionError(PrefError):
    """A deal or position that cannot occur (duplicates, sizes, fields)."""


class IllegalMoveError(PrefError):
    """A move that breaks the rules of play (or a search constraint)."""


class SearchLimitError(PrefError):
    """The caller's node budget or time limit was hit before the search finished."""
