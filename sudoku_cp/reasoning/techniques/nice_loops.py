"""Continuous nice loops: alternating inference chains that close on themselves (HoDoKu
"Continuous Nice Loop" and "AIC loops"; SudokuWiki "X-Cycles" rule 1 and "Alternating
Inference Chains", continuous loops).

A loop ``A = B - C = D ... = Z - A`` alternates strong and weak links (the nodes and
links of :mod:`~sudoku_cp.reasoning.techniques.chains`: candidates or grouped places, strong
when one of the two is true, weak when at most one is), ``k`` of each. Its ``k`` strong
links need at least ``k`` true nodes, its ``k`` weak links allow at most ``k``: exactly
``k`` are true, one in every pair of neighbours, whether the link between them is strong
or weak. So every weak link is strong too, and a candidate weakly linked to both nodes of
any link of the loop is false: a value in cells seeing both ends of a link in a unit
leaves them, and a cell whose two candidates are linked in the loop loses its others.

Units: those of the chains (strong links in any unit, weak links through any
AllDifferent, groups where a non-line unit meets a row or column). Premises: the loop's
nodes, the units of its strong links, the units of its weak links and those through
which each removed candidate sees the link it is removed by.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_cp.reasoning.techniques.board import Board, Deduction
from sudoku_cp.reasoning.techniques.chains import (
    Check,
    _Graph,
    aic_graph,
    alternating_search,
    shortest_aic_with,
)


def _loop(graph: _Graph, s: int, limit: int):
    """A shortest loop through ``s`` that removes something: ``(nodes, strong-link units,
    targets)`` (the nodes from ``s``, the last weakly linked back to it), or ``None``
    (:func:`chains.alternating_search`)."""
    back_to_start = set(graph.weak(s))

    def accept(b: int, path):
        nodes, units = path(b)  # (b is weakly linked back to s: the search checked it)
        targets = _targets(graph, nodes)
        if targets:
            return nodes, units, targets
        return None

    return alternating_search(graph, s, limit, accept, near=back_to_start)


def _loop_check(graph: _Graph) -> Check:
    """The continuous nice loops' :data:`chains.Check`: with it, :func:`chains.search_at_once`
    gives :func:`chains.shortest` of :func:`_loop` (the same answer: the shortest loop, from
    the first start in order that has one of that length), the per-start search run only
    where it can close a loop.

    A start's search offers ``accept`` a node ``b`` reached "on" at depth ``d`` only when
    ``b`` is weakly linked back to the start, and returns the first it accepts; a search
    offered nothing finds nothing. The search from every start at once gives, depth by
    depth, the starts that reach some node weakly linked back to them, the only ones whose
    search is offered anything at that depth. Tried in order at the first depth where any
    is, the first whose own search (to that depth) accepts gives the loop: no start found
    one at a smaller depth (its search would have returned it, the same to any depth past
    it), so this is the shortest, from the first start that has one of that length. Most
    starts cannot close (226 of 28,206 could, on the states where 25 SE 9+ puzzles' paths
    tried the row): one search from all starts replaces one per start."""
    starts = graph.starts
    closing = [0] * len(graph.cells)  # per node, the starts weakly linked to it, as a bit set
    for k, s in enumerate(starts):
        bit = 1 << k
        for b in graph.weak(s):
            closing[b] |= bit

    def check(depth: int, reached: list[tuple[int, int]]):
        closers = 0
        for b, new in reached:
            closers |= new & closing[b]
        while closers:
            low = closers & -closers
            found = _loop(graph, starts[low.bit_length() - 1], depth)
            if found is not None:
                return found
            closers ^= low
        return None

    return check


def _targets(graph: _Graph, nodes: list[int]) -> list[tuple[int, int]]:
    """The open candidates weakly linked to both nodes of some link of the loop ``nodes``
    (closed from the last back to the first), sorted."""
    both = 0
    ring = [*nodes, nodes[0]]
    for a, b in zip(ring, ring[1:], strict=False):
        both |= graph.weak_candidates(a) & graph.weak_candidates(b)
    return graph.candidates_in(both)


def find_continuous_nice_loop(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Continuous nice loop (see the module docstring): a shortest loop among those that
    remove anything, over the nodes and links of an AIC (grouped nodes included)."""
    graph = aic_graph(board, candidates, placed)  # AIC's, tried next on this state
    aic, best = shortest_aic_with(graph, _loop_check(graph))  # (one search from every start)
    if aic is None or best is None:
        # every loop elimination is an AIC's (the rest of the loop, from one end of the
        # link the candidate sees to the other), so no AIC here means no loop
        return
    nodes, units, targets = best
    ring = [*nodes, nodes[0]]
    target_pairs = []
    for t, value in targets:  # each removed candidate sees both nodes of some link
        for a, b in zip(ring, ring[1:], strict=False):
            bit = 1 << (t * graph.side + value - 1)
            if graph.weak_candidates(a) & graph.weak_candidates(b) & bit:
                target_pairs += [(t, c) for e in (a, b) for c in graph.cells[e] if c != t]
                break
    yield graph.deduction("Continuous Nice Loop", ring, units, targets, target_pairs)


__all__ = ["find_continuous_nice_loop"]
