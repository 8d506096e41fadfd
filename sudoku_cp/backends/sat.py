"""The SAT backend: the puzzle as CNF for a CDCL solver of PySAT, and its smallest solution, proven.

The formula is :mod:`sudoku_cp.backends.sat_encoding`'s: one Boolean per (cell, value), the
*minimal* or *extended* encoding of the units (Lynce and Ouaknine, ISAIM 2006; Weber,
LPAR 2005), clauses for every variant constraint, the givens as unit clauses. PySAT
(Ignatiev, Morgado and Marques-Silva, "PySAT: A Python toolkit for prototyping with SAT
oracles", SAT 2018) runs the solver; ``from sudoku_cp import sat`` gives :func:`encode`,
:func:`to_dimacs` and :func:`decode` for showing the clauses or using another solver.

**The smallest row-major solution** is proven on one incremental solver, every step
resting on an UNSAT answer (the proof in full: :mod:`sudoku_cp.engine.lexmin` and
``docs/design.md``), in one of three ways (option ``proof``): ``"chain"`` adds the
clauses of ``x <_lex w`` (:func:`lex_less_clauses`) until UNSAT; ``"witness"`` runs the
witness method, its questions asked as assumptions (``¬x[i,v]`` for ``v >= w_i``) and a
cell that unit propagation already refutes costing no solve; ``"hybrid"`` (the default)
asks one chain question and, if something is smaller, goes on with the witness method.
The solve breaks the model's value symmetries first (a pure sandwich puzzle's 1/n swap:
:mod:`sudoku_cp.engine.symmetry`), which keeps the smallest solution and halves the space
its proof searches.

Why the hybrid: the chain proves a puzzle with one solution in two solves, but on a
puzzle with many it walks through dozens of successively smaller solutions, each close to
the last; the witness method has no such walk, but pays a propagation per cell even when
the first solution is the answer. Measured with ``benchmarks/bench_sat.py --section
proofs --dataset top95 --dataset top95-sparse --dataset hex16 --limit 40 --solver
minisat22`` (median wall ms per puzzle, chain / witness / hybrid; top95-sparse is top95
with about half the givens removed):
top95 6.1 / 7.1 / 1.8, top95-sparse 531 / 29 / 36, hex16 13 / 83 / 16.

**The solver** is picked per puzzle by :func:`choose_solver` (``solver="auto"``, the
default): MiniSat 2.2 (``"minisat22"``) below 20x20, CaDiCaL 1.9.5 (``"cadical195"``) from
20x20 up. On top95 and hex16 (puzzles with one solution: two solves each) the solvers are
within noise of each other (``benchmarks/bench_sat.py --section solvers``: CPU medians
1.65-1.78 ms on top95, 4.9-5.4 ms on hex16; MapleChrono and MergeSat 2x slower on
top95), MiniSat 2.2 the lowest on both, and its ``propagate``, which the witness
questions use, is the fastest: top95 with half its givens removed took a median 36 ms
with MiniSat 2.2 and 136 ms with CaDiCaL 1.9.5 (``--section proofs``). On the twelve
25x25 puzzles of sudoku25 CaDiCaL 1.9.5 proves every one (:func:`choose_solver`). PySAT
cannot interrupt CaDiCaL, so its time limits are kept to a slice (about 50 ms) rather
than at once.

**Counting and listing.** :func:`count_solutions` enumerates models with a blocking clause
after each one (one clause per solution, on the same incremental solver);
:func:`next_solution` adds the clauses of ``x >_lex after`` (:func:`lex_greater_clauses`)
and runs the same proof as :func:`solve` on what remains, so
:func:`sudoku_cp.solutions` lists the solutions in order, each proven the next.

Solvers, givens and time limits are handled by :mod:`sudoku_cp.backends.sat_runner`: one
solver per rule set is loaded once and reused, with the givens as assumptions (small
grids), or one per puzzle with the givens as unit clauses (25x25).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sudoku_cp.errors import BackendUnavailableError

if TYPE_CHECKING:
    from sudoku_cp.engine.lexmin import LexStep, ProofLog

INSTALL_HINT = 'pip install "sudoku_cp[sat]"'
"""How to install what the backend needs."""

try:
    import pysat.solvers  # noqa: F401
except ImportError as error:
    raise BackendUnavailableError(
        f'the "sat" backend needs PySAT (python-sat), which is not installed: {INSTALL_HINT}'
    ) from error

from sudoku_cp.backends import check_choice, takes_options  # noqa: E402
from sudoku_cp.backends.base import Backend, Task, Values  # noqa: E402
from sudoku_cp.backends.sat_encoding import (  # noqa: E402
    AMO_ENCODINGS,
    ENCODINGS,
    NATIVE_KINDS,
    SUM_ENCODINGS,
    Encoding,
    Formula,
    decode,
    encode,
    formula,
    rules_formula,
    separate_formulas,
    to_dimacs,
    values_of,
    variable,
)
from sudoku_cp.backends.sat_runner import (  # noqa: E402
    OutOfConflicts,
    Run,
    canonical_solver_name,
    solve_in_slices,
    solver_conflicts,
    solver_names,
)
from sudoku_cp.backends.sat_signals import python_handles_ctrl_c  # noqa: E402
from sudoku_cp.engine import lexmin  # noqa: E402
from sudoku_cp.engine.lexmin import above_steps, below_steps, descend_below, smallest_solution  # noqa: E402
from sudoku_cp.engine.runtime import Deadline  # noqa: E402
from sudoku_cp.engine.symmetry import with_lex_leaders  # noqa: E402
from sudoku_cp.errors import NoSolutionError, SolveTimeoutError  # noqa: E402
from sudoku_cp.io.inputs import PuzzleInput, to_puzzle  # noqa: E402
from sudoku_cp.model.constraints import Model  # noqa: E402
from sudoku_cp.model.grid import Grid  # noqa: E402

__all__ = [
    "AMO_ENCODINGS",
    "DEFAULT_SOLVER",
    "ENCODINGS",
    "Encoding",
    "NATIVE_KINDS",
    "Formula",
    "Options",
    "PROOFS",
    "SUM_ENCODINGS",
    "choose_solver",
    "count_solutions",
    "decode",
    "encode",
    "first_solution",
    "formula",
    "lex_greater_clauses",
    "lex_less_clauses",
    "next_solution",
    "preload",
    "rules_formula",
    "solve",
    "solver_names",
    "to_dimacs",
    "values_of",
    "variable",
]

DEFAULT_SOLVER = "auto"
"""The ``solver`` option's default: the solver :func:`choose_solver` picks for the puzzle."""

LARGE_SIDE = 20
"""From this side up (formulas of about 300,000 clauses and more, loaded per puzzle),
:func:`choose_solver` picks CaDiCaL."""


def choose_solver(model: Model) -> str:
    """The PySAT solver for a puzzle's compiled model, by size: ``"cadical195"`` (CaDiCaL
    1.9.5) from side :data:`LARGE_SIDE` up, ``"minisat22"`` (MiniSat 2.2) below.

    On the twelve bundled 25x25 puzzles (``sudoku25``) CaDiCaL 1.9.5, configured by
    :data:`~sudoku_cp.backends.sat_runner.LARGE_CONFIGURATION`, proves every smallest
    solution (``benchmarks/bench_sat.py --section large --dataset sudoku25``:
    ``docs/benchmarks/bench_sat_large.md``, where its defaults are measured beside it), where
    MiniSat 2.2, the choice below 20x20, left one of them unproven within a minute (issue
    21). On 9x9 and 16x16 grids the solvers
    are within noise of each other on a solve, and MiniSat's ``propagate``, which the
    witness questions use, is the fastest (see the module docstring).

    >>> from sudoku_cp import Grid, Puzzle
    >>> choose_solver(Puzzle(Grid.empty(9)).model), choose_solver(Puzzle(Grid.empty(25)).model)
    ('minisat22', 'cadical195')
    """
    return "cadical195" if model.side >= LARGE_SIDE else "minisat22"


def satisfiable(
    rules: Model,
    excluded: Sequence[tuple[int, int]],
    deadline: Deadline | None = None,
    conflicts: int | None = None,
) -> bool | None:
    """Whether ``rules`` (a model: its constraints and givens) has a solution with no cell
    holding a value of ``excluded`` (pairs ``(cell, value)``, such as the candidates a
    reasoning step has removed): a CDCL solver of its own (:func:`choose_solver`, the
    default encoding) with the exclusions as unit clauses, the formula of the rules cached
    (checks of the same rules under other candidates encode them once). The solver
    simplifies the formula by the unit clauses: with the exclusions as assumptions of a
    kept solver instead, MiniSat took 12 s on some checks of a skyscraper puzzle's steps
    that this way take milliseconds. Its learnt clauses do not branch again and again on
    cells a contradiction does not involve, as a backtracking search does. ``conflicts``:
    the most conflicts the solver may make; ``None`` is the answer when they run out
    undecided (without: no limit, and always True or False).

    Raises:
        NotSupportedError: a constraint kind the encoding lacks.
        SolveTimeoutError: ``deadline`` passed.
    """
    k = rules.value_count
    units = [-variable(cell, value, k) for cell, value in excluded]
    solver = choose_solver(rules)
    with Run.start(
        rules, deadline or Deadline(None), solver, "extended", "pairwise", "combinations", units=units
    ) as run:
        try:
            return run.solve(conflicts=conflicts) is not None
        except OutOfConflicts:
            return None


class Selectors:
    """A CDCL solver holding every constraint of a model, each switched on by a literal of
    its own (its *selector*: every clause of the constraint holds its negation), and the
    candidates removed so far as unit clauses: whether a subset of the constraints, with
    the candidates, admits a value is one solve under the subset's selectors as
    assumptions, and when it does not, the solver names a subset of them that suffices
    (an *unsatisfiable core*, its failed assumptions). This is the selector-variable
    method of MUS extraction (Marques-Silva, "Minimal unsatisfiability: models,
    algorithms and applications", ISMVL 2010; Belov and Marques-Silva, "Accelerating MUS
    extraction with recursive model rotation", FMCAD 2011, for the core refinement the
    callers use). One solver serves every question about one model along a path of
    shrinking candidates (:meth:`exclude` adds unit clauses; what it learnt stays
    implied), so later questions start from what earlier ones learnt.

    The clauses are :func:`~sudoku_cp.backends.sat_encoding.separate_formulas`'s (each
    constraint's alone); MiniSat 2.2 (:func:`choose_solver`) below 20x20. Use as a context
    manager, or call :meth:`close`.

    Raises:
        NotSupportedError: a constraint kind the encoding lacks (on construction).
        SolveTimeoutError: ``deadline`` passed (on construction, or in :meth:`core`).
    """

    def __init__(self, model: Model, deadline: Deadline | None = None) -> None:
        self.model, self.deadline = model, deadline or Deadline(None)
        self.n = model.value_count
        with python_handles_ctrl_c():
            cells, parts, top = separate_formulas(model, self.deadline)
            self.base = top  # selector of constraint i: base + 1 + i
            self.solver = pysat.solvers.Solver(name=choose_solver(model))
            try:
                self.solver.append_formula(cells)
                for index, part in enumerate(parts):
                    self.deadline.check("the SAT solver")
                    off = -(top + 1 + index)
                    self.solver.append_formula([[*clause, off] for clause in part])
            except BaseException:
                self.solver.delete()
                raise
        self.excluded: set[tuple[int, int]] = set()
        self.solves = 0

    def __enter__(self) -> Selectors:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Delete the solver."""
        self.solver.delete()

    def exclude(self, excluded: Iterable[tuple[int, int]]) -> None:
        """Add ``(cell, value)`` pairs (candidates removed) as unit clauses, for good."""
        new = [pair for pair in excluded if pair not in self.excluded]
        self.excluded.update(new)
        with python_handles_ctrl_c():
            self.solver.append_formula([[-variable(cell, value, self.n)] for cell, value in new])

    def core(
        self, selected: Sequence[int], holding: Sequence[tuple[int, int]] = (), conflicts: int | None = None
    ) -> list[int] | None:
        """``None`` when the constraints of indices ``selected`` (into the model's
        constraints), the unit clauses and each ``(cell, value)`` of ``holding`` have a
        solution; else the indices, among ``selected``, of an unsatisfiable core (ascending).
        ``conflicts``: the most the solver may make (``None``: no limit).

        Raises:
            OutOfConflicts: ``conflicts`` ran out undecided.
            SolveTimeoutError: the deadline passed (checked between slices of conflicts).
            KeyboardInterrupt: Ctrl-C, at the end of the slice it came in.
        """
        first = self.base + 1
        assumptions = [variable(c, v, self.n) for c, v in holding] + [first + i for i in selected]
        self.solves += 1

        def call(assumed: list[int]) -> bool | None:
            with python_handles_ctrl_c():
                return self.solver.solve_limited(assumptions=assumed)

        if solve_in_slices(self.solver, call, assumptions, self.deadline, conflicts, _CORE_SLICE):
            return None
        failed = self.solver.get_core() or []
        return sorted(literal - first for literal in failed if literal >= first)

    @property
    def conflicts(self) -> int:
        """The conflicts the solver has made so far, in all its calls."""
        return solver_conflicts(self.solver)


_CORE_SLICE = 1_000
"""The conflicts of the first slice of :meth:`Selectors.core` (each slice restarts the
solver's restart schedule: a refutation of some 20,000 conflicts in slices from 100 took
another path)."""


PROOFS = ("chain", "witness", "hybrid")
"""The ways to prove the smallest solution, for the ``proof`` option."""


_KNOWN_SOLVERS: set[str] = set()
"""The solver names :class:`Options` has already found usable (a cache)."""


@dataclass(frozen=True)
class Options(Encoding):
    """The options of the ``"sat"`` backend: :class:`Encoding`'s (``encoding``, ``amo``,
    ``sum_encoding``), the ``solver`` and the ``proof``. ``solve`` and ``next_solution``
    take them all; ``count_solutions``, :func:`first_solution` and :func:`preload` all but
    ``proof`` (they prove no minimum).

    Attributes:
        encoding: ``"extended"`` (default) or ``"minimal"``. The extended encoding's
            extra clauses let unit propagation find hidden singles: on top95 a mean 17
            conflicts against 215, median 1.8 ms against 9.4 ms
            (``benchmarks/bench_sat.py --section encodings``).
        amo: how at-most-one is written: ``"pairwise"`` (default: on top95 and hex16 it
            beat ``"seqcounter"``, 1.8 and 8.9 ms against 3.1 and 12.7 ms, despite 54%
            and 169% more clauses) or a PySAT cardinality encoding (:data:`AMO_ENCODINGS`).
        sum_encoding: cages by their ``"combinations"`` (default) or by PySAT's
            pseudo-Boolean encoding ``"pb"``.
        solver: a PySAT solver name (:func:`solver_names`), or ``"auto"`` (the default,
            :data:`DEFAULT_SOLVER`): the one :func:`choose_solver` picks for the puzzle.
        proof: ``"hybrid"`` (default), ``"chain"`` (``x <_lex w`` clauses until UNSAT) or
            ``"witness"`` (cell-by-cell questions under assumptions); see the module docstring.

    Raises:
        ValueError: an unknown value (the message names the option and the choices).
    """

    COUNTING = ("solver", "encoding", "amo", "sum_encoding")

    solver: str = DEFAULT_SOLVER
    proof: str = "hybrid"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.solver != "auto" and (not isinstance(self.solver, str) or self.solver not in _KNOWN_SOLVERS):
            canonical_solver_name(self.solver)  # raises ValueError listing the solvers
            _KNOWN_SOLVERS.add(self.solver)
        check_choice("proof", self.proof, PROOFS)


class Sat(Backend, options=Options, kinds=NATIVE_KINDS, more_digits=True):
    """The ``"sat"`` backend: the smallest row-major solution, proven minimal by a SAT solver.

    ``time_limit`` is for the whole call (encoding and every solve). Options: ``solver``,
    ``encoding``, ``amo``, ``sum_encoding``, ``proof`` (:class:`Options`); a count takes all
    but ``proof`` (it proves no minimum).

    Stats: ``solver_calls``; ``conflicts``, ``decisions``, ``propagations`` and
    ``restarts`` (the solver's own, over every call); ``clauses`` and ``variables`` (of the
    formula, the proof's clauses and variables included); ``encode_time`` (seconds spent
    writing the clauses and loading them into a solver; near 0 when a kept solver is reused).

    ``next_solution`` adds the clauses of ``x >_lex after`` (:func:`lex_greater_clauses`)
    for the call, then runs ``solve``'s proof on what remains. ``count_solutions``
    enumerates models with blocking clauses on one incremental solver: after each solution
    ``w``, the clause "some blank cell differs from ``w``" (``¬x[c,w_c]`` over the blank
    cells ``c``) is added, until UNSAT (every solution counted: the count is exact) or the
    ``limit``-th solution; each cell holds exactly one value in every model, so one
    blocking clause removes exactly one grid (``solver_calls`` is the count plus one when
    the enumeration ended by UNSAT).
    """

    proof_method = "hybrid"
    no_solution = "the SAT solver proved the formula UNSAT"

    def _solve(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        chosen = task.options
        # A sparse grid from 20x20 up: the hybrid proof starts from the engine's witness, on a
        # CaDiCaL with its defaults. From SAT's own first solution the descent walked down
        # hundreds of cells: the empty 20x20 grid took 8 s with LARGE_CONFIGURATION, the empty
        # 24x24 and 25x25 and the 10%-given grids more than 20 s with either configuration
        # (bench_backends.py --family sparse); from the witness the one question took 0.02 to
        # 0.7 s with the defaults, up to 5.3 s with LARGE_CONFIGURATION (25x25, 10% given).
        witness = lexmin.sparse_witness(task.model, task.deadline) if chosen.proof == "hybrid" else None
        # the model's value symmetries broken: the same smallest solution, half the proof's space
        model = with_lex_leaders(task.model)
        with _start(model, task.deadline, chosen, tuned=witness is None) as run:
            return _smallest(run, chosen.proof, task.proof, witness), run.stats()

    def _next(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        model = task.model
        steps = above_steps(task.after, model.givens, model.value_count)
        if not steps:
            return None, {"solver_calls": 0}  # after is the largest grid: nothing is greater
        with _start(model, task.deadline, task.options) as run:
            run.add(_chain_clauses(steps, run.new_variable, model.value_count, below=False))
            return _smallest(run, task.options.proof, task.proof), run.stats()

    def _count(self, task: Task) -> tuple[int, dict[str, float]]:
        model, limit = task.model, task.limit
        n = model.value_count
        blank = [cell for cell, given in enumerate(model.givens) if not given]
        count = 0
        with _start(model, task.deadline, task.options) as run:
            while limit is None or count < limit:
                try:
                    found = run.solve()
                except SolveTimeoutError as error:
                    raise SolveTimeoutError(
                        f"the SAT solver ran out of time after counting {count} solutions "
                        f"(time limit {task.time_limit:g} s): the count is not complete"
                    ) from error
                if found is None:
                    break
                count += 1
                if not blank:
                    break  # every cell is given: that grid is the only solution
                run.add([[-variable(cell, found[cell], n) for cell in blank]])
            return count, run.stats()


@takes_options(Options, "count_solutions")
def first_solution(
    puzzle: PuzzleInput, *, time_limit: float | None = None, **options: Any
) -> tuple[Grid, dict[str, float]]:
    """The first solution the solver finds, with no minimality guarantee (one solve), and
    its stats: the baseline of the guarantee's cost. The options and errors of
    :func:`count_solutions` (all of :func:`solve`'s but ``proof``)."""
    deadline = Deadline(time_limit)
    chosen = Options.of(options, "count_solutions")
    puzzle = to_puzzle(puzzle)
    with _start(puzzle.model, deadline, chosen) as run:
        values = run.solve()
        if values is None:
            raise NoSolutionError("the puzzle has no solution (the SAT solver proved the formula UNSAT)")
        return puzzle.grid.with_cells(values), run.stats()


def any_solution(task: Task) -> tuple[Values | None, dict[str, float]]:
    """The values of every cell of ``task.model`` in the first model the solver finds (one
    solve, as :func:`first_solution`, of the formula with the model's value symmetries
    broken, as :class:`Sat`'s: fewer solutions, the smallest among them), or ``None`` when
    the formula is UNSAT; and the stats. No proof that it is the smallest or the only
    one: for a caller that needs a solution (``explain``, through :meth:`Auto.any_solution
    <sudoku_cp.backends.auto.Auto.any_solution>`, whose budget of conflicts is
    ``task.deadline``).

    Raises:
        SolveTimeoutError: ``task.deadline`` passed first.
    """
    with _start(with_lex_leaders(task.model), task.deadline, task.options) as run:
        return run.solve(), run.stats()


def _start(model: Model, deadline: Deadline, options: Options, tuned: bool = True) -> Run:
    solver = choose_solver(model) if options.solver == "auto" else options.solver
    return Run.start(model, deadline, solver, options.encoding, options.amo, options.sum_encoding, tuned)


@takes_options(Options, "count_solutions")
def preload(puzzle: PuzzleInput, **options: Any) -> None:
    """Load the solver that :func:`solve` keeps for the puzzle's rules (9x9 and 16x16), without
    solving: the next calls on puzzles with these rules and options start at once (for
    timing them, say). The options and errors of :func:`count_solutions`."""
    with _start(to_puzzle(puzzle).model, Deadline(None), Options.of(options, "count_solutions")):
        pass


def _smallest(run: Run, proof: str, log: ProofLog, witness: list[int] | None = None) -> list[int] | None:
    """The smallest solution of what the run's solver holds, proven by ``proof`` (None if
    none): ``"chain"`` asks ``x <_lex w`` until UNSAT, ``"witness"`` runs the witness
    method, ``"hybrid"`` asks one chain question and, if something is smaller, goes on with
    the witness method from it, or from ``witness`` when one is given."""
    model = run.model
    log.method = {"chain": "lexicographic chain", "witness": "witness descent"}.get(proof, "hybrid")
    if proof == "witness":
        return smallest_solution(_WitnessSearch(run), model.cell_count, log)[0]
    guards: list[int] = []

    def smaller_than(steps: list[LexStep]) -> list[int] | None:
        clauses = _chain_clauses(steps, run.new_variable, model.value_count, below=True)
        if proof == "chain":
            run.add(clauses)  # the earlier rounds' clauses stay, harmless (w only decreases)
            return run.solve()
        guards.append(run.add_temporary(clauses))
        return run.solve(guards[-1:])

    first = witness if witness is not None else run.solve()
    smallest, smaller = descend_below(model, first, smaller_than, log, rounds=None if proof == "chain" else 1)
    for guard in guards:
        run.retire(guard)
    if smaller is None:
        return smallest
    return smallest_solution(_WitnessSearch(run, smaller), model.cell_count, log)[0]


# -- the lexicographic chain ----------------------------------------------------------------


def lex_less_clauses(
    bound: Sequence[int],
    givens: Sequence[int],
    lowest: Sequence[int],
    new_variable: Callable[[], int],
    side: int | None = None,
) -> list[list[int]] | None:
    """The clauses of ``x <_lex bound`` over the cell variables (see the module docstring):
    the chain of :func:`~sudoku_cp.engine.lexmin.below_steps`, as clauses.

    Args:
        bound: ``w``, the ``n*n`` values of a solution, row-major.
        givens: the givens (0 for blank); a given equals its bound.
        lowest: each cell's smallest possible value (:func:`~sudoku_cp.engine.lexmin.lowest_candidates`).
        new_variable: a function returning a fresh variable number for each ``tied`` Boolean.
        side: ``n``; by default the square root of the number of cells (give it for a
            multi-grid board, whose cell count is not ``n*n``).

    Returns:
        The clauses, or ``None`` when no blank cell can take a value below its bound
        (nothing is smaller: no clause and no solve needed).
    """
    n = round(len(bound) ** 0.5) if side is None else side
    steps = below_steps(bound, givens, lowest)
    return _chain_clauses(steps, new_variable, n, below=True) if steps else None


def lex_greater_clauses(
    bound: Sequence[int], givens: Sequence[int], new_variable: Callable[[], int], side: int | None = None
) -> list[list[int]] | None:
    """The clauses of ``x >_lex bound``, the mirror of :func:`lex_less_clauses`: ``tied[i]``
    forbids the values below ``bound[i]`` and, without ``tied[next]``, requires one above.

    Args:
        bound: the ``n*n`` values of a complete grid, row-major (any grid, not only a solution).
        givens: the givens (0 for blank); a given equal to its bound passes the chain on.
        new_variable: a function returning a fresh variable number for each ``tied`` Boolean.
        side: ``n``, as :func:`lex_less_clauses`.

    Returns:
        The clauses, or ``None`` when no cell can take a value above its bound (``bound``
        is all ``n``, or every such cell is given: nothing is greater).

    Four cells of values 1..2 (variable ``2*cell + v``) above ``(2, 1, 1, 2)``: cell 0 cannot
    drop below 2 (``¬x[0,1]``); cell 1 is 2 or the chain goes on (``tied`` is variable 5);
    then cell 2 must be 2; cell 3 is never reached:

    >>> lex_greater_clauses([2, 1, 1, 2], [0, 0, 0, 0], iter(range(5, 10)).__next__)
    [[-1], [5, 4], [-5, 6]]
    """
    n = round(len(bound) ** 0.5) if side is None else side
    steps = above_steps(bound, givens, n)
    return _chain_clauses(steps, new_variable, n, below=False) if steps else None


def _chain_clauses(
    steps: Sequence[LexStep], new_variable: Callable[[], int], n: int, *, below: bool
) -> list[list[int]]:
    """The chain of ``x <_lex w`` (``below``) or ``x >_lex w`` as clauses: at each step,
    ``tied`` forbids the values beyond ``w_i`` (above it, or below it for ``>_lex``); a
    strict step requires one on the near side, and a step that opens ``tied_next``
    requires one or ``tied_next``."""
    clauses: list[list[int]] = []
    tied: list[int] = []  # the negated "tied" literal to prefix, [] while tied unconditionally
    for cell, w, strict, opens in steps:
        beyond = range(w + 1, n + 1) if below else range(1, w)
        clauses.extend(tied + [-variable(cell, v, n)] for v in beyond)
        near = [variable(cell, v, n) for v in (range(1, w) if below else range(w + 1, n + 1))]
        if strict:
            clauses.append(tied + near)
        elif opens:
            tied_next = new_variable()
            clauses.append(tied + [tied_next] + near)
            tied = [-tied_next]
    return clauses


# -- the witness method, under assumptions -----------------------------------------------------


class _WitnessSearch:
    """A :class:`~sudoku_cp.engine.lexmin.PrefixSearch` on one incremental solver: "cell
    ``i`` below ``b``" is asked as the assumptions ``¬x[i,v]`` for ``v >= b``, a fixed cell
    is one more assumption ``x[i,w_i]``, and :meth:`may_take_less` is a unit propagation
    under those assumptions (no solve)."""

    def __init__(self, run: Run, first: list[int] | None = None) -> None:
        self.run, self.n = run, run.model.value_count
        self.lowest = lexmin.lowest_candidates(run.model)
        self.prefix: list[int] = []
        self.first = first  # a solution already found, returned by the first find_solution()

    def below(self, cell: int, bound: int) -> list[int]:
        return self.prefix + [-variable(cell, v, self.n) for v in range(bound, self.n + 1)]

    def find_solution(self, cell: int | None = None, below: int | None = None) -> list[int] | None:
        if cell is None and self.first is not None:
            first, self.first = self.first, None
            return first
        return self.run.solve(self.prefix if cell is None else self.below(cell, below))

    def may_take_less(self, cell: int, value: int) -> bool:
        return self.lowest[cell] < value and self.run.propagates(self.below(cell, value))

    def fix(self, cell: int, value: int) -> None:
        if not self.run.model.givens[cell]:
            self.prefix.append(variable(cell, value, self.n))


BACKEND = Sat()
"""The backend object; the module-level functions are its methods."""

solve, next_solution, count_solutions = BACKEND.solve, BACKEND.next_solution, BACKEND.count_solutions
