"""The Sudoku grid: an immutable value type and the geometry of its rows, columns and boxes.

A grid has side ``n`` (1..25): ``n`` rows and ``n`` columns of cells stored row-major,
``0`` for a blank cell and ``1..n`` for a value. A grid whose digits are not ``1..n``
(``0..8`` on 9x9, ``1..9`` on 6x6, SudokuPad's ``124689``) carries them as
:attr:`Grid.digits`; its cells are then the digits' *positions* ``1..k`` in that sorted
tuple (so the order of grids, and the smallest solution, is the digits' order), and
:attr:`Grid.values` and every writer give the digits themselves. Its *box shape* is ``(rows, columns)``
of one box, ``rows * columns == n``: ``(3, 3)`` on 9x9, ``(2, 3)`` on 6x6, ``(3, 4)`` on
12x12; or ``None`` for no boxes (a Latin square, or a jigsaw puzzle whose regions are
rules of its :class:`~sudoku_cp.model.puzzle.Puzzle`). A *unit* is a row, a column or a box;
the *peers* of a cell are the other cells that share a unit with it.

>>> grid = Grid.parse("1.3.34..2..1.1..")
>>> grid.side, grid.box, grid.given_count
(4, (2, 2), 7)
>>> Grid.empty(6).box
(2, 3)
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sudoku_cp.errors import InvalidPuzzleError

VALUE_CHARS = "123456789ABCDEFGHIJKLMNOP"
"""``VALUE_CHARS[v - 1]`` writes value ``v`` (1..25) as one character."""

BLANK_CHARS = ".0-_"
"""The characters read as a blank cell."""

MAX_SIDE = len(VALUE_CHARS)
"""The largest side: values are written ``1``-``9`` then ``A``-``P`` (25)."""

BoxShape = tuple[int, int]
"""``(rows, columns)`` of one box."""

_STANDARD = "standard"  # the default box shape for the side, see standard_box()


def standard_box(side: int) -> BoxShape | None:
    """The usual box shape for a side: ``(k, k)`` when ``side == k * k``, otherwise the most
    nearly square ``(rows, columns)`` with ``1 < rows < columns`` (6x6: 2x3, 8x8: 2x4,
    12x12: 3x4), or ``None`` when ``side`` is prime (no rectangular boxes).

    >>> standard_box(9), standard_box(10), standard_box(7)
    ((3, 3), (2, 5), None)
    """
    best = None
    for rows in range(2, side):
        if side % rows == 0 and rows <= side // rows:
            best = (rows, side // rows)
    return best


def check_digits(digits: object, side: int) -> tuple[int, ...] | None:
    """The digits a grid of this side is filled with, sorted, or ``None`` for the usual
    ``1..n``: at least ``n`` different ints from 0 to 25 (a unit then holds ``n`` different
    digits of them; when there are more digits than ``n``, not every digit appears).

    >>> check_digits(range(9), 9), check_digits([9, 8, 6, 4, 2, 1], 6), check_digits("1234", 4)
    ((0, 1, 2, 3, 4, 5, 6, 7, 8), (1, 2, 4, 6, 8, 9), None)

    Raises:
        InvalidPuzzleError: not ints (or one-character digits), a digit repeated, out of
            ``0..25``, or fewer digits than the side.
    """
    if digits is None:
        return None
    if isinstance(digits, str):
        try:
            digits = [int(ch, 36) for ch in digits]
        except ValueError:
            raise InvalidPuzzleError(f"digits are written 0-9 and A-P, not {digits[:40]!r}") from None
    try:
        items = [operator.index(d) for d in digits if not isinstance(d, bool)]  # type: ignore[union-attr]
    except TypeError:
        items = []
    if not items or len(items) != len(list(digits)):  # type: ignore[arg-type]
        raise InvalidPuzzleError(f"digits are a list of ints from 0 to {MAX_SIDE}, not {_short_repr(digits)}")
    found = tuple(sorted(set(items)))
    if len(found) != len(items):
        raise InvalidPuzzleError(f"digits {_short_repr(digits)} repeat a digit")
    if found[0] < 0 or found[-1] > MAX_SIDE:
        raise InvalidPuzzleError(f"digits are from 0 to {MAX_SIDE}, not {_short_repr(digits)}")
    if len(found) < side:
        raise InvalidPuzzleError(
            f"a {side}x{side} grid needs at least {side} digits, not {len(found)} ({_short_repr(digits)})"
        )
    return None if found == tuple(range(1, side + 1)) else found


def digit_char(digit: int) -> str:
    """One character for a digit: ``0``-``9``, then ``A``-``P`` for 10..25."""
    return VALUE_CHARS[digit - 1] if digit else "0"


def _check_box(box: object, side: int) -> BoxShape | None:
    if box is None:
        return None
    if isinstance(box, int) and not isinstance(box, bool):
        box = (box, box)
    try:
        rows, columns = (operator.index(v) for v in box)  # type: ignore[union-attr]
    except (TypeError, ValueError):
        raise InvalidPuzzleError(f"a box shape is (rows, columns) or None, not {box!r}") from None
    if rows < 1 or columns < 1 or rows * columns != side:
        raise InvalidPuzzleError(f"boxes of {rows}x{columns} cells do not tile a {side}x{side} grid")
    return (rows, columns)


@dataclass(frozen=True)
class Unit:
    """One row, column or box: its kind (``"row"``, ``"column"``, ``"box"``), its 0-based
    index and its cells (row-major indices)."""

    kind: str
    index: int
    cells: tuple[int, ...]

    def describe(self, side: int) -> str:
        """A human description such as ``"row 3"`` or ``"box 2 (rows 1-3, columns 4-6)"``."""
        if self.kind != "box":
            return f"{self.kind} {self.index + 1}"
        first_row, first_col = divmod(self.cells[0], side)
        last_row, last_col = divmod(self.cells[-1], side)
        return (
            f"box {self.index + 1} (rows {first_row + 1}-{last_row + 1}, "
            f"columns {first_col + 1}-{last_col + 1})"
        )


@dataclass(frozen=True)
class Geometry:
    """The rows, columns and boxes of a grid shape, and each cell's peers; built once per shape.

    Attributes:
        side: ``n``.
        box: the box shape, or ``None`` for no boxes.
        rows, columns, boxes: ``n`` units each (no boxes when ``box`` is ``None``).
        units: rows, then columns, then boxes.
        units_of: for each cell, the indices (into ``units``) of its row, column and box.
        peers: for each cell, the sorted indices of the other cells that share a unit with it.
    """

    side: int
    box: BoxShape | None
    rows: tuple[Unit, ...]
    columns: tuple[Unit, ...]
    boxes: tuple[Unit, ...]
    units: tuple[Unit, ...]
    units_of: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]


def box_numbers(side: int, box: BoxShape | None = None) -> list[int] | None:
    """Each cell's box number (0-based, row-major over the boxes) under ``box`` (default
    :func:`standard_box`), row-major; ``None`` when the side has no boxes.

    >>> box_numbers(4)
    [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]
    """
    box = standard_box(side) if box is None else box
    if box is None:
        return None
    rows, columns = box
    return [(i // side) // rows * (side // columns) + (i % side) // columns for i in range(side * side)]


def box_shape_of(regions: Sequence[int], side: int) -> tuple[int, int] | None:
    """The box shape ``(rows, columns)`` whose boxes are exactly these regions (each
    cell's region number, row-major), or None: a link that draws 3x2 boxes on a 6x6 grid
    as regions is a 6x6 with 3x2 boxes, not a jigsaw.

    >>> box_shape_of([0, 0, 1, 1] * 2 + [2, 2, 3, 3] * 2, 4)
    (2, 2)
    """
    letters = region_letters(regions)
    for rows in range(1, side + 1):
        if (
            side % rows == 0
            and 1 < rows < side
            and region_letters(box_numbers(side, (rows, side // rows))) == letters
        ):
            return (rows, side // rows)
    return None


def region_letters(regions: Sequence[int]) -> str:
    """Each cell's region as a letter, the regions lettered ``a``, ``b``... in order of
    first appearance, row-major: the ``"regions"`` rule of a JSON record.

    >>> region_letters([5, 5, 2, 2])
    'aabb'
    """
    order: dict[int, int] = {}
    return "".join("abcdefghijklmnopqrstuvwxyz"[order.setdefault(r, len(order))] for r in regions)


def box_cells(side: int, box: BoxShape) -> list[tuple[int, ...]]:
    """The cells of each box, boxes numbered row-major, cells row-major within a box."""
    box_rows, box_cols = box
    return [
        tuple((top + dr) * side + left + dc for dr in range(box_rows) for dc in range(box_cols))
        for top in range(0, side, box_rows)
        for left in range(0, side, box_cols)
    ]


@functools.cache
def geometry(side: int, box: BoxShape | None) -> Geometry:
    """Return the (cached) :class:`Geometry` of an ``side`` x ``side`` grid with this box shape."""
    n = side
    rows = tuple(Unit("row", r, tuple(r * n + c for c in range(n))) for r in range(n))
    columns = tuple(Unit("column", c, tuple(r * n + c for r in range(n))) for c in range(n))
    boxes = tuple(Unit("box", b, cells) for b, cells in enumerate(box_cells(n, box))) if box else ()
    units = rows + columns + boxes
    units_of_lists: list[list[int]] = [[] for _ in range(n * n)]
    for index, unit in enumerate(units):
        for cell in unit.cells:
            units_of_lists[cell].append(index)
    units_of = tuple(tuple(u) for u in units_of_lists)
    peers = tuple(
        tuple(sorted({p for u in units_of[cell] for p in units[u].cells} - {cell})) for cell in range(n * n)
    )
    return Geometry(n, box, rows, columns, boxes, units, units_of, peers)


def _check_no_repeats(cells: Sequence[int], geo: Geometry, digits: Sequence[int] | None = None) -> None:
    """Raise InvalidPuzzleError naming the first unit that holds a value twice."""
    n = geo.side
    for unit in geo.units:
        seen: dict[int, int] = {}
        for cell in unit.cells:
            value = cells[cell]
            if not value:
                continue
            if value in seen:
                digit = digits[value - 1] if digits else value
                hint = " (0 is one of the digits here: write a blank as '.')" if digits and digit == 0 else ""
                raise InvalidPuzzleError(
                    f"{unit.describe(n)} has two {digit}s: {_where_in_unit(unit, seen[value], cell, n)}{hint}"
                )
            seen[value] = cell


def _where_in_unit(unit: Unit, first: int, second: int, side: int) -> str:
    """Where two cells of a unit are, e.g. ``"columns 2 and 8"`` for a row."""
    (row1, col1), (row2, col2) = divmod(first, side), divmod(second, side)
    if unit.kind == "row":
        return f"columns {col1 + 1} and {col2 + 1}"
    if unit.kind == "column":
        return f"rows {row1 + 1} and {row2 + 1}"
    return f"row {row1 + 1} column {col1 + 1} and row {row2 + 1} column {col2 + 1}"


def _as_int(value: object, index: int) -> int:
    """An int from anything integer-like (NumPy integers too), never from a bool or a float."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise InvalidPuzzleError(f"cell {index + 1}: {_short_repr(value)} is not an int (0 for a blank)")


def _short_repr(value: object) -> str:
    """``repr(value)`` cut to 40 characters; an int too long to print is described."""
    try:
        text = repr(value)
    except ValueError:  # an int beyond Python's 4,300-digit limit for str()
        return f"an int of {value.bit_length()} bits" if isinstance(value, int) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _side_of(cell_count: int | str) -> int:
    side = round(cell_count**0.5) if isinstance(cell_count, int) else 0
    if side * side != cell_count or not 1 <= side <= MAX_SIDE:
        raise InvalidPuzzleError(
            f"a grid has n*n cells for a side n of 1 to {MAX_SIDE} (81 for 9x9), not {cell_count}"
        )
    return side


class Drawn:
    """What has a picture (:class:`Grid`, :class:`~sudoku_cp.model.multigrid.MultiGrid`,
    :class:`~sudoku_cp.model.puzzle.Puzzle`): :meth:`to_svg`, which Jupyter shows."""

    __slots__ = ()

    def to_svg(self, **options: Any) -> str:
        """A picture as SVG text (a grid with classic rules; a puzzle with its givens,
        regions, cages, thermometers, dots...); the options are those of
        :func:`sudoku_cp.pictures.svg.draw` (``values``, ``candidates``, ``highlight``,
        ``units``, ``marks``, ``cell_size``)."""
        from sudoku_cp.pictures import svg  # here, not at the top: drawsvg is heavy (start-up time)

        return svg.to_svg(self, **options)

    def _repr_svg_(self) -> str:
        return self.to_svg()


@functools.total_ordering
class Grid(Drawn):
    """An immutable Sudoku grid, hashable, equal by value, ordered row-major.

    ``cells`` is a tuple of ``n*n`` ints in row-major order, ``0`` for a blank and
    ``1..n`` for a value. Grids of one shape order lexicographically by ``cells``, so
    ``min(solutions)`` is the smallest row-major solution; grids of different sides order
    by side, and grids with equal cells but other box shapes by box shape (``None``
    first), so the order is total and ``a <= b`` exactly when ``a < b`` or ``a == b``.

    Args:
        cells: the ``n*n`` values, row-major (``n`` from 1 to 25); with ``digits``, each
            value is a digit's position ``1..k`` in ``digits`` (0 for a blank).
        box: the box shape ``(rows, columns)``, an int ``k`` for ``k`` x ``k`` boxes,
            ``None`` for no boxes, or (the default) :func:`standard_box` of the side.
        digits: the ``k >= n`` digits the grid is filled with (:func:`check_digits`), or
            ``None`` for ``1..n``. ``Grid(cells, digits=range(9))`` holds the digits
            ``0..8`` as the values ``1..9``; :attr:`values` gives the digits back.

    Construct one with :meth:`parse` (text in any common layout, or a list of lists),
    :meth:`from_rows`, :meth:`empty`, or ``Grid(cells)``.

    Raises:
        InvalidPuzzleError: a cell count that is not a square, a value out of ``0..n``,
            a box shape that does not tile the grid, no box shape given for a prime
            side above 3, or a value repeated in a row, column or box.
    """

    __slots__ = ("_cells", "_side", "_box", "_hash", "_digits")

    def __init__(
        self,
        cells: Iterable[int],
        box: BoxShape | int | None | str = _STANDARD,
        digits: Iterable[int] | None = None,
    ) -> None:
        given = cells
        cells = tuple(
            _as_int(value, index) for index, value in enumerate(itertools.islice(given, MAX_SIDE**2 + 1))
        )
        if len(cells) > MAX_SIDE**2:  # read no further: an endless or huge iterable
            _side_of(len(given) if hasattr(given, "__len__") else f"more than {MAX_SIDE**2}")
        side = _side_of(len(cells))
        if box == _STANDARD:
            box = standard_box(side)
            if box is None and side > 3:
                raise InvalidPuzzleError(
                    f"a {side}x{side} grid has no rectangular boxes: give box=None for no boxes "
                    f'(a Latin square; in a JSON record, "box": null) or use jigsaw regions'
                )
        self._box = _check_box(box, side)
        self._digits = check_digits(digits, side)
        top = len(self._digits) if self._digits else side
        for index, value in enumerate(cells):
            if not 0 <= value <= top:
                row, col = divmod(index, side)
                raise InvalidPuzzleError(
                    f"row {row + 1}, column {col + 1}: value {_short_repr(value)} is not in 1..{top} "
                    f"(or 0 for a blank)"
                )
        self._cells = cells
        self._side = side
        _check_no_repeats(cells, self.geometry, self._digits)
        self._hash = hash((self._box, cells, self._digits))

    # -- construction -----------------------------------------------------------------

    @classmethod
    def parse(
        cls, puzzle: object, box: BoxShape | int | None | str = _STANDARD, digits: Iterable[int] | None = None
    ) -> Grid:
        """Read a puzzle from text in any common layout, a list of lists of ints, or a Grid.

        See :mod:`sudoku_cp.io.formats` for the layouts understood; ``box`` as in :class:`Grid`.
        With ``digits`` other than ``1..n`` (``range(9)`` for ``0..8``), the text holds those
        digits and ``.`` for a blank (:func:`sudoku_cp.io.formats.parse_digits`).

        Raises:
            InvalidPuzzleError: the text is malformed; the message names the line
                and column, or the unit, where it goes wrong.
        """
        from sudoku_cp.io.formats import parse, parse_digits  # a forwarder: reading lives above

        if digits is not None:
            return parse_digits(puzzle, digits, box)[0]  # type: ignore[arg-type]
        return parse(puzzle, box)[0]

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]], box: BoxShape | int | None | str = _STANDARD) -> Grid:
        """Build a grid from ``n`` rows of ``n`` ints each (0 for a blank).

        Raises:
            InvalidPuzzleError: the rows are not square, or a value is out of range or repeated.
        """
        from sudoku_cp.io.formats import parse  # a forwarder: reading text lives above the value types

        return parse(rows, box)[0]

    @classmethod
    def empty(cls, side: int = 9, box: BoxShape | int | None | str = _STANDARD) -> Grid:
        """The ``side`` x ``side`` grid with every cell blank (``box`` as in :class:`Grid`).

        Raises:
            InvalidPuzzleError: ``side`` is not an int from 1 to 25 (or has no usual boxes).
        """
        if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= MAX_SIDE:
            raise InvalidPuzzleError(f"side must be an int from 1 to {MAX_SIDE}, not {str(side)[:30]!r}")
        return cls((0,) * (side * side), box)

    @classmethod
    def from_digits(
        cls,
        values: Sequence[int | None],
        box: BoxShape | int | None | str = _STANDARD,
        digits: Iterable[int] | None = None,
    ) -> Grid:
        """A grid from its digits row-major, ``None`` for a blank (0 too when 0 is not a digit).

        >>> grid = Grid.from_digits([0, 1, 2, 3, 2, 3, 0, 1] + [None] * 8, digits=range(4))
        >>> grid.to_string(), grid.cells[:4], grid.values[:4]
        ('01232301........', (1, 2, 3, 4), (0, 1, 2, 3))

        Raises:
            InvalidPuzzleError: a value that is not one of the digits (naming the cell).
        """
        chosen = check_digits(digits, _side_of(len(values)))
        side = _side_of(len(values))
        allowed = chosen or tuple(range(1, side + 1))
        index = {d: i for i, d in enumerate(allowed, 1)}
        cells = []
        for at, value in enumerate(values):
            if value is None or (value == 0 and 0 not in index):
                cells.append(0)
            elif value in index:
                cells.append(index[value])
            else:
                row, col = divmod(at, side)
                raise InvalidPuzzleError(
                    f"row {row + 1}, column {col + 1}: {_short_repr(value)} is not one of the digits "
                    f"{''.join(digit_char(d) for d in allowed)}"
                )
        return cls(cells, box, chosen)

    # -- reading ----------------------------------------------------------------------

    @property
    def cells(self) -> tuple[int, ...]:
        """The ``n*n`` values in row-major order, 0 for blank: on a grid of chosen
        :attr:`digits`, each digit's position ``1..k`` (:attr:`values` gives the digits)."""
        return self._cells

    @property
    def side(self) -> int:
        """``n``: the number of rows, of columns and of values."""
        return self._side

    @property
    def box(self) -> BoxShape | None:
        """The box shape ``(rows, columns)``, or ``None`` for no boxes."""
        return self._box

    @property
    def digits(self) -> tuple[int, ...]:
        """The digits the grid is filled with, ascending: ``(1, ..., n)`` unless chosen
        otherwise (``(0, ..., 8)``; ``(1, ..., 9)`` on 6x6); cell value ``v`` is ``digits[v - 1]``."""
        return self._digits or tuple(range(1, self._side + 1))

    @property
    def chosen_digits(self) -> tuple[int, ...] | None:
        """:attr:`digits` when they are not ``1..n``, else ``None``."""
        return self._digits

    @property
    def values(self) -> tuple[int | None, ...]:
        """The cells as digits row-major, ``None`` for a blank (``cells`` hold positions in
        :attr:`digits`; both agree when the digits are ``1..n``)."""
        digits = self.digits
        return tuple(digits[v - 1] if v else None for v in self._cells)

    @property
    def box_size(self) -> int | None:
        """``k`` for square ``k`` x ``k`` boxes (2..5), ``None`` for other shapes."""
        if self._box is None or self._box[0] != self._box[1]:
            return None
        return self._box[0]

    @property
    def geometry(self) -> Geometry:
        """The rows, columns, boxes and peers of grids of this shape."""
        return geometry(self._side, self._box)

    @property
    def given_count(self) -> int:
        """The number of filled cells (the givens of a puzzle).

        The package's naming: a *count* of givens is ``given_count`` (``givens`` on a
        grid or a puzzle says the same, kept for compatibility); elsewhere ``givens``
        are the given digits themselves (:attr:`sudoku_cp.reasoning.conflict.Conflict.givens`:
        ``(row, column, value)`` triples; ``Model.givens``: the values row-major).
        """
        return sum(1 for v in self._cells if v)

    @property
    def givens(self) -> int:
        """:attr:`given_count`: the number of filled cells (the older name)."""
        return self.given_count

    def __getitem__(self, row_col: tuple[int, int]) -> int:
        """``grid[row, col]`` with 0-based row and column; 0 for a blank."""
        row, col = row_col
        n = self._side
        if not (0 <= row < n and 0 <= col < n):
            raise IndexError(f"({row}, {col}) is outside a {n}x{n} grid")
        return self._cells[row * n + col]

    def rows(self) -> list[tuple[int, ...]]:
        """The ``n`` rows, each a tuple of ``n`` ints."""
        n = self._side
        return [self._cells[r * n : (r + 1) * n] for r in range(n)]

    def is_complete(self) -> bool:
        """True when no cell is blank (a complete grid is then valid for its rows, columns and boxes)."""
        return all(self._cells)

    def is_solution_of(self, puzzle: Grid) -> bool:
        """True when this grid is complete, of the puzzle's shape, and keeps every given.

        Validity of the rows, columns and boxes is guaranteed by construction; a
        variant's other rules are checked by :meth:`sudoku_cp.Puzzle.is_solved_by`.
        """
        return (
            self._side == puzzle._side
            and self._box == puzzle._box
            and self._digits == puzzle._digits
            and self.is_complete()
            and all(g == 0 or g == v for g, v in zip(puzzle._cells, self._cells, strict=True))
        )

    def with_cell(self, row: int, col: int, value: int) -> Grid:
        """A copy with one cell set (0-based ``row`` and ``col``; ``value`` 0 clears it).

        Raises:
            IndexError: the row or column is outside the grid.
            InvalidPuzzleError: the value is out of range or repeats one in a unit.
        """
        n = self._side
        if not (0 <= row < n and 0 <= col < n):
            raise IndexError(f"({row}, {col}) is outside a {n}x{n} grid")
        cells = list(self._cells)
        cells[row * n + col] = value
        return Grid(cells, self._box, self._digits)

    def with_cells(self, cells: Iterable[int]) -> Grid:
        """A grid of the same shape (and digits) with other cell values."""
        return Grid(cells, self._box, self._digits)

    # -- writing ----------------------------------------------------------------------

    def to_string(self) -> str:
        """One line of ``n*n`` characters: ``.`` for a blank, ``1``-``9`` then ``A``-``P``
        (the digits themselves: ``0`` is a digit, never a blank, on a grid of digits ``0..8``)."""
        if self._digits:
            return "".join(digit_char(self._digits[v - 1]) if v else "." for v in self._cells)
        return "".join(VALUE_CHARS[v - 1] if v else "." for v in self._cells)

    def to_list(self) -> list[list[int]]:
        """A list of ``n`` lists of ``n`` ints, 0 for a blank (the digits themselves; on a
        grid whose digits include 0, a blank is ``None``)."""
        if self._digits:
            blank = None if 0 in self._digits else 0
            n, values = self._side, self.values
            return [[blank if v is None else v for v in values[r * n : (r + 1) * n]] for r in range(n)]
        return [list(row) for row in self.rows()]

    def format(self, layout: str = "pretty") -> str:
        """Write the grid in a layout: ``"line"``, ``"rows"`` (Baekjoon 2239),
        ``"spaced"`` (Baekjoon 2580) or ``"pretty"`` (box separators).

        Raises:
            ValueError: unknown layout name.
        """
        from sudoku_cp.io import formats  # a forwarder: writing text lives above the value types

        return formats.format_grid(self, formats.Layout(layout))

    def __str__(self) -> str:
        return self.format("pretty")

    def __repr__(self) -> str:
        if self._digits:
            return f"Grid({self._cells!r}, box={self._box!r}, digits={self._digits!r})"
        if self._box == standard_box(self._side):
            return f"Grid.parse({self.to_string()!r})"
        return f"Grid.parse({self.to_string()!r}, box={self._box!r})"

    # -- value semantics --------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self._box == other._box and self._cells == other._cells and self._digits == other._digits

    def _order(self) -> tuple:
        """The sort key: side, then the cells row-major, then the box shape (no boxes first),
        so that the order is total and agrees with ``==``."""
        return (self._side, self._digits or (), self._cells, self._box or ())

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self._order() < other._order()

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        """Pickle as the cells' bytes (one byte a value) with the box shape and the digits;
        unpickled by :func:`_unpickle` without the checks of ``__init__`` (the grid was valid
        when pickled). A batch's worker processes send every answer back this way: checking
        the repeats again took 4/5 of the caller's CPU per answer (issue 34)."""
        try:
            cells = bytes(self._cells)
        except ValueError:  # a value beyond a byte: pickled as the constructor's arguments
            return (Grid, (self._cells, self._box, self._digits))
        return (_unpickle, (cells, self._box, self._digits))


def _unpickle(cells: bytes, box: BoxShape | None, digits: tuple[int, ...] | None = None) -> Grid:
    """The :class:`Grid` of ``Grid.__reduce__``: ``cells`` one byte a value, row-major; not
    checked again (a pickle is trusted data: unpickling runs code anyway)."""
    grid = object.__new__(Grid)
    values = tuple(cells)
    grid._cells = values
    grid._side = _side_of(len(values))
    grid._box = box
    grid._digits = digits
    grid._hash = hash((box, values, digits))
    return grid
