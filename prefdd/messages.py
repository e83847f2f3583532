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

from compensation.rulings.wording import field_words, fields_in_words
from solver.russian import agree

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
    "sd_time_budget": ("the single-dummy analysis did not finish within this server's time budget of {budget} s "
                       "(prefdd serve --time-budget); prefdd solve --analyse-play --single-dummy has no such limit",
                       "разбор по известным картам не уложился в отведённое время ({budget} с; prefdd serve "
                       "--time-budget); без ограничения его даёт prefdd solve --analyse-play --single-dummy"),
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
    "contract": ("not a contract: {text}", "не контракт: «{text}» (нужны уровень от 6 до 10 и масть, БК, мизер или распасы)"),
    "contract_level": ("level must be 6..10, got {level}", "уровень контракта — от 6 до 10, а не {level}"),
    "input": ("{detail}", "неверные данные"),
    # the desk's upload of other programs' files (prefdd.formats): the file, and each line refused
    "import_format": ("{name}: not a file the desk reads (an incident in JSON, Bridge studio .bts/.pts, "
                      "a room protocol, PPN)",
                      "«{name}»: такой файл стол не читает (нужен инцидент, файл Бридж-студии, протокол "
                      "игровой комнаты или запись сербского преферанса)"),
    "import_empty": ("{name}: empty file, no deal found", "«{name}»: файл пуст, сдач нет"),
    "import_none": ("{name}: no deal could be read", "«{name}»: ни одной сдачи прочитать не удалось"),
    "import_base64": ("the file's bytes are not valid base64", "содержимое файла передано неверно"),
    "read_line": ("{path}:{line}: {token!r}: {message}", "файл «{path}», строка {line}, «{token}»: {what}"),
    "read_other": ("{detail}", "строка не прочитана"),
    "read_deal_first": ("expected a 'deal N ...' line first", "строка до первой сдачи"),
    "read_unknown_line": ("unknown line", "неизвестная строка"),
    "read_second": ("a second line of the kind in the deal", "такая строка в сдаче уже есть (сдача со строки {at})"),
    "read_suits": ("a hand has four suits separated by dots", "в руке должно быть четыре масти через точку"),
    "read_rank": ("not a Preferans rank", "не ранг карты преферанса (Т К Д В 10 9 8 7)"),
    "read_card": ("not a card", "не карта"),
    "read_contract": ("unknown contract", "неизвестный контракт"),
    "read_level": ("contract level {level}: Preferans contracts are 6 to 10",
                   "уровень контракта {level}: в преферансе контракты от 6 до 10"),
    "read_missing": ("the deal lacks a line", "в сдаче не хватает строк (файл оборван?)"),
    "read_bridge": ("a bridge deal, not a Preferans one", "не указан играющий: это сдача бриджа, а не преферанса"),
    "read_absent": ("absent: expected one of N E S W", "неверно указано пустое место за столом"),
    "read_three_hands": ("expected three hands", "нужны три руки"),
    "read_unequal": ("a deal has equal hands", "в одной руке {n_cards}, в других иначе: руки должны быть равны"),
    "read_turns": ("turns: expected a number", "ожидается число сыгранных карт"),
    "read_turns_long": ("turns {n}: the play gives only {m}", "сыграно {n}, а записано карт только {m}"),
    "read_seat": ("expected a seat of the deal", "ожидается одно из мест за столом"),
    "read_play": ("expected the seat to lead or the cards played", "ожидается первый ход или сыгранные карты"),
    "read_first_card": ("the first card is in no hand", "первой сыгранной карты {card_ru} нет ни в одной руке"),
    "read_twice": ("card {card} twice", "карта {card_ru} встречается дважды"),
    "read_ppn_line": ("expected a [Tag value] or a [deal ...] line", "строка не из записи: ожидается тег или сдача в скобках"),
    "read_deal_number": ("expected a deal: its number first", "ожидается сдача: сначала её номер"),
    "read_all_pass": ("all passed: the Serbian game deals again, there is no raspasovka",
                      "все спасовали: в сербской игре сдача переигрывается, распасов нет"),
    "read_fields_cut": ("the deal's fields end early", "запись сдачи оборвана: полей {m} из {n}"),
    "read_fields": ("the deal has the wrong number of fields", "в записи сдачи полей {m} вместо {n}"),
    "read_order": ("order: expected the players 1 2 3", "порядок сдачи: ожидаются игроки 1, 2, 3"),
    "read_32": ("expected 32 card codes, got {n}", "нужно 32 карты, а их {n}"),
    "read_preferans": ("contract 8 (preferans): no Russian counterpart",
                       "контракт 8 (сербский «преферанс»): в русских правилах такого нет"),
    "read_discard": ("the discard is wrong", "снос указан неверно"),
    "read_kontra": ("kontra: Serbian doubling has no counterpart in Russian rules",
                    "контра (сербское удвоение): в русских правилах такого нет"),
    "read_refe": ("refa: a refe deal has no counterpart in Russian rules",
                  "рефе (сербская двойная ставка): в русских правилах такого нет"),
    "read_number": ("expected a number", "ожидается число"),
    "read_player": ("expected a player 1, 2 or 3", "ожидается игрок 1, 2 или 3"),
    "read_accepted": ("the followers are wrong", "вистующие указаны неверно"),
    "read_two_card_trick": ("trick {trick}: two cards (a Serbian rule); a Russian trick has three",
                            "взятка {trick}: две карты (сербское правило: не вистующий не ходит), а во взятке три"),
    "read_trick_cards": ("trick {trick}: expected three cards and the winner", "взятка {trick}: нужны три карты и взявший"),
    "read_trick_winner": ("trick {trick}: won by another player", "взятка {trick}: её берёт другой игрок ({a}, а не {b})"),
    "read_trick": ("trick {trick}: {inner}", "взятка {trick}: {inner}"),
    "read_outside": ("outside a deal", "строка вне сдачи"),
    "read_unended": ("the file ends inside this deal", "файл кончается посреди сдачи"),
    "read_one_value": ("expected one value", "ожидается одно значение"),
    "read_first_player": ("FIRSTPLAYER: expected player 0, 1 or 2", "первый игрок: ожидается 0, 1 или 2"),
    "read_players": ("NUMOFPLAYERS: expected 3 or 4", "число игроков: ожидается 3 или 4"),
    "read_fourth_hand": ("a fourth hand", "лишняя рука: карты держат трое"),
    "read_dealt_ten": ("a dealt hand has 10 cards, got {n}", "на руке при сдаче 10 карт, а здесь {n}"),
    "read_widow": ("expected the two talon cards", "в прикупе две карты"),
    "read_bid_after": ("a bid after everyone passed", "заявка после того, как все спасовали"),
    "read_bidding": ("the bidding leaves {n} players in, not one", "после торговли осталось игроков: {n}, а не один"),
    "read_hands_n": ("the deal has {n} hands, not 3", "в сдаче рук: {n}, а нужно 3"),
    "read_mid_trick": ("the play ends inside a trick", "розыгрыш оборван посреди взятки"),
    "read_unfinished": ("an unfinished game: the discard cannot be told", "игра сыграна не до конца ({n} из 10 взяток): снос не восстановить"),
    "read_foreign_card": ("the declarer played a card he never held",
                          "играющий сыграл {card_ru}, а её нет ни у него, ни в прикупе"),
}

# the readers' English messages (prefdd.formats), each to its kind; parameters are the named groups
READ_PATTERNS: list[tuple[re.Pattern, str]] = [(re.compile(p), k) for p, k in [
    (r"^expected a 'deal N \.\.\.' line first", "read_deal_first"),
    (r"^unknown line", "read_unknown_line"),
    (r"^a second '\w+' line in the deal of line (?P<at>\d+)", "read_second"),
    (r"^a hand has four suits", "read_suits"),
    (r"^'.' is not a Preferans rank", "read_rank"),
    (r"^a played card is a suit letter|^expected a card such as|^not a PPN card code", "read_card"),
    (r"^unknown contract", "read_contract"),
    (r"^contract level (?P<level>\d+)", "read_level"),
    (r"^the deal has no .* line", "read_missing"),
    (r"^no 'player' line: a bridge deal", "read_bridge"),
    (r"^absent: ", "read_absent"),
    (r"^expected three hands \(", "read_three_hands"),
    (r"^hand \w has (?P<n>\d+) cards, the others", "read_unequal"),
    (r"^turns: expected", "read_turns"),
    (r"^turns (?P<n>\d+): the play gives only (?P<m>\d+)", "read_turns_long"),
    (r"^(?:player|play): expected one of", "read_seat"),
    (r"^play: expected the seat", "read_play"),
    (r"^play: the first card (?P<card>\S+) is in no hand", "read_first_card"),
    (r"^card (?P<card>\S+) twice", "read_twice"),
    (r"^expected a \[Tag value\]", "read_ppn_line"),
    (r"^expected a deal: its number", "read_deal_number"),
    (r"^all passed", "read_all_pass"),
    (r"^a deal has (?P<n>\d+) fields \(.*ends after (?P<m>\d+)", "read_fields_cut"),
    (r"^a deal has (?P<n>\d+) fields, got (?P<m>\d+)", "read_fields"),
    (r"^order: expected", "read_order"),
    (r"^cards: expected 32 card codes, got (?P<n>\d+)", "read_32"),
    (r"^contract 8 \(preferans\)", "read_preferans"),
    (r"^discarded", "read_discard"),
    (r"^kontra:", "read_kontra"),
    (r"^refa:", "read_refe"),
    (r"^value: expected a number", "read_number"),
    (r"^\w+: expected a player 1, 2 or 3", "read_player"),
    (r"^accepted: ", "read_accepted"),
    (r"^trick (?P<trick>\d+): two cards", "read_two_card_trick"),
    (r"^trick (?P<trick>\d+): expected three card codes", "read_trick_cards"),
    (r"^trick (?P<trick>\d+): won by player (?P<a>\d), not player (?P<b>\d)", "read_trick_winner"),
    (r"^trick (?P<trick>\d+): (?P<inner>.*)$", "read_trick"),
    (r"^outside a deal", "read_outside"),
    (r"^the file ends inside this deal", "read_unended"),
    (r"^\w+: expected one value", "read_one_value"),
    (r"^FIRSTPLAYER: ", "read_first_player"),
    (r"^NUMOFPLAYERS: ", "read_players"),
    (r"^a fourth HAND line", "read_fourth_hand"),
    (r"^HAND: a dealt hand has 10 cards, got (?P<n>\d+)", "read_dealt_ten"),
    (r"^WIDOW: ", "read_widow"),
    (r"^TRADE: a bid after everyone passed", "read_bid_after"),
    (r"^TRADE: the bidding leaves (?P<n>\d+) players", "read_bidding"),
    (r"^the deal has (?P<n>\d+) HAND line", "read_hands_n"),
    (r"^the play ends inside a trick", "read_mid_trick"),
    (r"^a contract game with (?P<n>\d+) of 10 tricks", "read_unfinished"),
    (r"^the declarer played (?P<card>\S+), which neither", "read_foreign_card"),
]]


def read_error_texts(error) -> dict:
    """One line of another program's file the desk could not take over (a
    :class:`prefdd.formats.ReadError`): its file, line and token, its kind, and the sentence
    in both languages, the Russian one naming the file, the line and the token in «»."""
    message = str(error.message)
    kind, params = "read_other", {"detail": message}
    for pat, k in READ_PATTERNS:
        m = pat.match(message)
        if m:
            kind, params = k, {x: v for x, v in m.groupdict().items() if v is not None}
            break
    if kind == "read_other":  # a message of the solver's own checks, passed on by the reader
        inner_kind, inner = explain(message)
        what = say(inner_kind, "ru", **inner) if inner_kind != "input" else say("read_other", "ru")
    else:
        what = say(kind, "ru", **params)
    token = str(error.token)
    token = token if len(token) <= 40 else token[:37] + "..."
    return {"file": error.path, "line": error.line, "token": error.token, "kind": kind,
            "text": {"en": str(error),
                     "ru": say("read_line", "ru", path=error.path, line=error.line, token=token, what=what)}}


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
    (r"^expected (?:a )?(?:seat )?0, 1 or 2|^expected (?:a )?seat|^key .* is not a seat 0, 1 or 2$", "expected_seat"),
    (r"^level must be 6\.\.10, got (?P<level>\d+)", "contract_level"),
    (r"^unknown contract '(?P<text>[^']*)'", "contract"),
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
    if kind in ("hand_size", "read_unequal"):
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
    return agree(abs(int(n)), *forms)


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


__all__ = ["MESSAGES", "error_texts", "explain", "field_words", "fields_in_words", "read_error_texts", "say", "seat_words",
           "translate"]
