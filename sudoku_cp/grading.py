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
                         there; in a killer, the rule of 45 (a unit holds
                         1..n, so its sum less its cages' sums is what the
                         innies hold, or the outies)
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

The techniques are those of :mod:`sudoku_cp.techniques`, the same functions the
step-by-step explanations (:func:`sudoku_cp.explain`) use; a level is a group of them.
:func:`propagate` applies them weakest first: at each step the weakest level that
deduces anything is applied, and the grade is the strongest one that was needed.

>>> grade("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........").technique
'search'
>>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> g = grade(easy)
>>> g.technique, g.band, g.search_nodes
('naked singles', 'easy', 0)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

from sudoku_cp.constraints import cell_name
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.errors import NoSolutionError
from sudoku_cp.puzzle import PuzzleInput, as_puzzle
from sudoku_cp.techniques import (
    MAX_SUBSET,
    Board,
    Deduction,
    Technique,
    hidden_singles,
    hidden_subsets,
    innies_and_outies,
    locked_candidates,
    naked_singles,
    naked_subsets,
    variant_constraints,
)

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

LEVEL_TECHNIQUES: tuple[tuple[Technique, ...], ...] = (
    (naked_singles, variant_constraints),
    (hidden_singles, innies_and_outies),
    (locked_candidates,),
    tuple(find(size) for size in range(2, MAX_SUBSET + 1) for find in (naked_subsets, hidden_subsets)),
)
"""The techniques of each level before ``"search"``, weakest first."""


class Contradiction(Exception):
    """The candidates leave a cell with no value."""


def apply(candidates: list[int], placed: set[int], deduction: Deduction) -> None:
    """Remove a deduction's candidates and mark its placements (in place).

    Raises:
        Contradiction: a cell is left with no value.
    """
    for cell, value in deduction.eliminations:
        candidates[cell] &= ~(1 << (value - 1))
        if not candidates[cell]:
            raise Contradiction(f"{cell_name(cell, math.isqrt(len(candidates)))} has no value left")
    placed.update(cell for cell, _ in deduction.placements)


def propagate(
    board: Board, candidates: list[int], placed: set[int], strongest: int = len(LEVEL_TECHNIQUES) - 1
) -> Iterator[tuple[int, Deduction]]:
    """Apply the levels up to ``strongest``, weakest first, until none deduces anything.

    Each step applies every deduction the weakest productive level finds in one sweep
    over the candidates as they were before the step (so each deduction is sound on its
    own), then starts again from the weakest. Yields ``(level, deduction)`` in the order
    applied; ``candidates`` and ``placed`` (the cells placed so far) change in place.

    Raises:
        Contradiction: the candidates cannot be completed.
    """
    while True:
        for level, techniques in enumerate(LEVEL_TECHNIQUES[: strongest + 1]):
            found = [d for t in techniques for d in t(board, candidates[:], set(placed))]
            productive = False
            for deduction in found:
                if any(candidates[c] >> (v - 1) & 1 for c, v in deduction.eliminations) or any(
                    c not in placed for c, _ in deduction.placements
                ):
                    apply(candidates, placed, deduction)
                    productive = True
                    yield level, deduction
            if productive:
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
        effort = f", {self.search_nodes} search nodes" if self.level == len(LEVEL_TECHNIQUES) else ""
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
    placed = {cell for cell, value in enumerate(puzzle.grid.cells) if value}
    steps: dict[str, int] = {}
    try:
        for level, _ in propagate(board, candidates, placed):
            steps[LEVELS[level]] = steps.get(LEVELS[level], 0) + 1
    except Contradiction:
        raise NoSolutionError("the puzzle has no solution (propagation reached a contradiction)") from None
    if all(mask and not mask & (mask - 1) for mask in candidates) and puzzle.model.holds(
        [mask.bit_length() for mask in candidates]
    ):
        used = [LEVELS.index(name) for name in steps] or [0]
        return Grade(max(used), 0, steps)
    search = BitmaskSearch(puzzle)
    if search.count_solutions(2) == 0:
        raise NoSolutionError("the puzzle has no solution (the backtracking search is exhaustive)")
    return Grade(len(LEVEL_TECHNIQUES), search.nodes, steps)


__all__ = [
    "BANDS",
    "BAND_NAMES",
    "Contradiction",
    "Grade",
    "LEVELS",
    "LEVEL_TECHNIQUES",
    "apply",
    "grade",
    "propagate",
]
