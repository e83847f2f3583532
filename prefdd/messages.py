"""Error messages in both languages, keyed by what went wrong.

The libraries raise their errors in English (``IncidentError("deal.hands[1]", "holds 15
cards; a hand holds 1..10")``); the web page and the CLI's ``--lang ru`` show them in
Russian. :func:`explain` reads a library message into a *kind* and its parameters (one
pattern per message the page can produce), :func:`say` writes a kind in either language,
and :func:`field_words` names a field path as a player would («вторая рука», «ход 13»).
A message no pattern knows keeps its English text as the detail and gets a Russian
sentence naming the field («Неверные данные: вторая рука»): never English alone on a
Russian screen, never a silent loss of what the library said.
"""
from __future__ import annotations

import re

SUIT_RU = {"♠": "пики", "♣": "трефы", "♦": "бубны", "♥": "червы", "s": "пики", "c": "трефы", "d": "бубны", "h": "червы"}
_RANK_RU = {"7": "7", "8": "8", "9": "9", "T": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
_SUIT_LETTER_RU = {"s": "п", "c": "т", "d": "б", "h": "ч"}
_ORD = ("перв", "втор", "треть", "четвёрт")
_ORD_NOM = ("первая", "вторая", "третья", "четвёртая")
_ORD_GEN = ("первой", "второй", "третьей", "четвёртой")
_EN_ORD = ("first", "second", "third", "fourth")

# kind -> (English, Russian); {placeholders} are filled by say()
MESSAGES: dict[str, tuple[str, str]] = {
    # the server itself
    "body_too_large": ("the request body is larger than {limit} bytes", "запрос больше {limit} байт"),
    "content_type": ("a POST must be sent as application/json", "запрос должен быть в формате JSON (application/json)"),
    "bad_host": ("this server answers only for {hosts}; start it with --host to serve another name",
                 "сервер отвечает только по адресу {hosts}; для другого адреса запустите его с --host"),
    "bad_json": ("the request body is not valid JSON", "тело запроса — не JSON"),
    "too_deep": ("the JSON is nested more than {limit} levels deep", "JSON вложен глубже {limit} уровней"),
    "not_object": ("expected a JSON object", "ожидается объект JSON"),
    "busy": ("the server is busy: {busy} rulings are computing or waiting; try again in {retry} s",
             "сервер занят: считаются или ждут {busy}; повторите через {retry} с"),
    "time_budget": ("the ruling did not finish within this server's time budget of {budget} s "
                    "(prefdd serve --time-budget)",
                    "решение не уложилось в отведённое время ({budget} с; prefdd serve --time-budget)"),
    "node_budget": ("the search stopped after {nodes} nodes; the position is too large for this server's budget "
                    "(prefdd serve --node-budget N)",
                    "перебор остановлен на пределе ({nodes} позиций); задача слишком велика для этого сервера "
                    "(prefdd serve --node-budget N)"),
    "internal": ("internal error ({what}); the server is still running",
                 "внутренняя ошибка ({what}); сервер продолжает работать"),
    "server_down": ("the server does not answer", "сервер не отвечает"),
    "not_found": ("not found", "не найдено"),
    "method": ("method not allowed", "такой запрос здесь не принимается"),
    # fields
    "missing": ("missing", "не задано"),
    "unknown_field": ("unknown field", "неизвестное поле"),
    "expected_int": ("expected an integer", "ожидается целое число"),
    "expected_bool": ("expected true or false", "ожидается да или нет"),
    "expected_seat": ("expected seat 0, 1 or 2", "ожидается рука: первая, вторая или третья"),
    "expected_list": ("expected a list of cards", "ожидается список карт"),
    # cards and hands
    "not_a_card": ("not a card: {card}", "не карта: «{card}»"),
    "hand_size": ("holds {n} cards; a hand holds 1..10", "{n_cards}: на руке бывает от 1 до 10 карт"),
    "hands_unequal": ("the three hands must hold the same number of cards, got {sizes}",
                      "во всех трёх руках должно быть поровну карт, а их {sizes}"),
    "three_hands": ("expected three hands", "нужны три руки"),
    "card_twice": ("card {card} is in {a} and in {b}", "карта {card_ru} и {a_ru}, и {b_ru}"),
    "paste_lines": ("expected 3 hands (and the talon), one per line; got {n} line(s)",
                    "ожидаются три руки (и прикуп), по одной на строку; строк: {n}"),
    "paste_empty": ("nothing to read: paste three hands (and the talon), one per line",
                    "читать нечего: вставьте три руки (и прикуп), по одной на строку"),
    "paste_no_hands": ("JSON without \"hands\": expected a position record or an incident",
                       "в JSON нет рук (hands): ожидается позиция или инцидент"),
    "paste_line": ("line {line}: {inner}", "строка {line}: {inner}"),
    "paste_hand": ("hand {hand}: {inner}", "{hand_ru}: {inner}"),
    "must_be": ("must be {allowed}, got {got}", "должно быть {allowed_ru}, а не {got}"),
    "two_cards": ("expected 2 cards, got {n}", "нужны 2 карты, а их {n}"),
    # play
    "not_held": ("seat {seat} does not hold {card}", "у {seat_gen} нет карты {card_ru}"),
    "must_follow": ("seat {seat} must follow suit {suit}", "{seat_nom} должна ходить в масть ({suit_ru})"),
    "must_trump": ("seat {seat} must play a trump", "{seat_nom} должна бить козырем"),
    "cannot_play": ("seat {seat} cannot play {card}: {why}", "{seat_nom} не может сыграть {card_ru}: {why}"),
    "at_card": ("trick {trick}, seat {seat}, card {card}: {inner}", "взятка {trick}: {inner}"),
    "deal_over": ("{card}: the deal is already over", "{card_ru}: сдача уже сыграна"),
    "ooo_not_lead": ("a lead out of turn must start a trick", "ход вне очереди возможен только первой картой взятки"),
    "already_played": ("{card} was already played", "карта {card_ru} уже сыграна"),
    "in_no_hand": ("{card} is in no player's hand", "карты {card_ru} нет ни у кого на руках"),
    "move_past_end": ("move {move} is past the end of the play", "момент {move} — после конца розыгрыша"),
    "line_off": ("this line does not continue the history given", "эта линия не продолжает записанный розыгрыш"),
    "taken": ("give the tricks already won", "укажите, сколько взяток уже взято"),
    "result_sum": ("the result must sum to 10 tricks", "итог сдачи должен давать 10 взяток"),
    "result_contradicts": ("the result contradicts the recorded play", "итог противоречит записанному розыгрышу"),
    "rule_unknown": ("unknown rule {rule}", "нет правила {rule}"),
    "unknown_option": ("not an option of this rule", "у этого правила нет такого варианта"),
    "contract": ("not a contract: {text}", "не контракт: {text}"),
    "input": ("{detail}", "неверные данные"),
}


def _card_ru(card: str) -> str:
    """'9d' / '10♦' → '9♦' (the page's notation: ranks in Russian, suits as symbols)."""
    c = card.strip()
    suits = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}
    if len(c) >= 2 and c[-1] in suits:
        rank = c[:-1]
        return _RANK_RU.get(rank, rank) + suits[c[-1]]
    if len(c) >= 2 and c[-1] in "♠♣♦♥":
        rank = c[:-1]
        return _RANK_RU.get(rank, rank) + c[-1]
    return c


def seat_words(seat: int, case: str = "nom") -> str:
    """«первая рука», «второй руки» (seat 0 is the first hand)."""
    if not 0 <= seat <= 3:
        return str(seat)
    return f"{_ORD_NOM[seat]} рука" if case == "nom" else f"{_ORD_GEN[seat]} руки"


def field_words(field, lang: str = "ru") -> str:
    """A field path as a player says it: ``deal.hands[1]`` → «вторая рука» / "second hand"."""
    if not field:
        return ""
    f = str(field)
    m = re.fullmatch(r"(?:deal\.)?hands\[(\d)\](?:\[(\d+)\])?", f)
    if m:
        s = int(m.group(1))
        return seat_words(s) if lang == "ru" else f"{_EN_ORD[s]} hand"
    m = re.fullmatch(r"history\[(\d+)\]", f)
    if m:
        k = int(m.group(1))
        return (f"взятка {k // 3 + 1}, {k % 3 + 1}-я карта" if lang == "ru"
                else f"trick {k // 3 + 1}, card {k % 3 + 1}")
    words = {
        "deal": ("deal", "сдача"), "deal.hands": ("hands", "руки"), "deal.talon": ("talon", "прикуп"),
        "deal.discard": ("discard", "снос"), "contract": ("contract", "контракт"),
        "declarer": ("declarer", "играющий"), "first_leader": ("first lead", "первый ход"),
        "history": ("play", "розыгрыш"), "decisions": ("whist decisions", "висты и пасы"),
        "violation": ("violation", "нарушение"), "violation.rule": ("rule", "правило"),
        "violation.offender": ("offender", "нарушитель"), "violation.move": ("moment", "момент"),
        "violation.card": ("card", "карта"), "violation.cards": ("cards", "карты"),
        "violation.chosen": ("remedy chosen", "выбранная мера"), "violation.correction": ("correction", "поправка играющего"),
        "violation.agreed": ("joint decision", "общее решение"), "violation.plans": ("plans", "планы"),
        "result": ("result", "итог сдачи"), "result.tricks": ("result", "итог сдачи"),
        "scoring": ("convention", "конвенция"), "scoring.set": ("convention changes", "изменения конвенции"),
        "text": ("pasted text", "вставленный текст"), "request": ("request", "запрос"),
        "incident": ("incident", "инцидент"), "taken": ("tricks already won", "уже взятые взятки"),
        "open": ("open or closed play", "открытая или закрытая игра"), "node_budget": ("search limit", "предел перебора"),
        "line": ("line of play", "линия розыгрыша"), "start": ("start of the line", "начало линии"),
        "settings": ("settings", "настройки"), "out_of_turn": ("lead out of turn", "ход вне очереди"),
        "upload": ("file", "файл"), "seed": ("seed", "номер сдачи"),
    }
    while f:  # the field, else the nearest enclosing one the page names
        if f in words:
            return words[f][1 if lang == "ru" else 0]
        cut = max(f.rfind("."), f.rfind("["))
        f = f[:cut] if cut > 0 else ""
    return "" if lang == "ru" else str(field)


_PATH_IN_TEXT = re.compile(r"\((?:violation|result|scoring|options|deal|decisions)(?:\.[A-Za-z_]+|\[\d+\])*\)")


def fields_in_words(text: str, lang: str = "ru") -> str:
    """A text that names a field by its path, «(result.tricks)», with the field named in words
    instead, «(поле «итог сдачи»)» (the page shows no identifiers)."""
    def words(m):
        w = field_words(m.group(0)[1:-1], lang)
        return (f"(поле «{w}»)" if lang == "ru" else f"(the field '{w}')") if w else m.group(0)
    return _PATH_IN_TEXT.sub(words, str(text))


def _place_ru(where: str) -> str:
    """'deal.hands[1]' / 'hand 2' / 'the talon' → «второй руке» style words (prepositional)."""
    m = re.fullmatch(r"(?:deal\.)?hands\[(\d)\]", where) or re.fullmatch(r"hand (\d)", where)
    if m:
        s = int(m.group(1)) - (1 if where.startswith("hand ") else 0)
        word = ("первой", "второй", "третьей", "четвёртой")[s]
        return f"{'во' if s == 1 else 'в'} {word} руке"
    return {"deal.discard": "в сносе", "the discard": "в сносе", "deal.talon": "в прикупе",
            "the talon": "в прикупе"}.get(where, where)


_SEAT_FEM = ("первая рука", "вторая рука", "третья рука")
_SEAT_GEN = ("первой руки", "второй руки", "третьей руки")

# (pattern on the library's English message, kind); parameters are the named groups
PATTERNS: list[tuple[re.Pattern, str]] = [(re.compile(p), k) for p, k in [
    (r"^trick (?P<trick>\d+), seat (?P<seat>\d), card (?P<card>\S+): (?P<inner>.*)$", "at_card"),
    (r"^line (?P<line>\d+)(?: \(talon\))?: (?P<inner>.*)$", "paste_line"),
    (r"^hand (?P<hand>\d): (?P<inner>.*)$", "paste_hand"),
    (r"^must be (?P<allowed>[\w ,]+ or \w+), got (?P<got>.*)$", "must_be"),
    (r"^not a card: '(?P<card>[^']*)'", "not_a_card"),
    (r"^holds (?P<n>\d+) cards; a hand holds 1\.\.10$", "hand_size"),
    (r"^the three hands must hold the same number of cards.*?got \[?(?P<sizes>[\d, ]+)\]?$", "hands_unequal"),
    (r"^expected three hands", "three_hands"),
    (r"^card (?P<card>\S+) is also in (?P<b>\S+)$", "card_twice"),
    (r"^card (?P<card>\S+) is in (?P<a>hand \d) and in (?P<b>hand \d|the talon|the discard)$", "card_twice"),
    (r"^expected 3 hands \(and the talon\), one per line; got (?P<n>\d+) line", "paste_lines"),
    (r"^nothing to read", "paste_empty"),
    (r"^JSON without \"hands\"", "paste_no_hands"),
    (r"^not valid JSON", "bad_json"),
    (r"^the JSON is nested more than (?P<limit>\d+) levels", "too_deep"),
    (r"^expected 2 cards, got (?P<n>\d+)$", "two_cards"),
    (r"^seat (?P<seat>\d) does not hold (?P<card>\S+)$", "not_held"),
    (r"^seat (?P<seat>\d) cannot play (?P<card>\S+): must follow suit (?P<suit>\S+)$", "must_follow"),
    (r"^seat (?P<seat>\d) cannot play (?P<card>\S+): must (?:play a trump|ruff).*$", "must_trump"),
    (r"^seat (?P<seat>\d) cannot play (?P<card>\S+): (?P<why>.*)$", "cannot_play"),
    (r"^(?P<card>\S+): the deal is already over$", "deal_over"),
    (r"^a lead out of turn must start a trick", "ooo_not_lead"),
    (r"^(?P<card>\S+) was already played$", "already_played"),
    (r"^(?P<card>\S+) is in no player's hand$", "in_no_hand"),
    (r"^history has \d+ card\(s\); move (?P<move>\d+) is past its end$", "move_past_end"),
    (r"^this line does not continue", "line_off"),
    (r"^missing(?:$|: )", "missing"),
    (r"^unknown field", "unknown_field"),
    (r"^expected an integer", "expected_int"),
    (r"^expected a positive integer", "expected_int"),
    (r"^expected true or false", "expected_bool"),
    (r"^expected (?:seat )?0, 1 or 2|^expected seat", "expected_seat"),
    (r"^expected a list of cards", "expected_list"),
    (r"^expected a JSON object|^expected an object", "not_object"),
    (r"^the request body is not valid JSON", "bad_json"),
    (r"^must sum to 10", "result_sum"),
    (r".* contradicts the recorded play", "result_contradicts"),
    (r"^(?:missing: the hands hold|expected three trick counts|the hands hold \d+ cards: give)", "taken"),
    (r"^unknown rule (?P<rule>\S+)", "rule_unknown"),
    (r"^unknown option '(?P<got>[^']*)'|^'(?P<got2>[^']*)' is not an option here", "unknown_option"),
]]


def explain(message: str) -> tuple[str, dict]:
    """The kind of a library's English message and its parameters (``("input", {"detail": ...})``
    when no pattern knows it)."""
    msg = str(message)
    for pat, kind in PATTERNS:
        m = pat.match(msg)
        if m:
            return kind, {k: v for k, v in m.groupdict().items() if v is not None}
    return "input", {"detail": msg}


def _ru_params(kind: str, p: dict) -> dict:
    q = dict(p)
    if "card" in q:
        q["card_ru"] = _card_ru(q["card"])
        if kind == "not_a_card":
            q["card"] = q["card"]
    if "seat" in q:
        s = int(q["seat"])
        q["seat_nom"] = _SEAT_FEM[s] if s < 3 else str(s)
        q["seat_gen"] = _SEAT_GEN[s] if s < 3 else str(s)
    if "suit" in q:
        q["suit_ru"] = SUIT_RU.get(q["suit"], q["suit"])
    if "inner" in q:
        q["inner"] = translate(q["inner"], "ru")
    if kind == "paste_hand":
        q["hand_ru"] = _SEAT_FEM[int(q["hand"]) - 1] if 1 <= int(q["hand"]) <= 3 else q["hand"]
    if kind == "must_be":
        q["allowed_ru"] = q["allowed"].replace(" or ", " или ")
    if kind == "hand_size":
        n = int(q["n"])
        q["n_cards"] = f"{n} {_plural(n, ('карта', 'карты', 'карт'))}"
    if kind == "hands_unequal":
        q["sizes"] = ", ".join(x.strip() for x in q.get("sizes", "").split(",") if x.strip())
    if kind == "card_twice":
        q["a_ru"] = _place_ru(q.get("a", "")) if q.get("a") else ""
        q["b_ru"] = _place_ru(q["b"])
    if kind == "why":
        pass
    q.setdefault("why", "")
    return q


def _plural(n: int, forms: tuple[str, str, str]) -> str:
    n = abs(int(n))
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


def say(kind: str, lang: str = "ru", **params) -> str:
    """The message ``kind`` in ``lang`` with ``params`` filled in."""
    en, ru = MESSAGES.get(kind, MESSAGES["input"])
    if lang != "ru":
        try:
            return en.format(**params)
        except (KeyError, IndexError):
            return en
    q = _ru_params(kind, params)
    if kind == "card_twice" and not q.get("a_ru"):
        return f"карта {q['card_ru']} уже есть {q['b_ru']}"
    try:
        return ru.format(**q)
    except (KeyError, IndexError):
        return ru


def translate(message: str, lang: str = "ru") -> str:
    """A library's English message in ``lang`` (English comes back as it was)."""
    if lang != "ru":
        return str(message)
    kind, params = explain(message)
    return say(kind, "ru", **params)


def error_texts(field, message: str, kind: str | None = None, **params) -> dict:
    """What an error response carries besides the English ``message``: its ``kind`` and the
    text in both languages, with the field named in words (``field_words``)."""
    if kind is None:
        kind, params = explain(message)
    ru = say(kind, "ru", **params)
    where = field_words(field, "ru")
    if kind == "input" and where:
        ru = f"неверные данные: {where}"
    return {"kind": kind, "text": {"en": str(message), "ru": ru}, "where": {"en": field_words(field, "en"), "ru": where}}


__all__ = ["MESSAGES", "error_texts", "explain", "field_words", "fields_in_words", "say", "seat_words", "translate"]
