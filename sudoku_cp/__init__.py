"""sudoku_cp: Sudoku and its variants as constraint-programming models, solved by
interchangeable backends.

``sudoku_cp.solve(puzzle)`` takes a puzzle in any common text layout, a list of lists,
a :class:`Grid`, or a :class:`Puzzle` (givens plus rules: killer, thermo, jigsaw, ...)
and returns the smallest row-major solution as a :class:`Grid`; every backend returns
the same grid. ``count_solutions``, ``is_unique``, ``solutions`` and ``why_not_unique``
answer how many solutions a puzzle has; ``generate`` makes proper puzzles and ``grade``
rates them.
"""

from sudoku_cp import _moved
from sudoku_cp.api import solve, solve_with_stats
from sudoku_cp.backends import DEFAULT_BACKEND, backend_names, register_backend, unregister_backend
from sudoku_cp.errors import (
    BackendUnavailableError,
    InvalidArgumentError,
    InvalidPuzzleError,
    MarksExcludeSolutionError,
    NoSolutionError,
    NotProperError,
    NotSupportedError,
    SolveTimeoutError,
    SudokuError,
    UnknownBackendError,
)
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle

_moved.install()  # the old module paths (sudoku_cp.model.grid...) keep working, with a DeprecationWarning

__all__ = [
    "Ambiguity",
    "DEFAULT_BACKEND",
    "BackendUnavailableError",
    "BatchItem",
    "Grade",
    "Conflict",
    "Explanation",
    "Grid",
    "InvalidArgumentError",
    "InvalidPuzzleError",
    "Layout",
    "MarksExcludeSolutionError",
    "MultiGrid",
    "NoSolutionError",
    "NotProperError",
    "NotSupportedError",
    "Puzzle",
    "SolveResult",
    "SolveTimeoutError",
    "Step",
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
    "solve_iter",
    "solve_many",
    "solutions",
    "solve_with_stats",
    "summarize",
    "unregister_backend",
    "why_not_unique",
]

_LAZY = {
    # name -> module: imported on first use, so that ``import sudoku_cp`` stays fast
    # (see benchmarks/bench_startup.py); a backend module (``sudoku_cp.cpsat``) is one too,
    # so that OR-Tools or python-constraint load only when used.
    "Layout": "sudoku_cp.io.formats",
    "load_puzzles": "sudoku_cp.io.inputs",
    "SolveResult": "sudoku_cp.result",
    "BatchItem": "sudoku_cp.batch",
    "solve_iter": "sudoku_cp.batch",
    "solve_many": "sudoku_cp.batch",
    "compare": "sudoku_cp.compare",
    "summarize": "sudoku_cp.compare",
    "Ambiguity": "sudoku_cp.counting",
    "count_solutions": "sudoku_cp.counting",
    "is_unique": "sudoku_cp.counting",
    "solutions": "sudoku_cp.counting",
    "why_not_unique": "sudoku_cp.counting",
    "generate": "sudoku_cp.reasoning.generator",
    "Grade": "sudoku_cp.reasoning.grading",
    "MultiGrid": "sudoku_cp.model.multigrid",
    "grade": "sudoku_cp.reasoning.grading",
    "Conflict": "sudoku_cp.reasoning.conflict",
    "explain_conflict": "sudoku_cp.reasoning.conflict",
    "explain": "sudoku_cp.reasoning.stepwise",
    "hint": "sudoku_cp.reasoning.stepwise",
    "Explanation": "sudoku_cp.reasoning.stepwise",
    "Step": "sudoku_cp.reasoning.stepwise",
    "datasets": None,
    "rules": None,
    "backtracking": None,
    "cpsat": None,
    "pyconstraint": None,
    "sat": None,
}
_SUBMODULE_HOME = {
    **dict.fromkeys(("backtracking", "cpsat", "pyconstraint", "sat"), "sudoku_cp.backends"),
    "rules": "sudoku_cp.model",
}


def __getattr__(name: str):
    import importlib

    if name == "__version__":
        # from the installed metadata, so pyproject.toml is the one place it is set;
        # importlib.metadata alone costs more than the rest of the package's import.
        from importlib.metadata import version

        globals()["__version__"] = value = version("sudoku_cp")
        return value
    if name not in _LAZY:
        raise AttributeError(f"module 'sudoku_cp' has no attribute {name!r}")
    home = _LAZY[name]
    if home is None:
        value = importlib.import_module(f"{_SUBMODULE_HOME.get(name, 'sudoku_cp')}.{name}")
    else:
        value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY, "__version__"})
