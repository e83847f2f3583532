import json
import os
import pathlib

# CI builds the Cython engine from a clean clone: there its absence is a failure, not a skip.
if os.environ.get("CI"):
    os.environ.setdefault("PREFDD_REQUIRE_CYTHON", "1")

import pytest

DATA = pathlib.Path(__file__).parent / "data"


def load_reference():
    return [json.loads(line) for line in (DATA / "reference_deals.jsonl").read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def reference_deals():
    return load_reference()
