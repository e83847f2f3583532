"""Rule 1.6.2 and the claim (the code's preamble), on the worst-guess search of
:mod:`solver.imperfect.worst_guess`; and ``worst_guess_tricks`` for seed 001's note (rule "001",
registered in :mod:`.note`).

Incident fields (in ``violation``, all optional):

* ``move`` — index in ``history`` of the moment the declarer opened his cards (the cards
  before it had been played); default: after the whole history;
* ``concede`` — tricks the declarer gave the defence from that moment (the claim), or
  ``claimed`` — his tricks in the whole deal (give one of them; claims only);
* ``defence_tricks`` — ``{"seat": n}``: how the conceded tricks split between the
  defenders (needed only when the claim stands with more tricks conceded than the
  worst-guess play gives them and two defenders whisted);
* ``reading`` — ``wrong_guess`` (default: the candidates worst on the real layout, see
  :mod:`solver.imperfect.worst_guess`) or ``worst_legal_move`` (the literal reading: his worst
  legal card at the next decision, then double dummy);
* ``candidates`` — ``best_somewhere`` (default: every card best in at least one layout he
  could believe in is a possible guess — he is deemed not to have guessed the layout, and the
  rule's own example «надо выбить козырь», a side ace cashed before the last trump is drawn,
  is a guess only in this reading) or ``undominated`` (the lenient setting: a card another
  card matches in every layout and beats in one is left out);
* ``budget`` — seconds the search may take (default: none, every layout and every sequence of
  choices); past it the ruling says what was proven.

The declarer's knowledge: his hand, the discard and talon, every card played, the voids the
defenders showed in ``history`` (with ``open`` play, after the first card, every card).
"""
from __future__ import annotations

from solver.errors import PrefError
from solver.imperfect import GUESS_CANDIDATES, ClaimCheck, InfoSet, check_claim, worst_guess_play

from .. import error_kinds  # noqa: F401  the kinds raised here, in the one catalogue
from ..incident import IncidentError
from .knowledge import candidates_note, guess_notes, layouts_note
from .playout import made, need_play, score_tricks
from .registry import rule
from .ruling import Figure, Ruling, text
from .wording import count

PREAMBLE_RU = ("Играющий может сказать сколько взяток он отдаёт вистующему без розыгрыша, предъявив свои "
               "карты. При возражении любого игрока проводится розыгрыш.")
PREAMBLE_EN = ("The declarer may say how many tricks he gives the whister without playing on, showing his "
               "cards. If any player objects, the hand is played out.")
R162_RU = ("Играющий открывает карты в «угадаечной» ситуации (возможный сюркуп, надо выбить козырь, надо "
           "разыграть масть). Считается, что играющий не угадал расклад. За играющего делается самый "
           "неблагоприятный для него ход.")
R162_EN = ("The declarer opens his cards in a guessing position (a possible ruff, a trump still to draw, a "
           "suit to guess). He is taken to have guessed the layout wrong; the move least favourable to him "
           "is made for him.")
READINGS = ("wrong_guess", "worst_legal_move")


# ------------------------------------------------------------------ for rule 001
def worst_guess_tricks(engine, pos, voids=None, guess: str = "every_sequence", budget: float | None = None,
                       candidates: str = GUESS_CANDIDATES) -> int:
    """The declarer's tricks from ``pos`` to the end with every guess wrong (rule 1.6.2).

    Without ``voids`` only those shown in the current trick are known (a position alone
    does not say what was shown earlier): the declarer is credited with less knowledge,
    so the result can only be lower than with the full history. Where ``budget`` (seconds)
    or a decision's 200,000-layout scan leaves it open, the end of the proven bounds nearest
    double dummy: "needed a guess" is then said only where it is proven.
    """
    info = InfoSet.from_position(pos, voids)
    wg = worst_guess_play(info, engine, guess=guess, budget=budget, candidates=candidates)
    return wg.declarer_tricks - pos.taken[pos.declarer]


# ------------------------------------------------------------------ shared
def _setup(ctx):
    """The information set at the moment of the claim, and the search settings."""
    inc = ctx.incident
    v = inc.violation
    need_play(ctx)
    at = inc.moment_of_fault()
    start = inc.start()
    try:
        info = InfoSet.from_history(start, inc.history[:at],
                                    open_defence=inc.open and at >= 1)
    except Exception as e:  # the history was already checked by the parser; stay clear anyway
        raise (e.under(IncidentError, "history") if isinstance(e, PrefError) else IncidentError("history", str(e))) from None
    if info.pos.is_over():
        raise IncidentError.of("claim_deal_over_move", "violation.move")
    # the fields' values (enums, integer ranges) are the schema's to check (incident_shape)
    reading = v.get("reading", "wrong_guess")
    search = {"candidates": v.get("candidates", GUESS_CANDIDATES), "guess": inc.option("guess"),
              "budget": ctx.search_budget()}
    return info, at, reading, search


def _figures(r: Ruling, ctx, check: ClaimCheck, start_pos) -> None:
    dd_line = ctx.engine.analyse(start_pos, line=True).line
    p = start_pos.copy()
    p.replay(dd_line)
    r.figures.append(Figure(text("double dummy from the moment the cards were opened",
                                 "в открытую с момента, когда карты открыты"),
                            tuple(p.taken), check.double_dummy, dd_line))
    greedy = check.worst.guess == "greedy"
    r.figures.append(Figure(text("every guess wrong (1.6.2): " + (
                                 "the candidate worst on the real layout at each declarer decision (greedy)" if greedy
                                 else "the worst result over every sequence of candidate choices")
                                 + ", the defence double dummy",
                                 "играющий не угадывает (1.6.2): " + (
                                 "на каждом его ходе — худший на реальном раскладе из разумных ходов" if greedy else
                                 "худший итог по всем последовательностям разумных ходов") + ", защита в открытую"),
                            check.worst.tricks, check.worst_guess, check.worst.line, source="worst guess"))
    lit_pos = start_pos.copy()
    lit_pos.replay(check.literal.line)
    rest = ctx.engine.analyse(lit_pos, line=True).line if not lit_pos.is_over() else []
    lit_pos.replay(rest)
    r.figures.append(Figure(text("literal reading: his worst legal move now, then double dummy",
                                 "буквальное прочтение: худший допустимый ход сейчас, далее в открытую"),
                            tuple(lit_pos.taken), check.literal.declarer_tricks, check.literal.line + rest,
                            source="worst legal move"))


def _explain(r: Ruling, check: ClaimCheck, search: dict) -> None:
    candidates_note(r, search["candidates"], "guess")
    lay = check.layouts_at_claim
    if lay.get("method") == "open":
        r.note("The defence plays open: the declarer sees every card, one layout.",
               "Защита играет в светлую: играющий видит все карты, расклад один.")
    else:
        wg = check.worst
        layouts_note(r, lay["layouts"], wg.seconds, search.get("budget"), wg.stopped, wg.bounds, wg.short_scans,
                     scans=wg.scans)
    guess_notes(r, check.worst.decisions)


# ------------------------------------------------------------------ 1.6.2
@rule("1.6.2", title_ru="Играющий открывает карты в «угадаечной» ситуации",
      title_en="The declarer opens his cards in a guessing position", pattern="WORST",
      text_ru=R162_RU, text_en=R162_EN, contracts=("game", "misere"), offender="declarer")
def opened_in_guessing_position(ctx) -> Ruling:
    r = ctx.ruling()
    info, _, reading, search = _setup(ctx)
    check = check_claim(info, None, ctx.engine, **search)
    _figures(r, ctx, check, info.pos)
    _explain(r, check, search)
    if reading == "worst_legal_move":
        fig = r.figures[2]
        tricks, why = fig.tricks, text("the deal's result with his worst legal move made for him, then double dummy "
                                       "(the literal reading)",
                                       "результат сдачи: за играющего сделан худший допустимый ход, далее в открытую "
                                       "(буквальное прочтение)")
        r.note("Reading: worst_legal_move — the rule taken literally.", "Толкование: буквальное (худший допустимый ход).")
    else:
        tricks, why = check.worst.tricks, text("the deal's result with every guess wrong (1.6.2)",
                                               "результат сдачи: играющий не угадал (1.6.2)")
        r.note("Reading: 'the move least favourable to him' = the wrong guess among his possible choices (named "
               "above), not any legal move.",
               "Толкование: «самый неблагоприятный ход» — неверное угадывание среди его возможных ходов (см. выше), "
               "а не любой допустимый ход.")
    r.write_entries(score_tricks(ctx, tricks), why)
    if not check.guess_needed:
        r.summary = text(f"No guess was needed: every reasonable line gives {count(check.double_dummy, 'trick', 'en')}.",
                         f"Угадывать было нечего: при любой разумной игре {count(check.double_dummy, 'trick')}.")
    else:
        r.summary = text(f"A guess was needed: {check.double_dummy} tricks double dummy, {check.worst_guess} with "
                         "every guess wrong.",
                         f"Нужно было угадывать: в открытую {check.double_dummy}, при неверном угадывании "
                         f"{check.worst_guess}.")
    r.note("Seed 001's note (rule 001) may add a penalty for opening the cards; rule it separately.",
           "Примечание документа 001 (правило 001) может добавить штраф за вскрытие карт; отдельным решением.")
    return r


# ------------------------------------------------------------------ the claim
def _claimed(ctx, info: InfoSet):
    inc = ctx.incident
    v = inc.violation
    pos = info.pos
    d = inc.declarer
    left = pos.tricks_left()
    if v.get("concede") is not None and v.get("claimed") is not None:
        raise IncidentError.of("concede_or_claimed", "violation.claimed")
    if v.get("concede") is not None:
        k = v.get("concede")
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= left:
            raise IncidentError.of("concede_range", "violation.concede", left=left, got=repr(k))
        return pos.taken[d] + left - k
    if v.get("claimed") is not None:
        c = v.get("claimed")
        lo, hi = pos.taken[d], pos.taken[d] + left
        if isinstance(c, bool) or not isinstance(c, int) or not lo <= c <= hi:
            raise IncidentError.of("claimed_range", "violation.claimed", lo=lo, hi=hi, got=repr(c))
        return c
    return None


def _claim_tricks(ctx, info: InfoSet, check: ClaimCheck, claimed: int) -> tuple:
    """Final tricks when the claim stands: the declarer's claimed number, the defence's
    split as stated, or as in the worst-guess line when it gives the same numbers."""
    inc = ctx.incident
    d = inc.declarer
    v = inc.violation
    pos = info.pos
    a, b = inc.defenders
    conceded = pos.tricks_left() - (claimed - pos.taken[d])
    split = v.get("defence_tricks")
    if split is not None:
        if not isinstance(split, dict):
            raise IncidentError.of("split_object", "violation.defence_tricks")
        try:
            got = {int(k): x for k, x in split.items()}
        except (TypeError, ValueError):
            raise IncidentError.of("split_keys", "violation.defence_tricks") from None
        if set(got) != {a, b} or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in got.values()):
            raise IncidentError.of("split_seats", "violation.defence_tricks", first=a, second=b)
        if sum(got.values()) != conceded:
            raise IncidentError.of("split_sum", "violation.defence_tricks", tricks=conceded)
        t = list(pos.taken)
        t[d] = claimed
        t[a] += got[a]
        t[b] += got[b]
        return tuple(t)
    if check.worst.tricks[d] == claimed:
        return check.worst.tricks
    if len(inc.whisters) == 2 and not pos.is_misere:
        raise IncidentError.of("split_needed", "violation.defence_tricks", tricks=conceded)
    t = list(check.worst.tricks)
    extra = t[d] - claimed
    t[d] = claimed
    t[inc.whisters[0] if inc.whisters else a] += extra
    return tuple(t)


@rule("claim", title_ru="Заявка играющего без розыгрыша (преамбула)",
      title_en="The declarer's claim (the code's preamble)", pattern="WORST",
      text_ru=PREAMBLE_RU + " " + R162_RU, text_en=PREAMBLE_EN + " " + R162_EN,
      contracts=("game", "misere"), offender="none")
def claim(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    if inc.violation.offender is not None and inc.violation.offender != inc.declarer:
        raise IncidentError.of("only_declarer_claims", "violation.offender", seat=inc.violation.offender,
                                  declarer=inc.declarer)
    info, _, reading, search = _setup(ctx)
    claimed = _claimed(ctx, info)
    check = check_claim(info, claimed, ctx.engine, **search)
    _figures(r, ctx, check, info.pos)
    _explain(r, check, search)
    d = inc.declarer
    if reading == "worst_legal_move":
        basis_tricks, basis = r.figures[2].tricks, "the worst legal move, then double dummy"
        basis_ru = "худший допустимый ход, далее в открытую"
    else:
        basis_tricks, basis = check.worst.tricks, "every guess wrong (1.6.2)"
        basis_ru = "играющий не угадывает (1.6.2)"
    basis_value = basis_tricks[d]
    if claimed is None:
        tricks = basis_tricks
        why = text(f"no number was claimed: the deal is scored with {basis}",
                   f"число взяток не заявлено: сдача записывается так: {basis_ru}")
    else:
        worse_for_him = (claimed >= basis_value) if inc.kind == "misere" else (claimed <= basis_value)
        if worse_for_him:
            tricks = _claim_tricks(ctx, info, check, claimed)
            why = text(f"the claim ({claimed} tricks) stands: it holds even with {basis}",
                       f"заявка ({claimed}) принимается: она верна и когда {basis_ru}")
        else:
            tricks = basis_tricks
            why = text(f"the claim ({claimed} tricks) needed a guess or more: the deal is scored with {basis} "
                       f"({basis_value} tricks)",
                       f"заявка ({claimed}) требовала угадывания: сдача записывается так: {basis_ru} "
                       f"({basis_value} взяток)")
    r.write_entries(score_tricks(ctx, tricks), why)
    verdict = check.verdict
    if verdict is not None:
        words = {"holds": ("holds: no guess is needed for it", "верна: угадывать не нужно"),
                 "needs a guess": ("needs a guess: right double dummy only", "требует угадывания: верна только в "
                                                                             "открытую"),
                 "impossible": ("cannot be made even double dummy", "невыполнима даже в открытую")}[verdict]
        r.summary = text(f"The claim of {claimed} tricks {words[0]} (double dummy {check.double_dummy}, every guess "
                         f"wrong {check.worst_guess}).",
                         f"Заявка на {claimed} взяток {words[1]} (в открытую {check.double_dummy}, при неверном "
                         f"угадывании {check.worst_guess}).")
    else:
        r.summary = text(f"Double dummy {check.double_dummy}, every guess wrong {check.worst_guess}: "
                         f"{'a guess was needed' if check.guess_needed else 'no guess was needed'}.",
                         f"В открытую {check.double_dummy}, при неверном угадывании {check.worst_guess}: "
                         f"{'нужно было угадывать' if check.guess_needed else 'угадывать было нечего'}.")
    if made(ctx, check.double_dummy) and not made(ctx, check.worst_guess):
        r.note("The contract could be made only with a right guess: seed 001's note (rule 001) treats that as "
               "'needed a guess to make it' if the opening is ruled a violation.",
               "Контракт выигрывался только при верном угадывании: по примечанию 001 это «должен был угадать», "
               "если вскрытие карт признано нарушением.")
    return r
