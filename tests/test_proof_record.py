"""Every backend's :class:`~sudoku_cp.result.Proof` (``solve_with_stats(...).proof``) is checked
question by question against the independent model (``tests/independent.py``, which shares no
code with the package): each "yes" answer is a solution that answers its question, each "no"
is confirmed by the independent row-major search, on puzzles with many solutions."""

from __future__ import annotations

import pickle

import pytest
from independent import lexmin as independent_lexmin

import sudoku_cp
from sudoku_cp.result import AnySolution, CellBelow, FirstInOrder, OtherThan, Proof, SmallerThan

BACKENDS = sudoku_cp.backend_names()

PUZZLES = {
    "empty 4x4": "." * 16,
    "4x4 two givens": "1" + "." * 14 + "2",
    "sparse 9x9": "1" + "." * 79 + "2",
    "9x9 one solution": "4..921...96.3.58.12.18.64935.8.3297.7..56.1381.679....3.2689..4814.537..695417.82",
}


def _record(grid: str, fixed: dict[int, int] | None = None) -> dict:
    cells = list(grid)
    for cell, value in (fixed or {}).items():
        cells[cell] = str(value)
    return {"size": round(len(grid) ** 0.5), "grid": "".join(cells)}


def _values(text: str | None) -> tuple[int, ...] | None:
    return None if text is None else tuple(int(c, 36) for c in text)


def _check_question(grid: str, puzzle, question, answer, smallest: tuple[int, ...]) -> None:
    """One question and its answer, checked independently."""
    if answer is not None:
        assert puzzle.model.holds(answer), question
    match question:
        case AnySolution():
            assert answer is not None  # these puzzles have solutions
        case FirstInOrder():
            assert answer == smallest
        case OtherThan(solution=solution):
            if answer is None:
                assert sudoku_cp.count_solutions(puzzle, limit=2, backend="backtracking") == 1
            else:
                assert answer != solution
        case SmallerThan(bound=bound):
            if answer is None:
                assert smallest >= bound  # nothing below the bound: the smallest is not below
            else:
                assert answer < bound
        case CellBelow(cell=cell, value=value, prefix=prefix):
            assert prefix == smallest[:cell]  # the prefix is the answer's
            if answer is None:  # no solution with that prefix has a smaller value there
                below = _values(independent_lexmin(_record(grid, dict(enumerate(prefix)))))
                assert below is not None and below[cell] >= value, question
            else:
                assert answer[:cell] == prefix and answer[cell] < value
        case _:
            raise AssertionError(f"unknown question {question!r}")


@pytest.mark.parametrize("name", PUZZLES)
@pytest.mark.parametrize("backend", BACKENDS)
def test_every_answer_of_the_proof_is_checked_independently(backend: str, name: str) -> None:
    grid = PUZZLES[name]
    puzzle = sudoku_cp.Puzzle(sudoku_cp.Grid.parse(grid))
    smallest = _values(independent_lexmin(_record(grid)))
    result = sudoku_cp.solve_with_stats(puzzle, backend=backend, time_limit=60)
    proof = result.proof
    assert isinstance(proof, Proof) and proof.method and proof.time >= 0
    assert len(proof.questions) == len(proof.answers) >= 1
    assert tuple(result.solution.cells) == smallest
    for question, answer in zip(proof.questions, proof.answers, strict=True):
        _check_question(grid, puzzle, question, answer, smallest)
    last_question, last_answer = proof.questions[-1], proof.answers[-1]
    if proof.method == "lexicographic chain":  # it ends on "nothing is below the answer"
        assert last_question == SmallerThan(smallest) and last_answer is None
    if proof.method == "only solution":
        assert last_question == OtherThan(smallest) and last_answer is None
    if proof.method == "search order":
        assert last_question == FirstInOrder() and last_answer == smallest
    # a batch's worker sends the result pickled, its proof packed: the same proof comes back
    copy = pickle.loads(pickle.dumps(result))
    assert copy.proof == proof and copy == result


def test_a_chain_proof_walks_down_to_the_smallest() -> None:
    """The chain asks "anything below w?" until the answer is no; every "yes" is smaller."""
    result = sudoku_cp.solve_with_stats("." * 16, backend="sat", proof="chain")
    assert result.proof.method == "lexicographic chain"
    bounds = [q.bound for q in result.proof.questions if isinstance(q, SmallerThan)]
    assert bounds == sorted(bounds, reverse=True) and bounds[-1] == tuple(result.solution.cells)
