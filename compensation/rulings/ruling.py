"""The answer to an incident: what every player writes, under which rule, and why.

A :class:`Ruling` is a plain value:

* ``writes`` — the readable list of :class:`Write` items (who writes what on whom:
  pulya, gora, whists), each with its reason; ``entries`` is their sum as
  :class:`~compensation.sheet.Entries`;
* the rule applied: number, pattern, title and text in Russian and English;
* ``figures`` — the values compared (:class:`Figure`: a double-dummy or actual result,
  the tricks per seat, the line of play behind it, the balance that was compared);
* ``options`` — for REMEDY rules every remedy with its value, the best one named;
* ``settings`` — the convention and options used; ``notes`` — proxies, readings of
  ambiguous rules, amounts that are not set.

``to_json()`` for machines, ``to_text(lang="ru"|"en")`` for the table.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..numbers import text_number
from ..sheet import Entries, number_out

SEAT_WORD = {"en": "seat {}", "ru": "место {}"}
KIND_WORD = {
    "en": {"pulya": "pulya", "gora": "gora", "whists": "whists"},
    "ru": {"pulya": "пулю", "gora": "гору", "whists": "вистов"},
}


def _num(x) -> str:
    return text_number(x, approx=True)


@dataclass(frozen=True)
class Text:
    """One sentence in both languages."""

    en: str
    ru: str

    def get(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en

    def to_json(self) -> dict:
        return {"en": self.en, "ru": self.ru}


def text(en: str, ru: str | None = None) -> Text:
    return Text(en, ru if ru is not None else en)


@dataclass(frozen=True)
class Write:
    """Seat ``seat`` writes ``amount`` of ``kind`` ("pulya" | "gora" | "whists");
    whists are written on ``on``."""

    seat: int
    kind: str
    amount: Fraction
    on: int | None = None
    why: Text = Text("", "")

    def to_json(self) -> dict:
        out = {"seat": self.seat, "kind": self.kind, "amount": number_out(Fraction(self.amount))}
        if self.on is not None:
            out["on"] = self.on
        out["why"] = self.why.to_json()
        return out

    def __repr__(self) -> str:
        on = f" on={self.on}" if self.on is not None else ""
        return f"<Write seat={self.seat} {self.kind} {text_number(self.amount)}{on}>"

    def describe(self, lang: str) -> str:
        a = _num(self.amount)
        if lang == "ru":
            if self.kind == "whists":
                s = f"место {self.seat} пишет {a} вистов на место {self.on}"
            else:
                s = f"место {self.seat} пишет {a} в {KIND_WORD['ru'][self.kind]}"
        else:
            if self.kind == "whists":
                s = f"seat {self.seat} writes {a} whists on seat {self.on}"
            else:
                s = f"seat {self.seat} writes {a} to his {self.kind}"
        why = self.why.get(lang)
        return f"{s} — {why}" if why else s


def writes_of(entries: Entries, why: Text) -> list[Write]:
    """Every non-zero entry of ``entries`` as a Write with the same reason."""
    out = []
    for i in range(entries.n):
        if entries.pulya[i]:
            out.append(Write(i, "pulya", entries.pulya[i], None, why))
        if entries.gora[i]:
            out.append(Write(i, "gora", entries.gora[i], None, why))
        for j in range(entries.n):
            if entries.whists[i][j]:
                out.append(Write(i, "whists", entries.whists[i][j], j, why))
    return out


def entries_of(writes, players: int = 3) -> Entries:
    e = Entries.zero(players)
    for w in writes:
        if w.kind == "pulya":
            e = e.add_pulya(w.seat, w.amount)
        elif w.kind == "gora":
            e = e.add_gora(w.seat, w.amount)
        else:
            e = e.add_whists(w.seat, w.on, w.amount)
    return e


@dataclass
class Figure:
    """A result that was compared: ``tricks`` per seat at the end of the deal, the
    ``line`` of play from the moment in question, and optionally the balance (whists)
    of the player it was compared for."""

    label: Text
    tricks: tuple | None = None
    declarer_tricks: int | None = None
    line: list = field(default_factory=list)
    balance: Fraction | None = None
    balance_of: int | None = None
    source: str = "double dummy"  # or "actual", "given"

    def to_json(self) -> dict:
        out = {"label": self.label.to_json(), "source": self.source}
        if self.declarer_tricks is not None:
            out["declarer_tricks"] = self.declarer_tricks
        if self.tricks is not None:
            out["tricks"] = list(self.tricks)
        if self.line:
            out["line"] = [str(c) for c in self.line]
        if self.balance is not None:
            out["balance"] = {"seat": self.balance_of, "whists": number_out(Fraction(self.balance))}
        return out

    def describe(self, lang: str) -> str:
        parts = [self.label.get(lang) + ":"]
        if self.declarer_tricks is not None:
            parts.append(("взяток у играющего " if lang == "ru" else "declarer's tricks ")
                         + str(self.declarer_tricks))
        if self.tricks is not None:
            parts.append(("по местам " if lang == "ru" else "by seat ") + "-".join(map(str, self.tricks)))
        if self.balance is not None:
            parts.append((f"баланс места {self.balance_of}: " if lang == "ru"
                          else f"balance of seat {self.balance_of}: ") + _num(self.balance))
        src = {"double dummy": "в открытую" if lang == "ru" else "double dummy",
               "actual": "реальный результат" if lang == "ru" else "actual result"}.get(self.source, self.source)
        parts.append(f"({src})")
        s = parts[0] + " " + "; ".join(parts[1:-1]) + " " + parts[-1]
        if self.line:
            s += "\n      " + ("линия: " if lang == "ru" else "line: ") + " ".join(
                (c.russian() if lang == "ru" else c.pretty()) if hasattr(c, "pretty") else str(c)
                for c in self.line)
        return s


@dataclass
class Option:
    """One remedy (or one discard, one plan): its description and value."""

    label: Text
    declarer_tricks: int
    value: Fraction | None = None  # the chooser's balance, when scored
    best: bool = False
    figure: Figure | None = None

    def to_json(self) -> dict:
        out = {"label": self.label.to_json(), "declarer_tricks": self.declarer_tricks, "best": self.best}
        if self.value is not None:
            out["value"] = number_out(Fraction(self.value))
        if self.figure is not None:
            out["figure"] = self.figure.to_json()
        return out


@dataclass
class Ruling:
    rule: str
    pattern: str
    title: Text
    rule_text: Text
    writes: list = field(default_factory=list)
    figures: list = field(default_factory=list)
    options: list = field(default_factory=list)
    notes: list = field(default_factory=list)  # Text
    settings: dict = field(default_factory=dict)
    unset: list = field(default_factory=list)  # option names a complete ruling needs
    players: int = 3
    incident_id: str | None = None
    summary: Text | None = None

    @property
    def entries(self) -> Entries:
        return entries_of(self.writes, self.players)

    def __repr__(self) -> str:
        writes = "; ".join(
            f"{w.seat} {w.kind} {text_number(w.amount)}" + (f" on {w.on}" if w.on is not None else "")
            for w in self.writes) or "nothing written"
        return f"<Ruling {self.rule} [{self.pattern}]: {writes}>"

    def write(self, seat, kind, amount, on=None, why: Text = Text("", "")) -> None:
        if Fraction(amount):
            self.writes.append(Write(seat, kind, Fraction(amount), on, why))

    def write_entries(self, entries: Entries, why: Text) -> None:
        self.writes.extend(writes_of(entries, why))

    def note(self, en: str, ru: str) -> None:
        self.notes.append(Text(en, ru))

    def to_json(self) -> dict:
        out = {}
        if self.incident_id is not None:
            out["id"] = self.incident_id
        out.update({
            "rule": self.rule, "pattern": self.pattern,
            "title": self.title.to_json(), "rule_text": self.rule_text.to_json(),
            "entries": self.entries.to_dict(),
            "writes": [w.to_json() for w in self.writes],
            "figures": [f.to_json() for f in self.figures],
            "options": [o.to_json() for o in self.options],
            "notes": [n.to_json() for n in self.notes],
            "unset": list(self.unset),
            "settings": self.settings,
        })
        if self.summary is not None:
            out["summary"] = self.summary.to_json()
        return out

    def to_text(self, lang: str = "ru") -> str:
        ru = lang == "ru"
        L = []
        L.append((f"Правило {self.rule}: " if ru else f"Rule {self.rule}: ") + self.title.get(lang)
                 + f"  [{self.pattern}]")
        L.append("  " + self.rule_text.get(lang))
        if self.incident_id is not None:
            L.append(("  Инцидент: " if ru else "  Incident: ") + str(self.incident_id))
        if self.summary is not None:
            L.append("")
            L.append(self.summary.get(lang))
        L.append("")
        L.append("Записи:" if ru else "Entries:")
        if self.writes:
            for w in self.writes:
                L.append("  - " + w.describe(lang))
        else:
            L.append("  (нет записей)" if ru else "  (nothing to write)")
        if self.options:
            L.append("")
            L.append("Варианты:" if ru else "Options:")
            for o in self.options:
                mark = "*" if o.best else " "
                v = f"; {('баланс' if ru else 'balance')} {_num(o.value)}" if o.value is not None else ""
                L.append(f"  {mark} {o.label.get(lang)}: "
                         + ("взяток у играющего " if ru else "declarer's tricks ")
                         + f"{o.declarer_tricks}{v}")
        if self.figures:
            L.append("")
            L.append("Сравниваемые результаты:" if ru else "Figures compared:")
            for f in self.figures:
                L.append("  - " + f.describe(lang))
        if self.notes:
            L.append("")
            L.append("Примечания:" if ru else "Notes:")
            for n in self.notes:
                L.append("  - " + n.get(lang))
        if self.unset:
            L.append("")
            L.append(("Не заданы суммы: " if ru else "Amounts not set: ") + ", ".join(self.unset))
        L.append("")
        conv = self.settings.get("convention", "sochi")
        over = self.settings.get("overrides") or {}
        ro = self.settings.get("ruling_options") or {}
        s = ("Настройки: " if ru else "Settings: ") + conv
        if over:
            s += "; " + ", ".join(f"{k}={v}" for k, v in over.items())
        if ro:
            s += "; " + ", ".join(f"{k}={v}" for k, v in ro.items())
        L.append(s)
        return "\n".join(L)
