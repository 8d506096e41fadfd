"""Grids of other digits: the one rewrite of a puzzle's constraints into digit positions.

A puzzle may be filled with digits other than ``1..n``: ``0..8`` on 9x9 (sigh's
Interactive Sudoku Solver's ``Shape~9x9~0-8``), ``1..9`` on 6x6 (``6x6~9``: each unit
holds six different digits of nine), SudokuPad's ``124689`` on 6x6. The grid then
carries its digits (:attr:`sudoku_cp.model.grid.Grid.digits`, ascending) and holds each
cell as the digit's *position* ``1..k``; the model solves on those positions, so every
backend, the engine and the smallest-solution proof run unchanged (positions ascend
with the digits, so the smallest row-major solution in positions is the smallest in
digits). The rules compile to constraints over the digits themselves, as always; this
module rewrites each into positions, once, in :attr:`sudoku_cp.model.puzzle.Puzzle.model`:

=================  ==========================================================
kind               over positions
=================  ==========================================================
``AllDifferent``   unchanged (different digits are different positions)
``Less``           unchanged (positions keep the digits' order)
``Skyscraper``     unchanged when ``k == n`` and 0 is not a digit (heights
                   compare only; a 0 is no building)
``Sum``            consecutive digits ``a..a+k-1``: the total less ``(a-1)`` per
                   cell; other digits: a ``Table`` of the positions whose digits
                   add up (and an ``AllDifferent`` for a cage)
``Linear``         consecutive digits: ``rhs`` less ``(a-1)·Σ coefficients``;
                   other digits: a ``Table``
``And``, ``Or``    their parts rewritten
=================  ==========================================================

A ``ValueIn``, ``Relation`` or ``Table`` whose rule builds it over the digits themselves
(parity, Kropki dots, XV, whispers, renban, palindromes, between lines, quadruples: the
rules enumerate the puzzle's digits while :func:`~sudoku_cp.model.rules.iter_constraints`
compiles them, and list their origins in :data:`~sudoku_cp.model.rules.DIGIT_AWARE`) has
its digits mapped to positions. Every other kind or origin (``Sandwich``, ``Regular``,
``Count``, ``Element``, the general rules' tables) is built by enumerating the values
``1..n``, which are not the puzzle's digits: it is refused with
:class:`UnsupportedRuleError` naming the rule, never solved as if the digits were ``1..n``.

>>> from sudoku_cp.model.constraints import Sum
>>> relabel((Sum((0, 1), 3, label="cage"),), (0, 1, 2, 3), 4)[0].total  # 0+3 or 1+2: positions add to 5
5
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Collection, Sequence

from sudoku_cp.errors import UnsupportedRuleError
from sudoku_cp.model.constraints import (
    TABLE_LIMIT,
    AllDifferent,
    And,
    Automaton,
    Constraint,
    Count,
    Less,
    Linear,
    Or,
    Regular,
    Relation,
    Skyscraper,
    Sum,
    Table,
    ValueIn,
    _origin_of,
)


def digits_text(digits: Sequence[int]) -> str:
    """``"0-8"`` for consecutive digits, else the digits run together (``"124689"``)."""
    if list(digits) == list(range(digits[0], digits[0] + len(digits))):
        return f"{digits[0]}-{digits[-1]}"
    return "".join(str(d) if d < 10 else chr(ord("A") + d - 10) for d in digits)


def shift_of(digits: Sequence[int] | None) -> int | None:
    """``s`` such that each digit is its position plus ``s`` (``digit = position + s``) when
    the digits are consecutive (``-1`` for ``0..8``, ``0`` for ``1..n`` or ``None``), else
    ``None``: a sum of ``m`` positions ``t`` is then the sum ``t + m·s`` of their digits.

    >>> shift_of(range(9)), shift_of(None), shift_of((1, 2, 4, 6, 8, 9))
    (-1, 0, None)
    """
    if not digits:
        return 0
    digits = tuple(digits)
    if digits != tuple(range(digits[0], digits[0] + len(digits))):
        return None
    return digits[0] - 1


def relabel(
    constraints: Sequence[Constraint],
    digits: Sequence[int],
    side: int,
    aware: Collection[object] = (),
    positional: Collection[object] = (),
) -> tuple[Constraint, ...]:
    """The constraints over digits rewritten over the digits' positions ``1..k``.

    Args:
        constraints: the rules' constraints, their values being the puzzle's digits.
        digits: the digits, ascending (``k >= side`` of them).
        side: ``n``.
        aware: the origin kinds whose ``ValueIn``, ``Relation`` and ``Table`` were built
            over the digits themselves (:data:`sudoku_cp.model.rules.DIGIT_AWARE`): mapped
            to positions; those of other origins are refused.
        positional: the origin kinds whose ``Regular`` lines were built over the positions
            already (:data:`sudoku_cp.model.rules.POSITIONAL`): kept as they are.

    Raises:
        UnsupportedRuleError: a constraint of a kind that cannot be rewritten (see the
            module's table), or a sum over other digits too large to list, naming it.
    """
    digits = tuple(digits)
    kept = frozenset(aware), frozenset(positional)
    return tuple(_relabel(c, digits, side, kept) for c in constraints)


def _refuse(constraint: object, digits: tuple[int, ...], why: str) -> UnsupportedRuleError:
    label = getattr(constraint, "label", type(constraint).__name__)
    return UnsupportedRuleError(
        f"{label}: {why} on a grid of digits {digits_text(digits)}; only digits 1..n are supported for it",
        elements=(str(label),),
    )


def _relabel(
    constraint: Constraint, digits: tuple[int, ...], side: int, kept: tuple[frozenset, frozenset]
) -> Constraint:
    kind = type(constraint)
    aware, positional = kept
    if kind in (AllDifferent, Less):
        return constraint
    if kind not in (And, Or) and getattr(constraint.origin, "kind", None) in positional:
        return constraint  # built over the positions already
    if kind is Skyscraper:  # heights compare only (positions keep the order); a 0 is no building
        if len(digits) == side and 0 not in digits:
            return constraint
        floor = 1 if digits[0] == 0 else 0  # ISS's rule: a 0, position 1, is never seen
        seen = constraint.seen  # type: ignore[union-attr]
        language = _skyscraper_over(seen, len(digits), floor)
        pattern = f"skyscraper {seen} over digits {digits_text(digits)}"
        return Regular(constraint.cells, language, pattern=pattern, **_origin_of(constraint))
    if kind in (And, Or):
        parts = tuple(_relabel(p, digits, side, kept) for p in constraint.parts)  # type: ignore[union-attr]
        return kind(parts, **_origin_of(constraint))  # type: ignore[call-arg]
    shift = shift_of(digits)  # digit = position + shift when the digits are consecutive
    if kind is Sum:
        cells, total = constraint.cells, constraint.total  # type: ignore[union-attr]
        distinct = constraint.distinct  # type: ignore[union-attr]
        if shift is not None:
            return Sum(cells, total - shift * len(cells), **_origin_of(constraint), distinct=distinct)
        table = _table(constraint, digits, lambda ds: sum(ds) == total)
        if not distinct:
            return table
        return And((AllDifferent(cells, **_origin_of(constraint)), table), **_origin_of(constraint))
    if kind is Linear:
        cells, coefficients = constraint.cells, constraint.coefficients  # type: ignore[union-attr]
        if shift is not None:
            rhs = constraint.rhs - shift * sum(coefficients)  # type: ignore[union-attr]
            return Linear(cells, coefficients, constraint.operator, rhs, **_origin_of(constraint))  # type: ignore[union-attr]
        return _table(
            constraint,
            digits,
            lambda ds: constraint.compare(sum(a * d for a, d in zip(coefficients, ds, strict=True))),  # type: ignore[union-attr]
        )
    if kind in (ValueIn, Relation, Table) and constraint.origin.kind in aware:  # built over the digits
        return _positions(constraint, digits)
    if kind is Count and constraint.origin.kind in aware and constraint.value in digits:  # type: ignore[union-attr]
        at = digits.index(constraint.value) + 1  # type: ignore[union-attr]
        return Count(constraint.cells, at, constraint.count, constraint.operator, **_origin_of(constraint))  # type: ignore[union-attr]
    raise _refuse(constraint, digits, f"a {kind.__name__} built over the values 1..{side}")


@functools.cache
def _skyscraper_over(seen: int, values: int, floor: int) -> Automaton:
    """A skyscraper clue over the positions ``1..values``, heights at or below ``floor`` no
    building (states: the tallest so far, the count seen)."""

    def step(state: tuple[int, int], value: int) -> tuple[int, int] | None:
        tallest, count = state
        if value > tallest:
            return (value, count + 1) if count < seen else None
        return state

    return Automaton.build((floor, 0), step, lambda s: s[1] == seen, values)


def _positions(constraint: Constraint, digits: tuple[int, ...]) -> Constraint:
    """A table built over the digits, as the digits' positions (values outside them dropped)."""
    at = {d: i for i, d in enumerate(digits, 1)}
    like = _origin_of(constraint)
    if isinstance(constraint, ValueIn):
        return ValueIn(constraint.cell, frozenset(at[v] for v in constraint.values if v in at), **like)
    rows = frozenset(
        tuple(at[v] for v in row)
        for row in constraint.allowed
        if all(v in at for v in row)  # type: ignore[union-attr]
    )
    if isinstance(constraint, Relation):
        return Relation(constraint.first, constraint.second, rows, meaning=constraint.meaning, **like)
    return Table(constraint.cells, rows, meaning=constraint.meaning, **like)  # type: ignore[union-attr]


def _table(constraint: Constraint, digits: tuple[int, ...], test: Callable[[tuple[int, ...]], bool]) -> Table:
    """The positions of the cells whose digits pass ``test``, as a table."""
    cells = constraint.cells  # type: ignore[union-attr]
    if len(digits) ** len(cells) > TABLE_LIMIT:
        raise _refuse(
            constraint, digits, f"a sum over {len(cells)} cells (too many digit combinations to list)"
        )
    allowed = frozenset(
        tuple(i + 1 for i in positions)
        for positions in itertools.product(range(len(digits)), repeat=len(cells))
        if test(tuple(digits[i] for i in positions))
    )
    return Table(cells, allowed, **_origin_of(constraint))


__all__ = ["digits_text", "relabel"]
