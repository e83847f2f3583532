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
from typing import Any

from ..numbers import text_number
from ..sheet import Entries, number_out
from .conclusion import as_sheet, conclusion
from .conclusion import cap as _cap
from .wording import SeatNames, count, fields_in_words, number, on_sheet, setting_words

KIND_WORD = {"en": {"pulya": "to his pulya", "gora": "to his gora"}, "ru": {"pulya": "в пулю", "gora": "в гору"}}
SOURCE_WORDS = {  # Figure.source -> (English, Russian)
    "double dummy": ("double dummy", "в открытую"),
    "actual": ("the actual result", "реальный результат"),
    "given": ("as ruled", "по правилу"),
    "worst guess": ("every guess wrong", "при неверном угадывании"),
    "worst legal move": ("the worst legal move", "худший допустимый ход"),
}
PLAIN = SeatNames("raspasovka")  # «первая рука» … when a ruling is rendered without its incident


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

    def describe(self, lang: str, rounding: str = "nearest") -> str:
        """«Вистующий пишет 15 вистов (точно 46/3 ≈ 15,33) на играющего — why» (seats as «место N»)."""
        if self.kind == "whists":
            amount = on_sheet(self.amount, rounding, lang)
            s = (f"место {self.seat} пишет {amount} на место {self.on}" if lang == "ru"
                 else f"seat {self.seat} writes {amount} on seat {self.on}")
        else:
            s = (f"место {self.seat} пишет {number(self.amount, lang)} {KIND_WORD[lang][self.kind]}" if lang == "ru"
                 else f"seat {self.seat} writes {number(self.amount, lang)} {KIND_WORD[lang][self.kind]}")
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
        out: dict[str, Any] = {"label": self.label.to_json(), "source": self.source}
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
        ru = lang == "ru"
        parts = []
        if self.declarer_tricks is not None:
            parts.append(("у играющего " if ru else "the declarer's tricks: ")
                         + (count(self.declarer_tricks, "trick") if ru else str(self.declarer_tricks)))
        if self.tricks is not None:
            each = [f"у места {i} {t}" if ru else f"seat {i} {t}" for i, t in enumerate(self.tricks)]
            parts.append(("взятки: " if ru else "tricks: ") + ", ".join(each))
        if self.balance is not None:
            parts.append((f"баланс места {self.balance_of}: " if ru else f"balance of seat {self.balance_of}: ")
                         + count(self.balance, "whist", lang))
        en, rus = SOURCE_WORDS.get(self.source, (self.source, self.source))
        s = f"{self.label.get(lang)}: {'; '.join(parts)} ({rus if ru else en})"
        if self.line:
            s += "\n      " + ("линия: " if ru else "line: ") + " ".join(
                (c.russian() if ru else c.pretty()) if hasattr(c, "pretty") else str(c) for c in self.line)
        return s


@dataclass
class Option:
    """One remedy (or one discard, one plan): its description and value."""

    label: Text
    declarer_tricks: int
    value: Fraction | None = None  # the chooser's balance, when scored
    best: bool = False
    figure: Figure | None = None
    value_of: int | None = None  # whose balance ``value`` is (rule 3: the plan's stater)

    def to_json(self) -> dict:
        out = {"label": self.label.to_json(), "declarer_tricks": self.declarer_tricks, "best": self.best}
        if self.value is not None:
            out["value"] = number_out(Fraction(self.value))
        if self.value_of is not None:
            out["value_of"] = self.value_of
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
    names: SeatNames = PLAIN  # how the text names each seat
    whist_rounding: str = "nearest"  # how the text rounds whists for the sheet (JSON stays exact)

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

    def write_split(self, seat: int, whists, on, why: Text) -> None:
        """``seat`` writes ``whists`` on the players ``on``, split equally between them (a
        joint decision: both defenders, or everyone who pushed)."""
        for o in on:
            self.write(seat, "whists", whists / len(on), on=o, why=why)

    def write_entries(self, entries: Entries, why: Text) -> None:
        self.writes.extend(writes_of(entries, why))

    def note(self, en: str, ru: str) -> None:
        self.notes.append(Text(en, ru))

    def say(self, t: Text, lang: str) -> str:
        """One of the ruling's texts, its seats named (see :class:`~.wording.SeatNames`)."""
        return self.names.say(t.get(lang), lang)

    def _texts(self, t: Text) -> dict:
        """Both languages as the text says them: Russian names the incident's fields in words."""
        return {"en": self.say(t, "en"), "ru": fields_in_words(self.say(t, "ru"), "ru")}

    def _option_json(self, o: Option) -> dict:
        out = dict(o.to_json(), label=self._texts(o.label))
        if o.figure is not None:
            out["figure"] = dict(out["figure"], label=self._texts(o.figure.label))
        return out

    def to_json(self) -> dict:
        """Every figure exact (integers or "p/q"); the texts as :meth:`to_text` words them."""
        out: dict[str, Any] = {}
        if self.incident_id is not None:
            out["id"] = self.incident_id
        writes = []
        for w in self.writes:
            j = w.to_json()
            j["why"] = self._texts(w.why)
            writes.append(j)
        out.update({
            "rule": self.rule, "pattern": self.pattern,
            "title": self.title.to_json(), "rule_text": self.rule_text.to_json(),
            "entries": self.entries.to_dict(),
            "writes": writes,
            "figures": [dict(f.to_json(), label=self._texts(f.label)) for f in self.figures],
            "options": [self._option_json(o) for o in self.options],
            "notes": [self._texts(n) for n in self.notes],
            "unset": list(self.unset),
            "settings": self.settings,
        })
        if self.summary is not None:
            out["summary"] = self._texts(self.summary)
        return out

    def sections(self, lang: str = "ru") -> dict:
        """The ruling's text, part by part, as an arbiter reads it — the opening sentence
        (:func:`~compensation.rulings.conclusion.conclusion`), seats named, every fraction of
        whists as the sheet writes it (rounded, the exact figure beside), every line in
        ``lang`` — for :meth:`to_text` and for the desk, which lays the same parts out on its
        page (one text, two layouts)."""
        ru = lang == "ru"

        def say(s: str) -> str:
            return self.names.say(s, lang)

        def words(s: str) -> str:  # Russian names the incident's fields in words, English by their paths
            return fields_in_words(s, lang) if ru else s

        numbered = any(ch.isdigit() for ch in self.rule)  # "claim" is a name, not a number to quote
        if ru:
            title = (f"Правило {self.rule}: " if numbered else "Правило — ") + self.title.get(lang)
        else:
            title = f"Rule {self.rule}: {self.title.get(lang)}  [{self.pattern}]"
        options = []
        for o in self.options:
            line = f"{self.say(o.label, lang)}: " + (f"у играющего {count(o.declarer_tricks, 'trick')}" if ru
                                                     else f"the declarer's tricks: {o.declarer_tricks}")
            if o.value is not None:
                whose = "" if o.value_of is None else (f" места {o.value_of}" if ru else f" of seat {o.value_of}")
                line += f"; {'баланс' if ru else 'balance'}{whose} {count(o.value, 'whist', lang)}"
            options.append({"text": say(line), "best": o.best})
        balances = any(f.balance is not None for f in self.figures) or any(o.value is not None for o in self.options)

        def sheet(text: str) -> str:  # every fraction of whists as the sheet writes it, the exact figure beside
            return as_sheet(text, lang, self.whist_rounding)

        return {
            "title": title,
            "rule_text": self.rule_text.get(lang),
            "incident": None if self.incident_id is None else str(self.incident_id),
            "conclusion": sheet(conclusion(self, lang)),
            "summary": None if self.summary is None else words(_cap(self.say(self.summary, lang))),
            "seats": [_cap(self.names.ru(s) if ru else self.names.en(s)) for s in range(self.players)],
            "writes": [sheet(_cap(say(w.describe(lang, self.whist_rounding)))) for w in self.writes],
            "options": [dict(o, text=sheet(o["text"])) for o in options],
            "figures": [sheet(say(f.describe(lang))) for f in self.figures],
            "balance": BALANCE_MEANING.get(lang) if balances else None,
            "notes": [sheet(words(_cap(self.say(n, lang)))) for n in self.notes],
            "unset": list(self.unset),
            "settings": setting_words(self.settings, lang),
        }

    def to_text(self, lang: str = "ru") -> str:
        """The ruling as ``prefdd rule`` prints it: :meth:`sections`, one after another."""
        ru = lang == "ru"
        s = self.sections(lang)
        L = [s["title"], "  " + s["rule_text"]]
        if s["incident"] is not None:
            L.append(("  Инцидент: " if ru else "  Incident: ") + s["incident"])
        L += ["", s["conclusion"]]
        if s["summary"] is not None:
            L += ["", s["summary"]]
        L += ["", "Записи:" if ru else "Entries:"]
        L += ["  - " + w for w in s["writes"]] or ["  (нет записей)" if ru else "  (nothing to write)"]
        if s["options"]:
            L += ["", "Варианты:" if ru else "Options:"]
            L += [f"  {'*' if o['best'] else ' '} {o['text']}" for o in s["options"]]
        if s["figures"]:
            L += ["", "Сравниваемые результаты:" if ru else "Figures compared:"]
            L += ["  - " + f for f in s["figures"]]
        if s["balance"]:
            L.append("  " + s["balance"])
        if s["notes"]:
            L += ["", "Примечания:" if ru else "Notes:"]
            L += ["  - " + n for n in s["notes"]]
        if s["unset"]:
            L += ["", ("Не заданы суммы (задайте их через --set): " if ru else "Amounts not set (give them with --set): ")
                  + ", ".join(s["unset"])]
        L += ["", ("Настройки: " if ru else "Settings: ") + "; ".join(s["settings"])]
        return "\n".join(L)


BALANCE_MEANING = Text(
    "A balance is what the deal is worth to that player in whists when the pulya is settled: the whists he "
    "writes less those written on him, with gora and pulya turned into whists.",
    "Баланс — чего стоит сдача этому игроку в вистах при расчёте пули: его висты за вычетом вистов на него, "
    "с горой и пулей, переведёнными в висты.")
