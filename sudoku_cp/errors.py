"""The exceptions raised by sudoku_cp.

Every error the package raises on purpose is a :class:`SudokuError`, so one
``except SudokuError`` catches them all. Each also derives from the built-in
exception a Python user would expect (``ValueError``, ``TimeoutError``).
"""

from __future__ import annotations


class SudokuError(Exception):
    """Base class of every error raised by sudoku_cp."""


class InvalidPuzzleError(SudokuError, ValueError):
    """The puzzle is malformed.

    Raised for a wrong number of rows or cells, an unknown character, a value
    out of range, or a value repeated in a row, column or box. The message says
    what is wrong and where (line, row, column, box).
    """


class NoSolutionError(SudokuError):
    """The givens are consistent (no repeated value in any unit) but no solution exists."""


class SolveTimeoutError(SudokuError, TimeoutError):
    """The ``time_limit`` (in seconds) ran out before the answer was found and proven."""


class UnknownBackendError(SudokuError, ValueError):
    """The backend name is not registered; the message lists the known ones."""


class BackendUnavailableError(SudokuError, ImportError):
    """The backend needs an optional package that is not installed; the message says how
    to install it (``pip install "sudoku_cp[sat]"``)."""
