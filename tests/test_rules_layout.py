"""The rules package is laid out like the rulebook and stays that way (issue 19).

Checked from the source text: every module of ``nollab/rules`` is small; no import circle anywhere in ``nollab`` (counting
the imports inside functions too, so none of them can be dodging a circle); the only import inside
a function in ``nollab/rules`` is the picture's (render sits above rules); each rulebook chapter
only reaches the chapters below it; every queued engine task and every decision kind the rules
ask for has a registered function.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from nollab.rules import game  # noqa: F401  (imports every chapter: registers their steps and decisions)
from nollab.rules.engine.choices import RESOLVERS
from nollab.rules.engine.tasks import TASKS

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "nollab"
RULES = PKG / "rules"
MAX_LINES = 400

#: imports inside a function in nollab/rules, each with its reason
LOCAL_IMPORTS_ALLOWED = {
    ("game.py", "nollab.render"): "Game._repr_svg_: render sits above rules (DESIGN.md), imported when Jupyter "
                                  "asks for the picture (python-chess does the same for chess.svg)",
}

#: rulebook chapter -> the rules sub-packages it may import (the engine core is below all of them)
CHAPTER_DEPENDS = {
    "engine": set(),
    "survivors": {"engine"},
    "ghouls": {"engine"},
    "spawn": {"engine", "ghouls", "survivors"},
    "combat": {"engine", "survivors", "players"},
    "players": {"engine", "survivors", "combat", "rounds"},
    "rounds": {"engine", "survivors", "players"},
    "scenes": {"engine", "survivors", "spawn"},
    # not a chapter: a whole position as text and card copies by name (above the chapters, below game)
    "position": {"engine", "survivors", "scenes", "rounds"},
    # not a chapter: the schema of a saved game, checked before a Game is built (issue 12)
    "saves": {"engine", "scenes"},
}
TOP = {"game", "game_chance", "sandbox", "snapshot", "view", "labels", "index", "__init__"}  # view, labels: the view model


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PKG.rglob("*.py")}


def imports_of(path: Path, mods: dict[str, Path]) -> list[tuple[str, int, bool]]:
    """(imported nollab module, line, inside a function?) for every import in ``path``."""
    tree = ast.parse(path.read_text())
    me = module_name(path)
    out = []

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # read by type checkers only, never run
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                for a in child.names:
                    out.append((a.name, child.lineno, in_function))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    pkg = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
                    pkg = pkg[: len(pkg) - child.level + 1]
                    base = ".".join(pkg + ([base] if base else []))
                for a in child.names:
                    sub = f"{base}.{a.name}"
                    out.append((sub if sub in mods else base, child.lineno, in_function))
            visit(child, inside)

    visit(tree, False)
    return [(m, line, f) for m, line, f in out if m.split(".")[0] == "nollab" and m in mods]


def test_rules_modules_are_small():
    big = {str(p.relative_to(ROOT)): n for p in RULES.rglob("*.py") if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not big, f"modules over {MAX_LINES} lines (split them by rule): {big}"


def test_rules_package_follows_the_rulebook_chapters():
    chapters = {p.name for p in RULES.iterdir() if (p / "__init__.py").exists()}
    assert chapters == set(CHAPTER_DEPENDS)
    loose = {p.stem for p in RULES.glob("*.py")}
    assert loose == TOP, f"modules outside a chapter: {sorted(loose - TOP)}"
    for ch in chapters:
        doc = ast.get_docstring(ast.parse((RULES / ch / "__init__.py").read_text()))
        listed = {line.split()[0] for line in doc.splitlines() if line and line[0].islower()}
        present = {p.stem for p in (RULES / ch).glob("*.py")} - {"__init__"}
        assert present <= listed, f"rules/{ch}/__init__.py: list {sorted(present - listed)} in its table"


def test_no_import_circle_through_the_rules():
    """Tarjan's strongly connected components over every import of ``nollab`` (module level and
    inside functions), a package counting as imported with each of its modules: no circle passes
    through ``nollab.rules``."""
    mods = modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        for target, _line, _local in imports_of(p, mods):
            if target != m:
                graph[m].add(target)
        parent = m.rsplit(".", 1)[0]
        if "." in m and parent in mods and parent != m:
            graph[m].add(parent)  # importing a module runs its package's __init__ first
    # a package's __init__ importing its own modules is not a circle with them
    for m in mods:
        graph[m] = {t for t in graph[m] if not (mods[m].name == "__init__.py" and t.startswith(m + "."))
                    and not (mods.get(t) and mods[t].name == "__init__.py" and m.startswith(t + "."))}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    circles = []

    def strong(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 and any(c.startswith("nollab.rules") for c in comp):
                circles.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    assert not circles, f"import circles: {circles}"


def test_no_import_inside_a_function_in_the_rules():
    mods = modules()
    found = {}
    for p in RULES.rglob("*.py"):
        for target, line, local in imports_of(p, mods):
            if local:
                found[(str(p.relative_to(RULES)), target.rsplit(".", 1)[0] if target.count(".") > 1 else target)] = line
        tree = ast.parse(p.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for sub in ast.walk(node):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        mod = sub.module if isinstance(sub, ast.ImportFrom) else sub.names[0].name
                        found.setdefault((str(p.relative_to(RULES)), mod or "."), sub.lineno)
    unexplained = {k: v for k, v in found.items() if k not in LOCAL_IMPORTS_ALLOWED}
    assert not unexplained, f"imports inside functions (move them to the top): {unexplained}"


def test_each_chapter_only_reaches_the_chapters_below_it():
    mods = modules()
    wrong = []
    for p in RULES.rglob("*.py"):
        rel = p.relative_to(RULES).parts
        if len(rel) < 2:
            continue
        chapter = rel[0]
        for target, line, _local in imports_of(p, mods):
            parts = target.split(".")
            if parts[:2] != ["nollab", "rules"] or len(parts) < 3:
                continue
            dep = parts[2]
            if dep != chapter and dep not in CHAPTER_DEPENDS[chapter]:
                wrong.append(f"rules/{'/'.join(rel)}:{line} imports {target}")
    assert not wrong, wrong


def _task_name(node) -> str | None:
    """The step name of a ``Task("name", ...)`` record built in the rules (a queued engine step)."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Task" and node.args \
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        return node.args[0].value
    return None


def test_every_queued_task_and_asked_choice_is_registered():
    queued, asked = set(), set()
    for p in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text())):
            if _task_name(node) is not None:
                queued.add(_task_name(node))
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Choice" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                asked.add(node.args[0].value)
    assert len(queued) > 15 and len(asked) > 10  # the scan sees the rules
    assert queued <= set(TASKS), f"queued but not registered: {sorted(queued - set(TASKS))}"
    ordinary = {k for k in asked if not k.startswith("scene:")}
    assert ordinary <= set(RESOLVERS), f"asked but no resolver: {sorted(ordinary - set(RESOLVERS))}"


@pytest.mark.parametrize("name", ["round_start", "next_turn", "activation", "spawn_card", "end_phase", "hits"])
def test_the_engine_steps_are_registered_by_the_chapter_that_writes_the_rule(name):
    mod = TASKS[name].__module__
    assert mod.split(".")[2] in CHAPTER_DEPENDS and mod.split(".")[2] != "engine", mod
