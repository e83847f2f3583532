"""Rule 3 (PLAN): a disagreement on the plan of play.

Each stated plan is played out from the moment of the disagreement: the plan's cards for
the defence in order (``solver.Plan``; if a card cannot be played in some line the plan
ends there), best replies by the declarer, then double dummy to the end. A player whose
plan was better than the one played writes the difference — in his own balance, whists
— on the player(s) whose plan was played, split equally; a player who stated no plan gets
nothing; the deal itself is written with its real result.
"""
from __future__ import annotations

from solver.constraints import Constraints, Plan
from solver.seat import parse_seat

from ..incident import IncidentError, _cards
from .playout import bal, deal_result, need_play, play_out
from .registry import rule
from .ruling import Option, Ruling, text
from .wording import count


def _plans(ctx, pos):
    """The plans stated and the one played. Their shape (a list of two or more objects, the
    fields' types) is the schema's; here what it cannot say: the plans are there at all, who
    stated each, and that the cards were in a defender's hand."""
    inc = ctx.incident
    raw = inc.violation.get("plans")
    if raw is None:
        raise IncidentError.of("plans_missing", "violation.plans")
    plans = []
    held = pos.hands[inc.defenders[0]] | pos.hands[inc.defenders[1]]
    for i, p in enumerate(raw):
        path = f"violation.plans[{i}]"
        if "seats" in p and "seat" in p:
            raise IncidentError.of("seats_or_seat", f"{path}.seat")
        seats = p["seats"] if "seats" in p else [p["seat"]] if "seat" in p else None
        if seats is None:
            raise IncidentError.of("plan_who", f"{path}.seats")
        seats = [parse_seat(s, f"{path}.seats[{j}]", error=IncidentError) for j, s in enumerate(seats)]
        for s in seats:
            if s == inc.declarer:
                raise IncidentError.of("plan_declarer", f"{path}.seats", seat=s)
        cards = _cards(p.get("cards"), f"{path}.cards")
        if not cards:
            raise IncidentError.of("plan_one_card", f"{path}.cards")
        for j, c in enumerate(cards):
            if not held & c.mask:
                raise IncidentError.of("plan_card_not_held", f"{path}.cards[{j}]", card=str(c))
        plans.append((seats, cards))
    stated = [s for seats, _ in plans for s in seats]
    if len(set(stated)) != len(stated):
        raise IncidentError.of("plan_twice", "violation.plans")
    played = inc.violation.get("played", 0)
    if played >= len(plans):
        raise IncidentError.of("plan_index", "violation.played", top=len(plans) - 1)
    return plans, played


@rule("3", title_ru="Разногласия в плане розыгрыша", title_en="Disagreement on the plan of play", pattern="PLAN",
      text_ru="При разногласиях все сообщают свои планы розыгрыша. Розыгрыш идёт по плану большинства. При двух или "
              "трёх разных планах - план определяется жребием. Тот игрок, чей план был лучше, записывает разницу между "
              "результатами розыгрышей на оппонента(-ов) вистами. Игрок не высказавший своё мнение компенсацию не "
              "получает. Играющий делает запись за реальный результат.",
      text_en="On a disagreement everyone states his plan; the majority plan is played, with two or three different "
              "plans it is drawn by lot. The player whose plan was better writes the difference between the results "
              "in whists on his opponent(s); one who stated no plan gets nothing; the declarer records the real result.",
      contracts=("game", "misere"), offender="none")
def plan_dispute(ctx) -> Ruling:
    r = ctx.ruling()
    inc = ctx.incident
    need_play(ctx)
    pos = inc.position_at(inc.moment_of_fault())
    plans, played = _plans(ctx, pos)
    cache = {}

    def result(i, seat):
        if (i, seat) not in cache:
            cons = Constraints(plan=Plan("defence", tuple(plans[i][1])))
            cache[(i, seat)] = play_out(ctx, pos, cons, victim=seat)
        return cache[(i, seat)]

    # plans are numbered for the players from 1 (the incident's ``played`` is the list's index)
    for i, (seats, cards) in enumerate(plans):
        pl = result(i, seats[0])
        label = text(f"plan {i + 1} ({' and '.join(f'seat {s}' for s in seats)}): {' '.join(map(str, cards))}"
                     + (" (played)" if i == played else ""),
                     f"план {i + 1} ({' и '.join(f'место {s}' for s in seats)}): {' '.join(c.russian() for c in cards)}"
                     + (" (разыгран)" if i == played else ""))
        r.options.append(Option(label, pl.declarer_tricks, bal(ctx, seats[0], pl), best=False,
                                figure=pl.figure(label, ctx, seats[0]), value_of=seats[0]))
    opponents = plans[played][0]
    for i, (seats, _) in enumerate(plans):
        if i == played:
            continue
        for s in seats:
            mine, theirs = result(i, s), result(played, s)
            d = bal(ctx, s, mine) - bal(ctx, s, theirs)
            r.figures.append(mine.figure(text(f"plan {i + 1} for seat {s}", f"план {i + 1} для места {s}"), ctx, s))
            r.figures.append(theirs.figure(text(f"plan {played + 1} (played) for seat {s}",
                                                f"план {played + 1} (разыгран) для места {s}"), ctx, s))
            if d <= 0:
                r.note(f"Seat {s}'s plan was not better than the one played: nothing for him.",
                       f"План места {s} не лучше разыгранного: ему ничего.")
                continue
            r.write_split(s, d, opponents, text(f"rule 3: seat {s}'s plan was better by {count(d, 'whist', 'en')}",
                                                f"правило 3: план места {s} лучше на {count(d, 'whist')}"))
    # the defence's best plan: fewest tricks for the declarer, most on misère (the catchers)
    sign = 1 if inc.kind == "misere" else -1
    best_i = max(range(len(plans)), key=lambda i: sign * r.options[i].declarer_tricks)
    r.options[best_i].best = True
    deal_result(ctx, r)
    return r
