"""Messages shown to a user: one catalogue of error kinds in English and Russian, fields
named in words, always one printable line.

An error is raised with its *kind* and parameters (``PositionError.of("not_held", "history[4]",
seat=0, card="Kd")``, see :mod:`solver.errors`); its English and Russian sentences are written
once, here, in :data:`KINDS`. Each package adds the kinds it raises with :func:`add_kinds`
(``compensation.error_kinds``, ``prefdd.error_kinds``) and the words for its fields with
:func:`add_field_words`: one lookup, filled from the lowest layer up, so that nothing reads a
message back to learn what it said.

A template's placeholders are the raise site's parameters; a few parameter names are also
said in words in Russian (and English) when a template asks for the derived name:

* ``card`` → ``{card_ru}`` («10♦», ranks in Russian letters);
* ``seat`` → ``{seat_nom}``, ``{seat_gen}``, ``{seat_en}`` («первая рука», «первой руки», "first hand");
* ``suit`` → ``{suit_ru}``, ``{suit_en}`` («пики», "spades");
* ``near`` → ``{near_en}``, ``{near_ru}``: the "did you mean" of a misspelt name (empty without one);
* ``n`` → ``{n_cards}`` («3 карты»); ``tricks`` → ``{n_tricks}`` («3 взятки»);
* ``known`` → ``{known_ru}``: names the user may type, each in «»;
* ``a``, ``b`` → ``{a_ru}``, ``{a_en}``…: places of a card (``hands[0]``, ``talon``) in words;
* ``reason`` (and ``errno``) → ``{reason_ru}``: an operating system's reason;
* ``want`` (with ``types``, ``low``, ``high``) → ``{want_ru}``: what a field expects;
* a parameter that is itself a :class:`~solver.errors.PrefError` (``inner``) is said in the
  same language, with its own field.

:func:`field_words` names a field path as a player says it: ``deal.hands[1]`` → «вторая рука»,
``history[4]`` → «взятка 2, 2-я карта»; a path no table names is said by the nearest
enclosing field that one does.
"""
from __future__ import annotations

import re
import string
import unicodedata

from .error_kinds import SOLVER_KINDS

# kind -> (English, Russian)
KINDS: dict[str, tuple[str, str]] = {}
# field path -> (English, Russian)
FIELD_WORDS: dict[str, tuple[str, str]] = {}


def add_kinds(table: dict[str, tuple[str, str]]) -> None:
    """Add a package's error kinds to the one catalogue (a kind is written once: adding it
    again with other words is a programming error)."""
    for kind, texts in table.items():
        if kind in KINDS and KINDS[kind] != tuple(texts):
            raise ValueError(f"error kind {kind!r} is written twice")
        KINDS[kind] = (texts[0], texts[1])


def add_field_words(table: dict[str, tuple[str, str]]) -> None:
    """Add the words for a package's fields (path -> (English, Russian))."""
    FIELD_WORDS.update(table)


_RANK_RU = {"7": "7", "8": "8", "9": "9", "T": "10", "10": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
_SUIT_SYMBOL = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}
SUIT_WORDS = {"s": ("spades", "пики"), "c": ("clubs", "трефы"), "d": ("diamonds", "бубны"), "h": ("hearts", "червы"),
              "♠": ("spades", "пики"), "♣": ("clubs", "трефы"), "♦": ("diamonds", "бубны"), "♥": ("hearts", "червы")}
_SEAT_NOM = ("первая рука", "вторая рука", "третья рука", "сдающий")
_SEAT_GEN = ("первой руки", "второй руки", "третьей руки", "сдающего")
_SEAT_EN = ("first hand", "second hand", "third hand", "the dealer")
_ORD_EN = ("first", "second", "third", "fourth")


def card_ru(card) -> str:
    """'9d' / '10♦' / 'Td' → '9♦' / '10♦' (ranks in Russian letters, suits as symbols)."""
    c = str(card).strip()
    if len(c) >= 2 and c[-1] in _SUIT_SYMBOL:
        return _RANK_RU.get(c[:-1], c[:-1]) + _SUIT_SYMBOL[c[-1]]
    if len(c) >= 2 and c[-1] in "♠♣♦♥":
        return _RANK_RU.get(c[:-1], c[:-1]) + c[-1]
    return c


def _seat(value, words) -> str:
    try:
        s = int(value)
    except (TypeError, ValueError):
        return str(value)
    return words[s] if 0 <= s < len(words) else str(value)


def _derived(params: dict, lang: str) -> dict:
    """The parameters with the words a template may ask for besides them (module docstring)."""
    from solver.russian import agree

    q = {}
    for k, v in params.items():  # an error inside (a PrefError: it has ``said``) is said in the same language
        q[k] = v.said(lang) if callable(getattr(v, "said", None)) else v
    if "card" in params:
        q["card_ru"] = card_ru(params["card"])
    if "seat" in params:
        q["seat_nom"], q["seat_gen"] = _seat(params["seat"], _SEAT_NOM), _seat(params["seat"], _SEAT_GEN)
        q["seat_en"] = _seat(params["seat"], _SEAT_EN)
    if "suit" in params:
        en, ru = SUIT_WORDS.get(str(params["suit"]), (str(params["suit"]),) * 2)
        q["suit_en"], q["suit_ru"] = en, ru
    if "near" in params:
        near = params["near"]
        q["near_en"] = f" (did you mean {near!r}?)" if near else ""
        q["near_ru"] = f" (может быть, «{near}»?)" if near else ""
    if "kind" in params:  # a contract kind: «к мизеру»
        q["kind_ru"] = {"game": "к игре", "misere": "к мизеру", "raspasovka": "к распасовке"}.get(
            str(params["kind"]), str(params["kind"]))
    if "reason" in params:  # an operating system's reason (strerror) and its errno
        errno = params.get("errno")
        known_reason = isinstance(errno, int) and errno in _OS_RU
        q["reason_ru"] = _OS_RU[errno] if isinstance(errno, int) and known_reason else (
            f"ошибка ввода-вывода ({params['reason']})")
    if "known" in params:  # names the user may type: quoted, as he types them
        q["known_ru"] = ", ".join(f"«{x}»" for x in str(params["known"]).split(", "))
    if "want" in params:
        q["want_ru"] = want_ru(params)
    for k in ("a", "b"):  # places: fields said in words
        if k in params:
            q[f"{k}_ru"] = field_words(params[k], "ru") or str(params[k])
            q[f"{k}_en"] = _place_en(str(params[k]))
    if "talon" in params:  # a line of a paste that is the talon's
        q["talon_en"], q["talon_ru"] = (" (talon)", " (прикуп)") if params["talon"] else ("", "")
    for name, (counted, forms) in COUNTED.items():  # «15 карт», «3 взятки»
        if name in params:
            try:
                k = int(params[name])
                q[counted] = f"{k} {agree(k, *forms)}"
            except (TypeError, ValueError):
                q[counted] = str(params[name])
    return q


# a parameter that counts something, and the Russian words it agrees with: {n_cards}, {n_tricks}
COUNTED = {"n": ("n_cards", ("карта", "карты", "карт")), "tricks": ("n_tricks", ("взятка", "взятки", "взяток"))}


#: a derived placeholder -> the parameter it is made from (the catalogue's test checks both texts use the same)
DERIVED = {"card_ru": "card", "seat_nom": "seat", "seat_gen": "seat", "seat_en": "seat", "suit_ru": "suit",
           "suit_en": "suit", "near_en": "near", "near_ru": "near", "n_cards": "n", "n_tricks": "tricks",
           "a_ru": "a", "b_ru": "b", "a_en": "a", "b_en": "b", "talon_en": "talon", "talon_ru": "talon", "kind_ru": "kind", "want_ru": "want", "known_ru": "known", "reason_ru": "reason"}
_OS_RU = {2: "нет такого файла", 13: "нет доступа", 21: "это папка", 20: "не папка в пути", 28: "нет места на диске",
          36: "слишком длинное имя"}


_TYPE_RU = {"seat": "рука: первая, вторая или третья", "object": "объект", "array": "список", "string": "строка", "integer": "целое число",
            "boolean": "да или нет (true или false)", "number": "число"}


def want_ru(params: dict) -> str:
    """What a field expects, in Russian, from the JSON types a check gives as ``types`` (and a range)."""
    types = params.get("types") or ()
    lo, hi = params.get("low"), params.get("high")
    if types == ["seat"]:
        return _TYPE_RU["seat"]
    if types == ["integer"] and lo is not None:
        return f"целое число от {lo} до {hi}" if hi is not None else f"целое число не меньше {lo}"
    return " или ".join(_TYPE_RU.get(t, t) for t in types) or "другое значение"


def _place_en(path: str) -> str:
    """A place of a card in English: ``hands[0]`` → "hand 1", ``talon`` → "the talon"."""
    m = re.fullmatch(r"(?:deal\.)?hands\[(\d)\]", path)
    if m:
        return f"hand {int(m.group(1)) + 1}"
    return f"the {path.split('.')[-1]}" if path.split(".")[-1] in ("talon", "discard") else path


def placeholders(template: str) -> set:
    """The parameters a template uses, derived names said by the parameter they come from."""
    names = {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(template) if f}
    return {DERIVED.get(n, n) for n in names}


def say(kind: str, lang: str = "en", /, **params) -> str:
    """The sentence of ``kind`` in ``lang`` (``"en"`` or ``"ru"``) with ``params`` filled in."""
    en, ru = KINDS.get(kind) or KINDS["input"]
    if kind not in KINDS:
        params = {"detail": params.get("detail", kind)}
    return (ru if lang == "ru" else en).format(**_derived(params, lang))


add_kinds(SOLVER_KINDS)


# ------------------------------------------------------------------ fields in words
add_field_words({
    "hands": ("hands", "руки"), "deal": ("deal", "сдача"), "deal.hands": ("hands", "руки"),
    "talon": ("talon", "прикуп"), "deal.talon": ("talon", "прикуп"), "discard": ("discard", "снос"),
    "deal.discard": ("discard", "снос"), "contract": ("contract", "контракт"), "declarer": ("declarer", "играющий"),
    "first_leader": ("first lead", "первый ход"), "leader": ("leader", "ведущий взятку"),
    "to_move": ("seat to move", "чей ход"), "trick": ("trick on the table", "карты на столе"),
    "history": ("play", "розыгрыш"), "taken": ("tricks already won", "уже взятые взятки"),
    "open": ("open or closed play", "открытая или закрытая игра"), "seed": ("seed", "номер сдачи"),
    "line": ("line of play", "линия розыгрыша"), "start": ("start of the line", "начало линии"),
    "constraints": ("constraints", "ограничения"), "notation": ("position", "позиция"),
    "hand": ("hand", "рука"), "voids": ("voids", "ренонсы"), "known": ("known cards", "известные карты"),
    "voids/known": ("voids and known cards", "ренонсы и известные карты"), "hidden": ("hidden hands", "скрытые руки"),
    "claim": ("claim", "заявка"), "sample": ("sample", "выборка раскладов"), "budget": ("time budget", "время"),
    "max_layouts": ("most layouts", "предел числа раскладов"), "allowed": ("allowed cards", "разрешённые карты"),
    "candidates": ("candidates", "кандидаты"), "guess": ("guess", "угадывание"),
})


def field_words(field, lang: str = "ru") -> str:
    """A field path as a player says it: ``deal.hands[1]`` → «вторая рука» / "second hand"."""
    if not field:
        return ""
    f = str(field)
    m = re.fullmatch(r"(?:deal\.)?hands\[(\d)\](?:\[(\d+)\])?", f)
    if m and int(m.group(1)) < 4:
        s = int(m.group(1))
        return _SEAT_NOM[s] if lang == "ru" else f"{_ORD_EN[s]} hand"
    m = re.fullmatch(r"history\[(\d+)\]", f)
    if m:  # its trick depends on the tricks taken before the hands given: the error says it
        k = int(m.group(1))
        return f"ход {k + 1}" if lang == "ru" else f"card {k + 1} of the play"
    while f:  # the field, else the nearest enclosing one a table names
        if f in FIELD_WORDS:
            return FIELD_WORDS[f][1 if lang == "ru" else 0]
        cut = max(f.rfind("."), f.rfind("["))
        f = f[:cut] if cut > 0 else ""
    return "" if lang == "ru" else str(field)


def one_line(text: str) -> str:
    """A message as one printable line: line breaks and control characters from the user's
    input (a ``\\r`` or U+2028 inside a field name) are shown escaped, never obeyed."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch == " " or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Cs")
                   else ascii(ch)[1:-1] for ch in text)


def nearest(name: str, known) -> str | None:
    """The name in ``known`` (in the order given) that a misspelt ``name`` most likely meant,
    or None: one measure of "did you mean" for every unknown field and option."""
    import difflib  # lazily: only errors need it

    near = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return near[0] if near else None

