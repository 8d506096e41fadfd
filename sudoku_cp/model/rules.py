"""The rules of Sudoku and its variants, as data that compiles to the constraint vocabulary.

A :class:`~sudoku_cp.model.puzzle.Puzzle` is givens plus rules. The rows, the columns and the
boxes of the grid's box shape always apply (:func:`classic_constraints`); each rule
object here adds constraints, or (:class:`Jigsaw`) supplies the regions that replace
the boxes. Rules are immutable and hashable, check themselves against the grid
(:meth:`Rule.check`, raising :class:`~sudoku_cp.errors.InvalidPuzzleError` that names
what and where) and compile to the constraint kinds of :mod:`sudoku_cp.model.constraints` (``KINDS``)
(:meth:`Rule.constraints`). The names and exact rules are the Sudoku community's; the
JSON keys are those of the interchange format (:meth:`sudoku_cp.Puzzle.from_dict`).

Coordinates are 0-based ``(row, column)`` pairs, as in the JSON format.

>>> from sudoku_cp.model.rules import Cage, Killer
>>> killer = Killer([Cage([(0, 0), (0, 1)], 3)])
>>> [type(c).__name__ for c in killer.constraints(9, (3, 3))]
['AllDifferent', 'Sum']
"""

from __future__ import annotations

import contextvars
import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from sudoku_cp.errors import InvalidArgumentError, InvalidPuzzleError
from sudoku_cp.model.constraints import (
    COUNT_OPERATORS,
    AllDifferent,
    Constraint,
    Count,
    Element,
    Less,
    Linear,
    Origin,
    OriginKind,
    Relation,
    Sum,
    Table,
    ValueIn,
    cell_name,
    unit_constraints,
)
from sudoku_cp.model.constraints import And as AndKind
from sudoku_cp.model.constraints import Or as OrKind
from sudoku_cp.model.constraints import Regular as RegularKind
from sudoku_cp.model.constraints import Sandwich as SandwichClue
from sudoku_cp.model.constraints import Skyscraper as SkyscraperClue
from sudoku_cp.model.digits import digits_text
from sudoku_cp.model.expressions import nfa_automaton, pair_table, regular_automaton
from sudoku_cp.model.grid import BoxShape, geometry
from sudoku_cp.naming import canonical_name

Cell = tuple[int, int]
"""A 0-based ``(row, column)``."""


# -- helpers ----------------------------------------------------------------------------------


def _cell(value: object, side: int, where: str) -> Cell:
    """Check a ``(row, column)`` pair inside the grid."""
    try:
        row, column = value  # type: ignore[misc]
    except (TypeError, ValueError):
        raise InvalidPuzzleError(f"{where}: {value!r} is not a (row, column) pair") from None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (row, column)):
        raise InvalidPuzzleError(f"{where}: {value!r} is not a pair of ints")
    if not (0 <= row < side and 0 <= column < side) and not _is_extra((row, column), side):
        raise InvalidPuzzleError(f"{where}: ({row}, {column}) is outside the {side}x{side} grid")
    return (row, column)


_EXTRA: contextvars.ContextVar[int] = contextvars.ContextVar("extra_cells", default=0)
"""How many extra cells (:mod:`sudoku_cp.model.extra_cells`) the rule being checked may name
(:func:`iter_constraints` sets it for the rules with :attr:`Rule.takes_extra_cells`), else 0."""


def _is_extra(cell: Cell, side: int) -> bool:
    """True when ``cell`` is one of the puzzle's extra cells that the rule being checked may
    name: extra cell ``k`` is ``(side + k // side, k % side)``, rows below the grid, so its
    model index ``row * side + column`` is ``side * side + k`` (a hidden cell)."""
    row, column = cell
    return row >= side and 0 <= column < side and (row - side) * side + column < _EXTRA.get()


def _cells(values: Iterable[object]) -> tuple[Cell, ...]:
    return tuple(tuple(v) for v in values)  # type: ignore[misc]


def _pairs(values: Iterable[object]) -> tuple[tuple[Cell, Cell], ...]:
    return tuple((tuple(a), tuple(b)) for a, b in values)  # type: ignore[misc]


def _groups(values: Iterable[Iterable[object]]) -> tuple[tuple[Cell, ...], ...]:
    return tuple(_cells(group) for group in values)


def _records(record: type) -> Callable[[Iterable[Any]], tuple[Any, ...]]:
    """The form (:class:`Normalised`) of a tuple of ``record`` instances: an item given as
    the tuple of a record's fields becomes that record (``record(*item)``)."""

    def read(values: Iterable[Any]) -> tuple[Any, ...]:
        return tuple(v if isinstance(v, record) else record(*v) for v in values)

    return read


def _name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _index(cell: Cell, side: int) -> int:
    return cell[0] * side + cell[1]


def _orthogonal(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _touching(a: Cell, b: Cell) -> bool:
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def _check_pairs(pairs: Sequence[tuple[Cell, Cell]], side: int, what: str) -> None:
    """Each pair: two cells inside the grid, orthogonal neighbours, no pair twice."""
    seen = set()
    for number, (a, b) in enumerate(pairs, 1):
        where = f"{what} {number}"
        a, b = _cell(a, side, where), _cell(b, side, where)
        if not _orthogonal(a, b):
            raise InvalidPuzzleError(f"{where}: {_name(a)} and {_name(b)} are not orthogonal neighbours")
        key = frozenset((a, b))
        if key in seen:
            raise InvalidPuzzleError(f"{where}: {_name(a)} and {_name(b)} are given twice")
        seen.add(key)


_DIGITS: contextvars.ContextVar[tuple[int, ...] | None] = contextvars.ContextVar("digits", default=None)
"""The digits of the puzzle whose rules are being compiled (:func:`iter_constraints`), when
not ``1..n``."""


def _digits_name(values: tuple[int, ...]) -> str:
    """``"1..9"``, or the puzzle's digits as :func:`~sudoku_cp.model.digits.digits_text` writes them."""
    return f"1..{len(values)}" if values == tuple(range(1, len(values) + 1)) else digits_text(values)


def digits_of(side: int) -> tuple[int, ...]:
    """The digits a rule enumerates when it builds a table: ``1..side``, or the puzzle's
    own (:mod:`sudoku_cp.model.digits`) while :func:`iter_constraints` compiles it."""
    return _DIGITS.get() or tuple(range(1, side + 1))


DIGIT_AWARE = frozenset(
    {
        OriginKind.EVEN,
        OriginKind.ODD,
        OriginKind.WHITE_DOT,
        OriginKind.BLACK_DOT,
        OriginKind.NO_WHITE_DOT,
        OriginKind.NO_BLACK_DOT,
        OriginKind.NO_DOT,
        OriginKind.X,
        OriginKind.V,
        OriginKind.NO_XV,
        OriginKind.NO_X,
        OriginKind.NO_V,
        OriginKind.WHISPERS,
        OriginKind.RENBAN,
        OriginKind.PALINDROME,
        OriginKind.BETWEEN_LINE,
        OriginKind.QUADRUPLE,
        OriginKind.NUMBERED_ROOM,
        OriginKind.DUTCH_FLATMATES,
        OriginKind.LOOK_AND_SAY,
        OriginKind.RELATION,
    }
)
"""The origins of the rules whose tables (``ValueIn``, ``Relation``, ``Table``) enumerate the
digits through :func:`digits_of`: on a grid of other digits their tables are built over
those digits, and :func:`sudoku_cp.model.digits.relabel` maps them to positions; a table
of any other origin was built over ``1..n`` and is refused there."""

POSITIONAL = frozenset(
    {
        OriginKind.REGULAR,
        OriginKind.SAME_VALUES,
        OriginKind.HIDDEN_SKYSCRAPER,
        OriginKind.COUNTING_CIRCLES,
        OriginKind.FULL_RANK,
        OriginKind.DOPPELGANGER,
    }
)
"""The origins of the rules that build their constraints over the digits' positions
``1..k`` themselves on a grid of other digits (a regular line's pattern read over the
puzzle's digits, equal multisets, hidden skyscrapers, counting circles, full rank):
:func:`sudoku_cp.model.digits.relabel` keeps those as they are."""


@functools.cache
def classic_constraints(side: int, box: BoxShape | None) -> tuple[AllDifferent, ...]:
    """The rules every puzzle keeps: an AllDifferent over each row, column and box.

    Derived from :func:`sudoku_cp.model.grid.geometry`, the one place that knows where the
    rows, columns and boxes are; each carries its :class:`~sudoku_cp.model.constraints.Origin`
    (kind ``row``, ``column`` or ``box``, its 1-based number; a box its corner cells).
    """
    return unit_constraints(geometry(side, box).units, side)


# -- the rule base class ----------------------------------------------------------------------


class Normalised:
    """A frozen dataclass whose fields are read on construction by the functions of its
    class-level ``forms`` (field name -> function of the given value: ``_cells`` makes a
    tuple of ``(row, column)`` tuples of any pairs, ``_pairs`` a tuple of cell pairs,
    ``_groups`` a tuple of such cell tuples), so that a rule or clue given lists is equal to,
    and hashes as, the same one given tuples."""

    forms: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}

    def __post_init__(self) -> None:
        for name, read in self.forms.items():
            object.__setattr__(self, name, read(getattr(self, name)))


class Rule(Normalised):
    """A rule of a variant: data that checks itself and compiles to constraints.

    Subclasses are frozen dataclasses with ``keys`` (their JSON keys in ``rules``), and
    ``reads``: keys of other rules their ``from_json`` also gets, not written back (a
    region-sum line reads the jigsaw ``regions``).
    """

    keys: ClassVar[tuple[str, ...]] = ()
    reads: ClassVar[tuple[str, ...]] = ()
    takes_extra_cells: ClassVar[bool] = False
    """Whether the rule's cells may be extra cells (:mod:`sudoku_cp.model.extra_cells`): rules
    that relate cells by value only (sums, relations, regular lines, regions), never by
    where they are drawn."""

    def check(self, side: int, box: BoxShape | None) -> None:
        """Raise :class:`InvalidPuzzleError` naming what and where, if the rule does not fit the grid."""

    def check_digits(self, side: int, box: BoxShape | None, digits: tuple[int, ...]) -> None:
        """:meth:`check` on a grid of other digits (:mod:`sudoku_cp.model.digits`): by default
        the same; a rule whose check reads the digits ``1..n`` (a cage's possible sums)
        reads ``digits`` instead."""
        self.check(side, box)

    def constraints(self, side: int, box: BoxShape | None) -> list[Constraint]:
        """The rule as constraints of the vocabulary (call :meth:`check` first)."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The rule's part of the JSON ``rules`` object."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, rules: Mapping[str, Any]) -> Rule:
        """Build the rule from its keys of a JSON ``rules`` object."""
        raise NotImplementedError


@dataclass(frozen=True)
class FlagRule(Rule):
    """A rule with no data, on or off: ``"<keys[0]>": true`` in JSON (false: no rule)."""

    def to_json(self) -> dict[str, Any]:
        return {self.keys[0]: True}

    @classmethod
    def from_json(cls, rules: Mapping[str, Any]) -> Rule:
        """The rule, from ``rules[keys[0]]``, which is ``true``.

        Raises:
            InvalidPuzzleError: another value (naming ``rules.<key>``).
        """
        if rules[cls.keys[0]] is not True:
            raise InvalidPuzzleError(f"rules.{cls.keys[0]} is true or false")
        return cls()


@dataclass(frozen=True)
class Diagonals(FlagRule):
    """X-Sudoku: each main diagonal holds 1..n once (``"diagonals": true``)."""

    keys: ClassVar = ("diagonals",)

    def constraints(self, side, box):
        main = tuple(i * side + i for i in range(side))
        anti = tuple(i * side + side - 1 - i for i in range(side))
        return [
            AllDifferent(main, origin=Origin(OriginKind.DIAGONAL)),
            AllDifferent(anti, origin=Origin(OriginKind.ANTI_DIAGONAL)),
        ]


@dataclass(frozen=True)
class Windows(Rule):
    """Hyper (Windoku): extra box-shaped windows, each holding 1..n once, given by their
    top-left cells (``"windows": [[1, 1], [1, 5], [5, 1], [5, 5]]``, the usual four on 9x9)."""

    corners: tuple[Cell, ...] = ((1, 1), (1, 5), (5, 1), (5, 5))
    keys: ClassVar = ("windows",)
    forms: ClassVar = {"corners": _cells}

    def check(self, side, box):
        if box is None:
            raise InvalidPuzzleError("windows are box-shaped: the puzzle needs a box shape")
        for number, corner in enumerate(self.corners, 1):
            top, left = _cell(corner, side, f"window {number}")
            if top + box[0] > side or left + box[1] > side:
                raise InvalidPuzzleError(
                    f"window {number} at {_name(corner)} leaves the grid: a {box[0]}x{box[1]} window needs "
                    f"its top-left cell in rows 1-{side - box[0] + 1}, columns 1-{side - box[1] + 1}"
                )

    def constraints(self, side, box):
        out = []
        for number, (top, left) in enumerate(self.corners, 1):
            cells = tuple((top + r) * side + left + c for r in range(box[0]) for c in range(box[1]))
            corners = ((top, left), (top + box[0] - 1, left + box[1] - 1))
            out.append(AllDifferent(cells, origin=Origin(OriginKind.WINDOW, number, corners)))
        return out

    def to_json(self):
        return {"windows": [list(c) for c in self.corners]}

    @classmethod
    def from_json(cls, rules):
        return cls(_cells(rules["windows"]))


_REGION_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


@dataclass(frozen=True)
class Jigsaw(Rule):
    """Jigsaw: irregular regions of ``n`` cells each replace the boxes (``box`` is ``None``).

    ``regions`` is a string of ``n*n`` labels, row-major, one character per cell; the
    cells with one label form a region (``"regions": "aaabbbccc..."``).
    """

    regions: str
    keys: ClassVar = ("regions",)

    def __post_init__(self) -> None:
        regions = self.regions
        if not isinstance(regions, str):  # a list of rows, or of region indices
            regions = "".join(
                "".join(str(x) for x in row) if not isinstance(row, str) else row for row in regions
            )
        object.__setattr__(self, "regions", "".join(regions.split()))

    @classmethod
    def from_cells(cls, regions: Sequence[Sequence[Cell]]) -> Jigsaw:
        """Build from a list of regions, each a list of ``(row, column)`` cells."""
        side = len(regions)
        labels = ["?"] * (side * side)
        for number, region in enumerate(regions):
            for cell in region:
                row, column = _cell(cell, side, f"region {number + 1}")
                labels[row * side + column] = _REGION_CHARS[number]
        return cls("".join(labels))

    def cells_of_regions(self) -> list[tuple[int, ...]]:
        """The cells of each region, regions in order of their first cell."""
        groups: dict[str, list[int]] = {}
        for cell, label in enumerate(self.regions):
            groups.setdefault(label, []).append(cell)
        return [tuple(cells) for cells in groups.values()]

    def check(self, side, box):
        if box is not None:
            raise InvalidPuzzleError("jigsaw regions replace the boxes: the puzzle's box must be None")
        if len(self.regions) != side * side:
            raise InvalidPuzzleError(
                f"regions: {len(self.regions)} labels for a {side}x{side} grid, which needs {side * side}"
            )
        groups = self.cells_of_regions()
        if len(groups) != side:
            raise InvalidPuzzleError(f"regions: {len(groups)} regions; a {side}x{side} grid needs {side}")
        for number, cells in enumerate(groups, 1):
            if len(cells) != side:
                raise InvalidPuzzleError(
                    f"region {number} ({self.regions[cells[0]]!r}, from {cell_name(cells[0], side)}) has "
                    f"{len(cells)} cells; every region needs {side}"
                )

    def constraints(self, side, box):
        return [
            AllDifferent(cells, origin=Origin(OriginKind.REGION, number, (divmod(cells[0], side),)))
            for number, cells in enumerate(self.cells_of_regions(), 1)
        ]

    def to_json(self):
        return {"regions": self.regions}

    @classmethod
    def from_json(cls, rules):
        return cls(rules["regions"])


@dataclass(frozen=True)
class Cage(Normalised):
    """A killer cage: its cells' values are all different and add up to ``total``; a cage
    without a total (``total=None``, the community's "killer cage without a total") only
    keeps its digits different."""

    cells: tuple[Cell, ...]
    total: int | None = None
    forms: ClassVar = {"cells": _cells}


def distinct_sum_range(count: int, side: int) -> tuple[int, int]:
    """The smallest and largest sum of ``count`` different values from ``1..side``.

    >>> distinct_sum_range(2, 9)
    (3, 17)
    """
    return count * (count + 1) // 2, count * (2 * side - count + 1) // 2


@dataclass(frozen=True)
class Killer(Rule):
    """Killer: cages whose digits are all different and add up to the cage's sum
    (``"cages": [{"sum": 20, "cells": [[0, 0], [0, 1], [1, 0]]}, ...]``); a cage without
    ``"sum"`` (or ``"sum": null``) is a killer cage without a total: its digits differ."""

    cages: tuple[Cage, ...]
    keys: ClassVar = ("cages",)
    forms: ClassVar = {"cages": _records(Cage)}

    def check(self, side, box):
        self.check_digits(side, box, tuple(range(1, side + 1)))

    def check_digits(self, side, box, digits):
        owner: dict[Cell, int] = {}
        for number, cage in enumerate(self.cages, 1):
            where = f"cage {number}"
            if not cage.cells:
                raise InvalidPuzzleError(f"{where} has no cells")
            for cell in cage.cells:
                cell = _cell(cell, side, where)
                if cell in owner:
                    other = owner[cell]
                    raise InvalidPuzzleError(
                        f"{_name(cell)} is in cage {other} and cage {number}"
                        if other != number
                        else f"{where} lists {_name(cell)} twice"
                    )
                owner[cell] = number
            if cage.total is not None and (isinstance(cage.total, bool) or not isinstance(cage.total, int)):
                raise InvalidPuzzleError(f"{where}: its sum {cage.total!r} is not an int")
            known = "1.." + str(side) if digits == tuple(range(1, side + 1)) else digits_text(digits)
            if len(cage.cells) > side:
                raise InvalidPuzzleError(
                    f"{where} has {len(cage.cells)} cells; different digits {known} fill at most {side}"
                )
            if cage.total is None:
                continue
            count = len(cage.cells)
            low, high = sum(digits[:count]), sum(digits[-count:])
            if not low <= cage.total <= high:
                raise InvalidPuzzleError(
                    f"{where} (at {_name(cage.cells[0])}): no {count} different digits of "
                    f"{known} add up to {cage.total} (the sums run from {low} to {high})"
                )

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, cage in enumerate(self.cages, 1):
            cells = tuple(_index(c, side) for c in cage.cells)
            origin = Origin(OriginKind.CAGE, number, (cage.cells[0],), cage.total)
            if len(cells) > 1:
                out.append(AllDifferent(cells, origin=origin))
            if cage.total is not None:
                out.append(Sum(cells, cage.total, origin=origin))
        return out

    def to_json(self):
        return {
            "cages": [
                ({"sum": c.total} if c.total is not None else {}) | {"cells": [list(x) for x in c.cells]}
                for c in self.cages
            ]
        }

    @classmethod
    def from_json(cls, rules):
        try:
            return cls(tuple(Cage(_cells(c["cells"]), c.get("sum")) for c in rules["cages"]))
        except (KeyError, TypeError) as error:
            raise InvalidPuzzleError(f"cages: each cage needs 'sum' and 'cells' ({error!r})") from None


@dataclass(frozen=True)
class Thermo(Rule):
    """Thermo: digits strictly increase along each thermometer, from its bulb (first cell);
    consecutive cells touch, diagonally or orthogonally (``"thermos": [[[r, c], ...], ...]``)."""

    thermometers: tuple[tuple[Cell, ...], ...]
    keys: ClassVar = ("thermos",)
    forms: ClassVar = {"thermometers": _groups}

    def check(self, side, box):
        for number, thermo in enumerate(self.thermometers, 1):
            where = f"thermometer {number}"
            cells = [_cell(c, side, where) for c in thermo]
            if len(cells) < 2:
                raise InvalidPuzzleError(f"{where} needs a bulb and at least one more cell")
            if len(set(cells)) != len(cells):
                raise InvalidPuzzleError(f"{where} passes through a cell twice")
            if len(cells) > side:
                raise InvalidPuzzleError(
                    f"{where} has {len(cells)} cells; increasing digits 1..{side} fill at most {side}"
                )
            for a, b in itertools.pairwise(cells):
                if not _touching(a, b):
                    raise InvalidPuzzleError(f"{where}: {_name(a)} and {_name(b)} are not neighbours")

    def constraints(self, side, box):
        return [
            Less(
                _index(a, side), _index(b, side), origin=Origin(OriginKind.THERMOMETER, number, (thermo[0],))
            )
            for number, thermo in enumerate(self.thermometers, 1)
            for a, b in itertools.pairwise(thermo)
        ]

    def to_json(self):
        return {"thermos": [[list(c) for c in t] for t in self.thermometers]}

    @classmethod
    def from_json(cls, rules):
        return cls(tuple(_cells(t) for t in rules["thermos"]))


@dataclass(frozen=True)
class GreaterThan(Rule):
    """Greater-than: for each pair of orthogonal neighbours, the first digit is smaller than
    the second (``"less": [[[r, c], [r2, c2]], ...]``)."""

    pairs: tuple[tuple[Cell, Cell], ...]
    keys: ClassVar = ("less",)
    forms: ClassVar = {"pairs": _pairs}

    def check(self, side, box):
        _check_pairs(self.pairs, side, "inequality")

    def constraints(self, side, box):
        return [
            Less(_index(a, side), _index(b, side), origin=Origin(OriginKind.INEQUALITY, 0, (a, b)))
            for a, b in self.pairs
        ]

    def to_json(self):
        return {"less": [[list(a), list(b)] for a, b in self.pairs]}

    @classmethod
    def from_json(cls, rules):
        return cls(_pairs(rules["less"]))


_KNIGHT = ((1, 2), (2, 1), (1, -2), (2, -1), (-1, 2), (-2, 1), (-1, -2), (-2, -1))
_KING_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))  # a king's other moves stay in a row or column


@dataclass(frozen=True)
class _ForbiddenMoves(FlagRule):
    """No two equal digits a fixed set of chess moves apart: one 2-cell AllDifferent per pair."""

    moves: ClassVar[tuple[Cell, ...]] = ()
    kind: ClassVar[OriginKind]

    def constraints(self, side, box):
        out = []
        for row, column in itertools.product(range(side), repeat=2):
            for dr, dc in self.moves:
                r, c = row + dr, column + dc
                if 0 <= r < side and 0 <= c < side and (r, c) > (row, column):
                    origin = Origin(self.kind, 0, ((row, column), (r, c)))
                    out.append(AllDifferent((row * side + column, r * side + c), origin=origin))
        return out


@dataclass(frozen=True)
class AntiKnight(_ForbiddenMoves):
    """Anti-knight: no two equal digits a chess knight's move apart (``"anti_knight": true``)."""

    keys: ClassVar = ("anti_knight",)
    moves: ClassVar = _KNIGHT
    kind: ClassVar = OriginKind.ANTI_KNIGHT


@dataclass(frozen=True)
class AntiKing(_ForbiddenMoves):
    """Anti-king: no two equal digits a king's move apart (``"anti_king": true``); with rows
    and columns already different, this forbids equal diagonal neighbours."""

    keys: ClassVar = ("anti_king",)
    moves: ClassVar = _KING_DIAGONAL
    kind: ClassVar = OriginKind.ANTI_KING


@dataclass(frozen=True)
class EvenOdd(Rule):
    """Even/odd: the digits of the ``even`` cells are even, those of the ``odd`` cells odd
    (``"even": [[r, c], ...], "odd": [...]``)."""

    even: tuple[Cell, ...] = ()
    odd: tuple[Cell, ...] = ()
    keys: ClassVar = ("even", "odd")
    forms: ClassVar = {"even": _cells, "odd": _cells}

    def check(self, side, box):
        evens = {_cell(c, side, "even cells") for c in self.even}
        for cell in self.odd:
            if _cell(cell, side, "odd cells") in evens:
                raise InvalidPuzzleError(f"{_name(cell)} is marked both even and odd")

    def constraints(self, side, box):
        evens = frozenset(v for v in digits_of(side) if v % 2 == 0)
        odds = frozenset(v for v in digits_of(side) if v % 2)
        return [
            ValueIn(_index(c, side), evens, origin=Origin(OriginKind.EVEN, 0, (c,))) for c in self.even
        ] + [ValueIn(_index(c, side), odds, origin=Origin(OriginKind.ODD, 0, (c,))) for c in self.odd]

    def to_json(self):
        out: dict[str, Any] = {}
        if self.even:
            out["even"] = [list(c) for c in self.even]
        if self.odd:
            out["odd"] = [list(c) for c in self.odd]
        return out

    @classmethod
    def from_json(cls, rules):
        return cls(_cells(rules.get("even", ())), _cells(rules.get("odd", ())))


@functools.cache
def _table(values: tuple[int, ...], kind: str, positive: bool) -> frozenset[tuple[int, int]]:
    """The allowed value pairs of a dot (``positive``) or of the no-dot negative constraint."""
    if kind == "white":

        def test(a, b):
            return abs(a - b) == 1
    else:

        def test(a, b):
            return a == 2 * b or b == 2 * a

    return frozenset((a, b) for a in values for b in values if a != b and test(a, b) == positive)


@dataclass(frozen=True)
class Kropki(Rule):
    """Kropki dots between orthogonal neighbours: across a white dot the digits differ by 1,
    across a black dot one is twice the other. With ``all_white_given`` (``all_black_given``)
    every dot of that colour is shown, so neighbours with no dot at all are not consecutive
    (not in ratio 2): the *negative constraint*. Consecutive Sudoku is white bars with the
    negative constraint (:meth:`consecutive`).

    JSON: ``"white": [[[r, c], [r, c]], ...], "black": [...], "all_white_given": true``.
    """

    white: tuple[tuple[Cell, Cell], ...] = ()
    black: tuple[tuple[Cell, Cell], ...] = ()
    all_white_given: bool = False
    all_black_given: bool = False
    keys: ClassVar = ("white", "black", "all_white_given", "all_black_given")
    forms: ClassVar = {"white": _pairs, "black": _pairs}

    @classmethod
    def consecutive(cls, bars: Iterable[tuple[Cell, Cell]]) -> Kropki:
        """Consecutive Sudoku: digits across a bar differ by 1, and no other neighbours do."""
        return cls(white=_pairs(bars), all_white_given=True)

    def check(self, side, box):
        _check_pairs(self.white + self.black, side, "dot")

    def constraints(self, side, box):
        out: list[Constraint] = []
        meanings = {"white": "differ by 1", "black": "be in ratio 2"}
        kinds = {"white": OriginKind.WHITE_DOT, "black": OriginKind.BLACK_DOT}
        for colour, pairs in (("white", self.white), ("black", self.black)):
            for a, b in pairs:
                out.append(
                    Relation(
                        _index(a, side),
                        _index(b, side),
                        _table(digits_of(side), colour, True),
                        origin=Origin(kinds[colour], 0, (a, b)),
                        meaning=meanings[colour],
                    )
                )
        negatives = [c for c, on in (("white", self.all_white_given), ("black", self.all_black_given)) if on]
        if negatives:
            dotted = {frozenset(p) for p in self.white + self.black}
            for a in itertools.product(range(side), repeat=2):
                for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
                    if b[0] >= side or b[1] >= side or frozenset((a, b)) in dotted:
                        continue
                    allowed = functools.reduce(
                        frozenset.intersection,
                        (_table(digits_of(side), colour, False) for colour in negatives),
                    )
                    if len(negatives) == 1:
                        kind, meaning = (
                            (OriginKind.NO_WHITE_DOT, "not differ by 1")
                            if negatives[0] == "white"
                            else (OriginKind.NO_BLACK_DOT, "not be in ratio 2")
                        )
                    else:
                        kind, meaning = OriginKind.NO_DOT, "be neither consecutive nor in ratio 2"
                    origin = Origin(kind, 0, (a, b))
                    out.append(
                        Relation(_index(a, side), _index(b, side), allowed, origin=origin, meaning=meaning)
                    )
        return out

    def to_json(self):
        out: dict[str, Any] = {}
        if self.white:
            out["white"] = [[list(a), list(b)] for a, b in self.white]
        if self.black:
            out["black"] = [[list(a), list(b)] for a, b in self.black]
        if self.all_white_given:
            out["all_white_given"] = True
        if self.all_black_given:
            out["all_black_given"] = True
        return out

    @classmethod
    def from_json(cls, rules):
        return cls(
            _pairs(rules.get("white", ())),
            _pairs(rules.get("black", ())),
            bool(rules.get("all_white_given", False)),
            bool(rules.get("all_black_given", False)),
        )


# -- the modern rules (arrows, lines, outside clues) --------------------------------------------


def _line(cells: Sequence[object], side: int, where: str, minimum: int = 2) -> tuple[Cell, ...]:
    """Check a line: cells inside the grid, none twice, each touching the next (a king's
    move: lines run orthogonally or diagonally)."""
    line = tuple(_cell(c, side, where) for c in cells)
    if len(line) < minimum:
        raise InvalidPuzzleError(f"{where} needs at least {minimum} cells, it has {len(line)}")
    seen: set[Cell] = set()
    for cell in line:
        if cell in seen:
            raise InvalidPuzzleError(f"{where} passes through {_name(cell)} twice")
        seen.add(cell)
    for a, b in itertools.pairwise(line):
        if not _touching(a, b):
            raise InvalidPuzzleError(f"{where}: {_name(a)} and {_name(b)} are not neighbours")
    return line


def _int(value: object, where: str, what: str = "clue") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPuzzleError(f"{where}: its {what} {value!r} is not an int")
    return value


@functools.cache
def _pair_table(values: tuple[int, ...], test: str, parameter: int) -> frozenset[tuple[int, int]]:
    """Pairs of ``values`` (the digits, :func:`digits_of`) with ``|a - b| >= parameter``
    (``"apart"``), ``<= parameter`` (``"near"``), ``a == b`` (``"equal"``), ``a + b ==
    parameter`` (``"sum"``), ``a + b`` not in ``{5, 10}`` (``"no_xv"``) or ``a + b !=
    parameter`` (``"not_sum"``)."""
    tests = {
        "apart": lambda a, b: abs(a - b) >= parameter,
        "near": lambda a, b: abs(a - b) <= parameter,
        "equal": lambda a, b: a == b,
        "sum": lambda a, b: a + b == parameter,
        "no_xv": lambda a, b: a + b not in (5, 10),
        "not_sum": lambda a, b: a + b != parameter,
    }
    return frozenset((a, b) for a in values for b in values if tests[test](a, b))


def _lines_json(lines: Iterable[Sequence[Cell]]) -> list[list[list[int]]]:
    return [[list(c) for c in line] for line in lines]


@dataclass(frozen=True)
class ArrowClue(Normalised):
    """One arrow: its ``circle`` (1 to 3 cells; two or three, a *pill*, are read as a
    number, the first listed cell its leading digit) and the cells of its ``arrow``, from
    the circle."""

    circle: tuple[Cell, ...]
    arrow: tuple[Cell, ...]
    forms: ClassVar = {"circle": _cells, "arrow": _cells}


@dataclass(frozen=True)
class Arrow(Rule):
    """Arrows: the digits along each arrow add up to the number in its circle. Digits on an
    arrow may repeat unless a unit forbids it. A circle of two (orthogonally adjacent)
    cells is read as a two-digit number ``10·a + b``, ``a`` its first listed cell (the
    "pill" convention of f-puzzles), a pill of three cells in a row as ``100·a + 10·b + c``
    (ISS's 3-digit pill arrows); on a grid over 9x9 a pill's other digits are 1..9 (they
    are decimal digits). The arrow starts next to a circle cell and runs through touching
    cells. Each arrow is one ``Linear`` equality ``Σ arrow - circle = 0``.

    JSON: ``"arrows": [{"circle": [[0, 0]], "arrow": [[0, 1], [0, 2]]}, ...]``.
    """

    arrows: tuple[ArrowClue, ...]
    keys: ClassVar = ("arrows",)
    forms: ClassVar = {"arrows": _records(ArrowClue)}

    def check(self, side, box):
        for number, clue in enumerate(self.arrows, 1):
            where = f"arrow {number}"
            circle = tuple(_cell(c, side, f"{where}'s circle") for c in clue.circle)
            if len(circle) not in (1, 2, 3):
                raise InvalidPuzzleError(f"{where}: its circle has {len(circle)} cells; it takes 1 to 3")
            for a, b in itertools.pairwise(circle):
                if not _orthogonal(a, b):
                    raise InvalidPuzzleError(
                        f"{where}: its circle's cells {_name(a)} and {_name(b)} are not neighbours"
                    )
            if len(circle) == 3 and len({r for r, _ in circle}) > 1 and len({c for _, c in circle}) > 1:
                raise InvalidPuzzleError(f"{where}: its pill of 3 cells is not in one row or column")
            arrow = _line(clue.arrow, side, where, minimum=1)
            for cell in arrow:
                if cell in circle:
                    raise InvalidPuzzleError(f"{where}: {_name(cell)} is in both its circle and its arrow")
            if not any(_touching(arrow[0], c) for c in circle):
                raise InvalidPuzzleError(f"{where}: it starts at {_name(arrow[0])}, away from its circle")

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, clue in enumerate(self.arrows, 1):
            weights = tuple(-(10**k) for k in reversed(range(len(clue.circle))))
            cells = tuple(_index(c, side) for c in clue.circle + clue.arrow)
            coefficients = weights + (1,) * len(clue.arrow)
            origin = Origin(OriginKind.ARROW, number, clue.circle + clue.arrow)
            out.append(Linear(cells, coefficients, "==", 0, origin=origin))
            if side > 9:  # a pill's digits after the first are decimal digits
                out.extend(
                    ValueIn(_index(c, side), frozenset(range(1, 10)), origin=origin) for c in clue.circle[1:]
                )
        return out

    def to_json(self):
        return {
            "arrows": [
                {"circle": [list(c) for c in a.circle], "arrow": [list(c) for c in a.arrow]}
                for a in self.arrows
            ]
        }

    @classmethod
    def from_json(cls, rules):
        try:
            return cls(tuple(ArrowClue(_cells(a["circle"]), _cells(a["arrow"])) for a in rules["arrows"]))
        except (KeyError, TypeError) as error:
            raise InvalidPuzzleError(f"arrows: each arrow needs 'circle' and 'arrow' ({error!r})") from None


_DIAGONAL_STEPS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


@dataclass(frozen=True)
class LittleKillerClue:
    """A little killer clue: ``total`` at the position ``clue`` just outside the grid
    (row or column ``-1`` or ``n``), its arrow pointing along the diagonal ``direction``
    (``(±1, ±1)``)."""

    total: int
    clue: Cell
    direction: Cell

    def __post_init__(self) -> None:
        for name in ("clue", "direction"):
            value = getattr(self, name)
            pair = () if isinstance(value, str | bytes | Mapping) else tuple(value)
            if len(pair) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair):
                raise InvalidPuzzleError(
                    f"a little killer's {name} is two integers [row, column], not {_json_kind(value)}"
                )
            object.__setattr__(self, name, pair)
        if isinstance(self.total, bool) or not isinstance(self.total, int):
            raise InvalidPuzzleError(f"a little killer's sum is an int, not {_json_kind(self.total)}")

    def cells(self, side: int) -> tuple[Cell, ...]:
        """The cells of the diagonal, from the clue inwards."""
        (row, column), (dr, dc) = self.clue, self.direction
        out = []
        row, column = row + dr, column + dc
        while 0 <= row < side and 0 <= column < side:
            out.append((row, column))
            row, column = row + dr, column + dc
        return tuple(out)


@dataclass(frozen=True)
class LittleKiller(Rule):
    """Little killers: a clue outside the grid with an arrow along a diagonal; the digits on
    that diagonal add up to the clue. Digits may repeat (unless a unit forbids it). Each
    clue is one ``Linear`` equality.

    JSON: ``"little_killers": [{"sum": 15, "clue": [-1, 2], "direction": [1, 1]}, ...]``:
    ``clue`` is the clue's 0-based position just outside the grid (row or column ``-1``
    or ``n``), ``direction`` the diagonal step of its arrow.
    """

    clues: tuple[LittleKillerClue, ...]
    keys: ClassVar = ("little_killers",)

    def check(self, side, box):
        for number, clue in enumerate(self.clues, 1):
            where = f"little killer {number}"
            _int(clue.total, where, "sum")
            row, column = clue.clue
            inside = 0 <= row < side and 0 <= column < side
            if inside or not (-1 <= row <= side and -1 <= column <= side):
                raise InvalidPuzzleError(
                    f"{where}: its clue at ({row}, {column}) is not just outside the {side}x{side} grid"
                )
            if clue.direction not in _DIAGONAL_STEPS:
                raise InvalidPuzzleError(
                    f"{where}: its direction {list(clue.direction)} is not a diagonal step"
                )
            cells = clue.cells(side)
            if not cells:
                raise InvalidPuzzleError(f"{where}: its arrow from ({row}, {column}) misses the grid")
            values = digits_of(side)  # the puzzle's digits
            if not len(cells) * values[0] <= clue.total <= values[-1] * len(cells):
                raise InvalidPuzzleError(
                    f"{where} (from {_name(cells[0])}): {len(cells)} digits of {_digits_name(values)} "
                    f"cannot add up to {clue.total}"
                )

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, clue in enumerate(self.clues, 1):
            cells = clue.cells(side)
            origin = Origin(OriginKind.LITTLE_KILLER, number, cells, clue.total)
            out.append(
                Linear(
                    tuple(_index(c, side) for c in cells), (1,) * len(cells), "==", clue.total, origin=origin
                )
            )
        return out

    def to_json(self):
        return {
            "little_killers": [
                {"sum": c.total, "clue": list(c.clue), "direction": list(c.direction)} for c in self.clues
            ]
        }

    @classmethod
    def from_json(cls, rules):
        try:
            return cls(
                tuple(LittleKillerClue(c["sum"], c["clue"], c["direction"]) for c in rules["little_killers"])
            )
        except InvalidPuzzleError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidPuzzleError(
                f"little_killers: each clue needs 'sum', 'clue' and 'direction' ({error!r})"
            ) from None


_SIDES = ("left", "right", "top", "bottom")


@dataclass(frozen=True)
class OutsideClue:
    """A clue outside the grid: on ``side`` (``"left"``, ``"right"``, ``"top"`` or
    ``"bottom"``) of the 0-based row (left, right) or column (top, bottom) ``index``."""

    side: str
    index: int
    value: int

    def line(self, size: int) -> tuple[Cell, ...]:
        """The row or column's cells, read from the clue inwards."""
        i = self.index
        return {
            "left": tuple((i, c) for c in range(size)),
            "right": tuple((i, c) for c in reversed(range(size))),
            "top": tuple((r, i) for r in range(size)),
            "bottom": tuple((r, i) for r in reversed(range(size))),
        }[self.side]

    def check(self, size: int, where: str) -> None:
        if self.side not in _SIDES:
            raise InvalidPuzzleError(f"{where}: its side {self.side!r} is not one of {', '.join(_SIDES)}")
        index = _int(self.index, where, "index")
        if not 0 <= index < size:
            line = "row" if self.side in ("left", "right") else "column"
            raise InvalidPuzzleError(f"{where}: {line} {index} is outside the {size}x{size} grid")
        _int(self.value, where)

    def json(self, value_key: str) -> dict[str, Any]:
        return {"side": self.side, "index": self.index, value_key: self.value}


def _outside_clues(items: Iterable[Any], value_key: str, key: str) -> tuple[OutsideClue, ...]:
    try:
        return tuple(
            c if isinstance(c, OutsideClue) else OutsideClue(c["side"], c["index"], c[value_key])
            for c in items
        )
    except (KeyError, TypeError) as error:
        raise InvalidPuzzleError(
            f"{key}: each clue needs 'side', 'index' and '{value_key}' ({error!r})"
        ) from None


@dataclass(frozen=True)
class OutsideRule(Rule):
    """The shape of the rules of clues outside the grid (:class:`OutsideClue`: a side, a row
    or column index and a value), one constraint per clue over the row or column read from
    the clue: a subclass gives its JSON key (``keys[0]``), the key of a clue's value
    (``value_key``), its ``kind``, the range a clue must be in (:meth:`clue_range`, and
    ``range_error`` to say so) and the constraint of one clue (:meth:`clue_constraint`)."""

    clues: tuple[OutsideClue, ...]
    value_key: ClassVar[str]
    kind: ClassVar[OriginKind]
    range_error: ClassVar[str] = "its clue {value} is outside {low}..{high}"

    def __post_init__(self) -> None:
        object.__setattr__(self, "clues", _outside_clues(self.clues, self.value_key, self.keys[0]))

    def check(self, side, box):
        low, high = self.clue_range(side)
        for number, clue in enumerate(self.clues, 1):
            where = f"{self.kind.value} {number}"
            clue.check(side, where)
            if not low <= clue.value <= high:
                raise InvalidPuzzleError(
                    f"{where}: " + self.range_error.format(value=clue.value, low=low, high=high)
                )

    def clue_range(self, side: int) -> tuple[int, int]:
        """The smallest and largest clue on a grid of this side."""
        raise NotImplementedError

    def clue_constraint(self, cells: tuple[int, ...], value: int, origin: Origin) -> Constraint:
        """The constraint of the clue ``value`` over ``cells`` (cell indices, from the clue)."""
        raise NotImplementedError

    def constraints(self, side, box):
        return [
            self.clue_constraint(
                tuple(_index(c, side) for c in clue.line(side)),
                clue.value,
                Origin(self.kind, number, clue.line(side), clue.value),
            )
            for number, clue in enumerate(self.clues, 1)
        ]

    def to_json(self):
        return {self.keys[0]: [c.json(self.value_key) for c in self.clues]}

    @classmethod
    def from_json(cls, rules):
        return cls(_outside_clues(rules[cls.keys[0]], cls.value_key, cls.keys[0]))


@dataclass(frozen=True)
class Sandwich(OutsideRule):
    """Sandwich: a clue outside a row or column gives the sum of the digits between its
    ``1`` and its ``n`` (the crusts; 1 and 9 on 9x9), whichever comes first; 0 when they
    are adjacent. The side of the clue does not change its meaning.

    JSON: ``"sandwiches": [{"side": "left", "index": 2, "sum": 10}, ...]`` (``index`` the
    0-based row for left/right, column for top/bottom).
    """

    keys: ClassVar = ("sandwiches",)
    value_key: ClassVar = "sum"
    kind: ClassVar = OriginKind.SANDWICH
    range_error: ClassVar = "its sum {value} is outside {low}..{high}"

    def clue_range(self, side):
        return 0, side * (side + 1) // 2 - 1 - side

    def clue_constraint(self, cells, value, origin):
        return SandwichClue(cells, value, origin=origin)


@dataclass(frozen=True)
class Skyscraper(OutsideRule):
    """Skyscrapers: a clue outside a row or column gives how many of its cells are seen from
    there, each digit the height of a skyscraper; a taller one hides every shorter one
    behind it (the first cell is always seen, the ``n`` hides all after it).

    JSON: ``"skyscrapers": [{"side": "top", "index": 0, "seen": 3}, ...]``.
    """

    keys: ClassVar = ("skyscrapers",)
    value_key: ClassVar = "seen"
    kind: ClassVar = OriginKind.SKYSCRAPER
    range_error: ClassVar = "{value} seen is outside {low}..{high}"

    def clue_range(self, side):
        return 1, side

    def clue_constraint(self, cells, value, origin):
        return SkyscraperClue(cells, value, origin=origin)


@dataclass(frozen=True)
class OutsideSum(Rule):
    """Outside sums, the *Frame Sudoku* convention: a clue outside a row or column gives
    the sum of the first three cells from that edge on 9x9, in general the first
    ``count`` cells, ``count`` being the box's width (for a row) or height (for a
    column) unless given. (Not X-sums, whose count is the first digit itself.)

    JSON: ``"outside_sums": [{"side": "left", "index": 0, "sum": 15}, ...]``, with
    ``"outside_sum_count": k`` to cover ``k`` cells on every side.
    """

    clues: tuple[OutsideClue, ...]
    count: int | None = None
    keys: ClassVar = ("outside_sums", "outside_sum_count")

    def __post_init__(self) -> None:
        object.__setattr__(self, "clues", _outside_clues(self.clues, "sum", "outside_sums"))

    def _count(self, clue: OutsideClue, side: int, box: BoxShape | None) -> int:
        if self.count is not None:
            return self.count
        if box is None:
            raise InvalidPuzzleError("outside sums: a grid with no boxes needs 'outside_sum_count'")
        return box[1] if clue.side in ("left", "right") else box[0]

    def check(self, side, box):
        if self.count is not None and not 1 <= _int(self.count, "outside sums", "count") <= side:
            raise InvalidPuzzleError(f"outside sums: the count {self.count} is outside 1..{side}")
        for number, clue in enumerate(self.clues, 1):
            where = f"outside sum {number}"
            clue.check(side, where)
            count = self._count(clue, side, box)
            low, high = distinct_sum_range(count, side)
            if not low <= clue.value <= high:
                raise InvalidPuzzleError(
                    f"{where} (at {_name(clue.line(side)[0])}): {count} different digits of 1..{side} "
                    f"cannot add up to {clue.value}"
                )

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, clue in enumerate(self.clues, 1):
            cells = clue.line(side)[: self._count(clue, side, box)]
            origin = Origin(OriginKind.OUTSIDE_SUM, number, cells, clue.value)
            out.append(
                Linear(
                    tuple(_index(c, side) for c in cells), (1,) * len(cells), "==", clue.value, origin=origin
                )
            )
        return out

    def to_json(self):
        out: dict[str, Any] = {"outside_sums": [c.json("sum") for c in self.clues]}
        if self.count is not None:
            out["outside_sum_count"] = self.count
        return out

    @classmethod
    def from_json(cls, rules):
        return cls(
            _outside_clues(rules.get("outside_sums", ()), "sum", "outside_sums"),
            rules.get("outside_sum_count"),
        )


@dataclass(frozen=True)
class XV(Rule):
    """XV: across an X the two digits add up to 10, across a V to 5. With
    ``all_xv_given`` every X and V is shown (the *negative constraint*): no other two
    orthogonal neighbours add up to 5 or 10; with ``all_v_given`` (``all_x_given``) only
    every V (X) is shown: no other two add up to 5 (10). Each is a ``Relation``.

    JSON: ``"x": [[[r, c], [r, c]], ...], "v": [...], "all_xv_given": true`` (or
    ``"all_v_given": true``, ``"all_x_given": true``).
    """

    x: tuple[tuple[Cell, Cell], ...] = ()
    v: tuple[tuple[Cell, Cell], ...] = ()
    all_xv_given: bool = False
    all_x_given: bool = False
    all_v_given: bool = False
    keys: ClassVar = ("x", "v", "all_xv_given", "all_x_given", "all_v_given")
    forms: ClassVar = {"x": _pairs, "v": _pairs}

    def check(self, side, box):
        _check_pairs(self.x + self.v, side, "XV mark")

    def constraints(self, side, box):
        out: list[Constraint] = []
        for kind, total, pairs in ((OriginKind.X, 10, self.x), (OriginKind.V, 5, self.v)):
            table = _pair_table(digits_of(side), "sum", total)
            for a, b in pairs:
                origin = Origin(kind, 0, (a, b), total)
                out.append(
                    Relation(
                        _index(a, side), _index(b, side), table, origin=origin, meaning=f"add up to {total}"
                    )
                )
        negative = (
            (self.all_xv_given, OriginKind.NO_XV, "no_xv", 0, self.x + self.v, "5 or 10"),
            (
                self.all_x_given and not self.all_xv_given,
                OriginKind.NO_X,
                "not_sum",
                10,
                self.x + self.v,
                "10",
            ),
            (self.all_v_given and not self.all_xv_given, OriginKind.NO_V, "not_sum", 5, self.x + self.v, "5"),
        )
        for given, kind, test, total, pairs, sums in negative:
            if not given:
                continue
            marked = {frozenset(p) for p in pairs}
            table = _pair_table(digits_of(side), test, total)
            for a in itertools.product(range(side), repeat=2):
                for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
                    if b[0] < side and b[1] < side and frozenset((a, b)) not in marked:
                        origin = Origin(kind, 0, (a, b))
                        out.append(
                            Relation(
                                _index(a, side),
                                _index(b, side),
                                table,
                                origin=origin,
                                meaning=f"not add up to {sums}",
                            )
                        )
        return out

    def to_json(self):
        out: dict[str, Any] = {}
        if self.x:
            out["x"] = [[list(a), list(b)] for a, b in self.x]
        if self.v:
            out["v"] = [[list(a), list(b)] for a, b in self.v]
        for flag in ("all_xv_given", "all_x_given", "all_v_given"):
            if getattr(self, flag):
                out[flag] = True
        return out

    @classmethod
    def from_json(cls, rules):
        return cls(
            _pairs(rules.get("x", ())),
            _pairs(rules.get("v", ())),
            bool(rules.get("all_xv_given", False)),
            bool(rules.get("all_x_given", False)),
            bool(rules.get("all_v_given", False)),
        )


@dataclass(frozen=True)
class _Lines(Rule):
    """A rule of lines through touching cells (each line a sequence of ``(row, column)``)."""

    lines: tuple[tuple[Cell, ...], ...]
    kind: ClassVar[OriginKind]
    noun: ClassVar[str]
    minimum: ClassVar[int] = 2
    at_most_side: ClassVar[str] = ""  # why a line may not be longer than the side, if it may not
    forms: ClassVar = {"lines": _groups}

    def check(self, side, box):
        for number, line in enumerate(self.lines, 1):
            _line(line, side, f"{self.noun} {number}", self.minimum)
        self._check_lengths(side)

    def _check_lengths(self, side: int) -> None:
        for number, line in enumerate(self.lines, 1):
            if self.at_most_side and len(line) > side:
                raise InvalidPuzzleError(
                    f"{self.noun} {number} has {len(line)} cells; {self.at_most_side} {side}"
                )

    def origin(self, number: int) -> Origin:
        return Origin(self.kind, number, self.lines[number - 1])

    def to_json(self):
        return {self.keys[0]: _lines_json(self.lines)}

    @classmethod
    def from_json(cls, rules):
        return cls(tuple(_cells(line) for line in rules[cls.keys[0]]))


@dataclass(frozen=True)
class GermanWhispers(_Lines):
    """German whispers: adjacent digits along a (green) line differ by at least 5 on 9x9;
    in general by at least ``difference`` (default ``(n + 1) // 2``: 5 on 9x9, 3 on 6x6,
    2 on 4x4). Each adjacent pair is a ``Relation``.

    JSON: ``"german_whispers": [[[r, c], ...], ...]``.
    """

    difference: int | None = None
    keys: ClassVar = ("german_whispers",)
    kind: ClassVar = OriginKind.WHISPERS
    noun: ClassVar = "German whispers line"

    def gap(self, side: int) -> int:
        return self.difference if self.difference is not None else (side + 1) // 2

    def constraints(self, side, box):
        gap = self.gap(side)
        table = _pair_table(digits_of(side), "apart", gap)
        return [
            Relation(
                _index(a, side),
                _index(b, side),
                table,
                origin=self.origin(number),
                meaning=f"differ by at least {gap}",
            )
            for number, line in enumerate(self.lines, 1)
            for a, b in itertools.pairwise(line)
        ]


@dataclass(frozen=True)
class DutchWhispers(GermanWhispers):
    """Dutch whispers: adjacent digits along a (orange) line differ by at least 4 on 9x9
    (``n // 2 `` in general: 3 on 6x6, 2 on 4x4).

    JSON: ``"dutch_whispers": [[[r, c], ...], ...]``.
    """

    keys: ClassVar = ("dutch_whispers",)
    noun: ClassVar = "Dutch whispers line"

    def gap(self, side: int) -> int:
        return self.difference if self.difference is not None else side // 2


@dataclass(frozen=True)
class Renban(_Lines):
    """Renban: the digits on a (purple) line are a set of consecutive digits, in any order,
    with no repeats. A line of ``k`` cells is an ``AllDifferent`` plus, for every two
    of its cells, a ``Relation`` ``|a - b| <= k - 1`` (``k`` different digits within a
    span of ``k`` are consecutive).

    JSON: ``"renban": [[[r, c], ...], ...]``.
    """

    keys: ClassVar = ("renban",)
    kind: ClassVar = OriginKind.RENBAN
    noun: ClassVar = "renban line"
    at_most_side: ClassVar = "different digits fill at most"

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, line in enumerate(self.lines, 1):
            origin = self.origin(number)
            cells = tuple(_index(c, side) for c in line)
            out.append(AllDifferent(cells, origin=origin))
            table = _pair_table(digits_of(side), "near", len(cells) - 1)
            meaning = f"lie within {len(cells) - 1} of each other"
            out.extend(
                Relation(a, b, table, origin=origin, meaning=meaning)
                for a, b in itertools.combinations(cells, 2)
            )
        return out


@dataclass(frozen=True)
class Palindrome(_Lines):
    """Palindromes: a (grey) line reads the same from either end: its ``i``-th cell from one
    end equals its ``i``-th from the other (a ``Relation`` of equality per pair).

    JSON: ``"palindromes": [[[r, c], ...], ...]``.
    """

    keys: ClassVar = ("palindromes",)
    kind: ClassVar = OriginKind.PALINDROME
    noun: ClassVar = "palindrome"

    def constraints(self, side, box):
        table = _pair_table(digits_of(side), "equal", 0)
        return [
            Relation(
                _index(line[i], side),
                _index(line[-1 - i], side),
                table,
                origin=self.origin(number),
                meaning="be equal",
            )
            for number, line in enumerate(self.lines, 1)
            for i in range(len(line) // 2)
        ]


@functools.cache
def _between_table(values: tuple[int, ...]) -> frozenset[tuple[int, int, int]]:
    return frozenset((a, m, b) for a in values for m in values for b in values if min(a, b) < m < max(a, b))


@dataclass(frozen=True)
class BetweenLine(_Lines):
    """Between lines: the digits on the line between its two circled ends lie strictly
    between the circles' digits (in either order). Each middle cell is a ``Table`` over
    (first circle, cell, last circle).

    JSON: ``"between_lines": [[[r, c], ...], ...]`` (first and last cells the circles).
    """

    keys: ClassVar = ("between_lines",)
    kind: ClassVar = OriginKind.BETWEEN_LINE
    noun: ClassVar = "between line"
    minimum: ClassVar = 3

    def constraints(self, side, box):
        table = _between_table(digits_of(side))
        out: list[Constraint] = []
        for number, line in enumerate(self.lines, 1):
            first, last = _index(line[0], side), _index(line[-1], side)
            for cell in line[1:-1]:
                cells = (first, _index(cell, side), last)
                out.append(Table(cells, table, origin=self.origin(number), meaning="lie between the circles"))
        return out


@dataclass(frozen=True)
class RegionSumLine(_Lines):
    """Region-sum lines: a (blue) line's segments in the boxes (or jigsaw regions) it
    passes through all add up to the same total; each visit of the line to a box is one
    segment (a line that leaves a box and comes back has two segments there). Consecutive
    segments are ``Linear`` equalities ``Σ segment - Σ next = 0``. Needs a box shape or
    jigsaw regions (``regions``, the labels of :class:`Jigsaw`, read from the puzzle's
    ``"regions"`` rule, not written by this rule). A line whose last cell is its first is a
    loop (as SudokuPad draws one): its run through the box where it starts and ends is one
    segment.

    JSON: ``"region_sum_lines": [[[r, c], ...], ...]``.
    """

    regions: str | None = None
    keys: ClassVar = ("region_sum_lines",)
    reads: ClassVar = ("regions",)  # the jigsaw regions, when the puzzle has them
    kind: ClassVar = OriginKind.REGION_SUM_LINE
    noun: ClassVar = "region-sum line"

    def region_of(self, cell: Cell, box: BoxShape | None) -> object:
        """The box (``(band, stack)``) or jigsaw region label of a cell."""
        if box is None and self.regions is not None:
            side = math.isqrt(len(self.regions))
            return self.regions[cell[0] * side + cell[1]]
        assert box is not None
        return (cell[0] // box[0], cell[1] // box[1])

    def segments(self, line: Sequence[Cell], box: BoxShape | None) -> list[list[Cell]]:
        """The runs of the line's cells in one box (or region), in order (round a loop, the
        runs where it ends and starts are one)."""
        loop = len(line) > 3 and line[0] == line[-1]
        out: list[list[Cell]] = []
        previous = None
        for cell in line[:-1] if loop else line:
            here = self.region_of(cell, box)
            if here != previous:
                out.append([])
            out[-1].append(cell)
            previous = here
        if loop and len(out) > 1 and previous == self.region_of(line[0], box):
            out[0] = out.pop() + out[0]
        return out

    def check(self, side, box):
        if box is None and (self.regions is None or len(self.regions) != side * side):
            raise InvalidPuzzleError("region-sum lines need boxes or jigsaw regions: the puzzle has none")
        for number, line in enumerate(self.lines, 1):
            if len(line) > 3 and line[0] == line[-1]:  # a loop
                _line(line[:-1], side, f"{self.noun} {number}", self.minimum)
                _line(line[-2:], side, f"{self.noun} {number}")
            else:
                _line(line, side, f"{self.noun} {number}", self.minimum)
        for number, line in enumerate(self.lines, 1):
            if len(self.segments(line, box)) < 2:
                raise InvalidPuzzleError(f"{self.noun} {number} (from {_name(line[0])}) stays in one box")

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, line in enumerate(self.lines, 1):
            for one, two in itertools.pairwise(self.segments(line, box)):
                cells = tuple(_index(c, side) for c in one + two)
                out.append(
                    Linear(cells, (1,) * len(one) + (-1,) * len(two), "==", 0, origin=self.origin(number))
                )
        return out

    @classmethod
    def from_json(cls, rules):
        regions = rules.get("regions")
        labels = Jigsaw(regions).regions if regions else None
        return cls(tuple(_cells(line) for line in rules[cls.keys[0]]), labels)


@functools.cache
def _quadruple_table(side_values: tuple[int, ...], digits: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """The values of the 2x2 cells (top-left, top-right, bottom-left, bottom-right) that
    hold ``digits`` (with their multiplicity), orthogonal neighbours different (they
    share a row or column)."""
    out = []
    need = {d: digits.count(d) for d in digits}
    for values in itertools.product(side_values, repeat=4):
        a, b, c, d = values
        if a == b or c == d or a == c or b == d:
            continue
        if all(values.count(digit) >= count for digit, count in need.items()):
            out.append(values)
    return frozenset(out)


@dataclass(frozen=True)
class QuadrupleClue:
    """A quadruple: the 2x2 cells whose top-left is ``cell`` hold ``digits`` (1 to 4 of
    them; a digit listed twice appears twice)."""

    cell: Cell
    digits: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", tuple(self.cell))
        object.__setattr__(self, "digits", tuple(sorted(self.digits)))

    def cells(self) -> tuple[Cell, ...]:
        r, c = self.cell
        return ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))


@dataclass(frozen=True)
class Quadruple(Rule):
    """Quadruples: a circle on the point where four cells meet lists up to four digits, each
    of which appears in those cells (as often as listed); the other digits of the cells
    are free. Each is a ``Table`` over the four cells.

    JSON: ``"quadruples": [{"cell": [r, c], "digits": [1, 2]}, ...]``, ``cell`` the
    top-left of the four.
    """

    clues: tuple[QuadrupleClue, ...]
    keys: ClassVar = ("quadruples",)
    forms: ClassVar = {"clues": _records(QuadrupleClue)}

    def check(self, side, box):
        for number, clue in enumerate(self.clues, 1):
            where = f"quadruple {number}"
            row, column = _cell(clue.cell, side, where)
            if row == side - 1 or column == side - 1:
                raise InvalidPuzzleError(
                    f"{where}: {_name(clue.cell)} is on the last row or column, no 2x2 cells"
                )
            if not 1 <= len(clue.digits) <= 4:
                raise InvalidPuzzleError(
                    f"{where} at {_name(clue.cell)} lists {len(clue.digits)} digits; it takes 1 to 4"
                )
            values = digits_of(side)  # the puzzle's digits
            for digit in clue.digits:
                if isinstance(digit, bool) or not isinstance(digit, int) or digit not in values:
                    raise InvalidPuzzleError(
                        f"{where} at {_name(clue.cell)}: {digit!r} is not a digit {_digits_name(values)}"
                    )
            if not _quadruple_table(digits_of(side), clue.digits):
                raise InvalidPuzzleError(
                    f"{where} at {_name(clue.cell)}: no four cells can hold {list(clue.digits)}"
                )

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, clue in enumerate(self.clues, 1):
            origin = Origin(OriginKind.QUADRUPLE, number, (clue.cell,), values=clue.digits)
            cells = tuple(_index(c, side) for c in clue.cells())
            out.append(
                Table(
                    cells,
                    _quadruple_table(digits_of(side), clue.digits),
                    origin=origin,
                    meaning=f"hold {list(clue.digits)}",
                )
            )
        return out

    def to_json(self):
        return {"quadruples": [{"cell": list(c.cell), "digits": list(c.digits)} for c in self.clues]}

    @classmethod
    def from_json(cls, rules):
        try:
            return cls(tuple(QuadrupleClue(c["cell"], c["digits"]) for c in rules["quadruples"]))
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidPuzzleError(f"quadruples: each needs 'cell' and 'digits' ({error!r})") from None


# -- the general primitives (issue 31): rules setters write themselves ------------------------


def _cell_list(value: object, side: int, where: str, minimum: int = 1) -> tuple[Cell, ...]:
    """Cells inside the grid, each once, at least ``minimum`` of them (in any places)."""
    if not isinstance(value, list | tuple):
        raise InvalidPuzzleError(f"{where}: the cells are a list of [row, column] pairs, not {value!r}")
    cells = tuple(_cell(c, side, where) for c in value)
    if len(cells) < minimum:
        raise InvalidPuzzleError(f"{where} has {len(cells)} cells; it needs at least {minimum}")
    twice = next((c for i, c in enumerate(cells) if c in cells[:i]), None)
    if twice is not None:
        raise InvalidPuzzleError(f"{where}: {_name(twice)} is listed twice")
    return cells


def _items(rules: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    items = rules[key]
    for number, item in enumerate(items, 1):
        if not isinstance(item, Mapping):
            raise InvalidPuzzleError(f"{key} {number} is an object, not {item!r}")
    return items


def _field(item: Mapping[str, Any], name: str, where: str) -> Any:
    if name not in item:
        raise InvalidPuzzleError(f"{where} needs {name!r} (it has {', '.join(map(repr, item)) or 'nothing'})")
    return item[name]


@dataclass(frozen=True)
class RelationClue(Normalised):
    """One set of pairs of cells with the predicate every pair satisfies (``a`` the first
    cell's digit, ``b`` the second's)."""

    pairs: tuple[tuple[Cell, Cell], ...]
    predicate: str
    forms: ClassVar = {"pairs": _pairs}


@dataclass(frozen=True)
class Relations(Rule):
    """Any binary relation between the digits of pairs of cells, written as a predicate of
    ``a`` and ``b`` (``"abs(a-b)>=5"``: German whispers; ``"(a+b)%2==1"``: a parity
    line; ``"a!=b+1 and b!=a+1"``): each pair is a :class:`~sudoku_cp.model.constraints.Relation`
    whose table is the predicate over ``1..n``. The predicate is read by a small grammar
    (:func:`sudoku_cp.model.expressions.predicate`), never run as code.

    JSON: ``"relations": [{"pairs": [[[r, c], [r, c]], ...], "predicate": "abs(a-b)>=5"}, ...]``.
    """

    clues: tuple[RelationClue, ...]
    keys: ClassVar = ("relations",)
    takes_extra_cells: ClassVar = True

    def check(self, side, box):
        for number, clue in enumerate(self.clues, 1):
            where = f"relation {number}"
            pair_table(clue.predicate, side)  # a malformed predicate raises here
            if not clue.pairs:
                raise InvalidPuzzleError(f"{where} has no pairs")
            for a, b in clue.pairs:
                if _cell(a, side, where) == _cell(b, side, where):
                    raise InvalidPuzzleError(f"{where}: the pair {_name(a)}-{_name(b)} is one cell")

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, clue in enumerate(self.clues, 1):
            table = pair_table(clue.predicate, side, digits_of(side))  # the puzzle's digits (DIGIT_AWARE)
            cells = tuple(c for pair in clue.pairs for c in pair)
            origin = Origin(OriginKind.RELATION, number, cells, text=clue.predicate)
            out += [
                Relation(_index(a, side), _index(b, side), table, origin=origin, meaning=clue.predicate)
                for a, b in clue.pairs
            ]
        return out

    def to_json(self):
        return {
            "relations": [
                {"pairs": [[list(a), list(b)] for a, b in c.pairs], "predicate": c.predicate}
                for c in self.clues
            ]
        }

    @classmethod
    def from_json(cls, rules):
        clues = []
        for number, item in enumerate(_items(rules, "relations"), 1):
            where = f"relations {number}"
            pairs = _field(item, "pairs", where)
            if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
                raise InvalidPuzzleError(f"{where}: 'pairs' is a list of [[r, c], [r, c]] pairs")
            clues.append(RelationClue(pairs, _field(item, "predicate", where)))
        return cls(tuple(clues))


@dataclass(frozen=True)
class RegularClue:
    """A line of cells (in reading order) and the regular expression its digits match; or,
    with ``nfa``, the automaton they are a word of (``(starts, accepting, transitions)``,
    :func:`sudoku_cp.model.expressions.nfa_automaton`), ``pattern`` then only naming it."""

    cells: tuple[Cell, ...]
    pattern: str
    nfa: tuple | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))
        if self.nfa is not None and not isinstance(self.nfa, tuple):
            try:
                starts, accepting, moves = self.nfa
                nfa = (tuple(starts), tuple(accepting), tuple(tuple(m) for m in moves))
            except (TypeError, ValueError):
                raise InvalidPuzzleError(
                    "a regular line's 'nfa' is [starts, accepting, [[state, value, next], ...]]"
                ) from None
            object.__setattr__(self, "nfa", nfa)

    def automaton(self, side: int, where: str):
        """The clue's deterministic automaton over ``1..side``; on a grid of other digits
        (while :func:`iter_constraints` compiles it, :func:`digits_of`) the pattern or the
        automaton's values are those digits and the automaton reads their positions
        ``1..k`` (its origin is in :data:`POSITIONAL`)."""
        digits = digits_of(side)
        if digits == tuple(range(1, side + 1)):
            digits = None
        if self.nfa is not None:
            nfa = self.nfa
            if digits:  # the transitions' digits as positions; a value not a digit goes nowhere
                at = {d: i for i, d in enumerate(digits, 1)}
                moves = tuple((s, at[v], t) for s, v, t in nfa[2] if v in at)
                nfa = (nfa[0], nfa[1], moves)
            return nfa_automaton(nfa, len(digits) if digits else side, where)
        return regular_automaton(self.pattern, side, digits)


@dataclass(frozen=True)
class RegularLines(Rule):
    """The digits along a line of cells, read in order, match a regular expression (the
    whole line): ``"[1-4]*[6-9]*"``, ``"(12|21).*"``. Each line is one
    :class:`~sudoku_cp.model.constraints.Regular` (MiniZinc's ``regular``); the grammar is
    :func:`sudoku_cp.model.expressions.regular_automaton`'s (digits, ``A``.. past 9, ``.``,
    ``[..]``, ``|``, ``( )``, ``*``, ``+``, ``?``, ``{m,n}``).

    JSON: ``"regular": [{"cells": [[r, c], ...], "pattern": "1[2-8]*9"}, ...]``; a line
    given by an automaton instead (a state machine, as sigh's Interactive Sudoku Solver
    shares them) has ``"nfa": [starts, accepting, [[state, value, next], ...]]`` and a
    ``pattern`` that names it.
    """

    clues: tuple[RegularClue, ...]
    keys: ClassVar = ("regular",)
    takes_extra_cells: ClassVar = True

    def check(self, side, box):
        for number, clue in enumerate(self.clues, 1):
            _cell_list(clue.cells, side, f"regular line {number}")
            clue.automaton(side, f"regular line {number}")

    def constraints(self, side, box):
        return [
            RegularKind(
                tuple(_index(c, side) for c in clue.cells),
                clue.automaton(side, f"regular line {number}"),
                pattern=clue.pattern,
                origin=Origin(OriginKind.REGULAR, number, clue.cells, text=clue.pattern),
            )
            for number, clue in enumerate(self.clues, 1)
        ]

    def to_json(self):
        return {
            "regular": [
                {"cells": [list(c) for c in clue.cells], "pattern": clue.pattern}
                | (
                    {"nfa": [list(clue.nfa[0]), list(clue.nfa[1]), [list(m) for m in clue.nfa[2]]]}
                    if clue.nfa
                    else {}
                )
                for clue in self.clues
            ]
        }

    @classmethod
    def from_json(cls, rules):
        return cls(
            tuple(
                RegularClue(
                    _field(item, "cells", f"regular {n}"),
                    _field(item, "pattern", f"regular {n}"),
                    item.get("nfa"),
                )
                for n, item in enumerate(_items(rules, "regular"), 1)
            )
        )


@dataclass(frozen=True)
class SumClue(Normalised):
    """Cells whose digits add up to ``total``; ``distinct``: they also differ;
    ``coefficients``: each cell's digit counted that many times (a weighted sum, as ISS's
    ``Sum~total_=_2_1...`` or a cell a cage lists twice), ``None`` for once each."""

    cells: tuple[Cell, ...]
    total: int
    distinct: bool = False
    coefficients: tuple[int, ...] | None = None
    forms: ClassVar = {"cells": _cells}

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.coefficients is not None:
            if not isinstance(self.coefficients, list | tuple) or not all(
                isinstance(a, int) and not isinstance(a, bool) for a in self.coefficients
            ):
                raise InvalidPuzzleError(
                    f"a sum's 'coefficients' are whole numbers, not {self.coefficients!r}"
                )
            object.__setattr__(self, "coefficients", tuple(self.coefficients))


@dataclass(frozen=True)
class Sums(Rule):
    """Sums over any cells, with digits that may repeat (``distinct: false``, the default:
    sum lines, cages with repeats) or not (``distinct: true``: a killer cage anywhere,
    overlapping others). Each is a plain-sum ``Linear`` (not a ``Sum``: the rule of 45
    reads every ``Sum`` as a disjoint killer cage), plus an ``AllDifferent`` when distinct.

    JSON: ``"sums": [{"cells": [[r, c], ...], "total": 15, "distinct": false}, ...]``; a
    weighted sum adds ``"coefficients": [2, 1, ...]`` (one whole number per cell).
    """

    clues: tuple[SumClue, ...]
    keys: ClassVar = ("sums",)
    takes_extra_cells: ClassVar = True

    def check(self, side, box):
        for number, clue in enumerate(self.clues, 1):
            where = f"sum {number}"
            cells = _cell_list(clue.cells, side, where)
            total = _int(clue.total, where, "total")
            if not isinstance(clue.distinct, bool):
                raise InvalidPuzzleError(f"{where}: 'distinct' is true or false, not {clue.distinct!r}")
            if clue.coefficients is not None:
                if len(clue.coefficients) != len(cells):
                    raise InvalidPuzzleError(
                        f"{where}: {len(clue.coefficients)} coefficients for {len(cells)} cells"
                    )
                continue  # a weighted sum: no range to check (the solvers say if none fits)
            low, high = (
                distinct_sum_range(len(cells), side) if clue.distinct else (len(cells), side * len(cells))
            )
            if not low <= total <= high:
                raise InvalidPuzzleError(f"{where}: {len(cells)} cells cannot add up to {total}")

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, clue in enumerate(self.clues, 1):
            origin = Origin(OriginKind.SUM, number, clue.cells, total=clue.total)
            cells = tuple(_index(c, side) for c in clue.cells)
            if clue.distinct and len(cells) > 1:
                out.append(AllDifferent(cells, origin=origin))
            coefficients = clue.coefficients or (1,) * len(cells)
            out.append(Linear(cells, coefficients, "==", clue.total, origin=origin))
        return out

    def to_json(self):
        return {
            "sums": [
                {"cells": [list(c) for c in clue.cells], "total": clue.total, "distinct": clue.distinct}
                | ({"coefficients": list(clue.coefficients)} if clue.coefficients is not None else {})
                for clue in self.clues
            ]
        }

    @classmethod
    def from_json(cls, rules):
        return cls(
            tuple(
                SumClue(
                    _field(item, "cells", f"sums {n}"),
                    _field(item, "total", f"sums {n}"),
                    item.get("distinct", False),
                    item.get("coefficients"),
                )
                for n, item in enumerate(_items(rules, "sums"), 1)
            )
        )


@dataclass(frozen=True)
class CountClue(Normalised):
    """``value`` occurs ``operator`` ``count`` times among ``cells``."""

    cells: tuple[Cell, ...]
    value: int
    count: int
    operator: str = "=="
    forms: ClassVar = {"cells": _cells}


_COUNT_WORDS = {"==": "exactly", ">=": "at least", "<=": "at most"}


@dataclass(frozen=True)
class Counts(Rule):
    """How often a digit occurs in some cells: exactly (``"=="``), at least (``">="``) or
    at most (``"<="``) ``count`` times (counting clues, quadruples with repeats);
    ``contains`` lists digits that must all appear in the cells (a digit listed twice,
    twice). Each is a :class:`~sudoku_cp.model.constraints.Count`.

    JSON: ``"counts": [{"cells": [[r, c], ...], "value": 5, "count": 2, "operator": ">="}, ...]``,
    ``"contains": [{"cells": [[r, c], ...], "digits": [1, 2]}, ...]``.
    """

    clues: tuple[CountClue, ...]
    keys: ClassVar = ("counts", "contains")
    takes_extra_cells: ClassVar = True

    def check(self, side, box):
        for number, clue in enumerate(self.clues, 1):
            where = f"count {number}"
            _cell_list(clue.cells, side, where)
            value, count = _int(clue.value, where, "value"), _int(clue.count, where, "count")
            if not 1 <= value <= side:
                raise InvalidPuzzleError(f"{where}: the value {value} is not a digit 1..{side}")
            if not 0 <= count <= len(clue.cells):
                raise InvalidPuzzleError(f"{where}: a count of {count} in {len(clue.cells)} cells")
            if clue.operator not in COUNT_OPERATORS:
                raise InvalidPuzzleError(
                    f"{where}: 'operator' is one of {COUNT_OPERATORS}, not {clue.operator!r}"
                )

    def constraints(self, side, box):
        return [
            Count(
                tuple(_index(c, side) for c in clue.cells),
                clue.value,
                clue.count,
                clue.operator,
                origin=Origin(
                    OriginKind.COUNT,
                    number,
                    clue.cells,
                    total=clue.count,
                    values=(clue.value,),
                    text=f"{_COUNT_WORDS.get(clue.operator, clue.operator)} {clue.count} x {clue.value}",
                ),
            )
            for number, clue in enumerate(self.clues, 1)
        ]

    def to_json(self):
        return {
            "counts": [
                {
                    "cells": [list(c) for c in k.cells],
                    "value": k.value,
                    "count": k.count,
                    "operator": k.operator,
                }
                for k in self.clues
            ]
        }

    @classmethod
    def from_json(cls, rules):
        clues = []
        for n, item in enumerate(_items(rules, "counts") if "counts" in rules else [], 1):
            where = f"counts {n}"
            clues.append(
                CountClue(
                    _field(item, "cells", where),
                    _field(item, "value", where),
                    _field(item, "count", where),
                    item.get("operator", "=="),
                )
            )
        for n, item in enumerate(_items(rules, "contains") if "contains" in rules else [], 1):
            where = f"contains {n}"
            digits = _field(item, "digits", where)
            if not isinstance(digits, list) or not digits:
                raise InvalidPuzzleError(f"{where}: 'digits' is a non-empty list of digits")
            cells = _field(item, "cells", where)
            for digit in sorted(set(digits), key=str):
                clues.append(CountClue(cells, digit, digits.count(digit), ">="))
        return cls(tuple(clues))


@dataclass(frozen=True)
class ElementClue(Normalised):
    """The cell ``cells[k - 1]``, ``k`` the digit in ``index``, holds the digit of ``value``."""

    cells: tuple[Cell, ...]
    index: Cell
    value: Cell
    forms: ClassVar = {"cells": _cells, "index": tuple, "value": tuple}


@dataclass(frozen=True)
class Elements(Rule):
    """Indexing: the digit in the ``index`` cell, ``k``, points at the ``k``-th of ``cells``,
    which holds the digit of the ``value`` cell (index lines, numbered rooms: the value
    cell is the clue's given; X-sums through their first cell). Each is an
    :class:`~sudoku_cp.model.constraints.Element`; the index cell holds ``1..len(cells)``.

    JSON: ``"elements": [{"cells": [[r, c], ...], "index": [r, c], "value": [r, c]}, ...]``.
    """

    clues: tuple[ElementClue, ...]
    keys: ClassVar = ("elements",)
    takes_extra_cells: ClassVar = True

    def check(self, side, box):
        for number, clue in enumerate(self.clues, 1):
            where = f"element {number}"
            _cell_list(clue.cells, side, where)
            _cell(clue.index, side, f"{where}'s index")
            _cell(clue.value, side, f"{where}'s value")

    def constraints(self, side, box):
        return [
            Element(
                tuple(_index(c, side) for c in clue.cells),
                _index(clue.index, side),
                _index(clue.value, side),
                origin=Origin(OriginKind.ELEMENT, number, (clue.index, clue.value, *clue.cells)),
            )
            for number, clue in enumerate(self.clues, 1)
        ]

    def to_json(self):
        return {
            "elements": [
                {"cells": [list(c) for c in k.cells], "index": list(k.index), "value": list(k.value)}
                for k in self.clues
            ]
        }

    @classmethod
    def from_json(cls, rules):
        return cls(
            tuple(
                ElementClue(
                    _field(item, "cells", f"elements {n}"),
                    _field(item, "index", f"elements {n}"),
                    _field(item, "value", f"elements {n}"),
                )
                for n, item in enumerate(_items(rules, "elements"), 1)
            )
        )


@dataclass(frozen=True)
class Either(Rule):
    """At least one of several alternatives holds, each alternative a JSON ``rules`` object
    of its own (all of its rules at once): ``{"any": [{"sums": [...]}, {"regular": [...]}]}``.
    Each alternative compiles to an :class:`~sudoku_cp.model.constraints.And` of its
    constraints, the clue to an :class:`~sudoku_cp.model.constraints.Or` of them (rewritten
    as a table over the cells involved, for which at most six cells on 9x9 are practical).

    JSON: ``"either": [{"any": [{rules}, {rules}, ...]}, ...]``.
    """

    alternatives: tuple[tuple[Rule, ...], ...]
    keys: ClassVar = ("either",)
    takes_extra_cells: ClassVar = True  # each alternative's rules as they would alone

    def check(self, side, box):
        extra = _EXTRA.get()
        for number, options in enumerate(self.alternatives, 1):
            if not options:
                raise InvalidPuzzleError(f"either {number} has no alternatives")
            for rules in options:
                for rule in rules:
                    token = _EXTRA.set(extra if rule.takes_extra_cells else 0)
                    try:
                        rule.check(side, box)
                    finally:
                        _EXTRA.reset(token)

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, options in enumerate(self.alternatives, 1):
            parts = [
                AndKind(
                    tuple(c for rule in rules for c in rule.constraints(side, box)), label=f"alternative {i}"
                )
                for i, rules in enumerate(options, 1)
            ]
            where = tuple(divmod(c, side) for c in dict.fromkeys(c for p in parts for c in p.cells))
            origin = Origin(OriginKind.EITHER, number, where, total=len(parts))
            out.append(OrKind(tuple(parts), origin=origin))
        return out

    def to_json(self):
        return {
            "either": [{"any": [rules_to_json(rules) for rules in options]} for options in self.alternatives]
        }

    @classmethod
    def from_json(cls, rules):
        alternatives = []
        for n, item in enumerate(_items(rules, "either"), 1):
            options = _field(item, "any", f"either {n}")
            if not isinstance(options, list) or not options:
                raise InvalidPuzzleError(f"either {n}: 'any' is a non-empty list of rules objects")
            alternatives.append(tuple(rules_from_json(option) for option in options))
        return cls(tuple(alternatives))


RULE_TYPES: tuple[type[Rule], ...] = (
    Diagonals,
    Windows,
    Jigsaw,
    Killer,
    Thermo,
    GreaterThan,
    AntiKnight,
    AntiKing,
    EvenOdd,
    Kropki,
    Arrow,
    LittleKiller,
    Sandwich,
    Skyscraper,
    OutsideSum,
    XV,
    GermanWhispers,
    DutchWhispers,
    Renban,
    Palindrome,
    BetweenLine,
    RegionSumLine,
    Quadruple,
    Relations,
    RegularLines,
    Sums,
    Counts,
    Elements,
    Either,
)
"""Every rule type, in the order the JSON format lists them (the community's named kinds of
:mod:`sudoku_cp.model.community_rules` are added by :func:`register_rule_type` when that
module is imported, as ``Puzzle.from_dict`` does first)."""


def register_rule_type(rule_type: type[Rule]) -> None:
    """Add a rule type to :data:`RULE_TYPES` (after the built-in ones), so its JSON keys are
    read and written; registering one twice adds it once.

    Raises:
        InvalidArgumentError: a JSON key another rule type already has.
    """
    global RULE_TYPES
    if rule_type in RULE_TYPES:
        return
    taken = {key for known in RULE_TYPES for key in known.keys}
    clash = sorted(set(rule_type.keys) & taken)
    if clash or not rule_type.keys:
        raise InvalidArgumentError(f"{rule_type.__name__}: its JSON keys {rule_type.keys} are taken or empty")
    RULE_TYPES = (*RULE_TYPES, rule_type)


def rules_from_json(rules: Mapping[str, Any] | None, *, side: int | None = None) -> tuple[Rule, ...]:
    """The rule objects of a JSON ``rules`` object (``{}`` or ``None``: classic rules only).

    A key whose value is false or empty (``"diagonals": false``, ``"cages": []``) adds nothing.
    Keys are snake case (``anti_knight``); ``anti-knight``, ``antiKnight`` and ``AntiKnight``
    are read as it (:func:`sudoku_cp.naming.canonical_name`). Values are checked for their
    JSON type before anything is built: flags are ``true``/``false``, cells ``[row,
    column]`` pairs of ints, ``regions`` a string of labels with no spaces (or a list of
    rows), and no list holds more items than a ``side`` x ``side`` grid can use (25x25
    when ``side`` is not given), so an oversized record is refused at once.

    Raises:
        InvalidPuzzleError: ``rules`` that is not an object, an unknown key (the message
            lists the known ones), a key given twice in two spellings, or a malformed value
            (the message names the key and the item, e.g. ``rules.cages[3].cells[0]``).
    """
    if rules is None:
        rules = {}
    if not isinstance(rules, Mapping):
        raise InvalidPuzzleError(
            f"'rules' is an object such as {{\"diagonals\": true}}, not {_json_kind(rules)}"
        )
    known = {key: rule_type for rule_type in RULE_TYPES for key in rule_type.keys}
    named: dict[str, Any] = {}
    spelled: dict[str, str] = {}
    for key, value in rules.items():
        name = canonical_name(key) if isinstance(key, str) else key
        name = name if name in known else key
        if name in named:
            raise InvalidPuzzleError(f"rules: {spelled[name]!r} and {key!r} both name {name!r}: give it once")
        named[name], spelled[name] = value, key
    unknown = sorted(map(repr, set(named) - set(known)))
    if unknown:
        raise InvalidPuzzleError(f"unknown rule {unknown[0]}; known rules: {', '.join(known)}")
    n = side if side is not None else 25
    for key, value in named.items():
        _check_json_value(key, value, n)
    out = []
    for rule_type in RULE_TYPES:
        present = {key: named[key] for key in rule_type.keys if key in named}
        if not any(present.values()):
            continue
        present |= {key: named[key] for key in rule_type.reads if key in named}
        try:
            out.append(rule_type.from_json(present))
        except InvalidPuzzleError:
            raise
        except (TypeError, ValueError, KeyError) as error:
            raise InvalidPuzzleError(f"rules {', '.join(present)}: malformed ({error})") from None
    return tuple(out)


_JSON_FLAGS = frozenset(
    {
        "diagonals",
        "anti_knight",
        "anti_king",
        "all_white_given",
        "all_black_given",
        "all_xv_given",
        "all_x_given",
        "all_v_given",
    }
)
_JSON_CELL_LISTS = frozenset({"windows", "even", "odd"})
_JSON_LISTS = frozenset(
    {
        "arrows",
        "little_killers",
        "sandwiches",
        "skyscrapers",
        "outside_sums",
        "x",
        "v",
        "german_whispers",
        "dutch_whispers",
        "renban",
        "palindromes",
        "between_lines",
        "region_sum_lines",
        "quadruples",
        "relations",
        "regular",
        "sums",
        "counts",
        "contains",
        "elements",
        "either",
    }
)
"""The modern rules' keys: each a list (``[]`` for none, as ``cages``; not ``0``, ``false``
or ``{}``), its items checked by the rule itself."""
_JSON_PAIR_LISTS = frozenset({"less", "white", "black"})


def _json_kind(value: object) -> str:
    """A JSON value as an error message names it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value) if len(value) <= 30 else f"a string of {len(value)} characters"
    if isinstance(value, int | float):
        return repr(value)
    return {dict: "an object", list: "a list"}.get(type(value), repr(value)[:40])


def _check_json_list(where: str, value: object, most: int) -> list:
    if not isinstance(value, list):
        raise InvalidPuzzleError(f"{where} is a list, not {_json_kind(value)}")
    if len(value) > most:
        raise InvalidPuzzleError(f"{where} has {len(value)} items; a grid of this size takes at most {most}")
    return value


def _check_json_cell(where: str, value: object) -> None:
    if not (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise InvalidPuzzleError(f"{where} is a [row, column] pair of ints, not {_json_kind(value)}")


def _check_json_value(key: str, value: object, side: int) -> None:
    """Check the JSON type and length of one ``rules`` value before it is built."""
    where = f"rules.{key}"
    cells = side * side
    if key in _JSON_FLAGS:
        if not isinstance(value, bool):
            raise InvalidPuzzleError(f"{where} is true or false, not {_json_kind(value)}")
    elif key in _JSON_CELL_LISTS:
        for index, cell in enumerate(_check_json_list(where, value, cells)):
            _check_json_cell(f"{where}[{index}]", cell)
    elif key in _JSON_PAIR_LISTS:
        for index, pair in enumerate(_check_json_list(where, value, 2 * side * (side - 1))):
            _check_json_list(f"{where}[{index}]", pair, 2)
            for end, cell in enumerate(pair):
                _check_json_cell(f"{where}[{index}][{end}]", cell)
    elif key in _JSON_LISTS:
        _check_json_list(where, value, 4 * cells)
    elif key == "thermos":
        for index, thermo in enumerate(_check_json_list(where, value, 2 * cells)):
            for step, cell in enumerate(_check_json_list(f"{where}[{index}]", thermo, side)):
                _check_json_cell(f"{where}[{index}][{step}]", cell)
    elif key == "cages":
        total = 0
        for index, cage in enumerate(_check_json_list(where, value, cells)):
            here = f"{where}[{index}]"
            if not isinstance(cage, Mapping):
                raise InvalidPuzzleError(
                    f"{here} is an object with 'sum' and 'cells', not {_json_kind(cage)}"
                )
            strangers = sorted(set(cage) - {"sum", "cells"})
            if strangers or "cells" not in cage:
                got = ", ".join(repr(k)[:30] for k in sorted(map(str, cage))[:5])
                raise InvalidPuzzleError(
                    f"{here}: each cage needs 'cells', a 'sum' unless it has no total, and no other key "
                    f"(got {got})"
                )
            total_value = cage.get("sum")
            if total_value is not None and (
                isinstance(total_value, bool) or not isinstance(total_value, int)
            ):
                raise InvalidPuzzleError(f"{here}.sum is an int or null, not {_json_kind(total_value)}")
            members = _check_json_list(f"{here}.cells", cage["cells"], side)
            total += len(members)
            if total > cells:
                raise InvalidPuzzleError(f"{where}: more than {cells} cells in all; the grid has {cells}")
            for step, cell in enumerate(members):
                _check_json_cell(f"{here}.cells[{step}]", cell)
    elif key == "regions":
        if isinstance(value, str):
            rows = [value]
        else:
            rows = _check_json_list(where, value, cells)
        for row in rows:
            if isinstance(row, str):
                space = next((i for i, ch in enumerate(row[: cells + 1]) if ch.isspace()), None)
                if space is not None:
                    raise InvalidPuzzleError(
                        f"{where} holds a space at position {space}: one label character per cell, no spaces"
                    )
                if len(row) > cells:
                    raise InvalidPuzzleError(f"{where} has {len(row)} labels; the grid has {cells} cells")
            else:
                for label in _check_json_list(where + " row", row, side):
                    if isinstance(label, bool) or not isinstance(label, int | str):
                        raise InvalidPuzzleError(
                            f"{where}: a label is an int or a character, not {_json_kind(label)}"
                        )


def rules_to_json(rules: Iterable[Rule]) -> dict[str, Any]:
    """The JSON ``rules`` object of rule objects (the inverse of :func:`rules_from_json`)."""
    out: dict[str, Any] = {}
    for rule in rules:
        out.update(rule.to_json())
    return out


def iter_constraints(
    rules: Iterable[Rule], side: int, box: BoxShape | None, digits: tuple[int, ...] | None = None
) -> Iterator[Constraint]:
    """Check each rule against the grid shape (and its digits, when not ``1..n``), then
    yield its constraints."""
    rules = tuple(rules)
    built: list[Constraint] = []
    token = _DIGITS.set(digits or None)  # the rules' tables enumerate these digits (digits_of)
    try:
        # the rules adding extra cells are checked first: their counts are summed below
        adding = [rule for rule in rules if getattr(rule, "names_extra_cells", False)]
        for rule in adding:
            _check_rule(rule, side, box, digits)
        extra = sum(rule.count for rule in adding)
        for rule in rules:
            allowed = _EXTRA.set(extra if rule.takes_extra_cells else 0)  # extra cells it may name
            try:
                if rule not in adding:
                    _check_rule(rule, side, box, digits)
                built.extend(rule.constraints(side, box))
            finally:
                _EXTRA.reset(allowed)
    finally:
        _DIGITS.reset(token)
    yield from built


def _check_rule(rule: Rule, side: int, box: BoxShape | None, digits: tuple[int, ...] | None) -> None:
    """Check ``rule`` against the grid shape, and its digits when they are not ``1..n``."""
    if digits:
        rule.check_digits(side, box, digits)
    else:
        rule.check(side, box)


__all__ = [
    "OutsideRule",
    "Counts",
    "Either",
    "Elements",
    "RegularLines",
    "Relations",
    "Sums",
    "AntiKing",
    "AntiKnight",
    "Arrow",
    "ArrowClue",
    "BetweenLine",
    "Cage",
    "DutchWhispers",
    "GermanWhispers",
    "LittleKiller",
    "LittleKillerClue",
    "OutsideClue",
    "OutsideSum",
    "Palindrome",
    "Quadruple",
    "QuadrupleClue",
    "RegionSumLine",
    "Renban",
    "Sandwich",
    "Skyscraper",
    "XV",
    "Diagonals",
    "EvenOdd",
    "GreaterThan",
    "Jigsaw",
    "Killer",
    "Kropki",
    "RULE_TYPES",
    "Rule",
    "Thermo",
    "Windows",
    "classic_constraints",
    "register_rule_type",
]
