"""The ``"python-constraint"`` backend: Sudoku as a python-constraint ``Problem``.

The model (:func:`build_problem`) is the textbook one, side by side with the CP-SAT model:

* one variable per cell, named ``"r1c1"`` .. ``"r9c9"`` (row and column from 1);
* its domain is the given value alone, or every value ``1..n`` of an open cell;
* one AllDifferent constraint per row, column and box (``3n`` constraints);
* for a variant, the other kinds of :mod:`sudoku_cp.constraints`, each as a
  python-constraint ``Constraint`` subclass of this module: :class:`DistinctCageSum`
  for a cage ``Sum`` (digit combinations; the sums that cages and units imply are
  added too), smaller domains for ``ValueIn``, :class:`LessChains` for each connected
  group of ``Less`` (a thermometer: bounds along the whole chain), and
  :class:`CellLinks` for each cell's binary constraints (``Relation``, two-cell
  ``AllDifferent`` such as anti-knight pairs: forward checking and arc consistency),
  and :class:`Supports` for the modern rules' ``Linear`` (bounds), ``Table`` (supports)
  and ``Sandwich``/``Skyscraper`` clues (their line automaton's supports).
  Cages, ``Less`` groups and Kropki-like links are stated over their cells *and their
  peers* (:class:`Watching`), so python-constraint calls them whenever one of their
  cells may have lost a value, and :class:`EveryUnitHiddenSingles` looks for hidden
  singles in every unit at every node (python-constraint only calls the constraints
  of the variable just assigned, so without these the reasoning stalled and 8-given
  anti-knight, open killer and Kropki puzzles took minutes).

python-constraint has no objective, and its first solution is not the smallest: its
solvers pick the next variable by degree and then by smallest current domain
(minimum remaining values), and try the values of a domain from the *end* of its list.
:func:`first_solution` shows that first solution. :func:`solve` returns the smallest
row-major solution, guaranteed, with python-constraint doing every search and every
constraint check:

    The witness method of :mod:`sudoku_cp.engine.lexmin` (lexicographic optimisation by fixing
    the cells in priority order; Ehrgott, *Multicriteria Optimization*, 2005, section
    5.1) drives :class:`ConstraintPrefixSearch`. Each question "is there a solution
    with cells ``0..i-1`` fixed and ``x_i < w_i``?" is a fresh ``Problem`` whose fixed
    cells have singleton domains and whose cell ``i`` has the domain ``1..w_i - 1``;
    python-constraint either finds such a solution (the new, smaller witness) or
    exhausts its search, which proves there is none, and then ``w_i`` is the minimum's
    value of cell ``i``. Minimality thus rests on complete searches proving
    infeasibility, never on the order in which a solver meets solutions, which is why
    only complete solvers (not MinConflicts) may drive it. Because the first witness
    comes from a most-constrained-first search, nearly empty grids do not stall the way
    a row-major search does.

Choices, measured by ``benchmarks/bench_pyconstraint.py --solvers`` (first 10 puzzles of
top95, 20 s cap per run, smallest solution; median seconds and puzzles solved):

* Solver: ``BacktrackingSolver`` with forward checking (0.08 s, 10/10), whose
  minimum-remaining-values choice is recomputed at every node; ``Recursive`` is close
  (0.14 s, 10/10). ``OptimizedBacktrackingSolver`` (``Problem()``'s default, 11 s, 8/10)
  fixes its variable order once, before the search; with every cell in three
  constraints that order is "givens, then row-major". Without forward checking no
  solver solves one of them within the cap; MinConflicts gives up even on easy50.
* Constraint form: python-constraint's ``AllDifferentConstraint`` only removes assigned
  values from the other cells of the unit. That is enough for most puzzles but not for
  proofs on sparse grids (16 givens: millions of nodes, minutes per question), so the
  default form is :class:`AllDifferentHiddenSingles`, the same constraint with hidden
  singles added to its forward checking (same solutions; 1.3 s and 9/10 with the plain
  form, 2.0 s and 7/10 with pairwise ``!=``; a 150 s sparse case drops to 0.1 s).
  ``constraints="alldifferent"`` and ``"pairwise"`` remain available.
* Restarts: searches that run long are cut off and restarted with shuffled value
  orders and doubled node budgets (see :class:`ConstraintPrefixSearch`).

:func:`count_solutions` counts with python-constraint's own solution iterator
(``getSolutionIter``) over :func:`build_problem`'s model; :func:`next_solution` runs
:func:`solve`'s method with one more constraint, :class:`LexGreater` (``x >_lex previous``).

python-constraint cannot be interrupted (its search loop is compiled and ignores signal
handlers), so a ``time_limit`` runs the whole search in a reusable child process
(:mod:`sudoku_cp.backends.subprocess_timeout`) that is killed when the deadline passes.
Concurrent calls (threads) each get a child of their own, and starting a child (about
0.5 s, on the first time-limited call and after a timeout) is not counted in the limit.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import operator
import random
import time
from collections.abc import Callable, Iterable, Sequence

import constraint

from sudoku_cp.backends.subprocess_timeout import WorkerPool
from sudoku_cp.constraints import (
    LINE_AUTOMATON_KINDS,
    AllDifferent,
    Less,
    Linear,
    Model,
    Relation,
    Sum,
    Table,
    ValueIn,
)
from sudoku_cp.engine.lexmin import lowest_candidates, smallest_solution
from sudoku_cp.engine.propagators import Propagator, propagator
from sudoku_cp.engine.runtime import finite_time_limit
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.engine.sums import distinct_combinations, implied_sums
from sudoku_cp.errors import NoSolutionError, NotSupportedError, SolveTimeoutError
from sudoku_cp.grid import Grid
from sudoku_cp.puzzle import Puzzle, to_puzzle

SOLVERS: dict[str, Callable[[], constraint.Solver]] = {
    "backtracking": lambda: constraint.BacktrackingSolver(forwardcheck=True),
    "backtracking-nofc": lambda: constraint.BacktrackingSolver(forwardcheck=False),
    "optimized": lambda: constraint.OptimizedBacktrackingSolver(forwardcheck=True),
    "optimized-nofc": lambda: constraint.OptimizedBacktrackingSolver(forwardcheck=False),
    "recursive": lambda: constraint.RecursiveBacktrackingSolver(forwardcheck=True),
    "recursive-nofc": lambda: constraint.RecursiveBacktrackingSolver(forwardcheck=False),
    "minconflicts": lambda: constraint.MinConflictsSolver(),
}
"""The single-solution solvers python-constraint ships, by name (``-nofc``: forward
checking off). ``ParallelSolver`` is left out: it only enumerates all solutions."""

COMPLETE_SOLVERS = tuple(name for name in SOLVERS if name != "minconflicts")
"""The solvers whose "no solution" is a proof, so they can guarantee the smallest solution.
MinConflicts is a local search that gives up after a number of steps."""

DEFAULT_SOLVER = "backtracking"
"""The solver :func:`solve` and :func:`first_solution` use (see the module docstring)."""

CONSTRAINT_FORMS = ("hidden-singles", "alldifferent", "pairwise")
"""The ways to state "all different" over a unit (see :func:`build_problem`)."""

DEFAULT_CONSTRAINTS = "hidden-singles"
"""The constraint form used unless another is asked for (see the module docstring)."""

WATCH_PEERS = True
"""Whether cages, ``Less`` groups and binary links are also called when a peer of their
cells is assigned (see :class:`Watching`)."""

EVERY_UNIT = True
"""Whether variants also get :class:`EveryUnitHiddenSingles`."""

_worker = WorkerPool(preload=("sudoku_cp.backends.pyconstraint",))
"""The child processes of time-limited solves, one per concurrent caller."""


class AllDifferentHiddenSingles(constraint.AllDifferentConstraint):
    """``AllDifferentConstraint`` over a unit of ``n`` cells that must hold the ``n`` values,
    with stronger forward checking: besides removing the assigned values from the other
    cells' domains (python-constraint's forward checking), it fails when a value has no
    cell left in the unit and reduces a cell to a value that no other cell of the unit
    can take (a *hidden single*, the first rule every Sudoku solver learns).

    The solutions are exactly those of ``AllDifferentConstraint`` when the unit has as
    many cells as values; only the pruning is stronger. python-constraint calls it, like
    any constraint, for the units of the variable just assigned, and the hidden values
    are restored by the solver on backtracking.
    """

    def __init__(self, values: Iterable[int]) -> None:
        self._values = tuple(values)

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        if not super().__call__(variables, domains, assignments, forwardcheck):
            return False
        if not forwardcheck:
            return True
        return self._place_hidden_singles(variables, domains, assignments)

    def _place_hidden_singles(self, variables, domains, assignments) -> bool:
        places: dict[int, int] = {}  # value -> open cells that can take it; -1 once assigned
        last_place = {}
        for variable in variables:
            if variable in assignments:
                places[assignments[variable]] = -1
                continue
            for value in domains[variable]:
                if places.get(value, 0) >= 0:
                    places[value] = places.get(value, 0) + 1
                    last_place[value] = variable
        for value in self._values:
            count = places.get(value, 0)
            if count == 0:
                return False
            if count == 1:
                domain = domains[last_place[value]]
                if value not in domain:  # the cell was already reduced to another hidden single
                    return False
                for other in domain[:]:
                    if other != value:
                        domain.hideValue(other)
        return True


class EveryUnitHiddenSingles(constraint.Constraint):
    """Hidden singles in every unit, at every assignment: one python-constraint constraint
    over all the cells of the grid.

    :class:`AllDifferentHiddenSingles` looks for hidden singles only in the units of the
    cell just assigned, but on a variant the other constraints (a cage, a Kropki chain,
    an anti-knight move) and the forward checking of the assigned cell's units take
    values out of *other* units too, where a value may be left with one place. This
    constraint looks at every unit after each assignment (with bit masks, about 0.1 ms
    on a 9x9 grid): a unit with a value that has no place left fails, and a value with
    one place is the only one left in that cell's domain. Only pruning; the solutions are
    those of the units' AllDifferent constraints. (Measured, 60 s cap: the 8-given
    anti-knight dclamage ak8-1 took 13 s with it and over 60 s without, ak8-4 8.6 s and
    14.6 s. Left out on classic rules, whose measured speed it was not needed for.)

    Args:
        units: each unit (``n`` cells holding the ``n`` values) as a list of variables.
        side: ``n``.
    """

    def __init__(self, units: Sequence[Sequence[str]], side: int) -> None:
        self._variables = list(dict.fromkeys(v for unit in units for v in unit))
        position = {variable: index for index, variable in enumerate(self._variables)}
        self._units = [tuple(position[v] for v in unit) for unit in units]
        self._bits = [0] + [1 << (value - 1) for value in range(1, side + 1)]
        self._full = (1 << side) - 1

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        if not forwardcheck:
            return True
        bits, get, assigned = self._bits, assignments.get, _ASSIGNED
        bit_of = bits.__getitem__
        masks = []
        for variable in self._variables:
            value = get(variable)
            if value is None:
                masks.append(sum(map(bit_of, domains[variable])))  # distinct bits: sum is or
            else:
                masks.append(bits[value] | assigned)
        full = self._full
        for unit in self._units:
            once = twice = placed = 0
            for index in unit:
                mask = masks[index]
                twice |= once & mask
                once |= mask
                if mask & assigned:
                    placed |= mask
            if once & full != full:
                return False  # a value has no place left in the unit
            hidden = once & ~twice & ~placed
            if not hidden:
                continue
            for index in unit:
                mask = masks[index]
                only_here = mask & hidden
                if only_here and mask != only_here:
                    if only_here & (only_here - 1):
                        return False  # two values can only go in this one cell
                    domain = domains[self._variables[index]]
                    for value in domain[:]:
                        if not only_here & bits[value]:
                            domain.hideValue(value)
                    masks[index] = only_here
        return True


_ASSIGNED = 1 << 62
"""The bit :class:`EveryUnitHiddenSingles` sets on the mask of an assigned cell."""


# -- the model ------------------------------------------------------------------------


@functools.cache
def variable_names(side: int) -> tuple[str, ...]:
    """The variable of each cell, row-major: ``"r1c1"``, ``"r1c2"``, ... (1-based row and column)."""
    return tuple(f"r{row + 1}c{col + 1}" for row in range(side) for col in range(side))


def build_problem(
    puzzle: Puzzle | Grid,
    solver: constraint.Solver | str | None = None,
    *,
    constraints: str = DEFAULT_CONSTRAINTS,
) -> constraint.Problem:
    """The python-constraint model of a puzzle of any size and variant.

    Args:
        puzzle: the puzzle (a :class:`Grid` means classic rules).
        solver: a python-constraint ``Solver`` instance, a name from :data:`SOLVERS`, or
            ``None`` for :data:`DEFAULT_SOLVER`.
        constraints: how each unit (an AllDifferent over ``n`` cells) is stated (the same
            solutions every time), a name from :data:`CONSTRAINT_FORMS`:
            ``"hidden-singles"`` (default) one :class:`AllDifferentHiddenSingles` (an
            ``AllDifferentConstraint`` that also places hidden singles),
            ``"alldifferent"`` python-constraint's own ``AllDifferentConstraint``,
            ``"pairwise"`` ``n(n-1)/2`` binary ``!=`` constraints
            (``FunctionConstraint(operator.ne)``).

    Returns:
        A ``constraint.Problem`` with ``n*n`` variables named by :func:`variable_names`
        (domain ``[v]`` for a given ``v``, the cell's allowed values otherwise) and one
        constraint per constraint of the puzzle's model (``3n`` AllDifferent for classic
        Sudoku, unless pairwise). Its ``getSolution()`` is a dict from variable name to
        value, or ``None`` when there is no solution.

    Raises:
        ValueError: unknown solver name or constraint form.
    """
    puzzle = to_puzzle(puzzle)
    model = puzzle.model
    return _problem(model, [_value_order(domain) for domain in model.domains()], solver, constraints)


def first_solution(
    puzzle: Puzzle | Grid,
    solver: constraint.Solver | str | None = None,
    *,
    constraints: str = DEFAULT_CONSTRAINTS,
) -> Grid:
    """python-constraint's own first solution, with **no** minimality guarantee.

    Which solution comes first depends on the solver's variable and value order, so
    backends (and solvers) may disagree on puzzles with several solutions; compare
    :func:`solve`, which returns the smallest. No time limit.

    Raises:
        NoSolutionError: the puzzle has no solution (or, for ``"minconflicts"``, the
            local search gave up).
        ValueError: unknown solver name or constraint form.
    """
    puzzle = to_puzzle(puzzle)
    solution = build_problem(puzzle, solver, constraints=constraints).getSolution()
    if solution is None:
        raise NoSolutionError("python-constraint found no solution")
    return puzzle.grid.with_cells([solution[name] for name in variable_names(puzzle.side)])


def _value_order(domain: Sequence[int]) -> list[int]:
    # python-constraint tries a domain's values from the end of the list; writing the
    # domain backwards makes it try the smallest value first, which gives a witness
    # close to the smallest solution and so fewer improvement searches.
    return sorted(domain, reverse=True)


def _values_of(mask: int) -> list[int]:
    """The values whose bits (bit ``v - 1`` for value ``v``) are set in a candidate mask."""
    return [value for value in range(1, mask.bit_length() + 1) if mask >> (value - 1) & 1]


def _make_solver(solver: constraint.Solver | str | None) -> constraint.Solver:
    if isinstance(solver, constraint.Solver):
        return solver
    name = DEFAULT_SOLVER if solver is None else solver
    if name not in SOLVERS:
        raise ValueError(f"unknown python-constraint solver {name!r}; known: {', '.join(SOLVERS)}")
    return SOLVERS[name]()


class CageSum(constraint.ExactSumConstraint):
    """python-constraint's ``ExactSumConstraint``, safe when an earlier constraint's
    preprocessing has already emptied a domain: its own ``preProcess`` (2.9) takes the
    ``min`` of every domain first and fails on an empty one. An empty domain means no
    solution, which python-constraint reports right after preprocessing, so skipping is
    exact."""

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        if all(domains[variable] for variable in variables):
            super().preProcess(variables, domains, constraints, vconstraints)


class DistinctCageSum(constraint.Constraint):
    """A killer cage: its values are all different and add up to ``total``.

    python-constraint's ``ExactSumConstraint`` reasons only about bounds, which leaves
    open killers (no givens) unsolved after minutes. This constraint reasons about the
    cage's digit combinations, the way people solve killers: preprocessing keeps in each
    cell only the digits of the combinations, and forward checking, once some cells are
    assigned, keeps only the digits of the combinations that contain the assigned values
    and still fit every open cell. Same solutions as AllDifferent plus the sum.

    Args:
        side: ``n``, the values being ``1..n``.
        total: the cage sum.
        count: the number of cells.
    """

    def __init__(self, side: int, total: int, count: int) -> None:
        self._combos = distinct_combinations(side, count, total)  # bit v - 1 for value v

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        digits = functools.reduce(operator.or_, self._combos, 0)
        for variable in variables:
            domain = domains[variable]
            for value in domain[:]:
                if not digits >> (value - 1) & 1:
                    domain.remove(value)

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        used = 0  # the assigned cells' values, as bits
        open_masks = []  # the open cells' domains, as bits
        for variable in variables:
            value = assignments.get(variable)
            if value is None:
                mask = 0
                for other in domains[variable]:
                    mask |= 1 << (other - 1)
                open_masks.append((variable, mask))
            elif used >> (value - 1) & 1:
                return False
            else:
                used |= 1 << (value - 1)
        anywhere = used
        for _, mask in open_masks:
            anywhere |= mask
        fitting = 0  # the digits of the combinations that contain the assigned values, every
        for combo in self._combos:  # digit of which has a place, and that give each open cell one
            if combo & used == used and not combo & ~anywhere and all(mask & combo for _, mask in open_masks):
                fitting |= combo
        if not fitting:
            return False
        if forwardcheck:
            allowed = fitting & ~used
            for variable, mask in open_masks:
                if mask & ~allowed:
                    domain = domains[variable]
                    for value in domain[:]:
                        if not allowed >> (value - 1) & 1:
                            domain.hideValue(value)
                    if not domain:
                        return False
        return True


class CellLinks(constraint.Constraint):
    """The binary constraints (``Relation``, a two-cell ``AllDifferent`` such as an
    anti-knight pair) of one cell, the *centre*, as one python-constraint constraint over
    the centre and its partners, with arc consistency over the whole network.

    It acts once the centre is assigned: an assigned partner must form an allowed pair
    with it, and (forward checking) every open partner loses the values that no longer
    pair with the centre's; then, through the network of every cell's links, each open
    cell that lost a value makes its own open partners drop the values it no longer
    supports, until nothing changes (AC-3 from the assigned cell: Mackworth,
    "Consistency in networks of relations", 1977). So a Kropki chain narrows all along
    at once. Every pair is in the links of both its cells, so whichever is assigned
    first prunes the other. Why one constraint per cell and not one per pair or one
    for the whole grid: python-constraint calls a constraint at every assignment of
    one of its variables, and a single network constraint had to scan every link of
    every assigned cell at each node (over half the search time of an anti-knight
    puzzle), while a constraint per pair makes degrees uneven (see
    :func:`_even_out_degrees`).

    Args:
        centre: the centre's variable.
        network: each cell's links, shared by every cell's constraint: ``(partner,
            allowed)`` pairs, where ``allowed[v]`` is the set of the partner's values
            compatible with value ``v`` of the cell.
    """

    def __init__(self, centre: str, network: dict[str, list[Link]]) -> None:
        self._centre = centre
        self._network = network

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        value = assignments.get(self._centre)
        network = self._network
        if value is None:
            if not forwardcheck:
                return True
            changed = [self._centre]  # its domain may have shrunk: revise its partners
        else:
            changed = []
            for partner, allowed, _ in network[self._centre]:
                fits = allowed[value]
                partner_value = assignments.get(partner)
                if partner_value is not None:
                    if partner_value not in fits:
                        return False
                elif forwardcheck:
                    domain = domains[partner]
                    if _keep_only(domain, fits):
                        if not domain:
                            return False
                        changed.append(partner)
        while changed:  # arc consistency between open cells, from the cells that lost values
            cell = changed.pop()
            values = domains[cell]
            for partner, allowed, loose in network[cell]:
                if partner in assignments or (loose and len(values) > 1):
                    continue
                supported = set()
                for own in values:
                    supported |= allowed[own]
                domain = domains[partner]
                if _keep_only(domain, supported):
                    if not domain:
                        return False
                    changed.append(partner)
        return True


class Watching(constraint.Constraint):
    """A constraint over some cells that python-constraint also calls when a *peer* of one
    of them is assigned.

    python-constraint calls a constraint only when one of its own variables is assigned,
    but forward checking of the units (an assigned value leaves the other cells of its
    row, column and box) narrows the domains of a cage, a thermometer or a Kropki chain
    long before one of their cells is assigned, and the constraint would not reason
    about it until then. Stated over its cells and their peers, it is called whenever
    one of its cells may have lost a value, and it still reads only its own cells, so the
    solutions are the same. (Measured, 60 s cap: lisudoku's 12-given Kropki 9x9 puzzle 2
    took 1.0 s with watching and over 60 s without; the open killer vtsukur 24789 needed
    it too.)

    Args:
        inner: the constraint, written for ``variables`` (kept as ``inner``).
        variables: its own variables, in its order (kept as ``own_variables``).
    """

    def __init__(self, inner: constraint.Constraint, variables: Sequence[str]) -> None:
        self.inner = inner
        self.own_variables = list(variables)

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        self.inner.preProcess(self.own_variables, domains, [], {})

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        return self.inner(self.own_variables, domains, assignments, forwardcheck)


def _keep_only(domain: constraint.Domain, allowed) -> bool:
    """Hide the domain's values outside ``allowed`` (restored on backtracking); True if any was."""
    hidden = False
    for value in domain[:]:
        if value not in allowed:
            domain.hideValue(value)
            hidden = True
    return hidden


Link = tuple[str, dict[int, frozenset[int]], bool]
"""``(partner, allowed, loose)``: ``allowed[v]``, the partner's values that fit value ``v``
of the cell; ``loose``, whether any two values of the cell together leave the partner
every value (so only a cell down to one value prunes it, as with ``!=``)."""


def _binary_links(
    pairs: list[tuple[int, int, frozenset[tuple[int, int]]]], names: Sequence[str], side: int
) -> dict[str, list[Link]]:
    """The links of each cell's :class:`CellLinks` from ``(first, second, allowed pairs)`` triples."""
    links: dict[str, list[Link]] = {}
    for first, second, allowed in pairs:
        forward, backward = _supports(allowed, side)
        links.setdefault(names[first], []).append((names[second], *forward))
        links.setdefault(names[second], []).append((names[first], *backward))
    return links


@functools.cache
def _supports(
    allowed: frozenset[tuple[int, int]], side: int
) -> tuple[tuple[dict[int, frozenset[int]], bool], tuple[dict[int, frozenset[int]], bool]]:
    """Both directions' ``(allowed, loose)`` of a binary table (see :data:`Link`)."""
    values = range(1, side + 1)
    everything = frozenset(values)
    forward = {v: frozenset(w for w in values if (v, w) in allowed) for v in values}
    backward = {w: frozenset(v for v in values if (v, w) in allowed) for w in values}

    def loose(table: dict[int, frozenset[int]]) -> bool:
        return all(table[a] | table[b] == everything for a, b in itertools.combinations(values, 2))

    return (forward, loose(forward)), (backward, loose(backward))


class LessChains(constraint.Constraint):
    """Every ``x < y`` of one connected group of ``Less`` constraints (a thermometer, the
    inequalities of a box) as one python-constraint constraint, with bounds propagation.

    Along the order of the pairs (a topological order of the cells), each cell's lower
    bound becomes at least one more than each predecessor's lower bound, and, backwards,
    its upper bound at most one less than each successor's upper bound; an assigned cell
    whose value falls outside its bounds breaks the constraint, and forward checking
    hides the values outside the bounds of the open cells. So assigning the bulb of a
    thermometer narrows the whole thermometer at once, where binary ``x < y`` checks only
    narrow the next cell (the thermometers of 6-given puzzles ran past a minute that
    way). Bounds reasoning over ``<`` only removes values no solution has (each bound is
    implied by a chain of ``<``). :meth:`preProcess` narrows the domains to the bounds
    once, before the search (a cell ``k`` steps from the bulb is at least ``k + 1``).
    (Measured without the other changes' preprocessing: lisudoku's 6-given thermo
    "medium" took 0.7 s, against over 25 s for its first solution alone with binary ``<``.)

    Args:
        pairs: ``(smaller, larger)`` variable pairs; a cycle (no solution) makes the
            constraint always fail.
    """

    def __init__(self, pairs: Iterable[tuple[str, str]]) -> None:
        successors: dict[str, list[str]] = {}
        predecessors: dict[str, list[str]] = {}
        for smaller, larger in pairs:
            successors.setdefault(smaller, []).append(larger)
            predecessors.setdefault(larger, []).append(smaller)
            successors.setdefault(larger, [])
            predecessors.setdefault(smaller, [])
        waiting = {cell: len(before) for cell, before in predecessors.items()}
        order = [cell for cell, count in waiting.items() if count == 0]
        for cell in order:  # Kahn's topological sort; order grows while it is read
            for after in successors[cell]:
                waiting[after] -= 1
                if waiting[after] == 0:
                    order.append(after)
        self._cyclic = len(order) < len(waiting)
        self._order = [(cell, predecessors[cell]) for cell in order]
        self._reverse = [(cell, successors[cell]) for cell in reversed(order)]

    def bounds(self, domains, assignments) -> dict[str, tuple[int, int]] | None:
        """Each cell's ``(lowest, highest)`` value, or ``None`` when some cell has none."""
        if self._cyclic:
            return None
        lowest: dict[str, int] = {}
        for cell, before in self._order:
            value = assignments.get(cell)
            if value is None:
                domain = domains[cell]
                if not domain:
                    return None
                low = min(domain)
            else:
                low = value
            for other in before:
                if lowest[other] >= low:
                    low = lowest[other] + 1
            if value is not None and low > value:
                return None
            lowest[cell] = low
        bounds: dict[str, tuple[int, int]] = {}
        for cell, after in self._reverse:
            value = assignments.get(cell)
            high = max(domains[cell]) if value is None else value
            for other in after:
                if bounds[other][1] <= high:
                    high = bounds[other][1] - 1
            if high < lowest[cell]:
                return None
            bounds[cell] = (lowest[cell], high)
        return bounds

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        bounds = self.bounds(domains, {})
        for cell, _ in self._order if bounds is not None else ():
            low, high = bounds[cell]
            domain = domains[cell]
            for value in domain[:]:
                if not low <= value <= high:
                    domain.remove(value)
        if bounds is None:  # no solution: an empty domain makes python-constraint say so
            domains[variables[0]][:] = []

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        bounds = self.bounds(domains, assignments)
        if bounds is None:
            return False
        if forwardcheck:
            for cell, (low, high) in bounds.items():
                if cell in assignments:
                    continue
                domain = domains[cell]
                for value in domain[:]:
                    if not low <= value <= high:
                        domain.hideValue(value)
                if not domain:
                    return False
        return True


def _less_groups(pairs: Sequence[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The ``Less`` pairs split into groups that share no cell (connected components)."""
    group_of: dict[int, int] = {}  # cell -> the representative of its group (union-find)

    def root(cell: int) -> int:
        while group_of.setdefault(cell, cell) != cell:
            group_of[cell] = group_of[group_of[cell]]
            cell = group_of[cell]
        return cell

    for first, second in pairs:
        group_of[root(first)] = root(second)
    groups: dict[int, list[tuple[int, int]]] = {}
    for pair in pairs:
        groups.setdefault(root(pair[0]), []).append(pair)
    return list(groups.values())


@functools.cache
def _table(kind: str, side: int) -> frozenset[tuple[int, int]]:
    """The allowed pairs of ``!=`` (``"ne"``) or ``<`` (``"lt"``) over ``1..side``."""
    test = operator.ne if kind == "ne" else operator.lt
    values = range(1, side + 1)
    return frozenset((a, b) for a in values for b in values if test(a, b))


class LexGreater(constraint.Constraint):
    """``x >_lex bound`` over every cell in row-major order: a python-constraint constraint
    for listing solutions in order (:func:`next_solution`).

    Over a partial assignment it scans the cells row-major: an assigned cell above its
    bound satisfies it, one below breaks it, one equal passes on; at the first
    unassigned cell forward checking hides the values below its bound (every earlier
    cell being equal, a smaller value there would make ``x`` smaller). A complete grid
    equal to ``bound`` breaks it (the order is strict).
    """

    def __init__(self, bound: Sequence[int]) -> None:
        self._bound = tuple(bound)

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        for variable, bound in zip(variables, self._bound, strict=True):
            if variable not in assignments:
                if forwardcheck:
                    domain = domains[variable]
                    for value in domain[:]:
                        if value < bound:
                            domain.hideValue(value)
                    return bool(domain)
                return True
            value = assignments[variable]
            if value != bound:
                return value > bound
        return False


def _problem(
    model: Model,
    domains: Sequence[Sequence[int]],
    solver: constraint.Solver | str | None,
    constraints: str = DEFAULT_CONSTRAINTS,
) -> constraint.Problem:
    """A Problem over the cells of the model with the given domains (row-major)."""
    if constraints not in CONSTRAINT_FORMS:
        raise ValueError(f"unknown constraint form {constraints!r}; known: {', '.join(CONSTRAINT_FORMS)}")
    problem = constraint.Problem(_make_solver(solver))
    names = variable_names(model.side)
    for name, domain in zip(names, domains, strict=True):
        problem.addVariable(name, list(domain))
    degree = dict.fromkeys(names, 0)

    def add(item: constraint.Constraint, variables: list[str]) -> None:
        problem.addConstraint(item, variables)
        if len(variables) > 1:  # python-constraint folds one-variable constraints into the domain
            for variable in variables:
                degree[variable] += 1

    def add_watched(item: constraint.Constraint, cells: Iterable[int]) -> None:
        """Add ``item`` over ``cells``, called also when one of their peers is assigned."""
        own = [names[cell] for cell in cells]
        if not WATCH_PEERS:
            add(item, own)
            return
        peers = {names[peer] for cell in cells for peer in model.peers[cell]}
        add(Watching(item, own), own + sorted(peers - set(own)))

    def add_sum(item: Sum) -> None:
        variables = [names[cell] for cell in item.cells]
        if len(variables) == 1:  # a one-cell cage fixes its cell
            add(constraint.InSetConstraint({item.total}), variables)
        elif all(b in model.peers[a] for a, b in itertools.combinations(item.cells, 2)):
            add_watched(DistinctCageSum(model.side, item.total, len(variables)), item.cells)
        else:
            add_watched(CageSum(item.total), item.cells)

    for implied in implied_sums(model):  # the 45 rule: sums that cages and units imply
        add_sum(implied)
    values = range(1, model.side + 1)
    binary = []  # (first, second, allowed pairs), stated per cell as CellLinks
    less = []  # (smaller, larger) cells, stated per connected group as LessChains
    for item in model.constraints:
        variables = [names[cell] for cell in item.cells]
        if isinstance(item, AllDifferent) and len(variables) == 2:
            binary.append((*item.cells, _table("ne", model.side)))
        elif isinstance(item, AllDifferent):
            if constraints == "pairwise":
                for first, second in itertools.combinations(variables, 2):
                    add(constraint.FunctionConstraint(operator.ne), [first, second])
            elif constraints == "hidden-singles" and len(variables) == model.side:
                add(AllDifferentHiddenSingles(values), variables)
            else:
                add(constraint.AllDifferentConstraint(), variables)
        elif isinstance(item, Sum):
            add_sum(item)
        elif isinstance(item, Less):
            less.append((item.first, item.second))
        elif isinstance(item, Relation):
            binary.append((item.first, item.second, item.allowed))
        elif isinstance(item, Linear) and item.is_plain_sum:
            add_sum(item.as_sum())  # little killers, outside sums: as cages
        elif isinstance(item, (Linear, Table, *LINE_AUTOMATON_KINDS)):
            local = dataclasses.replace(item, cells=tuple(range(len(item.cells))))
            add_watched(Supports(propagator(local, model)), item.cells)
        elif not isinstance(item, ValueIn):
            raise NotSupportedError(
                f"the python-constraint backend cannot state {type(item).__name__} ({item.label})"
            )
    for group in _less_groups(less):
        cells = sorted({cell for pair in group for cell in pair})
        add_watched(LessChains((names[a], names[b]) for a, b in group), cells)
    if EVERY_UNIT and not model.is_classic and constraints == "hidden-singles":
        units = [[names[cell] for cell in unit.cells] for unit in model.units]
        add(EveryUnitHiddenSingles(units, model.side), list(names))
    network = _binary_links(binary, names, model.side)
    for centre, links in network.items():
        cells = [names.index(cell) for cell in dict.fromkeys([centre, *(partner for partner, _, _ in links)])]
        if all(loose for _, _, loose in links):  # like !=: nothing to revise before an assignment
            add(CellLinks(centre, network), [names[cell] for cell in cells])
        else:
            add_watched(CellLinks(centre, network), cells)
    _even_out_degrees(problem, degree)
    return problem


class Supports(constraint.Constraint):
    """A modern rule's constraint (``Linear``, ``Table``, ``Sandwich``, ``Skyscraper``) with
    the engine's propagator as its forward checking: the propagator (written for the
    constraint's own cells numbered ``0..k-1``) narrows the cells' values as bitmasks,
    and the open cells lose the values it drops; it fails when the propagator finds a
    contradiction. Each propagator is exact on a complete assignment (bounds of single
    values, a tuple of the table, a path of the automaton), so the solutions are those
    of the constraint.

    Args:
        propagate: an engine :data:`~sudoku_cp.engine.propagators.Propagator` over
            positions ``0..k-1`` of the constraint's variables.
    """

    def __init__(self, propagate: Propagator) -> None:
        self._propagate = propagate

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        masks = []
        for variable in variables:
            value = assignments.get(variable)
            if value is None:
                mask = 0
                for other in domains[variable]:
                    mask |= 1 << (other - 1)
                if not mask:
                    return False
            else:
                mask = 1 << (value - 1)
            masks.append(mask)
        if self._propagate(masks) is None:
            return False
        if forwardcheck:
            for variable, mask in zip(variables, masks, strict=True):
                if variable not in assignments:
                    domain = domains[variable]
                    for value in domain[:]:
                        if not mask >> (value - 1) & 1:
                            domain.hideValue(value)
                    if not domain:
                        return False
        return True


class _Padding(constraint.Constraint):
    """A constraint that always holds and that preprocessing keeps: it only raises the
    degree of its variable (see :func:`_even_out_degrees`)."""

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        pass

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        return True


def _even_out_degrees(problem: constraint.Problem, degree: dict[str, int]) -> None:
    """Give every variable the same number of constraints, so that python-constraint's
    ``BacktrackingSolver``, which picks the next variable by degree before domain size,
    picks by domain size alone (MRV). Without this, the cells of an X-Sudoku diagonal,
    a Windoku window or a multi-cell cage, which have one or two constraints more,
    would always be searched first whatever their domains, and some hyper puzzles ran
    past 60 s. The padding constraints always hold, so the solutions are the same."""
    most = max(degree.values())
    for variable, count in degree.items():
        for _ in range(most - count):
            problem.addConstraint(_Padding(), [variable])


# -- the smallest solution ------------------------------------------------------------


class _BudgetExhausted(Exception):
    """Raised inside a python-constraint search to cut it off (a restart)."""


class _NodeCounter(constraint.Constraint):
    """A constraint over every variable that always holds: it only counts the nodes of the
    search (assignments that passed the real constraints, which are checked before it)
    and cuts the search off once ``budget`` nodes have been spent (``None``: never)."""

    def __init__(self, budget: int | None) -> None:
        self.nodes = 0
        self._budget = budget

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        self.nodes += 1
        if self._budget is not None and self.nodes > self._budget:
            raise _BudgetExhausted
        return True


class ConstraintPrefixSearch:
    """A :class:`sudoku_cp.engine.lexmin.PrefixSearch` on python-constraint, with restarts.

    Every :meth:`find_solution` builds a fresh ``Problem`` (fixed cells as singleton
    domains) and lets the chosen python-constraint solver search it. With
    ``preprocess`` (the default) the domains are first narrowed by the propagation of
    the package's backtracker (:meth:`sudoku_cp.engine.search.BitmaskSearch.propagated`:
    naked and hidden singles, cage combinations, bounds and supports, to a fixed point)
    over the givens, the fixed prefix and ``x_i < w_i``: it removes only values that no
    such solution has, so python-constraint still does the search and proves the
    answer, on a smaller problem; when the propagation empties a domain, that is the
    proof (counted in ``refuted_by_propagation``). The same state answers
    :meth:`may_take_less`, so cells the prefix decides cost no search. (Measured: the
    9-given janko jigsaw 250 went from over 60 s to 0.03 s; easy50 medians x0.16 of
    main's, ``benchmarks/bench_revisions.py``.)

    Backtracking search times are heavy-tailed: on the same question one value order finds a
    solution in 100 nodes and another needs 100,000 (16-clue grids). So, with
    ``restarts``, a search is cut off after a node budget and run again with the values
    of every domain in a new (seeded, reproducible) random order and twice the budget
    (randomisation and restarts: Gomes, Selman and Kautz, "Boosting combinatorial search
    through randomization", AAAI 1998). The answer is unchanged, as every run is a
    complete python-constraint search of the same question, and the last run has no
    cut-off before its budget; a proof that no solution exists costs the same tree in
    any value order (the variable choice depends only on the domains), so doubling
    budgets at most about quadruple it.

    Attributes:
        solver_calls: python-constraint searches run (``getSolution`` calls, restarts included).
        restarts: searches cut off by their budget.
        nodes: search nodes over all searches (assignments that passed the constraints).
        model_build_time: seconds spent building Problems.
        search_time: seconds spent inside python-constraint's ``getSolution``.
        refuted_by_propagation: questions the preprocessing answered "no" alone.
    """

    FIRST_BUDGET = 1000
    """Nodes allowed to the first run of each search; doubled at every restart."""

    QUESTION_FACTOR = 16
    """The first budget of the questions "``x_i < w_i``?" is this many times
    :attr:`FIRST_BUDGET`. Their answer is nearly always "no" (always, on a puzzle with
    one solution), a proof whose tree has about the same size in any value order, so
    every restart before the last only repeats work. Measured in nodes, same code
    otherwise: 8-given anti-knight 52,515 -> 36,510 and 17,639 -> 13,636, the open
    killer vtsukur 24789 51,938 -> 36,934, the first two minimal jigsaws of
    ``gen_jigsaw`` 44,169 -> 28,164 and 79,859 -> 57,852."""

    def __init__(
        self,
        puzzle: Puzzle,
        solver: str = DEFAULT_SOLVER,
        constraints: str = DEFAULT_CONSTRAINTS,
        restarts: bool = True,
        after: Sequence[int] | None = None,
        preprocess: bool = True,
    ) -> None:
        if solver not in COMPLETE_SOLVERS:
            raise ValueError(
                f"solver {solver!r} cannot prove that no smaller solution exists; "
                f"use one of: {', '.join(COMPLETE_SOLVERS)}"
            )
        if constraints not in CONSTRAINT_FORMS:
            raise ValueError(f"unknown constraint form {constraints!r}; known: {', '.join(CONSTRAINT_FORMS)}")
        self._model = puzzle.model
        self._lowest = lowest_candidates(self._model)
        self._fixed = list(self._model.givens)  # givens and the fixed prefix; 0 for an open cell
        self._solver = solver
        self._constraints = constraints
        self._restarts = restarts
        self._after = None if after is None else tuple(after)
        self._propagation = BitmaskSearch(self._model, after=self._after) if preprocess else None
        self.refuted_by_propagation = 0
        self.solver_calls = 0
        self.restarts = 0
        self.nodes = 0
        self.model_build_time = 0.0
        self.search_time = 0.0

    def find_solution(self, cell: int | None = None, below: int | None = None) -> list[int] | None:
        """A solution keeping the fixed cells (and with ``x_cell < below`` when ``cell`` is
        given) as a row-major list of values, or ``None`` when python-constraint proves
        there is none."""
        if self._propagation is not None:
            masks = self._propagation.propagated(cell, below)
            if masks is None:
                self.refuted_by_propagation += 1
                return None  # the propagation emptied a domain: a proof
            domains = [_value_order(_values_of(mask)) for mask in masks]
        else:
            domains = [
                [value] if value else _value_order(domain)
                for value, domain in zip(self._fixed, self._model.domains(), strict=True)
            ]
            if cell is not None:
                assert below is not None
                domains[cell] = [value for value in domains[cell] if value < below]
                if not domains[cell]:
                    return None  # an empty domain is its own proof
        shuffler = random.Random(self.solver_calls)
        budget = self.FIRST_BUDGET if self._restarts else None
        if budget is not None and cell is not None:
            budget *= self.QUESTION_FACTOR
        while True:
            try:
                return self._search(domains, budget)
            except _BudgetExhausted:
                self.restarts += 1
                budget *= 2
                for domain in domains:
                    shuffler.shuffle(domain)

    def _search(self, domains: list[list[int]], budget: int | None) -> list[int] | None:
        """One python-constraint search over these domains, cut off after ``budget`` nodes.

        Raises:
            _BudgetExhausted: the budget ran out first.
        """
        start = time.perf_counter()
        problem = _problem(self._model, domains, self._solver, self._constraints)
        counter = _NodeCounter(budget)
        names = variable_names(self._model.side)
        problem.addConstraint(counter, list(names))
        if self._after is not None:
            problem.addConstraint(LexGreater(self._after), list(names))
        searching = time.perf_counter()
        self.model_build_time += searching - start
        self.solver_calls += 1
        try:
            solution = problem.getSolution()
        finally:
            self.search_time += time.perf_counter() - searching
            self.nodes += counter.nodes
        return None if solution is None else [solution[name] for name in names]

    def may_take_less(self, cell: int, value: int) -> bool:
        """False when the cell is fixed, or every value of its domain below ``value`` is held by
        a fixed peer."""
        if self._propagation is not None:
            return self._propagation.may_take_less(cell, value)
        if self._fixed[cell] or self._lowest[cell] >= value:
            return False
        taken = {self._fixed[peer] for peer in self._model.peers[cell]}
        return any(v < value and v not in taken for v in self._model.domains()[cell])

    def fix(self, cell: int, value: int) -> None:
        """Fix the cell to the value for every later search."""
        self._fixed[cell] = value
        if self._propagation is not None:
            self._propagation.fix(cell, value)

    def stats(self) -> dict[str, float]:
        """``solver_calls``, ``restarts``, ``nodes``, ``model_build_time``, ``search_time``
        (seconds) and ``refuted_by_propagation``."""
        return {
            "solver_calls": self.solver_calls,
            "restarts": self.restarts,
            "nodes": self.nodes,
            "model_build_time": self.model_build_time,
            "search_time": self.search_time,
            "refuted_by_propagation": self.refuted_by_propagation,
        }


def smallest(
    puzzle: Puzzle,
    solver: str = DEFAULT_SOLVER,
    constraints: str = DEFAULT_CONSTRAINTS,
    restarts: bool = True,
    after: Sequence[int] | None = None,
    preprocess: bool = True,
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution found in this process, with no time limit (with
    ``after``: the smallest one lexicographically greater than ``after``).

    Returns:
        ``(solution, stats)`` as :func:`solve`.

    Raises:
        NoSolutionError: the puzzle has no solution (above ``after``).
        ValueError: unknown or incomplete solver, or unknown constraint form.
    """
    search = ConstraintPrefixSearch(puzzle, solver, constraints, restarts, after, preprocess)
    cells, _ = smallest_solution(search, puzzle.model.cell_count)
    if cells is None:
        if after is not None:
            raise NoSolutionError("python-constraint proved that no solution is greater than the given one")
        raise NoSolutionError("python-constraint proved that the puzzle has no solution")
    return puzzle.grid.with_cells(cells), search.stats()


def solve(
    puzzle: Puzzle | Grid,
    *,
    time_limit: float | None = None,
    solver: str = DEFAULT_SOLVER,
    constraints: str = DEFAULT_CONSTRAINTS,
    restarts: bool = True,
    preprocess: bool = True,
) -> tuple[Grid, dict[str, float]]:
    """Backend entry point: the smallest row-major solution, found by python-constraint.

    Args:
        puzzle: the puzzle, any size and variant.
        time_limit: seconds for the whole search; when given, the search runs in a child
            process (reused across calls, one per concurrent caller) that is killed at
            the deadline. Starting that child (about 0.5 s: a new interpreter importing
            the package, on the first such call and after a timeout) is not counted.
            ``None``, or a limit above :data:`~sudoku_cp.engine.runtime.MAX_TIME_LIMIT`:
            no limit, run in this process.
        solver: a name from :data:`COMPLETE_SOLVERS` (default :data:`DEFAULT_SOLVER`).
        constraints: the form of the unit constraints, from :data:`CONSTRAINT_FORMS`
            (see :func:`build_problem`).
        restarts: cut off and restart long searches with new value orders (see
            :class:`ConstraintPrefixSearch`); the answer is the same either way.
        preprocess: narrow each search's domains first with the package's propagation
            (see :class:`ConstraintPrefixSearch`); the answer is the same either way.

    Returns:
        ``(solution, stats)``; stats: ``solver_calls`` (python-constraint searches),
        ``restarts``, ``nodes``, ``model_build_time`` and ``search_time`` (seconds),
        ``refuted_by_propagation`` (questions answered "no" by the preprocessing alone), and
        with a time limit ``worker_started`` (1 when this call had to start the child
        process, else 0).

    Raises:
        NoSolutionError: the puzzle has no solution.
        SolveTimeoutError: ``time_limit`` ran out (the child has been killed).
        ValueError: unknown or incomplete solver, or unknown constraint form.
    """
    return _run_smallest(to_puzzle(puzzle), time_limit, solver, constraints, restarts, None, preprocess)


def next_solution(
    puzzle: Puzzle | Grid,
    after: Grid | Sequence[int],
    *,
    time_limit: float | None = None,
    solver: str = DEFAULT_SOLVER,
    constraints: str = DEFAULT_CONSTRAINTS,
    restarts: bool = True,
    preprocess: bool = True,
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution lexicographically greater than ``after``.

    :func:`solve`'s method with one more python-constraint constraint in every search,
    :class:`LexGreater` (``x >_lex after``).

    Args:
        puzzle: the puzzle.
        after: a complete grid (or its ``n*n`` values row-major), usually the previous solution.
        time_limit, solver, constraints, restarts, preprocess: as :func:`solve`.

    Raises:
        NoSolutionError: no solution is greater than ``after``.
        SolveTimeoutError: ``time_limit`` ran out (the child has been killed).
        ValueError: unknown or incomplete solver, or unknown constraint form.
    """
    after = list(after.cells if isinstance(after, Grid) else after)
    return _run_smallest(to_puzzle(puzzle), time_limit, solver, constraints, restarts, after, preprocess)


def _run_smallest(
    puzzle: Puzzle,
    time_limit: float | None,
    solver: str,
    constraints: str,
    restarts: bool,
    after: Sequence[int] | None,
    preprocess: bool,
) -> tuple[Grid, dict[str, float]]:
    ConstraintPrefixSearch(puzzle, solver, constraints, preprocess=False)  # check the options here
    arguments = (puzzle, solver, constraints, restarts, after, preprocess)
    time_limit = finite_time_limit(time_limit)
    if time_limit is None:
        return smallest(*arguments)
    try:
        (solution, stats), started = _worker.call(smallest, arguments, time_limit)
    except TimeoutError:
        raise SolveTimeoutError(
            f"python-constraint did not find and prove the smallest solution within {time_limit:g} s"
        ) from None
    return solution, {**stats, "worker_started": float(started)}


def count_solutions(
    puzzle: Puzzle | Grid,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    solver: str = DEFAULT_SOLVER,
    constraints: str = DEFAULT_CONSTRAINTS,
    restarts: bool = True,
) -> tuple[int, dict[str, float]]:
    """The exact number of solutions, or ``limit`` if there are at least that many.

    python-constraint's solution iterator (``Problem.getSolutionIter``) over
    :func:`build_problem`'s model, stopped at the ``limit``-th solution. The iterator
    is a complete search, so when it ends the count is exact.

    Args:
        puzzle: the puzzle.
        limit: stop counting there (``None``: count them all).
        time_limit: seconds; when given the count runs in the killable child process
            (as :func:`solve`).
        solver: a name from :data:`COMPLETE_SOLVERS`.
        constraints: the form of the unit constraints (:data:`CONSTRAINT_FORMS`).
        restarts: ignored (a count explores the whole search tree in any value order);
            kept so every option of :func:`solve` is accepted.

    Returns:
        ``(count, stats)`` with stats ``solver_calls`` (1), ``nodes`` and ``search_time`` (seconds).

    Raises:
        SolveTimeoutError: ``time_limit`` ran out before the count was complete.
        ValueError: unknown or incomplete solver, or unknown constraint form.
    """
    puzzle = to_puzzle(puzzle)
    ConstraintPrefixSearch(puzzle, solver, constraints)  # check the options
    arguments = (puzzle, limit, solver, constraints)
    time_limit = finite_time_limit(time_limit)
    if time_limit is None:
        return _count(*arguments)
    try:
        result, _ = _worker.call(_count, arguments, time_limit)
    except TimeoutError:
        raise SolveTimeoutError(
            f"python-constraint did not finish counting within {time_limit:g} s"
        ) from None
    return result


def _count(puzzle: Puzzle, limit: int | None, solver: str, constraints: str) -> tuple[int, dict[str, float]]:
    """Count in this process (see :func:`count_solutions`)."""
    problem = build_problem(puzzle, solver, constraints=constraints)
    counter = _NodeCounter(None)
    problem.addConstraint(counter, list(variable_names(puzzle.side)))
    start = time.perf_counter()
    count = 0
    if limit != 0:
        for _ in problem.getSolutionIter():
            count += 1
            if count == limit:
                break
    stats = {"solver_calls": 1, "nodes": counter.nodes, "search_time": time.perf_counter() - start}
    return count, stats


def shutdown_worker() -> None:
    """Stop the child processes kept for time-limited solves (they also stop at exit)."""
    _worker.stop()
