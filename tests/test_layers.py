"""The layering is a rule: ``solver`` <- ``compensation`` <- ``prefdd``, and no import circle;
the desk's page scripts import one way too (``JS_LEVELS``).

The import graph is read from the source with :mod:`ast` (every ``import``, at the top of a
module, inside a function, under ``if TYPE_CHECKING:``), not from what a run happens to
load. A module may import its own layer and those below it; a circle of modules (a package's
``__init__`` counts as the package) fails however it is closed. The checks are tried on a
tiny tree built in ``tmp_path`` too, so a broken checker cannot pass silently.
"""
from __future__ import annotations

import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
LAYERS = ("solver", "compensation", "prefdd")  # each imports only itself and those before it


def modules(root: pathlib.Path, packages=LAYERS) -> dict[str, pathlib.Path]:
    """Dotted module name -> file, for every ``.py`` file of ``packages`` under ``root``."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name: str, path: pathlib.Path, known: dict) -> list[tuple[int, str]]:
    """``(line, module)`` for every import of a project module in the file: ``from a import b``
    is an import of ``a.b`` when that is a module, else of ``a`` (``b`` a name in it). A
    project name that is no module (a stale path) is given as it is written, so it shows."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in known else source for a in node.names]
        else:
            continue
        out += [(node.lineno, t) for t in targets if t.split(".")[0] in LAYERS]
    return out


def import_graph(root: pathlib.Path, packages=LAYERS) -> tuple[dict[str, set[str]], list[str]]:
    """The graph (module -> the project modules it imports) and the imports of project
    modules that do not exist."""
    known = modules(root, packages)
    graph: dict[str, set[str]] = {name: set() for name in known}
    missing = []
    for name, path in known.items():
        for line, target in imports(name, path, known):
            if target not in known:
                missing.append(f"{path.relative_to(root)}:{line}: imports {target}, which is no module")
            elif target != name:
                graph[name].add(target)
    return graph, missing


def upward(graph: dict[str, set[str]]) -> list[str]:
    """Every edge from a lower layer to a higher one."""
    layer = {p: i for i, p in enumerate(LAYERS)}
    return sorted(f"{a} -> {b}" for a, targets in graph.items() for b in targets
                  if layer[b.split(".")[0]] > layer[a.split(".")[0]])


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.append(member)
                        if member == node:
                            break
                    if len(part) > 1:
                        found.append(sorted(part))
    return found


def test_the_project_keeps_its_layers():
    graph, missing = import_graph(ROOT)
    assert len(graph) > 60  # the three packages were read, not an empty tree
    assert "solver.position" in graph["solver.dd_table"]  # and an import inside them was seen
    assert missing == []
    assert upward(graph) == []
    assert circles(graph) == []


RULINGS = "compensation.rulings"


def rule_modules(root: pathlib.Path) -> set[str]:
    """The modules that register rules (they import ``rule`` from ``.registry``)."""
    found = set()
    for name, path in modules(root, ("compensation",)).items():
        if not name.startswith(RULINGS + ".") or name == RULINGS + ".registry":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.ImportFrom) and n.module == "registry" and n.level == 1
               and any(a.name == "rule" for a in n.names) for n in ast.walk(tree)):
            found.add(name)
    return found


def cross_imports(root: pathlib.Path) -> list[str]:
    """Every import of one rule module by another: what they share belongs in a module of
    its own (``knowledge``, ``playout``, ``wording``), so a rule can change alone."""
    graph, _ = import_graph(root)
    rules = rule_modules(root)
    return sorted(f"{a} -> {b}" for a in rules for b in graph.get(a, ()) if b in rules)


def test_no_rule_module_imports_another():
    rules = rule_modules(ROOT)
    assert {"compensation.rulings.info", "compensation.rulings.claims", "compensation.rulings.remedy",
            "compensation.rulings.raspasovka"} <= rules and "compensation.rulings.knowledge" not in rules
    assert cross_imports(ROOT) == []


def test_a_planted_rule_module_cross_import_fails(tmp_path):
    root = _tree(tmp_path, {
        "compensation/rulings/__init__.py": "",
        "compensation/rulings/registry.py": "def rule(*a):\n    pass\n",
        "compensation/rulings/shared.py": "X = 1\n",
        "compensation/rulings/a.py": "from .registry import rule\nfrom .shared import X\n",
        "compensation/rulings/b.py": "from .registry import rule\n\ndef f():\n    from .a import g\n",
    })
    assert rule_modules(root) == {"compensation.rulings.a", "compensation.rulings.b"}
    assert cross_imports(root) == ["compensation.rulings.b -> compensation.rulings.a"]


def _tree(tmp_path, files: dict[str, str]) -> pathlib.Path:
    for package in LAYERS:
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_a_clean_tree_passes(tmp_path):
    root = _tree(tmp_path, {
        "solver/cards.py": "import json\n",
        "solver/position.py": "from .cards import *\nfrom . import cards\n",
        "compensation/rules.py": "from solver.position import *\nimport solver.cards\n",
        "prefdd/cli.py": "def run():\n    from compensation import rules\n    from solver import cards\n",
    })
    graph, missing = import_graph(root)
    assert graph["prefdd.cli"] == {"compensation.rules", "solver.cards"}
    assert graph["solver.position"] == {"solver.cards"}
    assert (missing, upward(graph), circles(graph)) == ([], [], [])


def test_a_planted_upward_import_fails(tmp_path):
    # inside a function, where only a run that reaches it would notice
    root = _tree(tmp_path, {
        "solver/cards.py": "def show():\n    from prefdd import cli\n",
        "compensation/rules.py": "if False:\n    import prefdd.cli\n",
        "prefdd/cli.py": "from compensation.rules import *\n",
    })
    graph, _ = import_graph(root)
    assert upward(graph) == ["compensation.rules -> prefdd.cli", "solver.cards -> prefdd.cli"]


def test_a_planted_circle_fails(tmp_path):
    root = _tree(tmp_path, {
        "solver/a.py": "from . import b\n",
        "solver/b.py": "def f():\n    from .c import x\n",
        "solver/c.py": "from solver.a import y\n",
        "solver/d.py": "from solver import a\n",
        "compensation/__init__.py": "from .x import y\n",
        "compensation/x.py": "from compensation import z\n",  # z is a name in the package: its __init__
    })
    graph, _ = import_graph(root)
    assert circles(graph) == [["compensation", "compensation.x"], ["solver.a", "solver.b", "solver.c"]]


def test_an_import_of_a_module_that_is_gone_fails(tmp_path):
    root = _tree(tmp_path, {"prefdd/cli.py": "def run():\n    from solver.records import position_from_json\n"})
    assert import_graph(root)[1] == ["prefdd/cli.py:2: imports solver.records, which is no module"]


def named_in(doc: str) -> set[str]:
    """The words inside the Markdown code spans of a text (`a.py`, `cli/` ... give a, py, cli)."""
    doc = re.sub(r"```.*?```", "", doc, flags=re.S)  # fenced blocks first: their backticks pair with nothing
    return {w for span in re.findall(r"`([^`]+)`", doc) for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", span)}


def unplaced(root: pathlib.Path, doc: str) -> list[str]:
    """The modules of the three packages that the architecture page does not name."""
    words = named_in(doc)
    return sorted(str(p.relative_to(root)) for p in modules(root).values()
                  if (p.parent.name if p.name == "__init__.py" else p.stem) not in words)


def test_the_architecture_page_places_every_module():
    assert unplaced(ROOT, (ROOT / "docs" / "architecture.md").read_text()) == []


def test_a_module_the_page_does_not_name_is_found(tmp_path):
    root = _tree(tmp_path, {"solver/cards.py": "", "prefdd/formats/newfmt.py": ""})
    page = "```\nsolver ← prefdd\n```\n`solver/` `compensation/` `prefdd` `cards.py`, `formats/`"
    assert unplaced(root, page) == ["prefdd/formats/newfmt.py"]


# ---------------------------------------------------------------- the desk's page scripts
STATIC = ROOT / "prefdd" / "web" / "static"
# the page's ES modules, lowest first: each imports only modules of the levels before its own, so
# the views (one level) import no other view; a view that changes what another shows emits an
# event (common.js's hub) and app.js, the one list of what re-renders, wires it
JS_LEVELS = (
    ("plural",),  # generated from solver/russian.py (prefdd/web/plural.py)
    ("i18n",),
    ("common",),  # state, words, DOM and server helpers, the event hub
    ("long",),  # a long request: its seconds, progress and Stop
    ("deal",),  # the page's data: the deal, the table request, the convention's set
    ("picker", "table", "incident", "ruling", "sd", "conv"),  # the views
    ("keep",),  # download, upload, link: fills every view
    ("book_desk",),  # the book of rulings on the desk
    ("app", "book"),  # the desk's and the book page's entry points
)
JS_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']\./([\w.-]+)\.js["']""", re.M)


def js_imports(static: pathlib.Path) -> dict[str, list[str]]:
    """Each script of the page (its name without ``.js``) -> the scripts it imports."""
    return {p.stem: JS_IMPORT.findall(p.read_text(encoding="utf-8")) for p in sorted(static.glob("*.js"))}


def js_against_the_order(static: pathlib.Path, levels=JS_LEVELS) -> list[str]:
    """Every import that is not of a lower level, of a script that is not there, or by a
    script the order does not place."""
    level = {name: i for i, names in enumerate(levels) for name in names}
    graph = js_imports(static)
    bad = [f"{a}.js is not placed in JS_LEVELS" for a in graph if a not in level]
    for a, targets in graph.items():
        for b in targets:
            if b not in graph:
                bad.append(f"{a}.js imports {b}.js, which is not there")
            elif a in level and b in level and level[b] >= level[a]:
                bad.append(f"{a}.js -> {b}.js")
    return sorted(bad)


def test_the_page_scripts_import_one_way():
    graph = js_imports(STATIC)
    assert {"app", "common", "deal", "table", "ruling"} <= set(graph) and "common" in graph["deal"]
    assert js_against_the_order(STATIC) == []


def test_a_planted_view_importing_a_view_fails(tmp_path):
    import shutil

    for p in STATIC.glob("*.js"):
        shutil.copy(p, tmp_path / p.name)
    assert js_against_the_order(tmp_path) == []
    with open(tmp_path / "ruling.js", "a") as f:
        f.write('import { replay } from "./table.js";\n')  # a view importing a view
    with open(tmp_path / "deal.js", "a") as f:
        f.write("export { renderPicker } from './picker.js';\n")  # the data importing a view: upward
    (tmp_path / "extra.js").write_text('import { S } from "./common.js";\nimport { x } from "./gone.js";\n')
    assert js_against_the_order(tmp_path) == [
        "deal.js -> picker.js", "extra.js imports gone.js, which is not there", "extra.js is not placed in JS_LEVELS",
        "ruling.js -> table.js"]
