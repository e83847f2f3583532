"""The rule modules form no import cycle: shared pieces live below them (playout, ruling, wording)."""
import ast
import pathlib

PKG = pathlib.Path(__file__).resolve().parents[2] / "compensation" / "rulings"


def _imports(path: pathlib.Path) -> set:
    """Sibling modules imported anywhere in the file (module level or inside a function)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)
    return out


def test_no_import_cycle_inside_the_rulings_package():
    mods = {p.stem: _imports(p) for p in PKG.glob("*.py") if p.stem != "__init__"}
    graph = {m: {d for d in deps if d in mods} for m, deps in mods.items()}
    state: dict = {}

    def visit(m, path):
        state[m] = "open"
        for d in sorted(graph[m]):
            assert state.get(d) != "open", "import cycle: " + " -> ".join(path + [m, d])
            if d not in state:
                visit(d, path + [m])
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    assert "playout" in graph and not graph["playout"] - {"ruling", "wording"}
