"""INFO rules: harm from information a player should not have had (1.1.2, 1.1.4, 6.1;
1.2.1 and 1.2.2 use :func:`knowledge_figures` from :mod:`.remedy`).

Open-card search cannot model knowledge, so the ruling compares two double-dummy figures
(the product owner's reading, ``docs/rulings.md``):

* **as played**: the informed side's decisions as actually made (the recorded cards), then
  double dummy. The other side's recorded cards are kept only while they are double-dummy
  best: a misplay by either side that the information did not cause never enters it.
* **resolved against him**: every decision of the informed side from the moment he saw the
  cards (to the end of the deal in 1.1.4 and 6.1; the one lead in 1.1.2), resolved against
  him with rule 1.6.2's machinery over what he knew *before* (his own hand, the cards
  played, the voids shown): the question is whether the knowledge could have changed a
  decision, so the candidates are the cards not dominated by another card over every layout
  he could then believe in (never better, sometimes worse: throwing an ace under a low card
  needs no knowledge to be avoided; ``violation.candidates = best_somewhere`` is the named
  setting), and the figure is the worst final result over every sequence of candidate
  choices (``options.guess = greedy``: the worst candidate now, then on). Every decision in
  the window counts — the knowledge can change *which* candidate he picks even where it
  leaves the set of candidates as it was, and the offender carries that doubt — except a
  forced card and one where every legal card has the same value in every layout he could
  believe in: those are played as recorded.

"Made" / "failed" in the rule's condition is judged on these two figures, never on the
recorded final result.
"""
from __future__ import annotations

from ..incident import IncidentError
from .knowledge import declarer_view, defender_view, knowledge_figures
from .playout import (
    Played,
    compensate,
    deal_result,
    made,
    need_play,
    victims_of,
    write_penalty,
)
from .registry import rule
from .ruling import Ruling, Text, text


def _judge(ctx, r: Ruling, victims, base: Played, proxy: Played, condition: bool, note: Text) -> None:
    compensate(ctx, r, victims, proxy, base, "double dummy", condition=condition, condition_note=note,
               labels=(("every decision resolved against the informed side", "решения в ущерб информированной стороне"),
                       ("the decisions as made", "решения, как они сделаны")))


def _victims(ctx, offender: int) -> list:
    """«Пострадавшие»: every player but the offender (:func:`.playout.victims_of`), the other
    defender first."""
    return victims_of(ctx, first=next(s for s in ctx.incident.defenders if s != offender))


def _helped_declarer(ctx, base: Played, proxy: Played) -> bool:
    return made(ctx, base.declarer_tricks) and not made(ctx, proxy.declarer_tricks)


T_11_RU = "Первый ход играющего. Делается в тёмную. "
T_11_EN = "The declarer's first lead is made closed. "


@rule("1.1.2", title_ru="Знание расклада помогло играющему", title_en="Knowing the layout helped the declarer",
      pattern="INFO+CF",
      text_ru=T_11_RU + "1.1.1. Один из игроков открыл карты до хода... Штраф нарушителю - без одной в гору на висте "
                        "(на мизере и десятерной - 10). 1.1.2. Знание расклада помогло играющему выиграть контракт. "
                        "Пострадавшие игроки пишут компенсацию на нарушителя вистами.",
      text_en=T_11_EN + "1.1.1 A player showed his cards before it: one trick short on whist to gora (misère and ten: "
                        "10). 1.1.2 If knowing the layout helped the declarer make the contract, the victims write "
                        "whists on the offender.", contracts=("game", "misere"), offender="defender")
def layout_helped(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    need_play(ctx)
    if inc.first_leader != inc.declarer:
        raise IncidentError.of("rule_1_1_defence", "first_leader")
    if not inc.history:
        r.note("The first lead is not recorded (history): taken as the declarer's double-dummy best.",
               "Первый ход не записан (history): принят лучший ход играющего в открытую.")
    write_penalty(ctx, r, "whist", inc.violation.offender, rule_no="1.1.1")
    r.note("Rule 1.1.2 follows an offence under 1.1.1, so its penalty is written too.",
           "Правило 1.1.2 следует за нарушением 1.1.1, поэтому его штраф тоже записывается.")
    pos = inc.position_at(0)
    victims = _victims(ctx, inc.violation.offender)
    # the cards are closed for the lead and reopened after it: only the first lead was informed
    pre = declarer_view(inc, 0, pos)
    base, proxy = knowledge_figures(ctx, r, 0, inc.declarer, pre, victims,
                                    text("the declarer's first lead", "первый ход играющего"), window=1)
    _judge(ctx, r, victims, base, proxy, _helped_declarer(ctx, base, proxy),
           text("The knowledge did not decide the contract (resolved against him it is made too, or as played it "
                "fails): no compensation.",
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
    if start > len(inc.history):
        raise IncidentError.of("opened_range", "violation.move", n=len(inc.history), top=len(inc.history))
    pos = inc.position_at(start)
    victims = _victims(ctx, inc.violation.offender)
    # play went on open: every later decision of the declarer was made seeing the cards
    pre = declarer_view(inc, start, pos)
    base, proxy = knowledge_figures(ctx, r, start, inc.declarer, pre, victims,
                                    text(f"every decision of the declarer from history[{start}], when the passer's "
                                         "cards were opened", f"все решения играющего с {start + 1}-й карты "
                                                              "розыгрыша, когда пасующий открыл карты"))
    _judge(ctx, r, victims, base, proxy, _helped_declarer(ctx, base, proxy),
           text("The knowledge did not decide the contract: no compensation.",
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
              "is written.", contracts=("game", "misere"), offender="defender")
def discard_knowledge(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    write_penalty(ctx, r, "game", v.offender, rule_no="6")
    start = v.move if v.move is not None else 0
    if start > len(inc.history):
        raise IncidentError.of("discard_seen_range", "violation.move", n=len(inc.history), top=len(inc.history))
    if not inc.discard:
        raise IncidentError.of("discard_needed_6_1", "deal.discard")
    pos = inc.position_at(start)
    decl = inc.declarer
    # before he looked he knew his own cards and, in open play, his partner's; not the discard
    partner_seen = inc.open and start >= 1
    pre = defender_view(inc, start, pos, v.offender, partner_seen=partner_seen, discard_seen=False)
    base, proxy = knowledge_figures(ctx, r, start, v.offender, pre, [decl],
                                    text(f"every decision of seat {v.offender} from history[{start}], after he saw "
                                         "the discard", f"все решения нарушителя с {start + 1}-й карты "
                                                        "розыгрыша, после просмотра сноса"))
    better = max if not pos.is_misere else min
    loss = (not made(ctx, base.declarer_tricks)) and base.declarer_tricks != proxy.declarer_tricks \
        and better(base.declarer_tricks, proxy.declarer_tricks) == proxy.declarer_tricks
    _judge(ctx, r, [decl], base, proxy, loss,
           text("No failure or bigger loss traceable to the knowledge: no compensation.",
                "Ремиза или дополнительного проигрыша из-за знания сноса нет: компенсации нет."))
    deal_result(ctx, r)
    return r
