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
    _Graph,
    aic_graph,
    alternating_search,
    shortest,
    shortest_aic,
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
    if shortest_aic(graph) is None:
        # every loop elimination is an AIC's (the rest of the loop, from one end of the
        # link the candidate sees to the other), so no AIC here means no loop: the
        # per-start loop search is skipped where it would find nothing
        return
    best = shortest(graph, _loop)
    if best is None:
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
