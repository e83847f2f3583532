"""Scoring conventions as data: one frozen ``Convention`` per table's rules.

A convention is a flat set of named options; the scoring code reads them and never
branches on the convention's name. Start from a preset and override single options::

    convention("sochi")                          # the default, == SOCHI
    convention("leningrad", players=4)
    convention("sochi", whisting="gentleman", gora_divisor="N-1")

Unknown option names and bad values raise ``ScoringError`` naming the option.
``parse_option(name, text)`` turns a command-line string (``--set KEY=VALUE``) into
the option's value.

Options (Sochi default in brackets; Leningrad / Rostov differences after "L:" / "R:"):

Table
  players [3]                     3, or 4 with a dealer (seat 3) who sits out but scores.

Contracts (each tuple is indexed by level 6, 7, 8, 9, 10)
  prices [2,4,6,8,10]             p(L), the contract's price.
  whist_obligations [4,2,1,1,1]   Q(L), the tricks the defence must take.
  shared_obligations [2,1,0,0,0]  with two whisters, each answers for this many tricks
                                  (must be Q/2; 0 = not shared: the whister who whisted
                                  second answers for all of Q).
  half_whist_levels [6,7]         levels on which half-whist is allowed.
  undertrick_multiplier [1]       declarer's gora per undertrick = multiplier x p.  L: 2
  whist_multiplier [1]            whists per defence trick = multiplier x p.        L: 2
  consolation_multiplier [1]      consolation per undertrick = multiplier x p.      L: 2
  consolation_fixed [none]        if set, consolation per undertrick is this number
                                  instead (a Rostov variant: 10).
  responsibility [full]           full: a whister short writes undertrick_multiplier x p
                                  gora per missing trick; half: half of that.       L: half
  whisting [greedy]               greedy: a lone whister writes the whists for all
                                  defence tricks; gentleman: when the declarer goes
                                  down, those whists are shared equally with the
                                  passer.                                            L: gentleman
  misere_price [10]               pulya for a made misère.
  misere_undertrick_price [10]    gora per trick on a failed misère.               L: 20

Raspasovka
  raspasovka_progression [1,2,3]  price r of a trick for the 1st, 2nd, 3rd raspasovka
                                  in a row.                                          L: 2,4,6
  raspasovka_progression_end [extend]  past the list: extend (keep adding the last
                                  difference) or cap (stay at the last value).
  raspasovka_scoring [gora]       gora: each player G += r x tricks; whists: the player
                                  with fewest tricks writes whists on the others.    R: whists
  raspasovka_zero_trick_pulya [yes]  a player with no trick gets P += r.             R: no
  raspasovka_amnesty [no]         subtract the lowest trick count before scoring.
  raspasovka_whist_price [5]      (whists scoring) whists per trick, times r.
  raspasovka_whists_above_min [no]  (whists scoring) count only tricks above the minimum.
  raspasovka_tie [split]          (whists scoring) two players tied on fewest tricks
                                  share the amount they write on the third (split), or
                                  each writes it in full (both). Choice: split, because
                                  with "both" a player can gain by taking one more trick
                                  (1-1-8 costs the third 80, 0-1-9 costs him 45).
  raspasovka_talon [both]         talon cards setting the suit of tricks 1 and 2: both,
                                  first, none. Recorded for play; scoring ignores it.

Settlement and damage
  pulya_worth [10]                K, whists per pulya point at settlement.          L: 20
  gora_divisor [N]                N or N-1 (see settlement.py).
  pulya_in_damage [yes]           count the pulya term when measuring damage.
  counterfactual_split [for_victim]  in a counterfactual, which of the defence's equal
                                  trick splits is taken: for_victim or against_victim.

Penalties that seed 002 names without an amount (gora points; none = not set, and
asking for it is an error until a table sets it)
  penalty_002_1_1, penalty_002_2_3, penalty_002_2_4, penalty_002_3_1, penalty_002_3_2,
  penalty_002_4 [none]
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .errors import ScoringError
from .numbers import exact_number, json_number

LEVELS = (6, 7, 8, 9, 10)

_CHOICES: dict[str, tuple[str, ...]] = {
    "responsibility": ("full", "half"),
    "whisting": ("greedy", "gentleman"),
    "raspasovka_progression_end": ("extend", "cap"),
    "raspasovka_scoring": ("gora", "whists"),
    "raspasovka_tie": ("both", "split"),
    "raspasovka_talon": ("both", "first", "none"),
    "gora_divisor": ("N", "N-1"),
    "counterfactual_split": ("for_victim", "against_victim"),
}
_LEVEL_TUPLES = ("prices", "whist_obligations", "shared_obligations")
_POSITIVE = ("undertrick_multiplier", "whist_multiplier", "consolation_multiplier",
             "misere_price", "misere_undertrick_price", "raspasovka_whist_price",
             "pulya_worth")
_BOOLS = ("raspasovka_zero_trick_pulya", "raspasovka_amnesty",
          "raspasovka_whists_above_min", "pulya_in_damage")
_OPTIONAL_AMOUNTS = ("consolation_fixed", "penalty_002_1_1", "penalty_002_2_3",
                     "penalty_002_2_4", "penalty_002_3_1", "penalty_002_3_2",
                     "penalty_002_4")


def _number(name: str, value: Any) -> Fraction:
    return exact_number(value, name)


@dataclass(frozen=True)
class Convention:
    """A table's scoring rules; see the module docstring for every option."""

    name: str = "sochi"
    players: int = 3
    prices: tuple = (2, 4, 6, 8, 10)
    whist_obligations: tuple = (4, 2, 1, 1, 1)
    shared_obligations: tuple = (2, 1, 0, 0, 0)
    half_whist_levels: tuple = (6, 7)
    undertrick_multiplier: Fraction = Fraction(1)
    whist_multiplier: Fraction = Fraction(1)
    consolation_multiplier: Fraction = Fraction(1)
    consolation_fixed: Fraction | None = None
    responsibility: str = "full"
    whisting: str = "greedy"
    misere_price: Fraction = Fraction(10)
    misere_undertrick_price: Fraction = Fraction(10)
    raspasovka_progression: tuple = (1, 2, 3)
    raspasovka_progression_end: str = "extend"
    raspasovka_scoring: str = "gora"
    raspasovka_zero_trick_pulya: bool = True
    raspasovka_amnesty: bool = False
    raspasovka_whist_price: Fraction = Fraction(5)
    raspasovka_whists_above_min: bool = False
    raspasovka_tie: str = "split"
    raspasovka_talon: str = "both"
    pulya_worth: Fraction = Fraction(10)
    gora_divisor: str = "N"
    pulya_in_damage: bool = True
    counterfactual_split: str = "for_victim"
    penalty_002_1_1: Fraction | None = None
    penalty_002_2_3: Fraction | None = None
    penalty_002_2_4: Fraction | None = None
    penalty_002_3_1: Fraction | None = None
    penalty_002_3_2: Fraction | None = None
    penalty_002_4: Fraction | None = None

    def __post_init__(self) -> None:
        def put(name: str, value: Any) -> None:
            object.__setattr__(self, name, value)

        if not isinstance(self.name, str) or not self.name:
            raise ScoringError.of("nonempty_string", "name")
        if self.players not in (3, 4) or isinstance(self.players, bool):
            raise ScoringError.of("three_or_four", "players", got=self.players)
        for name in _LEVEL_TUPLES:
            values = getattr(self, name)
            if not isinstance(values, (tuple, list)) or len(values) != 5:
                raise ScoringError.of("five_values", name)
            values = tuple(_number(name, v) for v in values)
            if name != "prices":
                if any(v.denominator != 1 for v in values):
                    raise ScoringError.of("whole_tricks", name)
                values = tuple(int(v) for v in values)
            put(name, values)
        if any(v <= 0 for v in self.prices):
            raise ScoringError.of("prices_positive", "prices")
        for level, q in zip(LEVELS, self.whist_obligations):
            if not 0 <= q <= 11 - level:
                raise ScoringError.of("bad_obligation", "whist_obligations", q=q, level=level)
        for level, q, s in zip(LEVELS, self.whist_obligations, self.shared_obligations):
            if s != 0 and 2 * s != q:
                raise ScoringError.of("bad_share", "shared_obligations", level=level, s=s, q=q)
        levels = self.half_whist_levels
        if not isinstance(levels, (tuple, list)) or any(v not in LEVELS for v in levels):
            raise ScoringError.of("levels_list", "half_whist_levels")
        put("half_whist_levels", tuple(int(v) for v in levels))
        for name in _POSITIVE:
            value = _number(name, getattr(self, name))
            if value <= 0:
                raise ScoringError.of("positive", name, got=value)
            put(name, value)
        for name in _OPTIONAL_AMOUNTS:
            value = getattr(self, name)
            if value is not None:
                value = _number(name, value)
                if value < 0:
                    raise ScoringError.of("not_negative", name, got=value)
                put(name, value)
        for name in _BOOLS:
            if not isinstance(getattr(self, name), bool):
                raise ScoringError.of("yes_or_no", name, got=getattr(self, name))
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ScoringError.of("one_of", name, known=", ".join(allowed), got=getattr(self, name))
        prog = self.raspasovka_progression
        if not isinstance(prog, (tuple, list)) or not prog:
            raise ScoringError.of("numbers_list", "raspasovka_progression")
        prog = tuple(_number("raspasovka_progression", v) for v in prog)
        if any(v <= 0 for v in prog):
            raise ScoringError.of("step_positive", "raspasovka_progression")
        put("raspasovka_progression", prog)

    # ----- derived quantities, all exact -----
    def _index(self, level: int) -> int:
        if level not in LEVELS or isinstance(level, bool):
            raise ScoringError.of("level_range", "contract", got=repr(level))
        return level - 6

    def price(self, level: int) -> Fraction:
        """p(L)."""
        return self.prices[self._index(level)]

    def obligation(self, level: int) -> int:
        """Q(L), the tricks the defence must take."""
        return int(self.whist_obligations[self._index(level)])

    def shared_obligation(self, level: int) -> int:
        """Each whister's share of Q when two whist; 0 = the second whister answers."""
        return int(self.shared_obligations[self._index(level)])

    def undertrick_gora(self, level: int) -> Fraction:
        """Gora the declarer writes per undertrick."""
        return self.undertrick_multiplier * self.price(level)

    def whist_price(self, level: int) -> Fraction:
        """Whists a defender writes per trick he is paid for."""
        return self.whist_multiplier * self.price(level)

    def consolation(self, level: int) -> Fraction:
        """Whists each other player writes on a defeated declarer, per undertrick."""
        if self.consolation_fixed is not None:
            return self.consolation_fixed
        return self.consolation_multiplier * self.price(level)

    @property
    def responsibility_factor(self) -> Fraction:
        return Fraction(1) if self.responsibility == "full" else Fraction(1, 2)

    def shortfall_gora(self, level: int) -> Fraction:
        """Gora a whister writes per trick the defence is short of its obligation."""
        return self.undertrick_gora(level) * self.responsibility_factor

    def raspasovka_step(self, round_: int) -> Fraction:
        """r for the round-th raspasovka in a row (1 = the first)."""
        if isinstance(round_, bool) or not isinstance(round_, int) or round_ < 1:
            raise ScoringError.of("integer_min1", "raspasovka_round", got=repr(round_))
        prog = self.raspasovka_progression
        if round_ <= len(prog):
            return prog[round_ - 1]
        if self.raspasovka_progression_end == "cap" or len(prog) == 1:
            return prog[-1]
        return prog[-1] + (round_ - len(prog)) * (prog[-1] - prog[-2])

    @property
    def divisor(self) -> int:
        return self.players if self.gora_divisor == "N" else self.players - 1

    def options(self) -> dict[str, Any]:
        """Every option and its value (for output and documentation)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def __repr__(self) -> str:
        """What builds it again, on one line: ``convention('sochi', whisting='gentleman')``."""
        base = PRESETS.get(self.name)
        if base is None:
            head, diffs = f"Convention(name={self.name!r}", self.differences(Convention())
        else:
            head, diffs = f"convention({self.name!r}", self.differences(base)
        args = "".join(f", {k}={_shown(v)!r}" for k, v in diffs.items())
        return f"{head}{args})"

    def differences(self, other: Convention) -> dict[str, Any]:
        """Options whose value differs from ``other`` (e.g. the preset it came from)."""
        return {k: v for k, v in self.options().items()
                if k != "name" and v != getattr(other, k)}


def _shown(v: Any) -> Any:
    """An option's value as its repr should show it: 4, '7/2', (1, 2, 3)."""
    if isinstance(v, Fraction):
        return json_number(v)
    if isinstance(v, tuple):
        return tuple(_shown(x) for x in v)
    return v


SOCHI = Convention(name="sochi")
LENINGRAD = Convention(
    name="leningrad",
    undertrick_multiplier=Fraction(2),
    whist_multiplier=Fraction(2),
    consolation_multiplier=Fraction(2),
    responsibility="half",
    whisting="gentleman",
    misere_undertrick_price=Fraction(20),
    raspasovka_progression=(2, 4, 6),
    pulya_worth=Fraction(20),
)
ROSTOV = Convention(
    name="rostov",
    raspasovka_scoring="whists",
    raspasovka_zero_trick_pulya=False,
)
PRESETS: dict[str, Convention] = {"sochi": SOCHI, "leningrad": LENINGRAD, "rostov": ROSTOV}
_ALIASES = {"сочинка": "sochi", "ленинградка": "leningrad", "ростовка": "rostov"}

OPTION_NAMES = tuple(f.name for f in dataclasses.fields(Convention) if f.name != "name")


def convention(name: str = "sochi", **overrides: Any) -> Convention:
    """The preset ``name`` with single options overridden; validated."""
    key = str(name).strip().lower()
    key = _ALIASES.get(key, key)
    if key not in PRESETS:
        raise ScoringError.of("unknown_convention_known", "convention", name=name, known=", ".join(PRESETS))
    for option in overrides:
        if option not in OPTION_NAMES:
            raise ScoringError.of("unknown_option_named", option, name=option)
    return dataclasses.replace(PRESETS[key], **overrides)


_YES = {"yes", "y", "true", "1", "on", "да"}
_NO = {"no", "n", "false", "0", "off", "нет"}


def parse_option(name: str, text: str) -> Any:
    """The value of option ``name`` from its command-line text (``--set name=text``)."""
    if name not in OPTION_NAMES:
        raise ScoringError.of("unknown_option_named", name, name=name)
    t = str(text).strip()
    if name in _BOOLS:
        if t.lower() in _YES:
            return True
        if t.lower() in _NO:
            return False
        raise ScoringError.of("yes_or_no", name, got=text)
    if name in _OPTIONAL_AMOUNTS:
        return None if t.lower() in ("none", "") else _number(name, t)
    if name in _LEVEL_TUPLES or name in ("raspasovka_progression", "half_whist_levels"):
        parts = [p for p in t.replace(";", ",").split(",") if p.strip()]
        return tuple(_number(name, p.strip()) for p in parts)
    if name == "players":
        if t not in ("3", "4"):
            raise ScoringError.of("three_or_four", name, got=text)
        return int(t)
    if name in _POSITIVE:
        return _number(name, t)
    return t
