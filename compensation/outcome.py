"""A deal's outcome -> the entries it writes (pulya, gora, whists), per a Convention.

Seats: 0, 1, 2 play (in play order); with four at the table seat 3 is the dealer, who
takes no tricks but writes consolation and scores. The defenders of declarer d speak
in the order (d+1)%3, then (d+2)%3.

Rules applied (the numbers are the convention's; Sochi figures in brackets):

* Made (t >= L): P_decl += p. Tricks above L are not scored.
* Down by u = L - t: G_decl += u x undertrick_gora [p]; consolation: every other
  player at the table (both defenders, and the dealer with four) writes
  u x consolation [p] whists on the declarer.
* Whists for tricks: two whisters each write whist_price [p] x own tricks; one
  whister writes whist_price x all defence tricks ("greedy"), the passer consolation
  only. "Gentleman" whisting: when the declarer goes down, the lone whister's whists
  for tricks are shared equally with the passer (the passer's share is written by
  the passer). When the contract is made the whister keeps them all.
* Defence short of Q(L) by s tricks (gora rate: shortfall_gora [p], half of
  undertrick_gora under half responsibility):
    - one whister: he writes s x rate (the passer never answers);
    - two whisters, shared obligation (6 and 7): each answers for Q/2; a whister below
      his half is charged for his missing tricks less the other's surplus over his
      half. The charges add up to s exactly;
    - two whisters, unshared (8-10): the one who whisted second writes s x rate.
  Choice (the Kodeks rule as scoring.md states it): "who whisted second" defaults to
  the second to speak, (d+2)%3; give ``second_whister`` when the auction went
  otherwise (e.g. a first-hand pass later turned into a whist).
* Half-whist (levels in half_whist_levels [6, 7]; one defender half-whists, the other
  passes; no play): P_decl += p; the half-whister writes whist_price x Q/2.
* Both pass: P_decl += p, no play.
* Misère (no whist allowed): made (0 tricks) -> P_decl += misere_price [10]; failed
  with t tricks -> G_decl += t x misere_undertrick_price [10]. No whists, no
  consolation (scoring.md: "No whists").
* Raspasovka, r = the convention's step for the round-th raspasovka in a row:
    - gora scoring: G_i += r x (t_i - m), m = min tricks with amnesty, else 0;
      a player with no trick gets P_i += r if raspasovka_zero_trick_pulya;
    - whists scoring (Rostov): the player(s) with fewest tricks m write
      raspasovka_whist_price x r x (t_j, or t_j - m with whists_above_min) on each
      other player j; tied writers share it ("split", the default) or each write it
      in full ("both"). The tied writers write nothing on each other.
  The dealer (seat 3) takes no part in a raspasovka.

No-play deals (both pass, half-whist) must not carry ``tricks``; played deals must give
all three players' tricks, summing to 10.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from solver.contract import Contract as _Contract
from solver.errors import PrefError
from solver.seat import parse_seat

from .conventions import SOCHI, Convention
from .errors import ScoringError
from .sheet import Entries

WHIST, PASS, HALF = "whist", "pass", "half-whist"
DECISION_WORDS = {
    "whist": WHIST, "w": WHIST, "вист": WHIST,
    "pass": PASS, "p": PASS, "пас": PASS,
    "half-whist": HALF, "half": HALF, "halfwhist": HALF, "half_whist": HALF,
    "полвиста": HALF, "пол-виста": HALF,
}
MISERE, RASPASOVKA = "misere", "raspasovka"

# One Contract for the whole package (solver.contract); kept importable from here.
Contract = _Contract


def parse_contract(text: object) -> Contract:
    """"6s", "7NT", "10♥", "misere", "raspasovka" (also Russian words) -> Contract.

    Scoring needs the level of a game, so a bare strain (``"s"``, which the solver
    accepts) is an error here; every error is a ScoringError on ``contract``."""
    try:
        contract = _Contract.parse(text)
    except PrefError as e:
        raise e.again(ScoringError, "contract") from None
    if contract.is_game and contract.level is None:
        raise ScoringError.of("game_level", "contract", text=text)
    return contract


@dataclass(frozen=True)
class Outcome:
    """One deal's result, as scoring needs it.

    contract        a Contract (or its text)
    declarer        seat 0..2; None on raspasovka
    decisions       defender seat -> "whist" | "pass" | "half-whist" (games only;
                    on misère only "pass" is allowed, and the field may be omitted)
    tricks          tricks of seats 0, 1, 2 (sum 10); None when there was no play
    second_whister  for an unshared obligation with two whisters (default (d+2)%3)
    raspasovka_round  1 for the first raspasovka in a row, 2 for the next, ...
    """

    contract: Contract | str
    declarer: int | None = None
    decisions: Mapping[int, str] = field(default_factory=dict)
    tricks: tuple | None = None
    second_whister: int | None = None
    raspasovka_round: int = 1


def _tricks(tricks) -> tuple[int, int, int]:
    if tricks is None:
        raise ScoringError.of("tricks_required", "tricks")
    if not isinstance(tricks, (list, tuple)) or len(tricks) != 3:
        raise ScoringError.of("tricks_three", "tricks", got=tricks)
    for t in tricks:
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t <= 10:
            raise ScoringError.of("tricks_count", "tricks", got=t)
    if sum(tricks) != 10:
        raise ScoringError.of("tricks_sum", "tricks", total=sum(tricks), tricks=list(tricks))
    return (tricks[0], tricks[1], tricks[2])


def _decisions(decisions: Mapping, declarer: int) -> dict[int, str]:
    defenders = ((declarer + 1) % 3, (declarer + 2) % 3)
    if not isinstance(decisions, Mapping):
        raise ScoringError.of("decisions_map", "decisions")
    out: dict[int, str] = {}
    for key, word in decisions.items():
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise ScoringError.of("key_not_seat", "decisions", key=key) from None
        if seat not in defenders:
            raise ScoringError.of("not_a_defender", "decisions", seat=seat, declarer=declarer, a=defenders[0],
                                  b=defenders[1])
        w = DECISION_WORDS.get(str(word).strip().lower())
        if w is None:
            raise ScoringError.of("seat_decision", "decisions", seat=seat, word=word)
        out[seat] = w
    return out


def score(outcome: Outcome, convention: Convention = SOCHI) -> Entries:
    """The entries ``outcome`` writes under ``convention``; ScoringError if invalid."""
    contract = parse_contract(outcome.contract)
    # checked on every contract, not only where it is used: a wrong value is a wrong record
    convention.raspasovka_step(outcome.raspasovka_round)
    if contract.is_raspasovka:
        if outcome.declarer is not None:
            raise ScoringError.of("no_declarer", "declarer")
        if outcome.decisions:
            raise ScoringError.of("no_decisions", "decisions")
        if outcome.second_whister is not None:
            raise ScoringError.of("no_whisters", "second_whister")
        return score_raspasovka(outcome.tricks, outcome.raspasovka_round, convention)
    declarer = parse_seat(outcome.declarer, "declarer", error=ScoringError)
    decisions = _decisions(outcome.decisions or {}, declarer)
    if contract.is_misere:
        bad = [s for s, d in decisions.items() if d != PASS]
        if bad:
            raise ScoringError.of("seat_no_whist_on_misere", "decisions", seat=bad[0])
        if outcome.second_whister is not None:
            raise ScoringError.of("no_whist_on_misere", "second_whister")
        return score_misere(declarer, outcome.tricks, convention)
    assert contract.level is not None  # parse_contract: a game has its level
    return score_game(contract.level, declarer, decisions, outcome.tricks, convention,
                      outcome.second_whister)


def score_game(level: int, declarer: int, decisions: Mapping[int, str], tricks,
               convention: Convention = SOCHI, second_whister: int | None = None) -> Entries:
    """A level-L contract: made or down, with every whisting situation."""
    conv = convention
    p = conv.price(level)
    d = parse_seat(declarer, "declarer", error=ScoringError)
    decisions = _decisions(decisions, d)
    defenders = ((d + 1) % 3, (d + 2) % 3)
    missing = [s for s in defenders if s not in decisions]
    if missing:
        raise ScoringError.of("decision_missing", "decisions", seat=missing[0])
    e = Entries.zero(conv.players)
    whisters = [s for s in defenders if decisions[s] == WHIST]
    halves = [s for s in defenders if decisions[s] == HALF]
    check_second_whister(second_whister, whisters)  # before any return: never silently ignored

    if halves:
        if level not in conv.half_whist_levels:
            raise ScoringError.of("half_whist_level", "decisions", level=level, allowed=list(conv.half_whist_levels))
        if len(halves) == 2 or whisters:
            raise ScoringError.of("half_whist_pass", "decisions")
        if tricks is not None:
            raise ScoringError.of("half_whist_tricks", "tricks")
        e = e.add_pulya(d, p)
        return e.add_whists(halves[0], d, conv.whist_price(level) * Fraction(conv.obligation(level), 2))

    if not whisters:
        if tricks is not None:
            raise ScoringError.of("both_passed_tricks", "tricks")
        return e.add_pulya(d, p)

    tricks = _tricks(tricks)
    t = tricks[d]
    defence = 10 - t
    down = level - t
    if down <= 0:
        e = e.add_pulya(d, p)
    else:
        e = e.add_gora(d, down * conv.undertrick_gora(level))
        for other in range(conv.players):
            if other != d:
                e = e.add_whists(other, d, down * conv.consolation(level))

    price = conv.whist_price(level)
    if len(whisters) == 2:
        for s in whisters:
            e = e.add_whists(s, d, price * tricks[s])
    else:
        whister = whisters[0]
        passer = defenders[0] if whister == defenders[1] else defenders[1]
        amount = price * defence
        if conv.whisting == "gentleman" and down > 0:
            e = e.add_whists(whister, d, amount / 2).add_whists(passer, d, amount / 2)
        else:
            e = e.add_whists(whister, d, amount)

    for seat, short in shortfall(level, d, whisters, tricks, conv, second_whister).items():
        e = e.add_gora(seat, short * conv.shortfall_gora(level))
    return e


def check_second_whister(second_whister: int | None, whisters) -> None:
    """``second_whister``, when given, must be one of two whisters (it says who answers for
    an unshared obligation, which only two whisters share)."""
    if second_whister is None:
        return
    parse_seat(second_whister, "second_whister", error=ScoringError)
    if second_whister not in whisters or len(whisters) != 2:
        raise ScoringError.of("second_whister", "second_whister", seat=second_whister, n=len(whisters),
                              whisters=list(whisters))


def shortfall(level: int, declarer: int, whisters, tricks, convention: Convention,
              second_whister: int | None = None) -> dict[int, int]:
    """Whister seat -> tricks he answers for, of the defence's shortfall below Q(L)."""
    q = convention.obligation(level)
    defence = 10 - tricks[declarer]
    short = q - defence
    check_second_whister(second_whister, whisters)
    if short <= 0:
        return {}
    if len(whisters) == 1:
        return {whisters[0]: short}
    share = convention.shared_obligation(level)
    if share:
        a, b = whisters
        out = {}
        for me, other in ((a, b), (b, a)):
            own_deficit = max(0, share - tricks[me])
            partner_surplus = max(0, tricks[other] - share)
            charged = max(0, own_deficit - partner_surplus)
            if charged:
                out[me] = charged
        return out
    second = second_whister if second_whister is not None else (declarer + 2) % 3
    return {second: short}


def score_misere(declarer: int, tricks, convention: Convention = SOCHI) -> Entries:
    """Misère: made with no trick, else gora per trick taken. No whists."""
    d = parse_seat(declarer, "declarer", error=ScoringError)
    t = _tricks(tricks)[d]
    e = Entries.zero(convention.players)
    if t == 0:
        return e.add_pulya(d, convention.misere_price)
    return e.add_gora(d, t * convention.misere_undertrick_price)


def score_raspasovka(tricks, raspasovka_round: int = 1,
                     convention: Convention = SOCHI) -> Entries:
    """Raspasovka: each player's tricks at the round's progression step."""
    conv = convention
    tricks = _tricks(tricks)
    r = conv.raspasovka_step(raspasovka_round)
    e = Entries.zero(conv.players)
    low = min(tricks)
    if conv.raspasovka_scoring == "gora":
        base = low if conv.raspasovka_amnesty else 0
        for i, t in enumerate(tricks):
            if t - base:
                e = e.add_gora(i, r * (t - base))
    else:
        writers = [i for i, t in enumerate(tricks) if t == low]
        for j, t in enumerate(tricks):
            if j in writers:
                continue
            counted = t - low if conv.raspasovka_whists_above_min else t
            amount = conv.raspasovka_whist_price * r * counted
            if conv.raspasovka_tie == "split":
                amount /= len(writers)
            for w in writers:
                e = e.add_whists(w, j, amount)
    if conv.raspasovka_zero_trick_pulya:
        for i, t in enumerate(tricks):
            if t == 0:
                e = e.add_pulya(i, r)
    return e
