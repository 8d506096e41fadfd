"""The engine's search: depth-first search over bitmask candidates, with propagation.

A decided cell's value is removed from its *peers* (the cells it shares any
AllDifferent with: the "naked single" rule), and in a *unit* (an AllDifferent over
``n`` cells) a value with one possible cell left goes there (the "hidden single").
Norvig, "Solving Every Sudoku Puzzle", 2006. Every other kind of constraint gets its
propagator from :mod:`sudoku_cp.engine.propagators`; the sums that cages and units
imply (the killer solver's "45 rule") from :mod:`sudoku_cp.engine.sums`; Hall sets
(Régin's AllDifferent filtering) from :mod:`sudoku_cp.engine.hall`.

Search picks the undecided cell with the fewest candidates per failure weight
(dom/wdeg) and tries its candidates in ascending order, restarting with a doubled node
budget; every run is complete, so a "no solution" is a proof. The backtracking backend
(:mod:`sudoku_cp.backends.backtracking`) documents how it uses this search to prove the
smallest row-major solution; the generator, grading, explanations and conflicts use it too.
"""

from __future__ import annotations

import copy
import itertools
import operator
import random
from collections.abc import Iterator, Sequence

from sudoku_cp.engine.hall import hall_sets
from sudoku_cp.engine.propagators import _chaos_regions, bits, engine_model, lex_greater, propagator
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.sums import implied_sums
from sudoku_cp.errors import InvalidArgumentError
from sudoku_cp.model.constraints import AllDifferent, Model, ValueIn

_DEADLINE_CHECK_EVERY = 64  # search nodes between clock reads (and node budget checks)
_ROW_MAJOR_BUDGET_PER_CELL = 1  # node budget of the row-major search that solve() tries first
_FIRST_BUDGET_PER_CELL = 10  # a search's first node budget, per cell of the grid; doubled at each restart


class Restart(Exception):
    """A search used up its node budget: start it again, with the failure weights learnt."""


# -- the search ---------------------------------------------------------------------------------


def _first_undecided(candidates: Sequence[int]) -> list[tuple[int, int]] | None:
    """The branches ``(cell, bit)`` of the first undecided cell in row-major order,
    smallest value first; None when every cell is decided."""
    for cell, mask in enumerate(candidates):
        if mask & (mask - 1):
            return [(cell, bit) for bit in bits(mask)]
    return None


_HALL_SETS_FROM_SIDE = 16  # the row-major search turns Hall sets on at its first dead end from this side


class BitmaskSearch:
    """Depth-first search over bitmask candidates for one puzzle, with a fixed prefix.

    Implements :class:`sudoku_cp.engine.lexmin.PrefixSearch`. ``self.candidates`` is
    the propagated state of the givens plus every cell fixed so far.

    Args:
        model: the puzzle's :class:`~sudoku_cp.model.constraints.Model` (``puzzle.model``;
            the engine never takes a puzzle).
        deadline: the call's :class:`~sudoku_cp.backends.base.Deadline`, or ``None``.
        after: a complete grid's values (row-major), or ``None``: when given, only the
            solutions lexicographically greater than it count (an extra ``x >_lex after``
            propagator), which is how :func:`next_solution` lists solutions in order.
        check_every: search nodes between looks at ``deadline`` (default 64; node budgets
            are looked at every 64 nodes either way). ``auto`` looks more often, at a
            deadline that also holds a CPU budget of a millisecond or two.

    Attributes:
        nodes: decisions tried by the searches (one per value tried at a branching cell).
        backtracks: decisions whose propagation ended in a contradiction (dead ends).
        restarts: searches cut off by their node budget and started again.
    """

    def __init__(
        self,
        model: Model,
        deadline: Deadline | None = None,
        after: Sequence[int] | None = None,
        check_every: int = _DEADLINE_CHECK_EVERY,
    ) -> None:
        if not isinstance(model, Model):
            raise InvalidArgumentError(
                f"BitmaskSearch takes a Model (a puzzle's .model), not {type(model).__name__}"
            )
        model = engine_model(model)
        n = model.side
        units = [c.cells for c in model.units]
        # every kind but AllDifferent (built in) and ValueIn (the domains) gets a propagator;
        # propagator() raises NotSupportedError on a kind it does not know
        others = [c for c in model.constraints if not isinstance(c, AllDifferent | ValueIn)]
        chaos = _chaos_regions()
        if chaos is not None:  # a chaos construction's regions, the costliest, after the clues
            others.sort(key=lambda c: isinstance(c, chaos))
        others += implied_sums(model)
        self._peers = model.peers
        self._units = units
        self._unit_masks = tuple(operator.itemgetter(*cells) for cells in units)
        self._first_other = len(units)  # constraint bits: units first, then the other propagators
        propagators = [(propagator(c, model), c.cells) for c in others]
        if after is not None:
            propagators.append((lex_greater(after), tuple(range(model.cell_count))))
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
        self._all = (1 << model.value_count) - 1  # every value: 1..k (k > n: more digits than the side)
        self._weights = [bits.bit_count() or 1 for bits in constraint_bits]  # dom/wdeg, per cell
        self.hall_sets = False  # Hall sets in every propagation (see _stalled)
        self._hall_sets_on_dead_end = n >= _HALL_SETS_FROM_SIDE  # in row-major search
        self._unit_bits = [bits & ((1 << len(units)) - 1) for bits in constraint_bits]
        self._first_budget = _FIRST_BUDGET_PER_CELL * model.cell_count
        self._deadline = deadline
        self._check_every = check_every
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
        return self.with_domains([1 << (v - 1) if v else -1 for v in givens])

    def with_domains(self, masks: Sequence[int], deadline: Deadline | None = None) -> BitmaskSearch:
        """A fresh search over the same rules with each cell's domain narrowed to the bit
        set of ``masks`` (one per cell, bit ``v - 1`` for value ``v``; ``-1`` keeps the
        domain), sharing this one's compiled constraints as :meth:`with_givens` does: the
        explanations' premise check asks one per step of a premise already compiled.
        ``deadline``: the new search's clock (``None``: this one's)."""
        search = copy.copy(self)
        if deadline is not None:
            search._deadline = deadline
        domains, weights = self._initial
        search._weights = weights[:]
        search.nodes = search.backtracks = search.restarts = 0
        candidates = [mask & domain for mask, domain in zip(masks, domains, strict=True)]
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
            except Restart:
                self.restarts += 1
                budget *= 2
        return None if solved is None else [m.bit_length() for m in solved]

    def solution_without(self, cell: int, value: int) -> list[int] | None:
        """A solution keeping the givens and fixed prefix in which ``cell`` does not take
        ``value``, or ``None`` when there is none (an exhaustive search: a proof).

        A generator that removes the given ``value`` of ``cell`` from a proper puzzle asks
        this instead of counting to 2: every other solution of the smaller puzzle differs
        from the known one at ``cell``, and excluding ``value`` there prunes the search
        that proves there is none (the count must also search through the known solution).

        Raises:
            SolveTimeoutError: the deadline passed.
        """
        return self.solution_within(cell, ~(1 << (value - 1)))

    def solution_within(self, cell: int, mask: int) -> list[int] | None:
        """A solution keeping the givens and fixed prefix in which ``cell`` takes a value
        of the bit set ``mask`` (bit ``v - 1`` for value ``v``), or ``None`` when there is
        none (an exhaustive search: a proof). Many questions about one model share its
        compiled constraints and propagated state this way: the explanations' premise check
        asks one per conclusion of a step.

        Raises:
            SolveTimeoutError: the deadline passed.
        """
        if not self.consistent:
            return None
        candidates = self.candidates[:]
        candidates[cell] &= mask
        if not candidates[cell] or not self._propagate(candidates, [cell]):
            return None
        solved = next(self._solutions(candidates), None)
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
            Restart: ``self.nodes`` passed ``node_limit`` first.
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
            Restart: ``self.nodes`` passed ``node_limit`` (``None``: no limit).
        """
        decisions: list[tuple[list[int], int, int]] = []  # (parent state, cell, candidate bit)
        state: list[int] | None = root
        while True:
            if state is not None:
                if row_major:
                    branches = _first_undecided(state)
                else:
                    cell = self._most_constrained(state)
                    branches = None if cell is None else [(cell, bit) for bit in bits(state[cell])]
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
            # Hall sets make a node cost milliseconds on 16x16 and 25x25 (64 nodes: seconds
            # past a generator's limit, issue 35.3): the clock is then read at every node
            if self.nodes % self._check_every == 0 or self.hall_sets:
                self._check_deadline()
                restart = node_limit is not None and self.nodes > node_limit
                if restart and self.nodes % _DEADLINE_CHECK_EVERY == 0:
                    raise Restart
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
            Restart: the search passed ``node_limit`` decisions first.
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

    def count_solutions(self, limit: int | None = None, node_limit: int | None = None) -> int:
        """The number of solutions that keep the givens and the fixed prefix, or ``limit``
        if there are at least that many: an exhaustive depth-first search, so the count
        is exact (``None``: no limit). ``node_limit``: give up past about that many
        decisions (``None``: never).

        Raises:
            SolveTimeoutError: the deadline passed.
            Restart: the search passed ``node_limit`` decisions first.
        """
        if not self.consistent or limit == 0:
            return 0
        start = self.candidates[:]
        budget = None if node_limit is None else self.nodes + node_limit
        return sum(1 for _ in itertools.islice(self._solutions(start, budget), limit))

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
        except Restart:
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


def smallest_in_row_major_order(search: BitmaskSearch, model: Model) -> tuple[list[int] | None, int]:
    """``(smallest solution or None, 1)`` from :meth:`BitmaskSearch.smallest_in_order`
    within its budget, or ``(None, 0)`` when it was not tried or ran past its budget.

    Tried on puzzles whose rules are all units (classic, jigsaw, diagonals, windows):
    on the other variants measured (Kropki, anti-knight) it cost more than it saved.
    """
    if not model.is_classic:
        return None, 0
    try:
        return search.smallest_in_order(_ROW_MAJOR_BUDGET_PER_CELL * model.cell_count), 1
    except Restart:
        return None, 0
