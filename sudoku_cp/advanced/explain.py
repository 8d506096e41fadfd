"""A temporary solving loop over every technique, to measure how far reasoning goes.

:func:`explain_to_end` is :func:`sudoku_cp.explain`'s loop with the techniques of
:data:`sudoku_cp.techniques.TECHNIQUES` first, then :data:`~sudoku_cp.advanced.ADVANCED`,
then (for proper puzzles) the uniqueness techniques, then the minimal deduction. Every
step is checked as :func:`sudoku_cp.explain` checks it (it agrees with the solution; it
follows from its premises, except a uniqueness step, which rests on the puzzle having
one solution).

>>> path = explain_to_end("....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...")
>>> path.solved, [d.technique for d in path.deductions if d.technique in ("Skyscraper", "2-String Kite")]
(True, ['2-String Kite', '2-String Kite', 'Skyscraper'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sudoku_cp.api import solve
from sudoku_cp.errors import SudokuError
from sudoku_cp.puzzle import PuzzleInput, as_puzzle
from sudoku_cp.techniques import TECHNIQUES, Board, Deduction, Technique, next_deduction


@dataclass(frozen=True)
class Path:
    """The deductions of :func:`explain_to_end`, in order, and whether they solve the puzzle.

    Attributes:
        deductions: the steps, as :class:`~sudoku_cp.techniques.Deduction`\\ s.
        solved: True when they place every digit.
        candidates: the candidate masks at the end.
    """

    deductions: tuple[Deduction, ...]
    solved: bool
    candidates: tuple[int, ...]


def all_techniques(uniqueness: bool = False) -> list[Technique]:
    """Today's techniques, the advanced ones, the uniqueness ones (if asked) and the last resort."""
    from sudoku_cp.advanced.registry import ADVANCED, LAST_RESORT, UNIQUENESS, UNIQUENESS_AFTER

    extra = []
    for name, finder in ADVANCED:
        extra.append(finder)
        if uniqueness and name == UNIQUENESS_AFTER:
            extra += [f for _, f in UNIQUENESS]
    return list(TECHNIQUES) + extra + [finder for _, finder in LAST_RESORT]


def explain_to_end(
    puzzle: PuzzleInput,
    *,
    techniques: Sequence[Technique] | None = None,
    check: bool = True,
    max_steps: int | None = None,
) -> Path:
    """Solve ``puzzle`` step by step, simplest technique first, every step checked.

    Args:
        puzzle: anything :func:`sudoku_cp.solve` takes.
        techniques: the finders, simplest first (default: :func:`all_techniques`, the
            uniqueness techniques included when :func:`sudoku_cp.is_unique` proves the
            puzzle proper).
        check: check each step's premises by search (its agreement with the solution is
            always checked).
        max_steps: stop after that many steps.

    Raises:
        SudokuError: a step failed a check (a bug); the errors of :func:`sudoku_cp.solve`.
    """
    from sudoku_cp.advanced.registry import UNIQUENESS
    from sudoku_cp.stepwise import check_deduction

    puzzle = as_puzzle(puzzle)[0]
    solution = solve(puzzle)
    resting = {finder for _, finder in UNIQUENESS}
    if techniques is None:
        proper: list[bool] = []  # decided once, on first use
        techniques = [
            _when_proper(puzzle, finder, proper) if finder in resting else finder
            for finder in all_techniques(uniqueness=True)
        ]
        resting = set(techniques) - set(all_techniques())
    board = Board(puzzle.model)
    candidates = board.initial()
    placed = {cell for cell, value in enumerate(puzzle.grid.cells) if value}
    steps: list[Deduction] = []
    while len(placed) < puzzle.model.cell_count and (max_steps is None or len(steps) < max_steps):
        found = None
        for technique in techniques:
            found = next(iter(technique(board, candidates, placed)), None)
            if found is not None:
                break
        if found is None:
            break
        if check and technique not in resting:
            check_deduction(puzzle, candidates, found, solution)
        else:
            _agrees(found, solution.cells)
        for cell, value in found.eliminations:
            candidates[cell] &= ~(1 << (value - 1))
        for cell, value in found.placements:
            candidates[cell] = 1 << (value - 1)
        placed.update(cell for cell, _ in found.placements)
        steps.append(found)
    return Path(tuple(steps), len(placed) == puzzle.model.cell_count, tuple(candidates))


def _when_proper(puzzle, finder: Technique, proper: list[bool]) -> Technique:
    """``finder``, run only once :func:`sudoku_cp.is_unique` proves the puzzle proper
    (decided on first use and kept in ``proper``, so paths that never need it do not pay
    for the count)."""
    from sudoku_cp.counting import is_unique

    def gated(board, candidates, placed):
        if not proper:
            proper.append(is_unique(puzzle))
        if proper[0]:
            yield from finder(board, candidates, placed)

    gated.__name__ = finder.__name__
    return gated


def _agrees(deduction: Deduction, solution: Sequence[int]) -> None:
    for cell, value in deduction.placements:
        if solution[cell] != value:
            raise SudokuError(f"{deduction.technique} placed {value} where the solution has another digit")
    for cell, value in deduction.eliminations:
        if solution[cell] == value:
            raise SudokuError(f"{deduction.technique} removed the solution's {value}")


__all__ = ["Path", "all_techniques", "explain_to_end", "next_deduction"]
