"""A puzzle is givens plus rules: the :class:`Puzzle` value, its JSON form, and reading any input.

>>> from sudoku_cp import Puzzle
>>> from sudoku_cp.rules import Diagonals
>>> puzzle = Puzzle(Grid.empty(4), (Diagonals(),))
>>> puzzle.side, puzzle.box, len(puzzle.model.constraints)
(4, (2, 2), 14)
>>> Puzzle.from_dict(puzzle.to_dict()) == puzzle
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.formats import Layout
from sudoku_cp.grid import BoxShape, Grid, parse

if TYPE_CHECKING:
    from pathlib import Path

    from sudoku_cp.constraints import Model
    from sudoku_cp.rules import Rule

# sudoku_cp.rules and sudoku_cp.constraints are imported where a puzzle is built or
# compiled, not here: their dozens of dataclasses would double the time of ``import sudoku_cp``.


@dataclass(frozen=True)
class Puzzle:
    """Givens plus rules: immutable, hashable, equal by value (metadata aside).

    Attributes:
        grid: the givens, a :class:`Grid` whose shape (side and box shape, or ``None``
            for no boxes) is the puzzle's. Its rows, columns and boxes always apply.
        rules: the variant's rules (:mod:`sudoku_cp.rules`); ``()`` for classic Sudoku.
        metadata: other keys of a JSON record (``id``, ``source``, ``solution``, ...),
            kept for :meth:`to_dict`; not part of equality.

    Raises:
        InvalidPuzzleError: a rule does not fit the grid (a region of the wrong size, a
            cell in two cages, a cage sum no distinct digits reach, a thermometer between
            cells that are not neighbours, a window leaving the grid, ...) or the givens
            break a rule among themselves (two 5s on a diagonal, an odd given in an even
            cell, a cage whose givens exceed its sum). The message names what and where.
    """

    grid: Grid
    rules: tuple[Rule, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        from sudoku_cp.rules import Rule

        if not isinstance(self.grid, Grid):
            object.__setattr__(self, "grid", Grid.parse(self.grid))
        rules = tuple(self.rules) if not isinstance(self.rules, Rule) else (self.rules,)
        for rule in rules:
            if not isinstance(rule, Rule):
                raise InvalidPuzzleError(f"{rule!r} is not a rule (see sudoku_cp.rules)")
        kinds = [type(rule).__name__ for rule in rules]
        twice = sorted({k for k in kinds if kinds.count(k) > 1})
        if twice:
            raise InvalidPuzzleError(f"two {twice[0]} rules: give all of its parts in one")
        object.__setattr__(self, "rules", rules)
        self.model.check_givens()

    # -- reading ----------------------------------------------------------------------

    @property
    def side(self) -> int:
        """``n``: rows, columns and values."""
        return self.grid.side

    @property
    def box(self) -> BoxShape | None:
        """The box shape ``(rows, columns)``, or ``None`` (jigsaw regions, or a Latin square)."""
        return self.grid.box

    @property
    def given_count(self) -> int:
        """The number of given cells (see :attr:`sudoku_cp.grid.Grid.given_count` for the
        package's naming of givens)."""
        return self.grid.given_count

    @property
    def givens(self) -> int:
        """:attr:`given_count`: the number of given cells (the older name)."""
        return self.grid.given_count

    @property
    def is_classic(self) -> bool:
        """True when the puzzle has no rules beyond its rows, columns and boxes."""
        return not self.rules

    @functools.cached_property
    def model(self) -> Model:
        """The compiled puzzle: every rule as constraints of :mod:`sudoku_cp.constraints`.

        Raises:
            InvalidPuzzleError: a rule does not fit the grid.
        """
        from sudoku_cp.constraints import Model
        from sudoku_cp.rules import classic_constraints, iter_constraints

        constraints = classic_constraints(self.side, self.box) + tuple(
            iter_constraints(self.rules, self.side, self.box)
        )
        return Model(self.side, self.grid.cells, constraints)

    def is_solved_by(self, solution: Grid) -> bool:
        """True when ``solution`` is complete, of this shape, keeps the givens and breaks no rule."""
        return solution.is_solution_of(self.grid) and self.model.holds(solution.cells)

    def with_grid(self, grid: Grid) -> Puzzle:
        """The same rules over other givens (same shape)."""
        return Puzzle(grid, self.rules, self.metadata)

    # -- JSON -------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Puzzle:
        """Build a puzzle from a JSON record: ``size``, ``box``, ``grid`` and ``rules``.

        ``size`` is ``n``; ``box`` is ``[rows, columns]`` or ``null`` (no boxes: jigsaw
        ``regions``, or a Latin square); a missing ``box`` means the usual boxes of the
        size. ``grid`` is ``n*n`` characters (``.`` for a blank) or any layout
        :meth:`Grid.parse` reads. ``rules`` maps the keys of :mod:`sudoku_cp.rules`
        (``cages``, ``thermos``, ``diagonals``, ...) to their data. Other keys (``id``,
        ``source``, ``solution``, ...) are kept as :attr:`metadata`.

        Raises:
            InvalidPuzzleError: a missing or malformed key, naming it.
        """
        if not isinstance(record, Mapping):
            raise InvalidPuzzleError(f"a puzzle record is a JSON object, not {type(record).__name__}")
        if "grid" not in record:
            raise InvalidPuzzleError("the puzzle record has no 'grid'")
        box = record["box"] if "box" in record else "standard"
        if isinstance(box, list):
            box = tuple(box)
        grid = Grid.parse(record["grid"], box)
        size = record.get("size")
        if size is not None and size != grid.side:
            raise InvalidPuzzleError(f"'size' is {size!r} but the grid is {grid.side}x{grid.side}")
        from sudoku_cp.rules import rules_from_json

        rules = rules_from_json(record.get("rules"))
        metadata = {k: v for k, v in record.items() if k not in ("size", "box", "grid", "rules")}
        return cls(grid, rules, metadata)

    def to_dict(self) -> dict[str, Any]:
        """The JSON record of the puzzle (metadata keys included); :meth:`from_dict` reads it back."""
        from sudoku_cp.rules import rules_to_json

        return {
            **self.metadata,
            "size": self.side,
            "box": list(self.box) if self.box else None,
            "grid": self.grid.to_string(),
            "rules": rules_to_json(self.rules),
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        import json

        return json.dumps(self.to_dict())

    # -- display ----------------------------------------------------------------------

    def __str__(self) -> str:
        names = ", ".join(type(r).__name__ for r in self.rules) or "classic"
        return f"{self.grid}\n({names})"

    def to_svg(self, **options) -> str:
        """A picture of the puzzle as SVG text: givens, regions, cages, thermometers, dots...
        The options are those of :func:`sudoku_cp.svg.draw` (``values``, ``candidates``,
        ``highlight``, ``units``, ``marks``, ``cell_size``)."""
        from sudoku_cp import svg  # here, not at the top: drawsvg is heavy (start-up time)

        return svg.to_svg(self, **options)

    def _repr_svg_(self) -> str:
        return self.to_svg()


PuzzleInput = str | bytes | Mapping[str, Any] | Grid | Puzzle | Iterable
"""What :func:`sudoku_cp.solve` takes: text in any layout (or a JSON record), a list of
lists, a :class:`Grid` or a :class:`Puzzle`."""


def as_puzzle(puzzle: PuzzleInput) -> tuple[Puzzle, Layout]:
    """Any puzzle input as a :class:`Puzzle`, with the text layout it came in.

    A :class:`Grid`, a text grid or a list of lists means classic rules; a mapping or
    text starting with ``{`` is a JSON record (:meth:`Puzzle.from_dict`).

    Raises:
        InvalidPuzzleError: malformed input, naming what and where.
    """
    if isinstance(puzzle, Puzzle):
        return puzzle, Layout.LINE
    if isinstance(puzzle, Mapping):
        return Puzzle.from_dict(puzzle), Layout.LINE
    if isinstance(puzzle, str) and looks_like_json(puzzle):
        return Puzzle.from_dict(_json_loads(puzzle, "the puzzle")), Layout.LINE
    grid, layout = parse(puzzle)
    return Puzzle(grid), layout


def looks_like_json(text: str) -> bool:
    """True for text that is a JSON record or a list of records (``{`` or ``[ {`` first),
    not a pasted list of rows such as ``[[5, 3, 0, ...], ...]``."""
    head = text.lstrip("\ufeff \t\r\n")
    return head.startswith("{") or (head.startswith("[") and head[1:].lstrip().startswith("{"))


def _json_loads(text: str, where: str) -> Any:
    import json

    try:
        return json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise InvalidPuzzleError(f"{where}: not valid JSON: {error}") from None


def load_puzzles(path: str | Path) -> list[Puzzle]:
    """Read a JSON file holding one puzzle record or a list of them.

    Raises:
        InvalidPuzzleError: not JSON, or a malformed record (the message names its index).
        OSError: the file cannot be read.
    """
    with open(path, encoding="utf-8") as file:
        text = file.read()
    return puzzles_from_json(text, str(path))


def puzzles_from_json(text: str, where: str = "JSON") -> list[Puzzle]:
    """The puzzles of a JSON text: one record or a list of records.

    Raises:
        InvalidPuzzleError: not JSON, or a malformed record (the message names its index).
    """
    data = _json_loads(text, where)
    records = data if isinstance(data, list) else [data]
    puzzles = []
    for index, record in enumerate(records):
        try:
            puzzles.append(Puzzle.from_dict(record))
        except InvalidPuzzleError as error:
            label = record.get("id") if isinstance(record, Mapping) else None
            name = f"record {index}" + (f" ({label})" if label else "")
            raise InvalidPuzzleError(f"{where}: {name}: {error}") from None
    return puzzles


__all__ = ["Puzzle", "PuzzleInput", "as_puzzle", "load_puzzles", "puzzles_from_json"]


def to_puzzle(puzzle: PuzzleInput) -> Puzzle:
    """The :class:`Puzzle` of any input, so that a backend module's functions also take a
    :class:`~sudoku_cp.grid.Grid` or text when called directly (classic rules)."""
    return puzzle if isinstance(puzzle, Puzzle) else as_puzzle(puzzle)[0]
