"""The constraint vocabulary: the contract between a puzzle's rules and the backends.

Every rule of every variant (:mod:`sudoku_cp.model.rules`) compiles to these kinds of
constraint over the cells of the grid (row-major indices, values ``1..n``), and a
backend needs to understand these and nothing else:

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
:class:`Linear`    ``Σ a_i·x[cell_i]`` ``==``, ``<=`` or ``>=`` ``rhs``     arrows, little killers,
                                                                          region-sum lines,
                                                                          outside sums
:class:`Table`     the cells' values are one of the allowed tuples        between lines, quadruples
:class:`Sandwich`  the sum between the 1 and the n of a line              sandwich clues
:class:`Skyscraper`  how many cells of a line are seen from its start     skyscraper clues
=================  =====================================================  =========================

The last four serve the modern rules; ``Sandwich`` and ``Skyscraper`` give their meaning
as an :class:`Automaton` over the line's digits, which backends compile the same way
(``docs/design.md`` justifies each kind).

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
with a plain string instead of an origin gets an origin of kind ``"custom"``. ``origin``,
``label`` (and ``meaning``) are keyword-only: ``Sum(cells, 15, "my cage")`` raises
``TypeError`` rather than guessing which of the two the string is.

>>> row = AllDifferent((0, 1, 2, 3), origin=Origin(OriginKind.ROW, 1))
>>> row.label, row.origin.kind == "row"
('row 1', True)
>>> model = Model(4, (1, 0, 0, 0) + (0,) * 12, (row,))
>>> model.domains()[:2]
((1,), (1, 2, 3, 4))
>>> Less(0, 1, label="my thermometer").origin
Origin(kind=<OriginKind.CUSTOM: 'custom'>, number=0, cells=(), total=None, parts=(), text='my thermometer')
>>> Less(0, 1, label="my thermometer").holds((1, 3))
True
"""

from __future__ import annotations

import functools
import itertools
import operator
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from sudoku_cp.errors import InvalidArgumentError, InvalidPuzzleError, NotSupportedError


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
    ARROW = "arrow"  #: the circle (1 or 2 cells, read as a number) is the sum of the arrow
    LITTLE_KILLER = "little killer"  #: a diagonal's sum, clued outside the grid
    SANDWICH = "sandwich"  #: the sum between 1 and n in a row or column
    SKYSCRAPER = "skyscraper"  #: how many cells are seen from outside
    OUTSIDE_SUM = "outside sum"  #: the sum of the first cells from the edge (Frame Sudoku)
    X = "X"  #: XV: the two digits add up to 10
    V = "V"  #: XV: the two digits add up to 5
    NO_XV = "no X or V"  #: XV's negative constraint (all X and V given)
    NO_X = "no X"  #: all X given (the V are not all given)
    NO_V = "no V"  #: all V given (the X are not all given)
    WHISPERS = "whispers line"  #: German (or Dutch) whispers
    RENBAN = "renban line"
    PALINDROME = "palindrome"
    BETWEEN_LINE = "between line"
    REGION_SUM_LINE = "region-sum line"
    QUADRUPLE = "quadruple"
    # the community's named kinds (sudoku_cp.model.community_rules)
    SLOW_THERMOMETER = "slow thermometer"
    CLONE = "clone"
    DISJOINT_GROUP = "disjoint group"
    MODULAR_LINE = "modular line"
    ENTROPIC_LINE = "entropic line"
    ZIPPER_LINE = "zipper line"
    ROW_INDEXER = "row indexer"
    COLUMN_INDEXER = "column indexer"
    DIFFERENCE_COUNT_LINE = "difference-count line"
    INDEX_LINE = "index line"
    PARITY_LINE = "parity line"
    NABNER_LINE = "nabner line"
    DUTCH_FLATMATES = "Dutch flatmates"
    EXTRA_REGION = "extra region"
    NUMBERED_ROOM = "numbered room"  #: the n-th cell from the edge holds the clue (n: the first digit)
    ANTI_TAXICAB = "anti-taxicab"
    # the community's remaining kinds (sudoku_cp.model.community_kinds)
    X_SUM = "X-sum"  #: the sum of the first X digits, X the first (clued outside)
    HIDDEN_SKYSCRAPER = "hidden skyscraper"  #: the first skyscraper hidden from the clue
    LUNCHBOX = "lunchbox"  #: the sum between the smallest and the largest digit
    RELLIK_CAGE = "rellik cage"  #: no subset of the cage adds up to its total
    COUNTING_CIRCLES = "counting circles"  #: a circled d: d circles of its set hold d
    EQUALITY_CAGE = "equality cage"  #: as many even as odd, low as high
    DOUBLE_ARROW = "double arrow"  #: the two ends add up to the cells between
    LOCKOUT_LINE = "lockout line"  #: ends far apart, the cells between outside them
    GLOBAL_ENTROPY = "global entropy"  #: every 2x2 square: low, middle and high
    GLOBAL_MODULAR = "global mod 3"  #: every 2x2 square: each remainder mod 3
    LOOK_AND_SAY = "look-and-say cage"  #: (count, digit) pairs
    COUNT_DISTINCT = "count-distinct"  #: the control cell counts the different digits
    SAME_VALUES = "same values"  #: sets holding the same digits
    SUM_LINE = "sum line"  #: segments each adding up to the sum
    EQUAL_SUMS = "equal sums"  #: segments adding up to one total
    RELATION = "relation"  #: a user's predicate over pairs of cells (general rule)
    REGULAR = "regular line"  #: a user's regular expression over a line (general rule)
    SUM = "sum"  #: a user's sum over any cells, repeats allowed or not (general rule)
    COUNT = "count"  #: how often a digit occurs in cells (general rule)
    ELEMENT = "element"  #: indexing: the cell a digit points at (general rule)
    EITHER = "either"  #: at least one of several alternatives (general rule)
    GIVEN = "given"
    CANDIDATES = "candidates"  #: a cell's current candidates (the explanations' checks)
    CUSTOM = "custom"  #: built from a plain label string
    # chaos construction (sudoku_cp.model.chaos): regions found while solving
    CHAOS_CONSTRUCTION = "chaos construction"  #: the grid cut into connected regions of n cells
    CHAOS_COUNT = "chaos count"  #: the control counts the cells sharing the first one's region
    CHAOS_ARROW = "chaos arrow"  #: the control is the run of one region along the arms
    FULL_RANK = "full rank"  #: the rank of a line read from the clue among all 4n (sudoku_cp.model.full_rank)
    DOPPELGANGER = "doppelganger"  #: each unit misses one digit, held by an extra cell (model.extra_cells)


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

OUTSIDE_KINDS = (
    OriginKind.LITTLE_KILLER,
    OriginKind.SANDWICH,
    OriginKind.SKYSCRAPER,
    OriginKind.OUTSIDE_SUM,
    OriginKind.NUMBERED_ROOM,
    OriginKind.X_SUM,
    OriginKind.HIDDEN_SKYSCRAPER,
    OriginKind.FULL_RANK,
)
"""The kinds clued outside the grid (their ``total`` is the clue), in the order pictures
draw them."""

_LINE_RULE_KINDS = frozenset(
    {
        OriginKind.ARROW,
        OriginKind.WHISPERS,
        OriginKind.RENBAN,
        OriginKind.PALINDROME,
        OriginKind.BETWEEN_LINE,
        OriginKind.REGION_SUM_LINE,
        OriginKind.SLOW_THERMOMETER,
        OriginKind.MODULAR_LINE,
        OriginKind.ENTROPIC_LINE,
        OriginKind.ZIPPER_LINE,
        OriginKind.CLONE,
        OriginKind.DISJOINT_GROUP,
        OriginKind.DIFFERENCE_COUNT_LINE,
        OriginKind.INDEX_LINE,
        OriginKind.PARITY_LINE,
        OriginKind.NABNER_LINE,
        OriginKind.DUTCH_FLATMATES,
        OriginKind.EXTRA_REGION,
        OriginKind.COUNTING_CIRCLES,
        OriginKind.EQUALITY_CAGE,
        OriginKind.DOUBLE_ARROW,
        OriginKind.COUNT_DISTINCT,
        OriginKind.SAME_VALUES,
        OriginKind.EQUAL_SUMS,
    }
)
"""The kinds drawn as a line through their cells (and the clones and disjoint groups,
named like them: kind, number and first cell)."""

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
        values: the digits a rule lists (a quadruple's), ascending; ``()`` otherwise.
        grid: on a multi-grid board (:mod:`sudoku_cp.model.multigrid`), the 1-based number of
            the sub-grid a row, column or box belongs to (``number`` counts within that
            sub-grid, ``cells`` are board coordinates); 0 on a single grid.

    The modern rules locate themselves by ``cells`` too: a line rule (whispers, renban,
    palindrome, between and region-sum lines, an arrow's circle then its arrow) lists
    all its cells in order; an outside clue (little killer, sandwich, skyscraper,
    outside sum) lists the cells it covers from the grid's edge inwards, so the clue
    sits one step before ``cells[0]`` (in the direction ``cells[0]`` to ``cells[1]``,
    or straight out of the edge for a one-cell run), and ``total`` is the clue.

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
    values: tuple[int, ...] = field(default=(), repr=False)
    grid: int = field(default=0, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, OriginKind):
            object.__setattr__(self, "kind", OriginKind(self.kind))

    @classmethod
    def custom(cls, text: str) -> Origin:
        """An origin that is only a label (constraints built by hand)."""
        return cls(OriginKind.CUSTOM, text=text)

    @property
    def index(self) -> int:
        """The 0-based index (``number - 1``), as :class:`sudoku_cp.model.grid.Unit` counts."""
        return self.number - 1

    @property
    def noun(self) -> str:
        """The kind as a noun: ``"row"``, ``"anti-diagonal"``, ``"cage"``; ``"constraint"`` for custom."""
        return "constraint" if self.kind is OriginKind.CUSTOM else self.kind.value

    @functools.cached_property
    def label(self) -> str:
        """The origin in words, as messages and explanations show it."""
        return self.label_with(_coordinate_name)

    def label_with(self, name: Callable[[Coordinates], str]) -> str:
        """:attr:`label` with each of its cells named by ``name`` (a model's hidden cells by
        their names, :meth:`Model.label_of`, rather than by coordinates past the grid)."""
        kind, number, cells = self.kind, self.number, self.cells
        names = [name(c) for c in cells]
        of_grid = f" of grid {self.grid}" if self.grid else ""
        if kind in (OriginKind.ROW, OriginKind.COLUMN):
            if self.grid:  # cells: the unit's first and last board cells
                (top, left), (bottom, right) = cells[0], cells[-1]
                where = f"board row {top + 1}" if kind is OriginKind.ROW else f"board column {left + 1}"
                return f"{kind.value} {number}{of_grid} ({where})"
            return f"{kind.value} {number}"
        if kind in (OriginKind.BOX, OriginKind.WINDOW):
            (top, left), (bottom, right) = cells[0], cells[-1]
            where = f"rows {top + 1}-{bottom + 1}, columns {left + 1}-{right + 1}"
            return f"{kind.value} {number}{of_grid} ({where})"
        if kind is OriginKind.REGION:
            return f"region {number} (from {names[0]})"
        if kind is OriginKind.DIAGONAL:
            return "the main diagonal"
        if kind is OriginKind.ANTI_DIAGONAL:
            return "the anti-diagonal"
        if kind is OriginKind.CAGE:
            if self.total is None:
                return f"cage {number} (no total, at {names[0]})"
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
        if kind in (OriginKind.LUNCHBOX, OriginKind.RELLIK_CAGE, OriginKind.SUM_LINE):
            return f"{kind.value} {number} (sum {self.total}, at {names[0]})"
        if kind is OriginKind.LOCKOUT_LINE:
            return f"{kind.value} {number} (difference {self.total}, from {names[0]})"
        if kind is OriginKind.LOOK_AND_SAY:
            return f"{kind.value} {number} (clue {self.text}, at {names[0]})"
        if kind in (OriginKind.GLOBAL_ENTROPY, OriginKind.GLOBAL_MODULAR):
            return f"{kind.value} (2x2 square at {names[0]})"
        if kind in OUTSIDE_KINDS:
            return f"{kind.value} {number} (clue {self.total}, from {names[0]})"
        if kind in _LINE_RULE_KINDS:
            return f"{kind.value} {number} (from {names[0]})"
        if kind in (OriginKind.RELATION, OriginKind.REGULAR, OriginKind.COUNT):
            return f"{kind.value} {number} ({self.text}, from {names[0]})"
        if kind is OriginKind.SUM:
            return f"sum {number} (total {self.total}, from {names[0]})"
        if kind is OriginKind.ELEMENT:
            return f"element {number} (index {names[0]}, value {names[1]})"
        if kind is OriginKind.EITHER:
            return f"either {number} ({self.total} alternatives, at {names[0]})"
        if kind is OriginKind.QUADRUPLE:
            digits = ", ".join(map(str, self.values))
            return f"quadruple {number} ({digits} at {names[0]})"
        return f"{kind.value} {'-'.join(names)}"  # dots, anti-knight, anti-king: a pair


def union_name(parts: Sequence[Origin]) -> str:
    """``"row 1"``, ``"rows 1, 2, 3"``, ``"boxes 4, 5"``: origins of one numbered kind said
    once; otherwise their labels joined with "and".

    >>> union_name([Origin(OriginKind.COLUMN, 2), Origin(OriginKind.COLUMN, 3)])
    'columns 2, 3'
    """
    kinds = {p.kind for p in parts}
    if len(parts) > 1 and len(kinds) == 1 and all(p.number and not p.grid for p in parts):
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
                raise InvalidArgumentError(f"{type(constraint).__name__} needs an origin or a label")
        if not isinstance(origin, str):
            raise InvalidArgumentError(
                f"a constraint's origin is an Origin or a label string, not {origin!r}"
            )
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


def label_named(constraint: Constraint, name: Callable[[Coordinates], str]) -> str:
    """A constraint's label with each cell of its origin named by ``name`` (a hidden cell by
    its name, not by coordinates past the grid); a label given at construction as it is."""
    return constraint.__dict__.get("_label") or constraint.origin.label_with(name)


@dataclass(frozen=True)
class AllDifferent:
    """The values of ``cells`` are pairwise different (a *unit* when there are ``n`` cells)."""

    cells: tuple[int, ...]
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

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
    """The values of ``cells`` add up to ``total``; with ``distinct=True`` they are also
    pairwise different (a cage with or without repeats: ``Sum(cells, total,
    distinct=True|False)``). Backends compile the plain sum; a distinct one is rewritten
    (:meth:`decompose`) into an :class:`AllDifferent` and the plain sum.

    >>> cage = Sum((0, 1), 4, distinct=True, label="cage")
    >>> cage.holds((1, 3)), cage.holds((2, 2)), Sum((0, 1), 4, label="sum").holds((2, 2))
    (True, False, True)
    >>> [type(c).__name__ for c in cage.decompose(4)]
    ['AllDifferent', 'Sum']
    """

    cells: tuple[int, ...]
    total: int
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)
    distinct: bool = field(default=False, kw_only=True, repr=False)

    __post_init__ = _settle

    @property
    def composite(self) -> bool:
        """True when distinct: rewritten (:mod:`sudoku_cp.model.decompose`) even where ``Sum`` is native."""
        return self.distinct

    def decompose(self, side: int) -> tuple[Constraint, ...]:
        """A distinct sum as an :class:`AllDifferent` plus the plain sum, both with its origin."""
        like = _origin_of(self)
        return (AllDifferent(self.cells, **like), Sum(self.cells, self.total, **like))

    def holds(self, values: Sequence[int]) -> bool:
        digits = [values[c] for c in self.cells]
        return sum(digits) == self.total and (not self.distinct or len(set(digits)) == len(digits))

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
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

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
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    meaning: str = field(default="", compare=False, kw_only=True)
    label: str = field(default=_Label(), compare=False, kw_only=True)

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
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

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


LINEAR_OPERATORS = ("==", "<=", ">=")
"""The comparisons a :class:`Linear` constraint may make."""


@dataclass(frozen=True)
class Linear:
    """``Σ coefficients[i] · x[cells[i]]  operator  rhs``: a linear (in)equality over cells
    with integer coefficients; ``operator`` is ``"=="``, ``"<="`` or ``">="``.

    An arrow is ``Σ arrow - circle == 0`` (a two-cell circle ``10·a + b``), a region-sum
    line ``Σ segment - Σ next segment == 0``. The cells are different (a cell's
    coefficients are added up before building one).

    >>> arrow = Linear((0, 1, 2), (-1, 1, 1), "==", 0, label="arrow")
    >>> arrow.holds((5, 2, 3)), arrow.holds((5, 2, 2))
    (True, False)
    """

    cells: tuple[int, ...]
    coefficients: tuple[int, ...]
    operator: str
    rhs: int
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

    def __post_init__(self) -> None:
        _settle(self)
        object.__setattr__(self, "cells", tuple(self.cells))
        object.__setattr__(self, "coefficients", tuple(self.coefficients))
        if len(self.cells) != len(self.coefficients):
            raise InvalidArgumentError("a Linear constraint needs one coefficient per cell")
        if len(set(self.cells)) != len(self.cells):
            raise InvalidArgumentError("a Linear constraint lists each cell once (add its coefficients up)")
        if self.operator not in LINEAR_OPERATORS:
            raise InvalidArgumentError(
                f"a Linear constraint's operator is one of {LINEAR_OPERATORS}, not {self.operator!r}"
            )

    @property
    def is_plain_sum(self) -> bool:
        """True for ``Σ x == rhs`` (every coefficient 1): a sum with a fixed total, which
        backends may reason about as they do about a :class:`Sum` (digit combinations
        over pairwise different cells)."""
        return self.operator == "==" and all(a == 1 for a in self.coefficients)

    def as_sum(self) -> Sum:
        """The :class:`Sum` of a plain sum (:attr:`is_plain_sum`), with the same origin."""
        return Sum(self.cells, self.rhs, origin=self.origin)

    def compare(self, total: int) -> bool:
        """Whether the left-hand side ``total`` satisfies the (in)equality."""
        if self.operator == "==":
            return total == self.rhs
        if self.operator == "<=":
            return total <= self.rhs
        return total >= self.rhs

    def holds(self, values: Sequence[int]) -> bool:
        return self.compare(sum(a * values[c] for a, c in zip(self.coefficients, self.cells, strict=True)))

    def bounds(self, domains: Sequence[Sequence[int]]) -> tuple[int, int]:
        """The smallest and largest left-hand side when each cell takes a value of its
        domain (``domains`` indexed by cell)."""
        low = high = 0
        for a, c in zip(self.coefficients, self.cells, strict=True):
            ends = (a * min(domains[c]), a * max(domains[c]))
            low, high = low + min(ends), high + max(ends)
        return low, high

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        full = tuple(range(1, side + 1))
        low, high = self.bounds([(g,) if g else full for g in givens])
        if (self.operator != ">=" and low > self.rhs) or (self.operator != "<=" and high < self.rhs):
            return f"{self.label}: with its givens, no digits make it hold"
        return None


@functools.lru_cache(maxsize=256)
def _all_of_length(tuples: frozenset[tuple[int, ...]], length: int) -> bool:
    """Whether every tuple of ``tuples`` has ``length`` values; remembered per set of tuples
    (a rule placing the same table at many cells checks it once)."""
    return all(len(t) == length for t in tuples)


@dataclass(frozen=True)
class Table:
    """``(x[cells[0]], ..., x[cells[k-1]])`` is one of the ``allowed`` tuples: a table
    constraint over ``k`` cells (a :class:`Relation` is the binary case).

    ``meaning`` says in words what the table is (``"lie between the circles"``).

    >>> between = Table((0, 1, 2), frozenset({(1, 2, 3), (3, 2, 1)}), label="between")
    >>> between.holds((3, 2, 1)), between.holds((2, 1, 3))
    (True, False)
    """

    cells: tuple[int, ...]
    allowed: frozenset[tuple[int, ...]]
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    meaning: str = field(default="", compare=False, kw_only=True)
    label: str = field(default=_Label(), compare=False, kw_only=True)

    def __post_init__(self) -> None:
        _settle(self)
        object.__setattr__(self, "cells", tuple(self.cells))
        if len(set(self.cells)) != len(self.cells):
            raise InvalidArgumentError("a Table constraint lists each cell once")
        if not isinstance(self.allowed, frozenset):  # hashable: remembered by its tuples
            object.__setattr__(self, "allowed", frozenset(self.allowed))
        if not _all_of_length(self.allowed, len(self.cells)):
            raise InvalidArgumentError("every allowed tuple of a Table has one value per cell")

    def holds(self, values: Sequence[int]) -> bool:
        return tuple(values[c] for c in self.cells) in self.allowed

    def decompose(self, side: int) -> tuple[Constraint, ...]:
        """The table as a :class:`Regular` line over its cells: the automaton whose states
        are the prefixes of its tuples (a trie), for a backend that compiles automata
        but no tables."""
        import hashlib  # here: OpenSSL's bindings load only for a table (start-up time)

        digest = hashlib.sha1(repr(sorted(self.allowed)).encode(), usedforsecurity=False).hexdigest()[:16]
        pattern = f"{len(self.allowed)} tuples {digest}"  # Regulars compare by pattern, not automaton
        return (Regular(self.cells, _trie(self.allowed), pattern=pattern, **_origin_of(self)),)

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        given = [givens[c] for c in self.cells]
        if not any(all(g in (0, v) for g, v in zip(given, t, strict=True)) for t in self.allowed):
            why = f" (they must {self.meaning})" if self.meaning else ""
            return f"{self.label}: its givens break it{why}"
        return None


State = Any
"""A state of a line automaton (hashable)."""


@dataclass(frozen=True)
class Automaton:
    """A deterministic finite automaton over the digits of a line of cells, read in order:
    the line satisfies its constraint exactly when the automaton accepts it (the
    *regular* constraint, Pesant, "A regular language membership constraint for finite
    sequences of variables", CP 2004).

    Attributes:
        start: the start state.
        transitions: ``{state: {value: next state}}`` over the states reachable from
            ``start`` (a missing value is a dead end).
        accepting: the accepting states.
        meaning: what the language states, as a record a backend may compile natively
            instead of the transitions (a chaos clue's
            :class:`~sudoku_cp.model.chaos.ClueShape`), or whose ``closed_form`` (when not
            ``None``) gives :meth:`supports` without the passes (:class:`DistinctCount`);
            ``None`` for the transitions alone.
    """

    start: State
    transitions: Mapping[State, Mapping[int, State]]
    accepting: frozenset
    meaning: Any = field(default=None, compare=False)

    @classmethod
    def build(
        cls,
        start: State,
        step: Callable[[State, int], State | None],
        accepting: Callable[[State], bool],
        side: int,
    ) -> Automaton:
        """Explore the states reachable from ``start`` by ``step(state, value)`` (``None``:
        dead end) over the values ``1..side``."""
        transitions: dict[State, dict[int, State]] = {}
        todo = [start]
        while todo:
            state = todo.pop()
            if state in transitions:
                continue
            out = transitions[state] = {}
            for value in range(1, side + 1):
                following = step(state, value)
                if following is not None:
                    out[value] = following
                    if following not in transitions:
                        todo.append(following)
        return cls(start, transitions, frozenset(s for s in transitions if accepting(s)))

    def numbering(self) -> dict[State, int]:
        """The reachable states numbered in the order a breadth-first walk from the start
        meets them, values in increasing order: the same numbers in every process (a
        state's hash, and so the order of a set of states, may change from one run to the
        next), for an encoding whose answers depend on the order of its variables.

        >>> step = lambda seen, v: seen + (v == 1) if seen + (v == 1) < 2 else None
        >>> Automaton.build(0, step, lambda seen: seen == 1, 3).numbering()
        {0: 0, 1: 1}
        """
        number = {self.start: 0}
        todo = deque([self.start])
        while todo:
            state = todo.popleft()
            out = self.transitions[state]
            for value in sorted(out):
                following = out[value]
                if following not in number:
                    number[following] = len(number)
                    todo.append(following)
        return number

    def accepts(self, values: Sequence[int]) -> bool:
        state = self.start
        for value in values:
            state = self.transitions[state].get(value)
            if state is None:
                return False
        return state in self.accepting

    def alive(self, length: int) -> list[frozenset]:
        """The states on some accepted path of a word of ``length`` values, per position
        ``0..length`` (the start state's layer first): the unrolled automaton, forward from
        the start and backward from the accepting states; every layer is empty when no
        word of that length is accepted.

        >>> step = lambda seen, v: seen + (v == 1) if seen + (v == 1) < 2 else None
        >>> one_1 = Automaton.build(0, step, lambda seen: seen == 1, 3)
        >>> [sorted(layer) for layer in one_1.alive(2)]
        [[0], [0, 1], [1]]
        """
        layers = [frozenset({self.start})]
        for _ in range(length):
            layers.append(frozenset(t for q in layers[-1] for t in self.transitions[q].values()))
        alive = [layers[-1] & self.accepting]
        for layer in reversed(layers[:-1]):
            alive.append(
                frozenset(q for q in layer if any(t in alive[-1] for t in self.transitions[q].values()))
            )
        alive.reverse()
        return alive if self.start in alive[0] else [frozenset()] * (length + 1)

    def supports(self, masks: Sequence[int]) -> list[int] | None:
        """For each position of the line, the mask (bit ``v - 1`` for value ``v``) of its
        values that lie on some accepted path through ``masks``; ``None`` when no path is
        accepted. Generalised arc consistency of the regular constraint by a forward and
        a backward pass over the layered automaton (Pesant 2004), with the sets of states
        of a layer as bitmasks and each layer's step remembered (:class:`_Layers`): the
        reasoning engine asks the same lines again and again. The answer is remembered
        per ``masks`` too (a few thousand lines, shared by every clue with this automaton).

        >>> line = Sandwich((0, 1, 2, 3), 5, label="sandwich 5").automaton(4)
        >>> [bin(m) for m in line.supports([0b1111, 0b1111, 0b0100, 0b1111])]
        ['0b1001', '0b10', '0b100', '0b1001']
        >>> line.supports([0b0001, 0b0001, 0b1111, 0b1111]) is None
        True
        """
        closed = getattr(self.meaning, "closed_form", None)
        if closed is not None:  # a language with supports in closed form (a count of different values)
            return closed(masks)
        if isinstance(self.meaning, Union):  # the parts' supports, each over a few states
            kept: list[int] | None = None
            for part in self.meaning.parts:
                found = part.supports(masks)
                if found is not None:
                    kept = found if kept is None else [a | b for a, b in zip(kept, found, strict=True)]
            return kept
        if isinstance(self.meaning, Blocks):  # the blocks that cannot open read as nothing
            return self.meaning.supports(self._layers, masks)
        return self._layers.supports(tuple(masks))

    def supports_at(self, masks: Sequence[int]) -> tuple[Sequence[int], list[int]] | None:
        """:meth:`supports` at the positions it reads (all but the blocks that cannot open of
        a :class:`Blocks` word, whose values it keeps): ``(positions, their supports)``, or
        ``None`` when no path is accepted. A propagator narrows only those positions (a
        full-rank word's 596 mostly read as a few blocks of 17).

        >>> line = Sandwich((0, 1, 2, 3), 5, label="sandwich 5").automaton(4)
        >>> line.supports_at([0b1111, 0b1111, 0b0100, 0b1111])
        (range(0, 4), [9, 2, 4, 9])
        """
        if isinstance(self.meaning, Blocks):
            kept, read = self.meaning.reader(masks)
            if len(kept) < len(masks):
                inner = self.meaning.read_supports(self._layers, read(masks))
                return None if inner is None else (kept, inner)
        found = self.supports(masks)
        return None if found is None else (range(len(masks)), found)

    @functools.cached_property
    def _layers(self) -> _Layers:
        return _Layers(self)


@dataclass(frozen=True)
class Union:
    """An automaton's language as the union of the languages of smaller automata over the
    same line, as its :attr:`Automaton.meaning`: a first move that guesses (a sum loop's
    sum carried round from the end) makes the deterministic automaton large (the subsets of
    guesses), and :meth:`Automaton.supports` is then the union of the parts' supports (a
    value is supported when some part accepts a word with it), each part a few states."""

    parts: tuple[Automaton, ...]


@dataclass(frozen=True)
class DistinctCount:
    """An automaton's language as "the last value counts the different values before it"
    (CountDistinct; a chaos construction's region count over labels), as its
    :attr:`Automaton.meaning`: :meth:`Automaton.supports` is then
    :func:`distinct_count_supports`, in closed form, instead of the passes over the
    automaton's states (a set of values seen per position: hundreds of states)."""

    @property
    def closed_form(self) -> Callable[[Sequence[int]], list[int] | None]:
        """The supports of a word (:func:`distinct_count_supports`)."""
        return distinct_count_supports


def distinct_count_supports(masks: Sequence[int]) -> list[int] | None:
    """:meth:`Automaton.supports` of the words whose last value is the number of different
    values among the others (``masks``: each position's values as bits, the control's
    last); ``None`` when no word is accepted. The passes of the regular constraint (Pesant,
    CP 2004) over the states "the set of values seen so far", with a layer of states held as
    one integer, bit ``s`` for the set ``s`` (:func:`_subset_tables`): adding value ``v`` to
    every set of a layer is two bitwise operations and a shift, so a step costs a few
    operations on a ``2**n``-bit integer (``n`` the largest value), not one per state.

    >>> [bin(m) for m in distinct_count_supports([0b011, 0b010, 0b010])]  # two cells, count 2
    ['0b1', '0b10', '0b10']
    >>> distinct_count_supports([0b001, 0b001, 0b010]) is None  # both 1: one value, not 2
    True
    """
    *others, control = masks
    seen_any = 0
    for mask in others:
        seen_any |= mask
    has, lacks, by_count = _subset_tables(seen_any.bit_length())
    layers = [1]  # the sets of values seen before each position: the empty set first
    states = 1
    for mask in others:
        reached = 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            v = low.bit_length() - 1
            reached |= (states & has[v]) | ((states & lacks[v]) << low)
        if not reached:
            return None
        states = reached
        layers.append(states)
    kept_control = alive = 0
    rest = control
    while rest:
        low = rest & -rest
        rest ^= low
        count = low.bit_length()
        ending = states & by_count[count] if count < len(by_count) else 0
        if ending:
            kept_control |= low
            alive |= ending
    if not alive:
        return None
    out = [0] * len(masks)
    out[-1] = kept_control
    for position in range(len(others) - 1, -1, -1):
        before, kept, earlier = layers[position], 0, 0
        rest = others[position]
        while rest:
            low = rest & -rest
            rest ^= low
            with_v = alive & has[low.bit_length() - 1]  # the sets after adding v hold v
            came = (with_v | with_v >> low) & before  # from those sets, with v or without
            if came:
                kept |= low
                earlier |= came
        out[position] = kept
        alive = earlier
    return out


@functools.cache
def _subset_tables(values: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For the sets of values ``1..values`` (set ``s`` as bit ``s`` of an integer of
    ``2**values`` bits): per value ``v`` (from 0) the sets holding it and those lacking
    it, and per count ``c`` the sets of ``c`` values.

    >>> [bin(x) for x in _subset_tables(2)[0]]  # sets {1}, {1, 2} hold 1; {2}, {1, 2} hold 2
    ['0b1010', '0b1100']
    """
    universe = 1 << values
    full = (1 << universe) - 1
    has, lacks = [], []
    for v in range(values):
        period = 1 << (v + 1)
        block = ((1 << (1 << v)) - 1) << (1 << v)  # 2**v sets without v, then 2**v with it
        pattern = block * (full // ((1 << period) - 1))
        has.append(pattern)
        lacks.append(full ^ pattern)
    by_count = [0] * (values + 1)
    for s in range(universe):
        by_count[s.bit_count()] |= 1 << s
    return tuple(has), tuple(lacks), tuple(by_count)


@dataclass(frozen=True)
class Blocks:
    """An automaton's word as a head of ``head`` values, then blocks of ``size`` values of
    which only those whose first value is one of ``opening`` (a mask) can change the
    state: a block opened by another value leads from each state back to it, whatever its
    other values (a full-rank clue's word: a line starting with another digit than the
    clued line's cannot rank below it; :mod:`sudoku_cp.model.full_rank`). As the
    automaton's :attr:`Automaton.meaning`, :meth:`Automaton.supports` reads only the head
    and the blocks that can open (a word of 596 positions mostly reads a few blocks of
    17) and keeps every value of the others.

    >>> Blocks(1, 2, 0b1).kept((0b11, 0b10, 0b11, 0b01, 0b11))
    (0, 3, 4)
    """

    head: int
    size: int
    opening: int
    _read: dict = field(default_factory=dict, compare=False, repr=False)
    _firsts: dict = field(default_factory=dict, compare=False, repr=False)
    _by_firsts: dict = field(default_factory=dict, compare=False, repr=False)

    def kept(self, masks: Sequence[int]) -> tuple[int, ...]:
        """The positions of the head and of the blocks whose first mask meets ``opening``."""
        return self.reader(masks)[0]

    def reader(
        self, masks: Sequence[int]
    ) -> tuple[tuple[int, ...], Callable[[Sequence[int]], tuple[int, ...]]]:
        """:meth:`kept` and a function reading those positions of a line as a tuple (one C
        call), remembered per set of blocks that can open."""
        length = len(masks)
        firsts = self._firsts.get(length)
        if firsts is None:
            starts = range(self.head, length, self.size)
            if len(starts) < 2:  # no tuple of first masks to key by
                return self._reader(masks)
            firsts = self._firsts[length] = operator.itemgetter(*starts)
        key = (length, firsts(masks))  # the blocks' first masks: a state seen before is one lookup
        found = self._by_firsts.get(key)
        if found is None:
            if len(self._by_firsts) >= _BLOCKS_MEMO_SIZE:
                self._by_firsts.clear()
            found = self._by_firsts[key] = self._reader(masks)
        return found

    def _reader(
        self, masks: Sequence[int]
    ) -> tuple[tuple[int, ...], Callable[[Sequence[int]], tuple[int, ...]]]:
        """:meth:`reader` worked out from the blocks that can open."""
        length, opening = len(masks), self.opening
        starts = range(self.head, length, self.size)
        opened = sum(1 << j for j, start in enumerate(starts) if masks[start] & opening)
        found = self._read.get((opened, length))
        if found is None:
            out = list(range(min(self.head, length)))
            for j, start in enumerate(starts):
                if opened >> j & 1:
                    out.extend(range(start, min(start + self.size, length)))
            getter = (
                operator.itemgetter(*out)
                if len(out) > 1
                else (lambda line, at=tuple(out): tuple(line[i] for i in at))
            )
            found = self._read[(opened, length)] = (tuple(out), getter)
        return found

    def read_supports(self, layers: _Layers, masks: tuple[int, ...]) -> list[int] | None:
        """The supports of the positions read (the head, then whole blocks): the passes over
        the automaton's layers (a kind of word that knows its blocks' language overrides it,
        :class:`~sudoku_cp.model.full_rank.RankBlocks`)."""
        return layers.supports(masks)

    def supports(self, layers: _Layers, masks: Sequence[int]) -> list[int] | None:
        """:meth:`Automaton.supports` over the positions :meth:`kept`; the others keep
        their masks."""
        kept, read = self.reader(masks)
        if len(kept) == len(masks):
            return self.read_supports(layers, tuple(masks))
        inner = self.read_supports(layers, read(masks))
        if inner is None:
            return None
        out = list(masks)
        for i, mask in zip(kept, inner, strict=True):
            out[i] = mask
        return out


_BLOCKS_MEMO_SIZE = 1 << 14
"""The most states of their blocks' first values a :class:`Blocks` remembers the reading of
(then it forgets them all)."""

_LAYER_MEMO_BUDGET = 1 << 18
"""Entries the memos of every :class:`_Layers` keep in all (about 200 bytes each, so
some 50 MB at most) before the largest forgets its own."""

_layer_memos: weakref.WeakSet[_Layers] = weakref.WeakSet()
_layer_entries = [0]


class _Layers:
    """An :class:`Automaton` with its states numbered (a set of states is an ``int``,
    bit ``i`` for state ``i``) and the steps of the forward and backward passes of
    :meth:`Automaton.supports` remembered: a forward layer ``(states, mask)``, a
    backward layer ``(states, mask, alive)`` and the supports of whole lines (a line's
    supports are their own supports, the state the propagator asks next). Past
    :data:`_LAYER_MEMO_BUDGET` entries in all, the automaton whose memos hold most
    forgets them.

    Values that move every state alike (a counting line's "not the counted digit", a
    same-values line's other digits) are one class: a line's masks are read by class
    (:class:`_Classes`), each class standing for all its values, so the passes step once
    per class, not per value, and lines that differ only within classes share one answer
    (the supports of a value are those of its class: a word through it is one through any
    value of its class, the same states).

    >>> counted = Automaton.build(0, lambda n, v: n + (v == 2) if n + (v == 2) < 2 else None,
    ...                           lambda n: n == 1, 4)  # exactly one 2
    >>> layers = _Layers(counted)
    >>> [bin(m) for m in layers.supports((0b1011, 0b0010, 0b1101))]
    ['0b1001', '0b10', '0b1101']
    >>> layers.supports((0b0010, 0b0010, 0b1111)) is None
    True
    """

    def __init__(self, automaton: Automaton) -> None:
        _layer_memos.add(self)
        number = {state: i for i, state in enumerate(automaton.transitions)}
        self.start = 1 << number[automaton.start]
        self.accepting = sum(1 << number[s] for s in automaton.accepting)
        # per value bit: the moves on that value, as (state bit, next state bit); and by
        # state number, the next state's bit and the predecessors' bits, for the sparse
        # sets of states a line's layers mostly hold (large automata: a loop's sums)
        self._moves: dict[int, list[tuple[int, int]]] = {}
        self._next: dict[int, list[int]] = {}
        self._before: dict[int, list[int]] = {}
        for state, out in automaton.transitions.items():
            for value, following in out.items():
                bit = 1 << (value - 1)
                move = (1 << number[state], 1 << number[following])
                if bit not in self._moves:
                    self._moves[bit] = []
                    self._next[bit] = [0] * len(number)
                    self._before[bit] = [0] * len(number)
                self._moves[bit].append(move)
                self._next[bit][number[state]] = move[1]
                self._before[bit][number[following]] |= move[0]
        # by state number: its moves, as (value bit, next state bit)
        self._outs: list[list[tuple[int, int]]] = [[] for _ in number]
        for state, out in automaton.transitions.items():
            self._outs[number[state]] = [(1 << (value - 1), 1 << number[t]) for value, t in out.items()]
        # the mean number of moves out of a state: a step with fewer values of a mask than a
        # third of it goes by value (a call per value), else a state at a time; an automaton
        # of many states always by value (its states' images of masks would take megabytes)
        self._degree = -(-sum(map(len, self._outs)) // max(1, len(self._outs)))
        if len(number) > _BY_STATE_LIMIT:
            self._degree = 1 << 30
        self._images: list[dict[int, int]] = [{} for _ in number]  # by state number: mask -> image
        self._forward: dict[tuple[int, int], int] = {}
        self._backward: dict[tuple[int, int, int], tuple[int, int]] = {}
        self._lines: dict[tuple[int, ...], tuple[int, ...] | None] = {}
        self._classes = _Classes.of(automaton, number)
        # a long line's chunks (:meth:`_supports`): its size and where the first starts; a
        # word of blocks (:class:`Blocks`) by its blocks, so that a block left out shifts none
        blocks = automaton.meaning
        self.chunking = (blocks.size, blocks.head) if isinstance(blocks, Blocks) else (_CHUNK, 0)

    @staticmethod
    def _remember(memo: dict, key: object, answer: object) -> None:
        if _layer_entries[0] >= _LAYER_MEMO_BUDGET:  # forget the automaton that remembers most
            sizes = {layers: layers._size() for layers in _layer_memos}
            largest = max(sizes, key=sizes.__getitem__)
            largest._forward.clear()
            largest._backward.clear()
            largest._lines.clear()
            _layer_entries[0] = sum(sizes.values()) - sizes[largest]
        memo[key] = answer
        _layer_entries[0] += 1

    def _size(self) -> int:
        return len(self._forward) + len(self._backward) + len(self._lines)

    def image(self, states: int, value: int) -> int:
        """The states reached from ``states`` by the value of bit ``value``."""
        moves = self._moves.get(value, ())
        if states.bit_count() < len(moves):
            return self._gather(states, self._next[value])
        reached = 0
        for state, following in moves:
            if state & states:
                reached |= following
        return reached

    def preimage(self, states: int, value: int) -> int:
        """The states that reach one of ``states`` by the value of bit ``value``."""
        moves = self._moves.get(value, ())
        if states.bit_count() < len(moves):
            return self._gather(states, self._before[value])
        before = 0
        for state, following in moves:
            if following & states:
                before |= state
        return before

    @staticmethod
    def _gather(states: int, by_number: list[int]) -> int:
        """The union of ``by_number[i]`` over the states ``i`` of ``states`` (a state
        at a time: cheaper than a pass over every move when few states are set)."""
        union = 0
        while states:
            low = states & -states
            states ^= low
            union |= by_number[low.bit_length() - 1]
        return union

    def forward(self, states: int, mask: int) -> int:
        """The states reached from ``states`` by a value of ``mask``: by value for a mask of
        few values, else a state at a time, each state's image of a mask remembered."""
        reached = self._forward.get((states, mask))
        if reached is None:
            reached = 0
            if self._degree > 3 * mask.bit_count():
                rest = mask
                while rest:
                    low = rest & -rest
                    rest ^= low
                    reached |= self.image(states, low)
            else:
                images = self._images
                rest = states
                while rest:
                    low = rest & -rest
                    rest ^= low
                    number = low.bit_length() - 1
                    image = images[number].get(mask)
                    if image is None:  # the union of the states its values of mask lead to
                        image = 0
                        for value, following in self._outs[number]:
                            if value & mask:
                                image |= following
                        images[number][mask] = image
                    reached |= image
            self._remember(self._forward, (states, mask), reached)
        return reached

    def backward(self, states: int, mask: int, alive: int) -> tuple[int, int]:
        """The values of ``mask`` that lead from one of ``states`` into ``alive``, and
        the states among ``states`` that have such a move: by value for a mask of few
        values, else a state at a time over its moves (one loop, no call per value)."""
        key = (states, mask, alive)
        answer = self._backward.get(key)
        if answer is None:
            kept = before = 0
            if self._degree > 3 * mask.bit_count():
                rest = mask
                while rest:
                    low = rest & -rest
                    rest ^= low
                    if self.image(states, low) & alive:
                        kept |= low
                        before |= self.preimage(alive, low)
                before &= states
            else:
                outs = self._outs
                rest = states
                while rest:
                    low = rest & -rest
                    rest ^= low
                    for value, following in outs[low.bit_length() - 1]:
                        if value & mask and following & alive:
                            kept |= value
                            before |= low
            answer = (kept, before)
            self._remember(self._backward, key, answer)
        return answer

    def supports(self, masks: tuple[int, ...]) -> list[int] | None:
        """:meth:`Automaton.supports` (a new list each call)."""
        classes = self._classes
        line = masks if classes is None else tuple(map(classes.read.__getitem__, masks))
        known = self._lines.get(line, False)
        if known is False:
            known = self._supports(line)
            self._remember(self._lines, line, known)
            if known is not None:
                self._remember(self._lines, known, known)
        if known is None:
            return None
        if classes is None:
            return list(known)
        return list(map(operator.and_, masks, map(classes.values.__getitem__, known)))

    def forward_chunk(self, states: int, chunk: tuple[int, ...]) -> tuple[int, ...]:
        """:meth:`_forward_layers`, remembered."""
        key = (states, chunk)
        layers = self._forward.get(key)
        if layers is None:
            layers = self._forward_layers(states, chunk)
            self._remember(self._forward, key, layers)
        return layers

    def backward_chunk(
        self, layers: tuple[int, ...], chunk: tuple[int, ...], alive: int
    ) -> tuple[tuple[int, ...], int]:
        """:meth:`_backward_layers`, remembered."""
        key = (layers[0], chunk, alive)
        answer = self._backward.get(key)
        if answer is None:
            answer = self._backward_layers(layers, chunk, alive)
            self._remember(self._backward, key, answer)
        return answer

    def _forward_layers(self, states: int, chunk: tuple[int, ...]) -> tuple[int, ...]:
        """The states reached from ``states`` by the masks of ``chunk``, before each of its
        positions and after the last (``states`` first; cut short after an empty one)."""
        reached = [states]
        for mask in chunk:
            states = self.forward(states, mask)
            reached.append(states)
            if not states:
                break
        return tuple(reached)

    def _backward_layers(
        self, layers: tuple[int, ...], chunk: tuple[int, ...], alive: int
    ) -> tuple[tuple[int, ...], int]:
        """:meth:`backward` over the positions of ``chunk`` from its end (``layers``: its
        :meth:`_forward_layers`): the supports of each of its positions and the states of
        its first layer that lead into ``alive``."""
        supported = [0] * len(chunk)
        for position in range(len(chunk) - 1, -1, -1):
            supported[position], alive = self.backward(layers[position], chunk[position], alive)
        return tuple(supported), alive

    def _supports(self, masks: tuple[int, ...]) -> tuple[int, ...] | None:
        """The two passes over the line; over a long line (more than twice :data:`_CHUNK`
        positions) by chunks of :data:`_CHUNK` positions (a word of :class:`Blocks`: its head,
        then its blocks), each chunk's passes remembered
        whole: a supposition changes a few cells of a long line (a counting line of 45
        circles, a full-rank word of 596 positions), and the chunks it leaves alone, met
        from the same states, cost one lookup instead of one per position."""
        size, first = self.chunking
        whole = len(masks) <= 2 * size
        chunks = [masks] if whole else [masks[i : i + size] for i in range(first, len(masks), size)]
        if first and not whole:  # a word of blocks: its head, then a chunk per block
            chunks.insert(0, masks[:first])
        forward = self._forward_layers if whole else self.forward_chunk
        backward = self._backward_layers if whole else self.backward_chunk
        reached = []
        states = self.start
        for chunk in chunks:
            layers = forward(states, chunk)
            states = layers[-1]
            if not states:
                return None
            reached.append(layers)
        alive = states & self.accepting
        if not alive:
            return None
        parts = []
        for k in range(len(chunks) - 1, -1, -1):
            kept, alive = backward(reached[k], chunks[k], alive)
            parts.append(kept)
        parts.reverse()
        return tuple(itertools.chain.from_iterable(parts))


_BY_STATE_LIMIT = 1024
"""The most states of an automaton whose steps :class:`_Layers` may take a state at a time."""

_CHUNK = 16
"""Positions of a chunk of a long line whose passes :class:`_Layers` remembers whole
(lines over twice as many are read by chunk)."""


class _Classes:
    """The classes of values of an automaton that move every state alike: ``read[mask]``
    is a mask of values as the mask of its classes' representatives (the lowest value of
    each class it meets; a value with no move at all is dropped: it never lies on a path),
    and ``values[kept]`` a mask of representatives as all the values of their classes. Both
    filled on first use (at most ``2**k`` masks each)."""

    def __init__(self, representative: dict[int, int], members: dict[int, int]) -> None:
        self.read = _Masks(representative)
        self.values = _Masks(members)

    @classmethod
    def of(cls, automaton: Automaton, number: Mapping[State, int]) -> _Classes | None:
        """The classes of ``automaton`` (states numbered by ``number``), or ``None`` when
        each value is alone in its class (nothing to gain)."""
        columns: dict[int, dict[int, int]] = {}  # value -> {state number: next state number}
        for state, out in automaton.transitions.items():
            for value, following in out.items():
                columns.setdefault(value, {})[number[state]] = number[following]
        by_column: dict[tuple, int] = {}
        representative: dict[int, int] = {}
        members: dict[int, int] = {}
        for value in sorted(columns):
            bit = 1 << (value - 1)
            first = by_column.setdefault(tuple(sorted(columns[value].items())), bit)
            representative[bit] = first
            members[first] = members.get(first, 0) | bit
        if len(members) == len(representative):
            return None
        return cls(representative, members)


class _Masks(dict):
    """A mask of value bits -> the union of ``by_bit`` over its bits (filled on first use)."""

    def __init__(self, by_bit: dict[int, int]) -> None:
        super().__init__()
        self._by_bit = by_bit

    def __missing__(self, mask: int) -> int:
        union, rest, by_bit = 0, mask, self._by_bit
        while rest:
            low = rest & -rest
            rest ^= low
            union |= by_bit.get(low, 0)
        self[mask] = union
        return union


def _sandwich_step(total: int, side: int) -> Callable[[State, int], State | None]:
    def step(state: State, value: int) -> State | None:
        crust = value in (1, side)
        if state == "before":
            return ("open", value, 0) if crust else "before"
        if state == "done":
            return None if crust else "done"
        _, opener, inside = state
        if crust:
            return "done" if value != opener and inside == total else None
        return ("open", opener, inside + value) if inside + value <= total else None

    return step


class _LineClue:
    """What the line clues share (:class:`Sandwich`, :class:`Skyscraper`): their cells, a
    regular language over the line's digits (``automaton(side)``), and what follows from it."""

    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        _settle(self)
        object.__setattr__(self, "cells", tuple(self.cells))

    def automaton(self, side: int) -> Automaton:
        raise NotImplementedError

    def holds(self, values: Sequence[int]) -> bool:
        return self.automaton(len(self.cells)).accepts([values[c] for c in self.cells])

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        return _line_conflict(self, givens, side)

    def decompose(self, side: int) -> tuple[Constraint, ...]:
        """The clue as a :class:`Regular` line of its automaton (same cells, same origin)."""
        return (Regular(self.cells, self.automaton(side), pattern=repr(self), **_origin_of(self)),)


@dataclass(frozen=True)
class Sandwich(_LineClue):
    """The digits strictly between the ``1`` and the ``n`` of a line of cells add up to
    ``total`` (a row or column read from its clue); the line holds exactly one 1 and one
    ``n`` (it is a unit). A dedicated kind rather than a :class:`Table`: a table of the
    row's allowed permutations runs to thousands of rows per clue on 9x9; the
    constraint is a regular language (:meth:`automaton`) with about ``2·total`` states.

    >>> clue = Sandwich((0, 1, 2, 3), 5, label="sandwich 5")
    >>> clue.holds((1, 2, 3, 4)), clue.holds((2, 1, 3, 4))
    (True, False)
    """

    cells: tuple[int, ...]
    total: int
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

    def automaton(self, side: int) -> Automaton:
        """The line's automaton over ``1..side`` (cached per clue and side)."""
        return _sandwich_automaton(self.total, side)


@dataclass(frozen=True)
class Skyscraper(_LineClue):
    """Seen from before the first cell of the line, exactly ``seen`` cells are visible: a
    cell is seen when its digit exceeds every digit before it (a taller skyscraper hides
    the shorter ones behind it). A regular language with states (tallest so far, count
    seen), hence a dedicated kind rather than a table of permutations.

    >>> clue = Skyscraper((0, 1, 2, 3), 2, label="skyscraper 2")
    >>> clue.holds((3, 1, 4, 2)), clue.holds((1, 2, 3, 4))
    (True, False)
    """

    cells: tuple[int, ...]
    seen: int
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

    def automaton(self, side: int) -> Automaton:
        """The line's automaton over ``1..side`` (cached per clue and side)."""
        return _skyscraper_automaton(self.seen, side)


@functools.cache
def _sandwich_automaton(total: int, side: int) -> Automaton:
    return Automaton.build("before", _sandwich_step(total, side), lambda s: s == "done", side)


@functools.cache
def _skyscraper_automaton(seen: int, side: int) -> Automaton:
    def step(state: State, value: int) -> State | None:
        tallest, count = state
        if value > tallest:
            return (value, count + 1) if count < seen else None
        return state

    return Automaton.build((0, 0), step, lambda s: s[1] == seen, side)


def _line_conflict(constraint: Sandwich | Skyscraper, givens: Sequence[int], side: int) -> str | None:
    full = (1 << side) - 1
    masks = [1 << (givens[c] - 1) if givens[c] else full for c in constraint.cells]
    if constraint.automaton(side).supports(masks) is None:
        return f"{constraint.label}: no digits fit it with its givens"
    return None


# -- the general primitives (issue 31): kinds a backend may compile or get decomposed ----------


def _origin_of(constraint: object) -> dict[str, Any]:
    """The keyword arguments that give a part of a decomposition its whole's origin and label."""
    out: dict[str, Any] = {"origin": constraint.origin}  # type: ignore[attr-defined]
    label = constraint.__dict__.get("_label")
    if label:
        out["label"] = label
    return out


def _distinct_cells(cells: Sequence[int]) -> tuple[int, ...]:
    return tuple(dict.fromkeys(cells))


TABLE_LIMIT = 200_000
"""The most assignments a decomposition enumerates to write a :class:`Table` (``n**k`` for
``k`` cells of values ``1..n``; six cells on 9x9 at most)."""


def table_of(cells: Sequence[int], test: Callable[[dict[int, int]], bool], side: int, **origin: Any) -> Table:
    """The :class:`Table` over ``cells`` (duplicates dropped) of the assignments that pass
    ``test`` (a function of ``{cell: value}``), by enumeration over ``1..side``.

    Raises:
        NotSupportedError: more than :data:`TABLE_LIMIT` assignments to enumerate.
    """
    cells = _distinct_cells(cells)
    if side ** len(cells) > TABLE_LIMIT:
        label = origin.get("label") or getattr(origin.get("origin"), "label", "")
        raise NotSupportedError(
            f"{label}: as a table over {len(cells)} cells it has {side}**{len(cells)} assignments "
            f"to enumerate (at most {TABLE_LIMIT}); split it or use a backend that compiles it natively"
        )
    allowed = frozenset(
        values
        for values in itertools.product(range(1, side + 1), repeat=len(cells))
        if test(dict(zip(cells, values, strict=True)))
    )
    return Table(cells, allowed, **origin)


def _trie(words: Iterable[tuple[int, ...]]) -> Automaton:
    """The automaton of a finite set of words of one length: its states are the prefixes."""
    transitions: dict[State, dict[int, State]] = {(): {}}
    length = 0
    for word in words:
        length = len(word)
        for i, value in enumerate(word):
            transitions.setdefault(word[:i], {})[value] = word[: i + 1]
            transitions.setdefault(word[: i + 1], {})
    accepting = frozenset(s for s in transitions if len(s) == length and length)
    return Automaton((), transitions, accepting)


@dataclass(frozen=True)
class Regular(_LineClue):
    """The digits of ``cells``, read in order, are a word of a regular language, given by
    its deterministic automaton ``language`` (MiniZinc's ``regular``; Pesant, CP 2004):
    zipper, region-sum, nabner, lockout and sequence lines, and any rule a setter states
    as a pattern. ``pattern`` says the language in words (a regular expression, or what
    built it), for messages and for equality; the automaton itself is not compared.

    >>> ends = Automaton.build(0, lambda s, v: min(s + (v == 1), 2), lambda s: s == 1, 4)
    >>> one_1 = Regular((0, 1, 2), ends, pattern="exactly one 1", label="one 1")
    >>> one_1.holds((1, 2, 3)), one_1.holds((1, 1, 3))
    (True, False)
    >>> [type(c).__name__ for c in one_1.decompose(4)]
    ['Table']
    """

    cells: tuple[int, ...]
    language: Automaton = field(compare=False)
    pattern: str = field(default="", kw_only=True)
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

    def automaton(self, side: int) -> Automaton:
        """The language's automaton (the same on every side)."""
        return self.language

    def words(self, side: int, limit: int = TABLE_LIMIT) -> list[tuple[int, ...]] | None:
        """The accepted words over ``1..side`` of the line's length, or ``None`` past ``limit``."""
        layer: list[tuple[State, tuple[int, ...]]] = [(self.language.start, ())]
        for _ in self.cells:
            following = []
            for state, word in layer:
                for value, after in self.language.transitions.get(state, {}).items():
                    if value <= side:
                        following.append((after, (*word, value)))
            if len(following) > limit:
                return None
            layer = following
        return [word for state, word in layer if state in self.language.accepting]

    def decompose(self, side: int) -> tuple[Constraint, ...]:
        """A :class:`Table` of the accepted words (for a backend without automata).

        Raises:
            NotSupportedError: more than :data:`TABLE_LIMIT` words or partial words.
        """
        words = self.words(side)
        if words is None:
            raise NotSupportedError(
                f"{self.label}: its language has more than {TABLE_LIMIT} words on this line, too many "
                "for a table; use a backend that compiles automata"
            )
        return (Table(self.cells, frozenset(words), **_origin_of(self)),)


COUNT_OPERATORS = ("==", ">=", "<=")
"""How a :class:`Count` compares: exactly, at least, at most."""


@functools.cache
def _count_automaton(value: int, count: int, operator: str, side: int) -> Automaton:
    def step(seen: int, digit: int) -> int:
        return min(seen + (digit == value), count + 1)

    def accepting(seen: int) -> bool:
        return seen == count if operator == "==" else seen >= count if operator == ">=" else seen <= count

    return Automaton.build(0, step, accepting, side)


@dataclass(frozen=True)
class Count:
    """``value`` occurs in ``cells`` exactly (``"=="``), at least (``">="``) or at most
    (``"<="``) ``count`` times: quadruples with repeats, "contains" clues (at least once).

    >>> twice = Count((0, 1, 2), 3, 2, label="two 3s")
    >>> twice.holds((3, 1, 3)), twice.holds((3, 3, 3))
    (True, False)
    >>> [type(c).__name__ for c in twice.decompose(4)]
    ['Regular']
    """

    cells: tuple[int, ...]
    value: int
    count: int
    operator: str = "=="
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

    def __post_init__(self) -> None:
        _settle(self)
        object.__setattr__(self, "cells", tuple(self.cells))
        if self.operator not in COUNT_OPERATORS:
            raise InvalidArgumentError(
                f"a Count's operator is one of {COUNT_OPERATORS}, not {self.operator!r}"
            )

    def holds(self, values: Sequence[int]) -> bool:
        seen = sum(values[c] == self.value for c in self.cells)
        return {"==": seen == self.count, ">=": seen >= self.count, "<=": seen <= self.count}[self.operator]

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        if not 1 <= self.value <= side and self.operator != "<=" and self.count > 0:
            return f"{self.label}: {self.value} is not a digit 1..{side}"
        return _line_conflict(self.decompose(side)[0], givens, side)

    def decompose(self, side: int) -> tuple[Constraint, ...]:
        """One :class:`Regular` line counting the value (states: how many so far, capped)."""
        automaton = _count_automaton(self.value, self.count, self.operator, side)
        words = {"==": "exactly", ">=": "at least", "<=": "at most"}[self.operator]
        pattern = f"{words} {self.count} x {self.value}"
        return (Regular(self.cells, automaton, pattern=pattern, **_origin_of(self)),)


@dataclass(frozen=True)
class Element:
    """Indexing: ``x[value] == x[array[x[index] - 1]]``, the cell ``array[k - 1]`` where ``k``
    is the digit of cell ``index`` holds the digit of cell ``value`` (index lines,
    numbered rooms, X-sums through their first cell); ``index`` holds ``1..len(array)``.

    >>> e = Element((0, 1, 2), 3, 4, label="element")
    >>> e.holds((5, 6, 7, 2, 6)), e.holds((5, 6, 7, 2, 7))
    (True, False)
    """

    array: tuple[int, ...]
    index: int
    value: int
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

    def __post_init__(self) -> None:
        _settle(self)
        object.__setattr__(self, "array", tuple(self.array))
        if not self.array:
            raise InvalidArgumentError("an Element needs at least one cell to index")

    @property
    def cells(self) -> tuple[int, ...]:
        """Every cell it reads: the index cell, the value cell, then the array."""
        return _distinct_cells((self.index, self.value, *self.array))

    def holds(self, values: Sequence[int]) -> bool:
        k = values[self.index]
        return 1 <= k <= len(self.array) and values[self.array[k - 1]] == values[self.value]

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        k = givens[self.index]
        if k and k > len(self.array):
            return f"{self.label}: its index cell holds {k}, past its {len(self.array)} cells"
        return None

    def decompose(self, side: int) -> tuple[Constraint, ...]:
        """The index's range (a :class:`Relation` with another cell, so that backends
        which take their domains before compiling see it too) and, per position ``k``, a
        :class:`Table` over the index, that cell and the value cell: "index ``k`` means
        equal"."""
        like = _origin_of(self)
        parts: list[Constraint] = []
        if len(self.array) < side:
            reach = range(1, len(self.array) + 1)
            other = next((c for c in (self.value, *self.array) if c != self.index), None)
            if other is None:
                parts.append(ValueIn(self.index, frozenset(reach), **like))
            else:
                pairs = frozenset((k, v) for k in reach for v in range(1, side + 1))
                parts.append(Relation(self.index, other, pairs, meaning="index in range", **like))
        for k, cell in enumerate(self.array[:side], 1):

            def test(v: dict[int, int], k: int = k, cell: int = cell) -> bool:
                return v[self.index] != k or v[cell] == v[self.value]

            if cell == self.value:
                continue  # "index k means the value cell equals itself"
            parts.append(table_of((self.index, cell, self.value), test, side, **like))
        return tuple(parts)


def _union_cells(parts: Sequence[Any]) -> tuple[int, ...]:
    return _distinct_cells(c for part in parts for c in part.cells)


@dataclass(frozen=True)
class And:
    """Every one of ``parts`` (constraints of any kind) holds: the building block of a
    rule a setter states as several conditions at once, as an :class:`Or`'s alternative.

    >>> both = And((Less(0, 1, label="a"), Less(1, 2, label="b")), label="both")
    >>> both.holds((1, 2, 3)), both.holds((1, 3, 2))
    (True, False)
    """

    parts: tuple[Any, ...]
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

    def __post_init__(self) -> None:
        _settle(self)
        object.__setattr__(self, "parts", tuple(self.parts))

    @property
    def cells(self) -> tuple[int, ...]:
        return _union_cells(self.parts)

    def holds(self, values: Sequence[int]) -> bool:
        return all(p.holds(values) for p in self.parts)

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        return next((why for p in self.parts if (why := p.givens_conflict(givens, side))), None)

    def decompose(self, side: int) -> tuple[Constraint, ...]:
        """Its parts, as they are."""
        return self.parts


@dataclass(frozen=True)
class Or:
    """At least one of ``parts`` (constraints of any kind) holds.

    >>> either = Or((Less(0, 1, label="a"), Less(1, 0, label="b")), label="differ")
    >>> either.holds((1, 2)), either.holds((2, 2))
    (True, False)
    >>> [type(c).__name__ for c in either.decompose(4)]
    ['Table']
    """

    parts: tuple[Any, ...]
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default=_Label(), compare=False, kw_only=True)

    def __post_init__(self) -> None:
        _settle(self)
        object.__setattr__(self, "parts", tuple(self.parts))
        if not self.parts:
            raise InvalidArgumentError("an Or needs at least one constraint")

    @property
    def cells(self) -> tuple[int, ...]:
        return _union_cells(self.parts)

    def holds(self, values: Sequence[int]) -> bool:
        return any(p.holds(values) for p in self.parts)

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        reasons = [p.givens_conflict(givens, side) for p in self.parts]
        return f"{self.label}: its givens break every alternative" if all(reasons) else None

    def decompose(self, side: int) -> tuple[Constraint, ...]:
        """A :class:`Table` over the cells of every part: the assignments one part accepts
        (the decomposition layer rewrites an ``Or`` over more cells than a table lists as
        one :class:`Regular` line of the union instead: :mod:`sudoku_cp.model.union`).

        Raises:
            NotSupportedError: more than :data:`TABLE_LIMIT` assignments to enumerate.
        """
        cells = self.cells
        size = max(cells) + 1

        def test(assignment: dict[int, int]) -> bool:
            values = [0] * size
            for cell, value in assignment.items():
                values[cell] = value
            return any(p.holds(values) for p in self.parts)

        return (table_of(cells, test, side, **_origin_of(self)),)


LINE_AUTOMATON_KINDS: tuple[type, ...] = (Sandwich, Skyscraper, Regular)
"""The kinds that give an :class:`Automaton` over their cells (``automaton(side)``)."""

CORE_KINDS: frozenset[type] = frozenset(
    {AllDifferent, Sum, Less, Relation, ValueIn, Linear, Table, *LINE_AUTOMATON_KINDS}
)
"""The kinds every backend here and the engine compile natively (mip all but ``Table``);
the general kinds (``Count``, ``Element``, ``And``, ``Or``) reach them rewritten
(:mod:`sudoku_cp.model.decompose`)."""


def unit_constraints(units: Sequence, side: int) -> tuple[AllDifferent, ...]:
    """An AllDifferent with its origin for each row, column and box of a grid shape: the
    ``units`` of :func:`sudoku_cp.model.grid.geometry` (each with its ``kind``, ``"row"``,
    ``"column"`` or ``"box"``, its 0-based ``index`` and its ``cells``; a box's origin
    keeps its corner cells).

    >>> from sudoku_cp.model.grid import geometry
    >>> [c.label for c in unit_constraints(geometry(4, (2, 2)).units, 4)][::4]
    ['row 1', 'column 1', 'box 1 (rows 1-2, columns 1-2)']
    """
    out = []
    for unit in units:
        kind = OriginKind(unit.kind)
        first, last = divmod(unit.cells[0], side), divmod(unit.cells[-1], side)
        corners = (first, last) if kind is OriginKind.BOX else ()
        out.append(AllDifferent(tuple(unit.cells), origin=Origin(kind, unit.index + 1, corners)))
    return tuple(out)


Constraint = (
    AllDifferent
    | Sum
    | Less
    | Relation
    | ValueIn
    | Linear
    | Table
    | Sandwich
    | Skyscraper
    | Regular
    | Count
    | Element
    | And
    | Or
)
"""One constraint of the vocabulary."""

KINDS: tuple[type, ...] = (
    AllDifferent,
    Sum,
    Less,
    Relation,
    ValueIn,
    Linear,
    Table,
    Sandwich,
    Skyscraper,
    Regular,
    Count,
    Element,
    And,
    Or,
)
"""The kinds, in the order backends usually compile them: the five of the classic
variants, then those of the modern ones (arrows, lines, outside clues)."""


def _cells_of(constraint: Constraint) -> tuple[int, ...]:
    """Every cell a constraint reads (``cells``, or a ``Less``/``Relation``'s two, or an
    ``Element``'s array, index and value; an ``And``/``Or``'s parts')."""
    cells = getattr(constraint, "cells", None)
    if cells is not None:
        return tuple(cells)
    parts = getattr(constraint, "parts", None)
    if parts is not None:
        return tuple(c for part in parts for c in _cells_of(part))
    found = [getattr(constraint, name, None) for name in ("first", "second", "cell", "index", "value")]
    return tuple(c for c in found if isinstance(c, int)) + tuple(getattr(constraint, "array", ()))


@functools.lru_cache(maxsize=32)
def _peers(cell_count: int, groups: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    peers: list[set[int]] = [set() for _ in range(cell_count)]
    for cells in groups:
        for cell in cells:
            peers[cell].update(cells)
    return tuple(tuple(sorted(p - {cell})) for cell, p in enumerate(peers))


@dataclass(frozen=True)
class Model:
    """A compiled puzzle: what every backend solves.

    Attributes:
        side: ``n``; values are ``1..n``.
        givens: one value per cell, 0 for a blank cell: ``n*n`` values row-major on a
            single grid; on a multi-grid board (:mod:`sudoku_cp.model.multigrid`) the cells
            inside some sub-grid, numbered row-major over the board skipping the cells
            outside every sub-grid (so the lexicographic order of the cells' values is
            still the board read row by row).
        constraints: every constraint of the puzzle's rules (rows, columns and boxes
            included), as the vocabulary of this module.
        positions: ``None`` on a single grid (cell ``i`` is at ``divmod(i, n)``); on a
            multi-grid board, each cell's 0-based ``(row, column)`` on the board.
        digits: ``None`` when the values are ``1..n``; else the puzzle's ``k >= n`` digits
            ascending (``(0, ..., 8)``; ``(1, ..., 9)`` on 6x6), and the model's values
            are their positions ``1..k`` (:mod:`sudoku_cp.model.digits` rewrote every
            constraint of the rules into them). Backends read :attr:`value_count`.
        hidden: the number of *hidden cells*: auxiliary variables after the grid's cells
            (the last ``hidden`` entries of ``givens``, all 0), with the same domain
            ``1..k``, never printed (a chaos construction's region labels,
            :mod:`sudoku_cp.model.chaos`). Last in the lexicographic order, so the
            smallest solution's grid is still the smallest grid; backends declare whether
            they solve them (``Backend.hidden_cells``), and a count counts distinct grids.
        hidden_names: the name of each hidden cell, in order, as its rule gives it
            (``"extra cell 2"``, ``"row 3's missing digit"``, ``"r3c4's region"``):
            what an explanation calls a cell that has no place on the grid
            (:meth:`cell_name`); ``()`` when the rules name none (then ``"hidden cell k"``).
            Not compared: two models differing only in names are the same puzzle.

    Backends take their initial domains from :meth:`domains` (givens and ``ValueIn``
    already applied, so they may skip ``ValueIn``) and compile every other kind.
    """

    side: int
    givens: tuple[int, ...]
    constraints: tuple[Constraint, ...]
    positions: tuple[Coordinates, ...] | None = None
    digits: tuple[int, ...] | None = None
    hidden: int = 0
    hidden_names: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @property
    def grid_cell_count(self) -> int:
        """The cells of the grid itself: :attr:`cell_count` less the :attr:`hidden` cells."""
        return len(self.givens) - self.hidden

    @property
    def value_count(self) -> int:
        """``k``: the values are ``1..k``; ``n`` unless the puzzle chose more digits than
        its side (6x6 with digits from 1..9: ``k = 9``, each unit holds 6 of them)."""
        return len(self.digits) if self.digits else self.side

    @property
    def cell_count(self) -> int:
        """The number of cells: ``n*n`` on a single grid, ``len(positions)`` on a board."""
        return len(self.givens)

    def position(self, cell: int) -> Coordinates:
        """The cell's 0-based ``(row, column)`` (on the board, for a multi-grid model)."""
        return self.positions[cell] if self.positions is not None else divmod(cell, self.side)

    def cell_at(self, row: int, column: int) -> int:
        """The cell at a 0-based ``(row, column)`` (of the board, for a multi-grid model).

        Raises:
            KeyError: on a multi-grid board, a position outside every sub-grid.
        """
        if self.positions is None:
            return row * self.side + column
        return self._cell_of[(row, column)]

    @functools.cached_property
    def _cell_of(self) -> dict[Coordinates, int]:
        return {p: i for i, p in enumerate(self.positions or ())}

    def cell_name(self, cell: int) -> str:
        """``"r3c7"``: the cell's 1-based row and column (board row and column on a multi-grid
        board), as messages name it; a hidden cell by its :attr:`hidden_names` entry
        (``"extra cell 2"``), or ``"hidden cell k"`` (1-based) when its rule names none."""
        k = cell - self.grid_cell_count
        if k >= 0 and self.hidden:
            return self.hidden_names[k] if k < len(self.hidden_names) else f"hidden cell {k + 1}"
        return _coordinate_name(self.position(cell))

    def label_of(self, constraint: Constraint) -> str:
        """The constraint's label, a hidden cell its origin names (a clue from an extra
        cell) called by :meth:`cell_name` (``"extra cell 2"``), not by coordinates past the grid."""
        if not self.hidden:
            return constraint.label
        grid = self.grid_cell_count

        def name(position: Coordinates) -> str:
            cell = self.cell_at(*position)
            return self.cell_name(cell) if cell >= grid else _coordinate_name(position)

        return label_named(constraint, name)

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
        """The ``AllDifferent`` constraints over exactly ``n`` cells: each holds every value once.

        Empty when there are more values than the side (:attr:`value_count` ``> n``): then
        no ``AllDifferent`` holds every value, and what reads units (hidden singles, exact
        cover's "each value once per unit", the rule of 45) has nothing to read."""
        if self.value_count != self.side:
            return ()
        return tuple(c for c in self.of_kind(AllDifferent) if len(c.cells) == self.side)

    def domains(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's initial values, ascending: its given, or ``1..n`` cut by every ``ValueIn``."""
        return self._domains

    @functools.cached_property
    def _domains(self) -> tuple[tuple[int, ...], ...]:
        full = tuple(range(1, self.value_count + 1))
        domains = [(v,) if v else full for v in self.givens]
        for constraint in self.of_kind(ValueIn):
            cell = constraint.cell
            domains[cell] = tuple(v for v in domains[cell] if v in constraint.values)
        return tuple(domains)

    @functools.cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the sorted other cells it shares an ``AllDifferent`` with (shared by
        the models of one shape: every classic puzzle of a size has the same peers)."""
        return _peers(self.cell_count, tuple(c.cells for c in self.of_kind(AllDifferent)))

    @functools.cached_property
    def is_classic(self) -> bool:
        """True when every constraint is an ``AllDifferent`` unit (rows, columns, boxes, regions...)."""
        return self.value_count == self.side and len(self.units) == len(self.constraints)

    def holds(self, values: Sequence[int]) -> bool:
        """True when the complete assignment keeps the givens and satisfies every constraint.

        With :attr:`hidden` cells, ``values`` may also be the grid's cells alone: then the
        constraints over grid cells only are checked (the backend that found the hidden
        cells' values checked the whole assignment, ``Backend.solve_with_proof``)."""
        if self.hidden and len(values) == self.grid_cell_count:
            top = self.grid_cell_count
            return (
                all(1 <= v <= self.value_count for v in values)
                and all(g in (0, v) for g, v in zip(self.givens, values, strict=False))
                and all(c.holds(values) for c in self.constraints if max(_cells_of(c), default=0) < top)
            )
        return (
            len(values) == self.cell_count
            and all(1 <= v <= self.value_count for v in values)
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
            # a Linear's bounds and a Regular's masks read the side as the largest value (And
            # and Or pass it to such parts); the others read it as the geometry
            top = self.value_count if isinstance(constraint, Linear | Regular | And | Or) else self.side
            why = constraint.givens_conflict(self.givens, top)
            if why:
                raise InvalidPuzzleError(why)
        for cell, domain in enumerate(self.domains()):
            if not domain:
                raise InvalidPuzzleError(f"{self.cell_name(cell)} has no value its rules allow")
