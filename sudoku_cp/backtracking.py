"""The reference backtracker: bitmask candidates, naked and hidden singles, and search.

Each cell keeps its *candidates* as a bitmask: bit ``v - 1`` is set while value ``v``
is still possible. Two propagation rules run to a fixed point after every decision
(Norvig, "Solving Every Sudoku Puzzle", 2006; the rules are the "naked single" and
"hidden single" of the Sudoku literature):

* naked single: a cell with one candidate left takes it, and that value is removed
  from the candidates of its peers;
* hidden single: a value with one possible cell left in a unit goes there.

Search picks the undecided cell with the fewest candidates per unit failure weight
(dom/wdeg: the "most constrained variable" heuristic, steered towards the units where
contradictions keep arising) and tries its candidates in ascending order, copying the
81 (or n*n) masks at each decision. A search that runs past its node budget is
restarted with twice the budget and the weights it has learnt, which cuts the heavy
tail of search times on sparse 16x16 grids; every run is complete, so a "no solution"
is still a proof.

The smallest row-major solution is not left to search order: the search above is
wrapped by :func:`sudoku_cp.lexmin.smallest_solution`, which fixes cells in row-major
order behind a witness solution and proves, for each cell, that no smaller value has
a completion. See that module for why the result is the smallest. The search state
of the fixed prefix is kept and propagated incrementally, so a cell whose
candidates hold no value below the witness's costs no search at all.
"""

from __future__ import annotations

import operator
import time
from collections.abc import Sequence

from sudoku_cp.errors import NoSolutionError, SolveTimeoutError
from sudoku_cp.grid import Grid
from sudoku_cp.lexmin import smallest_solution

_DEADLINE_CHECK_EVERY = 64  # search nodes between clock reads (and node budget checks)
_FIRST_BUDGET_PER_CELL = 10  # a search's first node budget, per cell of the grid; doubled at each restart


class _Restart(Exception):
    """A search used up its node budget: start it again, with the failure weights learnt."""


class BitmaskSearch:
    """Depth-first search over bitmask candidates for one puzzle, with a fixed prefix.

    Implements :class:`sudoku_cp.lexmin.PrefixSearch`. ``self.candidates`` is the
    propagated state of the givens plus every cell fixed so far.

    Args:
        grid: the puzzle.
        deadline: a :func:`time.perf_counter` value after which the search raises
            :class:`SolveTimeoutError`, or ``None``.

    Attributes:
        nodes: decisions tried by the searches (one per value tried at a branching cell).
        backtracks: decisions whose propagation ended in a contradiction (dead ends).
        restarts: searches cut off by their node budget and started again.
    """

    def __init__(self, grid: Grid, deadline: float | None = None) -> None:
        geo = grid.geometry
        n = grid.side
        self._peers = geo.peers
        self._units = tuple(unit.cells for unit in geo.units)
        self._unit_masks = tuple(operator.itemgetter(*unit.cells) for unit in geo.units)
        self._unit_bits = tuple(sum(1 << u for u in units) for units in geo.units_of)
        self._all = (1 << n) - 1
        self._units_of = geo.units_of
        self._weights = [1] * len(geo.units)
        self._first_budget = _FIRST_BUDGET_PER_CELL * len(grid.cells)
        self._deadline = deadline
        self.nodes = 0
        self.backtracks = 0
        self.restarts = 0
        candidates = [self._all if v == 0 else 1 << (v - 1) for v in grid.cells]
        self.consistent = self._propagate(candidates, list(range(len(candidates))))
        self.candidates = candidates

    # -- PrefixSearch ------------------------------------------------------------------

    def find_solution(self, cell: int | None = None, below: int | None = None) -> list[int] | None:
        """A solution keeping the givens and fixed prefix, with ``x_cell < below`` if given."""
        if not self.consistent:
            return None
        candidates = self.candidates[:]
        if cell is not None:
            candidates[cell] &= (1 << (below - 1)) - 1
            if not candidates[cell]:
                return None
        if cell is not None and not self._propagate(candidates, [cell]):
            return None
        budget = self._first_budget
        while True:
            try:
                solved = self._search(candidates, self.nodes + budget)
                break
            except _Restart:
                self.restarts += 1
                budget *= 2
        return None if solved is None else [m.bit_length() for m in solved]

    def may_take_less(self, cell: int, value: int) -> bool:
        """Whether ``cell`` still has a candidate below ``value`` in the prefix's state."""
        return bool(self.candidates[cell] & ((1 << (value - 1)) - 1))

    def fix(self, cell: int, value: int) -> None:
        """Fix ``cell`` to ``value`` and propagate (``value`` comes from a solution, so it fits)."""
        bit = 1 << (value - 1)
        if self.candidates[cell] != bit:
            self.candidates[cell] = bit
            self.consistent = self._propagate(self.candidates, [cell])

    # -- propagation and search ----------------------------------------------------------

    def _propagate(self, candidates: list[int], changed: list[int]) -> bool:
        """Apply naked and hidden singles until nothing changes; False on a contradiction.

        ``changed`` lists the cells whose candidates were just reduced; only their units,
        and the units of cells reduced on the way, are scanned for hidden singles.
        ``candidates`` is changed in place.
        """
        peers, units, unit_bits, full = self._peers, self._units, self._unit_bits, self._all
        unit_masks = self._unit_masks
        dirty = 0  # bit u set: unit u lost a candidate since it was last scanned
        decided = []  # single-candidate cells whose value is not yet removed from their peers
        for cell in changed:
            dirty |= unit_bits[cell]
            mask = candidates[cell]
            if not mask & (mask - 1):
                decided.append(cell)
        while True:
            while decided:  # naked singles
                cell = decided.pop()
                bit = candidates[cell]
                for peer in peers[cell]:
                    mask = candidates[peer]
                    if mask & bit:
                        mask ^= bit
                        if not mask:
                            return self._fail(unit_bits[peer])
                        candidates[peer] = mask
                        dirty |= unit_bits[peer]
                        if not mask & (mask - 1):
                            decided.append(peer)
            while dirty:  # hidden singles, in the units that changed
                low = dirty & -dirty
                dirty ^= low
                unit = low.bit_length() - 1
                once = twice = placed = 0
                for mask in unit_masks[unit](candidates):
                    twice |= once & mask
                    once |= mask
                    if not mask & (mask - 1):
                        placed |= mask
                if once != full:
                    return self._fail(low)  # some value has no cell left in this unit
                hidden = once & ~twice & ~placed
                if hidden:
                    for cell in units[unit]:
                        mask = candidates[cell]
                        only_here = mask & hidden
                        if only_here and mask != only_here:
                            if only_here & (only_here - 1):
                                return self._fail(low)  # two values can only go in this one cell
                            candidates[cell] = only_here
                            decided.append(cell)
                if decided:
                    break
            if not decided:
                return True

    def _search(self, root: list[int], node_limit: int) -> list[int] | None:
        """Depth-first search from a propagated state; the first solution found, or None.

        Iterative (an explicit stack of decisions), so 25x25 grids cannot exhaust
        Python's recursion limit.

        Raises:
            _Restart: ``self.nodes`` passed ``node_limit`` first.
        """
        decisions: list[tuple[list[int], int, int]] = []  # (parent state, cell, candidate bit)
        state: list[int] | None = root
        while True:
            if state is not None:
                cell = self._most_constrained(state)
                if cell is None:
                    return state
                bits = []
                remaining = state[cell]
                while remaining:
                    bit = remaining & -remaining
                    remaining ^= bit
                    bits.append(bit)
                decisions.extend((state, cell, bit) for bit in reversed(bits))  # smallest on top
            if not decisions:
                return None
            parent, cell, bit = decisions.pop()
            self.nodes += 1
            if self.nodes % _DEADLINE_CHECK_EVERY == 0:
                self._check_deadline()
                if self.nodes > node_limit:
                    raise _Restart
            state = parent[:]
            state[cell] = bit
            if not self._propagate(state, [cell]):
                self.backtracks += 1
                state = None

    def _fail(self, unit_set: int) -> bool:
        """Record a contradiction found in the units of bit set ``unit_set``; return False."""
        weights = self._weights
        while unit_set:
            low = unit_set & -unit_set
            unit_set ^= low
            weights[low.bit_length() - 1] += 1
        return False

    def _most_constrained(self, candidates: Sequence[int]) -> int | None:
        """The undecided cell with the fewest candidates per unit weight (dom/wdeg).

        A unit's weight counts the contradictions found in it so far, so search turns
        first to the cells of the units that keep failing (Boussemart, Hemery, Lecoutre
        and Sais, "Boosting systematic search by weighting constraints", ECAI 2004).
        Ties go to the first cell in row-major order.
        """
        weights, units_of = self._weights, self._units_of
        best_cell, best_score = None, float("inf")
        for cell, mask in enumerate(candidates):
            if mask & (mask - 1):
                row, column, box = units_of[cell]
                score = mask.bit_count() / (weights[row] + weights[column] + weights[box])
                if score < best_score:
                    best_cell, best_score = cell, score
        return best_cell

    def _check_deadline(self) -> None:
        if self._deadline is not None and time.perf_counter() > self._deadline:
            raise SolveTimeoutError("the backtracking search ran out of time")


def solve(grid: Grid, *, time_limit: float | None = None) -> tuple[Grid, dict[str, float]]:
    """Return the smallest row-major solution of ``grid`` and the search's effort counters.

    The search is :class:`BitmaskSearch` (naked and hidden singles, most constrained
    cell first); :func:`sudoku_cp.lexmin.smallest_solution` makes the answer the
    smallest row-major solution by proving, cell by cell in row-major order, that no
    smaller value has a completion. Works for 4x4 to 25x25; 25x25 puzzles can take
    long, so give them a ``time_limit``.

    Args:
        grid: the puzzle.
        time_limit: seconds for the whole call, or ``None``.

    Returns:
        ``(solution, stats)`` with stats ``solver_calls`` (searches run by the
        lexicographic driver), ``nodes`` and ``backtracks``.

    Raises:
        NoSolutionError: the puzzle has no solution.
        SolveTimeoutError: ``time_limit`` ran out.
    """
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    search = BitmaskSearch(grid, deadline)
    cells, searches = smallest_solution(search, len(grid.cells))
    if cells is None:
        raise NoSolutionError("the puzzle has no solution (the backtracking search is exhaustive)")
    stats = {
        "solver_calls": searches,
        "nodes": search.nodes,
        "backtracks": search.backtracks,
        "restarts": search.restarts,
    }
    return Grid(cells, grid.box_size), stats
