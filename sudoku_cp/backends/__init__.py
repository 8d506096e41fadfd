"""The backends and their registry: a name maps to a module that solves a :class:`~sudoku_cp.Puzzle`.

The contract (:class:`Backend`): a backend is an object, usually a module, with

``solve(puzzle, *, time_limit=None, **options) -> (solution, stats)``
    ``puzzle`` is a :class:`~sudoku_cp.puzzle.Puzzle`; the backend compiles
    ``puzzle.model``, whose constraints are the five kinds of
    :mod:`sudoku_cp.constraints` (AllDifferent, Sum, Less, Relation, ValueIn), and
    nothing else. It returns the **smallest row-major solution**, proven (never by luck of
    search order), as a :class:`~sudoku_cp.grid.Grid` of the puzzle's shape, and a dict
    of effort counters that includes ``solver_calls``. It raises
    :class:`~sudoku_cp.errors.NoSolutionError` when there is no solution and
    :class:`~sudoku_cp.errors.SolveTimeoutError` when ``time_limit`` (seconds, the whole
    call) runs out; its keyword options are its own (checked by :func:`check_options`).

Two functions are optional; :mod:`sudoku_cp.counting` uses them and raises
:class:`~sudoku_cp.errors.NotSupportedError` naming the backend when one is missing:

``count_solutions(puzzle, *, limit=None, time_limit=None, **options) -> (count, stats)``
    The exact number of solutions, or ``limit`` when there are at least that many
    (``None``: no limit), found by the backend's own complete search (never an
    estimate). It raises :class:`~sudoku_cp.errors.SolveTimeoutError` when
    ``time_limit`` runs out before the count is complete; ``stats`` includes
    ``solver_calls``. It takes the same options as ``solve``.

``next_solution(puzzle, after, *, time_limit=None, **options) -> (solution, stats)``
    The smallest row-major solution lexicographically greater than ``after`` (a
    complete :class:`~sudoku_cp.grid.Grid` of the puzzle's shape, usually the previous
    solution), proven like ``solve``'s; :class:`~sudoku_cp.errors.NoSolutionError` when
    none is greater. With ``solve``, it lists the solutions in order
    (:func:`sudoku_cp.solutions`).

Adding a backend is one module with such a function plus one line in ``_BACKENDS`` (or
a call to :func:`register_backend`); ``tests/test_backend_contract.py`` then runs the
whole contract suite on it. Modules are imported on first use, so ``import sudoku_cp``
stays light. Shared pieces (the deadline, the lowest-candidate bound) are in
:mod:`sudoku_cp.engine.runtime`; the witness method of the smallest solution in
:mod:`sudoku_cp.engine.lexmin`.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Protocol

from sudoku_cp.errors import BackendUnavailableError, NotSupportedError, UnknownBackendError

if TYPE_CHECKING:
    from sudoku_cp.grid import Grid
    from sudoku_cp.puzzle import Puzzle


class Backend(Protocol):
    """What a backend provides (see the module docstring for the contract)."""

    def solve(
        self, puzzle: Puzzle, *, time_limit: float | None = None, **options: Any
    ) -> tuple[Grid, dict[str, float]]:
        """The proven smallest row-major solution and the effort counters."""
        ...

    # Optional (see the module docstring):

    def count_solutions(
        self, puzzle: Puzzle, *, limit: int | None = None, time_limit: float | None = None, **options: Any
    ) -> tuple[int, dict[str, float]]:
        """The exact number of solutions, or ``limit`` when there are at least that many."""
        ...

    def next_solution(
        self, puzzle: Puzzle, after: Grid, *, time_limit: float | None = None, **options: Any
    ) -> tuple[Grid, dict[str, float]]:
        """The proven smallest row-major solution lexicographically greater than ``after``."""
        ...


DEFAULT_BACKEND = "auto"
"""The backend :func:`sudoku_cp.solve` uses when none is named: ``"auto"``, which picks the
backtracker or CP-SAT per puzzle (:mod:`sudoku_cp.backends.auto`); as fast as ``"cpsat"``
or faster on every bundled set (``benchmarks/bench_backends.py``)."""

_BACKENDS: dict[str, str | Backend] = {
    "backtracking": "sudoku_cp.backends.backtracking",
    "cpsat": "sudoku_cp.backends.cpsat",
    "python-constraint": "sudoku_cp.backends.pyconstraint",
    "sat": "sudoku_cp.backends.sat",
    "cpmpy": "sudoku_cp.backends.cpmpy_bridge",  # any CPMpy solver (solver=...), optional extra
    "auto": "sudoku_cp.backends.auto",  # picks one of the above per puzzle
}


def register_backend(name: str, target: str | Backend | Callable[..., Any]) -> None:
    """Register a backend under ``name``.

    Args:
        name: the name users pass as ``backend=``.
        target: an object (or module) with a ``solve`` function following the contract,
            a bare ``solve`` function, or a path imported on first use:
            ``"package.module"`` or ``"package.module:function"``.
    """
    _BACKENDS[name] = target


def unregister_backend(name: str) -> None:
    """Remove a registered backend (a no-op for an unknown name)."""
    _BACKENDS.pop(name, None)


def backend_names() -> list[str]:
    """The registered backend names, in registration order."""
    return list(_BACKENDS)


def get_backend(name: str) -> Backend:
    """Return the backend registered as ``name``, importing it on first use.

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
        module = importlib.import_module(module_name)
        target = getattr(module, function_name) if function_name else module
    if not hasattr(target, "solve"):
        target = SimpleNamespace(solve=target)  # a bare solve function
    _BACKENDS[name] = target
    return target


def unavailable(name: str) -> str | None:
    """Why the backend ``name`` cannot be used (an optional package is missing, and how to
    install it), or ``None`` when it can.

    Raises:
        UnknownBackendError: no backend has that name.
    """
    try:
        get_backend(name)
    except BackendUnavailableError as error:
        return str(error)
    return None


def backend_function(name: str, function: str) -> Callable[..., Any]:
    """The function ``function`` (``"solve"``, ``"count_solutions"``, ``"next_solution"``) of
    the backend registered as ``name``.

    Raises:
        UnknownBackendError: no backend has that name.
        NotSupportedError: the backend has no such function (the message names both).
    """
    backend = get_backend(name)
    found = getattr(backend, function, None)
    if found is None:
        raise NotSupportedError(
            f"backend {name!r} has no {function}(): it cannot do this yet "
            f"(see the Backend protocol in sudoku_cp.backends)"
        )
    return found


def check_options(name: str, backend: Backend, options: dict[str, Any], function: str = "solve") -> None:
    """Raise TypeError naming any option the backend's ``function`` does not take, and those it does."""
    parameters = inspect.signature(getattr(backend, function)).parameters
    accepted = [p for p in parameters if p not in ("puzzle", "grid", "time_limit", "limit", "after")]
    unknown = [o for o in options if o not in accepted]
    if unknown:
        takes = ", ".join(accepted) if accepted else "no options"
        raise TypeError(f"backend {name!r} does not take {', '.join(map(repr, unknown))}; it takes: {takes}")
