"""Full rank (ISS's ``FullRank``): every row and column, read as a number in both
directions, gives ``4n`` numbers; a clue outside the grid gives the rank, among all of
them (1 the smallest), of the number read from its side.

Each digit ``d`` starts exactly four of those numbers (its cells in column 1, column
``n``, row 1 and row ``n``), so the numbers starting with ``d`` hold the ranks
``4(d-1)+1 .. 4d``: rank ``R`` says the clued line starts with ``ceil(R/4)`` and exactly
``(R-1) mod 4`` of the other lines starting with that digit are smaller (lexicographic
order of the digits). Which lines those are depends on the solution, so one clue is one
:class:`~sudoku_cp.model.constraints.Regular` line, no auxiliary variable: the
automaton reads the clued line's first digit, then, for every other line ``M``, ``M``'s
first digit and the pairs ``(M[j], L[j])`` in order, counting the lines that start with
the digit and compare below (the lexicographic comparison of Frisch et al., "Global
constraints for lexicographic orderings", CP 2002, as a DFA over the interleaved digits;
Pesant, CP 2004, for the regular constraint). The line's cells repeat in that word.

Ties (``FullRankTies``, ISS's three modes): ``"only-unclued"`` (the default) forbids a
clued line to equal another line starting with its digit; ``"any"`` allows it (the rank
is then one more than the lines strictly below); ``"none"`` also forbids any two of the
``4n`` lines to be equal, clued or not (a :class:`Regular` "not equal" per pair of lines).

The rule needs every row and column to hold each digit once (ISS: a square grid with all
its values), which every grid of the package has.

Row 1 read from the left is 1234, the smallest number; row 4 read from the right is
1234 too, a tie:

>>> grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
>>> clue = ({"side": "left", "index": 0, "rank": 1},)
>>> [type(c).__name__ for c in FullRank(clue).constraints(4, (2, 2))]
['Regular']
>>> FullRank(clue).constraints(4, (2, 2))[0].holds(grid)
False
>>> FullRank(clue, ties="any").constraints(4, (2, 2))[0].holds(grid)
True
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, ClassVar

from sudoku_cp.errors import InvalidPuzzleError, UnsupportedRuleError
from sudoku_cp.model.constraints import Automaton, Blocks, Constraint, Origin, OriginKind, Regular
from sudoku_cp.model.rules import OutsideRule, register_rule_type

TIES = ("only-unclued", "any", "none")
"""ISS's tie modes (``FullRankTies``): ties only among unclued lines, any tie, no tie."""


def lines(side: int) -> list[tuple[int, ...]]:
    """The ``4*side`` lines of a square grid as cell indices, each row forward and backward,
    then each column forward and backward (ISS's order)."""
    out = []
    for r in range(side):
        row = tuple(r * side + c for c in range(side))
        out += [row, row[::-1]]
    for c in range(side):
        column = tuple(r * side + c for r in range(side))
        out += [column, column[::-1]]
    return out


@functools.cache
def rank_automaton(side: int, digit: int, below: int, strict: bool) -> Automaton:
    """The DFA of :func:`rank_word`: the first value is ``digit``, then blocks of ``2*side-1``
    values (``M[0]``, then ``M[j], L[j]`` for ``j = 1..side-1``); exactly ``below`` blocks
    have ``M[0] == digit`` and ``M < L``; with ``strict`` no block has ``M == L``."""
    block = 2 * side - 1

    def step(state: Any, value: int) -> Any:
        if state == "start":
            return (0, 0, "new", 0) if value == digit else None
        count, position, phase, pending = state
        if position == 0:
            return (count, 1, "eq" if value == digit else "skip", 0)
        if position % 2:  # M[j]: remember it while M and L are equal so far
            return (count, position + 1, phase, value if phase == "eq" else 0)
        if phase == "eq":  # L[j] against the remembered M[j]
            phase = "less" if pending < value else "skip" if pending > value else "eq"
        if position + 1 < block:
            return (count, position + 1, phase, 0)
        if phase == "eq" and strict:
            return None  # the line ties the clued one
        count += phase == "less"
        return (count, 0, "new", 0) if count <= below else None

    built = Automaton.build("start", step, lambda s: s != "start" and s[1] == 0 and s[0] == below, side)
    # a line M starting with another digit stays "skip" through its block: back to the same state
    return dataclasses.replace(built, meaning=Blocks(1, block, 1 << (digit - 1)))


def rank_word(clued: tuple[int, ...], side: int) -> tuple[int, ...]:
    """The cells the automaton of a clue on line ``clued`` reads: its first cell, then for
    each other line ``M`` of :func:`lines`, ``M[0]`` and ``M[j], clued[j]`` for ``j >= 1``."""
    word = [clued[0]]
    for other in lines(side):
        if other != clued:
            word.append(other[0])
            for j in range(1, side):
                word += [other[j], clued[j]]
    return tuple(word)


def differ_lines(side: int) -> list[Constraint]:
    """Tie mode ``"none"``: no two of the ``4*side`` lines are equal, a :class:`Regular` per
    pair of rows and columns, one read forward and the other both ways, over their
    interleaved cells ``A[0], B[0], A[1], B[1], ...`` (equal so far, or differ)."""

    def step(state: Any, value: int) -> Any:
        if state == "differ":
            return state
        if state == "equal":
            return ("pending", value)
        return "equal" if value == state[1] else "differ"

    differ = Automaton.build("equal", step, lambda s: s == "differ", side)
    origin = Origin.custom("full rank: no two lines equal")
    forward = lines(side)[::2]
    return [
        Regular(
            tuple(cell for pair in zip(a, other, strict=True) for cell in pair),
            differ,
            pattern="lines differ",
            origin=origin,
        )
        for i, a in enumerate(forward)
        for b in forward[i + 1 :]
        for other in (b, b[::-1])
    ]


@dataclass(frozen=True)
class FullRank(OutsideRule):
    """Full rank: a clue outside a row or column gives the rank (1 the smallest) of the
    number read from its side among the ``4n`` numbers of every row and column read both
    ways (ISS's ``FullRank``; ``ties`` its ``FullRankTies``, one of :data:`TIES`).

    JSON: ``"full_rank": [{"side": "top", "index": 1, "rank": 26}, ...]`` and optionally
    ``"full_rank_ties": "any"`` (or ``"none"``; ``"only-unclued"`` by default).

    Raises (on :meth:`check`):
        InvalidPuzzleError: a rank outside ``1..4n``, an unknown tie mode.

    Two clues may give one rank: their lines are then equal (each has the same lines
    strictly below), which only ``"any"`` allows, as in ISS.
    """

    keys: ClassVar = ("full_rank", "full_rank_ties")
    value_key: ClassVar = "rank"
    kind: ClassVar = OriginKind.FULL_RANK
    range_error: ClassVar = "its rank {value} is outside {low}..{high}"
    ties: str = "only-unclued"

    def clue_range(self, side):
        return 1, 4 * side

    def check(self, side, box):
        super().check(side, box)
        if self.ties not in TIES:
            raise InvalidPuzzleError(f"full rank ties: {self.ties!r} is not one of {', '.join(TIES)}")

    def check_digits(self, side, box, digits):
        """Ranks compare digits only, so any ``n`` digits do (read over their positions,
        :data:`~sudoku_cp.model.rules.POSITIONAL`); more digits than ``n`` break the four
        lines per digit.

        Raises:
            UnsupportedRuleError: a grid of more digits than its side.
        """
        self.check(side, box)
        if len(digits) != side:
            why = f"full rank needs each row and column to hold all {len(digits)} digits"
            raise UnsupportedRuleError(f"{why}; a {side}x{side} grid holds {side}")

    def clue_constraint(self, cells, value, origin):
        side = len(cells)
        automaton = rank_automaton(side, (value + 3) // 4, (value - 1) % 4, self.ties != "any")
        return Regular(rank_word(cells, side), automaton, pattern=f"full rank {value}", origin=origin)

    def constraints(self, side, box):
        return super().constraints(side, box) + (differ_lines(side) if self.ties == "none" else [])

    def to_json(self):
        out: dict[str, Any] = {"full_rank": [c.json(self.value_key) for c in self.clues]}
        if self.ties != "only-unclued":
            out["full_rank_ties"] = self.ties
        return out

    @classmethod
    def from_json(cls, rules):
        clues = rules.get("full_rank") or []
        if not isinstance(clues, list):
            raise InvalidPuzzleError("rules.full_rank is a list of clues")
        ties = rules.get("full_rank_ties") or "only-unclued"
        if ties not in TIES:
            raise InvalidPuzzleError(f"rules.full_rank_ties is one of {', '.join(TIES)}, not {ties!r}")
        return cls(tuple(clues), ties)


register_rule_type(FullRank)
