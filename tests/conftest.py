import json
import os
import pathlib

# CI builds the Cython engine from a clean clone: there its absence is a failure, not a skip.
if os.environ.get("CI"):
    os.environ.setdefault("PREFDD_REQUIRE_CYTHON", "1")

# The commands say their errors in Russian unless told otherwise (--lang, $PREFDD_LANG). The
# suite's assertions read the English sentences, which scripts rely on: English for every test
# (and the commands it starts), except those that unset it to check the Russian default
# (tests/prefdd/test_errors_russian.py).
os.environ["PREFDD_LANG"] = "en"

import pytest  # noqa: E402

DATA = pathlib.Path(__file__).parent / "data"


def load_reference():
    return [json.loads(line) for line in (DATA / "reference_deals.jsonl").read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def reference_deals():
    return load_reference()
