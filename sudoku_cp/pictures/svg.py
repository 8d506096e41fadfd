"""Pictures of puzzles as SVG: givens, filled digits, candidates, highlights and every
variant's markings.

:func:`draw` turns a :class:`~sudoku_cp.model.puzzle.Puzzle` (or a :class:`~sudoku_cp.model.grid.Grid`)
into a :class:`drawsvg.Drawing`; :func:`to_svg` gives its SVG text and :func:`to_png` a PNG
(with the optional ``cairosvg``). ``Puzzle.to_svg``, ``Grid.to_svg`` and their Jupyter
display (``_repr_svg_``) call these.

The picture is built with `drawsvg <https://pypi.org/project/drawsvg/>`_ rather than string
templates: it is maintained (2.x, 2024-), has no dependencies of its own, escapes text and
attributes, writes well-formed XML, and can hand the same drawing to ``cairosvg`` for a PNG.
(``svgwrite``, the other common choice, has had no release since 2022.)

What is drawn, bottom to top:

* shaded windows (Hyper / Windoku), even cells (a grey square) and odd cells (a grey circle);
* highlighted units (a light tint) and cells (a stronger one);
* the diagonals of X-Sudoku, and thermometers (a grey bulb and tube);
* thin cell lines and thick borders around boxes, or jigsaw regions;
* killer cages: dashed outlines inset inside their cells (so neighbouring cages stay
  apart) with the sum in the cage's top-left corner;
* Kropki dots (white: differ by 1; black: ratio 2) and inequality signs pointing at the
  smaller digit, on the edge between the two cells;
* digits, centred: givens in black, filled digits in blue; candidates (pencil marks) in
  a small sub-grid of each empty cell, optionally marked in colour.

Values above 9 are written ``A``-``P``, as in the text formats.

>>> from sudoku_cp import Grid
>>> text = to_svg(Grid.parse("1.3.34..2..1.1.."))
>>> text.count("<text"), text.startswith("<?xml")
(7, True)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import drawsvg as dw

from sudoku_cp.errors import InvalidArgumentError, InvalidPuzzleError
from sudoku_cp.io.formats import VALUE_CHARS
from sudoku_cp.model.constraints import (
    OUTSIDE_KINDS,
    Constraint,
    Linear,
    Model,
    Origin,
    OriginKind,
    Sum,
    unit_constraints,
)
from sudoku_cp.model.grid import digit_char

if TYPE_CHECKING:  # svg works from the objects it is given: Grid and Puzzle call it, lazily
    from sudoku_cp.model.grid import Grid
    from sudoku_cp.model.puzzle import Puzzle

Cell = tuple[int, int]
Mark = tuple[int, int, int]

SUBGRID_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2")
"""The frames of a multi-grid board's sub-grids, in turn (grid 1 red, grid 2 blue, ...)."""

GIVEN_COLOUR = "#000000"
FILLED_COLOUR = "#1f5fbf"
CANDIDATE_COLOUR = "#555555"
REMOVED_TEXT_COLOUR = "#7f0000"
"""A removed candidate's digit and strike line, over its red disc."""
HIGHLIGHT_COLOUR = "#fff2a8"
CONTRADICTION_COLOUR = "#f6b3b3"
"""The tint of the cell where a forcing net's branch contradicts itself."""
UNIT_COLOUR = "#e3eefc"
SHADE_COLOUR = "#e6e6e6"
THERMO_COLOUR = "#c4c4c4"
LINE_COLOURS = {
    OriginKind.WHISPERS: "#67d066",  # green (German; Dutch whispers are drawn the same)
    OriginKind.RENBAN: "#c882e6",  # purple
    OriginKind.PALINDROME: "#a9a9a9",  # grey
    OriginKind.BETWEEN_LINE: "#9fb5cf",
    OriginKind.REGION_SUM_LINE: "#4a90e2",  # blue
    OriginKind.ARROW: "#9a9a9a",
    OriginKind.MODULAR_LINE: "#33bbbb",  # teal
    OriginKind.ENTROPIC_LINE: "#f5a55a",  # peach
    OriginKind.ZIPPER_LINE: "#b9a2e0",  # lavender
    OriginKind.DIFFERENCE_COUNT_LINE: "#9ad6f7",  # light blue
    OriginKind.INDEX_LINE: "#71ded2",  # turquoise (a diamond marks its first cell)
    OriginKind.PARITY_LINE: "#e08fb0",  # rose
    OriginKind.NABNER_LINE: "#f0b020",  # amber
    OriginKind.DOUBLE_ARROW: "#9a9a9a",  # as arrows
    OriginKind.LOCKOUT_LINE: "#c8c8ff",  # pale blue, as ISS draws it
    OriginKind.SUM_LINE: "#64c864",  # green, dashed as ISS draws it
}
CAGE_TAGS = {
    OriginKind.LUNCHBOX: lambda o: str(o.total),
    OriginKind.RELLIK_CAGE: lambda o: f"≠{o.total}",
    OriginKind.EQUALITY_CAGE: lambda o: "=",
    OriginKind.LOOK_AND_SAY: lambda o: o.text,
    OriginKind.COUNT_DISTINCT: lambda o: "#",
    OriginKind.SAME_VALUES: lambda o: "",
    OriginKind.EQUAL_SUMS: lambda o: "",
}
"""The cage-like kinds of the community (dashed outlines) and the words in their first cell."""
CLONE_COLOURS = ("#fde2b8", "#cfe8ff", "#d8f0d0", "#f6d0e6", "#e6e0c8")
"""Tints of clone regions: a clone and its original share one."""
INDEXER_COLOUR = "#d4ecd4"
GENERAL_COLOUR = "#1b998b"
"""Teal: the general rules (relations, regular lines, sums, counts, elements, alternatives)."""
DIAGONAL_COLOUR = "#9bb3d6"
CAGE_COLOUR = "#333333"
CAGE_INSET = 0.09  # of a cell: neighbouring cages stay visibly apart
MARK_COLOURS = {"premise": "#7fb2ff", "placed": "#5cc16a", "removed": "#f07c7c"}
CHAIN_COLOUR = "#d2691e"
"""The colour of a chain's links: strong links solid, weak links dashed."""
BRANCH_COLOURS = (
    "#d2691e",
    "#2e8b57",
    "#6a5acd",
    "#c71585",
    "#1e90ff",
    "#b8860b",
    "#708090",
    "#8b0000",
    "#008b8b",
)
"""The colours of a forcing net's branches, one per branch (in turn)."""
"""Named colours for candidate marks: a step's premises, its placement, its eliminations."""

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def default_cell_size(side: int, candidates: bool = False) -> int:
    """Pixels per cell: about 430 pixels across up to 9x9, smaller cells beyond; larger
    cells when candidates are drawn, so that each pencil mark stays readable.

    >>> default_cell_size(9), default_cell_size(9, candidates=True), default_cell_size(25)
    (48, 56, 28)
    """
    size = 48 if side <= 9 else max(28, 432 // side + 10)
    if candidates:
        size = max(size + 8, 13 * math.ceil(math.sqrt(side)))
    return size


def to_svg(puzzle: Puzzle | Grid, **options) -> str:
    """The SVG text of :func:`draw` (same arguments)."""
    return draw(puzzle, **options).as_svg()


def to_png(puzzle: Puzzle | Grid, path: str | None = None, *, scale: float = 1.0, **options) -> bytes:
    """The picture as PNG bytes (written to ``path`` too, if given); ``scale`` multiplies
    the pixel size. Other arguments as :func:`draw`.

    Raises:
        ImportError: ``cairosvg`` (or the Cairo library it needs) is missing; the message
            says how to install it (``pip install "sudoku_cp[png]"``).
    """
    try:
        import cairosvg
    except (ImportError, OSError) as error:
        raise ImportError(
            f'PNG output needs cairosvg and the Cairo library: pip install "sudoku_cp[png]" ({error})'
        ) from None
    png = cairosvg.svg2png(bytestring=to_svg(puzzle, **options).encode("utf-8"), scale=scale)
    if path is not None:
        with open(path, "wb") as file:
            file.write(png)
    return png


def draw(
    puzzle: Puzzle | Grid,
    *,
    values: Grid | Sequence[int] | None = None,
    candidates: bool | Sequence[Iterable[int]] = False,
    highlight: Iterable[Cell] | Mapping[Cell, str] = (),
    units: Iterable[str | Origin | Iterable[Cell]] = (),
    marks: Mapping[Mark, str] | None = None,
    links: Iterable[tuple[Iterable[Mark], Iterable[Mark], bool]] = (),
    cell_size: int | None = None,
) -> dw.Drawing:
    """Draw a puzzle as a :class:`drawsvg.Drawing`.

    Args:
        puzzle: a :class:`~sudoku_cp.model.puzzle.Puzzle` (its rules are drawn) or a
            :class:`~sudoku_cp.model.grid.Grid` (classic rules).
        values: digits filled in so far (a solution, or a grid in progress): a
            :class:`Grid` or ``n*n`` ints row-major, 0 for blank. Cells that are not
            givens are drawn in blue; givens stay black.
        candidates: ``True`` to draw each empty cell's candidates (its domain less the
            digits of its peers), or ``n*n`` collections of values to draw as given
            (a cell with a digit shows no candidates).
        highlight: ``(row, column)`` cells to tint (0-based), or a mapping from cells
            to SVG colours: a colour name, ``#rgb``, ``#rrggbb`` (with alpha: 4 or 8
            digits) or ``rgb(...)``, ``rgba(...)``, ``hsl(...)``, ``hsla(...)``; any other
            string raises :class:`InvalidPuzzleError` naming the argument (a colour
            is written into the SVG, so it must not carry markup).
        units: units to tint lightly: origins of constraints of ``puzzle.model``
            (:class:`~sudoku_cp.model.constraints.Origin`: all the cells of its constraints),
            their labels (``"row 3"``, ``"box 5 (rows 4-6, columns 4-6)"``), or
            collections of ``(row, column)`` cells.
        marks: ``(row, column, value)`` candidates to mark with a coloured disc; the
            colour is an SVG colour or a key of :data:`MARK_COLOURS` (``"premise"``,
            ``"placed"``, ``"removed"``). A marked candidate is drawn even when
            ``candidates`` is off.
        links: a chain's links, each ``(from, to, strong)``: two collections of
            ``(row, column, value)`` candidates (a node: one candidate, or a group's or
            an ALS's), joined centre to centre by a line, solid for a strong link
            (``strong`` true), dashed for a weak one (class ``link strong`` or ``link
            weak``); their candidates are drawn even when ``candidates`` is off. A
            fourth item, an SVG colour, colours that link (a forcing net's branches:
            :data:`BRANCH_COLOURS`); :data:`CHAIN_COLOUR` otherwise.
        cell_size: pixels per cell (default: :func:`default_cell_size`).

    Returns:
        A drawing of ``side * cell_size + 2 * margin`` pixels square; a multi-grid board
        (:class:`~sudoku_cp.model.multigrid.MultiGrid`) is drawn whole, its sub-grids' boxes
        in thick lines and the cells outside every sub-grid left blank.

    Raises:
        InvalidPuzzleError: ``values`` or ``candidates`` of the wrong length, or a unit
            label or origin that is not in the model.
    """
    if cell_size is not None and (
        isinstance(cell_size, bool) or not isinstance(cell_size, int) or cell_size < 1
    ):
        raise InvalidArgumentError(f"cell_size is a positive int of pixels, not {str(cell_size)[:30]!r}")
    puzzle = _Drawn.of(puzzle)
    filled = _values(puzzle, values)
    shown = _candidates(puzzle, filled, candidates)
    picture = _Picture(puzzle, cell_size or default_cell_size(puzzle.side, shown is not None))
    picture.cells(_unit_cells(puzzle, units), _checked(_colours(highlight, HIGHLIGHT_COLOUR), "highlight"))
    picture.parity()
    picture.diagonals_and_thermometers()
    picture.community()
    picture.community_kinds()
    picture.chaos_clues()
    picture.modern_lines()
    picture.general_rules()
    picture.region_borders()
    picture.cages()
    picture.edge_marks()
    picture.modern_marks()
    picture.digits(filled)
    links = [_link(link, index) for index, link in enumerate(links)]
    picture.candidates(shown, filled, _checked(dict(marks or {}), "marks", MARK_COLOURS), links)
    return picture.drawing


class _Drawn:
    """What a picture shows of a puzzle, or of a grid (classic rules): its shape, givens
    and model; the markings come from the origins of the model's constraints."""

    def __init__(self, grid: Grid, model: Model) -> None:
        self.grid = grid
        self.side = grid.side
        self.box = grid.box
        self.model = model
        self.position = model.position  # cell -> (row, column), of the board on a multi-grid
        board = getattr(grid, "board", None)  # a multi-grid board (sudoku_cp.model.multigrid)
        self.size = board.size if board is not None else (grid.side, grid.side)
        self.inside = frozenset(model.positions) if model.positions is not None else None
        self.by_kind: dict[OriginKind, list[Constraint]] = {}
        for constraint in model.constraints:
            self.by_kind.setdefault(constraint.origin.kind, []).append(constraint)

    @classmethod
    def of(cls, puzzle: Puzzle | Grid) -> _Drawn:
        """A :class:`Puzzle`'s view (it has a ``model``), or a :class:`Grid`'s (rows,
        columns and boxes)."""
        if hasattr(puzzle, "model"):
            return cls(puzzle.grid, puzzle.model)
        grid = puzzle
        return cls(grid, Model(grid.side, grid.cells, unit_constraints(grid.geometry.units, grid.side)))

    def kind(self, *kinds: OriginKind) -> list[Constraint]:
        """The constraints of those origin kinds, in the model's order."""
        return [c for kind in kinds for c in self.by_kind.get(kind, ())]

    def groups(self, kind: OriginKind) -> dict[Origin, list[Constraint]]:
        """The constraints of one origin kind, grouped by origin (a thermometer's links)."""
        grouped: dict[Origin, list[Constraint]] = {}
        for constraint in self.kind(kind):
            grouped.setdefault(constraint.origin, []).append(constraint)
        return grouped


def _coordinates(cell: int, side: int) -> Cell:
    return divmod(cell, side)


class _Picture:
    """One drawing being built: the coordinates of cells and edges, and one method per layer."""

    def __init__(self, puzzle: _Drawn, cell_size: int) -> None:
        self.puzzle = puzzle
        self.n = puzzle.side
        self.s = cell_size
        self.margin = max(4, cell_size // 8)
        if any(puzzle.kind(kind) for kind in OUTSIDE_KINDS):
            self.margin = cell_size  # outside clues sit one cell out
        rows, columns = puzzle.size
        width, height = columns * cell_size + 2 * self.margin, rows * cell_size + 2 * self.margin
        self.drawing = dw.Drawing(width, height, font_family=FONT)
        self.drawing.append(dw.Rectangle(0, 0, width, height, fill="white"))

    # -- coordinates ------------------------------------------------------------------

    def x(self, column: float) -> float:
        return self.margin + column * self.s

    def y(self, row: float) -> float:
        return self.margin + row * self.s

    def centre(self, cell: Cell) -> tuple[float, float]:
        return self.x(cell[1] + 0.5), self.y(cell[0] + 0.5)

    def text(self, value: int | str, x: float, y: float, size: float, **style) -> None:
        """Text centred on ``(x, y)``: the baseline sits 0.35 em below the centre, which
        centres digits in every renderer (``dominant-baseline`` is not read by all)."""
        label = self.digit(value) if isinstance(value, int) else value
        self.drawing.append(dw.Text(label, size, x, y + 0.35 * size, text_anchor="middle", **style))

    def digit(self, value: int) -> str:
        """The character of a cell value: the puzzle's own digit when its digits are not
        ``1..n`` (values are then their positions, :mod:`sudoku_cp.model.digits`)."""
        chosen = getattr(self.puzzle.grid, "chosen_digits", None)
        return digit_char(chosen[value - 1]) if chosen else VALUE_CHARS[value - 1]

    # -- layers -----------------------------------------------------------------------

    def cells(self, unit_cells: set[Cell], highlighted: dict[Cell, str]) -> None:
        """One square per cell (class ``cell``) with thin sides, filled by what marks it:
        a highlight, else a highlighted unit, else a window (Hyper), else white."""
        windowed = self._window_cells()
        rows, columns = self.puzzle.size
        inside = self.puzzle.inside
        for row in range(rows):
            for column in range(columns):
                cell = (row, column)
                if inside is not None and cell not in inside:
                    continue  # outside every sub-grid of a multi-grid board: left blank
                classes, fill = "cell", "white"
                if cell in windowed:
                    classes, fill = "cell window", SHADE_COLOUR
                if cell in unit_cells:
                    classes, fill = classes + " unit", UNIT_COLOUR
                if cell in highlighted:
                    classes, fill = classes + " highlight", highlighted[cell]
                self.drawing.append(
                    dw.Rectangle(
                        self.x(column), self.y(row), self.s, self.s,
                        fill=fill, stroke="#999999", stroke_width=1, class_=classes,
                    )
                )  # fmt: skip

    def _window_cells(self) -> set[Cell]:
        windows = self.puzzle.kind(OriginKind.WINDOW)
        return {_coordinates(cell, self.n) for window in windows for cell in window.cells}

    def parity(self) -> None:
        """Even cells: a grey square; odd cells: a grey circle."""
        for cell in [c.origin.cells[0] for c in self.puzzle.kind(OriginKind.EVEN)]:
            inset = self.s * 0.12
            self.drawing.append(
                dw.Rectangle(
                    self.x(cell[1]) + inset, self.y(cell[0]) + inset, self.s - 2 * inset, self.s - 2 * inset,
                    fill=SHADE_COLOUR, class_="even",
                )
            )  # fmt: skip
        for cell in [c.origin.cells[0] for c in self.puzzle.kind(OriginKind.ODD)]:
            self.drawing.append(dw.Circle(*self.centre(cell), self.s * 0.4, fill=SHADE_COLOUR, class_="odd"))

    def diagonals_and_thermometers(self) -> None:
        width = self.n * self.s
        if self.puzzle.kind(OriginKind.DIAGONAL):
            for x0, x1 in ((self.x(0), self.x(0) + width), (self.x(0) + width, self.x(0))):
                self.drawing.append(
                    dw.Line(
                        x0,
                        self.y(0),
                        x1,
                        self.y(0) + width,
                        stroke=DIAGONAL_COLOUR,
                        stroke_width=2,
                        class_="diagonal",
                    )
                )
        for links in self.puzzle.groups(OriginKind.THERMOMETER).values():  # bulb first, link by link
            path = [_coordinates(links[0].first, self.n)] + [_coordinates(c.second, self.n) for c in links]
            self._polyline(path, THERMO_COLOUR, self.s * 0.28, "thermometer")
            self.drawing.append(
                dw.Circle(*self.centre(path[0]), self.s * 0.36, fill=THERMO_COLOUR, class_="bulb")
            )

    def community(self) -> None:
        """The community's kinds drawn over the cells: slow thermometers (a thermometer with a
        hollow bulb), clone regions (one tint per clone and its original), indexer cells (a
        green tint with a small "R" or "C"), a zipper line's centre (a dot)."""
        for origin in self.puzzle.groups(OriginKind.SLOW_THERMOMETER):
            self._polyline(origin.cells, THERMO_COLOUR, self.s * 0.28, "slow-thermometer")
            self.drawing.append(
                dw.Circle(
                    *self.centre(origin.cells[0]), self.s * 0.33, fill="white", stroke=THERMO_COLOUR,
                    stroke_width=self.s * 0.08, class_="slow-bulb",
                )
            )  # fmt: skip
        for origin in self.puzzle.groups(OriginKind.INDEX_LINE):
            x, y = self.centre(origin.cells[0])
            r = self.s * 0.22
            colour = LINE_COLOURS[OriginKind.INDEX_LINE]
            self.drawing.append(
                dw.Lines(
                    x, y - r, x + r, y, x, y + r, x - r, y, close=True, fill=colour, class_="index-diamond"
                )
            )
        for origin in self.puzzle.groups(OriginKind.ZIPPER_LINE):
            (r0, c0), (r1, c1) = (
                origin.cells[(len(origin.cells) - 1) // 2],
                origin.cells[len(origin.cells) // 2],
            )
            x, y = self.x((c0 + c1) / 2 + 0.5), self.y((r0 + r1) / 2 + 0.5)
            colour = LINE_COLOURS[OriginKind.ZIPPER_LINE]
            self.drawing.append(dw.Circle(x, y, self.s * 0.12, fill=colour, class_="zipper-centre"))
        for index, origin in enumerate(self.puzzle.groups(OriginKind.CLONE)):
            colour = CLONE_COLOURS[index % len(CLONE_COLOURS)]
            for row, column in origin.cells:
                inset = self.s * 0.06
                self.drawing.append(
                    dw.Rectangle(
                        self.x(column) + inset, self.y(row) + inset, self.s - 2 * inset, self.s - 2 * inset,
                        fill=colour, class_="clone",
                    )
                )  # fmt: skip
        for origin in self.puzzle.groups(OriginKind.EXTRA_REGION):
            for row, column in origin.cells:
                self.drawing.append(
                    dw.Rectangle(
                        self.x(column), self.y(row), self.s, self.s, fill=SHADE_COLOUR, class_="extra-region",
                    )
                )  # fmt: skip
        for kind, letter in ((OriginKind.ROW_INDEXER, "R"), (OriginKind.COLUMN_INDEXER, "C")):
            for origin in self.puzzle.groups(kind):
                row, column = origin.cells[0]
                self.drawing.append(
                    dw.Rectangle(
                        self.x(column), self.y(row), self.s, self.s, fill=INDEXER_COLOUR, class_="indexer",
                        fill_opacity=0.7,
                    )
                )  # fmt: skip
                size = self.s * 0.18
                self.text(
                    letter, self.x(column + 1) - size * 0.7, self.y(row) + size * 0.9, size, class_="indexer"
                )

    def community_kinds(self) -> None:
        """The community's remaining kinds: lunchboxes, rellik, equality, look-and-say,
        count-distinct and same-values cages as dashed outlines with their clue (``12``,
        ``≠10``, ``=``, ``1223``, ``#`` on the control cell), equal-sum segments, sum lines
        dashed green with their sum, counting circles as circles,
        double arrows as a line with a circle at each end, lockout lines with a diamond at
        each end. Global entropy and mod 3 are rules of the whole grid: nothing is drawn."""
        for kind, tag in CAGE_TAGS.items():
            for origin in self.puzzle.groups(kind):
                parts = [origin.cells]
                if kind is OriginKind.SAME_VALUES:  # each set outlined on its own
                    size = len(self.puzzle.groups(kind)[origin][0].cells) // 2
                    parts = [origin.cells[i : i + size] for i in range(0, len(origin.cells), size)]
                if kind is OriginKind.EQUAL_SUMS:  # each segment: the cells of a sign in a Linear
                    links = self.puzzle.groups(kind)[origin]
                    signs = [(link, 1) for link in links] + [(links[-1], -1)]
                    parts = [
                        [
                            _coordinates(c, self.n)
                            for c, a in zip(link.cells, link.coefficients, strict=True)
                            if a == sign
                        ]
                        for link, sign in signs
                    ]
                for cells in parts:
                    for x0, y0, x1, y1 in _cage_outline(set(cells), CAGE_INSET * 1.6):
                        self.drawing.append(
                            dw.Line(
                                self.x(x0), self.y(y0), self.x(x1), self.y(y1), stroke=GENERAL_COLOUR,
                                stroke_width=1, stroke_dasharray=f"{self.s * 0.05:.1f} {self.s * 0.05:.1f}",
                                class_=kind.value.replace(" ", "-"),
                            )
                        )  # fmt: skip
                if tag(origin):
                    self._tag(origin.cells[0], tag(origin))
        for origin in self.puzzle.groups(OriginKind.COUNTING_CIRCLES):
            for cell in origin.cells:
                self.drawing.append(
                    dw.Circle(
                        *self.centre(cell), self.s * 0.42, fill="none", stroke="#777777", stroke_width=1.5,
                        class_="counting-circle",
                    )
                )  # fmt: skip
        for origin in self.puzzle.groups(OriginKind.SUM_LINE):
            points = [coordinate for cell in origin.cells for coordinate in self.centre(cell)]
            self.drawing.append(
                dw.Lines(
                    *points, close=False, fill="none", stroke=LINE_COLOURS[OriginKind.SUM_LINE],
                    stroke_width=self.s * 0.12, stroke_dasharray=f"{self.s * 0.15:g},{self.s * 0.1:g}",
                    stroke_linejoin="round", class_="sum-line",
                )
            )  # fmt: skip
            self._tag(origin.cells[0], str(origin.total))
        for kind in (OriginKind.DOUBLE_ARROW, OriginKind.LOCKOUT_LINE):
            colour = LINE_COLOURS[kind]
            for origin in self.puzzle.groups(kind):
                cells = origin.cells
                self._polyline(cells, colour, self.s * (0.06 if kind is OriginKind.DOUBLE_ARROW else 0.22),
                               kind.value.replace(" ", "-"))  # fmt: skip
                for end in (cells[0], cells[-1]):
                    x, y = self.centre(end)
                    if kind is OriginKind.DOUBLE_ARROW:
                        self.drawing.append(
                            dw.Circle(x, y, self.s * 0.4, fill="white", stroke=colour, stroke_width=2,
                                      class_="double-arrow-circle")
                        )  # fmt: skip
                    else:
                        r = self.s * 0.3
                        self.drawing.append(
                            dw.Lines(x, y - r, x + r, y, x, y + r, x - r, y, close=True, fill="white",
                                     stroke=colour, stroke_width=2, class_="lockout-diamond")
                        )  # fmt: skip

    def _polyline(
        self, cells: Sequence[Cell], colour: str, width: float, class_: str, dashes: str | None = None
    ) -> None:
        """A line through the centres of ``cells`` (none for fewer than two), ``width``
        pixels wide: with round ends and corners, or dashed (``dashes``, an SVG
        ``stroke-dasharray``)."""
        if len(cells) < 2:
            return
        points = [coordinate for cell in cells for coordinate in self.centre(cell)]
        style = (
            {"stroke_dasharray": dashes}
            if dashes
            else {"stroke_linecap": "round", "stroke_linejoin": "round"}
        )
        self.drawing.append(
            dw.Lines(
                *points, close=False, fill="none", stroke=colour, stroke_width=width, **style, class_=class_
            )
        )

    def general_rules(self) -> None:
        """The general rules (issue 31), drawn generically: a relation's pairs as thin
        dashed teal lines; a regular line as a dashed teal line with its pattern at its
        start; the cells of a sum, count, element or alternative as small teal corner
        dots with the rule's word and number (``sum 1``, ``count 2``) in its first cell."""
        colour = GENERAL_COLOUR
        for origin in self.puzzle.groups(OriginKind.RELATION):
            for a, b in zip(origin.cells[::2], origin.cells[1::2], strict=False):
                self._dashed((a, b), colour)
        for origin in self.puzzle.groups(OriginKind.REGULAR):
            self._dashed(origin.cells, colour)
            self._tag(origin.cells[0], origin.text)
        words = {
            OriginKind.SUM: lambda o: f"={o.total}",
            OriginKind.COUNT: lambda o: (
                o.text.replace("exactly ", "").replace("at least ", ">=").replace("at most ", "<=")
            ),
            OriginKind.ELEMENT: lambda o: f"el{o.number}",
            OriginKind.EITHER: lambda o: f"or{o.number}",
        }
        for kind, word in words.items():
            for origin in self.puzzle.groups(kind):
                cells = origin.cells[2:] if kind is OriginKind.ELEMENT else origin.cells
                for cell in dict.fromkeys(cells):
                    x, y = self.x(cell[1]), self.y(cell[0])
                    self.drawing.append(
                        dw.Circle(
                            x + self.s * 0.88,
                            y + self.s * 0.88,
                            self.s * 0.06,
                            fill=colour,
                            class_="general-cell",
                        )
                    )
                self._tag(origin.cells[0], word(origin))

    def _dashed(self, cells: Sequence[Cell], colour: str) -> None:
        dashes = f"{self.s * 0.12:g},{self.s * 0.08:g}"
        self._polyline(cells, colour, max(1.5, self.s * 0.06), "general-line", dashes)

    def _tag(self, cell: Cell, words: str) -> None:
        """A short label in the top-left corner of a cell (cut to 12 characters)."""
        label = words if len(words) <= 12 else words[:11] + "…"
        self.drawing.append(
            dw.Text(
                label,
                self.s * 0.18,
                self.x(cell[1]) + self.s * 0.05,
                self.y(cell[0]) + self.s * 0.2,
                fill=GENERAL_COLOUR,
                class_="general-tag",
            )
        )

    def chaos_clues(self) -> None:
        """A chaos construction's clues (its regions are unknown: the grid is drawn without
        boxes): a count as a dashed outline of its cells, an arrow as thin lines from its
        start along each arm (a new arm wherever the next cell is not next to the last),
        each with a small circle in its control cell."""
        colour = LINE_COLOURS[OriginKind.ARROW]
        for origin in self.puzzle.groups(OriginKind.CHAOS_COUNT):
            for x0, y0, x1, y1 in _cage_outline(set(origin.cells[1:]), CAGE_INSET):
                self.drawing.append(
                    dw.Line(self.x(x0), self.y(y0), self.x(x1), self.y(y1), stroke=colour, stroke_width=1,
                            stroke_dasharray=f"{self.s * 0.05:.1f} {self.s * 0.05:.1f}", class_="chaos-count")
                )  # fmt: skip
        for origin in self.puzzle.groups(OriginKind.CHAOS_ARROW):
            start, arm = origin.cells[1], [origin.cells[1]]
            for cell in (*origin.cells[2:], None):
                if cell is None or abs(cell[0] - arm[-1][0]) + abs(cell[1] - arm[-1][1]) != 1:
                    self._polyline(arm, colour, 2, "chaos-arrow")
                    arm = [start]
                if cell is not None:
                    arm.append(cell)
        for kind in (OriginKind.CHAOS_COUNT, OriginKind.CHAOS_ARROW):
            for origin in self.puzzle.groups(kind):
                self.drawing.append(
                    dw.Circle(*self.centre(origin.cells[0]), self.s * 0.4, fill="none", stroke=colour,
                              stroke_width=1.5, class_=kind.value.replace(" ", "-"))
                )  # fmt: skip

    def modern_lines(self) -> None:
        """Whispers (green), renban (purple), palindromes (grey), region-sum lines (blue),
        between lines with a circle at each end, and arrows from their circles."""
        for kind in (
            OriginKind.WHISPERS,
            OriginKind.RENBAN,
            OriginKind.PALINDROME,
            OriginKind.REGION_SUM_LINE,
            OriginKind.BETWEEN_LINE,
            OriginKind.MODULAR_LINE,
            OriginKind.ENTROPIC_LINE,
            OriginKind.ZIPPER_LINE,
            OriginKind.DIFFERENCE_COUNT_LINE,
            OriginKind.INDEX_LINE,
            OriginKind.PARITY_LINE,
            OriginKind.NABNER_LINE,
        ):
            for origin in self.puzzle.groups(kind):
                cells = origin.cells
                self._polyline(cells, LINE_COLOURS[kind], self.s * 0.22, kind.value.replace(" ", "-"))
                if kind is OriginKind.BETWEEN_LINE:
                    for end in (cells[0], cells[-1]):
                        self.drawing.append(
                            dw.Circle(
                                *self.centre(end),
                                self.s * 0.4,
                                fill="white",
                                stroke=LINE_COLOURS[kind],
                                stroke_width=2,
                                class_="between-circle",
                            )
                        )
        colour = LINE_COLOURS[OriginKind.ARROW]
        for arrow in self.puzzle.kind(OriginKind.ARROW):
            if not isinstance(arrow, Linear):
                continue  # a pill's digit range on grids over 9x9
            count = sum(1 for a in arrow.coefficients if a < 0)  # type: ignore[union-attr]
            circle, shaft = arrow.origin.cells[:count], arrow.origin.cells[count:]
            start = min(circle, key=lambda c: (c[0] - shaft[0][0]) ** 2 + (c[1] - shaft[0][1]) ** 2)
            self._polyline((start, *shaft), colour, 2, "arrow")
            (x0, y0), (x1, y1) = self.centre(shaft[-2] if len(shaft) > 1 else start), self.centre(shaft[-1])
            angle = math.atan2(y1 - y0, x1 - x0)
            head = self.s * 0.25
            for turn in (2.6, -2.6):
                self.drawing.append(
                    dw.Line(
                        x1,
                        y1,
                        x1 + head * math.cos(angle + turn),
                        y1 + head * math.sin(angle + turn),
                        stroke=colour,
                        stroke_width=2,
                        class_="arrow-head",
                    )
                )
            (top, left), (bottom, right) = min(circle), max(circle)
            inset = self.s * 0.1
            self.drawing.append(
                dw.Rectangle(
                    self.x(left) + inset,
                    self.y(top) + inset,
                    (right - left + 1) * self.s - 2 * inset,
                    (bottom - top + 1) * self.s - 2 * inset,
                    rx=self.s * 0.4,
                    fill="white",
                    stroke=colour,
                    stroke_width=2,
                    class_="arrow-circle",
                )
            )

    def modern_marks(self) -> None:
        """XV letters on edges, quadruple circles with their digits, and the clues outside
        the grid (little killers with their arrow, sandwich, skyscraper and outside sums)."""
        for kind in (OriginKind.X, OriginKind.V):
            for constraint in self.puzzle.kind(kind):
                x, y = self._edge_centre(*constraint.origin.cells)
                self.drawing.append(dw.Circle(x, y, self.s * 0.16, fill="white", class_="xv"))
                self.text(kind.value, x, y, self.s * 0.3, font_weight="bold", class_="xv")
        for constraint in self.puzzle.kind(OriginKind.QUADRUPLE):
            row, column = constraint.origin.cells[0]
            x, y = self.x(column + 1), self.y(row + 1)
            self.drawing.append(
                dw.Circle(
                    x, y, self.s * 0.27, fill="white", stroke="black", stroke_width=1, class_="quadruple"
                )
            )
            digits = constraint.origin.values
            size = self.s * (0.2 if len(digits) > 2 else 0.24)
            offsets = [(0, 0)] if len(digits) == 1 else [(-0.5, 0), (0.5, 0)] if len(digits) == 2 else []
            if len(digits) > 2:
                offsets = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)][: len(digits)]
            for digit, (dx, dy) in zip(digits, offsets, strict=True):
                self.text(str(digit), x + dx * size, y + dy * size * 1.1, size, class_="quadruple")
        for kind in OUTSIDE_KINDS:
            for constraint in self.puzzle.kind(kind):
                self._outside_clue(constraint.origin, kind)

    def _outside_clue(self, origin: Origin, kind: OriginKind) -> None:
        cells = origin.cells
        if len(cells) > 1:
            step = (cells[1][0] - cells[0][0], cells[1][1] - cells[0][1])
        else:  # a one-cell run points straight in from its edge
            row, column = cells[0]
            step = (
                (1 if row == 0 else -1 if row == self.n - 1 else 0, 0)
                if column not in (0, self.n - 1)
                else (
                    0,
                    1 if column == 0 else -1,
                )
            )
        x, y = self.centre((cells[0][0] - step[0], cells[0][1] - step[1]))
        if kind is OriginKind.LITTLE_KILLER:  # off the arrow's side: two clues may share a corner cell
            x -= step[1] * self.s * 0.18
        size = self.s * 0.4
        self.text(str(origin.total), x, y, size, class_=kind.value.replace(" ", "-"))
        if kind is OriginKind.LITTLE_KILLER:  # a small arrow from the clue towards the diagonal
            x0, y0 = x + step[1] * self.s * 0.3, y + step[0] * self.s * 0.3
            x1, y1 = x + step[1] * self.s * 0.48, y + step[0] * self.s * 0.48
            self.drawing.append(
                dw.Line(x0, y0, x1, y1, stroke="black", stroke_width=1.5, class_="little-killer")
            )
            angle = math.atan2(y1 - y0, x1 - x0)
            for turn in (2.5, -2.5):
                self.drawing.append(
                    dw.Line(
                        x1,
                        y1,
                        x1 + self.s * 0.1 * math.cos(angle + turn),
                        y1 + self.s * 0.1 * math.sin(angle + turn),
                        stroke="black",
                        stroke_width=1.5,
                        class_="little-killer",
                    )
                )

    def region_borders(self) -> None:
        """Thick lines between boxes, or jigsaw regions, and around the grid."""
        n, s = self.n, self.s
        if self.puzzle.inside is not None:
            self._board_borders()
            return
        region = _regions(self.puzzle)
        thick = {"stroke": "#000000", "stroke_width": max(2, s // 16), "stroke_linecap": "square"}
        for row in range(n):
            for column in range(n):
                if column + 1 < n and region[row][column] != region[row][column + 1]:
                    x = self.x(column + 1)
                    self.drawing.append(dw.Line(x, self.y(row), x, self.y(row + 1), class_="border", **thick))
                if row + 1 < n and region[row][column] != region[row + 1][column]:
                    y = self.y(row + 1)
                    self.drawing.append(
                        dw.Line(self.x(column), y, self.x(column + 1), y, class_="border", **thick)
                    )
        outline = {**thick, "stroke_width": thick["stroke_width"] + 1}
        self.drawing.append(
            dw.Rectangle(self.x(0), self.y(0), n * s, n * s, fill="none", class_="outline", **outline)
        )

    def _board_borders(self) -> None:
        """A multi-grid board's thick lines: between two cells of different boxes, and
        between a cell inside some sub-grid and one outside every sub-grid (or the board's
        edge), so each sub-grid's outline and boxes are drawn and a shared box once."""
        owner: dict[Cell, int] = {}
        for number, box in enumerate(self.puzzle.kind(OriginKind.BOX)):
            owner.update(dict.fromkeys((self.puzzle.position(c) for c in box.cells), number))
        thick = {"stroke": "#000000", "stroke_width": max(2, self.s // 16) + 1, "stroke_linecap": "square"}
        board, s = self.puzzle.grid.board, self.s  # type: ignore[attr-defined]
        for number, (top, left) in enumerate(board.corners):
            # each sub-grid framed in its colour just inside its edge, so overlapping
            # sub-grids (a Butterfly's four) can be told apart
            inset = s * (0.1 + 0.06 * (number % 3))
            colour = SUBGRID_COLOURS[number % len(SUBGRID_COLOURS)]
            self.drawing.append(
                dw.Rectangle(
                    self.x(left) + inset, self.y(top) + inset,
                    board.side * s - 2 * inset, board.side * s - 2 * inset,
                    fill="none", stroke=colour, stroke_width=max(2, s // 20), stroke_opacity=0.7,
                    class_=f"subgrid grid-{number + 1}",
                )
            )  # fmt: skip
        rows, columns = self.puzzle.size
        for row in range(-1, rows):
            for column in range(-1, columns):
                here = owner.get((row, column), -1)
                if here != owner.get((row, column + 1), -1) and row >= 0:
                    x = self.x(column + 1)
                    self.drawing.append(dw.Line(x, self.y(row), x, self.y(row + 1), class_="border", **thick))
                if here != owner.get((row + 1, column), -1) and column >= 0:
                    y = self.y(row + 1)
                    self.drawing.append(
                        dw.Line(self.x(column), y, self.x(column + 1), y, class_="border", **thick)
                    )

    def cages(self) -> None:
        drawn = {c.origin for c in self.puzzle.kind(OriginKind.CAGE) if isinstance(c, Sum)}
        for cage in [c for c in self.puzzle.kind(OriginKind.CAGE) if c.origin.total is None]:
            cells = {_coordinates(cell, self.n) for cell in cage.cells}  # a cage without a total
            for x0, y0, x1, y1 in _cage_outline(cells, CAGE_INSET):
                self.drawing.append(
                    dw.Line(
                        self.x(x0), self.y(y0), self.x(x1), self.y(y1), stroke=CAGE_COLOUR, stroke_width=1,
                        stroke_dasharray=f"{self.s * 0.08:.1f} {self.s * 0.06:.1f}",
                        class_=f"cage cage-{cage.origin.number}",
                    )
                )  # fmt: skip
        for cage in [
            c for c in self.puzzle.kind(OriginKind.CAGE) if c.origin in drawn and isinstance(c, Sum)
        ]:
            number = cage.origin.number
            cells = {_coordinates(cell, self.n) for cell in cage.cells}
            for x0, y0, x1, y1 in _cage_outline(cells, CAGE_INSET):
                self.drawing.append(
                    dw.Line(
                        self.x(x0),
                        self.y(y0),
                        self.x(x1),
                        self.y(y1),
                        stroke=CAGE_COLOUR,
                        stroke_width=1,
                        stroke_dasharray=f"{self.s * 0.08:.1f} {self.s * 0.06:.1f}",
                        class_=f"cage cage-{number}",
                    )
                )
            row, column = min(cells)
            size = self.s * 0.24
            label = str(cage.total)
            left, top = self.x(column) + self.s * 0.04, self.y(row) + self.s * 0.03
            self.drawing.append(
                dw.Rectangle(left, top, size * 0.62 * len(label) + 2, size * 1.05, fill="white")
            )
            self.drawing.append(
                dw.Text(
                    label,
                    size,
                    left + 1,
                    top + size * 0.85,
                    fill=CAGE_COLOUR,
                    font_weight="bold",
                    class_="cage-sum",
                )
            )

    def edge_marks(self) -> None:
        """Kropki dots and inequality signs, centred on the edge between two cells."""
        for colour, kind in (("white", OriginKind.WHITE_DOT), ("black", OriginKind.BLACK_DOT)):
            for dot in self.puzzle.kind(kind):
                x, y = self._edge_centre(*dot.origin.cells)
                self.drawing.append(
                    dw.Circle(
                        x,
                        y,
                        self.s * 0.11,
                        fill=colour,
                        stroke="black",
                        stroke_width=1.2,
                        class_=f"dot {colour}",
                    )
                )
        for smaller, larger in [c.origin.cells for c in self.puzzle.kind(OriginKind.INEQUALITY)]:
            x, y = self._edge_centre(smaller, larger)
            dy, dx = larger[0] - smaller[0], larger[1] - smaller[1]  # unit step towards the larger
            arm, spread = self.s * 0.09, self.s * 0.12
            tip = (x - dx * arm, y - dy * arm)  # the point faces the smaller digit
            ends = [(x + dx * arm - dy * spread, y + dy * arm - dx * spread)]
            ends.append((x + dx * arm + dy * spread, y + dy * arm + dx * spread))
            self.drawing.append(
                dw.Lines(
                    *ends[0], *tip, *ends[1],
                    close=False,
                    fill="none",
                    stroke="black",
                    stroke_width=max(1.5, self.s / 24),
                    stroke_linecap="round",
                    stroke_linejoin="round",
                    class_="inequality",
                )
            )  # fmt: skip

    def _edge_centre(self, a: Cell, b: Cell) -> tuple[float, float]:
        (xa, ya), (xb, yb) = self.centre(a), self.centre(b)
        return (xa + xb) / 2, (ya + yb) / 2

    def digits(self, filled: Sequence[int]) -> None:
        givens = self.puzzle.grid.cells
        size = self.s * 0.6
        for index, value in enumerate(filled):
            if value:
                x, y = self.centre(self.puzzle.position(index))
                if givens[index]:
                    self.text(value, x, y, size, fill=GIVEN_COLOUR, font_weight="bold", class_="given")
                else:
                    self.text(value, x, y, size, fill=FILLED_COLOUR, class_="filled")

    def candidates(
        self,
        shown: Sequence[Iterable[int]] | None,
        filled: Sequence[int],
        marks: dict[Mark, str],
        links: Sequence[tuple] = (),
    ) -> None:
        """Each value ``v`` sits in slot ``v - 1`` of a small grid inside its cell; a
        chain's links join the centres of their nodes' candidates, over the discs."""
        values = self.puzzle.model.value_count  # n, or more digits than the side
        per_row = math.ceil(math.sqrt(values))
        rows = math.ceil(values / per_row)
        # In a killer, candidates keep clear of the cage outlines and of the sums.
        caged = bool(self.puzzle.kind(OriginKind.CAGE))
        left, top, bottom = (0.12, 0.27, 0.9) if caged else (0.08, 0.08, 0.92)
        step_x, step_y = self.s * (1 - 2 * left) / per_row, self.s * (bottom - top) / rows
        size = min(step_x, step_y) * 0.78
        drawn: dict[Cell, set[int]] = {}
        for index, values in enumerate(shown or ()):
            if not filled[index]:
                drawn[self.puzzle.position(index)] = set(values)
        for row, column, value in [*marks, *(m for a, b, *_ in links for m in a + b)]:
            drawn.setdefault((row, column), set()).add(value)
        discs = dw.Group(class_="marks")
        struck = dw.Group(  # removed candidates, named (issue 33: a disc alone hid the value)
            class_="removed-values",
            fill=REMOVED_TEXT_COLOUR,
            font_size=f"{size:.2f}",
            font_weight="bold",
            text_anchor="middle",
        )
        texts = dw.Group(
            class_="candidates", fill=CANDIDATE_COLOUR, font_size=f"{size:.2f}", text_anchor="middle"
        )
        for (row, column), values in sorted(drawn.items()):
            for value in sorted(values):
                slot_row, slot_column = divmod(value - 1, per_row)
                x = self.x(column) + self.s * left + (slot_column + 0.5) * step_x
                y = self.y(row) + self.s * top + (slot_row + 0.5) * step_y
                mark = marks.get((row, column, value))
                if mark is not None:
                    colour = MARK_COLOURS.get(mark, mark)
                    discs.append(dw.Circle(x, y, min(step_x, step_y) * 0.48, fill=colour, class_="mark"))
                if mark == MARK_COLOURS["removed"]:  # the value named: dark, bold and struck through
                    char = self.digit(value)
                    struck.append(dw.Text(char, None, round(x, 2), round(y + 0.35 * size, 2)))
                    half = 0.42 * size
                    struck.append(
                        dw.Line(
                            *(round(v, 2) for v in (x - half, y, x + half, y)),
                            stroke=REMOVED_TEXT_COLOUR,
                            stroke_width=f"{max(0.7, size * 0.07):.2f}",
                        )
                    )
                    continue
                # the group carries the style: one short element per candidate
                texts.append(dw.Text(self.digit(value), None, round(x, 2), round(y + 0.35 * size, 2)))
        self.drawing.append(discs)
        self.drawing.append(struck)
        if links:

            def spot(node: tuple[Mark, ...]) -> tuple[float, float]:
                points = []
                for row, column, value in node:
                    slot_row, slot_column = divmod(value - 1, per_row)
                    points.append(
                        (
                            self.x(column) + self.s * left + (slot_column + 0.5) * step_x,
                            self.y(row) + self.s * top + (slot_row + 0.5) * step_y,
                        )
                    )
                return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)

            width = max(1.0, self.s * 0.035)
            lines = dw.Group(class_="links", stroke=CHAIN_COLOUR, stroke_width=f"{width:.2f}", fill="none")
            for a, b, strong, *colour in links:
                if not a or not b:
                    continue
                (x1, y1), (x2, y2) = spot(a), spot(b)
                # from the edge of one candidate's disc to the other's, not over the digits
                length, radius = math.hypot(x2 - x1, y2 - y1), min(step_x, step_y) * 0.48
                if length > 3 * radius:
                    dx, dy = (x2 - x1) * radius / length, (y2 - y1) * radius / length
                    x1, y1, x2, y2 = x1 + dx, y1 + dy, x2 - dx, y2 - dy
                dash = {} if strong else {"stroke_dasharray": f"{3 * width:.2f},{2 * width:.2f}"}
                kind = "strong" if strong else "weak"
                if colour:
                    dash["stroke"] = colour[0]
                lines.append(
                    dw.Line(
                        round(x1, 2), round(y1, 2), round(x2, 2), round(y2, 2), class_=f"link {kind}", **dash
                    )
                )
            self.drawing.append(lines)
        self.drawing.append(texts)


# -- what to draw ----------------------------------------------------------------------------


def _regions(puzzle: _Drawn) -> list[list[int]]:
    """For each cell, the index of its box or jigsaw region (one region when there are none)."""
    n = puzzle.side
    owner = [0] * (n * n)
    groups = [c.cells for c in puzzle.kind(OriginKind.REGION)] or [
        c.cells for c in puzzle.kind(OriginKind.BOX)
    ]
    for number, cells in enumerate(groups):
        for cell in cells:
            owner[cell] = number
    return [owner[row * n : (row + 1) * n] for row in range(n)]


def _cage_outline(cells: set[Cell], inset: float) -> list[tuple[float, float, float, float]]:
    """The segments ``(x0, y0, x1, y1)`` of a cage's outline, in cell units (columns,
    rows), drawn ``inset`` (a fraction of a cell) inside its cells.

    Each side of a cage cell that borders a cell outside the cage gets a segment parallel
    to it. At each end the segment stops short (a convex corner: it meets the next side of
    the same cell), runs to the cell's edge (the cage goes on straight), or runs on by the
    inset (a concave corner: it meets the side of the diagonal cell).
    """
    d = inset
    segments = []
    for row, column in cells:
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if (row + dr, column + dc) in cells:
                continue
            # The side runs along direction (tr, tc), perpendicular to (dr, dc).
            tr, tc = abs(dc), abs(dr)
            ends = []
            for sign in (-1, 1):
                along = (row + sign * tr, column + sign * tc)
                diagonal = (along[0] + dr, along[1] + dc)
                if along not in cells:
                    extent = 0.5 - d
                elif diagonal in cells:
                    extent = 0.5 + d
                else:
                    extent = 0.5
                ends.append(sign * extent)
            centre_r = row + 0.5 + dr * (0.5 - d)
            centre_c = column + 0.5 + dc * (0.5 - d)
            (r0, c0), (r1, c1) = ((centre_r + e * tr, centre_c + e * tc) for e in ends)
            segments.append((c0, r0, c1, r1))
    return segments


def _values(puzzle: _Drawn, values: Grid | Sequence[int] | None) -> tuple[int, ...]:
    """The digits to draw: the givens, overlaid with ``values``."""
    givens = puzzle.grid.cells
    if values is None:
        return givens
    if isinstance(values, str | bytes | Mapping) or not isinstance(
        getattr(values, "cells", values), Iterable
    ):
        raise InvalidPuzzleError(f"values are a Grid or n*n ints, not {type(values).__name__}")
    cells = tuple(getattr(values, "cells", values))
    if len(cells) != len(givens):
        raise InvalidPuzzleError(f"values: {len(cells)} cells for a puzzle of {len(givens)}")
    return tuple(g or v for g, v in zip(givens, cells, strict=True))


def _candidates(
    puzzle: _Drawn, filled: Sequence[int], candidates: bool | Sequence[Iterable[int]]
) -> Sequence[Iterable[int]] | None:
    if candidates is False or candidates is None:
        return None
    if candidates is True:
        return basic_candidates(puzzle, filled)
    if len(candidates) != len(filled):
        raise InvalidPuzzleError(f"candidates: {len(candidates)} cells for a puzzle of {len(filled)}")
    return candidates


def basic_candidates(puzzle: Puzzle | _Drawn, filled: Sequence[int]) -> list[tuple[int, ...]]:
    """For each cell, the values of its initial domain that no filled peer holds (a filled
    cell: its value). This is the pencil marking people start from, without further logic.

    >>> from sudoku_cp import Grid, Puzzle
    >>> basic_candidates(Puzzle(Grid.parse("1.3.34..2..1.1..")), Grid.parse("1.3.34..2..1.1..").cells)[1]
    (2,)
    """
    model = puzzle.model
    out = []
    for cell, domain in enumerate(model.domains()):
        if filled[cell]:
            out.append((filled[cell],))
            continue
        taken = {filled[p] for p in model.peers[cell]}
        out.append(tuple(v for v in domain if v not in taken))
    return out


def _unit_cells(puzzle: _Drawn, units: Iterable[str | Origin | Iterable[Cell]]) -> set[Cell]:
    """The cells of ``units``: a label or an origin stands for the cells of every constraint
    that has it (a label is looked up as a whole, never parsed)."""
    by_key: dict[str | Origin, set[int]] = {}
    for constraint in puzzle.model.constraints:
        by_key.setdefault(constraint.label, set()).update(constraint.cells)
        by_key.setdefault(constraint.origin, set()).update(constraint.cells)
    cells: set[Cell] = set()
    for unit in units:
        if isinstance(unit, str | Origin):
            if unit not in by_key:
                what = "labelled" if isinstance(unit, str) else "of origin"
                raise InvalidPuzzleError(f"units: no constraint of the puzzle is {what} {unit!r}")
            cells.update(puzzle.position(index) for index in by_key[unit])
        else:
            cells.update(tuple(cell) for cell in unit)
    return cells


def _link(link, index: int) -> tuple:
    """One link of ``draw``'s ``links``, its colour (if any) checked."""
    a, b, strong, *colour = link
    if colour:
        colour = [_checked({f"link {index}": colour[0]}, "links")[f"link {index}"]]
    return (tuple(a), tuple(b), bool(strong), *colour)


def _colours(cells: Iterable[Cell] | Mapping[Cell, str], default: str) -> dict[Cell, str]:
    if isinstance(cells, Mapping):
        return {tuple(cell): colour for cell, colour in cells.items()}
    return {tuple(cell): default for cell in cells}


_COLOUR = re.compile(
    r"[A-Za-z]{1,40}|#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})"
    r"|(?:rgba?|hsla?)\([0-9.%+\-\s,/]*(?:deg|turn|rad)?[0-9.%+\-\s,/]*\)"
)
"""An SVG colour that cannot carry markup: a name (``red``, ``currentColor``), a hex colour,
or an ``rgb``/``rgba``/``hsl``/``hsla`` function of numbers."""


def _checked(colours: dict, argument: str, names: Mapping[str, str] | None = None) -> dict:
    """``colours`` (key to colour) with each colour checked against :data:`_COLOUR` and
    ``names`` (e.g. :data:`MARK_COLOURS`) resolved, or :class:`InvalidPuzzleError` naming
    ``argument`` and the key."""
    checked = {}
    for key, colour in colours.items():
        colour = (names or {}).get(colour, colour) if isinstance(colour, str) else colour
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour.strip()):
            raise InvalidPuzzleError(
                f"{argument}: {colour!r} (for {key!r}) is not an SVG colour: give a name ('gold'), "
                "'#rrggbb' or 'rgb(r, g, b)'"
            )
        checked[key] = colour.strip()
    return checked


__all__ = ["MARK_COLOURS", "basic_candidates", "default_cell_size", "draw", "to_png", "to_svg"]
