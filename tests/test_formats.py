"""Text layouts: every layout parses, reports its Layout and round-trips for 4x4 to 25x25;
realistic pasted grids parse; parse_many splits files; every kind of bad input raises an
InvalidPuzzleError whose message says what is wrong and where."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_cp import Grid, InvalidPuzzleError, Layout, SudokuError, datasets, solve
from sudoku_cp.io import formats
from sudoku_cp.io.formats import cell_char, format_grid, parse, parse_many

# The Wikipedia example puzzle, used for the pasted layouts below.
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

BAEKJOON_2239 = [
    "103000509",
    "002109400",
    "000704000",
    "300502006",
    "060000050",
    "700803004",
    "000401000",
    "009205800",
    "804000107",
]
BAEKJOON_2580 = [
    "0 3 5 4 6 9 2 7 8",
    "7 8 2 1 0 5 6 0 9",
    "0 6 0 2 7 8 1 3 5",
    "3 2 1 0 4 6 8 9 7",
    "8 0 4 9 1 3 5 0 6",
    "5 9 6 8 2 0 4 1 3",
    "9 1 7 6 5 2 0 8 0",
    "6 0 3 7 0 1 9 5 2",
    "2 5 8 3 9 4 7 6 0",
]


def sample_grids() -> dict[str, Grid]:
    """One puzzle of each size, with blanks."""
    return {
        "4x4": Grid.parse("1..4..1.2..1...3"),
        "9x9": datasets.load("hardest")[0],
        "16x16": datasets.load("hex16")[0],
        "25x25": datasets.load("sudoku25")[0],
    }


SAMPLES = sample_grids()
LAYOUTS = list(Layout)


def with_crlf_and_trailing_spaces(text: str) -> str:
    return "\r\n".join(line + "  \t" for line in text.split("\n")) + "\r\n"


# -- round trips --------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
@pytest.mark.parametrize("size", SAMPLES)
def test_format_reparses_to_the_same_grid_and_layout(size, layout):
    grid = SAMPLES[size]
    text = grid.format(layout)
    assert parse(text) == (grid, layout)
    assert format_grid(grid, layout) == text


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
@pytest.mark.parametrize("size", SAMPLES)
def test_windows_line_endings_and_trailing_whitespace(size, layout):
    grid = SAMPLES[size]
    assert parse(with_crlf_and_trailing_spaces(grid.format(layout))) == (grid, layout)


@pytest.mark.parametrize("size", ["4x4", "9x9", "16x16"])
def test_complete_grids_round_trip_too(size):
    solution = solve(SAMPLES[size])
    for layout in LAYOUTS:
        assert parse(solution.format(layout)) == (solution, layout)


def test_complete_25x25_grid_round_trips():
    n = 25
    grid = Grid([(5 * (r % 5) + r // 5 + c) % n + 1 for r in range(n) for c in range(n)])
    for layout in LAYOUTS:
        assert parse(grid.format(layout)) == (grid, layout)


def test_written_layouts_look_as_documented():
    grid = Grid.parse("1..4..1.2..1...3")
    assert grid.format("line") == "1..4..1.2..1...3"
    assert grid.format("rows") == "1004\n0010\n2001\n0003"
    assert grid.format("spaced") == "1 0 0 4\n0 0 1 0\n2 0 0 1\n0 0 0 3"
    assert grid.format("pretty") == "1 . | . 4\n. . | 1 .\n----+----\n2 . | . 1\n. . | . 3"
    assert grid.format(Layout.LINE) == grid.to_string()


def test_16x16_writes_letters_in_rows_and_numbers_in_spaced():
    grid = SAMPLES["16x16"]
    rows = grid.format("rows").splitlines()
    assert len(rows) == 16 and all(len(row) == 16 for row in rows)
    assert rows[0] == "0DG10C0BE003040A"
    spaced = grid.format("spaced").splitlines()
    assert spaced[0].split() == [
        "0",
        "13",
        "16",
        "1",
        "0",
        "12",
        "0",
        "11",
        "14",
        "0",
        "0",
        "3",
        "0",
        "4",
        "0",
        "10",
    ]


def test_cell_char():
    assert [cell_char(v) for v in (0, 1, 9, 10, 16, 25)] == [".", "1", "9", "A", "G", "P"]


# -- one line -----------------------------------------------------------------------------


@pytest.mark.parametrize("blank", [".", "0", "-", "_"])
def test_one_line_accepts_every_blank_character(blank):
    assert parse(WIKI.replace(".", blank)) == (Grid.parse(WIKI), Layout.LINE)


def test_one_line_4x4_of_dashes_is_the_empty_grid():
    assert parse("-" * 16) == (Grid.empty(4), Layout.LINE)
    assert parse("-" * 81) == (Grid.empty(9), Layout.LINE)


@pytest.mark.parametrize("size", ["16x16", "25x25"])
def test_letters_in_either_case_stand_for_10_to_25(size):
    grid = SAMPLES[size]
    text = grid.to_string()
    assert any(ch.isalpha() for ch in text)
    assert Grid.parse(text.lower()) == grid
    assert Grid.parse(text.upper()) == grid


def test_letters_read_as_their_values():
    cells = Grid.parse("ABCDEFG" + "." * 249).cells
    assert cells[:7] == (10, 11, 12, 13, 14, 15, 16)
    cells = Grid.parse("." * 600 + "HIJKLMNOP" + "." * 16).cells
    assert cells[600:609] == (17, 18, 19, 20, 21, 22, 23, 24, 25)


def test_one_line_with_spaced_numbers_of_a_16x16():
    grid = SAMPLES["16x16"]
    text = " ".join(str(v) for v in grid.cells)
    assert Grid.parse(text) == grid


def test_bytes_input():
    assert Grid.parse(WIKI.encode()) == Grid.parse(WIKI)


def test_parse_of_a_grid_returns_it():
    grid = SAMPLES["9x9"]
    assert Grid.parse(grid) is grid


# -- rows and spaced (Baekjoon) -----------------------------------------------------------


def test_baekjoon_2239_rows():
    grid, layout = parse("\n".join(BAEKJOON_2239) + "\n")
    assert layout is Layout.ROWS
    assert grid.to_string() == "".join(BAEKJOON_2239).replace("0", ".")
    assert grid.format("rows") == "\n".join(BAEKJOON_2239)


def test_baekjoon_2580_spaced():
    grid, layout = parse("\n".join(BAEKJOON_2580) + "\n")
    assert layout is Layout.SPACED
    assert grid.rows()[0] == (0, 3, 5, 4, 6, 9, 2, 7, 8)
    assert grid.format("spaced") == "\n".join(BAEKJOON_2580)


def test_spaced_with_tabs_and_several_spaces():
    text = "\n".join("\t".join(row.split()) for row in BAEKJOON_2580)
    assert parse(text) == parse("\n".join(BAEKJOON_2580))
    text = "\n".join("  ".join(row.split()) for row in BAEKJOON_2580)
    assert parse(text) == parse("\n".join(BAEKJOON_2580))


def test_16x16_spaced_numbers_above_9():
    grid = SAMPLES["16x16"]
    text = "\n".join(" ".join(f"{v:2d}" for v in row) for row in grid.rows())
    assert parse(text) == (grid, Layout.SPACED)


def test_16x16_rows_of_letters():
    grid = SAMPLES["16x16"]
    text = "\n".join("".join(cell_char(v) for v in row) for row in grid.rows())
    assert parse(text) == (grid, Layout.ROWS)


def test_4x4_rows_and_spaced():
    grid = Grid.parse("12....12.1.....1")
    assert parse("12..\n..12\n.1..\n...1") == (grid, Layout.ROWS)
    assert parse("1 2 0 0\n0 0 1 2\n0 1 0 0\n0 0 0 1") == (grid, Layout.SPACED)


def test_blank_lines_around_and_between_rows_are_ignored():
    text = "\n\n" + "\n\n".join(BAEKJOON_2239) + "\n\n\n"
    assert parse(text) == parse("\n".join(BAEKJOON_2239))


def test_rows_of_dashes_without_bars_are_blank_rows():
    text = "\n".join(["-" * 9] * 8 + ["123456789"])
    grid, layout = parse(text)
    assert layout is Layout.ROWS
    assert grid.cells == (0,) * 72 + tuple(range(1, 10))


# -- pretty grids as people paste them ----------------------------------------------------

FRAMED = """
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
"""

NORVIG = """5 3 . |. 7 . |. . . 
6 . . |1 9 5 |. . . 
. 9 8 |. . . |. 6 . 
------+------+------
8 . . |. 6 . |. . 3 
4 . . |8 . 3 |. . 1 
7 . . |. 2 . |. . 6 
------+------+------
. 6 . |. . . |2 8 . 
. . . |4 1 9 |. . 5 
. . . |. 8 . |. 7 9 
"""  # noqa: W291 - Norvig's display leaves a space at the end of each row

COMPACT = """53.|.7.|...
6..|195|...
.98|...|.6.
---+---+---
8..|.6.|..3
4..|8.3|..1
7..|.2.|..6
---+---+---
.6.|...|28.
...|419|..5
...|.8.|.79"""

PACKAGE_PRETTY = Grid.parse(WIKI).format("pretty")

ZERO_BLANKS_WITH_BARS = """5 3 0 | 0 7 0 | 0 0 0
6 0 0 | 1 9 5 | 0 0 0
0 9 8 | 0 0 0 | 0 6 0

8 0 0 | 0 6 0 | 0 0 3
4 0 0 | 8 0 3 | 0 0 1
7 0 0 | 0 2 0 | 0 0 6

0 6 0 | 0 0 0 | 2 8 0
0 0 0 | 4 1 9 | 0 0 5
0 0 0 | 0 8 0 | 0 7 9"""

DOUBLE_RULES = COMPACT.replace("---+---+---", "===+===+===")
DASH_RULES = COMPACT.replace("---+---+---", "-----------")
BOX_DRAWING = """┌───────┬───────┬───────┐
│ 5 3 . │ . 7 . │ . . . │
│ 6 . . │ 1 9 5 │ . . . │
│ . 9 8 │ . . . │ . 6 . │
├───────┼───────┼───────┤
│ 8 . . │ . 6 . │ . . 3 │
│ 4 . . │ 8 . 3 │ . . 1 │
│ 7 . . │ . 2 . │ . . 6 │
├───────┼───────┼───────┤
│ . 6 . │ . . . │ 2 8 . │
│ . . . │ 4 1 9 │ . . 5 │
│ . . . │ . 8 . │ . 7 9 │
└───────┴───────┴───────┘"""
DOUBLE_BOX_DRAWING = BOX_DRAWING.translate(str.maketrans("┌─┬┐│├┼┤└┴┘", "╔═╦╗║╠╬╣╚╩╝"))

PASTED = {
    "framed": FRAMED,
    "norvig": NORVIG,
    "compact": COMPACT,
    "package-pretty": PACKAGE_PRETTY,
    "zero-blanks-blank-lines": ZERO_BLANKS_WITH_BARS,
    "equals-rules": DOUBLE_RULES,
    "dash-only-rules": DASH_RULES,
    "box-drawing": BOX_DRAWING,
    "double-box-drawing": DOUBLE_BOX_DRAWING,
    "bars-at-both-ends": "\n".join("|" + row + "|" for row in COMPACT.splitlines()),
    "indented": "\n".join("    " + row for row in NORVIG.splitlines()),
}


@pytest.mark.parametrize("text", PASTED.values(), ids=PASTED.keys())
def test_pasted_pretty_grids(text):
    assert parse(text) == (Grid.parse(WIKI), Layout.PRETTY)


@pytest.mark.parametrize("text", PASTED.values(), ids=PASTED.keys())
def test_pasted_pretty_grids_with_windows_line_endings(text):
    assert parse(text.replace("\n", "\r\n")) == (Grid.parse(WIKI), Layout.PRETTY)


def test_pasted_4x4_pretty():
    text = """+-----+-----+
| 1 2 | . . |
| . . | 1 2 |
+-----+-----+
| . 1 | . . |
| . . | . 1 |
+-----+-----+"""
    assert parse(text) == (Grid.parse("12....12.1.....1"), Layout.PRETTY)


def test_pasted_16x16_pretty_with_letters():
    grid = SAMPLES["16x16"]
    lines = []
    for r, row in enumerate(grid.rows()):
        if r and r % 4 == 0:
            lines.append("+".join(["---------"] * 4))
        chars = [cell_char(v) for v in row]
        lines.append(" | ".join(" ".join(chars[b * 4 : b * 4 + 4]) for b in range(4)))
    assert parse("\n".join(lines)) == (grid, Layout.PRETTY)


HEAVY_BOX_DRAWING = BOX_DRAWING.translate(str.maketrans("┌─┬┐│├┼┤└┴┘", "┏━┳┓┃┣╋┫┗┻┛"))
MIXED_BOX_DRAWING = BOX_DRAWING.translate(str.maketrans("┌─┬┐│├┼┤└┴┘", "╔═╤╗║╟┼╢╚╧╝"))


@pytest.mark.parametrize("text", [HEAVY_BOX_DRAWING, MIXED_BOX_DRAWING], ids=["heavy", "mixed"])
def test_pasted_box_drawing_frames_of_other_styles(text):
    assert parse(text) == (Grid.parse(WIKI), Layout.PRETTY)


def test_pretty_grid_with_dash_blanks_and_an_empty_row():
    text = NORVIG.replace(".", "-").replace("6 - - |1 9 5 |- - - ", "- - - |- - - |- - - ")
    expected = Grid.parse(WIKI[:9] + "." * 9 + WIKI[18:])
    assert parse(text) == (expected, Layout.PRETTY)


def test_comma_separated_rows():
    text = "\n".join(",".join(row) for row in BAEKJOON_2239)
    assert Grid.parse(text) == Grid.parse("\n".join(BAEKJOON_2239))


# -- lists of rows ------------------------------------------------------------------------


def test_list_of_lists_and_tuple_of_tuples():
    grid = SAMPLES["9x9"]
    assert parse(grid.to_list()) == (grid, Layout.SPACED)
    assert parse(tuple(grid.rows())) == (grid, Layout.SPACED)
    assert parse([list(row) for row in grid.rows()]) == (grid, Layout.SPACED)
    assert Grid.from_rows(grid.to_list()) == grid


@pytest.mark.parametrize("size", SAMPLES)
def test_list_of_lists_for_every_size(size):
    grid = SAMPLES[size]
    assert Grid.parse(grid.to_list()) == grid


def test_list_of_row_strings():
    grid = Grid.parse("\n".join(BAEKJOON_2239))
    assert Grid.parse(BAEKJOON_2239) == grid
    assert Grid.parse(BAEKJOON_2580) == Grid.parse("\n".join(BAEKJOON_2580))
    assert Grid.parse(COMPACT.splitlines()) == Grid.parse(WIKI)


def test_list_of_row_strings_reports_their_layout():
    assert parse(BAEKJOON_2239)[1] is Layout.ROWS


def test_leetcode_board_of_character_lists():
    board = [list(row) for row in COMPACT.replace("|", "").replace("---+---+---\n", "").splitlines()]
    assert Grid.parse(board) == Grid.parse(WIKI)


def test_flat_list_of_cells():
    grid = SAMPLES["9x9"]
    assert Grid.parse(list(grid.cells)) == grid


# -- parse_many ---------------------------------------------------------------------------


def test_parse_many_one_line_puzzles():
    puzzles = datasets.load("top95")[:7]
    text = "\n".join(p.to_string() for p in puzzles) + "\n"
    parsed = parse_many(text)
    assert [grid for grid, _ in parsed] == puzzles
    assert {layout for _, layout in parsed} == {Layout.LINE}


def test_parse_many_with_blank_lines_and_windows_endings():
    puzzles = datasets.load("easy50")[:5]
    text = "\r\n\r\n".join(p.to_string() + " " for p in puzzles) + "\r\n"
    assert [grid for grid, _ in parse_many(text)] == puzzles


def test_parse_many_of_16x16_one_liners():
    puzzles = datasets.load("hex16")[:3]
    assert [grid for grid, _ in parse_many("\n".join(p.to_string() for p in puzzles))] == puzzles


def test_parse_many_nine_lines_of_nine_digits_is_one_grid():
    parsed = parse_many("\n".join(BAEKJOON_2239))
    assert len(parsed) == 1
    assert parsed[0] == parse("\n".join(BAEKJOON_2239))


def test_parse_many_sixteen_lines_of_sixteen_characters_is_one_16x16_grid():
    grid = SAMPLES["16x16"]
    parsed = parse_many(grid.format("rows"))
    assert parsed == [(grid, Layout.ROWS)]


def test_parse_many_of_one_puzzle_in_any_layout():
    for layout in LAYOUTS:
        assert parse_many(SAMPLES["9x9"].format(layout)) == [(SAMPLES["9x9"], layout)]


def test_parse_many_names_the_bad_line():
    lines = [p.to_string() for p in datasets.load("easy50")[:4]]
    lines[2] = "11" + lines[2][2:]
    with pytest.raises(InvalidPuzzleError, match=r"^line 3: row 1 has two 1s: columns 1 and 2$"):
        parse_many("\n".join(lines))


# -- errors -------------------------------------------------------------------------------


def replace_row(rows: list[str], index: int, new: str) -> str:
    return "\n".join(rows[:index] + [new] + rows[index + 1 :])


BAD_INPUTS = {
    "one-line-wrong-count": (
        "12345",
        r"^line 1 has 5 cells; a one-line puzzle needs n\*n for a side n of 4 to 25",
    ),
    "80-characters": (WIKI[:80], r"^line 1 has 80 cells"),
    "eight-rows": (
        "\n".join(BAEKJOON_2239[:8]),
        r"^found 8 rows of 9 cells \(lines 1-8\); a grid has as many rows as cells in a row",
    ),
    "ten-rows": ("\n".join(BAEKJOON_2239 + ["000000000"]), r"^found 10 rows of 9 cells \(lines 1-10\)"),
    "short-row": (
        replace_row(BAEKJOON_2239, 4, "06000005"),
        r"^line 5 has 8 cells; a grid of 9 rows needs 9 in each row$",
    ),
    "long-row": (replace_row(BAEKJOON_2239, 4, "0600000500"), r"^line 5 has 10 cells"),
    "short-spaced-row": (replace_row(BAEKJOON_2580, 2, "0 6 0 2 7 8 1 3"), r"^line 3 has 8 cells"),
    "unknown-character": (
        replace_row(BAEKJOON_2239, 2, "000x04000"),
        r"^line 3, column 4 \(row 3, cell 4\): unknown character 'x'",
    ),
    "unknown-character-one-line": (
        WIKI[:40] + "*" + WIKI[41:],
        r"^line 1, column 41 \(row 5, cell 5\): unknown character '\*'",
    ),
    "out-of-range-spaced": (
        replace_row(BAEKJOON_2580, 2, "0 6 0 2 12 8 1 3 5"),
        r"^line 3, column 9 \(row 3, cell 5\): value 12 is out of range for a 9x9 grid \(1\.\.9\)$",
    ),
    "letter-in-9x9": (WIKI[:-1] + "A", r"'A' stands for 10, which is out of range for a 9x9 grid"),
    "five-in-4x4": ("5" + "." * 15, r"value 5 is out of range for a 4x4 grid"),
    "row-repeat": (
        "." * 18 + ".7.....7." + "." * 54,
        r"^row 3 has two 7s: columns 2 and 8$",
    ),
    "column-repeat": ("5" + "." * 53 + "5" + "." * 26, r"^column 1 has two 5s: rows 1 and 7$"),
    "box-repeat": (
        "." * 40 + "9" + "." * 9 + "9" + "." * 30,
        r"^box 5 \(rows 4-6, columns 4-6\) has two 9s: row 5 column 5 and row 6 column 6$",
    ),
    "empty": ("", r"^the puzzle is empty"),
    "whitespace-only": (" \n\t\n  ", r"^the puzzle is empty"),
    "rules-only": ("------+------+------\n------+------+------", r"^the puzzle is empty"),
}


@pytest.mark.parametrize("text, message", BAD_INPUTS.values(), ids=BAD_INPUTS.keys())
def test_bad_text_raises_invalid_puzzle_error_saying_what_and_where(text, message):
    with pytest.raises(InvalidPuzzleError, match=message) as caught:
        parse(text)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, SudokuError)


def test_repeat_in_a_pasted_grid_names_the_unit():
    text = COMPACT.replace("53.|.7.|...", "53.|.7.|..5")
    with pytest.raises(InvalidPuzzleError, match=r"^row 1 has two 5s: columns 1 and 9$"):
        parse(text)


def test_repeat_in_a_16x16_names_the_unit():
    with pytest.raises(InvalidPuzzleError, match=r"^row 1 has two 16s: columns 1 and 16$"):
        parse("G" + "." * 14 + "g" + "." * 240)


def test_error_from_a_list_of_row_strings_names_the_line():
    rows = list(BAEKJOON_2239)
    rows[6] = "00040100?"
    with pytest.raises(InvalidPuzzleError, match=r"^line 7, column 9 .*unknown character '\?'"):
        parse(rows)


NINE_ZEROS = [0] * 9
BAD_LISTS = {
    "float": ([[1.5] + [0] * 8] + [NINE_ZEROS] * 8, r"^row 1, column 1: 1\.5 is not an int"),
    "none": (
        [NINE_ZEROS] * 4 + [[0] * 8 + [None]] + [NINE_ZEROS] * 4,
        r"^row 5, column 9: None is not an int",
    ),
    "string-cell": ([["x"] + [0] * 8] + [NINE_ZEROS] * 8, r"^row 1, column 1: unknown character 'x'"),
    "bool": ([[True] + [0] * 8] + [NINE_ZEROS] * 8, r"^row 1, column 1: True is a bool"),
    "short-row": (
        [NINE_ZEROS] * 4 + [[0] * 8] + [NINE_ZEROS] * 4,
        r"^row 5 has 8 cells; a 9x9 grid needs 9$",
    ),
    "eight-rows": ([NINE_ZEROS] * 8, r"^row 1 has 9 cells; a 8x8 grid needs 8$"),
    "empty-list": ([], r"^a grid needs 4 to 25 rows .*, not 0 items$"),
    "too-big": (
        [NINE_ZEROS] * 4 + [[0] * 8 + [10]] + [NINE_ZEROS] * 4,
        r"^row 5, column 9: value 10 is not in 1\.\.9",
    ),
    "negative": ([NINE_ZEROS] * 4 + [[0] * 8 + [-1]] + [NINE_ZEROS] * 4, r"^row 5, column 9: value -1"),
    "int-row": ([3] + [NINE_ZEROS] * 8, r"^row 1 is not a list of cells \(got int\)$"),
    "repeat": ([[7, 0, 0, 0, 0, 0, 0, 0, 7]] + [NINE_ZEROS] * 8, r"^row 1 has two 7s: columns 1 and 9$"),
}


@pytest.mark.parametrize("rows, message", BAD_LISTS.values(), ids=BAD_LISTS.keys())
def test_bad_lists_raise_invalid_puzzle_error_naming_row_and_column(rows, message):
    with pytest.raises(InvalidPuzzleError, match=message):
        parse(rows)


@pytest.mark.parametrize("value", [42, 3.5, None, object()], ids=["int", "float", "none", "object"])
def test_wrong_type_raises_invalid_puzzle_error_naming_the_type(value):
    with pytest.raises(InvalidPuzzleError, match=f"got {type(value).__name__}$"):
        parse(value)


def test_text_with_a_byte_order_mark():
    text = "\ufeff" + "\n".join(BAEKJOON_2239)
    assert parse(text) == (Grid.parse("\n".join(BAEKJOON_2239)), Layout.ROWS)


def test_file_of_puzzles_with_a_byte_order_mark():
    lines = [grid.to_string() for grid in datasets.load("top95")[:3]]
    assert [grid for grid, _ in parse_many("\ufeff" + "\n".join(lines))] == datasets.load("top95")[:3]


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=".0-_123456789", min_size=81, max_size=81),
    st.sampled_from(["", " ", "\n", "\t "]),
    st.sampled_from(["", "\n", " \r\n"]),
)
def test_a_plain_line_reads_as_the_general_parser_reads_it(line, before, after):
    """formats.plain_line's shortcut (issue 34: a batch's caller reads every puzzle) gives
    what the general parser gives, or the same error."""
    text = before + line + after
    assert formats.plain_line(text) == line
    shortcut = formats.read(text)
    with mock.patch.object(formats, "plain_line", lambda text: None):
        general = formats.read(text)
    assert shortcut == general and shortcut.layout is Layout.LINE
