"""What a player could know, and the decisions made against him: the machinery the rules
that ask it share — the voids shown (:func:`shown_voids`), each side's view (the declarer's,
a defender's), an information rule's two figures (:func:`knowledge_figures`: the decisions as
made against the same resolved against him), and the notes that say how it was searched
(:func:`layouts_note`), which cards counted as his choices (:func:`candidates_note`) and each
guess on a worst-guess line (:func:`guess_notes`). The rules live in their own modules
(:mod:`.info`, :mod:`.remedy`, :mod:`.claims`, :mod:`.note`), none importing another.
"""
from __future__ import annotations

import time

from solver import interrupt
from solver.hands import mask_of
from solver.imperfect import KNOWLEDGE_CANDIDATES, InfoSet, SeatView, candidate_moves, resolve_against
from solver.imperfect import candidates as _cand
from solver.interrupt import passed
from solver.position import Position, run_low

from .playout import Played, play_out, score_tricks
from .ruling import Ruling, Text
from .wording import count, seconds_words


def shown_voids(inc, n: int) -> dict:
    """{seat: suits} every seat showed void in ``history[:n]`` (not following; in a trump
    contract not following and not trumping: no trumps either)."""
    pos = inc.start()
    voids: dict = {}
    for i, card in enumerate(inc.history[:n]):
        if i in inc.lead_overrides:
            pos.leader = inc.lead_overrides[i]
        seat, lead = pos.to_move, pos.lead_suit
        if lead is not None and int(card.suit) != lead:
            voids.setdefault(seat, set()).add(lead)
            if pos.trump is not None and int(card.suit) != pos.trump:
                voids[seat].add(pos.trump)
        pos.play(card)
    return {s: frozenset(v) for s, v in voids.items()}


def declarer_view(inc, n: int, pos: Position) -> InfoSet:
    """What the declarer knew in closed play: the defenders' split unseen."""
    return InfoSet(pos, {s: v for s, v in shown_voids(inc, n).items() if s != inc.declarer})


def defender_view(inc, n: int, pos: Position, seat: int, *, partner_seen: bool, discard_seen: bool) -> SeatView:
    """What a defender knew: the declarer's hand unseen, his partner's unless the defence
    plays open, the discard unless he saw it; the talon's cards (shown to all) with the
    declarer or in his discard."""
    hidden = (inc.declarer,) + (() if partner_seen else (inc.partner(seat),))
    discard = 0 if discard_seen else mask_of(inc.discard)
    return SeatView(pos, seat, hidden, discard, shown_voids(inc, n), mask_of(inc.talon))


def _rest_of_history(inc, n: int) -> list:
    """The recorded cards from ``history[n]``, up to a lead out of turn left standing."""
    out = []
    for i in range(n, len(inc.history)):
        if i in inc.lead_overrides:
            break
        out.append(inc.history[i])
    return out


def as_played(ctx, pos: Position, rest, informed: int, window: int | None, victim: int) -> Played:
    """The informed seat's recorded cards (within ``window``), the others' while double-dummy
    best, then double dummy to the end."""
    p = pos.copy()
    head = []
    for i, card in enumerate(rest):
        if p.is_over():
            break
        if not (p.to_move == informed and (window is None or i < window)):
            vals = ctx.engine.analyse(p, all_cards=True)
            if run_low(p, card) not in {run_low(p, c) for c in vals.best_cards}:
                break
        p.play(card)
        head.append(card)
    pl = play_out(ctx, p.copy(stack=False), victim=victim)
    return Played(pl.tricks, head + list(pl.line), pl.entries, pl.declarer_tricks)


def layouts_note(r: Ruling, total: int, seconds: float, budget, stopped: str | None, bounds=None,
                 short=(), undecided=(), scans=()) -> None:
    """Say how many layouts there were, how many were examined and how long it took; where a
    scan stopped short of every layout (past 200,000 of them) what it examined; where the
    result is not proven exactly, the bounds that are and which end is written (the proven
    minimum). ``scans``: (trick, examined, layouts) of every decision searched."""
    short_en = short_ru = ""
    if short:
        n = sum(c for _, c, _ in short)
        k = len(short)
        short_en = (f" At {'the decision' if k == 1 else f'{k} decisions'} with more than 200,000 layouts, {n} were "
                    "examined in a fixed order spread evenly over all of them (the real one first).")
        short_ru = (f" Там, где раскладов больше 200 000 (решений: {len(short)}), рассмотрено {n} в постоянном "
                    "порядке, равномерно по всем раскладам (реальный первым).")
    if stopped is None:
        if short:
            r.note(f"Layouts he could believe in: {total}.{short_en} The result is proven whatever the rest hold "
                   f"(the worst choice was decided by the layouts examined) — exact ({seconds_words(seconds, 'en')}).",
                   f"Возможных раскладов: {total}.{short_ru} Результат доказан при любых остальных (худший выбор "
                   f"решён рассмотренными раскладами) — точный ({seconds_words(seconds)}).")
        elif all(c >= n for _, c, n in scans) and max((n for _, _, n in scans), default=total) == total:
            r.note(f"Every one of the {count(total, 'layout', 'en')} was solved ({seconds_words(seconds, 'en')}): "
                   "the figures are exact.",
                   f"Решены все расклады ({count(total, 'layout')}) за {seconds_words(seconds)}: цифры точные.")
        elif all(c >= n for _, c, n in scans):
            big = max(n for _, _, n in scans)
            r.note(f"Layouts he could believe in: {total} when he saw the cards; at each of his decisions every "
                   f"layout of that moment was solved (the most: {big}) ({seconds_words(seconds, 'en')}): the "
                   "figures are exact.",
                   f"Возможных раскладов: {total} в момент нарушения; на каждом его решении решены все расклады "
                   f"этого момента (больше всего — {big}) за {seconds_words(seconds)}: цифры точные.")
        else:
            _, c, n = max((x for x in scans if x[1] < x[2]), key=lambda x: x[2])   # the largest that stopped early
            r.note(f"Layouts he could believe in: {total}. Every decision was decided exactly "
                   f"({seconds_words(seconds, 'en')}): the largest, over {n} layouts, once {c} of them had decided "
                   "everything its figure rests on (witness layouts: for each pair of cards that could change it, "
                   "one where each card is the better; or, for the card resolved against him, one where it beats each "
                   "card worth more on the real layout) — no layout left could change it.",
                   f"Возможных раскладов: {total}. Каждое решение определено точно ({seconds_words(seconds)}): самое "
                   f"большое (раскладов: {n}) — когда {c} из них решили всё, на чём стоит результат (для каждой "
                   "пары карт, которая могла бы его изменить, есть расклад в пользу каждой из двух; или для карты, "
                   "сыгранной за него, — расклад, где она лучше каждой карты, которая на реальном раскладе стоит "
                   "больше): остальные расклады ничего не меняют.")
        return
    und_en = (f" Undecided: whether {', '.join(c.pretty() for c in undecided)} could be "
              f"{'a reasonable choice' if len(undecided) == 1 else 'reasonable choices'}.") \
        if undecided else ""
    und_ru = f" Не решено, разумны ли ходы {', '.join(c.russian() for c in undecided)}." if undecided else ""
    why_en = (f"The time budget ({seconds_words(budget, 'en')}) stopped the search" if stopped == "budget"
              else f"The search was stopped on request after {seconds_words(seconds, 'en')}" if stopped == "stop"
              else "The layouts examined do not decide it")
    why_ru = (f"Перебор остановлен по лимиту времени ({seconds_words(budget)})" if stopped == "budget"
              else f"Перебор остановлен по просьбе через {seconds_words(seconds)}" if stopped == "stop"
              else "Рассмотренные расклады этого не решают")
    span_en = f": proven only that the result lies between {bounds[0]} and {bounds[1]} declarer tricks" if bounds else ""
    span_ru = f": доказано лишь, что результат — от {bounds[0]} до {bounds[1]} взяток играющего" if bounds else ""
    r.note(f"Layouts he could believe in: {total}.{short_en} {why_en}{span_en}.{und_en} The figure used is the end "
           "nearest double dummy, so the compensation written is a proven minimum (at least this much).",
           f"Возможных раскладов: {total}.{short_ru} {why_ru}{span_ru}.{und_ru} Взята граница, ближайшая к игре в "
           "открытую, так что записанная компенсация — доказанный минимум (не меньше).")


def candidates_note(r: Ruling, cands: str, question: str) -> None:
    """Say which cards counted as his possible choices and why (``rulings.md``, "candidates
    follow the question"): ``question`` "guess" (1.6.2, claims, rule 001: deemed not to have
    guessed the layout; default ``best_somewhere``) or "knowledge" (the information rules:
    could the knowledge change a decision; default ``undominated``). The settings line names
    the reading too."""
    r.settings["ruling_options"] = {**r.settings.get("ruling_options", {}), "candidates": cands}
    if question == "guess":
        if cands == "best_somewhere":
            r.note("His possible choices: every card best in at least one layout he could believe in (the default "
                   "for rule 1.6.2, claims and rule 001: he is deemed not to have guessed the layout; the rule's own "
                   "example, a trump still to draw, is a guess only in this reading).",
                   "Его возможные ходы: каждая карта, лучшая хотя бы в одном раскладе, который он мог предполагать "
                   "(так по умолчанию для правила 1.6.2, заявок и правила 001: «считается, что играющий не угадал "
                   "расклад»; пример самого правила — «надо выбить козырь» — угадывание только при таком прочтении).")
        else:
            r.note("His possible choices: the cards no other card matches in every layout and beats in one "
                   "(violation.candidates = undominated, a more lenient reading than the default of rule 1.6.2).",
                   "Его возможные ходы: карты, которым нет хода не хуже во всех раскладах и лучше хотя бы в одном "
                   "(задано violation.candidates = undominated — прочтение мягче, чем по умолчанию для правила 1.6.2).")
    elif cands == "undominated":
        r.note("His possible choices: the cards no other card matches in every layout and beats in one (the default "
               "for the information rules: they ask whether the knowledge could change a decision, and a card "
               "another card beats in some layout and never loses to needs no knowledge to be avoided).",
               "Его возможные ходы: карты, которым нет хода не хуже во всех раскладах и лучше хотя бы в одном "
               "(так по умолчанию для правил об информации: вопрос в том, могло ли знание изменить решение, а "
               "заведомо худший ход и без знания не делают).")
    else:
        r.note("His possible choices: every card best in at least one layout he could believe in "
               "(violation.candidates = best_somewhere).",
               "Его возможные ходы: каждая карта, лучшая хотя бы в одном раскладе, который он мог предполагать "
               "(задано violation.candidates = best_somewhere).")


def knowledge_figures(ctx, r: Ruling, n: int, informed: int, pre, victims, what: Text,
                      window: int | None = None, allowed=None):
    """(as played, resolved against him) from ``history[n]`` for the informed seat, whose
    view before the knowledge is ``pre``; the decisions and readings are written into the
    ruling's notes. ``allowed``: with ``window`` 1, the cards a remedy
    (the declarer's choice of suit) left him. Every layout he could believe in is solved;
    ``violation.budget`` (seconds) may stop the search, and the notes then say what was proven.

    Progress: with one decision (``window`` 1: 1.1.2, 1.2.x) the engine's ``decisions_left`` is
    1 until it is scanned; otherwise it stays ``None`` — a search over every sequence of
    choices meets its decisions as it goes (which ones depends on the values found), so how
    many are left is not known ahead and no guess is shown as a count."""
    inc = ctx.incident
    pos = pre.pos
    rest = _rest_of_history(inc, n)
    guess = inc.option("guess")
    cands = inc.violation.get("candidates", KNOWLEDGE_CANDIDATES)  # one of CANDIDATES: the schema checks it
    budget = ctx.search_budget()
    deadline = None if budget is None else time.monotonic() + budget
    t0 = time.monotonic()
    worse, better = _cand.side_worse(pos, informed), _cand.side_better(pos, informed)  # in the declarer's tricks
    if window == 1 and allowed is not None and not (rest and rest[0] in allowed):
        # the lead is not recorded within the declarer's choice: as made = his best card in it
        vals = ctx.engine.analyse(pos, all_cards=True).card_values
        top = better(vals[c] for c in allowed if c in vals)
        rest = [next(c for c in allowed if vals.get(c) == top)]
    base = as_played(ctx, pos, rest, informed, window, victims[0])
    if window == 1 and hasattr(ctx.engine, "decisions_left"):
        ctx.engine.decisions_left = int(pos.to_move == informed)   # one lead: its one scan, known ahead
    scans: list = []
    proven: tuple | None = None  # what a cut scan or a budget left: (why, bounds, short scans, undecided cards)
    if window == 1 and allowed is not None:
        # one decision: the scan stops once a card worst on the real layout is proven a
        # candidate (and two cards were seen to differ: not a decision equal everywhere)
        real = ctx.engine.analyse(pos, all_cards=True).card_values
        low = worse(real[c] for c in allowed if c in real)
        dec = candidate_moves(pre, ctx.engine, candidates=cands, allowed=allowed, deadline=deadline,
                              cap=_cand.SCAN_CAP, track_equal=True,
                              settle=[c for c in allowed if real.get(c) == low], settle_one=True)
        rv = dec.real_values
        made_card = rest[0]  # as made (or his best card within the choice, when the lead is not recorded)
        same = dec.forced or dec.equal_everywhere is True  # no decision: played as made
        if same:
            card, outcomes = made_card, [rv[made_card]]
        else:
            # the worst true candidate, between the worst proven one (none proven: the best
            # undecided card, the set might be that card alone) and the worst of them all
            known = dec.candidates + dec.level  # (level: one of them is as good as a candidate on the real layout)
            w = worse(rv[c] for c in known) if known else better(rv[c] for c in dec.undecided)
            card = next(c for c in (known or dec.undecided) if rv[c] == w)
            outcomes = [w, worse(rv[c] for c in dec.candidates + dec.undecided)]
            if dec.equal_everywhere is None:  # a cut scan: every card might be equal everywhere
                outcomes.append(rv[made_card])
                if better(rv[made_card], w) == rv[made_card]:
                    card = made_card
        # the figure used is the end nearest double dummy (better for him): a proven minimum
        near, far = better(outcomes), worse(outcomes)
        settled = near == far  # proven whatever the undecided cards are
        if not dec.exact and not dec.settled:
            stop = None if settled else ("stop" if interrupt.asked() else "budget" if passed(deadline) else "cap")
            interrupt.clear()  # honoured
            proven = (stop, None if settled else tuple(sorted((near, far))),
                      [(dec.trick, dec.covered, dec.layouts.total)] if dec.layouts.method == "capped" else [],
                      [] if settled else dec.undecided)
        nxt = pos.copy(stack=False)
        nxt.play(card)
        pl = play_out(ctx, nxt.copy(stack=False), victim=victims[0])
        proxy = Played(pl.tricks, [card] + list(pl.line), pl.entries, pl.declarer_tricks)
        decisions = [(dec, card, not same and card != made_card)]
        reading = "one decision"
        scans = [] if dec.forced else [(dec.trick, dec.covered, dec.layouts.total)]
    else:
        wg = resolve_against(pre, ctx.engine, guess=guess, history=rest, window=window, informed=True,
                             candidates=cands, budget=budget)
        proxy = Played(wg.tricks, list(wg.line), score_tricks(ctx, wg.tricks), wg.tricks[inc.declarer])
        decisions = [(d, d.played, d.changed and not d.forced) for d in wg.decisions]
        reading = wg.guess
        scans = wg.scans
        if not wg.exact or wg.short_scans:
            proven = (wg.stopped, wg.bounds, wg.short_scans, [])
    total = pre.count
    seconds = time.monotonic() - t0
    # the decisions with a choice among reasonable cards (one candidate up to equivalents:
    # resolved against him, it is that card, and nothing could change it)
    counted = [(d, c) for d, c, ch in decisions if ch and d.choices > 1]
    seat_en = "the declarer" if informed == inc.declarer else f"seat {informed}"
    seat_ru = "играющего" if informed == inc.declarer else "информированного игрока"
    candidates_note(r, cands, "knowledge")
    r.note(f"Information rule: {what.en}. Compared: {seat_en}'s decisions as actually made, then double dummy, "
           f"against each of his decisions resolved against him over what he knew before ({count(total, 'layout', 'en')}; "
           f"{'worst over every sequence of candidate choices' if reading != 'greedy' else 'greedy: the worst candidate at each decision'}), "
           "then double dummy. The recorded final result is not the comparison.",
           f"Правило об информации: {what.ru}. Сравниваются решения {seat_ru}, как они были сделаны, далее в "
           f"открытую, и каждое его решение в его ущерб по тому, что он знал до нарушения (возможных раскладов: "
           f"{total}), далее в открытую. Записанный итог сдачи для сравнения не берётся.")
    if proven is None:
        layouts_note(r, total, seconds, budget, None, scans=scans)
    else:
        stop, bounds, short, undecided = proven
        layouts_note(r, total, seconds, budget, stop, bounds, short, undecided, scans)
    if counted:
        r.note("Decisions the knowledge could change: " + "; ".join(
            f"trick {d.trick}: {_possible(d, 'en')}, {c.pretty()} made for him" for d, c in counted) + ".",
               "Решения, которые знание могло изменить: " + "; ".join(
            f"взятка {d.trick}: {_possible(d, 'ru')}, за него сыграно {c.russian()}" for d, c in counted) + ".")
    elif proven is not None and proven[0] in ("budget", "stop"):
        pass  # the search stopped before the decisions were listed: the bounds note says what is known
    else:
        r.note("No decision of the informed side to resolve against him: each was forced, left him one reasonable "
               "card only, or every card he could play had the same value in every layout he could believe in.",
               "Решать в ущерб информированной стороне было нечего: каждый её ход был вынужденным, оставлял один "
               "разумный ход или все допустимые карты стоили одинаково в каждом раскладе, который она могла "
               "предполагать.")
    return base, proxy


_POSSIBLE = {  # the cards possible; of tied worst cards one at least; the cards left undecided; "or"
    "en": ("{} possible", "{} possible (one of them at least)", "not decided: {} (no effect on the figure)", " or "),
    "ru": ("возможны {}", "возможен {} (хотя бы один из них)", "не решено, разумны ли {} (на результат это не влияет)",
           " или "),
}


def _possible(d, lang: str) -> str:
    """A decision's reasonable cards, in words. Where the scan stopped once the card resolved
    against him was proven one of them (``settled``), the cards it left undecided are named
    apart: each is worth at least that card on the real layout, so in the set or out of it
    they cannot change the figure."""
    name = (lambda x: x.pretty()) if lang == "en" else (lambda x: x.russian())
    possible, one_of, undecided, either = _POSSIBLE[lang]
    if not (d.settled and d.undecided):
        return possible.format(", ".join(name(x) for x in d.candidates + d.undecided))
    level = [x for x in d.level if x in d.undecided]
    rest = [x for x in d.undecided if x not in level]
    parts = [possible.format(", ".join(name(x) for x in d.candidates))] if d.candidates else []
    if level:
        parts.append(one_of.format(either.join(name(x) for x in level)))
    if rest:
        parts.append(undecided.format(", ".join(name(x) for x in rest)))
    return "; ".join(parts)


def guess_notes(r: Ruling, decisions) -> None:
    """A note for each of the declarer's guesses on the worst-guess line (candidates that
    differ on the real layout: their counts, their real values, the card made for him), and
    for each blunder left out of the candidates."""
    for dec in decisions:
        if not dec.guess:
            continue
        if dec.best_in is not None:
            counts = ", ".join(f"{c.pretty()} best in {dec.best_in[c]}" for c in dec.candidates)
            counts_ru = ", ".join(f"{c.russian()} лучший в {dec.best_in[c]}" for c in dec.candidates)
        else:
            counts = ", ".join(c.pretty() for c in dec.candidates)
            counts_ru = ", ".join(c.russian() for c in dec.candidates)
        vals = ", ".join(f"{c.pretty()} {dec.real_values[c]}" for c in dec.candidates)
        vals_ru = ", ".join(f"{c.russian()} {dec.real_values[c]}" for c in dec.candidates)
        r.note(f"Trick {dec.trick}: a guess among {counts} (of {dec.layouts.total} layouts); on the real layout "
               f"{vals}; {dec.played.pretty()} is played for him.",
               f"Взятка {dec.trick}: угадывание: {counts_ru} (из {dec.layouts.total}); на реальном раскладе "
               f"{vals_ru}; за играющего ходят {dec.played.russian()}.")
        if dec.dominated:
            r.note(f"Trick {dec.trick}: not a guess but a blunder: " + ", ".join(
                       f"{c.pretty()} (never better than {b.pretty()}, worse in some layout)"
                       for c, b in dec.dominated.items()) + ".",
                   f"Взятка {dec.trick}: не угадывание, а ошибка: " + ", ".join(
                       f"{c.russian()} (никогда не лучше {b.russian()}, при каком-то раскладе хуже)"
                       for c, b in dec.dominated.items()) + ".")
