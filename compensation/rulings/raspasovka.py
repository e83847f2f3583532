"""The penalty code on raspasovka: rules 1.3.3, 1.4.1, 1.6.1, 2.1, 4.3 and 11.

Fixed penalties are "k tricks to gora": k × r, r the progression step of this
raspasovka (``raspasovka_round``), written by ``penalties.penalty(kind="tricks")``. When
the convention scores raspasovka in whists (Rostov), a penalty trick is written the way a
raspasovka trick is: the player (or players, per ``raspasovka_tie``) with fewest tricks
among the offender's two opponents in the deal's result writes ``raspasovka_whist_price``
× r whists per penalty trick on the offender — so a whists table needs ``result.tricks``.

Rules that make the offender "take the remaining tricks" (1.3.3.2, 2.1.2 when the card
clarifies the layout, 1.6.1) replace the deal's result: the tricks taken before the fault
stand and every trick still to play goes to the offender; the ruling writes that result
with ``outcome.score_raspasovka``.

Rule 1.6.1 — "if he had an exit (отдача) to a player without tricks, whists are written on
him" — is read as: from the moment the offender opened his cards, could play have forced
at least one trick on a player who had none? Default reading (``violation.exit_reading =
"coalition"``): the offender and the third player together against that player — the
one well-defined double-dummy question (one player against the other two), and the third
player is the one who gains when that player's zero is spoiled. Strict reading
(``"alone"``): the offender alone, the third player helping the trick-less one. The
counterfactual moves the k tricks that can be forced from the offender to that player;
every other player whose balance that counterfactual would have raised writes the
difference on the offender (``settlement.damage``), never a negative amount.

Incident fields (``violation``): ``move`` — index in ``history`` of the moment of the
fault (the cards before it were played correctly); or ``cards_left`` (1..10) for the
count-based rules; ``offenders`` (1.4.1: first, second, third offender in order);
``trick`` (1.4.1: the misplayed trick, else from ``move``); ``clarifies`` (2.1, the
arbiter's judgement); ``offence_number`` (4.3 with 4.4: 1 for the first offence in the deal, 2+ doubled);
``tricks`` (11: tricks in which he talked); ``exit_reading``; ``void_talon_trick`` and
``after_talon_lead`` (play settings; the talon rule is the convention's
``raspasovka_talon``).
"""
from __future__ import annotations

import functools
from fractions import Fraction

from solver.errors import PrefError
from solver.raspasovka.api import RaspasovkaSolver
from solver.raspasovka.rules import RaspasovkaPosition, RaspasovkaRules

from ..incident import IncidentError, check_result, replay_raspasovka
from ..outcome import score_raspasovka
from ..penalties import penalty
from ..settlement import compensation_entries, damage
from ..sheet import Entries
from .playout import victims_of
from .registry import VARIANTS, rule
from .ruling import Figure, Ruling, text
from .wording import count

RASP = ("raspasovka",)


# ------------------------------------------------------------------ incident → play
def play_rules(ctx) -> RaspasovkaRules:
    v = ctx.incident.violation
    try:
        return RaspasovkaRules.parse(ctx.convention.raspasovka_talon, v.get("void_talon_trick"),
                                     v.get("after_talon_lead"))
    except PrefError as e:  # the setting at fault by its path, not read back from the message
        field = e.path or ""
        raise e.again(IncidentError, f"violation.{field}" if field != "talon_rule" else "scoring.set.raspasovka_talon") from None


def position_at(ctx, move: int) -> RaspasovkaPosition:
    """The raspasovka position before ``history[move]``, played by the raspasovka rules."""
    inc = ctx.incident
    n = len(inc.hands[0])
    try:
        pos = RaspasovkaPosition([list(h) for h in inc.hands], list(inc.talon), done=10 - n,
                                 rules=play_rules(ctx))
    except PrefError as e:
        raise e.again(IncidentError, e.path or "deal") from None
    return replay_raspasovka(pos, inc.history[:move])


def need_move(ctx) -> int:
    v = ctx.incident.violation
    if v.move is None:
        raise IncidentError.of("rule_needs_moment", "violation.move", rule=ctx.spec.number)
    return v.move


def cards_left(ctx, seat: int) -> int:
    """Cards in ``seat``'s hand at the fault: ``violation.cards_left`` or from ``move``."""
    v = ctx.incident.violation
    given = v.get("cards_left")  # the schema has checked it is 1..10
    if given is not None:
        return given
    if v.move is None:
        raise IncidentError.of("rule_needs_moment_or_cards", "violation.move", rule=ctx.spec.number)
    pos = position_at(ctx, v.move)
    return bin(pos.hands[seat]).count("1")


def full_deal(ctx) -> None:
    if len(ctx.incident.hands[0]) != 10:
        raise IncidentError.of("ten_card_hands", "deal.hands")


def check_recorded(ctx) -> None:
    """``result.tricks`` must not contradict the recorded play (replayed by the raspasovka rules)."""
    inc = ctx.incident
    pos = position_at(ctx, len(inc.history))
    check_result(inc.result, tuple(pos.taken), pos.tricks_left() == 0, len(inc.history))


def rasp_rule(number: str, **kw):
    """``@rule`` for a raspasovka rule: the recorded result is checked against the play first."""
    def deco(func):
        @functools.wraps(func)
        def ruled(ctx):
            check_recorded(ctx)
            return func(ctx)

        rule(number, contracts=RASP, **kw)(ruled)
        return func

    return deco


# ------------------------------------------------------------------ writing
def penalty_tricks(ctx, r: Ruling, offender: int, k: int, why) -> None:
    """Write "k tricks to gora" for ``offender`` in this convention (see the module docstring)."""
    if k <= 0:
        return
    conv = ctx.convention
    rr = ctx.incident.raspasovka_round
    if conv.raspasovka_scoring == "gora":
        r.write_entries(penalty("tricks", offender, conv, tricks=k, raspasovka_round=rr), why)
        return
    res = ctx.incident.result
    if res is None:
        raise IncidentError.of("raspasovka_result", "result.tricks")
    others = [s for s in range(3) if s != offender]
    low = min(res[s] for s in others)
    writers = [s for s in others if res[s] == low]
    amount = conv.raspasovka_whist_price * conv.raspasovka_step(rr) * k
    if conv.raspasovka_tie == "split":
        amount = amount / len(writers)
    for w in writers:
        r.write(w, "whists", amount, on=offender, why=why)
    who_en = " and ".join(f"seat {w}" for w in writers)
    who_ru = " и ".join(f"место {w}" for w in writers)
    r.note(f"Whists scoring: each penalty trick is written as a raspasovka trick, {conv.raspasovka_whist_price} "
           f"whists times the round's step, by the offender's opponent with fewest tricks in the deal ({who_en}).",
           f"Распасы пишутся вистами: штрафная взятка записывается как взятка на распасах — "
           f"{conv.raspasovka_whist_price} × ступень распасовки вистов; пишет соперник нарушителя, взявший меньше "
           f"взяток ({who_ru}).")


def result_entries(ctx, tricks) -> Entries:
    return score_raspasovka(tuple(tricks), ctx.incident.raspasovka_round, ctx.convention)


def deal_result(ctx, r: Ruling) -> None:
    """The deal's own result as recorded (``result.tricks``), written as every game rule writes it."""
    res = ctx.incident.result
    if res is None:
        r.note("The deal's own result is not given (result.tricks): only the penalty is listed; score the deal "
               "as usual.", "Итог сдачи в записи не указан (поле result.tricks): перечислен только штраф; сдача "
               "записывается как обычно.")
        return
    r.write_entries(result_entries(ctx, res), text(f"the deal's result {'-'.join(map(str, res))}",
                                                   f"результат сдачи {'-'.join(map(str, res))}"))


def takes_the_rest(ctx, r: Ruling, offender: int, move: int):
    """The offender takes every trick still to play; write that result. Returns (pos, tricks)."""
    full_deal(ctx)
    pos = position_at(ctx, move)
    tricks = list(pos.taken)
    tricks[offender] += pos.tricks_left()
    if sum(tricks) != 10:  # only a talon trick nobody followed, impossible with a full deck
        raise IncidentError.of("tricks_not_ten", "deal", tricks=tricks)
    left = pos.tricks_left()
    r.write_entries(result_entries(ctx, tricks), text(
        f"the deal's result under the rule: seat {offender} takes every trick still to play "
        f"({count(left, 'trick', 'en')}), tricks {'-'.join(map(str, tricks))}",
        f"результат сдачи по правилу: место {offender} забирает все оставшиеся взятки ({count(left, 'trick')}), "
        f"взятки {'-'.join(map(str, tricks))}"))
    r.figures.append(Figure(text("tricks under the rule", "взятки по правилу"), tuple(tricks), source="given"))
    res = ctx.incident.result
    if res is not None and tuple(res) != tuple(tricks):
        r.note(f"The recorded result {'-'.join(map(str, res))} is replaced by the result under the rule.",
               f"Записанный результат {'-'.join(map(str, res))} заменяется результатом по правилу.")
    return pos, tricks


# ------------------------------------------------------------------ 1.3.3 and 2.1: by the cards left
def extra_tricks(ctx, r: Ruling, offender: int, k: int, n: int, number: str) -> None:
    """The top of the card-count ladders (1.3.3.1, 2.1.1): ``k`` extra tricks to gora for an
    offender who still held ``n`` cards."""
    penalty_tricks(ctx, r, offender, k, text(f"rule {number}: {count(n, 'card', 'en')} left, {k} extra tricks to gora",
                                             f"правило {number}: на руках {count(n, 'card')}, {k} дополнительные "
                                             "взятки в гору"))


def last_card(r: Ruling, number: str) -> None:
    """The foot of the ladders (1.3.3.3, 2.1.3): with one card left the fault costs nothing."""
    r.note(f"Rule {number}: one card left, no penalty.", f"Правило {number}: осталась 1 карта, не штрафуется.")


T_133_RU = ("Ход вне очереди на распасовке. Игрок обязан играть открытой картой при первой возможности. "
            "1.3.3.1. На руках осталось от 5 до 10 карт. Штраф - 3 дополнительные взятки в гору. "
            "1.3.3.2. На руках осталось 4, 3 или 2 карты. Штраф - оставшиеся взятки берёт нарушитель. "
            "1.3.3.3. На руках осталась 1 карта. Не штрафуется.")
T_133_EN = ("Lead out of turn on raspasovka. The player must play the exposed card at the first opportunity. "
            "5 to 10 cards left in hand: 3 extra tricks to gora. 4, 3 or 2 cards left: the offender takes the "
            "remaining tricks. 1 card left: no penalty.")


@rasp_rule("1.3.3", title_ru="Ход вне очереди на распасовке", title_en="Lead out of turn on raspasovka",
      pattern="FIXED", text_ru=T_133_RU, text_en=T_133_EN, offender="any")
def lead_out_of_turn(ctx) -> Ruling:
    r = ctx.ruling()
    o = ctx.incident.violation.offender
    n = cards_left(ctx, o)
    if n >= 5:
        extra_tricks(ctx, r, o, 3, n, "1.3.3.1")
        r.note("The exposed card must be played at the first opportunity; the deal's result is written as played.",
               "Открытая карта играется при первой возможности; результат сдачи записывается как сыгран.")
        deal_result(ctx, r)
    elif n >= 2:
        takes_the_rest(ctx, r, o, need_move(ctx))
    else:
        last_card(r, "1.3.3.3")
        deal_result(ctx, r)
    return r


# ------------------------------------------------------------------ 1.4.1
T_141_RU = ("Игрок взял чужую взятку и сделал ход. На распасовке все неправильно сыгранные карты становятся "
            "открытыми. После исправления ошибки ходит взявший последнюю взятку игрок. 1.4.1.1. Штраф первому "
            "нарушителю - 3 взятки в гору. 1.4.1.2. Штраф второму и третьему - 2 взятки в гору. 1.4.1.3. Штрафы "
            "при неправильном розыгрыше 9-й взятки - 2 и 1 взятки в гору. 1.4.1.4. Штрафы при неправильном "
            "розыгрыше 10-й взятки - 1 взятка в гору первому нарушителю.")
T_141_EN = ("A player gathered another's trick and led. On raspasovka every misplayed card becomes exposed; after "
            "the correction the winner of the last trick leads. First offender 3 tricks to gora; second and third "
            "2. Misplayed 9th trick: 2 and 1. Misplayed 10th trick: 1 trick to the first offender.")


def misplayed_trick(ctx) -> int:
    v = ctx.incident.violation
    t = v.get("trick")  # the schema has checked it is 1..10
    if t is not None:
        return t
    move = need_move(ctx)
    pos = position_at(ctx, move)
    return pos.done + 1


def wrong_trick_amounts(trick: int) -> tuple:
    """(first offender, second and third) penalty tricks for a misplayed trick number."""
    if trick <= 8:
        return 3, 2
    if trick == 9:
        return 2, 1
    return 1, 0


@rasp_rule("1.4.1", title_ru="Взял чужую взятку и сделал ход (распасовка)",
      title_en="Gathered another's trick and led, raspasovka", pattern="FIXED", text_ru=T_141_RU,
      text_en=T_141_EN, offender="any")
def wrong_trick(ctx) -> Ruling:
    r = ctx.ruling()
    v = ctx.incident.violation
    offenders = list(v.offenders or (v.offender,))
    if len(offenders) > 3:
        raise IncidentError.of("three_offenders", "violation.offenders")
    t = misplayed_trick(ctx)
    first, later = wrong_trick_amounts(t)
    for i, o in enumerate(offenders):
        k = first if i == 0 else later
        which = ("first", "первому") if i == 0 else (("second", "второму") if i == 1 else ("third", "третьему"))
        penalty_tricks(ctx, r, o, k, text(f"rule 1.4.1: {which[0]} offender, misplayed trick {t}: "
                                          f"{count(k, 'trick', 'en')} to gora", f"правило 1.4.1: {which[1]} "
                                          f"нарушителю, неправильно разыгранная {t}-я взятка: {count(k, 'trick')} в гору"))
    r.note("The misplayed cards become exposed; the winner of the last trick leads; the result is written as played.",
           "Неправильно сыгранные карты становятся открытыми; ходит взявший последнюю взятку; результат "
           "записывается как сыгран.")
    deal_result(ctx, r)
    return r


# ------------------------------------------------------------------ 1.6.1
T_161_RU = ("Игрок открывает свои карты. На распасовке игрок забирает оставшиеся взятки. Если у него была "
            "\"отдача\" к не имеющему взяток игроку, то на него пишут компенсацию вистами.")
T_161_EN = ("A player opens his cards. On raspasovka he takes the remaining tricks. If he had an exit (a trick "
            "he could give) to a player without tricks, whists are written on him as compensation.")


def exit_reading(ctx) -> str:
    x = ctx.incident.violation.get("exit_reading", "coalition")
    if x not in ("coalition", "alone"):
        raise IncidentError.of("choice", "violation.exit_reading", known="coalition, alone", got=x)
    return x


@rasp_rule("1.6.1", title_ru="Игрок открыл карты на распасовке", title_en="A player opens his cards on raspasovka",
      pattern="FIXED+CF", text_ru=T_161_RU, text_en=T_161_EN, offender="any", needs=("move",))
def opened_cards(ctx) -> Ruling:
    r = ctx.ruling()
    o = ctx.incident.violation.offender
    conv = ctx.convention
    pos, ruled = takes_the_rest(ctx, r, o, ctx.incident.violation.move)
    ruled_entries = result_entries(ctx, ruled)
    reading = exit_reading(ctx)
    solver = RaspasovkaSolver(reuse_table=True, node_budget=ctx.engine.node_budget,  # the ruling's budget
                              backend=ctx.engine.backend_name)  # and backend
    owed: dict = {}
    for y in range(3):
        if y == o or pos.taken[y] != 0:
            continue
        z = 3 - o - y
        by = [o, z] if reading == "coalition" else [o]
        a = solver.analyse(pos, y, by=by, line=True)
        k = a.player_tricks
        who = (f"seat {o} with seat {z}" if reading == "coalition" else f"seat {o} alone (seat {z} helping "
                                                                        f"seat {y})")
        cf = list(ruled)
        cf[o] -= k
        cf[y] += k
        who_ru = f"игрой места {o} вместе с местом {z}" if reading == "coalition" else f"игрой места {o} в одиночку"
        r.figures.append(Figure(text(f"{who} could force on seat {y}, who had no trick, from the moment the "
                                     f"cards were opened: {count(k, 'trick', 'en')}; the result without the fault",
                                     f"с момента открытия карт месту {y} (до того без взяток) можно было навязать "
                                     f"{count(k, 'trick_acc')} {who_ru}; результат без нарушения"), tuple(cf),
                                line=list(a.line)))
        if k == 0:
            r.note(f"Seat {o} had no exit to seat {y}: no trick could be forced there.",
                   f"У места {o} не было отдачи к месту {y}: навязать взятку было нельзя.")
            continue
        cf_entries = result_entries(ctx, cf)
        for vct in victims_of(ctx):  # «на него пишут»: every player it left worse off, a dealer of four too
            d = damage(vct, cf_entries, ruled_entries, conv)
            if d > 0:
                owed[vct] = owed.get(vct, Fraction(0)) + d
    for vct, amount in sorted(owed.items()):
        r.write_entries(compensation_entries(vct, [o], amount, conv), text(
            f"rule 1.6.1: seat {o} had an exit to a player without tricks; compensation for seat {vct}'s loss",
            f"правило 1.6.1: у места {o} была отдача к игроку без взяток; компенсация убытка места {vct}"))
    reading_en, reading_ru = {"coalition": ("the offender with the third player", "нарушитель вместе с третьим игроком"),
                              "alone": ("the offender alone", "нарушитель в одиночку")}[reading]
    r.note(f"Exit reading: {reading_en} (one player against the other two, double dummy from the moment the cards "
           f"were opened; the result without the fault moves the forced tricks from the offender to that player).",
           f"Прочтение «отдачи»: {reading_ru} (один против двух, в открытую с момента открытия карт; в результате "
           f"без нарушения навязанные взятки переходят от нарушителя к этому игроку).")
    return r


# ------------------------------------------------------------------ 2.1
T_21_RU = ("Случайно открытая карта во время распасовки. Игрок обязан играть открытой картой только при ходе в эту "
           "масть. 2.1.1. Осталось больше четырёх карт. Штраф - 2 дополнительные взятки в гору. 2.1.2. На руках "
           "осталось 4, 3 или 2 карты. Штраф - 1 дополнительная взятка в гору, если эта карта не проясняет "
           "расклад. В противном случае оставшиеся взятки берёт нарушитель. 2.1.3. На руках осталась 1 карта. "
           "Не штрафуется.")
T_21_EN = ("An accidentally exposed card on raspasovka must be played when its suit is led. More than four cards "
           "left: 2 extra tricks to gora. 4, 3 or 2 cards left: 1 extra trick, unless the card clarifies the "
           "layout - then the offender takes the remaining tricks. 1 card left: no penalty.")


@rasp_rule("2.1", title_ru="Случайно открытая карта на распасовке", title_en="Accidentally exposed card on raspasovka",
      pattern="FIXED", text_ru=T_21_RU, text_en=T_21_EN, offender="any")
def exposed_card(ctx) -> Ruling:
    r = ctx.ruling()
    v = ctx.incident.violation
    o = v.offender
    n = cards_left(ctx, o)
    if n > 4:
        extra_tricks(ctx, r, o, 2, n, "2.1.1")
    elif n >= 2:
        clar = v.get("clarifies")  # true or false, by the schema
        if clar is None:
            raise IncidentError.of("clarifies_missing", "violation.clarifies")
        if clar:
            takes_the_rest(ctx, r, o, need_move(ctx))
        else:
            deal_result(ctx, r)
            penalty_tricks(ctx, r, o, 1, text(f"rule 2.1.2: {count(n, 'card', 'en')} left, the card does not "
                                              "clarify the layout: 1 extra trick to gora",
                                              f"правило 2.1.2: на руках {count(n, 'card')}, карта не проясняет "
                                              "расклад: 1 дополнительная взятка в гору"))
        r.note(f"Whether the card clarifies the layout is the arbiter's judgement (given: {'yes' if clar else 'no'}).",
               f"Проясняет ли карта расклад — решение арбитра (указано: {'да' if clar else 'нет'}).")
    else:
        last_card(r, "2.1.3")
    if n > 4 or n < 2:
        deal_result(ctx, r)
    return r


# ------------------------------------------------------------------ 4.3
T_43_RU = ("Просмотр не последней взятки. Записывается результат розыгрыша и штраф нарушителю. 4.3. Штраф на "
           "распасовке - одна взятка в гору. 4.4. Каждое следующее нарушение в той же сдаче - двойной штраф.")
T_43_EN = ("Looking at a quitted trick other than the last: the result is written, plus a penalty. On raspasovka "
           "one trick to gora; each further offence in the same deal: a double penalty.")


def _looked(ctx) -> Ruling:
    r = ctx.ruling()
    v = ctx.incident.violation
    occ = v.get("offence_number", 1)  # the schema has checked it is an integer >= 1
    k = 1 if occ == 1 else 2
    penalty_tricks(ctx, r, v.offender, k, text(
        f"rule 4.3{'' if occ == 1 else f' with 4.4 (offence no. {occ} in the deal: doubled)'}: "
        f"{count(k, 'trick', 'en')} to gora",
        f"правило 4.3{'' if occ == 1 else f' и 4.4 (нарушение № {occ} в сдаче: двойной штраф)'}: "
        f"{count(k, 'trick')} в гору"))
    if occ > 1:
        r.note("Rule 4.4 read as: every further offence costs twice the base penalty (2 tricks), not a penalty "
               "doubling again each time.", "Правило 4.4 прочитано так: каждое следующее нарушение - двойной "
               "базовый штраф (2 взятки), без дальнейшего удвоения.")
    deal_result(ctx, r)
    return r


@rasp_rule("4.3", title_ru="Просмотр не последней взятки на распасовке",
      title_en="Looking at a quitted trick on raspasovka", pattern="FIXED", text_ru=T_43_RU, text_en=T_43_EN,
      offender="any")
def looked_at_trick(ctx) -> Ruling:
    return _looked(ctx)


def _free(number: str) -> bool:
    """True unless another module already rules ``number`` on raspasovka."""
    return not any("raspasovka" in s.contracts for s in VARIANTS.get(number, []))


if _free("4"):
    rasp_rule("4", title_ru="Просмотр не последней взятки (распасовка)", title_en="Looking at a quitted trick (raspasovka)",
         pattern="FIXED", text_ru=T_43_RU, text_en=T_43_EN, offender="any")(_looked)


# ------------------------------------------------------------------ 11
T_11_RU = ("Разговоры во время розыгрыша. Можно только уточнить очерёдность хода или попросить показать последнюю "
           "взятку. На распасовке - запись в гору за одну взятку. Штраф записывается сразу после окончания "
           "розыгрыша взятки, в которой было нарушение; нарушитель может быть оштрафован в каждой взятке.")
T_11_EN = ("Talking during play (only \"whose lead?\" and \"show the last trick\" are allowed). On raspasovka: one "
           "trick to gora, written after the trick in which it happened; once per such trick.")


def talking(ctx) -> Ruling:
    r = ctx.ruling()
    v = ctx.incident.violation
    n = v.get("tricks", 1)  # the schema has checked it is 1..10
    penalty_tricks(ctx, r, v.offender, n, text(
        f"rule 11: talking in {count(n, 'trick', 'en')}, one trick to gora for each",
        f"правило 11: взяток, в которых были разговоры: {n}; по одной взятке в гору за каждую"))
    deal_result(ctx, r)
    return r


if _free("11"):
    rasp_rule("11", title_ru="Разговоры во время распасовки", title_en="Talking during raspasovka", pattern="FIXED",
         text_ru=T_11_RU, text_en=T_11_EN, offender="any")(talking)
