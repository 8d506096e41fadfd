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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sudoku_cp.errors import BackendUnavailableError, InvalidArgumentError

INSTALL_HINT = 'pip install "sudoku_cp[sat]"'
"""How to install what the backend needs."""

try:
    import pysat.solvers  # noqa: F401
except ImportError as error:
    raise BackendUnavailableError(
        f'the "sat" backend needs PySAT (python-sat), which is not installed: {INSTALL_HINT}'
    ) from error

from sudoku_cp.backends import check_choice, takes_options  # noqa: E402
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
    to_dimacs,
    values_of,
    variable,
)
from sudoku_cp.backends.sat_runner import Run, canonical_solver_name, solver_names  # noqa: E402
from sudoku_cp.engine.lexmin import lowest_candidates, smallest_solution, sparse_witness  # noqa: E402
from sudoku_cp.engine.runtime import Deadline  # noqa: E402
from sudoku_cp.errors import NoSolutionError, SolveTimeoutError  # noqa: E402
from sudoku_cp.io.inputs import PuzzleInput, to_puzzle  # noqa: E402
from sudoku_cp.model.constraints import Model  # noqa: E402
from sudoku_cp.model.grid import Grid  # noqa: E402
from sudoku_cp.model.puzzle import Puzzle  # noqa: E402

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


@takes_options(Options)
def solve(
    puzzle: Puzzle | Grid, *, time_limit: float | None = None, **options: Any
) -> tuple[Grid, dict[str, float]]:
    """The ``"sat"`` backend: the smallest row-major solution, proven minimal by a SAT solver.

    Args:
        puzzle: the puzzle, any size and variant (a :class:`Grid` means classic rules).
        time_limit: seconds for the whole call (encoding and every solve); ``None``: no limit.
        **options: ``solver``, ``encoding``, ``amo``, ``sum_encoding``, ``proof`` (:class:`Options`).

    Returns:
        ``(solution, stats)``: the smallest solution, and the counters ``solver_calls``;
        ``conflicts``, ``decisions``, ``propagations`` and ``restarts`` (the solver's own,
        over every call); ``clauses`` and ``variables`` (of the formula, the proof's
        clauses and variables included); ``encode_time`` (seconds spent writing the clauses
        and loading them into a solver; near 0 when a kept solver is reused).

    Raises:
        NoSolutionError: the puzzle has no solution (the formula is UNSAT).
        SolveTimeoutError: ``time_limit`` ran out before the answer was found and proven.
        NotSupportedError: a constraint of a kind not encoded (:mod:`~sudoku_cp.backends.sat_encoding`).
        TypeError, ValueError: an option it does not take, or an unknown value (:class:`Options`).
    """
    deadline = Deadline(time_limit)
    chosen = Options.of(options)
    puzzle = to_puzzle(puzzle)
    # A sparse grid from 20x20 up: the hybrid proof starts from the engine's witness, on a
    # CaDiCaL with its defaults. From SAT's own first solution the descent walked down
    # hundreds of cells: the empty 20x20 grid took 8 s with LARGE_CONFIGURATION, the empty
    # 24x24 and 25x25 and the 10%-given grids more than 20 s with either configuration
    # (bench_backends.py --family sparse); from the witness the one question took 0.02 to
    # 0.7 s with the defaults, up to 5.3 s with LARGE_CONFIGURATION (25x25, 10% given).
    witness = sparse_witness(puzzle, deadline) if chosen.proof == "hybrid" else None
    with _start(puzzle, deadline, chosen, tuned=witness is None) as run:
        values = _smallest(run, puzzle, chosen.proof, witness)
        if values is None:
            raise NoSolutionError("the puzzle has no solution (the SAT solver proved the formula UNSAT)")
        return puzzle.grid.with_cells(values), run.stats()


@takes_options(Options)
def next_solution(
    puzzle: Puzzle | Grid,
    after: Grid | Sequence[int],
    *,
    time_limit: float | None = None,
    **options: Any,
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution lexicographically greater than ``after``.

    The clauses of ``x >_lex after`` (:func:`lex_greater_clauses`) are added to the
    formula for this call, then :func:`solve`'s proof runs on what remains: a solution
    above ``after``, then UNSAT answers proving that none smaller is.

    Args:
        puzzle: the puzzle.
        after: a complete grid (or its ``n*n`` values row-major), usually the previous solution.
        time_limit, **options: as :func:`solve`.

    Returns:
        ``(solution, stats)`` as :func:`solve`.

    Raises:
        NoSolutionError: no solution is greater than ``after``.
        ValueError: ``after`` does not have ``n*n`` values in ``1..n``.
        The other errors of :func:`solve`.
    """
    deadline = Deadline(time_limit)
    chosen = Options.of(options)
    puzzle = to_puzzle(puzzle)
    bound = _grid_values(after, puzzle.side, puzzle.model.cell_count)
    with _start(puzzle, deadline, chosen) as run:
        clauses = lex_greater_clauses(bound, puzzle.model.givens, run.new_variable, puzzle.side)
        if clauses is None:
            raise NoSolutionError("no solution is greater than the given one: it is the largest grid")
        run.add(clauses)
        values = _smallest(run, puzzle, chosen.proof)
        if values is None:
            raise NoSolutionError("no solution is greater than the given one (the SAT solver proved it)")
        return puzzle.grid.with_cells(values), run.stats()


@takes_options(Options)
def count_solutions(
    puzzle: Puzzle | Grid,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    **options: Any,
) -> tuple[int, dict[str, float]]:
    """The exact number of solutions, or ``limit`` if there are at least that many.

    Model enumeration with blocking clauses on one incremental solver: after each
    solution ``w``, the clause "some blank cell differs from ``w``" (``¬x[c,w_c]`` over the
    blank cells ``c``) is added and the solver asked again, until UNSAT (every solution
    counted: the count is exact) or the ``limit``-th solution. Each cell holds exactly one
    value in every model, so one blocking clause removes exactly one grid.

    Args:
        puzzle: the puzzle.
        limit: stop counting there (``None``: count them all).
        time_limit: seconds for the whole call, or ``None``.
        **options: ``solver``, ``encoding``, ``amo``, ``sum_encoding`` (:class:`Options`);
            a count proves no minimum, so ``proof`` does not apply.

    Returns:
        ``(count, stats)`` with :func:`solve`'s stats (``solver_calls`` is the count plus
        one when the enumeration ended by UNSAT).

    Raises:
        SolveTimeoutError: ``time_limit`` ran out before the count was complete.
        NotSupportedError: a constraint of a kind not encoded.
        TypeError, ValueError: an option it does not take, or an unknown value (:class:`Options`).
    """
    deadline = Deadline(time_limit)
    chosen = Options.of(options, "count_solutions")
    puzzle = to_puzzle(puzzle)
    n = puzzle.side
    blank = [cell for cell, given in enumerate(puzzle.model.givens) if not given]
    count = 0
    with _start(puzzle, deadline, chosen) as run:
        while limit is None or count < limit:
            try:
                found = run.solve()
            except SolveTimeoutError as error:
                raise SolveTimeoutError(
                    f"the SAT solver ran out of time after counting {count} solutions "
                    f"(time limit {time_limit:g} s): the count is not complete"
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
    with _start(puzzle, deadline, chosen) as run:
        values = run.solve()
        if values is None:
            raise NoSolutionError("the puzzle has no solution (the SAT solver proved the formula UNSAT)")
        return puzzle.grid.with_cells(values), run.stats()


def _grid_values(grid: Grid | Sequence[int], side: int, cell_count: int) -> list[int]:
    """The ``cell_count`` values of a complete grid (``n*n``; more on a multi-grid board), checked."""
    values = list(getattr(grid, "cells", grid))
    if len(values) != cell_count or not all(isinstance(v, int) and 1 <= v <= side for v in values):
        raise InvalidArgumentError(
            f"after must be a complete {side}x{side} grid (n*n values in 1..{side}; a board: one per cell)"
        )
    return values


def _start(puzzle: Puzzle, deadline: Deadline, options: Options, tuned: bool = True) -> Run:
    solver = choose_solver(puzzle.model) if options.solver == "auto" else options.solver
    return Run.start(
        puzzle.model, deadline, solver, options.encoding, options.amo, options.sum_encoding, tuned
    )


@takes_options(Options, "count_solutions")
def preload(puzzle: PuzzleInput, **options: Any) -> None:
    """Load the solver that :func:`solve` keeps for the puzzle's rules (9x9 and 16x16), without
    solving: the next calls on puzzles with these rules and options start at once (for
    timing them, say). The options and errors of :func:`count_solutions`."""
    with _start(to_puzzle(puzzle), Deadline(None), Options.of(options, "count_solutions")):
        pass


def _smallest(run: Run, puzzle: Puzzle, proof: str, witness: list[int] | None = None) -> list[int] | None:
    """The smallest solution of what the run's solver holds, proven by ``proof`` (None if
    none); the hybrid proof starts from ``witness`` when one is given."""
    if proof == "chain":
        return _smallest_by_chain(run, puzzle)
    if proof == "hybrid":
        return _smallest_by_hybrid(run, puzzle, witness)
    return smallest_solution(_WitnessSearch(run, puzzle), puzzle.model.cell_count)[0]


# -- the lexicographic chain ----------------------------------------------------------------


def _smallest_by_chain(run: Run, puzzle: Puzzle) -> list[int] | None:
    """Solve, then add ``x <_lex w`` until UNSAT; return the last ``w`` (None if no solution)."""
    witness = run.solve()
    if witness is None:
        return None
    givens, lowest = puzzle.model.givens, lowest_candidates(puzzle.model)
    while True:
        clauses = lex_less_clauses(witness, givens, lowest, run.new_variable, puzzle.side)
        if clauses is None:
            return witness  # no blank cell can take a smaller value
        run.add(clauses)
        smaller = run.solve()
        if smaller is None:
            return witness  # UNSAT: nothing is smaller
        witness = smaller


def _smallest_by_hybrid(run: Run, puzzle: Puzzle, first: list[int] | None = None) -> list[int] | None:
    """One chain question ("is anything smaller than the first solution?"), then, if something
    is, the witness method from that smaller solution. The first solution is ``first``
    when given (a solution found by other means), else the solver's."""
    witness = first if first is not None else run.solve()
    if witness is None:
        return None
    lowest = lowest_candidates(puzzle.model)
    clauses = lex_less_clauses(witness, puzzle.model.givens, lowest, run.new_variable, puzzle.side)
    if clauses is None:
        return witness  # no blank cell can take a smaller value
    guard = run.add_temporary(clauses)
    smaller = run.solve([guard])
    run.retire(guard)
    if smaller is None:
        return witness  # UNSAT: nothing is smaller
    return smallest_solution(_WitnessSearch(run, puzzle, smaller), puzzle.model.cell_count)[0]


def lex_less_clauses(
    bound: Sequence[int],
    givens: Sequence[int],
    lowest: Sequence[int],
    new_variable: Callable[[], int],
    side: int | None = None,
) -> list[list[int]] | None:
    """The clauses of ``x <_lex bound`` over the cell variables (see the module docstring).

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
    may_differ = [i for i, given in enumerate(givens) if not given and lowest[i] < bound[i]]
    if not may_differ:
        return None
    last = may_differ[-1]
    clauses: list[list[int]] = []
    tied: list[int] = []  # the negated "tied" literal to prefix, [] while tied unconditionally
    for cell in range(last + 1):
        if givens[cell]:
            continue
        w = bound[cell]
        clauses.extend(tied + [-variable(cell, v, n)] for v in range(w + 1, n + 1))
        smaller = [variable(cell, v, n) for v in range(1, w)]
        if cell == last:
            clauses.append(tied + smaller)
        elif lowest[cell] < w:
            tied_next = new_variable()
            clauses.append(tied + [tied_next] + smaller)
            tied = [-tied_next]
    return clauses


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
    open_cells = [i for i, given in enumerate(givens) if given != bound[i]]  # given == bound: tied passes on
    may_exceed = [i for i in open_cells if bound[i] < n]
    if not may_exceed:
        return None
    last = may_exceed[-1]
    clauses: list[list[int]] = []
    tied: list[int] = []  # the negated "tied" literal to prefix, [] while tied unconditionally
    for cell in open_cells:
        if cell > last:
            break
        w = bound[cell]
        clauses.extend(tied + [-variable(cell, v, n)] for v in range(1, w))
        larger = [variable(cell, v, n) for v in range(w + 1, n + 1)]
        if cell == last:
            clauses.append(tied + larger)
        elif larger:
            tied_next = new_variable()
            clauses.append(tied + [tied_next] + larger)
            tied = [-tied_next]
    return clauses


# -- the witness method, under assumptions -----------------------------------------------------


class _WitnessSearch:
    """A :class:`~sudoku_cp.engine.lexmin.PrefixSearch` on one incremental solver: "cell
    ``i`` below ``b``" is asked as the assumptions ``¬x[i,v]`` for ``v >= b``, a fixed cell
    is one more assumption ``x[i,w_i]``, and :meth:`may_take_less` is a unit propagation
    under those assumptions (no solve)."""

    def __init__(self, run: Run, puzzle: Puzzle, first: list[int] | None = None) -> None:
        self.run, self.n = run, puzzle.side
        self.lowest = lowest_candidates(puzzle.model)
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
