"""The reference backtracker: valid solutions on the bundled sets, the smallest row-major
solution on every lex-min case (checked against the expected answers, against all 288
4x4 solutions, and by an independent refutation search on 9x9), the time limit, and
the effort counters."""

from __future__ import annotations

import itertools
import json
import random
import time
from pathlib import Path

import pytest
from conftest import LEXMIN_CASES, assert_solves, case_id

import sudoku_cp
from sudoku_cp import Grid, NoSolutionError, SolveResult, SolveTimeoutError, backtracking, datasets

BACKEND = "backtracking"


# -- independent references ---------------------------------------------------------------


def all_4x4_solutions() -> list[tuple[int, ...]]:
    """Every complete 4x4 grid, by plain enumeration row by row (there are 288)."""
    geo = Grid.empty(4).geometry
    grids: list[tuple[int, ...]] = [()]
    for _ in range(4):
        grids = [
            grid + row
            for grid in grids
            for row in itertools.permutations(range(1, 5))
            if fits(grid + row, geo)
        ]
    return grids


def fits(partial: tuple[int, ...], geo) -> bool:
    """No value twice in any unit among the cells filled so far (row-major prefix)."""
    for unit in geo.units:
        values = [partial[c] for c in unit.cells if c < len(partial)]
        if len(values) != len(set(values)):
            return False
    return True


ALL_4X4 = all_4x4_solutions()


def has_completion(cells: list[int], k: int) -> bool:
    """Whether a partial grid (0 = blank) has a completion: a plain depth-first search over
    candidate sets, fewest candidates first, that backs off as soon as a cell has no
    candidate or a unit has no place left for a value; it shares no code with the package."""
    n = k * k
    used = {(kind, i): set() for kind in "rcb" for i in range(n)}
    blanks = []
    for index, value in enumerate(cells):
        r, c = divmod(index, n)
        keys = (("r", r), ("c", c), ("b", (r // k) * k + c // k))
        if not value:
            blanks.append(keys)
            continue
        if any(value in used[key] for key in keys):
            return False
        for key in keys:
            used[key].add(value)
    values = set(range(1, n + 1))

    def every_value_has_a_place(options: list) -> bool:
        places = {key: set() for key in used}
        for candidates, keys in options:
            for key in keys:
                places[key] |= candidates
        return all(used[key] | places[key] == values for key in used)

    def search(open_cells: list) -> bool:
        if not open_cells:
            return True
        options = [(values - set().union(*(used[key] for key in keys)), keys) for keys in open_cells]
        if not every_value_has_a_place(options):
            return False
        best = min(range(len(options)), key=lambda i: len(options[i][0]))
        candidates, keys = options[best]
        rest = open_cells[:best] + open_cells[best + 1 :]
        for value in candidates:
            for key in keys:
                used[key].add(value)
            found = search(rest)
            for key in keys:
                used[key].discard(value)
            if found:
                return True
        return False

    return search(blanks)


def pattern_solution(k: int) -> Grid:
    n = k * k
    return Grid([(k * (r % k) + r // k + c) % n + 1 for r in range(n) for c in range(n)], k)


# -- the bundled sets ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["easy50", "top95", "hardest", "hex16"])
def test_solves_every_puzzle_of_a_bundled_set(name):
    for puzzle in datasets.load(name):
        assert_solves(puzzle, sudoku_cp.solve(puzzle, backend=BACKEND))


def test_solves_a_sample_of_17_clue_puzzles():
    for puzzle in datasets.load("sudoku17", sample=40, seed=3):
        assert puzzle.givens == 17
        assert_solves(puzzle, sudoku_cp.solve(puzzle, backend=BACKEND))


def test_module_function_takes_a_grid_and_returns_solution_and_stats():
    puzzle = datasets.load("hardest")[3]
    solution, stats = backtracking.solve(puzzle)
    assert_solves(puzzle, solution)
    assert solution == sudoku_cp.solve(puzzle.to_string(), backend=BACKEND)


def test_backtracker_agrees_with_cpsat():
    puzzle = datasets.load("top95")[0]
    assert sudoku_cp.solve(puzzle, backend=BACKEND) == sudoku_cp.solve(puzzle, backend="cpsat")


def test_text_and_list_input():
    puzzle = datasets.load("easy50")[1]
    expected = sudoku_cp.solve(puzzle, backend=BACKEND)
    assert sudoku_cp.solve(puzzle.format("pretty"), backend=BACKEND) == expected
    assert sudoku_cp.solve(puzzle.to_list(), backend=BACKEND) == expected


# -- the smallest row-major solution ------------------------------------------------------


def test_all_4x4_solutions_are_288():
    assert len(ALL_4X4) == 288 == len(set(ALL_4X4))


def random_4x4_puzzles(count: int, seed: int) -> list[Grid]:
    """Puzzles with a few givens: some blanked from a solution, some random consistent givens
    (which may have no solution)."""
    rng = random.Random(seed)
    puzzles = []
    while len(puzzles) < count:
        if len(puzzles) % 2:
            solution = rng.choice(ALL_4X4)
            keep = set(rng.sample(range(16), rng.randint(0, 8)))
            cells = [v if i in keep else 0 for i, v in enumerate(solution)]
        else:
            cells = [0] * 16
            for i in rng.sample(range(16), rng.randint(1, 7)):
                cells[i] = rng.randint(1, 4)
        try:
            puzzles.append(Grid(cells, 2))
        except sudoku_cp.InvalidPuzzleError:
            continue
    return puzzles


@pytest.mark.parametrize("seed", range(4))
def test_4x4_answer_is_the_minimum_of_all_solutions(seed):
    unsolvable = 0
    for puzzle in random_4x4_puzzles(150, seed):
        completions = [s for s in ALL_4X4 if all(g in (0, v) for g, v in zip(puzzle.cells, s, strict=True))]
        if not completions:
            unsolvable += 1
            with pytest.raises(NoSolutionError):
                sudoku_cp.solve(puzzle, backend=BACKEND)
            continue
        solution = sudoku_cp.solve(puzzle, backend=BACKEND)
        assert_solves(puzzle, solution)
        assert solution.cells == min(completions), puzzle.to_string()
    assert unsolvable > 0  # the random givens do produce dead ends


def test_empty_4x4_gives_the_smallest_of_all():
    assert sudoku_cp.solve(Grid.empty(4), backend=BACKEND).cells == min(ALL_4X4)


EMPTY_LEXMIN = json.loads((Path(__file__).parent / "data" / "empty_lexmin.json").read_text())
"""The smallest solutions of the empty 16x16 and 25x25 grids, from CP-SAT
(``tests/data/make_empty_lexmin.py``)."""


@pytest.mark.parametrize("side", [16, pytest.param(25, marks=pytest.mark.slow)])  # 25: seconds
def test_empty_large_grid_gives_the_smallest_solution_cpsat_proves(side):
    """The row-major search with Hall sets on large grids, against another backend's proof."""
    puzzle = Grid.empty(side)
    solution = sudoku_cp.solve(puzzle, backend=BACKEND)
    assert_solves(puzzle, solution)
    assert list(solution.cells) == EMPTY_LEXMIN[str(side)]


# Multi-solution 9x9 cases of every tag on which the plain reference search stays fast
# (it has no propagation to speak of, and a few sparse 17-clue cases take it minutes).
REFUTED_CASES = [LEXMIN_CASES[i] for i in (0, 5, 39, 40, 44, 48, 70, 71, 79, 97, 98, 99)]


def test_refuted_cases_have_several_solutions_and_cover_every_tag():
    assert all(case["k"] == 3 and case["count_ge"] >= 2 for case in REFUTED_CASES)
    assert {case["tag"] for case in REFUTED_CASES} == {
        "top1465-minus",
        "17clue-minus",
        "sparse",
        "sparse-adversarial",
        "empty",
    }


@pytest.mark.parametrize("case", REFUTED_CASES, ids=case_id)
def test_no_smaller_9x9_solution_exists(case):
    """Refute every smaller value of every cell, behind the answer's prefix, with a
    search that shares no code with the package."""
    puzzle = Grid.parse(case["puzzle"])
    answer = sudoku_cp.solve(puzzle, backend=BACKEND).cells
    assert has_completion(list(answer), 3)
    for cell, best in enumerate(answer):
        if puzzle.cells[cell]:
            continue
        for smaller in range(1, best):
            trial = list(answer[:cell]) + [smaller] + list(puzzle.cells[cell + 1 :])
            assert not has_completion(trial, 3), f"cell {cell} could take {smaller}"


def test_independent_search_agrees_on_unsolvable_cases():
    for case in [c for c in LEXMIN_CASES if c["lexmin"] is None][:4]:
        assert not has_completion(list(Grid.parse(case["puzzle"]).cells), case["k"])


def test_the_answer_is_below_a_known_solution_with_the_same_givens():
    solution = pattern_solution(3)
    relabel = [9, 8, 7, 6, 5, 4, 3, 2, 1]
    known = Grid([relabel[v - 1] for v in solution.cells])  # a large solution
    puzzle = Grid([v if i % 7 == 0 else 0 for i, v in enumerate(known.cells)])
    answer = sudoku_cp.solve(puzzle, backend=BACKEND)
    assert_solves(puzzle, answer)
    assert answer < known


def test_blanking_half_of_a_solution_gives_an_answer_no_larger():
    for puzzle in datasets.load("top95")[:5]:
        solution = sudoku_cp.solve(puzzle, backend=BACKEND)
        blanked = Grid([v if i % 2 else 0 for i, v in enumerate(solution.cells)])
        answer = sudoku_cp.solve(blanked, backend=BACKEND)
        assert_solves(blanked, answer)
        assert answer <= solution


# -- time limit ---------------------------------------------------------------------------


def test_time_limit_is_honoured_on_a_25x25_and_the_next_call_works():
    puzzle = datasets.load("sudoku25")[0]
    start = time.process_time()  # CPU: a busy machine cannot stretch it
    with pytest.raises(SolveTimeoutError) as caught:
        sudoku_cp.solve(puzzle, backend=BACKEND, time_limit=0.2)
    assert time.process_time() - start < 3.0
    assert isinstance(caught.value, TimeoutError)
    assert isinstance(caught.value, sudoku_cp.SudokuError)
    easy = datasets.load("hardest")[0]
    assert_solves(easy, sudoku_cp.solve(easy, backend=BACKEND))
    hex16 = datasets.load("hex16")[0]
    assert_solves(hex16, sudoku_cp.solve(hex16, backend=BACKEND, time_limit=60))


def test_module_function_honours_the_time_limit():
    start = time.process_time()  # CPU: a busy machine cannot stretch it
    with pytest.raises(SolveTimeoutError):
        backtracking.solve(datasets.load("sudoku25")[5], time_limit=0.2)
    assert time.process_time() - start < 3.0


def test_generous_time_limit_changes_nothing():
    puzzle = datasets.load("top95")[1]
    assert sudoku_cp.solve(puzzle, backend=BACKEND, time_limit=30) == sudoku_cp.solve(puzzle, backend=BACKEND)


# -- stats and SolveResult ----------------------------------------------------------------


def test_stats_are_non_negative_ints():
    for puzzle in [datasets.load("easy50")[0], datasets.load("top95")[2], Grid.empty(9)]:
        result = sudoku_cp.solve_with_stats(puzzle, backend=BACKEND)
        assert {"solver_calls", "nodes", "backtracks"} <= set(result.stats)
        for name in ("solver_calls", "nodes", "backtracks"):
            value = result.stats[name]
            assert isinstance(value, int) and not isinstance(value, bool)
            assert value >= 0
        assert result.stats["solver_calls"] >= 1
        assert result.stats["backtracks"] <= result.stats["nodes"]


def test_a_hard_puzzle_needs_search_nodes():
    hard = sudoku_cp.solve_with_stats(datasets.load("top95")[0], backend=BACKEND)
    assert hard.stats["nodes"] > 0
    assert hard.stats["backtracks"] > 0


def test_solve_with_stats_returns_a_solve_result():
    puzzle = datasets.load("top95")[4]
    result = sudoku_cp.solve_with_stats(puzzle.to_string(), backend=BACKEND)
    assert isinstance(result, SolveResult)
    assert result.puzzle.grid == puzzle
    assert_solves(puzzle, result.solution)
    assert result.backend == BACKEND
    assert isinstance(result.wall_time, float) and result.wall_time > 0
    assert result.stats["nodes"] >= 1
