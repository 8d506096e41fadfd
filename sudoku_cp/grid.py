"""The Sudoku grid: an immutable value type and the geometry of its units.

A grid of box size ``k`` has side ``n = k * k`` (4x4, 9x9, 16x16 or 25x25) and
``n * n`` cells stored row-major, ``0`` for a blank cell and ``1..n`` for a
value. A *unit* is a row, a column or a box; the *peers* of a cell are the
other cells that share a unit with it.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sudoku_cp.errors import InvalidPuzzleError

if TYPE_CHECKING:
    from sudoku_cp.formats import Layout

BOX_SIZES = (2, 3, 4, 5)
"""The supported box sizes ``k``; the side of the grid is ``k * k``."""

SIDES = tuple(k * k for k in BOX_SIZES)
"""The supported sides ``n``: 4, 9, 16 and 25."""


def box_size_for_side(side: int) -> int:
    """Return the box size ``k`` for a grid of side ``n = k * k``.

    Raises:
        InvalidPuzzleError: ``side`` is not 4, 9, 16 or 25.
    """
    for k in BOX_SIZES:
        if k * k == side:
            return k
    raise InvalidPuzzleError(f"a grid must have 4, 9, 16 or 25 rows of as many cells, not {side}")


@dataclass(frozen=True)
class Unit:
    """One row, column or box: its kind (``"row"``, ``"column"``, ``"box"``),
    its 0-based index and its cells (row-major indices)."""

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
    """The units and peers of a grid of box size ``k``; shared, built once per size.

    Attributes:
        box_size: ``k``.
        side: ``n = k * k``.
        rows, columns, boxes: ``n`` units each.
        units: rows, then columns, then boxes (``3 * n`` units).
        units_of: for each cell, the indices (into ``units``) of its row, column and box.
        peers: for each cell, the sorted indices of the ``3n - 2k - 1`` other cells
            that share a unit with it.
    """

    box_size: int
    side: int
    rows: tuple[Unit, ...]
    columns: tuple[Unit, ...]
    boxes: tuple[Unit, ...]
    units: tuple[Unit, ...]
    units_of: tuple[tuple[int, int, int], ...]
    peers: tuple[tuple[int, ...], ...]


@functools.cache
def geometry(box_size: int) -> Geometry:
    """Return the (cached) :class:`Geometry` for box size ``k`` in 2..5."""
    k, n = box_size, box_size * box_size
    rows = tuple(Unit("row", r, tuple(r * n + c for c in range(n))) for r in range(n))
    columns = tuple(Unit("column", c, tuple(r * n + c for r in range(n))) for c in range(n))
    boxes = tuple(
        Unit(
            "box",
            b,
            tuple((k * (b // k) + dr) * n + k * (b % k) + dc for dr in range(k) for dc in range(k)),
        )
        for b in range(n)
    )
    units = rows + columns + boxes
    units_of = tuple(
        (cell // n, n + cell % n, 2 * n + k * (cell // n // k) + cell % n // k) for cell in range(n * n)
    )
    peers = tuple(
        tuple(sorted({p for u in units_of[cell] for p in units[u].cells} - {cell})) for cell in range(n * n)
    )
    return Geometry(k, n, rows, columns, boxes, units, units_of, peers)


def _check_no_repeats(cells: Sequence[int], box_size: int) -> None:
    """Raise InvalidPuzzleError naming the first unit that holds a value twice."""
    geo = geometry(box_size)
    n = geo.side
    for unit in geo.units:
        seen: dict[int, int] = {}
        for cell in unit.cells:
            value = cells[cell]
            if not value:
                continue
            if value in seen:
                raise InvalidPuzzleError(
                    f"{unit.describe(n)} has two {value}s: {_where_in_unit(unit, seen[value], cell, n)}"
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
    raise InvalidPuzzleError(f"cell {index + 1}: {value!r} is not an int (0 for a blank)")


@functools.total_ordering
class Grid:
    """An immutable Sudoku grid of box size ``k`` (side ``n = k*k``), hashable, equal by value.

    ``cells`` is a tuple of ``n*n`` ints in row-major order, ``0`` for a blank and
    ``1..n`` for a value. Grids order lexicographically by ``cells`` (within one
    size), so ``min(solutions)`` is the smallest row-major solution.

    Construct one with :meth:`parse` (text in any common layout, or a list of
    lists), :meth:`from_rows`, :meth:`empty`, or ``Grid(cells)``.

    Raises:
        InvalidPuzzleError: wrong number of cells, a value out of ``0..n``, or a
            value repeated in a row, column or box.
    """

    __slots__ = ("_cells", "_box_size", "_hash")

    def __init__(self, cells: Iterable[int], box_size: int | None = None) -> None:
        cells = tuple(_as_int(value, index) for index, value in enumerate(cells))
        if box_size is None:
            side = round(len(cells) ** 0.5)
            if side * side != len(cells):
                raise InvalidPuzzleError(f"a grid must have 16, 81, 256 or 625 cells, not {len(cells)}")
            box_size = box_size_for_side(side)
        if box_size not in BOX_SIZES:
            raise InvalidPuzzleError(f"box size must be 2, 3, 4 or 5, not {box_size}")
        n = box_size * box_size
        if len(cells) != n * n:
            raise InvalidPuzzleError(f"a {n}x{n} grid has {n * n} cells, not {len(cells)}")
        for index, value in enumerate(cells):
            if not 0 <= value <= n:
                row, col = divmod(index, n)
                raise InvalidPuzzleError(
                    f"row {row + 1}, column {col + 1}: value {value!r} is not in 1..{n} (or 0 for a blank)"
                )
        _check_no_repeats(cells, box_size)
        self._cells = cells
        self._box_size = box_size
        self._hash = hash((box_size, cells))

    # -- construction -----------------------------------------------------------------

    @classmethod
    def parse(cls, puzzle: str | Sequence[Sequence[int]] | Grid) -> Grid:
        """Read a puzzle from text in any common layout, a list of lists of ints, or a Grid.

        See :func:`sudoku_cp.formats.parse` for the layouts understood.

        Raises:
            InvalidPuzzleError: the text is malformed; the message names the line
                and column, or the unit, where it goes wrong.
        """
        from sudoku_cp.formats import parse

        return parse(puzzle)[0]

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]]) -> Grid:
        """Build a grid from ``n`` rows of ``n`` ints each (0 for a blank).

        Raises:
            InvalidPuzzleError: the rows are not square, or a value is out of range or repeated.
        """
        from sudoku_cp.formats import parse

        return parse(rows)[0]

    @classmethod
    def empty(cls, box_size: int = 3) -> Grid:
        """The grid of box size ``k`` with every cell blank."""
        return cls((0,) * box_size**4, box_size)

    # -- reading ----------------------------------------------------------------------

    @property
    def cells(self) -> tuple[int, ...]:
        """The ``n*n`` values in row-major order, 0 for blank."""
        return self._cells

    @property
    def box_size(self) -> int:
        """``k``: the side of one box (2, 3, 4 or 5)."""
        return self._box_size

    @property
    def side(self) -> int:
        """``n = k*k``: the number of rows, of columns and of values."""
        return self._box_size * self._box_size

    @property
    def geometry(self) -> Geometry:
        """The units and peers of grids of this size."""
        return geometry(self._box_size)

    @property
    def givens(self) -> int:
        """The number of filled cells."""
        return sum(1 for v in self._cells if v)

    def __getitem__(self, row_col: tuple[int, int]) -> int:
        """``grid[row, col]`` with 0-based row and column; 0 for a blank."""
        row, col = row_col
        n = self.side
        if not (0 <= row < n and 0 <= col < n):
            raise IndexError(f"({row}, {col}) is outside a {n}x{n} grid")
        return self._cells[row * n + col]

    def rows(self) -> list[tuple[int, ...]]:
        """The ``n`` rows, each a tuple of ``n`` ints."""
        n = self.side
        return [self._cells[r * n : (r + 1) * n] for r in range(n)]

    def is_complete(self) -> bool:
        """True when no cell is blank (a complete grid is then a valid solution)."""
        return all(self._cells)

    def is_solution_of(self, puzzle: Grid) -> bool:
        """True when this grid is complete, of the puzzle's size, and keeps every given.

        Validity of the units is already guaranteed by construction.
        """
        return (
            self._box_size == puzzle._box_size
            and self.is_complete()
            and all(g == 0 or g == v for g, v in zip(puzzle._cells, self._cells, strict=True))
        )

    def with_cell(self, row: int, col: int, value: int) -> Grid:
        """A copy with one cell set (0-based ``row`` and ``col``; ``value`` 0 clears it).

        Raises:
            IndexError: the row or column is outside the grid.
            InvalidPuzzleError: the value is out of range or repeats one in a unit.
        """
        n = self.side
        if not (0 <= row < n and 0 <= col < n):
            raise IndexError(f"({row}, {col}) is outside a {n}x{n} grid")
        cells = list(self._cells)
        cells[row * n + col] = value
        return Grid(cells, self._box_size)

    # -- writing ----------------------------------------------------------------------

    def to_string(self) -> str:
        """One line of ``n*n`` characters: ``.`` for a blank, ``1``-``9`` then ``A``-``P``."""
        from sudoku_cp.formats import Layout, format_grid

        return format_grid(self, Layout.LINE)

    def to_list(self) -> list[list[int]]:
        """A list of ``n`` lists of ``n`` ints, 0 for a blank."""
        return [list(row) for row in self.rows()]

    def format(self, layout: Layout | str = "pretty") -> str:
        """Write the grid in a layout: ``"line"``, ``"rows"`` (Baekjoon 2239),
        ``"spaced"`` (Baekjoon 2580) or ``"pretty"`` (box separators).

        Raises:
            ValueError: unknown layout name.
        """
        from sudoku_cp.formats import Layout, format_grid

        return format_grid(self, Layout(layout))

    def __str__(self) -> str:
        return self.format("pretty")

    def __repr__(self) -> str:
        return f"Grid.parse({self.to_string()!r})"

    def _repr_html_(self) -> str:
        from sudoku_cp.formats import to_html

        return to_html(self)

    # -- value semantics --------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self._box_size == other._box_size and self._cells == other._cells

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return (self._box_size, self._cells) < (other._box_size, other._cells)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        return (Grid, (self._cells, self._box_size))
