"""The registry of backends: a name maps to the function that solves a grid.

A backend is a function ``solve(grid, *, time_limit=None, **options) -> (solution, stats)``
taking a :class:`~sudoku_cp.grid.Grid`, returning the smallest row-major solution as a
Grid and a dict of effort counters, and raising :class:`~sudoku_cp.errors.NoSolutionError`
or :class:`~sudoku_cp.errors.SolveTimeoutError`. Adding a backend is one module with such a
function plus one line in ``_BACKENDS`` (or a call to :func:`register_backend`).
Modules are imported on first use, so ``import sudoku_cp`` stays light.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

from sudoku_cp.errors import UnknownBackendError
from sudoku_cp.grid import Grid

BackendFunction = Callable[..., tuple[Grid, dict[str, float]]]

DEFAULT_BACKEND = "cpsat"
"""The backend :func:`sudoku_cp.solve` uses when none is named."""

_BACKENDS: dict[str, str | BackendFunction] = {
    "backtracking": "sudoku_cp.backtracking:solve",
    "cpsat": "sudoku_cp.cpsat:solve",
    "python-constraint": "sudoku_cp.pyconstraint:solve",
}


def register_backend(name: str, target: str | BackendFunction) -> None:
    """Register a backend under ``name``: a function, or ``"module:function"`` imported lazily."""
    _BACKENDS[name] = target


def backend_names() -> list[str]:
    """The registered backend names, in registration order."""
    return list(_BACKENDS)


def get_backend(name: str) -> BackendFunction:
    """Return the solving function registered as ``name``.

    Raises:
        UnknownBackendError: no backend has that name; the message lists the known ones.
    """
    try:
        target = _BACKENDS[name]
    except (KeyError, TypeError):
        known = ", ".join(repr(n) for n in _BACKENDS)
        raise UnknownBackendError(f"unknown backend {name!r}; known backends: {known}") from None
    if isinstance(target, str):
        module_name, _, function_name = target.partition(":")
        target = getattr(importlib.import_module(module_name), function_name)
        _BACKENDS[name] = target
    return target


def check_options(name: str, function: BackendFunction, options: dict[str, Any]) -> None:
    """Raise TypeError naming any option the backend does not take, and those it does."""
    parameters = inspect.signature(function).parameters
    accepted = [p for p in parameters if p not in ("grid", "time_limit")]
    unknown = [o for o in options if o not in accepted]
    if unknown:
        takes = ", ".join(accepted) if accepted else "no options"
        raise TypeError(f"backend {name!r} does not take {', '.join(map(repr, unknown))}; it takes: {takes}")
