"""A solving path a person can follow: :func:`explain` and :func:`hint`.

:func:`explain` starts from the pencil marks people start from (each cell's candidates
less its given peers' digits) and applies, one step at a time, the simplest technique of
the table :data:`sudoku_cp.reasoning.techniques.TECHNIQUES` that finds anything
(:func:`sudoku_cp.reasoning.techniques.solving_path`, the path :func:`sudoku_cp.grade` grades):
naked and hidden singles first, then a variant's own constraints (a cage's digit
combinations, a thermometer's order...), the rule of 45 of killers (innies and outies),
locked candidates, naked and hidden subsets, fish. Each step is worded by its table
row. That is the step-wise explanation of Bogaerts, Gamba and Guns
("Step-wise explanations of constraint satisfaction problems", Artificial Intelligence
2021): a sequence of small deductions, each the cheapest available, each with its
premises (the constraints and candidates it uses) and its conclusion (digits placed,
candidates removed).

Every step is checked before it is reported:

* its conclusion *follows from its premises*: with only the step's constraints and the
  current candidates of their cells, an exhaustive search (the package's backtracker,
  then past :data:`CHECK_NODES` decisions the SAT solver) finds no assignment that keeps
  a removed candidate or gives a placed cell another value, searched one case at a time
  for a forcing chain's cell or unit (a rule-of-45 step's sum is first checked as
  arithmetic over its units and cages, then joins the premises, which keeps that search
  short);
* it *agrees with the solution*: placed digits are the solution's, removed candidates
  are not.

A step that failed either check would be a bug, and raises :class:`SudokuError` rather
than being shown. Where no technique applies, the path ends and says so
(:attr:`Explanation.stalled`), naming the cell a search would branch on
(:attr:`Explanation.branch_cell`: the open cell with the fewest candidates, the first in
row-major order among equals); no step is ever guessed. A path stopped by ``max_steps`` or
``time_limit`` says it was cut off (:attr:`Explanation.cut_off`), not that it stalls.
Forcing steps carry their whole net (:attr:`Step.net`), printed under their line.

>>> path = explain("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> path.solved, len(path), {step.technique for step in path}
(True, 49, {'naked single'})
>>> str(path[0])
'naked single: r5c6=4 (the only candidate left in r5c6)'
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.search import BitmaskSearch, Restart
from sudoku_cp.engine.sums import ImpliedDifference, ImpliedSum, UnitReduction, unit_reduced
from sudoku_cp.errors import (
    MarksExcludeSolutionError,
    NotProperError,
    NotSupportedError,
    SolveTimeoutError,
    SudokuError,
)
from sudoku_cp.io.inputs import PuzzleInput, as_puzzle
from sudoku_cp.model.candidates import CandidatesInput, as_masks, filled
from sudoku_cp.model.constraints import (
    HOUSE_KINDS,
    AllDifferent,
    Constraint,
    Linear,
    Model,
    Origin,
    OriginKind,
    Sum,
    ValueIn,
    label_named,
)
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.reasoning.conflict import solve_explained as solve
from sudoku_cp.reasoning.techniques.arguments import Argument, in_digits
from sudoku_cp.reasoning.techniques.board import Board, Deduction, Finder, reasoning_deadline, values_of
from sudoku_cp.reasoning.techniques.eureka import Chain, eureka
from sudoku_cp.reasoning.techniques.minimal import cpsat_has_solution, has_solution
from sudoku_cp.reasoning.techniques.nets import Net, net_text
from sudoku_cp.reasoning.techniques.table import (
    BY_ID,
    Band,
    Level,
    Technique,
    as_techniques,
    next_step,
    solving_path,
)

Triple = tuple[int, int, int]
"""``(row, column, value)``, 0-based row and column."""


@dataclass(frozen=True)
class Step:
    """One step of a solving path.

    Attributes:
        technique: the technique's standard name (``"naked single"``, ``"hidden single"``,
            ``"locked candidates (pointing)"``, ``"naked pair"``, ``"X-Wing"``,
            ``"cage combinations"``, ``"thermometer"``...).
        placements: ``(row, column, value)`` digits placed (0-based row and column).
        eliminations: ``(row, column, value)`` candidates removed, a placement's
            consequences included (the cell's other candidates, the digit from its peers).
        cells: the premise cells ``(row, column)``: the pattern the technique sees.
        values: the pattern's values.
        candidates: the premise candidates ``(row, column, value)``.
        units: the labels of the constraints it uses (``"row 3"``, ``"cage 2 (sum 9, at r1c4)"``).
        reason: the argument in words where the premise is more than a pattern (the rule
            of 45's arithmetic: ``"row 1 holds 45; cage 1, cage 2 inside it hold 38, so
            r1c8 + r1c9 = 7"``), ``""`` otherwise.
        technique_id: the id of its row in :data:`sudoku_cp.reasoning.techniques.TECHNIQUES`
            (``"locked-candidates"``), which words the step.
        origins: the :class:`~sudoku_cp.model.constraints.Origin` of each constraint it uses,
            each once, in order (what the step's constraints *are*, for code; ``units``
            says them in words).
        net: for a forcing step (forcing chain, nested forcing net), every implication of
            every branch as data over ``(row, column)`` cells
            (:class:`~sudoku_cp.reasoning.techniques.nets.Net`), printed under the step's line;
            ``None`` otherwise.
        chain: for a chain-like step (X-Chain, XY-Chain, AIC, wings, single-digit
            patterns, colouring, ALS-XZ), its path as data over ``(row, column)`` cells
            (:class:`~sudoku_cp.reasoning.techniques.eureka.Chain`: nodes, strong and weak links);
            the step's text then writes it in Eureka notation (:attr:`notation`);
            ``None`` otherwise.
        argument: for a variant step, what its constraint still allows, as data: a sum's
            digit combinations left (:class:`~sudoku_cp.reasoning.techniques.arguments.Combinations`),
            an arrow's totals (:class:`~sudoku_cp.reasoning.techniques.arguments.Totals`), a
            sandwich's crust positions (:class:`~sudoku_cp.reasoning.techniques.arguments.Crusts`);
            the step's text writes it after the clue (``"cage 3 (sum 12, at r1c1): 12 in
            3 cells without 1: {2,3,7}, {2,4,6}, {3,4,5}; removes ..."``). Its positions
            index :attr:`cells`. ``None`` otherwise.
        digits: on a grid of other digits (``0..8``: :attr:`sudoku_cp.model.grid.Grid.digits`),
            the puzzle's digits, the values above being their positions ``1..n`` as in
            the grid's cells; ``()`` on a grid of ``1..n``. The step's text names the
            digits (a step placing the position 1 of ``0..8`` says ``=0``).
        hidden_names: the names of the puzzle's hidden cells (extra cells, a chaos
            construction's regions: :attr:`sudoku_cp.model.constraints.Model.hidden_names`) by
            their ``(row, column)``, which lies outside the grid (rows ``n`` and on); the
            step's text calls them so (``"extra cell 2=5"``); ``()`` without hidden cells.
    """

    technique: str
    placements: tuple[Triple, ...]
    eliminations: tuple[Triple, ...]
    cells: tuple[tuple[int, int], ...]
    values: tuple[int, ...]
    candidates: tuple[Triple, ...]
    units: tuple[str, ...]
    reason: str = ""
    origins: tuple[Origin, ...] = ()
    technique_id: str = ""
    chain: Chain | None = None
    net: Net | None = None
    argument: Argument | None = None
    digits: tuple[int, ...] = field(default=(), repr=False)  # not in repr: 1..n grids print as before
    hidden_names: tuple[tuple[tuple[int, int], str], ...] = field(default=(), repr=False, compare=False)

    def __str__(self) -> str:
        """One line: the technique, what it sees and what it concludes (for a chain, its
        Eureka notation: ``X-Chain: (4)r1c2=(4)r1c7-(4)r5c7=(4)r5c3 => r1c3,r5c2<>4``);
        for a forcing step, then its net, one implication a line (:attr:`net_text`)."""
        shown = self._shown()
        if shown.chain is not None:
            return f"{shown.technique}: {shown.notation}"
        line = f"{shown.technique}: {shown._premise()}{shown._conclusion()}"
        if shown.net is not None:
            return line + "\n" + "\n".join("    " + text for text in shown.net_text.splitlines())
        return line

    def _shown(self) -> Step:
        """The step as its text names it: on a grid of other digits, every value (placed,
        removed, of the pattern, of the chain or net, of the argument) as the puzzle's
        digit; the step itself on ``1..n``. The one place a step's values become digits."""
        if not self.digits:
            return self
        digits = self.digits

        def digit(value: int) -> int:
            return digits[value - 1]

        def triples(found: tuple[Triple, ...]) -> tuple[Triple, ...]:
            return tuple((row, column, digit(value)) for row, column, value in found)

        return replace(
            self,
            placements=triples(self.placements),
            eliminations=triples(self.eliminations),
            values=tuple(map(digit, self.values)),
            candidates=triples(self.candidates),
            chain=None if self.chain is None else self.chain.on(lambda cell: cell, self.chain.compact, digit),
            net=None if self.net is None else self.net.on(lambda cell: cell, digit),
            argument=None if self.argument is None else in_digits(self.argument, digits),
            digits=(),
        )

    @property
    def net_text(self) -> str:
        """A forcing step's net as an indented "if ... then ..." tree, each implication
        with its rule and unit (:func:`sudoku_cp.reasoning.techniques.nets.net_text`); ``""`` for
        another step."""
        shown = self._shown()
        if shown.net is None:
            return ""
        return net_text(shown.net, shown._name, shown._label)

    def hint_text(self, level: int) -> str:
        """A graded hint toward this step, for a person at the board: ``1`` the technique
        (``"Next technique: hidden single."``), ``2`` and the house it lies in, ``3`` and the
        cells to look at, ``4`` the whole step (``str(step)``). Levels 1 to 3 name no
        digit.

        Raises:
            SudokuError: ``level`` is not 1, 2, 3 or 4.
        """
        if isinstance(level, bool) or level not in (1, 2, 3, 4):
            raise SudokuError(f"level must be 1, 2, 3 or 4, not {level!r}")
        if level == 4:
            return str(self)
        row = _row(self.technique_id)
        if row is _UPDATE:
            text = "Some pencil marks need updating: a filled cell's digit is still pencilled in its peers"
        else:
            text = f"Next technique: {row.name or self.technique}"
        houses = [
            label
            for label, origin in zip(self.units, self.origins, strict=False)
            if origin.kind in HOUSE_KINDS
        ]
        if level >= 2 and houses:
            text += f", in {houses[0]}"
        if level >= 3:
            text += f"; look at {self._names(self.cells)}"
        return text + "."

    @property
    def search_backed(self) -> bool:
        """True for a step proven by a backtracking search over its constraints rather than
        by an argument a reader can replay (the minimal deduction, the last resort)."""
        return _row(self.technique_id).search_backed

    def hint_levels(self) -> tuple[str, str, str, str]:
        """The four graded hints of :meth:`hint_text`, from the technique to the whole step
        (HoDoKu's graded hints; the widgets reveal them one at a time)."""
        return tuple(self.hint_text(level) for level in (1, 2, 3, 4))

    @property
    def notation(self) -> str:
        """The step's chain and conclusion in Eureka notation
        (:func:`sudoku_cp.reasoning.techniques.eureka.eureka`), ``""`` for a step without a chain."""
        shown = self._shown()
        if shown.chain is None:
            return ""
        return eureka(shown.chain, shown.eliminations, shown.placements)

    def _premise(self) -> str:
        """The premise in the words of the step's table row (its ``wording``, or its
        ``placing`` for a step that places a digit)."""
        row = _row(self.technique_id)
        return row.premise(bool(self.placements), **self.wording_fields())

    def wording_fields(self) -> dict[str, str]:
        """The fields a row's wording may use: ``cells`` (``"r1c1, r1c2"``), ``values``
        (``"1, 2"``), ``unit`` (the first constraint's label), ``both`` (the first two,
        joined by "and"), ``units`` (all, joined by commas), ``placement`` (``"r1c1=5"``),
        ``reason`` and ``argument`` (a variant step's argument after a colon, or ``""``);
        values as the puzzle's digits."""
        shown = self._shown()
        return {
            "cells": shown._names(shown.cells),
            "values": ", ".join(map(str, shown.values)),
            "unit": shown.units[0] if shown.units else "",
            "both": " and ".join(shown.units[:2]),
            "units": ", ".join(shown.units),
            "placement": shown._name(shown.placements[0]) if shown.placements else "",
            "reason": shown.reason,
            "argument": ""
            if shown.argument is None
            else ": " + shown.argument.text([shown._name(c) for c in shown.cells]),
        }

    def _conclusion(self) -> str:
        if self.placements:
            return ""
        by_value: dict[int, list[tuple[int, int]]] = {}
        by_cell: dict[tuple[int, int], list[int]] = {}
        for row, column, value in self.eliminations:
            by_value.setdefault(value, []).append((row, column))
            by_cell.setdefault((row, column), []).append(value)
        if len(by_cell) < len(by_value):  # the shorter of the two groupings
            groups = [f"{', '.join(map(str, sorted(vs)))} from {self._name(c)}" for c, vs in by_cell.items()]
        else:
            groups = [f"{v} from {self._names(cells)}" for v, cells in sorted(by_value.items())]
        return "removes " + "; ".join(groups)

    def _name(self, triple: Sequence[int]) -> str:
        """A cell ``(row, column)`` or candidate ``(row, column, value)`` as the text names it:
        ``"r1c2"``, ``"r1c2=5"``; a hidden cell by its name (``"extra cell 2=5"``)."""
        if self.hidden_names:
            row, column, *value = triple
            name = dict(self.hidden_names).get((row, column))
            if name is not None:
                return name + (f"={value[0]}" if value else "")
        return _name(triple)

    def _names(self, cells: Sequence[tuple[int, int]]) -> str:
        return ", ".join(self._name(c) for c in cells)

    def _label(self, constraint: Constraint) -> str:
        """A constraint's label (a net's unit), a hidden cell its origin names called by its
        name (as :meth:`~sudoku_cp.model.constraints.Model.label_of`)."""
        return label_named(constraint, self._name) if self.hidden_names else constraint.label


_UNLISTED = Technique("", "", lambda board, candidates, placed: iter(()), Level.NAKED_SINGLES, Band.EASY)
"""How a step of no table row is worded: its first constraint."""

_UPDATE = Technique(
    "marks-to-update",
    "marks to update",
    lambda board, candidates, placed: iter(()),
    Level.NAKED_SINGLES,
    Band.EASY,
    wording="{reason}; ",
)
"""How :func:`hint` words pencil marks to update (a filled cell's digit left in its peers):
not a technique of the table (a solving path never leaves such marks)."""


def _row(technique_id: str) -> Technique:
    """The table row of a step (or the row of marks to update, or the unlisted row)."""
    if technique_id == _UPDATE.id:
        return _UPDATE
    return BY_ID.get(technique_id, _UNLISTED)


def _name(triple: Sequence[int]) -> str:
    row, column, *value = triple
    return f"r{row + 1}c{column + 1}" + (f"={value[0]}" if value else "")


def _names(cells: Sequence[tuple[int, int]]) -> str:
    return ", ".join(_name(c) for c in cells)


@dataclass(frozen=True)
class Explanation:
    """A solving path: the steps, and where it ends. Iterate over it for the steps.

    Attributes:
        puzzle: the puzzle explained.
        steps: the :class:`Step`\\ s, in order.
        solution: the solution the steps were checked against: the one solution of a
            puzzle that has one; of a puzzle with several, the first the solver found
            (:func:`sudoku_cp.solve` gives the smallest).
        grid: the digits placed at the end (givens included).
        candidates: each cell's candidates at the end (row-major tuples of values).
        proper: for a path that stalls, whether the puzzle has one solution (proven by
            count); ``None`` for a path that solves it (which proves it has one) or that
            was cut off.
        cut_off: what stopped the path before it solved the puzzle or stalled
            (``"max_steps=10"``, ``"the time limit of 2 s"``), or ``None``: then the path
            either solves the puzzle or stalls because no technique applies.
    """

    puzzle: Puzzle
    steps: tuple[Step, ...]
    solution: Grid
    grid: Grid
    candidates: tuple[tuple[int, ...], ...]
    _before: tuple[tuple[tuple[int, ...], ...], ...] = field(repr=False, compare=False)
    proper: bool | None = None
    cut_off: str | None = None

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]

    @property
    def solved(self) -> bool:
        """True when the steps place every digit."""
        return self.grid.is_complete()

    @property
    def stalled(self) -> bool:
        """True when no technique applies before the grid is complete (not when the path
        was cut off by ``max_steps`` or ``time_limit``: :attr:`cut_off`)."""
        return not self.solved and self.cut_off is None

    @property
    def branch_cell(self) -> tuple[int, int] | None:
        """Where reasoning stalls, the ``(row, column)`` a search would branch on: the open
        cell with the fewest candidates (the first in row-major order among equals);
        ``None`` when solved."""
        if self.solved:
            return None
        open_cells = [c for c, v in enumerate(self.grid.cells) if not v]
        cell = min(open_cells, key=lambda c: (len(self.candidates[c]), c))
        return self.puzzle.model.position(cell)

    def summary(self) -> str:
        """The last line of :meth:`__str__`: solved, or where a search would branch."""
        if self.solved:
            return f"solved in {len(self.steps)} steps"
        if self.cut_off is not None:
            return (
                f"cut off by {self.cut_off} after {len(self.steps)} steps with "
                f"{self.grid.cells.count(0)} cells open (not a stall: more steps may follow)"
            )
        row, column = self.branch_cell
        digits, cell = self.puzzle.grid.digits, self.puzzle.model.cell_at(row, column)
        options = ", ".join(str(digits[v - 1]) for v in self.candidates[cell])
        several = "the puzzle has several solutions; " if self.proper is False else ""
        return (
            f"reasoning stalls after {len(self.steps)} steps with {self.grid.cells.count(0)} cells open: "
            f"{several}a search would branch on r{row + 1}c{column + 1} (candidates {options})"
        )

    def __str__(self) -> str:
        lines = [f"{number:>3}. {step}" for number, step in enumerate(self.steps, 1)]
        return "\n".join([*lines, self.summary()])

    def state(self, index: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """The digits placed on the grid (row-major, 0 for open) and each model cell's
        candidates (hidden cells after the grid's) just before step ``index``
        (``len(self)``: at the end)."""
        candidates = self._before[index] if index < len(self.steps) else self.candidates
        placed = set()
        for step in self.steps[:index]:
            placed.update((self.puzzle.model.cell_at(r, c), v) for r, c, v in step.placements)
        digits = list(self.puzzle.grid.cells)
        for cell, value in placed:
            if cell < len(digits):  # not a hidden cell
                digits[cell] = value
        return tuple(digits), candidates

    def to_svg(self, index: int, **options) -> str:
        """A picture of step ``index``: the grid and candidates just before it, its premise
        cells highlighted and its units tinted, its premise candidates marked blue, the
        candidates it removes red and the digits it places green; a chain step's links
        join its nodes' candidates, strong links solid, weak links dashed; a forcing
        step's net is drawn as coloured paths, one colour per branch, from each premise
        to what it implies, the cell where a branch contradicts itself tinted red (the
        unit tinted, for a value left with no place). Other options
        as :func:`sudoku_cp.pictures.svg.draw`."""
        from sudoku_cp.pictures import svg  # here, not at the top: drawsvg is heavy (start-up time)

        step = self.steps[index]
        digits, candidates = self.state(index)
        model = self.puzzle.model
        on_grid = _on_grid(model)
        candidates = candidates[: model.grid_cell_count]  # hidden cells have no place to draw
        marks = {triple: "premise" for triple in step.candidates}
        marks.update({triple: "removed" for triple in step.eliminations})
        marks.update({triple: "placed" for triple in step.placements})
        marks = {triple: mark for triple, mark in marks.items() if on_grid(triple)}
        cells_of = _cells_by_origin(self.puzzle)
        units = [
            [c for c in cells_of[origin] if on_grid(c)] for origin in step.origins if origin in cells_of
        ][:4]
        highlight = dict.fromkeys(filter(on_grid, step.cells), svg.HIGHLIGHT_COLOUR)
        if step.net is not None:  # where each branch contradicts itself: the cell, or the unit
            units = []
            for branch in step.net.branches:
                end = branch.contradiction
                if end is not None and end.cell is not None and on_grid(end.cell):
                    highlight[end.cell] = svg.CONTRADICTION_COLOUR
                elif end is not None and end.unit is not None:
                    units.append([model.position(c) for c in end.unit.cells if c < model.grid_cell_count])
        links = (
            _chain_links(step.chain, candidates, model)
            if step.chain is not None
            else _net_links(step.net)
            if step.net is not None
            else ()
        )
        return svg.to_svg(
            self.puzzle,
            values=digits,
            candidates=candidates,
            highlight=highlight,
            units=units,
            marks=marks,
            links=[link for link in links if all(on_grid(t) for end in link[:2] for t in end)],
            **options,
        )


def _on_grid(model: Model):
    """A test of a ``(row, column)`` or ``(row, column, value)``: True unless it names a
    hidden cell (extra cells, a chaos construction's regions: rows ``n`` and on, past the
    grid), which a picture of the grid leaves out."""
    if not model.hidden:
        return lambda triple: True
    grid = model.grid_cell_count
    return lambda triple: model.cell_at(triple[0], triple[1]) < grid


def _net_links(net: Net) -> list[tuple]:
    """A forcing net's implications as :func:`sudoku_cp.pictures.svg.draw` links, one colour per
    branch (:data:`sudoku_cp.pictures.svg.BRANCH_COLOURS`): from each premise's candidate to the
    implied one, solid into a placed digit, dashed into a removed candidate (the outer
    branch only, not the nested ones)."""
    from sudoku_cp.pictures.svg import BRANCH_COLOURS

    links = []
    for index, branch in enumerate(net.branches):
        colour = BRANCH_COLOURS[index % len(BRANCH_COLOURS)]
        for node in branch.nodes:
            if node.kind not in ("=", "<>"):
                continue
            for premise in (branch.nodes[i] for i in node.because):
                if premise.kind in ("=", "<>") and (premise.cell, premise.value) != (node.cell, node.value):
                    links.append(
                        (
                            ((*premise.cell, premise.value),),
                            ((*node.cell, node.value),),
                            node.kind == "=",
                            colour,
                        )
                    )
    return links


def _chain_links(chain: Chain, candidates, model: Model) -> list[tuple[list[Triple], list[Triple], bool]]:
    """A chain's links as :func:`sudoku_cp.pictures.svg.draw` takes them: for each, the candidates of
    its two ends (a node's cells holding the value the link uses: an ALS node's last
    value leaving it, its first entering it), and whether it is strong."""

    def end(node, value: int) -> list[Triple]:
        cells = [(r, c, model.cell_at(r, c)) for r, c in node.cells]
        return [(r, c, value) for r, c, cell in cells if cell < len(candidates) and value in candidates[cell]]

    return [
        (end(a, a.values[-1]), end(b, b.values[-1] if set(a.cells) == set(b.cells) else b.values[0]), strong)
        for a, strong, b in chain.links()
    ]


def _cells_by_origin(puzzle: Puzzle) -> dict[Origin, list[tuple[int, int]]]:
    """The ``(row, column)`` cells of each origin of the puzzle's constraints (a thermometer's
    or a cage's several constraints together)."""
    cells: dict[Origin, dict[tuple[int, int], None]] = {}
    for constraint in puzzle.model.constraints:
        held = cells.setdefault(constraint.origin, {})
        held.update(dict.fromkeys(puzzle.model.position(c) for c in constraint.cells))
    return {origin: list(held) for origin, held in cells.items()}


def explain(
    puzzle: PuzzleInput,
    *,
    techniques: Sequence[Technique | Finder] | None = None,
    max_steps: int | None = None,
    time_limit: float | None = None,
    progress: bool | None = False,
) -> Explanation:
    """The steps that solve ``puzzle`` by reasoning, simplest technique first.

    Args:
        puzzle: anything :func:`sudoku_cp.solve` takes, any variant and size.
        techniques: the techniques allowed, rows of the table in the order to try
            them (``None``: all of :data:`sudoku_cp.reasoning.techniques.TECHNIQUES`, simplest
            first; for instance ``TECHNIQUES[:2]`` for naked and hidden singles only). A
            bare finder function stands for its row.
        max_steps: stop after that many steps (``None``: until solved or stalled).
        time_limit: seconds (wall clock, like :func:`sudoku_cp.solve`'s) the whole call
            may take, the solve the steps are checked against included (``None``: no
            limit). When it runs out during the reasoning, the steps found so far are
            returned and the explanation says it was cut off
            (:attr:`Explanation.cut_off`), not that reasoning stalls.
        progress: show a progress bar (tqdm) of the cells placed, for long runs: ``True``,
            ``False`` (the default), or ``None`` to show it where someone is watching (a
            terminal or Jupyter, :func:`sudoku_cp.progress.wanted`); it appears only
            after a second.

    Returns:
        An :class:`Explanation`: iterate over it for the :class:`Step`\\ s; ``.solved``,
        or ``.stalled`` with ``.branch_cell`` where a search would branch, or
        ``.cut_off`` when ``max_steps`` or ``time_limit`` stopped it first.

    Raises:
        InvalidPuzzleError: malformed input.
        NotSupportedError: a constraint kind the engine cannot propagate (raised
            before any solve). Hidden cells (extra cells, ISS's Var and Doppelganger's;
            a chaos construction's regions) are explained like grid cells, named by
            their rule (``"extra cell 2"``, ``"r3c4's region"``), and the
            explanation ends once they are settled too; :attr:`Explanation.grid` is the
            grid's part. A grid of other digits (``0..8``) is explained in its digits;
            one of more digits than its side (6x6 from 1..9) without the techniques that
            read "each digit once in a unit" (the table's ``needs_complete_units`` rows).
        NoSolutionError: the puzzle has no solution (its ``conflict`` says why).
        SolveTimeoutError: ``time_limit`` ran out before the puzzle was even solved
            (no step can be checked without its solution).
        SudokuError: a step failed its check (a bug; no unchecked step is reported);
            a ``time_limit`` that is not a positive number.
    """
    deadline = reasoning_deadline(time_limit)
    puzzle = as_puzzle(puzzle)[0]
    board = Board(puzzle.model)  # NotSupportedError (a kind the engine lacks) before the solve
    whole = _a_solution(puzzle, deadline)
    solution = puzzle.grid.with_cells(list(whole[: puzzle.model.grid_cell_count]))
    board.solution = whole
    board.deadline = deadline
    candidates = board.initial()
    placed = {cell for cell, value in enumerate(puzzle.grid.cells) if value}
    steps: list[Step] = []
    before: list[tuple[tuple[int, ...], ...]] = []
    path = solving_path(board, candidates, placed, as_techniques(techniques))
    cut_off: str | None = None
    with _progress_bar(progress, puzzle.model.cell_count - len(placed)) as bar:
        while True:
            if max_steps is not None and len(steps) >= max_steps:
                cut_off = f"max_steps={max_steps}" if len(placed) < puzzle.model.cell_count else None
                break
            try:
                board.check_deadline()
                found = next(path, None)  # the step, applied
            except SolveTimeoutError:
                cut_off = f"the time limit of {deadline.time_limit:g} s"
                break
            if found is None:
                break
            technique, deduction = found
            prior = candidates[:]
            for cell, value in deduction.eliminations:
                prior[cell] |= 1 << (value - 1)
            try:
                check_deduction(
                    puzzle,
                    prior,
                    deduction,
                    whole,
                    not technique.needs_unique,
                    deadline,
                    search=not technique.search_backed,
                )
            except SolveTimeoutError:  # the step is not proven: it is not reported, nor applied
                candidates[:] = prior
                placed.difference_update(cell for cell, _ in deduction.placements)
                cut_off = f"the time limit of {deadline.time_limit:g} s"
                break
            before.append(tuple(values_of(mask) for mask in prior))
            steps.append(_step(deduction, puzzle.model, technique))
            bar.update(len(deduction.placements))
    digits = [candidates[c].bit_length() if c in placed else 0 for c in range(puzzle.model.grid_cell_count)]
    stalled = len(placed) < puzzle.model.cell_count and cut_off is None
    return Explanation(
        puzzle,
        tuple(steps),
        solution,
        puzzle.grid.with_cells(digits),
        tuple(values_of(mask) for mask in candidates),
        tuple(before),
        board.proper if stalled else None,
        cut_off,
    )


def _a_solution(puzzle: Puzzle, deadline: Deadline) -> tuple[int, ...]:
    """The values of every model cell (hidden cells included) in a solution of ``puzzle``:
    what :func:`explain` checks its steps against. Any solution will do (a sound step keeps
    every solution, and a path that solves the puzzle proves it has only that one), so the
    ``"auto"`` route answers without CP-SAT's proof that its solution is the smallest
    (:meth:`Auto.any_solution <sudoku_cp.backends.auto.Auto.any_solution>`): ISS's ``Let
    there be chaos`` 4.5 s of CPU where the proof took 23.4 s. The backtracker's and SAT's
    answers are the smallest, as :func:`sudoku_cp.solve`'s.

    Raises:
        NoSolutionError: none (its ``conflict`` says why, as :func:`solve_explained`'s).
        SolveTimeoutError: ``deadline`` passed first.
    """
    from sudoku_cp.backends import get_backend

    values, _ = get_backend("auto").any_solution(puzzle.model, _left(deadline))
    if values is None:  # the proven solve names the givens that conflict
        solve(puzzle, time_limit=_left(deadline))
        raise SudokuError("the solve found a solution where the route found none")
    return tuple(values)


def _whole_solution(
    board: Board, solution: Grid, deadline: Deadline, masks: Sequence[int] | None = None
) -> tuple[int, ...]:
    """The values of every model cell in a solution whose grid is ``solution``: the grid's
    cells, then the hidden cells' (extra cells: a solve returns the grid alone), found by
    the backend that solves hidden cells (CP-SAT) with the grid fixed (and every cell
    within its candidates ``masks``, when given). What the steps are checked against (and where a long finder
    looks first): any completion of the solution grid will do, since a sound step keeps
    every solution.

    Raises:
        MarksExcludeSolutionError: no completion within ``masks`` (the hidden cells'
            candidates exclude it).
        SudokuError: no completion at all (a bug: the solve found one).
    """
    model = board.model
    if not model.hidden:
        return tuple(solution.cells)
    from sudoku_cp.backends import get_backend  # the backend that solves hidden cells (CP-SAT)

    kept = (
        ()
        if masks is None
        else tuple(ValueIn(c, values_of(m), origin=_CANDIDATES) for c, m in enumerate(masks))
    )
    fixed = replace(
        model, givens=tuple(solution.cells) + (0,) * model.hidden, constraints=model.constraints + kept
    )
    backend = get_backend("cpsat")
    found, _ = backend.run("solve", backend.task(fixed, "solve", _left(deadline)))
    if found is None and masks is not None:
        raise MarksExcludeSolutionError(
            "these pencil marks exclude the solution: a candidate you removed from a hidden cell is needed",
            house=None,
            wrong=1,
        )
    if found is None:
        raise SudokuError("the solution's grid has no values of the hidden cells that keep every rule")
    return tuple(found)


def _left(deadline: Deadline) -> float | None:
    """The seconds left on ``deadline`` for a solve (``None``: no limit), raising
    :class:`SolveTimeoutError` when none are."""
    left = deadline.left()
    if left is not None and left <= 0:
        raise SolveTimeoutError(f"the time limit of {deadline.time_limit:g} s ran out")
    return left


def _progress_bar(progress: bool | None, total: int):
    """A tqdm bar of the cells placed, shown after a second (disabled unless wanted)."""
    from sudoku_cp.progress import progress_bar

    return progress_bar(total, "explain", progress, unit="cell", delay=1.0)


def hint(
    puzzle: PuzzleInput,
    *,
    candidates: CandidatesInput | None = None,
    techniques: Sequence[Technique | Finder] | None = None,
    time_limit: float | None = None,
    level: int | None = None,
) -> Step | str | None:
    """The next step from a state of the solve: the simplest deduction it allows, checked
    like every step of :func:`explain`. It always makes progress (places a digit in an
    open cell, or removes candidates still there), so hints never loop.

    Args:
        puzzle: anything :func:`sudoku_cp.solve` takes; the digits filled so far may be
            given as givens.
        candidates: the pencil marks reached (``None``: those people start from, each
            cell's candidates less its given peers' digits, so the hint is
            ``explain(puzzle)[0]``): a text in the pencil-mark grid layout or the
            candidates string (:mod:`sudoku_cp.model.candidates` documents both; on a grid
            of other digits, written in them), or ``n * n`` collections of values
            ``1..n``, row-major (:meth:`Explanation.state`). Candidates
            outside a cell's domain (a given's other values) are dropped; a cell left with
            one candidate that no peer still holds counts as filled.
        techniques: as for :func:`explain`.
        time_limit: seconds (wall clock) the call may take, the solve included
            (``None``: no limit).
        level: ``None`` for the :class:`Step`; or a graded hint in words, for a person
            at the board (:meth:`Step.hint_text`): 1 the technique, 2 and the house, 3
            and the cells, 4 the whole step. Levels 1 to 3 name no digit.

    With ``candidates``, the marks are diagnosed first: marks that exclude the solution
    (a needed candidate removed, a wrong digit filled) raise
    :class:`~sudoku_cp.errors.MarksExcludeSolutionError`, naming a house but never the
    cell and digit; a filled cell whose digit is still pencilled in its peers gives a
    step "marks to update" (those peers lose it) before any deduction.

    Returns:
        The :class:`Step` (or its text at ``level``), or ``None`` when the puzzle is
        solved (every cell filled).

    Raises:
        InvalidPuzzleError: malformed puzzle or candidates (naming the line and column).
        NotSupportedError: as for :func:`explain`.
        NoSolutionError: the puzzle has no solution.
        MarksExcludeSolutionError: the candidates exclude every solution (a
            :class:`NoSolutionError`; the message names a house, not the digit).
        NotProperError: the puzzle has several solutions and no step follows from the
            constraints alone any more (sound steps are given while there are some).
        SolveTimeoutError: ``time_limit`` ran out before a step was found.
        SudokuError: a step failed its check (a bug); a ``time_limit`` that is not a
            positive number.
    """
    deadline = reasoning_deadline(time_limit)
    if level is not None and (isinstance(level, bool) or level not in HINT_LEVELS):
        raise SudokuError(f"level must be one of 1, 2, 3, 4 or None, not {level!r}")
    puzzle = as_puzzle(puzzle)[0]
    board = Board(puzzle.model)  # NotSupportedError (a kind the engine lacks) before the solve
    smallest = solve(puzzle, time_limit=_left(deadline))  # NoSolutionError (with the conflicting givens)
    board.deadline = deadline
    n = puzzle.side
    givens = {cell for cell, value in enumerate(puzzle.grid.cells) if value}
    if candidates is None:
        masks = board.initial()
        placed = set(givens)
    else:
        domains = [sum(1 << (v - 1) for v in domain) for domain in puzzle.model.domains()]
        masks = [
            mask & domain
            for mask, domain in zip(
                as_masks(candidates, n, puzzle.model.cell_count, puzzle.model.digits), domains, strict=True
            )
        ]
        placed = givens | filled(masks, puzzle.model.peers)
    if len(placed) == puzzle.model.cell_count and puzzle.model.holds([mask.bit_length() for mask in masks]):
        return None
    solution = _solution_within(puzzle, masks, smallest, board.initial())
    if candidates is not None:
        stale = _stale_mark(puzzle, masks, givens)
        if stale is not None:
            return stale if level is None else stale.hint_text(level)
    board.solution = whole = _whole_solution(
        board, solution, deadline, masks if candidates is not None else None
    )
    try:
        found = next_step(board, masks, placed, as_techniques(techniques))
    except SolveTimeoutError:
        raise SolveTimeoutError(f"no step found within the time limit of {deadline.time_limit:g} s") from None
    if found is None:
        if not board.proper:
            raise NotProperError(
                "the puzzle has several solutions: no step follows from its constraints from here"
            )
        return None  # only with a restricted list of techniques
    technique, deduction = found
    try:
        check_deduction(
            puzzle,
            masks,
            deduction,
            whole,
            not technique.needs_unique,
            deadline,
            search=not technique.search_backed,
        )
    except SolveTimeoutError:
        raise SolveTimeoutError(f"no step found within the time limit of {deadline.time_limit:g} s") from None
    step = _step(deduction, puzzle.model, technique)
    return step if level is None else step.hint_text(level)


HINT_LEVELS = (1, 2, 3, 4)
"""The graded hint levels of :func:`hint`: technique, house, cells, the step."""


def _solution_within(puzzle: Puzzle, masks: Sequence[int], smallest: Grid, initial: Sequence[int]) -> Grid:
    """A solution of ``puzzle`` that keeps every candidate of ``masks``: the smallest one
    if it does, else any (several solutions); raise :class:`MarksExcludeSolutionError` if
    none does, naming a house of a needed candidate that was removed (from ``initial``,
    the marks people start from) but neither its cell nor its digit."""
    n = puzzle.side
    lost = next((c for c, v in enumerate(smallest.cells) if not masks[c] >> (v - 1) & 1), None)
    if lost is None:
        return smallest
    restricted = tuple(ValueIn(c, values_of(m), origin=_CANDIDATES) for c, m in enumerate(masks))
    whole = puzzle.model
    model = Model(
        n, whole.givens, whole.constraints + restricted, whole.positions, whole.digits, whole.hidden
    )
    found = BitmaskSearch(model).find_solution() if all(model.domains()) else None
    if found is None:
        raise _wrong_marks(puzzle, masks, smallest, initial)
    return smallest.with_cells(list(found[: whole.grid_cell_count]))


def _wrong_marks(puzzle: Puzzle, masks: Sequence[int], solution: Grid, initial: Sequence[int]):
    """The error for marks that exclude ``solution``: a house where a needed candidate was
    removed, chosen so that the message cannot give the digit away (the house holds
    removed candidates of two digits or more; the one with the fewest such candidates)."""
    pairs = enumerate(zip(initial, masks, strict=True))
    removed = {(c, v) for c, (start, mask) in pairs for v in values_of(start & ~mask)}
    wrong = {(c, v) for c, v in enumerate(solution.cells) if not masks[c] >> (v - 1) & 1}
    best: tuple[int, str] | None = None
    for unit in puzzle.model.units:
        cells = set(unit.cells)
        if not any(c in cells for c, _ in wrong):
            continue
        here = [(c, v) for c, v in removed if c in cells]
        if len({v for _, v in here}) < 2:
            continue  # naming this house would name the digit
        if best is None or len(here) < best[0]:
            best = (len(here), unit.label)
    house = None if best is None else best[1]
    where = f" in {house}" if house else ""
    return MarksExcludeSolutionError(
        f"these pencil marks exclude the solution: a candidate you removed{where} is needed "
        "(or a cell holds a wrong digit)",
        house=house,
        wrong=len(wrong),
    )


def _stale_mark(puzzle: Puzzle, masks: Sequence[int], givens: set[int]) -> Step | None:
    """The first filled cell (row-major: a digit of the puzzle given to :func:`hint`, the
    digits filled so far) whose digit is still pencilled in a peer, as a step that updates
    those peers; ``None`` if there is none. (A cell that merely has one candidate left is a
    naked single, not a filled cell.)"""
    model = puzzle.model
    for cell in sorted(givens):
        mask = masks[cell]
        if not mask or mask & (mask - 1):
            continue
        stale = [p for p in model.peers[cell] if masks[p] & mask]
        if not stale:
            continue
        value = mask.bit_length()
        name, digit = model.cell_name(cell), puzzle.grid.digits[value - 1]
        return Step(
            "marks to update",
            (),
            tuple((*model.position(p), value) for p in sorted(stale)),
            (model.position(cell),),
            (value,),
            ((*model.position(cell), value),),
            (),
            f"{name} holds {digit}, but {digit} is still pencilled in its peers",
            (),
            _UPDATE.id,
            digits=model.digits or (),
        )
    return None


def _step(deduction: Deduction, model: Model, technique: Technique) -> Step:
    def triples(pairs):
        return tuple((*model.position(cell), value) for cell, value in pairs)

    return Step(
        deduction.technique,
        triples(deduction.placements),
        triples(deduction.eliminations),
        tuple(model.position(cell) for cell in deduction.cells),
        deduction.values,
        triples(deduction.candidates),
        tuple(dict.fromkeys(model.label_of(c) for c in deduction.constraints)),
        deduction.reason,
        tuple(dict.fromkeys(c.origin for c in deduction.constraints)),
        technique.id,
        None if deduction.chain is None else deduction.chain.on(model.position, _one_digit(model)),
        None if deduction.net is None else deduction.net.on(model.position),
        deduction.argument,
        model.digits or (),
        _hidden_names(model),
    )


def _hidden_names(model: Model) -> tuple[tuple[tuple[int, int], str], ...]:
    """:attr:`Step.hidden_names` of a model: each hidden cell's position and name."""
    return tuple(
        (model.position(c), model.cell_name(c)) for c in range(model.grid_cell_count, model.cell_count)
    )


def _one_digit(model: Model) -> bool:
    """True when every row and column number of the model's cells is one digit (1-9)."""
    if model.positions is None:
        return model.side <= 9
    return max(max(p) for p in model.positions) < 9


def check_deduction(
    puzzle: Puzzle,
    candidates: Sequence[int],
    deduction: Deduction,
    solution: Grid | Sequence[int],
    premises: bool = True,
    deadline: Deadline | None = None,
    *,
    search: bool = True,
) -> None:
    """Raise :class:`SudokuError` unless the deduction follows from its premises and
    agrees with the solution (a grid, or every model cell's value: hidden cells
    included; see the module docstring). With ``premises`` false (a step
    resting on uniqueness, which no subset of the constraints implies), only the
    agreement with the solution is checked. With ``search`` false the premise goes to
    the SAT solver at once, without the engine's search first (:func:`_has_solution`):
    for a search-backed step (:attr:`Technique.search_backed
    <sudoku_cp.reasoning.techniques.table.Technique.search_backed>`, the minimal
    deduction), whose premise a SAT refutation found, that search ran out of its
    :data:`CHECK_NODES` on 53 of 56 such checks over five ISS puzzles (Copycat, Beauty
    Mark, House of Cards, A kind of magic, 16x16: Sudoku X, very hard), 0.2-1.6 s each
    in vain.

    Raises:
        SudokuError: the deduction does not follow (a bug in its finder).
        SolveTimeoutError: ``deadline`` (the caller's clock, such as ``explain``'s
            ``time_limit``) passed before the check was answered (a hard premise can
            keep the SAT solver busy for long): the step is neither proven nor refuted.
    """
    values = getattr(solution, "cells", solution)
    for cell, value in deduction.placements:
        if values[cell] != value:
            raise SudokuError(f"{deduction.technique} placed {value} where the solution has another digit")
    for cell, value in deduction.eliminations:
        if values[cell] == value:
            raise SudokuError(f"{deduction.technique} removed the solution's {value}")
    if not premises:
        return
    n, k = puzzle.side, puzzle.model.value_count
    premise = list(deduction.constraints)
    if isinstance(deduction.lemma, UnitReduction):
        check_unit_reduction(deduction.lemma, premise, k)  # its units hold each of the k values
        premise.append(deduction.lemma.left)  # proven from the premise: it keeps the search short
    elif isinstance(deduction.lemma, ImpliedDifference):
        check_implied_difference(deduction.lemma, n)
        premise.append(deduction.lemma.difference)  # proven from the premise: it keeps the search short
    elif deduction.lemma is not None:
        check_implied_sum(deduction.lemma, n)
        premise.append(deduction.lemma.sum)  # proven from the premise: it keeps the search short
    premise += _reduced_clues(premise, puzzle.model)
    cells = sorted({c for constraint in premise for c in constraint.cells})
    domains = {c: frozenset(values_of(candidates[c])) for c in cells}
    # a cell outside every constraint of the premise (an extra cell in no AllDifferent,
    # placed as a naked single): its conclusion can only follow from its own candidates
    own = {c: frozenset(values_of(candidates[c])) for c, _ in deduction.placements + deduction.eliminations}
    placements = dict(deduction.placements)
    conclusions = [
        (cell, own[cell] - {value})
        for cell, value in deduction.placements
        if not _forced_by_a_unit(premise, domains, cell, value, k)
    ]
    conclusions += [
        (cell, frozenset({value}))
        for cell, value in deduction.eliminations
        if not _excluded_by_a_digit(premise, domains, placements, cell, value)
        and not (not placements and _excluded_on_its_plane(premise, domains, cell, value, k))
    ]
    # nothing else left for the cell: the conclusion follows from its candidates
    conclusions = [(cell, contrary) for cell, contrary in conclusions if own[cell] & contrary]
    if not conclusions:
        return
    for cell, _ in conclusions:
        if cell not in domains:
            raise SudokuError(
                f"{deduction.technique} does not follow from its premises at {puzzle.model.cell_name(cell)}"
            )
    # A search over the premise and the candidates answers each conclusion: is there a
    # solution with the cell in its contrary values? (compiled once per premise, narrowed
    # to each case of the reasoning's own split)
    whole = puzzle.model
    nodes = CHECK_NODES if search else 0  # none once the search ran out on this premise: SAT answers the rest
    compiled = _premise_search(tuple(premise), n, whole.cell_count, whole.positions, whole.digits)
    cases = _cases(premise, domains, deduction, whole.value_count)
    for cell, contrary in conclusions:
        for case in cases:
            restricted = {**domains, cell: domains[cell] & contrary}
            for where, values in case:
                restricted[where] = restricted[where] & values
            if not all(restricted.values()):
                continue
            found, nodes = _has_solution(compiled, restricted, premise, whole, n, nodes, deadline)
            if found:
                raise SudokuError(
                    f"{deduction.technique} does not follow from its premises at {whole.cell_name(cell)}"
                )


def _reduced_clues(premise: Sequence[Constraint], model: Model) -> list[Linear]:
    """The clues the premise's clues holding whole units leave, where those units are in the
    premise too (:func:`~sudoku_cp.engine.sums.unit_reduced`: ``r4c3 + r4c4 = 10`` of a sum
    of 55 over a 9-cell region and two cells): each follows from the premise, and the search
    over the premise (and SAT's) settles the few cells it leaves, not the sum over dozens."""
    ids = {id(c) for c in premise}
    found = []
    for constraint in premise:
        reduction = unit_reduced(constraint, model) if isinstance(constraint, Linear) else None
        if reduction is not None and all(id(u) in ids for u in reduction.units):
            found.append(reduction.left)
    return found


CHECK_NODES = 2000
"""The most decisions the engine's search spends on a premise check before the SAT solver
takes it over (:func:`_has_solution`)."""


def _has_solution(
    search: BitmaskSearch,
    domains: dict[int, frozenset[int]],
    premise,
    whole: Model,
    n: int,
    nodes: int,
    deadline: Deadline | None = None,
) -> tuple[bool, int]:
    """Whether the premise has a solution with each cell of ``domains`` in its values:
    ``search`` (the premise compiled, :func:`_premise_search`) narrowed to them within
    ``nodes`` decisions (:data:`CHECK_NODES`), then a CDCL SAT solver (PySAT, the ``"sat"``
    backend's encoding of the premise, encoded once per premise, with the candidates as unit
    clauses: :func:`~sudoku_cp.backends.sat.satisfiable`), whose learnt clauses do not
    branch again and again on cells the contradiction does not involve (a chain's premise
    over four units took the search 12 s), and past its conflicts CP-SAT
    (:func:`~sudoku_cp.reasoning.techniques.minimal.has_solution`); for a kind SAT does
    not encode, CP-SAT on a model with hidden cells (a chaos construction's regions, whose
    search alone can take minutes on a 6x6), else the search alone. Also the decisions
    the next call on this premise should spend on the search: 0 once it ran out (a set of
    counting circles' premise ran out on each of 85 conclusions, 8 s where SAT takes 0.4
    s). Every solver keeps to
    ``deadline`` (:class:`SolveTimeoutError` once it passes)."""
    if deadline is not None:
        deadline.check("the premise check")
    masks = [-1] * whole.cell_count
    for c, values in domains.items():
        masks[c] = sum(1 << (v - 1) for v in values)
    narrowed = search.with_domains(masks, deadline)
    if nodes:
        try:
            return narrowed.count_solutions(1, node_limit=nodes) > 0, nodes
        except Restart:
            pass
    fixed = tuple(0 if c in domains else 1 for c in range(whole.cell_count))
    # the premise's rules alone, so that their formula is encoded once for every check of
    # that premise; the candidates are unit clauses of the call ("cell c does not hold v")
    rules = Model(n, fixed, tuple(premise), whole.positions, whole.digits)
    k = rules.value_count
    excluded = [(c, v) for c, vs in domains.items() for v in range(1, k + 1) if v not in vs]
    try:
        return has_solution(rules, excluded, deadline), 0
    except NotSupportedError:
        if whole.hidden:
            candidates = tuple(ValueIn(c, v, origin=_CANDIDATES) for c, v in domains.items())
            return cpsat_has_solution(
                Model(n, fixed, (*premise, *candidates), whole.positions, whole.digits), deadline
            ), 0
        return narrowed.count_solutions(1) > 0, 0


def _cases(premise, domains, deduction: Deduction, n: int) -> list[tuple[tuple[int, frozenset[int]], ...]]:
    """The cases the search for a counterexample to a deduction is split into, together
    every assignment of the premise: a pattern of one cell (a cell forcing chain), one case
    per candidate of it; a pattern of one value whose places in an AllDifferent of the
    premise over ``n`` cells, ``n`` the number of values (which holds every value), are
    the pattern's cells (a unit forcing chain), one case per place; else one case, the
    whole. The reasoning's own case split, searched one case at a time (a search left to
    choose its cells may branch everywhere else first)."""
    pattern = deduction.cells
    if len(pattern) == 1 and pattern[0] in domains and len(domains[pattern[0]]) > 1:
        return [((pattern[0], frozenset({v})),) for v in sorted(domains[pattern[0]])]
    if len(deduction.values) == 1 and len(pattern) > 1 and all(c in domains for c in pattern):
        value = deduction.values[0]
        for constraint in premise:
            if isinstance(constraint, AllDifferent) and len(set(constraint.cells)) == n:
                places = [c for c in constraint.cells if value in domains[c]]
                if sorted(places) == sorted(pattern):
                    return [((c, frozenset({value})),) for c in places]
    return [()]


_CANDIDATES = Origin(OriginKind.CANDIDATES)


@functools.lru_cache(maxsize=512)
def _premise_search(premise: tuple, n: int, cell_count: int, positions, digits) -> BitmaskSearch:
    """The search over ``premise`` alone, compiled once (the steps of a path cite the same
    units again and again): each check narrows its cells to their candidates
    (:meth:`BitmaskSearch.with_domains`). Cells outside the premise take no part: fixing
    them (a given 1) keeps the search to the premise's cells."""
    cells = {c for constraint in premise for c in constraint.cells}
    fixed = tuple(0 if c in cells else 1 for c in range(cell_count))
    return BitmaskSearch(Model(n, fixed, premise, positions, digits))


def _forced_by_a_unit(premise, domains, cell: int, value: int, k: int) -> bool:
    """True when an AllDifferent of the premise over ``k`` cells, ``k`` the number of
    values (which therefore holds every value once: never on a grid of more digits than
    its side, whose units hold ``n < k`` cells) holds ``cell`` and no other cell with ``value`` among its
    candidates: the placement then follows without a search."""
    for constraint in premise:
        if (
            isinstance(constraint, AllDifferent)
            and cell in constraint.cells
            and len(set(constraint.cells)) == k
        ):
            if all(other == cell or value not in domains[other] for other in constraint.cells):
                return True
    return False


def _excluded_by_a_digit(premise, domains, placements, cell: int, value: int) -> bool:
    """True when an AllDifferent of the premise holds ``cell`` and another cell that is
    ``value`` (its only candidate, or a placement of the step, itself checked by search):
    the elimination then follows without a search."""
    for constraint in premise:
        if isinstance(constraint, AllDifferent) and cell in constraint.cells:
            for other in constraint.cells:
                if other != cell and (placements.get(other) == value or domains.get(other) == {value}):
                    return True
    return False


def _excluded_on_its_plane(premise, domains, cell: int, value: int, n: int) -> bool:
    """True when the premise's AllDifferents alone, read on ``value``'s plane, exclude
    ``value`` from ``cell``: no choice of cells for ``value`` among their candidates puts
    it in ``cell``, at most once in each AllDifferent and exactly once in each of ``n``
    cells (which holds every value). Every solution of the premise gives such a choice
    (its cells holding ``value``), so none keeps the candidate: the removal follows
    without the search over every value, which a pattern of one digit (fish, finned fish,
    single-digit patterns, colouring) on a nearly empty grid makes long (``iss/A kind of
    magic``: 18 s for a finned Swordfish's check). ``False`` (the search then decides)
    when the premise holds another kind of constraint or the plane allows it.

    >>> units = [AllDifferent(cells, label="unit") for cells in ((0, 1), (2, 3), (0, 2), (1, 3))]
    >>> free = frozenset({1, 2})  # a 2x2 Latin square, r1c1 = 1: r2c2 is 1, r1c2 and r2c1 are not
    >>> _excluded_on_its_plane(units, {0: frozenset({1}), 1: free, 2: free, 3: free}, 1, 1, 2)
    True
    >>> _excluded_on_its_plane(units, {0: frozenset({1}), 1: free, 2: free, 3: free}, 3, 1, 2)
    False
    """
    if not all(isinstance(c, AllDifferent) for c in premise):
        return False
    open_cells = {c for c, d in domains.items() if value in d}
    groups = [(tuple(c for c in a.cells if c in open_cells), len(set(a.cells)) == n) for a in premise]
    return not _plane_choice(groups, {c: True for c, d in domains.items() if d == {value} or c == cell})


def _plane_choice(groups: Sequence[tuple[tuple[int, ...], bool]], chosen: dict[int, bool]) -> bool:
    """True when the cells of ``groups`` (each its open cells and whether it must hold the
    value once, else at most once) can hold the value or not, extending ``chosen``
    (cell: holds it), so that every group is satisfied: a depth-first search, the group
    with the fewest undecided cells first."""
    chosen = dict(chosen)
    while True:  # propagate: a chosen cell empties its groups; a group with one place left takes it
        changed = False
        branch: tuple[int, ...] | None = None
        for cells, once in groups:
            held = [c for c in cells if chosen.get(c)]
            if len(held) > 1:
                return False
            undecided = [c for c in cells if c not in chosen]
            if held:
                for c in undecided:
                    chosen[c] = False
                changed = changed or bool(undecided)
            elif once:
                if not undecided:
                    return False
                if len(undecided) == 1:
                    chosen[undecided[0]] = True
                    changed = True
                elif branch is None or len(undecided) < len(branch):
                    branch = tuple(undecided)
        if not changed:
            break
    if branch is None:
        return True  # every group holding it once has its cell; the others may stay empty
    return any(_plane_choice(groups, {**chosen, c: True}) for c in branch)


def check_implied_sum(implied: ImpliedSum, n: int) -> None:
    """Raise :class:`SudokuError` unless ``implied.sum`` follows from its units and cages by
    the arithmetic of the rule of 45: the units are disjoint AllDifferents over ``n`` cells
    (so each adds up to ``n(n+1)/2``), the cages disjoint sums, and the innies are the
    units' cells outside the cages, all inside the units (or the outies are the cages'
    cells outside the units, the cages covering the units)."""
    union: set[int] = set()
    for unit in implied.units:
        if (
            not isinstance(unit, AllDifferent)
            or len(set(unit.cells)) != n
            or not union.isdisjoint(unit.cells)
        ):
            raise SudokuError(f"{implied.sum.label}: its units are not disjoint units of {n} cells")
        union.update(unit.cells)
    caged: set[int] = set()
    for cage in implied.cages:
        if not isinstance(cage, Sum) or not caged.isdisjoint(cage.cells):
            raise SudokuError(f"{implied.sum.label}: its cages overlap")
        caged.update(cage.cells)
    whole = len(implied.units) * n * (n + 1) // 2
    cages_total = sum(cage.total for cage in implied.cages)
    if implied.kind == "innies":
        holds = caged <= union and set(implied.sum.cells) == union - caged
        holds = holds and implied.sum.total == whole - cages_total
    else:
        holds = union <= caged and set(implied.sum.cells) == caged - union
        holds = holds and implied.sum.total == cages_total - whole
    if not holds:
        raise SudokuError(f"{implied.sum.label}: the rule of 45 does not give that sum")


def check_implied_difference(implied: ImpliedDifference, n: int) -> None:
    """Raise :class:`SudokuError` unless ``implied.difference`` follows from its units and
    cages by the arithmetic of the rule of 45: the units disjoint AllDifferents over ``n``
    cells, the cages disjoint sums, those inside within the units and the crossing ones
    meeting them; the innies the units' cells no cage covers, the outies the crossing
    cages' cells outside the units, and the right-hand side the units' totals less the
    cages'."""
    union: set[int] = set()
    for unit in implied.units:
        if not isinstance(unit, AllDifferent) or len(set(unit.cells)) != n or union.intersection(unit.cells):
            raise SudokuError(f"{implied.difference.label}: its units are not disjoint units of {n} cells")
        union.update(unit.cells)
    caged: set[int] = set()
    for cage in implied.inside + implied.crossing:
        if not isinstance(cage, Sum) or not caged.isdisjoint(cage.cells):
            raise SudokuError(f"{implied.difference.label}: its cages overlap")
        caged.update(cage.cells)
    outside = {c for cage in implied.crossing for c in cage.cells} - union
    total = len(implied.units) * n * (n + 1) // 2 - sum(c.total for c in implied.inside + implied.crossing)
    linear = implied.difference
    holds = all(union.issuperset(cage.cells) for cage in implied.inside)
    holds = holds and all(union.intersection(cage.cells) for cage in implied.crossing)
    holds = holds and set(implied.innies) == union - caged and set(implied.outies) == outside
    holds = holds and linear.operator == "==" and linear.rhs == total and set(linear.coefficients) <= {1, -1}
    if not holds:
        raise SudokuError(f"{implied.difference.label}: the rule of 45 does not give that difference")


def check_unit_reduction(reduction: UnitReduction, premise: Sequence[Constraint], n: int) -> None:
    """Raise :class:`SudokuError` unless ``reduction.left`` follows from its clue and units
    (both in ``premise``) by the arithmetic of the rule of 45: each unit an AllDifferent
    over ``n`` cells (adding up to ``n(n+1)/2``), and ``sign`` times the clue less each
    unit's weight times (its cells' sum less ``n(n+1)/2``) equal to the clue left, term by
    term, in its right-hand side and its operator."""
    clue, left = reduction.clue, reduction.left
    if not any(c is clue or c == clue for c in premise) or len(reduction.units) != len(reduction.weights):
        raise SudokuError(f"{left.label}: its clue is not a premise of the step")
    terms: dict[int, int] = {}
    for cell, a in zip(clue.cells, clue.coefficients, strict=True):
        terms[cell] = terms.get(cell, 0) + a
    rhs = clue.rhs
    for unit, weight in zip(reduction.units, reduction.weights, strict=True):
        if not isinstance(unit, AllDifferent) or len(set(unit.cells)) != n or unit not in premise:
            raise SudokuError(f"{left.label}: a unit it sums is not a unit of {n} cells in the premise")
        for cell in unit.cells:
            terms[cell] = terms.get(cell, 0) - weight
        rhs -= weight * n * (n + 1) // 2
    sign = reduction.sign
    wanted = {cell: sign * a for cell, a in terms.items() if a}
    got: dict[int, int] = {}
    for cell, a in zip(left.cells, left.coefficients, strict=True):
        got[cell] = got.get(cell, 0) + a
    flipped = {"<=": ">=", ">=": "<="}.get(clue.operator, clue.operator) if sign == -1 else clue.operator
    if sign not in (1, -1) or wanted != got or left.rhs != sign * rhs or left.operator != flipped:
        raise SudokuError(f"{left.label}: the sums of its units do not leave that clue")


__all__ = ["Explanation", "Step", "explain", "hint"]
