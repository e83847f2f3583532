import json
import pathlib

import pytest

DATA = pathlib.Path(__file__).parent / "data"


def load_reference():
    return [json.loads(line) for line in (DATA / "reference_deals.jsonl").read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def reference_deals():
    return load_reference()
