"""The smallest row-major solution, by fixing cells one at a time behind a witness.

Read a solution row by row as one number; the *smallest row-major solution* is the
one whose number is smallest, i.e. the lexicographic minimum of the cell vector
``(x_0, x_1, ..., x_{N-1})`` over all solutions. This is a lexicographic optimisation
with one objective per cell, and the classic way to solve such a problem is to
optimise the objectives in priority order, fixing each at its optimum before the next
(Ehrgott, *Multicriteria Optimization*, 2nd ed., Springer 2005, section 5.1; the
problem statement is Baekjoon 2239, "Sudoku").

:func:`smallest_solution` does that with a *witness*: any solution found so far.

1. Find any solution ``w`` (any search order will do: most-constrained-cell first is
   fast even on nearly empty grids, where row-major search stalls).
2. For each cell ``i`` in row-major order, with cells ``0..i-1`` already fixed to the
   minimum's values: ask whether a solution exists with ``x_i < w_i``. If one does, it
   becomes the new witness (it is lexicographically smaller) and the question is asked
   again with the new ``w_i``; if none does, ``w_i`` is the smallest value cell ``i``
   can take, and it is fixed.

Why the answer is the smallest: by induction, the fixed prefix is always the prefix
of the lexicographic minimum ``m``. The witness agrees with the fixed prefix (it was
found with the prefix fixed), so ``w_i`` is feasible for cell ``i``; no solution with
that prefix has ``x_i < w_i`` (the last search proved it), hence ``m_i = w_i``. After
the last cell the witness *is* ``m``. Minimality therefore rests on proofs of
infeasibility, never on the order in which a search happens to meet solutions.

Most cells cost nothing: a cell whose domain, after the prefix is fixed and
propagated, holds no value below ``w_i`` is fixed without a search
(:meth:`PrefixSearch.may_take_less`). A puzzle with one solution thus needs one
search plus a few refutations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from sudoku_cp.constraints import AllDifferent, Model


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
