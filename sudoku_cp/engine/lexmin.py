"""The smallest row-major solution, and the proofs that every backend's answer is it.

This docstring is the one full account of the proof (with ``docs/design.md``); the
backends' docstrings refer here.

Read a solution row by row as one number; the *smallest row-major solution* is the
one whose number is smallest, i.e. the lexicographic minimum ``m`` of the cell vector
``(x_0, x_1, ..., x_{N-1})`` over all solutions (``N = n*n``). It is what Baekjoon 2239
("Sudoku") asks, and what makes the backends agree, to the digit, on a puzzle with
several solutions. No backend relies on the order in which its search happens to meet
solutions: every answer rests on searches that are complete, so each "no solution"
they report is a proof. There are three ways to that proof.

**1. The row-major search** (the backtracker's first try,
:meth:`sudoku_cp.engine.search.BitmaskSearch.smallest_in_order`). A depth-first search
that decides the cells in row-major order and tries each cell's values smallest first
meets the solutions in lexicographic order, provided it is complete and its propagation
removes only values that no solution extending the current decisions has (naked and
hidden singles, Hall sets and the killer sums all do). Its first solution is then ``m``:
any smaller solution would agree with it up to some cell ``i`` and hold a smaller value
there, and that value was tried, and refuted by a complete search, before the one kept.
Nothing more is searched. The order suits nearly empty grids, but can stall elsewhere,
so it runs under a node budget; past it, the witness method takes over.

**2. The witness method** (:func:`smallest_solution`). This is lexicographic
optimisation with one objective per cell, solved the classic way: optimise the
objectives in priority order, fixing each at its optimum before the next (Ehrgott,
*Multicriteria Optimization*, 2nd ed., Springer 2005, section 5.1), with a *witness*,
any solution found so far.

a. Find any solution ``w`` (any search order will do: most-constrained-cell first is
   fast even on nearly empty grids, where row-major search stalls).
b. For each cell ``i`` in row-major order, with cells ``0..i-1`` already fixed to the
   minimum's values: ask whether a solution exists with ``x_i < w_i``. If one does, it
   becomes the new witness (it is lexicographically smaller) and the question is asked
   again with the new ``w_i``; if none does, ``w_i`` is the smallest value cell ``i``
   can take, and it is fixed.

Why the answer is the smallest: by induction, the fixed prefix is always the prefix of
``m``. The witness agrees with the fixed prefix (it was found with the prefix fixed), so
``w_i`` is feasible for cell ``i``; no solution with that prefix has ``x_i < w_i`` (the
last search proved it), hence ``m_i = w_i``. After the last cell the witness *is* ``m``.
Most cells cost nothing: a cell whose domain, after the prefix is fixed and propagated,
holds no value below ``w_i`` is fixed without a search (:meth:`PrefixSearch.may_take_less`;
:func:`lowest_candidates` gives the bound from the givens alone). A puzzle with one
solution thus needs one search plus a few refutations. The backtracker (past its
budget) and python-constraint run it through a :class:`PrefixSearch`; the SAT backend
asks its questions as assumptions (``¬x[i,v]`` for ``v >= w_i``) on one incremental solver.

**3. The lexicographic chain** (CP-SAT and SAT). Given a candidate ``w``, add the
constraint ``x <_lex w`` and solve once more: "no solution" proves ``w`` the smallest; a
solution is strictly smaller, becomes ``w``, and the step repeats (each round decreases
``w``, so the loop ends). ``x <_lex w`` is the decomposition of the lexicographic
ordering constraint (Frisch, Hnich, Kiziltan, Miguel and Walsh, "Global constraints for
lexicographic orderings", CP 2002) into a chain of Booleans over the blank cells ``i``
in row-major order: ``tied[i]`` ("every blank cell before ``i`` equals ``w``") implies
``x_i <= w_i``, and ``tied[i]`` without ``tied[next]`` implies ``x_i <= w_i - 1``; cells that
cannot take a value below ``w_i`` pass the chain on. It needs no objective (a weighted
sum over 81 cells would overflow 64-bit integers). CP-SAT first solves the model
enumerating its solutions and stops at the second: if the search ends complete with
``w`` the only solution, it has proven the model plus ``x != w`` infeasible, so nothing is
smaller than ``w``, in one solve, the usual case; otherwise the chain proves the smaller
solution found. SAT asks the chain question once and, if a smaller solution exists,
continues with the witness method (the ``"hybrid"`` proof).

A ``time_limit`` that runs out during a proof raises ``SolveTimeoutError``: an unproven
answer is never returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from sudoku_cp.model.constraints import AllDifferent, Model

if TYPE_CHECKING:
    from sudoku_cp.engine.runtime import Deadline
    from sudoku_cp.model.puzzle import Puzzle


class PrefixSearch(Protocol):
    """A backend's search over the puzzle, with a growing prefix of fixed cells.

    Cells are row-major indices; values are 1..n; a solution is a sequence of all
    ``n*n`` cell values.
    """

    def find_solution(self, cell: int | None = None, below: int | None = None) -> Sequence[int] | None:
        """Any solution that keeps the givens and the fixed prefix, and, when ``cell`` is
        given, has ``x_cell < below``; ``None`` when there is none (a proof)."""
        ...

    def may_take_less(self, cell: int, value: int) -> bool:
        """False only if ``cell`` certainly cannot take a value below ``value`` with the
        current prefix (a cheap check; True is always safe)."""
        ...

    def fix(self, cell: int, value: int) -> None:
        """Fix ``cell`` to ``value`` for all later searches."""
        ...


def smallest_solution(search: PrefixSearch, cell_count: int) -> tuple[list[int] | None, int]:
    """Return the smallest row-major solution and the number of searches run.

    Args:
        search: the backend's :class:`PrefixSearch` over the puzzle.
        cell_count: ``n*n``.

    Returns:
        ``(solution, searches)``: the solution as a list of ``n*n`` values, or ``None``
        when the puzzle has no solution; ``searches`` counts calls to
        :meth:`PrefixSearch.find_solution`.

    Errors raised by the search (a time limit, say) pass through.
    """
    witness = search.find_solution()
    searches = 1
    if witness is None:
        return None, searches
    for cell in range(cell_count):
        while search.may_take_less(cell, witness[cell]):
            searches += 1
            better = search.find_solution(cell, witness[cell])
            if better is None:
                break
            witness = better
        search.fix(cell, witness[cell])
    return list(witness), searches


def lowest_candidates(model: Model) -> list[int]:
    """For each cell, the smallest value of its initial domain that no given peer holds
    (``n + 1`` if none is left): no solution gives the cell a smaller value.

    A cell whose bound is not below a witness's value cannot be where a smaller
    solution differs, so the smallest-solution proofs skip it.
    """
    givens, n = model.givens, model.side
    held: list[set[int]] = [set() for _ in givens]  # the givens among each blank cell's peers
    for constraint in model.of_kind(AllDifferent):
        values = {givens[c] for c in constraint.cells} - {0}
        for cell in constraint.cells if values else ():
            held[cell] |= values
    return [
        given or next((v for v in domain if v not in held[cell]), n + 1)
        for cell, (given, domain) in enumerate(zip(givens, model.domains(), strict=True))
    ]


SPARSE_SIDE = 20
"""Grids from this side up with few givens get a witness from :func:`sparse_witness`."""

SPARSE_SHARE = 0.35
"""A grid of side :data:`SPARSE_SIDE` or more with fewer givens than this share of its
cells is *sparse* (many solutions): :func:`sparse_witness` looks for its smallest one."""

WITNESS_NODES_PER_CELL = 2
"""The row-major search of :func:`sparse_witness` stops after this many nodes per cell (it
takes 0.2 to 0.75 on the sparse 20x20 to 25x25 grids of ``bench_backends.py --family
sparse``)."""


def sparse_witness(
    puzzle: Puzzle, deadline: Deadline | None = None, min_side: int = SPARSE_SIDE
) -> list[int] | None:
    """The smallest row-major solution of a sparse large grid, found by the engine's
    row-major search (:meth:`~sudoku_cp.engine.search.BitmaskSearch.smallest_in_order`:
    a few hundred nodes there) and checked against the rules; ``None`` when the grid is
    not one (side below ``min_side``, by default :data:`SPARSE_SIDE`; givens from
    :data:`SPARSE_SHARE` up), has no solution, or the search passes
    :data:`WITNESS_NODES_PER_CELL` nodes per cell.

    The SAT and CP-SAT backends start their proof from it and ask one question, "is any
    solution smaller?" (``x <_lex w``), instead of walking down from their own first
    solution, which took seconds to minutes on such grids.

    Raises:
        SolveTimeoutError: ``deadline`` passed during the search.
    """
    cells = puzzle.model.cell_count
    if puzzle.side < min_side or puzzle.givens >= SPARSE_SHARE * cells:
        return None
    from sudoku_cp.engine.search import BitmaskSearch, Restart

    try:
        found = BitmaskSearch(puzzle, deadline).smallest_in_order(WITNESS_NODES_PER_CELL * cells)
    except Restart:
        return None
    return found if found is not None and puzzle.model.holds(found) else None
