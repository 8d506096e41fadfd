"""Grid: construction for box sizes 2..5, value semantics (equality, hash, lexicographic
order), immutability, the reading and writing helpers, and pickling."""

from __future__ import annotations

import itertools
import pickle

import pytest

from sudoku_cp import Grid, InvalidPuzzleError, SudokuError, datasets
from sudoku_cp.model.grid import geometry


def pattern_solution(k: int) -> Grid:
    """A complete valid grid of box size k: the classic shifted-rows pattern."""
    n = k * k
    return Grid([(k * (r % k) + r // k + c) % n + 1 for r in range(n) for c in range(n)], k)


# -- construction -------------------------------------------------------------------------


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_empty_grid_has_every_cell_blank(k):
    grid = Grid.empty(k * k)
    assert grid.box_size == k
    assert grid.side == k * k
    assert grid.cells == (0,) * k**4
    assert grid.givens == 0
    assert not grid.is_complete()


def test_empty_defaults_to_9x9():
    assert Grid.empty().side == 9


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_complete_grid_from_cells_infers_the_box_size(k):
    solution = pattern_solution(k)
    grid = Grid(list(solution.cells))
    assert grid.box_size == k
    assert grid == solution
    assert grid.is_complete()
    assert grid.givens == k**4


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_geometry_has_3n_units_and_3n_minus_2k_minus_1_peers(k):
    n = k * k
    geo = Grid.empty(k * k).geometry
    assert geo is geometry(n, (k, k))
    assert len(geo.units) == 3 * n
    assert all(len(unit.cells) == n for unit in geo.units)
    assert all(len(peers) == 3 * n - 2 * k - 1 for peers in geo.peers)
    assert [unit.kind for unit in geo.units] == ["row"] * n + ["column"] * n + ["box"] * n


def test_units_of_a_cell_are_its_row_column_and_box():
    geo = geometry(9, (3, 3))
    cell = 4 * 9 + 7  # row 5, column 8 (1-based): box 6
    row, column, box = (geo.units[u] for u in geo.units_of[cell])
    assert (row.kind, row.index) == ("row", 4)
    assert (column.kind, column.index) == ("column", 7)
    assert (box.kind, box.index) == ("box", 5)
    assert all(cell in unit.cells for unit in (row, column, box))


@pytest.mark.parametrize(
    "cells, message",
    [
        ([0] * 80, "80"),
        ([0] * 37, "37"),
        ([0] * 15, "15"),
        ([10] + [0] * 80, "value 10"),
        ([-1] + [0] * 80, "value -1"),
        ([1.0] + [0] * 80, "1.0"),
        (["1"] + [0] * 80, "'1'"),
        ([True] + [0] * 15, "True"),
    ],
    ids=["80-cells", "37-cells", "15-cells", "too-big", "negative", "float", "str", "bool"],
)
def test_bad_cells_raise_invalid_puzzle_error_naming_the_problem(cells, message):
    with pytest.raises(InvalidPuzzleError, match=message):
        Grid(cells)


def test_cells_do_not_match_the_box_shape():
    with pytest.raises(InvalidPuzzleError, match="boxes of 2x2 cells do not tile a 9x9 grid"):
        Grid([0] * 81, 2)
    with pytest.raises(InvalidPuzzleError, match="boxes of 2x4 cells do not tile a 6x6 grid"):
        Grid([0] * 36, (2, 4))


@pytest.mark.parametrize("side", [5, 7, 11])
def test_a_prime_side_needs_box_none(side):
    with pytest.raises(InvalidPuzzleError, match=f"a {side}x{side} grid has no rectangular boxes"):
        Grid.empty(side)
    assert Grid.empty(side, box=None).box is None


@pytest.mark.parametrize("side, box", [(6, (2, 3)), (8, (2, 4)), (10, (2, 5)), (12, (3, 4)), (16, (4, 4))])
def test_rectangular_boxes_are_the_standard_for_their_side(side, box):
    grid = Grid.empty(side)
    assert grid.box == box
    assert [len(b.cells) for b in grid.geometry.boxes] == [side] * side


def test_no_cell_count_beyond_25x25():
    with pytest.raises(InvalidPuzzleError, match="not 676"):
        Grid([0] * 676)


def test_repeated_value_is_refused_at_construction():
    cells = [0] * 81
    cells[2 * 9 + 1] = cells[2 * 9 + 7] = 7
    with pytest.raises(InvalidPuzzleError, match="row 3 has two 7s: columns 2 and 8"):
        Grid(cells)


def test_grid_errors_are_value_errors_and_sudoku_errors():
    with pytest.raises(ValueError) as caught:
        Grid([0] * 5)
    assert isinstance(caught.value, SudokuError)


# -- value semantics ----------------------------------------------------------------------


def test_equal_grids_have_equal_hashes_and_collapse_in_a_set():
    a = pattern_solution(3)
    b = Grid(list(a.cells))
    assert a == b and a is not b
    assert hash(a) == hash(b)
    assert len({a, b, Grid.empty(9)}) == 2
    assert {a: "x"}[b] == "x"


def test_grid_is_not_equal_to_its_text():
    grid = pattern_solution(2)
    assert grid != grid.to_string()
    assert grid != list(grid.cells)


def test_grids_of_different_sizes_are_not_equal():
    assert Grid.empty(4) != Grid.empty(9)


def test_grids_order_lexicographically_by_cells():
    smaller = Grid.parse("1234341221434321")
    larger = Grid.parse("1234341243212143")
    assert smaller < larger
    assert larger > smaller
    assert smaller <= smaller and smaller >= smaller
    assert sorted([larger, smaller]) == [smaller, larger]


def test_min_of_solutions_is_the_smallest_row_major_one():
    base = pattern_solution(3)
    relabelings = [[3, 1, 2, 6, 4, 5, 9, 7, 8], [2, 1, 3, 4, 5, 6, 7, 8, 9], [9, 8, 7, 6, 5, 4, 3, 2, 1]]
    solutions = [base] + [Grid([perm[v - 1] for v in base.cells]) for perm in relabelings]
    smallest = min(solutions)
    assert smallest == base  # first row 123456789 beats 312..., 213..., 987...
    assert all(smallest.cells <= other.cells for other in solutions)
    assert max(solutions).cells[:9] == (9, 8, 7, 6, 5, 4, 3, 2, 1)


def test_ordering_against_other_types_is_a_type_error():
    with pytest.raises(TypeError):
        _ = Grid.empty(4) < "................"


# -- immutability -------------------------------------------------------------------------


def test_cells_cannot_be_reassigned():
    grid = pattern_solution(3)
    with pytest.raises(AttributeError):
        grid.cells = (0,) * 81
    with pytest.raises(AttributeError):
        grid.box_size = 2
    with pytest.raises(AttributeError):
        grid.note = "x"


def test_cells_is_a_tuple_so_it_cannot_be_changed_in_place():
    grid = pattern_solution(3)
    assert isinstance(grid.cells, tuple)
    with pytest.raises(TypeError):
        grid.cells[0] = 5


def test_changing_the_input_list_does_not_change_the_grid():
    cells = list(pattern_solution(2).cells)
    grid = Grid(cells)
    cells[0] = 0
    assert grid.cells[0] != 0


def test_to_list_returns_fresh_lists():
    grid = pattern_solution(3)
    rows = grid.to_list()
    rows[0][0] = 0
    assert grid[0, 0] == 1
    assert grid.to_list()[0][0] == 1


# -- reading ------------------------------------------------------------------------------


def test_rows_and_to_list():
    grid = Grid.parse("1.3..4.." + "2.......")
    assert grid.rows() == [(1, 0, 3, 0), (0, 4, 0, 0), (2, 0, 0, 0), (0, 0, 0, 0)]
    assert grid.to_list() == [[1, 0, 3, 0], [0, 4, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0]]
    assert Grid.from_rows(grid.to_list()) == grid


def test_getitem_reads_row_and_column_zero_based():
    grid = datasets.load("easy50")[0]
    assert grid[0, 2] == 3
    assert grid[1, 0] == 9
    assert grid[0, 0] == 0
    for row in range(9):
        for col in range(9):
            assert grid[row, col] == grid.cells[row * 9 + col]


@pytest.mark.parametrize("row_col", [(9, 0), (0, 9), (-1, 0), (0, -1)])
def test_getitem_outside_the_grid_raises_index_error(row_col):
    with pytest.raises(IndexError, match="outside a 9x9 grid"):
        pattern_solution(3)[row_col]


def test_with_cell_returns_a_new_grid_and_leaves_the_original():
    grid = Grid.empty(9)
    changed = grid.with_cell(4, 6, 8)
    assert changed[4, 6] == 8
    assert changed.givens == 1
    assert grid == Grid.empty(9)
    assert changed.with_cell(4, 6, 0) == grid  # 0 clears the cell


def test_with_cell_refuses_a_repeat_in_a_unit():
    grid = Grid.empty(9).with_cell(0, 0, 5)
    with pytest.raises(InvalidPuzzleError, match="row 1 has two 5s"):
        grid.with_cell(0, 8, 5)
    with pytest.raises(InvalidPuzzleError, match="column 1 has two 5s"):
        grid.with_cell(8, 0, 5)
    with pytest.raises(InvalidPuzzleError, match="box 1"):
        grid.with_cell(2, 2, 5)


def test_with_cell_refuses_a_value_out_of_range():
    with pytest.raises(InvalidPuzzleError, match="value 10"):
        Grid.empty(9).with_cell(0, 0, 10)


@pytest.mark.parametrize("row_col", [(0, 9), (-1, 0)], ids=["column-9", "row-minus-1"])
def test_with_cell_outside_the_grid_raises_index_error(row_col):
    with pytest.raises(IndexError):
        Grid.empty(9).with_cell(*row_col, 4)


def test_is_solution_of():
    solution = pattern_solution(3)
    puzzle = Grid([v if i % 4 == 0 else 0 for i, v in enumerate(solution.cells)])
    assert solution.is_solution_of(puzzle)
    assert solution.is_solution_of(solution)
    assert solution.is_solution_of(Grid.empty(9))
    assert not puzzle.is_solution_of(puzzle)  # incomplete
    other = Grid([10 - v for v in solution.cells])  # a valid relabelling that breaks the givens
    assert not other.is_solution_of(puzzle)
    assert not pattern_solution(2).is_solution_of(Grid.empty(9))  # other size


# -- writing and pickling -----------------------------------------------------------------


def test_to_string_and_repr():
    grid = Grid.parse("1.3..4..2.......")
    assert grid.to_string() == "1.3..4..2......."
    assert repr(grid) == "Grid.parse('1.3..4..2.......')"
    assert eval(repr(grid), {"Grid": Grid}) == grid


def test_str_is_the_pretty_layout():
    grid = pattern_solution(2)
    assert str(grid) == grid.format("pretty") == "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 3 | 4 1\n4 1 | 2 3"


def test_format_unknown_layout_raises_value_error():
    with pytest.raises(ValueError, match="fancy"):
        Grid.empty(4).format("fancy")


def test_jupyter_shows_an_svg_picture():
    picture = pattern_solution(3)._repr_svg_()
    assert picture.count('class="cell"') == 81
    assert picture.count('class="given"') == 81


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_pickle_round_trip(k):
    solution = pattern_solution(k)
    puzzle = Grid([v if i % 3 else 0 for i, v in enumerate(solution.cells)], k)
    for grid in (solution, puzzle, Grid.empty(k * k)):
        copy = pickle.loads(pickle.dumps(grid))
        assert copy == grid
        assert hash(copy) == hash(grid)
        assert copy.box_size == k
        assert copy.box == grid.box and copy.cells == grid.cells and not copy < grid


def test_pickle_keeps_boxless_and_rectangular_shapes():
    # Grid.__reduce__ sends the cells as bytes and does not check them again on the way back
    digits = Grid.from_digits([0, 1, 2, 3, 2, 3, 0, 1] + [None] * 8, digits=range(4))
    for grid in (
        Grid.parse("1.3.34..2..1.1.."),
        Grid.empty(6),
        Grid.empty(5, box=None),
        Grid.empty(12),
        digits,
    ):
        copy = pickle.loads(pickle.dumps(grid))
        assert (copy, copy.box, copy.side, hash(copy)) == (grid, grid.box, grid.side, hash(grid))
        assert copy.chosen_digits == grid.chosen_digits and copy.to_string() == grid.to_string()
        assert len(pickle.dumps(grid)) < 100 + grid.side**2


def test_parse_takes_a_numpy_array():
    np = pytest.importorskip("numpy")
    grid = datasets.load("hardest")[0]
    parsed = Grid.parse(np.array(grid.to_list()))
    assert parsed == grid
    assert all(type(v) is int for v in parsed.cells)


def test_grid_from_numpy_cells():
    np = pytest.importorskip("numpy")
    grid = datasets.load("hardest")[0]
    assert Grid(np.array(grid.cells)) == grid


def test_the_order_is_total_and_consistent_with_equality():
    """Issue 18.6: two empty 6x6 grids with 2x3 and 3x2 boxes are not equal, so exactly one
    of ``<`` and ``>`` holds, and ``<=`` agrees with ``<`` or ``==``."""
    a, b = Grid.empty(6, (2, 3)), Grid.empty(6, (3, 2))
    assert a != b
    assert (a < b) != (b < a)
    for x, y in itertools.permutations([a, b, Grid.empty(6, None), Grid.empty(4)], 2):
        assert (x <= y) == (x < y or x == y)
        assert (x >= y) == (x > y or x == y)
        assert (x < y) != (y < x or x == y)
    same = Grid.empty(6, (2, 3))
    assert same <= a and same >= a and not same < a
