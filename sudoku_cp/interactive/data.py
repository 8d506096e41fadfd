"""The package's own records as plain JSON data for the interactive widgets and pages.

One function per widget, each reading the package's data structures (never their text):

* :func:`explanation_data`: an :class:`~sudoku_cp.reasoning.stepwise.Explanation` (its
  :class:`~sudoku_cp.reasoning.stepwise.Step` records and
  :meth:`~sudoku_cp.reasoning.stepwise.Explanation.state`);
* :func:`trace_data`: a :class:`~sudoku_cp.engine.trace.SearchTrace` (its nodes and the
  :class:`~sudoku_cp.engine.trace.Removal` records of each);
* :func:`propagation_data`: a :class:`~sudoku_cp.engine.trace.Propagation`, grouped into
  rule applications (:func:`applications`).

The dictionaries hold only lists, strings, numbers and booleans (``json.dumps`` takes them
as they are). Cells are ``[row, column]`` and candidates ``[row, column, value]``, rows and
columns 0-based; the page's JavaScript (``static/widget.js``) draws them.

>>> from sudoku_cp.model.grid import Grid
>>> from sudoku_cp.model.puzzle import Puzzle
>>> from sudoku_cp.engine.trace import trace_search
>>> grid = Grid.parse("12.." "34.." "...." "....")
>>> data = trace_data(trace_search(grid, order="row-major"), Puzzle(grid).model)
>>> data["kind"], data["board"]["side"], len(data["nodes"]), data["path"]
('trace', 4, 5, [0, 1, 2, 3, 4])
>>> data["nodes"][1]  # parent, cell, value, status code, depth, subtree size, solutions, failed by
[0, 2, 3, 0, 1, 4, 1, -1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sudoku_cp.engine.trace import Propagation, Removal, SearchTrace
from sudoku_cp.model.constraints import Constraint, Model, OriginKind
from sudoku_cp.model.grid import digit_char

if TYPE_CHECKING:
    from sudoku_cp.model.puzzle import Puzzle
    from sudoku_cp.reasoning.stepwise import Explanation, Step

RULES = ("forward checking", "hidden single", "Hall set", "propagator", "your propagation")
"""The rules a :class:`~sudoku_cp.engine.trace.Removal` names, in the order of their
codes in the data (``rule`` 0 is forward checking); the page colours each its own way. The
last is a hand-written search's (:func:`sudoku_cp.engine.teaching.record_search`)."""

STATUSES = ("open", "failed", "solution", "unexplored")
"""A trace node's status, in the order of its code in :func:`trace_data`."""

HINT_LEVELS = ("technique", "house", "cells", "deduction")
"""The levels of a graded hint, vaguest first (HoDoKu's hints: the technique, then
where, then the step)."""


def hint_levels(step: Step) -> tuple[str, str, str, str]:
    """A step said four times, each more telling than the one before
    (:meth:`sudoku_cp.reasoning.stepwise.Step.hint_text`): the technique, the house it works in, its
    premise cells, and the whole deduction.

    >>> from sudoku_cp.reasoning.stepwise import explain
    >>> step = explain("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")[0]
    >>> for line in hint_levels(step):
    ...     print(line)
    Next technique: naked single.
    Next technique: naked single, in row 5.
    Next technique: naked single, in row 5; look at r5c6.
    naked single: r5c6=4 (the only candidate left in r5c6)
    """
    return step.hint_levels()


def _regions(model: Model) -> list[int]:
    """Each cell's box or jigsaw region number (``0`` everywhere when there are none)."""
    owner = [0] * model.cell_count
    groups = [c for c in model.constraints if c.origin.kind == OriginKind.REGION] or [
        c for c in model.constraints if c.origin.kind == OriginKind.BOX
    ]
    for number, constraint in enumerate(groups):
        for cell in constraint.cells:
            owner[cell] = number
    return owner


def _board(model: Model, givens: Sequence[int]) -> dict[str, Any]:
    """What every widget draws the grid from: side, cell positions, regions, givens (values
    ``1..n``), and on a grid of other digits ``chars``, the character of each value (``"0"``
    for the value 1 of ``0..8``)."""
    positions = [list(model.position(c)) for c in range(model.cell_count)]
    board = {
        "side": model.side,
        "rows": max(r for r, _ in positions) + 1,
        "columns": max(c for _, c in positions) + 1,
        "positions": positions,
        "regions": _regions(model),
        "givens": list(givens),
    }
    if model.digits:
        board["chars"] = [digit_char(d) for d in model.digits]
    return board


def explanation_data(explanation: Explanation) -> dict[str, Any]:
    """An explanation as data: the board, the digits and candidates before the first
    step, and for each step its text, its four hint levels, its premise cells and
    candidates, its units' cells, its chain links and what it places and removes.

    The state before each later step is not stored (it would repeat the grid once a step):
    the page replays the steps, each removing its eliminations and setting each placed cell
    to its digit, which gives :meth:`~sudoku_cp.reasoning.stepwise.Explanation.state` exactly
    (``tests/test_interactive.py`` checks it).

    Args:
        explanation: the result of :func:`sudoku_cp.reasoning.stepwise.explain`.

    Returns:
        ``{"kind": "explain", "board": ..., "start": {"digits", "candidates"}, "steps": [...],
        "summary": str, "hintLevels": [...]}``.
    """
    from sudoku_cp.reasoning.stepwise import _cells_by_origin, _chain_links  # the one place that knows them

    puzzle: Puzzle = explanation.puzzle
    model = puzzle.model
    cells_of = _cells_by_origin(puzzle)
    steps = []
    for index, step in enumerate(explanation.steps):
        _, candidates = explanation.state(index)  # where the links' ends are
        links = (
            _chain_links(step.chain, candidates, model) if step.chain is not None else []
        )  # candidates at the links' ends, strong or weak
        steps.append(
            {
                "text": str(step),
                "technique": step.technique,
                "hints": list(hint_levels(step)),
                "cells": [list(c) for c in step.cells],
                "premises": [list(t) for t in step.candidates],
                "placements": [list(t) for t in step.placements],
                "eliminations": [list(t) for t in step.eliminations],
                "units": list(step.units),
                "unitCells": [[list(c) for c in cells_of[o]] for o in step.origins if o in cells_of][:4],
                "links": [[[list(t) for t in a], [list(t) for t in b], strong] for a, b, strong in links],
            }
        )
    digits, candidates = explanation.state(0)
    return {
        "kind": "explain",
        "board": _board(model, puzzle.grid.cells),
        "start": {"digits": list(digits), "candidates": [list(c) for c in candidates]},
        "steps": steps,
        "summary": explanation.summary(),
        "hintLevels": list(HINT_LEVELS),
    }


class _Labels:
    """Constraint labels, each once, numbered in the order met."""

    def __init__(self) -> None:
        self.numbers: dict[int, int] = {}
        self.labels: list[str] = []

    def __call__(self, constraint: Constraint | None) -> int:
        if constraint is None:
            return -1
        key = id(constraint)
        if key not in self.numbers:
            self.numbers[key] = len(self.labels)
            self.labels.append(constraint.label)
        return self.numbers[key]


def _removals(removals: Sequence[Removal], labels: _Labels) -> list[list[int]]:
    """Each removal as ``[cell, value, rule code, constraint number]``."""
    return [[r.cell, r.value, RULES.index(r.rule), labels(r.constraint)] for r in removals]


def trace_data(trace: SearchTrace, model: Model) -> dict[str, Any]:
    """A recorded search as data, compact enough for thousands of nodes.

    Args:
        trace: the result of :func:`sudoku_cp.engine.trace.trace_search`.
        model: the compiled model of the puzzle it searched (``puzzle.model``): its givens,
            regions and the domains the search started from.

    Returns:
        ``{"kind": "trace", "board", "nodes", "removals", "labels", "rules", "path",
        "initial", ...}``: ``nodes[i]`` is ``[parent, cell, value, status code, depth,
        subtree size, solutions in the subtree, failed-by constraint number]`` (``-1``
        for none; the root's cell and value are ``-1``), its children are the nodes whose
        parent it is, in order; ``removals[i]`` lists node ``i``'s removals as
        ``[cell, value, rule code, constraint number]``; ``initial`` holds each cell's
        values before the root's propagation. A node's domains are the initial ones with,
        along the path from the root, each decision's cell set to its value and each
        node's removals taken out (the page does this when a node is clicked).

    Raises:
        ValueError: ``model`` is not the size of the trace's grid.
    """
    if model.cell_count != trace.side * trace.side and trace.positions is None:
        raise ValueError(
            f"the model has {model.cell_count} cells, the trace searched a {trace.side}x{trace.side}"
        )
    labels = _Labels()
    size = [1] * len(trace.nodes)
    found = [int(node.status == "solution") for node in trace.nodes]
    for node in reversed(trace.nodes):  # children come after their parent
        if node.parent is not None:
            size[node.parent] += size[node.index]
            found[node.parent] += found[node.index]
    nodes = [
        [
            -1 if node.parent is None else node.parent,
            -1 if node.decision is None else node.decision[0],
            -1 if node.decision is None else node.decision[1],
            STATUSES.index(node.status),
            node.depth,
            size[node.index],
            found[node.index],
            labels(node.failed_by),
        ]
        for node in trace.nodes
    ]
    removals = [_removals(node.removals, labels) for node in trace.nodes]
    board = _board(model, model.givens)
    return {
        "kind": "trace",
        "board": board,
        "order": trace.order,
        "propagation": trace.propagation,
        "complete": trace.complete,
        "decisions": trace.decisions,
        "failures": trace.failures,
        "nodes": nodes,
        "removals": removals,
        "labels": labels.labels,
        "rules": list(RULES),
        "statuses": list(STATUSES),
        "path": trace.path_to_first_solution(),
        "initial": [list(domain) for domain in model.domains()],
    }


def applications(removals: Sequence[Removal]) -> list[list[Removal]]:
    """Consecutive removals by the same constraint and rule, grouped: one rule application
    each (a decided cell's value leaving its unit, one hidden single, one Hall set...)."""
    groups: list[list[Removal]] = []
    for removal in removals:
        last = groups[-1][-1] if groups else None
        if last is not None and last.constraint is removal.constraint and last.rule == removal.rule:
            if removal.rule != "forward checking" or _same_source(groups[-1], removal):
                groups[-1].append(removal)
                continue
        groups.append([removal])
    return groups


def _same_source(group: list[Removal], removal: Removal) -> bool:
    """Forward checking removes one decided value from a unit's other cells: a removal of
    another value is another application."""
    return group[0].value == removal.value


def propagation_data(propagation: Propagation, model: Model) -> dict[str, Any]:
    """A propagation to its fixed point as data, one rule application at a time.

    Args:
        propagation: the result of :func:`sudoku_cp.engine.trace.propagate`.
        model: the puzzle's compiled model (``puzzle.model``).

    Returns:
        ``{"kind": "propagation", "board", "initial", "steps", "labels", "rules", ...}``:
        ``steps[i]`` is ``{"rule": code, "constraint": number, "cells": [[row, column]],
        "removed": [[row, column, value]]}`` for the constraint's cells and the candidates
        the application removed; ``initial`` holds each cell's values before any.
    """
    labels = _Labels()
    steps = []
    for group in applications(propagation.removals):
        constraint = group[0].constraint
        steps.append(
            {
                "rule": RULES.index(group[0].rule),
                "constraint": labels(constraint),
                "cells": [list(model.position(c)) for c in constraint.cells],
                "removed": [[*model.position(r.cell), r.value] for r in group],
            }
        )
    return {
        "kind": "propagation",
        "board": _board(model, model.givens),
        "propagation": propagation.propagation,
        "initial": [list(domain) for domain in model.domains()],
        "steps": steps,
        "labels": labels.labels,
        "rules": list(RULES),
        "failedBy": None if propagation.failed_by is None else propagation.failed_by.label,
        "solved": propagation.solved,
    }
