"""How hard is a puzzle: the weakest propagation that solves it without search.

Simonis ("Sudoku as a constraint problem", CP 2005 workshop on modelling and
reformulating constraint satisfaction problems) grades puzzles by the weakest
constraint propagation that solves them with no search at all, and finds that this
order matches how people rank them. :func:`grade` does the same over the constraint
vocabulary of :mod:`sudoku_cp.constraints`, so it grades every variant and size. The
levels, weakest first (each includes the ones before it):

==  ===================  ======================================================  ========
#   level                what it deduces                                         band
==  ===================  ======================================================  ========
0   naked singles        a decided cell's value leaves its peers (forward        easy
                         checking of AllDifferent), and each Sum, Less and
                         Relation keeps only the values it can support
1   hidden singles       a value with one possible cell left in a unit goes      medium
                         there
2   locked candidates    a value whose cells in a unit all lie in another        hard
                         AllDifferent leaves the rest of that one (pointing,
                         claiming)
3   Hall sets            ``k`` cells of an AllDifferent holding ``k`` values     hard
                         between them keep those values from its other cells;
                         ``k`` values of a unit with ``k`` cells left keep those
                         cells to themselves (naked and hidden pairs, triples
                         and quads: Hall's theorem, the reasoning of the
                         AllDifferent propagators of Régin, AAAI 1994, limited
                         to ``k <= 4``)
4   search               none of the above solves it; ``search_nodes`` is the    expert
                         backtracker's effort to solve it and prove it unique
==  ===================  ======================================================  ========

Each technique is a function ``technique(board, candidates)`` yielding
:class:`Deduction` values (the cells and values it removes, the constraint that
justifies it), written to be reused by an explanation of a solve step by step.
:func:`propagate` applies them weakest first: at each step the weakest technique that
deduces anything is applied, and the grade is the strongest one that was needed.

>>> grade("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........").technique
'search'
>>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> g = grade(easy)
>>> g.technique, g.band, g.search_nodes
('naked singles', 'easy', 0)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from sudoku_cp.backends.backtracking import BitmaskSearch, propagator
from sudoku_cp.constraints import AllDifferent, Less, Model, Relation, Sum, cell_name
from sudoku_cp.errors import NoSolutionError
from sudoku_cp.puzzle import PuzzleInput, as_puzzle

LEVELS: tuple[str, ...] = ("naked singles", "hidden singles", "locked candidates", "Hall sets", "search")
"""The grading levels, weakest first (see the module docstring)."""

BANDS: dict[str, str] = {
    "naked singles": "easy",
    "hidden singles": "medium",
    "locked candidates": "hard",
    "Hall sets": "hard",
    "search": "expert",
}
"""The human-facing band of each level."""

BAND_NAMES: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The bands, easiest first."""

MAX_HALL_SET = 4
"""The largest Hall set (naked or hidden subset) looked for: quads, as people do."""


@dataclass(frozen=True)
class Deduction:
    """One step of reasoning: the candidates a technique removes, and why.

    Attributes:
        technique: the level's name (``"hidden single"``-style names are in :data:`LEVELS`).
        constraint: the label of the constraint that justifies it (``"row 3"``,
            ``"cage 2 (sum 15, at r1c1)"``), or the cell for a naked single.
        cells: the cells (row-major indices) whose candidates make the pattern.
        values: the values of the pattern.
        eliminations: ``(cell, value)`` pairs removed.
    """

    technique: str
    constraint: str
    cells: tuple[int, ...]
    values: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]


class Contradiction(Exception):
    """The candidates leave a cell with no value, or a unit without a place for a value."""


class Board:
    """What the techniques need from a model, computed once: units, AllDifferents, peers,
    and which AllDifferents each cell belongs to."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.side = model.side
        self.all = (1 << model.side) - 1
        self.units = model.units
        self.alldifferents = model.of_kind(AllDifferent)
        self.peers = model.peers
        member = [0] * model.cell_count
        for index, constraint in enumerate(self.alldifferents):
            for cell in constraint.cells:
                member[cell] |= 1 << index
        self.member = member  # bit i: the cell is in alldifferents[i]
        self.others = [
            (c, propagator(c, model)) for c in model.constraints if isinstance(c, Sum | Less | Relation)
        ]

    def initial(self) -> list[int]:
        """The candidate masks of the givens and the initial domains (bit ``v - 1``: value ``v``)."""
        return [sum(1 << (v - 1) for v in domain) for domain in self.model.domains()]


def _values(mask: int) -> tuple[int, ...]:
    return tuple(v + 1 for v in range(mask.bit_length()) if mask >> v & 1)


def _single(mask: int) -> bool:
    return mask and not mask & (mask - 1)


# -- the techniques -------------------------------------------------------------------------------


def naked_singles(board: Board, candidates: list[int]) -> Iterator[Deduction]:
    """A decided cell's value leaves its peers; each Sum, Less and Relation keeps the values
    it supports (its own propagator, as the backtracker's)."""
    for cell, mask in enumerate(candidates):
        if _single(mask):
            value = mask.bit_length()
            removed = tuple((peer, value) for peer in board.peers[cell] if candidates[peer] & mask)
            if removed:
                name = cell_name(cell, board.side)
                yield Deduction("naked singles", name, (cell,), (value,), removed)
    for constraint, propagate in board.others:
        trial = candidates[:]
        if propagate(trial) is None:
            raise Contradiction(constraint.label)
        removed = tuple(
            (cell, v) for cell in constraint.cells for v in _values(candidates[cell] & ~trial[cell])
        )
        if removed:
            yield Deduction("naked singles", constraint.label, constraint.cells, (), removed)


def hidden_singles(board: Board, candidates: list[int]) -> Iterator[Deduction]:
    """A value with one possible cell in a unit goes there (the cell's other values leave)."""
    for unit in board.units:
        for value in range(1, board.side + 1):
            bit = 1 << (value - 1)
            places = [cell for cell in unit.cells if candidates[cell] & bit]
            if not places:
                raise Contradiction(f"{unit.label} has no place for {value}")
            if len(places) == 1 and candidates[places[0]] != bit:
                cell = places[0]
                removed = tuple((cell, v) for v in _values(candidates[cell] & ~bit))
                yield Deduction("hidden singles", unit.label, (cell,), (value,), removed)


def locked_candidates(board: Board, candidates: list[int]) -> Iterator[Deduction]:
    """A value whose possible cells in a unit all lie in another AllDifferent leaves the other
    cells of that AllDifferent (pointing and claiming, for boxes and lines)."""
    for unit in board.units:
        for value in range(1, board.side + 1):
            bit = 1 << (value - 1)
            places = [cell for cell in unit.cells if candidates[cell] & bit]
            if len(places) < 2:
                continue
            shared = _shared(board, places)
            while shared:
                low = shared & -shared
                shared ^= low
                other = board.alldifferents[low.bit_length() - 1]
                if other.cells == unit.cells:
                    continue
                removed = tuple(
                    (cell, value) for cell in other.cells if cell not in places and candidates[cell] & bit
                )
                if removed:
                    where = f"{unit.label} and {other.label}"
                    yield Deduction("locked candidates", where, tuple(places), (value,), removed)


def _shared(board: Board, cells: list[int]) -> int:
    shared = -1
    for cell in cells:
        shared &= board.member[cell]
    return shared


def hall_sets(board: Board, candidates: list[int]) -> Iterator[Deduction]:
    """Naked subsets in every AllDifferent (``k`` cells, ``k`` values between them: the
    values leave the other cells) and hidden subsets in every unit (``k`` values with
    ``k`` cells between them: those cells keep only those values), ``2 <= k <= 4``."""
    for constraint in board.alldifferents:
        open_cells = [cell for cell in constraint.cells if not _single(candidates[cell])]
        for size in range(2, min(MAX_HALL_SET, len(open_cells) - 1) + 1):
            for group in itertools.combinations(open_cells, size):
                union = 0
                for cell in group:
                    union |= candidates[cell]
                if union.bit_count() != size:
                    continue
                removed = tuple(
                    (cell, v)
                    for cell in open_cells
                    if cell not in group
                    for v in _values(candidates[cell] & union)
                )
                if removed:
                    yield Deduction("Hall sets", constraint.label, group, _values(union), removed)
    for unit in board.units:
        open_cells = [cell for cell in unit.cells if not _single(candidates[cell])]
        open_values = placed = 0
        for cell in unit.cells:
            if _single(candidates[cell]):
                placed |= candidates[cell]
            else:
                open_values |= candidates[cell]
        values = _values(open_values & ~placed)
        for size in range(2, min(MAX_HALL_SET, len(values) - 1) + 1):
            for group in itertools.combinations(values, size):
                mask = sum(1 << (v - 1) for v in group)
                places = [cell for cell in open_cells if candidates[cell] & mask]
                if len(places) != size:
                    continue
                removed = tuple((cell, v) for cell in places for v in _values(candidates[cell] & ~mask))
                if removed:
                    yield Deduction("Hall sets", unit.label, tuple(places), group, removed)


Technique = Callable[[Board, list[int]], Iterator[Deduction]]

TECHNIQUES: tuple[Technique, ...] = (naked_singles, hidden_singles, locked_candidates, hall_sets)
"""The techniques of the levels before ``"search"``, weakest first."""


def apply(candidates: list[int], deduction: Deduction) -> None:
    """Remove a deduction's candidates (in place).

    Raises:
        Contradiction: a cell is left with no value.
    """
    for cell, value in deduction.eliminations:
        candidates[cell] &= ~(1 << (value - 1))
        if not candidates[cell]:
            raise Contradiction(f"{cell_name(cell, math.isqrt(len(candidates)))} has no value left")


def propagate(
    board: Board, candidates: list[int], strongest: int = len(TECHNIQUES) - 1
) -> Iterator[Deduction]:
    """Apply the techniques up to level ``strongest``, weakest first, until none deduces anything.

    Each step applies every deduction the weakest productive technique finds in one
    sweep over the candidates as they were before the step (so each deduction is
    sound on its own), then starts again from the weakest. Yields the deductions in the order
    applied; ``candidates`` is changed in place.

    Raises:
        Contradiction: the candidates cannot be completed.
    """
    while True:
        for technique in TECHNIQUES[: strongest + 1]:
            found = False
            for deduction in list(technique(board, candidates[:])):
                if any(candidates[c] >> (v - 1) & 1 for c, v in deduction.eliminations):
                    apply(candidates, deduction)
                    found = True
                    yield deduction
            if found:
                break
        else:
            return


@dataclass(frozen=True, order=True)
class Grade:
    """A puzzle's grade; grades compare by ``level``, then ``search_nodes``.

    Attributes:
        level: the index in :data:`LEVELS` of the weakest propagation that solves it
            (4: none does, it needs search).
        search_nodes: for level 4, the nodes the backtracker (:class:`BitmaskSearch`:
            singles and the variant's propagators, most constrained cell first) needs
            to solve it and prove it unique; 0 below.
        steps: how many deductions of each technique the weakest-first propagation
            applied, by level name.
    """

    level: int
    search_nodes: int = 0
    steps: dict[str, int] = field(default_factory=dict, compare=False)

    @property
    def technique(self) -> str:
        """The level's name (:data:`LEVELS`)."""
        return LEVELS[self.level]

    @property
    def band(self) -> str:
        """The human-facing band: ``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"``."""
        return BANDS[self.technique]

    def __str__(self) -> str:
        effort = f", {self.search_nodes} search nodes" if self.level == len(TECHNIQUES) else ""
        return f"{self.band} ({self.technique}{effort})"


def grade(puzzle: PuzzleInput) -> Grade:
    """Grade a puzzle by the weakest propagation that solves it without search (Simonis 2005).

    Args:
        puzzle: anything :func:`sudoku_cp.solve` takes, any variant and size (Hall sets
            on 16x16 and larger take a while: seconds).

    Returns:
        A :class:`Grade`: the level (:data:`LEVELS`), its band, and for puzzles that need
        search the backtracker's nodes. A puzzle with several solutions needs search.

    Raises:
        InvalidPuzzleError: malformed input.
        NoSolutionError: propagation or search proves that the puzzle has no solution.
    """
    puzzle = as_puzzle(puzzle)[0]
    board = Board(puzzle.model)
    candidates = board.initial()
    steps: dict[str, int] = {}
    try:
        for deduction in propagate(board, candidates):
            steps[deduction.technique] = steps.get(deduction.technique, 0) + 1
    except Contradiction:
        raise NoSolutionError("the puzzle has no solution (propagation reached a contradiction)") from None
    if all(_single(mask) for mask in candidates):
        used = [LEVELS.index(name) for name in steps] or [0]
        return Grade(max(used), 0, steps)
    search = BitmaskSearch(puzzle)
    if search.count_solutions(2) == 0:
        raise NoSolutionError("the puzzle has no solution (the backtracking search is exhaustive)")
    return Grade(len(TECHNIQUES), search.nodes, steps)


__all__ = [
    "BANDS",
    "BAND_NAMES",
    "Board",
    "Contradiction",
    "Deduction",
    "Grade",
    "LEVELS",
    "TECHNIQUES",
    "apply",
    "grade",
    "hall_sets",
    "hidden_singles",
    "locked_candidates",
    "naked_singles",
    "propagate",
]
