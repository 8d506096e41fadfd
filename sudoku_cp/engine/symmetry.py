"""Value symmetries of a model, and the lex-leader constraint that keeps its smallest solution.

A permutation ``σ`` of the values is a *value symmetry* of a model when every constraint
and every given is unchanged by it: then ``σ`` maps each solution ``x`` to a solution
``σ(x)`` (``σ`` applied cell by cell). A pure sandwich puzzle is the classic case: its
clues read only where the ``1`` and the ``n`` of a line are, and the digits between them,
so swapping ``1`` and ``n`` everywhere keeps every clue, and its solutions come in pairs
(``iss/Sandwich snipe 18``: thirteen clues of 18 and no givens; its published solution
and its twin with 1 and 9 swapped).

**The lex-leader constraint** ``x <=_lex σ(x)`` (Crawford, Ginsberg, Luks and Roy,
"Symmetry-breaking predicates for search problems", KR 1996) keeps the smallest
row-major solution ``m``: ``σ(m)`` is a solution, so ``m <=_lex σ(m)``. Every solution of
the model with the constraint is one of the model, and ``m`` is among them, so the
smallest solution of the model with the constraint *is* ``m``; and a proof that nothing
there is below some ``w`` proves it for the model (were a solution below ``w``, the
model's smallest, ``m``, would be, and ``m`` obeys the constraint). The constraint halves
the space a proof searches. It is a :class:`~sudoku_cp.model.constraints.Regular` over every
cell in row-major order with two states: reading values that ``σ`` fixes keeps
"tied", the first value it moves must go up (``v < σ(v)``), after which anything goes.

Only the smallest solution may use it: counting and listing solutions (the twin is the
next solution) see the model as it is. The SAT and CP-SAT backends add it in ``solve``
(:func:`with_lex_leaders`); the row-major searches (the backtracker) meet ``m`` first
anyway.

Symmetries are found conservatively, by kind: ``AllDifferent`` is unchanged by every
permutation, ``ValueIn``, ``Relation`` and ``Table`` when ``σ`` maps their allowed values
onto themselves, a ``Sandwich`` when ``σ`` swaps or fixes its crusts (``1`` and ``n``) and
fixes every other value; any other kind (sums, orders, automata) only by the identity, so
a model holding one has no symmetry here. Two candidates are tried: swapping ``1`` and
``n``, and reversing the values (``v -> n + 1 - v``: whispers, Kropki white dots).

>>> from sudoku_cp import Puzzle, Grid
>>> sandwich = Puzzle.from_dict({"size": 4, "grid": "." * 16, "rules": {"sandwiches": [
...     {"side": "left", "index": 0, "sum": 5}]}})
>>> value_symmetries(sandwich.model)
[(0, 4, 2, 3, 1)]
>>> [type(c).__name__ for c in with_lex_leaders(sandwich.model).constraints[-1:]]
['Regular']
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable

from sudoku_cp.model.constraints import (
    AllDifferent,
    Automaton,
    Model,
    Regular,
    Relation,
    Sandwich,
    Table,
    ValueIn,
)

Permutation = tuple[int, ...]
"""``σ`` as a tuple: ``σ[v]`` for ``v`` in ``1..n`` (entry 0 is 0, unused)."""


def candidates(n: int) -> list[Permutation]:
    """The permutations tried: swapping ``1`` and ``n``, and reversing ``1..n``.

    >>> candidates(4)
    [(0, 4, 2, 3, 1), (0, 4, 3, 2, 1)]
    """
    swap = (0, n, *range(2, n), 1)
    reverse = (0, *range(n, 0, -1))
    return [swap] if swap == reverse else [swap, reverse]


def value_symmetries(model: Model) -> list[Permutation]:
    """The candidate permutations (:func:`candidates`) that are value symmetries of
    ``model``: every given fixed, every constraint unchanged (see the module docstring).
    Empty for a model with hidden cells, with more values than its side, or with fewer
    than three values."""
    n = model.value_count
    if model.hidden or n != model.side or n < 3:
        return []
    return [
        sigma
        for sigma in candidates(n)
        if all(sigma[g] == g for g in model.givens if g)
        and all(_keeps(c, sigma, n) for c in model.constraints)
    ]


def _keeps(constraint: object, sigma: Permutation, n: int) -> bool:
    """True when ``σ`` certainly leaves ``constraint`` unchanged (False when unsure)."""
    if isinstance(constraint, AllDifferent):
        return True
    if isinstance(constraint, ValueIn):
        return {sigma[v] for v in constraint.values} == set(constraint.values)
    if isinstance(constraint, Relation):
        return {(sigma[a], sigma[b]) for a, b in constraint.allowed} == set(constraint.allowed)
    if isinstance(constraint, Table):
        return {tuple(sigma[v] for v in row) for row in constraint.allowed} == set(constraint.allowed)
    if isinstance(constraint, Sandwich):
        return {sigma[1], sigma[n]} == {1, n} and all(sigma[v] == v for v in range(2, n))
    return False


def lex_leader(cells: Iterable[int], sigma: Permutation) -> Regular:
    """The constraint ``x <=_lex σ(x)`` over ``cells`` (row-major): the first cell whose
    value ``σ`` moves holds a value that ``σ`` raises.

    >>> leader = lex_leader(range(3), (0, 3, 2, 1))
    >>> leader.holds((2, 1, 3)), leader.holds((2, 3, 1)), leader.holds((2, 2, 2))
    (True, False, True)
    """
    cells = tuple(cells)
    return Regular(cells, _leader_automaton(sigma), pattern=f"lex leader of {sigma[1:]}", label="lex leader")


@functools.cache
def _leader_automaton(sigma: Permutation) -> Automaton:
    def step(state: str, value: int) -> str | None:
        if state == "done" or sigma[value] == value:
            return state
        return "done" if value < sigma[value] else None

    return Automaton.build("tied", step, lambda state: True, len(sigma) - 1)


def with_lex_leaders(model: Model) -> Model:
    """``model`` with one :func:`lex_leader` per value symmetry (:func:`value_symmetries`)
    over its cells, or ``model`` itself when it is classic (every constraint a unit: the
    backends' proofs are fast there, and SAT keeps one solver for every classic puzzle of
    a size) or has none. Its smallest solution is ``model``'s (module docstring); use it
    for the smallest solution only, never to count or list solutions."""
    if model.is_classic:
        return model
    symmetries = value_symmetries(model)
    if not symmetries:
        return model
    cells = range(model.cell_count)
    leaders = tuple(lex_leader(cells, sigma) for sigma in symmetries)
    return dataclasses.replace(model, constraints=model.constraints + leaders)
