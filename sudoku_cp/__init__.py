"""sudoku_cp: Sudoku and its variants as constraint-programming models, solved by
interchangeable backends.

``sudoku_cp.solve(puzzle)`` takes a puzzle in any common text layout, a list of lists,
a :class:`Grid`, or a :class:`Puzzle` (givens plus rules: killer, thermo, jigsaw, ...)
and returns the smallest row-major solution as a :class:`Grid`; every backend returns
the same grid.
"""

from importlib.metadata import version as _version

from sudoku_cp import datasets, rules
from sudoku_cp.api import solve, solve_with_stats
from sudoku_cp.backends import DEFAULT_BACKEND, backend_names, register_backend
from sudoku_cp.batch import BatchItem, solve_many
from sudoku_cp.compare import compare, summarize
from sudoku_cp.errors import (
    BackendUnavailableError,
    InvalidPuzzleError,
    NoSolutionError,
    SolveTimeoutError,
    SudokuError,
    UnknownBackendError,
)
from sudoku_cp.formats import Layout
from sudoku_cp.grid import Grid
from sudoku_cp.puzzle import Puzzle, load_puzzles
from sudoku_cp.result import SolveResult

__all__ = [
    "DEFAULT_BACKEND",
    "BackendUnavailableError",
    "BatchItem",
    "Grid",
    "InvalidPuzzleError",
    "Layout",
    "NoSolutionError",
    "Puzzle",
    "SolveResult",
    "SolveTimeoutError",
    "SudokuError",
    "UnknownBackendError",
    "backend_names",
    "compare",
    "datasets",
    "load_puzzles",
    "register_backend",
    "rules",
    "solve",
    "solve_many",
    "solve_with_stats",
    "summarize",
]

__version__ = _version("sudoku_cp")

_BACKEND_MODULES = {"backtracking", "cpsat", "pyconstraint", "sat"}


def __getattr__(name: str):
    # ``from sudoku_cp import cpsat`` reaches the backend module, imported on first use so
    # that ``import sudoku_cp`` does not load OR-Tools or python-constraint.
    if name in _BACKEND_MODULES:
        import importlib

        return importlib.import_module(f"sudoku_cp.backends.{name}")
    raise AttributeError(f"module 'sudoku_cp' has no attribute {name!r}")
