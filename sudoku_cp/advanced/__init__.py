"""Kept for old imports only: the advanced techniques (wings, chains, ALS, forcing chains,
the minimal deduction...) are rows of the one table, :data:`sudoku_cp.techniques.TECHNIQUES`,
their finders modules of :mod:`sudoku_cp.techniques`, and :func:`sudoku_cp.explain` goes to
the end with them: ``explain_to_end`` is :func:`sudoku_cp.explain`."""

from __future__ import annotations

from sudoku_cp.stepwise import explain as explain_to_end

__all__ = ["explain_to_end"]
