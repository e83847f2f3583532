"""Every `prefdd` command the README shows on a shipped example runs and succeeds, and the output
the README and the docs show is what the commands print (the tests marked slow run them)."""
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()


def commands_in(text):
    """The `prefdd` command lines of a Markdown text's sh blocks that run on shipped files."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if "&&" in line:
                line = line.split("&&")[-1].strip()
            if not line.startswith("prefdd "):
                continue
            words = shlex.split(line)
            inputs = [w for i, w in enumerate(words) if w.endswith((".json", ".jsonl")) and words[i - 1] != "-o"]
            if any(not (ROOT / f).exists() for f in inputs):
                continue  # a placeholder such as archive.jsonl or incident.json
            if any(w.startswith("tcp://") for w in words):
                continue  # needs a running scheduler
            out.append(words)
    return out


def readme_commands():
    return commands_in(README)


COMMANDS = readme_commands()
DOC_COMMANDS = [words for doc in sorted((ROOT / "docs").glob("*.md")) for words in commands_in(doc.read_text())]


def test_readme_has_commands():
    assert len(COMMANDS) >= 8


def test_docs_have_commands():
    assert len(DOC_COMMANDS) >= 8


ALL_COMMANDS = list({" ".join(w): w for w in COMMANDS + DOC_COMMANDS}.values())  # each once


@pytest.mark.parametrize("words", ALL_COMMANDS, ids=[" ".join(w) for w in ALL_COMMANDS])
@pytest.mark.slow
def test_readme_command_runs(words, tmp_path):
    """Every command the README and the docs show on a shipped file runs and answers."""
    args = [str(ROOT / w) if (ROOT / w).exists() and "/" in w else w for w in words[1:]]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "prefdd", *args], cwd=tmp_path, capture_output=True,
                       text=True, timeout=300, env=env)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() or list(tmp_path.iterdir())


def test_scoring_doc_documents_every_scoring_option():
    """The options table lives in docs/scoring.md only; the README names the conventions."""
    from compensation.conventions import OPTION_NAMES, PRESETS

    doc = (ROOT / "docs" / "scoring.md").read_text()
    missing = [o for o in OPTION_NAMES if f"| `{o}` |" not in doc]
    assert not missing, missing
    assert all(f"| `{name}` |" in doc for name in PRESETS)
    assert not [o for o in OPTION_NAMES if f"| `{o}` |" in README]  # no second copy
    assert all(name in README for name in PRESETS)


def first_screen():
    """The README's first example: the incident shown (a json block), the command and its output."""
    section = README.split("## An incident in, the ruling out", 1)[1].split("\n## ", 1)[0]
    shown = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    console = re.search(r"```console\n\$ (.*?)\n(.*?)```", section, re.S)
    return shown, shlex.split(console.group(1)), console.group(2)


def test_readme_first_screen_shows_the_incident_file():
    shown, words, _ = first_screen()
    assert words[:2] == ["prefdd", "rule"]
    assert shown == json.loads((ROOT / words[2]).read_text())
    assert README.index("## An incident in, the ruling out") < README.index("## Two commands")


@pytest.mark.slow
def test_readme_first_screen_output_is_printed():
    _, words, output = first_screen()
    assert run_prefdd(*words[1:]) == output


def test_readme_python_example():
    block = re.search(r"```python\nfrom solver import(.*?)```", README, re.S).group(0)
    code = block.removeprefix("```python\n").removesuffix("```")
    ns = {}
    exec(code, ns)
    from solver import Constraints, PenaltyCard, analyse

    pos = ns["pos"]
    assert analyse(pos).declarer_tricks == 1  # as the README's comment says
    assert analyse(pos, Constraints((PenaltyCard(1, "Ks", "first"),))).declarer_tricks == 2
    assert ns["a"].best_cards and len(ns["a"].line) == 6


def test_ci_runs_the_linters_the_readme_shows():
    """The README's linter commands are the ones `.ci/run` runs (both must pass there)."""
    ci = (ROOT / ".ci" / "run").read_text()
    for command in ("ruff check .", "mypy --check-untyped-defs solver compensation"):
        assert command in README and f"python -m {command}" in ci, command


# --- the output the README and the docs show, compared with what the commands print ---

DOCS = ROOT / "docs"


def run_prefdd(*args, cwd=ROOT):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "prefdd", *args], cwd=cwd, capture_output=True, text=True,
                       timeout=300, env=env)
    assert p.returncode == 0, p.stderr
    return p.stdout


def shown_outputs():
    """(command words, [JSON lines shown under it as `# {...}`]) from the README's sh blocks."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        for line in block.splitlines():
            if line.startswith("prefdd "):
                out.append((shlex.split(line.split("  #")[0]), []))
            elif line.startswith("# {") and out:
                out[-1][1].append(json.loads(line[2:]))
    return [(words, shown) for words, shown in out if shown]


SHOWN = shown_outputs()


@pytest.mark.parametrize("words, shown", SHOWN, ids=[" ".join(w) for w, _ in SHOWN])
@pytest.mark.slow
def test_readme_shown_output_is_printed(words, shown):
    printed = [json.loads(line) for line in run_prefdd(*words[1:]).splitlines()]
    assert printed[:len(shown)] == shown


def test_readme_shows_some_output():
    assert len(SHOWN) >= 2


GAP = ("…", "...")


def matches(pattern, actual) -> bool:
    """A doc's JSON sketch against real JSON: "…" (or "...") stands for any value, a list
    ending in it for a longer list, a dict holding it as a key for more keys."""
    if pattern in GAP:
        return True
    if isinstance(pattern, dict):
        if not isinstance(actual, dict):
            return False
        keys = [k for k in pattern if k not in GAP]
        if len(keys) == len(pattern) and set(keys) != set(actual):
            return False
        return all(k in actual and matches(pattern[k], actual[k]) for k in keys)
    if isinstance(pattern, list):
        if not isinstance(actual, list):
            return False
        if pattern and pattern[-1] in GAP:
            pattern = pattern[:-1]
            if len(actual) < len(pattern):
                return False
            actual = actual[:len(pattern)]
        return len(pattern) == len(actual) and all(matches(p, a) for p, a in zip(pattern, actual))
    return pattern == actual


def sketch(text):
    """A doc's JSON block with … gaps as JSON the matcher reads."""
    text = text.replace("{…}", '{"…": "…"}').replace("…", '"…"').replace('""…""', '"…"')
    return json.loads(text)


def test_matcher_is_strict():
    assert matches(sketch('{"a": [1, …], "b": …}'), {"a": [1, 2], "b": {"c": 3}})
    assert not matches(sketch('{"a": [1, …], "b": …}'), {"a": [2, 1], "b": 0})
    assert not matches(sketch('{"a": [1]}'), {"a": [1], "extra": 0})  # unknown fields show
    assert not matches(sketch('{"a": [1, 2]}'), {"a": [1]})
    assert matches(sketch('{"a": 1, "…": "…"}'), {"a": 1, "b": 2})


def doc_blocks(name, lang):
    """The bodies of the fenced blocks of docs/NAME whose info string is ``lang`` ("" for none)."""
    blocks, body, info = [], None, ""
    for line in (DOCS / name).read_text().splitlines():
        if line.startswith("```") and body is None:
            body, info = [], line[3:].strip()
        elif line.startswith("```"):
            if info == lang:
                blocks.append("\n".join(body) + "\n")
            body = None
        elif body is not None:
            body.append(line)
    return blocks


@pytest.mark.slow
def test_rulings_doc_json_is_rule_7_2s_ruling():
    shown = sketch(doc_blocks("rulings.md", "json")[0])
    printed = json.loads(run_prefdd("rule", "examples/incidents/rule_7_2_overtake_lets_contract_through.json",
                                    "--json"))
    assert shown["id"] == printed["id"] and matches(shown, printed)


@pytest.mark.slow
def test_rulings_doc_quotes_rule_7_2s_text():
    text = run_prefdd("rule", "examples/incidents/rule_7_2_overtake_lets_contract_through.json")
    quoted = "вистующий первой руки пишет 35 вистов (точно 104/3 ≈ 34,67) на вистующего второй руки"
    assert f"«{quoted}»" in " ".join((DOCS / "rulings.md").read_text().split())  # lines wrapped
    assert quoted in text.lower()


@pytest.mark.slow
def test_scoring_doc_shows_what_prefdd_score_prints(tmp_path):
    first = (ROOT / "examples" / "outcomes.jsonl").read_text().splitlines()[0]
    (tmp_path / "deal.json").write_text(first)
    json_block = next(b for b in doc_blocks("scoring.md", "json") if '"deals"' in b)
    text_block = next(b for b in doc_blocks("scoring.md", "") if b.startswith("Конвенция"))
    assert matches(sketch(json_block), json.loads(run_prefdd("score", "deal.json", cwd=tmp_path)))
    printed = run_prefdd("score", "examples/outcomes.jsonl", "--text").splitlines()
    assert printed[:len(text_block.splitlines())] == text_block.splitlines()


@pytest.mark.slow
def test_play_analysis_doc_excerpt_is_printed():
    block = next(b for b in doc_blocks("play-analysis.md", "") if "играющий" in b)
    printed = run_prefdd("solve", "--analyse-play", "--text", "--lang", "ru", "examples/played_deals.jsonl").splitlines()
    shown = [line for line in block.splitlines() if line != "..."]
    it = iter(printed)
    missing = [line for line in shown if not any(line == p for p in it)]  # in order, as printed
    assert not missing, missing


@pytest.mark.parametrize("name", ["claims.md", "play-analysis.md", "rulings.md", "scoring.md", "raspasovka.md"])
def test_docs_python_examples_run(name, monkeypatch, capsys):
    """The docs' Python examples run as written, from the repository's root."""
    blocks = doc_blocks(name, "python")
    assert blocks
    monkeypatch.chdir(ROOT)
    for code in blocks:
        exec(compile(code, f"{name} example", "exec"), {})


@pytest.mark.slow
def test_batch_doc_first_output_line_is_printed(tmp_path):
    """docs/batch.md's output sample opens with the answer to examples/deals.jsonl's first
    line, as `prefdd batch` writes it: its nodes and its input hash are this build's."""
    shown = doc_blocks("batch.md", "json")[0].splitlines()[0]
    (tmp_path / "in.jsonl").write_text((ROOT / "examples" / "deals.jsonl").read_text().splitlines()[0] + "\n")
    run_prefdd("batch", "in.jsonl", "-o", "out.jsonl", "--workers", "1", cwd=tmp_path)
    assert json.loads((tmp_path / "out.jsonl").read_text().splitlines()[0]) == json.loads(shown)


def test_the_web_needs_no_install_after_the_test_install():
    # the README starts the web page with no second install after `pip install -e '.[test]'`
    # (one would only rebuild the package): true while [test] holds every [web] requirement
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert set(extras["web"]) <= set(extras["test"])
    assert "$ prefdd serve" in README and "`[test]` brings every web dependency" in README


def test_every_lab_note_is_in_the_log_index():
    """``benchmarks/log/README.md`` lists every lab note (RESULTS.md's figures link to them; an
    unlisted note is one nobody finds), and lists none that is not there."""
    log = ROOT / "benchmarks" / "log"
    index = (log / "README.md").read_text()
    linked = set(re.findall(r"\]\(([^)/]+\.md)\)", index))   # the notes beside it (not ../RESULTS.md)
    notes = {p.name for p in log.glob("*.md")} - {"README.md"}
    assert notes - linked == set(), "lab notes missing from benchmarks/log/README.md"
    assert linked - notes == set(), "benchmarks/log/README.md links notes that are not there"
