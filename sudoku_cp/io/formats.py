"""Reading and writing puzzles in the common text layouts: the text codec.

This module knows text and cell values only; :mod:`sudoku_cp.model.grid` builds a
:class:`~sudoku_cp.model.grid.Grid` from what :func:`read` returns (and checks its units).

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
(either case, ASCII only) for 10..25, as in the 16x16 and 25x25 benchmark sets. In the
``spaced`` layout a cell may also be a decimal number: a row whose words are all cells
and numbers up to the side (``1 2 ... 15 10``) is read word by word, never as characters.
Lines starting with ``#`` are comments.

Text of several puzzles (a file) is split by :func:`iter_puzzle_texts`, one line at a
time, so a file of any length is read in bounded memory (see :data:`SPLITTING`).

Sizes are bounded so that oversized input is refused before anything large is built: a
line holds at most :data:`MAX_LINE_CHARS` characters, the text of one puzzle at most
:data:`MAX_PUZZLE_CHARS`, and a sequence at most :data:`MAX_CELLS` items.
"""

from __future__ import annotations

import enum
import io
import itertools
import operator
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple, Protocol

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.model.grid import _STANDARD, BLANK_CHARS, VALUE_CHARS, BoxShape, Grid, digit_char


class GridLike(Protocol):
    """What the writers of this module read from a grid (:class:`sudoku_cp.Grid` has it)."""

    cells: tuple[int, ...]
    side: int
    box: tuple[int, int] | None

    def rows(self) -> list[tuple[int, ...]]: ...


_SEPARATORS = "|¦,;[]'\""  # read like spaces between cells: box bars, CSV, pasted Python lists
SIDES = tuple(range(4, 26))
"""The sides read from text: 4x4 to 25x25 (boxes or not is the grid's business)."""
_CELL_COUNTS = {n * n: n for n in SIDES}
_SIDES_TEXT = "4 to 25"
MAX_CELLS = SIDES[-1] ** 2
"""The most cells a puzzle has (25x25)."""
MAX_LINE_CHARS = 8 * MAX_CELLS
"""The longest line read: a whole 25x25 puzzle with up to 7 separator characters per cell."""
MAX_PUZZLE_CHARS = 40 * MAX_LINE_CHARS
"""The longest text read as one puzzle (about 25 such lines, rules and blank lines)."""
_SEPARATOR_RE = re.compile("[\\s|\u00a6,;\\[\\]'\"\u2500-\u257f]+")
_RULE_CHARS_RE = re.compile("[-=+\\s|\u00a6,;\\[\\]'\"\u2500-\u257f]+")
_HEADER_RE = re.compile(r"(grid|puzzle|sudoku)\b", re.IGNORECASE)
_SMALL_CELLS = frozenset(BLANK_CHARS + "1234")
_ONE_PUZZLE_LINES = 64  # more non-blank lines than a 25x25 grid with its rules can have


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


class _Token(NamedTuple):  # a named tuple: cheaper to declare and to make than a dataclass (start-up)
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


def read(puzzle: PuzzleText, *, first_line: int = 1) -> ReadGrid:
    """Read the cells of one puzzle and tell which layout it was written in.

    Args:
        puzzle: text in any layout of this module (``bytes`` must be UTF-8); a sequence
            of ``n`` rows, each a sequence of ``n`` cells (ints, 0 for blank, or
            one-character strings as in a LeetCode board) or a string in a text layout;
            or a flat sequence of ``n*n`` ints. NumPy arrays work as sequences.
        first_line: the number of the text's first line in messages (for a puzzle cut
            from a file).

    Returns:
        A :class:`ReadGrid`: the layout of text or row strings; ``Layout.SPACED`` for
        rows of cells, ``Layout.LINE`` for a flat sequence. Repeated values are not
        checked here (:class:`~sudoku_cp.model.grid.Grid` does that).

    Raises:
        InvalidPuzzleError: wrong number of rows or cells, unknown character or value
            out of range, bytes that are not UTF-8, or input far too large for a puzzle
            (refused before it is read). The message names the line and column of the
            text, or the row and column of the grid.
    """
    if isinstance(puzzle, bytes | bytearray):
        puzzle = _decode(bytes(puzzle))
    if isinstance(puzzle, str):
        return _parse_text(puzzle, first_line)
    if isinstance(puzzle, Mapping | set | frozenset) or not hasattr(puzzle, "__iter__"):
        raise InvalidPuzzleError(
            f"a puzzle must be text, a list of rows or a Grid; got {type(puzzle).__name__}"
        )
    return _parse_sequence(bounded_list(puzzle))


def bounded_list(items: Iterable) -> list:
    """The items of an iterable as a list, reading no more than :data:`MAX_CELLS` + 1.

    Raises:
        InvalidPuzzleError: more than :data:`MAX_CELLS` items, or not iterable after all
            (a 0-d NumPy array).
    """
    try:
        listed = list(itertools.islice(items, MAX_CELLS + 1))
    except TypeError as error:
        raise InvalidPuzzleError(
            f"a puzzle must be text, a list of rows or a Grid; got {type(items).__name__} ({error})"
        ) from None
    if len(listed) > MAX_CELLS:
        raise InvalidPuzzleError(
            f"a puzzle has at most {MAX_CELLS} cells (25x25); this sequence has more than {MAX_CELLS} items"
        )
    return listed


def _decode(data: bytes) -> str:
    if len(data) > 4 * MAX_PUZZLE_CHARS:  # 4 bytes a character at most: too long before decoding
        raise _too_long(len(data), "bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidPuzzleError(
            f"the puzzle is not UTF-8 text: byte 0x{data[error.start]:02x} at position {error.start}"
        ) from None


def _too_long(size: int, unit: str) -> InvalidPuzzleError:
    return InvalidPuzzleError(
        f"the text is {size} {unit} long; one puzzle (up to 25x25) takes at most {MAX_PUZZLE_CHARS} "
        f"characters: for a file of many puzzles use load_puzzles() or 'sudoku-cp solve FILE'"
    )


SPLITTING = """\
How a text of several puzzles is split, one line at a time:

* blank lines separate puzzles; lines starting with '#' are comments; a line starting with
  'Grid', 'Puzzle' or 'Sudoku' (Project Euler 96's 'Grid 01') is a header that starts
  the next puzzle;
* a line holding a whole puzzle (81, 256 or 625 cells) is one puzzle;
* otherwise lines are rows: a grid ends once it has as many rows as its first row has
  cells (rules such as '------+------' do not count), so grids may follow each other
  with no blank line, as 'sudoku-cp solve --layout pretty' prints them;
* lines of 16 cells holding only blanks and 1-4 are 4x4 puzzles, one per line; 16
  lines of 16 cells with a larger value (or box bars) are one 16x16 grid;
* one puzzle per line (--one-per-line): every line that is not blank, a comment or a
  header is a whole puzzle;
* a short text (a few dozen lines) whose pieces do not read but which reads as one
  puzzle (a grid with blank lines between its rows) is that one puzzle."""
"""The rules of :func:`iter_puzzle_texts` and :func:`split_puzzles`, as told by ``--help``."""


def iter_puzzle_texts(lines: Iterable[str], *, one_per_line: bool = False) -> Iterator[tuple[int, str]]:
    """Split lines of text into the texts of single puzzles, lazily (see :data:`SPLITTING`).

    Args:
        lines: the lines of a text or file, with or without their line endings; read one
            at a time (the first few dozen are looked at together, to recognise one grid
            with blank lines in it), so memory does not grow with the number of lines.
        one_per_line: every line that is not blank, a comment or a header is one puzzle.

    Yields:
        ``(line number, puzzle text)``: the 1-based number of the puzzle's first line
        (pass it to :func:`read` as ``first_line``) and its text. A line that is
        neither a puzzle nor a row comes alone, so that reading it names it.
    """
    lines = iter(lines)
    head, non_blank, size = [], 0, 0
    for line in lines:
        head.append(line)
        non_blank += bool(line.strip())
        size += len(line)
        if non_blank > _ONE_PUZZLE_LINES or size > MAX_PUZZLE_CHARS:  # too long for one puzzle
            yield from _split_lines(itertools.chain(head, lines), one_per_line)
            return
    chunks = list(_split_lines(head, one_per_line))
    if len(chunks) > 1 and not one_per_line:
        whole = "\n".join(line.rstrip("\r\n") for line in head)
        if _reads(whole) and not all(_reads(chunk) for _, chunk in chunks):
            chunks = [(1, whole)]  # one grid with blank lines between its rows
        elif _ragged_rows(head) and not any(_reads(chunk) for _, chunk in chunks):
            chunks = [(1, whole)]  # rows of unequal lengths: one error, as read() gives
    yield from chunks


def _ragged_rows(lines: list[str]) -> bool:
    """True for one block of lines (no blank line, comment or header between them), each
    of at most 25 cells: rows of one grid, even if of unequal lengths."""
    rows = [line.strip() for line in lines]
    while rows and not rows[-1]:
        rows.pop()
    while rows and not rows[0]:
        rows.pop(0)
    return bool(rows) and all(
        row and not row.startswith("#") and not _HEADER_RE.match(row) and len(_row_tokens(row)) <= SIDES[-1]
        for row in rows
        if not _RULE_CHARS_RE.fullmatch(row)
    )


def split_puzzles(text: str, *, one_per_line: bool = False) -> list[tuple[int, str]]:
    """Split a text into puzzles: ``[(first line number, puzzle text), ...]`` (see
    :data:`SPLITTING`); a text with no puzzle gives ``[(1, text)]``, so that reading
    it says it is empty."""
    text = text.removeprefix("\ufeff")
    chunks = list(iter_puzzle_texts(io.StringIO(text, newline=None), one_per_line=one_per_line))
    return chunks or [(1, text)]


def _split_lines(lines: Iterable[str], one_per_line: bool) -> Iterator[tuple[int, str]]:
    splitter = _Splitter(one_per_line)
    for number, line in enumerate(lines, 1):
        yield from splitter.feed(number, line)
    yield from splitter.end()


def locate(message: str, number: int) -> str:
    """An error message of the puzzle starting at line ``number`` of a file: prefixed with
    ``line N:`` unless it already names its line."""
    return message if message.startswith("line ") else f"line {number}: {message}"


def _reads(text: str) -> bool:
    try:
        read(text)
    except InvalidPuzzleError:
        return False
    return True


class _Splitter:
    """The state of :func:`iter_puzzle_texts`: the lines of the grid being gathered."""

    def __init__(self, one_per_line: bool) -> None:
        self.one_per_line = one_per_line
        self.lines: list[tuple[int, str]] = []  # the pending grid: rows and rules
        self.leading: list[tuple[int, str]] = []  # rules seen before its first row
        self.rows = 0
        self.side = 0
        self.small = False  # every row so far could be a one-line 4x4 puzzle

    def feed(self, number: int, raw: str) -> Iterator[tuple[int, str]]:
        line = raw.strip().lstrip("\ufeff")
        if line.startswith("#"):
            return
        if not line or _HEADER_RE.match(line):
            yield from self.end()
            return
        if self.one_per_line or len(line) > MAX_LINE_CHARS:
            yield from self.end()
            yield number, line
            return
        if _RULE_CHARS_RE.fullmatch(line):
            yield from self._rule_or_dashes(number, line)
            return
        tokens = _row_tokens(line)
        if self.lines and (len(tokens) > SIDES[-1] or (self.small and len(tokens) != self.side)):
            yield from self.end()  # a whole puzzle or a line of another size ends a 4x4 run
        if not self.lines and len(tokens) not in SIDES:
            yield number, line  # a one-line puzzle, or a bad line reported alone
            return
        yield from self._row(number, line, tokens)

    def _rule_or_dashes(self, number: int, line: str) -> Iterator[tuple[int, str]]:
        """A rule (kept with its grid) or, inside a grid, a row of ``-`` blanks."""
        if self.lines and _line_kind(line) == "dashes" and len(_row_tokens(line)) == self.side:
            yield from self._row(number, line, _row_tokens(line))
        elif self.lines:
            self.lines.append((number, line))
            self.small = False
        else:
            self.leading.append((number, line))

    def _row(self, number: int, line: str, tokens: list[str]) -> Iterator[tuple[int, str]]:
        if not self.lines:  # the first row: it sets the side
            self.lines, self.leading = self.leading, []
            self.side, self.rows = len(tokens), 0
            self.small = self.side == 16 and not self.lines
        self.lines.append((number, line))
        self.rows += 1
        self.small = self.small and _SMALL_CELLS.issuperset(tokens) and not _has_bars(line)
        if self.rows == self.side:
            yield from self.end()

    def end(self) -> Iterator[tuple[int, str]]:
        """Yield the pending grid (or, for a run of 4x4 one-liners, each line)."""
        lines, small = self.lines, self.small
        self.lines, self.leading, self.rows, self.side, self.small = [], [], 0, 0, False
        if small:
            yield from lines
        elif lines:
            yield lines[0][0], "\n".join(line for _, line in lines)


def _row_tokens(line: str) -> list[str]:
    """The cells of a line as the splitter counts them: its words when they are numbers
    (the spaced layout), else its characters other than separators."""
    words = [word for word in _SEPARATOR_RE.split(line) if word]
    if _are_numbers(words, SIDES[-1]):
        return words
    return [ch for word in words for ch in word]


def _are_numbers(words: Sequence[str], limit: int) -> bool:
    """True when the words are cells of the spaced layout: each one character or a
    number from 10 to ``limit`` (no leading zero), and at least one such number."""
    has_number = False
    for word in words:
        if len(word) == 1:
            continue
        if len(word) > 2 or not (word.isascii() and word.isdigit()) or word[0] == "0" or int(word) > limit:
            return False
        has_number = True
    return has_number


def _has_bars(line: str) -> bool:
    return any(ch in "|\u00a6" or _is_box_drawing(ch) for ch in line)


_PLAIN_VALUES = {ch: 0 for ch in BLANK_CHARS} | {str(value): value for value in range(1, 10)}
_PLAIN_CHARS = frozenset(_PLAIN_VALUES)


def plain_line(text: str) -> str | None:
    """``text`` without surrounding whitespace when it is the commonest puzzle of all, one
    line of 81 digits and blanks (``.0-_``) and nothing else, else ``None``. Such a line
    reads as a 9x9 grid in the ``line`` layout without the general parser (which took
    a batch's caller about 0.3 ms a puzzle).

    >>> plain_line("4.....8.5.3" + "." * 70 + "\\n")[:11], plain_line("1 2 3") is None
    ('4.....8.5.3', True)
    """
    line = text.strip()
    if len(line) == 81 and _PLAIN_CHARS.issuperset(line):
        return line
    return None


def _parse_text(text: str, first_line: int = 1) -> ReadGrid:
    if len(text) > MAX_PUZZLE_CHARS:
        raise _too_long(len(text), "characters")
    line = plain_line(text)
    if line is not None:  # the general parser below reads it the same, slowly
        return ReadGrid(tuple(map(_PLAIN_VALUES.__getitem__, line)), 9, Layout.LINE)
    content, has_rules = _content_lines(text.removeprefix("\ufeff"), first_line)  # a BOM from Windows editors
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
    if side == 16:
        _check_hexadoku(tokens)
    cells = [_token_value(token, index, side) for index, token in enumerate(tokens)]
    return ReadGrid(tuple(cells), side, layout)


def _check_hexadoku(tokens: Sequence[_Token]) -> None:
    """Refuse a 16x16 grid of characters that holds ``0`` but never ``G``: in this module's
    notation (1-9, A-G) ``0`` is a blank, but such a grid is as likely a hexadoku written
    0-F, where ``0`` is a value; reading it either way could be silently wrong."""
    if any(len(token.text) > 1 for token in tokens):
        return  # decimal numbers (the spaced layout): 0 is a blank, 16 is 16
    texts = {token.text for token in tokens}
    if "0" not in texts or texts & {"G", "g"}:
        return
    zero = next(token for token in tokens if token.text == "0")
    where = f"line {zero.line}, column {zero.column}"
    if texts & {".", "-", "_"}:
        raise InvalidPuzzleError(
            f"{where}: this 16x16 grid has '0' among its values and '.' for blanks: it reads as a "
            f"hexadoku in 0-F notation, which is refused rather than guessed; write it in 1-9, A-G "
            f"notation (add 1 to every value: 0 becomes 1, F becomes G)"
        )
    raise InvalidPuzzleError(
        f"{where}: this 16x16 grid holds '0' but never 'G', so it is ambiguous and refused: in "
        f"1-9, A-G notation '0' is a blank, in hexadoku (0-F) notation it is a value; write blanks "
        f"as '.', or add 1 to every value of a hexadoku (0 becomes 1, F becomes G)"
    )


def _content_lines(text: str, first_line: int = 1) -> tuple[list[tuple[int, str]], bool]:
    """The lines that hold cells, numbered from ``first_line``, and whether rule lines were
    dropped (comment and header lines are dropped too).

    A line of only ``-``, bars and spaces is either a rule (``-------``) or a row of
    ``-`` blanks; it is taken as a row when that makes a whole grid of such rows.

    Raises:
        InvalidPuzzleError: a line longer than :data:`MAX_LINE_CHARS`.
    """
    content, dashes, has_rules = [], [], False
    for number, line in enumerate(text.splitlines(), first_line):
        stripped = line.strip()
        if len(stripped) > MAX_LINE_CHARS:
            raise InvalidPuzzleError(
                f"line {number} is longer than {MAX_LINE_CHARS} characters: too long for a row "
                f"or a one-line puzzle"
            )
        if not stripped or stripped.startswith("#") or _HEADER_RE.match(stripped):
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
    """Split a line into cell tokens: its words when they are numbers (the spaced layout,
    where ``10`` is one cell), otherwise one character each; with ``expected`` cells."""
    words = _words(number, line)
    texts = [w.text for w in words]
    if _are_numbers(texts, SIDES[-1]) and (
        expected is None or len(words) == expected or _are_numbers(texts, expected)
    ):
        tokens = words  # 12 among nine words of a 9x9 row is one cell, out of range
    else:
        tokens = [_Token(ch, number, column) for column, ch in enumerate(line, 1) if not _is_separator(ch)]
    if expected is not None and len(tokens) != expected:
        raise InvalidPuzzleError(
            f"line {number} has {len(tokens)} cells; a grid of {expected} rows needs {expected} in each row"
        )
    return tokens


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
        digits = text.lstrip("0")
        if len(digits) > 2:  # never int() thousands of digits
            raise InvalidPuzzleError(
                f"{where}: value {digits[:8]}... ({len(digits)} digits) is out of range for a "
                f"{side}x{side} grid (1..{side})"
            )
        value = int(text)
        meaning = f"value {value}"
    elif len(text) == 1 and text in BLANK_CHARS:
        return 0
    elif len(text) == 1 and text.isascii() and text.upper() in VALUE_CHARS:
        value = VALUE_CHARS.index(text.upper()) + 1
        meaning = f"{text!r} stands for {value}, which"
    else:
        raise InvalidPuzzleError(
            f"{where}: unknown character {text[:20]!r}; use 1-9, A-P for 10-25, "
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


_CELL_CHARS = "." + VALUE_CHARS


def format_grid(grid: GridLike, layout: Layout | str = Layout.PRETTY) -> str:
    """Write a grid in a layout (no trailing newline).

    ``line``: ``n*n`` characters, ``.`` for blank. ``rows``: ``n`` lines of ``n``
    characters, ``0`` for blank (Baekjoon 2239). ``spaced``: ``n`` lines of
    space-separated numbers, ``0`` for blank (Baekjoon 2580). ``pretty``: rows with
    ``|`` between boxes and ``-+-`` rules between bands, ``.`` for blank. A multi-grid
    board (:class:`~sudoku_cp.model.multigrid.MultiGrid`) writes its inside cells on one line
    (``line``, as a record's ``solution``), else its rows with ``.`` for blank and outside.

    Raises:
        ValueError: unknown layout name.
    """
    layout = Layout(layout)
    if getattr(grid, "chosen_digits", None):
        return _format_digits(grid, layout)  # type: ignore[arg-type]
    if layout is Layout.LINE:  # _CELL_CHARS[v] is cell_char(v), without a call per cell
        return "".join(map(_CELL_CHARS.__getitem__, grid.cells))
    if hasattr(grid, "board"):  # a multi-grid board (sudoku_cp.model.multigrid): its rows, '.' outside
        return grid.format()  # type: ignore[attr-defined]
    rows = grid.rows()
    if layout is Layout.ROWS:
        return "\n".join("".join(cell_char(v) if v else "0" for v in row) for row in rows)
    if layout is Layout.SPACED:
        return "\n".join(" ".join(str(v) for v in row) for row in rows)
    return _pretty(grid)


def _format_digits(grid: Grid, layout: Layout) -> str:
    """A grid of chosen digits (:attr:`Grid.digits`) in a layout: the digits themselves,
    and ``.`` for a blank wherever ``0`` would be read as a digit."""
    n, values = grid.side, grid.values
    rows = [values[r * n : (r + 1) * n] for r in range(n)]
    blank = "." if 0 in grid.digits else "0"
    if layout is Layout.LINE:
        return grid.to_string()
    if layout is Layout.ROWS:
        return "\n".join("".join(blank if v is None else digit_char(v) for v in row) for row in rows)
    if layout is Layout.SPACED:
        return "\n".join(" ".join(blank if v is None else str(v) for v in row) for row in rows)
    return _pretty(grid, rows)


def _pretty(grid: GridLike, rows: Sequence[Sequence[int | None]] | None = None) -> str:
    n = grid.side
    box_rows, box_cols = grid.box or (n, n)
    width = 1 if n <= 9 and max(getattr(grid, "digits", (9,))) <= 9 else 2

    def cell(v: int | None) -> str:
        return (
            (str(v) if v else ".").rjust(width)
            if rows is None
            else ("." if v is None else str(v)).rjust(width)
        )

    bands = n // box_cols
    lines = []
    rule = "-+-".join("-" * (box_cols * (width + 1) - 1) for _ in range(bands))
    for r, row in enumerate(rows if rows is not None else grid.rows()):
        if r and r % box_rows == 0:
            lines.append(rule)
        boxes = [" ".join(cell(v) for v in row[b * box_cols : (b + 1) * box_cols]) for b in range(bands)]
        lines.append(" | ".join(boxes))
    return "\n".join(lines)


_DIGIT_BLANKS = "._"


def _digit_tokens(text: str) -> tuple[list[str], Layout]:
    """The cells of a text of chosen digits: one character each (separators, box bars and
    rule lines skipped), or space-separated numbers when a cell is written with two."""
    lines = [line for line in text.splitlines() if line.strip() and not set(line.strip()) <= set("-+=|")]
    words = [w for line in lines for w in _SEPARATOR_RE.split(line) if w]
    if len(words) in _CELL_COUNTS and all(w.isdigit() or w in _DIGIT_BLANKS for w in words):
        return words, Layout.SPACED
    chars = [ch for line in lines for ch in line if ch.isalnum() or ch in _DIGIT_BLANKS]
    return chars, Layout.LINE if len(lines) == 1 else Layout.ROWS


def _digit_item(value: object, at: int) -> int | None:
    """One cell of a sequence of chosen digits: an int, a one-character string, or a blank
    (``None``, ``"."``, ``"_"``, ``""``)."""
    if value is None or (isinstance(value, str) and value.strip() in ("", *_DIGIT_BLANKS)):
        return None
    if isinstance(value, str):
        try:
            return int(value.strip(), 36)
        except ValueError:
            raise InvalidPuzzleError(
                f"cell {at + 1}: {value[:20]!r} is not a digit or a blank ('.')"
            ) from None
    if isinstance(value, bool):
        raise InvalidPuzzleError(f"cell {at + 1}: {value!r} is a bool, not a digit")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidPuzzleError(f"cell {at + 1}: {value!r} is not an int (None for a blank)") from None


def parse_digits(
    puzzle: PuzzleText | Grid, digits: Iterable[int], box: BoxShape | int | None | str = _STANDARD
) -> tuple[Grid, Layout]:
    """Read a puzzle whose digits are not ``1..n`` (``0..8``, SudokuPad's ``124689``...).

    Text holds one character per cell (``0``-``9``, ``A``-``P``; ``.`` or ``_`` for a
    blank, and ``0`` too when 0 is not one of the digits; spaces, ``|`` and rule lines are
    skipped) or space-separated numbers; a sequence holds ints (``None`` for a blank).

    >>> parse_digits("0123 2301 .... ....", range(4))[0].values[:5]
    (0, 1, 2, 3, 2)

    Raises:
        InvalidPuzzleError: a character or value that is not one of the digits, or a
            cell count that is not a square.
    """
    from sudoku_cp.model.grid import check_digits

    if isinstance(puzzle, Grid):
        wanted = check_digits(digits, puzzle.side)
        if puzzle.chosen_digits != wanted:
            raise InvalidPuzzleError(f"the grid's digits are {puzzle.digits}, not {tuple(digits)}")
        return puzzle, Layout.LINE
    if isinstance(puzzle, bytes | bytearray):
        puzzle = _decode(bytes(puzzle))
    if isinstance(puzzle, str):
        tokens, layout = _digit_tokens(puzzle)
        values: list[int | None] = []
        for at, token in enumerate(tokens):
            if token in _DIGIT_BLANKS:
                values.append(None)
                continue
            try:
                values.append(int(token, 10 if len(token) > 1 else 36))
            except ValueError:
                raise InvalidPuzzleError(
                    f"cell {at + 1}: {token[:20]!r} is not a digit or a blank ('.')"
                ) from None
    else:
        items = bounded_list(puzzle)
        if items and all(hasattr(row, "__len__") and not isinstance(row, str) for row in items):
            items = [v for row in items for v in row]
        values = [_digit_item(v, at) for at, v in enumerate(items)]
        layout = Layout.SPACED
    if len(values) not in _CELL_COUNTS:
        raise InvalidPuzzleError(f"a grid has n*n cells for a side n of {_SIDES_TEXT}, not {len(values)}")
    return Grid.from_digits(values, box, digits), layout


def parse(
    puzzle: PuzzleText | Grid, box: BoxShape | int | None | str = _STANDARD, *, first_line: int = 1
) -> tuple[Grid, Layout]:
    """Read one puzzle and tell which layout it was written in.

    Args:
        puzzle: text in any layout of :mod:`sudoku_cp.io.formats`, a sequence of rows, a flat
            sequence of ``n*n`` ints, or a :class:`Grid` (returned as it is).
        box: the box shape, as in :class:`Grid`.
        first_line: the number of the text's first line in messages (for a puzzle cut
            from a file, see :func:`sudoku_cp.io.formats.iter_puzzle_texts`).

    Returns:
        ``(grid, layout)``; ``Layout.LINE`` for a Grid.

    Raises:
        InvalidPuzzleError: malformed input (the message names the line and column) or a
            value repeated in a unit (the message names the unit).
    """
    if isinstance(puzzle, Grid):
        return puzzle, Layout.LINE
    text = read(puzzle, first_line=first_line)
    return Grid(text.cells, box), text.layout


def parse_many(text: str, *, one_per_line: bool = False) -> list[tuple[Grid, Layout]]:
    """Read a text holding one puzzle or several: one-line puzzles, grids separated by
    blank lines or headers, comments (see :data:`sudoku_cp.io.formats.SPLITTING`).

    Args:
        text: the text, e.g. a file's content.
        one_per_line: every line that is not blank, a comment or a header is one puzzle.

    Returns:
        ``[(grid, layout), ...]`` in the order of the text.

    Raises:
        InvalidPuzzleError: as :func:`parse`, for the first puzzle that does not read;
            for a text of several puzzles the message names its line.
    """
    chunks = split_puzzles(text, one_per_line=one_per_line)
    if len(chunks) == 1:
        number, chunk = chunks[0]
        return [parse(chunk, first_line=number)]
    puzzles = []
    for number, chunk in chunks:
        try:
            puzzles.append(parse(chunk, first_line=number))
        except InvalidPuzzleError as error:
            raise InvalidPuzzleError(locate(str(error), number)) from None
    return puzzles
