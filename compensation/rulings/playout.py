"""The play-out machinery every engine-backed rule shares, below the rule modules (which
import it; it imports none of them).

Results played out double dummy (:class:`Played`, :func:`play_out`), the deal's entries
for a result, "correct play" at a fault, the victims' compensation (:func:`compensate`),
the chooser's options each solved (:func:`evaluate`) and the fixed penalty entries
(:func:`write_penalty`). Damage to a victim V = W_V(one result) − W_V(the other), W the
settlement balance in whists (scoring.md); never negative; written as whists by V on the
offender(s), split between two who decided jointly. "Correct play" = the seat that had to
move plays its side's best admissible card (options: ``resolve=against_offender`` takes the
admissible card best for the victim; ``compare=actual`` compares with the recorded result
instead of double dummy after the fault). Among the defence's equally good lines the trick
split is resolved per the convention's ``counterfactual_split`` (for the victim by
default): each defender's favoured split is played out and ``settlement.resolve_split``
picks.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from solver.cards import Card
from solver.constraints import NO_CONSTRAINTS
from solver.position import Position

from ..incident import IncidentError
from ..outcome import Outcome, score
from ..penalties import penalty
from ..settlement import balance, resolve_split
from ..sheet import Entries
from .ruling import Figure, Option, Ruling, Text, text
from .wording import count, setting


# ------------------------------------------------------------------ scoring a result
def score_tricks(ctx, tricks, contract=None) -> Entries:
    """The entries a deal with these final tricks writes (the incident's decisions)."""
    inc = ctx.incident
    return score(Outcome(contract or inc.contract, inc.declarer, inc.decisions, tuple(tricks)), ctx.convention)


def need_play(ctx) -> None:
    inc = ctx.incident
    if inc.kind == "game" and not inc.whisters:
        raise IncidentError.of("no_whist_no_play", "decisions")


@dataclass
class Played:
    """A result played out from a position: final tricks, the line, the entries."""

    tricks: tuple
    line: list
    entries: Entries
    declarer_tricks: int

    def figure(self, label: Text, ctx=None, seat=None, source="double dummy") -> Figure:
        bal = None
        if ctx is not None and seat is not None:
            bal = balance(seat, self.entries, ctx.convention, ctx.convention.pulya_in_damage)
        return Figure(label, self.tricks, self.declarer_tricks, list(self.line), bal, seat, source)


def _replay_tricks(pos: Position, line) -> tuple:
    p = pos.copy()
    for c in line:
        p.play(c)
    return tuple(p.taken)


def play_out(ctx, pos: Position, cons=NO_CONSTRAINTS, *, victim: int | None = None,
             worst_for: int | None = None, contract=None) -> Played:
    """Double dummy from ``pos`` to the end (under ``cons``), the defence's split resolved
    for ``victim`` (per the convention) or against ``worst_for``."""
    inc = ctx.incident
    e = ctx.engine
    cons = cons or NO_CONSTRAINTS
    two = inc.kind == "game" and len(inc.whisters) == 2 and not pos.is_misere
    if not two or (victim is None and worst_for is None) or pos.is_over():
        a = e.analyse(pos, cons, line=True)
        tricks = _replay_tricks(pos, a.line)
        return Played(tricks, a.line, score_tricks(ctx, tricks, contract), tricks[pos.declarer])
    cands = []
    for f in inc.defenders:
        a = e.analyse(pos, cons, line=True, favour=f)
        tricks = _replay_tricks(pos, a.line)
        cands.append(Played(tricks, a.line, score_tricks(ctx, tricks, contract), tricks[pos.declarer]))
    if worst_for is not None:
        vals = [balance(worst_for, c.entries, ctx.convention) for c in cands]
        return cands[vals.index(min(vals))]
    assert victim is not None  # with neither given the search above has returned
    chosen = resolve_split(victim, [c.entries for c in cands], ctx.convention)
    return next(c for c in cands if c.entries is chosen)


def actual(ctx) -> Played:
    inc = ctx.incident
    if inc.result is None:
        raise IncidentError.of("rule_needs_result", "result.tricks", rule=ctx.spec.number)
    return Played(inc.result, [], score_tricks(ctx, inc.result), inc.result[inc.declarer])


def bal(ctx, seat: int, played: Played) -> Fraction:
    return balance(seat, played.entries, ctx.convention, ctx.convention.pulya_in_damage)


def deal_result(ctx, r: Ruling, why: Text | None = None) -> bool:
    """Write the deal's actual result (if known); say so in the notes if not."""
    inc = ctx.incident
    if inc.result is None:
        r.note("The deal's own result is not given (result.tricks): only what the violation adds is listed; "
               "score the deal as usual.",
               "Реальный результат сдачи не указан (result.tricks): перечислено только то, что добавляет нарушение; "
               "сдача записывается как обычно.")
        return False
    r.write_entries(score_tricks(ctx, inc.result),
                    why or text(f"the deal's result {'-'.join(map(str, inc.result))}",
                                f"результат сдачи {'-'.join(map(str, inc.result))}"))
    return True


# ------------------------------------------------------------------ moves
def side_is_declarer(pos: Position) -> bool:
    return pos.to_move == pos.declarer


def side_best(values: dict, pos: Position) -> list:
    """The cards best for the side to move, from ``card_values`` (declarer's tricks)."""
    decl = side_is_declarer(pos)
    want_max = decl != pos.is_misere
    best = max(values.values()) if want_max else min(values.values())
    return [c for c, v in values.items() if v == best]


def child(pos: Position, card: Card) -> Position:
    p = pos.copy()
    p.play(card)
    return p


def correct_play(ctx, pos: Position, alternatives, victim: int, cons=NO_CONSTRAINTS):
    """(card, Played): the correct move at ``pos`` among ``alternatives`` and its result."""
    inc = ctx.incident
    alts = list(alternatives)
    if not alts:
        raise IncidentError.of("no_alternative", "violation.move")
    if inc.option("resolve") == "side_best":
        vals = ctx.engine.analyse(pos, cons, all_cards=True).card_values
        vals = {c: v for c, v in vals.items() if c in alts}
        if not vals:
            raise IncidentError.of("no_alternative_playable", "violation.move")
        alts = side_best(vals, pos)
    best = None
    for c in alts:
        p = child(pos, c)
        pl = play_out(ctx, p, victim=victim)
        pl = Played(pl.tricks, [c] + list(pl.line), pl.entries, pl.declarer_tricks)
        v = bal(ctx, victim, pl)
        if best is None or _better(ctx, v, best[0]):
            best = (v, c, pl)
    assert best is not None  # alts is not empty (checked above)
    return best[1], best[2]


def _better(ctx, v, w) -> bool:
    return v > w if ctx.convention.counterfactual_split == "for_victim" else v < w


def faulty_result(ctx, after: Position, faulty_line_head, victim: int, cons=NO_CONSTRAINTS) -> tuple:
    """The result to compare: double dummy after the fault (under ``cons``, a remedy the
    declarer took), or the actual one."""
    if ctx.incident.option("compare") == "actual":
        return actual(ctx), "actual"
    pl = play_out(ctx, after, cons, victim=victim)
    return Played(pl.tricks, list(faulty_line_head) + list(pl.line), pl.entries, pl.declarer_tricks), "double dummy"


def offenders_of(ctx) -> tuple:
    v = ctx.incident.violation
    if v.get("agreed"):
        return ctx.incident.defenders
    return v.offenders or (v.offender,)


def victims_of(ctx, first: int | None = None) -> list:
    """Who may be paid for the damage where the rule says «пострадавшие» or «на него пишут»
    (``rulings.md``, "who the victims are"): every player at the table but the offenders —
    with four, the dealer too: he writes consolation on a failed contract and shares the
    settlement — each paid his own balance difference where the fault left him worse off
    (:func:`compensate` pays only those). Where the rule names who writes («играющий пишет»)
    the rule passes that player alone instead. ``first``: the player the rule has chiefly in
    mind (whose split of the defence's tricks a play-out resolves) comes first."""
    offs = set(offenders_of(ctx))
    seats = [s for s in range(ctx.convention.players) if s not in offs]
    if first is not None and first in seats:
        seats.remove(first)
        seats.insert(0, first)
    return seats


def compensate(ctx, r: Ruling, victims, correct: Played, compared: Played, source: str,
               condition: bool = True, condition_note: Text | None = None, labels=None) -> Fraction:
    """Write each victim's damage (if positive and ``condition``) on the offenders.
    ``labels``: (en, ru) pairs naming the two results, default correct play / after the fault.
    The first victim's figures and "no damage" are always shown; another's (the rest of
    :func:`victims_of`) only where he is paid."""
    (ce, cr), (fe, fr) = labels or (("correct play", "правильная игра"), ("after the fault", "после нарушения"))
    offenders = [o for o in offenders_of(ctx)]
    total = Fraction(0)
    for i, v in enumerate(victims):
        offs = [o for o in offenders if o != v]
        wc, wf = bal(ctx, v, correct), bal(ctx, v, compared)
        d = wc - wf
        if i > 0 and not (condition and d > 0):
            continue
        r.figures.append(correct.figure(text(f"{ce} (for seat {v})", f"{cr} (для места {v})"), ctx, v))
        r.figures.append(compared.figure(text(f"{fe} (for seat {v})", f"{fr} (для места {v})"), ctx, v, source))
        if not condition:
            if condition_note:
                r.notes.append(condition_note)
            continue
        if d <= 0:
            r.note(f"No damage to seat {v}: a balance of {count(wc, 'whist', 'en')} with correct play against "
                   f"{count(wf, 'whist', 'en')} after the fault.",
                   f"Ущерба месту {v} нет: баланс {count(wc, 'whist')} при правильной игре против "
                   f"{count(wf, 'whist')} после нарушения.")
            continue
        r.write_split(v, d, offs,
                      text(f"compensation: possible damage {count(d, 'whist', 'en')}"
                           + (f", split between seat {offs[0]} and seat {offs[1]}" if len(offs) > 1 else ""),
                           f"компенсация: возможный ущерб {count(d, 'whist')}"
                           + (f", поровну: на место {offs[0]} и на место {offs[1]}" if len(offs) > 1 else "")))
        total += d
    return total


def made(ctx, declarer_tricks: int) -> bool:
    inc = ctx.incident
    if inc.kind == "misere":
        return declarer_tricks == 0
    return declarer_tricks >= inc.level


def describe_options(r: Ruling, ctx) -> None:
    inc = ctx.incident
    r.note(f"{setting('resolve', inc.option('resolve'), 'en')}; {setting('compare', inc.option('compare'), 'en')}.",
           f"{setting('resolve', inc.option('resolve'))}; {setting('compare', inc.option('compare'))}.")


def move_position(ctx) -> Position:
    """The position just before the faulty move ``violation.move``."""
    inc = ctx.incident
    m = inc.violation.move
    if m >= len(inc.history):
        raise IncidentError.of("faulty_move_range", "violation.move", n=len(inc.history), top=len(inc.history) - 1)
    pos = inc.position_at(m)
    seat = inc.seat_of(m)
    if seat != inc.violation.offender:
        raise IncidentError.of("not_offenders_card", "violation.offender", move=m, card=str(inc.history[m]), seat=seat,
                                offender=inc.violation.offender)
    return pos


# ------------------------------------------------------------------ a lead out of turn left standing
def stood_unpunished(ctx, r: Ruling) -> bool:
    """A lead out of turn left standing: the remedy not used is named (:func:`unused_remedy`);
    True when the setting uncorrected=unpunished lets it stand unpunished, the deal's result
    then written and the ruling complete."""
    unused_remedy(ctx, r)
    if ctx.incident.option("uncorrected") != "unpunished":
        return False
    deal_result(ctx, r)
    return True


def unused_remedy(ctx, r: Ruling) -> None:
    """A lead out of turn left standing: name the remedy the declarer did not use and its
    value, and say which reading of "stands unpunished" (1.3) the ruling follows."""
    inc = ctx.incident
    stand = r.options[0] if r.options else None
    best = next((o for o in r.options if o.best), None)
    if (best is not None and stand is not None and best is not stand and best.value is not None
            and stand.value is not None):
        r.note(f"The declarer let the lead stand (a balance of {count(stand.value, 'whist', 'en')} for him, "
               f"{count(stand.declarer_tricks, 'trick', 'en')}); his best remedy was: {best.label.en} (a balance of "
               f"{count(best.value, 'whist', 'en')}, {count(best.declarer_tricks, 'trick', 'en')}).",
               f"Играющий оставил ход (его баланс {count(stand.value, 'whist')}, у него {count(stand.declarer_tricks, 'trick')}); "
               f"лучшим исправлением было: {best.label.ru} (баланс {count(best.value, 'whist')}, "
               f"{count(best.declarer_tricks, 'trick')}).")
    elif stand is not None:
        r.note("Letting the lead stand was as good for the declarer as any remedy.",
               "Оставить ход было для играющего не хуже любого исправления.")
    if inc.option("uncorrected") == "unpunished":
        r.note("Setting uncorrected=unpunished: a lead out of turn that stood is not punished (1.3: «после ошибка не "
               "исправляется и не наказывается»): no compensation.",
               "По выбранной настройке неисправленный ход вне очереди не наказывается (1.3: «после ошибка не "
               "исправляется и не наказывается»): компенсации нет.")
    else:
        r.note("A lead out of turn that stood: no fixed penalty, but the damage rule still applies (default "
               "uncorrected=compensate; uncorrected=unpunished gives no compensation).",
               "Неисправленный ход вне очереди: штрафа нет, но возможный ущерб возмещается (так по умолчанию; "
               "другая настройка — не наказывать вовсе).")


# ------------------------------------------------------------------ options and penalties
SUIT_EN = {0: "spades ♠", 1: "clubs ♣", 2: "diamonds ♦", 3: "hearts ♥"}
SUIT_RU = {0: "пики", 1: "трефы", 2: "бубны", 3: "червы"}


def evaluate(ctx, r: Ruling, options, chooser: int):
    """options: [(key, Text, Position, Constraints)] -> (best key, {key: Played}); adds r.options."""
    results = {}
    best = None
    for key, label, pos, cons in options:
        pl = play_out(ctx, pos, cons, victim=chooser)
        v = bal(ctx, chooser, pl)
        results[key] = pl
        opt = Option(label, pl.declarer_tricks, v, figure=pl.figure(label, ctx, chooser))
        r.options.append(opt)
        if best is None or v > best[0]:
            best = (v, key, opt)
    if best is None:
        raise ValueError("evaluate: no options to choose among")
    best[2].best = True
    return best[1], results



def choice_note(r: Ruling, chosen: Text | None = None, field: str | None = None, recorded: bool = False) -> None:
    """The note every REMEDY rule writes after :func:`evaluate`: what the declarer chose —
    ``chosen``, as recorded in ``field`` or, with none recorded, the option the ruling takes
    — and, separately, the option best for him with its value (his balance in whists).
    With no ``field`` (the rule records no choice) only the best is named."""
    best = next(o for o in r.options if o.best)
    en = ru = ""
    if field is not None and chosen is not None:
        if recorded:
            en, ru = (f"The declarer's choice ({field}): «{chosen.en}». ",
                      f"Выбор играющего ({field}): «{chosen.ru}». ")
        else:
            en, ru = (f"No choice of the declarer recorded ({field}); the ruling takes «{chosen.en}». ",
                      f"Выбор играющего не указан ({field}); берётся «{chosen.ru}». ")
    r.note(en + f"Best for the declarer: «{best.label.en}», a balance of {count(best.value, 'whist', 'en')} "
                f"for him ({count(best.declarer_tricks, 'trick', 'en')}).",
           ru + f"Лучший для играющего вариант: «{best.label.ru}», его баланс {count(best.value, 'whist')} "
                f"({count(best.declarer_tricks, 'trick')}).")

GAME_WHY = ("без одной в гору на игре", "one undertrick of the contract to gora (без одной на игре)")
WHIST_WHY = ("без одной в гору на висте", "one trick short on whist to gora (без одной на висте)")


def write_penalty(ctx, r: Ruling, kind: str, seat: int, count: int = 1, rule_no: str | None = None) -> None:
    inc = ctx.incident
    e = penalty(kind, seat, ctx.convention, contract=inc.contract, count=count)
    ru, en = GAME_WHY if kind == "game" else WHIST_WHY
    if count == 2:
        ru, en = ru.replace("без одной", "без двух"), en.replace("one undertrick", "two undertricks").replace(
            "one trick short", "two tricks short").replace("без одной", "без двух")
    elif count > 2:
        ru, en = f"{ru} ×{count}", f"{en} ×{count}"
    n = rule_no or r.rule
    r.write_entries(e, text(f"penalty (rule {n}): {en}", f"штраф (правило {n}): {ru}"))
