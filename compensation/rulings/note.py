"""Seed 001's note on play violations (rule "001").

"A declarer who could have made the contract without the violation writes без одной,
with no whists on him; if he was going down or needed a guess to make it, everyone
writes 'без' plus one more. A defender's violation: the contract counts as made, the
offender writes no whists and gets без одной per violation, the partner writes his
whists; both defenders: each без одной per violation, no whists."

"Could have made" is judged double dummy from the position before the violation
(``violation.move``). "Needed a guess" is the worst-guess search of rule 1.6.2 from there
(:func:`solver.imperfect.worst_guess_play`, over his information set: the voids the
defenders had shown): a contract made double dummy but not with every guess wrong needed a
right guess, and the ruling names each guess on the way (the candidates, how many layouts
each is best in, their values on the real layout).
"""
from __future__ import annotations

from solver.imperfect import GUESS_CANDIDATES, InfoSet, worst_guess_play

from ..incident import IncidentError
from ..penalties import penalty
from .knowledge import candidates_note, guess_notes, layouts_note, shown_voids
from .playout import made, need_play, play_out, score_tricks
from .registry import rule
from .ruling import Figure, Ruling, text


def _shown_voids(inc, n: int) -> dict:
    """{seat: [suits]} the defenders showed void in ``history[:n]`` (failing to follow, or to ruff)."""
    return {s: sorted(v) for s, v in shown_voids(inc, n).items() if s != inc.declarer}


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
    n = v.get("count", 1)  # the schema has checked it is an integer >= 1
    offenders = v.offenders or (v.offender,)
    if decl in offenders:
        if len(offenders) > 1:
            raise IncidentError.of("declarer_defender_share", "violation.offenders")
        at = inc.moment_of_fault()
        pos = inc.position_at(at)
        pl = play_out(ctx, pos, victim=inc.defenders[0])
        r.figures.append(pl.figure(text("double dummy from before the violation", "в открытую с момента до нарушения"),
                                   ctx, decl))
        dd = pl.declarer_tricks
        base, why_en, why_ru = dd, "was going down double dummy", "должен был остаться без (в открытую)"
        if made(ctx, dd):
            budget = ctx.search_budget()
            info = InfoSet.from_position(pos, _shown_voids(inc, at))
            cands = v.get("candidates", GUESS_CANDIDATES)
            wg = worst_guess_play(info, ctx.engine, guess=inc.option("guess"), budget=budget, candidates=cands)
            candidates_note(r, cands, "guess")
            worst = wg.declarer_tricks   # not exact: the proven bound nearest double dummy
            r.figures.append(Figure(text("every guess wrong (1.6.2) from before the violation",
                                         "при худшем угадывании (1.6.2) с момента до нарушения"),
                                    wg.tricks, worst, wg.line, source="worst guess"))
            if not wg.exact:
                layouts_note(r, info.count, wg.seconds, budget, wg.stopped, wg.bounds, wg.short_scans,
                             scans=wg.scans)
            if not made(ctx, worst):
                base, why_en, why_ru = worst, "needed a guess to make it", "должен был угадывать, чтобы выиграть"
                guess_notes(r, wg.decisions)
        if made(ctx, base):
            r.write_entries(penalty("game", decl, conv, contract=inc.contract, count=n),
                            text("the declarer could have made it without the violation: без одной, no whists on "
                                 "him", "играющий мог выиграть без нарушения: без одной, висты на него не пишут"))
            return r
        t = list(pl.tricks)
        moved = t[decl] - max(0, base - 1)
        t[decl] -= moved
        t[inc.whisters[0]] += moved
        r.write_entries(score_tricks(ctx, t),
                        text(f"the declarer {why_en}: scored one trick below that ({'-'.join(map(str, t))})",
                             f"играющий {why_ru}: записывается на взятку меньше ({'-'.join(map(str, t))})"))
        r.note("Reading: 'everyone writes без plus one more' = the contract is scored down with one undertrick more "
               "than the double-dummy result (or, if only a guess would have made it, than the worst-guess result); "
               "the tricks taken off the declarer go to the first whister.",
               "Толкование: «все пишут без и ещё одну» = контракт записывается без с одной лишней взяткой сверх "
               "результата в открытую (или, если выиграть можно было только угадав, сверх результата при худшем "
               "угадывании); снятые взятки отдаются первому вистующему.")
        return r
    # defenders
    r.write(decl, "pulya", conv.price(inc.level),
            why=text("a defender's violation: the contract counts as made" if len(offenders) == 1 else
                     "the defenders' violations: the contract counts as made",
                     "нарушение вистующего: игра считается сыгранной" if len(offenders) == 1 else
                     "нарушения вистующих: игра считается сыгранной"))
    for o in offenders:
        r.write_entries(penalty("whist", o, conv, contract=inc.contract, count=n),
                        text(f"seat {o}: без одной per violation ({n}), no whists for his tricks",
                             f"место {o}: без одной за каждое нарушение ({n}), висты за свои взятки не пишет"))
    if len(offenders) == 1:
        partner = inc.partner(offenders[0])
        if inc.decisions.get(partner) == "whist":
            if inc.result is None:
                raise IncidentError.of("partner_result", "result.tricks")
            w = conv.whist_price(inc.level) * inc.result[partner]
            r.write(partner, "whists", w, on=decl,
                    why=text(f"the partner writes his whists ({inc.result[partner]} tricks)",
                             f"второй вистующий пишет за свои взятки ({inc.result[partner]})"))
    return r
