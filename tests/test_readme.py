"""Every `prefdd` command the README shows on a shipped example runs and succeeds."""
import os
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()


def readme_commands():
    out = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if "&&" in line:
                line = line.split("&&")[-1].strip()
            if not line.startswith("prefdd "):
                continue
            words = shlex.split(line)
            files = [w for w in words if "/" in w and not w.startswith("tcp:")]
            if any(not (ROOT / f).exists() for f in files if not f.startswith("-")):
                continue  # a placeholder such as archive.jsonl or incident.json
            if any(w.startswith("tcp://") for w in words):
                continue  # needs a running scheduler
            out.append(words)
    return out


COMMANDS = readme_commands()


def test_readme_has_commands():
    assert len(COMMANDS) >= 8


@pytest.mark.parametrize("words", COMMANDS, ids=[" ".join(w) for w in COMMANDS])
@pytest.mark.slow
def test_readme_command_runs(words, tmp_path):
    args = [str(ROOT / w) if (ROOT / w).exists() and "/" in w else w for w in words[1:]]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "solver.cli", *args], cwd=tmp_path, capture_output=True,
                       text=True, timeout=300, env=env)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() or list(tmp_path.iterdir())


def test_readme_documents_every_scoring_option():
    from compensation.conventions import OPTION_NAMES, PRESETS

    missing = [o for o in OPTION_NAMES if f"`{o}`" not in README]
    assert not missing, missing
    assert all(f"`{name}`" in README for name in PRESETS)


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
