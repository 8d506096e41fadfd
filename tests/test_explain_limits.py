"""explain, hint and grade take a ``time_limit`` (issue 35 item 9); an explanation cut off
by ``max_steps`` or the limit says so instead of "reasoning stalls"."""

from __future__ import annotations

import pytest
from test_cli import run

import sudoku_cp
from sudoku_cp import SolveTimeoutError, SudokuError, datasets, explain, grade, hint
from sudoku_cp.cli import EXIT_SOLVED, EXIT_TIMEOUT
from sudoku_cp.reasoning.techniques.board import Board

HARD = datasets.load("hardest")[1]  # needs forcing steps: many finder calls


def test_max_steps_cut_off_is_not_a_stall():
    path = explain(HARD, max_steps=3)
    assert len(path) == 3
    assert path.cut_off == "max_steps=3"
    assert not path.solved and not path.stalled
    assert "reasoning stalls" not in str(path)
    assert path.summary().startswith("cut off by max_steps=3 after 3 steps")


def test_max_steps_that_reaches_the_end_is_solved():
    whole = explain(HARD)
    path = explain(HARD, max_steps=len(whole))
    assert path.solved and path.cut_off is None


def test_time_limit_cut_off_keeps_the_steps_so_far(monkeypatch):
    # The limit "runs out" at the fourth look at the clock (load-independent).
    looks = []

    def check_deadline(self, who="the reasoning"):
        looks.append(who)
        if self.deadline is not None and self.deadline.time_limit == 60 and len(looks) > 3:
            raise SolveTimeoutError("out of time")

    monkeypatch.setattr(Board, "check_deadline", check_deadline)
    path = explain(HARD, time_limit=60)
    assert path.cut_off == "the time limit of 60 s"
    assert 0 < len(path) <= 3 and not path.stalled and not path.solved
    assert "reasoning stalls" not in str(path)
    assert "cut off by the time limit of 60 s" in path.summary()
    full = explain(HARD)
    assert [str(s) for s in path] == [str(s) for s in full[: len(path)]]


def test_a_limit_too_short_to_solve_raises():
    with pytest.raises(SolveTimeoutError):
        explain(HARD, time_limit=1e-9)
    with pytest.raises(SolveTimeoutError):
        hint(HARD, time_limit=1e-9)


@pytest.mark.parametrize("bad", [-1, 0, "2", True, float("nan")])
def test_bad_time_limits_are_sudoku_errors(bad):
    for call in (explain, hint, grade):
        with pytest.raises(SudokuError, match="time_limit"):
            call(HARD, time_limit=bad)


def test_generous_limits_change_nothing():
    assert str(explain(HARD, time_limit=600)) == str(explain(HARD))
    assert str(hint(HARD, time_limit=600)) == str(hint(HARD))
    assert grade(HARD, time_limit=600) == grade(HARD)


def test_grade_out_of_time(monkeypatch):
    def check_deadline(self, who="the reasoning"):
        if self.deadline is not None and self.deadline.time_limit == 60:
            raise SolveTimeoutError("out of time")

    monkeypatch.setattr(Board, "check_deadline", check_deadline)
    with pytest.raises(SolveTimeoutError, match="grading did not finish within the time limit of 60 s"):
        sudoku_cp.grade(HARD, time_limit=60)


def test_cli_explain_max_steps_and_time_limit():
    code, out, _ = run(["explain", "--max-steps", "2", HARD.to_string()])
    assert code == EXIT_SOLVED
    assert out.strip().splitlines()[-1].startswith("cut off by max_steps=2 after 2 steps")
    code, _, err = run(["explain", "-t", "1e-9", HARD.to_string()])
    assert code == EXIT_TIMEOUT and err.count("\n") == 1
    code, _, err = run(["grade", "-t", "1e-9", HARD.to_string()])
    assert code == EXIT_TIMEOUT and err.count("\n") == 1
    code, _, err = run(["hint", "-t", "1e-9", HARD.to_string()])
    assert code == EXIT_TIMEOUT and err.count("\n") == 1
