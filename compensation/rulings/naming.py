"""Seed 002: errors in naming the contract (rules numbered "002.<n>").

The source lost its penalty amounts: they are the convention's options
``penalty_002_*`` with no default. A ruling that needs one that is not set writes
nothing for it, lists it in ``unset`` and says how to set it (``--set
penalty_002_2_3=N``). Rule 002.6 (pushed into a dearer contract) and 002.7.2 (the
average under both trumps) use the engine.
"""
from __future__ import annotations

from fractions import Fraction

from ..errors import ScoringError
from ..incident import IncidentError
from ..outcome import parse_contract
from ..penalties import penalty
from .playout import Played, bal, deal_result, need_play, play_out, score_tricks
from .registry import rule
from .ruling import Ruling, text
from .wording import contract_words, count


def naming_penalty(ctx, r: Ruling, sub: str, seat: int) -> None:
    option = "penalty_002_" + sub.replace(".", "_")
    try:
        e = penalty("naming", seat, ctx.convention, rule=sub)
    except ScoringError:
        r.unset.append(option)
        r.note(f"Seed 002 rule {sub} names a penalty but the source gives no amount: set it with "
               f"--set {option}=N (gora points). Nothing is written for it.",
               f"Правило {sub} документа 002 называет штраф, но сумма в источнике утрачена: задайте её "
               f"(--set {option}=N, очки горы). За него ничего не записано.")
        return
    r.write_entries(e, text(f"penalty (seed 002, rule {sub}; the amount the club set)",
                            f"штраф по правилу {sub} документа 002 (сумма, принятая в клубе)"))


def _fixed(number, sub, title_ru, title_en, text_ru, text_en, offender="declarer", contracts=("game", "misere"),
           result="real"):
    @rule("002." + number, title_ru=title_ru, title_en=title_en, pattern="FIXED", text_ru=text_ru, text_en=text_en,
          contracts=contracts, offender=offender, source="002")
    def fn(ctx) -> Ruling:
        r = ctx.ruling()
        if sub:
            naming_penalty(ctx, r, sub, ctx.incident.violation.offender)
        if result == "real":
            deal_result(ctx, r)
        elif result == "no_pulya":
            inc = ctx.incident
            if inc.result is None:
                raise IncidentError.of("naming_result", "result.tricks", rule=f"002.{number}")
            e = score_tricks(ctx, inc.result)
            if e.pulya[inc.declarer]:
                e = e.add_pulya(inc.declarer, -e.pulya[inc.declarer])
            r.write_entries(e, text("the deal played out: whists and gora, a made contract not written to pulya",
                                    "игра доиграна: висты и гора, выигранный контракт в пулю не пишется"))
            r.note("The raspasovka series is kept (the next deal continues it).",
                   "Распасовка сохраняется (следующая сдача её продолжает).")
        elif result == "none":
            pass
        return r
    fn.__name__ = "rule_002_" + number.replace(".", "_")
    return fn


_fixed("1.1", "1.1", "Невозможный контракт обнаружен после начала розыгрыша",
       "A contract below the auction level found after play began",
       "Заказ контракта ниже достигнутого уровня в торговле невозможен. 1.1. Ошибка обнаружена после начала розыгрыша "
       "невозможного контракта. Играющему штраф - (сумма в источнике утрачена).",
       "Naming a contract below the auction level is impossible. 1.1 Found after play began: a penalty to the "
       "declarer (amount lost in the source: a setting).", result="none")
_fixed("1.2", None, "Невозможный контракт обнаружен после смешивания карт",
       "A contract below the auction level found after the cards were mixed",
       "1.2. Если ошибка обнаружена после того, как карты смешаны, записывается результат реального розыгрыша.",
       "1.2 Found after the cards were mixed: the real result is written.")
_fixed("2.1", None, "Изменение ошибочного заказа до заявки следующего", "A slip changed before the next player speaks",
       "2.1. Возможно изменение (отмена) контракта до заявки следующего игрока.",
       "2.1 The contract may be changed (withdrawn) before the next player speaks: no penalty.", result="none")
_fixed("2.2", None, "Завистованный контракт изменить нельзя", "A whisted or passed contract stands",
       "2.2. Если контракт был завистован (вист или пас), то изменить его нельзя.",
       "2.2 Once whisted or passed the contract cannot be changed: the named contract is played and scored.")
_fixed("2.3", "2.3", "Изменение на более длинную масть до розыгрыша", "Changed to a longer suit before play",
       "2.3. Можно изменить ошибочный контракт до начала розыгрыша, если у играющего есть более длинная масть, в "
       "которой больше на 1 или более карт. Снос не меняется. Штраф - (сумма утрачена).",
       "2.3 Before play the contract may be changed to a suit longer by at least one card, the discard unchanged; "
       "a penalty (amount lost: a setting).")
_fixed("2.4", "2.4", "Изменение контракта во время розыгрыша с согласия всех",
       "Changed during play with everyone's consent",
       "2.4. Возможно изменение ошибочного контракта после начала розыгрыша с согласия всех игроков. Штраф - (сумма "
       "утрачена).", "2.4 During play the contract may be changed with everyone's consent; a penalty (amount lost).")
_fixed("3.1", "3.1", "Мизер после торговли, карты открыты", "Misère after taking part in the auction, cards opened",
       "3. Заказ мизера после участия в торговле невозможен. 3.1. Если после заказа мизера карты открыты, штраф "
       "играющему - (сумма утрачена).",
       "3 Misère after taking part in the auction is impossible. 3.1 Cards opened: a penalty (amount lost).",
       result="none")
_fixed("3.2", "3.2", "Мизер после торговли, карты не открыты", "Misère after taking part in the auction, not opened",
       "3.2. Карты не открыты. Игрок обязан сделать возможную заявку. Штраф - (сумма утрачена).",
       "3.2 Cards not opened: the player must make a legal bid; a penalty (amount lost).", result="none")
_fixed("4", "4", "Другой контракт после объявления мизера", "Switching away from a declared misère",
       "4. Заказ другого контракта после объявления мизера невозможен. За попытку обмана играющий пишет штраф: (сумма "
       "утрачена).", "4 Naming another contract after declaring misère is impossible; a penalty (amount lost).",
       result="none")
_fixed("5.1", None, "Шестерная после распасовки, обнаружено во время розыгрыша",
       "A six after a raspasovka, found during play",
       "5. Заказана шестерная игра после предыдущей распасовки. 5.1. Ошибка обнаружена после начала розыгрыша. "
       "Невозможный контракт доигрывается. Выигранный контракт в пулю не записывается. Записываются висты и гора. "
       "Распасовка сохраняется.",
       "5 A six named where the raspasovka exit needs more. 5.1 Found during play: played out; a made contract is "
       "not written to the pulya; whists and gora are written; the raspasovka series continues.",
       contracts=("game",), result="no_pulya")
_fixed("5.2", None, "Шестерная после распасовки, обнаружено после смешивания",
       "A six after a raspasovka, found after mixing",
       "5.2. Если ошибка обнаружена после того, как карты смешаны, записывается результат реального розыгрыша. "
       "Распасовка закончена.", "5.2 Found after the cards were mixed: the real result; the raspasovka series is over.",
       contracts=("game",))
_fixed("7.1", None, "Спор о масти козыря: жребий", "A dispute about the trump suit: by lot",
       "7. При возникновении спора о масти козыря и невозможности подтверждения результат записывается по "
       "договорённости между играющим и вистующим так: 7.1. Масть козыря определяется жребием.",
       "7 A dispute about the trump suit that cannot be settled: 7.1 the trump suit is drawn by lot.",
       contracts=("game",), offender="none", result="none")


@rule("002.6", title_ru="Принуждение к более дорогому контракту", title_en="Pushed into a dearer contract",
      pattern="CF", source="002", contracts=("game",), offender="defender", needs=("named",),
      text_ru="6. Заказавшего возможный контракт игрока принуждают заказать более дорогой контракт. Игрок пишет "
              "компенсацию возможного проигрыша на более дорогом контракте (как минимум за «без одной») на игроков, "
              "требовавших увеличения контракта.",
      text_en="6 A player who named a legal contract is pushed into a dearer one: he writes compensation for the "
              "possible loss on the dearer contract (at least one down) on those who pushed.")
def pushed(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    decl = inc.declarer
    try:
        named = parse_contract(v.get("named"))
    except ScoringError as e:
        raise e.again(IncidentError, "violation.named") from None
    if not named.is_game:
        raise IncidentError.of("named_game", "violation.named")
    order = ("s", "c", "d", "h", "nt")
    if (named.level, order.index(str(named.strain))) >= (inc.level, order.index(str(inc.contract.strain))):
        raise IncidentError.of("named_not_cheaper", "violation.named", named=str(named), played=str(inc.contract))
    start = inc.start(f"{named.level}{named.strain}")
    first = play_out(ctx, start, victim=decl, contract=named)
    dear = play_out(ctx, inc.start(), victim=decl)
    L = inc.level
    t = list(dear.tricks)
    if t[decl] >= L:
        moved = t[decl] - (L - 1)
        t[decl] = L - 1
        t[inc.whisters[0]] += moved
        r.note(f"The dearer contract makes double dummy ({count(dear.declarer_tricks, 'trick', 'en')}); the rule "
               f"counts at least one down, so it is scored {L - 1} (the {count(moved, 'trick', 'en')} more to "
               f"seat {inc.whisters[0]}).",
               f"Более дорогой контракт в открытую выигрывается ({count(dear.declarer_tricks, 'trick')}); по правилу "
               f"считается как минимум без одной: {count(L - 1, 'trick')} (лишние — месту {inc.whisters[0]}).")
    dear_scored = Played(tuple(t), dear.line, score_tricks(ctx, t), t[decl])
    r.figures.append(first.figure(text(f"the contract named, {contract_words(named, 'en')}, double dummy",
                                       f"заказанный контракт {contract_words(named)}, в открытую"), ctx, decl))
    r.figures.append(dear_scored.figure(text(f"the dearer contract, {contract_words(inc.contract, 'en')}, at least "
                                             "one down", f"более дорогой контракт {contract_words(inc.contract)}, "
                                             "как минимум без одной"), ctx, decl))
    d = bal(ctx, decl, first) - bal(ctx, decl, dear_scored)
    r.note("Reading: the possible loss is the declarer's balance with the contract he named (double dummy) against "
           "the dearer one (double dummy, at least one down); the same whist decisions on both.",
           "Толкование: возможный проигрыш — баланс играющего при заказанном контракте (в открытую) против более "
           "дорогого (в открытую, как минимум без одной); решения вистующих те же.")
    pushers = list(v.offenders)
    if d > 0:
        r.write_split(decl, d, pushers,
                      text(f"compensation for the possible loss on {contract_words(inc.contract, 'en')}: "
                           f"{count(d, 'whist', 'en')}",
                           f"компенсация возможного проигрыша на {contract_words(inc.contract)}: {count(d, 'whist')}"))
    else:
        r.note("No loss to compensate.", "Проигрыша для компенсации нет.")
    deal_result(ctx, r)
    return r


@rule("002.7.2", title_ru="Спор о масти козыря: усреднённый результат",
      title_en="A dispute about the trump suit: the average result", pattern="CF", source="002",
      contracts=("game",), offender="none", needs=("trumps",),
      text_ru="7. При возникновении спора о масти козыря и невозможности подтверждения результат записывается по "
              "договорённости между играющим и вистующим так: 7.2. Записывается усреднённый результат при одной и "
              "другой масти козыря.",
      text_en="7 A dispute about the trump suit that cannot be settled: 7.2 the average of the results under the two "
              "trump suits is written.")
def trump_average(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    need_play(ctx)
    trumps = inc.violation.get("trumps")
    if not isinstance(trumps, list) or len(trumps) != 2:
        raise IncidentError.of("trumps_two", "violation.trumps")
    both = []
    for i, s in enumerate(trumps):
        try:
            c = parse_contract(f"{inc.level}{s}")
        except ScoringError as e:
            raise e.again(IncidentError, f"violation.trumps[{i}]") from None
        pl = play_out(ctx, inc.start(f"{c.level}{c.strain}"), contract=c)
        r.figures.append(pl.figure(text(f"{contract_words(c, 'en')}, double dummy from the first lead",
                                        f"{contract_words(c)}, в открытую с первого хода")))
        both.append(pl.entries)
    if trumps[0] == trumps[1] or parse_contract(f"{inc.level}{trumps[0]}") == parse_contract(f"{inc.level}{trumps[1]}"):
        raise IncidentError.of("trumps_differ", "violation.trumps")
    r.write_entries((both[0] + both[1]) * Fraction(1, 2), text("the average of both trump suits' entries (each player's score "
                                                 "averaged, not the tricks)",
                                                 "среднее записей при обеих мастях (усредняется запись каждого игрока, "
                                                 "а не взятки)"))
    r.note("Both results are double dummy from the first lead with the same hands, discard and whist decisions; with "
           "two whisters the split is the engine's principal line.",
           "Оба результата — в открытую с первого хода при тех же руках, сносе и решениях вистующих.")
    if inc.result is not None:
        r.note("The actual result is replaced by the average.", "Реальный результат заменяется средним.")
    return r
