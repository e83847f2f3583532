"""The switches of the single-dummy analysis, shared by ``prefdd solve --analyse-play
--single-dummy`` and ``prefdd batch --analyse-play --single-dummy`` (one definition each:
the option, its checks, the settings handed to
:func:`solver.imperfect.single_dummy.single_dummy_record`, the engine's table size).

Light to import: the solver's single-dummy module is loaded only when the settings are made.
"""
from __future__ import annotations

TABLE_MB = 64.0  # the layouts of one decision share positions: a larger table pays (a third faster
#                  than the default on a whister's first lead)


def add_max_layouts(parser) -> None:
    """``--max-layouts N`` (default: the analysis's own, 200,000)."""
    from .cli import options

    parser.add_argument("--max-layouts", type=options.count(1, 10 ** 9), default=None, metavar="N",
                        help="with --single-dummy: solve at most N layouts a decision (default 200000); a decision "
                             "with more is marked not exact")


def switch_conflict(analyse_play: bool, single_dummy: bool, single_dummy_only: list[str]) -> str | None:
    """Why these switches do not go together (or ``None``): ``--single-dummy`` needs
    ``--analyse-play``; ``single_dummy_only`` names the switches given that need ``--single-dummy``."""
    if single_dummy and not analyse_play:
        return "--single-dummy goes with --analyse-play"
    if single_dummy_only and not single_dummy:
        return f"{', '.join(single_dummy_only)} goes with --single-dummy"
    return None


def max_layouts(given: int | None) -> int:
    """The layouts a decision may solve: ``given``, or the analysis's default."""
    if given:
        return given
    from solver.imperfect.single_dummy import MAX_LAYOUTS

    return MAX_LAYOUTS


def settings(given_max_layouts: int | None, workers: int, progress=None, sample: int | None = None) -> dict:
    """The keyword arguments of ``single_dummy_record`` (and of ``play_record``'s
    ``single_dummy``). ``sample`` is passed only when given."""
    out = {"max_layouts": max_layouts(given_max_layouts), "workers": workers, "progress": progress}
    if sample is not None:
        out["sample"] = sample
    return out
