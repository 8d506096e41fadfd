"""Grids of other digits (issue 31 item 4): values 0..n-1, a chosen set of n digits
(SudokuPad's 124689), and more digits than the side (6x6 with digits from 1..9), on every
backend against a brute-force answer computed here (rows as permutations, every
constraint checked by the model's own ``holds`` on the positions)."""

from __future__ import annotations

import functools
import itertools

import pytest

import sudoku_cp
from sudoku_cp import Puzzle
from sudoku_cp.backends import get_backend
from sudoku_cp.errors import InvalidPuzzleError, NotProperError, NotSupportedError, UnsupportedRuleError
from sudoku_cp.model.grid import Grid, check_digits

BACKENDS = sudoku_cp.backend_names()


@functools.cache
def brute_force(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """Every solution as real digits row-major, ascending (the grid is small): rows as
    permutations of positions, each constraint checked by its own ``holds`` once its last
    row is filled."""
    model, grid = puzzle.model, puzzle.grid
    n, k = model.side, model.value_count
    rows = list(itertools.permutations(range(1, k + 1), n))
    closing: list[list] = [[] for _ in range(n)]  # the constraints whose last cell is in row r
    for constraint in model.constraints:
        cells = getattr(constraint, "cells", None) or (getattr(constraint, "cell", 0),)
        closing[max(cells) // n].append(constraint)
    found = []

    def extend(r: int, cells: list[int]) -> None:
        if r == n:
            if model.holds(cells):
                found.append(tuple(grid.digits[v - 1] for v in cells))
            return
        for row in rows:
            if all(model.givens[r * n + c] in (0, row[c]) and row[c] not in cells[c::n] for c in range(n)):
                filled = cells + list(row)
                padded = filled + [1] * (n * n - len(filled))
                if all(constraint.holds(padded) for constraint in closing[r]):
                    extend(r + 1, filled)

    extend(0, [])
    return sorted(found)


def record(digits, grid: str, **rules) -> Puzzle:
    return Puzzle.from_dict({"size": 4, "digits": digits, "grid": grid, "rules": rules})


ZERO_TO_THREE = record([0, 1, 2, 3], "0.....1..2.....3")  # one solution
ZERO_TO_THREE_CAGE = record(  # several solutions, a cage whose total counts the digit 0
    [0, 1, 2, 3], "....." + "." * 11, cages=[{"cells": [[0, 0], [0, 1]], "sum": 5}]
)
CHOSEN = record("1246", "." * 16, cages=[{"cells": [[0, 0], [1, 0]], "sum": 8}])  # a table of digit pairs
MORE_DIGITS = record(list(range(1, 7)), "6.4...1..25....3")  # 4x4 from 1..6: not every digit
MORE_DIGITS_RULES = record(  # a cage, a V (1+4, 2+3) and a thermometer over digits 1..6
    list(range(1, 7)),
    "6.....1..5.....3",
    cages=[{"cells": [[0, 1], [0, 2]], "sum": 9}],
    v=[[[3, 0], [3, 1]]],
    thermos=[[[1, 0], [1, 1]]],
)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    "puzzle", [ZERO_TO_THREE, ZERO_TO_THREE_CAGE, CHOSEN], ids=["0-3", "0-3 cage", "1246 cage"]
)
def test_every_backend_gives_the_smallest_solution_in_the_puzzles_digits(backend, puzzle):
    expected = brute_force(puzzle)
    solution = sudoku_cp.solve(puzzle, backend=backend)
    assert solution.values == expected[0]
    assert puzzle.is_solved_by(solution)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("puzzle", [MORE_DIGITS, MORE_DIGITS_RULES], ids=["1-6", "1-6 rules"])
def test_more_digits_than_the_side_are_solved_or_refused_as_declared(backend, puzzle):
    expected = brute_force(puzzle)
    assert len(expected) > 1  # the digit 4 and the others need not all appear
    if not get_backend(backend).more_digits:
        with pytest.raises(NotSupportedError, match="more digits than the side"):
            sudoku_cp.solve(puzzle, backend=backend)
        return
    assert sudoku_cp.solve(puzzle, backend=backend).values == expected[0]
    if get_backend(backend).supports("count_solutions") and len(expected) < 100:  # a quick count
        assert sudoku_cp.count_solutions(puzzle, backend=backend) == len(expected)


def test_more_digits_leave_no_unit_to_read_hidden_singles_from():
    model = MORE_DIGITS.model
    assert model.value_count == 6 and model.units == () and not model.is_classic
    assert ZERO_TO_THREE.model.units  # k == n: every unit holds every digit once


def test_text_and_json_write_zero_as_a_digit_and_blanks_as_dots():
    puzzle = ZERO_TO_THREE
    assert puzzle.grid.to_string() == "0.....1..2.....3"
    assert puzzle.grid.values[:2] == (0, None) and puzzle.grid.cells[:2] == (1, 0)
    assert puzzle.grid.to_list()[0] == [0, None, None, None]
    assert puzzle.to_dict()["digits"] == [0, 1, 2, 3]
    assert Puzzle.from_dict(puzzle.to_dict()) == puzzle
    solution = sudoku_cp.solve(puzzle)
    for layout in ("line", "rows", "spaced", "pretty"):
        assert Grid.parse(solution.format(layout), digits=range(4)) == solution
    assert Grid.parse(puzzle.grid.format("rows"), digits=range(4)) == puzzle.grid


def test_digits_are_checked_and_values_outside_them_refused():
    assert check_digits("0123", 4) == (0, 1, 2, 3) and check_digits([4, 3, 2, 1], 4) is None
    with pytest.raises(InvalidPuzzleError, match="at least 4 digits"):
        check_digits([0, 1, 2], 4)
    with pytest.raises(InvalidPuzzleError, match="repeat"):
        check_digits([0, 1, 2, 2], 4)
    with pytest.raises(InvalidPuzzleError, match="not one of the digits 1246"):
        Grid.parse("3" + "." * 15, digits="1246")
    with pytest.raises(InvalidPuzzleError, match="two 0s.*write a blank as '.'"):
        Grid.parse("00" + "." * 14, digits=range(4))
    with pytest.raises(InvalidPuzzleError, match="'digits' is a list"):
        Puzzle.from_dict({"grid": "." * 16, "digits": 4})


def test_a_cage_total_is_checked_against_the_puzzles_digits():
    assert ZERO_TO_THREE_CAGE.model.constraints[-1].total == 7  # 5 in digits: 2 + 3, positions 3 + 4
    with pytest.raises(InvalidPuzzleError, match="digits of 0-3 add up to 6"):
        record([0, 1, 2, 3], "." * 16, cages=[{"cells": [[0, 0], [0, 1]], "sum": 6}])


def test_explanations_of_a_grid_of_more_digits_than_the_side_read_no_hidden_single():
    # a unit holds four of the six digits: "each digit once in a unit" (hidden singles) is false,
    # so this open grid (1066 solutions) has no step (tests/test_explain_more_digits.py: more)
    path = sudoku_cp.explain(MORE_DIGITS)
    assert path.stalled and not path.steps
    with pytest.raises(NotProperError, match="several solutions"):
        sudoku_cp.hint(MORE_DIGITS)
    # a grid of as many digits as the side is explained in them (tests/test_explain_digits.py)
    path = sudoku_cp.explain(ZERO_TO_THREE)
    assert path.solved and str(path[0]).startswith("naked single: r1c4=2 ")
    assert path.grid == sudoku_cp.solve(ZERO_TO_THREE)


def test_an_f_puzzles_7x7_without_regions_is_a_latin_square_and_writes_back():
    # f-puzzles' default regions on a side with no box shape are 1 x n strips (its rows)
    puzzle = Puzzle.from_dict({"size": 7, "box": None, "grid": "1" + "." * 48, "rules": {}})
    data = puzzle.to_fpuzzles()
    assert not any("region" in cell for row in data["grid"] for cell in row)
    read = Puzzle.from_fpuzzles(data)
    assert read == puzzle and read.box is None
    assert any(row["read as"] == "a Latin square" for row in read.metadata["read"])
    solution = sudoku_cp.solve(read)
    assert solution.to_string()[:7] == "1234567" and read.is_solved_by(solution)
    with pytest.raises(InvalidPuzzleError, match="no 9x9 grid without boxes"):
        Puzzle.from_dict({"size": 9, "box": None, "grid": "." * 81, "rules": {}}).to_fpuzzles()


def test_the_rules_tables_are_built_over_the_puzzles_digits():
    # on digits 0..3 a V holds 2+3 (positions 3, 4), an even cell 0 or 2, a white dot 0-1 too
    puzzle = record([0, 1, 2, 3], "." * 16, v=[[[0, 0], [0, 1]]], white=[[[1, 0], [1, 1]]], even=[[3, 3]])
    expected = brute_force(puzzle)
    assert expected and all(s[15] in (0, 2) and s[0] + s[1] == 5 for s in expected)
    for backend in ("backtracking", "sat"):
        assert sudoku_cp.solve(puzzle, backend=backend).values == expected[0]


def test_a_table_of_a_general_rule_is_refused_on_other_digits():
    element = {"cells": [[0, 0], [0, 1], [0, 2], [0, 3]], "index": [1, 0], "value": [1, 1]}
    with pytest.raises(UnsupportedRuleError, match="built over the values 1..4"):
        record([0, 1, 2, 3], "." * 16, elements=[element]).model  # noqa: B018


def test_a_relation_reads_the_puzzles_digits():
    # a predicate of the digits themselves: on 0..3, a < b - 2 holds only for 0 then 3
    puzzle = record(
        [0, 1, 2, 3], "." * 16, relations=[{"pairs": [[[0, 0], [0, 1]]], "predicate": "a < b - 2"}]
    )
    expected = brute_force(puzzle)
    assert expected and all(s[0] == 0 and s[1] == 3 for s in expected)
    assert sudoku_cp.solve(puzzle, backend="sat").values == expected[0]


def test_pictures_write_the_puzzles_digits():
    import re

    solution = sudoku_cp.solve(ZERO_TO_THREE)
    drawn = re.findall(r">([0-9A-P])</text>", solution.to_svg())
    assert "".join(drawn) == solution.to_string()
    candidates = re.findall(r">([0-9A-P])</text>", ZERO_TO_THREE.to_svg(candidates=True))
    assert "0" in candidates and "4" not in candidates


def test_a_conflict_names_the_puzzles_digits():
    puzzle = record([0, 1, 2, 3], "01....2.........")
    with pytest.raises(sudoku_cp.NoSolutionError) as caught:
        sudoku_cp.solve(puzzle)
    assert caught.value.conflict == ((0, 0, 0), (0, 1, 1), (1, 2, 2))
    assert str(caught.value.explanation) == "r1c1=0, r1c2=1 and r2c3=2 cannot all hold"


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_next_solutions_follow_the_brute_force_order(backend):
    if not get_backend(backend).supports("next_solution"):
        pytest.skip(f"{backend} has no next_solution")
    for puzzle in (ZERO_TO_THREE_CAGE, MORE_DIGITS):
        if puzzle is MORE_DIGITS and not get_backend(backend).more_digits:
            continue
        expected = brute_force(puzzle)[:4]
        found = [sudoku_cp.solve(puzzle, backend=backend)]
        while len(found) < len(expected):
            found.append(get_backend(backend).next_solution(puzzle, found[-1])[0])
        assert [grid.values for grid in found] == expected


def test_lists_of_digits_read_none_and_dots_as_blanks():
    rows = [[0, "1", None, "."], [None] * 4, [None] * 4, [None] * 4]
    assert Grid.parse(rows, digits=range(4)).to_string() == "01" + "." * 14
    with pytest.raises(InvalidPuzzleError, match="bool"):
        Grid.parse([True] + [None] * 15, digits=range(4))


def test_a_multi_grid_board_refuses_other_digits():
    with pytest.raises(InvalidPuzzleError, match="multi-grid board holds the digits"):
        Puzzle.from_dict({"layout": "samurai", "grid": "." * 441, "digits": list(range(9))})


@pytest.mark.parametrize("app", ["f-puzzles", "sudokupad", "sudokupad-scl"])
def test_links_refuse_to_write_other_digits(app):
    with pytest.raises(InvalidPuzzleError, match="digits 1..n"):
        ZERO_TO_THREE.to_link(app)


def test_a_backend_that_does_not_declare_more_digits_refuses_them():
    from sudoku_cp.backends.template import Template

    assert not Template.more_digits
    with pytest.raises(NotSupportedError, match="'template' does not solve grids with more digits"):
        Template().solve(MORE_DIGITS)
    assert Template().solve(ZERO_TO_THREE)[0].values == brute_force(ZERO_TO_THREE)[0]  # k == n: no change


def test_little_killers_and_quadruples_check_the_puzzles_digits():
    # four cells of 0..3 may add up to 1; a quadruple may name the digit 0
    clue = {"clue": [-1, 0], "direction": [1, 1], "sum": 1}
    record([0, 1, 2, 3], "." * 16, little_killers=[clue]).model  # noqa: B018
    puzzle = record([0, 1, 2, 3], "." * 16, quadruples=[{"cell": [0, 0], "digits": [0, 3]}])
    assert {0, 3} <= set(sudoku_cp.solve(puzzle).values[:2] + sudoku_cp.solve(puzzle).values[4:6])
    with pytest.raises(InvalidPuzzleError, match="4 is not a digit 0-3"):
        record([0, 1, 2, 3], "." * 16, quadruples=[{"cell": [0, 0], "digits": [4]}])


# Published puzzles of sigh's Interactive Sudoku Solver (MIT licence, Copyright 2023 sigh;
# puzzles by their setters): sigh/Interactive-Sudoku-Solver@e373f9811c087246b097eb444d838ab492c55f35,
# data/collections.js, with the solutions published there.
ISS_SHAPES = {
    "0-indexed: Classic sudoku": (
        ".Shape~9x9~0-8.~R1C1_4~R1C2_2~R1C5_6~R2C1_5~R2C4_0~R2C5_8~R2C6_4~R3C2_8~R3C3_7~R3C8_5~R4C1_7"
        "~R4C5_5~R4C9_2~R5C1_3~R5C4_7~R5C6_2~R5C9_0~R6C1_6~R6C5_1~R6C9_5~R7C2_5~R7C7_1~R7C8_7~R8C4_3"
        "~R8C5_0~R8C6_8~R8C9_4~R9C5_7~R9C8_6~R9C9_8",
        "423567801561084237087231456748650312315742680602813745850426173176308524234175068",
    ),
    "0-indexed: 6x6": (
        ".~R1C5_3~R2C2_0~R2C4_2~R2C6_4~R3C4_1~R4C3_2~R5C1_5~R5C3_1~R5C5_4~R6C2_4.Shape~6x6~0-5",
        "214035305214430152152403521340043521",
    ),
    "Hidden Hostility": (  # 6x6 of digits 1..9, 3x3 boxes (RegionSize 9)
        ".Shape~6x6~9.RegionSize~9.Diagonal~-1.Cage~8~R1C2~R1C1~R2C1.Cage~7~R5C1~R6C1~R6C2"
        ".Cage~23~R4C2~R5C2~R5C3.Cage~22~R2C3~R2C2~R3C2.Cage~23~R2C4~R2C5~R3C5.Cage~21~R4C5~R5C5~R5C4"
        ".Cage~8~R5C6~R6C6~R6C5.Cage~7~R1C5~R1C6~R2C6.GreaterThan~R1C3~R1C4.GreaterThan~R6C3~R6C2"
        ".GreaterThan~R3C5~R3C6",
        "348512179864562397795683286941413725",
    ),
    "The Whirlpool": (  # 5x5 of digits 1..9, no boxes
        ".Shape~5x5~9.AllDifferent~R1C1~R1C2~R1C3~R2C3~R3C3~R3C2~R3C1~R2C1~R2C2"
        ".AllDifferent~R1C3~R2C3~R3C3~R3C4~R3C5~R2C5~R1C5~R1C4~R2C4"
        ".AllDifferent~R3C1~R3C2~R3C3~R4C3~R5C3~R5C2~R5C1~R4C1~R4C2"
        ".AllDifferent~R3C3~R4C3~R5C3~R5C4~R5C5~R4C5~R3C5~R4C4~R3C4"
        ".Arrow~R4C1~R3C1~R2C1~R2C2.Arrow~R1C2~R1C3~R1C4~R2C4.Arrow~R2C5~R3C5~R4C5~R4C4"
        ".Arrow~R5C4~R5C3~R5C2~R4C2.Thermo~R4C3~R3C2~R2C3~R3C4",
        "6924714836375918162392478",
    ),
    "0-indexed: Whisper GreaterThan": (
        ".Shape~9x9~0-8.Whisper~5~R7C1~R8C1~R9C1~R9C2~R9C3.Whisper~5~R2C2~R3C3~R4C4~R5C5~R6C6~R7C7~R8C8"
        ".Whisper~5~R1C6~R2C6~R3C7~R4C8~R4C9.DisjointSets.GreaterThan~R2C2~R2C1~R1C2~R2C3~R3C2"
        ".GreaterThan~R6C1~R5C2~R4C1~R5C1.GreaterThan~R8C2~R8C3~R9C2~R8C1~R7C2"
        ".GreaterThan~R1C5~R2C5~R1C6~R1C4.GreaterThan~R9C6~R8C5~R9C4~R9C5"
        ".GreaterThan~R2C8~R2C9~R3C8~R2C7~R1C8.GreaterThan~R4C9~R5C8~R6C9~R5C9"
        ".GreaterThan~R8C8~R8C7~R7C8~R8C9~R9C8",
        "264385710385710264170462853823651407457803621601247385538076142042138576716524038",
    ),
}


@pytest.mark.parametrize("name", list(ISS_SHAPES))
def test_published_iss_puzzles_of_other_shapes_give_their_published_solution(name):
    from sudoku_cp.io import iss

    text, published = ISS_SHAPES[name]
    puzzle = Puzzle.from_dict(iss.record_from_string(text))
    assert sudoku_cp.solve(puzzle).to_string() == published


def test_iss_shapes_read_their_digits_and_boxes():
    from sudoku_cp.io import iss

    zero = iss.record_from_string(".Shape~9x9~0-8.~R1C1_0")
    assert zero["digits"] == list(range(9)) and zero["grid"][0] == "0" and zero["box"] == [3, 3]
    nine = iss.record_from_string(".Shape~6x6~9.RegionSize~9")
    assert nine["digits"] == list(range(1, 10)) and nine["box"] is None
    assert [len(region) for region in nine["rules"]["extra_regions"]] == [9, 9, 9, 9]  # 3x3 boxes
    assert iss.record_from_string(".Shape~7x7~9")["box"] is None  # no box shape tiles 7x7
    assert "digits" not in iss.record_from_string(".Shape~6x6~1-6")
    with pytest.raises(UnsupportedRuleError, match="grid type"):
        iss.record_from_string(".Shape~9x9~0-8~Raw")
    with pytest.raises(InvalidPuzzleError, match="starts at 0 or 1"):
        iss.record_from_string(".Shape~9x9~2-10")
    with pytest.raises(InvalidPuzzleError, match="needs values of 0..8"):
        iss.record_from_string(".Shape~9x9~0-8.~R1C1_9")


def test_a_skyscraper_over_the_digit_0_sees_no_building_there():
    # ISS: "0-valued cells do not count as skyscrapers": row 1 reads 0 3 1 2, one building seen
    grid = (0, 3, 1, 2, 1, 2, 0, 3, 3, 0, 2, 1, 2, 1, 3, 0)
    positions = tuple(d + 1 for d in grid)
    for seen, holds in ((1, True), (2, False)):
        clue = [{"side": "left", "index": 0, "seen": seen}]
        assert record([0, 1, 2, 3], "." * 16, skyscrapers=clue).model.holds(positions) is holds


@pytest.mark.parametrize("name", ["0-indexed: Classic sudoku", "Hidden Hostility"])
def test_iss_strings_of_other_digits_write_back(name):
    from sudoku_cp.io import iss

    puzzle = Puzzle.from_dict(iss.record_from_string(ISS_SHAPES[name][0]))
    again = Puzzle.from_dict(iss.record_from_string(iss.write(puzzle)))
    assert again.grid == puzzle.grid and again.model.constraints == puzzle.model.constraints
    with pytest.raises(UnsupportedRuleError, match="value ranges"):
        iss.write(CHOSEN)
