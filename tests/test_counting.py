"""Counting, uniqueness and the solutions in order, on every backend that can count: counts
against an independent brute-force count written here (puzzles with 0, 1, a few and many
solutions, classic and variants), the same solutions in the same order on every backend,
why a puzzle is not unique, and clear errors."""

from __future__ import annotations

import itertools

import pytest
from conftest import LEXMIN_CASES

import sudoku_cp
from sudoku_cp import (
    Grid,
    NoSolutionError,
    NotSupportedError,
    Puzzle,
    SolveTimeoutError,
    count_solutions,
    is_unique,
    solutions,
    why_not_unique,
)
from sudoku_cp.backends import backend_names, get_backend, register_backend, unregister_backend
from sudoku_cp.model.constraints import AllDifferent
from sudoku_cp.model.rules import Cage, Diagonals, Jigsaw, Killer, Thermo

COUNTING = [name for name in backend_names() if hasattr(get_backend(name), "count_solutions")]
LISTING = [name for name in backend_names() if hasattr(get_backend(name), "next_solution")]


def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[tuple[int, ...]]:
    """Every solution, in row-major order: cells filled in order with values ascending; an
    AllDifferent is checked over its filled cells, any other constraint once all its cells
    are filled. Shares nothing with the backends."""
    model = puzzle.model
    cells = model.cell_count
    checks: list[list] = [[] for _ in range(cells)]  # the constraints to check after filling a cell
    for constraint in model.constraints:
        if isinstance(constraint, AllDifferent):
            for cell in constraint.cells:
                checks[cell].append(constraint)
        else:
            checks[max(constraint.cells)].append(constraint)
    domains = model.domains()
    values = [0] * cells
    found: list[tuple[int, ...]] = []

    def holds(constraint) -> bool:
        if isinstance(constraint, AllDifferent):
            filled = [values[c] for c in constraint.cells if values[c]]
            return len(filled) == len(set(filled))
        return constraint.holds(values)

    def fill(cell: int) -> bool:
        if cell == cells:
            found.append(tuple(values))
            return limit is not None and len(found) >= limit
        for value in domains[cell]:
            values[cell] = value
            if all(holds(constraint) for constraint in checks[cell]) and fill(cell + 1):
                return True
        values[cell] = 0
        return False

    fill(0)
    return found


def four(text: str, rules=(), box=(2, 2)) -> Puzzle:
    return Puzzle(Grid.parse(text, box), rules)


CASES = {
    # name: puzzle; the expected count comes from brute_force
    "empty 4x4 (288 grids)": four("." * 16),
    "4x4 one solution": four("1.....2..3.....4"),
    "4x4 a few": four("123434.........."),
    "4x4 none": four("12....3......3.2"),
    "4x4 X empty": four("." * 16, (Diagonals(),)),
    "4x4 X a few": four("1..............2", (Diagonals(),)),
    "4x4 X none": four("........2.....31", (Diagonals(),)),
    "4x4 killer": four(
        "." * 16,
        (Killer((Cage(((0, 0), (0, 1)), 3), Cage(((2, 2), (3, 2), (3, 3)), 7), Cage(((1, 3), (2, 3)), 4))),),
    ),
    "4x4 thermo": four("." * 16, (Thermo((((0, 0), (1, 1), (2, 2)), ((3, 0), (3, 1)))),)),
    "4x4 jigsaw": four("." * 16, (Jigsaw("aaabcabbccdbcddd"),), None),
    "6x6 a few": Puzzle(Grid.parse("1234564561232345615....." + "." * 12)),
    "6x6 many": Puzzle(Grid.parse("123456456123" + "." * 24)),
    "6x6 killer": Puzzle(Grid.parse("123456456123" + "." * 24), (Killer((Cage(((5, 5), (5, 4)), 11),)),)),
}


@pytest.fixture(scope="module")
def expected() -> dict[str, list[tuple[int, ...]]]:
    return {name: brute_force(puzzle) for name, puzzle in CASES.items()}


def test_the_cases_cover_none_one_a_few_and_many(expected):
    counts = sorted(len(found) for found in expected.values())
    assert counts[0] == 0 and 1 in counts and any(2 <= c <= 10 for c in counts) and counts[-1] > 1000


@pytest.mark.parametrize("backend", COUNTING)
@pytest.mark.parametrize("name", CASES)
def test_counts_agree_with_brute_force(backend, name, expected):
    assert count_solutions(CASES[name], backend=backend) == len(expected[name])


@pytest.mark.parametrize("backend", COUNTING)
@pytest.mark.parametrize("limit", [1, 2, 5, 300])
def test_a_limit_gives_the_smaller_of_limit_and_count(backend, limit, expected):
    for name in ("4x4 one solution", "4x4 a few", "empty 4x4 (288 grids)", "4x4 none"):
        assert count_solutions(CASES[name], limit=limit, backend=backend) == min(limit, len(expected[name]))


@pytest.mark.parametrize("backend", COUNTING)
def test_is_unique(backend):
    assert is_unique(CASES["4x4 one solution"], backend=backend)
    assert not is_unique(CASES["4x4 a few"], backend=backend)
    assert not is_unique(CASES["4x4 none"], backend=backend)


UNIQUE_9X9 = [c for c in LEXMIN_CASES if c["k"] == 3 and c["count_ge"] == 1][:3]
SEVERAL_9X9 = [c for c in LEXMIN_CASES if c["k"] == 3 and c["count_ge"] == 2 and c["tag"] != "empty"][:3]


@pytest.mark.parametrize("backend", COUNTING)
def test_9x9_uniqueness_matches_the_lexmin_cases(backend):
    for case in UNIQUE_9X9 + SEVERAL_9X9:
        assert count_solutions(case["puzzle"], limit=2, backend=backend, time_limit=60) == case["count_ge"]


@pytest.mark.parametrize("backend", COUNTING)
def test_bundled_puzzles_are_unique(backend):
    for grid in sudoku_cp.datasets.load("sudoku17", sample=3, seed=5):
        assert is_unique(grid, backend=backend, time_limit=60)


@pytest.mark.parametrize("backend", LISTING)
@pytest.mark.parametrize(
    "name", ["4x4 a few", "4x4 killer", "4x4 thermo", "4x4 jigsaw", "6x6 a few", "4x4 none"]
)
def test_solutions_in_row_major_order_are_every_solution(backend, name, expected):
    listed = [grid.cells for grid in solutions(CASES[name], limit=20, backend=backend)]
    assert listed == sorted(expected[name])[:20]  # brute force meets them in order too, but say it


@pytest.mark.parametrize("backend", LISTING)
def test_solutions_start_with_solve_and_honour_the_limit(backend, expected):
    puzzle = CASES["empty 4x4 (288 grids)"]
    listed = list(solutions(puzzle, limit=7, backend=backend))
    assert listed[0] == sudoku_cp.solve(puzzle, backend=backend)
    assert [g.cells for g in listed] == expected["empty 4x4 (288 grids)"][:7]


def test_every_backend_lists_the_same_9x9_solutions_in_the_same_order():
    puzzle = SEVERAL_9X9[0]["puzzle"]
    listed = {name: list(solutions(puzzle, limit=3, backend=name, time_limit=60)) for name in LISTING}
    first = listed[LISTING[0]]
    assert len(first) >= 2 and first == sorted(first) and len(set(first)) == len(first)
    assert all(found == first for found in listed.values())


@pytest.mark.parametrize("backend", LISTING)
def test_why_not_unique_names_the_differing_cells(backend, expected):
    ambiguity = why_not_unique(CASES["4x4 a few"], backend=backend)
    first, second = expected["4x4 a few"][:2]
    assert (ambiguity.first.cells, ambiguity.second.cells) == (first, second)
    differ = [divmod(i, 4) for i in range(16) if first[i] != second[i]]
    assert list(ambiguity.cells) == differ
    assert "r3c2" in ambiguity.describe() and "second smallest solution" in str(ambiguity)
    assert why_not_unique(CASES["4x4 one solution"], backend=backend) is None
    with pytest.raises(NoSolutionError):
        why_not_unique(CASES["4x4 none"], backend=backend)


@pytest.mark.parametrize("backend", COUNTING)
def test_an_unfinished_count_times_out_rather_than_guess(backend):
    with pytest.raises(SolveTimeoutError):
        count_solutions("." * 81, backend=backend, time_limit=0.2)


def test_a_backend_without_counting_is_named_in_the_error():
    register_backend("solve-only", get_backend("backtracking").solve)
    try:
        with pytest.raises(NotSupportedError, match="'solve-only'.*count_solutions"):
            count_solutions(CASES["4x4 a few"], backend="solve-only")
        with pytest.raises(NotSupportedError, match="'solve-only'.*next_solution"):
            solutions(CASES["4x4 a few"], backend="solve-only")
    finally:
        unregister_backend("solve-only")


@pytest.mark.parametrize("limit", [0, -1, 1.5, True, "2"])
def test_a_bad_limit_is_refused(limit):
    with pytest.raises((TypeError, ValueError)):
        count_solutions(CASES["4x4 a few"], limit=limit)


def test_inputs_are_checked_at_the_call():
    with pytest.raises(sudoku_cp.InvalidPuzzleError):
        solutions("11" + "." * 14)
    with pytest.raises(TypeError, match="does not take"):
        count_solutions(CASES["4x4 a few"], backend="backtracking", workers=2)


def test_any_input_solve_takes():
    text = "1234\n34..\n....\n...."
    assert count_solutions(text) == count_solutions([[1, 2, 3, 4], [3, 4, 0, 0], [0] * 4, [0] * 4]) == 6
    assert count_solutions(CASES["4x4 killer"].to_dict()) == count_solutions(CASES["4x4 killer"])


def test_the_brute_force_itself_knows_the_4x4_grids():
    # 288 = 4! * 12, the number of 4x4 Sudoku grids (Felgenhauer and Jarvis give 9x9's)
    grids = brute_force(CASES["empty 4x4 (288 grids)"])
    assert len(grids) == 288 == len(set(grids))
    assert all(sorted(g[r * 4 : r * 4 + 4]) == [1, 2, 3, 4] for g in grids for r in range(4))
    assert all(len(set(itertools.islice(g, c, 16, 4))) == 4 for g in grids for c in range(4))


def test_the_readme_counting_example_runs_as_written(capsys):
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## How many solutions, new puzzles, grades", 1)[1]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(block, "README.md", "exec"), {})  # noqa: S102 - our own README
    printed = capsys.readouterr().out
    assert "1234341221434321" in printed and "second smallest solution" in printed
