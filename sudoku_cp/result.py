"""The result shape shared by every backend, so that comparisons fit in one table, and the
proof that its solution is the smallest (:class:`Proof`: the questions a backend asked, as
typed records, and their answers; the method is told in :mod:`sudoku_cp.engine.lexmin`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle


@dataclass(frozen=True)
class SolveResult:
    """A solution with what it cost to find it.

    Attributes:
        puzzle: the puzzle solved (givens and rules).
        solution: the smallest row-major solution (a complete :class:`Grid`).
        backend: the backend's registered name, e.g. ``"cpsat"``.
        wall_time: seconds from the call to the answer, model building included.
        stats: the backend's own effort counters, name to number. Every backend
            reports ``solver_calls`` (searches or solves run); the others depend on
            the backend, e.g. ``nodes`` and ``backtracks`` for the backtracker,
            ``branches``, ``conflicts`` and ``solver_wall_time`` (seconds) for CP-SAT.
        proof: the :class:`Proof` that ``solution`` is the smallest (filled by
            :func:`sudoku_cp.solve_with_stats` for every backend).
    """

    puzzle: Puzzle
    solution: Grid
    backend: str
    wall_time: float
    stats: dict[str, float] = field(default_factory=dict)
    proof: Proof | None = None
    """Why ``solution`` is the smallest (:class:`Proof`), ``None`` when not asked for."""


# -- the smallest-solution proof as data --------------------------------------------------------


@dataclass(frozen=True)
class AnySolution:
    """ "Is there a solution?" (above the call's lower bound, for a next solution). The
    answer is one, any, or ``None``."""


@dataclass(frozen=True)
class FirstInOrder:
    """ "Which solution does a complete depth-first search meet first, deciding the cells in
    row-major order and trying values smallest first?" That one is the smallest (the
    row-major search of :mod:`sudoku_cp.engine.lexmin`); the answer is it, or ``None``."""


@dataclass(frozen=True)
class OtherThan:
    """ "Is there a solution other than ``solution``?" The answer ``None`` makes it the only
    one, hence the smallest (CP-SAT's enumerating solve)."""

    solution: tuple[int, ...]


@dataclass(frozen=True)
class SmallerThan:
    """ "Is there a solution ``x <_lex bound``?" (the lexicographic chain). The answer is a
    smaller solution, or ``None``: then no solution is below ``bound``."""

    bound: tuple[int, ...]


@dataclass(frozen=True)
class CellBelow:
    """ "With cells ``0..cell-1`` fixed to ``prefix``, is there a solution with
    ``x_cell < value``?" (the witness method). The answer is one, or ``None``: then
    ``value`` is the smallest that cell takes after that prefix."""

    cell: int
    value: int
    prefix: tuple[int, ...]


Question = AnySolution | FirstInOrder | OtherThan | SmallerThan | CellBelow
"""One question of a smallest-solution proof; each backend compiles it into its own form
(assumptions, bounds, added constraints, a search)."""


@dataclass(frozen=True)
class Proof:
    """Why an answer is the smallest row-major solution: the questions a backend asked, in
    order, and their answers (a solution as a tuple of row-major cell values, or ``None``:
    no solution answers it, proven by a complete search).

    Attributes:
        method: ``"search order"`` (the first solution of a complete row-major search),
            ``"witness descent"`` (a question per cell), ``"lexicographic chain"``
            (``x <_lex w`` until none is smaller), ``"hybrid"`` (one chain question, then
            the witness descent), ``"only solution"`` (a complete enumeration met one), or
            ``"not recorded"`` (a backend registered from outside the package).
        questions: the questions (:data:`Question` records), in the order asked.
        answers: one per question.
        time: wall seconds from the start of the call to the end of the proof.
    """

    method: str
    questions: tuple[Question, ...]
    answers: tuple[tuple[int, ...] | None, ...]
    time: float
