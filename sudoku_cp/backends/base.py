"""What every backend shares: the deadline of a call, and the lowest-candidate bound.

Written once here so that each backend module holds only its own model and search.
"""

from __future__ import annotations

import time

from sudoku_cp.constraints import AllDifferent, Model
from sudoku_cp.errors import SolveTimeoutError
from sudoku_cp.puzzle import Puzzle, PuzzleInput, as_puzzle


def to_puzzle(puzzle: PuzzleInput) -> Puzzle:
    """The :class:`Puzzle` of any input, so that a backend module's functions also take a
    :class:`~sudoku_cp.grid.Grid` or text when called directly (classic rules)."""
    return puzzle if isinstance(puzzle, Puzzle) else as_puzzle(puzzle)[0]


class Deadline:
    """The clock of one call with a ``time_limit`` in seconds (``None``: no limit).

    >>> Deadline(None).left() is None
    True
    """

    def __init__(self, time_limit: float | None) -> None:
        self.time_limit = time_limit
        self.at = None if time_limit is None else time.perf_counter() + time_limit

    def left(self) -> float | None:
        """Seconds left (at most 0 once it has passed), ``None`` without a limit."""
        return None if self.at is None else max(0.0, self.at - time.perf_counter())

    def passed(self) -> bool:
        """True once the limit has run out."""
        return self.at is not None and time.perf_counter() > self.at

    def check(self, who: str) -> None:
        """Raise :class:`SolveTimeoutError` ("``who`` ran out of time") once the limit has passed."""
        if self.passed():
            raise self.timeout(who)

    def timeout(self, who: str) -> SolveTimeoutError:
        """The error to raise when ``who`` ran out of time."""
        return SolveTimeoutError(
            f"{who} ran out of time: no solution found and proven within {self.time_limit:g} s"
        )


def lowest_candidates(model: Model) -> list[int]:
    """For each cell, the smallest value of its initial domain that no given peer holds
    (``n + 1`` if none is left): no solution gives the cell a smaller value.

    A cell whose bound is not below a witness's value cannot be where a smaller
    solution differs, so the smallest-solution proofs skip it.
    """
    givens, n = model.givens, model.side
    held: list[set[int]] = [set() for _ in givens]  # the givens among each blank cell's peers
    for constraint in model.of_kind(AllDifferent):
        values = {givens[c] for c in constraint.cells} - {0}
        for cell in constraint.cells if values else ():
            held[cell] |= values
    return [
        given or next((v for v in domain if v not in held[cell]), n + 1)
        for cell, (given, domain) in enumerate(zip(givens, model.domains(), strict=True))
    ]
