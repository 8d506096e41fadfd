"""A recorded search, for teaching: every decision, what propagation removed and why.

:func:`trace_search` runs a plain depth-first search over the candidates of a puzzle
and keeps a :class:`SearchTrace`: one :class:`Node` per decision, with the candidates
its propagation removed, each attributed to the constraint that removed it (a
:class:`Removal`), and how the node ended (a dead end, a solution, or not explored
because the trace reached its cap). It is slower than the engine's
:class:`~sudoku_cp.engine.search.BitmaskSearch` (it records everything and copies the
candidates at each node) and meant for small trees: a 4x4, or a 9x9 puzzle that
propagation nearly solves.

Two choices a CP course compares are parameters:

* ``order``: ``"row-major"`` branches on the first open cell, reading row by row (the
  search whose first solution is the smallest row-major one), ``"smallest-domain"`` on
  the open cell with the fewest candidates, ties broken row-major (the "first fail"
  principle, Haralick and Elliott, "Increasing tree search efficiency for constraint
  satisfaction problems", Artificial Intelligence 1980);
* ``propagation``: ``"forward"`` (forward checking: a decided cell's value leaves its
  peers; every sum, order and table constraint keeps the values it supports),
  ``"hidden"`` (also hidden singles: a value with one place left in a unit goes there),
  ``"hall"`` (also Hall sets: the AllDifferent filtering of Régin, AAAI 1994).

Values are tried in ascending order, so with ``order="row-major"`` the first solution
met is the smallest row-major solution and the trace's :attr:`SearchTrace.first_solution`
path is the proof's search.

>>> from sudoku_cp.model.grid import Grid
>>> trace = trace_search(Grid.parse("12.." "34.." "...." "...."), order="row-major", max_solutions=1)
>>> trace.solutions[0][:8]
(1, 2, 3, 4, 3, 4, 1, 2)
>>> [trace.nodes[i].decision for i in trace.path_to_first_solution()][1:3]
[(2, 3), (6, 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sudoku_cp.engine.hall import hall_sets
from sudoku_cp.engine.propagators import engine_model, propagator
from sudoku_cp.errors import InvalidArgumentError
from sudoku_cp.model.constraints import AllDifferent, Constraint, Model, cell_name

if TYPE_CHECKING:
    from sudoku_cp.model.grid import Grid
    from sudoku_cp.model.puzzle import Puzzle

ORDERS = ("row-major", "smallest-domain")
PROPAGATIONS = ("forward", "hidden", "hall")


@dataclass(frozen=True)
class Removal:
    """One candidate removed by propagation.

    Attributes:
        cell: the cell (row-major index).
        value: the value removed.
        constraint: the constraint that removed it.
        rule: ``"forward checking"``, ``"hidden single"``, ``"Hall set"`` or
            ``"propagator"`` (a sum, order or table constraint's own propagation).
    """

    cell: int
    value: int
    constraint: Constraint
    rule: str


@dataclass
class Node:
    """One node of the search tree.

    Attributes:
        index: its position in :attr:`SearchTrace.nodes` (the root is 0).
        parent: the parent's index, ``None`` at the root.
        decision: ``(cell, value)`` tried here, ``None`` at the root.
        depth: decisions from the root.
        removals: what propagation removed after the decision, in order.
        status: ``"open"`` (has children), ``"failed"`` (a dead end), ``"solution"``,
            or ``"unexplored"`` (the trace's cap was reached before this node was searched).
        failed_by: the constraint that emptied a cell (or found no place for a value)
            at a dead end, else ``None``.
        children: the children's indices, in the order they were tried.
    """

    index: int
    parent: int | None
    decision: tuple[int, int] | None
    depth: int
    removals: tuple[Removal, ...] = ()
    status: str = "open"
    failed_by: Constraint | None = None
    children: list[int] = field(default_factory=list)


@dataclass
class SearchTrace:
    """The recorded search tree of :func:`trace_search`.

    Attributes:
        side: the grid's ``n``.
        order, propagation: the choices the search was run with.
        nodes: every node, in the order they were visited (depth first).
        solutions: the solutions found, each ``n*n`` values row-major, in the order met.
        complete: True unless the node cap cut the search off (a search stopped by
            ``max_solutions`` is complete up to that solution).
        positions: on a multi-grid board, each cell's ``(row, column)`` on the board
            (:attr:`sudoku_cp.model.constraints.Model.positions`); ``None`` on one grid.
        digits: on a grid of other digits (``0..8``), its digits, the values above being
            their positions (:attr:`sudoku_cp.model.constraints.Model.digits`); ``None``
            on ``1..n``. The texts name the digits (:meth:`digit`).
    """

    side: int
    order: str
    propagation: str
    nodes: list[Node]
    solutions: list[tuple[int, ...]]
    complete: bool
    positions: tuple[tuple[int, int], ...] | None = None
    digits: tuple[int, ...] | None = None

    def digit(self, value: int) -> int:
        """The digit a value (a position on a grid of other digits) stands for."""
        return self.digits[value - 1] if self.digits else value

    def cell_name(self, cell: int) -> str:
        """``"r3c7"``: the cell's 1-based row and column (on the board, for a multi-grid)."""
        if self.positions is None:
            return cell_name(cell, self.side)
        row, column = self.positions[cell]
        return f"r{row + 1}c{column + 1}"

    @property
    def failures(self) -> int:
        """The number of dead ends."""
        return sum(node.status == "failed" for node in self.nodes)

    @property
    def decisions(self) -> int:
        """The number of decisions tried (the nodes below the root)."""
        return len(self.nodes) - 1

    def path_to_first_solution(self) -> list[int]:
        """The node indices from the root to the first solution met (``[]`` if none)."""
        first = next((node for node in self.nodes if node.status == "solution"), None)
        path = []
        while first is not None:
            path.append(first.index)
            first = None if first.parent is None else self.nodes[first.parent]
        return path[::-1]

    def describe(self, node: int) -> str:
        """One line about a node: its decision, what it removed, how it ended."""
        n = self.nodes[node]
        head = (
            "root" if n.decision is None else f"{self.cell_name(n.decision[0])}={self.digit(n.decision[1])}"
        )
        ending = {"failed": "dead end", "solution": "solution", "open": "", "unexplored": "not explored"}
        why = f" ({n.failed_by.label})" if n.failed_by is not None else ""
        return f"{head}: {len(n.removals)} candidates removed" + (
            f", {ending[n.status]}{why}" if ending[n.status] else ""
        )


def _values(mask: int) -> list[int]:
    """The values whose bits are set in ``mask``, ascending."""
    return [v for v in range(1, mask.bit_length() + 1) if mask >> (v - 1) & 1]


class _Failure(Exception):
    def __init__(self, constraint: Constraint) -> None:
        self.constraint = constraint


def trace_search(
    puzzle: Puzzle | Grid | Model,
    *,
    order: str = "smallest-domain",
    propagation: str = "hidden",
    max_nodes: int = 200,
    max_solutions: int | None = 1,
) -> SearchTrace:
    """Search ``puzzle`` depth first and record the tree (see the module docstring).

    Args:
        puzzle: a :class:`~sudoku_cp.model.puzzle.Puzzle`, a :class:`~sudoku_cp.model.grid.Grid`
            (classic rules) or a compiled :class:`~sudoku_cp.model.constraints.Model`.
        order: ``"row-major"`` or ``"smallest-domain"``: which open cell to branch on.
        propagation: ``"forward"``, ``"hidden"`` or ``"hall"``: how much to propagate.
        max_nodes: the cap on recorded nodes; nodes past it are ``"unexplored"``.
        max_solutions: stop after this many solutions (``None``: search the whole tree).

    Returns:
        The :class:`SearchTrace`.

    Raises:
        ValueError: an unknown ``order`` or ``propagation``, or ``max_nodes < 1``.
        NotSupportedError: the model holds a constraint kind the engine cannot propagate.
    """
    if order not in ORDERS:
        raise InvalidArgumentError(f"order must be one of {', '.join(ORDERS)}, not {order!r}")
    if propagation not in PROPAGATIONS:
        raise InvalidArgumentError(
            f"propagation must be one of {', '.join(PROPAGATIONS)}, not {propagation!r}"
        )
    if max_nodes < 1:
        raise InvalidArgumentError(f"max_nodes must be at least 1, not {max_nodes}")
    model = puzzle if isinstance(puzzle, Model) else _model(puzzle)
    recorder = _Recorder(model, order, propagation, max_nodes, max_solutions)
    return recorder.run()


@dataclass(frozen=True)
class Propagation:
    """The candidates after propagating the givens once, with no search.

    Attributes:
        propagation: ``"forward"``, ``"hidden"`` or ``"hall"``.
        candidates: ``n*n`` tuples of each cell's values left, row-major.
        removals: what was removed, in order, each with its constraint.
        failed_by: the constraint that found a contradiction, or ``None``.
    """

    propagation: str
    candidates: tuple[tuple[int, ...], ...]
    removals: tuple[Removal, ...]
    failed_by: Constraint | None

    @property
    def solved(self) -> bool:
        """True when every cell has one value left (propagation alone solved the puzzle)."""
        return self.failed_by is None and all(len(c) == 1 for c in self.candidates)

    @property
    def open_cells(self) -> int:
        """The cells with more than one value left."""
        return sum(len(c) > 1 for c in self.candidates)


def propagate(puzzle: Puzzle | Grid | Model, propagation: str = "hidden") -> Propagation:
    """Propagate the givens of ``puzzle`` to a fixed point, with no decision (the root of
    :func:`trace_search`), and say what each constraint removed.

    >>> from sudoku_cp.model.grid import Grid
    >>> result = propagate(Grid.parse("12.." "34.." "...." "...."), "forward")
    >>> result.candidates[2], result.open_cells
    ((3, 4), 12)

    Raises:
        ValueError: an unknown ``propagation``.
    """
    if propagation not in PROPAGATIONS:
        raise InvalidArgumentError(
            f"propagation must be one of {', '.join(PROPAGATIONS)}, not {propagation!r}"
        )
    model = puzzle if isinstance(puzzle, Model) else _model(puzzle)
    recorder = _Recorder(model, "row-major", propagation, 1, 1)
    masks = [sum(1 << (v - 1) for v in domain) for domain in model.domains()]
    removals: list[Removal] = []
    failed_by = None
    try:
        recorder._propagate(masks, removals)
    except _Failure as failure:
        failed_by = failure.constraint
    candidates = tuple(tuple(_values(m)) for m in masks)
    return Propagation(propagation, candidates, tuple(removals), failed_by)


def _model(puzzle: Puzzle | Grid) -> Model:
    from sudoku_cp.io.inputs import to_puzzle  # the puzzle sits beside the vocabulary

    return to_puzzle(puzzle).model


class _Recorder:
    def __init__(self, model: Model, order: str, propagation: str, max_nodes: int, limit: int | None) -> None:
        model = engine_model(model)
        self.model, self.order, self.propagation = model, order, propagation
        self.max_nodes, self.limit = max_nodes, limit
        self.alldiffs = model.of_kind(AllDifferent)
        self.units = model.units
        self.others = [
            (c, propagator(c, model)) for c in model.constraints if not isinstance(c, AllDifferent)
        ]
        self.others = [(c, p) for c, p in self.others if p is not None]
        self.nodes: list[Node] = []
        self.solutions: list[tuple[int, ...]] = []
        self.stopped = False
        self.capped = False

    def run(self) -> SearchTrace:
        root = Node(0, None, None, 0)
        self.nodes.append(root)
        masks = [sum(1 << (v - 1) for v in domain) for domain in self.model.domains()]
        self._visit(root, masks)
        return SearchTrace(
            self.model.side,
            self.order,
            self.propagation,
            self.nodes,
            self.solutions,
            not self.capped,
            self.model.positions,
            self.model.digits,
        )

    def _visit(self, node: Node, masks: list[int]) -> None:
        removals: list[Removal] = []
        try:
            self._propagate(masks, removals)
        except _Failure as failure:
            node.removals, node.status, node.failed_by = tuple(removals), "failed", failure.constraint
            return
        node.removals = tuple(removals)
        cell = self._branch_cell(masks)
        if cell is None:
            node.status = "solution"
            self.solutions.append(tuple(m.bit_length() for m in masks))
            if self.limit is not None and len(self.solutions) >= self.limit:
                self.stopped = True
            return
        for value in _values(masks[cell]):
            if self.stopped:
                return
            child = Node(len(self.nodes), node.index, (cell, value), node.depth + 1)
            self.nodes.append(child)
            node.children.append(child.index)
            if len(self.nodes) > self.max_nodes:
                child.status, self.stopped, self.capped = "unexplored", True, True
                return
            state = masks[:]
            state[cell] = 1 << (value - 1)
            self._visit(child, state)

    def _branch_cell(self, masks: Sequence[int]) -> int | None:
        open_cells = [c for c, m in enumerate(masks) if m & (m - 1)]
        if not open_cells:
            return None
        if self.order == "row-major":
            return open_cells[0]
        return min(open_cells, key=lambda c: (masks[c].bit_count(), c))

    def _remove(self, masks, cell, drop, constraint, rule, removals) -> bool:
        drop &= masks[cell]
        if not drop:
            return False
        masks[cell] &= ~drop
        removals.extend(Removal(cell, v, constraint, rule) for v in _values(drop))
        if not masks[cell]:
            raise _Failure(constraint)
        return True

    def _propagate(self, masks: list[int], removals: list[Removal]) -> None:
        changed = True
        while changed:
            changed = self._forward(masks, removals)
            if not changed and self.propagation in ("hidden", "hall"):
                changed = self._hidden_singles(masks, removals)
            if not changed and self.propagation == "hall":
                changed = self._hall_sets(masks, removals)

    def _forward(self, masks: list[int], removals: list[Removal]) -> bool:
        changed = False
        for constraint in self.alldiffs:
            for cell in constraint.cells:
                mask = masks[cell]
                if mask & (mask - 1):
                    continue
                for other in constraint.cells:
                    if other != cell:
                        changed |= self._remove(masks, other, mask, constraint, "forward checking", removals)
        for constraint, propagate in self.others:
            before = masks[:]
            if propagate(masks) is None:
                masks[:] = before
                raise _Failure(constraint)
            for cell in constraint.cells:
                if masks[cell] != before[cell]:
                    drop = before[cell] & ~masks[cell]
                    masks[cell] = before[cell]
                    changed |= self._remove(masks, cell, drop, constraint, "propagator", removals)
        return changed

    def _hidden_singles(self, masks: list[int], removals: list[Removal]) -> bool:
        for unit in self.units:
            for value in range(1, self.model.value_count + 1):
                bit = 1 << (value - 1)
                places = [c for c in unit.cells if masks[c] & bit]
                if not places:
                    raise _Failure(unit)
                if len(places) == 1 and masks[places[0]] != bit:
                    self._remove(masks, places[0], masks[places[0]] & ~bit, unit, "hidden single", removals)
                    return True
        return False

    def _hall_sets(self, masks: list[int], removals: list[Removal]) -> bool:
        for unit in self.units:
            open_cells = [c for c in unit.cells if masks[c] & (masks[c] - 1)]
            if len(open_cells) < 2:
                continue
            decided = 0
            for c in unit.cells:
                if not masks[c] & (masks[c] - 1):
                    decided |= masks[c]
            narrowed = hall_sets([masks[c] & ~decided for c in open_cells])
            if narrowed is None:
                raise _Failure(unit)
            changed = False
            for cell, mask in zip(open_cells, narrowed, strict=True):
                changed |= self._remove(masks, cell, masks[cell] & ~mask, unit, "Hall set", removals)
            if changed:
                return True
        return False
