"""The variant community's named kinds beyond the classic modern set: slow thermometers,
whispers of any difference, clones, disjoint groups, modular, entropic, zipper,
difference-count, index, parity and nabner lines, row and column indexers, Dutch
flatmates, extra regions, numbered rooms and anti-taxicab (issue 31, item 3).

Each is a :class:`~sudoku_cp.model.rules.Rule` with its JSON key, registered into
:data:`sudoku_cp.model.rules.RULE_TYPES` when this module is imported (``Puzzle.from_dict``
and the generator import it first; a classic solve loads no rules at all), and
compiled to the kinds every backend already takes (``Relation``, ``AllDifferent``,
``Linear``, ``ValueIn``, ``Table``): no backend needs a new compiler (MIP refuses
``Table``, so difference-count lines and Dutch flatmates, by design).

=======================  =====================================================  ============================
rule (JSON key)          what it says                                           compiled to
=======================  =====================================================  ============================
``slow_thermos``         digits increase or stay the same from the bulb         ``a <= b`` per link
``whispers``             adjacent digits differ by at least ``difference``      ``|a - b| >= d`` per link
``clones``               two regions of the same shape hold the same digits     ``a == b`` per pair of cells
``disjoint_groups``      the cells at one position of every box differ          ``AllDifferent`` per position
``modular_lines``        any 3 adjacent cells: three different remainders mod 3 ``a % 3 != b % 3`` within 3
``entropic_lines``       any 3 adjacent cells: one low, one middle, one high    group differs within 3
``zipper_lines``         cells at equal distance from the centre sum to the     ``Linear`` per pair
                         centre digit (even length: to the same total)
``row_indexers``         a digit ``v`` at ``(r, c)``: row ``v`` of column ``c``  an implication per pair
                         holds ``r`` (1-based)
``column_indexers``      a digit ``v`` at ``(r, c)``: column ``v`` of row ``r``  an implication per pair
                         holds ``c`` (1-based)
``difference_count_``    an adjacent difference ``d`` occurs exactly ``d``       ``Table`` of the line
``lines``                times along the line
``index_lines``          the ``N``-th digit is where ``N`` is on the line        ``ValueIn`` and implications
``parity_lines``         adjacent digits alternate odd and even                 odd sum per link
``nabner_lines``         no two digits of the line equal or consecutive         ``|a - b| >= 2`` per pair
``dutch_flatmates``      each middle digit has a 1 above or an ``n`` below it     a ``Table`` per cell
``extra_regions``        extra regions of any shape hold different digits       ``AllDifferent`` each
``numbered_rooms``       the ``k``-th cell from the clue holds it (``k``: first   implications
                         digit)
``anti_taxicab``         no digit ``d`` twice ``d`` orthogonal steps apart        ``Relation`` per pair
=======================  =====================================================  ============================

Killer cages without a total are cages of :class:`~sudoku_cp.model.rules.Killer` whose
``sum`` is left out (``{"cells": [...]}``): their digits differ, no sum.

>>> from sudoku_cp.model.puzzle import Puzzle
>>> puzzle = Puzzle.from_dict({"size": 4, "grid": "." * 16, "rules": {"slow_thermos": [[[0, 0], [1, 1]]]}})
>>> [type(c).__name__ for c in puzzle.rules[0].constraints(4, (2, 2))]
['Relation']
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from sudoku_cp.errors import InvalidPuzzleError, UnsupportedRuleError
from sudoku_cp.model.clues import CELLS, VALUE, Clue, ClueRule
from sudoku_cp.model.clues import json_list as _json_list
from sudoku_cp.model.constraints import (
    AllDifferent,
    Constraint,
    Linear,
    Origin,
    OriginKind,
    Relation,
    Table,
    ValueIn,
)
from sudoku_cp.model.rules import (
    Cell,
    FlagRule,
    OutsideClue,
    Rule,
    _cell,
    _cells,
    _digits_name,
    _groups,
    _index,
    _line,
    _Lines,
    _lines_json,
    _name,
    _outside_clues,
    digits_of,
    register_rule_type,
)


def _relation(side: int, test: str, parameter: int = 0) -> frozenset[tuple[int, int]]:
    """The pairs of ``1..side`` that pass ``test``: ``"at most"`` (``a <= b``), ``"apart"``
    (``|a - b| >= parameter``), ``"equal"``, ``"residue"`` (``a % 3 != b % 3``),
    ``"entropy"`` (different thirds of ``1..side``); on a grid of other digits, the pairs
    of its digits (:func:`digits_of`: the rules of ``DIGIT_AWARE`` get them mapped to
    positions, the others refused)."""
    return _relation_of(digits_of(side), side, test, parameter)


@functools.cache
def _relation_of(values: tuple[int, ...], side: int, test: str, parameter: int) -> frozenset[tuple[int, int]]:
    third = max(1, side // 3)
    tests: dict[str, Callable[[int, int], bool]] = {
        "at most": lambda a, b: a <= b,
        "apart": lambda a, b: abs(a - b) >= parameter,
        "equal": lambda a, b: a == b,
        "residue": lambda a, b: a % 3 != b % 3,
        "entropy": lambda a, b: (a - 1) // third != (b - 1) // third,
        "parity": lambda a, b: (a + b) % 2 == 1,
    }
    return frozenset((a, b) for a in values for b in values if tests[test](a, b))


def _json_lines(rules: Mapping[str, Any], key: str) -> tuple[tuple[Cell, ...], ...]:
    out = []
    for number, line in enumerate(_json_list(rules, key)):
        if not isinstance(line, list) or not all(isinstance(c, list) and len(c) == 2 for c in line):
            raise InvalidPuzzleError(f"rules.{key}[{number}] is a list of [row, column] cells")
        out.append(_cells(line))
    return tuple(out)


@dataclass(frozen=True)
class _CommunityLines(_Lines):
    """Lines through touching cells, each link (or window) a constraint; subclasses say
    which pairs and which relation."""

    loops: ClassVar[bool] = False
    """True for a kind whose line may close into a loop (its last cell is its first, as
    SudokuPad draws one): its windows then run on round the loop."""

    def check(self, side, box):
        for number, line in enumerate(self.lines, 1):
            where = f"{self.noun} {number}"
            if self.loops and len(line) > 3 and line[0] == line[-1]:
                _line(line[:-1], side, where, self.minimum)
                _line(line[-2:], side, where)  # the loop closes between touching cells
            else:
                _line(line, side, where, self.minimum)
        self._check_lengths(side)

    @classmethod
    def from_json(cls, rules):
        return cls(_json_lines(rules, cls.keys[0]))

    def _relations(
        self, side: int, table: frozenset[tuple[int, int]], meaning: str, reach: int
    ) -> list[Constraint]:
        """A ``Relation`` between every two cells of a line at most ``reach`` apart along it."""
        out: list[Constraint] = []
        for number, line in enumerate(self.lines, 1):
            origin = self.origin(number)
            loop = self.loops and len(line) > 3 and line[0] == line[-1]
            line = line[:-1] if loop else line
            for i, j in itertools.combinations(range(len(line)), 2):
                if min(j - i, len(line) - (j - i)) <= reach if loop else j - i <= reach:
                    out.append(
                        Relation(
                            _index(line[i], side),
                            _index(line[j], side),
                            table,
                            origin=origin,
                            meaning=meaning,
                        )
                    )
        return out


@dataclass(frozen=True)
class SlowThermo(_CommunityLines):
    """Slow thermometers: digits increase **or stay the same** from the bulb (first cell);
    a ``Relation`` ``a <= b`` per link (a cell may equal the next, so a slow thermometer
    may be longer than the grid's side).

    JSON: ``"slow_thermos": [[[r, c], ...], ...]`` (bulb first).
    """

    keys: ClassVar = ("slow_thermos",)
    kind: ClassVar = OriginKind.SLOW_THERMOMETER
    noun: ClassVar = "slow thermometer"

    def constraints(self, side, box):
        return self._relations(side, _relation(side, "at most"), "not decrease from the bulb", 1)


@dataclass(frozen=True)
class WhispersLine(Clue):
    """One whispers line and its least difference between adjacent digits."""

    line: tuple[Cell, ...]
    difference: int
    json: ClassVar = (("line", CELLS), ("difference", VALUE))


@dataclass(frozen=True)
class Whispers(ClueRule):
    """Whispers of any difference: adjacent digits along each line differ by at least its
    ``difference`` (German whispers are 5 on 9x9, Dutch 4; f-puzzles writes others, such as
    3 on 6x6). A ``Relation`` per link.

    JSON: ``"whispers": [{"line": [[r, c], ...], "difference": 3}, ...]``.
    """

    lines: tuple[WhispersLine, ...]
    keys: ClassVar = ("whispers",)
    record: ClassVar = WhispersLine

    def check(self, side, box):
        for number, whisper in enumerate(self.lines, 1):
            where = f"whispers line {number}"
            _line(whisper.line, side, where)
            d = whisper.difference
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= side - 1:
                raise InvalidPuzzleError(f"{where}: its difference {d!r} is not an int of 1 to {side - 1}")

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, whisper in enumerate(self.lines, 1):
            origin = Origin(OriginKind.WHISPERS, number, whisper.line, total=whisper.difference)
            table = _relation(side, "apart", whisper.difference)
            meaning = f"differ by at least {whisper.difference}"
            out.extend(
                Relation(_index(a, side), _index(b, side), table, origin=origin, meaning=meaning)
                for a, b in itertools.pairwise(whisper.line)
            )
        return out


@dataclass(frozen=True)
class CloneClue(Clue):
    """Two regions of the same shape (``cells[i]`` is the clone of ``clone[i]``)."""

    cells: tuple[Cell, ...]
    clone: tuple[Cell, ...]
    json: ClassVar = (("cells", CELLS), ("clone", CELLS))


@dataclass(frozen=True)
class Clones(ClueRule):
    """Clones: two regions of the same shape hold the same digits in the same places; an
    equality ``Relation`` per pair of cells.

    JSON: ``"clones": [{"cells": [[r, c], ...], "clone": [[r, c], ...]}, ...]``.
    """

    clones: tuple[CloneClue, ...]
    keys: ClassVar = ("clones",)
    record: ClassVar = CloneClue

    def check(self, side, box):
        for number, clue in enumerate(self.clones, 1):
            where = f"clone {number}"
            cells = [_cell(c, side, where) for c in clue.cells]
            copies = [_cell(c, side, where) for c in clue.clone]
            if not cells or len(cells) != len(copies):
                raise InvalidPuzzleError(
                    f"{where}: its two regions have {len(cells)} and {len(copies)} cells"
                )
            if len(set(cells + copies)) != 2 * len(cells):
                raise InvalidPuzzleError(f"{where}: a cell is listed twice")
            dr, dc = copies[0][0] - cells[0][0], copies[0][1] - cells[0][1]
            if any((b[0] - a[0], b[1] - a[1]) != (dr, dc) for a, b in zip(cells, copies, strict=True)):
                raise InvalidPuzzleError(
                    f"{where}: the clone is not its region moved (same shape, same order)"
                )

    def constraints(self, side, box):
        table = _relation(side, "equal")
        out: list[Constraint] = []
        for number, clue in enumerate(self.clones, 1):
            origin = Origin(OriginKind.CLONE, number, clue.cells + clue.clone)
            out.extend(
                Relation(_index(a, side), _index(b, side), table, origin=origin, meaning="be equal")
                for a, b in zip(clue.cells, clue.clone, strict=True)
            )
        return out


@dataclass(frozen=True)
class DisjointGroups(FlagRule):
    """Disjoint groups: the cells at the same position of every box hold different digits
    (a unit of ``n`` cells per position: an ``AllDifferent`` each). Needs boxes.

    JSON: ``"disjoint_groups": true``.
    """

    keys: ClassVar = ("disjoint_groups",)

    def check(self, side, box):
        if box is None:
            raise InvalidPuzzleError("disjoint groups need boxes: the grid has none (jigsaw or Latin square)")

    def constraints(self, side, box):
        rows, columns = box
        out: list[Constraint] = []
        for i in range(rows):
            for j in range(columns):
                cells = tuple(
                    (top + i) * side + left + j
                    for top in range(0, side, rows)
                    for left in range(0, side, columns)
                )
                origin = Origin(OriginKind.DISJOINT_GROUP, i * columns + j + 1, ((i, j),))
                out.append(AllDifferent(cells, origin=origin))
        return out


@dataclass(frozen=True)
class ModularLines(_CommunityLines):
    """Modular lines: any three adjacent cells along a line have three different remainders
    modulo 3 (a ``Relation`` between every two cells at most two apart along the line; a
    line whose last cell is its first is a loop, its windows running on round it).

    JSON: ``"modular_lines": [[[r, c], ...], ...]``.
    """

    keys: ClassVar = ("modular_lines",)
    loops: ClassVar = True
    kind: ClassVar = OriginKind.MODULAR_LINE
    noun: ClassVar = "modular line"

    def constraints(self, side, box):
        return self._relations(side, _relation(side, "residue"), "have different remainders mod 3", 2)


@dataclass(frozen=True)
class EntropicLines(_CommunityLines):
    """Entropic lines: any three adjacent cells along a line hold one low, one middle and one
    high digit (on 9x9 123, 456, 789; thirds of ``1..n`` in general, so ``n`` is a multiple
    of 3): a ``Relation`` between every two cells at most two apart along the line (or round
    a loop, a line whose last cell is its first).

    JSON: ``"entropic_lines": [[[r, c], ...], ...]``.
    """

    keys: ClassVar = ("entropic_lines",)
    loops: ClassVar = True
    kind: ClassVar = OriginKind.ENTROPIC_LINE
    noun: ClassVar = "entropic line"

    def check(self, side, box):
        if side % 3:
            raise InvalidPuzzleError(
                f"entropic lines need a side divisible by 3 (low, middle, high digits), not {side}"
            )
        super().check(side, box)

    def constraints(self, side, box):
        return self._relations(
            side, _relation(side, "entropy"), "be of different thirds (low, middle, high)", 2
        )


@dataclass(frozen=True)
class ZipperLines(_CommunityLines):
    """Zipper lines: cells at the same distance from the line's centre add up to the digit
    in the centre cell (odd length), or all to one total (even length): a ``Linear`` per
    pair (``a + b - centre == 0``, or ``a + b - first pair == 0``).

    JSON: ``"zipper_lines": [[[r, c], ...], ...]``.
    """

    keys: ClassVar = ("zipper_lines",)
    kind: ClassVar = OriginKind.ZIPPER_LINE
    noun: ClassVar = "zipper line"
    minimum: ClassVar = 3

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, line in enumerate(self.lines, 1):
            origin = self.origin(number)
            cells = [_index(c, side) for c in line]
            half = len(cells) // 2
            pairs = [(cells[i], cells[-1 - i]) for i in range(half)]
            if len(cells) % 2:
                centre = cells[half]
                out.extend(Linear((a, b, centre), (1, 1, -1), "==", 0, origin=origin) for a, b in pairs)
            else:
                (a0, b0), rest = pairs[-1], pairs[:-1]
                out.extend(Linear((a, b, a0, b0), (1, 1, -1, -1), "==", 0, origin=origin) for a, b in rest)
        return out


@dataclass(frozen=True)
class _Indexers(Rule):
    """Indexer cells (f-puzzles' row and column indexers)."""

    cells: tuple[Cell, ...]
    kind: ClassVar[OriginKind]
    along_column: ClassVar[bool]
    forms: ClassVar = {"cells": _cells}

    def check(self, side, box):
        seen = set()
        for cell in self.cells:
            cell = _cell(cell, side, self.kind.value)
            if cell in seen:
                raise InvalidPuzzleError(f"{self.kind.value}: {_name(cell)} is given twice")
            seen.add(cell)

    def constraints(self, side, box):
        out: list[Constraint] = []
        for r, c in self.cells:
            here = r * side + c
            origin = Origin(self.kind, 0, ((r, c),))
            me = (r if self.along_column else c) + 1
            for target in range(1, side + 1):
                other = ((target - 1) * side + c) if self.along_column else (r * side + target - 1)
                if other == here:
                    continue
                allowed = frozenset(
                    (a, b) for a in range(1, side + 1) for b in range(1, side + 1) if a != target or b == me
                )
                where = f"row {target}" if self.along_column else f"column {target}"
                meaning = f"put {me} in {where} when the indexer holds {target}"
                out.append(Relation(here, other, allowed, origin=origin, meaning=meaning))
        return out

    def to_json(self):
        return {self.keys[0]: [list(c) for c in self.cells]}

    @classmethod
    def from_json(cls, rules):
        items = _json_list(rules, cls.keys[0])
        if not all(isinstance(c, list) and len(c) == 2 for c in items):
            raise InvalidPuzzleError(f"rules.{cls.keys[0]} is a list of [row, column] cells")
        return cls(_cells(items))


@dataclass(frozen=True)
class RowIndexers(_Indexers):
    """Row indexers: a digit ``v`` in an indexer cell at row ``r``, column ``c`` (1-based)
    says that ``r`` is in row ``v`` of column ``c``; per other cell of the column, a
    ``Relation`` "indexer = v implies that cell = r".

    JSON: ``"row_indexers": [[r, c], ...]``.
    """

    keys: ClassVar = ("row_indexers",)
    kind: ClassVar = OriginKind.ROW_INDEXER
    along_column: ClassVar = True


@dataclass(frozen=True)
class ColumnIndexers(_Indexers):
    """Column indexers: a digit ``v`` in an indexer cell at row ``r``, column ``c`` (1-based)
    says that ``c`` is in column ``v`` of row ``r`` (the 1-5-9 rule's cells).

    JSON: ``"column_indexers": [[r, c], ...]``.
    """

    keys: ClassVar = ("column_indexers",)
    kind: ClassVar = OriginKind.COLUMN_INDEXER
    along_column: ClassVar = False


MAX_TABLE_ROWS = 200_000
"""Tuples of digits a line rule compiled to a ``Table`` may enumerate (``side ** length``)."""


@functools.cache
def _difference_count_table(side: int, length: int) -> frozenset[tuple[int, ...]]:
    allowed = set()
    for digits in itertools.product(range(1, side + 1), repeat=length):
        gaps = [abs(a - b) for a, b in itertools.pairwise(digits)]
        if all(gaps.count(gap) == gap for gap in gaps):
            allowed.add(digits)
    return frozenset(allowed)


@dataclass(frozen=True)
class DifferenceCountLines(_CommunityLines):
    """Difference-count lines ("differences count"): the difference between two adjacent
    digits on the line is how many adjacent pairs of the line have exactly that difference
    (so no two adjacent digits are equal). A ``Table`` of the line's allowed digit tuples,
    enumerated from the definition (lines of up to ``side ** length <= 200,000`` tuples).

    JSON: ``"difference_count_lines": [[[r, c], ...], ...]``.
    """

    keys: ClassVar = ("difference_count_lines",)
    kind: ClassVar = OriginKind.DIFFERENCE_COUNT_LINE
    noun: ClassVar = "difference-count line"

    def check(self, side, box):
        super().check(side, box)
        for number, line in enumerate(self.lines, 1):
            if side ** len(line) > MAX_TABLE_ROWS:
                raise InvalidPuzzleError(
                    f"{self.noun} {number} has {len(line)} cells: too long to tabulate on {side}x{side} "
                    f"(at most {MAX_TABLE_ROWS:,} digit tuples)"
                )

    def constraints(self, side, box):
        return [
            Table(
                tuple(_index(c, side) for c in line),
                _difference_count_table(side, len(line)),
                origin=self.origin(number),
                meaning="have each adjacent difference d exactly d times",
            )
            for number, line in enumerate(self.lines, 1)
        ]


@dataclass(frozen=True)
class IndexLines(_CommunityLines):
    """Index lines: the digit in the ``N``-th cell of the line (counted from its first cell,
    the diamond) is the position along the line where the digit ``N`` is; so it is at most
    the line's length (a ``ValueIn``), and "cell ``N`` holds ``p``" implies "cell ``p`` holds
    ``N``" (a ``Relation`` per pair of cells).

    JSON: ``"index_lines": [[[r, c], ...], ...]`` (the diamond's cell first).
    """

    keys: ClassVar = ("index_lines",)
    kind: ClassVar = OriginKind.INDEX_LINE
    noun: ClassVar = "index line"
    at_most_side: ClassVar = "positions run to"

    def constraints(self, side, box):
        out: list[Constraint] = []
        values = range(1, side + 1)
        for number, line in enumerate(self.lines, 1):
            origin = self.origin(number)
            cells = [_index(c, side) for c in line]
            length = len(cells)
            out.extend(ValueIn(c, frozenset(range(1, length + 1)), origin=origin) for c in cells)
            for n, p in itertools.permutations(range(1, length + 1), 2):
                allowed = frozenset((a, b) for a in values for b in values if a != p or b == n)
                meaning = f"put {n} in place {p} when place {n} holds {p}"
                out.append(Relation(cells[n - 1], cells[p - 1], allowed, origin=origin, meaning=meaning))
        return out


@dataclass(frozen=True)
class ParityLines(_CommunityLines):
    """Parity lines: adjacent digits along the line alternate between odd and even (a
    ``Relation`` "odd sum" per link).

    JSON: ``"parity_lines": [[[r, c], ...], ...]``.
    """

    keys: ClassVar = ("parity_lines",)
    kind: ClassVar = OriginKind.PARITY_LINE
    noun: ClassVar = "parity line"

    def constraints(self, side, box):
        return self._relations(side, _relation(side, "parity"), "alternate odd and even", 1)


@dataclass(frozen=True)
class NabnerLines(_CommunityLines):
    """Nabner lines: the digits on the line do not repeat and no two of them are consecutive
    (a ``Relation`` ``|a - b| >= 2`` between every two cells of the line).

    JSON: ``"nabner_lines": [[[r, c], ...], ...]``.
    """

    keys: ClassVar = ("nabner_lines",)
    kind: ClassVar = OriginKind.NABNER_LINE
    noun: ClassVar = "nabner line"

    def constraints(self, side, box):
        return self._relations(side, _relation(side, "apart", 2), "differ by at least 2", side * side)


@dataclass(frozen=True)
class DutchFlatmates(FlagRule):
    """Dutch flatmates: the middle digit (5 on 9x9; ``(n + 1) / 2`` for odd ``n``) has a 1
    directly above it or an ``n`` directly below it. Per cell, a ``Table`` over it and its
    neighbours above and below (a ``Relation`` on the top and bottom rows).

    JSON: ``"dutch_flatmates": true``.
    """

    keys: ClassVar = ("dutch_flatmates",)

    def check(self, side, box):
        if side % 2 == 0:
            raise InvalidPuzzleError(f"Dutch flatmates need an odd side (a middle digit), not {side}")

    def check_digits(self, side, box, digits):
        if digits != tuple(range(1, len(digits) + 1)) or len(digits) % 2 == 0:
            raise UnsupportedRuleError(
                f"Dutch flatmates on a grid of digits {_digits_name(digits)}: only an odd count of digits "
                "from 1 has a middle digit (ISS refuses shifted ranges)",
                elements=("dutch_flatmates",),
            )

    def constraints(self, side, box):
        values = digits_of(side)  # 1..k (check_digits): the middle digit of k, a 1 above or a k below
        middle, top = (len(values) + 1) // 2, len(values)
        out: list[Constraint] = []
        meaning = f"have a 1 above or a {top} below a {middle}"
        for r in range(side):
            for c in range(side):
                origin = Origin(OriginKind.DUTCH_FLATMATES, 0, ((r, c),))
                here = r * side + c
                if 0 < r < side - 1:
                    allowed = frozenset(
                        (up, v, down)
                        for up in values
                        for v in values
                        for down in values
                        if v != middle or up == 1 or down == top
                    )
                    cells = (here - side, here, here + side)
                    out.append(Table(cells, allowed, origin=origin, meaning=meaning))
                else:
                    other, wanted = (here + side, top) if r == 0 else (here - side, 1)
                    allowed = frozenset((v, w) for v in values for w in values if v != middle or w == wanted)
                    out.append(Relation(here, other, allowed, origin=origin, meaning=meaning))
        return out


@dataclass(frozen=True)
class ExtraRegions(Rule):
    """Extra regions of any shape: each holds different digits (an ``AllDifferent``; a
    region of ``n`` cells holds every digit once). Windoku's box-shaped windows are
    :class:`~sudoku_cp.model.rules.Windows`.

    JSON: ``"extra_regions": [[[r, c], ...], ...]``.
    """

    regions: tuple[tuple[Cell, ...], ...]
    keys: ClassVar = ("extra_regions",)
    takes_extra_cells: ClassVar = True
    forms: ClassVar = {"regions": _groups}

    def check(self, side, box):
        for number, region in enumerate(self.regions, 1):
            where = f"extra region {number}"
            cells = [_cell(c, side, where) for c in region]
            if len(set(cells)) != len(cells):
                raise InvalidPuzzleError(f"{where} lists a cell twice")
            most = len(digits_of(side))  # the puzzle's digits: more than the side on a 6x6 of 1..9
            if not 2 <= len(cells) <= most:
                raise InvalidPuzzleError(f"{where} has {len(cells)} cells; different digits fill 2 to {most}")

    def constraints(self, side, box):
        return [
            AllDifferent(
                tuple(_index(c, side) for c in region), origin=Origin(OriginKind.EXTRA_REGION, number, region)
            )
            for number, region in enumerate(self.regions, 1)
        ]

    def to_json(self):
        return {"extra_regions": _lines_json(self.regions)}

    @classmethod
    def from_json(cls, rules):
        return cls(_json_lines(rules, "extra_regions"))


@dataclass(frozen=True)
class NumberedRooms(Rule):
    """Numbered rooms: a clue outside a row or column is the digit in its ``k``-th cell from
    the clue, where ``k`` is the digit in its first cell. Per ``k``, a ``Relation`` "first
    cell = k implies k-th cell = clue" (and the first cell is not 1 unless the clue is).

    JSON: ``"numbered_rooms": [{"side": "left", "index": 0, "value": 7}, ...]`` (as
    sandwich clues: ``side`` of the 0-based row or column ``index``).
    """

    clues: tuple[OutsideClue, ...]
    keys: ClassVar = ("numbered_rooms",)

    def __post_init__(self) -> None:
        object.__setattr__(self, "clues", _outside_clues(self.clues, "value", "numbered_rooms"))

    def check(self, side, box):
        for number, clue in enumerate(self.clues, 1):
            where = f"numbered room {number}"
            clue.check(side, where)
            if clue.value not in digits_of(side):
                raise InvalidPuzzleError(
                    f"{where}: its clue {clue.value} is not a digit of {_digits_name(digits_of(side))}"
                )

    def constraints(self, side, box):
        values = digits_of(side)  # the puzzle's digits (DIGIT_AWARE); the first cell's k is a digit 1..n
        out: list[Constraint] = []
        for number, clue in enumerate(self.clues, 1):
            line = clue.line(side)
            origin = Origin(OriginKind.NUMBERED_ROOM, number, line, total=clue.value)
            first = _index(line[0], side)
            reach = frozenset(d for d in values if 1 <= d <= side and (d != 1 or clue.value == 1))
            if reach != frozenset(values):
                out.append(ValueIn(first, reach, origin=origin))
            for k in range(2, side + 1):
                allowed = frozenset((a, b) for a in values for b in values if a != k or b == clue.value)
                meaning = f"hold {clue.value} in the {k}th cell when the first holds {k}"
                out.append(
                    Relation(first, _index(line[k - 1], side), allowed, origin=origin, meaning=meaning)
                )
        return out

    def to_json(self):
        return {"numbered_rooms": [clue.json("value") for clue in self.clues]}

    @classmethod
    def from_json(cls, rules):
        return cls(_outside_clues(_json_list(rules, "numbered_rooms"), "value", "numbered_rooms"))


@dataclass(frozen=True)
class AntiTaxicab(FlagRule):
    """Anti-taxicab: two cells a taxicab distance ``d`` apart (``d`` orthogonal steps) do not
    both hold the digit ``d``. A ``Relation`` excluding ``(d, d)`` per pair of cells at most
    ``n`` steps apart.

    JSON: ``"anti_taxicab": true``.
    """

    keys: ClassVar = ("anti_taxicab",)

    def constraints(self, side, box):
        values = range(1, side + 1)
        out: list[Constraint] = []
        cells = [(r, c) for r in range(side) for c in range(side)]
        for a, b in itertools.combinations(cells, 2):
            distance = abs(a[0] - b[0]) + abs(a[1] - b[1])
            if distance > side or a[0] == b[0] or a[1] == b[1]:
                continue  # no digit that far; rows and columns already keep equal digits apart
            allowed = frozenset((x, y) for x in values for y in values if not x == y == distance)
            origin = Origin(OriginKind.ANTI_TAXICAB, 0, (a, b))
            meaning = f"not both be {distance}, {distance} steps apart"
            out.append(Relation(_index(a, side), _index(b, side), allowed, origin=origin, meaning=meaning))
        return out


COMMUNITY_RULE_TYPES: tuple[type[Rule], ...] = (
    SlowThermo,
    Whispers,
    Clones,
    DisjointGroups,
    ModularLines,
    EntropicLines,
    ZipperLines,
    RowIndexers,
    ColumnIndexers,
    DifferenceCountLines,
    IndexLines,
    ParityLines,
    NabnerLines,
    DutchFlatmates,
    ExtraRegions,
    NumberedRooms,
    AntiTaxicab,
)
"""The rule types of this module, registered into :data:`sudoku_cp.model.rules.RULE_TYPES`."""

for _type in COMMUNITY_RULE_TYPES:
    register_rule_type(_type)

from sudoku_cp.model.community_kinds import COMMUNITY_KIND_TYPES  # noqa: E402  (after the module's own)

for _type in COMMUNITY_KIND_TYPES:
    register_rule_type(_type)

# registers chaos construction and its clues, and full rank clues
from sudoku_cp.model import chaos, extra_cells, full_rank  # noqa: E402, F401

__all__ = [
    "AntiTaxicab",
    "COMMUNITY_RULE_TYPES",
    "CloneClue",
    "Clones",
    "ColumnIndexers",
    "DifferenceCountLines",
    "DutchFlatmates",
    "IndexLines",
    "NabnerLines",
    "ParityLines",
    "DisjointGroups",
    "EntropicLines",
    "ExtraRegions",
    "ModularLines",
    "NumberedRooms",
    "RowIndexers",
    "SlowThermo",
    "Whispers",
    "WhispersLine",
    "ZipperLines",
]
