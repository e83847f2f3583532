"""Settlement in whists, and damage: the numbers every ruling is measured in.

Each player's net balance (zero-sum, exact):

    W_i = Σ_j w[i][j] − Σ_j w[j][i] + (10/D)·(ΣG − N·G_i) + K·(P_i − P̄)

N = players at the table, K = pulya_worth, D = the gora divisor (N by default, when the
gora term is 10·(Ḡ − G_i): "each other player writes 10·G_i/N whists on i"; with
``gora_divisor="N-1"`` each other player writes 10·G_i/(N−1)). Choice: the divisor
applies to the gora term only, as scoring.md writes it; the pulya term is always the
difference from the average.

Damage to victim V = W_V(counterfactual) − W_V(compared), both single-deal entries
scored by the same engine; the pulya term is left out when ``pulya_in_damage`` is no.
Compensation = max(0, damage), written as whists by V on the offender(s), split
equally between offenders who decided jointly.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from .conventions import Convention
from .errors import ScoringError
from .sheet import Entries, total


def _check(entries: Entries, convention: Convention) -> None:
    if not isinstance(entries, Entries):
        raise ScoringError.of("expected_entries", "entries", got=type(entries).__name__)
    if entries.n != convention.players:
        raise ScoringError.of("entries_players", "players", n=entries.n, name=convention.name, players=convention.players)


def balances(entries: Entries, convention: Convention, include_pulya: bool = True
             ) -> tuple[Fraction, ...]:
    """W_i for every player, from one deal's or a whole sheet's entries."""
    _check(entries, convention)
    n = entries.n
    gsum = sum(entries.gora, Fraction(0))
    pbar = sum(entries.pulya, Fraction(0)) / n
    out = []
    for i in range(n):
        w = sum(entries.whists[i], Fraction(0)) - sum((entries.whists[j][i] for j in range(n)),
                                                      Fraction(0))
        w += Fraction(10, convention.divisor) * (gsum - n * entries.gora[i])
        if include_pulya:
            w += convention.pulya_worth * (entries.pulya[i] - pbar)
        out.append(w)
    return tuple(out)


def balance(player: int, entries: Entries, convention: Convention,
            include_pulya: bool = True) -> Fraction:
    """W_player."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < entries.n:
        raise ScoringError.of("seat_range", "player", top=entries.n - 1, got=repr(player))
    return balances(entries, convention, include_pulya)[player]


def settle_sheet(deals: Iterable[Entries], convention: Convention) -> tuple[Fraction, ...]:
    """Balances of a running score sheet (a list of deals' entries)."""
    return balances(total(deals, convention.players), convention)


def running_balances(deals: Sequence[Entries], convention: Convention
                     ) -> list[tuple[Fraction, ...]]:
    """Balances after each deal of a score sheet, cumulatively."""
    out, acc = [], Entries.zero(convention.players)
    for e in deals:
        _check(e, convention)
        acc = acc + e
        out.append(balances(acc, convention))
    return out


def damage(victim: int, counterfactual_entries: Entries, compared_entries: Entries,
           convention: Convention) -> Fraction:
    """W_V(counterfactual) − W_V(compared); negative when the fault helped V."""
    inc = convention.pulya_in_damage
    return (balance(victim, counterfactual_entries, convention, inc)
            - balance(victim, compared_entries, convention, inc))


def compensation(victim: int, counterfactual_entries: Entries, compared_entries: Entries,
                 convention: Convention) -> Fraction:
    """max(0, damage): the whists the victim writes on the offender(s)."""
    return max(Fraction(0), damage(victim, counterfactual_entries, compared_entries, convention))


def compensation_entries(victim: int, offenders: Sequence[int], amount,
                         convention: Convention) -> Entries:
    """Entries for the victim writing ``amount`` whists, split equally among offenders."""
    offenders = list(offenders)
    if not offenders:
        raise ScoringError.of("offender_needed", "offenders")
    if victim in offenders:
        raise ScoringError.of("victim_offender", "offenders")
    amount = Fraction(amount)
    if amount < 0:
        raise ScoringError.of("compensation_negative", "amount", got=amount)
    e = Entries.zero(convention.players)
    for o in offenders:
        e = e.add_whists(victim, o, amount / len(offenders))
    return e


def resolve_split(victim: int, candidates: Sequence[Entries], convention: Convention) -> Entries:
    """Among equally good defence lines (each scored to entries), the one a
    counterfactual uses: best for the victim (``counterfactual_split=for_victim``, the
    default) or worst for him (``against_victim``). Ties keep the first candidate."""
    if not candidates:
        raise ScoringError.of("no_candidates", "candidates")
    inc = convention.pulya_in_damage
    values = [balance(victim, c, convention, inc) for c in candidates]
    target = max(values) if convention.counterfactual_split == "for_victim" else min(values)
    return candidates[values.index(target)]
