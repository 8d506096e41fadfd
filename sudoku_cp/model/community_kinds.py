"""The variant community's remaining named kinds (issue 31): X-sums, lunchboxes, counting
circles, rellik cages, double arrows, lockout lines, global entropy and global mod 3,
hidden skyscrapers, look-and-say cages, equality cages, count-distinct and same-values
groups, sum lines and equal sums (pill arrows of three cells are :class:`~sudoku_cp.model.rules.Arrow`s).

Each is a :class:`~sudoku_cp.model.rules.Rule` with its JSON key, registered into
:data:`sudoku_cp.model.rules.RULE_TYPES` when :mod:`sudoku_cp.model.community_rules` is
imported, and compiled to the general primitives (``Regular`` lines of an
:class:`~sudoku_cp.model.constraints.Automaton` built from the definition, ``Count``,
``Table``, ``Relation``, ``Linear``, ``AllDifferent``, ``ValueIn``): no backend needs a new
compiler. The definitions are those of sigh's Interactive Sudoku Solver (ISS, help page
and ``js/sudoku_constraint.js``; MIT), read to learn, the code written here:

======================  ==========================================================  =======================
rule (JSON key)         what it says                                                compiled to
======================  ==========================================================  =======================
``x_sums``              the first ``X`` digits from the clue add up to it, ``X``    ``Regular``
                        being the first digit
``lunchboxes``          different digits; those between the smallest and the        ``AllDifferent``,
                        largest (in cell order) add up to the sum                   ``Regular``
``counting_circles``    a circled digit ``d``: exactly ``d`` circles of its set     ``ValueIn``, a
                        hold ``d``                                                  ``Regular`` per digit
``rellik_cages``        different digits, and no set of one or more of them adds    ``AllDifferent``,
                        up to the total                                             ``Regular``
``double_arrows``       the two ends (circles) add up to the cells between          ``Linear``
``lockout_lines``       the ends differ by at least ``difference``; no cell         ``Relation``, a
                        between holds a digit from the smaller end to the larger    ``Table`` per cell
``global_entropy``      every 2x2 square holds a low, a middle and a high digit      a ``Table`` per square
``global_modular``      every 2x2 square holds a digit of each remainder mod 3      a ``Table`` per square
``hidden_skyscrapers``  the first skyscraper hidden from the clue is its digit       ``Regular``
``look_and_say``        clue ``23``: exactly two 3s; ``1203``: one 2, no 3           ``Count``, ``ValueIn``
``equality_cages``      different digits; as many even as odd and as many low as    ``AllDifferent``,
                        high (no middle digit on an odd side)                       ``ValueIn``, ``Regular``
``count_distinct``      the control cell holds how many different digits the        ``Regular``
                        others hold
``same_values``         sets of cells hold the same digits (with repeats)           a ``Regular`` per digit
``sum_lines``           the line (or loop) cuts into segments each adding up to     ``Regular``
                        the sum
``equal_sums``          segments of cells all add up to the same total              ``Linear`` per two
======================  ==========================================================  =======================

>>> from sudoku_cp.model.puzzle import Puzzle
>>> record = {"grid": "." * 16, "box": [2, 2], "rules": {"x_sums": [{"side": "left", "index": 0, "sum": 6}]}}
>>> [type(c).__name__ for c in Puzzle.from_dict(record).rules[0].constraints(4, (2, 2))]
['Regular']
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.model.clues import CELL, CELLS, VALUE, Clue, ClueRule
from sudoku_cp.model.clues import json_cells as _json_cells
from sudoku_cp.model.clues import json_list as _list
from sudoku_cp.model.constraints import (
    AllDifferent,
    Automaton,
    Constraint,
    Count,
    DistinctCount,
    Linear,
    Origin,
    OriginKind,
    Regular,
    Relation,
    Table,
    Union,
    ValueIn,
)
from sudoku_cp.model.constraints import Sandwich as SandwichClue
from sudoku_cp.model.rules import (
    Cell,
    FlagRule,
    OutsideRule,
    Rule,
    _cell_list,
    _cells,
    _groups,
    _index,
    _int,
    _line,
    digits_of,
)


def _group_sets(values: Iterable[Iterable[Iterable[object]]]) -> tuple[tuple[tuple[Cell, ...], ...], ...]:
    return tuple(_groups(sets) for sets in values)


def _indices(cells: tuple[Cell, ...], side: int) -> tuple[int, ...]:
    return tuple(_index(c, side) for c in cells)


# -- automata: each kind's definition read digit by digit ------------------------------------


@functools.cache
def x_sum_automaton(total: int, side: int) -> Automaton:
    """The first digit ``x``, then the sum of the first ``x`` digits equals ``total``;
    states: ``("in", still to read, sum so far)``, then ``"done"``."""

    def step(state: Any, value: int) -> Any:
        if state == "done":
            return "done"
        if state == "start":
            state = ("in", value, 0)
        _, left, so_far = state
        so_far += value
        left -= 1
        if left == 0:
            return "done" if so_far == total else None
        return ("in", left, so_far) if so_far + left <= total else None

    return Automaton.build("start", step, lambda s: s == "done", side)


@functools.cache
def lunchbox_automaton(total: int, side: int) -> Automaton:
    """The digits strictly between the smallest and the largest digit (in cell order) add up
    to ``total`` (different digits; a repeat is read as a middle digit). States: the
    smallest and the largest so far, which of them came later, the sum between them and
    the sum after the later one (sums capped at ``total + 1``); once 1 and ``side`` are
    both read, only the sum between them is kept."""
    cap = total + 1

    def state_of(low: int, high: int, max_later: bool, between: int, after: int) -> Any:
        if low == 1 and high == side:
            return ("fixed", min(between, cap))
        return (low, high, max_later, min(between, cap), min(after, cap))

    def step(state: Any, value: int) -> Any:
        if state == "start":
            return ("one", value)
        if state[0] == "fixed":
            return state
        if state[0] == "one":
            if value == state[1]:
                return None
            return state_of(min(state[1], value), max(state[1], value), value > state[1], 0, 0)
        low, high, max_later, between, after = state
        if value < low:  # a new smallest: the sum between is what follows the largest
            return state_of(value, high, False, after if max_later else between + low + after, 0)
        if value > high:
            return state_of(low, value, True, between + high + after if max_later else after, 0)
        return state_of(low, high, max_later, between, after + value)

    def accepting(state: Any) -> bool:
        return state[1] == total if state[0] == "fixed" else isinstance(state[0], int) and state[3] == total

    return Automaton.build("start", step, accepting, side)


LUNCHBOX_TABLE_ROWS = 400_000
"""A lunchbox of ``k`` cells is a ``Table`` of its words when its ``side!/(side-k)!``
tuples of different digits are at most this many to enumerate (every lunchbox on 9x9:
well under a second, and the words kept are a few thousand at most); the automaton,
whose states (the extremes and two running sums) run to tens of thousands, is the
fallback on larger grids."""


@functools.cache
def _lunchbox_table(total: int, side: int, length: int) -> frozenset[tuple[int, ...]]:
    rows = set()
    for digits in itertools.permutations(range(1, side + 1), length):
        i, j = sorted((digits.index(min(digits)), digits.index(max(digits))))
        if sum(digits[i + 1 : j]) == total:
            rows.add(digits)
    return frozenset(rows)


@functools.cache
def rellik_automaton(total: int, side: int) -> Automaton:
    """Different digits, no non-empty subset adds up to ``total``; the state is the set of
    digits read so far (a bitmask)."""

    def sums(mask: int) -> set[int]:
        out = {0}
        for digit in range(1, side + 1):
            if mask >> (digit - 1) & 1:
                out |= {s + digit for s in out}
        return out

    def step(mask: int, value: int) -> int | None:
        if mask >> (value - 1) & 1 or total - value in sums(mask):
            return None
        return mask | 1 << (value - 1)

    return Automaton.build(0, step, lambda s: True, side)


@functools.cache
def hidden_skyscraper_automaton(first_hidden: int, side: int) -> Automaton:
    """Seen from the clue, the first skyscraper hidden (not taller than every one before
    it) is ``first_hidden``; states: the tallest so far, then ``"done"``."""

    def step(state: Any, value: int) -> Any:
        if state == "done":
            return "done"
        if value > state:
            return value
        return "done" if value == first_hidden else None

    return Automaton.build(0, step, lambda s: s == "done", side)


@functools.cache
def zero_or_own_count_automaton(digit: int, side: int, value: int | None = None) -> Automaton:
    """``digit`` occurs 0 or exactly ``digit`` times (counting circles); ``value``: the value
    that stands for it (its position on a grid of other digits), by default itself."""
    value = digit if value is None else value
    return Automaton.build(
        0, lambda seen, v: min(seen + (v == value), digit + 1), lambda seen: seen in (0, digit), side
    )


@functools.cache
def balance_automaton(side: int) -> Automaton:
    """As many even as odd digits and as many low as high ones (the lower and upper half of
    ``1..side``; the middle digit of an odd side counts as neither)."""
    half = side // 2

    def step(state: tuple[int, int], value: int) -> tuple[int, int]:
        parity, height = state
        parity += 1 if value % 2 == 0 else -1
        height += 1 if value <= half else -1 if value > side - half else 0
        return (parity, height)

    def bounded(state: tuple[int, int], value: int) -> tuple[int, int] | None:
        following = step(state, value)
        return following if max(map(abs, following)) <= side else None

    return Automaton.build((0, 0), bounded, lambda s: s == (0, 0), side)


@functools.cache
def count_distinct_automaton(others: int, side: int) -> Automaton:
    """``others`` digits, then the control digit: the number of different digits among them;
    states: (position, digits seen as a bitmask), then ``"done"``."""

    def step(state: Any, value: int) -> Any:
        if state == "done":
            return None
        position, mask = state
        if position == others:
            return "done" if value == bin(mask).count("1") else None
        return (position + 1, mask | 1 << (value - 1))

    built = Automaton.build((0, 0), step, lambda s: s == "done", side)
    return dataclasses.replace(built, meaning=DistinctCount())  # supports in closed form


@functools.cache
def same_count_automaton(digit: int, size: int, side: int) -> Automaton:
    """Two sets of ``size`` cells, one after the other, hold ``digit`` equally often;
    states: (position, count in the first set minus count so far in the second)."""

    def step(state: tuple[int, int], value: int) -> tuple[int, int] | None:
        position, balance = state
        if position == 2 * size:
            return None
        balance += (value == digit) * (1 if position < size else -1)
        return (position + 1, balance)

    return Automaton.build((0, 0), step, lambda s: s == (2 * size, 0), side)


@functools.cache
def sum_line_automaton(total: int, side: int, loop: bool) -> Automaton:
    """The line cut into segments that each add up to ``total``; states: the sum of the open
    segment. On a loop the segment open at the start goes on round the end: a state is the
    set of pairs (sum carried in at the start, sum so far), and the loop closes where the
    two meet; its :attr:`Automaton.meaning` is the same language as a :class:`Union` of one
    automaton per sum carried in (10,230 states for a sum of 10, a part ten).

    >>> loop = sum_line_automaton(10, 9, True)  # 7 + 3 round the end, 1 + 9, 6 + 4
    >>> loop.accepts([7, 1, 9, 6, 4, 3]), loop.accepts([7, 2, 9, 6, 4, 3])
    (True, False)
    >>> [loop.meaning.parts[carried].accepts([7, 1, 9, 6, 4, 3]) for carried in (0, 3, 6)]
    [False, True, False]
    """

    def step(so_far: int, value: int) -> int | None:
        return None if so_far + value > total else (so_far + value) % total

    if not loop:
        return Automaton.build(0, step, lambda s: s == 0, side)

    def step_loop(pairs: frozenset, value: int) -> frozenset | None:
        out = frozenset(
            (carried, (so_far + value) % total) for carried, so_far in pairs if so_far + value <= total
        )
        return out or None

    start = frozenset((carried, carried) for carried in range(total))
    whole = Automaton.build(start, step_loop, lambda pairs: any(a == b for a, b in pairs), side)
    parts = tuple(
        Automaton.build(carried, step, lambda s, carried=carried: s == carried, side)
        for carried in range(total)
    )
    return dataclasses.replace(whole, meaning=Union(parts))


def _regular(cells: tuple[int, ...], automaton: Automaton, pattern: str, origin: Origin) -> Regular:
    return Regular(cells, automaton, pattern=pattern, origin=origin)


# -- outside clues ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _AutomatonClues(OutsideRule):
    """Outside clues, each a ``Regular`` line read from the clue (:meth:`automaton`)."""

    def automaton(self, clue: int, side: int) -> Automaton:
        raise NotImplementedError

    def clue_constraint(self, cells, value, origin):
        automaton = self.automaton(value, len(cells))
        return _regular(cells, automaton, f"{self.kind.value} {value}", origin)


@dataclass(frozen=True)
class XSum(_AutomatonClues):
    """X-sums: a clue outside a row or column is the sum of its first ``X`` digits from the
    clue, ``X`` being the first of them (a clue of 1: the first digit is 1). One ``Regular``
    line per clue (states: the count still to read and the sum so far).

    JSON: ``"x_sums": [{"side": "left", "index": 0, "sum": 15}, ...]``.
    """

    keys: ClassVar = ("x_sums",)
    value_key: ClassVar = "sum"
    kind: ClassVar = OriginKind.X_SUM

    def clue_range(self, side):
        return 1, side * (side + 1) // 2

    def automaton(self, clue, side):
        return x_sum_automaton(clue, side)


@dataclass(frozen=True)
class HiddenSkyscraper(_AutomatonClues):
    """Hidden skyscrapers: each digit is a skyscraper of its height; a clue outside a row or
    column is the first skyscraper hidden from there (lower than one before it). One
    ``Regular`` line per clue.

    JSON: ``"hidden_skyscrapers": [{"side": "top", "index": 2, "value": 4}, ...]``.
    """

    keys: ClassVar = ("hidden_skyscrapers",)
    value_key: ClassVar = "value"
    kind: ClassVar = OriginKind.HIDDEN_SKYSCRAPER

    def clue_range(self, side):
        digits = digits_of(side)  # n is never hidden, but a setter may state it (an alternative that fails)
        return digits[0], digits[-1]

    def automaton(self, clue, side):
        return hidden_skyscraper_automaton(clue, side)

    def clue_constraint(self, cells, value, origin):
        digits = digits_of(len(cells))
        if digits == tuple(range(1, len(cells) + 1)):
            return super().clue_constraint(cells, value, origin)
        if value not in digits:
            raise InvalidPuzzleError(f"{self.kind.value} {origin.number}: its clue {value} is not a digit")
        # heights compare only: over the digits' positions (rules.POSITIONAL); a 0 is the lowest
        automaton = hidden_skyscraper_automaton(digits.index(value) + 1, len(digits))
        return _regular(cells, automaton, f"{self.kind.value} {value}", origin)


# -- cages -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SumCage(Clue):
    """A cage of the kinds with a number: its cells and its ``total``."""

    cells: tuple[Cell, ...]
    total: int
    json: ClassVar = (("cells", CELLS), ("sum", VALUE))


@dataclass(frozen=True)
class _SumCages(ClueRule):
    cages: tuple[SumCage, ...]
    record: ClassVar = SumCage
    kind: ClassVar[OriginKind]
    lowest: ClassVar[int] = 0

    def check(self, side, box):
        for number, cage in enumerate(self.cages, 1):
            where = f"{self.kind.value} {number}"
            cells = _cell_list(cage.cells, side, where, 2)
            if len(cells) > side:
                raise InvalidPuzzleError(
                    f"{where} has {len(cells)} cells; different digits fill at most {side}"
                )
            total = _int(cage.total, where, "sum")
            if not self.lowest <= total <= side * (side + 1) // 2:
                raise InvalidPuzzleError(
                    f"{where}: its sum {total} is outside {self.lowest}..{side * (side + 1) // 2}"
                )


@dataclass(frozen=True)
class Lunchbox(_SumCages):
    """Lunchboxes: the digits of a lunchbox (its cells in order, a row or column read left to
    right or top to bottom, or any cage) differ, and those strictly between its smallest
    and its largest digit add up to its sum (0: they are adjacent). A row's lunchbox is a
    sandwich between 1 and ``n`` (compiled as the ``Sandwich`` kind); others are an
    ``AllDifferent`` and a ``Table`` of their words (every lunchbox on 9x9), or a
    ``Regular`` line (long ones on larger grids).

    JSON: ``"lunchboxes": [{"cells": [[r, c], ...], "sum": 12}, ...]``.
    """

    keys: ClassVar = ("lunchboxes",)
    kind: ClassVar = OriginKind.LUNCHBOX

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, cage in enumerate(self.cages, 1):
            origin = Origin(self.kind, number, cage.cells, cage.total)
            cells = _indices(cage.cells, side)
            out.append(AllDifferent(cells, origin=origin))
            if len(cells) == side:  # a whole row's smallest and largest digits are 1 and n
                out.append(SandwichClue(cells, cage.total, origin=origin))
            elif math.perm(side, len(cells)) <= LUNCHBOX_TABLE_ROWS:  # its words, few enough
                rows = _lunchbox_table(cage.total, side, len(cells))
                out.append(
                    Table(cells, rows, origin=origin, meaning=f"hold {cage.total} between the extremes")
                )
            else:
                automaton = lunchbox_automaton(cage.total, side)
                out.append(_regular(cells, automaton, f"lunchbox {cage.total}", origin))
        return out


@dataclass(frozen=True)
class RellikCage(_SumCages):
    """Rellik cages ("killer" backwards): the digits of a cage differ, and no set of one or
    more of them adds up to its total (a single digit equal to it included, as ISS says).
    An ``AllDifferent`` and a ``Regular`` line whose state is the set of digits so far.

    JSON: ``"rellik_cages": [{"cells": [[r, c], ...], "sum": 10}, ...]``.
    """

    keys: ClassVar = ("rellik_cages",)
    kind: ClassVar = OriginKind.RELLIK_CAGE
    lowest: ClassVar = 1

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, cage in enumerate(self.cages, 1):
            origin = Origin(self.kind, number, cage.cells, cage.total)
            cells = _indices(cage.cells, side)
            out.append(AllDifferent(cells, origin=origin))
            out.append(
                _regular(cells, rellik_automaton(cage.total, side), f"no subset sums to {cage.total}", origin)
            )
        return out


@dataclass(frozen=True)
class _CellGroups(Rule):
    """A rule of groups of cells in any places (each a list of ``[row, column]``)."""

    groups: tuple[tuple[Cell, ...], ...]
    kind: ClassVar[OriginKind]
    minimum: ClassVar[int] = 1
    forms: ClassVar = {"groups": _groups}

    def check(self, side, box):
        for number, group in enumerate(self.groups, 1):
            _cell_list(group, side, f"{self.kind.value} {number}", self.minimum)

    def to_json(self):
        return {self.keys[0]: [_json_cells(g) for g in self.groups]}

    @classmethod
    def from_json(cls, rules):
        out = []
        for number, group in enumerate(_list(rules, cls.keys[0])):
            if not isinstance(group, list) or not all(isinstance(c, list) and len(c) == 2 for c in group):
                raise InvalidPuzzleError(f"rules.{cls.keys[0]}[{number}] is a list of [row, column] cells")
            out.append(_cells(group))
        return cls(tuple(out))


@dataclass(frozen=True)
class CountingCircles(_CellGroups):
    """Counting circles: a circled digit ``d`` says how many circles of its set hold ``d``
    (each set counts on its own). So a circle holds at most the number of circles of its
    set (a ``ValueIn``) and each digit ``d`` is in 0 or ``d`` of them (a ``Regular`` count
    per digit).

    JSON: ``"counting_circles": [[[r, c], ...], ...]`` (one list per set).
    """

    keys: ClassVar = ("counting_circles",)
    kind: ClassVar = OriginKind.COUNTING_CIRCLES

    def constraints(self, side, box):
        # over the positions of the puzzle's digits (rules.POSITIONAL; 1..n on most grids): a
        # digit d is in 0 or d circles, so a 0 or a digit past the circles' count is in none
        digits = digits_of(side)
        out: list[Constraint] = []
        for number, group in enumerate(self.groups, 1):
            origin = Origin(self.kind, number, group)
            cells = _indices(group, side)
            fits = [(p, d) for p, d in enumerate(digits, 1) if 1 <= d <= len(cells)]
            if len(fits) < len(digits):
                out.extend(ValueIn(c, frozenset(p for p, _ in fits), origin=origin) for c in cells)
            for position, digit in fits:
                automaton = zero_or_own_count_automaton(digit, len(digits), position)
                out.append(_regular(cells, automaton, f"0 or {digit} x {digit}", origin))
        return out


@dataclass(frozen=True)
class EqualityCage(_CellGroups):
    """Equality cages: the digits of a cage differ, as many of them are even as odd, and as
    many low (the lower half of ``1..n``) as high; on an odd side the middle digit is in
    none. An ``AllDifferent``, a ``ValueIn`` (no middle digit) and a ``Regular`` balance.

    JSON: ``"equality_cages": [[[r, c], ...], ...]``.
    """

    keys: ClassVar = ("equality_cages",)
    kind: ClassVar = OriginKind.EQUALITY_CAGE
    minimum: ClassVar = 2

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, group in enumerate(self.groups, 1):
            origin = Origin(self.kind, number, group)
            cells = _indices(group, side)
            out.append(AllDifferent(cells, origin=origin))
            if side % 2:
                values = frozenset(range(1, side + 1)) - {(side + 1) // 2}
                out.extend(ValueIn(c, values, origin=origin) for c in cells)
            out.append(_regular(cells, balance_automaton(side), "as many even as odd, low as high", origin))
        return out


@dataclass(frozen=True)
class DoubleArrow(_CellGroups):
    """Double arrows: a line with a circle at each end; the two circled digits add up to the
    digits between them (a ``Linear`` equality ``first + last - Σ between = 0``).

    JSON: ``"double_arrows": [[[r, c], ...], ...]`` (a line of at least 3 cells).
    """

    keys: ClassVar = ("double_arrows",)
    kind: ClassVar = OriginKind.DOUBLE_ARROW
    minimum: ClassVar = 3

    def check(self, side, box):
        for number, group in enumerate(self.groups, 1):
            _line(group, side, f"{self.kind.value} {number}", self.minimum)

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, group in enumerate(self.groups, 1):
            weights = (1,) + (-1,) * (len(group) - 2) + (1,)
            origin = Origin(self.kind, number, group)
            out.append(Linear(_indices(group, side), weights, "==", 0, origin=origin))
        return out


# -- lockout lines ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LockoutLine(Clue):
    """One lockout line (its ends are the diamonds) and the least difference of its ends."""

    line: tuple[Cell, ...]
    difference: int
    json: ClassVar = (("line", CELLS), ("difference", VALUE))


@functools.cache
def _lockout_table(side: int) -> frozenset[tuple[int, int, int]]:
    values = range(1, side + 1)
    return frozenset(
        (a, m, b) for a in values for m in values for b in values if m < min(a, b) or m > max(a, b)
    )


@dataclass(frozen=True)
class Lockout(ClueRule):
    """Lockout lines: the digits in the two diamonds (the line's ends) differ by at least its
    ``difference`` (4 by default in ISS), and no digit on the line between them is from
    the smaller end to the larger (ends included). A ``Relation`` between the ends and a
    ternary ``Table`` (end, cell, end) per cell between.

    JSON: ``"lockout_lines": [{"line": [[r, c], ...], "difference": 4}, ...]``.
    """

    lines: tuple[LockoutLine, ...]
    keys: ClassVar = ("lockout_lines",)
    record: ClassVar = LockoutLine

    def check(self, side, box):
        for number, lockout in enumerate(self.lines, 1):
            where = f"lockout line {number}"
            _line(lockout.line, side, where, 3)
            d = lockout.difference
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= side - 1:
                raise InvalidPuzzleError(f"{where}: its difference {d!r} is not an int of 1 to {side - 1}")

    def constraints(self, side, box):
        out: list[Constraint] = []
        values = range(1, side + 1)
        for number, lockout in enumerate(self.lines, 1):
            origin = Origin(OriginKind.LOCKOUT_LINE, number, lockout.line, total=lockout.difference)
            first, *middle, last = _indices(lockout.line, side)
            apart = frozenset((a, b) for a in values for b in values if abs(a - b) >= lockout.difference)
            out.append(
                Relation(
                    first, last, apart, origin=origin, meaning=f"differ by at least {lockout.difference}"
                )
            )
            out.extend(
                Table(
                    (first, cell, last), _lockout_table(side), origin=origin, meaning="stay outside the ends"
                )
                for cell in middle
            )
        return out


# -- global 2x2 rules ------------------------------------------------------------------------


@functools.cache
def _three_classes_table(side: int, by: str) -> frozenset[tuple[int, ...]]:
    third = side // 3
    group = (lambda v: (v - 1) // third) if by == "thirds" else (lambda v: v % 3)
    return frozenset(
        digits
        for digits in itertools.product(range(1, side + 1), repeat=4)
        if len({group(v) for v in digits}) == 3
    )


@dataclass(frozen=True)
class _Global2x2(FlagRule):
    kind: ClassVar[OriginKind]
    by: ClassVar[str]
    meaning: ClassVar[str]

    def check(self, side, box):
        if side % 3:
            raise InvalidPuzzleError(
                f"{self.kind.value} needs a side divisible by 3 (three classes), not {side}"
            )

    def constraints(self, side, box):
        table = _three_classes_table(side, self.by)
        out: list[Constraint] = []
        for r in range(side - 1):
            for c in range(side - 1):
                square = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
                origin = Origin(self.kind, r * (side - 1) + c + 1, square)
                out.append(Table(_indices(square, side), table, origin=origin, meaning=self.meaning))
        return out


@dataclass(frozen=True)
class GlobalEntropy(_Global2x2):
    """Global entropy: every 2x2 square of the grid holds a low (1-3), a middle (4-6) and a
    high (7-9) digit; on other sides divisible by 3, a digit of each third. A ``Table``
    per square.

    JSON: ``"global_entropy": true``.
    """

    keys: ClassVar = ("global_entropy",)
    kind: ClassVar = OriginKind.GLOBAL_ENTROPY
    by: ClassVar = "thirds"
    meaning: ClassVar = "hold a low, a middle and a high digit"


@dataclass(frozen=True)
class GlobalModular(_Global2x2):
    """Global mod 3: every 2x2 square of the grid holds a digit of each remainder mod 3 (one
    of 1, 4, 7, one of 2, 5, 8, one of 3, 6, 9). A ``Table`` per square.

    JSON: ``"global_modular": true``.
    """

    keys: ClassVar = ("global_modular",)
    kind: ClassVar = OriginKind.GLOBAL_MODULAR
    by: ClassVar = "residues"
    meaning: ClassVar = "hold a digit of each remainder mod 3"


# -- look-and-say, count-distinct, same values ------------------------------------------------


@dataclass(frozen=True)
class LookAndSayCage(Clue):
    """Cells and a look-and-say clue: (count, digit) pairs of decimal digits (``"1223"``)."""

    cells: tuple[Cell, ...]
    clue: str
    json: ClassVar = (("cells", CELLS), ("clue", VALUE))

    def pairs(self) -> list[tuple[int, int]]:
        return [(int(self.clue[i]), int(self.clue[i + 1])) for i in range(0, len(self.clue), 2)]


@dataclass(frozen=True)
class LookAndSay(ClueRule):
    """Look-and-say cages: the clue is read as (count, digit) pairs: ``23`` says the cells hold
    exactly two 3s, ``1223`` one 2 and two 3s, ``03`` no 3; digits the clue does not name
    are free (and may repeat unless a unit forbids it). A ``Count`` per pair, a
    ``ValueIn`` for a count of 0.

    JSON: ``"look_and_say": [{"cells": [[r, c], ...], "clue": "1223"}, ...]``.
    """

    cages: tuple[LookAndSayCage, ...]
    keys: ClassVar = ("look_and_say",)
    record: ClassVar = LookAndSayCage

    def check(self, side, box):
        for number, cage in enumerate(self.cages, 1):
            where = f"look-and-say cage {number}"
            cells = _cell_list(cage.cells, side, where)
            clue = cage.clue
            if (
                not isinstance(clue, str)
                or not clue
                or len(clue) % 2
                or not clue.isdigit()
                or not clue.isascii()
            ):
                raise InvalidPuzzleError(f"{where}: its clue {clue!r} is not (count, digit) pairs of digits")
            named = [d for _, d in cage.pairs()]
            if len(set(named)) != len(named):
                raise InvalidPuzzleError(f"{where}: its clue {clue} names a digit twice")
            digits = digits_of(side)
            for count, digit in cage.pairs():
                if digit not in digits or count > len(cells):
                    raise InvalidPuzzleError(
                        f"{where}: {count} x {digit} does not fit {len(cells)} cells of digits "
                        f"{digits[0]}..{digits[-1]}"
                    )

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, cage in enumerate(self.cages, 1):
            origin = Origin(OriginKind.LOOK_AND_SAY, number, cage.cells, text=cage.clue)
            cells = _indices(cage.cells, side)
            absent = {d for count, d in cage.pairs() if count == 0}
            if absent:  # the puzzle's digits (rules.DIGIT_AWARE: mapped to positions)
                values = frozenset(digits_of(side)) - absent
                out.extend(ValueIn(c, values, origin=origin) for c in cells)
            out.extend(Count(cells, d, count, "==", origin=origin) for count, d in cage.pairs() if count)
        return out


@dataclass(frozen=True)
class CountDistinctClue(Clue):
    """A control cell and the cells whose different digits it counts."""

    control: Cell
    cells: tuple[Cell, ...]
    json: ClassVar = (("control", CELL), ("cells", CELLS))


@dataclass(frozen=True)
class CountDistinct(ClueRule):
    """Count-distinct: the control cell holds how many different digits its cells hold. One
    ``Regular`` line over the cells then the control cell (states: the digits seen).

    JSON: ``"count_distinct": [{"control": [r, c], "cells": [[r, c], ...]}, ...]``.
    """

    clues: tuple[CountDistinctClue, ...]
    keys: ClassVar = ("count_distinct",)
    record: ClassVar = CountDistinctClue

    def check(self, side, box):
        for number, clue in enumerate(self.clues, 1):
            where = f"count-distinct {number}"
            _cell_list((clue.control, *clue.cells), side, where, 2)
            if len(clue.cells) > 12:
                raise InvalidPuzzleError(f"{where} counts {len(clue.cells)} cells; it takes at most 12")

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, clue in enumerate(self.clues, 1):
            origin = Origin(OriginKind.COUNT_DISTINCT, number, (clue.control, *clue.cells))
            cells = _indices((*clue.cells, clue.control), side)
            automaton = count_distinct_automaton(len(clue.cells), side)
            out.append(_regular(cells, automaton, "the last counts the different digits before it", origin))
        return out


@dataclass(frozen=True)
class SameValues(Rule):
    """Same values: two or more sets of as many cells hold the same digits, with the same
    repeats (one multiset). Per digit and per two consecutive sets, a ``Regular`` line
    over both "as many of this digit in each".

    JSON: ``"same_values": [[[[r, c], ...], [[r, c], ...]], ...]`` (a list of sets each).
    """

    groups: tuple[tuple[tuple[Cell, ...], ...], ...]
    keys: ClassVar = ("same_values",)
    forms: ClassVar = {"groups": _group_sets}

    def check(self, side, box):
        for number, sets in enumerate(self.groups, 1):
            where = f"same-values {number}"
            if len(sets) < 2:
                raise InvalidPuzzleError(f"{where} has {len(sets)} set; it compares 2 or more")
            _cell_list([c for s in sets for c in s], side, where, 2)
            sizes = {len(s) for s in sets}
            if len(sizes) != 1:
                raise InvalidPuzzleError(f"{where}: its sets have {sorted(sizes)} cells; they have one size")

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, sets in enumerate(self.groups, 1):
            origin = Origin(OriginKind.SAME_VALUES, number, tuple(c for s in sets for c in s))
            size = len(sets[0])
            values = len(digits_of(side))  # over the positions of a grid of other digits (POSITIONAL)
            for one, other in itertools.pairwise(sets):
                cells = _indices(one + other, side)
                for digit in range(1, values + 1):
                    automaton = same_count_automaton(digit, size, values)
                    out.append(_regular(cells, automaton, f"as many {digit}s in each set", origin))
        return out

    def to_json(self):
        return {"same_values": [[_json_cells(s) for s in sets] for sets in self.groups]}

    @classmethod
    def from_json(cls, rules):
        out = []
        for number, sets in enumerate(_list(rules, "same_values")):
            if not isinstance(sets, list) or not all(
                isinstance(s, list) and all(isinstance(c, list) and len(c) == 2 for c in s) for s in sets
            ):
                raise InvalidPuzzleError(
                    f"rules.same_values[{number}] is a list of sets of [row, column] cells"
                )
            out.append(tuple(_cells(s) for s in sets))
        return cls(tuple(out))


@dataclass(frozen=True)
class SumLineClue(Clue):
    """One sum line and the total of each of its segments."""

    line: tuple[Cell, ...]
    total: int
    json: ClassVar = (("line", CELLS), ("sum", VALUE))

    @property
    def loop(self) -> bool:
        return len(self.line) > 3 and self.line[0] == self.line[-1]


@dataclass(frozen=True)
class SumLines(ClueRule):
    """Sum lines: the line can be cut into segments of consecutive cells that each add up
    to its sum (a loop, whose last cell repeats its first, is cut round). One ``Regular``
    line (states: the sum of the open segment).

    JSON: ``"sum_lines": [{"line": [[r, c], ...], "sum": 10}, ...]``.
    """

    lines: tuple[SumLineClue, ...]
    keys: ClassVar = ("sum_lines",)
    record: ClassVar = SumLineClue

    def check(self, side, box):
        for number, clue in enumerate(self.lines, 1):
            where = f"sum line {number}"
            if clue.loop:
                _line(clue.line[:-1], side, where, 3)
                _line(clue.line[-2:], side, where)
            else:
                _line(clue.line, side, where, 1)
            total = _int(clue.total, where, "sum")
            if not 1 <= total <= 30:
                raise InvalidPuzzleError(f"{where}: its sum {total} is outside 1..30")

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, clue in enumerate(self.lines, 1):
            line = clue.line[:-1] if clue.loop else clue.line
            origin = Origin(OriginKind.SUM_LINE, number, clue.line, total=clue.total)
            automaton = sum_line_automaton(clue.total, side, clue.loop)
            kind = "loop" if clue.loop else "line"
            out.append(
                _regular(_indices(line, side), automaton, f"{kind} of segments of {clue.total}", origin)
            )
        return out


@dataclass(frozen=True)
class EqualSums(Rule):
    """Equal sums: groups of cells (segments, any shapes and sizes, which may share cells)
    all add up to the same total; a ``Linear`` equality between each two consecutive
    segments (a cell in both has coefficient 0).

    JSON: ``"equal_sums": [[[[r, c], ...], [[r, c], ...], ...], ...]`` (a list of segments each).
    """

    groups: tuple[tuple[tuple[Cell, ...], ...], ...]
    keys: ClassVar = ("equal_sums",)
    takes_extra_cells: ClassVar = True
    forms: ClassVar = {"groups": _group_sets}

    def check(self, side, box):
        for number, sets in enumerate(self.groups, 1):
            where = f"equal sums {number}"
            if len(sets) < 2 or not all(sets):
                raise InvalidPuzzleError(f"{where} needs 2 or more non-empty segments")
            for segment in sets:  # segments may share cells (a magic square's lines do)
                _cell_list(segment, side, where)

    def constraints(self, side, box):
        out: list[Constraint] = []
        for number, sets in enumerate(self.groups, 1):
            origin = Origin(OriginKind.EQUAL_SUMS, number, tuple(c for s in sets for c in s))
            for one, other in itertools.pairwise(sets):
                weights = dict.fromkeys(_indices(one + other, side), 0)
                for cell in _indices(one, side):
                    weights[cell] += 1
                for cell in _indices(other, side):
                    weights[cell] -= 1
                cells = tuple(c for c, w in weights.items() if w)
                if cells:
                    coefficients = tuple(weights[c] for c in cells)
                    out.append(Linear(cells, coefficients, "==", 0, origin=origin))
        return out

    def to_json(self):
        return {"equal_sums": [[_json_cells(s) for s in sets] for sets in self.groups]}

    @classmethod
    def from_json(cls, rules):
        return cls(SameValues.from_json({"same_values": _list(rules, "equal_sums")}).groups)


COMMUNITY_KIND_TYPES: tuple[type[Rule], ...] = (
    XSum,
    Lunchbox,
    CountingCircles,
    RellikCage,
    DoubleArrow,
    Lockout,
    GlobalEntropy,
    GlobalModular,
    HiddenSkyscraper,
    LookAndSay,
    EqualityCage,
    CountDistinct,
    SameValues,
    SumLines,
    EqualSums,
)
"""The rule types of this module, registered by :mod:`sudoku_cp.model.community_rules`."""

__all__ = [
    "COMMUNITY_KIND_TYPES",
    "CountDistinct",
    "CountDistinctClue",
    "CountingCircles",
    "DoubleArrow",
    "EqualityCage",
    "GlobalEntropy",
    "GlobalModular",
    "HiddenSkyscraper",
    "Lockout",
    "LockoutLine",
    "LookAndSay",
    "LookAndSayCage",
    "Lunchbox",
    "RellikCage",
    "SameValues",
    "EqualSums",
    "SumCage",
    "SumLineClue",
    "SumLines",
    "XSum",
]
