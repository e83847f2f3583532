"""A request the desk refuses: the field, the message, the status and the message kind (a leaf:
the jobs and the upload's reader both raise it, neither importing the other)."""
from __future__ import annotations

MAX_DEPTH = 32  # the JSON a request or an upload may nest: an incident nests 4 or 5 levels


class BadInput(Exception):
    def __init__(self, field, message, status=400, kind=None, **params):
        super().__init__(message)
        self.field, self.message, self.status, self.kind, self.params = field, message, status, kind, params

    def to_dict(self) -> dict:
        return {"status": self.status, "field": self.field, "message": self.message, "kind": self.kind,
                "params": self.params}


def known(body: dict, names: set) -> None:
    unknown = sorted(set(body) - names)
    if unknown:
        raise BadInput(unknown[0], f"unknown field (known: {', '.join(sorted(names))})")
