"""Multi-grid boards (Samurai and kin): reading, errors with positions, and every backend's
smallest solution and count against an independent enumeration.

The independent model: every filling of one 4x4 sub-grid (rows of permutations, by
itertools, kept when the columns and boxes are permutations too: 288 of them), joined
over the sub-grids where they share cells; its solutions read row by row over the board
give the smallest one and the count, with no code of the package.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import fillings_4x4

import sudoku_cp
from sudoku_cp import InvalidPuzzleError, NoSolutionError, Puzzle
from sudoku_cp.backends import get_backend
from sudoku_cp.io.inputs import to_puzzle
from sudoku_cp.model.multigrid import LAYOUTS, Board, MultiGrid

BACKENDS = sudoku_cp.backend_names()

# Two 4x4 sub-grids (2x2 boxes) sharing one box: a 6x6 board, 28 cells inside.
CORNERS = [[0, 0], [2, 2]]
ROWS = 6
BLANK = "." * 36


FILLINGS = fillings_4x4()


def independent_solutions(text: str, corners=CORNERS, size=(ROWS, ROWS)) -> list[tuple[int, ...]]:
    """Every solution of the board ``text`` (row by row, ``.`` blank or outside), each as
    the inside cells' values row by row over the board, sorted."""
    columns = size[1]
    givens = {(i // columns, i % columns): int(ch) for i, ch in enumerate(text) if ch != "."}
    partial: list[dict[tuple[int, int], int]] = [{}]
    for top, left in corners:
        fits = [
            {(top + r, left + c): f[r][c] for r in range(4) for c in range(4)}
            for f in FILLINGS
            if all(givens.get((top + r, left + c), f[r][c]) == f[r][c] for r in range(4) for c in range(4))
        ]
        partial = [{**p, **f} for p in partial for f in fits if all(p.get(k, v) == v for k, v in f.items())]
    return sorted(tuple(v for _, v in sorted(p.items())) for p in partial)


def _record(grid: str) -> dict:
    return {"grids": CORNERS, "box": [2, 2], "size": [ROWS, ROWS], "grid": grid}


def _board_text(cells: dict[tuple[int, int], int]) -> str:
    return "".join(str(cells.get((r, c), ".")) for r in range(ROWS) for c in range(ROWS))


# Several solutions (12): six givens of a random solution.
SEVERAL = _board_text({(1, 0): 4, (2, 3): 1, (3, 1): 2, (3, 3): 3, (3, 4): 1, (3, 5): 2})
# No solution, though no unit repeats a given (found by a random search with the enumeration).
NONE = _board_text({(0, 3): 4, (1, 1): 1, (2, 1): 3, (3, 1): 2, (3, 2): 1, (4, 5): 1})


def test_the_cases_are_what_they_say():
    assert len(independent_solutions(SEVERAL)) == 12
    assert independent_solutions(NONE) == []
    assert len(FILLINGS) == 288
    assert len(independent_solutions(BLANK)) == 288 * 12  # the shared box: 288 / 4! ways each


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_backend_returns_the_independent_smallest_and_count(backend: str) -> None:
    expected = independent_solutions(SEVERAL)
    puzzle = Puzzle.from_dict(_record(SEVERAL))
    solution = sudoku_cp.solve(puzzle, backend=backend, time_limit=60)
    assert isinstance(solution, MultiGrid)
    assert solution.cells == expected[0]
    assert puzzle.is_solved_by(solution)
    if backend != "auto":
        assert sudoku_cp.count_solutions(puzzle, backend=backend, time_limit=60) == len(expected)
    with pytest.raises(NoSolutionError):
        sudoku_cp.solve(Puzzle.from_dict(_record(NONE)), backend=backend, time_limit=60)


# Three 4x4 sub-grids in a chain (the third below the first, overlapping the second's
# bottom-left box): an 8x6 board of 40 cells, 12 solutions with these givens.
CHAIN = [[0, 0], [2, 2], [4, 0]]
CHAIN_GIVENS = {(0, 1): 3, (0, 3): 1, (2, 2): 1, (3, 1): 2, (3, 2): 4, (4, 2): 2, (5, 3): 4, (6, 1): 2}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_chain_of_three_sub_grids_matches_the_enumeration(backend: str) -> None:
    text = "".join(str(CHAIN_GIVENS.get((r, c), ".")) for r in range(8) for c in range(6))
    expected = independent_solutions(text, CHAIN, (8, 6))
    assert len(expected) == 12
    puzzle = Puzzle.from_dict({"grids": CHAIN, "box": [2, 2], "grid": text})
    assert sudoku_cp.solve(puzzle, backend=backend, time_limit=60).cells == expected[0]
    if backend != "auto":
        assert sudoku_cp.count_solutions(puzzle, backend=backend, time_limit=60) == 12


PROOF_OPTIONS = [
    (backend, proof)
    for backend, proofs in (
        ("sat", ("chain", "witness", "hybrid")),
        ("mip", ("hybrid", "witness", "chain")),
        ("exact-cover", ("witness", "row-major")),
        ("cpmpy", ("chain", "hybrid")),
    )
    for proof in proofs
]


@pytest.mark.parametrize("backend, proof", PROOF_OPTIONS)
def test_every_proof_method_finds_the_smallest(backend: str, proof: str) -> None:
    puzzle = Puzzle.from_dict(_record(SEVERAL))
    solution = sudoku_cp.solve(puzzle, backend=backend, proof=proof, time_limit=60)
    assert solution.cells == independent_solutions(SEVERAL)[0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_solutions_in_order_match_the_enumeration(backend: str) -> None:
    if not hasattr(get_backend(backend), "next_solution"):
        pytest.skip(f"{backend} lists no solutions")
    expected = independent_solutions(SEVERAL)
    found = list(
        sudoku_cp.solutions(Puzzle.from_dict(_record(SEVERAL)), limit=3, backend=backend, time_limit=60)
    )
    assert [s.cells for s in found] == expected[:3]


def test_board_prints_row_by_row_and_round_trips():
    puzzle = Puzzle.from_dict({**_record(SEVERAL), "id": "small"})
    solution = sudoku_cp.solve(puzzle, backend="backtracking")
    lines = str(solution).splitlines()
    assert len(lines) == ROWS and lines[0][4:] == ".." and lines[5][:2] == ".."
    record = puzzle.to_dict()
    assert record["grids"] == CORNERS and record["id"] == "small" and record["grid"] == SEVERAL
    assert Puzzle.from_dict(record) == puzzle
    assert Puzzle.from_dict(json.loads(puzzle.to_json())) == puzzle
    assert solution.to_string() == "".join(
        map(str, solution.cells)
    )  # the inside cells, as a record's solution
    assert MultiGrid.parse(solution.to_string(), solution.board) == solution
    assert MultiGrid.parse(solution.board_string(), solution.board) == solution
    assert solution.board_string() == "".join(lines)
    samurai = Puzzle.from_dict({"layout": "samurai", "grid": "." * 441})
    assert samurai.to_dict()["layout"] == "samurai" and samurai.to_dict()["size"] == [21, 21]


def test_shared_units_are_one_constraint_each():
    samurai = Board.named("samurai")
    assert len(samurai.constraints) == 5 * 27 - 4  # four corner boxes shared with the centre grid
    butterfly = Board.named("butterfly")
    cells = [frozenset(c.cells) for c in butterfly.constraints]
    assert len(cells) == len(set(cells))
    labels = {c.label for c in samurai.constraints}
    assert "row 3 of grid 2 (board row 3)" in labels


@pytest.mark.parametrize(
    "record, message",
    [
        ({"grid": "....." + "1" + BLANK[6:]}, "row 1, column 6: a digit '1' outside every sub-grid"),
        (
            {"grid": "1" + "." * 6 + "1" + BLANK[8:]},
            "box 1 of grid 1 (rows 1-2, columns 1-2) has two 1s: r1c1 and r2c2",
        ),
        ({"grid": BLANK[:-1]}, "needs 36 characters"),
        ({"grid": "5" + BLANK[1:]}, "row 1, column 1: '5'"),
        ({"grids": [[0, 0], [1, 1]]}, "overlap off their box lines"),
        ({"grids": [[0, 0], [4, 4]], "size": [8, 8]}, "shares no cell"),
        ({"grids": [[0, 0], [2, 3]]}, "overlap off their box lines"),
        ({"size": [6, 7]}, "'size' is [6, 7]"),
        ({"grids": [[0, 0], [0, 0]]}, "both at [0, 0]"),
        ({"grids": [[0, 0], [2, "x"]]}, "grid 2's corner"),
        ({"layout": "samurai"}, "the samurai layout has 3x3 boxes, not [2, 2]"),
        ({"grids": [[0, 0], [True, 2]]}, "grid 2's corner is [row, column] (two integers)"),
        ({"grids": [[0, 0], [2, 10**30]]}, "grid 2's corner [2, 1000"),
        ({"box": [1, 1]}, "their side must be 2..25"),
    ],
)
def test_malformed_boards_are_refused_naming_where(record: dict, message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=re.escape(message)):
        Puzzle.from_dict({**_record(BLANK), **record})


def test_unknown_layout_and_rules_are_refused():
    with pytest.raises(InvalidPuzzleError, match="unknown layout 'samuri'"):
        Puzzle.from_dict({"layout": "samuri", "grid": "." * 441})
    with pytest.raises(InvalidPuzzleError, match="'layout' is a name"):
        Puzzle.from_dict({"layout": ["samurai"], "grid": "." * 441})
    with pytest.raises(InvalidPuzzleError, match="takes no variant rules"):
        Puzzle.from_dict({**_record(BLANK), "rules": {"diagonals": True}})


def test_lenient_forms_of_a_record_read_the_same_board():
    board = Board.named("samurai")
    for extra in ({"box": 3, "size": 21}, {"grids": [list(c) for c in board.corners]}, {}):
        puzzle = Puzzle.from_dict({"layout": "Samurai", "grid": "." * 441, **extra})
        assert puzzle.grid.board == board
    rows = ["." * 21] * 21
    assert Puzzle.from_dict({"layout": "samurai", "grid": rows}).grid.board == board
    with pytest.raises(InvalidPuzzleError, match="'grids' are not the corners of the samurai layout"):
        Puzzle.from_dict({"layout": "samurai", "grids": [[0, 0], [6, 6]], "grid": "." * 441})


def test_named_layouts_are_connected_and_inside():
    for name, corners in LAYOUTS.items():
        board = Board.named(name)
        assert board.corners == corners and board.layout_name == name


def test_bundled_samurai_solved_by_cpsat_and_engine():
    records = json.loads((Path(sudoku_cp.__file__).parent / "data" / "gen_samurai.json").read_text())
    assert len(records) == 5
    for record in records:
        puzzle = Puzzle.from_dict(record)
        for backend in ("cpsat", "backtracking"):
            assert sudoku_cp.solve(puzzle, backend=backend).solution_string() == record["solution"]


def test_svg_draws_inside_cells_only_and_frames_each_sub_grid():
    puzzle = Puzzle.from_dict(_record(SEVERAL))
    text = puzzle.to_svg(values=sudoku_cp.solve(puzzle, backend="backtracking"), candidates=False)
    assert text.count('class="cell"') == 28  # the 36 - 8 cells outside are left blank
    assert text.count('class="subgrid') == 2
    assert text.count('class="given"') == 6 and text.count('class="filled"') == 22


def test_why_not_unique_names_board_cells_and_links_refuse_a_board():
    puzzle = Puzzle.from_dict(_record(SEVERAL))
    ambiguity = sudoku_cp.why_not_unique(puzzle, backend="cpsat")
    expected = independent_solutions(SEVERAL)[:2]
    positions = Board(tuple(map(tuple, CORNERS)), (2, 2)).positions
    assert ambiguity.cells == tuple(positions[i] for i in range(28) if expected[0][i] != expected[1][i])
    with pytest.raises(InvalidPuzzleError, match="multi-grid board"):
        puzzle.to_fpuzzles()


@pytest.mark.parametrize("solver", ["cpsat", "sat"])
def test_the_teaching_descent_and_trace_reach_the_independent_smallest(solver: str) -> None:
    from sudoku_cp.engine.trace import trace_search
    from sudoku_cp.reasoning.proof import run_descent

    puzzle = Puzzle.from_dict(_record(SEVERAL))
    expected = independent_solutions(SEVERAL)[0]
    assert run_descent(puzzle, solver=solver).smallest.cells == expected
    assert trace_search(puzzle, order="row-major", max_solutions=1).solutions[0] == expected


def test_generate_makes_a_proper_board_and_refuses_grid_options():
    puzzle = sudoku_cp.generate(board=Board(tuple(map(tuple, CHAIN)), (2, 2)), seed=2)
    assert sudoku_cp.count_solutions(puzzle, backend="cpsat", limit=2) == 1
    assert sudoku_cp.solve(puzzle, backend="cpsat").to_string() == puzzle.metadata["solution"]
    with pytest.raises(InvalidPuzzleError, match="board= takes seed and time_limit"):
        sudoku_cp.generate(board="samurai", variant="x")


def test_hint_continues_from_a_boards_candidates():
    puzzle = sudoku_cp.datasets.load("gen_samurai")[0]
    path = sudoku_cp.explain(puzzle, max_steps=30)
    candidates = path.state(len(path))[1]
    step = sudoku_cp.hint(puzzle, candidates=candidates)
    solution = sudoku_cp.solve(puzzle, backend="backtracking")
    cells = {puzzle.model.position(c): v for c, v in enumerate(solution.cells)}
    assert step.placements or step.eliminations
    assert all(cells[row, column] == value for row, column, value in step.placements)
    assert all(cells[row, column] != value for row, column, value in step.eliminations)
    with pytest.raises(sudoku_cp.InvalidPuzzleError, match="per cell"):
        sudoku_cp.hint(puzzle, candidates="1" * 81)


def test_a_samurai_written_as_21_rows_of_text_reads_as_the_board():
    record = json.loads((Path(sudoku_cp.__file__).parent / "data" / "gen_samurai.json").read_text())[0]
    text = record["grid"]
    rows = [text[i : i + 21] for i in range(0, 441, 21)]
    cells = [[int(c) if c != "." else 0 for c in row] for row in rows]
    for given in (text, "\n".join(rows), cells):
        puzzle = to_puzzle(given)
        assert puzzle.is_multigrid and puzzle.grid.board.name == "samurai"
    assert sudoku_cp.solve(text, backend="backtracking").solution_string() == record["solution"]


def test_text_whose_givens_fit_two_layouts_is_refused_naming_them():
    centre = ["." * 21] * 9 + ["." * 10 + "5" + "." * 10] + ["." * 21] * 11  # row 10, column 11
    with pytest.raises(InvalidPuzzleError, match="fit the layouts samurai, windmill: .*'layout'"):
        sudoku_cp.solve("\n".join(centre))


def test_a_21x21_grid_with_a_value_over_9_stays_a_classic_grid():
    cells = [0] * 441
    cells[0] = 21
    assert not to_puzzle([cells[i : i + 21] for i in range(0, 441, 21)]).is_multigrid
