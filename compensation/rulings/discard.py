"""Rule 9 (WORST): the declarer mixed his cards with the discard after play began.

The code: "без двух в гору; the discard least favourable to him is made, judged by open
play; any remiz is written, a made contract is not; whists against him are written."
Every way of splitting his n remaining cards plus the 2 discarded into n kept and 2
discarded — C(n+2, 2) splits, 66 at the start — is solved double dummy from the moment
of the mixing, with one engine whose table is reused across the splits (its entries are
exact facts about positions, shared by splits that reach the same position).
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations

from solver.hands import mask_of

from ..incident import IncidentError
from .playout import need_play, play_out, write_penalty
from .registry import rule
from .ruling import Option, Ruling, text
from .wording import agree, count


def discard_values(engine, pos, seat: int, discard) -> list:
    """[(the two cards discarded, the declarer's tricks from here)] for every split of
    seat's cards plus ``discard`` (the table is reused: build the engine with
    ``reuse_table=True``)."""
    pool = sorted(list(pos.hand(seat)) + list(discard), key=int)
    old_out = pos.out & ~mask_of(discard)
    out = []
    all_mask = mask_of(pool)
    for pair in combinations(pool, 2):
        p = pos.copy()
        pm = pair[0].mask | pair[1].mask
        p.hands[seat] = all_mask & ~pm
        p.out = old_out | pm
        out.append((pair, engine.solve(p)))
    return out


@rule("9", title_ru="Смешивание карт со сносом", title_en="Cards mixed with the discard", pattern="WORST",
      text_ru="Игрок смешивает свои карты со сносом после начала розыгрыша. Штраф - без двух в гору. За игрока "
              "делается самый неблагоприятный для него снос при розыгрыше на открытых картах. Записывается "
              "возможный ремиз. Выигранный контракт не записывается. Висты за него записываются.",
      text_en="A player mixes his cards with the discard after play began: two undertricks to gora; the discard "
              "least favourable to him is made, judged by open play; any undertricks are written, a made contract "
              "is not; the whists against him are written.",
      contracts=("game", "misere"), offender="declarer")
def mixed_discard(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    need_play(ctx)
    decl = inc.declarer
    if len(inc.discard) != 2:
        raise IncidentError.of("discard_9", "deal.discard")
    pos = inc.position_at(inc.moment_of_fault())
    if pos.is_over():
        raise IncidentError.of("no_cards_to_mix", "violation.move")
    if pos.trick and any(s == decl for s, _ in pos.trick):
        r.note("The declarer had already played to the current trick; the split is of the cards he still held.",
               "Играющий уже сыграл в текущую взятку; делятся карты, оставшиеся у него на руке.")
    vals = discard_values(ctx.engine, pos, decl, inc.discard)
    worst = max(v_ for _, v_ in vals) if pos.is_misere else min(v_ for _, v_ in vals)
    actual_pair = tuple(sorted(inc.discard, key=int))
    actual_value = next(v_ for pair, v_ in vals if tuple(pair) == actual_pair)
    worst_pairs = [pair for pair, v_ in vals if v_ == worst]
    # play the first worst split out; whists split against the offender
    chosen = worst_pairs[0]
    p = pos.copy()
    pm = chosen[0].mask | chosen[1].mask
    p.hands[decl] = (pos.hands[decl] | mask_of(inc.discard)) & ~pm
    p.out = (pos.out & ~mask_of(inc.discard)) | pm
    played = play_out(ctx, p, worst_for=decl)
    for pair in worst_pairs[:12]:
        r.options.append(Option(text(f"discard {pair[0]} {pair[1]}", f"снос {pair[0].russian()} {pair[1].russian()}"),
                                pos.taken[decl] + worst, best=pair == chosen))
    r.options.append(Option(text(f"the actual discard {actual_pair[0]} {actual_pair[1]}",
                                 f"реальный снос {actual_pair[0].russian()} {actual_pair[1].russian()}"),
                            pos.taken[decl] + actual_value))
    hist = Counter(pos.taken[decl] + v_ for _, v_ in vals)
    r.note(f"{len(vals)} splits judged by open play from the moment of mixing; the declarer's final tricks: "
           + ", ".join(f"{k}: {hist[k]} {'split' if hist[k] == 1 else 'splits'}" for k in sorted(hist)) + f". Least favourable: {pos.taken[decl] + worst}"
           + (f" ({len(worst_pairs)} splits; the first is played out)" if len(worst_pairs) > 1 else "") + ".",
           f"{agree(len(vals), 'Рассмотрен', 'Рассмотрены', 'Рассмотрено')} {count(len(vals), 'discard_split')} в открытую с момента смешивания; итог играющего: "
           + ", ".join(f"{count(k, 'trick')} — {count(hist[k], 'discard_split')}" for k in sorted(hist))
           + f". Самый неблагоприятный: {count(pos.taken[decl] + worst, 'trick')}.")
    r.figures.append(played.figure(text(f"least favourable discard {chosen[0]} {chosen[1]}, played out",
                                        f"самый неблагоприятный снос {chosen[0].russian()} {chosen[1].russian()}"),
                                   ctx, decl))
    write_penalty(ctx, r, "game", decl, count=2)
    e = played.entries
    if e.pulya[decl]:
        e = e.add_pulya(decl, -e.pulya[decl])
        r.note("The contract is made under the least favourable discard but is not written to the pulya.",
               "Контракт выигран и при самом неблагоприятном сносе, но в пулю не записывается.")
    r.write_entries(e, text(f"result under the least favourable discard {'-'.join(map(str, played.tricks))} "
                            "(whists and undertricks; no pulya)",
                            f"результат при самом неблагоприятном сносе {'-'.join(map(str, played.tricks))} "
                            "(висты и ремиз; без пули)"))
    if inc.result is not None:
        r.note("The actual result is replaced by the result under the least favourable discard.",
               "Реальный результат заменяется результатом при самом неблагоприятном сносе.")
    r.note("Reading: the rule is the declarer's (the discard is his); with two whisters the defence's split of "
           "tricks is the one least favourable to the offender.",
           "Толкование: правило относится к играющему (снос — его); при двух вистующих распределение взяток "
           "защиты берётся наименее выгодное нарушителю.")
    return r
