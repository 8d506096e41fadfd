"""The techniques that rest on uniqueness wait for a proof that the puzzle is proper
within a budget of search decisions (a region-sum-line puzzle took minutes to prove);
past it they are skipped, while ``Board.proper`` (what a grade or a stalled path
reports) stays exact."""

from __future__ import annotations

from sudoku_cp import Puzzle, datasets
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.reasoning.techniques import board as board_module
from sudoku_cp.reasoning.techniques.board import Board


def test_a_proof_past_the_budget_leaves_uniqueness_unused_but_proper_exact(monkeypatch):
    grid = datasets.load("top95")[3]
    model = Puzzle(grid).model
    search = BitmaskSearch(model)
    assert search.count_solutions(2) == 1 and search.nodes > 128  # more than the budget below
    monkeypatch.setattr(board_module, "PROPER_NODES", 1)
    board_module._proper_within_budget.cache_clear()
    try:
        board = Board(model)
        assert board.proven_proper is False
        assert board.proper is True  # the exact answer, by the whole search
        assert board.proven_proper is True  # once known
    finally:
        board_module._proper_within_budget.cache_clear()


def test_a_proof_within_the_budget_is_remembered_as_proper():
    board = Board(Puzzle(datasets.load("top95")[0]).model)
    assert board.proven_proper is True
    assert "proper" in board.__dict__ and board.proper is True


def test_the_proof_waits_for_a_deadly_pattern(monkeypatch):
    # a path that goes past the uniqueness rows (forcing steps) without meeting a deadly
    # pattern never pays for the proof (on a variant board it can cost seconds)
    from sudoku_cp import explain

    asked = []
    monkeypatch.setattr(Board, "proven_proper", property(lambda self: asked.append(1) or True))
    path = explain(datasets.load("hardest")[2])
    assert path.solved and any(s.net is not None for s in path)
    assert not any(s.technique_id.startswith(("unique", "hidden-rectangle", "bug")) for s in path)
    assert not asked
