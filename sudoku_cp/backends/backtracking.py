"""The reference backtracker: bitmask candidates, singles, constraint propagation and search.

Each cell keeps its *candidates* as a bitmask: bit ``v - 1`` is set while value ``v``
is still possible. It compiles every kind of :mod:`sudoku_cp.model.constraints`:

* ``AllDifferent``: a decided cell's value is removed from its *peers* (the cells it
  shares any AllDifferent with: the "naked single" rule), and in a *unit* (an
  AllDifferent over ``n`` cells: a row, column, box, region, diagonal or window) a value
  with one possible cell left goes there (the "hidden single"). Norvig, "Solving Every
  Sudoku Puzzle", 2006.
* ``Sum`` over cells that are pairwise peers (a killer cage): only the digit
  combinations of the cage that still fit its cells survive (every digit a decided
  cell holds, one digit for each cell); a cell keeps the digits of those combinations.
  A ``Sum`` over cells that may repeat a value gets bounds reasoning. Where cages and
  units meet, the search also propagates the sums they imply (the killer solver's
  "45 rule", :func:`sudoku_cp.engine.sums.implied_sums`).
* ``Less``: bounds, ``x < max(y)`` and ``y > min(x)`` (thermometers, inequalities).
* ``Relation``: supports; a value stays while the other cell has a value it may pair with.
* ``ValueIn``: the initial candidates.

Propagation runs to a fixed point after every decision; only the constraints of cells
whose candidates changed are looked at again.

Search picks the undecided cell with the fewest candidates per failure weight
(dom/wdeg: the "most constrained variable" heuristic, steered towards the constraints
where contradictions keep arising) and tries its candidates in ascending order,
copying the ``n*n`` masks at each decision. A search that runs past its node budget is
restarted with twice the budget and the weights it has learnt, which cuts the heavy
tail of search times on sparse 16x16 grids; every run is complete, so a "no solution"
is still a proof.

The smallest row-major solution is proven, never left to luck: on a puzzle whose rules are
all units, :func:`solve` first runs the row-major search (:meth:`BitmaskSearch.smallest_in_order`,
with Hall sets on 16x16 and larger grids once it meets a dead end) under a budget of one
decision per cell, then the witness method of :func:`sudoku_cp.engine.lexmin.smallest_solution`
behind a dom/wdeg witness; why each answer is the smallest is told in
:mod:`sudoku_cp.engine.lexmin` (and ``docs/design.md``).

The same depth-first search, run to the end, counts the solutions
(:func:`count_solutions`); with a propagator for ``x >_lex previous`` it gives the next
solution in row-major order (:func:`next_solution`); with a random value order it
draws the full grids of the generator (:meth:`BitmaskSearch.random_solution`).

Measured and left out (``benchmarks/bench_revisions.py``, ``bench_backtracking.py``):
locked candidates after singles stall (slower on 16x16 and 25x25, no fewer nodes at the
root of the bundled 25x25 puzzles), and branching on the places of a value in a unit
when they are fewer than the best cell's candidates (Knuth's Dancing Links rule: no
faster on top95 or hex16, and no 25x25 puzzle solved in a minute either way).
The bundled 25x25 puzzles (the Gecode instances) stay out of reach: even the first
solution of #0 to #3, with no proof, was not found within 15 to 100 s (5,000 to 78,000
nodes) by any mix tried of dom/wdeg or plain smallest domain, value places (Dancing Links),
locked candidates, Hall sets at every node, failed-value probing of the two-candidate
cells, and random restarts; a plain one-worker CP-SAT needs 6,000 to 24,000 conflicts
on them, with clause learning this search does not have. Two more levers, measured
and left out: the row-major search with Hall sets and no node budget finds no solution
of #0 to #4 in 120 s (87,000 to 156,000 nodes; ``bench_backtracking.py --row-major``),
and singleton consistency at the root (every candidate tried and propagated) removes
only 1.6 to 12.6% of the candidates of the twelve puzzles, leaving 319 to 340 open
cells (``bench_backtracking.py --root-probing``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sudoku_cp.backends import BackendOptions
from sudoku_cp.engine.lexmin import smallest_solution
from sudoku_cp.engine.propagators import NATIVE_KINDS
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.search import BitmaskSearch, smallest_in_row_major_order
from sudoku_cp.errors import NoSolutionError
from sudoku_cp.io.inputs import to_puzzle
from sudoku_cp.model.decompose import decompose
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle


def solve(puzzle: Puzzle | Grid, *, time_limit: float | None = None) -> tuple[Grid, dict[str, float]]:
    """Return the smallest row-major solution of ``puzzle`` and the search's effort counters.

    The search is :class:`BitmaskSearch` (singles and the propagators of every
    constraint kind, most constrained cell first);
    :func:`sudoku_cp.engine.lexmin.smallest_solution` makes the answer the smallest
    row-major solution by proving, cell by cell in row-major order, that no smaller
    value has a completion. Works for every size and variant; 25x25 puzzles can take
    long, so give them a ``time_limit``.

    Args:
        puzzle: the puzzle (givens and rules).
        time_limit: seconds for the whole call, or ``None``.

    Returns:
        ``(solution, stats)`` with stats ``solver_calls`` (searches run by the
        lexicographic driver), ``nodes``, ``backtracks`` and ``restarts``.

    Raises:
        NoSolutionError: the puzzle has no solution.
        SolveTimeoutError: ``time_limit`` ran out.
        NotSupportedError: a constraint of a kind the search does not compile (:data:`KINDS`).
    """
    return _smallest(_compiled(puzzle), time_limit, None)


def next_solution(
    puzzle: Puzzle | Grid, after: Grid | Sequence[int], *, time_limit: float | None = None
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution lexicographically greater than ``after``.

    The same method as :func:`solve`, with one more propagator, ``x >_lex after``, in
    the search (so every search, and every proof that no smaller value fits, is over
    the solutions above ``after`` only).

    Args:
        puzzle: the puzzle.
        after: a complete grid (or its ``n*n`` values row-major), usually the previous
            solution.
        time_limit: seconds for the whole call, or ``None``.

    Returns:
        ``(solution, stats)`` as :func:`solve`.

    Raises:
        NoSolutionError: no solution is greater than ``after``.
        SolveTimeoutError: ``time_limit`` ran out.
        NotSupportedError: a constraint of a kind the search does not compile (:data:`KINDS`).
    """
    return _smallest(_compiled(puzzle), time_limit, _values(after))


def count_solutions(
    puzzle: Puzzle | Grid, *, limit: int | None = None, time_limit: float | None = None
) -> tuple[int, dict[str, float]]:
    """The exact number of solutions, or ``limit`` if there are at least that many.

    An exhaustive :class:`BitmaskSearch` (the same propagation and variable choice as
    :func:`solve`) that stops at the ``limit``-th solution.

    Returns:
        ``(count, stats)`` with stats ``solver_calls`` (1), ``nodes`` and ``backtracks``.

    Raises:
        SolveTimeoutError: ``time_limit`` ran out before the count was complete.
        NotSupportedError: a constraint of a kind the search does not compile (:data:`KINDS`).
    """
    puzzle = _compiled(puzzle)
    search = BitmaskSearch(puzzle, Deadline(time_limit) if time_limit is not None else None)
    count = search.count_solutions(limit)
    return count, {"solver_calls": 1, "nodes": search.nodes, "backtracks": search.backtracks}


KINDS = tuple(NATIVE_KINDS)
"""The constraint kinds the engine's search compiles (:class:`BitmaskSearch`); every other
kind reaches it rewritten (:mod:`sudoku_cp.model.decompose`)."""


@dataclass(frozen=True)
class Options(BackendOptions):
    """The backtracker takes no options."""

    BACKEND = "backtracking"


def _compiled(puzzle: Puzzle | Grid) -> Puzzle:
    """The puzzle, its model refused (NotSupportedError naming this backend) if it holds a
    constraint of a kind that no rewriting brings to :data:`KINDS`."""
    puzzle = to_puzzle(puzzle)
    decompose(puzzle.model, NATIVE_KINDS, "backtracking")
    return puzzle


def _values(grid: Grid | Sequence[int]) -> list[int]:
    return list(getattr(grid, "cells", grid))


def _smallest(
    puzzle: Puzzle, time_limit: float | None, after: Sequence[int] | None
) -> tuple[Grid, dict[str, float]]:
    search = BitmaskSearch(puzzle, Deadline(time_limit) if time_limit is not None else None, after)
    return smallest_by_search(puzzle, search, after)


def smallest_by_search(
    puzzle: Puzzle, search: BitmaskSearch, after: Sequence[int] | None = None
) -> tuple[Grid, dict[str, float]]:
    """The proven smallest solution (above ``after``, when given) that ``search`` finds:
    the row-major search first, then the witness method (the module docstring). ``auto``
    runs it with a search under a budget (:mod:`sudoku_cp.backends.auto`).

    Raises:
        NoSolutionError: there is none (the search is exhaustive).
        SolveTimeoutError: the search's deadline ran out (or what the deadline raises).
    """
    cells, searches = (None, 0) if after is not None else smallest_in_row_major_order(search, puzzle.model)
    if searches == 0:  # row-major order stalls here: the witness method, most constrained first
        cells, searches = smallest_solution(search, puzzle.model.cell_count)
    if cells is None:
        if after is not None:
            raise NoSolutionError("no solution is greater than the given one (the search is exhaustive)")
        raise NoSolutionError("the puzzle has no solution (the backtracking search is exhaustive)")
    stats = {
        "solver_calls": searches,
        "nodes": search.nodes,
        "backtracks": search.backtracks,
        "restarts": search.restarts,
    }
    return puzzle.grid.with_cells(cells), stats
