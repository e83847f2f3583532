"""FIXED rules of seed 000: a set penalty in gora, no search.

"Без одной в гору на игре" is ``penalties.penalty("game", ...)`` (one undertrick of the
current contract), "на висте" is ``penalty("whist", ...)`` (one trick short on whist);
"без двух" is ``count=2``. Where the rule also says the deal's result is written, the
ruling writes it too when ``result.tricks`` is given.
"""
from __future__ import annotations

from ..incident import IncidentError
from .playout import GAME_WHY, WHIST_WHY, deal_result, score_tricks, write_penalty  # noqa: F401
from .registry import rule
from .ruling import Ruling, text


def _penalty_and_result(ctx, kind: str, seat: int | None = None) -> Ruling:
    """The plainest FIXED ruling: one penalty (``kind`` "game": без одной на игре, "whist":
    на висте) for the offender (or ``seat``), then the deal's own result."""
    r = ctx.ruling()
    write_penalty(ctx, r, kind, ctx.incident.violation.offender if seat is None else seat)
    deal_result(ctx, r)
    return r


@rule("1", title_ru="Ход (определение)", title_en="When a card is played (definition)", pattern="FIXED",
      text_ru="Ход считается сделанным, если карта коснулась стола и её увидел хотя-бы один участник розыгрыша. "
              "При розыгрыше на открытых картах ход считается сделанным, если карта передвинута в центр стола "
              "(на «пулю») и рука убрана.",
      text_en="A card is played once it touches the table and someone saw it; in open play once it is moved to "
              "the centre and the hand withdrawn.",
      contracts=("game", "misere", "raspasovka"), offender="none")
def definition(ctx) -> Ruling:
    r = ctx.ruling()
    r.note("A definition: the card stands as played; no penalty of its own.",
           "Определение: карта считается сыгранной; собственного штрафа нет.")
    return r


@rule("1.1.1", title_ru="Игрок открыл карты до первого хода играющего",
      title_en="A player shows his cards before the declarer's first lead", pattern="FIXED",
      text_ru="Один из игроков открыл карты до хода. Карты закрываются и делается ход. После карты открываются. "
              "Записывается результат розыгрыша. Штраф нарушителю - без одной в гору на висте (на мизере и "
              "десятерной - 10).",
      text_en="A player showed his cards before the (closed) first lead: the cards are closed, the lead is made, "
              "they reopen; the result is written; the offender: one trick short on whist to gora (on misère and "
              "on a ten: 10).", offender="defender")
def shown_before_first_lead(ctx) -> Ruling:
    return _penalty_and_result(ctx, "whist")


@rule("1.1.3", title_ru="Пасующий сделал ход до решения вистующего",
      title_en="The passer played before the whister chose open or closed play", pattern="FIXED",
      text_ru="Пасующий делает ход до решения вистующего о способе розыгрыша (с открытыми или закрытыми картами). "
              "Вистующий решает как играть. При открытой игре преждевременный ход пасующего считается "
              "недействительным. Штраф нарушителю - без одной в гору на игре.",
      text_en="The passer played before the whister chose open or closed play: the whister decides; in open play "
              "the early card is void; the offender: one undertrick of the contract to gora.",
      contracts=("game",), offender="passer")
def passer_played_early(ctx) -> Ruling:
    return _penalty_and_result(ctx, "game")


@rule("1.3.1", title_ru="Ход вне очереди играющего", title_en="Lead out of turn by the declarer",
      pattern="FIXED",
      text_ru="Ход вне очереди. Карта остаётся открытой. Ходит тот игрок, который должен был ходить. Ход вне "
              "очереди играющего. Наказание - игра открытой картой по требованию любого из вистующих.",
      text_en="Lead out of turn by the declarer: the card stays exposed, the rightful player leads; the penalty is "
              "open-card play at any whister's demand.", offender="declarer")
def declarer_out_of_turn(ctx) -> Ruling:
    r = ctx.ruling()
    r.note("Nothing is written for the violation itself: the penalty is that play continues with open cards if "
           "either whister demands it.",
           "За само нарушение ничего не пишется: наказание — игра открытыми картами по требованию любого из "
           "вистующих.")
    deal_result(ctx, r)
    return r


@rule("1.4.2.1", title_ru="Играющий взял чужую взятку и сделал ход (закрытая игра)",
      title_en="The declarer gathered another's trick and led (closed play)", pattern="FIXED",
      text_ru="При розыгрыше контракта с закрытыми картами неправильно сыгранные карты становятся открытыми. После "
              "исправления ошибки ходит взявший последнюю взятку игрок. Штраф играющему - без одной в гору на игре.",
      text_en="Closed play: the misplayed cards become exposed; after the correction the winner of the last trick "
              "leads. The declarer: one undertrick of the contract to gora.",
      offender="declarer", play="closed")
def declarer_wrong_trick(ctx) -> Ruling:
    return _penalty_and_result(ctx, "game")


@rule("1.4.2.2", title_ru="Вистующий взял чужую взятку и сделал ход (закрытая игра)",
      title_en="A defender gathered another's trick and led (closed play)", pattern="FIXED",
      text_ru="При розыгрыше контракта с закрытыми картами неправильно сыгранные карты становятся открытыми. "
              "Штраф вистующему (пасующему) - без одной в гору на висте.",
      text_en="Closed play: the misplayed cards become exposed. The defender: one trick short on whist to gora.",
      offender="defender", play="closed")
def defender_wrong_trick(ctx) -> Ruling:
    return _penalty_and_result(ctx, "whist")


def _quitted_trick(ctx, kind: str) -> Ruling:
    r = ctx.ruling()
    n = ctx.incident.violation.get("offence_number", 1)  # the schema has checked it is an integer >= 1
    count = 1 if n == 1 else 2
    write_penalty(ctx, r, kind, ctx.incident.violation.offender, count=count)
    if n > 1:
        r.note(f"Offence number {n} in this deal: rule 4.4 doubles the penalty. Reading: every further offence "
               "costs twice the single penalty (not 4×, 8× …).",
               f"Нарушение №{n} в сдаче: по правилу 4.4 штраф двойной. Толкование: каждое следующее нарушение "
               "стоит двойной штраф (а не 4×, 8× …).")
    deal_result(ctx, r)
    return r


T_4_RU = ("Просмотр не последней взятки. Записывается результат розыгрыша и штраф (штрафы) нарушителю "
          "(нарушителям). 4.4. Каждое следующее нарушение в той же сдаче - двойной штраф.")
T_4_EN = ("Looking at a quitted trick other than the last: the result plus the offender's penalty; each further "
          "offence in the same deal is penalised double.")


@rule("4.1", title_ru="Просмотр не последней взятки играющим", title_en="Declarer looks at an old trick",
      pattern="FIXED", text_ru=T_4_RU + " 4.1. Штраф заказавшему контракт - без одной в гору.",
      text_en=T_4_EN + " 4.1. The declarer: one undertrick to gora.", offender="declarer")
def old_trick_declarer(ctx) -> Ruling:
    return _quitted_trick(ctx, "game")


@rule("4.2", title_ru="Просмотр не последней взятки вистующим", title_en="A defender looks at an old trick",
      pattern="FIXED", text_ru=T_4_RU + " 4.2. Штраф вистующему (спасовавшему) - без одной в гору на висте.",
      text_en=T_4_EN + " 4.2. A defender: one trick short on whist to gora.", offender="defender")
def old_trick_defender(ctx) -> Ruling:
    return _quitted_trick(ctx, "whist")


T_5_RU = "Просмотр сноса играющим после начала розыгрыша."
T_5_EN = "The declarer looks at his discard after play began."


@rule("5.1", title_ru="Просмотр сноса играющим: предупреждение", title_en="Declarer looks at his discard: warning",
      pattern="FIXED", text_ru=T_5_RU + " 5.1. Предупреждение.", text_en=T_5_EN + " 5.1. A warning.",
      offender="declarer")
def discard_look_warning(ctx) -> Ruling:
    r = ctx.ruling()
    r.note("A warning only; nothing is written for the look itself.",
           "Только предупреждение; за сам просмотр ничего не пишется.")
    deal_result(ctx, r)
    return r


@rule("5.2", title_ru="Просмотр сноса играющим при подозрении о замене",
      title_en="Declarer looks at his discard, a swap suspected", pattern="FIXED",
      text_ru=T_5_RU + " 5.2. При подозрениях о замене сноса: штраф - без одной в гору на игре. Записываются висты "
                       "и возможный ремиз. Выигранный контракт не записывается.",
      text_en=T_5_EN + " 5.2. On suspicion of a swap: one undertrick to gora; whists and any undertricks are "
                       "written; a made contract is not written.",
      contracts=("game", "misere"), offender="declarer")
def discard_swap(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    write_penalty(ctx, r, "game", inc.declarer)
    if inc.result is None:
        raise IncidentError.of("result_5_2", "result.tricks")
    e = score_tricks(ctx, inc.result)
    if e.pulya[inc.declarer]:
        e = e.add_pulya(inc.declarer, -e.pulya[inc.declarer])
        r.note("The contract was made but is not written to the pulya (5.2).",
               "Контракт выигран, но в пулю не записывается (5.2).")
    r.write_entries(e, text(f"the deal's result {'-'.join(map(str, inc.result))}: whists and undertricks, no pulya",
                            f"результат сдачи {'-'.join(map(str, inc.result))}: висты и ремиз, без пули"))
    return r


@rule("5.3", title_ru="Повторный просмотр сноса играющим", title_en="Declarer looks at his discard again",
      pattern="FIXED", text_ru=T_5_RU + " 5.3. Повторный просмотр сноса после начала розыгрыша: без одной в гору "
                                        "на игре.",
      text_en=T_5_EN + " 5.3. A second look after play began: one undertrick to gora.", offender="declarer")
def discard_look_again(ctx) -> Ruling:
    return _penalty_and_result(ctx, "game", ctx.incident.declarer)


@rule("6", title_ru="Просмотр сноса другим игроком", title_en="Another player looks at the discard",
      pattern="FIXED",
      text_ru="Просмотр сноса другим игроком. Штраф - запись без одной в гору на игре. При открытой игре нарушитель "
              "не участвует в розыгрыше.",
      text_en="Another player looks at the discard: one undertrick of the contract to his gora; in open play the "
              "offender takes no further part in the play.", offender="defender")
def discard_seen_by_other(ctx) -> Ruling:
    r = ctx.ruling()
    write_penalty(ctx, r, "game", ctx.incident.violation.offender)
    if ctx.incident.open:
        r.note("Open play: the offender takes no further part in the play (his partner plays both defending hands).",
               "Открытая игра: нарушитель больше не участвует в розыгрыше (партнёр играет за обе руки).")
    deal_result(ctx, r)
    return r


@rule("11", title_ru="Разговоры во время розыгрыша", title_en="Talking during closed play", pattern="FIXED",
      text_ru="Розыгрыш «в тёмную» должен проходить молча. Можно только уточнить очерёдность хода или попросить "
              "показать последнюю взятку. Штраф за любое другое слово (слова) - запись в гору за проигрыш на висте. "
              "Штраф записывается сразу после окончания розыгрыша взятки, в которой было нарушение. Нарушитель "
              "может быть оштрафован несколько раз в розыгрыше сдачи (в розыгрыше каждой взятки).",
      text_en="Closed play is silent (only 'whose lead?' and 'show the last trick'). Any other word: a gora entry as "
              "for a loss on whist, once per trick in which it happened.",
      contracts=("game", "misere"), offender="any", play="closed")
def talking(ctx) -> Ruling:
    r = ctx.ruling()
    n = ctx.incident.violation.get("tricks", 1)  # the schema has checked it is 1..10
    write_penalty(ctx, r, "whist", ctx.incident.violation.offender, count=n)
    if n > 1:
        r.note(f"Talk in {n} tricks: {n} penalties (violation.tricks).",
               f"Разговоры в {n} взятках: {n} штрафов (violation.tricks).")
    deal_result(ctx, r)
    return r
