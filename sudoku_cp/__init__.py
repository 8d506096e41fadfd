"""sudoku_cp: Sudoku as a constraint-programming model, solved by interchangeable backends.

``sudoku_cp.solve(puzzle)`` takes a puzzle in any common text layout (or a list of
lists) and returns the smallest row-major solution as a :class:`Grid`; every backend
returns the same grid.
"""

from importlib.metadata import version as _version

from sudoku_cp import datasets
from sudoku_cp.api import solve, solve_with_stats
from sudoku_cp.backends import backend_names, register_backend
from sudoku_cp.batch import BatchItem, solve_many
from sudoku_cp.compare import compare, summarize
from sudoku_cp.errors import (
    InvalidPuzzleError,
    NoSolutionError,
    SolveTimeoutError,
    SudokuError,
    UnknownBackendError,
)
from sudoku_cp.formats import Layout
from sudoku_cp.grid import Grid
from sudoku_cp.result import SolveResult

__all__ = [
    "BatchItem",
    "Grid",
    "InvalidPuzzleError",
    "Layout",
    "NoSolutionError",
    "SolveResult",
    "SolveTimeoutError",
    "SudokuError",
    "UnknownBackendError",
    "backend_names",
    "compare",
    "datasets",
    "register_backend",
    "solve",
    "solve_many",
    "solve_with_stats",
    "summarize",
]

__version__ = _version("sudoku_cp")
