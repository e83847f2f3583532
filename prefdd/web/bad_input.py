"""A request the desk refuses: the field, the message, the status and the message kind (a leaf:
the jobs and the upload's reader both raise it, neither importing the other)."""
from __future__ import annotations

MAX_DEPTH = 32  # the JSON a request or an upload may nest: an incident nests 4 or 5 levels


class BadInput(Exception):
    def __init__(self, field, message, status=400, kind=None, ru: str | None = None, **params):
        super().__init__(message)
        self.field, self.message, self.status, self.kind, self.params = field, message, status, kind, params
        self.ru = ru  # the Russian text, when the error came with one (a library's error of a kind)

    @classmethod
    def of(cls, e, status: int = 400) -> BadInput:
        """A library's :class:`~solver.errors.PrefError`: its field, English, kind and Russian
        (said where it is raised, so parameters that are not JSON never travel)."""
        ru = e.said("ru") if e.kind != "input" else None
        return cls(e.path, e.message, status, e.kind, ru)

    def to_dict(self) -> dict:
        return {"status": self.status, "field": self.field, "message": self.message, "kind": self.kind,
                "params": self.params, "ru": self.ru}


def known(body: dict, names: set) -> None:
    unknown = sorted(set(body) - names)
    if unknown:
        from solver.messages import nearest

        near = nearest(str(unknown[0]), sorted(names))
        raise BadInput(unknown[0], f"unknown field (known: {', '.join(sorted(names))})", kind="unknown_field",
                       name=unknown[0], near=near)
