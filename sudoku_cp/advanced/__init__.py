"""Deprecated, kept for old imports only: the advanced techniques (wings, chains, ALS,
forcing chains, the minimal deduction...) are rows of the one table,
:data:`sudoku_cp.reasoning.techniques.TECHNIQUES`, their finders modules of
:mod:`sudoku_cp.reasoning.techniques`, and :func:`sudoku_cp.explain` goes to the end with
them: ``explain_to_end`` is :func:`sudoku_cp.explain`. Importing this module raises a
:class:`DeprecationWarning`; it goes in a later release."""

from __future__ import annotations

import warnings

from sudoku_cp.reasoning.stepwise import explain as explain_to_end

warnings.warn(
    "sudoku_cp.advanced is deprecated: use sudoku_cp.explain (explain_to_end is sudoku_cp.explain)",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["explain_to_end"]
