"""Knuth's Algorithm X with dancing links: exact cover, the field's own Sudoku algorithm.

An *exact cover* problem is a 0/1 matrix: choose a set of rows such that every
*primary* column holds exactly one 1 among them, and every *secondary* column at most one.
Algorithm X (Knuth, "Dancing Links", in *Millennial Perspectives in Computer Science*,
2000; arXiv cs/0011047) solves it by depth-first search: choose a primary column ``c``
that no chosen row covers yet; for each row ``r`` with a 1 in ``c``: choose ``r``, remove
every column ``r`` covers and every row that clashes with ``r`` (a 1 in one of those
columns), search on, and put them back. *Dancing links* make removing and putting back
cheap: the 1s of the matrix are nodes of circular doubly linked lists, one per row and
one per column, and a removed node keeps its own links, so that
``L[R[x]] = x; R[L[x]] = x`` undoes ``L[R[x]] = L[x]; R[L[x]] = R[x]`` (the "dance").
Columns are chosen by Knuth's *S heuristic*: the one with fewest rows left, which is
the most constrained cell, or the unit where a value has fewest places (a hidden single).

This module is the algorithm alone, over any matrix (:class:`DancingLinks`);
:mod:`sudoku_cp.backends.exact_cover` builds Sudoku's matrix. The links are plain lists
of ints indexed by node (``L``, ``R``, ``U``, ``D``, ``C``: the column of a node; ``S``:
the rows left in a column), not objects: attribute lookups dominate pure-Python DLX.

Beyond Knuth's algorithm, two hooks for the constraints that are not exact cover:
``on_select(row)``, called once a row is chosen, returns rows to *hide* (taken out of
every column as a removed row is, and put back on backtracking), which is forward
checking; and :meth:`DancingLinks.hide` hides rows outside the search (for questions
such as "a solution where this cell is below 5?"). Rows that are chosen for good
(:meth:`DancingLinks.select`, the givens) stay chosen for the object's life.

>>> # Knuth's example (Dancing Links, section 2): columns A..G, six rows; {0, 3, 4} covers.
>>> rows = [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]]
>>> [sorted(rows) for rows in DancingLinks(7, 0, rows).search(limit=None)]
[[0, 3, 4]]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from sudoku_cp.engine.runtime import Deadline

_DEADLINE_CHECK_EVERY = 256  # search nodes between clock reads


class DancingLinks:
    """An exact cover matrix in dancing links, and Algorithm X over it.

    Args:
        primary: the number of primary columns (covered exactly once), numbered ``0..primary-1``.
        secondary: the number of secondary columns (covered at most once), numbered
            ``primary..primary+secondary-1``.
        rows: for each row, the columns of its 1s (ascending or not; no repeats). A row's
            first column must be primary if :meth:`hide` or ``on_select`` is used (a row
            counts as present while its first node is linked in that column).

    Attributes:
        nodes: search nodes (rows tried) since construction, over every search.
    """

    def __init__(self, primary: int, secondary: int, rows: Sequence[Sequence[int]]) -> None:
        columns = primary + secondary
        # node 0 is the root; node 1 + j is the header of column j; then the 1s, row by row
        self.L = L = [0] * (columns + 1)
        self.R = R = [0] * (columns + 1)
        self.U = U = list(range(columns + 1))
        self.D = D = list(range(columns + 1))
        self.C = C = list(range(columns + 1))
        self.S = S = [0] * (columns + 1)
        self.ROW = ROW = [-1] * (columns + 1)
        for header in range(columns + 1):
            L[header] = R[header] = header  # secondary headers stay out of the root's list
        previous = 0
        for header in range(1, primary + 1):  # the root's list: the primary headers, in order
            L[header], R[header] = previous, 0
            R[previous] = header
            L[0] = header
            previous = header
        self.first: list[int] = []  # each row's first node
        for row, cols in enumerate(rows):
            start = len(L)
            for k, column in enumerate(cols):
                node, header = len(L), column + 1
                last = U[header]
                L.append(node - 1 if k else node)
                R.append(node)
                U.append(last)
                D.append(header)
                C.append(header)
                ROW.append(row)
                D[last] = node
                U[header] = node
                S[header] += 1
                if k:
                    R[node - 1] = node
            if len(L) > start:
                L[start] = len(L) - 1
                R[-1] = start
            self.first.append(start)
        self.primary = primary
        self.nodes = 0

    # -- rows and columns ---------------------------------------------------------------------

    def column_rows(self, column: int) -> list[int]:
        """The rows still present in ``column``, top to bottom."""
        D, ROW = self.D, self.ROW
        header = column + 1
        found, node = [], D[header]
        while node != header:
            found.append(ROW[node])
            node = D[node]
        return found

    def open_columns(self) -> list[int]:
        """The primary columns no chosen row covers yet, in order: the columns Algorithm X
        chooses among (the S heuristic takes one with fewest :meth:`column_rows`).

        >>> links = DancingLinks(3, 0, [[0, 1], [2], [1, 2]])
        >>> links.select(1), links.open_columns(), links.column_rows(1)
        (True, [0, 1], [0])
        """
        R, found, header = self.R, [], self.R[0]
        while header:
            found.append(header - 1)
            header = R[header]
        return found

    def is_present(self, row: int) -> bool:
        """True while the row's first node is linked in its column (see the class docstring)."""
        first = self.first[row]
        return self.D[self.U[first]] == first

    def select(self, row: int) -> bool:
        """Choose ``row`` for good: cover every column it has a 1 in. False, changing
        nothing, when the row is no longer present (it clashes with a chosen one)."""
        if not self.is_present(row):
            return False
        cover, _ = _covering(self.L, self.R, self.U, self.D, self.C, self.S)
        node = self.first[row]
        while True:
            cover(self.C[node])
            node = self.R[node]
            if node == self.first[row]:
                return True

    def hide(self, rows: Iterable[int]) -> list[int]:
        """Take the present ones of ``rows`` out of their columns; return them, for :meth:`unhide`."""
        U, D, R, C, S, first = self.U, self.D, self.R, self.C, self.S, self.first
        hidden = []
        for row in rows:
            start = first[row]
            if D[U[start]] != start:
                continue  # already out
            node = start
            while True:
                U[D[node]] = U[node]
                D[U[node]] = D[node]
                S[C[node]] -= 1
                node = R[node]
                if node == start:
                    break
            hidden.append(row)
        return hidden

    def unhide(self, hidden: Sequence[int]) -> None:
        """Put back rows :meth:`hide` took out (in reverse order)."""
        U, D, L, C, S, first = self.U, self.D, self.L, self.C, self.S, self.first
        for row in reversed(hidden):
            start = L[first[row]]
            node = start
            while True:
                U[D[node]] = node
                D[U[node]] = node
                S[C[node]] += 1
                node = L[node]
                if node == start:
                    break

    # -- Algorithm X --------------------------------------------------------------------------

    def search(
        self,
        limit: int | None = 1,
        *,
        deadline: Deadline | None = None,
        on_select: Callable[[int], Iterable[int] | None] | None = None,
        on_unselect: Callable[[int], None] | None = None,
        on_solution: Callable[[list[int]], None] | None = None,
        row_major: bool = False,
    ) -> list[list[int]]:
        """Algorithm X from the current matrix: up to ``limit`` solutions (``None``: all).

        Each solution is the list of rows the search chose (the rows chosen by
        :meth:`select` are not repeated), in the order chosen. The matrix is as it was
        when the search returns, or raises.

        Args:
            limit: stop after this many solutions; ``None`` exhausts the search (an
                exact count; see ``on_solution`` to avoid keeping them).
            deadline: checked every few hundred nodes.
            on_select: called with each row as it is chosen (its columns covered);
                returns rows to hide until the choice is undone (forward checking), or
                ``None`` when the choice is a dead end.
            on_unselect: called with each row as its choice is undone (after every
                ``on_select`` call).
            on_solution: called with each solution instead of collecting it (then the
                returned list is empty; count in the callback).
            row_major: branch on the first primary column still open (in column order)
                instead of the one with fewest rows, unless a column has at most one row
                left (a dead end, or a forced row). With the columns of a problem's
                variables first and each variable's rows in ascending value, solutions
                then come in lexicographic order (see :mod:`sudoku_cp.backends.exact_cover`).

        Raises:
            SolveTimeoutError: ``deadline`` passed (the matrix is restored first).
        """
        L, R, U, D, C, S, ROW = self.L, self.R, self.U, self.D, self.C, self.S, self.ROW
        hide, unhide = self.hide, self.unhide
        found: list[list[int]] = []
        chosen: list[int] = []
        count = 0
        at = None if deadline is None else deadline.at
        clock = time.perf_counter
        nodes = 0

        cover, uncover = _covering(L, R, U, D, C, S)

        def recurse() -> bool:
            """True to stop (the limit reached)."""
            nonlocal count, nodes
            best = R[0]
            if best == 0:
                count += 1
                if on_solution is None:
                    found.append(list(chosen))
                else:
                    on_solution(chosen)
                return limit is not None and count >= limit
            size = S[best]
            column = R[best]
            while column != 0 and size > 1:
                if S[column] < size:
                    best, size = column, S[column]
                column = R[column]
            if size == 0:
                return False
            if row_major and size > 1:
                best = R[0]
            cover(best)
            row = D[best]
            stop = False
            try:
                while row != best:
                    nodes += 1
                    if at is not None and not nodes % _DEADLINE_CHECK_EVERY and clock() > at:
                        raise deadline.timeout("Algorithm X")
                    j = R[row]
                    while j != row:
                        cover(C[j])
                        j = R[j]
                    chosen.append(ROW[row])
                    hidden = ()
                    try:
                        if on_select is None:
                            stop = recurse()
                        else:
                            ruled_out = on_select(ROW[row])
                            if ruled_out is not None:  # None: a dead end
                                hidden = hide(ruled_out)
                                stop = recurse()
                    finally:
                        if hidden:
                            unhide(hidden)
                        if on_unselect is not None:
                            on_unselect(ROW[row])
                        chosen.pop()
                        j = L[row]
                        while j != row:
                            uncover(C[j])
                            j = L[j]
                    if stop:
                        break
                    row = D[row]
            finally:
                uncover(best)
            return stop

        try:
            recurse()
        finally:
            self.nodes += nodes
        return found


def _covering(
    L: list[int], R: list[int], U: list[int], D: list[int], C: list[int], S: list[int]
) -> tuple[Callable[[int], None], Callable[[int], None]]:
    """``(cover, uncover)`` of a column header over the link arrays (Knuth's *Dancing
    Links*, 2000): ``cover`` takes the column and every row meeting it out, ``uncover``
    puts them back in the reverse order. Closures over the arrays, so that the search's
    inner loop makes no attribute look-up (``self.L``, ``self.R``...) per call."""

    def cover(header: int) -> None:
        L[R[header]] = L[header]
        R[L[header]] = R[header]
        i = D[header]
        while i != header:
            j = R[i]
            while j != i:
                U[D[j]] = U[j]
                D[U[j]] = D[j]
                S[C[j]] -= 1
                j = R[j]
            i = D[i]

    def uncover(header: int) -> None:
        i = U[header]
        while i != header:
            j = L[i]
            while j != i:
                S[C[j]] += 1
                U[D[j]] = j
                D[U[j]] = j
                j = L[j]
            i = U[i]
        L[R[header]] = header
        R[L[header]] = header

    return cover, uncover
