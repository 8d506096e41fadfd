"""Multi-grid boards: several classic grids overlapping on one board (Samurai and kin).

A :class:`Board` is the shape: the sub-grids' box shape (their side ``n`` is box rows
times box columns, values ``1..n``), the top-left corner of each sub-grid on the board,
and the board's size ``(rows, columns)``. Its *cells* are the board cells inside some
sub-grid, numbered row-major over the board, skipping the cells outside every sub-grid:
so the lexicographic order of a model's cells is the board read row by row, and every
backend's proof of the smallest solution holds unchanged. The rows, columns and boxes
of every sub-grid are AllDifferent; a unit two sub-grids share (Samurai's corner boxes,
a Butterfly's common rows) is one constraint, kept with the first sub-grid's origin.

A :class:`MultiGrid` is a board with its digits (givens, or a solution): what
:class:`~sudoku_cp.model.puzzle.Puzzle` takes in place of a :class:`~sudoku_cp.model.grid.Grid`.

What a board must be (else :class:`~sudoku_cp.errors.InvalidPuzzleError`, naming the
sub-grid): every sub-grid inside ``size`` and ``size`` the bounding box of the sub-grids
(its first row and first column used); no two sub-grids at the same corner; sub-grids
that overlap do so on whole boxes (their corners differ by a multiple of the box shape,
so a shared cell is in the same box of both, as Samurai's corner boxes are); and the
board connected (a board of separate parts is separate puzzles: solve them one by one).

Named layouts (:data:`LAYOUTS`, 9x9 sub-grids with 3x3 boxes, corners as published by
janko.at): ``samurai``, ``butterfly``, ``windmill``, ``sohei``, ``gattai-8``, ``shogun``,
``sumo``.

>>> board = Board.named("samurai")
>>> board.size, len(board.positions), len(board.constraints)
((21, 21), 369, 131)
>>> small = Board(((0, 0), (2, 2)), (2, 2))  # two 4x4 grids sharing a 2x2 box
>>> small.size, small.cell_count
((6, 6), 28)
>>> from sudoku_cp import Puzzle, solve
>>> puzzle = Puzzle.from_dict({"grids": [[0, 0], [2, 2]], "box": [2, 2], "grid": "1" + "." * 35})
>>> print(solve(puzzle, backend="backtracking"))
1234..
3412..
214312
432134
..1243
..3421
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.model.grid import BLANK_CHARS, VALUE_CHARS, Drawn

Corner = tuple[int, int]
"""A sub-grid's top-left ``(row, column)`` on the board, 0-based."""

LAYOUTS: Mapping[str, tuple[Corner, ...]] = {
    "samurai": ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12)),
    "butterfly": ((0, 0), (0, 3), (3, 0), (3, 3)),
    "windmill": ((0, 3), (3, 12), (6, 6), (9, 0), (12, 9)),
    "sohei": ((0, 6), (6, 0), (6, 12), (12, 6)),
    "gattai-8": ((0, 0), (0, 12), (0, 24), (6, 6), (6, 18), (12, 0), (12, 12), (12, 24)),
    "shogun": (
        *((0, c) for c in (0, 12, 24, 36)),
        *((6, c) for c in (6, 18, 30)),
        *((12, c) for c in (0, 12, 24, 36)),
    ),
    "sumo": (
        *((0, c) for c in (0, 12, 24)),
        *((6, c) for c in (6, 18)),
        *((12, c) for c in (0, 12, 24)),
        *((18, c) for c in (6, 18)),
        *((24, c) for c in (0, 12, 24)),
    ),
}
"""The named layouts: the corners of their 9x9 sub-grids (3x3 boxes), numbered in this
order (``grid 1`` is the first corner). Samurai: four corner grids around a centre grid
sharing one box with each; Butterfly: four grids on 12x12; Windmill: four grids turning
around a centre one; Sohei: four grids in a diamond; Gattai-8, Shogun, Sumo: Samurai
chains of 8, 11 and 13 grids."""

_LAYOUT_BOX = (3, 3)
_MAX_BOARD = 100  # rows or columns of a board: far beyond any published layout
_MAX_GRIDS = 64


def _name(position: Corner) -> str:
    return f"r{position[0] + 1}c{position[1] + 1}"


def _int_pair(value: object, what: str) -> tuple[int, int]:
    """Two ints from a JSON pair (no bools), each within ``0..`` :data:`_MAX_BOARD` in size."""
    try:
        if isinstance(value, str | bytes | Mapping):
            raise TypeError
        first, second = value  # type: ignore[misc]
        if isinstance(first, bool) or isinstance(second, bool):
            raise TypeError
        pair = operator.index(first), operator.index(second)
    except (TypeError, ValueError):
        raise InvalidPuzzleError(f"{what} is [row, column] (two integers), not {_short(value)}") from None
    if any(abs(v) > _MAX_BOARD for v in pair):
        raise InvalidPuzzleError(f"{what} {_short(value)} is beyond a {_MAX_BOARD}x{_MAX_BOARD} board")
    return pair


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Board:
    """The shape of a multi-grid board: its sub-grids' corners, their box shape, its size.

    Attributes:
        corners: the 0-based ``(row, column)`` of each sub-grid's top-left cell; the
            sub-grids are numbered 1, 2, ... in this order.
        box: ``(rows, columns)`` of the sub-grids' boxes; the sub-grids' side is
            ``rows * columns`` (2..25 cells, values ``1..side``).
        size: ``(rows, columns)`` of the board; by default the sub-grids' bounding box.
        name: the layout's name when it is one of :data:`LAYOUTS` (not part of equality).

    Raises:
        InvalidPuzzleError: a sub-grid outside ``size``, a ``size`` larger than the
            sub-grids' bounding box, two sub-grids at one corner, two sub-grids that
            overlap off their box lines, or a board in separate parts (the message
            names the sub-grids).
    """

    corners: tuple[Corner, ...]
    box: tuple[int, int] = _LAYOUT_BOX
    size: tuple[int, int] | None = None
    name: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.corners, str | bytes) or not isinstance(self.corners, Iterable):
            raise InvalidPuzzleError(
                f"'grids' is a list of [row, column] corners, not {_short(self.corners)}"
            )
        corners = tuple(_int_pair(c, f"grid {i + 1}'s corner") for i, c in enumerate(self.corners))
        if not corners:
            raise InvalidPuzzleError("a multi-grid board has at least one sub-grid")
        if len(corners) > _MAX_GRIDS:
            raise InvalidPuzzleError(
                f"a multi-grid board has at most {_MAX_GRIDS} sub-grids, not {len(corners)}"
            )
        box = _int_pair(self.box, "'box'")
        side = box[0] * box[1]
        if box[0] < 1 or box[1] < 1 or not 2 <= side <= len(VALUE_CHARS):
            raise InvalidPuzzleError(f"sub-grids' boxes of {box[0]}x{box[1]} cells: their side must be 2..25")
        bottom = max(r for r, _ in corners) + side
        right = max(c for _, c in corners) + side
        size = (bottom, right) if self.size is None else _int_pair(self.size, "'size'")
        for number, (row, column) in enumerate(corners, 1):
            if row < 0 or column < 0 or row + side > size[0] or column + side > size[1]:
                raise InvalidPuzzleError(
                    f"grid {number} at [{row}, {column}] runs outside the {size[0]}x{size[1]} board"
                )
        if size != (bottom, right) or min(r for r, _ in corners) or min(c for _, c in corners):
            raise InvalidPuzzleError(
                f"'size' is {list(size)} but the sub-grids span rows 1-{bottom} from row "
                f"{min(r for r, _ in corners) + 1} and columns 1-{right} from column "
                f"{min(c for _, c in corners) + 1}: give the bounding board, its first row and column used"
            )
        if size[0] > _MAX_BOARD or size[1] > _MAX_BOARD:
            raise InvalidPuzzleError(
                f"a board of {size[0]}x{size[1]} is larger than {_MAX_BOARD}x{_MAX_BOARD}"
            )
        for i, (r1, c1) in enumerate(corners):
            for j in range(i):
                r2, c2 = corners[j]
                if (r1, c1) == (r2, c2):
                    raise InvalidPuzzleError(f"grids {j + 1} and {i + 1} are both at [{r1}, {c1}]")
                overlap = abs(r1 - r2) < side and abs(c1 - c2) < side
                if overlap and ((r1 - r2) % box[0] or (c1 - c2) % box[1]):
                    raise InvalidPuzzleError(
                        f"grids {j + 1} at [{r2}, {c2}] and {i + 1} at [{r1}, {c1}] overlap off their "
                        f"box lines: their corners must differ by multiples of the {box[0]}x{box[1]} box"
                    )
        object.__setattr__(self, "corners", corners)
        object.__setattr__(self, "box", box)
        object.__setattr__(self, "size", size)
        self._check_connected()

    def _check_connected(self) -> None:
        side, corners = self.side, self.corners
        reached, todo = {0}, [0]
        while todo:
            i = todo.pop()
            for j, (r, c) in enumerate(corners):
                if j not in reached and abs(r - corners[i][0]) < side and abs(c - corners[i][1]) < side:
                    reached.add(j)
                    todo.append(j)
        if len(reached) < len(corners):
            alone = min(set(range(len(corners))) - reached)
            raise InvalidPuzzleError(
                f"grid {alone + 1} at {list(corners[alone])} shares no cell with grid 1 or the grids "
                f"overlapping it: the board is in separate parts (solve each part as its own puzzle)"
            )

    @classmethod
    def named(cls, name: str) -> Board:
        """The board of a named layout of :data:`LAYOUTS` (9x9 sub-grids).

        Raises:
            InvalidPuzzleError: an unknown name (the message lists the known ones).
        """
        if not isinstance(name, str):
            raise InvalidPuzzleError(f"'layout' is a name ({', '.join(LAYOUTS)}), not {_short(name)}")
        key = name.lower().replace("_", "-")
        if key == "gattai8":
            key = "gattai-8"
        if key not in LAYOUTS:
            raise InvalidPuzzleError(f"unknown layout {name!r}: one of {', '.join(LAYOUTS)}")
        return cls(LAYOUTS[key], _LAYOUT_BOX, name=key)

    @property
    def side(self) -> int:
        """``n``: the sub-grids' side and the largest value."""
        return self.box[0] * self.box[1]

    @property
    def layout_name(self) -> str | None:
        """The name of the layout in :data:`LAYOUTS` with these corners and 3x3 boxes, if any."""
        for name, corners in LAYOUTS.items():
            if corners == self.corners and self.box == _LAYOUT_BOX:
                return name
        return None

    @functools.cached_property
    def inside(self) -> tuple[tuple[bool, ...], ...]:
        """For each board row, for each column: True when the cell is inside some sub-grid."""
        rows, columns = self.size  # type: ignore[misc]
        mask = [[False] * columns for _ in range(rows)]
        n = self.side
        for top, left in self.corners:
            for r in range(top, top + n):
                mask[r][left : left + n] = [True] * n
        return tuple(tuple(row) for row in mask)

    @functools.cached_property
    def positions(self) -> tuple[Corner, ...]:
        """Each cell's ``(row, column)`` on the board, row-major, inside cells only."""
        return tuple((r, c) for r, row in enumerate(self.inside) for c, inside in enumerate(row) if inside)

    @functools.cached_property
    def index(self) -> Mapping[Corner, int]:
        """``(row, column)`` -> cell number, for the inside cells."""
        return {p: i for i, p in enumerate(self.positions)}

    @property
    def cell_count(self) -> int:
        """The number of cells inside some sub-grid."""
        return len(self.positions)

    @functools.cached_property
    def constraints(self) -> tuple:
        """The AllDifferent of every row, column and box of every sub-grid, each once (a
        unit two sub-grids share keeps the first one's origin). Origins carry the
        sub-grid's number (``Origin.grid``), the unit's number within it, and its first
        and last board cells."""
        from sudoku_cp.model.constraints import AllDifferent, Origin, OriginKind

        n, (box_rows, box_cols), index = self.side, self.box, self.index
        seen: set[frozenset[int]] = set()
        out = []
        for number, (top, left) in enumerate(self.corners, 1):
            units: list[tuple[OriginKind, int, list[Corner]]] = []
            for i in range(n):
                units.append((OriginKind.ROW, i + 1, [(top + i, left + j) for j in range(n)]))
            for j in range(n):
                units.append((OriginKind.COLUMN, j + 1, [(top + i, left + j) for i in range(n)]))
            for b in range(n):
                r0, c0 = top + b // box_rows * box_rows, left + b % box_rows * box_cols
                units.append(
                    (
                        OriginKind.BOX,
                        b + 1,
                        [(r0 + dr, c0 + dc) for dr in range(box_rows) for dc in range(box_cols)],
                    )
                )
            for kind, unit_number, where in units:
                cells = tuple(index[p] for p in where)
                key = frozenset(cells)
                if key in seen:
                    continue
                seen.add(key)
                origin = Origin(kind, unit_number, (where[0], where[-1]), grid=number)
                out.append(AllDifferent(cells, origin=origin))
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        """The board's keys of a JSON record: ``layout`` (a named one) or ``grids``, ``box``, ``size``."""
        name = self.layout_name
        where: dict[str, Any] = {"layout": name} if name else {"grids": [list(c) for c in self.corners]}
        return {"size": list(self.size), "box": list(self.box), **where}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Board:
        """The board of a JSON record's ``layout`` or ``grids``, ``box`` and ``size``.

        ``box`` and ``size`` may be one integer ``k`` for ``[k, k]``; ``box`` defaults to
        ``[3, 3]`` and ``size`` to the sub-grids' bounding box. A record may give both
        ``layout`` and ``grids`` when they agree.

        Raises:
            InvalidPuzzleError: neither ``layout`` nor ``grids``, or both disagreeing, an
                unknown layout, a ``box`` or ``size`` that does not fit, or a board
                :class:`Board` refuses.
        """
        if "layout" not in record and "grids" not in record:
            raise InvalidPuzzleError("a multi-grid record gives 'layout' or 'grids'")
        box = _square(record.get("box", list(_LAYOUT_BOX)))
        if box is None:
            raise InvalidPuzzleError("a multi-grid board's sub-grids have boxes: 'box' is [rows, columns]")
        if "grids" in record:
            grids = record["grids"]
            if not isinstance(grids, list):
                raise InvalidPuzzleError(f"'grids' is a list of [row, column] corners, not {_short(grids)}")
            board = cls(tuple(grids), box)  # type: ignore[arg-type]
        if "layout" in record:
            named = cls.named(record["layout"])
            if _int_pair(box, "'box'") != named.box:
                raise InvalidPuzzleError(f"the {named.name} layout has 3x3 boxes, not {_short(box)}")
            if "grids" in record and board.corners != named.corners:
                raise InvalidPuzzleError(
                    f"'grids' are not the corners of the {named.name} layout: give 'layout' or 'grids'"
                )
            board = named
        if record.get("size") is not None:
            size = _int_pair(_square(record["size"]), "'size'")
            if size != board.size:
                raise InvalidPuzzleError(
                    f"'size' is {list(size)} but the sub-grids make a {board.size[0]}x{board.size[1]} board"  # type: ignore[index]
                )
        return board


def _square(value: object) -> object:
    """``k`` as ``[k, k]`` (a square box or board given as one integer); anything else as it is."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [value, value]
    return value


@functools.total_ordering
class MultiGrid(Drawn):
    """A multi-grid board with its digits: immutable, hashable, equal by value, ordered by
    its cells (row-major over the board, inside cells only); what a :class:`Puzzle` takes in
    place of a :class:`~sudoku_cp.model.grid.Grid`, and what solving one returns.

    Args:
        board: the :class:`Board`.
        cells: one value per inside cell (``board.positions`` order), 0 for a blank.

    Raises:
        InvalidPuzzleError: a wrong number of cells, a value out of ``0..n``, or a value
            repeated in a row, column or box of a sub-grid (naming it and both cells).

    >>> solved = MultiGrid.parse("1234" "3412" "2143" "4321", Board(((0, 0),), (2, 2)))
    >>> print(solved)
    1234
    3412
    2143
    4321
    """

    __slots__ = ("_board", "_cells", "_hash")

    def __init__(self, board: Board, cells: Iterable[int]) -> None:
        values = tuple(cells)
        if len(values) != board.cell_count:
            raise InvalidPuzzleError(
                f"the board has {board.cell_count} cells inside its sub-grids, not {len(values)}"
            )
        n = board.side
        for cell, value in enumerate(values):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= n:
                r, c = board.positions[cell]
                raise InvalidPuzzleError(
                    f"row {r + 1}, column {c + 1}: value {value!r} is not in 1..{n} (or 0)"
                )
        for constraint in board.constraints:
            first: dict[int, int] = {}
            for cell in constraint.cells:
                value = values[cell]
                if value and value in first:
                    a, b = (_name(board.positions[x]) for x in (first[value], cell))
                    raise InvalidPuzzleError(f"{constraint.label} has two {value}s: {a} and {b}")
                first.setdefault(value, cell)
        self._board, self._cells = board, values
        self._hash = hash((board, values))

    @classmethod
    def parse(cls, text: str | Sequence[str], board: Board) -> MultiGrid:
        """Read the board row by row: ``rows * columns`` characters (whitespace ignored, or
        a list of row strings), ``.``, ``0``, ``-`` or ``_`` for a blank and for a cell
        outside every sub-grid, ``1``-``9`` then ``A``-``P`` for a digit. Text of one
        character per inside cell (what :meth:`to_string` writes, a record's
        ``solution``) is read too.

        Raises:
            InvalidPuzzleError: the wrong number of characters, an unknown character or
                a digit outside every sub-grid (naming its row and column), or a repeat.
        """
        if not isinstance(text, str):
            if not all(isinstance(row, str) for row in text):
                raise InvalidPuzzleError("a multi-grid board's 'grid' is a string or a list of row strings")
            text = "".join(text)
        chars = "".join(text.split())
        rows, columns = board.size  # type: ignore[misc]
        inside_only = len(chars) == board.cell_count
        if len(chars) != rows * columns and not inside_only:
            raise InvalidPuzzleError(
                f"the {rows}x{columns} board needs {rows * columns} characters row by row "
                f"(or {board.cell_count}, one per cell inside a sub-grid), not {len(chars)}"
            )
        values = []
        for i, char in enumerate(chars):
            r, c = board.positions[i] if inside_only else divmod(i, columns)
            upper = char.upper()
            if char in BLANK_CHARS:
                value = 0
            elif char.isascii() and upper in VALUE_CHARS and VALUE_CHARS.index(upper) < board.side:
                value = VALUE_CHARS.index(upper) + 1
            else:
                raise InvalidPuzzleError(
                    f"row {r + 1}, column {c + 1}: {char!r} is not a digit 1..{board.side} or '.'"
                )
            if board.inside[r][c]:
                values.append(value)
            elif value:
                raise InvalidPuzzleError(
                    f"row {r + 1}, column {c + 1}: a digit {char!r} outside every sub-grid"
                )
        return cls(board, values)

    @classmethod
    def empty(cls, board: Board) -> MultiGrid:
        """The board with every cell blank."""
        return cls(board, (0,) * board.cell_count)

    # -- reading ----------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @property
    def cells(self) -> tuple[int, ...]:
        """The inside cells' values, row-major over the board, 0 for a blank."""
        return self._cells

    @property
    def side(self) -> int:
        """``n``: the sub-grids' side and the largest value."""
        return self._board.side

    @property
    def box(self) -> tuple[int, int]:
        """The sub-grids' box shape."""
        return self._board.box

    @property
    def given_count(self) -> int:
        """The number of filled cells."""
        return sum(1 for v in self._cells if v)

    @property
    def givens(self) -> int:
        """:attr:`given_count` (the name :class:`~sudoku_cp.model.grid.Grid` also answers to)."""
        return self.given_count

    def __getitem__(self, row_col: tuple[int, int]) -> int | None:
        """``board[row, col]`` (0-based): the value, 0 for a blank, ``None`` outside every sub-grid."""
        cell = self._board.index.get(tuple(row_col))  # type: ignore[arg-type]
        return None if cell is None else self._cells[cell]

    def rows(self) -> list[tuple[int | None, ...]]:
        """The board's rows: values, 0 for a blank, ``None`` outside every sub-grid."""
        rows, columns = self._board.size  # type: ignore[misc]
        return [tuple(self[r, c] for c in range(columns)) for r in range(rows)]

    def to_list(self) -> list[list[int | None]]:
        """:meth:`rows` as lists."""
        return [list(row) for row in self.rows()]

    def is_complete(self) -> bool:
        return all(self._cells)

    def is_solution_of(self, puzzle: MultiGrid) -> bool:
        """True when complete, on the same board, and keeping every given of ``puzzle``."""
        return (
            isinstance(puzzle, MultiGrid)
            and self._board == puzzle._board
            and self.is_complete()
            and all(g in (0, v) for g, v in zip(puzzle._cells, self._cells, strict=True))
        )

    def with_cells(self, cells: Iterable[int]) -> MultiGrid:
        """The same board with other values (one per inside cell)."""
        return MultiGrid(self._board, cells)

    # -- writing ----------------------------------------------------------------------

    def format(self, separator: str = "\n") -> str:
        """The board row by row, ``.`` for a blank and for a cell outside every sub-grid."""
        return separator.join(
            "".join("." if not v else VALUE_CHARS[v - 1] for v in row) for row in self.rows()
        )

    def to_string(self) -> str:
        """The inside cells in one line, row by row over the board (``.`` for a blank): a
        record's ``solution``, as :meth:`sudoku_cp.model.grid.Grid.to_string` is for one grid.
        :meth:`board_string` writes the whole board."""
        return "".join(VALUE_CHARS[v - 1] if v else "." for v in self._cells)

    def solution_string(self) -> str:
        """:meth:`to_string`: the inside cells in one line (a record's ``solution``)."""
        return self.to_string()

    def board_string(self) -> str:
        """The board's rows in one line, ``.`` outside every sub-grid: a record's ``grid``."""
        return self.format("")

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"MultiGrid.parse({self.board_string()!r}, {self._board!r})"

    # -- value semantics --------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MultiGrid):
            return NotImplemented
        return self._board == other._board and self._cells == other._cells

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, MultiGrid):
            return NotImplemented
        return (self._board.corners, self._board.box, self._cells) < (
            other._board.corners,
            other._board.box,
            other._cells,
        )

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        return (MultiGrid, (self._board, self._cells))


def named_board_in(cells: Sequence[int], side: int) -> MultiGrid | None:
    """The multi-grid board a square text grid stands for, if it is one: a Samurai,
    Windmill or Sohei written as 21 rows of 21 characters (or a Sumo as 33 of 33), blank
    (``.``) outside its sub-grids, as a record's ``grid`` is.

    Such a text also reads as a classic grid of that side, which is never what it means: a
    21x21 classic grid needs digits up to 21 and givens in every part of the grid. So a
    square grid is read as a named layout when every given is a digit 1-9 and lies inside
    that layout's sub-grids; a grid no layout fits stays a classic grid (None).

    Args:
        cells: the cells row by row, 0 for a blank (``side * side`` of them).
        side: the grid's side.

    Raises:
        InvalidPuzzleError: the givens fit more than one layout (the message names them
            and says to give a JSON record with ``layout``), or a digit repeats in a unit.

    >>> board = Board.named("samurai")
    >>> cells = [0] * 21 * 21
    >>> cells[0], cells[20] = 5, 7  # top-left and top-right sub-grids
    >>> named_board_in(cells, 21).board.name
    'samurai'
    >>> named_board_in([0] * 441, 21) is None  # no givens: nothing tells a board
    True
    """
    sub_side = _LAYOUT_BOX[0] * _LAYOUT_BOX[1]
    if side <= sub_side:  # a board of several sub-grids is wider than one (no boards built)
        return None
    givens = [i for i, value in enumerate(cells) if value]
    if not givens or any(cells[i] > sub_side for i in givens):
        return None
    fitting = []
    for board in _named_boards():
        if board.size != (side, side) or all(all(row) for row in board.inside):
            continue
        if all(board.inside[i // side][i % side] for i in givens):
            fitting.append(board)
    if len(fitting) > 1:
        names = ", ".join(board.name or "" for board in fitting)
        raise InvalidPuzzleError(
            f"the {side}x{side} grid's givens fit the layouts {names}: give a JSON record "
            f"with 'layout' and 'grid' to say which"
        )
    if not fitting:
        return None
    board = fitting[0]
    return MultiGrid(board, (cells[r * side + c] for r, c in board.positions))


@functools.cache
def _named_boards() -> tuple[Board, ...]:
    """The boards of :data:`LAYOUTS`, built once: :func:`named_board_in` looks at them for
    every text puzzle read, where building them took about 1 ms a puzzle (issue 34: the
    caller of ``sudoku-cp solve --processes`` reads every puzzle)."""
    return tuple(Board.named(name) for name in LAYOUTS)


def is_multigrid_record(record: Mapping[str, Any]) -> bool:
    """True for a JSON record of a multi-grid board (it has ``layout`` or ``grids``)."""
    return "layout" in record or "grids" in record


def multigrid_from_dict(record: Mapping[str, Any]) -> MultiGrid:
    """The :class:`MultiGrid` of a JSON record (``layout`` or ``grids``, ``box``, ``size``, ``grid``).

    Raises:
        InvalidPuzzleError: as :meth:`Board.from_dict` and :meth:`MultiGrid.parse`.
    """
    board = Board.from_dict(record)
    given = record["grid"]
    if not isinstance(given, str | list):
        raise InvalidPuzzleError("'grid' is the board row by row: a string or a list of row strings")
    return MultiGrid.parse(given, board)
