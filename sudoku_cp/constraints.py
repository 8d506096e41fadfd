"""The constraint vocabulary: the contract between a puzzle's rules and the backends.

Every rule of every variant (:mod:`sudoku_cp.rules`) compiles to these five kinds of
constraint over the cells of the grid (row-major indices, values ``1..n``), and a
backend needs to understand these five and nothing else:

=================  =====================================================  =========================
kind               meaning                                                used by
=================  =====================================================  =========================
:class:`AllDifferent`  the cells hold pairwise different values            rows, columns, boxes,
                                                                          regions, diagonals,
                                                                          windows, cages, anti-knight
:class:`Sum`       the values of the cells add up to ``total``            killer cages
:class:`Less`      ``x[first] < x[second]``                               thermometers, greater-than
:class:`Relation`  ``(x[first], x[second])`` is one of the allowed pairs  Kropki dots, consecutive
                   (a binary table constraint)
:class:`ValueIn`   ``x[cell]`` is one of ``values`` (a unary domain)      even and odd cells
=================  =====================================================  =========================

An ``AllDifferent`` over ``n`` cells is a *unit*: it holds every value exactly once,
which is what lets a backend reason with hidden singles there. A :class:`Model` is the
compiled puzzle: the side, the givens and the constraints, with what backends derive
from them (initial domains, peers) computed once.

Every constraint carries its :class:`Origin`: the typed identity of the rule it comes
from (its :class:`OriginKind`: row, column, box, cage, thermometer...; its number; the
cells that locate it). Code that needs to know what a constraint *is* (a technique
looking for rows, the rule of 45 naming its cages) reads the origin, never the text.
The ``label`` is the origin said in words (``"row 3"``, ``"cage 2 (sum 15, at r1c4)"``,
``"thermometer 1 (bulb r2c2)"``), for messages and explanations only; a constraint built
with a plain string instead of an origin gets an origin of kind ``"custom"``.

>>> row = AllDifferent((0, 1, 2, 3), Origin(OriginKind.ROW, 1))
>>> row.label, row.origin.kind == "row"
('row 1', True)
>>> model = Model(4, (1, 0, 0, 0) + (0,) * 12, (row,))
>>> model.domains()[:2]
((1,), (1, 2, 3, 4))
>>> Less(0, 1, "my thermometer").origin
Origin(kind=<OriginKind.CUSTOM: 'custom'>, number=0, cells=(), total=None, parts=(), text='my thermometer')
>>> Less(0, 1, "my thermometer").holds((1, 3))
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from sudoku_cp.errors import InvalidPuzzleError


def cell_name(cell: int, side: int) -> str:
    """``"r3c7"``: the cell's 1-based row and column, as the variables of every model are named.

    >>> cell_name(10, 9)
    'r2c2'
    """
    row, column = divmod(cell, side)
    return f"r{row + 1}c{column + 1}"


class OriginKind(StrEnum):
    """What kind of rule a constraint comes from. A ``StrEnum``: each member equals its
    value (``OriginKind.ROW == "row"``), which is also the word used in labels."""

    ROW = "row"
    COLUMN = "column"
    BOX = "box"
    REGION = "region"  #: a jigsaw region
    DIAGONAL = "diagonal"  #: X-Sudoku's main diagonal
    ANTI_DIAGONAL = "anti-diagonal"
    WINDOW = "window"  #: Hyper (Windoku)
    CAGE = "cage"  #: killer: both the cage's AllDifferent and its Sum
    THERMOMETER = "thermometer"
    INEQUALITY = "inequality"  #: greater-than
    WHITE_DOT = "white dot"  #: Kropki: differ by 1
    BLACK_DOT = "black dot"  #: Kropki: ratio 2
    NO_WHITE_DOT = "no white dot"  #: Kropki's negative constraint (all white dots given)
    NO_BLACK_DOT = "no black dot"
    NO_DOT = "no dot"  #: both negative constraints at once
    ANTI_KNIGHT = "anti-knight"
    ANTI_KING = "anti-king"
    EVEN = "even"
    ODD = "odd"
    INNIES = "innies"  #: the rule of 45: a sum derived from units and cages
    OUTIES = "outies"
    GIVEN = "given"
    CANDIDATES = "candidates"  #: a cell's current candidates (the explanations' checks)
    CUSTOM = "custom"  #: built from a plain label string


LINE_KINDS = frozenset({OriginKind.ROW, OriginKind.COLUMN})
"""The kinds of the grid's lines (for pointing and claiming, fish)."""

HOUSE_KINDS = frozenset(
    {
        OriginKind.ROW,
        OriginKind.COLUMN,
        OriginKind.BOX,
        OriginKind.REGION,
        OriginKind.DIAGONAL,
        OriginKind.ANTI_DIAGONAL,
        OriginKind.WINDOW,
    }
)
"""The kinds whose AllDifferent covers ``n`` cells by construction (the *units*)."""

_PLURALS = {OriginKind.BOX: "boxes"}

Coordinates = tuple[int, int]
"""A 0-based ``(row, column)``."""


def _coordinate_name(cell: Coordinates) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


@dataclass(frozen=True)
class Origin:
    """Where a constraint comes from: the typed identity of a rule of the puzzle.

    Attributes:
        kind: an :class:`OriginKind`.
        number: the 1-based number people give it (``row 3``: 3; ``cage 2``: 2), 0 when
            the kind has none (a diagonal, a dot).
        cells: the 0-based ``(row, column)`` cells that locate it: a box or window's
            top-left and bottom-right cells, a region's first cell, a cage's first cell,
            a thermometer's bulb, both cells of an inequality (smaller first), a dot,
            an anti-knight or anti-king pair, the cell of an even, odd or given cell.
        total: a cage's sum; ``None`` otherwise.
        parts: what a derived constraint comes from: the units of a rule-of-45 sum.
        text: the label of a ``CUSTOM`` origin.

    >>> Origin(OriginKind.CAGE, 2, ((0, 3),), total=15).label
    'cage 2 (sum 15, at r1c4)'
    >>> rows = (Origin(OriginKind.ROW, 1), Origin(OriginKind.ROW, 2))
    >>> Origin(OriginKind.INNIES, parts=rows).label
    'innies of rows 1, 2'
    """

    kind: OriginKind
    number: int = 0
    cells: tuple[Coordinates, ...] = ()
    total: int | None = None
    parts: tuple[Origin, ...] = ()
    text: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, OriginKind):
            object.__setattr__(self, "kind", OriginKind(self.kind))

    @classmethod
    def custom(cls, text: str) -> Origin:
        """An origin that is only a label (constraints built by hand)."""
        return cls(OriginKind.CUSTOM, text=text)

    @property
    def index(self) -> int:
        """The 0-based index (``number - 1``), as :class:`sudoku_cp.grid.Unit` counts."""
        return self.number - 1

    @property
    def noun(self) -> str:
        """The kind as a noun: ``"row"``, ``"anti-diagonal"``, ``"cage"``; ``"constraint"`` for custom."""
        return "constraint" if self.kind is OriginKind.CUSTOM else self.kind.value

    @functools.cached_property
    def label(self) -> str:
        """The origin in words, as messages and explanations show it."""
        kind, number, cells = self.kind, self.number, self.cells
        names = [_coordinate_name(c) for c in cells]
        if kind in (OriginKind.ROW, OriginKind.COLUMN):
            return f"{kind.value} {number}"
        if kind in (OriginKind.BOX, OriginKind.WINDOW):
            (top, left), (bottom, right) = cells[0], cells[-1]
            return f"{kind.value} {number} (rows {top + 1}-{bottom + 1}, columns {left + 1}-{right + 1})"
        if kind is OriginKind.REGION:
            return f"region {number} (from {names[0]})"
        if kind is OriginKind.DIAGONAL:
            return "the main diagonal"
        if kind is OriginKind.ANTI_DIAGONAL:
            return "the anti-diagonal"
        if kind is OriginKind.CAGE:
            return f"cage {number} (sum {self.total}, at {names[0]})"
        if kind is OriginKind.THERMOMETER:
            return f"thermometer {number} (bulb {names[0]})"
        if kind is OriginKind.INEQUALITY:
            return f"inequality {names[0]} < {names[1]}"
        if kind in (OriginKind.EVEN, OriginKind.ODD):
            return f"{kind.value} cell {names[0]}"
        if kind in (OriginKind.INNIES, OriginKind.OUTIES):
            return f"{kind.value} of {union_name(self.parts)}"
        if kind is OriginKind.GIVEN:
            return f"given {names[0]}"
        if kind is OriginKind.CANDIDATES:
            return "candidates" + (f" of {names[0]}" if names else "")
        if kind is OriginKind.CUSTOM:
            return self.text
        return f"{kind.value} {'-'.join(names)}"  # dots, anti-knight, anti-king: a pair


def union_name(parts: Sequence[Origin]) -> str:
    """``"row 1"``, ``"rows 1, 2, 3"``, ``"boxes 4, 5"``: origins of one numbered kind said
    once; otherwise their labels joined with "and".

    >>> union_name([Origin(OriginKind.COLUMN, 2), Origin(OriginKind.COLUMN, 3)])
    'columns 2, 3'
    """
    kinds = {p.kind for p in parts}
    if len(parts) > 1 and len(kinds) == 1 and all(p.number for p in parts):
        kind = kinds.pop()
        if kind in HOUSE_KINDS:
            plural = _PLURALS.get(kind, f"{kind.value}s")
            return f"{plural} " + ", ".join(str(p.number) for p in parts)
    return " and ".join(p.label for p in parts)


def _settle(constraint: object) -> None:
    """Finish a constraint's construction: a string origin becomes a ``CUSTOM`` one (and
    with no origin, the label gives one)."""
    origin = constraint.origin  # type: ignore[attr-defined]
    if not isinstance(origin, Origin):
        if origin is None:
            origin = constraint.__dict__.get("_label")
            if not origin:
                raise TypeError(f"{type(constraint).__name__} needs an origin or a label")
        if not isinstance(origin, str):
            raise TypeError(f"a constraint's origin is an Origin or a label string, not {origin!r}")
        object.__setattr__(constraint, "origin", Origin.custom(origin))


class _Label:
    """The ``label`` field of a constraint: the one given, else its origin's label, worded
    only when read (a puzzle compiles hundreds of constraints that no message names)."""

    def __get__(self, constraint: object, owner: type | None = None) -> str:
        if constraint is None:
            return ""  # the field's default
        return constraint.__dict__.get("_label") or constraint.origin.label  # type: ignore[attr-defined]

    def __set__(self, constraint: object, value: object) -> None:
        constraint.__dict__["_label"] = value if isinstance(value, str) else ""


@dataclass(frozen=True)
class AllDifferent:
    """The values of ``cells`` are pairwise different (a *unit* when there are ``n`` cells)."""

    cells: tuple[int, ...]
    origin: Origin = field(default=None, repr=False)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False)

    __post_init__ = _settle

    def holds(self, values: Sequence[int]) -> bool:
        """True when the complete assignment ``values`` (row-major) satisfies it."""
        seen = [values[c] for c in self.cells]
        return len(set(seen)) == len(seen)

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        """Why the givens alone break it (two equal givens), or ``None``."""
        first: dict[int, int] = {}
        for cell in self.cells:
            value = givens[cell]
            if value and value in first:
                return (
                    f"{self.label} has two {value}s: "
                    f"{cell_name(first[value], side)} and {cell_name(cell, side)}"
                )
            first.setdefault(value, cell)
        return None


@dataclass(frozen=True)
class Sum:
    """The values of ``cells`` add up to ``total``."""

    cells: tuple[int, ...]
    total: int
    origin: Origin = field(default=None, repr=False)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False)

    __post_init__ = _settle

    def holds(self, values: Sequence[int]) -> bool:
        return sum(values[c] for c in self.cells) == self.total

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        given = [givens[c] for c in self.cells if givens[c]]
        if sum(given) > self.total or (len(given) == len(self.cells) and sum(given) != self.total):
            return f"{self.label}: its givens add up to {sum(given)}, the sum is {self.total}"
        return None


@dataclass(frozen=True)
class Less:
    """``x[first] < x[second]``."""

    first: int
    second: int
    origin: Origin = field(default=None, repr=False)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False)

    __post_init__ = _settle

    @property
    def cells(self) -> tuple[int, int]:
        return (self.first, self.second)

    def holds(self, values: Sequence[int]) -> bool:
        return values[self.first] < values[self.second]

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        a, b = givens[self.first], givens[self.second]
        if a and b and not a < b:
            return (
                f"{self.label}: {cell_name(self.first, side)}={a} must be less than "
                f"{cell_name(self.second, side)}={b}"
            )
        return None


@dataclass(frozen=True)
class Relation:
    """``(x[first], x[second])`` is in ``allowed``: a binary table constraint.

    ``meaning`` says in words what the table is (``"differ by 1"``), for messages.
    """

    first: int
    second: int
    allowed: frozenset[tuple[int, int]]
    origin: Origin = field(default=None, repr=False)  # type: ignore[assignment]
    meaning: str = field(default="", compare=False)
    label: str = field(default=_Label(), compare=False)

    __post_init__ = _settle

    @property
    def cells(self) -> tuple[int, int]:
        return (self.first, self.second)

    def holds(self, values: Sequence[int]) -> bool:
        return (values[self.first], values[self.second]) in self.allowed

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        a, b = givens[self.first], givens[self.second]
        if a and b and (a, b) not in self.allowed:
            why = f" (they must {self.meaning})" if self.meaning else ""
            return (
                f"{self.label}: {cell_name(self.first, side)}={a} and {cell_name(self.second, side)}={b} "
                f"break it{why}"
            )
        return None


@dataclass(frozen=True)
class ValueIn:
    """``x[cell]`` is one of ``values``."""

    cell: int
    values: frozenset[int]
    origin: Origin = field(default=None, repr=False)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False)

    __post_init__ = _settle

    @property
    def cells(self) -> tuple[int]:
        return (self.cell,)

    def holds(self, values: Sequence[int]) -> bool:
        return values[self.cell] in self.values

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        value = givens[self.cell]
        if value and value not in self.values:
            return f"{self.label}: {cell_name(self.cell, side)}={value} is not allowed there"
        return None


def unit_constraints(units: Sequence, side: int) -> tuple[AllDifferent, ...]:
    """An AllDifferent with its origin for each row, column and box of a grid shape: the
    ``units`` of :func:`sudoku_cp.grid.geometry` (each with its ``kind``, ``"row"``,
    ``"column"`` or ``"box"``, its 0-based ``index`` and its ``cells``; a box's origin
    keeps its corner cells).

    >>> from sudoku_cp.grid import geometry
    >>> [c.label for c in unit_constraints(geometry(4, (2, 2)).units, 4)][::4]
    ['row 1', 'column 1', 'box 1 (rows 1-2, columns 1-2)']
    """
    out = []
    for unit in units:
        kind = OriginKind(unit.kind)
        first, last = divmod(unit.cells[0], side), divmod(unit.cells[-1], side)
        corners = (first, last) if kind is OriginKind.BOX else ()
        out.append(AllDifferent(tuple(unit.cells), Origin(kind, unit.index + 1, corners)))
    return tuple(out)


Constraint = AllDifferent | Sum | Less | Relation | ValueIn
"""One constraint of the vocabulary."""

KINDS: tuple[type, ...] = (AllDifferent, Sum, Less, Relation, ValueIn)
"""The five kinds, in the order backends usually compile them."""


@dataclass(frozen=True)
class Model:
    """A compiled puzzle: what every backend solves.

    Attributes:
        side: ``n``; values are ``1..n``.
        givens: ``n*n`` values row-major, 0 for a blank cell.
        constraints: every constraint of the puzzle's rules (rows, columns and boxes
            included), as the vocabulary of this module.

    Backends take their initial domains from :meth:`domains` (givens and ``ValueIn``
    already applied, so they may skip ``ValueIn``) and compile every other kind.
    """

    side: int
    givens: tuple[int, ...]
    constraints: tuple[Constraint, ...]

    @property
    def cell_count(self) -> int:
        return self.side * self.side

    def of_kind(self, kind: type) -> tuple:
        """The constraints of one kind, e.g. ``model.of_kind(Sum)``."""
        return self._by_kind.get(kind, ())

    @functools.cached_property
    def _by_kind(self) -> dict[type, tuple]:
        grouped: dict[type, list] = {}
        for constraint in self.constraints:
            grouped.setdefault(type(constraint), []).append(constraint)
        return {kind: tuple(items) for kind, items in grouped.items()}

    @functools.cached_property
    def units(self) -> tuple[AllDifferent, ...]:
        """The ``AllDifferent`` constraints over exactly ``n`` cells: each holds every value once."""
        return tuple(c for c in self.of_kind(AllDifferent) if len(c.cells) == self.side)

    def domains(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's initial values, ascending: its given, or ``1..n`` cut by every ``ValueIn``."""
        return self._domains

    @functools.cached_property
    def _domains(self) -> tuple[tuple[int, ...], ...]:
        full = tuple(range(1, self.side + 1))
        domains = [(v,) if v else full for v in self.givens]
        for constraint in self.of_kind(ValueIn):
            cell = constraint.cell
            domains[cell] = tuple(v for v in domains[cell] if v in constraint.values)
        return tuple(domains)

    @functools.cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the sorted other cells it shares an ``AllDifferent`` with."""
        peers: list[set[int]] = [set() for _ in range(self.cell_count)]
        for constraint in self.of_kind(AllDifferent):
            for cell in constraint.cells:
                peers[cell].update(constraint.cells)
        return tuple(tuple(sorted(p - {cell})) for cell, p in enumerate(peers))

    @functools.cached_property
    def is_classic(self) -> bool:
        """True when every constraint is an ``AllDifferent`` unit (rows, columns, boxes, regions...)."""
        return len(self.units) == len(self.constraints)

    def holds(self, values: Sequence[int]) -> bool:
        """True when the complete assignment keeps the givens and satisfies every constraint."""
        return (
            len(values) == self.cell_count
            and all(1 <= v <= self.side for v in values)
            and all(g in (0, v) for g, v in zip(self.givens, values, strict=True))
            and all(c.holds(values) for c in self.constraints)
        )

    def broken_by(self, values: Sequence[int]) -> Constraint | None:
        """The first constraint a complete assignment breaks, or ``None``."""
        return next((c for c in self.constraints if not c.holds(values)), None)

    def check_givens(self) -> None:
        """Raise :class:`InvalidPuzzleError` if the givens alone break a constraint (two 5s on a
        diagonal, an odd given in an even cell, a cage whose givens exceed its sum)."""
        for constraint in self.constraints:
            why = constraint.givens_conflict(self.givens, self.side)
            if why:
                raise InvalidPuzzleError(why)
        for cell, domain in enumerate(self.domains()):
            if not domain:
                raise InvalidPuzzleError(f"{cell_name(cell, self.side)} has no value its rules allow")
