"""The proof of the smallest row-major solution, run one question at a time, for teaching.

Every backend returns the smallest row-major solution and proves it (the account is in
``docs/design.md`` and :mod:`sudoku_cp.engine.lexmin`). :func:`run_descent` shows the
simplest form of such a proof with a real solver, CP-SAT or a SAT solver:

1. ask for any solution ``w``;
2. ask "is any solution lexicographically smaller than ``w``?" by adding the
   constraint ``x <_lex w`` (the decomposition of the lexicographic ordering
   constraint of Frisch, Hnich, Kiziltan, Miguel and Walsh, CP 2002);
3. if the solver finds one, it becomes ``w`` and step 2 is asked again; when the solver
   answers that there is none (INFEASIBLE, UNSAT), ``w`` is the smallest, proven.

Each answer is a :class:`ProofStep` with the question, the answer and the cells that
changed, so a notebook can print the run and draw each solution. The backends use
faster forms of the same idea (a witness fixed cell by cell, an enumerating search),
but every one of them ends on such an infeasibility proof, never on the order in which
a search happens to meet solutions.

>>> run = run_descent("1234" "34.." "...." "....", solver="sat")
>>> [step.answer for step in run.steps][-1]
'no: the last solution is the smallest'
>>> run.smallest.to_string() == __import__("sudoku_cp").solve("1234" "34.." "...." "....").to_string()
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from sudoku_cp.engine.lexmin import lowest_candidates
from sudoku_cp.errors import InvalidArgumentError
from sudoku_cp.io.inputs import PuzzleInput, to_puzzle
from sudoku_cp.model.grid import Grid

SOLVERS = ("cpsat", "sat")


@dataclass(frozen=True)
class ProofStep:
    """One question put to the solver and its answer.

    Attributes:
        question: the question in words.
        answer: ``"yes: ..."`` with the new solution, or ``"no: ..."``.
        solution: the solution found, or ``None`` when the answer is no.
        changed: the cells (row-major indices) where the solution differs from the
            previous one (all cells for the first).
        seconds: the solver's wall time for this question.
    """

    question: str
    answer: str
    solution: Grid | None
    changed: tuple[int, ...]
    seconds: float


@dataclass(frozen=True)
class ProofRun:
    """The questions and answers of :func:`run_descent`; ``smallest`` is the proven answer
    (``None`` when the puzzle has no solution)."""

    solver: str
    steps: tuple[ProofStep, ...]
    smallest: Grid | None

    def describe(self) -> str:
        """The run as text, one line per question."""
        return "\n".join(
            f"{i}. {s.question} -> {s.answer} ({s.seconds * 1000:.0f} ms)"
            for i, s in enumerate(self.steps, 1)
        )


def run_descent(puzzle: PuzzleInput, *, solver: str = "cpsat", max_steps: int = 1000) -> ProofRun:
    """Prove the smallest row-major solution by lexicographic descent (module docstring).

    Args:
        puzzle: any puzzle input (text, a :class:`Grid`, a :class:`~sudoku_cp.model.puzzle.Puzzle`).
        solver: ``"cpsat"`` (OR-Tools CP-SAT) or ``"sat"`` (PySAT's CaDiCaL on the CNF
            of :mod:`sudoku_cp.backends.sat_encoding`).
        max_steps: the most questions asked; past it, :class:`RuntimeError`.

    Raises:
        ValueError: an unknown ``solver``.
        InvalidPuzzleError: the input is not a valid puzzle.
        RuntimeError: more than ``max_steps`` solutions were met (a puzzle with very
            many solutions: use a backend, whose proofs do not walk through them).
    """
    if solver not in SOLVERS:
        raise InvalidArgumentError(f"solver must be one of {', '.join(SOLVERS)}, not {solver!r}")
    puzzle = to_puzzle(puzzle)
    ask = _CpSatQuestions(puzzle) if solver == "cpsat" else _SatQuestions(puzzle)
    model = puzzle.model
    steps: list[ProofStep] = []
    start = time.perf_counter()
    witness = ask.solution(None)
    seconds = time.perf_counter() - start
    if witness is None:
        steps.append(ProofStep("is there any solution?", "no: the puzzle has no solution", None, (), seconds))
        return ProofRun(solver, tuple(steps), None)
    steps.append(
        ProofStep(
            "is there any solution?",
            "yes",
            puzzle.grid.with_cells(witness),
            tuple(range(len(witness))),
            seconds,
        )
    )
    while True:
        if len(steps) > max_steps:
            raise RuntimeError(f"more than {max_steps} solutions met; the descent is for teaching")
        question = "is any solution lexicographically smaller than the last one?"
        start = time.perf_counter()
        better = ask.solution(witness)
        seconds = time.perf_counter() - start
        if better is None:
            steps.append(ProofStep(question, "no: the last solution is the smallest", None, (), seconds))
            return ProofRun(solver, tuple(steps), puzzle.grid.with_cells(witness))
        changed = tuple(i for i, (a, b) in enumerate(zip(witness, better, strict=True)) if a != b)
        first = model.cell_name(changed[0])
        was, now = witness[changed[0]], better[changed[0]]
        answer = f"yes: smaller from {first} ({was} -> {now}), {len(changed)} cells changed"
        steps.append(ProofStep(question, answer, puzzle.grid.with_cells(better), changed, seconds))
        witness = better


class _CpSatQuestions:
    def __init__(self, puzzle) -> None:
        from sudoku_cp.backends import cpsat  # here: OR-Tools is heavy

        self._cpsat, self._model = cpsat, puzzle.model
        self._lowest = lowest_candidates(puzzle.model)

    def solution(self, below: Sequence[int] | None) -> list[int] | None:
        from ortools.sat.python import cp_model

        model, cells = self._cpsat.model_of(self._model)
        if below is not None and not self._cpsat.add_lex_less(
            model, cells, below, self._model.givens, self._lowest
        ):
            return None
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return [solver.value(x) for x in cells]
        if status == cp_model.INFEASIBLE:
            return None
        raise RuntimeError(f"CP-SAT stopped with status {solver.status_name(status)}")


class _SatQuestions:
    def __init__(self, puzzle) -> None:
        from sudoku_cp.backends import sat_encoding

        self._encoding, self._puzzle = sat_encoding, puzzle
        self._cnf = sat_encoding.encode(puzzle)
        self._lowest = lowest_candidates(puzzle.model)

    def solution(self, below: Sequence[int] | None) -> list[int] | None:
        from pysat.solvers import Solver

        from sudoku_cp.backends.sat import lex_less_clauses
        from sudoku_cp.backends.sat_signals import python_handles_ctrl_c

        clauses = list(self._cnf.clauses)
        if below is not None:
            top = [self._cnf.nv]

            def fresh() -> int:
                top[0] += 1
                return top[0]

            extra = lex_less_clauses(below, self._puzzle.model.givens, self._lowest, fresh, self._puzzle.side)
            if extra is None:
                return None
            clauses += extra
        with python_handles_ctrl_c(), Solver(name="cadical195", bootstrap_with=clauses) as solver:
            if not solver.solve():  # Ctrl-C: KeyboardInterrupt once it returns
                return None
            model = self._puzzle.model
            return self._encoding.values_of(solver.get_model(), model.side, model.cell_count)
