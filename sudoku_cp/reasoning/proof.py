"""The proof of the smallest row-major solution, question by question, for teaching.

Every backend returns the smallest row-major solution and proves it (the account is in
``docs/design.md`` and :mod:`sudoku_cp.engine.lexmin`), and records that proof as data: the
:class:`~sudoku_cp.result.Proof` of :func:`sudoku_cp.solve_with_stats` (``result.proof``),
the questions it asked in order and their answers. :func:`run_descent` reads the proof of
the simplest form, the lexicographic chain, from CP-SAT or a SAT solver:

1. ask for any solution ``w``;
2. ask "is any solution lexicographically smaller than ``w``?" by adding the
   constraint ``x <_lex w`` (the decomposition of the lexicographic ordering
   constraint of Frisch, Hnich, Kiziltan, Miguel and Walsh, CP 2002);
3. if the solver finds one, it becomes ``w`` and step 2 is asked again; when the solver
   answers that there is none (INFEASIBLE, UNSAT), ``w`` is the smallest, proven.

(CP-SAT may instead end after step 1 with "is there any other solution?" answered no:
its first solve enumerates, and a puzzle with one solution is proven there.)

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

from dataclasses import dataclass

from sudoku_cp.errors import InvalidArgumentError, NoSolutionError
from sudoku_cp.io.inputs import PuzzleInput, to_puzzle
from sudoku_cp.model.grid import Grid
from sudoku_cp.result import AnySolution, OtherThan, Proof

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
        seconds: the proof's wall time shared evenly among its questions (the backends
            time the proof as a whole, :attr:`~sudoku_cp.result.Proof.time`).
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
    """The proof of the smallest row-major solution by lexicographic descent (module
    docstring), read from the backend's :class:`~sudoku_cp.result.Proof`.

    Args:
        puzzle: any puzzle input (text, a :class:`Grid`, a :class:`~sudoku_cp.model.puzzle.Puzzle`).
        solver: ``"cpsat"`` (the ``"cpsat"`` backend) or ``"sat"`` (the ``"sat"`` backend
            with ``proof="chain"``).
        max_steps: the most questions shown; past it, :class:`RuntimeError`.

    Raises:
        ValueError: an unknown ``solver``.
        InvalidPuzzleError: the input is not a valid puzzle.
        RuntimeError: more than ``max_steps`` questions were asked (a puzzle with very
            many solutions: use a backend's own proof, which does not walk through them).
    """
    if solver not in SOLVERS:
        raise InvalidArgumentError(f"solver must be one of {', '.join(SOLVERS)}, not {solver!r}")
    puzzle = to_puzzle(puzzle)
    from sudoku_cp.backends import get_backend  # here: the backends load their solvers

    options = {"proof": "chain"} if solver == "sat" else {}
    try:
        smallest, _, proof = get_backend(solver).solve_with_proof(puzzle, **options)
    except NoSolutionError:
        step = ProofStep("is there any solution?", "no: the puzzle has no solution", None, (), 0.0)
        return ProofRun(solver, (step,), None)
    if len(proof.questions) > max_steps:
        raise RuntimeError(f"more than {max_steps} questions asked; the descent is for teaching")
    return ProofRun(solver, tuple(_steps(puzzle, proof)), smallest)


def _steps(puzzle, proof: Proof) -> list[ProofStep]:
    """The proof's questions and answers as :class:`ProofStep` records, in words."""
    seconds = proof.time / len(proof.questions)  # the backends time the proof as a whole
    steps, last = [], None
    for question, answer in zip(proof.questions, proof.answers, strict=True):
        grid = None if answer is None else puzzle.grid.with_cells(answer)
        if isinstance(question, AnySolution):
            steps.append(ProofStep("is there any solution?", "yes", grid, tuple(range(len(answer))), seconds))
        elif isinstance(question, OtherThan):
            text = "no: the only solution is the smallest"
            steps.append(ProofStep("is there any other solution?", text, None, (), seconds))
        elif answer is None:
            text = "no: the last solution is the smallest"
            steps.append(ProofStep(_SMALLER, text, None, (), seconds))
        else:
            changed = tuple(i for i, (a, b) in enumerate(zip(last, answer, strict=True)) if a != b)
            first = puzzle.model.cell_name(changed[0])
            was, now = last[changed[0]], answer[changed[0]]
            text = f"yes: smaller from {first} ({was} -> {now}), {len(changed)} cells changed"
            steps.append(ProofStep(_SMALLER, text, grid, changed, seconds))
        last = answer if answer is not None else last
    return steps


_SMALLER = "is any solution lexicographically smaller than the last one?"
