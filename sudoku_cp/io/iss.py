"""sigh's Interactive Sudoku Solver (ISS): its constraint strings and share links, read
into the package's JSON puzzle record and written back.

An ISS puzzle is one string of parts, each ``.Type~arg~arg...`` (whitespace ignored),
for example ``.Shape~6x6.~R1C1_5~R2C3_1_2.Thermo~R1C2~R2C2~R3C2.Cage~10~R4C1~R4C2``. A
part with no type holds givens (``R1C1_5``) and given candidates (``R1C1_2_4_6``: the
cell holds one of them). Cells are ``R<row>C<column>``, row and column one character in
base 17 (``1``..``9``, ``a``..``g``; 16x16 grids are the largest). ``Or`` and ``And``
open a group of parts closed by ``.End``. A share link
``https://sigh.github.io/Interactive-Sudoku-Solver/?q=<string>`` carries the string
(URL-encoded). The format is read from ISS's own parser and constraint classes
(``js/sudoku_parser.js``, ``js/sudoku_constraint.js``, ``js/solver/sudoku_builder.js``
of github.com/sigh/Interactive-Sudoku-Solver, MIT licence; read to learn, no code copied).

**One table**, :data:`TYPES`, maps each ISS type this module reads to a small function
that adds the package's rule (a key of the JSON ``rules`` object, :mod:`sudoku_cp.model.rules`
and :mod:`sudoku_cp.model.community_rules`) for one part; a type not in the table is
refused with :class:`~sudoku_cp.errors.UnsupportedRuleError` naming the type and the
part's position and text (``part 3 ('.Lunchbox~11~R1C2...'): ISS's Lunchbox: ...``):
nothing is ever dropped (``ignore=["part 3"]`` solves without it, on purpose). A malformed
part is an :class:`~sudoku_cp.errors.InvalidPuzzleError` naming its position and text.
A ``Shape``'s value range (``~0-8``; ``6x6~9``: digits 1..9) becomes the record's
``digits`` (:mod:`sudoku_cp.model.digits`), and ``RegionSize`` the boxes' size as ISS
tiles them (:func:`_box_dims`). ISS's older one-line formats (a plain grid, givens then a
jigsaw layout, the short and the long killer formats) are read first, as ISS does
(:func:`legacy_record`). :func:`write` (``Puzzle.to_iss``) writes the rules it reads back
as ISS parts (:data:`WRITERS`).

>>> record = record_from_string(".~R1C1_5.Thermo~R2C2~R2C3.X~R3C3~R3C4")
>>> record["grid"][:1], record["rules"]["thermos"], record["rules"]["x"]
('5', [[[1, 1], [1, 2]]], [[[2, 2], [2, 3]]])
>>> write(record_from_string(".~R1C1_5.Thermo~R2C2~R2C3"))
'.~R1C1_5.Thermo~R2C2~R2C3'
"""

from __future__ import annotations

import base64
import contextvars
import itertools
import re
import urllib.parse
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sudoku_cp.errors import InvalidPuzzleError, UnsupportedRuleError
from sudoku_cp.model.grid import digit_char

MAX_STRING = 1_000_000
"""Characters of an ISS string at most (a longer one is refused before it is split)."""

MAX_SIDE = 16
"""ISS's largest grid side."""

_LINK = re.compile(r"^https?://sigh\.github\.io/Interactive-Sudoku-Solver/?\S*$", re.IGNORECASE)
_CELL = re.compile(r"^[Rr]([1-9a-gA-G])[Cc]([1-9a-gA-G])$")
_SIZES = {
    4: (2, 2),
    6: (2, 3),
    8: (2, 4),
    9: (3, 3),
    10: (2, 5),
    12: (3, 4),
    14: (2, 7),
    15: (3, 5),
    16: (4, 4),
}
_DIGITS = "123456789ABCDEFG"
_SYMBOLS = "0123456789ABCDEFG"  # a digit's character in a regular expression (0 on a grid of 0..n-1)


def is_iss_link(text: str) -> bool:
    """True when ``text`` is a share link of ISS.

    >>> is_iss_link("https://sigh.github.io/Interactive-Sudoku-Solver/?q=.~R1C1_5")
    True
    """
    return bool(_LINK.match(text.strip()))


PENCILMARK_LENGTHS = (216, 512, 729)
"""The lengths of ISS's pencilmark grids it can tell from a plain grid (6x6, 8x8 and 9x9:
``side**3`` characters; a 4x4's 64 is read as a plain 8x8 first, by ISS too)."""


def looks_like_iss(head: str) -> bool:
    """The sniff test of the ``iss`` reader: ``head`` starts with an ISS part (``.~R1C1``
    or ``.Type`` for a type ISS has, with ``~`` or ``.`` after it), or is an ISS link.

    >>> [looks_like_iss(t) for t in (".~R1C1_5.Thermo~R2C2~R2C3", "..3.5....", "..Cage~3~R1C1")]
    [True, False, True]
    """
    head = head.strip()
    if is_iss_link(head) or head.startswith("3x3::k:") or head.startswith("3x3:d:k:"):
        return True
    if len(head) in {81, *PENCILMARK_LENGTHS} | {2 * n * n for n in _SIZES} and "~" not in head:
        try:
            return (_short_killer(head) if len(head) == 81 else legacy_record(head)) is not None
        except InvalidPuzzleError:  # a pencilmark grid ISS would refuse: its reader says why
            return len(head) in PENCILMARK_LENGTHS and bool(re.fullmatch(r"[\d.]*", head))
    head = re.sub(r"^\.+(?=\.)", "", head)  # empty parts first ('..Cage~...')
    match = re.match(r"^\.([A-Za-z]*)(~|\.|$)", head)
    if not match:
        return False
    name = match[1]
    return (name == "" and bool(re.match(r"^\.~R[1-9a-gA-G]C", head))) or name in ALL_TYPES


# -- parsing ------------------------------------------------------------------------------------


@dataclass
class Part:
    """One part of an ISS string: its 1-based position, its type (``""`` for givens), its
    arguments, and its text; ``children`` for ``Or`` and ``And``."""

    position: int
    kind: str
    args: list[str]
    text: str
    children: list[Part] = field(default_factory=list)

    @property
    def where(self) -> str:
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return f"part {self.position} ({shown!r})"


def parse(text: str) -> list[Part]:
    """The parts of an ISS string, ``Or``/``And`` groups nested (their ``.End`` consumed).

    Raises:
        InvalidPuzzleError: not a string, longer than :data:`MAX_STRING`, not starting with
            ``.``, an ``.End`` with no group open, or a group never closed (naming the part).
    """
    if not isinstance(text, str):
        raise InvalidPuzzleError(f"an ISS puzzle is a string, not {type(text).__name__}")
    if len(text) > MAX_STRING:
        raise InvalidPuzzleError(
            f"the ISS string has {len(text):,} characters; at most {MAX_STRING:,} are read"
        )
    compact = re.sub(r"\s+", "", text)
    first, *items = compact.split(".")
    if first != "":
        raise InvalidPuzzleError(f"an ISS string starts with '.', not {compact[:20]!r}")
    root: list[Part] = []
    stack: list[Part] = []
    for position, item in enumerate(items, 1):
        kind, *args = item.split("~")
        part = Part(position, kind, args, "." + item)
        if kind == "End":
            if not stack:
                raise InvalidPuzzleError(f"{part.where}: '.End' closes no Or/And group")
            stack.pop()
            continue
        if kind and not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", kind):
            raise InvalidPuzzleError(f"{part.where}: {kind!r} is not a constraint type")
        (stack[-1].children if stack else root).append(part)
        if kind in ("Or", "And", "Replicate"):
            stack.append(part)
    if stack:
        raise InvalidPuzzleError(f"{stack[-1].where}: its group is never closed by '.End'")
    return root


def _cell(name: str, side: int, part: Part) -> list[int]:
    match = _CELL.match(name)
    if not match:
        if re.match(r"^(V[A-Z]|DG[BCRZ])", name):
            raise InvalidPuzzleError(
                f"{part.where}: {name!r} is no cell: no Var (or Doppelganger) part declares this extra cell"
            )
        raise InvalidPuzzleError(f"{part.where}: {name!r} is not a cell such as R1C1")
    row, column = int(match[1], 17) - 1, int(match[2], 17) - 1
    if row >= side or column >= side:
        raise InvalidPuzzleError(f"{part.where}: {name} is outside the {side}x{side} grid")
    return [row, column]


def cell_id(cell: list[int] | tuple[int, int]) -> str:
    """ISS's name of a 0-based ``(row, column)``: ``R1C1``; rows and columns past 9 are
    base-17 letters (``RgCg`` on 16x16); while :func:`write` writes a puzzle with extra
    cells, an extra cell's name (``VX3``, ``DGR1``).

    >>> cell_id((15, 9))
    'RgCa'
    """
    named = (_EXTRA_NAMES.get() or {}).get((cell[0], cell[1]))
    if named is not None:
        return named
    return "R" + _base17(cell[0] + 1) + "C" + _base17(cell[1] + 1)


_EXTRA_NAMES: contextvars.ContextVar[dict[tuple[int, int], str]] = contextvars.ContextVar(
    "iss_extra_names", default=None
)
"""The ISS names of the extra cells of the puzzle :func:`write` is writing."""


def _base17(value: int) -> str:
    return "0123456789abcdefg"[value]


def _int(value: str, part: Part, what: str) -> int:
    if not re.fullmatch(r"-?\d{1,6}", value or ""):
        raise InvalidPuzzleError(f"{part.where}: its {what} {value!r} is not a whole number")
    return int(value)


def _refuse(part: Part, reason: str) -> UnsupportedRuleError:
    return UnsupportedRuleError(f"{part.where}: {reason}", elements=(f"part {part.position}",))


# -- the context of one puzzle -------------------------------------------------------------------


@dataclass(frozen=True)
class ExtraCell:
    """An extra cell of ISS (a ``Var`` or ``Doppelganger`` cell outside the grid): the
    ``[row, column]`` the package's rules name it by (:func:`sudoku_cp.model.extra_cells.extra_cell`),
    and where ISS draws it: its group, row and column there (cells of one group are
    orthogonal neighbours as drawn; a grid cell is never next to an extra one)."""

    cell: tuple[int, int]
    group: str
    row: int
    column: int


@dataclass
class Context:
    """What the parts of one ISS string build: the side, the givens, the JSON ``rules``
    (one object, or an alternative's own inside ``Or``), and the types present."""

    side: int
    grid: list[str]
    rules: dict[str, Any]
    types: frozenset[str]
    box: tuple[int, int] | None
    top: bool = True
    digits: tuple[int, ...] | None = None  # the Shape's digits when not 1..n (0-8, 1..9 on 6x6)
    region_size: int | None = None  # RegionSize: the boxes' and jigsaw pieces' size, else the side
    extra: dict[str, ExtraCell] = field(default_factory=dict)  # Var and Doppelganger cells by name

    @property
    def values(self) -> tuple[int, ...]:
        """The digits of the grid, ascending: ``1..n`` unless the Shape chose others."""
        return self.digits or tuple(range(1, self.side + 1))

    def add(self, key: str, item: Any) -> None:
        self.rules.setdefault(key, []).append(item)

    def flag(self, key: str) -> None:
        self.rules[key] = True

    def cells(
        self, part: Part, names: list[str] | None = None, minimum: int = 1, extra: bool = False
    ) -> list[list[int]]:
        """The cells ``names`` (the part's arguments by default); extra cells (``VA1``,
        ``DGR3``) only where ``extra`` says the part's rule reads them, else refused."""
        names = part.args if names is None else names
        if len(names) < minimum:
            raise InvalidPuzzleError(f"{part.where}: needs at least {minimum} cell(s), has {len(names)}")
        return [self.cell(name, part, extra) for name in names]

    def cell(self, name: str, part: Part, extra: bool = False) -> list[int]:
        """One cell by its ISS name: a grid cell, or a declared extra cell where ``extra``."""
        found = self.extra.get(name)
        if found is None:
            return _cell(name, self.side, part)
        if not extra:
            raise _refuse(
                part,
                f"ISS's {part.kind or 'given'} on the extra cell {name} (a Var or Doppelganger cell "
                "outside the grid), which the package reads only in sums, cages, arrows, thermometers, "
                "whispers, relations, regular lines, counts, indexing and AllDifferent",
            )
        return list(found.cell)

    def is_extra(self, cell: list[int]) -> bool:
        """True for an extra cell (rows below the grid: :mod:`sudoku_cp.model.extra_cells`)."""
        return cell[0] >= self.side


def _line(key: str, minimum: int = 2) -> Callable[[Part, Context], None]:
    """A line of cells (``.Type~R1C1~R1C2...``) read into ``rules[key]`` as a line."""

    def read(part: Part, ctx: Context) -> None:
        ctx.add(key, ctx.cells(part, minimum=minimum))

    read.__doc__ = f"a line of cells -> rules[{key!r}]"
    return read


def _flag(key: str) -> Callable[[Part, Context], None]:
    def read(part: Part, ctx: Context) -> None:
        if part.args and any(part.args):
            raise InvalidPuzzleError(f"{part.where}: takes no arguments")
        ctx.flag(key)

    read.__doc__ = f"a global rule -> rules[{key!r}] = true"
    return read


def _orthogonal_pairs(part: Part, ctx: Context) -> list[list[list[int]]]:
    """The orthogonally adjacent pairs among a part's cells, each once, in ISS's order (a
    cell with the later cells next to it)."""
    cells = ctx.cells(part, minimum=2)
    pairs = []
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
                pairs.append([a, b])
    if not pairs:
        raise InvalidPuzzleError(f"{part.where}: no two of its cells are orthogonal neighbours")
    return pairs


def _pairs(key: str, swap: bool = False) -> Callable[[Part, Context], None]:
    def read(part: Part, ctx: Context) -> None:
        for a, b in _orthogonal_pairs(part, ctx):
            ctx.add(key, [b, a] if swap else [a, b])

    read.__doc__ = f"adjacent pairs among the cells -> rules[{key!r}]"
    return read


def _givens(part: Part, ctx: Context) -> None:
    """``R1C1_5`` a given; ``R1C1_2_4_6`` given candidates (a one-cell regular line)."""
    for arg in part.args:
        name, *values = arg.split("_")
        cell = ctx.cell(name, part, extra=True)
        digits = sorted({_int(v, part, "value") for v in values})
        if not values or any(d not in ctx.values for d in digits):
            raise InvalidPuzzleError(f"{part.where}: {arg!r} needs values of {_range_text(ctx.values)}")
        if ctx.is_extra(cell):  # an extra cell's value or candidates: a one-cell regular line
            if len(digits) < len(ctx.values):
                ctx.add(
                    "regular", {"cells": [cell], "pattern": "[" + "".join(_SYMBOLS[d] for d in digits) + "]"}
                )
            continue
        if len(digits) == 1 and ctx.top:
            index = cell[0] * ctx.side + cell[1]
            if ctx.grid[index] not in (".", digit_char(digits[0])):
                raise InvalidPuzzleError(
                    f"{part.where}: {name} is given twice, as {ctx.grid[index]} and {digits[0]}"
                )
            ctx.grid[index] = digit_char(digits[0])
        elif len(digits) < len(ctx.values):
            ctx.add("regular", {"cells": [cell], "pattern": "[" + "".join(_SYMBOLS[d] for d in digits) + "]"})


def _jigsaw(part: Part, ctx: Context) -> None:
    """``.Jigsaw~<layout>`` (or ISS's legacy ``.Jigsaw~<shape>~<layout>``): with ``NoBoxes``
    the regions replace the boxes, else they are extra regions."""
    if not 1 <= len(part.args) <= 2:
        raise InvalidPuzzleError(f"{part.where}: a jigsaw takes its layout (one string)")
    layout = part.args[-1]
    if len(layout) != ctx.side * ctx.side:
        raise InvalidPuzzleError(
            f"{part.where}: a jigsaw layout of {len(layout)} characters; "
            f"the {ctx.side}x{ctx.side} grid needs "
            f"{ctx.side * ctx.side}"
        )
    groups: dict[str, list[list[int]]] = {}
    for index, char in enumerate(layout):
        groups.setdefault(char, []).append([index // ctx.side, index % ctx.side])
    if len(groups) == 1:
        return
    size = ctx.region_size or ctx.side  # ISS's RegionSize: the pieces' size
    pieces = [cells for cells in groups.values() if ctx.side <= len(cells) <= len(ctx.values)]
    if len(groups) - len(pieces) > 1:
        raise InvalidPuzzleError(f"{part.where}: a jigsaw layout with regions of several sizes")
    # ISS keeps one region of another size as no piece at all (a partly filled grid's rest)
    groups = {char: cells for char, cells in groups.items() if cells in pieces}
    if any(len(cells) != size for cells in groups.values()):
        raise _refuse(part, f"a jigsaw whose regions are not all of {size} cells")
    whole = len(groups) == len(set(layout))  # no region skipped: the layout is the grid's regions
    if ("NoBoxes" in ctx.types or ctx.box is None) and size == ctx.side and whole and ctx.top:
        labels = {char: "abcdefghijklmnopqrstuvwxyz"[i] for i, char in enumerate(dict.fromkeys(layout))}
        ctx.rules["regions"] = "".join(labels[c] for c in layout)
    else:
        for cells in groups.values():
            ctx.add("extra_regions", cells)


def _thermo(part: Part, ctx: Context) -> None:
    """Digits increase from the bulb (the first cell); through extra cells, a relation
    ``a<b`` between each two consecutive cells (ISS asks no drawn path)."""
    cells = ctx.cells(part, minimum=2, extra=True)
    if any(map(ctx.is_extra, cells)):
        ctx.add("relations", {"pairs": [[a, b] for a, b in itertools.pairwise(cells)], "predicate": "a<b"})
        return
    ctx.add("thermos", cells)


def _arrow(part: Part, ctx: Context) -> None:
    """The first cell is the circle; the others add up to it. ISS asks no path of its cells
    (an ambiguous arrow names them in any order): cells that are not a drawn arrow (each
    touching the next, none twice) are a weighted sum, circle -1, the rest +1, total 0."""
    cells = ctx.cells(part, minimum=2, extra=True)
    path = (
        not any(map(ctx.is_extra, cells))
        and len({tuple(c) for c in cells}) == len(cells)
        and all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in itertools.pairwise(cells))
    )
    if path:
        ctx.add("arrows", {"circle": cells[:1], "arrow": cells[1:]})
        return
    unique, weights = _weights(cells, [-1] + [1] * (len(cells) - 1))
    ctx.add("sums", {"cells": unique, "total": 0, "distinct": False, "coefficients": weights})


def _cage(part: Part, ctx: Context) -> None:
    """``.Cage~<sum>~cells``: different digits adding up to the sum (empty or 0: no total).
    A cage that overlaps another is a distinct sum (the killer rule wants disjoint cages)."""
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: a cage needs its sum and cells")
    total = _int(part.args[0], part, "sum") if part.args[0].strip() else 0
    cells = ctx.cells(part, part.args[1:], minimum=1, extra=True)
    if len({tuple(c) for c in cells}) < len(
        cells
    ):  # ISS: its digits differ, a cell listed k times counts k times
        unique, weights = _weights(cells, [1] * len(cells))
        if len(unique) > 1:
            ctx.add("extra_regions", unique)
        if total:
            ctx.add("sums", {"cells": unique, "total": total, "distinct": False, "coefficients": weights})
        return
    taken = {tuple(c) for cage in ctx.rules.get("cages", []) for c in cage["cells"]}
    if any(tuple(c) in taken or ctx.is_extra(c) for c in cells):  # not a killer cage: a distinct sum
        if total:
            ctx.add("sums", {"cells": cells, "total": total, "distinct": True})
        else:
            ctx.add("extra_regions", cells)
        return
    ctx.add("cages", {"cells": cells, **({"sum": total} if total else {})})


def _sum(part: Part, ctx: Context) -> None:
    """``.Sum~<total>~cells``: the digits (which may repeat) add up to the total."""
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: a sum needs its total and cells")
    head, *rest = part.args[0].split("_")
    total = _int(head, part, "total")
    cells = ctx.cells(part, part.args[1:], extra=True)
    coefficients = [1] * len(cells)
    if rest:  # ISS's weighted sum: total_=_a_b_...
        if rest[0] != "=" or len(rest) - 1 != len(cells):
            raise InvalidPuzzleError(f"{part.where}: a weighted sum is total_=_a_b... with one weight a cell")
        coefficients = [_int(a, part, "coefficient") for a in rest[1:]]
    if rest or len({tuple(c) for c in cells}) < len(cells):  # a cell listed twice counts twice (ISS)
        unique, weights = _weights(cells, coefficients)
        ctx.add("sums", {"cells": unique, "total": total, "distinct": False, "coefficients": weights})
        return
    ctx.add("sums", {"cells": cells, "total": total, "distinct": False})


def _weights(cells: list[list[int]], coefficients: list[int]) -> tuple[list[list[int]], list[int]]:
    """Each cell once with its coefficients added up, cells of weight 0 left out (ISS's Sum)."""
    weights: dict[tuple[int, int], int] = {}
    for cell, a in zip(cells, coefficients, strict=True):
        weights[tuple(cell)] = weights.get(tuple(cell), 0) + a
    kept = [(list(c), a) for c, a in weights.items() if a]
    return [c for c, _ in kept], [a for _, a in kept]


def _whisper(part: Part, ctx: Context) -> None:
    """``.Whisper~<difference>~cells`` (the difference left out: 5, German whispers)."""
    args = list(part.args)
    difference = 5
    if args and re.fullmatch(r"-?\d+", args[0]):
        difference = _int(args.pop(0), part, "difference")
    cells = ctx.cells(part, args, minimum=2, extra=True)
    if len({tuple(c) for c in cells}) < len(cells) or any(map(ctx.is_extra, cells)):  # its links
        pairs = [[cells[i - 1], cells[i]] for i in range(1, len(cells))]
        ctx.add("relations", {"pairs": pairs, "predicate": f"abs(a-b)>={difference}"})
    elif difference == 5 and ctx.side == 9:
        ctx.add("german_whispers", cells)
    else:
        ctx.add("whispers", {"line": cells, "difference": difference})


def _region_sum_line(part: Part, ctx: Context) -> None:
    """Equal sums in each box the line passes through; on a grid with no boxes ISS uses the
    jigsaw regions, which the package's rule does not (refused), and with no regions at
    all the line says nothing (ISS: trivially true), read as nothing."""
    cells = ctx.cells(part, minimum=2)
    if ctx.box is None and "Jigsaw" in ctx.types:
        if (ctx.region_size or ctx.side) != ctx.side or "extra_regions" in ctx.rules:
            raise _refuse(part, "a region-sum line over jigsaw pieces that are not the grid's regions")
        ctx.add("region_sum_lines", cells)  # over the jigsaw's regions (its rule reads them)
    elif ctx.box is not None:
        ctx.add("region_sum_lines", cells)


def _modular(part: Part, ctx: Context) -> None:
    """``.Modular~<m>~cells``: any ``m`` consecutive cells have different remainders mod
    ``m`` (so cells ``m`` apart share one); mod 3 is the community's modular line."""
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: a modular line needs its modulus and cells")
    mod = _int(part.args[0], part, "modulus")
    cells = ctx.cells(part, part.args[1:], minimum=2)
    if mod < 1:
        raise InvalidPuzzleError(f"{part.where}: the modulus {mod} is below 1")
    if mod == 3 and len(cells) >= 3:
        ctx.add("modular_lines", cells)
        return
    differ = [
        [cells[i], cells[j]] for i in range(min(mod, len(cells))) for j in range(i + 1, min(mod, len(cells)))
    ]
    same = [[cells[i], cells[j]] for i in range(len(cells)) for j in range(i + mod, len(cells), mod)]
    if differ:
        ctx.add("relations", {"pairs": differ, "predicate": f"a%{mod}!=b%{mod}"})
    if same:
        ctx.add("relations", {"pairs": same, "predicate": f"a%{mod}==b%{mod}"})


def _entropic(part: Part, ctx: Context) -> None:
    """Any 3 consecutive cells: one low, one middle, one high digit (9 values)."""
    cells = ctx.cells(part, minimum=2)
    if ctx.side != 9:
        raise InvalidPuzzleError(f"{part.where}: an entropic line needs the digits 1-9")
    if len(cells) >= 3:
        ctx.add("entropic_lines", cells)
    else:
        ctx.add("relations", {"pairs": [cells], "predicate": "(a-1)//3!=(b-1)//3"})


def _little_killer_diagonals(side: int) -> dict[tuple[int, int], tuple[list[int], list[int]]]:
    """ISS's little-killer clue ids (the first cell of a diagonal, in ISS's order of
    sides) -> (the package's clue position outside the grid, its direction)."""
    out: dict[tuple[int, int], tuple[list[int], list[int]]] = {}
    seen: set[frozenset] = set()

    def add(row: int, col: int, dr: int, dc: int) -> None:
        cells = []
        r, c = row, col
        while 0 <= r < side and 0 <= c < side:
            cells.append((r, c))
            r, c = r + dr, c + dc
        key = frozenset(cells)
        if len(cells) > 1 and key not in seen:
            seen.add(key)
            out[(row, col)] = ([row - dr, col - dc], [dr, dc])

    for row in range(side - 1):
        add(row, 0, 1, 1)
    for row in range(1, side - 1):
        add(row, side - 1, -1, -1)
    for col in range(1, side):
        add(0, col, 1, -1)
    for col in range(1, side - 1):
        add(side - 1, col, -1, 1)
    return out


def _little_killer(part: Part, ctx: Context) -> None:
    """``.LittleKiller~<sum>~<first cell of the diagonal>``."""
    if len(part.args) != 2:
        raise InvalidPuzzleError(f"{part.where}: a little killer takes its sum and the diagonal's first cell")
    total = _int(part.args[0], part, "sum")
    start = tuple(ctx.cell(part.args[1], part))
    diagonals = _little_killer_diagonals(ctx.side)
    if start not in diagonals:
        raise InvalidPuzzleError(f"{part.where}: {part.args[1]} starts no little-killer diagonal")
    clue, direction = diagonals[start]
    ctx.add("little_killers", {"sum": total, "clue": clue, "direction": direction})


def _line_id(text: str, part: Part, ctx: Context) -> tuple[str, int]:
    match = re.fullmatch(r"([RC])(\d+)", text or "")
    if not match or not 1 <= int(match[2]) <= ctx.side:
        raise InvalidPuzzleError(f"{part.where}: {text!r} is not a row or column R1..C{ctx.side}")
    return match[1], int(match[2]) - 1


def _sandwich(part: Part, ctx: Context) -> None:
    """``.Sandwich~<sum>~R3`` (or ``C3``): the digits between the 1 and the ``n``."""
    if len(part.args) != 2:
        raise InvalidPuzzleError(f"{part.where}: a sandwich takes its sum and a row or column")
    total = _int(part.args[0], part, "sum")
    line, index = _line_id(part.args[1], part, ctx)
    ctx.add("sandwiches", {"side": "left" if line == "R" else "top", "index": index, "sum": total})


def _both_ends(key: str, value_key: str) -> Callable[[Part, Context], None]:
    """``.Type~R3~<from the left>~<from the right>`` (``C3``: top, bottom), either empty."""

    def read(part: Part, ctx: Context) -> None:
        if not 2 <= len(part.args) <= 3:
            raise InvalidPuzzleError(f"{part.where}: takes a row or column and one or two clues")
        line, index = _line_id(part.args[0], part, ctx)
        sides = ("left", "right") if line == "R" else ("top", "bottom")
        for side, value in zip(sides, part.args[1:], strict=False):
            if value.strip():
                ctx.add(key, {"side": side, "index": index, value_key: _int(value, part, "clue")})

    read.__doc__ = f"outside clues at both ends of a row or column -> rules[{key!r}]"
    return read


def _diagonal(part: Part, ctx: Context) -> None:
    """``.Diagonal~1`` the anti-diagonal (╱), ``~-1`` the main one (╲); both: X-Sudoku."""
    if part.args not in (["1"], ["-1"]):
        raise InvalidPuzzleError(f"{part.where}: a diagonal's direction is 1 or -1")
    ctx.rules.setdefault("_diagonals", set()).add(int(part.args[0]))


def _windoku(part: Part, ctx: Context) -> None:
    """The windows one cell in from each box corner (ISS's rule, any box shape)."""
    if ctx.box is None or ctx.side not in _SIZES:
        raise _refuse(part, "Windoku windows on a grid without boxes")
    height, width = _SIZES[ctx.side]
    corners = [
        [row, col]
        for col in range(1, ctx.side - width, width + 1)
        for row in range(1, ctx.side - height, height + 1)
    ]
    ctx.rules["windows"] = sorted(corners)


def _quad(part: Part, ctx: Context) -> None:
    """``.Quad~<top-left cell>~<digits...>``: the 2x2 cells hold each listed digit."""
    if len(part.args) < 2:
        raise InvalidPuzzleError(f"{part.where}: a quad takes its top-left cell and digits")
    row, col = ctx.cell(part.args[0], part)
    if row + 1 >= ctx.side or col + 1 >= ctx.side:
        raise InvalidPuzzleError(f"{part.where}: no 2x2 square starts at {part.args[0]}")
    digits = [_int(v, part, "digit") for v in part.args[1:]]
    ctx.add("quadruples", {"cell": [row, col], "digits": digits})


def _all_different(part: Part, ctx: Context) -> None:
    """Cells holding different digits: an extra region."""
    ctx.add("extra_regions", ctx.cells(part, minimum=2, extra=True))


def _indexing(part: Part, ctx: Context) -> None:
    """``.Indexing~C~cells`` column indexers, ``~R~`` row indexers."""
    if not part.args or part.args[0] not in ("R", "C"):
        raise InvalidPuzzleError(f"{part.where}: indexing is 'R' (rows) or 'C' (columns), then cells")
    key = "row_indexers" if part.args[0] == "R" else "column_indexers"
    for cell in ctx.cells(part, part.args[1:]):
        ctx.add(key, cell)


def _contain(operator: str) -> Callable[[Part, Context], None]:
    """``.ContainExact~1_2_2~cells``: the digits appear (a digit listed twice, twice),
    exactly (``==``) or at least (``>=``) that often."""

    def read(part: Part, ctx: Context) -> None:
        if not part.args:
            raise InvalidPuzzleError(f"{part.where}: needs its digits and cells")
        digits = [_int(v, part, "digit") for v in part.args[0].split("_")]
        cells = ctx.cells(part, part.args[1:], extra=True)
        for digit in sorted(set(digits)):
            if digit not in ctx.values:
                raise InvalidPuzzleError(f"{part.where}: {digit} is not a digit {_range_text(ctx.values)}")
            ctx.add(
                "counts", {"cells": cells, "value": digit, "count": digits.count(digit), "operator": operator}
            )

    read.__doc__ = f"digits that appear in cells -> rules['counts'] ({operator})"
    return read


def _named_groups(items: list[str]) -> list[list[str]]:
    """ISS's cell groups: an empty item ends a group, ``_name`` names the next."""
    groups: list[list[str]] = [[]]
    for item in items:
        if not item or item.startswith("_"):
            groups.append([])
        else:
            groups[-1].append(item)
    return [g for g in groups if g]


def binary_key_pairs(key: str, side: int) -> set[tuple[int, int]]:
    """The pairs ``(a, b)`` of digits that ISS's binary key allows: 6 bits per character of
    URL-safe base64, bit ``(a - 1) * side + (b - 1)`` set when ``(a, b)`` holds.

    Raises:
        InvalidPuzzleError: a character outside URL-safe base64.

    >>> sorted(binary_key_pairs("J", 2))
    [(1, 1), (2, 2)]
    """
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    bits = []
    for char in key:
        if char not in alphabet:
            raise InvalidPuzzleError(f"the binary key {key!r} holds {char!r}, not URL-safe base64")
        value = alphabet.index(char)
        bits += [(value >> i) & 1 for i in range(6)]
    allowed = set()
    for index, bit in enumerate(bits[: side * side]):
        if bit:
            allowed.add((index // side + 1, index % side + 1))
    return allowed


def _class(digits: list[int]) -> str:
    """A regular-expression class of digits, runs written as ranges: ``[1-35]``."""
    if len(digits) == 1:
        return _SYMBOLS[digits[0]]
    out, i = "", 0
    while i < len(digits):
        j = i
        while j + 1 < len(digits) and digits[j + 1] == digits[j] + 1:
            j += 1
        out += _SYMBOLS[digits[i]] + (
            "-" + _SYMBOLS[digits[j]] if j > i + 1 else (_SYMBOLS[digits[j]] if j > i else "")
        )
        i = j + 1
    return f"[{out}]"


def table_pattern(allowed: set[tuple[int, int]], side: int, digits: tuple[int, ...] | None = None) -> str:
    """A regular expression over two cells accepting exactly the pairs ``allowed``; with
    ``digits`` (a grid of other digits), ``allowed`` holds positions ``1..k`` (ISS's
    internal values) and the pattern their digits.

    >>> table_pattern({(1, 2), (1, 3), (2, 1)}, 3)
    '1[23]|21'
    >>> table_pattern({(1, 2), (1, 3), (2, 1)}, 3, (0, 1, 2))
    '0[12]|10'
    """
    values = digits or tuple(range(1, side + 1))
    parts = []
    for a in range(1, len(values) + 1):
        seconds = sorted(values[b - 1] for x, b in allowed if x == a)
        if seconds:
            parts.append(_SYMBOLS[values[a - 1]] + _class(seconds))
    return "|".join(parts) or "X"


def _pair(all_pairs: bool, legacy: bool) -> Callable[[Part, Context], None]:
    """``.Pair~<key>~cells``: ISS's binary relation (a table in base64) between consecutive
    cells (``PairX``: every two cells, both ways); ``Binary``/``BinaryX`` the legacy spelling
    (``-`` and ``_`` swapped in the key). Each pair is a two-cell regular line whose pattern
    is the table (``1[23]|21``)."""

    def read(part: Part, ctx: Context) -> None:
        if not part.args:
            raise InvalidPuzzleError(f"{part.where}: needs its key and cells")
        key, *items = part.args
        if legacy:
            key = key.translate(str.maketrans("-_", "_-"))
        allowed = binary_key_pairs(key, len(ctx.values))
        if all_pairs and any((b, a) not in allowed for a, b in allowed):  # ISS throws too
            raise InvalidPuzzleError(f"{part.where}: a relation between every two cells must be symmetric")
        pattern = table_pattern(allowed, ctx.side, ctx.digits)
        if len(pattern) > 200:
            raise _refuse(part, f"a pairwise table of {len(allowed)} pairs too large to read as one pattern")
        for group in _named_groups(items):
            cells = ctx.cells(part, group, extra=True)
            if all_pairs:
                pairs = [[a, b] for i, a in enumerate(cells) for b in cells[i + 1 :]]
            else:
                pairs = [[cells[i - 1], cells[i]] for i in range(1, len(cells))]
            for pair in pairs:
                ctx.add("regular", {"cells": pair, "pattern": pattern})

    return read


def decode_regex(token: str) -> str:
    """An ISS regular-expression argument: URL-safe base64 of the pattern (older strings:
    the pattern URL-encoded, recognised by a ``%``).

    Raises:
        InvalidPuzzleError: neither decodes.
    """
    try:
        if "%" in token:
            return urllib.parse.unquote(token, errors="strict")
        return base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        raise InvalidPuzzleError(f"the regular expression {token!r} is not base64 of a pattern") from None


def _regex(part: Part, ctx: Context) -> None:
    """``.Regex~<base64 pattern>~cells[~~cells...]``: each line's digits match the pattern."""
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: needs its pattern and cells")
    pattern = re.sub(r"\s", "", decode_regex(part.args[0]))
    for group in _named_groups(part.args[1:]):
        ctx.add("regular", {"cells": ctx.cells(part, group, extra=True), "pattern": pattern})


class _Bits:
    """A most-significant-bit-first reader of bytes (ISS's ``BitReader``)."""

    def __init__(self, data: bytes) -> None:
        self.data, self.offset = data, 0

    def remaining(self) -> int:
        return len(self.data) * 8 - self.offset

    def read(self, count: int) -> int:
        if count > self.remaining():
            raise ValueError("the bit stream ends early")
        value = 0
        for _ in range(count):
            value = (value << 1) | (self.data[self.offset >> 3] >> (7 - (self.offset & 7))) & 1
            self.offset += 1
        return value


def decode_nfa(token: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int, int], ...], int]:
    """An NFA of ISS (its ``NFASerializer`` format: URL-safe base64 of a bit stream with a
    header, then per state its transitions, packed or plain) as ``(starts, accepting,
    transitions, symbols)``: state numbers, ``(state, value, next)`` triples (symbol ``k``
    is digit ``k``), and the number of symbols.

    Raises:
        InvalidPuzzleError: the token does not decode.
    """
    try:
        data = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        bits = _Bits(data)
        plain = bits.read(2)
        if plain not in (0, 1):
            raise ValueError("an unknown format")
        packed = plain == 1
        state_bits, symbols = bits.read(4) + 1, bits.read(4) + 1
        start_count, accept_count = bits.read(state_bits), bits.read(state_bits)
        start_is_accept = bits.read(start_count)
        count_bits = 0 if packed else bits.read(4)
        symbol_bits = (symbols - 1).bit_length()
        moves: list[tuple[int, int, int]] = []
        state = 0
        if packed:
            while bits.remaining() >= symbols:
                mask = bits.read(symbols)
                for value in range(1, symbols + 1):
                    if mask >> (value - 1) & 1:
                        moves.append((state, value, bits.read(state_bits)))
                state += 1
        elif count_bits:
            while bits.remaining() >= count_bits:
                for _ in range(bits.read(count_bits)):
                    symbol = bits.read(symbol_bits)
                    moves.append((state, symbol + 1, bits.read(state_bits)))
                state += 1
        if bits.remaining() and bits.read(bits.remaining()):
            raise ValueError("trailing data")
    except (ValueError, IndexError) as error:
        raise InvalidPuzzleError(f"the state machine {token[:30]!r} does not decode ({error})") from None
    starts = tuple(range(start_count))
    accepting = tuple(i for i in starts if start_is_accept >> i & 1) + tuple(
        range(start_count, start_count + accept_count)
    )
    return starts, accepting, tuple(moves), symbols


def encode_nfa(starts, accepting, moves, symbols: int) -> str:
    """ISS's token of an NFA (the inverse of :func:`decode_nfa`), in its plain format:
    states renumbered start states first, then the other accepting ones, then the rest.

    >>> decode_nfa(encode_nfa([0], [1], [(0, 4, 1), (1, 1, 1)], 4))
    ((0,), (1,), ((0, 4, 1), (1, 1, 1)), 4)
    """
    starts, accepting = list(dict.fromkeys(starts)), set(accepting)
    states = sorted({s for m in moves for s in (m[0], m[2])} | set(starts) | accepting)
    order = starts + [s for s in states if s in accepting and s not in starts]
    order += [s for s in states if s not in order]
    number = {s: i for i, s in enumerate(order)}
    outgoing: dict[int, list[tuple[int, int]]] = {}
    for state, value, following in moves:
        outgoing.setdefault(number[state], []).append((value - 1, number[following]))
    most = max((len(v) for v in outgoing.values()), default=0)
    extra = len(order) - len(starts) - sum(1 for s in order[len(starts) :] if s not in accepting)
    state_bits = max(1, (len(order) - 1).bit_length(), len(starts).bit_length(), extra.bit_length())
    count_bits, symbol_bits = most.bit_length(), (symbols - 1).bit_length()
    bits = "00" + format(state_bits - 1, "04b") + format(symbols - 1, "04b")
    bits += format(len(starts), f"0{state_bits}b") + format(extra, f"0{state_bits}b")
    bits += "".join("1" if starts[i] in accepting else "0" for i in reversed(range(len(starts))))
    bits += format(count_bits, "04b")
    if count_bits:
        for state in range(len(order)):
            out = sorted(outgoing.get(state, []))
            bits += format(len(out), f"0{count_bits}b")
            bits += "".join(format(v, f"0{symbol_bits}b") + format(t, f"0{state_bits}b") for v, t in out)
    bits += "0" * (-len(bits) % 8)
    data = bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits), 8))
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _nfa(part: Part, ctx: Context) -> None:
    """``.NFA~<encoded>~cells`` (named groups of cells, ``_name`` first): the digits along
    each group, in order, are a word the automaton accepts (a regular line given by its
    automaton). A group in several segments (``-``) is refused."""
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: needs its automaton and cells")
    starts, accepting, moves, symbols = decode_nfa(part.args[0])
    values = ctx.values
    if symbols > len(values):
        raise _refuse(part, "a state machine over more symbols than digits (several segments)")
    moves = tuple((s, values[v - 1], t) for s, v, t in moves)  # ISS's symbol k: the k-th digit
    for group in _named_groups(part.args[1:]):
        if "-" in group:
            raise _refuse(part, "a state machine over several segments of cells")
        ctx.add(
            "regular",
            {
                "cells": ctx.cells(part, group, extra=True),
                "pattern": "ISS state machine",
                "nfa": [list(starts), list(accepting), [list(m) for m in moves]],
            },
        )


def _same_values(part: Part, ctx: Context) -> None:
    """``.SameValues~<sets>~cells``: the cells, cut into that many sets of as many cells in
    their order (ISS's ``splitCells``), hold the same digits with the same repeats
    (``same_values``); sets of one cell are equal cells (a relation)."""
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: needs its number of sets and cells")
    sets = _int(part.args[0], part, "number of sets")
    if any(name.startswith("CC") for name in part.args[1:]):  # region cells: one region
        return _chaos_same_region(part, ctx, sets)
    cells = ctx.cells(part, part.args[1:], minimum=2, extra=True)
    if sets != len(cells) and any(map(ctx.is_extra, cells)):
        raise _refuse(part, "sets of several cells holding the same values over extra cells")
    if sets < 2 or len(cells) % sets:
        raise InvalidPuzzleError(f"{part.where}: {len(cells)} cells do not cut into {sets} sets")
    if sets != len(cells):
        size = len(cells) // sets
        ctx.add("same_values", [cells[i : i + size] for i in range(0, len(cells), size)])
        return
    ctx.add(
        "relations", {"pairs": [[cells[i - 1], cells[i]] for i in range(1, len(cells))], "predicate": "a==b"}
    )


def _region_same_values(part: Part, ctx: Context) -> None:
    """``.RegionSameValues``: the largest regions (rows, columns, boxes, jigsaw pieces) hold
    the same digits (ISS: only when they hold fewer digits than the grid has, and there
    are two or more of them; else nothing)."""
    if part.args and any(part.args):
        raise InvalidPuzzleError(f"{part.where}: takes no arguments")
    if "Jigsaw" in ctx.types:
        raise _refuse(
            part, "regions holding the same values with jigsaw pieces, which the package does not read"
        )
    n = ctx.side
    regions = [[[r, c] for c in range(n)] for r in range(n)] + [[[r, c] for r in range(n)] for c in range(n)]
    dims = None if "NoBoxes" in ctx.types else _box_dims(n, ctx.region_size or n)
    if dims:
        regions += _boxes(n, dims)
    largest = max(len(r) for r in regions)
    if largest == len(ctx.values) or sum(len(r) == largest for r in regions) < 2:
        return
    # rows, columns and boxes each cut the grid, so all of them hold one set exactly when
    # the rows do, the columns do and the boxes do: one group per family (disjoint sets)
    families = (regions[:n], regions[n : 2 * n], regions[2 * n :])
    for family in families:
        same = [r for r in family if len(r) == largest]
        if len(same) == len(family) >= 2:
            ctx.add("same_values", same)
        elif same:
            raise _refuse(part, "regions holding the same values over regions of several sizes")


def _windows_2x2(groups: tuple[str, str, str]) -> Callable[[Part, Context], None]:
    """Every 2x2 square holds a digit of each group (GlobalEntropy: 123, 456, 789;
    GlobalMod: 147, 258, 369): per square and group, a regular line ``[1-9]*[123][1-9]*``."""

    def read(part: Part, ctx: Context) -> None:
        if ctx.values != tuple(range(1, 10)):
            raise InvalidPuzzleError(f"{part.where}: needs the digits 1-9")
        for row in range(ctx.side - 1):
            for col in range(ctx.side - 1):
                square = [[row, col], [row, col + 1], [row + 1, col], [row + 1, col + 1]]
                for group in groups:
                    ctx.add("regular", {"cells": square, "pattern": f"[1-9]*[{group}][1-9]*"})

    return read


def _anti_consecutive(part: Part, ctx: Context) -> None:
    """No orthogonal neighbours consecutive: Kropki's negative white constraint when the
    puzzle has no dots, else a relation on every orthogonal pair (dotted pairs too)."""
    if not ({"WhiteDot", "BlackDot"} & ctx.types) and ctx.top:
        ctx.flag("all_white_given")
        return
    n = ctx.side
    pairs = [[[r, c], [r + dr, c + dc]] for r in range(n) for c in range(n) for dr, dc in ((0, 1), (1, 0))
             if r + dr < n and c + dc < n]  # fmt: skip
    ctx.add("relations", {"pairs": pairs, "predicate": "abs(a-b)!=1"})


def _strict_kropki(part: Part, ctx: Context) -> None:
    """Unmarked orthogonal neighbours are neither consecutive nor in ratio 2."""
    ctx.flag("all_white_given")
    ctx.flag("all_black_given")


def _layout_only(part: Part, ctx: Context) -> None:
    """Shape, NoBoxes and RegionSize are read before the parts (they set the grid)."""


def _either(part: Part, ctx: Context) -> None:
    """``.Or ... .End``: at least one of the parts inside holds; ``.And ... .End`` inside
    an ``Or`` is one alternative of all its parts. An alternative that is a killer cage
    whose sum its cells cannot reach is false (left out; kept when all are, so that the
    puzzle's refusal names it)."""
    alternatives = []
    for child in part.children:
        inner = Context(
            ctx.side,
            ctx.grid,
            {},
            ctx.types,
            ctx.box,
            top=False,
            digits=ctx.digits,
            region_size=ctx.region_size,
            extra=ctx.extra,
        )
        _read_part(child, inner)
        alternatives.append(_finish_rules(inner.rules, ctx.side))
    possible = [i for i, rules in enumerate(alternatives) if not _impossible_cages(rules, ctx)]
    if len(possible) == 1 and len(alternatives) > 1:  # the one that can hold: it holds
        _read_part(part.children[possible[0]], ctx)
    elif alternatives:
        ctx.add("either", {"any": [alternatives[i] for i in possible] or alternatives})


def _impossible_cages(rules: dict[str, Any], ctx: Context) -> bool:
    """True when ``rules`` holds a killer cage whose sum no different digits of the grid
    (``1..n``) reach: such an alternative never holds."""
    from sudoku_cp.model.rules import distinct_sum_range

    if ctx.digits is not None:
        return False
    for cage in rules.get("cages", []):
        if len(cage["cells"]) > ctx.side:
            return True
        if "sum" in cage:
            low, high = distinct_sum_range(len(cage["cells"]), ctx.side)
            if not low <= cage["sum"] <= high:
                return True
    return False


def _replicate(part: Part, ctx: Context) -> None:
    """``.Replicate~<targets>~<origin> ... .End``: the parts inside, once per target cell,
    shifted so that the origin (``R1C1`` when left out) lands on the target. The targets
    are a bit set in URL-safe base64 (6 bits a character, lowest first): bit ``i`` is the
    cell ``i`` places after the origin in row-major order."""
    if not 1 <= len(part.args) <= 2:
        raise InvalidPuzzleError(f"{part.where}: takes its targets and an origin cell")
    origin = ctx.cell(part.args[1], part) if len(part.args) == 2 else [0, 0]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    if any(ch not in alphabet for ch in part.args[0]):
        raise InvalidPuzzleError(f"{part.where}: the targets {part.args[0]!r} are not URL-safe base64")
    start = origin[0] * ctx.side + origin[1]
    targets = [
        start + 6 * i + bit
        for i, ch in enumerate(part.args[0])
        for bit in range(6)
        if alphabet.index(ch) >> bit & 1
    ]
    for target in targets:
        if target >= ctx.side * ctx.side:
            raise InvalidPuzzleError(f"{part.where}: a target past the grid's last cell")
        dr, dc = target // ctx.side - origin[0], target % ctx.side - origin[1]

        def shift(arg: str, dr: int = dr, dc: int = dc) -> str:
            name, sep, rest = arg.partition("_")
            if name in ctx.extra:
                raise _refuse(
                    part, f"a replicated part on the extra cell {name}, which this reader does not shift"
                )
            if not _CELL.match(name):
                return arg
            row, col = _cell(name, ctx.side, part)
            if not (0 <= row + dr < ctx.side and 0 <= col + dc < ctx.side):
                raise InvalidPuzzleError(f"{part.where}: {name} shifted to the target leaves the grid")
            return cell_id((row + dr, col + dc)) + sep + rest

        for child in part.children:
            _read_part(_shifted(child, shift), ctx)


def _shifted(part: Part, shift: Callable[[str], str]) -> Part:
    return Part(part.position, part.kind, [shift(a) for a in part.args], part.text,
                [_shifted(c, shift) for c in part.children])  # fmt: skip


def _and(part: Part, ctx: Context) -> None:
    """``.And ... .End``: all of the parts inside."""
    for child in part.children:
        _read_part(child, ctx)


# -- the community's remaining kinds (sudoku_cp.model.community_kinds), added by helper kinds ----


def _sum_cage(key: str) -> Callable[[Part, Context], None]:
    """``.Type~<sum>~cells`` (Lunchbox, RellikCage): a cage and its number -> ``rules[key]``."""

    def read(part: Part, ctx: Context) -> None:
        if not part.args:
            raise InvalidPuzzleError(f"{part.where}: needs its sum and cells")
        total = _int(part.args[0], part, "sum") if part.args[0].strip() else 0
        ctx.add(key, {"cells": ctx.cells(part, part.args[1:], minimum=2), "sum": total})

    read.__doc__ = f"a cage with its sum -> rules[{key!r}]"
    return read


def _pill_arrow(part: Part, ctx: Context) -> None:
    """``.PillArrow~<2 or 3>~pill cells~arrow cells``: the pill, read in reading order (ISS
    sorts its cells), is the number the arrow adds up to."""
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: needs its pill size and cells")
    size = _int(part.args[0], part, "pill size")
    if size not in (2, 3):
        raise InvalidPuzzleError(f"{part.where}: a pill of {size} cells; ISS's pills have 2 or 3")
    cells = ctx.cells(part, part.args[1:], minimum=size + 1)
    ctx.add("arrows", {"circle": sorted(cells[:size]), "arrow": cells[size:]})


def _lockout(part: Part, ctx: Context) -> None:
    """``.Lockout~<least difference>~cells``: the ends (diamonds) differ by at least it and
    the cells between stay outside them."""
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: needs its difference and cells")
    difference = _int(part.args[0], part, "difference") if part.args[0].strip() else 4
    ctx.add("lockout_lines", {"line": ctx.cells(part, part.args[1:], minimum=3), "difference": difference})


def _look_and_say(part: Part, ctx: Context) -> None:
    """``.LookAndSay~<clue>~cells``: (count, digit) pairs."""
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: needs its clue and cells")
    ctx.add("look_and_say", {"cells": ctx.cells(part, part.args[1:]), "clue": part.args[0]})


def _count_distinct(part: Part, ctx: Context) -> None:
    """``.CountDistinct~<control cell>~cells``: the control holds how many different digits."""
    if any(name.startswith("CC") for name in part.args[1:]):  # region cells: how many regions
        control, _, names = _chaos_control(
            Part(part.position, part.kind, [part.args[0], "", *part.args[1:]], part.text), ctx
        )
        ctx.add(
            "chaos_region_counts", {"control": control, "cells": [_region_cell(n, ctx, part) for n in names]}
        )
        return
    cells = ctx.cells(part, minimum=2)
    ctx.add("count_distinct", {"control": cells[0], "cells": cells[1:]})


def _value_indexing(part: Part, ctx: Context) -> None:
    """``.ValueIndexing~value cell~control cell~cells``: the ``k``-th of the cells, ``k`` the
    control's digit, holds the value cell's digit (an element)."""
    cells = ctx.cells(part, minimum=3, extra=True)
    ctx.add("elements", {"cells": cells[2:], "index": cells[1], "value": cells[0]})


def _sum_line(part: Part, ctx: Context) -> None:
    """``.SumLine~<sum>~cells[~LOOP]``: the line (a loop: round) cuts into segments of the sum."""
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: needs its sum and cells")
    names = part.args[1:]
    loop = bool(names) and names[-1] == "LOOP"
    cells = ctx.cells(part, names[:-1] if loop else names)
    ctx.add(
        "sum_lines", {"line": cells + cells[:1] if loop else cells, "sum": _int(part.args[0], part, "sum")}
    )


def _equal_sum(part: Part, ctx: Context) -> None:
    """``.EqualSum~cells~-~cells...``: the segments (``-`` between them) add up to one total."""
    segments: list[list[str]] = [[]]
    for item in part.args:
        if item == "-":
            segments.append([])
        else:
            segments[-1].append(item)
    if len(segments) < 2 or not all(segments):
        raise InvalidPuzzleError(f"{part.where}: needs two or more non-empty segments")
    ctx.add("equal_sums", [ctx.cells(part, names, extra=True) for names in segments])


def _chaos_construction(part: Part, ctx: Context) -> None:
    """``.ChaosConstruction``: regions of ``n`` cells found while solving (:mod:`sudoku_cp.model.chaos`)."""
    if ctx.region_size not in (None, ctx.side):
        raise _refuse(part, f"chaos regions of {ctx.region_size} cells on a {ctx.side}x{ctx.side} grid")
    if ctx.digits:
        raise _refuse(part, "chaos construction on a grid of other digits")
    ctx.flag("chaos_construction")


def _region_cell(name: str, ctx: Context, part: Part) -> list[int]:
    """A region cell ``CC<k>`` (ISS's k-th region label, 1-based row-major) or a grid cell."""
    match = re.fullmatch(r"CC(\d{1,3})", name)
    if not match:
        return ctx.cell(name, part)
    index = int(match[1]) - 1
    if not 0 <= index < ctx.side * ctx.side:
        raise InvalidPuzzleError(
            f"{part.where}: {name} is not a region cell of the {ctx.side}x{ctx.side} grid"
        )
    return list(divmod(index, ctx.side))


def _chaos_control(part: Part, ctx: Context) -> tuple[list[int], int, list[str]]:
    if "ChaosConstruction" not in ctx.types:
        raise InvalidPuzzleError(f"{part.where}: {part.kind} needs ChaosConstruction")
    if not part.args:
        raise InvalidPuzzleError(f"{part.where}: needs its control cell")
    control = ctx.cell(part.args[0], part)
    offset = _int(part.args[1], part, "offset") if len(part.args) > 1 and part.args[1] else 0
    if offset not in (0, 1):
        raise InvalidPuzzleError(f"{part.where}: its offset is 0 or 1, not {offset}")
    return control, offset, part.args[2:]


def _chaos_same_region(part: Part, ctx: Context, sets: int) -> None:
    """``.SameValues~<n>~CC..``: region cells of equal labels, so their grid cells share a region."""
    if "ChaosConstruction" not in ctx.types:
        raise InvalidPuzzleError(f"{part.where}: region cells need ChaosConstruction")
    cells = [_region_cell(name, ctx, part) for name in part.args[1:]]
    if sets != len(cells) or len(cells) < 2:
        raise _refuse(part, "SameValues of region cells in sets of several cells")
    ctx.add("chaos_same_regions", cells)


def _chaos_count(part: Part, ctx: Context) -> None:
    """``.ChaosCount~<control>~<offset>~<region cells>``: the control counts the cells in the
    first one's region; with no cells, the control's own 3x3 neighbourhood (itself first)."""
    control, offset, names = _chaos_control(part, ctx)
    if names:
        cells = [_region_cell(name, ctx, part) for name in names]
    else:
        r, c = control
        steps = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))
        cells = [[r + a, c + b] for a, b in steps if 0 <= r + a < ctx.side and 0 <= c + b < ctx.side]
    ctx.add("chaos_counts", {"control": control, "cells": cells, "offset": offset})


def _chaos_arrow(part: Part, ctx: Context) -> None:
    """``.ChaosArrow~<control>~<offset>~<arm>~-~<arm>...``: the control is the run of the
    start's region along the arms; with no arms, the four from the control cell."""
    control, offset, names = _chaos_control(part, ctx)
    if names:
        arms: list[list[list[int]]] = [[]]
        for name in names:
            if name == "-":
                arms.append([])
            else:
                arms[-1].append(_region_cell(name, ctx, part))
        if not all(arms) or any(arm[0] != arms[0][0] for arm in arms):
            raise InvalidPuzzleError(f"{part.where}: its arms are not empty and all begin at one cell")
    else:
        r, c = control
        arms = []
        for a, b in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            arm, i, j = [], r, c
            while 0 <= i < ctx.side and 0 <= j < ctx.side:
                arm.append([i, j])
                i, j = i + a, j + b
            arms.append(arm)
    ctx.add("chaos_arrows", {"control": control, "arms": arms, "offset": offset})


def _greater_than(part: Part, ctx: Context) -> None:
    """``.GreaterThan~cells``: each cell is greater than its later orthogonal neighbours
    among the cells; over extra cells, neighbours as ISS draws them (:class:`ExtraCell`),
    each pair a relation ``a>b``."""
    cells = ctx.cells(part, minimum=2, extra=True)
    if not any(map(ctx.is_extra, cells)):
        return _pairs("less", swap=True)(part, ctx)
    drawn = {tuple(x.cell): (x.group, x.row, x.column) for x in ctx.extra.values()}
    where = [drawn.get(tuple(c), ("", c[0], c[1])) for c in cells]
    pairs = [
        [a, b]
        for i, a in enumerate(cells)
        for j, b in enumerate(cells[i + 1 :], i + 1)
        if where[i][0] == where[j][0] and abs(where[i][1] - where[j][1]) + abs(where[i][2] - where[j][2]) == 1
    ]
    if not pairs:
        raise InvalidPuzzleError(f"{part.where}: no two of its cells are orthogonal neighbours")
    ctx.add("relations", {"pairs": pairs, "predicate": "a>b"})


def _doppelganger(part: Part, ctx: Context) -> None:
    """``.Doppelganger`` (digits ``0..n``): each row, column and box misses one digit of
    ``1..n``, held by its extra cell (ISS's ``DGC<i>`` for row ``i``, ``DGR<j>`` for column
    ``j``, ``DGB<k>`` for box ``k``) -> ``rules["doppelganger"]``
    (:class:`sudoku_cp.model.extra_cells.Doppelganger`)."""
    if part.args and any(part.args):
        raise InvalidPuzzleError(f"{part.where}: takes no arguments")
    if not ctx.top:
        raise InvalidPuzzleError(f"{part.where}: Doppelganger cannot be inside Or/And")

    def holders(group: str) -> list[list[int]]:
        return [list(x.cell) for x in ctx.extra.values() if x.group == group]

    ctx.rules["doppelganger"] = {"rows": holders("DGC"), "columns": holders("DGR"), "boxes": holders("DGB")}


def _extra_cells(
    parts: list[Part], side: int, digits: tuple[int, ...] | None, box, region_size: int
) -> dict[str, ExtraCell]:
    """The extra cells the string declares (``.Var~<prefix>~<label>~<size>``: ``size`` cells
    ``V<prefix>1``.., one cell ``V<prefix>``, ``RxC`` a block of R rows; ``.Doppelganger``:
    ``DGR1..n``, ``DGC1..n`` and, with boxes, ``DGB1..n``), by name, numbered as ISS does
    (groups in order of their prefix, each group's cells in order; ISS's ``VarCellRegistry``
    in ``js/cell_geometry.js``).

    Raises:
        InvalidPuzzleError: a prefix that is not upper-case letters, a prefix declared twice,
            Doppelganger on a grid whose digits are not ``0..n``, or too many cells.
    """
    from sudoku_cp.model.extra_cells import MAX_EXTRA_CELLS, extra_cell

    groups: dict[str, tuple[int, int]] = {}  # prefix -> (cells, columns as drawn)
    for part in _walk(parts):
        if part.kind == "Var":
            prefix, _label, size = (part.args + ["", "", ""])[:3]
            if len(part.args) > 3 or not re.fullmatch(r"[A-Z]+", prefix):
                raise InvalidPuzzleError(f"{part.where}: a Var is ~<prefix of letters A-Z>~<label>~<size>")
            match = re.fullmatch(r"(?:([1-9]\d{0,3})x)?([1-9]\d{0,3})", size)
            count, columns = (
                (int(match[1] or 1) * int(match[2]), int(match[2]) if match[1] else side)
                if match
                else (1, side)
            )
            if "V" + prefix in groups:
                raise InvalidPuzzleError(f"{part.where}: the Var {prefix} is declared twice")
            groups["V" + prefix] = (count, columns)
        elif part.kind == "Doppelganger":
            if digits != tuple(range(side + 1)) or region_size != side:
                raise InvalidPuzzleError(
                    f"{part.where}: Doppelganger needs the digits 0-{side} (Shape~{side}x{side}~0-{side}) "
                    f"and regions of {side} cells"
                )
            groups["DGR"] = groups["DGC"] = (side, side)
            if box is not None:
                groups["DGB"] = (side, box[1])
    if sum(count for count, _ in groups.values()) > MAX_EXTRA_CELLS:
        raise InvalidPuzzleError(f"more than {MAX_EXTRA_CELLS} extra cells (Var)")
    found: dict[str, ExtraCell] = {}
    for prefix in sorted(groups):
        count, columns = groups[prefix]
        for i in range(count):
            name = prefix if count == 1 else f"{prefix}{i + 1}"
            found[name] = ExtraCell(tuple(extra_cell(len(found), side)), prefix, i // columns, i % columns)
    return found


def _full_rank_ties(part: Part, ctx: Context) -> None:
    """``.FullRankTies~<mode>``: ``only-unclued``, ``any`` or ``none`` (:mod:`sudoku_cp.model.full_rank`)."""
    from sudoku_cp.model.full_rank import TIES

    if len(part.args) != 1 or part.args[0] not in TIES:
        raise InvalidPuzzleError(f"{part.where}: the ties are one of {', '.join(TIES)}")
    ctx.rules["full_rank_ties"] = part.args[0]


TYPES: dict[str, Callable[[Part, Context], None]] = {
    "": _givens,
    "Shape": _layout_only,
    "RegionSize": _layout_only,
    "NoBoxes": _layout_only,
    "Jigsaw": _jigsaw,
    "Thermo": _thermo,
    "Arrow": _arrow,
    "Cage": _cage,
    "Sum": _sum,
    "Whisper": _whisper,
    "Renban": _line("renban"),
    "Palindrome": _line("palindromes"),
    "Zipper": _line("zipper_lines"),
    "Between": _line("between_lines", 3),
    "RegionSumLine": _region_sum_line,
    "Modular": _modular,
    "Entropic": _entropic,
    "WhiteDot": _pairs("white"),
    "BlackDot": _pairs("black"),
    "X": _pairs("x"),
    "V": _pairs("v"),
    "GreaterThan": _greater_than,
    "StrictKropki": _strict_kropki,
    "StrictXV": _flag("all_xv_given"),
    "AntiConsecutive": _anti_consecutive,
    "LittleKiller": _little_killer,
    "Sandwich": _sandwich,
    "Skyscraper": _both_ends("skyscrapers", "seen"),
    "NumberedRoom": _both_ends("numbered_rooms", "value"),
    "Indexing": _indexing,
    "Diagonal": _diagonal,
    "AntiKnight": _flag("anti_knight"),
    "AntiKing": _flag("anti_king"),
    "AntiTaxicab": _flag("anti_taxicab"),
    "DisjointSets": _flag("disjoint_groups"),
    "DutchFlatmates": _flag("dutch_flatmates"),
    "Windoku": _windoku,
    "Quad": _quad,
    "AllDifferent": _all_different,
    "ContainExact": _contain("=="),
    "ContainAtLeast": _contain(">="),
    "SameValues": _same_values,
    "Pair": _pair(all_pairs=False, legacy=False),
    "PairX": _pair(all_pairs=True, legacy=False),
    "Binary": _pair(all_pairs=False, legacy=True),
    "BinaryX": _pair(all_pairs=True, legacy=True),
    "Regex": _regex,
    "NFA": _nfa,
    "GlobalEntropy": _windows_2x2(("123", "456", "789")),
    "GlobalMod": _windows_2x2(("147", "258", "369")),
    "Or": _either,
    "And": _and,
    "Replicate": _replicate,
    "XSum": _both_ends("x_sums", "sum"),
    "HiddenSkyscraper": _both_ends("hidden_skyscrapers", "value"),
    "Lunchbox": _sum_cage("lunchboxes"),
    "RellikCage": _sum_cage("rellik_cages"),
    "CountingCircles": _line("counting_circles", 1),
    "EqualityCage": _line("equality_cages"),
    "DoubleArrow": _line("double_arrows", 3),
    "PillArrow": _pill_arrow,
    "Lockout": _lockout,
    "LookAndSay": _look_and_say,
    "CountDistinct": _count_distinct,
    "ValueIndexing": _value_indexing,
    "SumLine": _sum_line,
    "EqualSum": _equal_sum,
    "ChaosConstruction": _chaos_construction,
    "ChaosCount": _chaos_count,
    "ChaosArrow": _chaos_arrow,
    "RegionSameValues": _region_same_values,
    "FullRank": _both_ends("full_rank", "rank"),
    "FullRankTies": _full_rank_ties,
    "Var": _layout_only,  # its cells are declared before the parts (_extra_cells)
    "Doppelganger": _doppelganger,
}
"""ISS type name -> the function that adds one part's rule to a :class:`Context`. A type
missing here is refused by name (:data:`REFUSED` says why for ISS's other types)."""

REFUSED: dict[str, str] = {
    "ConnectedValues": "connected values, which the package does not model",
    "SearchPriority": "a search priority (a solver hint), which the package does not read",
}
"""ISS's other constraint types, refused with the reason named."""

ALL_TYPES = (frozenset(TYPES) | frozenset(REFUSED)) - {""}
"""Every ISS type name the sniff test knows."""


def _read_part(part: Part, ctx: Context) -> None:
    handler = TYPES.get(part.kind)
    if handler is None:
        reason = REFUSED.get(part.kind, "a constraint type the package does not know")
        raise _refuse(part, f"ISS's {part.kind}: {reason}")
    if not ctx.top and part.kind in (
        "Shape",
        "NoBoxes",
        "RegionSize",
        "Jigsaw",
        "StrictKropki",
        "StrictXV",
        "Windoku",
    ):
        raise InvalidPuzzleError(f"{part.where}: {part.kind} cannot be inside Or/And")
    handler(part, ctx)


def _finish_rules(rules: dict[str, Any], side: int) -> dict[str, Any]:
    """Turn the reader's working keys into JSON rules (the diagonals)."""
    diagonals = rules.pop("_diagonals", None)
    if diagonals:
        if diagonals == {1, -1}:
            rules["diagonals"] = True
        else:
            cells = [[i, i] if -1 in diagonals else [i, side - 1 - i] for i in range(side)]
            rules.setdefault("extra_regions", []).append(cells)
    return rules


def _shape(parts: list[Part]) -> tuple[int, bool, tuple[int, ...] | None]:
    """The grid side of the string's ``Shape`` part (9 without one), whether it has
    ``NoBoxes``, and its digits when they are not ``1..n`` (ISS's value range: ``~0-8``
    for ``0..8``, ``6x6~9`` for ``1..9`` on 6x6; ISS starts a range at 0 or 1).

    Raises:
        UnsupportedRuleError: a shape the package does not model (not square, a grid type
            such as ``~Raw``), named.
        InvalidPuzzleError: a malformed shape or range, or fewer digits than the side.
    """
    side, no_boxes, digits = 9, False, None
    for part in parts:
        if part.kind == "NoBoxes":
            no_boxes = True
        if part.kind != "Shape":
            continue
        dims, *rest = part.args + [""]
        match = re.fullmatch(r"(\d+)x(\d+)", dims)
        if not match:
            raise InvalidPuzzleError(f"{part.where}: the shape {dims!r} is not rows x columns")
        rows, columns = int(match[1]), int(match[2])
        values = rest[0] if rest else ""
        if rows != columns:
            raise _refuse(part, f"ISS's Shape {'~'.join(part.args)}: a grid that is not square")
        if len(part.args) > 2 and part.args[2] == "Raw":
            raise _refuse(
                part,
                f"ISS's Shape {'~'.join(part.args)}: the Raw grid type (no rows, columns or boxes "
                "holding different digits), which the package does not model: its grids always do",
            )
        if len(part.args) > 2 and part.args[2] != "Sudoku":
            raise _refuse(part, f"ISS's Shape {'~'.join(part.args)}: a grid type the package does not model")
        if not 1 < rows <= MAX_SIDE:
            raise InvalidPuzzleError(f"{part.where}: a side of {rows}; ISS grids have 2 to {MAX_SIDE}")
        side, digits = rows, _value_range(values, rows, part)
    return side, no_boxes, digits


def _value_range(text: str, side: int, part: Part) -> tuple[int, ...] | None:
    """The digits of a Shape's value range: ``""`` (``1..n``), ``"9"`` (``1..9``) or
    ``"0-8"``; ``None`` for ``1..n``."""
    if not text:
        return None
    match = re.fullmatch(r"(\d+)(?:-(\d+))?", text)
    if not match:
        raise InvalidPuzzleError(f"{part.where}: the value range {text!r} is not 'k' or 'a-b'")
    first, last = (int(match[1]), int(match[2])) if match[2] is not None else (1, int(match[1]))
    if first not in (0, 1) or not side <= last - first + 1 <= MAX_SIDE:
        raise InvalidPuzzleError(
            f"{part.where}: the value range {text!r} starts at 0 or 1 and holds {side} to {MAX_SIDE} digits"
        )
    digits = tuple(range(first, last + 1))
    return None if digits == tuple(range(1, side + 1)) else digits


def _range_text(values: tuple[int, ...]) -> str:
    return f"{values[0]}..{values[-1]}"


def _box_dims(side: int, size: int) -> tuple[int, int] | None:
    """The ``(rows, columns)`` of ISS's default boxes of ``size`` cells on a square grid
    (ISS's ``CellGeometry.boxDimsForSize``: the squarest factor pair that tiles the grid,
    the shorter side first tried as rows), or ``None`` when none tiles it (5x5, 7x7)."""
    for small in range(int(size**0.5), 1, -1):
        if size % small:
            continue
        large = size // small
        if side % small == 0 and side % large == 0:
            return (small, large)
    return None


def _boxes(side: int, dims: tuple[int, int]) -> list[list[list[int]]]:
    """The cells of each box of ``dims`` tiling the grid, boxes row-major."""
    height, width = dims
    return [
        [[top + r, left + c] for r in range(height) for c in range(width)]
        for top in range(0, side, height)
        for left in range(0, side, width)
    ]


def legacy_record(text: str) -> dict[str, Any] | None:
    """The record of ISS's older one-line formats, tried before the constraint string (as
    ISS does): a plain grid (``n*n`` characters, one kind of blank), givens followed by a
    jigsaw layout (``2*n*n`` characters), or SudoCue's long killer format
    (``3x3::k:<cage*256+sum>:...``), or a pencilmark grid (``n*n*n`` characters, see
    :func:`_pencilmarks`); ``None`` for anything else.

    >>> legacy_record("3x3::k:" + ":".join(["2560"] * 81)) is None  # sums that do not fit
    False
    """
    compact = re.sub(r"\s+", "", text)
    if compact.startswith("3x3:") and compact.split(":")[2:3] == ["k"]:
        fields = compact.split(":")
        if fields[-1] == "":  # ISS writes a ':' after the last cell
            fields.pop()
        if len(fields) != 81 + 3 or not all(f.isdigit() for f in fields[3:]):
            raise InvalidPuzzleError("a long killer string ('3x3::k:...') needs 81 numbers after 'k:'")
        cages: dict[int, dict[str, Any]] = {}
        for index, value in enumerate(int(f) for f in fields[3:]):
            if value // 256:
                cage = cages.setdefault(value % 256, {"sum": value // 256, "cells": []})
                cage["cells"].append([index // 9, index % 9])
        rules: dict[str, Any] = {"cages": list(cages.values())}
        if fields[1] == "d":
            rules["diagonals"] = True
        return {"size": 9, "grid": "." * 81, "rules": rules, "source": "iss"}
    short = _short_killer(compact)
    if short is not None:
        return short
    for side in _SIZES:
        n = side * side
        if len(compact) == n and _plain(compact, side):
            return {"size": side, "grid": _plain(compact, side), "source": "iss"}
        if len(compact) == 2 * n and _plain(compact[:n], side):
            layout = compact[n:]
            counts = {c: layout.count(c) for c in set(layout)}
            if len(counts) == side and set(counts.values()) == {side}:
                labels = {c: "abcdefghijklmnopqrstuvwxyz"[i] for i, c in enumerate(dict.fromkeys(layout))}
                regions = "".join(labels[c] for c in layout)
                grid = _plain(compact[:n], side)
                return {"size": side, "box": None, "grid": grid, "rules": {"regions": regions},
                        "source": "iss"}  # fmt: skip
    return _pencilmarks(compact)  # last, as ISS tries it


_POINTERS = {
    "v": (1, 0),
    "^": (-1, 0),
    "<": (0, -1),
    ">": (0, 1),
    "`": (-1, -1),
    "'": (-1, 1),
    ",": (1, -1),
    ".": (1, 1),
}


def _short_killer(text: str) -> dict[str, Any] | None:
    """The record of the short killer format (81 characters: a cage's total in one of its
    cells, ``0-9A-Za-j`` for 0 to 45, every other cell an arrow ``v^<>`'.,`` towards a cell
    of its cage), or None when ``text`` is not one."""
    if (
        len(text) != 81
        or not re.search(r"[<v>^`',]", text)
        or not re.fullmatch(r"[0-9A-Za-j^<v>`',.]*", text)
    ):
        return None
    cages: dict[int, dict[str, Any]] = {}
    for index in range(81):
        cell, steps = index, 0
        while text[cell] in _POINTERS:
            dr, dc = _POINTERS[text[cell]]
            row, col = cell // 9 + dr, cell % 9 + dc
            steps += 1
            if not (0 <= row < 9 and 0 <= col < 9) or steps > 9:
                raise InvalidPuzzleError(f"short killer string: the arrow at cell {index + 1} leads nowhere")
            cell = row * 9 + col
        char = text[cell]
        total = int(char) if char.isdigit() else ord(char) - (55 if char.isupper() else 61)
        cages.setdefault(cell, {"sum": total, "cells": []})["cells"].append([index // 9, index % 9])
    for cage in cages.values():  # a total of 0: ISS's cage with any total (its digits differ)
        if cage["sum"] == 0:
            del cage["sum"]
    return {"size": 9, "grid": "." * 81, "rules": {"cages": list(cages.values())}, "source": "iss"}


def _pencilmarks(text: str) -> dict[str, Any] | None:
    """The record of ISS's pencilmark grid (a grid of ``side`` cells a side, ``side``
    characters a cell: its candidate digits, ``.`` for the others, as t-dillon's
    pencilmark sudoku write it), or None when ``text`` is not one. A cell with one
    candidate is a given; a cell with fewer than all is a one-cell regular line of them.

    >>> record = _pencilmarks("1..." + ".2.." + "..34" + "1234" + "1234" * 12)
    >>> record["grid"][:4], record["rules"]["regular"][0]
    ('12..', {'cells': [[0, 2]], 'pattern': '[34]'})
    """
    side = round(len(text) ** (1 / 3))
    if side not in _SIZES or side > 9 or side**3 != len(text) or not re.fullmatch(r"[\d.]*", text):
        return None
    grid, regular = [], []
    for index in range(side * side):
        marks = text[index * side : (index + 1) * side]
        digits = sorted({int(c) for c in marks if c != "."})
        if not digits or digits[0] < 1 or digits[-1] > side:
            raise InvalidPuzzleError(
                f"pencilmark grid, cell {cell_id((index // side, index % side))}: candidates {marks!r} "
                f"are not a non-empty set of 1..{side}"
            )
        grid.append(_DIGITS[digits[0] - 1] if len(digits) == 1 else ".")
        if 1 < len(digits) < side:
            pattern = "[" + "".join(_SYMBOLS[d] for d in digits) + "]"
            regular.append({"cells": [[index // side, index % side]], "pattern": pattern})
    rules = {"regular": regular} if regular else {}
    return {"size": side, "grid": "".join(grid), "rules": rules, "source": "iss"}


def _plain(text: str, side: int) -> str | None:
    """A plain grid's cells as the package's grid string, or None when ``text`` holds more
    than one kind of character that is not a digit of the side (ISS's test)."""
    symbols = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:side] if side > 9 else "123456789"[:side]  # ISS: A is 1 past 9
    others = {c for c in text if c not in symbols}
    if len(others) > 1:
        return None
    return "".join(_DIGITS[symbols.index(c)] if c in symbols else "." for c in text)


def record_from_string(text: str, ignore: Iterable[str] = ()) -> dict[str, Any]:
    """The package's JSON puzzle record of an ISS constraint string; ``ignore`` names
    top-level parts to solve without, as a refusal names them (``"part 3"``), listed in
    the record's ``ignored``.

    Returns:
        ``{"size", "box", "grid", "rules", "source": "iss"}``; ``box`` is ``None`` with
        ``NoBoxes`` (jigsaw regions, or a Latin square).

    Raises:
        UnsupportedRuleError: an ISS type the package does not read (named with its part's
            position and text), or a form of a known type it does not model.
        InvalidPuzzleError: a malformed string: the part (position and text) and what is wrong.
    """
    legacy = legacy_record(text) if isinstance(text, str) and len(text) < 2_000 else None
    if legacy is not None:
        return legacy
    parts = parse(text)
    side, no_boxes, digits = _shape(parts)
    region_size = _region_size_of(parts, side, digits)
    dims = None if no_boxes else _box_dims(side, region_size)
    box = dims if dims and dims[0] * dims[1] == side else None
    types = frozenset(p.kind for p in _walk(parts))
    ctx = Context(side, ["."] * (side * side), {}, types, box, digits=digits, region_size=region_size)
    if dims and box is None:  # boxes of another size than the side (3x3 on a 6x6 of digits 1..9)
        ctx.rules["extra_regions"] = _boxes(side, dims)
    ctx.extra = _extra_cells(parts, side, digits, box, region_size)
    if ctx.extra:  # a Var's cells by their names as drawn ("A" for VA, "S12" for VS12)
        named = any(not x.group.startswith("DG") for x in ctx.extra.values())
        ctx.rules["extra_cells"] = (
            [name if x.group.startswith("DG") else name[1:] for name, x in ctx.extra.items()]
            if named
            else len(ctx.extra)
        )
    skipped = set(ignore)
    ignored = []
    for part in parts:
        if f"part {part.position}" in skipped and part.kind not in ("Shape", "NoBoxes", "RegionSize"):
            ignored.append(f"part {part.position}")
            continue
        _read_part(part, ctx)
    rules = _finish_rules(ctx.rules, side)
    if rules.get("region_sum_lines") and box is None and "regions" not in rules:
        raise UnsupportedRuleError(  # ISS reads them over jigsaw pieces that are not the grid's regions
            "a region-sum line over jigsaw pieces that are not the grid's regions, which the package "
            "does not read",
            elements=("RegionSumLine",),
        )
    record: dict[str, Any] = {"size": side, "box": list(box) if box else None, "grid": "".join(ctx.grid)}
    if digits:
        record["digits"] = list(digits)
    record["rules"] = rules
    record["source"] = "iss"
    if ignored:
        record["ignored"] = ignored
    return record


def _region_size_of(parts: list[Part], side: int, digits: tuple[int, ...] | None) -> int:
    """The size of the default boxes and jigsaw pieces: ``RegionSize``'s, else the side."""
    size = side
    for part in parts:
        if part.kind == "RegionSize":
            if len(part.args) != 1:
                raise InvalidPuzzleError(f"{part.where}: RegionSize takes the region's cell count")
            size = _int(part.args[0], part, "region size")
            if not side <= size <= len(digits or range(side)):
                raise InvalidPuzzleError(
                    f"{part.where}: regions of {size} cells on a {side}x{side} grid of "
                    f"{len(digits or range(side))} digits"
                )
    return size


def _walk(parts: list[Part]):
    for part in parts:
        yield part
        yield from _walk(part.children)


def string_from_link(link: str) -> str:
    """The ISS string of a share link (its ``q`` parameter, URL-decoded).

    Raises:
        InvalidPuzzleError: no ``q`` parameter.
    """
    query = urllib.parse.urlsplit(link.strip()).query
    values = urllib.parse.parse_qs(query, keep_blank_values=True).get("q")
    if not values:
        raise InvalidPuzzleError("the ISS link has no puzzle (its 'q=' parameter is missing)")
    return values[0]


def record_from_link(link: str, ignore: Iterable[str] = ()) -> dict[str, Any]:
    """The JSON puzzle record of an ISS share link or a bare ISS string (see
    :func:`record_from_string`)."""
    text = link.strip()
    return record_from_string(string_from_link(text) if is_iss_link(text) else text, ignore)


# -- writing -------------------------------------------------------------------------------------


def _cells_args(cells) -> list[str]:
    return [cell_id(c) for c in cells]


def _write_pairs(kind: str, swap: bool = False) -> Callable[[Any, int], list[str]]:
    return lambda value, side: [
        "." + "~".join([kind, *_cells_args(reversed(p) if swap else p)]) for p in value
    ]


def _write_lines(kind: str, prefix: tuple[str, ...] = ()) -> Callable[[Any, int], list[str]]:
    return lambda value, side: ["." + "~".join([kind, *prefix, *_cells_args(line)]) for line in value]


def _write_flag(text: str) -> Callable[[Any, int], list[str]]:
    return lambda value, side: [text] if value else []


def _write_cages(value, side):
    return ["." + "~".join(["Cage", str(c.get("sum", "")), *_cells_args(c["cells"])]) for c in value]


def _write_sums(value, side):
    out = []
    for s in value:
        if s.get("coefficients") is not None:
            weights = "_".join(map(str, s["coefficients"]))
            out.append("." + "~".join(["Sum", f"{s['total']}_=_{weights}", *_cells_args(s["cells"])]))
            if s.get("distinct"):
                out.append("." + "~".join(["AllDifferent", *_cells_args(s["cells"])]))
            continue
        out.append(
            "."
            + "~".join(["Cage" if s.get("distinct") else "Sum", str(s["total"]), *_cells_args(s["cells"])])
        )
    return out


def _write_arrows(value, side):
    out = []
    for arrow in value:
        if len(arrow["circle"]) != 1:
            raise UnsupportedRuleError(
                "ISS has no arrow with a circle of several cells (a pill arrow is another kind)"
            )
        out.append("." + "~".join(["Arrow", *_cells_args(arrow["circle"] + arrow["arrow"])]))
    return out


def _write_little_killers(value, side):
    starts = {(tuple(clue), tuple(d)): start for start, (clue, d) in _little_killer_diagonals(side).items()}
    out = []
    for clue in value:
        start = starts.get((tuple(clue["clue"]), tuple(clue["direction"])))
        if start is None:
            raise UnsupportedRuleError(f"little killer at {clue['clue']}: a diagonal ISS names otherwise")
        out.append(f".LittleKiller~{clue['sum']}~{cell_id(start)}")
    return out


def _write_sandwiches(value, side):
    return [
        f".Sandwich~{c['sum']}~{'R' if c['side'] in ('left', 'right') else 'C'}{c['index'] + 1}"
        for c in value
    ]


def _write_both_ends(kind: str, value_key: str) -> Callable[[Any, int], list[str]]:
    def write_(value, side):
        lines: dict[str, list[str]] = {}
        for clue in value:
            row = clue["side"] in ("left", "right")
            key = f"{'R' if row else 'C'}{clue['index'] + 1}"
            slot = 0 if clue["side"] in ("left", "top") else 1
            lines.setdefault(key, ["", ""])[slot] = str(clue[value_key])
        return [f".{kind}~{key}~{a}~{b}".rstrip("~") for key, (a, b) in lines.items()]

    return write_


def _write_whispers(value, side):
    return ["." + "~".join(["Whisper", str(w["difference"]), *_cells_args(w["line"])]) for w in value]


def _write_quads(value, side):
    return ["." + "~".join(["Quad", cell_id(q["cell"]), *map(str, q["digits"])]) for q in value]


def _write_counts(value, side):
    out = []
    for count in value:
        kind = {"==": "ContainExact", ">=": "ContainAtLeast"}.get(count["operator"])
        if kind is None or count["count"] < 1:
            raise UnsupportedRuleError(
                f"a count {count['operator']} {count['count']}: ISS counts exactly or at least"
            )
        digits = "_".join([str(count["value"])] * count["count"])
        out.append("." + "~".join([kind, digits, *_cells_args(count["cells"])]))
    return out


def _write_regular(value, side):
    out = []
    for line in value:
        if line.get("nfa"):
            starts, accepting, moves = line["nfa"]
            token = encode_nfa(starts, accepting, [tuple(m) for m in moves], side)
            out.append("." + "~".join(["NFA", token, *_cells_args(line["cells"])]))
            continue
        encoded = base64.urlsafe_b64encode(line["pattern"].encode()).decode().rstrip("=")
        out.append("." + "~".join(["Regex", encoded, *_cells_args(line["cells"])]))
    return out


def _write_windows(value, side):
    if side not in _SIZES:
        raise UnsupportedRuleError("windows on a grid ISS gives no boxes")
    height, width = _SIZES[side]
    standard = sorted(
        [r, c] for c in range(1, side - width, width + 1) for r in range(1, side - height, height + 1)
    )
    if sorted(map(list, value)) != standard:
        raise UnsupportedRuleError("windows other than Windoku's: ISS has only Windoku's")
    return [".Windoku"]


def _write_indexers(kind: str) -> Callable[[Any, int], list[str]]:
    return lambda value, side: ["." + "~".join(["Indexing", kind, *_cells_args(value)])]


def _write_sum_cages(kind: str) -> Callable[[Any, int], list[str]]:
    return lambda value, side: [
        "." + "~".join([kind, str(c["sum"]), *_cells_args(c["cells"])]) for c in value
    ]


def _write_lockout(value, side):
    return ["." + "~".join(["Lockout", str(w["difference"]), *_cells_args(w["line"])]) for w in value]


def _write_look_and_say(value, side):
    return ["." + "~".join(["LookAndSay", c["clue"], *_cells_args(c["cells"])]) for c in value]


def _write_count_distinct(value, side):
    return ["." + "~".join(["CountDistinct", *_cells_args([c["control"], *c["cells"]])]) for c in value]


def _write_sum_lines(value, side):
    out = []
    for clue in value:
        line = clue["line"]
        loop = len(line) > 3 and line[0] == line[-1]
        out.append("." + "~".join(["SumLine", str(clue["sum"]), *_cells_args(line[:-1] if loop else line)])
                   + ("~LOOP" if loop else ""))  # fmt: skip
    return out


def _write_equal_sums(value, side):
    out = []
    for segments in value:
        items: list[str] = []
        for number, segment in enumerate(segments):
            items += (["-"] if number else []) + _cells_args(segment)
        out.append("." + "~".join(["EqualSum", *items]))
    return out


def _write_chaos_counts(value, side):
    return [
        "."
        + "~".join(
            ["ChaosCount", cell_id(c["control"]), str(c.get("offset", 0)), *_region_ids(c["cells"], side)]
        )
        for c in value
    ]


def _write_chaos_arrows(value, side):
    out = []
    for clue in value:
        items: list[str] = []
        for number, arm in enumerate(clue["arms"]):
            items += (["-"] if number else []) + _region_ids(arm, side)
        out.append(
            "." + "~".join(["ChaosArrow", cell_id(clue["control"]), str(clue.get("offset", 0)), *items])
        )
    return out


def _region_ids(cells, side) -> list[str]:
    return [f"CC{r * side + c + 1}" for r, c in cells]


WRITERS: dict[str, Callable[[Any, int], list[str]]] = {
    "thermos": _write_lines("Thermo"),
    "arrows": _write_arrows,
    "cages": _write_cages,
    "sums": _write_sums,
    "german_whispers": _write_lines("Whisper", ("5",)),
    "whispers": _write_whispers,
    "renban": _write_lines("Renban"),
    "palindromes": _write_lines("Palindrome"),
    "zipper_lines": _write_lines("Zipper"),
    "between_lines": _write_lines("Between"),
    "region_sum_lines": _write_lines("RegionSumLine"),
    "modular_lines": _write_lines("Modular", ("3",)),
    "entropic_lines": _write_lines("Entropic"),
    "white": _write_pairs("WhiteDot"),
    "black": _write_pairs("BlackDot"),
    "x": _write_pairs("X"),
    "v": _write_pairs("V"),
    "less": _write_pairs("GreaterThan", swap=True),
    "all_xv_given": _write_flag(".StrictXV"),
    "little_killers": _write_little_killers,
    "sandwiches": _write_sandwiches,
    "skyscrapers": _write_both_ends("Skyscraper", "seen"),
    "numbered_rooms": _write_both_ends("NumberedRoom", "value"),
    "row_indexers": _write_indexers("R"),
    "column_indexers": _write_indexers("C"),
    "diagonals": _write_flag(".Diagonal~1.Diagonal~-1"),
    "anti_knight": _write_flag(".AntiKnight"),
    "anti_king": _write_flag(".AntiKing"),
    "anti_taxicab": _write_flag(".AntiTaxicab"),
    "disjoint_groups": _write_flag(".DisjointSets"),
    "dutch_flatmates": _write_flag(".DutchFlatmates"),
    "windows": _write_windows,
    "quadruples": _write_quads,
    "extra_regions": _write_lines("AllDifferent"),
    "counts": _write_counts,
    "regular": _write_regular,
    "x_sums": _write_both_ends("XSum", "sum"),
    "hidden_skyscrapers": _write_both_ends("HiddenSkyscraper", "value"),
    "lunchboxes": _write_sum_cages("Lunchbox"),
    "rellik_cages": _write_sum_cages("RellikCage"),
    "counting_circles": _write_lines("CountingCircles"),
    "equality_cages": _write_lines("EqualityCage"),
    "double_arrows": _write_lines("DoubleArrow"),
    "lockout_lines": _write_lockout,
    "look_and_say": _write_look_and_say,
    "count_distinct": _write_count_distinct,
    "sum_lines": _write_sum_lines,
    "equal_sums": _write_equal_sums,
    "global_entropy": _write_flag(".GlobalEntropy"),
    "global_modular": _write_flag(".GlobalMod"),
    "chaos_construction": _write_flag(".ChaosConstruction"),
    "chaos_counts": _write_chaos_counts,
    "chaos_arrows": _write_chaos_arrows,
    "chaos_region_counts": lambda value, side: [
        "." + "~".join(["CountDistinct", cell_id(c["control"]), *_region_ids(c["cells"], side)])
        for c in value
    ],
    "chaos_same_regions": lambda value, side: [
        "." + "~".join(["SameValues", str(len(cells)), *_region_ids(cells, side)]) for cells in value
    ],
    "full_rank": _write_both_ends("FullRank", "rank"),
    "full_rank_ties": lambda value, side: [f".FullRankTies~{value}"],
    "extra_cells": lambda value, side: [],  # declared by write() (_extra_names)
    "doppelganger": _write_flag(".Doppelganger"),
    "elements": lambda value, side: [
        "." + "~".join(["ValueIndexing", *_cells_args([e["value"], e["index"], *e["cells"]])]) for e in value
    ],
}
"""JSON rules key -> the ISS parts that write it (the reverse of :data:`TYPES`)."""


def write(puzzle: Any) -> str:
    """The ISS constraint string of a puzzle (a :class:`~sudoku_cp.model.puzzle.Puzzle`
    or its JSON record): ``Shape`` (sides other than 9), ``NoBoxes`` and ``Jigsaw``, the
    givens, then each rule's parts.

    Raises:
        UnsupportedRuleError: a rule ISS has no type for, or a form of one it cannot say
            (a Kropki negative constraint for one colour only, a box shape other than
            ISS's for that side), named.
    """
    record = puzzle.to_dict() if hasattr(puzzle, "to_dict") else dict(puzzle)
    side = record["size"]
    if not isinstance(side, int) or side > MAX_SIDE:
        raise UnsupportedRuleError(f"a {side} board: ISS grids are single squares of side 16 at most")
    rules: Mapping[str, Any] = record.get("rules") or {}
    box = record.get("box", "standard")
    parts: list[str] = []
    digits = record.get("digits")
    if digits is not None:  # ISS's value range: a..b from 0 or 1
        digits = list(digits)
        if (
            digits != list(range(digits[0], digits[-1] + 1))
            or digits[0] not in (0, 1)
            or len(digits) > MAX_SIDE
        ):
            raise UnsupportedRuleError(f"digits {digits}: ISS's value ranges run from 0 or 1 without gaps")
        parts.append(f".Shape~{side}x{side}~{digits[0]}-{digits[-1]}")
    elif side != 9:
        parts.append(f".Shape~{side}x{side}")
    if "regions" in rules or box is None:
        parts.append(".NoBoxes")
    elif box != "standard" and tuple(box) != _SIZES.get(side):
        raise UnsupportedRuleError(f"{box[0]}x{box[1]} boxes: ISS draws {side}x{side} grids with other boxes")
    if "regions" in rules:
        labels = {
            c: _base17(i) if i < 10 else "abcdefg"[i - 10]
            for i, c in enumerate(dict.fromkeys(rules["regions"]))
        }
        parts.append(".Jigsaw~" + "".join(labels[c] for c in rules["regions"]))
    names, declared = _extra_names(rules, side)
    parts += declared
    token = _EXTRA_NAMES.set(names)
    try:
        _write_parts(record, rules, side, digits, parts)
    finally:
        _EXTRA_NAMES.reset(token)
    return "".join(parts)


def _extra_names(rules: Mapping[str, Any], side: int) -> tuple[dict[tuple[int, int], str], list[str]]:
    """ISS names of a record's extra cells (:mod:`sudoku_cp.model.extra_cells`) and the parts
    declaring those not the doppelganger's: ``DGC<i>`` holds row ``i``'s missing digit,
    ``DGR<j>`` column ``j``'s, ``DGB<k>`` box ``k``'s; the others keep their names when ISS
    numbers them back in the same order (``A``, ``S1``..``S24``: ``.Var~A.Var~S~~24``),
    else are one ``.Var~X~~<k>``, named ``VX1``.. in order (``VX`` alone), so a string ISS
    wrote reads back the same."""
    count = rules.get("extra_cells") or 0
    given = list(count) if isinstance(count, list | tuple) else []  # their names
    count = len(given) if given else count
    names: dict[tuple[int, int], str] = {}
    doppelganger = rules.get("doppelganger") or {}
    for key, group in (("rows", "DGC"), ("columns", "DGR"), ("boxes", "DGB")):
        for i, cell in enumerate(doppelganger.get(key, ()), 1):
            names[(cell[0], cell[1])] = f"{group}{i}"
    rest = [(side + k // side, k % side) for k in range(count)]
    named = [given[row * side + column - side * side] for row, column in rest if (row, column) not in names]
    rest = [cell for cell in rest if cell not in names]
    declared = _var_groups(named) if given else None
    if declared is not None:
        for cell, name in zip(rest, named, strict=True):
            names[cell] = "V" + name
        return names, declared
    for i, cell in enumerate(rest, 1):
        names[cell] = "VX" if len(rest) == 1 else f"VX{i}"
    return names, ([f".Var~X~~{len(rest)}" if len(rest) > 1 else ".Var~X"] if rest else [])


def _var_groups(names: Sequence[str]) -> list[str] | None:
    """The ``.Var`` parts declaring extra cells of these names in this order (``["A", "S1",
    "S2"]``: ``.Var~A`` and ``.Var~S~~2``), or ``None`` when ISS would not name and number
    them so: a group is one name of capital letters, or the letters followed by ``1..k``,
    the groups in the order of their letters (ISS numbers its groups so).

    >>> _var_groups(["A", "S1", "S2"]), _var_groups(["B", "A"]), _var_groups(["S2", "S1"])
    (['.Var~A', '.Var~S~~2'], None, None)
    """
    groups: list[tuple[str, int]] = []  # (letters, cells; 0 for a name without a number)
    for name in names:
        found = re.fullmatch(r"([A-Z]+)([1-9]\d*)?", name)
        if found is None:
            return None
        letters, number = found[1], int(found[2] or 0)
        if groups and groups[-1][0] == letters and groups[-1][1] and number == groups[-1][1] + 1:
            groups[-1] = (letters, number)
        elif number in (0, 1) and all(g != letters for g, _ in groups):
            groups.append((letters, number))
        else:
            return None
    if [g for g, _ in groups] != sorted(g for g, _ in groups) or any(k == 1 for _, k in groups):
        return None  # out of ISS's order, or one cell named with a number (ISS reads it as VS, not VS1)
    return [f".Var~{g}~~{k}" if k else f".Var~{g}" for g, k in groups]


def _write_parts(
    record: Mapping[str, Any], rules: Mapping[str, Any], side: int, digits, parts: list[str]
) -> None:
    """The givens, then each rule's parts, appended to ``parts`` (:func:`write`)."""
    grid = str(record["grid"])
    blanks = "." if digits and 0 in digits else ".0"  # '0' is a digit on a grid of 0..n-1
    givens = [f"{cell_id(divmod(i, side))}_{int(ch, 36)}" for i, ch in enumerate(grid) if ch not in blanks]
    if givens:
        parts.append(".~" + "~".join(givens))
    white, black = rules.get("all_white_given"), rules.get("all_black_given")
    if white and black:
        parts.append(".StrictKropki")
    elif white and not (rules.get("white") or rules.get("black")):
        parts.append(".AntiConsecutive")
    elif white or black:
        raise UnsupportedRuleError("a Kropki negative constraint for one colour: ISS's StrictKropki is both")
    for key, value in rules.items():
        if key in ("regions", "all_white_given", "all_black_given") or not value:
            continue
        if digits and key == "regular" and any(line.get("nfa") for line in value):
            raise UnsupportedRuleError(
                "a state machine on a grid of other digits: this writer does not write it"
            )
        writer = WRITERS.get(key)
        if writer is None:
            raise UnsupportedRuleError(
                f"{key}: a rule ISS has no constraint type for, or this writer does not write"
            )
        parts += writer(value, side)


def iss_link(puzzle: Any) -> str:
    """A share link of ISS for a puzzle (:func:`write`, URL-encoded)."""
    return "https://sigh.github.io/Interactive-Sudoku-Solver/?q=" + urllib.parse.quote(
        write(puzzle), safe="~_-"
    )
