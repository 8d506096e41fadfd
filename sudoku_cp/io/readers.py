"""One registry of puzzle readers: every input of the package (``solve()``, ``load_puzzles``,
``datasets`` and each ``sudoku-cp`` command) is read here.

A *reader* turns a file, a stream or a text into :class:`Entry` objects, one per puzzle,
each read on demand: a text grid gives a :class:`~sudoku_cp.model.grid.Grid` and its layout,
any other format gives a JSON puzzle record (the interchange form of
:meth:`sudoku_cp.Puzzle.from_dict`), so a reader of another site's format only translates
it into a record. :mod:`sudoku_cp.model.puzzle` builds the puzzles.

Registered readers, tried in this order (the first whose *sniff test* accepts the start of
the input reads it; ``format=`` names one instead):

``jsonl``
    JSON Lines: one JSON record per line (the first line a whole ``{...}`` object). Read
    one line at a time, so a file of any length is read in bounded memory; a line holds
    at most :data:`MAX_JSON_BYTES`.
``json``
    One JSON record or a list of records (``{`` first, or ``[`` then ``{``). Read whole,
    up to :data:`MAX_JSON_BYTES` (50 MB), and refused beyond it.
``link``
    f-puzzles and SudokuPad links, one per line (:mod:`sudoku_cp.io.links`): each is decoded
    into a JSON puzzle record; a line holds at most :data:`sudoku_cp.io.links.MAX_LINK_LENGTH`
    characters.
``iss``
    The constraint strings of sigh's Interactive Sudoku Solver (``.~R1C1_5.Thermo~R2C2~R2C3``,
    :mod:`sudoku_cp.io.iss`): the whole input is one puzzle (whitespace ignored, as ISS
    does), or one per line with ``one_per_line``; at most :data:`sudoku_cp.io.iss.MAX_STRING`
    characters. ISS share links are read by the ``link`` reader.
``text``
    The text layouts of :mod:`sudoku_cp.io.formats` (one-line puzzles, grids of rows, pretty
    grids, several puzzles split as :data:`sudoku_cp.io.formats.SPLITTING` says); the
    fallback, tried last. Read a line at a time: a line longer than
    :data:`~sudoku_cp.io.formats.MAX_LINE_CHARS` characters is refused as soon as it is met
    (so ``/dev/zero`` is refused after its first 20 KB), one puzzle's text at most
    :data:`~sudoku_cp.io.formats.MAX_PUZZLE_CHARS`.

Adding a reader is one function plus one registration::

    def read_fpuzzles(source: Source) -> Iterator[Entry]:
        line = source.readline(MAX_JSON_BYTES).decode("utf-8")
        yield Entry("link 1", lambda: fpuzzles_record(line))   # a JSON puzzle record

    register_reader("fpuzzles", read_fpuzzles, sniff=lambda head: head.startswith("https://f-puzzles.com"))

The sniff test gets ``head``: the first non-blank line of the input (and the second, when
the first is a lone ``[``), decoded as UTF-8 with a BOM and surrounding spaces removed.
It must be cheap and must not read further.
"""

from __future__ import annotations

import io
import itertools
import math
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from sudoku_cp.errors import HugeInt, InvalidPuzzleError, quote
from sudoku_cp.io import formats
from sudoku_cp.io.formats import MAX_LINE_CHARS, Layout
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.multigrid import MultiGrid, named_board_in

MAX_JSON_BYTES = 50_000_000
"""The largest JSON text read (one document, or one line of JSON Lines): 50 MB."""
MAX_JSON_INT_DIGITS = 30
"""Integers in JSON longer than this are read as :class:`HugeInt`, refused where a number is expected."""
TEXT_LINE_BYTES = 4 * (MAX_LINE_CHARS + 1)
"""The longest text line read, in bytes (UTF-8 takes up to 4 a character)."""
_BLANK_LINES_SNIFFED = 1000  # blank lines skipped before deciding an input is text

ReadPuzzle = tuple[Grid | MultiGrid, Layout] | Mapping[str, Any]
"""What an entry reads: a text puzzle's grid and layout, or a JSON puzzle record."""


_LONG_NUMBER_RE = re.compile(r"(?:^|[\[:,])\s*-?\d{" + str(MAX_JSON_INT_DIGITS + 1) + "}")


def _parse_int(text: str) -> int | HugeInt:
    return int(text) if len(text) <= MAX_JSON_INT_DIGITS else HugeInt(text)


def loads_json(text: str | bytes, where: str) -> Any:
    """Decode JSON text, refusing what cannot be a puzzle file with :class:`InvalidPuzzleError`.

    Args:
        text: the JSON text (``bytes`` as UTF-8); a BOM is skipped.
        where: the input's name, first in every message (``""``: none).

    Returns:
        The decoded value; integers of more than :data:`MAX_JSON_INT_DIGITS` digits come
        back as :class:`HugeInt`.

    Raises:
        InvalidPuzzleError: longer than :data:`MAX_JSON_BYTES`, not UTF-8, more than
            :data:`MAX_LISTS_PER_RECORD` lists a record, not JSON, or nested too deeply
            for Python's decoder.
    """
    if len(text) > MAX_JSON_BYTES:
        raise too_big(where)
    at = f"{where}: " if where else ""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidPuzzleError(f"{at}not UTF-8 text (byte {error.start})") from None
    _check_list_count(text, at)
    # the parse_int hook slows the decoder threefold: used only when a long number may be there
    hook = _parse_int if _LONG_NUMBER_RE.search(text) else None
    import json  # here: only a JSON input needs the decoder (start-up time)

    try:
        return json.loads(text.removeprefix("\ufeff"), parse_int=hook)
    except json.JSONDecodeError as error:
        raise InvalidPuzzleError(f"{at}not valid JSON: {error}") from None
    except RecursionError:
        raise InvalidPuzzleError(f"{at}the JSON is nested too deeply to be a puzzle") from None


MAX_LISTS_PER_RECORD = 100_000
"""The most JSON lists (``[``) a text may hold per puzzle record (per ``"grid"`` key) before
it is decoded: a 25x25 record with every rule needs a few thousand; a record of a million
one-cell cages is refused at once instead of after seconds of decoding."""


def _check_list_count(text: str, at: str) -> None:
    lists = text.count("[")
    if lists > MAX_LISTS_PER_RECORD:
        records = max(1, text.count('"grid"'))
        if lists > MAX_LISTS_PER_RECORD * records:
            raise InvalidPuzzleError(
                f"{at}{lists} JSON lists for {records} puzzle record(s): more than {MAX_LISTS_PER_RECORD} "
                f"a record, far more than a 25x25 puzzle's rules need; refused before decoding"
            )


def too_big(where: str) -> InvalidPuzzleError:
    """The error of a JSON text over :data:`MAX_JSON_BYTES`."""
    return InvalidPuzzleError(
        f"{where}: JSON longer than {MAX_JSON_BYTES // 1_000_000} MB is not read; "
        f"split it, or write one record per line (JSON Lines)"
    )


# -- the input ---------------------------------------------------------------------------------


class Source:
    """A binary input read once, as bounded lines or as a whole of bounded size.

    Args:
        stream: a binary stream (a file opened ``"rb"``, ``sys.stdin.buffer``, ``io.BytesIO``).
        name: the input's name in messages (a path, ``"standard input"``).
        one_per_line: the text reader takes every line that is not blank or a comment
            as one puzzle.
    """

    def __init__(self, stream: BinaryIO, name: str, *, one_per_line: bool = False) -> None:
        self.stream = stream
        self.name = name
        self.one_per_line = one_per_line
        self._pending: list[bytes] = []  # lines read to sniff, given back first

    def readline(self, limit: int) -> bytes:
        """The next line (with its ending), at most ``limit`` bytes; ``b""`` at the end.
        A line cut at ``limit`` has no ``\\n`` at its end."""
        if self._pending:
            line = self._pending.pop(0)
            if len(line) <= limit:
                return line
            self._pending.insert(0, line[limit:])
            return line[:limit]
        return self.stream.readline(limit)

    def read_all(self, limit: int) -> bytes:
        """The rest of the input.

        Raises:
            InvalidPuzzleError: it is longer than ``limit`` bytes (no more than ``limit + 1``
                bytes are read to tell).
        """
        data = b"".join(self._pending)
        self._pending = []
        if len(data) <= limit:
            data += self.stream.read(limit + 1 - len(data))
        if len(data) > limit:
            raise too_big(self.name)
        return data

    def head(self) -> str:
        """What sniff tests see: the first non-blank line (with the second when the first
        is a lone ``[``), stripped, read without consuming the input. A first line that
        opens JSON is read whole (up to :data:`MAX_JSON_BYTES`), others up to
        :data:`TEXT_LINE_BYTES`."""
        seen: list[bytes] = []
        wanted = 1
        for _ in range(_BLANK_LINES_SNIFFED):
            line = self.stream.readline(TEXT_LINE_BYTES)
            if line and not line.endswith(b"\n") and len(line) == TEXT_LINE_BYTES:
                if line.lstrip(b"\xef\xbb\xbf \t\r").startswith((b"{", b"[")):
                    line += self.stream.readline(MAX_JSON_BYTES - len(line))
            self._pending.append(line)
            if not line:
                break
            if line.strip():
                seen.append(line)
                if seen[0].strip().removeprefix(b"\xef\xbb\xbf") == b"[":
                    wanted = 2
                if len(seen) >= wanted:
                    break
        self._pending = [line for line in self._pending if line]
        text = b"\n".join(line.strip() for line in seen).decode("utf-8", "replace")
        return text.removeprefix("\ufeff").strip()


def open_source(source: str | os.PathLike | BinaryIO | Source, *, one_per_line: bool = False) -> Source:
    """A :class:`Source` for a path or a binary stream (a :class:`Source` is returned as it is).

    Raises:
        OSError: the file cannot be opened.
    """
    if isinstance(source, Source):
        return source
    if isinstance(source, str | os.PathLike):
        return Source(open(source, "rb"), os.fspath(source), one_per_line=one_per_line)  # noqa: SIM115
    return Source(source, getattr(source, "name", None) or "the input", one_per_line=one_per_line)


# -- entries and readers -----------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One puzzle of an input, read on demand.

    Attributes:
        where: where it is in its input: ``"line 3"`` (its first line) or ``"record 2"``
            (0-based, with its quoted ``id`` when it has one).
        load: reads it: returns ``(Grid, Layout)`` for a text puzzle or a JSON puzzle record
            (a mapping); raises :class:`InvalidPuzzleError` when it does not read.
        text: the puzzle's text, for a text puzzle.
        line: the input line it starts on (1-based).
    """

    where: str
    load: Callable[[], ReadPuzzle] = field(repr=False)
    text: str | None = None
    line: int = 1

    def locate(self, message: object) -> str:
        """An error message about this entry, prefixed with :attr:`where` unless it already
        names its place (a text error names its line)."""
        message = str(message)
        if message.startswith(self.where) or (self.where.startswith("line ") and message.startswith("line ")):
            return message
        return f"{self.where}: {message}"


@dataclass(frozen=True)
class Reader:
    """A registered reader: its name, the function that reads a :class:`Source` into
    entries, its sniff test on the input's first line, and one line of description."""

    name: str
    read: Callable[[Source], Iterator[Entry]]
    sniff: Callable[[str], bool]
    description: str = ""


_READERS: dict[str, Reader] = {}
_FALLBACK = "text"


def register_reader(
    name: str, read: Callable[[Source], Iterator[Entry]], sniff: Callable[[str], bool], description: str = ""
) -> None:
    """Register (or replace) a reader; it is tried before the ``text`` fallback, after the
    readers registered before it."""
    _READERS.pop(name, None)
    fallback = _READERS.pop(_FALLBACK, None)
    _READERS[name] = Reader(name, read, sniff, description)
    if fallback is not None and name != _FALLBACK:
        _READERS[_FALLBACK] = fallback


def reader_names() -> list[str]:
    """The registered readers, in the order they are tried."""
    return list(_READERS)


def get_reader(name: str) -> Reader:
    """The reader registered under ``name``.

    Raises:
        InvalidPuzzleError: no such reader (the message lists them).
    """
    try:
        return _READERS[name]
    except KeyError:
        raise InvalidPuzzleError(f"unknown input format {name!r}; known: {', '.join(_READERS)}") from None


def sniff(head: str) -> Reader:
    """The first registered reader whose sniff test accepts ``head`` (the text reader at last)."""
    for reader in _READERS.values():
        if reader.sniff(head):
            return reader
    return _READERS[_FALLBACK]


def read(
    source: str | os.PathLike | BinaryIO | Source, *, format: str | None = None, one_per_line: bool = False
) -> Iterator[Entry]:
    """The puzzles of a file or binary stream, lazily, by the reader its start calls for.

    Args:
        source: a path, a binary stream or a :class:`Source`.
        format: a reader's name (:func:`reader_names`) to use instead of sniffing.
        one_per_line: for text, every line that is not blank or a comment is one puzzle.

    Yields:
        One :class:`Entry` per puzzle, in input order.

    Raises:
        InvalidPuzzleError: the input breaks a bound (a line too long, JSON too large) or
            is not UTF-8, when that part is read.
        OSError: the file cannot be read.
    """
    chosen = get_reader(format) if format is not None else None
    opened = open_source(source, one_per_line=one_per_line)
    try:
        reader = chosen or sniff(opened.head())
        yield from reader.read(opened)
    finally:
        if isinstance(source, str | os.PathLike):
            opened.stream.close()


def read_text(text: str | bytes, *, name: str = "the puzzle", one_per_line: bool = False) -> Iterator[Entry]:
    """The puzzles of a text held in memory (see :func:`read`)."""
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    return read(Source(io.BytesIO(data), name, one_per_line=one_per_line))


def read_one(text: str | bytes) -> Entry:
    """The one puzzle of a text held in memory: a text grid in any layout, read whole as
    :func:`sudoku_cp.io.formats.parse` reads it, or the single record of another format.

    Raises:
        InvalidPuzzleError: empty, or several puzzles (a list of records).
    """
    if isinstance(text, str) and len(text) > MAX_JSON_BYTES:
        raise too_big("the puzzle")
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    source = Source(io.BytesIO(data), "the puzzle")
    reader = sniff(source.head())
    if reader.name == _FALLBACK:
        return Entry("the puzzle", lambda: read_text_grid(text), text if isinstance(text, str) else None)
    entries = list(itertools.islice(reader.read(source), 2))
    if not entries:
        raise InvalidPuzzleError("the puzzle is empty: no puzzle record was found")
    if len(entries) > 1:
        raise InvalidPuzzleError(
            "the text holds several puzzles; one is expected here (load_puzzles or solve_many read several)"
        )
    entry = entries[0]
    return Entry("the puzzle", entry.load, entry.text, entry.line)


# -- text ---------------------------------------------------------------------------------------


def text_lines(source: Source) -> Iterator[str]:
    """The lines of a source as text, one at a time, each at most
    :data:`~sudoku_cp.io.formats.MAX_LINE_CHARS` characters.

    Raises:
        InvalidPuzzleError: a line that is longer (raised as soon as it is met, after at most
            :data:`TEXT_LINE_BYTES` bytes of it are read), or not UTF-8.
    """
    for number in itertools.count(1):
        raw = source.readline(TEXT_LINE_BYTES)
        if not raw:
            return
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            if len(raw) < TEXT_LINE_BYTES:
                raise InvalidPuzzleError(f"{source.name}: line {number} is not UTF-8 text") from None
            text = raw.decode("utf-8", "replace")  # cut inside a character: refused below
        if len(text.rstrip("\r\n")) > MAX_LINE_CHARS:
            raise InvalidPuzzleError(
                f"line {number} is longer than {MAX_LINE_CHARS} characters: too long for a row or a "
                f"one-line puzzle"
            )
        yield text.removeprefix("\ufeff") if number == 1 else text


def _text_entry(number: int, chunk: str) -> Entry:
    return Entry(f"line {number}", lambda: read_text_grid(chunk, first_line=number), chunk, number)


def read_text_grid(text: formats.PuzzleText, *, first_line: int = 1) -> tuple[Grid | MultiGrid, Layout]:
    """One puzzle's grid in any text layout (or rows of cells): a classic :class:`Grid`,
    or the multi-grid board a square text stands for
    (:func:`sudoku_cp.model.multigrid.named_board_in`: a 21x21 Samurai, ``.`` outside).

    Raises:
        InvalidPuzzleError: as :func:`sudoku_cp.io.formats.parse`, or givens that fit several
            multi-grid layouts.
    """
    read = formats.read(text, first_line=first_line)
    board = named_board_in(read.cells, read.side)
    if board is not None:
        return board, read.layout
    return Grid(read.cells), read.layout


def read_text_layouts(source: Source) -> Iterator[Entry]:
    """The ``text`` reader: puzzles in the layouts of :mod:`sudoku_cp.io.formats`, split as
    :data:`~sudoku_cp.io.formats.SPLITTING` says; each entry reads a ``(Grid, Layout)``."""
    for number, chunk in formats.iter_puzzle_texts(text_lines(source), one_per_line=source.one_per_line):
        yield _text_entry(number, chunk)


# -- JSON ---------------------------------------------------------------------------------------


def record_entry(index: int, record: object, line: int | None = None) -> Entry:
    """The entry of a decoded JSON puzzle record: ``where`` is ``record {index}`` (0-based),
    or ``line {line}`` for JSON Lines, with its ``id`` quoted (never printed raw)."""
    label = record.get("id") if isinstance(record, Mapping) else None
    place = f"record {index}" if line is None else f"line {line}"
    where = place + (f" (id {quote(label)})" if label not in (None, "") else "")
    return Entry(where, lambda: record, None, line or 1)  # type: ignore[arg-type,return-value]


def _refused(where: str, error: InvalidPuzzleError, line: int) -> Entry:
    """An entry that does not read: its ``load`` raises ``error``, so that a batch reports
    it in its place and goes on."""

    def load() -> ReadPuzzle:
        raise error

    return Entry(where, load, None, line)


def read_json(source: Source) -> Iterator[Entry]:
    """The ``json`` reader: one record or a list of records, read whole (at most
    :data:`MAX_JSON_BYTES`)."""
    data = loads_json(source.read_all(MAX_JSON_BYTES), source.name)
    records = data if isinstance(data, list) else [data]
    for index, record in enumerate(records):
        yield record_entry(index, record)


def read_json_lines(source: Source) -> Iterator[Entry]:
    """The ``jsonl`` reader: one record per line (blank lines skipped), a line at a time."""
    index = 0
    for number in itertools.count(1):
        raw = source.readline(MAX_JSON_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_JSON_BYTES:  # refused at once: the rest of the line is not read
            raise too_big(f"{source.name}: line {number}")
        if not raw.strip():
            continue
        try:
            record = loads_json(raw, "")
        except InvalidPuzzleError as error:
            yield _refused(f"line {number}", error, number)
        else:
            yield record_entry(index, record, number)
        index += 1


def _is_json(head: str) -> bool:
    return head.startswith("{") or (head.startswith("[") and head[1:].lstrip().startswith(("{", "]")))


def _is_json_lines(head: str) -> bool:
    return head.startswith("{") and head.endswith("}")


def read_links(source: Source) -> Iterator[Entry]:
    """The ``link`` reader: one f-puzzles or SudokuPad link per line (blank lines skipped),
    each read into a JSON puzzle record by :func:`sudoku_cp.io.links.fpuzzles_to_record`."""
    from sudoku_cp.io import links  # here: its tables and patterns load only for a link (start-up time)

    for number in itertools.count(1):
        raw = source.readline(links.MAX_LINK_LENGTH + 1)
        if not raw:
            return
        while not raw.endswith(b"\n") and len(raw) <= links.MAX_LINK_LENGTH:
            more = source.readline(
                links.MAX_LINK_LENGTH + 1 - len(raw)
            )  # the rest of a line cut when sniffed
            if not more:
                break
            raw += more
        if len(raw) > links.MAX_LINK_LENGTH:
            raise too_big(f"{source.name}: line {number}")
        text = raw.decode("utf-8", "replace").strip()
        if text:
            yield Entry(f"line {number}", lambda text=text: links.record_from_link(text), None, number)


def _is_link(head: str) -> bool:
    """:func:`sudoku_cp.io.links.is_link`, which is only true with a ``/`` or ``?`` in ``head``
    (a scheme, or a host followed by one): without either, no need to import the link
    module (start-up time; ``tests/test_startup.py`` checks the shortcut)."""
    if "/" not in head and "?" not in head:
        return False
    from sudoku_cp.io import links

    return links.is_link(head)


register_reader("link", read_links, _is_link, "f-puzzles and SudokuPad links, one per line")
register_reader("jsonl", read_json_lines, _is_json_lines, "JSON Lines: one puzzle record per line")
register_reader("json", read_json, _is_json, "JSON: one puzzle record or a list of them")


def read_iss(source: Source) -> Iterator[Entry]:
    """The ``iss`` reader: an Interactive Sudoku Solver constraint string (the whole input,
    or one per non-blank line with ``one_per_line``), read by :func:`sudoku_cp.io.iss.record_from_string`."""
    from sudoku_cp.io import iss

    text = source.read_all(iss.MAX_STRING).decode("utf-8", "replace").removeprefix("\ufeff")
    if not source.one_per_line:
        yield Entry("the ISS string", lambda: iss.record_from_string(text), None, 1)
        return
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            yield Entry(f"line {number}", lambda line=line: iss.record_from_string(line), None, number)


_GRID_CHARS = frozenset("0123456789.-_|+* \t\r\n")
"""Characters of plain text grids that are no part of an ISS string's syntax (``~``, letters,
``:``) nor of its short killer format (the arrows ``<v>^`',``)."""


def cannot_be_iss(head: str) -> bool:
    """True when :func:`sudoku_cp.io.iss.looks_like_iss` is surely false for ``head``, told
    without importing that module (start-up time): only digits, blanks and grid lines, and
    a length that is not that of ISS's ``2*n*n`` givens-and-jigsaw format (a plain grid is
    ``n*n``, never twice a square) nor of its pencilmark grids (216, 512, 729 characters).
    ``tests/test_startup.py`` checks it against the sniff.

    >>> cannot_be_iss("4.....8.5.3......"), cannot_be_iss(".~R1C1_5")
    (True, False)
    """
    head = head.strip()
    half, odd = divmod(len(head), 2)
    twice_a_square = not odd and math.isqrt(half) ** 2 == half
    return not twice_a_square and len(head) not in (216, 512, 729) and _GRID_CHARS.issuperset(head)


def _is_iss(head: str) -> bool:
    if cannot_be_iss(head):
        return False
    from sudoku_cp.io import iss

    return iss.looks_like_iss(head)


register_reader("iss", read_iss, _is_iss, "the Interactive Sudoku Solver's constraint strings")
register_reader(_FALLBACK, read_text_layouts, lambda head: True, "text: grids in any common layout")
