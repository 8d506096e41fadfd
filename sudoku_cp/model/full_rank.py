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
import operator
from collections.abc import Callable
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
    return dataclasses.replace(
        built, meaning=RankBlocks(1, block, 1 << (digit - 1), below=below, strict=strict)
    )


_RANK_MEMO_SIZE = 1 << 16
"""The most blocks (and, apart, whole words) one :class:`RankBlocks` remembers before it forgets them all."""


@dataclass(frozen=True)
class RankBlocks(Blocks):
    """A full-rank word (:func:`rank_word`) as :class:`Blocks` that knows its language: the
    blocks are independent but for the count of lines below, so the supports of the word
    read (the head, then the blocks that can open) are worked out block by block, in closed
    form, instead of by the passes over the automaton's layers; the same supports (tested
    against those passes).

    Each block ``M[0], M[1], L[1], ..., M[n-1], L[n-1]`` has two outcomes: *below* (``M[0]``
    is the digit and ``M`` is lexicographically smaller than ``L``: equal pairs up to a
    first pair with ``M[j] < L[j]``, then anything) and *not below* (``M[0]`` another digit,
    or ``M`` greater, or, unless ``strict``, equal); each outcome's supports per position
    are unions over the first differing pair (Frisch et al., "Global constraints for
    lexicographic orderings", CP 2002). With ``must`` blocks only below and ``can`` blocks
    possibly below, the word is accepted iff ``must <= below <= can``, and a block keeps an
    outcome that leaves the count reachable (counting, as for a cardinality constraint).
    Each block's outcomes are remembered by its masks: a supposition changes a few cells
    and the other blocks cost a lookup.

    >>> word = rank_automaton(4, 1, 0, True)  # a clue of rank 1 on 4x4: nothing below
    >>> head, block = [0b0001], [0b0001, 0b0011, 0b0110, 0b1111, 0b1111, 0b1111, 0b1111]
    >>> [bin(m) for m in word.supports(head + block + [0b1110] * 7 * 14)[:8]]
    ['0b1', '0b1', '0b10', '0b10', '0b1111', '0b1111', '0b1111', '0b1111']
    """

    below: int = 0
    strict: bool = True
    _blocks: dict = dataclasses.field(default_factory=dict, compare=False, repr=False)
    _flags: dict = dataclasses.field(default_factory=dict, compare=False, repr=False)
    _words: dict = dataclasses.field(default_factory=dict, compare=False, repr=False)

    def read_supports(self, layers: Any, masks: tuple[int, ...]) -> list[int] | None:
        """The supports of the head and the blocks read (``layers`` unused: closed form)."""
        words = self._words
        found = words.get(masks, False)
        if found is False:
            if len(words) >= _RANK_MEMO_SIZE:
                words.clear()
            found = words[masks] = self._word(masks)
        return None if found is None else list(found)

    def _word(self, masks: tuple[int, ...]) -> tuple[int, ...] | None:
        digit, size, below = self.opening, self.size, self.below
        if not masks[0] & digit:
            return None
        flags, strict = self._flags, self.strict
        read = []  # per block: it, whether it can be below, and whether it can be not below
        must = can = 0
        for start in range(self.head, len(masks), size):
            block = masks[start : start + size]
            found = flags.get(block)
            if found is None:
                if len(flags) >= _RANK_MEMO_SIZE:
                    flags.clear()
                found = flags[block] = _outcomes(block, digit, strict)
            less, other = found
            if less:
                can += 1
                must += not other
            elif not other:
                return None
            read.append((block, less, other))
        if not must <= below <= can:
            return None
        out = list(masks)  # a block whose every value stays is left as it is
        out[0] = digit
        start = self.head
        for block, less, other in read:
            if less and other and must < below < can and block[0] != digit:
                pass  # both outcomes, and another first digit: every value stays
            elif less and (not other or below == can):
                out[start : start + size] = self._block(block)[0]
            elif block[0] != digit:  # not below: another first digit frees every other cell
                if other != _EITHER:
                    out[start] = block[0] & ~digit
            elif not less or below == must:  # not below (every line that can be below is not)
                out[start : start + size] = self._block(block)[1]
            else:
                out[start : start + size] = map(operator.or_, *self._block(block))
            start += size
        return tuple(out)

    def _block(self, block: tuple[int, ...]) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
        """The supports of ``block`` (``M[0]``, then the pairs ``M[j], L[j]``) if ``M`` is below
        ``L``, and if not; ``None`` for an outcome it cannot have. Remembered."""
        found = self._blocks.get(block)
        if found is None:
            if len(self._blocks) >= _RANK_MEMO_SIZE:
                self._blocks.clear()
            found = self._blocks[block] = _compare_block(block, self.opening, self.strict)
        return found


def _compare_block(
    block: tuple[int, ...], digit: int, strict: bool
) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    """:meth:`RankBlocks._block`, worked out: a line below (above) differs first at some pair
    ``j`` the right way, after equal pairs (each keeping the values both its cells may
    share), and every pair after it is free; the union over the pairs ``j`` it can."""
    if 0 in block:
        return None, None
    other = [block[0] & ~digit, *block[1:]] if block[0] & ~digit else None  # another first digit
    if not block[0] & digit:
        return None, None if other is None else tuple(other)
    below = _differ_first(block, digit, _smaller)
    above = _differ_first(block, digit, _greater)
    for outcome in (above, None if strict else _tie(block, digit)):
        if outcome is not None:
            other = outcome if other is None else list(map(operator.or_, other, outcome))
    return below, None if other is None else tuple(other)


_EITHER = 2
""":func:`_outcomes`' "not below" when ``M`` may start with the digit and still not be below."""


def _outcomes(block: tuple[int, ...], digit: int, strict: bool) -> tuple[bool, int]:
    """Whether ``block`` can be below, and whether it can be not below: 0 (no), 1 (only by
    another first digit) or :data:`_EITHER` (also starting with the digit, greater or tied);
    ``(False, 0)`` for an empty mask. The flags of :func:`_compare_block` without its
    supports: a block whose first cell may hold another digit keeps every other value
    whenever it may be not below, so its supports are needed only when it must be below.

    >>> _outcomes((0b01, 0b01, 0b10), 0b01, True)  # M = 1 1 against L[1] = 2: below only
    (True, 0)
    >>> _outcomes((0b11, 0b10, 0b10), 0b01, True)  # M[0] is 2, or M = 1 2 ties L: not below
    (False, 1)
    """
    if 0 in block:
        return False, 0
    first = block[0]
    if not first & digit:
        return False, 1
    less = greater = False
    tie = True
    for position in range(1, len(block), 2):
        other, clued = block[position], block[position + 1]
        if not less and _can_differ(other, clued, True):
            less = True
        if not greater and _can_differ(other, clued, False):
            greater = True
        if not other & clued:  # no equal pair here: no later pair is the first to differ
            tie = False
            break
    if greater or (tie and not strict):
        return less, _EITHER
    return less, int(first != digit)


def _smaller(other: int, clued: int) -> tuple[int, int]:
    """The values of ``other`` below some value of ``clued``, and those of ``clued`` above
    some of ``other`` (the masks of ``M[j]`` and ``L[j]``)."""
    return other & ((1 << (clued.bit_length() - 1)) - 1), clued & ~(((other & -other) << 1) - 1)


def _can_differ(other: int, clued: int, smaller: bool) -> bool:
    """Whether :func:`_smaller` (``smaller``) or :func:`_greater` keeps some value of
    ``other`` (both masks not empty): its lowest value is below ``clued``'s highest, or its
    highest above ``clued``'s lowest; two bit operations, no masks built.

    >>> _can_differ(0b0110, 0b0011, True), _can_differ(0b0110, 0b0011, False)
    (False, True)
    """
    if smaller:
        return (other & -other).bit_length() < clued.bit_length()
    return other.bit_length() > (clued & -clued).bit_length()


def _greater(other: int, clued: int) -> tuple[int, int]:
    """:func:`_smaller` the other way round."""
    clued_side, other_side = _smaller(clued, other)
    return other_side, clued_side


def _differ_first(
    block: tuple[int, ...], digit: int, way: Callable[[int, int], tuple[int, int]]
) -> list[int] | None:
    """The supports of ``block`` whose line ``M`` starts with ``digit`` and differs from
    ``L`` first at a pair where ``way`` holds; ``None`` if it cannot. One pass: the first
    pair ``j0`` that can differ so after equal pairs keeps its values that do (and those
    both cells share if a later pair can differ first), the pairs before keep their shared
    values, and every value after ``j0`` is kept."""
    size = len(block)
    smaller = way is _smaller
    for position in range(1, size, 2):
        other, clued = block[position], block[position + 1]
        shared = other & clued
        if _can_differ(other, clued, smaller):
            first, second = way(other, clued)
            out = [digit]
            for before in range(1, position, 2):  # the equal pairs before it
                same = block[before] & block[before + 1]
                out += (same, same)
            if shared and _differs_later(block, position + 2, way):
                first, second = first | shared, second | shared
            out += (first, second)
            out += block[position + 2 :]
            return out
        if not shared:  # no equal pair here: no later pair is the first to differ
            return None
    return None


def _differs_later(block: tuple[int, ...], start: int, way: Callable[[int, int], tuple[int, int]]) -> bool:
    """Some pair from ``start`` on can differ by ``way`` after equal pairs."""
    smaller = way is _smaller
    for position in range(start, len(block), 2):
        other, clued = block[position], block[position + 1]
        if _can_differ(other, clued, smaller):
            return True
        if not other & clued:
            return False
    return False


def _tie(block: tuple[int, ...], digit: int) -> list[int] | None:
    """The supports of ``block`` whose line ``M`` equals ``L`` (starting with ``digit``)."""
    shared = [block[p] & block[p + 1] for p in range(1, len(block), 2)]
    if not all(shared):
        return None
    return [digit, *(values for values in shared for _ in (0, 1))]


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
