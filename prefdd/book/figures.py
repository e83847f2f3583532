"""What a ruling writes, read from its JSON: its whists (what the season counts), and what
changed between two rulings of the same incident (a re-ruling's differences)."""
from __future__ import annotations

from fractions import Fraction

SEATS_RU = ("первая рука", "вторая рука", "третья рука", "четвёртая рука")
SEATS_GEN_RU = ("первую руку", "вторую руку", "третью руку", "четвёртую руку")
SEATS_EN = ("first hand", "second hand", "third hand", "fourth hand")


def number(x) -> Fraction:
    """A ruling's number (``4``, ``"196/3"``) as a fraction."""
    return Fraction(x) if type(x) is int else Fraction(str(x))


def whists_matrix(ruling: dict) -> list[list[Fraction]]:
    """``whists[i][j]``: what seat i writes on seat j, as fractions (read once, summed often)."""
    return [[number(x) for x in row] for row in _entries(ruling)["whists"]]


def text(x: Fraction) -> str:
    """``4``, ``196/3``: as the rulings write numbers."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _entries(ruling: dict) -> dict:
    e = ruling.get("entries") or {}
    return {"pulya": e.get("pulya") or [], "gora": e.get("gora") or [], "whists": e.get("whists") or []}


def changes(old: dict, new: dict) -> list[dict]:
    """The figures of ``new`` that differ from ``old``, cell by cell: ``{"kind": "pulya" |
    "gora" | "whists" | "rule", "seat", "on" (whists), "old", "new"}``; [] when the sheet
    is the same."""
    out: list[dict] = []
    if str(old.get("rule")) != str(new.get("rule")):
        out.append({"kind": "rule", "old": old.get("rule"), "new": new.get("rule")})
    a, b = _entries(old), _entries(new)
    for kind in ("pulya", "gora"):
        for s in range(max(len(a[kind]), len(b[kind]))):
            x = number(a[kind][s]) if s < len(a[kind]) else Fraction(0)
            y = number(b[kind][s]) if s < len(b[kind]) else Fraction(0)
            if x != y:
                out.append({"kind": kind, "seat": s, "old": text(x), "new": text(y)})
    n = max(len(a["whists"]), len(b["whists"]))
    for s in range(n):
        for t in range(n):
            x = number(a["whists"][s][t]) if s < len(a["whists"]) and t < len(a["whists"][s]) else Fraction(0)
            y = number(b["whists"][s][t]) if s < len(b["whists"]) and t < len(b["whists"][s]) else Fraction(0)
            if x != y:
                out.append({"kind": "whists", "seat": s, "on": t, "old": text(x), "new": text(y)})
    return out


def change_words(c: dict, lang: str = "ru") -> str:
    """One change in words: «вторая рука: висты на первую руку 196/3 → 392/3»."""
    ru = lang == "ru"
    if c["kind"] == "rule":
        return (f"правило {c['old']} → {c['new']}" if ru else f"rule {c['old']} → {c['new']}")
    seat = (SEATS_RU if ru else SEATS_EN)[c["seat"]]
    if c["kind"] == "whists":
        on = (SEATS_GEN_RU if ru else SEATS_EN)[c["on"]]
        what = f"висты на {on}" if ru else f"whists on the {on}"
    else:
        what = {"pulya": ("пуля", "pulya"), "gora": ("гора", "gora")}[c["kind"]][0 if ru else 1]
    return f"{seat}: {what} {c['old']} → {c['new']}"
