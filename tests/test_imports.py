"""The package's imports point down its layers and form no cycle (issues 18 and 30).

Every ``import`` and ``from ... import`` of every module of ``sudoku_cp`` is read with
:mod:`ast`: at module level, inside functions (a lazy import still makes a cycle) and
under ``if TYPE_CHECKING:`` (an annotation still ties a layer to another) alike. ``from a
import b`` is an import of module ``a.b`` when there is one, else of ``a``. Importing a
submodule also runs its package's ``__init__``, but that edge is left out: every
package would otherwise be in a cycle with the submodules its ``__init__`` re-exports.

The layers, lowest first, are :data:`LAYERS`; a module imports its own layer or lower
ones. The only edges up are :data:`FORWARDERS`: input and output methods of the value
types (``Grid.parse``, ``Puzzle.from_link``, ``to_svg``...) that import their layer
inside the method, so the value types load without it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "sudoku_cp"
PACKAGE = "sudoku_cp"

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("sudoku_cp.errors", "sudoku_cp.naming", "sudoku_cp.progress", "sudoku_cp._moved")),
    ("model", ("sudoku_cp.model", "sudoku_cp.result")),
    ("io", ("sudoku_cp.io", "sudoku_cp.datasets")),
    ("engine", ("sudoku_cp.engine",)),
    ("backends", ("sudoku_cp.backends",)),
    ("pictures", ("sudoku_cp.pictures",)),
    ("reasoning", ("sudoku_cp.reasoning",)),
    ("interactive", ("sudoku_cp.interactive",)),
    ("api", ("sudoku_cp",)),  # api, counting, batch, compare, cli, the package itself
)
"""The layers, lowest first: a module is in the layer of the longest prefix it has here
(a package stands for all its modules)."""

FORWARDERS: dict[tuple[str, str], str] = {
    ("sudoku_cp.model.grid", "sudoku_cp.io.formats"): "Grid.parse, Grid.from_rows, Grid.format",
    ("sudoku_cp.model.grid", "sudoku_cp.pictures.svg"): "Drawn.to_svg (of Grid, MultiGrid and Puzzle)",
    ("sudoku_cp.model.puzzle", "sudoku_cp.io.links"): "Puzzle.from_link, from_fpuzzles, to_link, to_fpuzzles",
    ("sudoku_cp.model.puzzle", "sudoku_cp.io.iss"): "Puzzle.to_iss",
}
"""The only imports up a layer, each inside the methods named (never at module level)."""


def _module_names() -> dict[str, Path]:
    names = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


MODULES = _module_names()


def _imports(module: str, *, module_level: bool = False) -> set[str]:
    """The package modules ``module`` imports anywhere (``module_level``: outside functions)."""
    path = MODULES[module]
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def target(name: str) -> None:
        while name and name not in MODULES:  # an attribute of a module: the module
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)

    def visit(node: ast.AST) -> None:
        if module_level and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
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


def layer_of(module: str) -> int:
    """The rank of ``module``'s layer in :data:`LAYERS` (0 lowest)."""
    found = [
        (len(prefix), rank)
        for rank, (_, prefixes) in enumerate(LAYERS)
        for prefix in prefixes
        if module == prefix or module.startswith(prefix + ".")
    ]
    return max(found)[1]


def test_the_walk_sees_the_package():
    assert {"sudoku_cp", "sudoku_cp.engine.search", "sudoku_cp.reasoning.techniques.table"} <= set(GRAPH)
    assert "sudoku_cp.model.constraints" in GRAPH["sudoku_cp.model.rules"]
    assert "sudoku_cp.engine.search" in GRAPH["sudoku_cp.reasoning.grading"]


def test_lazy_and_type_checking_imports_count(tmp_path, monkeypatch):
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from sudoku_cp.model import grid\n"
        "def f():\n    from sudoku_cp.engine import search\n"
    )
    path = tmp_path / "probe.py"
    path.write_text(source)
    monkeypatch.setitem(MODULES, "sudoku_cp.probe", path)
    assert _imports("sudoku_cp.probe") == {"sudoku_cp.engine.search", "sudoku_cp.model.grid"}
    assert _imports("sudoku_cp.probe", module_level=True) == {"sudoku_cp.model.grid"}
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_every_module_is_in_a_layer():
    assert layer_of("sudoku_cp.model.grid") < layer_of("sudoku_cp.io.links") < layer_of("sudoku_cp.api")
    assert all(isinstance(layer_of(module), int) for module in GRAPH)


def _without_forwarders() -> dict[str, set[str]]:
    return {
        module: {i for i in imports if (module, i) not in FORWARDERS} for module, imports in GRAPH.items()
    }


def test_no_import_cycle():
    graph = _without_forwarders()
    cycles = _cycles(graph)
    described = [
        " <-> ".join(cycle) + ": " + "; ".join(f"{m} -> {sorted(graph[m] & set(cycle))}" for m in cycle)
        for cycle in cycles
    ]
    assert not cycles, "\n".join(described)


def test_layers_point_down():
    wrong = [
        f"{module} ({LAYERS[layer_of(module)][0]}) imports {imported} ({LAYERS[layer_of(imported)][0]})"
        for module, imports in _without_forwarders().items()
        for imported in sorted(imports)
        if layer_of(imported) > layer_of(module)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(("module", "imported"), sorted(FORWARDERS))
def test_a_forwarder_imports_up_only_inside_its_methods(module, imported):
    assert imported in GRAPH[module], f"{module} no longer imports {imported}: drop it from FORWARDERS"
    assert imported not in _imports(module, module_level=True)


def test_errors_import_nothing():
    assert GRAPH["sudoku_cp.errors"] == set()  # the raiser gives NoSolutionError its explainer
