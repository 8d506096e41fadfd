"""Every accepted input as a :class:`~sudoku_cp.model.puzzle.Puzzle`: a puzzle, a JSON record,
text in any layout, a list of lists, a :class:`~sudoku_cp.model.grid.Grid`; and the puzzles of
files and streams in any registered format (:mod:`sudoku_cp.io.readers`).

>>> puzzle, layout = as_puzzle("1..." "..2." ".3.." "...4")
>>> puzzle.side, layout.value
(4, 'line')
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, BinaryIO

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.io import readers
from sudoku_cp.io.formats import Layout
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle

if TYPE_CHECKING:
    from pathlib import Path


PuzzleInput = str | bytes | Mapping[str, Any] | Grid | Puzzle | Iterable
"""What :func:`sudoku_cp.solve` takes: text in any layout (or a JSON record), a list of
lists, a :class:`Grid` or a :class:`Puzzle`."""


def as_puzzle(puzzle: PuzzleInput) -> tuple[Puzzle, Layout]:
    """Any puzzle input as a :class:`Puzzle`, with the text layout it came in.

    A :class:`Grid`, a text grid or a list of lists means classic rules; a mapping is a
    JSON record (:meth:`Puzzle.from_dict`); text is read by the reader its start calls
    for (:func:`sudoku_cp.io.readers.read_one`): a JSON record, or a grid in any layout.

    Raises:
        InvalidPuzzleError: malformed input, naming what and where.
    """
    if isinstance(puzzle, Puzzle):
        return puzzle, Layout.LINE
    if isinstance(puzzle, Mapping):
        return Puzzle.from_dict(puzzle), Layout.LINE
    if isinstance(puzzle, Grid):
        return Puzzle(puzzle), Layout.LINE
    if isinstance(puzzle, str | bytes | bytearray):
        return build(readers.read_one(puzzle))
    grid, layout = readers.read_text_grid(puzzle)
    return Puzzle(grid), layout


def build(entry: readers.Entry) -> tuple[Puzzle, Layout]:
    """The puzzle of one entry of a reader, with its text layout (``line`` for a record).

    Raises:
        InvalidPuzzleError: the entry does not read or its record is malformed; the
            message is the entry's own (see :meth:`~sudoku_cp.io.readers.Entry.locate`).
    """
    read = entry.load()
    if isinstance(read, tuple):
        grid, layout = read
        return Puzzle(grid), layout
    return Puzzle.from_dict(read), Layout.LINE


def read_puzzles(
    source: str | Path | BinaryIO, *, format: str | None = None, one_per_line: bool = False
) -> Iterator[Puzzle]:
    """The puzzles of a file or binary stream in any registered format, lazily (see
    :mod:`sudoku_cp.io.readers`: JSON, JSON Lines, text layouts).

    Raises:
        InvalidPuzzleError: a puzzle that does not read, or input beyond a bound; the
            message names the input and where in it (line, or record index and ``id``).
        OSError: the file cannot be read.
    """
    name = str(getattr(source, "name", source)) if not isinstance(source, str) else source
    entries = readers.read(source, format=format, one_per_line=one_per_line)
    try:
        for entry in entries:
            try:
                yield build(entry)[0]
            except InvalidPuzzleError as error:
                raise InvalidPuzzleError(f"{name}: {entry.locate(error)}") from None
    finally:
        entries.close()  # closes a file that read() opened


def load_puzzles(path: str | Path, *, format: str | None = None, one_per_line: bool = False) -> list[Puzzle]:
    """Read every puzzle of a file: JSON (one record or a list), JSON Lines, or text grids
    in any layout (see :mod:`sudoku_cp.io.readers`; ``format`` names a reader instead of
    telling by the file's start).

    Text is read a line at a time (a line over 5,000 characters is refused as soon as it
    is met, so ``/dev/zero`` is refused at once); JSON is read whole up to 50 MB.

    Raises:
        InvalidPuzzleError: not JSON, or a malformed record (the message names its index
            and ``id``), or a text puzzle that does not read (the message names its line).
        OSError: the file cannot be read.
    """
    with open(path, "rb") as stream:
        source = readers.Source(stream, str(path), one_per_line=one_per_line)
        return list(read_puzzles(source, format=format))


def puzzles_from_json(text: str | bytes, where: str = "JSON") -> list[Puzzle]:
    """The puzzles of a JSON text: one record or a list of records.

    Raises:
        InvalidPuzzleError: not JSON, or a malformed record (the message names its index).
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
    return list(read_puzzles(readers.Source(io.BytesIO(data), where), format="json"))


def to_puzzle(puzzle: PuzzleInput) -> Puzzle:
    """The :class:`Puzzle` of any input, so that a backend module's functions also take a
    :class:`~sudoku_cp.model.grid.Grid` or text when called directly (classic rules)."""
    return puzzle if isinstance(puzzle, Puzzle) else as_puzzle(puzzle)[0]


__all__ = [
    "PuzzleInput",
    "as_puzzle",
    "build",
    "load_puzzles",
    "puzzles_from_json",
    "read_puzzles",
    "to_puzzle",
]
