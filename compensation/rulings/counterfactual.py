"""CF rules — "possible damage" of a faulty move (1.3.2.2, 1.4.2.3, 7, 8, 10).

Damage to a victim V = W_V(correct play) − W_V(play after the fault), both double dummy
from the moment of the fault; the machinery (and the meaning of "correct play", the
options ``resolve`` and ``compare``) is :mod:`.playout`'s.
"""
from __future__ import annotations

from solver.cards import Card
from solver.constraints import NO_CONSTRAINTS, Constraints, LeadRestriction
from solver.position import Position, trick_winner
from solver.seat import Seat

from ..incident import IncidentError
from .playout import (
    SUIT_EN,
    SUIT_RU,
    Played,
    actual,
    compensate,
    correct_play,
    deal_result,
    describe_options,
    evaluate,
    faulty_result,
    made,
    move_position,
    need_play,
    play_out,
    stood_unpunished,
    victims_of,
)
from .registry import rule
from .ruling import Ruling, Text, text
from .wording import count

# ------------------------------------------------------------------ 1.3.2.2 and 1.4.2.3
T_1322_RU = ("Ход вне очереди вистующего (пасующего) при игре открытыми картами. Играющий может потребовать "
             "ход в эту же масть того, кто должен был ходить. При отсутствии этой масти игрок должен ходить с "
             "козыря. Если неверный ход приводит к проигрышу (увеличению проигрыша) контракта, то играющий пишет "
             "компенсацию на сделавшего неверный ход (или на принявших общее решение) вистами в размере "
             "возможного ущерба.")
T_1322_EN = ("Lead out of turn by a defender in open play. The declarer may demand the same suit from the rightful "
             "leader (void: a trump). If the wrong lead caused or enlarged the declarer's loss, he writes the "
             "possible damage in whists on the player who led (or on both, if they decided jointly).")
T_1423_RU = ("1.4. Игрок взял чужую взятку и сделал ход. 1.4.2.3. При розыгрыше контракта с открытыми картами. "
             + T_1322_RU.split("картами. ", 1)[1])
T_1423_EN = ("A defender gathered someone else's trick and led, open play: as 1.3.2.2. " + T_1322_EN[45:])


def _wrong_lead(ctx, r: Ruling) -> Ruling:
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    if v.move is None:
        raise IncidentError.of("move_wrong_lead", "violation.move")
    correction = v.correction or "none"
    before = inc.position_at(v.move)
    if before.trick:
        raise IncidentError.of("move_not_trick_start", "violation.move", move=v.move)
    rightful = before.leader
    if rightful == v.offender and correction != "none":
        raise IncidentError.of("rightful_leader", "violation.offender", seat=v.offender)
    decl = inc.declarer
    if correction == "none":
        card = v.card
        wrong = before.copy()
        wrong.leader = v.offender
        wrong.play(card)
        head = [card]
        r.note(f"The wrong lead ({card}) was not corrected: the trick stood, led by seat {v.offender}.",
               f"Неверный ход ({card.russian()}) не исправлен: взятка разыграна с хода места {v.offender}.")
        cons = NO_CONSTRAINTS
    elif correction == "demand":
        card = v.card
        if card is None:
            raise IncidentError.of("card_led_missing", "violation.card")
        if not before.hands[v.offender] & card.mask:
            raise IncidentError.of("not_held", "violation.card", seat=v.offender, card=str(card))
        wrong = before
        head = []
        cons = Constraints(lead=LeadRestriction(rightful, card.suit, must=True, or_trump=True))
        r.note(f"Corrected: the declarer demanded {card.suit.symbol} from the rightful leader, seat {rightful} "
               "(void: a trump).",
               f"Исправлено: играющий потребовал ход в {card.suit.symbol} от места {rightful} "
               "(при отсутствии масти — с козыря).")
    else:
        raise IncidentError.of("demand_or_none", "violation.correction", rule=ctx.spec.number, got=correction)
    _wrong_lead_options(ctx, r, before, rightful, v.offender, card)
    if correction == "none" and stood_unpunished(ctx, r):
        return r
    correct_card, correct = correct_play(ctx, before, before.legal_moves(), victim=decl)
    compared, src = faulty_result(ctx, wrong, head, decl, cons)
    r.note(f"Correct play: seat {rightful} leads {correct_card} (his side's best).",
           f"Правильная игра: место {rightful} ходит {correct_card.russian()} (лучший ход его стороны).")
    worse = compared.declarer_tricks < correct.declarer_tricks if not inc.kind == "misere" \
        else compared.declarer_tricks > correct.declarer_tricks
    # "приводит к проигрышу (увеличению проигрыша) контракта": the contract fails after the
    # wrong lead and the lead made it worse (a loss caused, or more undertricks); a lead that
    # only costs an overtrick of a made contract is not a loss of the contract
    lost = worse and not made(ctx, compared.declarer_tricks)
    return _damage_if(ctx, r, [decl], correct, compared, src, lost,
                      text("The wrong lead did not cause or enlarge the declarer's loss: no compensation.",
                           "Неверный ход не привёл к проигрышу (увеличению проигрыша): компенсации нет."))


def _damage_if(ctx, r: Ruling, victims: list, correct: Played, compared: Played, source: str, condition: bool,
               otherwise: Text) -> Ruling:
    """The close of a ruling on a faulty move judged against correct play: the victims'
    damage written only when the rule's own condition holds (else ``otherwise`` is said),
    then the deal's result and the settings (resolve, compare) the comparison used."""
    compensate(ctx, r, victims, correct, compared, source, condition=condition, condition_note=otherwise)
    deal_result(ctx, r)
    describe_options(r, ctx)
    return r


def _wrong_lead_options(ctx, r: Ruling, before: Position, rightful: int, offender: int, card: Card) -> None:
    """The declarer's two choices, each solved: let the wrong lead stand, or demand its suit."""
    stand = before.copy()
    stand.leader = Seat(offender)
    stand.play(card)
    s = int(card.suit)
    opts = [("none", text(f"let {card} stand (the trick goes on from seat {offender})",
                          f"оставить {card.russian()} (взятка продолжается с места {offender})"), stand, NO_CONSTRAINTS)]
    if rightful != ctx.incident.declarer:
        opts.append(("demand", text(f"demand {SUIT_EN[s]} from seat {rightful} (void: a trump)",
                                    f"потребовать {SUIT_RU[s]} от места {rightful} (нет масти — козырь)"),
                     before, Constraints(lead=LeadRestriction(rightful, s, must=True, or_trump=True))))
    evaluate(ctx, r, opts, ctx.incident.declarer)


@rule("1.3.2.2", title_ru="Ход вне очереди вистующего при открытой игре",
      title_en="Lead out of turn by a defender, open play", pattern="CF", text_ru=T_1322_RU, text_en=T_1322_EN,
      contracts=("game", "misere"), offender="defender", needs=("move",), play="open")
def lead_out_of_turn_open(ctx) -> Ruling:
    return _wrong_lead(ctx, ctx.ruling())


@rule("1.4.2.3", title_ru="Взял чужую взятку и сделал ход (открытая игра)",
      title_en="Gathered another's trick and led, open play", pattern="CF", text_ru=T_1423_RU, text_en=T_1423_EN,
      contracts=("game", "misere"), offender="defender", needs=("move",), play="open")
def wrong_trick_open(ctx) -> Ruling:
    r = ctx.ruling()
    r.note("Read as 1.3.2.2: the trick counts for the player who won it by the cards; the lead made by the "
           "player who gathered it is the lead out of turn.",
           "Толкуется как 1.3.2.2: взятка засчитывается выигравшему её по картам; ход взявшего чужую взятку "
           "считается ходом вне очереди.")
    return _wrong_lead(ctx, r)


# ------------------------------------------------------------------ 7: overtaking the partner's trick
def _overtake_checks(ctx):
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    pos = move_position(ctx)
    partner = inc.partner(v.offender)
    if not pos.trick:
        raise IncidentError.of("overtake_lead", "violation.move", move=v.move)
    if trick_winner(pos.trick, pos.trump) != partner:
        raise IncidentError.of("overtake_nothing", "violation.move", move=v.move, seat=partner)
    card = inc.history[v.move]
    if trick_winner(pos.trick + [(v.offender, card)], pos.trump) != v.offender:
        raise IncidentError.of("overtake_not", "violation.move", move=v.move, card=str(card))
    alts = [c for c in pos.legal_moves() if trick_winner(pos.trick + [(v.offender, c)], pos.trump) == partner]
    if not alts:
        raise IncidentError.of("overtake_forced", "violation.move", seat=v.offender)
    return pos, partner, card, alts


T_71_RU = ("Вистующий перебивает взятку второго вистующего. Если второй вистующий «садится на висте» и не «пронёс» "
           "другую возможную взятку, то в гору записывает перебивший взятку игрок.")
T_71_EN = ("A whister overtakes the other whister's trick. If the other whister then falls short on whist and could "
           "not have brought home another trick, the overtaker takes the gora entry.")
T_72_RU = ("Вистующий перебивает взятку второго вистующего. Если это приводит к «выпуску» играющего (анализируется "
           "результат при розыгрыше на открытых картах после перебития), записывается реальный результат "
           "розыгрыша. Пострадавшие записывают компенсацию на нарушителя вистами.")
T_72_EN = ("A whister overtakes the other whister's trick. If that lets the declarer make the contract (judged by open "
           "play after the overtake): the real result is written; the victims write compensation on the offender.")


def shortfall_transfer(ctx, r: Ruling, offender: int, partner: int, rule_no: str) -> None:
    """Write the actual result with the partner's shortfall gora moved to the offender."""
    from ..outcome import shortfall

    inc = ctx.incident
    act = actual(ctx)
    short = shortfall(inc.level, inc.declarer, inc.whisters, inc.result, ctx.convention) if inc.kind == "game" else {}
    s = short.get(partner, 0)
    e = act.entries
    if s:
        amount = s * ctx.convention.shortfall_gora(inc.level)
        e = e.add_gora(partner, -amount)
        r.write_entries(e, text(f"the deal's result {'-'.join(map(str, inc.result))}, without seat {partner}'s "
                                "shortfall", f"результат сдачи {'-'.join(map(str, inc.result))}, без недобора "
                                             f"места {partner}"))
        r.write(offender, "gora", amount, why=text(
            f"rule {rule_no}: seat {offender} takes seat {partner}'s gora for {count(s, 'trick', 'en')} missing",
            f"правило {rule_no}: место {offender} пишет в гору за недобор места {partner} ({count(s, 'trick')})"))
    else:
        r.write_entries(e, text(f"the deal's result {'-'.join(map(str, inc.result))}",
                                f"результат сдачи {'-'.join(map(str, inc.result))}"))
        r.note(f"Seat {partner} did not fall short on whist: nothing to move.",
               f"Место {partner} не село на висте: переносить нечего.")


@rule("7.1", title_ru="Перебитие взятки второго вистующего: недобор", title_en="Overtaking the partner: shortfall",
      pattern="CF", text_ru=T_71_RU, text_en=T_71_EN, contracts=("game",), offender="defender", needs=("move",))
def overtake_shortfall(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    pos, partner, card, alts = _overtake_checks(ctx)
    actual(ctx)
    from ..outcome import shortfall

    after = inc.position_at(v.move + 1)
    pl = play_out(ctx, after, victim=partner)
    r.figures.append(pl.figure(text(f"double dummy after the overtake, split for seat {partner}",
                                    f"в открытую после перебития, в пользу места {partner}"), ctx, partner))
    dd_short = shortfall(inc.level, inc.declarer, inc.whisters, pl.tricks, ctx.convention).get(partner, 0) \
        if partner in inc.whisters else 0
    r.note("Reading: the partner 'could not have brought home another trick' when, even with the best play after "
           "the overtake (split in his favour), he falls short; then the overtaker takes his gora entry.",
           "Толкование: второй вистующий «не мог пронести» другую взятку, если и при лучшей игре после перебития "
           "(с распределением в его пользу) он садится на висте; тогда в гору пишет перебивший.")
    if dd_short:
        shortfall_transfer(ctx, r, v.offender, partner, "7.1")
    else:
        deal_result(ctx, r)
        r.note(f"Seat {partner} could have taken enough tricks after the overtake: his shortfall (if any) stays his.",
               f"Место {partner} мог добрать взятки после перебития: недобор (если есть) остаётся за ним.")
    return r


@rule("7.2", title_ru="Перебитие взятки второго вистующего: выпуск играющего",
      title_en="Overtaking the partner: the declarer let through", pattern="CF", text_ru=T_72_RU, text_en=T_72_EN,
      contracts=("game",), offender="defender", needs=("move",))
def overtake_let_through(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    pos, partner, card, alts = _overtake_checks(ctx)
    correct_card, correct = correct_play(ctx, pos, alts, victim=partner)
    after = inc.position_at(v.move + 1)
    pl = play_out(ctx, after, victim=partner)
    compared = Played(pl.tricks, [card] + list(pl.line), pl.entries, pl.declarer_tricks)
    r.note(f"Correct play: seat {v.offender} plays {correct_card}, leaving the trick to seat {partner}. The result "
           "after the overtake is judged by open play, as the rule says.",
           f"Правильная игра: место {v.offender} кладёт {correct_card.russian()}, оставляя взятку месту {partner}. "
           "Результат после перебития оценивается в открытую, как требует правило.")
    let_through = made(ctx, compared.declarer_tricks) and not made(ctx, correct.declarer_tricks)
    compensate(ctx, r, victims_of(ctx, first=partner), correct, compared, "double dummy", condition=let_through,
               condition_note=text("The overtake did not let the declarer make the contract: no compensation.",
                                   "Перебитие не привело к выпуску играющего: компенсации нет."))
    deal_result(ctx, r)
    return r


# ------------------------------------------------------------------ 8: cutting through the partner's whist
T_8_RU = ("«Прорезка» чужого виста вистующим при возможности другого хода запрещена. Прорезкой считается ход картой "
          "меньше дамы (бланковой либо от двух карт).")
T_8_EN = ("Cutting through the partner's whist when another lead exists is forbidden: leading a card below the queen, "
          "single or from two, into the partner's possible trick.")
T_81_RU = T_8_RU + " 8.1. «Прорезанный» вистующий «садится на висте». В гору пишет прорезавший вистующий."
T_81_EN = T_8_EN + (" 8.1. The whister cut through falls short on whist ('sits on whist'): the whister who cut "
                    "through writes the gora entry.")
T_82_RU = T_8_RU + (" 8.2. Прорезка приводит к «выпуску» играющего или к уменьшению ремиза. Записывается результат "
                    "розыгрыша. Пострадавшие также пишут компенсацию вистами на нарушителя.")
T_82_EN = T_8_EN + (" 8.2. If it let the contract make or reduced the undertricks: the real result, and the victims "
                    "write compensation in whists on the offender.")
QUEEN = 5  # rank index of the queen (7 8 9 10 J Q K A)


def _cut_checks(ctx):
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    pos = move_position(ctx)
    if pos.trick:
        raise IncidentError.of("cut_not_lead", "violation.move", move=v.move)
    card = inc.history[v.move]
    if int(card.rank) >= QUEEN:
        raise IncidentError.of("cut_not_below_queen", "violation.move", card=str(card))
    from solver.hands import SUIT_MASKS, cards_of

    suit_cards = cards_of(pos.hands[v.offender] & SUIT_MASKS[int(card.suit)])
    if len(suit_cards) > 2:
        raise IncidentError.of("cut_too_long", "violation.move", seat=v.offender, n=len(suit_cards))
    alts = [c for c in pos.legal_moves() if not (c.suit == card.suit and int(c.rank) < QUEEN)]
    if not alts:
        raise IncidentError.of("cut_forced", "violation.move", seat=v.offender)
    return pos, inc.partner(v.offender), card, alts


@rule("8.1", title_ru="Прорезка: прорезанный садится на висте", title_en="Cutting through: the partner falls short",
      pattern="CF", text_ru=T_81_RU, text_en=T_81_EN, contracts=("game",), offender="defender", needs=("move",))
def cut_shortfall(ctx) -> Ruling:
    r = ctx.ruling()
    v = ctx.incident.violation
    pos, partner, card, alts = _cut_checks(ctx)
    actual(ctx)
    shortfall_transfer(ctx, r, v.offender, partner, "8.1")
    return r


@rule("8.2", title_ru="Прорезка: выпуск играющего или уменьшение ремиза",
      title_en="Cutting through: contract let through or fewer undertricks", pattern="CF", text_ru=T_82_RU,
      text_en=T_82_EN, contracts=("game",), offender="defender", needs=("move",))
def cut_let_through(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    pos, partner, card, alts = _cut_checks(ctx)
    correct_card, correct = correct_play(ctx, pos, alts, victim=partner)
    compared, src = faulty_result(ctx, inc.position_at(v.move + 1), [card], partner)
    r.note(f"Correct play: seat {v.offender}'s best other lead, {correct_card} (leads that are not themselves a "
           "cut-through in the same suit).",
           f"Правильная игра: лучший другой ход места {v.offender}, {correct_card.russian()} (кроме прорезки той же "
           "масти).")
    # "приводит к «выпуску» играющего или к уменьшению ремиза": only when correct play beats the
    # contract; an overtrick on a made contract is neither (the partner's shortfall is 8.1's)
    helped = compared.declarer_tricks > correct.declarer_tricks and not made(ctx, correct.declarer_tricks)
    return _damage_if(ctx, r, victims_of(ctx, first=partner), correct, compared, src, helped,
                      text("The cut-through neither let the contract make nor reduced the undertricks: "
                           "no compensation.", "Прорезка не привела к выпуску или уменьшению ремиза: "
                                               "компенсации нет."))


# ------------------------------------------------------------------ 10: erroneous move
T_10_RU = ("Ошибочный ход. Любой не согласованный ход, приведший к выгоде играющего, считается ошибочным. "
           "Пострадавшие пишут компенсацию на виновного вистами.")
T_10_EN = ("Erroneous move: any move not agreed in joint open defence that benefited the declarer is erroneous; the "
           "victims write compensation in whists on the culprit.")


@rule("10", title_ru="Ошибочный ход", title_en="Erroneous move", pattern="CF", text_ru=T_10_RU, text_en=T_10_EN,
      contracts=("game", "misere"), offender="defender", needs=("move",), play="open")
def erroneous_move(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    if v.get("agreed"):
        raise IncidentError.of("rule_10_agreed", "violation.agreed")
    pos = move_position(ctx)
    card = inc.history[v.move]
    partner = inc.partner(v.offender)
    alts = [c for c in pos.legal_moves() if c != card]
    correct_card, correct = correct_play(ctx, pos, alts + [card], victim=partner)
    compared, src = faulty_result(ctx, inc.position_at(v.move + 1), [card], partner)
    r.note(f"Correct play: the defence's best card for seat {v.offender}, {correct_card}.",
           f"Правильная игра: лучшая для защиты карта места {v.offender}, {correct_card.russian()}.")
    helped = compared.declarer_tricks < correct.declarer_tricks if inc.kind == "misere" \
        else compared.declarer_tricks > correct.declarer_tricks
    return _damage_if(ctx, r, victims_of(ctx, first=partner), correct, compared, src, helped,
                      text("The move did not benefit the declarer: it is not erroneous, nothing to write.",
                           "Ход не принёс выгоды играющему: он не ошибочный, записей нет."))
