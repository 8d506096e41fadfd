"""Reading and writing puzzles in the common text layouts: the text codec.

This module knows text and cell values only; :mod:`sudoku_cp.grid` builds a
:class:`~sudoku_cp.grid.Grid` from what :func:`read` returns (and checks its units).

Layouts understood by :func:`read` (the side, 4 to 25, is inferred):

``line``
    One line of ``n*n`` characters, e.g. the 81-character lines of top95.
``rows``
    ``n`` lines of ``n`` characters with no spaces (Baekjoon 2239 input, ``0`` for blank).
``spaced``
    ``n`` lines of ``n`` space-separated numbers (Baekjoon 2580 input; numbers may
    exceed 9 on 16x16 and 25x25).
``pretty``
    Grids as people paste them, with box separators: ``|`` between boxes, lines such
    as ``------+-------+------`` or ``+-------+``, and blank lines.

Cell alphabet: ``.``, ``0``, ``-`` or ``_`` for a blank; ``1``-``9`` then ``A``-``P``
(either case) for 10..25, as in the 16x16 and 25x25 benchmark sets. In the ``spaced``
layout a cell may also be a decimal number.
"""

from __future__ import annotations

import enum
import html
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from sudoku_cp.errors import InvalidPuzzleError


class GridLike(Protocol):
    """What the writers of this module read from a grid (:class:`sudoku_cp.Grid` has it)."""

    cells: tuple[int, ...]
    side: int
    box: tuple[int, int] | None

    def rows(self) -> list[tuple[int, ...]]: ...


VALUE_CHARS = "123456789ABCDEFGHIJKLMNOP"
"""``VALUE_CHARS[v - 1]`` writes value ``v`` (1..25) as one character."""

BLANK_CHARS = ".0-_"
_SEPARATORS = "|¦,;[]'\""  # read like spaces between cells: box bars, CSV, pasted Python lists
SIDES = tuple(range(4, 26))
"""The sides read from text: 4x4 to 25x25 (boxes or not is the grid's business)."""
_CELL_COUNTS = {n * n: n for n in SIDES}
_SIDES_TEXT = "4 to 25"


def _is_box_drawing(ch: str) -> bool:
    return "\u2500" <= ch <= "\u257f"


def _is_separator(ch: str) -> bool:
    return ch.isspace() or ch in _SEPARATORS or _is_box_drawing(ch)


class Layout(enum.StrEnum):
    """The text layouts :func:`format_grid` writes and :func:`parse` recognises."""

    LINE = "line"
    ROWS = "rows"
    SPACED = "spaced"
    PRETTY = "pretty"


@dataclass(frozen=True)
class _Token:
    text: str
    line: int  # 1-based line of the input text
    column: int  # 1-based character position in that line


PuzzleText = str | bytes | Sequence[Sequence[int]] | Sequence[int]
"""What :func:`read` takes: text, rows of cells, or a flat sequence of cells."""


class ReadGrid(NamedTuple):
    """What :func:`read` found: the cells (row-major, 0 for blank), the side and the layout."""

    cells: tuple[int, ...]
    side: int
    layout: Layout


def read(puzzle: PuzzleText) -> ReadGrid:
    """Read the cells of one puzzle and tell which layout it was written in.

    Args:
        puzzle: text in any layout of this module; a sequence of ``n`` rows, each a
            sequence of ``n`` cells (ints, 0 for blank, or one-character strings as in a
            LeetCode board) or a string in a text layout; or a flat sequence of ``n*n``
            ints. NumPy arrays work as sequences.

    Returns:
        A :class:`ReadGrid`: the layout of text or row strings; ``Layout.SPACED`` for
        rows of cells, ``Layout.LINE`` for a flat sequence. Repeated values are not
        checked here (:class:`~sudoku_cp.grid.Grid` does that).

    Raises:
        InvalidPuzzleError: wrong number of rows or cells, unknown character or value
            out of range. The message names the line and column of the text, or the
            row and column of the grid.
    """
    if isinstance(puzzle, bytes):
        puzzle = puzzle.decode()
    if isinstance(puzzle, str):
        return _parse_text(puzzle)
    if isinstance(puzzle, Mapping | set | frozenset) or not hasattr(puzzle, "__iter__"):
        raise InvalidPuzzleError(
            f"a puzzle must be text, a list of rows or a Grid; got {type(puzzle).__name__}"
        )
    return _parse_sequence(list(puzzle))


def split_puzzles(text: str) -> list[tuple[int, str]]:
    """Split a text into puzzles: ``[(first line number, puzzle text), ...]``.

    A text whose every non-blank line is a whole one-line puzzle (16, 81, 256 or 625
    characters, no spaces) holds that many puzzles, except that ``n`` lines of ``n``
    characters (``n`` in 4, 9, 16, 25) are one grid in the ``rows`` layout. Any other
    text is one puzzle.
    """
    text = text.removeprefix("\ufeff")
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)]
    lines = [(number, line) for number, line in lines if line]
    is_one_line_each = len(lines) > 1 and all(
        len(line) in _CELL_COUNTS and not any(ch.isspace() for ch in line) for _, line in lines
    )
    is_square = len(lines) in SIDES and all(len(line) == len(lines) for _, line in lines)
    if not is_one_line_each or is_square:
        return [(lines[0][0] if lines else 1, text)]
    return lines


def _parse_text(text: str) -> ReadGrid:
    content, has_rules = _content_lines(text.removeprefix("\ufeff"))  # a BOM from Windows editors
    if not content:
        raise InvalidPuzzleError("the puzzle is empty: no cells were found")
    has_bars = any(_is_box_drawing(ch) or ch in "|¦" for _, line in content for ch in line)
    if len(content) == 1:
        number, line = content[0]
        tokens = _split_line(number, line, expected=None)
        side = _CELL_COUNTS.get(len(tokens))
        if side is None:
            raise InvalidPuzzleError(
                f"line {number} has {len(tokens)} cells; a one-line puzzle needs n*n for a side n of "
                f"{_SIDES_TEXT} (16 for 4x4, 36 for 6x6, 81 for 9x9, 256 for 16x16)"
            )
        layout = Layout.LINE
    else:
        side = len(content)
        if side not in SIDES:
            raise InvalidPuzzleError(
                f"found {side} rows of cells (lines {content[0][0]}-{content[-1][0]}); "
                f"a grid needs {_SIDES_TEXT} rows, or one line of all its cells"
            )
        widths = {len(_cell_chars(line)) for _, line in content}
        unseparated = not any(_is_separator(ch) for _, line in content for ch in line)
        if unseparated and len(widths) == 1 and (width := widths.pop()) != side and width in SIDES:
            raise InvalidPuzzleError(
                f"found {side} rows of {width} cells (lines {content[0][0]}-{content[-1][0]}); "
                f"a grid has as many rows as cells in a row"
            )
        tokens = []
        spaced = False
        for number, line in content:
            tokens.extend(_split_line(number, line, expected=side))
            spaced = spaced or any(ch.isspace() or ch in ",;" for ch in line)
        if has_rules or has_bars:
            layout = Layout.PRETTY
        else:
            layout = Layout.SPACED if spaced else Layout.ROWS
    cells = [_token_value(token, index, side) for index, token in enumerate(tokens)]
    return ReadGrid(tuple(cells), side, layout)


def _content_lines(text: str) -> tuple[list[tuple[int, str]], bool]:
    """The lines that hold cells, numbered from 1, and whether rule lines were dropped.

    A line of only ``-``, bars and spaces is either a rule (``-------``) or a row of
    ``-`` blanks; it is taken as a row when that makes a whole grid of such rows.
    """
    content, dashes, has_rules = [], [], False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        kind = _line_kind(stripped)
        if kind == "rule":
            has_rules = True
        elif kind == "dashes":
            dashes.append((number, stripped))
        else:
            content.append((number, stripped))
    if dashes:
        with_dashes = sorted(content + dashes)
        counts = {len(_cell_chars(line)) for _, line in with_dashes}
        side = len(with_dashes)
        if (side in SIDES and counts == {side}) or (side == 1 and counts <= set(_CELL_COUNTS)):
            return with_dashes, has_rules
        has_rules = True
    return content, has_rules


def _line_kind(line: str) -> str:
    """``"rule"`` (a box separator such as ``------+------`` or ``+---+``), ``"dashes"``
    (only ``-``, bars and spaces: a rule or a row of blanks) or ``"cells"``."""
    if not all(ch in "-=+" or _is_separator(ch) for ch in line):
        return "cells"
    if any(ch in "=+" or (_is_box_drawing(ch) and ch not in "│┃║") for ch in line):
        return "rule"
    return "dashes" if "-" in line else "rule"


def _cell_chars(line: str) -> list[str]:
    return [ch for ch in line if not _is_separator(ch)]


def _split_line(number: int, line: str, expected: int | None) -> list[_Token]:
    """Split a line into cell tokens: separated words if that gives the expected count
    (or, for one line, a whole grid), otherwise one character each."""
    chars = [_Token(ch, number, column) for column, ch in enumerate(line, 1) if not _is_separator(ch)]
    words = _words(number, line)
    if expected is None:
        if len(words) in _CELL_COUNTS and any(len(w.text) > 1 for w in words):
            return words
        return chars
    if len(words) == expected and len(chars) != expected:
        return words
    if len(chars) == expected:
        return chars
    counted = len(words) if len(words) > 1 and all(w.text.isdigit() for w in words) else len(chars)
    raise InvalidPuzzleError(
        f"line {number} has {counted} cells; a grid of {expected} rows needs {expected} in each row"
    )


def _words(number: int, line: str) -> list[_Token]:
    words, start = [], None
    for column, ch in enumerate(line + " ", 1):
        if _is_separator(ch):
            if start is not None:
                words.append(_Token(line[start - 1 : column - 1], number, start))
                start = None
        elif start is None:
            start = column
    return words


def _token_value(token: _Token, index: int, side: int) -> int:
    where = f"line {token.line}, column {token.column} (row {index // side + 1}, cell {index % side + 1})"
    return _cell_value(token.text, where, side)


def _cell_value(text: str, where: str, side: int) -> int:
    """The value of one written cell: a number, a blank character or a letter A-P."""
    if text.isdigit() and text.isascii():
        value = int(text)
        meaning = f"value {value}"
    elif len(text) == 1 and text in BLANK_CHARS:
        return 0
    elif len(text) == 1 and text.upper() in VALUE_CHARS:
        value = VALUE_CHARS.index(text.upper()) + 1
        meaning = f"{text!r} stands for {value}, which"
    else:
        raise InvalidPuzzleError(
            f"{where}: unknown character {text!r}; use 1-9, A-P for 10-25, "
            f"and '.', '0', '-' or '_' for a blank"
        )
    if value > side:
        raise InvalidPuzzleError(f"{where}: {meaning} is out of range for a {side}x{side} grid (1..{side})")
    return value


def _parse_sequence(items: list) -> ReadGrid:
    if items and all(isinstance(row, str) for row in items):
        return _parse_text("\n".join(items))
    if len(items) in _CELL_COUNTS and not any(hasattr(item, "__len__") for item in items):
        side = _CELL_COUNTS[len(items)]
        cells = [
            _list_cell(value, index // side + 1, index % side + 1, side) for index, value in enumerate(items)
        ]
        return ReadGrid(tuple(cells), side, Layout.LINE)
    side = len(items)
    if side not in SIDES:
        raise InvalidPuzzleError(
            f"a grid needs {_SIDES_TEXT} rows (or a flat list of n*n cells), not {side} items"
        )
    cells: list[int] = []
    for r, row in enumerate(items, 1):
        if isinstance(row, str | bytes) or not hasattr(row, "__len__"):
            raise InvalidPuzzleError(f"row {r} is not a list of cells (got {type(row).__name__})")
        if len(row) != side:
            raise InvalidPuzzleError(f"row {r} has {len(row)} cells; a {side}x{side} grid needs {side}")
        cells.extend(_list_cell(value, r, c, side) for c, value in enumerate(row, 1))
    return ReadGrid(tuple(cells), side, Layout.SPACED)


def _list_cell(value: object, row: int, column: int, side: int) -> int:
    where = f"row {row}, column {column}"
    if isinstance(value, str):
        return _cell_value(value.strip(), where, side)
    if isinstance(value, bool):
        raise InvalidPuzzleError(f"{where}: {value!r} is a bool, not a cell value")
    try:
        return operator.index(value)
    except TypeError:
        raise InvalidPuzzleError(f"{where}: {value!r} is not an int (0 for a blank, 1..{side})") from None


# -- writing --------------------------------------------------------------------------


def cell_char(value: int) -> str:
    """One character for a value: ``.`` for 0, ``1``-``9``, then ``A``-``P`` for 10..25."""
    return VALUE_CHARS[value - 1] if value else "."


def format_grid(grid: GridLike, layout: Layout | str = Layout.PRETTY) -> str:
    """Write a grid in a layout (no trailing newline).

    ``line``: ``n*n`` characters, ``.`` for blank. ``rows``: ``n`` lines of ``n``
    characters, ``0`` for blank (Baekjoon 2239). ``spaced``: ``n`` lines of
    space-separated numbers, ``0`` for blank (Baekjoon 2580). ``pretty``: rows with
    ``|`` between boxes and ``-+-`` rules between bands, ``.`` for blank.

    Raises:
        ValueError: unknown layout name.
    """
    layout = Layout(layout)
    rows = grid.rows()
    if layout is Layout.LINE:
        return "".join(cell_char(v) for v in grid.cells)
    if layout is Layout.ROWS:
        return "\n".join("".join(cell_char(v) if v else "0" for v in row) for row in rows)
    if layout is Layout.SPACED:
        return "\n".join(" ".join(str(v) for v in row) for row in rows)
    return _pretty(grid)


def _pretty(grid: GridLike) -> str:
    n = grid.side
    box_rows, box_cols = grid.box or (n, n)
    width = 1 if n <= 9 else 2

    def cell(v: int) -> str:
        return (str(v) if v else ".").rjust(width)

    bands = n // box_cols
    lines = []
    rule = "-+-".join("-" * (box_cols * (width + 1) - 1) for _ in range(bands))
    for r, row in enumerate(grid.rows()):
        if r and r % box_rows == 0:
            lines.append(rule)
        boxes = [" ".join(cell(v) for v in row[b * box_cols : (b + 1) * box_cols]) for b in range(bands)]
        lines.append(" | ".join(boxes))
    return "\n".join(lines)


def to_html(grid: GridLike) -> str:
    """An HTML table of the grid with thick box borders, for Jupyter."""
    n = grid.side
    box_rows, box_cols = grid.box or (n, n)
    rows = []
    for r, row in enumerate(grid.rows()):
        cells = []
        for c, v in enumerate(row):
            style = "width:1.6em;height:1.6em;text-align:center;border:1px solid #999;"
            if c % box_cols == 0:
                style += "border-left:2px solid #000;"
            if r % box_rows == 0:
                style += "border-top:2px solid #000;"
            if c == n - 1:
                style += "border-right:2px solid #000;"
            if r == n - 1:
                style += "border-bottom:2px solid #000;"
            cells.append(f'<td style="{style}">{html.escape(str(v)) if v else ""}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return '<table style="border-collapse:collapse;font-family:monospace">' + "".join(rows) + "</table>"
