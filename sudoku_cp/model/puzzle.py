"""A puzzle is givens plus rules: the :class:`Puzzle` value and its JSON form (reading any
input into one is :mod:`sudoku_cp.io.inputs`).

>>> from sudoku_cp import Puzzle
>>> from sudoku_cp.model.rules import Diagonals
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

from sudoku_cp.errors import HugeInt, InvalidArgumentError, InvalidPuzzleError, quote
from sudoku_cp.model.grid import BoxShape, Drawn, Grid

if TYPE_CHECKING:
    from sudoku_cp.model.constraints import Model
    from sudoku_cp.model.multigrid import MultiGrid
    from sudoku_cp.model.rules import Rule


def _kind(value: object) -> str:
    """A JSON value as a message shows it: quoted and cut (:func:`sudoku_cp.errors.quote`),
    or its JSON type."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, HugeInt):
        return repr(value)
    if isinstance(value, str | int | float):
        return quote(value)
    return {dict: "an object", list: "a list"}.get(type(value), f"a {type(value).__name__}")


def _is_box(box: object) -> bool:
    """True for a ``(rows, columns)`` pair of ints (whether it tiles the grid is the grid's check)."""
    return (
        isinstance(box, tuple)
        and len(box) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in box)
    )


def _check_metadata(metadata: Mapping[str, Any]) -> None:
    """Refuse a key that names a rule (it belongs under ``rules``: kept as metadata, the
    puzzle would be solved without it), and a key whose value holds an integer too long to
    convert (kept values must write back as JSON); walked without recursion."""
    from sudoku_cp.model import community_rules  # noqa: F401  (registers the community's kinds)
    from sudoku_cp.model.rules import RULE_TYPES
    from sudoku_cp.naming import canonical_name

    known = {key for rule_type in RULE_TYPES for key in rule_type.keys}
    for key in metadata:
        if isinstance(key, str) and canonical_name(key) in known:
            raise InvalidPuzzleError(
                f"{quote(key)} names a rule: it belongs under 'rules', as in "
                f'{{"rules": {{"{canonical_name(key)}": ...}}}}'
            )
    for key, value in metadata.items():
        stack = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, HugeInt):
                raise InvalidPuzzleError(f"{quote(key)}: {item!r} is too long to be a number of a puzzle")
            if isinstance(item, Mapping):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)


# sudoku_cp.model.rules and sudoku_cp.model.constraints are imported where a puzzle is built or
# compiled, not here: their dozens of dataclasses would double the time of ``import sudoku_cp``.


@dataclass(frozen=True)
class Puzzle(Drawn):
    """Givens plus rules: immutable, hashable, equal by value (metadata aside).

    Attributes:
        grid: the givens, a :class:`Grid` whose shape (side and box shape, or ``None``
            for no boxes) is the puzzle's. Its rows, columns and boxes always apply.
            Or a :class:`~sudoku_cp.model.multigrid.MultiGrid`: a board of overlapping
            sub-grids (Samurai...), whose rows, columns and boxes apply; no other rules.
        rules: the variant's rules (:mod:`sudoku_cp.model.rules`); ``()`` for classic Sudoku.
        metadata: other keys of a JSON record (``id``, ``source``, ``solution``, ...),
            kept for :meth:`to_dict`; not part of equality.

    Raises:
        InvalidPuzzleError: a rule does not fit the grid (a region of the wrong size, a
            cell in two cages, a cage sum no distinct digits reach, a thermometer between
            cells that are not neighbours, a window leaving the grid, ...) or the givens
            break a rule among themselves (two 5s on a diagonal, an odd given in an even
            cell, a cage whose givens exceed its sum). The message names what and where.
    """

    grid: Grid | MultiGrid
    rules: tuple[Rule, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        from sudoku_cp.model.multigrid import MultiGrid

        if not isinstance(self.grid, Grid | MultiGrid):
            object.__setattr__(self, "grid", Grid.parse(self.grid))
        rules: tuple[Rule, ...] = ()
        if not (isinstance(self.rules, tuple | list) and not self.rules):
            # the rule classes load only for a puzzle with rules (start-up time of a classic solve)
            from sudoku_cp.model.rules import Rule

            if isinstance(self.rules, Rule):
                rules = (self.rules,)
            elif isinstance(self.rules, str | bytes | Mapping) or not isinstance(self.rules, Iterable):
                raise InvalidPuzzleError(
                    "rules are a sequence of rules (see sudoku_cp.model.rules), "
                    f"not {type(self.rules).__name__}"
                )
            else:
                rules = tuple(self.rules)
        if rules and isinstance(self.grid, MultiGrid):
            names = ", ".join(type(rule).__name__ for rule in rules)
            raise InvalidPuzzleError(f"a multi-grid board takes no variant rules yet, not {names}")
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
        """The number of given cells (see :attr:`sudoku_cp.model.grid.Grid.given_count` for the
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

    @property
    def is_multigrid(self) -> bool:
        """True when the puzzle's board is several overlapping sub-grids
        (:class:`~sudoku_cp.model.multigrid.MultiGrid`), False for one grid."""
        return self.model.positions is not None

    def __getstate__(self) -> dict[str, Any]:
        """The fields only: the cached compiled :attr:`model` (a few kilobytes of
        constraints) is rebuilt on first use after unpickling, not sent along (a batch's
        worker processes return each puzzle with its answer; with the model, pickling and
        unpickling a 9x9 result took about 150 microseconds, a quarter of its solve)."""
        return {name: self.__dict__[name] for name in ("grid", "rules", "metadata")}

    @functools.cached_property
    def model(self) -> Model:
        """The compiled puzzle: every rule as constraints of :mod:`sudoku_cp.model.constraints`.

        Raises:
            InvalidPuzzleError: a rule does not fit the grid.
        """
        from sudoku_cp.model.constraints import Model
        from sudoku_cp.model.multigrid import MultiGrid

        if isinstance(self.grid, MultiGrid):
            board = self.grid.board
            return Model(self.side, self.grid.cells, board.constraints, board.positions)
        digits = self.grid.chosen_digits
        if not self.rules:  # rules.classic_constraints, without loading the rule classes (start-up)
            return Model(self.side, self.grid.cells, _unit_constraints(self.side, self.box), digits=digits)
        from sudoku_cp.model.rules import classic_constraints, iter_constraints

        ruled = tuple(iter_constraints(self.rules, self.side, self.box, digits))
        if digits:  # the rules speak of digits; the model of their positions 1..k
            from sudoku_cp.model.digits import relabel
            from sudoku_cp.model.rules import DIGIT_AWARE, POSITIONAL

            ruled = relabel(ruled, digits, self.side, DIGIT_AWARE, POSITIONAL)
        hidden = sum(rule.hidden_cells(self.side) for rule in self.rules if hasattr(rule, "hidden_cells"))
        return Model(
            self.side,
            self.grid.cells + (0,) * hidden,  # hidden cells (sudoku_cp.model.chaos) after the grid's
            classic_constraints(self.side, self.box) + ruled,
            digits=digits,
            hidden=hidden,
            hidden_names=self._hidden_names() if hidden else (),
        )

    def _hidden_names(self) -> tuple[str, ...]:
        """The names of the model's hidden cells (:attr:`Model.hidden_names`): each rule
        adding hidden cells names its own, in order; a rule that uses them (Doppelganger's
        cell of each unit) may name them better (``names_hidden``: by model cell)."""
        names = [
            name
            for rule in self.rules
            if hasattr(rule, "hidden_cells")
            for name in rule.hidden_names(self.side)
        ]
        count = self.side * self.side
        for rule in self.rules:
            if hasattr(rule, "names_hidden"):
                for cell, name in rule.names_hidden(self.side).items():
                    if 0 <= cell - count < len(names):
                        names[cell - count] = name
        return tuple(names)

    def is_solved_by(self, solution: Grid) -> bool:
        """True when ``solution`` is complete, of this shape, keeps the givens and breaks no rule."""
        return (
            type(solution) is type(self.grid)
            and solution.is_solution_of(self.grid)  # type: ignore[arg-type]
            and self.model.holds(solution.cells)
        )

    def with_grid(self, grid: Grid) -> Puzzle:
        """The same rules over other givens (same shape)."""
        return Puzzle(grid, self.rules, self.metadata)

    # -- JSON -------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Puzzle:
        """Build a puzzle from a JSON record: ``size``, ``box``, ``grid`` and ``rules``.

        ``size`` is ``n``; ``box`` is ``[rows, columns]`` or ``null`` (no boxes: jigsaw
        ``regions``, or a Latin square); a missing ``box`` means the usual boxes of the
        size. ``digits`` (optional) lists the digits the grid is filled with when they are
        not ``1..n``: ``[0, 1, ..., 8]``, or ``[1, ..., 9]`` on 6x6 (each unit then holds
        six different digits of nine); ``grid`` then holds those digits and ``.`` for a
        blank (:mod:`sudoku_cp.model.digits`). ``grid`` is ``n*n`` characters (``.`` for a
        blank) or any layout :meth:`Grid.parse` reads. ``rules`` is an object mapping the keys of
        :mod:`sudoku_cp.model.rules` (``cages``, ``thermos``, ``diagonals``, ...; snake case, see
        :mod:`sudoku_cp.naming`) to their data. Other keys (``id``, ``source``,
        ``solution``, ...) are kept as :attr:`metadata`.

        A record with ``layout`` (a name of :data:`sudoku_cp.model.multigrid.LAYOUTS`) or
        ``grids`` (the sub-grids' top-left ``[row, column]``) is a multi-grid board:
        ``box`` is the sub-grids' box shape, ``size`` the board's ``[rows, columns]``,
        ``grid`` the board row by row with ``.`` for blanks and outside cells (see
        :mod:`sudoku_cp.model.multigrid`).

        Raises:
            InvalidPuzzleError: a missing or malformed key, naming it: a record that is not
                an object, a rule's key outside ``rules``, ``rules`` that is not an object, a
                flag that is not ``true`` or ``false``, a list key (``cages``, ``arrows``) that
                is not a list, an integer of more digits than any puzzle needs, more cages or
                cells than the grid has, ...
        """
        if not isinstance(record, Mapping):
            raise InvalidPuzzleError(f"a puzzle record is a JSON object, not {type(record).__name__}")
        if "grid" not in record:
            raise InvalidPuzzleError("the puzzle record has no 'grid'")
        from sudoku_cp.model import multigrid

        if multigrid.is_multigrid_record(record):
            if record.get("digits") is not None:
                raise InvalidPuzzleError(
                    "a multi-grid board holds the digits 1..n: 'digits' is not read there"
                )
            board = multigrid.multigrid_from_dict(record)
            from sudoku_cp.model import community_rules  # noqa: F401  (registers the community's kinds)
            from sudoku_cp.model.rules import rules_from_json

            rules = rules_from_json(record.get("rules") or None, side=board.side)
            keys = ("size", "box", "grid", "rules", "layout", "grids")
            metadata = {k: v for k, v in record.items() if k not in keys}
            _check_metadata(metadata)
            return cls(board, rules, metadata)
        box = record["box"] if "box" in record else "standard"
        if isinstance(box, list):
            box = tuple(box)
        if box != "standard" and box is not None and not _is_box(box):
            raise InvalidPuzzleError(f"'box' is [rows, columns] or null, not {_kind(record['box'])}")
        given = record["grid"]
        if not isinstance(given, str | list):
            raise InvalidPuzzleError(f"'grid' is a string or a list of rows, not {_kind(given)}")
        digits = record.get("digits")
        if digits is not None and not isinstance(digits, str | list):
            raise InvalidPuzzleError(
                f"'digits' is a list of ints (or a string such as \"124689\"), not {_kind(digits)}"
            )
        grid = Grid.parse(given, box) if digits is None else Grid.parse(given, box, digits=digits)
        size = record.get("size")
        if size is not None and (isinstance(size, bool) or size != grid.side):
            raise InvalidPuzzleError(f"'size' is {_kind(size)} but the grid is {grid.side}x{grid.side}")
        from sudoku_cp.model import community_rules  # noqa: F401  (registers the community's kinds)
        from sudoku_cp.model.rules import rules_from_json

        rules = rules_from_json(record.get("rules"), side=grid.side)
        metadata = {k: v for k, v in record.items() if k not in ("size", "box", "grid", "rules", "digits")}
        _check_metadata(metadata)
        puzzle = cls(grid, rules, metadata)
        read, ignored = record.get("read"), record.get("ignored") or ()
        if isinstance(read, list) and "published solution" not in ignored:  # read from a link
            puzzle._check_published_solution()
        return puzzle

    def to_dict(self) -> dict[str, Any]:
        """The JSON record of the puzzle (metadata keys included); :meth:`from_dict` reads it back."""
        from sudoku_cp.model.rules import rules_to_json

        if self.is_multigrid:
            return {**self.metadata, **self.grid.board.to_dict(), "grid": self.grid.board_string()}
        return {
            **self.metadata,
            "size": self.side,
            "box": list(self.box) if self.box else None,
            "grid": self.grid.to_string(),
            **({"digits": list(self.grid.digits)} if self.grid.chosen_digits else {}),
            "rules": rules_to_json(self.rules),
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        import json

        return json.dumps(self.to_dict())

    # -- display ----------------------------------------------------------------------

    def __str__(self) -> str:
        if self.is_multigrid:
            board = self.grid.board
            return f"{self.grid}\n(multi-grid: {board.layout_name or f'{len(board.corners)} sub-grids'})"
        names = ", ".join(type(r).__name__ for r in self.rules) or "classic"
        return f"{self.grid}\n({names})"

    def to_fpuzzles(self) -> dict[str, Any]:
        """The puzzle as f-puzzles JSON (:func:`sudoku_cp.io.links.record_to_fpuzzles`).

        Raises:
            InvalidPuzzleError: a rule f-puzzles cannot state (see :mod:`sudoku_cp.io.links`),
                or a multi-grid board.
        """
        from sudoku_cp.io import links  # a forwarder: input and output live above the value types

        self._refuse_multigrid("f-puzzles")
        return links.record_to_fpuzzles(self.to_dict())

    def _refuse_multigrid(self, app: str) -> None:
        if self.is_multigrid:
            raise InvalidPuzzleError(
                f"{app} links hold one square grid: a multi-grid board cannot be written"
            )

    @classmethod
    def from_link(cls, link: str, ignore: Iterable[str] = ()) -> Puzzle:
        """The puzzle of an f-puzzles, SudokuPad or Interactive Sudoku Solver link
        (:mod:`sudoku_cp.io.links`; an ISS constraint string too, :mod:`sudoku_cp.io.iss`).

        ``metadata["read"]`` is the account of what was read: one row (``element``,
        ``read as``, ``reason``) for every key, drawn element and rules-text sentence
        (:mod:`sudoku_cp.io.account`).

        Args:
            link: the link (``https://`` may be left out).
            ignore: names of refused elements to solve without, as the refusal names them
                (``["sentence 3", "line 2"]``); ``metadata["ignored"]`` lists them.
                ``"published solution"`` skips the check that the solution the link
                carries keeps every given and rule as read.

        Raises:
            UnsupportedRuleError: a drawn element, key or rules-text sentence the package
                does not model or cannot tell, named or quoted (an ``InvalidPuzzleError``);
                or the link's published solution breaks a given or a rule as read (a
                misreading: the constraint is named).
            InvalidPuzzleError: not such a link, malformed data, or rules that do not hold.
        """
        from sudoku_cp.io import links  # a forwarder: input and output live above the value types

        return cls.from_dict(links.record_from_link(link, ignore))

    def _check_published_solution(self) -> None:
        """Refuse a link whose published solution (``metadata["solution"]``) breaks a
        given or a rule as read: the link was misread (a rule missing or read wrong), and
        its answer could not be the setter's.

        Raises:
            UnsupportedRuleError: the solution breaks a constraint, named.
        """
        from sudoku_cp.errors import UnsupportedRuleError

        solution = self.metadata.get("solution")
        if not isinstance(solution, str) or len(solution) != self.side * self.side or self.is_multigrid:
            return
        try:
            values = [int(ch, 36) for ch in solution]
        except ValueError:
            return
        position = {d: i for i, d in enumerate(self.grid.digits, 1)}  # digits to the model's values
        if not all(v in position for v in values):
            return
        values = [position[v] for v in values]
        broken = [
            c.label for c in self.model.constraints if not c.holds(values)
        ] + [f"the given in r{i // self.side + 1}c{i % self.side + 1}" for i, g in enumerate(self.grid.cells)
             if g and g != values[i]]  # fmt: skip
        if broken:
            raise UnsupportedRuleError(
                f"the link's published solution breaks {', '.join(broken[:3])}"
                f"{f' and {len(broken) - 3} more' if len(broken) > 3 else ''} as read: a rule of the puzzle "
                "is missing or read wrong, so it is not solved",
                elements=("published solution",),
            )

    @classmethod
    def from_fpuzzles(cls, data: Mapping[str, Any], ignore: Iterable[str] = ()) -> Puzzle:
        """The puzzle of an f-puzzles JSON object (:func:`sudoku_cp.io.links.fpuzzles_to_record`)."""
        from sudoku_cp.io import links  # a forwarder: input and output live above the value types

        return cls.from_dict(links.fpuzzles_to_record(data, ignore))

    def to_link(self, app: str = "f-puzzles") -> str:
        """A link that opens the puzzle in ``app``: ``"f-puzzles"``, ``"sudokupad"`` (an
        f-puzzles payload after ``sudokupad.app/fpuzzles``, which SudokuPad opens) or
        ``"sudokupad-scl"`` (SudokuPad's own format, :mod:`sudoku_cp.io.sudokupad`, for the
        rules that format can state unambiguously) or ``"iss"`` (sigh's Interactive Sudoku
        Solver, :mod:`sudoku_cp.io.iss`).

        Raises:
            ValueError: an unknown app.
            InvalidPuzzleError: a rule the app's format cannot state (see :mod:`sudoku_cp.io.links`),
                or a multi-grid board.
        """
        from sudoku_cp.io import links  # a forwarder: input and output live above the value types

        writers = {
            "f-puzzles": links.fpuzzles_link,
            "sudokupad": links.sudokupad_link,
            "sudokupad-scl": links.scl_link,
            "iss": links.iss_link,
        }
        if app not in writers:
            raise InvalidArgumentError(
                f"app must be 'f-puzzles', 'sudokupad', 'sudokupad-scl' or 'iss', not {app!r}"
            )
        self._refuse_multigrid(app)
        return writers[app](self.to_dict())

    def to_iss(self) -> str:
        """The puzzle as a constraint string of sigh's Interactive Sudoku Solver
        (:func:`sudoku_cp.io.iss.write`); :meth:`from_link` reads it back.

        Raises:
            UnsupportedRuleError: a rule ISS has no constraint type for, named.
        """
        from sudoku_cp.io import iss  # a forwarder: input and output live above the value types

        self._refuse_multigrid("ISS")
        return iss.write(self.to_dict())


@functools.cache
def _unit_constraints(side: int, box: BoxShape | None) -> tuple:
    """:func:`sudoku_cp.model.rules.classic_constraints` (the same constraints), without importing
    the rule classes: a classic solve from the CLI starts about 20 ms sooner."""
    from sudoku_cp.model.constraints import unit_constraints
    from sudoku_cp.model.grid import geometry

    return unit_constraints(geometry(side, box).units, side)


__all__ = ["Puzzle"]
