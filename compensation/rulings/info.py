"""INFO rules: harm from information a player should not have had (1.1.2, 1.1.4, 6.1).

Open-card search cannot model knowledge. The stated proxy: the informed side's first
decision after the information (the declarer's first lead for 1.1.2; his first move after
the cards were opened for 1.1.4; the offender's first move after looking at the discard
for 6.1) is resolved against it — the admissible card worst for that side, then double
dummy to the end — and that result is compared with the actual one. The ruling says so.
"""
from __future__ import annotations

from solver.position import Position

from ..incident import IncidentError
from . import rule
from .counterfactual import Played, actual, child, compensate, deal_result, made, need_play, play_out
from .fixed import write_penalty
from .ruling import Ruling, Text, text


def info_proxy(ctx, r: Ruling, pos: Position, candidates, informed: int, victims, what: Text,
               condition=None, condition_note: Text | None = None):
    """Resolve the informed seat's move at ``pos`` (among ``candidates``) against his side,
    play out, compare with the actual result and write the victims' compensation."""
    inc = ctx.incident
    decl_side = informed == pos.declarer
    best = None
    for c in candidates:
        pl = play_out(ctx, child(pos, c), victim=victims[0])
        pl = Played(pl.tricks, [c] + list(pl.line), pl.entries, pl.declarer_tricks)
        # against the informed side: the declarer's fewest tricks (misère: most), or the defence's
        key = pl.declarer_tricks if decl_side != pos.is_misere else -pl.declarer_tricks
        if best is None or key < best[0]:
            best = (key, c, pl)
    _, card, proxy = best
    r.note(f"INFO proxy: {what.en} resolved against the informed side (seat {informed}): {card}, then double dummy; "
           "compared with the actual result.",
           f"Замена информации: {what.ru} — в ущерб информированной стороне (место {informed}): {card.russian()}, "
           "далее в открытую; сравнивается с реальным результатом.")
    if inc.result is None:
        r.figures.append(proxy.figure(text("the proxy result", "результат замены"), ctx, victims[0]))
        r.note("No actual result given (result.tricks): the compensation cannot be measured.",
               "Реальный результат не указан (result.tricks): компенсацию измерить нельзя.")
        return proxy
    act = actual(ctx)
    ok = True if condition is None else condition(proxy, act)
    compensate(ctx, r, victims, proxy, act, "actual", condition=ok, condition_note=condition_note,
               labels=(("the proxy: that decision resolved against the informed side",
                        "замена: это решение в ущерб информированной стороне"),
                       ("the actual result", "реальный результат")))
    return proxy


def first_move_of(ctx, seat: int, start: int):
    """(index, position) of ``seat``'s first move at or after history index ``start``."""
    inc = ctx.incident
    for n in range(start, len(inc.history) + 1):
        pos = inc.position_at(n)
        if pos.is_over():
            break
        if pos.to_move == seat and n not in inc.lead_overrides:
            return n, pos
    raise IncidentError("history", f"seat {seat} has no move in history at or after index {start}: the informed "
                                   "decision cannot be found")


T_11_RU = "Первый ход играющего. Делается в тёмную. "
T_11_EN = "The declarer's first lead is made closed. "


@rule("1.1.2", title_ru="Знание расклада помогло играющему", title_en="Knowing the layout helped the declarer",
      pattern="INFO+CF",
      text_ru=T_11_RU + "1.1.1. Один из игроков открыл карты до хода... Штраф нарушителю - без одной в гору на висте "
                        "(на мизере и десятерной - 10). 1.1.2. Знание расклада помогло играющему выиграть контракт. "
                        "Пострадавшие игроки пишут компенсацию на нарушителя вистами.",
      text_en=T_11_EN + "1.1.1 A player showed his cards before it: one trick short on whist to gora (misère and ten: "
                        "10). 1.1.2 If knowing the layout helped the declarer make the contract, the victims write "
                        "whists on the offender.", contracts=("game",), offender="defender")
def layout_helped(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    need_play(ctx)
    if inc.first_leader != inc.declarer:
        raise IncidentError("first_leader", "rule 1.1 is about the declarer's first lead; the defence leads first here")
    write_penalty(ctx, r, "whist", inc.violation.offender, rule_no="1.1.1")
    r.note("Rule 1.1.2 follows an offence under 1.1.1, so its penalty is written too.",
           "Правило 1.1.2 следует за нарушением 1.1.1, поэтому его штраф тоже записывается.")
    pos = inc.position_at(0)
    victims = [s for s in inc.defenders if s != inc.violation.offender]
    info_proxy(ctx, r, pos, pos.legal_moves(), inc.declarer, victims,
               text("the declarer's first lead", "первый ход играющего"),
               condition=lambda proxy, act: made(ctx, act.declarer_tricks) and not made(ctx, proxy.declarer_tricks),
               condition_note=text("The knowledge did not decide the contract (the proxy makes it too, or the actual "
                                   "play failed): no compensation.",
                                   "Знание расклада не решило судьбу контракта: компенсации нет."))
    deal_result(ctx, r)
    return r


@rule("1.1.4", title_ru="Пасующий ошибочно открыл карты при игре втёмную",
      title_en="The passer opens his cards in closed play after the declarer's lead", pattern="INFO+FIXED",
      text_ru=T_11_RU + "1.1.4. После хода играющего вистующий назначает розыгрыш «в тёмную», но пасующий ошибочно "
                        "открывает карты. Игра продолжается с открытыми картами. Если знание расклада помогло играющему "
                        "выиграть контракт, пострадавшие игроки пишут компенсацию на нарушителя вистами. Штраф "
                        "нарушителю - без одной в гору на игре.",
      text_en=T_11_EN + "1.1.4 After it the whister chose closed play but the passer opened his cards: play goes on "
                        "open; if knowing the layout helped the declarer make the contract the victims write whists on "
                        "the offender; the offender: one undertrick to gora.", contracts=("game",), offender="passer")
def passer_opened_closed(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    need_play(ctx)
    write_penalty(ctx, r, "game", inc.violation.offender)
    start = inc.violation.move if inc.violation.move is not None else 1
    n, pos = first_move_of(ctx, inc.declarer, start)
    victims = [s for s in inc.defenders if s != inc.violation.offender]
    info_proxy(ctx, r, pos, pos.legal_moves(), inc.declarer, victims,
               text(f"the declarer's first move after the cards were opened (history[{n}])",
                    f"первый ход играющего после открытия карт (history[{n}])"),
               condition=lambda proxy, act: made(ctx, act.declarer_tricks) and not made(ctx, proxy.declarer_tricks),
               condition_note=text("The knowledge did not decide the contract: no compensation.",
                                   "Знание расклада не решило судьбу контракта: компенсации нет."))
    deal_result(ctx, r)
    return r


@rule("6.1", title_ru="Знание сноса привело к ремизу", title_en="Knowing the discard led to the declarer's loss",
      pattern="INFO+CF",
      text_ru="Просмотр сноса другим игроком. Штраф - запись без одной в гору на игре. 6.1. Если знание сноса привело "
              "к ремизу или дополнительному проигрышу играющего, он пишет компенсацию вистами на нарушителя. "
              "Записывается реальный результат розыгрыша.",
      text_en="Another player looked at the discard: one undertrick to his gora. 6.1 If that led to the declarer's "
              "failure or a bigger loss, the declarer writes compensation in whists on the offender; the real result "
              "is written.", contracts=("game",), offender="defender")
def discard_knowledge(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    write_penalty(ctx, r, "game", v.offender, rule_no="6")
    start = v.move if v.move is not None else 0
    n, pos = first_move_of(ctx, v.offender, start)
    decl = inc.declarer
    info_proxy(ctx, r, pos, pos.legal_moves(), v.offender, [decl],
               text(f"the offender's first move after seeing the discard (history[{n}])",
                    f"первый ход нарушителя после просмотра сноса (history[{n}])"),
               condition=lambda proxy, act: (not made(ctx, act.declarer_tricks))
               and act.declarer_tricks < proxy.declarer_tricks,
               condition_note=text("No failure or bigger loss traceable to the knowledge: no compensation.",
                                   "Ремиза или дополнительного проигрыша из-за знания сноса нет: компенсации нет."))
    deal_result(ctx, r)
    return r
