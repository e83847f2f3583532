"""Seed 001's note on play violations (rule "001").

"A declarer who could have made the contract without the violation writes без одной,
with no whists on him; if he was going down or needed a guess to make it, everyone
writes 'без' plus one more. A defender's violation: the contract counts as made, the
offender writes no whists and gets без одной per violation, the partner writes his
whists; both defenders: each без одной per violation, no whists."

"Could have made" is judged double dummy from the position before the violation
(``violation.move``). "Needed a guess" uses the worst-guess search of the claims module
(1.6.2) when it is installed (a function ``worst_guess_tricks(engine, pos)``); without
it the ruling says the guess was not checked.
"""
from __future__ import annotations

from ..incident import IncidentError
from ..penalties import penalty
from . import rule
from .counterfactual import deal_result, made, need_play, play_out, score_tricks
from .ruling import Ruling, text


def _count(v) -> int:
    n = v.get("count", 1)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise IncidentError("violation.count", f"expected the number of violations (>= 1), got {n!r}")
    return n


@rule("001", title_ru="Примечание о нарушениях правил розыгрыша", title_en="The note on play violations",
      pattern="CF", source="001",
      text_ru="Играющий, который мог бы без нарушения сыграть игру, но нечаянно или с умыслом нарушил правила "
              "розыгрыша, получает малый штраф - записывает «без одной», но висты на него не пишут. Если же он должен "
              "был остаться «без» или должен был угадать правильный ход, чтобы выиграть, то все пишут «без» и еще "
              "одну. Если нарушение сделал вистующий, то игра считается выигранной, а нарушивший правила за свои "
              "взятки не пишет, а ставит «на гору» без одной за каждое нарушение. Второй вистующий игрок пишет за "
              "свои взятки. Когда нарушают оба вистующих, то они пишут «на гору» за каждое свое нарушение «без вистов».",
      text_en="A declarer who could have made the contract without the violation writes one undertrick, no whists on "
              "him; if he was going down or needed a guess to make it, everyone writes the undertricks plus one more. "
              "A defender's violation: the contract counts as made, the offender writes no whists and one undertrick "
              "to gora per violation, the partner writes his whists; both defenders: each one undertrick per "
              "violation, no whists.", contracts=("game",), offender="any")
def play_violation_note(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    conv = ctx.convention
    decl = inc.declarer
    n = _count(v)
    offenders = v.offenders or (v.offender,)
    if decl in offenders:
        if len(offenders) > 1:
            raise IncidentError("violation.offenders", "the declarer and a defender cannot share one violation")
        at = v.move if v.move is not None else len(inc.history)
        pos = inc.position_at(at)
        pl = play_out(ctx, pos, victim=inc.defenders[0])
        r.figures.append(pl.figure(text("double dummy from before the violation", "в открытую с момента до нарушения"),
                                   ctx, decl))
        could = made(ctx, pl.declarer_tricks)
        guess_checked = False
        if could:
            try:
                from . import claims  # noqa: F401
                wg = getattr(claims, "worst_guess_tricks", None)
            except ImportError:
                wg = None
            if wg is not None:
                worst = pos.taken[decl] + wg(ctx.engine, pos)
                guess_checked = True
                r.note(f"Worst-guess result (1.6.2): {worst} tricks.", f"Результат при худшем угадывании: {worst}.")
                could = made(ctx, worst)
            else:
                r.note("Whether the contract needed a guess was not checked (no worst-guess search installed): "
                       "judged double dummy only.",
                       "Нужно ли было угадывать, не проверялось (нет поиска худшего угадывания): только в открытую.")
        if could:
            r.write_entries(penalty("game", decl, conv, contract=inc.contract, count=n),
                            text("the declarer could have made it: без одной, no whists on him",
                                 "играющий мог выиграть: без одной, висты на него не пишут"))
        else:
            t = list(pl.tricks)
            donor_to = inc.whisters[0]
            t[decl] -= 1
            t[donor_to] += 1
            if t[decl] < 0:
                t[decl], t[donor_to] = 0, t[donor_to] - 1
            r.write_entries(score_tricks(ctx, t),
                            text(f"the declarer was going down{' or needed a guess' if guess_checked else ''}: the deal "
                                 f"scored one trick worse ({'-'.join(map(str, t))})",
                                 f"играющий должен был остаться без (или угадывать): сдача записывается на взятку хуже "
                                 f"({'-'.join(map(str, t))})"))
            r.note("Reading: 'everyone writes без plus one more' = the deal is scored as the double-dummy result with "
                   "one more trick to the defence (the first whister).",
                   "Толкование: «все пишут без и ещё одну» = сдача записывается по результату в открытую с одной "
                   "дополнительной взяткой защите (первому вистующему).")
        return r
    # defenders
    r.write(decl, "pulya", conv.price(inc.level),
            why=text("a defender's violation: the contract counts as made", "нарушение вистующего: игра считается сыгранной"))
    for o in offenders:
        r.write_entries(penalty("whist", o, conv, contract=inc.contract, count=n),
                        text(f"seat {o}: без одной per violation ({n}), no whists for his tricks",
                             f"место {o}: без одной за каждое нарушение ({n}), висты за свои взятки не пишет"))
    if len(offenders) == 1:
        partner = inc.partner(offenders[0])
        if inc.decisions.get(partner) == "whist":
            if inc.result is None:
                raise IncidentError("result.tricks", "missing: the partner writes whists for his actual tricks")
            w = conv.whist_price(inc.level) * inc.result[partner]
            r.write(partner, "whists", w, on=decl,
                    why=text(f"the partner writes his whists ({inc.result[partner]} tricks)",
                             f"второй вистующий пишет за свои взятки ({inc.result[partner]})"))
    return r
