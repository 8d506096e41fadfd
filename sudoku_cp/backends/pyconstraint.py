"""The ``"python-constraint"`` backend: Sudoku as a python-constraint ``Problem``.

The model (:func:`build_problem`) is the textbook one, side by side with the CP-SAT model:

* one variable per cell, named ``"r1c1"`` .. ``"r9c9"`` (row and column from 1);
* its domain is the given value alone, or every value ``1..n`` of an open cell;
* one AllDifferent constraint per row, column and box (``3n`` constraints);
* for a variant, the other kinds of :mod:`sudoku_cp.constraints`: python-constraint's
  :class:`DistinctCageSum` for a cage ``Sum`` (digit combinations; the sums that cages
  and units imply are added too), smaller domains for ``ValueIn``, and the
  binary ones (``Less``, ``Relation``, two-cell ``AllDifferent`` such as anti-knight
  pairs) together as one :class:`BinaryNetwork` (see there why one).

python-constraint has no objective, and its first solution is not the smallest: its
solvers pick the next variable by degree and then by smallest current domain
(minimum remaining values), and try the values of a domain from the *end* of its list.
:func:`first_solution` shows that first solution. :func:`solve` returns the smallest
row-major solution, guaranteed, with python-constraint doing every search and every
constraint check:

    The witness method of :mod:`sudoku_cp.backends.lexmin` (lexicographic optimisation by fixing
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

import functools
import itertools
import operator
import random
import time
from collections.abc import Callable, Iterable, Sequence

import constraint

from sudoku_cp.backends.base import (
    distinct_combinations,
    finite_time_limit,
    implied_sums,
    lowest_candidates,
    to_puzzle,
)
from sudoku_cp.backends.lexmin import smallest_solution
from sudoku_cp.backends.subprocess_timeout import WorkerPool
from sudoku_cp.constraints import AllDifferent, Less, Model, Relation, Sum
from sudoku_cp.errors import NoSolutionError, SolveTimeoutError
from sudoku_cp.grid import Grid
from sudoku_cp.puzzle import Puzzle

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
        self._combos = [
            frozenset(v for v in range(1, side + 1) if mask >> (v - 1) & 1)
            for mask in distinct_combinations(side, count, total)
        ]

    def preProcess(self, variables, domains, constraints, vconstraints) -> None:
        digits = frozenset().union(*self._combos)
        for variable in variables:
            domain = domains[variable]
            for value in domain[:]:
                if value not in digits:
                    domain.remove(value)

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        assigned = [assignments[v] for v in variables if v in assignments]
        used = frozenset(assigned)
        if len(used) != len(assigned):
            return False
        open_cells = [v for v in variables if v not in assignments]
        fitting = [
            combo
            for combo in self._combos
            if used <= combo and all(any(x in combo for x in domains[v]) for v in open_cells)
        ]
        if not fitting:
            return False
        if forwardcheck and open_cells:
            allowed = frozenset().union(*fitting) - used
            for variable in open_cells:
                domain = domains[variable]
                for value in domain[:]:
                    if value not in allowed:
                        domain.hideValue(value)
                if not domain:
                    return False
        return True


class BinaryNetwork(constraint.Constraint):
    """Every binary constraint of a puzzle (``Less``, ``Relation``, a two-cell
    ``AllDifferent``) as one python-constraint constraint over the cells they touch.

    Why one constraint and not one per pair: python-constraint's ``BacktrackingSolver``
    picks the next variable by *degree* (the number of constraints on it) before
    domain size. With a constraint per knight move or per dot, degrees differ across
    the grid, the order becomes nearly static and MRV no longer steers the search (an
    8-given anti-knight puzzle ran past 60 s). As one constraint, every cell's degree is
    its units plus one, and MRV decides. The check is the same: two assigned cells
    must form an allowed pair, and (forward checking) an assigned cell removes the
    values its unassigned partners may no longer take.

    Args:
        links: for each variable, ``(partner, allowed)`` pairs, where ``allowed[v]`` is the
            set of the partner's values compatible with value ``v`` of the variable.
    """

    def __init__(self, links: dict[str, list[tuple[str, dict[int, frozenset[int]]]]]) -> None:
        self._links = links

    def __call__(self, variables, domains, assignments, forwardcheck=False) -> bool:
        for variable, links in self._links.items():
            value = assignments.get(variable)
            if value is None:
                continue
            for partner, allowed in links:
                fits = allowed[value]
                partner_value = assignments.get(partner)
                if partner_value is not None:
                    if partner_value not in fits:
                        return False
                elif forwardcheck:
                    domain = domains[partner]
                    for other in domain[:]:
                        if other not in fits:
                            domain.hideValue(other)
                    if not domain:
                        return False
        return True


def _binary_links(
    pairs: list[tuple[int, int, frozenset[tuple[int, int]]]], names: Sequence[str], side: int
) -> dict[str, list[tuple[str, dict[int, frozenset[int]]]]]:
    """The links of :class:`BinaryNetwork` from ``(first, second, allowed pairs)`` triples."""
    links: dict[str, list[tuple[str, dict[int, frozenset[int]]]]] = {}
    values = range(1, side + 1)
    for first, second, allowed in pairs:
        forward = {v: frozenset(w for w in values if (v, w) in allowed) for v in values}
        backward = {w: frozenset(v for v in values if (v, w) in allowed) for w in values}
        links.setdefault(names[first], []).append((names[second], forward))
        links.setdefault(names[second], []).append((names[first], backward))
    return links


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

    def add_sum(item: Sum) -> None:
        variables = [names[cell] for cell in item.cells]
        if len(variables) == 1:  # a one-cell cage fixes its cell
            add(constraint.InSetConstraint({item.total}), variables)
        elif all(b in model.peers[a] for a, b in itertools.combinations(item.cells, 2)):
            add(DistinctCageSum(model.side, item.total, len(variables)), variables)
        else:
            add(CageSum(item.total), variables)

    for implied in implied_sums(model):  # the 45 rule: sums that cages and units imply
        add_sum(implied)
    values = range(1, model.side + 1)
    binary = []  # (first, second, allowed pairs), stated together as one BinaryNetwork
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
            binary.append((item.first, item.second, _table("lt", model.side)))
        elif isinstance(item, Relation):
            binary.append((item.first, item.second, item.allowed))
    if binary:
        links = _binary_links(binary, names, model.side)
        add(BinaryNetwork(links), list(links))
    _even_out_degrees(problem, degree)
    return problem


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
    """A :class:`sudoku_cp.backends.lexmin.PrefixSearch` on python-constraint, with restarts.

    Every :meth:`find_solution` builds a fresh ``Problem`` (fixed cells as singleton
    domains) and lets the chosen python-constraint solver search it. Backtracking
    search times are heavy-tailed: on the same question one value order finds a
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
    """

    FIRST_BUDGET = 1000
    """Nodes allowed to the first run of each search; doubled at every restart."""

    def __init__(
        self,
        puzzle: Puzzle,
        solver: str = DEFAULT_SOLVER,
        constraints: str = DEFAULT_CONSTRAINTS,
        restarts: bool = True,
        after: Sequence[int] | None = None,
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
        self.solver_calls = 0
        self.restarts = 0
        self.nodes = 0
        self.model_build_time = 0.0
        self.search_time = 0.0

    def find_solution(self, cell: int | None = None, below: int | None = None) -> list[int] | None:
        """A solution keeping the fixed cells (and with ``x_cell < below`` when ``cell`` is
        given) as a row-major list of values, or ``None`` when python-constraint proves
        there is none."""
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
        if self._fixed[cell] or self._lowest[cell] >= value:
            return False
        taken = {self._fixed[peer] for peer in self._model.peers[cell]}
        return any(v < value and v not in taken for v in self._model.domains()[cell])

    def fix(self, cell: int, value: int) -> None:
        """Fix the cell to the value for every later search."""
        self._fixed[cell] = value

    def stats(self) -> dict[str, float]:
        """``solver_calls``, ``restarts``, ``nodes``, ``model_build_time`` and ``search_time`` (seconds)."""
        return {
            "solver_calls": self.solver_calls,
            "restarts": self.restarts,
            "nodes": self.nodes,
            "model_build_time": self.model_build_time,
            "search_time": self.search_time,
        }


def smallest(
    puzzle: Puzzle,
    solver: str = DEFAULT_SOLVER,
    constraints: str = DEFAULT_CONSTRAINTS,
    restarts: bool = True,
    after: Sequence[int] | None = None,
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution found in this process, with no time limit (with
    ``after``: the smallest one lexicographically greater than ``after``).

    Returns:
        ``(solution, stats)`` as :func:`solve`.

    Raises:
        NoSolutionError: the puzzle has no solution (above ``after``).
        ValueError: unknown or incomplete solver, or unknown constraint form.
    """
    search = ConstraintPrefixSearch(puzzle, solver, constraints, restarts, after)
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
) -> tuple[Grid, dict[str, float]]:
    """Backend entry point: the smallest row-major solution, found by python-constraint.

    Args:
        puzzle: the puzzle, any size and variant.
        time_limit: seconds for the whole search; when given, the search runs in a child
            process (reused across calls, one per concurrent caller) that is killed at
            the deadline. Starting that child (about 0.5 s: a new interpreter importing
            the package, on the first such call and after a timeout) is not counted.
            ``None``, or a limit above :data:`~sudoku_cp.backends.base.MAX_TIME_LIMIT`:
            no limit, run in this process.
        solver: a name from :data:`COMPLETE_SOLVERS` (default :data:`DEFAULT_SOLVER`).
        constraints: the form of the unit constraints, from :data:`CONSTRAINT_FORMS`
            (see :func:`build_problem`).
        restarts: cut off and restart long searches with new value orders (see
            :class:`ConstraintPrefixSearch`); the answer is the same either way.

    Returns:
        ``(solution, stats)``; stats: ``solver_calls`` (python-constraint searches),
        ``restarts``, ``nodes``, ``model_build_time`` and ``search_time`` (seconds), and with a time limit
        ``worker_started`` (1 when this call had to start the child process, else 0).

    Raises:
        NoSolutionError: the puzzle has no solution.
        SolveTimeoutError: ``time_limit`` ran out (the child has been killed).
        ValueError: unknown or incomplete solver, or unknown constraint form.
    """
    return _run_smallest(to_puzzle(puzzle), time_limit, solver, constraints, restarts, None)


def next_solution(
    puzzle: Puzzle | Grid,
    after: Grid | Sequence[int],
    *,
    time_limit: float | None = None,
    solver: str = DEFAULT_SOLVER,
    constraints: str = DEFAULT_CONSTRAINTS,
    restarts: bool = True,
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution lexicographically greater than ``after``.

    :func:`solve`'s method with one more python-constraint constraint in every search,
    :class:`LexGreater` (``x >_lex after``).

    Args:
        puzzle: the puzzle.
        after: a complete grid (or its ``n*n`` values row-major), usually the previous solution.
        time_limit, solver, constraints, restarts: as :func:`solve`.

    Raises:
        NoSolutionError: no solution is greater than ``after``.
        SolveTimeoutError: ``time_limit`` ran out (the child has been killed).
        ValueError: unknown or incomplete solver, or unknown constraint form.
    """
    after = list(after.cells if isinstance(after, Grid) else after)
    return _run_smallest(to_puzzle(puzzle), time_limit, solver, constraints, restarts, after)


def _run_smallest(
    puzzle: Puzzle,
    time_limit: float | None,
    solver: str,
    constraints: str,
    restarts: bool,
    after: Sequence[int] | None,
) -> tuple[Grid, dict[str, float]]:
    ConstraintPrefixSearch(puzzle, solver, constraints)  # check the options here, not in the child
    arguments = (puzzle, solver, constraints, restarts, after)
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
