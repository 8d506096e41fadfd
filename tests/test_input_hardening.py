"""Hostile and awkward input (issue 9): oversized text refused early in bounded memory, files of
many puzzles read lazily, no silent misreading (a "10" split into two cells, a non-ASCII letter),
every malformed input an InvalidPuzzleError, and files split into puzzles as documented
(comments, headers, several grids, one puzzle per line)."""

from __future__ import annotations

import itertools
import tracemalloc

import pytest

from sudoku_cp import Grid, InvalidPuzzleError, Layout, datasets, solve
from sudoku_cp.io.formats import MAX_LINE_CHARS, iter_puzzle_texts, parse, parse_many, split_puzzles

HEX = datasets.load("hex16")[0]
TOP = datasets.load("top95")[:4]


def peak_bytes(function, *args) -> int:
    """Peak bytes Python allocated while running ``function(*args)`` (its error ignored)."""
    tracemalloc.start()
    try:
        function(*args)
    except InvalidPuzzleError:
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


# -- item 7: oversized input ---------------------------------------------------------------


def test_a_ten_million_cell_line_is_refused_early_in_bounded_memory():
    text = "1" * 10_000_000
    with pytest.raises(InvalidPuzzleError, match=r"10000000 characters"):
        Grid.parse(text)
    assert peak_bytes(Grid.parse, text) < 1_000_000


def test_twenty_megabytes_of_short_lines_is_refused_in_bounded_memory():
    text = "1\n" * 10_000_000
    with pytest.raises(InvalidPuzzleError, match="characters"):
        Grid.parse(text)
    assert peak_bytes(Grid.parse, text) < 1_000_000


def test_an_overlong_line_among_rows_names_the_line():
    rows = ["." * 9] * 9
    rows[3] = "." * (MAX_LINE_CHARS + 1)
    with pytest.raises(InvalidPuzzleError, match=rf"^line 4 is longer than {MAX_LINE_CHARS} characters"):
        Grid.parse("\n".join(rows))


def test_huge_sequences_and_bytes_are_refused_in_bounded_memory():
    with pytest.raises(InvalidPuzzleError, match="more than 625"):
        Grid.parse(itertools.repeat(0))  # endless: must not be read to the end
    with pytest.raises(InvalidPuzzleError, match="not more than 625"):
        Grid(itertools.repeat(0))
    data = b"1" * 10_000_000
    assert peak_bytes(Grid.parse, data) < 1_000_000


def test_splitting_a_long_stream_keeps_memory_flat():
    line = TOP[0].to_string()
    lines = itertools.repeat(line, 20_000)  # 1.6 MB of text, never held at once
    tracemalloc.start()
    try:
        count = sum(1 for _ in iter_puzzle_texts(lines))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert count == 20_000
    assert peak < 1_000_000


# -- item 8: silently misread ----------------------------------------------------------------


def test_a_16x16_spaced_row_of_15_numbers_ending_in_10_is_an_error():
    row = "1 2 3 4 5 6 7 8 9 0 0 0 0 0 10"  # 15 numbers, but 16 characters
    rows = [row] + [" ".join("0" * 16)] * 15
    with pytest.raises(InvalidPuzzleError, match=r"^line 1 has 15 cells; a grid of 16 rows needs 16"):
        Grid.parse("\n".join(rows))


def test_a_one_line_16x16_of_spaced_numbers_missing_one_is_an_error():
    words = [str(v) for v in HEX.cells]
    assert words[15] == "10"
    del words[0]
    with pytest.raises(InvalidPuzzleError, match="255 cells"):
        Grid.parse(" ".join(words))


def test_rows_grouped_by_boxes_still_read_as_characters():
    rows = ["103 000 509", "002 109 400", "000 704 000", "300 502 006", "060 000 050"]
    rows += ["700 803 004", "000 401 000", "009 205 800", "804 000 107"]
    assert Grid.parse("\n".join(rows)) == Grid.parse("\n".join(r.replace(" ", "") for r in rows))


NON_ASCII_LETTERS = {"dotless-i": "\u0131", "dotted-I": "\u0130", "fullwidth-A": "\uff21", "kelvin": "\u212a"}


@pytest.mark.parametrize("letter", NON_ASCII_LETTERS.values(), ids=NON_ASCII_LETTERS.keys())
def test_only_ascii_letters_are_values(letter):
    text = "." * 255 + letter
    with pytest.raises(InvalidPuzzleError, match="unknown character"):
        Grid.parse("." * 600 + letter + "." * 24)
    with pytest.raises(InvalidPuzzleError, match="unknown character"):
        Grid.parse(text)


# -- item 9: the error type --------------------------------------------------------------------


def test_non_utf8_bytes_are_an_invalid_puzzle_error():
    with pytest.raises(InvalidPuzzleError, match="not UTF-8"):
        Grid.parse(b"\xff\xfe" + b"." * 79)


def test_a_0d_numpy_array_is_an_invalid_puzzle_error():
    np = pytest.importorskip("numpy")
    with pytest.raises(InvalidPuzzleError, match="0-d|not a list"):
        Grid.parse(np.array(5))
    with pytest.raises(InvalidPuzzleError):
        solve(np.array(5))


def test_a_cell_of_thousands_of_digits_is_an_invalid_puzzle_error():
    rows = ["0 " * 8 + "0"] * 9
    rows[2] = "0 " * 8 + "9" * 4301
    with pytest.raises(InvalidPuzzleError, match=r"^line 3 has 4309 cells"):
        Grid.parse("\n".join(rows))
    cells = [["0"] * 9 for _ in range(9)]
    cells[2][8] = "9" * 4301
    message = r"^row 3, column 9: value 99999.* is out of range"
    with pytest.raises(InvalidPuzzleError, match=message) as caught:
        Grid.parse(cells)
    assert len(str(caught.value)) < 200
    for puzzle in ([[10**5000] + [0] * 8] + [[0] * 9] * 8, [10**5000] + [0] * 80):
        message = r"^row 1, column 1: value .* is not in 1\.\.9"
        with pytest.raises(InvalidPuzzleError, match=message) as caught:
            Grid.parse(puzzle)
        assert len(str(caught.value)) < 200


# -- item 10: files of many puzzles -------------------------------------------------------------


def grids(text: str, **options) -> list[Grid]:
    return [grid for grid, _ in parse_many(text, **options)]


def test_a_comment_line_before_one_line_puzzles():
    text = "# my puzzles\n" + "\n".join(p.to_string() for p in TOP) + "\n# the end\n"
    assert grids(text) == TOP


def test_a_comment_line_before_a_single_grid():
    text = "# Baekjoon 2239\n" + TOP[0].format("rows")
    assert Grid.parse(text) == TOP[0]
    assert grids(text) == [TOP[0]]


def test_one_short_line_among_one_line_puzzles_is_reported_alone():
    lines = [p.to_string() for p in TOP]
    lines[2] = lines[2][:80]
    chunks = split_puzzles("\n".join(lines))
    assert [number for number, _ in chunks] == [1, 2, 3, 4]
    with pytest.raises(InvalidPuzzleError, match=r"^line 3 has 80 cells"):
        parse_many("\n".join(lines))


@pytest.mark.parametrize("layout", ["rows", "spaced", "pretty"])
def test_several_grids_separated_by_blank_lines(layout):
    text = "\n\n".join(p.format(layout) for p in TOP) + "\n"
    assert grids(text) == TOP


@pytest.mark.parametrize("layout", ["rows", "spaced", "pretty"])
def test_several_grids_back_to_back(layout):
    """The output of 'sudoku-cp solve --layout pretty' on a file of puzzles reads back."""
    text = "\n".join(p.format(layout) for p in TOP) + "\n"
    assert grids(text) == TOP
    sixteen = datasets.load("hex16")[:2]
    assert grids("\n".join(p.format(layout) for p in sixteen)) == sixteen


def test_project_euler_96_layout():
    text = "".join(f"Grid {i:02d}\n{p.format('rows')}\n" for i, p in enumerate(TOP, 1))
    chunks = split_puzzles(text)
    assert [number for number, _ in chunks] == [2, 12, 22, 32]
    assert grids(text) == TOP


def test_sixteen_4x4_one_liners_are_sixteen_puzzles():
    puzzles = [Grid.parse(f"{i % 4 + 1}" + "." * 15) for i in range(16)]
    text = "\n".join(p.to_string() for p in puzzles)
    assert grids(text) == puzzles
    assert grids(text, one_per_line=True) == puzzles


def test_a_16x16_grid_of_rows_is_still_one_grid():
    assert grids(HEX.format("rows")) == [HEX]


def test_one_per_line_makes_every_line_a_puzzle():
    rows = TOP[0].format("rows")
    chunks = split_puzzles(rows, one_per_line=True)
    assert [number for number, _ in chunks] == list(range(1, 10))
    with pytest.raises(InvalidPuzzleError, match="^line 1 has 9 cells"):
        parse_many(rows, one_per_line=True)


def test_a_single_grid_with_blank_lines_between_its_rows_is_one_puzzle():
    text = "\n\n".join(TOP[0].format("rows").splitlines())
    assert grids(text) == [TOP[0]]
    bands = TOP[0].format("pretty").replace("------+-------+------", "")
    assert grids(bands) == [TOP[0]]


def test_errors_in_a_multi_line_grid_name_the_line_of_the_file():
    good, bad = TOP[0].format("rows"), TOP[1].format("rows").splitlines()
    bad[4] = bad[4][:8]
    text = good + "\n\n" + "\n".join(bad)
    chunks = split_puzzles(text)
    assert [number for number, _ in chunks] == [1, 11]
    with pytest.raises(InvalidPuzzleError, match=r"line 15 has 8 cells"):
        parse_many(text)


def test_layouts_of_split_puzzles():
    text = TOP[0].to_string() + "\n" + TOP[1].format("pretty") + "\n" + TOP[2].format("spaced")
    assert parse_many(text) == [(TOP[0], Layout.LINE), (TOP[1], Layout.PRETTY), (TOP[2], Layout.SPACED)]


def test_first_line_numbers_errors_from_that_line():
    rows = TOP[0].format("rows").splitlines()
    rows[2] = "x" + rows[2][1:]
    with pytest.raises(InvalidPuzzleError, match=r"^line 103, column 1 "):
        parse("\n".join(rows), first_line=101)
