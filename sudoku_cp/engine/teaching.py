"""A small interface to a puzzle for writing one's own propagation and search (notebook 9).

Norvig's essay "Solving Every Sudoku Puzzle" (2006) has the reader write ``eliminate``,
``assign`` and ``search`` over a dictionary of candidate strings. Here the same exercise
runs against the package's own compiled puzzles, so that its answers can be checked
against the engine: a :class:`Problem` holds what a search needs (units, peers, givens,
thermometers) and the candidates are a plain list of sets, one per cell, row-major
(:data:`Domains`). Everything a student writes is a function of ``(problem, domains, ...)``
that changes ``domains`` in place and returns ``False`` at a contradiction:

* ``eliminate(problem, domains, cell, value)``: take ``value`` out of ``domains[cell]``;
  if the cell is left with one value, take that value out of its peers; if a unit of the
  cell is left with one place for ``value``, assign it there; ``False`` when a cell has no
  value left or a unit no place for a value;
* ``assign(problem, domains, cell, value)``: eliminate every other value of the cell;
* ``search(problem, domains, order, stats, assign)``: depth first, branching on the first
  open cell (``order="row-major"``) or on the open cell with the fewest values, ties
  row-major (``"smallest-domain"``), values ascending, each value tried counted in
  ``stats["decisions"]``; returns the solved domains or ``None``.

Propagated to its fixed point, that is the engine's ``"hidden"`` level
(:func:`sudoku_cp.engine.trace.propagate`: forward checking and hidden singles), which
is why the candidates, the number of decisions and the first solution can be compared
with :func:`~sudoku_cp.engine.trace.trace_search` exactly.

>>> from sudoku_cp.model.grid import Grid
>>> small = problem(Grid.parse("12.." "34.." "...." "...."))
>>> small.side, small.name(5), sorted(small.peers[0])[:4], small.units[8]
(4, 'r2c2', [1, 2, 3, 4], (0, 1, 4, 5))
>>> start(small, lambda problem, domains, cell, value: domains[cell].intersection_update({value}) or True)[:3]
[{1}, {2}, {1, 2, 3, 4}]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sudoku_cp.engine.trace import Node, Removal, SearchTrace
from sudoku_cp.model.constraints import AllDifferent, Less, Model, OriginKind, cell_name

if TYPE_CHECKING:
    from sudoku_cp.model.grid import Grid
    from sudoku_cp.model.puzzle import Puzzle

Domains = list[set[int]]
"""Each cell's candidates, row-major: ``domains[cell]`` is a set of values ``1..n``."""

Assign = Callable[["Problem", Domains, int, int], bool]
"""``assign(problem, domains, cell, value) -> bool``: ``False`` at a contradiction."""


@dataclass(frozen=True)
class Problem:
    """A puzzle as a hand-written search sees it.

    Attributes:
        side: ``n``; values are ``1..n``, cells ``0..n*n-1`` row-major.
        givens: ``n*n`` values, ``0`` for an empty cell.
        units: every unit (a row, column, box or other ``n``-cell AllDifferent), as cells.
        units_of: for each cell, the indices in :attr:`units` of the units holding it.
        peers: for each cell, the cells that must differ from it.
        thermometers: each thermometer's cells, bulb first (values strictly increase).
    """

    side: int
    givens: tuple[int, ...]
    units: tuple[tuple[int, ...], ...]
    units_of: tuple[tuple[int, ...], ...]
    peers: tuple[frozenset[int], ...]
    thermometers: tuple[tuple[int, ...], ...] = ()

    @property
    def cells(self) -> range:
        """Every cell, row-major."""
        return range(len(self.givens))

    def full_domains(self) -> Domains:
        """Every value in every cell: the candidates before any given is assigned."""
        return [set(range(1, self.side + 1)) for _ in self.cells]

    def name(self, cell: int) -> str:
        """``"r3c7"``: the cell's 1-based row and column."""
        return cell_name(cell, self.side)

    @staticmethod
    def solved(domains: Domains) -> bool:
        """True when every cell has exactly one value."""
        return all(len(values) == 1 for values in domains)

    @staticmethod
    def values(domains: Domains) -> tuple[int, ...]:
        """The grid of solved domains, row-major (``0`` where a cell is still open)."""
        return tuple(next(iter(values)) if len(values) == 1 else 0 for values in domains)


def problem(puzzle: Puzzle | Grid | Model | str) -> Problem:
    """The :class:`Problem` of a puzzle (anything :func:`sudoku_cp.solve` takes, or a
    compiled model). Units are its AllDifferent constraints of ``n`` cells; thermometers are
    read from the origins of its ``Less`` constraints.

    Raises:
        InvalidPuzzleError: a malformed puzzle.
        NotSupportedError: a rule other than the units and thermometers (killer cages, arrows...):
            the student's propagation would ignore it and answer wrongly.
    """
    from sudoku_cp.errors import NotSupportedError

    if not isinstance(puzzle, Model):
        from sudoku_cp.io.inputs import as_puzzle

        puzzle = as_puzzle(puzzle)[0].model
    model = puzzle
    if model.digits:
        raise NotSupportedError("notebook 9's interface knows the digits 1..n, not a grid of other digits")
    units = tuple(c.cells for c in model.of_kind(AllDifferent) if len(c.cells) == model.side)
    chains: dict[object, list[Less]] = {}
    for constraint in model.constraints:
        if isinstance(constraint, AllDifferent) and len(constraint.cells) == model.side:
            continue
        if isinstance(constraint, Less) and constraint.origin.kind == OriginKind.THERMOMETER:
            chains.setdefault(constraint.origin, []).append(constraint)
            continue
        raise NotSupportedError(
            f"notebook 9's interface knows units and thermometers, not {constraint.label}"
        )
    thermometers = tuple(
        (links[0].first, *(link.second for link in links)) for links in chains.values()
    )  # a thermometer's Less constraints come bulb first, each from one cell to the next
    units_of: list[list[int]] = [[] for _ in range(model.cell_count)]
    for number, unit in enumerate(units):
        for cell in unit:
            units_of[cell].append(number)
    return Problem(
        model.side,
        tuple(model.givens),
        units,
        tuple(tuple(u) for u in units_of),
        tuple(frozenset(p) for p in model.peers),
        thermometers,
    )


def start(problem: Problem, assign: Assign) -> Domains | None:
    """The candidates after assigning every given with ``assign`` (the root of a search),
    or ``None`` when a given leads to a contradiction."""
    domains = problem.full_domains()
    for cell, value in enumerate(problem.givens):
        if value and not assign(problem, domains, cell, value):
            return None
    return domains


YOURS = "your propagation"
"""The rule :func:`record_search` names in the removals it records: they come from the
student's code, which says no more about them."""

Search = Callable[["Problem", "Domains | None", str, dict, Assign], "Domains | None"]
"""``search(problem, domains, order, stats, assign) -> Domains | None`` (notebook 9)."""


def record_search(
    problem: Problem, search: Search, assign: Assign, order: str = "smallest-domain"
) -> SearchTrace:
    """Run a hand-written ``search`` from ``start(problem, assign)`` and record its tree as a
    :class:`~sudoku_cp.engine.trace.SearchTrace`, so that it is drawn like the engine's
    (:func:`sudoku_cp.interactive.tree_widget`).

    ``search`` is handed a recording ``assign``: each call is a decision. Its parent is the
    deepest open node whose candidates after propagation are the candidates handed in (the
    search copies its node's candidates before each decision), which is how a depth-first
    search's tree is rebuilt without changing the student's code. A node's removals are the
    candidates its ``assign`` took out of the other cells, each named :data:`YOURS`; a
    decision that returns ``False`` is a dead end, one that leaves every cell with one value a
    solution.

    Args:
        problem: the :class:`Problem`.
        search: the student's search.
        assign: the student's assign (the recording one wraps it).
        order: ``"smallest-domain"`` or ``"row-major"``, passed to ``search``.

    Returns:
        The recorded trace (``propagation`` is :data:`YOURS`); its ``solutions`` hold the
        solution the search returned, if any.
    """
    domains = start(problem, assign)
    root = Node(0, None, None, 0)
    nodes = [root]
    if domains is None:
        root.status = "failed"
        return SearchTrace(problem.side, order, YOURS, nodes, [], True)
    given = [
        {value} if value else values
        for value, values in zip(problem.givens, problem.full_domains(), strict=True)
    ]
    root.removals = _removed(given, domains, skip=-1)  # as the engine's root: givens already decided
    states = {0: _frozen(domains)}
    stack = [0]

    def recording(given: Problem, candidates: Domains, cell: int, value: int) -> bool:
        before = _frozen(candidates)
        while len(stack) > 1 and states[stack[-1]] != before:
            stack.pop()
        parent = nodes[stack[-1]]
        node = Node(len(nodes), parent.index, (cell, value), parent.depth + 1)
        nodes.append(node)
        parent.children.append(node.index)
        copy = [set(values) for values in candidates]
        done = assign(given, candidates, cell, value)
        node.removals = _removed(copy, candidates, skip=cell)
        if not done:
            node.status = "failed"
        elif all(len(values) == 1 for values in candidates):
            node.status = "solution"
        else:
            states[node.index] = _frozen(candidates)
            stack.append(node.index)
        return done

    found = search(problem, domains, order, {"decisions": 0}, recording)
    solutions = [problem.values(found)] if found is not None else []
    if not root.children and found is not None:
        root.status = "solution"
    return SearchTrace(problem.side, order, YOURS, nodes, solutions, True)


def _frozen(domains: Domains) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(values) for values in domains)


def _removed(before: Domains, after: Domains, skip: int) -> tuple[Removal, ...]:
    """What went from each cell but ``skip`` (the decided cell, whose other values a decision
    drops, as in the engine's trace), in cell order."""
    return tuple(
        Removal(cell, value, None, YOURS)  # type: ignore[arg-type]  # no constraint: the student's code
        for cell, (old, new) in enumerate(zip(before, after, strict=True))
        if cell != skip
        for value in sorted(old - new)
    )
