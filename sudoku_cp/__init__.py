"""sudoku_cp: Sudoku and its variants as constraint-programming models, solved by
interchangeable backends.

``sudoku_cp.solve(puzzle)`` takes a puzzle in any common text layout, a list of lists,
a :class:`Grid`, or a :class:`Puzzle` (givens plus rules: killer, thermo, jigsaw, ...)
and returns the smallest row-major solution as a :class:`Grid`; every backend returns
the same grid. ``count_solutions``, ``is_unique``, ``solutions`` and ``why_not_unique``
answer how many solutions a puzzle has; ``generate`` makes proper puzzles and ``grade``
rates them.
"""

from importlib.metadata import version as _version

from sudoku_cp import datasets, rules
from sudoku_cp.api import solve, solve_with_stats
from sudoku_cp.backends import DEFAULT_BACKEND, backend_names, register_backend
from sudoku_cp.batch import BatchItem, solve_many
from sudoku_cp.compare import compare, summarize
from sudoku_cp.counting import Ambiguity, count_solutions, is_unique, solutions, why_not_unique
from sudoku_cp.errors import (
    BackendUnavailableError,
    InvalidPuzzleError,
    NoSolutionError,
    NotSupportedError,
    SolveTimeoutError,
    SudokuError,
    UnknownBackendError,
)
from sudoku_cp.formats import Layout
from sudoku_cp.generator import generate
from sudoku_cp.grading import Grade, grade
from sudoku_cp.grid import Grid
from sudoku_cp.puzzle import Puzzle, load_puzzles
from sudoku_cp.result import SolveResult

__all__ = [
    "Ambiguity",
    "DEFAULT_BACKEND",
    "BackendUnavailableError",
    "BatchItem",
    "Grade",
    "Conflict",
    "Grid",
    "InvalidPuzzleError",
    "Layout",
    "NoSolutionError",
    "NotSupportedError",
    "Puzzle",
    "SolveResult",
    "SolveTimeoutError",
    "SudokuError",
    "UnknownBackendError",
    "backend_names",
    "compare",
    "count_solutions",
    "datasets",
    "generate",
    "grade",
    "is_unique",
    "explain",
    "explain_conflict",
    "hint",
    "load_puzzles",
    "register_backend",
    "rules",
    "solve",
    "solve_many",
    "solutions",
    "solve_with_stats",
    "summarize",
    "why_not_unique",
]

__version__ = _version("sudoku_cp")

_BACKEND_MODULES = {"backtracking", "cpsat", "pyconstraint", "sat"}


_LAZY = {
    "Conflict": "sudoku_cp.conflict",
    "explain_conflict": "sudoku_cp.conflict",
    "explain": "sudoku_cp.stepwise",
    "hint": "sudoku_cp.stepwise",
}


def __getattr__(name: str):
    # ``from sudoku_cp import cpsat`` reaches the backend module, and ``explain_conflict``
    # its module, imported on first use so that ``import sudoku_cp`` does not load
    # OR-Tools or python-constraint.
    import importlib

    if name in _BACKEND_MODULES:
        return importlib.import_module(f"sudoku_cp.backends.{name}")
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'sudoku_cp' has no attribute {name!r}")
