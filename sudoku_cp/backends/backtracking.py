"""The reference backtracker: bitmask candidates, singles, constraint propagation and search.

Each cell keeps its *candidates* as a bitmask: bit ``v - 1`` is set while value ``v``
is still possible. It compiles every kind of :mod:`sudoku_cp.constraints`:

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
  "45 rule", :func:`sudoku_cp.backends.base.implied_sums`).
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

The smallest row-major solution is never left to luck. On a puzzle whose rules are all
units (classic, jigsaw, diagonals, windows), :func:`solve` first runs one
depth-first search in row-major order, smallest value first
(:meth:`BitmaskSearch.smallest_in_order`): the search is complete and propagation only
removes values no solution has, so solutions are met in lexicographic order and the
first one is the smallest, proven, with no further search. It costs nothing on nearly
empty grids and little on most 9x9 puzzles; on 16x16 and larger grids, once it meets a
dead end, it also removes every value no assignment of a unit's open cells can use
(Hall sets, :func:`sudoku_cp.backends.reasoning.hall_sets`: Régin's AllDifferent
filtering), without which greedy row-major filling thrashes on 25x25 grids. It runs
under a node budget of one decision per cell; past it, :func:`solve` turns to the
witness method of :func:`sudoku_cp.backends.lexmin.smallest_solution`, which fixes
cells in row-major order behind a witness solution found by the dom/wdeg search and
proves, for each cell, that no smaller value has a completion (see that module). The
search state of the fixed prefix is kept and propagated incrementally, so a cell whose
candidates hold no value below the witness's costs no search at all.

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

import copy
import itertools
import math
import operator
import random
from collections.abc import Callable, Iterator, Sequence

from sudoku_cp.backends.base import Deadline, distinct_combinations, implied_sums, to_puzzle
from sudoku_cp.backends.lexmin import smallest_solution
from sudoku_cp.backends.reasoning import hall_sets
from sudoku_cp.constraints import Less, Model, Relation, Sum
from sudoku_cp.errors import NoSolutionError
from sudoku_cp.grid import Grid
from sudoku_cp.puzzle import Puzzle

_DEADLINE_CHECK_EVERY = 64  # search nodes between clock reads (and node budget checks)
_ROW_MAJOR_BUDGET_PER_CELL = 1  # node budget of the row-major search that solve() tries first
_FIRST_BUDGET_PER_CELL = 10  # a search's first node budget, per cell of the grid; doubled at each restart

Propagator = Callable[[list[int]], "list[int] | None"]
"""Narrows the candidate masks in place; returns the cells it changed, or None on a contradiction."""


class _Restart(Exception):
    """A search used up its node budget: start it again, with the failure weights learnt."""


# -- propagators of the constraints other than AllDifferent -------------------------------------


def _bits(mask: int) -> list[int]:
    """The set bits of a mask, each as a one-bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _narrow(candidates: list[int], cells: Sequence[int], keep: Sequence[int]) -> list[int] | None:
    """Intersect each cell's mask with its ``keep`` mask; the changed cells, or None if one empties."""
    changed = []
    for cell, allowed in zip(cells, keep, strict=True):
        mask = candidates[cell]
        narrowed = mask & allowed
        if narrowed != mask:
            if not narrowed:
                return None
            candidates[cell] = narrowed
            changed.append(cell)
    return changed


_EXACT_SUPPORT_CELLS = 4  # cages up to this size get exact supports by enumeration...
_EXACT_SUPPORT_STATES = 64  # ...once the product of their candidate counts is this small
_SUPPORT_CACHE_SIZE = 4096  # states remembered per cage


def _distinct_sum(cells: tuple[int, ...], total: int, side: int) -> Propagator:
    """A sum over pairwise-different cells (a killer cage).

    Keep the digit combinations of the cage that still fit (each holds the digits of the
    decided cells, gives every cell one of its candidates, and uses only digits some
    cell can take), and restrict every cell to their digits. On a small cage whose
    candidates are already few, go further: enumerate the assignments and keep, for each
    cell, exactly the values some assignment uses (generalised arc consistency).
    """
    combos = distinct_combinations(side, len(cells), total)
    count = len(cells)
    getter = operator.itemgetter(*cells) if count > 1 else (lambda cand: (cand[cells[0]],))
    exact = count <= _EXACT_SUPPORT_CELLS
    known: dict[tuple[int, ...], list[int]] = {}  # masks -> exact supports; search revisits states

    def propagate(candidates: list[int]) -> list[int] | None:
        masks = getter(candidates)
        if exact and math.prod(m.bit_count() for m in masks) <= _EXACT_SUPPORT_STATES:
            supported = known.get(masks)
            if supported is None:
                if len(known) > _SUPPORT_CACHE_SIZE:
                    known.clear()
                supported = known[masks] = _assignment_supports(masks, total)
            return _narrow(candidates, cells, supported)
        anywhere = required = 0
        for mask in masks:
            anywhere |= mask
            if not mask & (mask - 1):
                required |= mask
        fitting = 0
        for combo in combos:
            if combo & required == required and not combo & ~anywhere and all(m & combo for m in masks):
                fitting |= combo
        if not fitting:
            return None
        return _narrow(candidates, cells, [fitting] * count)

    return propagate


def _assignment_supports(masks: Sequence[int], total: int) -> list[int]:
    """For each cell, the mask of values used by some assignment of pairwise-different
    values from ``masks`` that adds up to ``total`` (all zero when there is none)."""
    count = len(masks)
    supported = [0] * count
    chosen = [0] * count

    def extend(position: int, used: int, left: int) -> None:
        if position == count - 1:
            bit = 1 << (left - 1) if left > 0 else 0
            if bit & masks[position] and not bit & used:
                chosen[position] = bit
                for i in range(count):
                    supported[i] |= chosen[i]
            return
        for bit in _bits(masks[position] & ~used):
            value = bit.bit_length()
            if value >= left:
                break
            chosen[position] = bit
            extend(position + 1, used | bit, left - value)

    extend(0, 0, total)
    return supported


def _bounded_sum(cells: tuple[int, ...], total: int) -> Propagator:
    """A sum over cells that may repeat a value: each cell within what the others leave."""

    def propagate(candidates: list[int]) -> list[int] | None:
        masks = [candidates[c] for c in cells]
        lows = [(m & -m).bit_length() for m in masks]
        highs = [m.bit_length() for m in masks]
        low_sum, high_sum = sum(lows), sum(highs)
        keep = []
        for low, high in zip(lows, highs, strict=True):
            at_least = total - (high_sum - high)  # the others at their largest
            at_most = total - (low_sum - low)  # the others at their smallest
            if at_most < 1 or at_least > at_most:
                return None
            keep.append(((1 << at_most) - 1) & ~((1 << max(at_least - 1, 0)) - 1))
        return _narrow(candidates, cells, keep)

    return propagate


def _less(first: int, second: int) -> Propagator:
    """``x[first] < x[second]`` by bounds."""

    def propagate(candidates: list[int]) -> list[int] | None:
        a, b = candidates[first], candidates[second]
        a_kept = a & ((1 << (b.bit_length() - 1)) - 1)  # below the largest of b
        if not a_kept:
            return None
        b_kept = b & ~((1 << (a_kept & -a_kept).bit_length()) - 1)  # above the smallest of a
        if not b_kept:
            return None
        return _narrow(candidates, (first, second), (a_kept, b_kept))

    return propagate


def _relation(first: int, second: int, allowed: frozenset[tuple[int, int]], side: int) -> Propagator:
    """A binary table by supports: a value stays while the other cell has a partner for it."""
    partners_of_first = [0] * (side + 1)  # value of first -> mask of the second's partners
    partners_of_second = [0] * (side + 1)
    for a, b in allowed:
        partners_of_first[a] |= 1 << (b - 1)
        partners_of_second[b] |= 1 << (a - 1)

    def propagate(candidates: list[int]) -> list[int] | None:
        a, b = candidates[first], candidates[second]
        b_supported = 0
        for bit in _bits(a):
            b_supported |= partners_of_first[bit.bit_length()]
        b_kept = b & b_supported
        a_supported = 0
        for bit in _bits(b_kept):
            a_supported |= partners_of_second[bit.bit_length()]
        a_kept = a & a_supported
        if not a_kept or not b_kept:
            return None
        return _narrow(candidates, (first, second), (a_kept, b_kept))

    return propagate


def propagator(constraint: Sum | Less | Relation, model: Model) -> Propagator:
    """The bitmask propagator of one ``Sum``, ``Less`` or ``Relation`` of ``model`` (see the
    module docstring for the reasoning of each kind)."""
    if isinstance(constraint, Sum):
        cells = constraint.cells
        pairwise_peers = all(b in model.peers[a] for a, b in itertools.combinations(cells, 2))
        if pairwise_peers:
            return _distinct_sum(cells, constraint.total, model.side)
        return _bounded_sum(cells, constraint.total)
    if isinstance(constraint, Less):
        return _less(constraint.first, constraint.second)
    return _relation(constraint.first, constraint.second, constraint.allowed, model.side)


def _lex_greater(bound: Sequence[int]) -> Propagator:
    """``x >_lex bound`` (row-major), by bounds: every cell up to the first one not decided
    to its bound's value must keep values at or above that value; a grid decided to
    ``bound`` in every cell is a contradiction (the order is strict)."""
    bits = [1 << (value - 1) for value in bound]

    def propagate(candidates: list[int]) -> list[int] | None:
        for cell, bit in enumerate(bits):
            mask = candidates[cell]
            if mask == bit:
                continue  # equal so far: the next cell decides
            kept = mask & ~(bit - 1)  # the values at or above the bound's
            if not kept:
                return None
            if kept == mask:
                return []
            candidates[cell] = kept
            return [cell]
        return None

    return propagate


# -- the search ---------------------------------------------------------------------------------


def _first_undecided(candidates: Sequence[int]) -> list[tuple[int, int]] | None:
    """The branches ``(cell, bit)`` of the first undecided cell in row-major order,
    smallest value first; None when every cell is decided."""
    for cell, mask in enumerate(candidates):
        if mask & (mask - 1):
            return [(cell, bit) for bit in _bits(mask)]
    return None


_HALL_SETS_FROM_SIDE = 16  # the row-major search turns Hall sets on at its first dead end from this side


class BitmaskSearch:
    """Depth-first search over bitmask candidates for one puzzle, with a fixed prefix.

    Implements :class:`sudoku_cp.backends.lexmin.PrefixSearch`. ``self.candidates`` is
    the propagated state of the givens plus every cell fixed so far.

    Args:
        puzzle: the puzzle (a :class:`Grid` means classic rules), or its compiled
            :class:`~sudoku_cp.constraints.Model`.
        deadline: the call's :class:`~sudoku_cp.backends.base.Deadline`, or ``None``.
        after: a complete grid's values (row-major), or ``None``: when given, only the
            solutions lexicographically greater than it count (an extra ``x >_lex after``
            propagator), which is how :func:`next_solution` lists solutions in order.

    Attributes:
        nodes: decisions tried by the searches (one per value tried at a branching cell).
        backtracks: decisions whose propagation ended in a contradiction (dead ends).
        restarts: searches cut off by their node budget and started again.
    """

    def __init__(
        self,
        puzzle: Puzzle | Grid | Model,
        deadline: Deadline | None = None,
        after: Sequence[int] | None = None,
    ) -> None:
        model = puzzle if isinstance(puzzle, Model) else to_puzzle(puzzle).model
        n = model.side
        units = [c.cells for c in model.units]
        others = [c for c in model.constraints if isinstance(c, Sum | Less | Relation)]
        others += implied_sums(model)
        self._peers = model.peers
        self._units = units
        self._unit_masks = tuple(operator.itemgetter(*cells) for cells in units)
        self._first_other = len(units)  # constraint bits: units first, then the other propagators
        propagators = [(propagator(c, model), c.cells) for c in others]
        if after is not None:
            propagators.append((_lex_greater(after), tuple(range(model.cell_count))))
        self._propagators = [propagate for propagate, _ in propagators]
        constraint_bits = [0] * model.cell_count
        other_bits = [0] * model.cell_count
        self._cells_of = [*units, *(cells for _, cells in propagators)]
        for index, cells in enumerate(self._cells_of):
            for cell in cells:
                constraint_bits[cell] |= 1 << index
                if index >= self._first_other:
                    other_bits[cell] |= 1 << index
        self._constraint_bits = constraint_bits
        self._other_bits = other_bits
        self._all = (1 << n) - 1
        self._weights = [bits.bit_count() or 1 for bits in constraint_bits]  # dom/wdeg, per cell
        self.hall_sets = False  # Hall sets in every propagation (see _stalled)
        self._hall_sets_on_dead_end = n >= _HALL_SETS_FROM_SIDE  # in row-major search
        self._unit_bits = [bits & ((1 << len(units)) - 1) for bits in constraint_bits]
        self._first_budget = _FIRST_BUDGET_PER_CELL * model.cell_count
        self._deadline = deadline
        self.nodes = 0
        self.backtracks = 0
        self.restarts = 0
        candidates = [sum(1 << (v - 1) for v in domain) for domain in model.domains()]
        self._initial = (candidates[:], self._weights[:])
        self.consistent = all(candidates) and self._propagate(candidates, list(range(len(candidates))))
        self.candidates = candidates

    def with_givens(self, givens: Sequence[int]) -> BitmaskSearch:
        """A fresh search over the same rules with other givens (``n*n`` values, 0 for a
        blank), sharing this one's compiled constraints: much cheaper than a new
        :class:`BitmaskSearch` when a generator checks many sets of givens. Build this
        one over the rules with no givens (its domains are then the rules' own)."""
        search = copy.copy(self)
        domains, weights = self._initial
        search._weights = weights[:]
        search.nodes = search.backtracks = search.restarts = 0
        candidates = [
            (1 << (v - 1)) & domain if v else domain for v, domain in zip(givens, domains, strict=True)
        ]
        search.consistent = all(candidates) and search._propagate(candidates, list(range(len(candidates))))
        search.candidates = candidates
        return search

    # -- PrefixSearch ------------------------------------------------------------------

    def find_solution(self, cell: int | None = None, below: int | None = None) -> list[int] | None:
        """A solution keeping the givens and fixed prefix, with ``x_cell < below`` if given."""
        candidates = self.propagated(cell, below)
        if candidates is None:
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

    def propagated(self, cell: int | None = None, below: int | None = None) -> list[int] | None:
        """The candidate masks of the givens and fixed prefix, with ``x_cell < below`` when
        ``cell`` is given, propagated to a fixed point (a new list); ``None`` when the
        propagation meets a contradiction, which proves there is no such solution."""
        if not self.consistent:
            return None
        candidates = self.candidates[:]
        if cell is not None:
            candidates[cell] &= (1 << (below - 1)) - 1
            if not candidates[cell] or not self._propagate(candidates, [cell]):
                return None
        return candidates

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
        """Propagate every constraint until nothing changes; False on a contradiction.

        ``changed`` lists the cells whose candidates were just reduced; only their
        constraints, and those of cells reduced on the way, are looked at again. Units
        come first (naked and hidden singles), the other propagators after them.
        ``candidates`` is changed in place.
        """
        peers, units, bits_of, full = self._peers, self._units, self._constraint_bits, self._all
        other_bits, unit_masks, first_other = self._other_bits, self._unit_masks, self._first_other
        dirty = 0  # bit i set: constraint i lost a candidate since it was last looked at
        decided = []  # single-candidate cells whose value is not yet removed from their peers
        since = candidates[:] if self.hall_sets else None
        pending = 0
        for cell in changed:
            pending |= self._unit_bits[cell]
            dirty |= bits_of[cell]
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
                            return self._fail(bits_of[peer])
                        candidates[peer] = mask
                        dirty |= bits_of[peer]
                        if not mask & (mask - 1):
                            decided.append(peer)
            while dirty:  # hidden singles in the units that changed, then the other constraints
                low = dirty & -dirty
                dirty ^= low
                index = low.bit_length() - 1
                if index >= first_other:
                    reduced = self._propagators[index - first_other](candidates)
                    if reduced is None:
                        return self._fail(low)
                    for cell in reduced:
                        dirty |= bits_of[cell]
                        mask = candidates[cell]
                        if not mask & (mask - 1):
                            decided.append(cell)
                    if decided:
                        break
                    continue
                once = twice = placed = 0
                for mask in unit_masks[index](candidates):
                    twice |= once & mask
                    once |= mask
                    if not mask & (mask - 1):
                        placed |= mask
                if once != full:
                    return self._fail(low)  # some value has no cell left in this unit
                hidden = once & ~twice & ~placed
                if hidden:
                    for cell in units[index]:
                        mask = candidates[cell]
                        only_here = mask & hidden
                        if only_here and mask != only_here:
                            if only_here & (only_here - 1):
                                return self._fail(low)  # two values can only go in this one cell
                            candidates[cell] = only_here
                            dirty |= other_bits[cell]
                            decided.append(cell)
                if decided:
                    break
            if decided:
                continue
            if since is None:
                return True
            reduced = self._hall_sets(candidates, since, pending)
            if reduced is None:
                return False
            if not reduced:
                return True
            pending = 0
            for cell in reduced:
                dirty |= bits_of[cell]
                mask = candidates[cell]
                if not mask & (mask - 1):
                    decided.append(cell)

    def _hall_sets(self, candidates: list[int], since: list[int], pending: int) -> list[int] | None:
        """Once singles stall: Hall sets (:func:`sudoku_cp.backends.reasoning.hall_sets`) in
        the units that changed since ``since`` (the state at the last Hall pass, updated
        here) or whose bit is in ``pending``. The changed cells, or None on a contradiction."""
        units, unit_bits = self._units, self._unit_bits
        touched = pending
        for cell, (now, then) in enumerate(zip(candidates, since, strict=True)):
            if now != then:
                touched |= unit_bits[cell]
        since[:] = candidates
        changed = []
        while touched:
            low = touched & -touched
            touched ^= low
            index = low.bit_length() - 1
            open_cells = [c for c in units[index] if candidates[c] & (candidates[c] - 1)]
            if len(open_cells) < 3:
                continue  # two open cells: singles already did all there is
            placed = 0
            for cell in units[index]:
                mask = candidates[cell]
                if not mask & (mask - 1):
                    placed |= mask
            masks = [candidates[c] & ~placed for c in open_cells]
            # two decided cells with one value (narrowed in this pass), or no perfect matching
            kept = hall_sets(masks) if placed.bit_count() + len(open_cells) == len(units[index]) else None
            if kept is None:
                self._fail(low)
                return None
            for cell, mask, keep in zip(open_cells, masks, kept, strict=True):
                if keep != mask:
                    candidates[cell] = keep
                    changed.append(cell)
        return changed

    def _search(self, root: list[int], node_limit: int, row_major: bool = False) -> list[int] | None:
        """The first solution of a depth-first search from a propagated state, or None
        (see :meth:`_solutions` for ``row_major``).

        Raises:
            _Restart: ``self.nodes`` passed ``node_limit`` first.
        """
        return next(self._solutions(root, node_limit, row_major=row_major), None)

    def _solutions(
        self,
        root: list[int],
        node_limit: int | None = None,
        shuffle: random.Random | None = None,
        row_major: bool = False,
    ) -> Iterator[list[int]]:
        """Every solution below a propagated state, in the order a depth-first search meets them.

        The search branches on the most constrained cell or, with ``row_major``, on the
        first undecided cell in row-major order: then, values ascending, it meets the
        solutions in lexicographic order, the smallest first.

        Iterative (an explicit stack of decisions), so 25x25 grids cannot exhaust
        Python's recursion limit. Values are tried in ascending order, or in an order
        drawn from ``shuffle`` (a random generator) when one is given.

        Raises:
            _Restart: ``self.nodes`` passed ``node_limit`` (``None``: no limit).
        """
        decisions: list[tuple[list[int], int, int]] = []  # (parent state, cell, candidate bit)
        state: list[int] | None = root
        while True:
            if state is not None:
                if row_major:
                    branches = _first_undecided(state)
                else:
                    cell = self._most_constrained(state)
                    branches = None if cell is None else [(cell, bit) for bit in _bits(state[cell])]
                if branches is None:
                    yield state
                else:
                    if shuffle is not None:
                        shuffle.shuffle(branches)
                    decisions.extend((state, cell, bit) for cell, bit in reversed(branches))  # first on top
            if not decisions:
                return
            parent, cell, bit = decisions.pop()
            self.nodes += 1
            if self.nodes % _DEADLINE_CHECK_EVERY == 0:
                self._check_deadline()
                if node_limit is not None and self.nodes > node_limit:
                    raise _Restart
            state = parent[:]
            state[cell] = bit
            if not self._propagate(state, [cell]):
                self.backtracks += 1
                state = None
                if row_major and self._hall_sets_on_dead_end:
                    self.hall_sets = True  # plain propagation misled the search: reason harder

    def smallest_in_order(self, node_limit: int) -> list[int] | None:
        """The smallest row-major solution by one depth-first search in row-major order,
        smallest value first, or None when there is none; both answers are proofs.

        The search is complete and its propagation removes only values no solution
        extending the current decisions has, so it meets solutions in lexicographic
        order, and the first one is the smallest. This suits nearly empty grids, where
        that order meets few dead ends; elsewhere it can stall.

        Raises:
            _Restart: the search passed ``node_limit`` decisions first.
        """
        if not self.consistent:
            return None
        hall_sets = self.hall_sets
        try:
            solved = self._search(self.candidates[:], self.nodes + node_limit, row_major=True)
        finally:
            self.hall_sets = hall_sets
        return None if solved is None else [m.bit_length() for m in solved]

    # -- counting and random solutions ------------------------------------------------------

    def count_solutions(self, limit: int | None = None) -> int:
        """The number of solutions that keep the givens and the fixed prefix, or ``limit``
        if there are at least that many: an exhaustive depth-first search, so the count
        is exact (``None``: no limit).

        Raises:
            SolveTimeoutError: the deadline passed.
        """
        if not self.consistent or limit == 0:
            return 0
        return sum(1 for _ in itertools.islice(self._solutions(self.candidates[:]), limit))

    def random_solution(self, rng: random.Random, node_budget: int | None = None) -> list[int] | None:
        """A solution drawn by a depth-first search that tries values in a random order, or
        ``None`` when there is none. Same generator state, same solution.

        With ``node_budget``, gives up (returns ``None``) after that many more nodes, so a
        caller can draw again rather than wait on a heavy-tailed search; ``None`` is then
        not a proof.
        """
        if not self.consistent:
            return None
        limit = None if node_budget is None else self.nodes + node_budget
        try:
            solved = next(self._solutions(self.candidates[:], limit, rng), None)
        except _Restart:
            return None
        return None if solved is None else [m.bit_length() for m in solved]

    def _fail(self, constraint_set: int) -> bool:
        """Record a contradiction found in the constraints of bit set ``constraint_set``: each
        cell of theirs gains weight, so search turns to it sooner. Return False."""
        weights, cells_of = self._weights, self._cells_of
        while constraint_set:
            low = constraint_set & -constraint_set
            constraint_set ^= low
            for cell in cells_of[low.bit_length() - 1]:
                weights[cell] += 1
        return False

    def _most_constrained(self, candidates: Sequence[int]) -> int | None:
        """The undecided cell with the fewest candidates per weight (dom/wdeg).

        A cell's weight counts its constraints plus the contradictions found in them so
        far, so search turns first to the cells of the constraints that keep failing
        (Boussemart, Hemery, Lecoutre and Sais, "Boosting systematic search by weighting
        constraints", ECAI 2004). Ties go to the first cell in row-major order.
        """
        weights = self._weights
        best_cell, best_score = None, float("inf")
        for cell, mask in enumerate(candidates):
            if mask & (mask - 1):
                score = mask.bit_count() / weights[cell]
                if score < best_score:
                    best_cell, best_score = cell, score
        return best_cell

    def _check_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.check("the backtracking search")


def _smallest_in_row_major_order(search: BitmaskSearch, model: Model) -> tuple[list[int] | None, int]:
    """``(smallest solution or None, 1)`` from :meth:`BitmaskSearch.smallest_in_order`
    within its budget, or ``(None, 0)`` when it was not tried or ran past its budget.

    Tried on puzzles whose rules are all units (classic, jigsaw, diagonals, windows):
    on the other variants measured (Kropki, anti-knight) it cost more than it saved.
    """
    if not model.is_classic:
        return None, 0
    try:
        return search.smallest_in_order(_ROW_MAJOR_BUDGET_PER_CELL * model.cell_count), 1
    except _Restart:
        return None, 0


def solve(puzzle: Puzzle | Grid, *, time_limit: float | None = None) -> tuple[Grid, dict[str, float]]:
    """Return the smallest row-major solution of ``puzzle`` and the search's effort counters.

    The search is :class:`BitmaskSearch` (singles and the propagators of every
    constraint kind, most constrained cell first);
    :func:`sudoku_cp.backends.lexmin.smallest_solution` makes the answer the smallest
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
    """
    return _smallest(to_puzzle(puzzle), time_limit, None)


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
    """
    return _smallest(to_puzzle(puzzle), time_limit, _values(after))


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
    """
    puzzle = to_puzzle(puzzle)
    search = BitmaskSearch(puzzle, Deadline(time_limit) if time_limit is not None else None)
    count = search.count_solutions(limit)
    return count, {"solver_calls": 1, "nodes": search.nodes, "backtracks": search.backtracks}


def _values(grid: Grid | Sequence[int]) -> list[int]:
    return list(grid.cells if isinstance(grid, Grid) else grid)


def _smallest(
    puzzle: Puzzle, time_limit: float | None, after: Sequence[int] | None
) -> tuple[Grid, dict[str, float]]:
    search = BitmaskSearch(puzzle, Deadline(time_limit) if time_limit is not None else None, after)
    cells, searches = (None, 0) if after is not None else _smallest_in_row_major_order(search, puzzle.model)
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
