"""The witness search of the ``"python-constraint"`` backend: the smallest row-major
solution, every search and proof done by python-constraint (:class:`ConstraintPrefixSearch`,
:func:`smallest`), and the count of solutions (:func:`count_here`). Both run in this
process; :mod:`sudoku_cp.backends.pyconstraint.worker` runs them under a time limit."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from sudoku_cp.backends.pyconstraint.constraints import BudgetExhausted, LexGreater, NodeCounter
from sudoku_cp.backends.pyconstraint.model import (
    COMPLETE_SOLVERS,
    CONSTRAINT_FORMS,
    DEFAULT_CONSTRAINTS,
    DEFAULT_SOLVER,
    model_variable_names,
    open_problem,
    problem_of,
    value_order,
    values_of,
)
from sudoku_cp.engine.lexmin import ProofLog, lowest_candidates, smallest_solution, sparse_witness
from sudoku_cp.engine.runtime import Counters
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.errors import InvalidArgumentError
from sudoku_cp.model.constraints import Model


class ConstraintPrefixSearch(Counters):
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

    STATS = ("solver_calls", "restarts", "nodes", "model_build_time", "search_time", "refuted_by_propagation")
    """Its counters: the times (``model_build_time``, ``search_time``) in seconds."""

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
        model: Model,
        solver: str = DEFAULT_SOLVER,
        constraints: str = DEFAULT_CONSTRAINTS,
        restarts: bool = True,
        after: Sequence[int] | None = None,
        preprocess: bool = True,
    ) -> None:
        if solver not in COMPLETE_SOLVERS:
            raise InvalidArgumentError(
                f"solver {solver!r} cannot prove that no smaller solution exists; "
                f"use one of: {', '.join(COMPLETE_SOLVERS)}"
            )
        if constraints not in CONSTRAINT_FORMS:
            raise InvalidArgumentError(
                f"unknown constraint form {constraints!r}; known: {', '.join(CONSTRAINT_FORMS)}"
            )
        self._model = model
        self._lowest = lowest_candidates(self._model)
        self._fixed = list(self._model.givens)  # givens and the fixed prefix; 0 for an open cell
        self._solver = solver
        self._constraints = constraints
        self._restarts = restarts
        self._after = None if after is None else tuple(after)
        self.propagation = BitmaskSearch(self._model, after=self._after) if preprocess else None
        self.first: list[int] | None = None  # the first answer, when known already
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
        if cell is None and self.first is not None:
            first, self.first = self.first, None
            return first
        if self.propagation is not None:
            masks = self.propagation.propagated(cell, below)
            if masks is None:
                self.refuted_by_propagation += 1
                return None  # the propagation emptied a domain: a proof
            domains = [value_order(values_of(mask)) for mask in masks]
        else:
            domains = [
                [value] if value else value_order(domain)
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
            except BudgetExhausted:
                self.restarts += 1
                budget *= 2
                for domain in domains:
                    shuffler.shuffle(domain)

    def _search(self, domains: list[list[int]], budget: int | None) -> list[int] | None:
        """One python-constraint search over these domains, cut off after ``budget`` nodes.

        Raises:
            BudgetExhausted: the budget ran out first.
        """
        start = time.perf_counter()
        names = model_variable_names(self._model)
        cells: list[int] | None = None  # the cells of the Problem, when only the open ones
        if self._after is None and self._model.is_classic:
            built = open_problem(self._model, domains, self._solver, self._constraints)
            if built is None:
                self.model_build_time += time.perf_counter() - start
                return None  # the fixed cells break a unit: no solution with these domains
            problem, cells = built
        else:
            problem = problem_of(self._model, domains, self._solver, self._constraints)
        variables = list(names) if cells is None else [names[cell] for cell in cells]
        counter = NodeCounter(budget)
        if variables:
            problem.addConstraint(counter, variables)
        if self._after is not None:
            problem.addConstraint(LexGreater(self._after), variables)
        searching = time.perf_counter()
        self.model_build_time += searching - start
        self.solver_calls += 1
        try:
            solution = problem.getSolution() if variables else {}
        finally:
            self.search_time += time.perf_counter() - searching
            self.nodes += counter.nodes
        if solution is None:
            return None
        if cells is None:
            return [solution[name] for name in names]
        values = [domain[0] if len(domain) == 1 else 0 for domain in domains]
        for cell in cells:
            values[cell] = solution[names[cell]]
        return values

    def may_take_less(self, cell: int, value: int) -> bool:
        """False when the cell is fixed, or every value of its domain below ``value`` is held by
        a fixed peer."""
        if self.propagation is not None:
            return self.propagation.may_take_less(cell, value)
        if self._fixed[cell] or self._lowest[cell] >= value:
            return False
        taken = {self._fixed[peer] for peer in self._model.peers[cell]}
        return any(v < value and v not in taken for v in self._model.domains()[cell])

    def fix(self, cell: int, value: int) -> None:
        """Fix the cell to the value for every later search."""
        self._fixed[cell] = value
        if self.propagation is not None:
            self.propagation.fix(cell, value)


WITNESS_SIDE = 16
"""A sparse grid from this side up (fewer than 35% givens) starts from the engine's smallest
solution (:func:`~sudoku_cp.engine.lexmin.sparse_witness`) with Hall sets in the
preprocessing's propagation. Measured (``bench_backends.py --family sparse --backends
python-constraint``): python-constraint's own first solution and descent timed out (5 s)
on 11 of the 12 sparse 16x16-25x25 grids; from the witness 11 take under 1 s (the Hall
sets refute every smaller value there) and the 24x24 grid with 30% givens 2.4 s
(python-constraint's proofs of four questions, 42,000 nodes, with no restarts: every
question from the smallest solution is a "no"; 4.9 s before the searches stated only the
open cells, :func:`~sudoku_cp.backends.pyconstraint.model.open_problem`)."""


def smallest(
    model: Model,
    solver: str = DEFAULT_SOLVER,
    constraints: str = DEFAULT_CONSTRAINTS,
    restarts: bool = True,
    after: Sequence[int] | None = None,
    preprocess: bool = True,
) -> tuple[list[int] | None, dict[str, float], ProofLog]:
    """The smallest row-major solution found in this process, with no time limit (with
    ``after``: the smallest one lexicographically greater than ``after``), or ``None``.

    Returns:
        ``(values, stats, log)``: the solution's values row-major (``None``: there is none),
        the stats of the backend's ``solve``, and the questions of the proof.

    Raises:
        ValueError: unknown or incomplete solver, or unknown constraint form.
    """
    search = ConstraintPrefixSearch(model, solver, constraints, restarts, after, preprocess)
    if after is None and search.propagation is not None:
        search.first = sparse_witness(model, min_side=WITNESS_SIDE)
        if search.first is not None:
            # from the smallest solution every question is a "no", whose tree has about the
            # same size in any value order: restarts would only repeat work (24x24 grid with
            # 30% givens: 91,756 nodes and 10.1 s with them, 43,754 and 5.0 s without, both
            # before the searches stated only the open cells)
            search.propagation.hall_sets = True
            search._restarts = False
    log = ProofLog("witness descent")
    cells, _ = smallest_solution(search, model.cell_count, log)
    return cells, search.stats(), log


def count_here(
    model: Model, limit: int | None, solver: str, constraints: str
) -> tuple[int, dict[str, float]]:
    """Count in this process (the backend's ``count_solutions``)."""
    problem = problem_of(model, [value_order(domain) for domain in model.domains()], solver, constraints)
    counter = NodeCounter(None)
    problem.addConstraint(counter, list(model_variable_names(model)))
    start = time.perf_counter()
    count = 0
    if limit != 0:
        for _ in problem.getSolutionIter():
            count += 1
            if count == limit:
                break
    stats = {"solver_calls": 1, "nodes": counter.nodes, "search_time": time.perf_counter() - start}
    return count, stats
