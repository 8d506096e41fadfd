"""Value symmetries and the lex-leader constraint (sudoku_cp.engine.symmetry), and the
sandwich's crust clauses (sudoku_cp.engine.sums.forbidden_crusts): what they find, and that
the SAT and CP-SAT answers stay the smallest solution while counts stay whole."""

from __future__ import annotations

import functools
import itertools

import pytest

import sudoku_cp
from sudoku_cp import Grid, Puzzle, datasets
from sudoku_cp.backends import sat_encoding
from sudoku_cp.engine.sums import crust_gaps, forbidden_crusts
from sudoku_cp.engine.symmetry import lex_leader, value_symmetries, with_lex_leaders
from sudoku_cp.result import SmallerThan


def sandwich_4x4(clues: list[tuple[str, int, int]], grid: str = "." * 16) -> Puzzle:
    return Puzzle.from_dict(
        {
            "size": 4,
            "grid": grid,
            "rules": {"sandwiches": [{"side": s, "index": i, "sum": total} for s, i, total in clues]},
        }
    )


@functools.cache
def sudoku_4x4() -> list[tuple[int, ...]]:
    """The 288 complete 4x4 grids, built row by row from the permutations."""
    rows = list(itertools.permutations(range(1, 5)))
    grids: list[tuple[tuple[int, ...], ...]] = [()]
    for r in range(4):
        grids = [
            (*g, row)
            for g in grids
            for row in rows
            if all(row[c] != above[c] for above in g for c in range(4))
            and (r % 2 == 0 or all({row[c], row[c ^ 1]}.isdisjoint({g[-1][c], g[-1][c ^ 1]}) for c in (0, 2)))
        ]
    return [tuple(v for row in g for v in row) for g in grids]


def all_solutions(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """Every solution by brute force over the 288 complete 4x4 grids, checked by the model."""
    return sorted(values for values in sudoku_4x4() if puzzle.model.holds(values))


SANDWICHES = [
    [("left", 0, 5)],
    [("left", 0, 0), ("top", 1, 5)],
    [("top", 0, 5), ("top", 3, 0), ("left", 2, 2)],
]


def test_a_pure_sandwich_puzzle_has_the_crust_swap_and_a_killer_none() -> None:
    assert value_symmetries(sandwich_4x4(SANDWICHES[0]).model) == [(0, 4, 2, 3, 1)]
    assert value_symmetries(datasets.load("gen_killer")[0].model) == []
    # a given the swap moves (a 1 or a 4) breaks the symmetry; a 2 does not
    assert value_symmetries(sandwich_4x4(SANDWICHES[0], "1" + "." * 15).model) == []
    assert value_symmetries(sandwich_4x4(SANDWICHES[0], "." * 4 + "2" + "." * 11).model) == [(0, 4, 2, 3, 1)]


def test_the_lex_leader_keeps_exactly_the_solutions_not_above_their_twin() -> None:
    puzzle = sandwich_4x4(SANDWICHES[0])
    sigma = value_symmetries(puzzle.model)[0]
    leader = lex_leader(range(16), sigma)
    for values in all_solutions(puzzle):
        twin = tuple(sigma[v] for v in values)
        assert leader.holds(values) == (values <= twin)


def test_classic_and_asymmetric_models_are_left_alone() -> None:
    classic = Puzzle(Grid.empty(4)).model  # every permutation is a symmetry, but it is classic
    killer = datasets.load("gen_killer")[0].model
    assert with_lex_leaders(classic) is classic
    assert with_lex_leaders(killer) is killer


@pytest.mark.parametrize("backend", ["sat", "cpsat", "auto"])
@pytest.mark.parametrize("clues", SANDWICHES, ids=["one", "two", "three"])
def test_symmetric_sandwiches_give_the_smallest_solution_and_whole_counts(backend: str, clues: list) -> None:
    puzzle = sandwich_4x4(clues)
    expected = all_solutions(puzzle)
    assert len(expected) > 1  # the twins at least
    solution = sudoku_cp.solve(puzzle, backend=backend)
    assert tuple(v for row in solution.to_list() for v in row) == expected[0]
    assert sudoku_cp.count_solutions(puzzle, backend=backend) == len(expected)


@pytest.mark.parametrize("backend", ["sat", "cpsat", "auto"])
def test_a_proof_never_calls_a_twin_solution_the_only_one(backend: str) -> None:
    # two solutions, twins by the crust swap: the lex leader leaves one, the smallest; the
    # proof may say nothing is smaller, never that nothing else solves the puzzle
    puzzle = sandwich_4x4([("left", 0, 5), ("top", 0, 5), ("top", 1, 3)])
    expected = all_solutions(puzzle)
    assert len(expected) == 2
    result = sudoku_cp.solve_with_stats(puzzle, backend=backend)
    assert tuple(v for row in result.solution.to_list() for v in row) == expected[0]
    assert result.proof.method != "only solution"
    for question, answer in zip(result.proof.questions, result.proof.answers, strict=True):
        if answer is None:  # "no solution answers it": checked against every solution
            assert isinstance(question, SmallerThan) and not [s for s in expected if s < question.bound]


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_two_symmetries_at_once_keep_the_smallest_solution_and_the_count(backend: str) -> None:
    # a palindrome's equal cells are kept by every permutation: the swap and the reversal
    puzzle = Puzzle.from_dict(
        {"size": 4, "grid": "." * 16, "rules": {"palindromes": [[[0, 0], [1, 1], [2, 2], [3, 3]]]}}
    )
    assert value_symmetries(puzzle.model) == [(0, 4, 2, 3, 1), (0, 4, 3, 2, 1)]
    expected = all_solutions(puzzle)
    solution = sudoku_cp.solve(puzzle, backend=backend)
    assert tuple(v for row in solution.to_list() for v in row) == expected[0]
    assert sudoku_cp.count_solutions(puzzle, backend=backend) == len(expected) == 24


def test_crust_gaps_follow_the_digit_combinations() -> None:
    # 18 between 1 and 9 takes three or four different digits of 2..8 (3+7+8 ... 3+4+5+6)
    assert crust_gaps(9, 18) == {3, 4}
    assert crust_gaps(9, 2) == {1}
    assert crust_gaps(9, 1) == frozenset()
    assert crust_gaps(9, 4, distinct=False) == {1, 2}


def test_the_sat_formula_states_the_forbidden_crusts() -> None:
    puzzle = sandwich_4x4([("left", 0, 5)])
    clauses = {tuple(c) for c in sat_encoding.formula(puzzle).parts["line clues"]}
    pairs = forbidden_crusts((0, 1, 2, 3), 4, 5, puzzle.model.peers)
    assert pairs == [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]
    x = sat_encoding.variable
    for a, b in pairs:
        assert (-x(a, 1, 4), -x(b, 4, 4)) in clauses
        assert (-x(a, 4, 4), -x(b, 1, 4)) in clauses
