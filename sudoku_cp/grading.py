"""How hard is a puzzle: the hardest technique its solving path needs, or search.

Simonis ("Sudoku as a constraint problem", CP 2005 workshop on modelling and
reformulating constraint satisfaction problems) grades puzzles by the weakest
constraint propagation that solves them with no search at all, and finds that this
order matches how people rank them. :func:`grade` follows the solving path of
:func:`sudoku_cp.explain` (:func:`sudoku_cp.techniques.solving_path`: the simplest
technique that finds anything, one step at a time) and names the hardest technique it
used; the levels and bands come from the one table of techniques
(:data:`sudoku_cp.techniques.TECHNIQUES`), weakest first:

==  =====================  =========================================================  ========
#   level                  techniques                                                 band
==  =====================  =========================================================  ========
0   naked singles          naked single; a variant's constraint on its own (cage      easy
                           combinations, thermometer, inequality, Kropki dot, no dot)
1   hidden singles         hidden single; the rule of 45 of killers (innies, outies)  medium
2   locked candidates      pointing and claiming                                      hard
3   Hall sets              naked and hidden pairs, triples and quads (Hall's          hard
                           theorem, Régin's AllDifferent filtering, ``k <= 4``)
4   fish                   X-Wing, Swordfish, Jellyfish                               expert
5   single-digit patterns  Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle    expert
6   wings                  XY-Wing, XYZ-Wing, W-Wing                                  expert
7   uniqueness             Unique Rectangle type 1, BUG+1 (proper puzzles only)       expert
8   finned fish            finned and sashimi X-Wing, Swordfish, Jellyfish            expert
9   colouring              Simple Colors                                              expert
10  chains                 X-Chain, XY-Chain, AIC (grouped nodes)                     expert
11  ALS                    ALS-XZ                                                     expert
12  forcing chains         forcing chain (contradiction, cell, unit)                  fiendish
13  minimal deduction      a subset-minimal set of constraints refuting a candidate   fiendish
14  search                 the path stalls (a puzzle with several solutions);         fiendish
                           ``search_nodes`` is the backtracker's effort
==  =====================  =========================================================  ========

So ``grade`` and ``explain`` cannot disagree: when ``explain`` solves a puzzle without
search, ``grade`` names the hardest technique of that path (by level, then table order).
A puzzle with no solution raises :class:`~sudoku_cp.errors.NoSolutionError`; a puzzle
with several solutions is *not proper* (its band says so).

>>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
>>> g = grade(easy)
>>> g.technique, g.band, g.search_nodes
('naked single', 'easy', 0)
>>> str(grade("." * 16))
'not proper (several solutions)'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.errors import NoSolutionError
from sudoku_cp.puzzle import PuzzleInput, as_puzzle
from sudoku_cp.techniques.board import Board, Deduction
from sudoku_cp.techniques.table import (
    BAND_NAMES,
    BANDS,
    LEVEL_TECHNIQUES,
    LEVELS,
    SEARCH,
    TECHNIQUES,
    Contradiction,
    apply,
    hardest,
    solving_path,
)

NOT_PROPER = "not proper"
"""The band of a puzzle with several solutions."""


def propagate(
    board: Board, candidates: list[int], placed: set[int], strongest: int = len(LEVEL_TECHNIQUES) - 1
) -> Iterator[tuple[int, Deduction]]:
    """Simonis' level propagation: apply the levels up to ``strongest`` (an index of
    :data:`LEVELS`), weakest first, until none deduces anything.

    Each step applies every deduction the weakest productive level finds in one sweep
    over the candidates as they were before the step (so each deduction is sound on its
    own), then starts again from the weakest. Yields ``(level, deduction)`` in the order
    applied; ``candidates`` and ``placed`` (the cells placed so far) change in place.
    The levels are those of the table (:data:`LEVEL_TECHNIQUES`); a row resting on
    uniqueness runs only once ``board.proper`` proves the puzzle proper. :func:`grade` uses the
    solving path instead, which ``explain`` shows; this is the cross-check that a grade
    is the weakest level whose propagation solves the puzzle.

    Raises:
        Contradiction: the candidates cannot be completed.
    """
    while True:
        for level, techniques in enumerate(LEVEL_TECHNIQUES[: strongest + 1]):
            allowed = [t for t in techniques if not t.needs_unique or board.proper]
            found = [d for t in allowed for d in t.find(board, candidates[:], set(placed))]
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
        level: the index in :data:`LEVELS` of the hardest technique's level (the last,
            ``"search"``: the solving path stalls, or the puzzle is not proper).
        search_nodes: for ``"search"``, the nodes the backtracker (:class:`BitmaskSearch`:
            singles and the variant's propagators, most constrained cell first) needs to
            solve the puzzle and prove it unique (or find a second solution); 0 below.
        steps: how many steps of each technique the solving path took, by name.
        technique: the name of the hardest technique of the path (a row of
            :data:`~sudoku_cp.techniques.TECHNIQUES`), or ``"search"``; by default the
            first technique of the level.
        proper: False when the puzzle has several solutions.
    """

    level: int
    search_nodes: int = 0
    steps: dict[str, int] = field(default_factory=dict, compare=False)
    technique: str = field(default="", compare=False)
    proper: bool = field(default=True, compare=False)

    def __post_init__(self) -> None:
        if not self.technique:
            name = LEVELS[self.level]
            default = SEARCH if name == SEARCH else next(t.name for t in TECHNIQUES if t.level == name)
            object.__setattr__(self, "technique", default)

    @property
    def level_name(self) -> str:
        """The level's name (:data:`LEVELS`): ``"hidden singles"``, ``"fish"``, ``"search"``..."""
        return LEVELS[self.level]

    @property
    def band(self) -> str:
        """The human-facing band: ``"easy"``, ``"medium"``, ``"hard"``, ``"expert"``,
        ``"fiendish"`` (:data:`BAND_NAMES`), or ``"not proper"`` for a puzzle with several
        solutions."""
        return BANDS[self.level_name] if self.proper else NOT_PROPER

    def __str__(self) -> str:
        if not self.proper:
            return f"{NOT_PROPER} (several solutions)"
        effort = f", {self.search_nodes} search nodes" if self.level_name == SEARCH else ""
        return f"{self.band} ({self.technique}{effort})"


def grade(puzzle: PuzzleInput) -> Grade:
    """Grade a puzzle by the hardest technique its solving path needs (see the module docstring).

    Args:
        puzzle: anything :func:`sudoku_cp.solve` takes, any variant and size (Hall sets
            on 16x16 and larger take a while: seconds).

    Returns:
        A :class:`Grade`: the hardest technique that :func:`sudoku_cp.explain`'s path
        uses, its level (:data:`LEVELS`) and band; for a path that stalls, ``"search"``
        with the backtracker's nodes; for a puzzle with several solutions, ``proper``
        false and the band ``"not proper"`` (a path that solves the puzzle proves it
        has one solution; otherwise the backtracker counts up to two).

    Raises:
        InvalidPuzzleError: malformed input.
        NoSolutionError: propagation or search proves that the puzzle has no solution.
    """
    puzzle = as_puzzle(puzzle)[0]
    board = Board(puzzle.model)
    candidates = board.initial()
    placed = {cell for cell, value in enumerate(puzzle.grid.cells) if value}
    used: dict = {}
    try:
        for technique, _ in solving_path(board, candidates, placed):
            used[technique] = used.get(technique, 0) + 1
    except Contradiction:
        raise NoSolutionError("the puzzle has no solution (propagation reached a contradiction)") from None
    steps = {technique.name: count for technique, count in used.items()}
    if all(mask and not mask & (mask - 1) for mask in candidates) and puzzle.model.holds(
        [mask.bit_length() for mask in candidates]
    ):
        top = hardest(list(used)) or TECHNIQUES[0]
        return Grade(top.level_index, 0, steps, top.name)
    search = BitmaskSearch(puzzle)
    count = search.count_solutions(2)
    if count == 0:
        raise NoSolutionError("the puzzle has no solution (the backtracking search is exhaustive)")
    return Grade(len(LEVELS) - 1, search.nodes, steps, SEARCH, proper=count == 1)


__all__ = [
    "NOT_PROPER",
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
