"""Transitional: only ``solver/infoset.py`` (being reworked by the exact-information-sets
issue, not to be edited here) still imports :func:`position_from_json` from this module.
Record reading now lives beside its types (:func:`solver.position.position_from_json`,
:func:`solver.constraints.constraints_from_json`, the field checks in
:mod:`solver.json_fields`). Delete this module once that import is changed.
"""
from .position import position_from_json

__all__ = ["position_from_json"]
