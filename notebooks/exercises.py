"""Check functions for the notebooks' exercises: each takes the student's answer and says
whether it is right, computing the truth with the package.

Each check prints ``"not answered yet"`` for ``None`` (so a fresh notebook runs to the
end), ``"correct"`` for a right answer, and raises ``AssertionError`` with a hint for a
wrong one. The worked answers are in ``notebooks/solutions/``; ``tests/test_exercises.py``
checks that they pass and that wrong answers fail.
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_cp import datasets
from sudoku_cp.engine.trace import PROPAGATIONS, propagate, trace_search


def _not_answered(answer: object, exercise: str) -> bool:
    if answer is None:
        print(f"{exercise}: not answered yet")
        return True
    return False


def fewer_decisions_puzzle():
    """The puzzle of exercise 6.1: top95 #2."""
    return datasets.load("top95")[2]


def check_order_prediction(answer: str | None) -> None:
    """Exercise 6.1: which order needs fewer decisions on top95 #2 with forward checking,
    ``"row-major"`` or ``"smallest-domain"``? (The search stops at the first solution.)"""
    if _not_answered(answer, "Exercise 6.1"):
        return
    assert answer in ("row-major", "smallest-domain"), "answer 'row-major' or 'smallest-domain'"
    decisions = {
        order: trace_search(
            fewer_decisions_puzzle(), order=order, propagation="forward", max_nodes=100_000
        ).decisions
        for order in ("row-major", "smallest-domain")
    }
    best = min(decisions, key=decisions.get)
    assert answer == best, (
        f"not {answer}: count the decisions of each with trace_search(..., max_nodes=100_000).decisions"
    )
    print(
        f"Exercise 6.1: correct ({decisions['row-major']} against {decisions['smallest-domain']} decisions)"
    )


def check_weakest_level(function: Callable[[object], str | None] | None) -> None:
    """Exercise 6.2: ``function(puzzle)`` returns the weakest propagation level of
    ``PROPAGATIONS`` (``"forward"``, ``"hidden"``, ``"hall"``) that solves the puzzle with no
    search, or ``None`` when none does; checked on easy50 and top95 puzzles."""
    if _not_answered(function, "Exercise 6.2"):
        return
    puzzles = datasets.load("easy50")[:8] + datasets.load("top95")[:4]
    for index, puzzle in enumerate(puzzles):
        expected = next((level for level in PROPAGATIONS if propagate(puzzle, level).solved), None)
        got = function(puzzle)
        assert got == expected, (
            f"puzzle {index}: you said {got!r}, the weakest level that solves it is {expected!r} "
            "(try the levels weakest first, and look at propagate(puzzle, level).solved)"
        )
    print(f"Exercise 6.2: correct on {len(puzzles)} puzzles")


def check_proof_questions(answer: int | None) -> None:
    """Exercise 6.3: how many questions does the lexicographic descent ask on a proper
    puzzle (exactly one solution), the final "no" included, with either solver?"""
    if _not_answered(answer, "Exercise 6.3"):
        return
    from sudoku_cp.proof import SOLVERS, run_descent

    proper = datasets.load("easy50")[0]
    counts = {solver: len(run_descent(proper, solver=solver).steps) for solver in SOLVERS}
    assert all(answer == count for count in counts.values()), (
        f"not {answer}: run run_descent(puzzle, solver=...) on a proper puzzle and count its steps"
    )
    print(f"Exercise 6.3: correct ({answer} questions with each solver)")
