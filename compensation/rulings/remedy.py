"""REMEDY rules: the non-offending side chooses (which suit a lead must or must not be,
whether to correct a lead out of turn); every option is solved double dummy with the
penalty card in the search, and the best for the chooser (the declarer) is named by his
balance in whists.

1.2.1 / 1.2.2 (the passer's cards opened early) add an INFO proxy for "possible losses";
1.3.2.1 adds the CF of the lead out of turn against no violation; 1.5 adds the rule's own
one-trick compensation when the contract fails.
"""
from __future__ import annotations

from solver.cards import Suit
from solver.constraints import NO_CONSTRAINTS, Constraints, LeadRestriction, PenaltyCard
from solver.hands import SUIT_MASKS

from ..incident import IncidentError
from .knowledge import defender_view, knowledge_figures
from .playout import (
    SUIT_EN,
    SUIT_RU,
    Played,
    actual,
    bal,
    choice_note,
    compensate,
    correct_play,
    deal_result,
    evaluate,
    made,
    need_play,
    play_out,
    score_tricks,
    stood_unpunished,
    victims_of,
    write_penalty,
)
from .registry import rule
from .ruling import Ruling, text
from .wording import count


def suit_options(pos, leader: int, base: Constraints):
    """(key, Text, cons) for each suit the leader holds: 'must lead it'."""
    out = [("free", text("no demand", "без требования"), base)]
    for s in range(4):
        if pos.hands[leader] & SUIT_MASKS[s]:
            cons = Constraints(base.penalty_cards, LeadRestriction(leader, s, must=True), base.plan)
            out.append((f"demand {Suit(s).letter}", text(f"seat {leader} must lead {SUIT_EN[s]}",
                                                         f"место {leader} обязан ходить в {SUIT_RU[s]}"), cons))
    return out


def _chosen(ctx, keys, best):
    c = ctx.incident.violation.get("chosen")
    if c is None:
        return best
    if c not in keys:
        raise IncidentError.of("unknown_choice", "violation.chosen", got=c, known=", ".join(keys))
    return c


WHICH_RU = {"first": "Первый", "second": "Второй"}


def _passer_opened(ctx, r: Ruling, at: int, count: int, which: str) -> Ruling:
    inc = ctx.incident
    need_play(ctx)
    decl = inc.declarer
    pos = inc.position_at(at)
    write_penalty(ctx, r, "game", inc.violation.offender, count=count)
    if pos.trick:
        raise IncidentError.of("lead_starts_trick", "history", rule=r.rule, which=which)
    leader = pos.leader
    if leader == decl:
        r.note(f"The {which} lead is the declarer's own: there is no suit to choose.",
               f"{WHICH_RU[which]} ход делает сам играющий: выбирать масть не у кого.")
        deal_result(ctx, r)
        return r
    opts = [(k, lab, pos, cons) for k, lab, cons in suit_options(pos, leader, NO_CONSTRAINTS)]
    best, results = evaluate(ctx, r, opts, decl)
    chosen = _chosen(ctx, [o[0] for o in opts], best)
    recorded = inc.violation.get("chosen") is not None
    label = {o[0]: o[1] for o in opts}
    from solver.hands import cards_of

    def allowed_by(key):
        cons = next(o[3] for o in opts if o[0] == key)
        return cards_of(cons.moves(pos, cons.initial())[0])

    allowed = allowed_by(chosen)
    if len(inc.history) > at and inc.history[at] not in allowed:
        # the recorded lead shows what was actually chosen: the proxy must stay within it
        led = inc.history[at]
        if recorded:
            raise IncidentError.of("choice_disallows_lead", "violation.chosen", got=chosen, which=which, move=at,
                                        card=str(led))
        chosen = "free"
        allowed = allowed_by(chosen)
        choice_note(r, label[chosen], "violation.chosen")
        r.note(f"The recorded {which} lead ({led}) is not in the best option, so the declarer did not take it; "
               "no choice recorded (violation.chosen): the lead is treated as free.",
               f"Сыгранный ход ({led.russian()}) не входит в лучший вариант — играющий его не выбрал; выбор не "
               "указан (violation.chosen): ход считается свободным.")
    else:
        choice_note(r, label[chosen], "violation.chosen", recorded)

    if leader == inc.violation.offender:
        r.note(f"The {which} lead is the offender's own: seeing his own cards told him nothing, so no decision "
               "was informed and there is no compensation for knowledge.",
               f"{WHICH_RU[which]} ход делает сам нарушитель: свои карты он и так знал, знание ни на одно решение "
               "не повлияло — компенсации за знание нет.")
        deal_result(ctx, r)
        return r
    # the leader's view before the passer's cards were shown
    pre = defender_view(inc, at, pos, leader, partner_seen=False, discard_seen=False)
    victims = victims_of(ctx, first=decl)  # «компенсацию … пишут на нарушителя»: whoever it left worse off
    base, proxy = knowledge_figures(ctx, r, at, leader, pre, victims,
                                    text(f"the {which} lead within the declarer's choice ({label[chosen].en})",
                                         f"ход в пределах выбора играющего ({label[chosen].ru})"), window=1, allowed=allowed)
    compensate(ctx, r, victims, proxy, base, "double dummy",
               labels=(("the lead resolved against the informed side", "ход в ущерб информированной стороне"),
                       ("the lead as made", "ход, как он сделан")))
    deal_result(ctx, r)
    return r


def _defence_leads_first(inc) -> None:
    """Rule 1.2 is the passer's cards opened around the defence's first lead: a deal the
    declarer leads is not one of its cases."""
    if inc.first_leader == inc.declarer:
        raise IncidentError.of("rule_12_declarer_leads", "first_leader")


T_12 = ("Первый ход вистующего или пасующего. Вистующий до хода решает открывать карты или нет. ",
        "The defence leads first; the whister decides before the lead whether to open the cards. ")


@rule("1.2.1", title_ru="Пасующий открыл карты до решения вистующего",
      title_en="The passer opens his cards before the whister's decision", pattern="REMEDY+INFO",
      text_ru=T_12[0] + "1.2.1. Пасующий открывает карты до решения вистующего. Штраф нарушителю - без одной в гору "
                        "на игре. Играющий может выбрать масть первого хода. Компенсацию за возможные убытки пишут "
                        "на нарушителя вистами.",
      text_en=T_12[1] + "1.2.1. The passer opens before the whister's decision: one undertrick to his gora; the "
                        "declarer may choose the suit of the first lead; possible losses are compensated in whists "
                        "on the offender.", contracts=("game",), offender="passer")
def passer_opened_early(ctx) -> Ruling:
    r = ctx.ruling()
    _defence_leads_first(ctx.incident)
    return _passer_opened(ctx, r, 0, 1, "first")


@rule("1.2.2", title_ru="Пасующий открыл карты после хода вистующего",
      title_en="The passer opens his cards after the whister's first lead", pattern="REMEDY+INFO",
      text_ru=T_12[0] + "1.2.2. Пасующий открывает карты после хода вистующего. Штраф нарушителю - без двух в гору "
                        "на игре. Играющий может выбрать масть второго хода. Компенсацию за возможные убытки пишут на "
                        "нарушителя вистами.",
      text_en=T_12[1] + "1.2.2. The passer opens after the whister's first lead: two undertricks to his gora; the "
                        "declarer may choose the suit of the second lead; possible losses are compensated in whists "
                        "on the offender.", contracts=("game",), offender="passer")
def passer_opened_late(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    _defence_leads_first(inc)
    if len(inc.history) < 3:
        raise IncidentError.of("rule_122_first_trick", "history")
    return _passer_opened(ctx, r, 3, 2, "second")


T_1321_RU = ("Ход вне очереди вистующего (пасующего) при игре закрытыми картами. Открытая карта должна быть сыграна при "
             "ходе в эту масть либо при ходе нарушителя. Играющий может запретить или потребовать ход в эту же масть. "
             "Разыгрывающий может также и не исправлять допущенную ошибку. Компенсацию за возможные убытки пишут на "
             "нарушителя вистами.")
T_1321_EN = ("Lead out of turn by a defender, closed play: the exposed card must be played when its suit is led or at "
             "the offender's turn to lead; the declarer may forbid or demand that suit from the rightful leader, or "
             "leave the error uncorrected; possible losses are compensated in whists on the offender.")


@rule("1.3.2.1", title_ru="Ход вне очереди вистующего при закрытой игре",
      title_en="Lead out of turn by a defender, closed play", pattern="REMEDY+CF", text_ru=T_1321_RU,
      text_en=T_1321_EN, contracts=("game", "misere"), offender="defender", needs=("move",), play="closed")
def lead_out_of_turn_closed(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    decl = inc.declarer
    correction = v.correction or ("none" if v.move in inc.lead_overrides else None)
    before = inc.position_at(v.move)
    if before.trick:
        raise IncidentError.of("move_not_trick_start", "violation.move", move=v.move)
    rightful = before.leader
    card = v.card
    if card is None:
        raise IncidentError.of("card_led_missing", "violation.card")
    if rightful == v.offender:
        raise IncidentError.of("rightful_leader", "violation.offender", seat=v.offender)
    if not before.hands[v.offender] & card.mask:
        raise IncidentError.of("not_held_at", "violation.card", seat=v.offender, card=str(card), move=v.move)
    pen = (PenaltyCard(v.offender, card, "suit_or_lead"),)
    accept = before.copy()
    accept.leader = v.offender
    accept.play(card)
    opts = [("none", text(f"leave it: the trick goes on from seat {v.offender}'s {card}",
                          f"не исправлять: взятка продолжается с {card.russian()} места {v.offender}"),
             accept, NO_CONSTRAINTS),
            ("lead", text(f"seat {rightful} leads freely; {card} a penalty card",
                          f"ходит место {rightful} свободно; {card.russian()} — штрафная карта"),
             before, Constraints(pen))]
    if rightful != decl:
        s = int(card.suit)
        opts.append(("demand", text(f"seat {rightful} must lead {SUIT_EN[s]}; {card} a penalty card",
                                    f"место {rightful} обязан ходить в {SUIT_RU[s]}; {card.russian()} — штрафная"),
                     before, Constraints(pen, LeadRestriction(rightful, s, must=True))))
        opts.append(("forbid", text(f"seat {rightful} must not lead {SUIT_EN[s]}; {card} a penalty card",
                                    f"месту {rightful} запрещён ход в {SUIT_RU[s]}; {card.russian()} — штрафная"),
                     before, Constraints(pen, LeadRestriction(rightful, s, must=False))))
    best, results = evaluate(ctx, r, opts, decl)
    chosen = correction or best
    if chosen not in results:
        raise IncidentError.of("not_an_option", "violation.correction", got=chosen, known=", ".join(results))
    label = {o[0]: o[1] for o in opts}
    if chosen != "none":  # a lead left standing: stood_unpunished names the best remedy not used
        choice_note(r, label[chosen], "violation.correction", correction is not None)
    if chosen == "none" and stood_unpunished(ctx, r):
        return r
    correct_card, correct = correct_play(ctx, before, before.legal_moves(), victim=decl)
    r.note(f"No violation: seat {rightful} leads his side's best card, {correct_card}.",
           f"Без нарушения: место {rightful} ходит лучшей картой своей стороны, {correct_card.russian()}.")
    compared = results[chosen]
    if inc.option("compare") == "actual":
        compared = actual(ctx)
    # «компенсацию за возможные убытки пишут на нарушителя»: whoever the fault left worse off
    compensate(ctx, r, victims_of(ctx, first=decl), correct, compared,
               "actual" if inc.option("compare") == "actual" else "double dummy",
               labels=(("no violation", "без нарушения"), (f"the option '{label[chosen].en}'",
                                                           f"вариант «{label[chosen].ru}»")))
    deal_result(ctx, r)
    return r


T_23_RU = ("Случайно открытая карта вистующего (пасующего). Открытая карта должна быть сыграна при ходе в эту масть. "
           "Играющий может запретить или потребовать ход в эту же масть. При своём ходе нарушитель может играть "
           "открытой картой.")
T_23_EN = ("A defender's accidentally exposed card must be played when its suit is led; the declarer may demand or "
           "forbid that suit; the offender may lead it himself.")


@rule("2.3", title_ru="Случайно открытая карта вистующего", title_en="A defender's accidentally exposed card",
      pattern="REMEDY", text_ru=T_23_RU, text_en=T_23_EN, contracts=("game", "misere"), offender="defender",
      needs=("card",))
def exposed_defender_card(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    pos = inc.position_at(inc.moment_of_fault())
    card = v.card
    if not pos.hands[v.offender] & card.mask:
        raise IncidentError.of("not_held_then", "violation.card", seat=v.offender, card=str(card))
    partner = inc.partner(v.offender)
    pen = (PenaltyCard(v.offender, card, "suit"),)
    s = int(card.suit)
    opts = [("none", text(f"no demand; {card} a penalty card", f"без требования; {card.russian()} — штрафная"),
             pos, Constraints(pen)),
            ("demand", text(f"seat {partner}'s next lead must be {SUIT_EN[s]}",
                            f"следующий ход места {partner} — в {SUIT_RU[s]}"),
             pos, Constraints(pen, LeadRestriction(partner, s, must=True))),
            ("forbid", text(f"seat {partner}'s next lead must not be {SUIT_EN[s]}",
                            f"месту {partner} запрещён следующий ход в {SUIT_RU[s]}"),
             pos, Constraints(pen, LeadRestriction(partner, s, must=False)))]
    evaluate(ctx, r, opts, inc.declarer)
    choice_note(r)
    r.note("Reading: the declarer's demand or ban applies to the offender's partner's next lead (the offender may "
           "lead the card himself).",
           "Толкование: требование или запрет играющего относится к следующему ходу партнёра нарушителя (сам "
           "нарушитель может ходить открытой картой).")
    deal_result(ctx, r)
    return r


@rule("2.2", title_ru="Случайно открытая карта играющего", title_en="The declarer's accidentally exposed card",
      pattern="FIXED",
      text_ru="Случайно открытая карта у играющего. 2.2.1. Ходить с этой карты при своём ходе не обязан. 2.2.2. "
              "Обязан её положить при ходе в эту масть. 2.2.3. Обязан её положить, если она козырь, при ходе в "
              "отсутствующую масть.",
      text_en="The declarer's exposed card: he need not lead it; he must play it when its suit is led; he must play "
              "it if it is a trump and he is void in the led suit.", offender="declarer", needs=("card",))
def exposed_declarer_card(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    pos = inc.position_at(inc.moment_of_fault())
    if not pos.hands[inc.declarer] & v.card.mask:
        raise IncidentError.of("declarer_not_held_then", "violation.card", card=str(v.card))
    free = play_out(ctx, pos, victim=inc.declarer)
    bound = play_out(ctx, pos, Constraints((PenaltyCard(inc.declarer, v.card, "declarer"),)), victim=inc.declarer)
    r.figures.append(free.figure(text("without the exposed card's obligations", "без обязательств открытой карты"),
                                 ctx, inc.declarer))
    r.figures.append(bound.figure(text(f"with {v.card} bound by rule 2.2", f"с {v.card.russian()} по правилу 2.2"),
                                  ctx, inc.declarer))
    r.note("No penalty: the exposed card binds the declarer's play only (a search constraint).",
           "Штрафа нет: открытая карта лишь ограничивает игру играющего.")
    deal_result(ctx, r)
    return r


T_15_RU = ("Вистующий или пасующий делает ход двумя (тремя) картами при закрытой игре. Считается, что ход сделан с "
           "верхней карты. Нижняя карта остаётся на столе. Она может быть сыграна только по требованию играющего (при "
           "наличии других ходов). Играющий может запретить ход в эту масть другому игроку. Записывается реальный "
           "результат розыгрыша. Штраф нарушителю - без одной на игре в гору. Пострадавшие пишут компенсацию за "
           "возможные убытки на нарушителя вистами. Играющий при проигрыше контракта пишет компенсацию на нарушителя "
           "за 1 взятку (например, разницу между сыгранным контрактом и без одной).")
T_15_EN = ("A defender leads two or three cards at once in closed play: the top card is the lead; the others stay on "
           "the table, played only when the declarer demands it; he may forbid that suit to the other defender. The "
           "real result is written; the offender: one undertrick to gora; possible losses compensated; if the "
           "contract fails, the declarer writes compensation for one trick (made minus one down) on the offender.")


@rule("1.5", title_ru="Ход двумя (тремя) картами", title_en="Leading two or three cards at once", pattern="REMEDY+CF",
      text_ru=T_15_RU, text_en=T_15_EN, contracts=("game", "misere"), offender="defender", needs=("move", "cards"),
      play="closed")
def two_cards_led(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    decl = inc.declarer
    pos = inc.position_at(v.move)
    if pos.trick or inc.seat_of(v.move) != v.offender:
        raise IncidentError.of("offenders_lead", "violation.move", move=v.move, seat=v.offender)
    top = inc.history[v.move]
    for i, c in enumerate(v.cards):
        if not pos.hands[v.offender] & c.mask or c == top:
            raise IncidentError.of("not_another_card", f"violation.cards[{i}]", card=str(c), seat=v.offender)
    write_penalty(ctx, r, "game", v.offender)
    after = inc.position_at(v.move + 1)
    partner = inc.partner(v.offender)
    opts = [("none", text("no ban", "без запрета"), after, NO_CONSTRAINTS)]
    for s in sorted({int(c.suit) for c in v.cards}):
        opts.append((f"forbid {Suit(s).letter}", text(f"seat {partner} may not lead {SUIT_EN[s]}",
                                                      f"месту {partner} запрещён ход в {SUIT_RU[s]}"),
                     after, Constraints(lead=LeadRestriction(partner, s, must=False))))
    evaluate(ctx, r, opts, decl)
    choice_note(r)
    r.note("The exposed lower cards are searched as ordinary cards: the declarer's right to call them can only "
           "add to his result.",
           "Нижние открытые карты в поиске — обычные карты: право играющего их вызвать может лишь улучшить его "
           "результат.")
    act = actual(ctx)
    if not made(ctx, act.declarer_tricks):
        # one trick: the actual result against the same with one trick better for the declarer
        # (one more on a game; on misère one fewer, the offender taking it)
        t = list(inc.result)
        if inc.kind == "misere":
            t[decl] -= 1
            t[v.offender] += 1
        else:
            donor = v.offender if t[v.offender] > 0 else partner
            t[donor] -= 1
            t[decl] += 1
        plus = Played(tuple(t), [], score_tricks(ctx, t), t[decl])
        d = bal(ctx, decl, plus) - bal(ctx, decl, act)
        r.figures.append(act.figure(text("actual result", "реальный результат"), ctx, decl, "actual"))
        r.figures.append(plus.figure(text("one trick better for the declarer", "на одну взятку лучше для играющего"),
                                     ctx, decl, "given"))
        if d > 0:
            r.write(decl, "whists", d, on=v.offender,
                    why=text(f"rule 1.5: the contract failed; compensation for one trick ({count(d, 'whist', 'en')})",
                             f"правило 1.5: контракт проигран; компенсация за одну взятку ({count(d, 'whist')})"))
    else:
        r.note("The contract was made: the one-trick compensation does not apply; the possible losses of closed play "
               "(information) are not modelled by open-card search.",
               "Контракт выигран: компенсация за одну взятку не применяется; убытки от информации в закрытой игре "
               "поиском в открытую не моделируются.")
    deal_result(ctx, r)
    return r
