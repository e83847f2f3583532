"""One Russian plural: the page's (``static/plural.js``) is generated from the library's
(:func:`solver.russian.agree`), is current, and answers as it does for 0..200 and fractions
(run in Node when it is installed)."""
import json
import shutil
import subprocess
from fractions import Fraction

import pytest

from prefdd.web.plural import PATH, javascript
from solver.russian import agree

FORMS = ["one", "few", "many"]
INTEGERS = list(range(0, 201)) + [-1, -2, -5, -11, -21, 1001, 12870]
FRACTIONS = [Fraction(1, 2), Fraction(10, 3), Fraction(-82, 3), Fraction(196, 3), Fraction(7, 2), Fraction(6, 3)]


def test_the_page_plural_is_generated_from_the_library():
    assert PATH.read_text(encoding="utf-8") == javascript(), "run: python -m prefdd.web.plural"


def test_no_other_plural_on_the_page():
    static = PATH.parent
    for js in sorted(static.glob("*.js")):
        if js != PATH:
            assert "function plural" not in js.read_text(encoding="utf-8"), js.name


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_the_page_and_the_library_agree(tmp_path):
    asked = [str(n) for n in INTEGERS] + [str(f) for f in FRACTIONS] + ["3,5", "12 870"]
    script = tmp_path / "agree.mjs"
    script.write_text(f"import {{ plural }} from {json.dumps(PATH.as_uri())};\n"
                      f"const forms = {json.dumps(FORMS)};\n"
                      f"console.log(JSON.stringify({json.dumps(asked)}.map((n) => plural(n, forms))));\n")
    page = json.loads(subprocess.run(["node", str(script)], capture_output=True, text=True, check=True,
                                     timeout=60).stdout)
    library = [agree(Fraction(n.replace(",", ".").replace(" ", "")), *FORMS) for n in asked]
    assert page == library
    assert page[INTEGERS.index(21)] == "one" and page[len(INTEGERS)] == "few"  # 21 вист; 1/2 виста
