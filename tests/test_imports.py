"""The package's imports point down and form no cycle (issue 18).

Every ``import`` and ``from ... import`` of every module of ``sudoku_cp`` is read with
:mod:`ast`, at module level and inside functions alike (a lazy import still makes a
cycle), except under ``if TYPE_CHECKING:`` (annotations only, never run). ``from a
import b`` is an import of module ``a.b`` when there is one, else of ``a``. Importing a
submodule also runs its package's ``__init__``, but that edge is left out: every
package would otherwise be in a cycle with the submodules its ``__init__`` re-exports.

Layers: features (explanations, grades, the generator, conflicts, pictures, the CLI...)
above the backends, above the engine, above the constraint vocabulary.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "sudoku_cp"
PACKAGE = "sudoku_cp"

FEATURES = (
    "sudoku_cp.techniques",
    "sudoku_cp.grading",
    "sudoku_cp.stepwise",
    "sudoku_cp.generator",
    "sudoku_cp.conflict",
    "sudoku_cp.svg",
    "sudoku_cp.cli",
    "sudoku_cp.compare",
    "sudoku_cp.batch",
    "sudoku_cp.counting",
    "sudoku_cp.interactive",
)
"""The feature modules (a package stands for all its modules)."""

BACKENDS = ("sudoku_cp.backends",)
ENGINE = ("sudoku_cp.engine", "sudoku_cp.constraints")


def _module_names() -> dict[str, Path]:
    names = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


MODULES = _module_names()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(module: str) -> set[str]:
    """The package modules ``module`` imports anywhere but under ``if TYPE_CHECKING:``."""
    path = MODULES[module]
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def target(name: str) -> None:
        while name and name not in MODULES:  # an attribute of a module: the module
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PACKAGE:
                    target(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if source.split(".")[0] == PACKAGE:
                for alias in node.names:
                    name = f"{source}.{alias.name}"
                    target(name if name in MODULES else source)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    return found


GRAPH = {module: _imports(module) for module in sorted(MODULES)}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph[node]):
            if successor not in index:
                connect(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in graph:
        if node not in index:
            connect(node)
    return components


def _in(module: str, layer: tuple[str, ...]) -> bool:
    return any(module == name or module.startswith(name + ".") for name in layer)


def test_the_walk_sees_the_package():
    assert {"sudoku_cp", "sudoku_cp.engine.search", "sudoku_cp.techniques.table"} <= set(GRAPH)
    assert "sudoku_cp.constraints" in GRAPH["sudoku_cp.rules"]
    assert "sudoku_cp.engine.search" in GRAPH["sudoku_cp.grading"]


def test_a_lazy_import_counts_and_type_checking_does_not(tmp_path, monkeypatch):
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from sudoku_cp import grid\n"
        "def f():\n    from sudoku_cp.engine import search\n"
    )
    path = tmp_path / "probe.py"
    path.write_text(source)
    monkeypatch.setitem(MODULES, "sudoku_cp.probe", path)
    assert _imports("sudoku_cp.probe") == {"sudoku_cp.engine.search"}
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle():
    cycles = _cycles(GRAPH)
    described = [
        " <-> ".join(cycle) + ": " + "; ".join(f"{m} -> {sorted(GRAPH[m] & set(cycle))}" for m in cycle)
        for cycle in cycles
    ]
    assert not cycles, "\n".join(described)


@pytest.mark.parametrize(
    ("lower", "upper"),
    [(ENGINE, BACKENDS), (ENGINE, FEATURES), (BACKENDS, FEATURES)],
    ids=["engine-imports-no-backend", "engine-imports-no-feature", "backends-import-no-feature"],
)
def test_layers_point_down(lower, upper):
    wrong = [
        f"{module} imports {imported}"
        for module, imports in GRAPH.items()
        if _in(module, lower)
        for imported in sorted(imports)
        if _in(imported, upper)
    ]
    assert not wrong, "\n".join(wrong)


def test_errors_import_nothing_and_pictures_import_no_puzzle():
    assert GRAPH["sudoku_cp.errors"] == set()  # the raiser gives NoSolutionError its explainer
    assert not GRAPH["sudoku_cp.svg"] & {"sudoku_cp.grid", "sudoku_cp.puzzle", "sudoku_cp.rules"}
