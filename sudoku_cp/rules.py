"""The rules of Sudoku and its variants, as data that compiles to the constraint vocabulary.

A :class:`~sudoku_cp.puzzle.Puzzle` is givens plus rules. The rows, the columns and the
boxes of the grid's box shape always apply (:func:`classic_constraints`); each rule
object here adds constraints, or (:class:`Jigsaw`) supplies the regions that replace
the boxes. Rules are immutable and hashable, check themselves against the grid
(:meth:`Rule.check`, raising :class:`~sudoku_cp.errors.InvalidPuzzleError` that names
what and where) and compile to the five kinds of :mod:`sudoku_cp.constraints`
(:meth:`Rule.constraints`). The names and exact rules are the Sudoku community's; the
JSON keys are those of the interchange format (:meth:`sudoku_cp.Puzzle.from_dict`).

Coordinates are 0-based ``(row, column)`` pairs, as in the JSON format.

>>> from sudoku_cp.rules import Cage, Killer
>>> killer = Killer([Cage([(0, 0), (0, 1)], 3)])
>>> [type(c).__name__ for c in killer.constraints(9, (3, 3))]
['AllDifferent', 'Sum']
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from sudoku_cp.constraints import (
    AllDifferent,
    Constraint,
    Less,
    Origin,
    OriginKind,
    Relation,
    Sum,
    ValueIn,
    cell_name,
    unit_constraints,
)
from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.grid import BoxShape, geometry
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
    if not (0 <= row < side and 0 <= column < side):
        raise InvalidPuzzleError(f"{where}: ({row}, {column}) is outside the {side}x{side} grid")
    return (row, column)


def _cells(values: Iterable[object]) -> tuple[Cell, ...]:
    return tuple(tuple(v) for v in values)  # type: ignore[misc]


def _pairs(values: Iterable[object]) -> tuple[tuple[Cell, Cell], ...]:
    return tuple((tuple(a), tuple(b)) for a, b in values)  # type: ignore[misc]


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


@functools.cache
def classic_constraints(side: int, box: BoxShape | None) -> tuple[AllDifferent, ...]:
    """The rules every puzzle keeps: an AllDifferent over each row, column and box.

    Derived from :func:`sudoku_cp.grid.geometry`, the one place that knows where the
    rows, columns and boxes are; each carries its :class:`~sudoku_cp.constraints.Origin`
    (kind ``row``, ``column`` or ``box``, its 1-based number; a box its corner cells).
    """
    return unit_constraints(geometry(side, box).units, side)


# -- the rule base class ----------------------------------------------------------------------


class Rule:
    """A rule of a variant: data that checks itself and compiles to constraints.

    Subclasses are frozen dataclasses with ``keys`` (their JSON keys in ``rules``).
    """

    keys: ClassVar[tuple[str, ...]] = ()
    replaces_boxes: ClassVar[bool] = False
    """True for a rule whose regions take the place of the boxes (the grid has ``box=None``)."""

    def check(self, side: int, box: BoxShape | None) -> None:
        """Raise :class:`InvalidPuzzleError` naming what and where, if the rule does not fit the grid."""

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
class Diagonals(Rule):
    """X-Sudoku: each main diagonal holds 1..n once (``"diagonals": true``)."""

    keys: ClassVar = ("diagonals",)

    def constraints(self, side, box):
        main = tuple(i * side + i for i in range(side))
        anti = tuple(i * side + side - 1 - i for i in range(side))
        return [
            AllDifferent(main, Origin(OriginKind.DIAGONAL)),
            AllDifferent(anti, Origin(OriginKind.ANTI_DIAGONAL)),
        ]

    def to_json(self):
        return {"diagonals": True}

    @classmethod
    def from_json(cls, rules):
        return cls()


@dataclass(frozen=True)
class Windows(Rule):
    """Hyper (Windoku): extra box-shaped windows, each holding 1..n once, given by their
    top-left cells (``"windows": [[1, 1], [1, 5], [5, 1], [5, 5]]``, the usual four on 9x9)."""

    corners: tuple[Cell, ...] = ((1, 1), (1, 5), (5, 1), (5, 5))
    keys: ClassVar = ("windows",)

    def __post_init__(self) -> None:
        object.__setattr__(self, "corners", _cells(self.corners))

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
            out.append(AllDifferent(cells, Origin(OriginKind.WINDOW, number, corners)))
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
    replaces_boxes: ClassVar = True

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
            AllDifferent(cells, Origin(OriginKind.REGION, number, (divmod(cells[0], side),)))
            for number, cells in enumerate(self.cells_of_regions(), 1)
        ]

    def to_json(self):
        return {"regions": self.regions}

    @classmethod
    def from_json(cls, rules):
        return cls(rules["regions"])


@dataclass(frozen=True)
class Cage:
    """A killer cage: its cells' values are all different and add up to ``total``."""

    cells: tuple[Cell, ...]
    total: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


def distinct_sum_range(count: int, side: int) -> tuple[int, int]:
    """The smallest and largest sum of ``count`` different values from ``1..side``.

    >>> distinct_sum_range(2, 9)
    (3, 17)
    """
    return count * (count + 1) // 2, count * (2 * side - count + 1) // 2


@dataclass(frozen=True)
class Killer(Rule):
    """Killer: cages whose digits are all different and add up to the cage's sum
    (``"cages": [{"sum": 20, "cells": [[0, 0], [0, 1], [1, 0]]}, ...]``)."""

    cages: tuple[Cage, ...]
    keys: ClassVar = ("cages",)

    def __post_init__(self) -> None:
        cages = tuple(c if isinstance(c, Cage) else Cage(c[0], c[1]) for c in self.cages)
        object.__setattr__(self, "cages", cages)

    def check(self, side, box):
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
            if isinstance(cage.total, bool) or not isinstance(cage.total, int):
                raise InvalidPuzzleError(f"{where}: its sum {cage.total!r} is not an int")
            if len(cage.cells) > side:
                raise InvalidPuzzleError(
                    f"{where} has {len(cage.cells)} cells; different digits 1..{side} fill at most {side}"
                )
            low, high = distinct_sum_range(len(cage.cells), side)
            if not low <= cage.total <= high:
                raise InvalidPuzzleError(
                    f"{where} (at {_name(cage.cells[0])}): no {len(cage.cells)} different digits of "
                    f"1..{side} add up to {cage.total} (the sums run from {low} to {high})"
                )

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, cage in enumerate(self.cages, 1):
            cells = tuple(_index(c, side) for c in cage.cells)
            origin = Origin(OriginKind.CAGE, number, (cage.cells[0],), cage.total)
            if len(cells) > 1:
                out.append(AllDifferent(cells, origin))
            out.append(Sum(cells, cage.total, origin))
        return out

    def to_json(self):
        return {"cages": [{"sum": c.total, "cells": [list(x) for x in c.cells]} for c in self.cages]}

    @classmethod
    def from_json(cls, rules):
        try:
            return cls(tuple(Cage(_cells(c["cells"]), c["sum"]) for c in rules["cages"]))
        except (KeyError, TypeError) as error:
            raise InvalidPuzzleError(f"cages: each cage needs 'sum' and 'cells' ({error!r})") from None


@dataclass(frozen=True)
class Thermo(Rule):
    """Thermo: digits strictly increase along each thermometer, from its bulb (first cell);
    consecutive cells touch, diagonally or orthogonally (``"thermos": [[[r, c], ...], ...]``)."""

    thermometers: tuple[tuple[Cell, ...], ...]
    keys: ClassVar = ("thermos",)

    def __post_init__(self) -> None:
        object.__setattr__(self, "thermometers", tuple(_cells(t) for t in self.thermometers))

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
            Less(_index(a, side), _index(b, side), Origin(OriginKind.THERMOMETER, number, (thermo[0],)))
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

    def __post_init__(self) -> None:
        object.__setattr__(self, "pairs", _pairs(self.pairs))

    def check(self, side, box):
        _check_pairs(self.pairs, side, "inequality")

    def constraints(self, side, box):
        return [
            Less(_index(a, side), _index(b, side), Origin(OriginKind.INEQUALITY, 0, (a, b)))
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
class _ForbiddenMoves(Rule):
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
                    out.append(AllDifferent((row * side + column, r * side + c), origin))
        return out

    def to_json(self):
        return {self.keys[0]: True}

    @classmethod
    def from_json(cls, rules):
        return cls()


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

    def __post_init__(self) -> None:
        object.__setattr__(self, "even", _cells(self.even))
        object.__setattr__(self, "odd", _cells(self.odd))

    def check(self, side, box):
        evens = {_cell(c, side, "even cells") for c in self.even}
        for cell in self.odd:
            if _cell(cell, side, "odd cells") in evens:
                raise InvalidPuzzleError(f"{_name(cell)} is marked both even and odd")

    def constraints(self, side, box):
        evens = frozenset(range(2, side + 1, 2))
        odds = frozenset(range(1, side + 1, 2))
        return [ValueIn(_index(c, side), evens, Origin(OriginKind.EVEN, 0, (c,))) for c in self.even] + [
            ValueIn(_index(c, side), odds, Origin(OriginKind.ODD, 0, (c,))) for c in self.odd
        ]

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
def _table(side: int, kind: str, positive: bool) -> frozenset[tuple[int, int]]:
    """The allowed value pairs of a dot (``positive``) or of the no-dot negative constraint."""
    if kind == "white":

        def test(a, b):
            return abs(a - b) == 1
    else:

        def test(a, b):
            return a == 2 * b or b == 2 * a

    values = range(1, side + 1)
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

    def __post_init__(self) -> None:
        object.__setattr__(self, "white", _pairs(self.white))
        object.__setattr__(self, "black", _pairs(self.black))

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
                        _table(side, colour, True),
                        Origin(kinds[colour], 0, (a, b)),
                        meanings[colour],
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
                        frozenset.intersection, (_table(side, colour, False) for colour in negatives)
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
                    out.append(Relation(_index(a, side), _index(b, side), allowed, origin, meaning))
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
)
"""Every rule type, in the order the JSON format lists them."""


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
        try:
            out.append(rule_type.from_json(present))
        except InvalidPuzzleError:
            raise
        except (TypeError, ValueError, KeyError) as error:
            raise InvalidPuzzleError(f"rules {', '.join(present)}: malformed ({error})") from None
    return tuple(out)


_JSON_FLAGS = frozenset({"diagonals", "anti_knight", "anti_king", "all_white_given", "all_black_given"})
_JSON_CELL_LISTS = frozenset({"windows", "even", "odd"})
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
            if strangers or "sum" not in cage or "cells" not in cage:
                got = ", ".join(repr(k)[:30] for k in sorted(map(str, cage))[:5])
                raise InvalidPuzzleError(
                    f"{here}: each cage needs 'sum' and 'cells' and no other key (got {got})"
                )
            total_value = cage["sum"]
            if isinstance(total_value, bool) or not isinstance(total_value, int):
                raise InvalidPuzzleError(f"{here}.sum is an int, not {_json_kind(total_value)}")
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


def iter_constraints(rules: Iterable[Rule], side: int, box: BoxShape | None) -> Iterator[Constraint]:
    """Check each rule against the grid shape, then yield its constraints."""
    for rule in rules:
        rule.check(side, box)
        yield from rule.constraints(side, box)


__all__ = [
    "AntiKing",
    "AntiKnight",
    "Cage",
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
]
