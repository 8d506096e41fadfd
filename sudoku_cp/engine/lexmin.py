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

**The proof as data.** The questions of each method are typed records
(:mod:`sudoku_cp.result`: ``FirstInOrder`` for method 1, ``AnySolution`` and ``CellBelow``
for method 2, ``SmallerThan`` for method 3, ``OtherThan`` for an enumeration that met one
solution); a backend writes each question and its answer to a :class:`ProofLog`, which
becomes the :class:`~sudoku_cp.result.Proof` of ``solve_with_stats(...).proof``. The chain
is written once: :func:`lex_steps` gives its steps as data, :func:`descend_below` asks its
questions, and a backend only compiles the steps into its own form and solves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from sudoku_cp.model.constraints import AllDifferent, Model
from sudoku_cp.result import AnySolution, CellBelow, Proof, Question, SmallerThan

if TYPE_CHECKING:
    from sudoku_cp.engine.runtime import Deadline


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


def smallest_solution(
    search: PrefixSearch, cell_count: int, log: ProofLog | None = None
) -> tuple[list[int] | None, int]:
    """Return the smallest row-major solution and the number of searches run (the witness
    method, method 2 of the module docstring).

    Args:
        search: the backend's :class:`PrefixSearch` over the puzzle.
        cell_count: ``n*n``.
        log: where the questions (:class:`~sudoku_cp.result.AnySolution`, then one
            :class:`~sudoku_cp.result.CellBelow` per search) and answers are recorded.

    Returns:
        ``(solution, searches)``: the solution as a list of ``n*n`` values, or ``None``
        when the puzzle has no solution; ``searches`` counts calls to
        :meth:`PrefixSearch.find_solution`.

    Errors raised by the search (a time limit, say) pass through.
    """
    log = log if log is not None else ProofLog("witness descent")
    witness = log.record(AnySolution(), search.find_solution())
    searches = 1
    if witness is None:
        return None, searches
    for cell in range(cell_count):
        while search.may_take_less(cell, witness[cell]):
            searches += 1
            question = CellBelow(cell, witness[cell], tuple(witness[:cell]))
            better = log.record(question, search.find_solution(cell, witness[cell]))
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
    givens, n = model.givens, model.value_count  # n + 1: no value (k values on more digits)
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
    model: Model, deadline: Deadline | None = None, min_side: int = SPARSE_SIDE
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
    cells = model.cell_count
    if model.side < min_side or cells - model.givens.count(0) >= SPARSE_SHARE * cells:
        return None
    from sudoku_cp.engine.search import BitmaskSearch, Restart

    try:
        found = BitmaskSearch(model, deadline).smallest_in_order(WITNESS_NODES_PER_CELL * cells)
    except Restart:
        return None
    return found if found is not None and model.holds(found) else None


# -- the questions of a proof, recorded; the lexicographic chain, written once -----------------


class ProofLog:
    """The questions of one call as a backend asks them (:meth:`record`), and the
    :class:`~sudoku_cp.result.Proof` they make (:meth:`close`).

    >>> log = ProofLog("lexicographic chain")
    >>> log.record(SmallerThan((2, 1)), None) is None
    True
    >>> log.close().questions
    (SmallerThan(bound=(2, 1)),)
    """

    def __init__(self, method: str) -> None:
        self.method = method
        self.questions: list[Question] = []
        self.answers: list[tuple[int, ...] | None] = []
        self.started = time.perf_counter()

    def record(self, question: Question, answer: Sequence[int] | None) -> Sequence[int] | None:
        """Note ``question`` and its ``answer`` (a solution, or ``None``); return the answer."""
        self.questions.append(question)
        self.answers.append(None if answer is None else tuple(answer))
        return answer

    def close(self) -> Proof:
        """The proof as recorded so far."""
        return Proof(
            self.method, tuple(self.questions), tuple(self.answers), time.perf_counter() - self.started
        )


def descend(
    witness: Sequence[int],
    smaller_than: Callable[[list[int]], Sequence[int] | None],
    log: ProofLog | None = None,
    *,
    rounds: int | None = None,
) -> tuple[list[int], list[int] | None]:
    """The lexicographic chain (method 3 of the module docstring), written once for every
    backend: ask "is there a solution ``x <_lex w``?" until the answer is none, each
    answer becoming the next ``w``.

    Args:
        witness: a solution to start from.
        smaller_than: the backend's form of the question (its compilation of
            :func:`lex_steps`: constraints, clauses or rows): a solution below ``w``, or
            ``None`` when there is none (with no solve when no blank cell can take a value
            below its ``w``).
        log: where the questions (:class:`~sudoku_cp.result.SmallerThan`) are recorded.
        rounds: ask at most this many questions (``None``: until the answer is none).

    Returns:
        ``(w, smaller)``: the last witness, and ``None`` when it is proven the smallest,
        else (after ``rounds`` questions) the smaller solution found, from which the hybrid
        proof goes on with the witness method.

    >>> descend([3, 1], lambda w: [2, 3] if w == [3, 1] else None)
    ([2, 3], None)
    """
    witness, asked = list(witness), 0
    while rounds is None or asked < rounds:
        asked += 1
        smaller = smaller_than(witness)
        if log is not None:
            log.record(SmallerThan(tuple(witness)), smaller)
        if smaller is None:
            return witness, None
        witness = list(smaller)
    return witness, witness


def descend_below(
    model: Model,
    first: Sequence[int] | None,
    ask: Callable[[list[LexStep]], Sequence[int] | None],
    log: ProofLog,
    *,
    rounds: int | None = None,
) -> tuple[list[int] | None, list[int] | None]:
    """The plan of the chain proof, for a backend that supplies only ``ask``: record
    ``first`` (the answer to :class:`~sudoku_cp.result.AnySolution`), then :func:`descend`
    from it, each question "``x <_lex w``?" given to ``ask`` as the steps of
    :func:`below_steps` (never empty: with no step nothing is smaller, and no question is
    put to the backend).

    Args:
        model: the model (its givens and initial domains give each cell's lowest value).
        first: a solution, or ``None`` when the backend found none.
        ask: the backend's compilation of the steps (constraints, clauses, rows) and its
            solve: a solution below ``w``, or ``None``.
        log: where the questions go.
        rounds: as :func:`descend`.

    Returns:
        ``(smallest, smaller)`` as :func:`descend`; ``(None, None)`` without ``first``.
    """
    witness = log.record(AnySolution(), first)
    if witness is None:
        return None, None
    givens, lowest = model.givens, lowest_candidates(model)

    def smaller_than(bound: list[int]) -> Sequence[int] | None:
        steps = below_steps(bound, givens, lowest)
        return ask(steps) if steps else None

    return descend(witness, smaller_than, log, rounds=rounds)


LexStep = tuple[int, int, bool, bool]
"""One cell of the decomposition of ``x <_lex w`` (or ``x >_lex w``) into a chain of
Booleans (Frisch, Hnich, Kiziltan, Miguel and Walsh, CP 2002), as ``(cell, value, strict,
opens)`` (a plain tuple: a proof builds one per blank cell and question): while ``tied``
("every earlier cell of the chain equals ``w``"), the cell is at most (at least)
``value``; ``strict``: tied, it is below (above) ``value``, the last cell that may differ;
``opens``: a fresh Boolean ``tied_next`` follows, and ``tied and not tied_next`` puts the
cell strictly below (above) ``value``. A cell that cannot differ opens nothing: it passes
``tied`` on."""


def lex_steps(bound: Sequence[int], may_differ: Sequence[bool], skip: Sequence[bool]) -> list[LexStep]:
    """The chain of ``x <_lex bound`` or ``x >_lex bound`` as data, for every backend to
    compile into its own form (CP-SAT enforcement literals, clauses, linear rows, CPMpy
    implications): one :class:`LexStep` per cell up to the last one that may differ, the
    cells of ``skip`` (fixed to their ``bound``) left out. ``[]`` when no cell may differ:
    nothing is below (above) ``bound``, and no solve is needed.

    Args:
        bound: ``w``, a complete grid row-major.
        may_differ: per cell, whether it can take a value below (above) its ``w``.
        skip: per cell, whether it equals its ``w`` in every solution (a given).

    >>> lex_steps([2, 1, 2], [True, False, True], [False] * 3)
    [(0, 2, False, True), (1, 1, False, False), (2, 2, True, False)]
    """
    last = next((i for i in range(len(bound) - 1, -1, -1) if may_differ[i] and not skip[i]), None)
    if last is None:
        return []
    return [
        (cell, bound[cell], cell == last, cell != last and may_differ[cell])
        for cell in range(last + 1)
        if not skip[cell]
    ]


def below_steps(bound: Sequence[int], givens: Sequence[int], lowest: Sequence[int]) -> list[LexStep]:
    """:func:`lex_steps` of ``x <_lex bound`` over the blank cells: a cell may be smaller
    when its lowest candidate (:func:`lowest_candidates`) is below its bound."""
    return lex_steps(bound, [low < w for low, w in zip(lowest, bound, strict=True)], givens)


def above_steps(bound: Sequence[int], givens: Sequence[int], side: int) -> list[LexStep]:
    """:func:`lex_steps` of ``x >_lex bound`` (``bound`` any complete grid): a cell may be
    larger when its bound is below ``side``; a given equal to its bound passes the chain on."""
    return lex_steps(bound, [w < side for w in bound], [g == w for g, w in zip(givens, bound, strict=True)])
