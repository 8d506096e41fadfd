"""Chaos construction: the grid is cut, while solving, into ``n`` orthogonally connected
regions of ``n`` cells, each holding every digit once; the regions are unknown.

The package's first rule with **hidden cells** (:attr:`Model.hidden
<sudoku_cp.model.constraints.Model.hidden>`): after the ``N = n*n`` grid cells the model has
``N`` *label* cells (the region of each grid cell, ``1..n``): the label of grid cell ``c``
is model cell ``N + c``. Hidden cells come last in the lexicographic order, so the
smallest solution's grid is the smallest grid, and they are never printed; a count counts
distinct grids (:meth:`Backend.count_solutions
<sudoku_cp.backends.base.Backend.count_solutions>`).

The labels are made unique per partition, so a grid with one partition is one solution of
the model: labels in order of first appearance (value precedence: Law and Lee, "Global
constraints for integer and set value precedence", CP 2004): cell 0 is region 1, and a
cell's label is at most one more than the largest label before it. Connectivity needs no
more cells: a region of ``n`` cells that is not connected has a connected piece of at most
``n // 2`` cells that no cell of its region touches from outside, so forbidding such
closed small pieces (:func:`connected_pieces`) states connectivity over the labels alone
(the backends' compilers do so).

:class:`ChaosRegions` is one constraint kind over the grid and label cells; it has
no rewriting into the other kinds (the digits-per-region constraint needs a label per
digit and row, which the vocabulary's one-domain cells state only as large tables), so
the backends that solve it compile it natively (CP-SAT: ``backends/cpsat_chaos.py``) and
declare so (``Backend.hidden_cells``); the others refuse a model with hidden cells by
design. The clues about regions (ISS's ``ChaosCount`` and ``ChaosArrow``) are ``Regular``
lines over label cells and a control cell, which every backend compiles.

The semantics are those of sigh's Interactive Sudoku Solver (``ChaosConstruction``,
``ChaosCount``, ``ChaosArrow`` in ``js/sudoku_constraint.js`` and
``js/solver/chaos_handler.js``, MIT; read to learn, no code copied).

>>> from sudoku_cp import Grid, Puzzle
>>> puzzle = Puzzle(Grid.parse("1234" + "." * 12, box=None), (ChaosConstruction(),))
>>> puzzle.model.hidden, puzzle.model.cell_count
(16, 32)
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.model.constraints import (
    Automaton,
    Constraint,
    Origin,
    OriginKind,
    Regular,
    Relation,
    distinct_count_supports,
)
from sudoku_cp.model.rules import Cell, Rule, _cell_list, _cells, _index, _name, register_rule_type


def label_cell(cell: int, side: int) -> int:
    """The model cell holding the region label of grid cell ``cell``."""
    return side * side + cell


def neighbours(cell: int, side: int) -> tuple[int, ...]:
    """The grid cells orthogonally next to ``cell``, ascending."""
    row, column = divmod(cell, side)
    found = []
    if row:
        found.append(cell - side)
    if column:
        found.append(cell - 1)
    if column + 1 < side:
        found.append(cell + 1)
    if row + 1 < side:
        found.append(cell + side)
    return tuple(found)


def regions_of(labels: Sequence[int]) -> dict[int, list[int]]:
    """The grid cells of each label, ascending."""
    regions: dict[int, list[int]] = {}
    for cell, label in enumerate(labels):
        regions.setdefault(label, []).append(cell)
    return regions


def is_connected(cells: Sequence[int], side: int) -> bool:
    """True when the grid cells ``cells`` (not empty) are orthogonally connected."""
    members = set(cells)
    reached = {cells[0]}
    frontier = [cells[0]]
    while frontier:
        frontier = [o for c in frontier for o in neighbours(c, side) if o in members and o not in reached]
        reached.update(frontier)
    return reached == members


@functools.cache
def connected_pieces(side: int, size: int) -> tuple[tuple[int, ...], ...]:
    """Every orthogonally connected set of ``1..size`` cells of the ``side`` x ``side``
    grid (the fixed polyominoes in every position), each ascending, in a fixed order.

    A region of ``side`` cells that is not connected has a component of at most
    ``side // 2`` cells, closed (no cell of the region next to it outside it); so "no
    closed piece of up to ``side // 2`` cells" is connectivity, given the regions' size.

    >>> len(connected_pieces(3, 2)), len(connected_pieces(9, 4))  # 9 + 12 dominoes; up to tetrominoes
    (21, 1675)
    """
    grown = {frozenset({c}) for c in range(side * side)}
    found = set(grown)
    for _ in range(size - 1):
        grown = {piece | {o} for piece in grown for c in piece for o in neighbours(c, side) if o not in piece}
        found |= grown
    return tuple(sorted(tuple(sorted(piece)) for piece in found))


def is_partition(values: Sequence[int], labels: Sequence[int], side: int) -> bool:
    """True when ``labels`` (one per grid cell) cut the grid into ``side`` connected
    regions, each holding every value of ``values`` once, labelled in order of first
    appearance."""
    seen = 0
    for label in labels:
        if not 1 <= label <= min(seen + 1, side):
            return False
        seen = max(seen, label)
    regions = regions_of(labels).values()
    if len(regions) != side or any(len({values[c] for c in cells}) != side for cells in regions):
        return False
    return all(is_connected(cells, side) for cells in regions)


@dataclass(frozen=True)
class ChaosRegions:
    """The grid's cells (``cells[:N]``) and their region labels (``cells[N:]``): the labels
    cut the grid into ``side`` orthogonally connected regions of ``side`` cells, each
    holding every digit once, labelled in order of first appearance (see the module
    docstring).

    >>> regions = ChaosRegions.of(2)
    >>> regions.holds((1, 2, 2, 1) + (1, 1, 2, 2))
    True
    >>> regions.holds((1, 2, 2, 1) + (1, 2, 2, 1))  # two unconnected regions
    False
    """

    cells: tuple[int, ...]
    side: int
    origin: Origin = field(default=None, repr=False, kw_only=True)  # type: ignore[assignment]
    label: str = field(default="chaos construction", compare=False, kw_only=True)

    @classmethod
    def of(cls, side: int) -> ChaosRegions:
        """The constraint of a ``side`` x ``side`` grid, over the usual hidden cells."""
        return cls(tuple(range(2 * side * side)), side, origin=Origin(OriginKind.CHAOS_CONSTRUCTION))

    def holds(self, values: Sequence[int]) -> bool:
        """True when the complete assignment (grid and labels) satisfies it."""
        count = self.side * self.side
        cells = [values[c] for c in self.cells]
        return is_partition(cells[:count], cells[count:], self.side)

    def givens_conflict(self, givens: Sequence[int], side: int) -> str | None:
        """Never from the givens alone (a region can avoid any two equal givens)."""
        return None


# -- the clues: Regular lines over label cells, then the control cell --------------------------


@dataclass(frozen=True)
class ClueShape:
    """What a chaos clue's ``Regular`` line states, for a backend that compiles the clue
    natively instead of as its automaton (CP-SAT: ``backends/cpsat_chaos.py``).

    Attributes:
        kind: ``"count"`` (the control counts the first label among the labels, less
            ``offset``), ``"regions"`` (the control counts the different labels) or
            ``"arrow"`` (the control is the start label's run along the arms, the start
            once, less ``offset``).
        arms: for ``"arrow"``, each arm's length, the start left out; else ``()``.
        offset: 0 or 1.
    """

    kind: str
    arms: tuple[int, ...] = ()
    offset: int = 0

    @property
    def closed_form(self) -> Callable[[Sequence[int]], list[int] | None] | None:
        """A region count's supports in closed form
        (:func:`~sudoku_cp.model.constraints.distinct_count_supports`: its language is
        CountDistinct's over labels); ``None`` for the other shapes (their automaton's passes)."""
        return distinct_count_supports if self.kind == "regions" else None


def clue_shape(automaton: Automaton) -> ClueShape | None:
    """The shape of a chaos clue's automaton (its :attr:`Automaton.meaning`), or ``None`` for any other.

    >>> clue_shape(chaos_arrow_automaton((2, 1), 0, 4))
    ClueShape(kind='arrow', arms=(2, 1), offset=0)
    """
    return automaton.meaning if isinstance(automaton.meaning, ClueShape) else None


@functools.cache
def chaos_count_automaton(counted: int, offset: int, side: int) -> Automaton:
    """The first label, ``counted - 1`` more labels, then the control: the control equals
    how many of the labels equal the first, less ``offset``. States: ``(read, first
    label, count)``, then ``"done"``."""

    def step(state: Any, value: int) -> Any:
        if state == "done":
            return None
        read, first, count = state
        if read == 0:
            return (1, value, 1)
        if read < counted:
            return (read + 1, first, count + (value == first))
        return "done" if value == count - offset else None

    automaton = Automaton.build((0, 0, 0), step, lambda s: s == "done", side)
    return dataclasses.replace(automaton, meaning=ClueShape("count", (), offset))


@functools.cache
def chaos_arrow_automaton(arms: tuple[int, ...], offset: int, side: int) -> Automaton:
    """The start's label, then each arm's labels (``arms``: their lengths, the start left
    out), then the control: the control equals the run of the start's label from the start
    along each arm, summed, the start counted once, less ``offset``. States: ``(read, start
    label, total, still in the run)``, then ``"done"``."""
    starts = {sum(arms[:i]) + 1 for i in range(len(arms))}  # the positions where an arm begins
    length = 1 + sum(arms)

    def step(state: Any, value: int) -> Any:
        if state == "done":
            return None
        read, first, total, running = state
        if read == 0:
            return (1, value, 1, True)
        if read < length:
            running = value == first and (read in starts or state[3])
            return (read + 1, first, total + running, running)
        return "done" if value == total - offset else None

    automaton = Automaton.build((0, 0, 0, False), step, lambda s: s == "done", side)
    return dataclasses.replace(automaton, meaning=ClueShape("arrow", arms, offset))


@functools.cache
def chaos_region_count_automaton(counted: int, side: int) -> Automaton:
    """The labels, then the control: the control is how many different labels they hold
    (CountDistinct's automaton, as an object of its own, so that only the region
    counts have this shape)."""
    from sudoku_cp.model.community_kinds import count_distinct_automaton

    return dataclasses.replace(count_distinct_automaton(counted, side), meaning=ClueShape("regions"))


@dataclass(frozen=True)
class ChaosConstruction(Rule):
    """Chaos construction: the grid is cut into ``n`` orthogonally connected regions of
    ``n`` cells, found while solving, each holding every digit once
    (``"chaos_construction": true``; with ``"box": null`` the regions replace the boxes).
    Adds ``n*n`` hidden cells (:mod:`sudoku_cp.model.chaos`)."""

    keys: ClassVar = ("chaos_construction",)

    def hidden_cells(self, side: int) -> int:
        """The hidden cells the rule adds: a label per grid cell."""
        return side * side

    def hidden_names(self, side: int) -> tuple[str, ...]:
        """What an explanation calls its cells (:attr:`Model.hidden_names
        <sudoku_cp.model.constraints.Model.hidden_names>`): ``"r1c1's region"``... (as a person
        writes it, ``"r1c1's region=2"``, like a doppelganger's ``"row 3's missing digit"``)."""
        return tuple(f"r{r + 1}c{c + 1}'s region" for r in range(side) for c in range(side))

    def check(self, side, box):
        if side < 2:
            raise InvalidPuzzleError("chaos construction needs a grid of side 2 or more")

    def constraints(self, side, box):
        return [ChaosRegions.of(side)]

    def to_json(self):
        return {"chaos_construction": True}

    @classmethod
    def from_json(cls, rules):
        if rules.get("chaos_construction") is not True:
            raise InvalidPuzzleError("rules.chaos_construction is true or absent")
        return cls()


def _needs_chaos(rules: Mapping[str, Any], key: str) -> None:
    if rules.get("chaos_construction") is not True:
        raise InvalidPuzzleError(
            f"rules.{key} needs rules.chaos_construction: its cells' regions are unknown"
        )


def _clue_items(rules: Mapping[str, Any], key: str, cells: str) -> list[tuple[Mapping[str, Any], int]]:
    """The clue objects of ``rules[key]`` (``control``, ``cells``, optional ``offset``), checked."""
    _needs_chaos(rules, key)
    items = []
    for number, item in enumerate(rules[key]):
        where = f"rules.{key}[{number}]"
        if not isinstance(item, Mapping) or not {"control", cells} <= set(item):
            raise InvalidPuzzleError(f"{where} is an object with 'control', {cells!r} and 'offset'")
        items.append((item, _offset(item, where)))
    return items


def _offset(item: Mapping[str, Any], where: str) -> int:
    offset = item.get("offset", 0)
    if offset not in (0, 1) or isinstance(offset, bool):
        raise InvalidPuzzleError(f"{where}: the offset is 0 or 1, not {offset!r}")
    return offset


class _ChaosClues(Rule):
    """Clues about the regions of a chaos construction: each checks its control cell and
    its own cells (:meth:`check_clue`)."""

    clues: tuple
    reads: ClassVar = ("chaos_construction",)
    noun: ClassVar = "chaos clue"

    def check(self, side, box):
        for number, clue in enumerate(self.clues, 1):
            where = f"{self.noun} {number}"
            _cell_list((clue.control,), side, where)
            self.check_clue(clue, side, where)

    def check_clue(self, clue: Any, side: int, where: str) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class ChaosCountClue:
    """A control cell, the cells whose regions it counts (the first one's region is
    counted, itself included), and an offset (the control is the count less it)."""

    control: Cell
    cells: tuple[Cell, ...]
    offset: int = 0


@dataclass(frozen=True)
class ChaosCounts(_ChaosClues):
    """Chaos counts (ISS's ``ChaosCount``): the control cell holds how many of its cells
    lie in the region of the first of them (that one included), less the offset.

    JSON: ``"chaos_counts": [{"control": [r, c], "cells": [[r, c], ...], "offset": 0}]``;
    needs ``"chaos_construction": true``.
    """

    clues: tuple[ChaosCountClue, ...]
    keys: ClassVar = ("chaos_counts",)
    noun: ClassVar = "chaos count"

    pattern: ClassVar = "the control counts the first cell's region"

    def check_clue(self, clue: ChaosCountClue, side: int, where: str) -> None:
        _cell_list(clue.cells, side, where)

    def automaton(self, clue: ChaosCountClue, side: int) -> Automaton:
        """The clue's language over its labels, then the control."""
        return chaos_count_automaton(len(clue.cells), clue.offset, side)

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, clue in enumerate(self.clues, 1):
            origin = Origin(OriginKind.CHAOS_COUNT, number, (clue.control, *clue.cells))
            cells = (*(label_cell(_index(c, side), side) for c in clue.cells), _index(clue.control, side))
            automaton = self.automaton(clue, side)
            where = f"{self.noun} {number} (at {_name(clue.control)})"
            out.append(
                Regular(
                    cells,
                    automaton,
                    pattern=self.pattern,
                    origin=origin,
                    label=where,
                )
            )
        return out

    def to_json(self):
        return {
            "chaos_counts": [
                {"control": list(c.control), "cells": [list(x) for x in c.cells], "offset": c.offset}
                for c in self.clues
            ]
        }

    @classmethod
    def from_json(cls, rules):
        return cls(
            tuple(
                ChaosCountClue(tuple(item["control"]), _cells(item["cells"]), offset)
                for item, offset in _clue_items(rules, "chaos_counts", "cells")
            )
        )


@dataclass(frozen=True)
class ChaosArrowClue:
    """A control cell, and arms of cells that all begin at one start cell: the control
    holds the run of the start's region along the arms (the start once), less the offset."""

    control: Cell
    arms: tuple[tuple[Cell, ...], ...]
    offset: int = 0


@dataclass(frozen=True)
class ChaosArrows(_ChaosClues):
    """Chaos arrows (ISS's ``ChaosArrow``): from a start cell, each arm runs through cells
    of the start's region until one is not; the control holds the cells of those runs (the
    start counted once), less the offset.

    JSON: ``"chaos_arrows": [{"control": [r, c], "arms": [[[r, c], ...], ...], "offset": 0}]``
    (every arm begins at the start); needs ``"chaos_construction": true``.
    """

    clues: tuple[ChaosArrowClue, ...]
    keys: ClassVar = ("chaos_arrows",)
    noun: ClassVar = "chaos arrow"

    def check_clue(self, clue: ChaosArrowClue, side: int, where: str) -> None:
        if not clue.arms or any(not arm or arm[0] != clue.arms[0][0] for arm in clue.arms):
            raise InvalidPuzzleError(f"{where}: its arms all begin at one start cell")
        _cell_list((clue.arms[0][0], *(c for arm in clue.arms for c in arm[1:])), side, where)

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, clue in enumerate(self.clues, 1):
            start = clue.arms[0][0]
            rest = [c for arm in clue.arms for c in arm[1:]]
            origin = Origin(OriginKind.CHAOS_ARROW, number, (clue.control, start, *rest))
            cells = (*(label_cell(_index(c, side), side) for c in (start, *rest)), _index(clue.control, side))
            lengths = tuple(len(arm) - 1 for arm in clue.arms if len(arm) > 1)
            automaton = chaos_arrow_automaton(lengths, clue.offset, side)
            where = f"chaos arrow {number} (at {_name(clue.control)})"
            out.append(
                Regular(
                    cells,
                    automaton,
                    pattern="the control is the start region's run",
                    origin=origin,
                    label=where,
                )
            )
        return out

    def to_json(self):
        return {
            "chaos_arrows": [
                {
                    "control": list(c.control),
                    "arms": [[list(x) for x in arm] for arm in c.arms],
                    "offset": c.offset,
                }
                for c in self.clues
            ]
        }

    @classmethod
    def from_json(cls, rules):
        return cls(
            tuple(
                ChaosArrowClue(tuple(item["control"]), tuple(_cells(arm) for arm in item["arms"]), offset)
                for item, offset in _clue_items(rules, "chaos_arrows", "arms")
            )
        )


@dataclass(frozen=True)
class ChaosRegionCounts(ChaosCounts):
    """How many regions (ISS's ``CountDistinct`` over region cells): the control holds how
    many different regions its cells lie in (a ``Regular`` line over their labels, then the
    control, as :class:`~sudoku_cp.model.community_kinds.CountDistinct` over digits).

    JSON: ``"chaos_region_counts": [{"control": [r, c], "cells": [[r, c], ...]}]``; needs
    ``"chaos_construction": true``.
    """

    keys: ClassVar = ("chaos_region_counts",)
    noun: ClassVar = "chaos region count"
    pattern: ClassVar = "the control counts the regions"

    def automaton(self, clue: ChaosCountClue, side: int) -> Automaton:
        return chaos_region_count_automaton(len(clue.cells), side)

    def to_json(self):
        return {
            "chaos_region_counts": [
                {"control": list(c.control), "cells": [list(x) for x in c.cells]} for c in self.clues
            ]
        }

    @classmethod
    def from_json(cls, rules):
        return cls(
            tuple(
                ChaosCountClue(tuple(item["control"]), _cells(item["cells"]))
                for item, _ in _clue_items(rules, "chaos_region_counts", "cells")
            )
        )


@dataclass(frozen=True)
class ChaosSameRegions(Rule):
    """Cells in one region (ISS's ``SameValues`` over region cells): their labels are equal.

    JSON: ``"chaos_same_regions": [[[r, c], ...], ...]``; needs ``"chaos_construction": true``.
    """

    groups: tuple[tuple[Cell, ...], ...]
    keys: ClassVar = ("chaos_same_regions",)
    reads: ClassVar = ("chaos_construction",)

    def check(self, side, box):
        for number, cells in enumerate(self.groups, 1):
            _cell_list(cells, side, f"chaos same region {number}", 2)

    def constraints(self, side, box):
        out: list[Constraint] = []
        equal = frozenset((v, v) for v in range(1, side + 1))
        for number, cells in enumerate(self.groups, 1):
            origin = Origin(OriginKind.CHAOS_CONSTRUCTION, number, cells)
            where = f"chaos same region {number} (at {_name(cells[0])})"
            labels = [label_cell(_index(c, side), side) for c in cells]
            out += [Relation(a, b, equal, origin=origin, label=where) for a, b in itertools.pairwise(labels)]
        return out

    def to_json(self):
        return {"chaos_same_regions": [[list(c) for c in cells] for cells in self.groups]}

    @classmethod
    def from_json(cls, rules):
        _needs_chaos(rules, "chaos_same_regions")
        return cls(tuple(_cells(cells) for cells in rules["chaos_same_regions"]))


CHAOS_RULE_TYPES = (ChaosConstruction, ChaosCounts, ChaosArrows, ChaosRegionCounts, ChaosSameRegions)
"""The rule types of this module, registered into :data:`sudoku_cp.model.rules.RULE_TYPES`."""

for _type in CHAOS_RULE_TYPES:
    register_rule_type(_type)
