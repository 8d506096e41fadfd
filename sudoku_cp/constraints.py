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

Every constraint has a ``label`` naming where it comes from in the puzzle (``"row 3"``,
``"cage 2 (sum 15)"``, ``"thermometer 1"``), for error messages and explanations.

>>> model = Model(4, (1, 0, 0, 0) + (0,) * 12, (AllDifferent((0, 1, 2, 3), "row 1"),))
>>> model.domains()[:2]
((1,), (1, 2, 3, 4))
>>> Less(0, 1, "thermometer 1").holds((1, 3))
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from sudoku_cp.errors import InvalidPuzzleError


def cell_name(cell: int, side: int) -> str:
    """``"r3c7"``: the cell's 1-based row and column, as the variables of every model are named.

    >>> cell_name(10, 9)
    'r2c2'
    """
    row, column = divmod(cell, side)
    return f"r{row + 1}c{column + 1}"


@dataclass(frozen=True)
class AllDifferent:
    """The values of ``cells`` are pairwise different (a *unit* when there are ``n`` cells)."""

    cells: tuple[int, ...]
    label: str

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
    label: str

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
    label: str

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
    label: str
    meaning: str = field(default="", compare=False)

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
    label: str

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
