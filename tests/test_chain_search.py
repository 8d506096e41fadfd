"""The chains' search from every start at once (``chains._shortest_chain``, a multi-source
BFS) gives the chain the per-start search gives (``chains.shortest`` of ``chains._search``:
the shortest, from the first start in order that has one of that length), on the states of
hard puzzles' solving paths; and the graph's weak links and weakly linked candidates, worked
out from bit sets, are those of their definitions."""

from __future__ import annotations

import pytest

from sudoku_cp import datasets
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.techniques import Board, chains
from sudoku_cp.reasoning.techniques.board import values_of
from sudoku_cp.reasoning.techniques.table import TECHNIQUES, next_step

_CHEAP = tuple(t for t in TECHNIQUES if t.name in ("hidden single", "naked single", "locked candidates"))


def _states(limit: int, name: str = "hardest"):
    """States along the solving paths of a few puzzles of the data set ``name`` (Norvig's
    hardest by default): after the cheap techniques, then one AIC at a time."""
    for item in datasets.load(name)[:3]:
        puzzle = as_puzzle(item)[0]
        board = Board(puzzle.model)
        candidates = board.initial()
        placed = {c for c, v in enumerate(puzzle.grid.cells) if v}
        for _ in range(limit):
            while (found := next_step(board, candidates, placed, _CHEAP)) is not None:
                for cell, value in found[1].eliminations:
                    candidates[cell] &= ~(1 << (value - 1))
                placed.update(c for c, _ in found[1].placements)
            if len(placed) == len(candidates):
                break
            yield board, list(candidates), set(placed)
            step = next(chains.find_aic(board, candidates, placed), None)
            if step is None:
                break
            for cell, value in step.eliminations:
                candidates[cell] &= ~(1 << (value - 1))


@pytest.mark.parametrize(
    ("kind", "name"), [("aic", "hardest"), ("x", "hardest"), ("xy", "hardest"), ("aic", "gen_jigsaw")]
)
def test_every_start_at_once_finds_the_per_start_chain(kind, name):
    compared = 0
    for board, candidates, placed in _states(6, name):
        at_once = chains._shortest_chain(chains._Graph(board, candidates, placed, kind))
        per_start = chains.shortest(chains._Graph(board, candidates, placed, kind), chains._search)
        assert at_once == per_start
        compared += 1
    assert compared >= 6


def test_weak_links_and_candidates_match_their_definitions():
    for board, candidates, placed in _states(2):
        graph = chains._Graph(board, candidates, placed, "aic")
        n = graph.side
        for a, (group, value) in enumerate(zip(graph.cells, graph.values, strict=True)):
            seen = graph.seen_bits[a]
            expected = [
                b
                for b, (other, w) in enumerate(zip(graph.cells, graph.values, strict=True))
                if w == value and b != a and all(seen >> c & 1 for c in other)
            ]
            if len(group) == 1:
                expected += [b for b in graph.in_cell.get(group[0], ()) if b != a]
            assert graph.weak(a) == expected
            wanted = {
                (c, value)
                for c in range(len(candidates))
                if seen >> c & 1 and c not in placed and candidates[c] >> (value - 1) & 1
            }
            if len(group) == 1:
                wanted |= {(group[0], w) for w in values_of(candidates[group[0]]) if w != value}
            assert set(graph.candidates_in(graph.weak_candidates(a))) == wanted
            assert n == board.value_count
