"""The switches of the single-dummy analysis, shared by ``prefdd solve --analyse-play
--single-dummy`` and ``prefdd batch --analyse-play --single-dummy`` (one definition each:
its checks, the settings handed to
:func:`solver.imperfect.single_dummy.single_dummy_record`, the engine's table size; ``--max-layouts`` is among
:func:`prefdd.cli.options.add_position_switches`).

Light to import: the solver's single-dummy module is loaded only when the settings are made.
"""
from __future__ import annotations

TABLE_MB = 64.0  # the layouts of one decision share positions: a larger table pays (a third faster
#                  than the default on a whister's first lead)


def switch_conflict(analyse_play: bool, single_dummy: bool, single_dummy_only: list[str]):
    """Why these switches do not go together (a :class:`~solver.errors.PrefError` of a kind, or
    ``None``): ``--single-dummy`` needs ``--analyse-play``; ``single_dummy_only`` names the
    switches given that need ``--single-dummy``."""
    from solver.errors import PrefError

    from . import error_kinds  # noqa: F401

    if single_dummy and not analyse_play:
        return PrefError.of("goes_with", None, switches="--single-dummy", needs="--analyse-play")
    if single_dummy_only and not single_dummy:
        return PrefError.of("goes_with", None, switches=", ".join(single_dummy_only), needs="--single-dummy")
    return None


def max_layouts(given: int | None) -> int:
    """The layouts a decision may solve: ``given``, or the analysis's default."""
    if given:
        return given
    from solver.imperfect.single_dummy import MAX_LAYOUTS

    return MAX_LAYOUTS


def settings(given_max_layouts: int | None, workers: int, progress=None, budget: float | None = None) -> dict:
    """The keyword arguments of ``single_dummy_record`` (and of ``play_record``'s
    ``single_dummy``); ``budget``: seconds for the record's analysis (None: no limit)."""
    return {"max_layouts": max_layouts(given_max_layouts), "budget": budget, "workers": workers,
            "progress": progress}
