"""What the advanced finders share: who sees whom, strong links, the premise units.

Computed from a :class:`~sudoku_cp.reasoning.techniques.Board` and the current candidates only,
so every finder works on every unit of the model (rows, columns, boxes, jigsaw regions,
diagonals, windows) and every size. Two cells *see* each other when an AllDifferent
holds both (the model's peers); a *strong link* (conjugate pair) on a value is a unit
where the value has exactly two places left.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence

from sudoku_cp.model.constraints import AllDifferent, Constraint
from sudoku_cp.reasoning.techniques.board import Board

_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class Geometry:
    """The board's fixed relations, computed once per :class:`Board`.

    Attributes:
        peers: for each cell, the frozenset of cells it sees.
        peer_bits: for each cell, the cells it sees as a bit set (bit ``c`` for cell ``c``).
        unit_cells: for each unit (``board.units``), its cells.
        units_of: for each cell, the indices (into ``board.units``) of the units holding it.
        is_line: for each unit, whether it is a row or a column.
        row_of, column_of: for each cell, the index of its row (column) in
            ``board.rows`` (``board.columns``), -1 if none.
        nothing: the finders' memos across states: the values a single-digit finder
            found nothing on, by ``(finder, value)``, with the value's plane then; the
            units a subset finder found nothing in, with their cells' candidates then
            (:mod:`sudoku_cp.reasoning.techniques._unchanged`); the grouped strong links
            of a unit's places of a value (:mod:`.chains`).
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.peers = tuple(frozenset(p) for p in board.model.peers)
        self.peer_bits = tuple(sum(1 << c for c in p) for p in self.peers)
        self.units = board.units
        self.unit_cells = tuple(u.cells for u in board.units)
        units_of: list[list[int]] = [[] for _ in range(board.model.cell_count)]
        for index, cells in enumerate(self.unit_cells):
            for cell in cells:
                units_of[cell].append(index)
        self.units_of = tuple(tuple(u) for u in units_of)
        lines = {id(u) for u in board.rows} | {id(u) for u in board.columns}
        self.is_line = tuple(id(u) in lines for u in board.units)
        row_of = [-1] * board.model.cell_count
        column_of = [-1] * board.model.cell_count
        for i, row in enumerate(board.rows):
            for c in row.cells:
                row_of[c] = i
        for i, column in enumerate(board.columns):
            for c in column.cells:
                column_of[c] = i
        self.row_of = tuple(row_of)
        self.column_of = tuple(column_of)
        self._shared: dict[tuple[int, int], AllDifferent | None] = {}
        self.nothing: dict = {}

    def shared(self, a: int, b: int) -> AllDifferent | None:
        """An AllDifferent holding both cells (a unit if one does), or ``None``."""
        key = (a, b) if a < b else (b, a)
        if key not in self._shared:
            board = self.board
            common = set(board.containing[a]).intersection(board.containing[b])
            found = sorted((board.alldifferents[i] for i in common), key=lambda c: -len(c.cells))
            self._shared[key] = found[0] if found else None
        return self._shared[key]


def geometry(board: Board) -> Geometry:
    """The :class:`Geometry` of ``board`` (cached while the board lives)."""
    found = _CACHE.get(board)
    if found is None:
        found = _CACHE[board] = Geometry(board)
    return found


def open_places(geo: Geometry, unit: int, bit: int, candidates: Sequence[int], placed: set[int]) -> list[int]:
    """The open cells of a unit where the value of ``bit`` is still a candidate."""
    return [c for c in geo.unit_cells[unit] if candidates[c] & bit and c not in placed]


def unit_holds_value(geo: Geometry, unit: int, bit: int, candidates: Sequence[int], placed: set[int]) -> bool:
    """True when the value is already placed in the unit (it has no strong link there)."""
    return any(c in placed and candidates[c] == bit for c in geo.unit_cells[unit])


def strong_links(
    geo: Geometry, value: int, candidates: Sequence[int], placed: set[int]
) -> list[tuple[int, int, int]]:
    """``(a, b, unit)``: the units where ``value`` has exactly two places ``a < b`` left
    (one link per pair of cells, the first unit found)."""
    bit = 1 << (value - 1)
    found: dict[tuple[int, int], int] = {}
    for unit, cells in enumerate(geo.unit_cells):  # open_places and unit_holds_value, inlined
        places = []
        for c in cells:
            if candidates[c] & bit:
                if c not in placed:
                    places.append(c)
                    if len(places) > 2:
                        break
                elif candidates[c] == bit:
                    break  # the value is placed in the unit
        else:
            if len(places) == 2:
                found.setdefault((places[0], places[1]), unit)
    return [(a, b, unit) for (a, b), unit in found.items()]


def links(geo: Geometry, pairs: Iterable[tuple[int, int]]) -> tuple[Constraint, ...]:
    """For each pair of cells that see each other, an AllDifferent holding both."""
    out = []
    for a, b in pairs:
        shared = geo.shared(a, b)
        if shared is not None:
            out.append(shared)
    return tuple(out)


def premise(*groups: Iterable[Constraint]) -> tuple[Constraint, ...]:
    """The constraints of a step, in order, without repeats."""
    return tuple(dict.fromkeys(c for group in groups for c in group))


def bivalue_cells(candidates: Sequence[int], placed: set[int]) -> list[int]:
    """The open cells with exactly two candidates."""
    return [c for c, m in enumerate(candidates) if c not in placed and m.bit_count() == 2]
