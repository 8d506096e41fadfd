"""Reading and writing puzzles in the common text layouts.

Layouts understood by :func:`parse` (the size, 4x4 to 25x25, is inferred):

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
from collections.abc import Sequence
from dataclasses import dataclass

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.grid import SIDES, Grid, box_size_for_side

VALUE_CHARS = "123456789ABCDEFGHIJKLMNOP"
"""``VALUE_CHARS[v - 1]`` writes value ``v`` (1..25) as one character."""

BLANK_CHARS = ".0-_"
_VERTICAL_SEPARATORS = "|│┃║¦"
_RULE_CHARS = "-=+|─━═┼╋╬┤├┬┴┌┐└┘╔╗╚╝╠╣╦╩│┃║¦"
_CELL_COUNTS = {n * n: n for n in SIDES}


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


PuzzleInput = str | Sequence[Sequence[int]] | Grid


def parse(puzzle: PuzzleInput) -> tuple[Grid, Layout]:
    """Read one puzzle and tell which layout it was written in.

    Args:
        puzzle: text in any layout of this module, a sequence of ``n`` rows (each a
            sequence of ``n`` ints, 0 for blank, or a string in the ``rows`` layout),
            or a :class:`Grid` (returned as it is).

    Returns:
        ``(grid, layout)``; for a list of lists the layout is ``Layout.SPACED``.

    Raises:
        InvalidPuzzleError: wrong number of rows or cells, unknown character, value out
            of range, or a value repeated in a unit. The message names the line and
            column of the text, or the row, column and box of the grid.
    """
    if isinstance(puzzle, Grid):
        return puzzle, Layout.LINE
    if isinstance(puzzle, str):
        return _parse_text(puzzle)
    if isinstance(puzzle, bytes):
        return _parse_text(puzzle.decode())
    if isinstance(puzzle, Sequence) or hasattr(puzzle, "__iter__"):
        return _parse_rows(list(puzzle)), Layout.SPACED
    raise InvalidPuzzleError(f"a puzzle must be text, a list of rows or a Grid, not {type(puzzle).__name__}")


def parse_many(text: str) -> list[tuple[Grid, Layout]]:
    """Read a text holding one puzzle, or several one-line puzzles one per line.

    A text of ``n`` lines of ``n`` characters (with ``n`` in 4, 9, 16, 25) is one grid in
    the ``rows`` layout; a text whose every non-blank line is a whole one-line puzzle
    (16, 81, 256 or 625 characters) is that many puzzles.

    Raises:
        InvalidPuzzleError: as :func:`parse`; for a file of puzzles the message names
            the line.
    """
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)]
    lines = [(number, line) for number, line in lines if line]
    is_one_line_each = len(lines) > 1 and all(
        len(line) in _CELL_COUNTS and not any(ch.isspace() for ch in line) for _, line in lines
    )
    is_square = len(lines) in SIDES and all(len(line) == len(lines) for _, line in lines)
    if not is_one_line_each or is_square:
        return [parse(text)]
    puzzles = []
    for number, line in lines:
        try:
            puzzles.append(parse(line))
        except InvalidPuzzleError as error:
            raise InvalidPuzzleError(f"line {number}: {error}") from None
    return puzzles


def _parse_text(text: str) -> tuple[Grid, Layout]:
    content, has_rules = _content_lines(text)
    if not content:
        raise InvalidPuzzleError("the puzzle is empty: no cells were found")
    has_bars = any(ch in _VERTICAL_SEPARATORS for _, line in content for ch in line)
    if len(content) == 1:
        number, line = content[0]
        tokens = _split_line(number, line, expected=None)
        side = _CELL_COUNTS.get(len(tokens))
        if side is None:
            raise InvalidPuzzleError(
                f"line {number} has {len(tokens)} cells; a one-line puzzle needs "
                f"16, 81, 256 or 625 (4x4, 9x9, 16x16 or 25x25)"
            )
        layout = Layout.LINE
    else:
        side = len(content)
        if side not in SIDES:
            raise InvalidPuzzleError(
                f"found {side} rows of cells (lines {content[0][0]}-{content[-1][0]}); "
                f"a grid needs 4, 9, 16 or 25 rows, or one line of all its cells"
            )
        tokens = []
        spaced = False
        for number, line in content:
            row = _split_line(number, line, expected=side)
            spaced = spaced or any(ch.isspace() for ch in line.strip())
            tokens.extend(row)
        if has_rules or has_bars:
            layout = Layout.PRETTY
        else:
            layout = Layout.SPACED if spaced else Layout.ROWS
    cells = [_token_value(token, index, side) for index, token in enumerate(tokens)]
    return Grid(cells, box_size_for_side(side)), layout


def _content_lines(text: str) -> tuple[list[tuple[int, str]], bool]:
    """The lines that hold cells, numbered from 1, and whether rule lines were dropped."""
    lines = list(enumerate(text.splitlines(), 1))
    has_bars = any(ch in _VERTICAL_SEPARATORS for _, line in lines for ch in line)
    content, has_rules = [], False
    for number, line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if _is_rule(stripped, has_bars):
            has_rules = True
            continue
        content.append((number, stripped))
    return content, has_rules


def _is_rule(line: str, grid_has_bars: bool) -> bool:
    """A box separator line such as ``------+-------+------`` or ``+---+---+``.

    A line of dashes alone counts as a rule only in a grid drawn with ``|``, since
    elsewhere ``-`` may be a row of blanks.
    """
    if not all(ch in _RULE_CHARS or ch.isspace() for ch in line):
        return False
    return grid_has_bars or any(ch not in "- \t" for ch in line)


def _split_line(number: int, line: str, expected: int | None) -> list[_Token]:
    """Split a line into cell tokens: space-separated tokens if that gives the
    expected count (or, for one line, a whole grid), otherwise one character each."""
    chars = [
        _Token(ch, number, column)
        for column, ch in enumerate(line, 1)
        if not ch.isspace() and ch not in _VERTICAL_SEPARATORS
    ]
    words = _words(number, line)
    if expected is None:
        if len(words) in _CELL_COUNTS and any(len(w.text) > 1 for w in words):
            return words
        return chars
    if len(words) == expected and len(chars) != expected:
        return words
    if len(chars) == expected:
        return chars
    if len(words) == expected:
        return words
    counted = len(words) if len(words) > 1 and all(w.text.isdigit() for w in words) else len(chars)
    raise InvalidPuzzleError(
        f"line {number} has {counted} cells; a grid of {expected} rows needs {expected} in each row"
    )


def _words(number: int, line: str) -> list[_Token]:
    words, start = [], None
    cleaned = "".join(" " if ch in _VERTICAL_SEPARATORS else ch for ch in line)
    for column, ch in enumerate(cleaned + " ", 1):
        if ch.isspace():
            if start is not None:
                words.append(_Token(cleaned[start - 1 : column - 1], number, start))
                start = None
        elif start is None:
            start = column
    return words


def _token_value(token: _Token, index: int, side: int) -> int:
    text = token.text
    where = f"line {token.line}, column {token.column} (row {index // side + 1}, cell {index % side + 1})"
    if text.isdigit() and text.isascii():
        value = int(text)
    elif len(text) == 1 and text in BLANK_CHARS:
        value = 0
    elif len(text) == 1 and text.upper() in VALUE_CHARS:
        value = VALUE_CHARS.index(text.upper()) + 1
    else:
        raise InvalidPuzzleError(
            f"{where}: unknown character {text!r}; use 1-9, A-P for 10-25, "
            f"and '.', '0', '-' or '_' for a blank"
        )
    if value > side:
        raise InvalidPuzzleError(
            f"{where}: value {value} is out of range for a {side}x{side} grid (1..{side})"
        )
    return value


def _parse_rows(rows: list) -> Grid:
    if rows and all(isinstance(row, str) for row in rows):
        return _parse_text("\n".join(rows))[0]
    side = len(rows)
    if side not in SIDES:
        raise InvalidPuzzleError(f"a grid needs 4, 9, 16 or 25 rows, not {side}")
    cells: list[int] = []
    for r, row in enumerate(rows, 1):
        if isinstance(row, str | bytes) or not hasattr(row, "__len__"):
            raise InvalidPuzzleError(f"row {r} is a {type(row).__name__}, not a list of ints")
        if len(row) != side:
            raise InvalidPuzzleError(f"row {r} has {len(row)} cells; a {side}x{side} grid needs {side}")
        for c, value in enumerate(row, 1):
            try:
                cells.append(operator.index(value))
            except TypeError:
                raise InvalidPuzzleError(
                    f"row {r}, column {c}: {value!r} is not an int (0 for a blank, 1..{side})"
                ) from None
            if isinstance(value, bool):
                raise InvalidPuzzleError(f"row {r}, column {c}: {value!r} is a bool, not an int")
    return Grid(cells, box_size_for_side(side))


# -- writing --------------------------------------------------------------------------


def cell_char(value: int) -> str:
    """One character for a value: ``.`` for 0, ``1``-``9``, then ``A``-``P`` for 10..25."""
    return VALUE_CHARS[value - 1] if value else "."


def format_grid(grid: Grid, layout: Layout | str = Layout.PRETTY) -> str:
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


def _pretty(grid: Grid) -> str:
    k, n = grid.box_size, grid.side
    width = 1 if n <= 9 else 2

    def cell(v: int) -> str:
        return (str(v) if v else ".").rjust(width)

    lines = []
    rule = "-+-".join("-" * (k * (width + 1) - 1) for _ in range(k))
    for r, row in enumerate(grid.rows()):
        if r and r % k == 0:
            lines.append(rule)
        boxes = [" ".join(cell(v) for v in row[b * k : (b + 1) * k]) for b in range(k)]
        lines.append(" | ".join(boxes))
    return "\n".join(lines)


def to_html(grid: Grid) -> str:
    """An HTML table of the grid with thick box borders, for Jupyter."""
    k, n = grid.box_size, grid.side
    rows = []
    for r, row in enumerate(grid.rows()):
        cells = []
        for c, v in enumerate(row):
            style = "width:1.6em;height:1.6em;text-align:center;border:1px solid #999;"
            if c % k == 0:
                style += "border-left:2px solid #000;"
            if r % k == 0:
                style += "border-top:2px solid #000;"
            if c == n - 1:
                style += "border-right:2px solid #000;"
            if r == n - 1:
                style += "border-bottom:2px solid #000;"
            cells.append(f'<td style="{style}">{html.escape(str(v)) if v else ""}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return '<table style="border-collapse:collapse;font-family:monospace">' + "".join(rows) + "</table>"
