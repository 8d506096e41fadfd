"""The exact-cover backend and its engine, Algorithm X with dancing links: the algorithm on
problems with known answers (Knuth's example, the n-queens counts, Latin squares), the links
restored exactly, Sudoku's matrix, both proofs of the smallest solution, counting and the
next solution against brute force. The contract suite runs the backend's defaults on every case."""

from __future__ import annotations

import itertools
import random

import pytest
from conftest import LEXMIN_CASES, case_id
from test_backend_contract import VARIANT_CASES, _variant_id

import sudoku_cp
from sudoku_cp import Grid, NoSolutionError, NotSupportedError, Puzzle, SolveTimeoutError, datasets
from sudoku_cp.backends import exact_cover
from sudoku_cp.engine.dlx import DancingLinks
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.model.constraints import AllDifferent, Model


def queens(n: int) -> DancingLinks:
    """Knuth's n-queens matrix: ranks and files primary, diagonals secondary."""
    rows = []
    for r, c in itertools.product(range(n), repeat=2):
        rows.append([r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r - c + n - 1)])
    return DancingLinks(2 * n, 2 * (2 * n - 1), rows)


@pytest.mark.parametrize(("n", "count"), [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92)])
def test_n_queens_counts_with_secondary_columns(n: int, count: int) -> None:
    assert len(queens(n).search(limit=None)) == count  # OEIS A000170


def test_latin_squares_of_order_4() -> None:
    n = 4
    rows = [
        [r * n + c, n * n + r * n + v, 2 * n * n + c * n + v]
        for r, c, v in itertools.product(range(n), repeat=3)
    ]
    counted = []
    DancingLinks(3 * n * n, 0, rows).search(
        limit=None, on_solution=lambda chosen: counted.append(len(chosen))
    )
    assert len(counted) == 576 and set(counted) == {16}  # OEIS A002860


def _links_state(links: DancingLinks) -> tuple:
    return tuple(tuple(a) for a in (links.L, links.R, links.U, links.D, links.S))


def test_search_hide_and_select_leave_the_links_as_they_were() -> None:
    links = queens(6)
    before = _links_state(links)
    assert len(links.search(limit=3)) == 3
    assert _links_state(links) == before
    hidden = links.hide([0, 1, 7, 0])  # row 0 named twice: hidden once
    assert hidden == [0, 1, 7] and not links.is_present(0)
    links.unhide(hidden)
    assert _links_state(links) == before
    assert links.select(1) and not links.is_present(7)  # row 7 (r1c1) shares a diagonal
    assert not links.select(7)


def test_a_passed_deadline_stops_the_search_and_restores_the_links() -> None:
    links = queens(10)
    before = _links_state(links)
    deadline = Deadline(1e-9)
    with pytest.raises(SolveTimeoutError):
        links.search(limit=None, deadline=deadline)
    assert _links_state(links) == before


def test_the_sudoku_matrix_has_the_textbook_size() -> None:
    model = Puzzle(Grid.empty(9)).model
    primary, secondary, candidates, rows = exact_cover.exact_cover_matrix(model)
    assert (primary, secondary, len(candidates)) == (324, 0, 729)
    assert all(len(row) == 4 and row[0] == cell for row, (cell, _) in zip(rows, candidates, strict=True))
    given = Puzzle(datasets.load("top95")[0]).model
    givens = sum(1 for g in given.givens if g)
    assert len(exact_cover.exact_cover_matrix(given)[2]) == 729 - 8 * givens  # a given has one row


def test_a_kind_outside_the_vocabulary_is_refused() -> None:
    class Parity:
        cells, label = (0, 1), "parity 1"

    model = Model(4, (0,) * 16, (AllDifferent((0, 1, 2, 3), origin="row 1"), Parity()))
    with pytest.raises(NotSupportedError, match="'exact-cover'.*Parity"):
        exact_cover.exact_cover_matrix(model)


@pytest.mark.parametrize("proof", exact_cover.PROOFS)
@pytest.mark.parametrize("case", LEXMIN_CASES[::6], ids=case_id)
def test_both_proofs_give_the_smallest_solution(case: dict, proof: str) -> None:
    grid = Grid.parse(case["puzzle"])
    if case["lexmin"] is None:
        with pytest.raises(NoSolutionError):
            exact_cover.solve(grid, proof=proof)
    else:
        assert exact_cover.solve(grid, proof=proof)[0].to_string() == case["lexmin"]


@pytest.mark.parametrize("case", VARIANT_CASES[::4], ids=_variant_id)
def test_the_row_major_proof_on_variants(case: dict) -> None:
    puzzle = Puzzle.from_dict(case)
    if case["lexmin"] is None:
        with pytest.raises(NoSolutionError):
            exact_cover.solve(puzzle, proof="row-major")
    else:
        assert exact_cover.solve(puzzle, proof="row-major")[0].to_string() == case["lexmin"]


def _all_4x4_solutions() -> list[tuple[int, ...]]:
    found = []

    def fill(values: list[int]) -> None:
        if len(values) == 16:
            found.append(tuple(values))
            return
        cell = len(values)
        r, c = divmod(cell, 4)
        for v in range(1, 5):
            box = [
                (br, bc)
                for br in range(r // 2 * 2, r // 2 * 2 + 2)
                for bc in range(c // 2 * 2, c // 2 * 2 + 2)
            ]
            peers = {values[i] for i in range(cell) if i // 4 == r or i % 4 == c or divmod(i, 4) in box}
            if v not in peers:
                fill([*values, v])

    fill([])
    return found


def test_next_solution_after_any_grid_is_the_smallest_solution_above_it() -> None:
    puzzle = Grid.parse("12..............")
    solutions = [s for s in _all_4x4_solutions() if s[:2] == (1, 2)]
    rng = random.Random(3)
    for after in [tuple(rng.randint(1, 4) for _ in range(16)) for _ in range(8)] + [(1,) * 16, solutions[0]]:
        above = [s for s in solutions if s > after]
        if above:
            assert exact_cover.next_solution(puzzle, after)[0].cells == min(above)
        else:
            with pytest.raises(NoSolutionError):
                exact_cover.next_solution(puzzle, after)
    with pytest.raises(NoSolutionError):
        exact_cover.next_solution(puzzle, max(solutions))
    with pytest.raises(ValueError, match="complete 4x4 grid"):
        exact_cover.next_solution(puzzle, [1, 2, 3])


def test_counts_and_stats() -> None:
    assert len(_all_4x4_solutions()) == 288
    assert exact_cover.count_solutions(Grid.empty(4))[0] == 288
    assert exact_cover.count_solutions(Grid.empty(4), limit=10)[0] == 10
    count, stats = exact_cover.count_solutions(datasets.load("top95")[0])
    assert count == 1 and stats["solver_calls"] == 1 and stats["nodes"] > 0
    solution, stats = exact_cover.solve(datasets.load("top95")[0])
    assert stats["solver_calls"] == 1  # one exhausted search proves the only solution


def test_agrees_with_the_backtracker_on_top95() -> None:
    for grid in datasets.load("top95")[::5]:
        assert exact_cover.solve(grid)[0] == sudoku_cp.solve(grid, backend="backtracking")


def test_a_bad_proof_is_refused() -> None:
    with pytest.raises(ValueError, match="proof must be one of"):
        exact_cover.solve(Grid.empty(4), proof="luck")


def _sparse(side: int, share: float, seed: int) -> Grid:
    """A grid of ``side`` keeping ``share`` of the cells of a full grid, drawn from ``seed``."""
    full = sudoku_cp.solve(Grid.empty(side), backend="backtracking").cells
    kept = set(random.Random(seed).sample(range(side * side), round(share * side * side)))
    return Grid([v if i in kept else 0 for i, v in enumerate(full)], Grid.empty(side).box)


@pytest.mark.parametrize(("side", "share"), [(16, 0.1), (20, 0.0)])
def test_a_sparse_large_grid_is_proven_from_the_engine_witness(side: int, share: float) -> None:
    # issue 34: the two-solution search and the witness method from its answer timed out
    # on such grids; from the engine's witness the proof is a few Algorithm X searches
    grid = _sparse(side, share, 1)
    result = sudoku_cp.solve_with_stats(grid, backend="exact-cover")
    assert result.solution == sudoku_cp.solve(grid, backend="exact-cover", proof="row-major")
    assert result.stats["nodes"] < 20_000


@pytest.mark.slow
@pytest.mark.parametrize("share", [0.0, 0.1, 0.3])
def test_sparse_25x25_grids_are_proven(share: float) -> None:
    grid = _sparse(25, share, 2)
    result = sudoku_cp.solve_with_stats(grid, backend="exact-cover")
    assert result.solution == sudoku_cp.solve(grid, backend="backtracking")
    assert result.stats["nodes"] < 200_000
