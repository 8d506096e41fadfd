"""The exact-cover backend: Sudoku as Knuth's exact cover, solved by Algorithm X with dancing links.

**The matrix** (:func:`exact_cover_matrix`). One row per candidate ``(cell, value)`` (the
values of :meth:`~sudoku_cp.model.constraints.Model.domains`: a given's one value, a
``ValueIn`` cell's allowed ones), with a 1 in:

* the cell's column: every cell holds exactly one value (primary);
* for each *unit* holding the cell (an ``AllDifferent`` over ``n`` cells: rows, columns,
  boxes, jigsaw regions, diagonals, windows), the column ``(unit, value)``: every value
  is exactly once in the unit (primary);
* for each other ``AllDifferent`` holding the cell (anti-knight and anti-king pairs,
  killer cages' distinctness), the column ``(constraint, value)``: at most once
  (secondary: Knuth's extension of exact cover to columns covered at most once).

On a grid of more digits than its side (``k`` values, 6x6 with digits from 1..9) a unit
holds ``n`` of the ``k`` values: its columns are secondary, and only an ``AllDifferent``
over ``k`` cells (a 3x3 region of such a 6x6) is primary.

A 9x9 classic puzzle is the textbook 729 rows and 324 primary columns (81 cells + 3 x 81
unit places). Givens are rows chosen before the search (:meth:`DancingLinks.select`).
The search is :class:`sudoku_cp.engine.dlx.DancingLinks` (Knuth, "Dancing Links", 2000):
Algorithm X choosing the column with fewest rows (Knuth's S heuristic: a cell with
fewest candidates, or a value with fewest places in a unit).

**The constraints that are not exact cover** (``Sum``, ``Less``, ``Relation``) are not
refused: they are checks on the partial assignment, run as forward checking. When a row
``(cell, value)`` is chosen, the engine's propagator of each such constraint on that cell
(:func:`sudoku_cp.engine.propagators.propagator`: a killer cage's digit combinations, or
exact supports on small cages; bounds for ``Less``; supports for ``Relation``), and of the
sums that cages and units imply (the "45 rule", :func:`sudoku_cp.engine.sums.implied_sums`),
runs on the candidates still in the matrix; the rows it rules out are *hidden* (taken out
of their columns as a removed row is, put back on backtracking), so the S heuristic sees
them gone and an emptied cell is a dead end at once. Before the search, every propagator
runs to a fixed point and what it rules out is hidden for good. Propagators only remove
values no solution extending the assignment has, so the search stays complete: "no
solution" is a proof. Anything outside the vocabulary is refused with
:class:`~sudoku_cp.errors.NotSupportedError`.

**The smallest row-major solution**, proven (option ``proof``):

* ``"witness"`` (the default): one search with the S heuristic for two solutions.
  None: no solution. Exactly one: it is the smallest, since the search is complete (the
  common case: a puzzle with one solution costs one exhausted search). Two: the witness
  method of :mod:`sudoku_cp.engine.lexmin` from the smaller one, on the same matrix:
  "is there a solution with ``x_i < w_i``?" hides the rows ``(i, v >= w_i)`` for one
  search; fixing a cell chooses its row for good; a cell whose column holds no row
  below ``w_i`` costs no search, nor does a question that the engine's propagation of the
  fixed prefix refutes (:class:`~sudoku_cp.engine.search.BitmaskSearch`, no search: sound
  inference, as in the MIP backend). A sparse grid from 16x16 up (fewer than 35% givens,
  :data:`WITNESS_SIDE`) starts instead from the engine's smallest solution
  (:func:`~sudoku_cp.engine.lexmin.sparse_witness`), with Hall sets in that propagation:
  the two-solution search and the witness method from its answer timed out (20 s) on 7 of
  the 12 sparse 16x16-25x25 grids of ``bench_backends.py --family sparse``, now 0.1-1.1 s.
* ``"row-major"``: Algorithm X branching on the first open cell in row-major order,
  values ascending, except that a column with one row left (a forced row: a naked or
  hidden single) is taken first. Every branching node then splits on the first open
  cell, whose earlier cells are fixed in the whole subtree, in ascending values, so the
  depth-first search meets solutions in lexicographic order and its first solution is
  the smallest (the backtracker's row-major argument; forced rows do not reorder
  anything, as every solution below that node holds them). No proof step, but no S
  heuristic either.

Measured with ``benchmarks/bench_paradigms.py`` (CPU ms, median / max; the whole table in
``docs/backends/exact_cover.md``): the row-major search has the better medians on classic
9x9 sets (top95 3.6 / 65 against 5.6 / 20.5; hex16 10.8 / 144 against 11.0 / 66) but
without the S heuristic it thrashes where the first open cell is a poor choice: 18 s
median and 63 s max on the four 8-given anti-knight puzzles (witness: 0.1 s / 1.4 s),
2.3 s max on a minimal jigsaw (0.14 s). So the witness proof is the default.

**Counting** exhausts the cover with the S heuristic (stopping at ``limit``).
**Next solution**: walking the cells of ``after`` in row-major order with its prefix
fixed, one search per cell asks for a solution above ``after`` there (the longest such
prefix is where the next solution leaves ``after``); then the witness method on the
matrix with that prefix fixed and that cell above ``after``'s value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sudoku_cp.backends import ProofOptions
from sudoku_cp.backends.base import Backend, Task, Values
from sudoku_cp.engine.dlx import DancingLinks
from sudoku_cp.engine.lexmin import ProofLog, smallest_solution, sparse_witness
from sudoku_cp.engine.propagators import propagator
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.engine.sums import implied_sums
from sudoku_cp.io.inputs import to_puzzle
from sudoku_cp.model import constraints as kinds
from sudoku_cp.model.constraints import CORE_KINDS, Model
from sudoku_cp.model.decompose import decompose
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.result import AnySolution, FirstInOrder, OtherThan

__all__ = [
    "PROOFS",
    "column_labels",
    "count_solutions",
    "exact_cover_matrix",
    "matrix_size",
    "next_solution",
    "solve",
]

WITNESS_SIDE = 16
"""Sparse grids from this side up start the witness proof from the engine's smallest
solution (:func:`~sudoku_cp.engine.lexmin.sparse_witness`)."""

PROOFS = ("witness", "row-major")
"""The ways to prove the smallest solution, for the ``proof`` option."""


def exact_cover_matrix(model: Model) -> tuple[int, int, list[tuple[int, int]], list[list[int]]]:
    """The exact cover matrix of a puzzle's ``AllDifferent`` constraints (see the module docstring).

    Args:
        model: the compiled puzzle.

    Returns:
        ``(primary, secondary, candidates, rows)``: the numbers of primary and secondary
        columns; ``candidates[r] = (cell, value)`` for each row ``r``; ``rows[r]`` the
        columns of row ``r``'s 1s, its cell's column first (columns ``0..n*n - 1`` are the
        cells, row-major; then ``n`` per unit; then ``n`` per other ``AllDifferent``).

    Raises:
        NotSupportedError: a constraint kind outside the vocabulary (every other kind is
            either a column or a check; see the module docstring).
    """
    model = decompose(model, NATIVE_KINDS, NAME)
    n, cells = model.value_count, model.cell_count  # n values: an AllDifferent of n cells holds each once
    units = [c for c in model.of_kind(kinds.AllDifferent) if len(c.cells) == n]
    others = [c for c in model.of_kind(kinds.AllDifferent) if len(c.cells) != n]
    places: list[list[int]] = [[] for _ in range(cells)]  # each cell's first column of each AllDifferent
    for index, constraint in enumerate(units):
        for cell in constraint.cells:
            places[cell].append(cells + index * n)
    secondary_start = cells + len(units) * n
    for index, constraint in enumerate(others):
        for cell in constraint.cells:
            places[cell].append(secondary_start + index * n)
    candidates, rows = [], []
    for cell, domain in enumerate(model.domains()):
        for value in domain:
            candidates.append((cell, value))
            rows.append([cell] + [first + value - 1 for first in places[cell]])
    return secondary_start, len(others) * n, candidates, rows


def column_labels(model: Model) -> list[str]:
    """What each column of :func:`exact_cover_matrix` stands for, in words (for display).

    Args:
        model: the compiled puzzle.

    Returns:
        One label per column, primary then secondary: ``"r1c1"`` for a cell's column
        ("r1c1 holds a value"), ``"row 1: 5"`` for a unit's or another ``AllDifferent``'s
        column of value 5 (the constraint's label, then the value).

    >>> from sudoku_cp import Grid
    >>> from sudoku_cp.io.inputs import to_puzzle
    >>> labels = column_labels(to_puzzle(Grid.empty(4)).model)
    >>> len(labels), labels[0], labels[16], labels[-1]
    (64, 'r1c1', 'row 1: 1', 'box 4 (rows 3-4, columns 3-4): 4')
    """
    side, n = model.side, model.value_count
    labels = [f"r{cell // side + 1}c{cell % side + 1}" for cell in range(model.cell_count)]
    units = [c for c in model.of_kind(kinds.AllDifferent) if len(c.cells) == n]
    others = [c for c in model.of_kind(kinds.AllDifferent) if len(c.cells) != n]
    for constraint in units + others:
        labels += [f"{constraint.label}: {value}" for value in range(1, n + 1)]
    return labels


def matrix_size(puzzle: Puzzle | Grid) -> dict[str, int]:
    """The size of a puzzle's exact cover matrix (:func:`exact_cover_matrix`).

    Args:
        puzzle: the puzzle (a :class:`Grid` means classic rules).

    Returns:
        ``{"rows": ..., "primary": ..., "secondary": ..., "ones": ...}``: the candidate
        rows (a given has one), the primary and secondary columns, and the 1s of the matrix.

    Raises:
        NotSupportedError: as :func:`exact_cover_matrix`.

    The textbook matrix of an empty 9x9: 729 rows, 324 columns (81 cells, then 27 units
    x 9 values), four 1s per row:

    >>> from sudoku_cp import Grid
    >>> matrix_size(Grid.empty(9))
    {'rows': 729, 'primary': 324, 'secondary': 0, 'ones': 2916}
    """
    primary, secondary, _candidates, rows = exact_cover_matrix(to_puzzle(puzzle).model)
    return {"rows": len(rows), "primary": primary, "secondary": secondary, "ones": sum(map(len, rows))}


NATIVE_KINDS = CORE_KINDS
"""AllDifferent as columns, ValueIn as rows, every other kind a check by the engine's
propagator; a kind outside these is rewritten into them (:mod:`sudoku_cp.model.decompose`)."""


class _Cover:
    """One puzzle's matrix, its givens chosen, the forward checks of the other kinds, and
    the :class:`~sudoku_cp.engine.lexmin.PrefixSearch` of the witness method over it."""

    def __init__(self, model: Model, deadline: Deadline) -> None:
        model = decompose(model, NATIVE_KINDS, NAME)
        self.model, self.deadline, self.n = model, deadline, model.value_count
        primary, secondary, self.candidates, rows = exact_cover_matrix(model)
        self.links = DancingLinks(primary, secondary, rows)
        self.row_of: list[dict[int, int]] = [{} for _ in range(model.cell_count)]
        for row, (cell, value) in enumerate(self.candidates):
            self.row_of[cell][value] = row
        self.value = [0] * model.cell_count  # the values chosen so far (0: open)
        # every kind but AllDifferent (the matrix) and ValueIn (the rows) is a check: the
        # engine's propagator for it, exact on a complete assignment
        others = [c for c in model.constraints if not isinstance(c, kinds.AllDifferent | kinds.ValueIn)]
        if model.of_kind(kinds.Sum):
            others += implied_sums(model)  # the "45 rule": sums every solution has
        self.checks: list[list[tuple]] = [[] for _ in range(model.cell_count)]
        self.propagators = [(propagator(c, model), c.cells) for c in others]
        for check in self.propagators:
            for cell in check[1]:
                self.checks[cell].append(check)
        self.has_checks = bool(self.propagators)
        self.masks = [0] * model.cell_count  # scratch candidate masks for the propagators
        self.searches = 0
        self.row_major = False  # the column choice of search(): row-major, or the S heuristic
        self.feasible = all(self.fix(cell, given) for cell, given in enumerate(model.givens) if given)
        if self.feasible and self.has_checks:
            self.feasible = self._propagate_to_fixed_point()

    # -- forward checking -------------------------------------------------------------------------

    def _ruled_out(self, check: tuple) -> list[int] | None:
        """The rows of the check's open cells that its propagator rules out, or None for a
        contradiction."""
        propagate, cells = check
        masks, value, candidates = self.masks, self.value, self.candidates
        before = []
        for cell in cells:
            if value[cell]:
                mask = 1 << (value[cell] - 1)
            else:
                mask = 0
                for row in self.links.column_rows(cell):
                    mask |= 1 << (candidates[row][1] - 1)
                if not mask:
                    return None  # an open cell with no row left: a dead end
            masks[cell] = mask
            before.append(mask)
        if propagate(masks) is None:
            return None
        out: list[int] = []
        for cell, mask in zip(cells, before, strict=True):
            gone = mask & ~masks[cell]
            if gone and not value[cell]:
                row_of = self.row_of[cell]
                out += [row_of[v] for v in row_of if gone >> (v - 1) & 1]
        return out

    def rows_to_hide(self, row: int) -> list[int] | None:
        """Choose ``row``'s value for its cell (forward checking, the ``on_select`` of the
        search): the rows of open cells that the propagators of ``Sum``, ``Less`` and
        ``Relation`` (:mod:`sudoku_cp.engine.propagators`) then rule out, or None for a
        dead end."""
        cell, v = self.candidates[row]
        self.value[cell] = v
        out: list[int] = []
        for check in self.checks[cell]:
            ruled_out = self._ruled_out(check)
            if ruled_out is None:
                return None
            out += ruled_out
        return out

    def _propagate_to_fixed_point(self) -> bool:
        """Run every propagator until none rules out a row, hiding those rows for good
        (before the search: a cage's digit combinations, say); False on a contradiction."""
        changed = True
        while changed:
            changed = False
            for check in self.propagators:
                ruled_out = self._ruled_out(check)
                if ruled_out is None:
                    return False
                if self.links.hide(ruled_out):
                    changed = True
        return all(self.value[cell] or self.links.column_rows(cell) for cell in range(len(self.value)))

    def unselect(self, row: int) -> None:
        self.value[self.candidates[row][0]] = 0

    def search(self, limit: int | None, on_solution=None) -> list[list[int]]:
        """Algorithm X from the current matrix, with the forward checks; solutions as rows
        (the columns chosen in row-major order when :attr:`row_major` is set)."""
        self.searches += 1
        if self.has_checks:
            return self.links.search(
                limit,
                deadline=self.deadline,
                on_select=self.rows_to_hide,
                on_unselect=self.unselect,
                on_solution=on_solution,
                row_major=self.row_major,
            )
        return self.links.search(
            limit, deadline=self.deadline, on_solution=on_solution, row_major=self.row_major
        )

    def values(self, rows: Sequence[int]) -> list[int]:
        """The full grid: the fixed cells and the rows of a solution."""
        values = list(self.value)
        for row in rows:
            cell, v = self.candidates[row]
            values[cell] = v
        return values

    # -- the PrefixSearch of the witness method ---------------------------------------------------

    def find_solution(self, cell: int | None = None, below: int | None = None) -> list[int] | None:
        if cell is None:
            return self._first_without(())
        return self._first_without(r for v, r in self.row_of[cell].items() if v >= below)

    def _first_without(self, rows: Iterable[int]) -> list[int] | None:
        """The first solution (cell values) with what is fixed and the rows ``rows`` left
        out for this search, or None."""
        hidden = self.links.hide(rows)
        try:
            found = self.search(1)
        finally:
            self.links.unhide(hidden)
        return self.values(found[0]) if found else None

    def may_take_less(self, cell: int, value: int) -> bool:
        if self.value[cell]:
            return False
        return any(self.candidates[row][1] < value for row in self.links.column_rows(cell))

    def may_take_more(self, cell: int, value: int) -> bool:
        """False when ``cell`` certainly holds no value above ``value`` with what is fixed."""
        if self.value[cell]:
            return self.value[cell] > value
        return any(self.candidates[row][1] > value for row in self.links.column_rows(cell))

    def find_solution_above(self, cell: int, above: int) -> list[int] | None:
        """A solution with what is fixed and ``x_cell > above``, or None."""
        if self.value[cell]:
            found = self.search(1) if self.value[cell] > above else []
            return self.values(found[0]) if found else None
        return self._first_without(r for v, r in self.row_of[cell].items() if v <= above)

    def fix(self, cell: int, value: int) -> bool:
        """Choose ``(cell, value)`` for good, with its forward checks; False when that row
        is gone (it clashes with what is fixed already)."""
        if self.value[cell]:
            return self.value[cell] == value
        row = self.row_of[cell].get(value)
        if row is None or not self.links.select(row):
            return False
        ruled_out = self.rows_to_hide(row)
        if ruled_out is None:
            return False
        self.links.hide(ruled_out)
        return True


class _Witness:
    """The witness method's searches, the first answer already known. A question that the
    engine's propagation of the fixed prefix already refutes
    (:class:`~sudoku_cp.engine.search.BitmaskSearch`: singles, Hall sets and each kind's
    propagator, no search) costs no Algorithm X search, as in the MIP backend."""

    def __init__(self, cover: _Cover, first: list[int], hall_sets: bool = False) -> None:
        self.cover, self.first = cover, first
        self.propagation = BitmaskSearch(cover.model, cover.deadline)
        self.propagation.hall_sets = hall_sets  # on sparse grids: Algorithm X stalled without

    def find_solution(self, cell: int | None = None, below: int | None = None) -> list[int] | None:
        if cell is None and self.first is not None:
            first, self.first = self.first, None
            return first
        return self.cover.find_solution(cell, below)

    def may_take_less(self, cell: int, value: int) -> bool:
        propagation = self.propagation
        return (
            self.cover.may_take_less(cell, value)
            and propagation.may_take_less(cell, value)
            and propagation.propagated(cell, value) is not None
        )

    def fix(self, cell: int, value: int) -> None:
        self.propagation.fix(cell, value)
        if not self.cover.fix(cell, value):
            raise AssertionError(f"cell {cell}: the witness's value {value} is gone: a bug")


NAME = "exact-cover"
"""The name the backend is registered under (used in its messages)."""


@dataclass(frozen=True)
class Options(ProofOptions):
    """The ``"exact-cover"`` backend's options: ``proof``, how the smallest solution is proven:
    ``"witness"`` or ``"row-major"`` (see the module docstring).
    """

    BACKEND = NAME
    PROOFS = PROOFS

    proof: str = "witness"


def _smallest(cover: _Cover, proof: str, log: ProofLog) -> list[int] | None:
    """The smallest solution of what the cover holds, proven (None if none)."""
    if not cover.feasible:
        return log.record(AnySolution(), None)
    if proof == "row-major":
        log.method = "search order"
        cover.searches += 1
        found = cover.links.search(
            1,
            deadline=cover.deadline,
            on_select=cover.rows_to_hide if cover.has_checks else None,
            on_unselect=cover.unselect if cover.has_checks else None,
            row_major=True,
        )
        return log.record(FirstInOrder(), cover.values(found[0]) if found else None)
    first = sparse_witness(cover.model, cover.deadline, min_side=WITNESS_SIDE)
    if first is not None:  # a sparse grid from 20x20 up: the engine's witness, then the proof
        return smallest_solution(_Witness(cover, first, hall_sets=True), cover.model.cell_count, log)[0]
    found = cover.search(2)
    if not found:
        return log.record(AnySolution(), None)
    solutions = sorted(cover.values(rows) for rows in found)
    if len(solutions) == 1:  # the complete search met one solution: it is the smallest
        log.method = "only solution"
        log.record(AnySolution(), solutions[0])
        log.record(OtherThan(tuple(solutions[0])), None)
        return solutions[0]
    return smallest_solution(_Witness(cover, solutions[0]), cover.model.cell_count, log)[0]


def _stats(cover: _Cover) -> dict[str, float]:
    return {"solver_calls": cover.searches, "nodes": cover.links.nodes}


class ExactCover(Backend, options=Options, kinds=NATIVE_KINDS, more_digits=True):
    """The ``"exact-cover"`` backend: the smallest row-major solution, by Algorithm X with
    dancing links.

    ``time_limit`` is for the whole call (building the matrix and every search). Option
    ``proof``: ``"witness"`` (default: the S heuristic, then the witness method when the
    puzzle has several solutions) or ``"row-major"`` (the first solution of a row-major
    search); see the module docstring. Stats: ``solver_calls`` (Algorithm X searches run)
    and ``nodes`` (rows tried, over every search).

    ``count_solutions`` runs Algorithm X (S heuristic) until the cover is exhausted or the
    ``limit``-th solution. ``next_solution``: the next solution shares with ``after`` the
    longest prefix that some solution above ``after`` shares: with ``after``'s cells fixed
    one by one in row-major order, one search per cell asks for a solution with that cell
    above ``after``'s value; at the last cell where one exists, the witness method (on a
    fresh matrix with that prefix fixed and that cell's values up to ``after``'s hidden)
    proves the smallest (``proof`` is accepted, the witness method always runs).
    """

    no_solution = "Algorithm X exhausted the exact cover"

    def _solve(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        cover = _Cover(task.model, task.deadline)
        return _smallest(cover, task.options.proof, task.proof), _stats(cover)

    def _count(self, task: Task) -> tuple[int, dict[str, float]]:
        cover = _Cover(task.model, task.deadline)
        count, limit = 0, task.limit
        if cover.feasible:

            def counted(_rows: list[int]) -> None:
                nonlocal count
                count += 1

            cover.search(limit, on_solution=counted)
            if limit is not None:
                count = min(count, limit)
        return count, _stats(cover)

    def _next(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        model, bound, deadline = task.model, task.after, task.deadline
        walk = _Cover(model, deadline)
        last: tuple[int, list[int]] | None = None  # the deepest cell with a solution above, and one
        if walk.feasible:
            for cell in range(model.cell_count):
                if walk.may_take_more(cell, bound[cell]):
                    found = walk.find_solution_above(cell, bound[cell])
                    if found is not None:
                        last = (cell, found)
                if not walk.fix(cell, bound[cell]):
                    break
        stats = _stats(walk)
        if last is None:
            return None, stats
        cell, witness = last
        cover = _Cover(model, deadline)
        for earlier in range(cell):
            cover.fix(earlier, bound[earlier])
        cover.links.hide(r for v, r in cover.row_of[cell].items() if v <= bound[cell])
        values = smallest_solution(_Witness(cover, witness), model.cell_count, task.proof)[0]
        stats = {key: stats[key] + value for key, value in _stats(cover).items()}
        return values, stats


BACKEND = ExactCover()
"""The backend object; the module-level functions are its methods."""

solve, next_solution, count_solutions = BACKEND.solve, BACKEND.next_solution, BACKEND.count_solutions
