"""The OR-Tools CP-SAT backend: Sudoku as one integer model, and its smallest solution, proven.

The model (:func:`build_model`) is the textbook one: an integer variable ``x[r][c]`` in
``1..n`` per cell (named ``"r1c1"`` .. ``"r9c9"``), a given fixed to its value, and an
``AllDifferent`` constraint over every row, every column and every box (``3n`` in all).
A variant's rules add the other kinds of :mod:`sudoku_cp.model.constraints`, each one CP-SAT
constraint: a linear equality for a cage ``Sum``, ``x < y`` for ``Less``, an allowed
assignments (table) constraint for a ``Relation``, and a smaller domain for ``ValueIn``;
for the modern rules, a linear (in)equality for ``Linear``, an allowed assignments
constraint for ``Table``, and for ``Sandwich`` and ``Skyscraper`` clues their
:class:`~sudoku_cp.model.constraints.Automaton` unrolled over the line (a state variable per
position, a table of transitions per cell). Redundant constraints help the hard searches
(:func:`add_redundant`: a killer cage's digits as Booleans with a table of its
combinations, a sandwich's impossible crust pairs); the smallest-solution solve adds them
once its row-major search stalls, and breaks the model's value symmetries
(:mod:`sudoku_cp.engine.symmetry`).

The backend (:class:`CpSat`) returns the *smallest row-major solution*, proven by CP-SAT
itself: one solve that enumerates solutions (a fixed row-major search, smallest value
first) and stops at the second, which proves a puzzle with one solution; otherwise
``x <_lex w`` (the chain of :func:`~sudoku_cp.engine.lexmin.below_steps`, compiled by
:func:`_add_chain`) is added until CP-SAT answers INFEASIBLE. The proof is told in full in
:mod:`sudoku_cp.engine.lexmin` (and ``docs/design.md``). The fixed search runs under a
budget of deterministic time (:data:`LEX_SEARCH_BUDGET`)
and, if it runs out, CP-SAT's default search takes over (25x25
puzzles with a quarter of their cells given start there); SAT inprocessing is off in
the enumerating solve, which cut its deterministic time by 17 to 43% on five sudoku25
puzzles (``benchmarks/bench_cpsat.py``).

Counting (``count_solutions``) enumerates the solutions of the same model
(``enumerate_all_solutions``) with a callback that stops at the limit; the next solution
in row-major order (``next_solution``) is the smallest one under one more chain of
Booleans, ``x >_lex previous`` (:func:`~sudoku_cp.engine.lexmin.above_steps`).

Sources: the OR-Tools CP-SAT documentation (https://developers.google.com/optimization/cp/cp_solver
and ``cp_model.py``) for the model, decision strategies and statuses; Frisch et al. (CP 2002)
for the lexicographic ordering constraint.
"""

from __future__ import annotations

import itertools
import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sudoku_cp.backends import takes_options, unsupported
from sudoku_cp.backends.base import Backend, Task, Values
from sudoku_cp.backends.cpsat_chaos import add_chaos_clue, add_chaos_regions
from sudoku_cp.backends.cpsat_options import Options
from sudoku_cp.engine.imports import import_module
from sudoku_cp.engine.lexmin import above_steps, below_steps, descend_below, sparse_witness
from sudoku_cp.engine.runtime import Counters, Deadline, HelperThread
from sudoku_cp.engine.sums import forbidden_crusts
from sudoku_cp.engine.symmetry import with_lex_leaders
from sudoku_cp.errors import NoSolutionError, SolveTimeoutError, SudokuError
from sudoku_cp.io.inputs import to_puzzle
from sudoku_cp.model import constraints as kinds
from sudoku_cp.model.chaos import ChaosRegions, clue_shape
from sudoku_cp.model.constraints import CORE_KINDS, LINE_AUTOMATON_KINDS, Model
from sudoku_cp.model.decompose import decompose
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.result import AnySolution, OtherThan, SmallerThan

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

    from sudoku_cp.engine.lexmin import LexStep, ProofLog
else:  # on a helper thread: Ctrl-C during this first, slow import cannot leave it half done
    cp_model = import_module("ortools.sat.python.cp_model")

IntVar = cp_model.IntVar


def build_model(puzzle: Puzzle | Grid) -> tuple[cp_model.CpModel, list[list[IntVar]]]:
    """Build the CP-SAT model of a puzzle: one variable per cell, one CP-SAT constraint per
    constraint of the puzzle's model (``3n`` AllDifferent for classic Sudoku).

    Args:
        puzzle: the puzzle (a :class:`Grid` means classic rules), any size and variant.

    Returns:
        ``(model, x)``: the :class:`cp_model.CpModel` and the cell variables as ``n`` rows
        of ``n`` :class:`cp_model.IntVar`, ``x[r][c]`` named ``"r{r+1}c{c+1}"``, whose
        domain is the cell's initial values (``1..n``, ``{given}``, or the even or odd
        digits). Add constraints to the model freely; :func:`solve` and
        :func:`first_solution` build their own, which may add redundant constraints
        (:func:`add_redundant`). On a multi-grid board, ``x`` is the
        board's rows, ``None`` outside every sub-grid.
    """
    compiled = to_puzzle(puzzle).model
    model, cells = model_of(compiled, redundant=False)  # the model as stated, constraint by constraint
    if compiled.positions is not None:
        rows = [
            [None] * (1 + max(c for _, c in compiled.positions)) for _ in range(1 + compiled.positions[-1][0])
        ]
        for cell, (r, c) in enumerate(compiled.positions):
            rows[r][c] = cells[cell]
        return model, rows  # type: ignore[return-value]
    n = int(len(cells) ** 0.5)
    return model, [cells[r * n : (r + 1) * n] for r in range(n)]


NATIVE_KINDS = CORE_KINDS | {ChaosRegions}
"""The kinds compiled below; every other kind is rewritten into them (:mod:`sudoku_cp.model.decompose`)."""


def model_of(compiled: Model, redundant: bool = True) -> tuple[cp_model.CpModel, list[IntVar]]:
    """:func:`build_model` of a compiled model (any constraints of the vocabulary, for
    instance a subset of a puzzle's): the CP-SAT model and the cell variables, row-major;
    with ``redundant``, also the redundant constraints of :func:`add_redundant`."""
    compiled = decompose(compiled, NATIVE_KINDS, "cpsat")
    model = cp_model.CpModel()
    cells = []
    for cell, domain in enumerate(compiled.domains()):
        name = compiled.cell_name(cell)
        if len(domain) == domain[-1] - domain[0] + 1:
            cells.append(model.new_int_var(domain[0], domain[-1], name))
        else:
            cells.append(model.new_int_var_from_domain(cp_model.Domain.from_values(domain), name))
    _add_constraints(model, cells, compiled)
    if redundant:
        add_redundant(model, cells, compiled)
    return model, cells


def add_redundant(model: cp_model.CpModel, x: Sequence[IntVar], compiled: Model) -> None:
    """Constraints that every solution of ``compiled`` obeys anyway, added for the search's
    sake: each killer cage's digits as Booleans with a table of its combinations
    (:func:`_add_cage_digits`), and each sandwich's impossible crust pairs
    (:func:`_add_crusts`). They cost model building and presolve (on the generated
    killers of ``gen_killer``, which the row-major search proves without a branch, 8 ms
    a puzzle became 24), so :func:`_smallest` adds them only once its row-major search
    has stalled: on hard puzzles they decide (``iss/Wecoc #1 [mod A]``: 28 s of CPU for
    a first solution without them, 0.5 s with).

    Args:
        model: the CP-SAT model of ``compiled`` (:func:`model_of`).
        x: its cell variables, row-major.
        compiled: the model (rewritten into :data:`NATIVE_KINDS` here if it is not).
    """
    compiled = decompose(compiled, NATIVE_KINDS, "cpsat")
    equals = _Equals(model, x)
    for cage in compiled.of_kind(kinds.Sum):
        _add_cage_digits(model, cage, compiled, equals)
    if compiled.value_count == compiled.side:
        for sandwich in compiled.of_kind(kinds.Sandwich):
            _add_crusts(model, sandwich, compiled, equals)


def _add_constraints(model: cp_model.CpModel, x: Sequence[IntVar], compiled: Model) -> None:
    """One CP-SAT constraint per constraint of the vocabulary (``ValueIn`` is in the domains).

    Raises:
        NotSupportedError: a constraint of a kind this backend does not compile.
    """
    for constraint in compiled.constraints:
        if isinstance(constraint, kinds.AllDifferent):
            model.add_all_different(x[c] for c in constraint.cells)
        elif isinstance(constraint, kinds.Sum):
            model.add(sum(x[c] for c in constraint.cells) == constraint.total)
        elif isinstance(constraint, kinds.Less):
            model.add(x[constraint.first] < x[constraint.second])
        elif isinstance(constraint, kinds.Relation):
            model.add_allowed_assignments(
                [x[constraint.first], x[constraint.second]], sorted(constraint.allowed)
            )
        elif isinstance(constraint, kinds.Linear):
            terms = sum(a * x[c] for a, c in zip(constraint.coefficients, constraint.cells, strict=True))
            if constraint.operator == "==":
                model.add(terms == constraint.rhs)
            elif constraint.operator == "<=":
                model.add(terms <= constraint.rhs)
            else:
                model.add(terms >= constraint.rhs)
        elif isinstance(constraint, kinds.Table):
            model.add_allowed_assignments([x[c] for c in constraint.cells], sorted(constraint.allowed))
        elif (
            isinstance(constraint, kinds.Regular)
            and (shape := clue_shape(constraint.language)) is not None
            and add_chaos_clue(model, x, constraint.cells, shape, compiled.side)
        ):
            pass  # a chaos clue: linear over the regions' Booleans (backends/cpsat_chaos.py)
        elif isinstance(constraint, LINE_AUTOMATON_KINDS):
            _add_automaton(model, [x[c] for c in constraint.cells], constraint.automaton(compiled.side))
        elif isinstance(constraint, ChaosRegions):
            add_chaos_regions(model, x, constraint)
        elif not isinstance(constraint, kinds.ValueIn):  # ValueIn: already in the cells' domains
            raise unsupported("cpsat", constraint)


class _Equals:
    """The Boolean ``x[cell] == value`` of CP-SAT cell variables, made once per pair (CP-SAT's
    presolve ties it to the variable's own encoding of that value)."""

    def __init__(self, model: cp_model.CpModel, x: Sequence[IntVar]) -> None:
        self.model, self.x = model, x
        self.made: dict[tuple[int, int], Any] = {}

    def __call__(self, cell: int, value: int) -> Any:
        literal = self.made.get((cell, value))
        if literal is None:
            literal = self.made[cell, value] = self.model.new_bool_var(f"{self.x[cell].name}=={value}")
            self.model.add(self.x[cell] == value).only_enforce_if(literal)
            self.model.add(self.x[cell] != value).only_enforce_if(~literal)
        return literal


CAGE_COMBINATIONS_LIMIT = 20_000
"""A cage gets its digit Booleans (:func:`_add_cage_digits`) when at most this many sets of
its size are drawn from the values (``comb(k, size)``): every cage of 9x9 and 16x16 grids;
a long cage of a 25x25 grid keeps its linear sum alone."""


def _add_cage_digits(model: cp_model.CpModel, cage: kinds.Sum, compiled: Model, equals: _Equals) -> None:
    """The digits of a killer cage as Booleans, redundant with its sum: ``holds[d]`` (the cage
    holds digit ``d``) is the sum of the cells' ``x == d``, and the ``holds`` vector is one of
    the cage's digit combinations (a table: "17 in two cells is 8+9"). A cage whose cells
    may repeat a value (not pairwise peers) keeps its sum alone.

    The linear sum alone left CP-SAT 28 s of CPU for the first solution of the published
    killer ``iss/Wecoc #1 [mod A]`` (no givens); with the combinations it takes 0.5 s, and
    the proof that the solution is the only one 1.5 s (``benchmarks/bench_links.py`` on it).
    This is the SAT backend's digit-combination encoding (:mod:`sudoku_cp.backends.sat_encoding`)
    stated over CP-SAT's own literals.
    """
    cells, k = cage.cells, compiled.value_count
    if math.comb(k, len(cells)) > CAGE_COMBINATIONS_LIMIT:
        return
    peers = compiled.peers
    if any(b not in peers[a] for a, b in itertools.combinations(cells, 2)):
        return
    digits = range(1, k + 1)
    combinations = [set(c) for c in itertools.combinations(digits, len(cells)) if sum(c) == cage.total]
    holds = [model.new_bool_var(f"cage{cells[0]}_holds{d}") for d in digits]
    for d, held in zip(digits, holds, strict=True):
        model.add(sum(equals(c, d) for c in cells) == held)
    model.add_allowed_assignments(holds, [[int(d in c) for d in digits] for c in combinations])


def _add_crusts(model: cp_model.CpModel, sandwich: kinds.Sandwich, compiled: Model, equals: _Equals) -> None:
    """Redundant clauses of a sandwich: two cells of its line whose distance no sandwich of
    its total allows (:func:`~sudoku_cp.engine.sums.forbidden_crusts`) are not its ``1``
    and its ``n``, as the SAT backend states them (``sat_encoding._Writer.crusts``)."""
    n = compiled.value_count
    for a, b in forbidden_crusts(sandwich.cells, n, sandwich.total, compiled.peers):
        model.add_bool_or([~equals(a, 1), ~equals(b, n)])
        model.add_bool_or([~equals(a, n), ~equals(b, 1)])


def _add_automaton(model: cp_model.CpModel, cells: Sequence[IntVar], automaton) -> None:
    """A line automaton (sandwich, skyscraper, regular line): one state variable per
    position of the line (states numbered, each position's domain the states alive there,
    :meth:`~sudoku_cp.model.constraints.Automaton.alive`), the start state first, and a
    table ``(state, value, next state)`` per cell holding that position's transitions
    only (a long line's automaton, a full rank clue's, has hundreds of states of which a
    position sees a few); the last state is accepting. (CP-SAT's own ``add_automaton``
    is not used: under ``enumerate_all_solutions`` its expansion reported one grid
    several times, so solution counts came out too large. Here every state is a
    function of the cells.)"""
    alive = automaton.alive(len(cells))
    if not alive[0]:
        model.add_bool_or([])  # no line is accepted: infeasible
        return
    number = {state: i for i, state in enumerate(automaton.transitions)}
    states = [model.new_constant(number[automaton.start])]
    for i, cell in enumerate(cells):
        here, there = alive[i], alive[i + 1]
        triples = sorted(
            (number[state], value, number[following])
            for state in here
            for value, following in automaton.transitions[state].items()
            if following in there
        )
        domain = cp_model.Domain.from_values(sorted(number[state] for state in there))
        following_var = model.new_int_var_from_domain(domain, f"state{i + 1}")
        model.add_allowed_assignments([states[-1], cell, following_var], triples)
        states.append(following_var)


@takes_options(Options)
def first_solution(puzzle: Puzzle | Grid, *, time_limit: float | None = None, **options: Any) -> Grid:
    """Return the first solution CP-SAT finds for :func:`build_model`, with no minimality guarantee.

    Default CP-SAT parameters (presolve and automatic search) with the backend's
    :class:`Options` (``workers`` threads, random seed ``seed``). When the puzzle has
    several solutions, which one comes back depends on the solver's search; use
    :func:`solve` for the smallest.

    Args:
        puzzle: the puzzle (a :class:`Grid` means classic rules).
        time_limit: seconds for the solve, ``None`` for no limit.
        **options: ``workers``, ``seed`` (:class:`Options`).

    Raises:
        NoSolutionError: the puzzle has no solution.
        SolveTimeoutError: ``time_limit`` ran out first.
        NotSupportedError: a constraint of a kind this backend does not compile.
        TypeError, ValueError: an option it does not take, or a bad value (:class:`Options`).
    """
    run = _Run.of(Deadline(time_limit), Options.of(options))
    puzzle = to_puzzle(puzzle)
    model, cells = model_of(puzzle.model)
    values = run.solve(model, cells, "default")
    if values is None:
        raise NoSolutionError("the puzzle has no solution (CP-SAT proved the model infeasible)")
    return puzzle.grid.with_cells(values)


def any_solution(model: Model, deadline: Deadline) -> tuple[list[int] | None, dict[str, float]]:
    """The values of every cell of ``model`` (hidden cells included, row-major) in the
    first solution CP-SAT meets, or ``None`` when it proves there is none; and the stats of
    :class:`CpSat`. One solve with presolve and CP-SAT's own search (``"hidden"``'s
    parameters for a model with hidden cells; one worker), with neither proof that its
    answer is the smallest nor that it is the only one: for a caller that needs a
    solution, not the smallest (``explain`` checks its steps against one; a solved path
    then proves it the only one). The model's value symmetries are broken first
    (:mod:`sudoku_cp.engine.symmetry`, as :class:`CpSat` does): fewer solutions, the
    smallest among them. The answer is checked against the model.

    What the proof costs: ISS's ``Let there be chaos`` 23.4 s of CPU for the enumerating
    solve that proves its one solution, 4.5 s for this one; ``Hailstone - little killer``
    7.5 s against 2.3 s (CPU of the solve alone, one worker each).

    Args:
        model: a compiled model (:attr:`Puzzle.model`), any kinds CP-SAT compiles.
        deadline: the clock of the call.

    Raises:
        SolveTimeoutError: ``deadline`` passed first.
        NotSupportedError: a constraint of a kind CP-SAT does not compile.
        SudokuError: CP-SAT's assignment breaks the model (a bug).
    """
    run = _Run(deadline)
    run.hidden = bool(model.hidden)
    started = time.perf_counter()
    cp, cells = model_of(with_lex_leaders(model))  # fewer solutions, the smallest among them
    run.build_time += time.perf_counter() - started
    values = run.solve(cp, cells, "hidden" if run.hidden else "default")
    if values is not None and not model.holds(values):
        raise SudokuError("CP-SAT returned an assignment that breaks the model: a bug")
    return values, run.stats()


class CpSat(Backend, options=Options, kinds=NATIVE_KINDS, more_digits=True, hidden_cells=True):
    """The ``"cpsat"`` backend: the smallest row-major solution, proven minimal by CP-SAT.

    One solve that enumerates solutions and ends when CP-SAT proves the first one is the
    only one; otherwise proof solves with the constraint ``x <_lex candidate`` until one
    is INFEASIBLE (:func:`~sudoku_cp.engine.lexmin.descend`); each solve first tries the
    row-major, smallest-value search under a budget, then CP-SAT's general search (see the
    module docstring for the method, why its answer is the smallest, and sources).
    ``next_solution`` runs the same on the model with one more constraint,
    ``x >_lex after``. ``time_limit`` is for the whole call, model building and every
    proof solve included (each solve gets the time left).

    Options: ``workers`` (threads per solve, default 1) and ``seed`` (:class:`Options`);
    a count takes ``seed`` only (CP-SAT enumerates with one worker).

    Stats: ``solver_calls`` (CP-SAT solves run), ``branches`` and ``conflicts`` (summed
    over the solves), ``solver_wall_time`` (seconds, summed ``WallTime()`` of the solves)
    and ``build_time`` (seconds spent building models in Python).
    """

    proof_method = "lexicographic chain"
    no_solution = "CP-SAT proved the model infeasible"

    def _solve(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        run = _Run.of(task.deadline, task.options)
        # the model's value symmetries broken: same smallest solution, half the proof's space
        model = with_lex_leaders(task.model)
        only_of_the_model = model is task.model
        return _smallest(model, None, run, task.proof, only_of_the_model), run.stats()

    def _next(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        run = _Run.of(task.deadline, task.options)
        return _smallest(task.model, task.after, run, task.proof), run.stats()

    def _count(self, task: Task) -> tuple[int, dict[str, float]]:
        """CP-SAT enumerates the solutions of :func:`build_model` (parameter
        ``enumerate_all_solutions``, which keeps presolve from removing any) and a solution
        callback stops the search at the ``limit``-th. The count is exact: it is only
        returned when the enumeration ended (status OPTIMAL or INFEASIBLE) or reached the
        limit."""
        run = _Run.of(task.deadline, task.options)
        started = time.perf_counter()
        model, _ = model_of(task.model)
        run.build_time += time.perf_counter() - started
        counter = _Counter(task.limit)
        status = run.call(model, "counting", counter)
        if status == cp_model.FEASIBLE and counter.count != task.limit:  # stopped by the clock
            raise SolveTimeoutError(
                f"CP-SAT ran out of time after counting {counter.count} solutions "
                f"(time limit {task.time_limit:g} s)"
            )
        return counter.count, run.stats()


def _smallest(
    model: Model, after: Sequence[int] | None, run: _Run, log: ProofLog, only_of_the_model: bool = True
) -> list[int] | None:
    """The smallest solution of ``model`` (above ``after`` when given), proven, or ``None``.

    ``only_of_the_model`` False: ``model`` carries lex leaders (:mod:`sudoku_cp.engine.symmetry`),
    so an enumeration that meets one solution proves it the smallest of the puzzle, not its
    only one (its twins were cut off): the proof then says "nothing smaller", as a chain's
    last question does, never "no other solution"."""
    run.lex_search_stalled = _row_major_search_would_stall(model)
    run.hidden = bool(model.hidden)
    started = time.perf_counter()
    cp, cells = model_of(model, redundant=run.lex_search_stalled)
    if not run.lex_search_stalled:  # added if the row-major search stalls (add_redundant)
        run.strengthen = lambda: add_redundant(cp, cells, model)
    if after is not None:
        steps = above_steps(after, model.givens, model.value_count)
        if not steps:
            return None  # after is the largest grid: nothing is greater
        _add_chain(cp, cells, steps, below=False)
    if not run.lex_search_stalled:
        cp.add_decision_strategy(cells, cp_model.CHOOSE_FIRST, cp_model.SELECT_MIN_VALUE)
    run.build_time += time.perf_counter() - started

    # A sparse grid from 20x20 up: one solve of x <_lex (the engine's witness), INFEASIBLE,
    # instead of enumerating and walking down candidates (timeouts on sparse 25x25 grids)
    witness = sparse_witness(model, run.deadline) if after is None else None
    first = witness if witness is not None else run.solve_staged(cp, cells, enumerate_all=True)
    if first is not None and run.only_solution:  # the one solution is the smallest
        log.method = "only solution" if only_of_the_model else "lexicographic chain"
        log.record(AnySolution(), first)
        log.record(OtherThan(tuple(first)) if only_of_the_model else SmallerThan(tuple(first)), None)
        return list(first)

    def smaller_than(steps: list[LexStep]) -> list[int] | None:
        # Each question adds x <_lex w to the same model; the earlier questions' constraints
        # stay and are harmless, since the new candidate is smaller than every earlier one.
        started = time.perf_counter()
        _add_chain(cp, cells, steps, below=True)
        run.build_time += time.perf_counter() - started
        return run.solve_staged(cp, cells)

    return descend_below(model, first, smaller_than, log)[0]


def _row_major_search_would_stall(model: Model) -> bool:
    """True for a 25x25 (or larger) puzzle with a quarter of its cells given or more: the
    row-major search stalls on such puzzles (the bundled sudoku25 set), so the general
    search goes first. Nearly empty large grids keep the row-major search, which meets
    their smallest solution at once. Only the speed depends on this, never the answer."""
    if model.hidden:  # regions found while solving: CP-SAT's own search finds them far faster
        return True
    return model.side >= 25 and (model.cell_count - model.givens.count(0)) * 4 >= model.side * model.side


class _Counter(cp_model.CpSolverSolutionCallback):
    """Counts the solutions CP-SAT reports and stops the search at ``limit``."""

    def __init__(self, limit: int | None) -> None:
        super().__init__()
        self.count = 0
        self._limit = limit

    def on_solution_callback(self) -> None:
        self.count += 1
        if self._limit is not None and self.count >= self._limit:
            self.stop_search()


# -- the lexicographic ordering constraint ----------------------------------------------------


def add_lex_less(
    model: cp_model.CpModel,
    cells: Sequence[IntVar],
    bound: Sequence[int],
    givens: Sequence[int],
    lowest: Sequence[int],
) -> bool:
    """Add ``cells <_lex bound`` to the model; return False, adding nothing, when no blank
    cell can take a value below its bound (then nothing is smaller and no solve is needed).
    The chain is :func:`~sudoku_cp.engine.lexmin.below_steps`, compiled by :func:`_add_chain`."""
    steps = below_steps(bound, givens, lowest)
    _add_chain(model, cells, steps, below=True)
    return bool(steps)


def _add_chain(
    model: cp_model.CpModel, cells: Sequence[IntVar], steps: Sequence[LexStep], *, below: bool
) -> None:
    """The chain of ``x <_lex w`` (``below``) or ``x >_lex w`` as CP-SAT constraints with
    enforcement literals: ``tied => x_i <= w_i`` (``>=``) at each step, and where a step is
    strict or opens a new ``tied_next``, ``tied [and not tied_next] => x_i < w_i`` (``>``)."""
    tied: list = []  # enforcement literals of "tied at this cell"; [] means always tied
    for cell, w, strict, opens in steps:
        x = cells[cell]
        model.add(x <= w if below else x >= w).only_enforce_if(tied)
        beyond = x <= w - 1 if below else x >= w + 1
        if strict:
            model.add(beyond).only_enforce_if(tied)
        elif opens:
            tied_next = model.new_bool_var(f"tied_after_{cell}")
            model.add(beyond).only_enforce_if(tied + [~tied_next])
            tied = [tied_next]


# -- running CP-SAT ---------------------------------------------------------------------------


LEX_SEARCH_BUDGET = 1.0
"""Deterministic time (CP-SAT's own work unit, about a second of this machine) that the
row-major search gets before the general search takes over."""

_PARAMETERS: dict[str, dict[str, object]] = {
    "default": {},
    "lex": {
        "search_branching": cp_model.FIXED_SEARCH,
        "symmetry_level": 0,
        "linearization_level": 0,
        "use_sat_inprocessing": False,
        "max_deterministic_time": LEX_SEARCH_BUDGET,
    },
    "general_enumerating": {"use_sat_inprocessing": False},
    "hidden": {"linearization_level": 0},
    "hidden_enumerating": {"linearization_level": 0, "use_sat_inprocessing": False},
    "counting": {"num_workers": 1},
}
"""CP-SAT parameters per kind of solve, on top of the defaults.

``"default"`` is CP-SAT's defaults (presolve, automatic search): :func:`first_solution`'s
solve and the general search of a proof solve; ``"general_enumerating"``, the general
search of an enumerating solve (step 1), has SAT inprocessing off: over the exhaustive
search of a sudoku25 puzzle it cost more than it saved.
``"lex"`` follows the model's decision strategy (row-major, smallest value) without
symmetry detection, LP relaxation or inprocessing, which only add start-up cost here:
on 9x9 and 16x16 puzzles and on nearly empty grids of any size it meets the smallest
solution first and refutes ``x <_lex w`` fast. On hard 25x25 puzzles it stalls, so it
stops after :data:`LEX_SEARCH_BUDGET` and the solve is rerun with ``"default"``.
Measured in ``benchmarks/bench_cpsat.py``.
``"hidden"`` and ``"hidden_enumerating"`` replace the general ones for a model with hidden
cells (a chaos construction, whose row-major search always stalls): the same with the LP
relaxation off (``linearization_level`` 0), which on ISS's 9x9 chaos constructions cost
more than it gave (with the redundant constraints of ``backends/cpsat_chaos.py``, four of
nine that timed out at 20 s of CPU solve within it: ``benchmarks/bench_links.py`` on them).
"""


class _OutOfBudget(Exception):
    """A budgeted solve stopped (status UNKNOWN) with time left in the call."""


@dataclass
class _Run(Counters):
    """The clock, options and effort counters of one call: every solve gets the time left."""

    STATS = ("solver_calls", "branches", "conflicts", "solver_wall_time", "build_time")

    deadline: Deadline
    workers: int = 1
    seed: int = 0
    solver_calls: int = 0
    branches: int = 0
    conflicts: int = 0
    solver_wall_time: float = 0.0
    build_time: float = 0.0
    lex_search_stalled: bool = False
    hidden: bool = False  # the model has hidden cells: the "hidden" parameters
    only_solution: bool = False
    strengthen: Callable[[], None] | None = None  # adds the redundant constraints, once
    who: str = "CP-SAT"  # who runs out of time, in a SolveTimeoutError

    @classmethod
    def of(cls, deadline: Deadline, options: Options) -> _Run:
        """The run of one call with these options (a count's options have no ``workers``:
        it stays at one thread)."""
        return cls(deadline, getattr(options, "workers", 1), options.seed)

    def time_left(self) -> float | None:
        """Seconds left, ``None`` without a limit.

        Raises:
            SolveTimeoutError: none left.
        """
        self.deadline.check(self.who)
        return self.deadline.left()

    def solve_staged(
        self, model: cp_model.CpModel, cells: Sequence[IntVar], *, enumerate_all: bool = False
    ) -> list[int] | None:
        """Solve with the row-major search (``"lex"``) under its budget, then, if that
        stalls, with the general search; return the cell values or ``None`` (INFEASIBLE).

        Once the row-major search has stalled on this puzzle, later solves go straight
        to the general search: a puzzle hard for one is hard for the next. With
        ``enumerate_all``, either search enumerates (see :meth:`solve`): the general
        one with the parameters of ``"general_enumerating"``.
        """
        if not self.lex_search_stalled:
            try:
                return self.solve(model, cells, "lex", enumerate_all=enumerate_all)
            except _OutOfBudget:
                self.lex_search_stalled = True
                if self.strengthen is not None:  # the redundant constraints, for the hard search
                    started = time.perf_counter()
                    self.strengthen()
                    self.strengthen = None
                    self.build_time += time.perf_counter() - started
                # CP-SAT's automatic search would follow the row-major strategy: drop it
                model.proto.search_strategy.clear()
        if enumerate_all:
            kind = "hidden_enumerating" if self.hidden else "general_enumerating"
            return self.solve(model, cells, kind, enumerate_all=True)
        return self.solve(model, cells, "hidden" if self.hidden else "default")

    def solve(
        self, model: cp_model.CpModel, cells: Sequence[IntVar], kind: str, *, enumerate_all: bool = False
    ) -> list[int] | None:
        """Solve the model with the parameters of ``kind``; return the cell values, or
        ``None`` when it is INFEASIBLE.

        With ``enumerate_all``, CP-SAT enumerates the solutions (``enumerate_all_solutions``,
        which keeps presolve from removing any) and stops at the second one; the smaller
        of those found is returned, and ``self.only_solution`` is set when the search
        ended complete (status OPTIMAL) after exactly one: CP-SAT has then proven that no
        other solution exists.

        Raises:
            The errors of :meth:`call`.
        """
        collector = _FirstSolutions(cells, 2) if enumerate_all else None
        solver = cp_model.CpSolver()
        status = self.call(model, kind, collector, solver)
        if collector is not None and collector.solutions:
            self.only_solution = status == cp_model.OPTIMAL and len(collector.solutions) == 1
            return min(collector.solutions)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return [solver.value(cell) for cell in cells]
        return None  # INFEASIBLE (call() raised for every other status)

    def call(
        self,
        model: cp_model.CpModel,
        kind: str,
        callback: cp_model.CpSolverSolutionCallback | None = None,
        solver: cp_model.CpSolver | None = None,
    ) -> int:
        """The one place the package calls CP-SAT and reads its status (the backend, and the
        conflict explanation through :func:`run_solver`): solve ``model`` with the
        parameters of ``kind`` (:data:`_PARAMETERS`) and the time left, interruptibly, add
        the effort to the counters, and return a status that is an answer (OPTIMAL,
        FEASIBLE or INFEASIBLE). A ``callback`` makes CP-SAT enumerate
        (``enumerate_all_solutions``) with it. A solve without one that CP-SAT stops early
        (UNKNOWN) with time left on the call's clock is run again on what is left.

        Raises:
            _OutOfBudget: the budgeted ``"lex"`` search stopped with time left.
            SolveTimeoutError: the time ran out (status UNKNOWN under a time limit).
            SudokuError: CP-SAT rejected the model (MODEL_INVALID, a bug) or stopped
                without an answer for no known reason.
        """
        solver = solver if solver is not None else cp_model.CpSolver()
        parameters = {"num_workers": self.workers, "random_seed": self.seed, **_PARAMETERS[kind]}
        for name, value in parameters.items():
            setattr(solver.parameters, name, value)
        if callback is not None:
            solver.parameters.enumerate_all_solutions = True
        while True:
            left = self.time_left()
            if left is not None:
                solver.parameters.max_time_in_seconds = left
            status = solve_interruptibly(solver, model, callback)
            self.record(solver)
            if status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
                return status
            if status == cp_model.UNKNOWN and kind == "lex":
                self.time_left()  # raises SolveTimeoutError when the time limit is what stopped it
                raise _OutOfBudget
            if status == cp_model.UNKNOWN and self.deadline.at is not None:
                if callback is not None or self.deadline.passed():  # a callback's count would restart
                    raise self.deadline.timeout(self.who)
                continue  # CP-SAT stopped early with time left (its clock is not ours): go on
            reason = model.validate() or "no reason given"
            raise SudokuError(f"CP-SAT stopped with status {solver.status_name(status)} ({reason}): a bug")

    def record(self, solver: cp_model.CpSolver) -> None:
        """Add a finished solve's effort to the counters."""
        self.solver_calls += 1
        try:
            branches, conflicts, wall_time = solver.num_branches, solver.num_conflicts, solver.wall_time
        except RuntimeError:  # no response to read: the solve did not run
            return
        self.branches += branches
        self.conflicts += conflicts
        self.solver_wall_time += wall_time


def run_solver(
    model: cp_model.CpModel, deadline: Deadline, who: str = "CP-SAT"
) -> tuple[cp_model.CpSolver, int]:
    """Solve ``model`` once with one worker within what is left of ``deadline``, through the
    backend's one call site (:meth:`_Run.call`): the solver (for its values or an unsat
    core) and a status that is OPTIMAL, FEASIBLE or INFEASIBLE.

    Raises:
        SolveTimeoutError: the deadline passed ("``who`` ran out of time").
        SudokuError: MODEL_INVALID (with CP-SAT's reason), or UNKNOWN with no time limit.
    """
    solver = cp_model.CpSolver()
    return solver, _Run(deadline, who=who).call(model, "default", solver=solver)


class _FirstSolutions(cp_model.CpSolverSolutionCallback):
    """Keeps the cell values of the first ``limit`` solutions, then stops the search."""

    def __init__(self, cells: Sequence[IntVar], limit: int) -> None:
        super().__init__()
        self.cells = cells
        self.limit = limit
        self.solutions: list[list[int]] = []

    def on_solution_callback(self) -> None:
        self.solutions.append([self.value(cell) for cell in self.cells])
        if len(self.solutions) >= self.limit:
            self.stop_search()


def solve_interruptibly(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    callback: cp_model.CpSolverSolutionCallback | None = None,
) -> int:
    """``solver.solve(model, callback)``, but Ctrl-C raises :class:`KeyboardInterrupt` within moments.

    CP-SAT installs its own SIGINT handler during a solve (``catch_sigint_signal``),
    which stops the search and returns UNKNOWN, so Python never sees the interrupt.
    Here that handler is off; in the main thread (the only one Python delivers signals
    to) the solve runs on a long-lived helper thread while this one waits, interruptibly;
    on KeyboardInterrupt, or any other exception while waiting, the search is stopped
    (``stop_search``), the solve awaited and the exception re-raised. In other threads
    the solve runs directly.

    Returns:
        The CP-SAT status.
    """
    solver.parameters.catch_sigint_signal = False
    if threading.current_thread() is not threading.main_thread():
        return solver.solve(model, callback)
    future = _SOLVE_THREAD.submit(solver.solve, model, callback)
    try:
        return future.result()
    except BaseException:
        while not future.done():  # stop_search may come before the solve starts: repeat it
            solver.stop_search()
            future.wait(0.05)
        raise


_SOLVE_THREAD = HelperThread("sudoku_cp-cpsat")


BACKEND = CpSat()
"""The backend object; the module-level functions are its methods."""

solve, next_solution, count_solutions = BACKEND.solve, BACKEND.next_solution, BACKEND.count_solutions
