"""One description of the incident's shape: the schema, the parser and docs/rulings.md name the
same fields; unknown fields are errors naming the nearest known one; jsonschema stays lazy."""
import json
import pathlib
import re
import subprocess
import sys

import pytest

from compensation.conventions import PRESETS
from compensation.incident import TOP_FIELDS, IncidentError, parse_incident
from compensation.incident_shape import RULING_OPTIONS, SCHEMA, field_paths
from compensation.rulings import rule_incident

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
PATHS = field_paths()
EXAMPLE = json.loads((ROOT / "examples" / "incidents" / "rule_10_erroneous_move.json").read_text())
RASP = json.loads((ROOT / "examples" / "incidents" / "raspasovka_opened_cards.json").read_text())


def doc_table(heading: str) -> set:
    """The backticked names in the first column of the table after ``heading``."""
    part = DOC.split(heading, 1)[1]
    table = next(b for b in part.split("\n\n") if b.startswith("| field |"))
    rows = re.findall(r"^\| ([^|]+) \|", table, re.M)[2:]  # past the header and its rule
    return {n for row in rows for n in re.findall(r"`([^`]+)`", row)}


def test_the_schema_is_valid_and_the_parser_uses_its_fields():
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert TOP_FIELDS == set(SCHEMA["properties"])
    assert set(SCHEMA["properties"]["scoring"]["properties"]["convention"]["enum"]) == set(PRESETS)


def test_docs_name_every_field_of_the_record():
    leaves = {p for p in PATHS if not p.startswith("violation.") and not any(q.startswith(p + ".") for q in PATHS)}
    assert doc_table("## The incident record") == leaves | {"violation"}


def test_docs_name_every_violation_field():
    schema = {p.split(".", 1)[1] for p in PATHS if p.startswith("violation.") and p.count(".") == 1}
    assert doc_table("`violation`:") == schema


def test_every_violation_field_a_rule_reads_is_in_the_schema_and_back():
    schema = {p.split(".", 1)[1] for p in PATHS if p.startswith("violation.") and p.count(".") == 1}
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "compensation" / "rulings").glob("*.py"))
    read = set(re.findall(r"\b(?:v|violation)\.get\(\"([a-z_]+)\"", code))
    assert read <= schema, sorted(read - schema)
    attributes = {"rule", "offender", "offenders", "move", "card", "cards", "correction"}
    assert schema - attributes <= read, sorted(schema - attributes - read)


def test_the_schema_enums_are_the_rules_own_choices():
    """The rules leave these fields' values to the schema: its enums must be the rules' words."""
    from compensation.rulings.claims import READINGS
    from solver.imperfect import CANDIDATES

    viol = SCHEMA["properties"]["violation"]["properties"]
    assert tuple(viol["reading"]["enum"]) == READINGS
    assert tuple(viol["candidates"]["enum"]) == CANDIDATES


@pytest.mark.parametrize("field,value", [("reading", "literal"), ("candidates", "all"), ("budget", 0), ("budget", "9"),
                                         ("sample", True), ("seed", -1), ("bound", "9")])
def test_a_claim_setting_out_of_range_is_named(field, value):
    inc = json.loads((ROOT / "examples" / "incidents" / "claim_needs_a_guess.json").read_text())
    inc["violation"][field] = value
    with pytest.raises(IncidentError) as e:
        rule_incident(inc)
    assert e.value.field == f"violation.{field}", str(e.value)


def test_ruling_options_come_from_the_schema_with_their_defaults():
    assert RULING_OPTIONS == {"compare": (("double_dummy", "actual"), "double_dummy"),
                              "resolve": (("side_best", "against_offender"), "side_best"),
                              "guess": (("every_sequence", "greedy"), "every_sequence"),
                              "uncorrected": (("compensate", "unpunished"), "compensate"),
                              "whist_rounding": (("nearest", "up", "exact"), "nearest")}
    for name, (_values, default) in RULING_OPTIONS.items():
        assert f"`options.{name}`" in DOC and f"`{default}`" in DOC


@pytest.mark.parametrize("where,typo,near", [
    ((), "contrcat", "contract"), (("deal",), "hand", "hands"), (("violation",), "ofender", "offender"),
    (("violation",), "offence_numbr", "offence_number"), (("options",), "whist_round", "whist_rounding"),
    (("result",), "trics", "tricks"),
])
def test_an_unknown_field_is_named_with_its_path_and_nearest_name(where, typo, near):
    inc = json.loads(json.dumps(EXAMPLE))
    obj = inc
    for k in where:
        obj = obj.setdefault(k, {})
    obj[typo] = 1
    with pytest.raises(IncidentError) as e:
        parse_incident(inc)
    assert e.value.field == ".".join(where + (typo,))
    assert f"did you mean {near!r}" in e.value.message


def test_a_field_no_rule_reads_is_said_in_the_notes():
    # rule 11 on raspasovka counts violation.tricks; violation.count is rule 001's: given
    # here it changes nothing, and the ruling says so rather than ignoring it silently
    inc = dict(RASP, violation={"rule": "11", "offender": 0, "count": 3})
    r = rule_incident(inc)
    assert r.entries.gora[0] == 1  # one trick to gora, not three
    assert any("violation.count" in n.en and "does not use" in n.en for n in r.notes)


def test_null_means_not_given():
    inc = dict(EXAMPLE, result=None, note=None)
    assert parse_incident(inc).result is None


def test_solving_does_not_import_jsonschema():
    code = ("import sys, compensation.incident, compensation.rulings, prefdd.cli; "
            "print('jsonschema' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


def test_the_schemas_violation_is_the_one_table_of_a_violations_fields():
    """incident.schema.json's violation part is generated from compensation/violation_fields.py
    (``python -m compensation.violation_fields`` writes it): the file as checked in equals it."""
    import json

    from compensation.violation_fields import SCHEMA_PATH, violation_schema

    on_disk = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))["properties"]["violation"]
    assert on_disk == violation_schema()


def test_a_rule_needing_an_undeclared_field_is_refused_at_registration():
    import pytest

    from compensation.rulings.registry import rule

    with pytest.raises(ValueError, match="not a field of compensation.violation_fields"):
        rule("99.99", title_ru="x", title_en="x", pattern="FIXED", needs=("colour",))


def test_the_desk_form_and_the_messages_read_the_same_table():
    from compensation.violation_fields import FIELDS
    from prefdd.web.catalogue import FIELDS as FORM
    from solver.messages import field_words

    for name, f in FIELDS.items():
        assert FORM[name] == (f.form, f.label[0], f.label[1])
        assert field_words(f"violation.{name}", "ru") == f.words[1]
