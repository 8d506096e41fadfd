"""Progress bars only where someone watches (issue 9): none by default in a pipe, a log or a
test; on request always; in a notebook without ipywidgets a quiet text bar (no TqdmWarning).
And the default backend's name at the top level."""

from __future__ import annotations

import warnings

import sudoku_cp
from sudoku_cp import compare, datasets, progress, solve_many

PUZZLES = datasets.load("hardest", limit=3)


def test_default_backend_is_at_the_top_level():
    assert sudoku_cp.DEFAULT_BACKEND == sudoku_cp.backends.DEFAULT_BACKEND == "cpsat"
    assert "DEFAULT_BACKEND" in sudoku_cp.__all__


def test_no_bar_by_default_when_standard_error_is_not_a_terminal(capsys):
    solve_many(PUZZLES, backend="backtracking")
    compare(PUZZLES, backends=["backtracking"])
    assert capsys.readouterr().err == ""


def test_a_bar_when_asked(capsys):
    solve_many(PUZZLES, backend="backtracking", progress=True)
    assert "3/3" in capsys.readouterr().err


def test_a_bar_by_default_at_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(progress, "_stderr_is_terminal", lambda: True)
    solve_many(PUZZLES, backend="backtracking")
    assert "3/3" in capsys.readouterr().err


def test_a_notebook_without_ipywidgets_gets_a_quiet_text_bar(capsys, monkeypatch):
    monkeypatch.setattr(progress, "in_notebook", lambda: True)
    monkeypatch.setattr(progress, "_has_widgets", lambda: False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a TqdmWarning would fail the test
        solve_many(PUZZLES, backend="backtracking")
    assert "3/3" in capsys.readouterr().err


def test_outside_jupyter_is_not_a_notebook():
    assert not progress.in_notebook()
