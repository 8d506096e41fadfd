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

>>> from sudoku_cp.grid import Grid
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

from sudoku_cp.constraints import AllDifferent, Less, Model, OriginKind, cell_name

if TYPE_CHECKING:
    from sudoku_cp.grid import Grid
    from sudoku_cp.puzzle import Puzzle

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
        from sudoku_cp.puzzle import as_puzzle

        puzzle = as_puzzle(puzzle)[0].model
    model = puzzle
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
