"""A ruling leaves nothing in reference cycles: the desk's workers run one ruling after
another, and an engine (with its tables) kept alive by a cycle until the cyclic collector
happens to run made each worker hold 180 MB after a claim ruling."""
from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path

import pytest

from compensation.rulings import rule_incident
from solver import Engine

EXAMPLES = Path(__file__).resolve().parents[2] / "examples/incidents"


@pytest.mark.parametrize("name", ["claim_holds", "claim_needs_a_guess", "rule_1_6_2_trump_still_out"])
def test_the_engine_is_freed_as_soon_as_the_ruling_is_dropped(name):
    inc = json.loads((EXAMPLES / f"{name}.json").read_text())
    gc.collect()
    gc.disable()
    try:
        engine = Engine(reuse_table=True)
        gone = weakref.ref(engine)
        ruling = rule_incident(inc, engine=engine)
        assert ruling.entries is not None
        del engine, ruling
        assert gone() is None, [type(r).__qualname__ for r in gc.get_referrers(gone())]
    finally:
        gc.enable()
