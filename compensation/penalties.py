"""Penalty entries of the penalty code, in gora, per convention and current contract.

Every penalty is written to the offender's gora only: no consolation and no whists
(seed 001's note: "записывает «без одной», но висты на него не пишут"). Its effect on the
other players follows from the settlement formula (each of them gains).

Amounts (Sochi / Leningrad):

* ``GAME`` "без одной в гору на игре": one undertrick of the current contract,
  undertrick_gora(L) = p (L: 2p); on misère misere_undertrick_price (10 / 20).
* ``WHIST`` "без одной в гору на висте": one trick short on whist, shortfall_gora(L) =
  p (L: half of 2p = p); on misère misere_undertrick_price x responsibility
  (10 / 10).
  Choice: rule 1.1.1 says "on misère and on a ten: 10". With Sochi prices both
  penalties give exactly 10 there (p(10) = 10, misère 10), so the rule's figure is read
  as the Sochi value of the formula, not a separate constant; under Leningrad the game
  penalty on a ten or misère is 20 (doubled like every undertrick) and the whist
  penalty 10.
* "без двух" = ``count=2`` (twice the amount); rule 4.4's doubling likewise.
* ``TRICKS`` "k tricks to gora" on raspasovka: k x r, r = the progression step of the
  current raspasovka (``raspasovka_round``).
* ``NAMING`` seed 002's penalties (rules 1.1, 2.3, 2.4, 3.1, 3.2, 4): the source gives
  no amounts, so they come from the convention's options ``penalty_002_*``; asking for
  one that is not set is an error.
"""
from __future__ import annotations

from fractions import Fraction

from .conventions import Convention
from .errors import ScoringError
from .outcome import Contract, parse_contract
from .sheet import Entries

GAME, WHIST, TRICKS, NAMING = "game", "whist", "tricks", "naming"
KIND_WORDS = {
    "game": GAME, "na_igre": GAME, "на игре": GAME, "без одной в гору на игре": GAME,
    "whist": WHIST, "na_viste": WHIST, "на висте": WHIST, "без одной в гору на висте": WHIST,
    "tricks": TRICKS, "raspasovka": TRICKS,
    "naming": NAMING,
}
NAMING_RULES = ("1.1", "2.3", "2.4", "3.1", "3.2", "4")


def _count(count) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ScoringError.of("count_positive", "count", got=count)
    return count


def game_penalty(contract, convention: Convention, count: int = 1) -> Fraction:
    """Gora for "без одной в гору на игре" (count=2: "без двух")."""
    c = parse_contract(contract)
    if c.is_raspasovka:
        raise ScoringError.of("raspasovka_price", "contract")
    one = (convention.misere_undertrick_price if c.level is None  # misère (parse_contract: games have levels)
           else convention.undertrick_gora(c.level))
    return _count(count) * one


def whist_penalty(contract, convention: Convention, count: int = 1) -> Fraction:
    """Gora for "без одной в гору на висте" (count=2: "без двух")."""
    c = parse_contract(contract)
    if c.is_raspasovka:
        raise ScoringError.of("rasp_no_price", "contract")
    one = (convention.misere_undertrick_price * convention.responsibility_factor
           if c.level is None else convention.shortfall_gora(c.level))
    return _count(count) * one


def tricks_penalty(tricks: int, convention: Convention, raspasovka_round: int = 1) -> Fraction:
    """Gora for "k tricks to gora" on a raspasovka: k x r."""
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 1 <= tricks <= 10:
        raise ScoringError.of("tricks_1_10", "tricks", got=tricks)
    return tricks * convention.raspasovka_step(raspasovka_round)


def naming_penalty(rule: str, convention: Convention) -> Fraction:
    """Gora for a seed-002 rule; the amount is the table's setting penalty_002_<rule>."""
    if rule not in NAMING_RULES:
        raise ScoringError.of("naming_rule", "rule", rule=rule, known=", ".join(NAMING_RULES))
    option = "penalty_002_" + rule.replace(".", "_")
    amount = getattr(convention, option)
    if amount is None:
        raise ScoringError.of("seed_002_amount", option, rule=rule, option=option)
    return amount


def penalty_entries(offender: int, amount, convention: Convention) -> Entries:
    """Entries writing ``amount`` to the offender's gora, nothing else."""
    return Entries.zero(convention.players).add_gora(offender, amount)


def penalty(kind: str, offender: int, convention: Convention, contract: Contract | str | None = None,
            count: int = 1, tricks: int | None = None, raspasovka_round: int = 1,
            rule: str | None = None) -> Entries:
    """One penalty as entries.

    kind: "game" | "whist" (need ``contract``; ``count`` 2 = "без двух"),
          "tricks" (needs ``tricks``; raspasovka step from ``raspasovka_round``),
          "naming" (needs ``rule``, e.g. "2.3").
    """
    k = KIND_WORDS.get(str(kind).strip().lower())
    if k is None:
        raise ScoringError.of("penalty_kind", "kind", got=kind)
    if isinstance(offender, bool) or not isinstance(offender, int) \
            or not 0 <= offender < convention.players:
        raise ScoringError.of("offender_seat", "offender", top=convention.players - 1, got=offender)
    if k in (GAME, WHIST):
        if contract is None:
            raise ScoringError.of("penalty_needs_contract", "contract", kind=k)
        fn = game_penalty if k == GAME else whist_penalty
        amount = fn(contract, convention, count)
    elif k == TRICKS:
        if tricks is None:
            raise ScoringError.of("penalty_needs_tricks", "tricks")
        amount = _count(count) * tricks_penalty(tricks, convention, raspasovka_round)
    else:
        if rule is None:
            raise ScoringError.of("penalty_needs_rule", "rule")
        amount = _count(count) * naming_penalty(str(rule), convention)
    return penalty_entries(offender, amount, convention)
