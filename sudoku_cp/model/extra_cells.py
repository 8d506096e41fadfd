"""Extra cells: variables outside the grid that rules may name, and the doppelganger rule.

Sigh's Interactive Sudoku Solver lets a puzzle declare extra variable cells (ISS's ``Var``:
a letter standing for a digit, the unknown clue of a row, a number's tens and units) that
its constraints name like grid cells; its ``Doppelganger`` rule adds such cells too, the
digit each row, column and box misses. Here an extra cell is a **hidden cell**
(:attr:`Model.hidden <sudoku_cp.model.constraints.Model.hidden>`, as chaos construction's
region labels: after the grid's cells, last in the lexicographic order, never printed,
with the grid's domain), and a rule names extra cell ``k`` (0-based) as the cell
``[side + k // side, k % side]``: rows below the grid, so that its model index
``row * side + column`` is ``side * side + k``. Only the rules that relate cells by value
(:attr:`Rule.takes_extra_cells <sudoku_cp.model.rules.Rule.takes_extra_cells>`: sums,
relations, regular lines, counts, elements, extra regions, equal sums) may name them; a
rule drawn on the grid (a thermometer, a Kropki dot) refuses them as outside the grid.

* :class:`ExtraCells` (``"extra_cells": k``, or the list of their names: ``"extra_cells":
  ["A", "B"]``) adds ``k`` hidden cells; it constrains nothing.
* :class:`Doppelganger` (``"doppelganger": {"rows": [...], "columns": [...], "boxes":
  [...]}``, each a list of cells, usually extra cells): on a grid of the digits ``0..n``,
  each row, column and box holds 0 and all but one of ``1..n``, the one it misses in its
  cell of ``rows``/``columns``/``boxes``; no two rows (columns, boxes) miss the same
  digit; and at each 0 the digits its row, column and box miss differ. ISS's rule
  (``Doppelganger`` in ``js/sudoku_constraint.js``, its handlers in
  ``js/solver/sudoku_builder.js`` and ``DoppelgangerZero`` in ``js/solver/handlers.js`` of
  github.com/sigh/Interactive-Sudoku-Solver, MIT; read to learn, no code copied).

Only the backends that solve hidden cells solve these puzzles (``Backend.hidden_cells``:
``cpsat`` and ``auto``); the others refuse them by design, as they refuse chaos
construction. A puzzle with both extra cells and chaos construction is refused (both
place their hidden cells right after the grid's).

>>> from sudoku_cp import Puzzle
>>> puzzle = Puzzle.from_dict({"size": 4, "grid": "1...............",
...     "rules": {"extra_cells": 1, "sums": [{"cells": [[0, 0], [0, 1], [4, 0]], "total": 9}]}})
>>> puzzle.model.hidden, puzzle.model.cell_count
(1, 17)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from sudoku_cp.errors import InvalidPuzzleError, UnsupportedRuleError
from sudoku_cp.model.constraints import AllDifferent, Constraint, Origin, OriginKind, Table, ValueIn
from sudoku_cp.model.grid import box_cells
from sudoku_cp.model.rules import Cell, Rule, _cell, _cells, _index, register_rule_type

_NAME = re.compile(r"(?!r\d+c\d+$)[A-Za-z]+\d*")
"""An extra cell's name: letters, then perhaps digits (``"A"``, ``"S12"``), but no grid
cell's ``r1c1``."""

MAX_EXTRA_CELLS = 1000
"""Extra cells a puzzle may declare at most (ISS's limit on its grid and extra cells)."""


def extra_cell(index: int, side: int) -> list[int]:
    """The ``[row, column]`` a rule names extra cell ``index`` (0-based) by.

    >>> extra_cell(0, 9), extra_cell(10, 9)
    ([9, 0], [10, 1])
    """
    return [side + index // side, index % side]


@dataclass(frozen=True)
class ExtraCells(Rule):
    """``count`` extra cells (hidden cells with the grid's digits) that the value rules may
    name as ``[side + k // side, k % side]`` (:func:`extra_cell`), with the ``names`` an
    explanation calls them by (the letters of an ISS ``Var``: ``"A"``), or none.

    JSON: ``"extra_cells": 8``, or ``"extra_cells": ["A", "B", "C"]`` (named).
    """

    count: int
    chaos: bool = False
    names: tuple[str, ...] = ()
    keys: ClassVar = ("extra_cells",)
    reads: ClassVar = ("chaos_construction",)
    names_extra_cells: ClassVar = True  # iter_constraints lets the value rules name them

    def hidden_cells(self, side: int) -> int:
        """The hidden cells the rule adds: its extra cells."""
        return self.count

    def hidden_names(self, side: int) -> tuple[str, ...]:
        """What an explanation calls its cells (:attr:`Model.hidden_names
        <sudoku_cp.model.constraints.Model.hidden_names>`): their ``names``, else
        ``"extra cell 1"``...

        >>> ExtraCells(2).hidden_names(9), ExtraCells(2, names=("A", "B")).hidden_names(9)
        (('extra cell 1', 'extra cell 2'), ('A', 'B'))
        """
        return self.names or tuple(f"extra cell {k + 1}" for k in range(self.count))

    def check(self, side, box):
        if isinstance(self.count, bool) or not isinstance(self.count, int) or not 0 <= self.count:
            raise InvalidPuzzleError(f"rules.extra_cells is a count of cells, not {self.count!r}")
        if self.names:
            wrong = [n for n in self.names if not isinstance(n, str) or not _NAME.fullmatch(n)]
            if wrong:
                raise InvalidPuzzleError(
                    f"rules.extra_cells: {wrong[0]!r} is no name of a cell (letters, then digits, not r1c1)"
                )
            if len(set(self.names)) != len(self.names):
                raise InvalidPuzzleError("rules.extra_cells: a name is given twice")
        if self.count > MAX_EXTRA_CELLS:
            raise InvalidPuzzleError(f"rules.extra_cells: {self.count} cells; at most {MAX_EXTRA_CELLS}")
        if self.chaos:
            raise UnsupportedRuleError(
                "extra cells with chaos construction: both put their hidden cells right after the "
                "grid's, which the package does not combine",
                elements=("extra_cells",),
            )

    def constraints(self, side, box):
        return []

    def to_json(self):
        return {"extra_cells": list(self.names) if self.names else self.count}

    @classmethod
    def from_json(cls, rules):
        value, chaos = rules["extra_cells"], rules.get("chaos_construction") is True
        if isinstance(value, list | tuple):  # their names
            return cls(len(value), chaos, tuple(value))
        return cls(value, chaos)


@dataclass(frozen=True)
class Doppelganger(Rule):
    """Doppelganger (ISS's rule) on a grid of the digits ``0..n``: each row, column and box
    holds 0 and all but one of ``1..n``; the cell ``rows[i]`` (``columns[i]``,
    ``boxes[i]``) holds the digit row ``i`` (column, box) misses; no two rows (columns,
    boxes) miss the same digit; at each 0 the digits its row, column and box miss differ.
    ``boxes`` is empty on a grid without boxes.

    Compiled over the digits' positions (digit ``d`` is position ``d + 1``): an
    ``AllDifferent`` of each unit with its cell (``n + 1`` cells, ``n + 1`` digits), an
    ``AllDifferent`` of each family's cells, which are never 0 (``ValueIn``), and at each
    grid cell, for each two of its units, a ``Table`` over the cell and their two cells:
    the cell is not 0 or they differ.

    JSON: ``"doppelganger": {"rows": [[r, c], ...], "columns": [...], "boxes": [...]}``.
    """

    rows: tuple[Cell, ...]
    columns: tuple[Cell, ...]
    boxes: tuple[Cell, ...] = ()
    keys: ClassVar = ("doppelganger",)
    forms: ClassVar = {"rows": _cells, "columns": _cells, "boxes": _cells}
    takes_extra_cells: ClassVar = True

    def names_hidden(self, side: int) -> dict[int, str]:
        """The names of the extra cells it uses, by model cell (they override
        :meth:`ExtraCells.hidden_names`): ``"row 3's missing digit"``, ``"column 2's ..."``,
        ``"box 5's ..."``."""
        names = {}
        for family, cells in (("row", self.rows), ("column", self.columns), ("box", self.boxes)):
            for number, cell in enumerate(cells, 1):
                names[_index(cell, side)] = f"{family} {number}'s missing digit"
        return names

    def check(self, side, box):
        raise InvalidPuzzleError(
            f"doppelganger needs the digits 0..{side} (ISS's Shape {side}x{side}~0-{side})"
        )

    def check_digits(self, side, box, digits):
        if tuple(digits) != tuple(range(side + 1)):
            self.check(side, box)
        boxes = len(box_cells(side, box)) if box else 0
        for name, cells, count in (
            ("rows", self.rows, side),
            ("columns", self.columns, side),
            ("boxes", self.boxes, boxes),
        ):
            if len(cells) != count:
                raise InvalidPuzzleError(
                    f"doppelganger {name}: {len(cells)} cells; the grid has {count} {name}"
                )
            for cell in cells:
                _cell(cell, side, f"doppelganger {name}")
        every = self.rows + self.columns + self.boxes
        if len(set(every)) != len(every):
            raise InvalidPuzzleError("doppelganger: a cell holds the missing digit of two units")
        units = set(range(side * side))
        if any(_index(c, side) in units for c in every):
            raise InvalidPuzzleError("doppelganger: a missing digit's cell is a grid cell, not an extra cell")

    def constraints(self, side, box):
        origin = Origin(OriginKind.DOPPELGANGER, 1, self.rows[:1])
        units = [[r * side + c for c in range(side)] for r in range(side)]
        units += [[r * side + c for r in range(side)] for c in range(side)]
        units += [list(cells) for cells in box_cells(side, box)] if box and self.boxes else []
        holders = [_index(c, side) for c in self.rows + self.columns + self.boxes]
        # the labels an explanation shows: the unit each holder completes ("row 3 and its
        # missing digit"), not the rule's first cell, which lies outside the grid
        names = [f"{family} {i + 1}" for family in ("row", "column", "box") for i in range(side)]
        out: list[Constraint] = [
            AllDifferent((*unit, holder), origin=origin, label=f"{name} and its missing digit")
            for unit, holder, name in zip(units, holders, names, strict=False)
        ]
        nonzero = frozenset(range(2, side + 2))  # positions: digit 0 is position 1
        out += [
            ValueIn(holder, nonzero, origin=origin, label=f"doppelganger: {name}'s missing digit is not 0")
            for holder, name in zip(holders, names, strict=False)
        ]
        for start, family in zip(range(0, len(holders), side), ("rows", "columns", "boxes"), strict=False):
            label = f"doppelganger: the {family} miss different digits"
            out.append(AllDifferent(tuple(holders[start : start + side]), origin=origin, label=label))
        of: dict[int, list[tuple[int, str]]] = {}
        for unit, holder, name in zip(units, holders, names, strict=False):
            for cell in unit:
                of.setdefault(cell, []).append((holder, name))
        values = range(1, side + 2)
        apart = frozenset(t for t in itertools.product(values, repeat=3) if t[0] != 1 or t[1] != t[2])
        for cell in range(side * side):
            for (a, first), (b, second) in itertools.combinations(of[cell], 2):
                where = f"r{cell // side + 1}c{cell % side + 1}"
                label = f"doppelganger: at a 0 in {where}, {first} and {second} miss different digits"
                out.append(
                    Table(
                        (cell, a, b),
                        apart,
                        origin=origin,
                        meaning="at a 0, the missing digits differ",
                        label=label,
                    )
                )
        return out

    def to_json(self):
        return {
            "doppelganger": {
                "rows": [list(c) for c in self.rows],
                "columns": [list(c) for c in self.columns],
                "boxes": [list(c) for c in self.boxes],
            }
        }

    @classmethod
    def from_json(cls, rules):
        value = rules["doppelganger"]
        if not isinstance(value, Mapping) or not {"rows", "columns"} <= set(value):
            raise InvalidPuzzleError("rules.doppelganger is an object with 'rows', 'columns' and 'boxes'")
        return cls(value["rows"], value["columns"], value.get("boxes") or ())


EXTRA_CELL_RULE_TYPES = (ExtraCells, Doppelganger)
"""The rule types of this module, registered into :data:`sudoku_cp.model.rules.RULE_TYPES`."""

for _type in EXTRA_CELL_RULE_TYPES:
    register_rule_type(_type)
