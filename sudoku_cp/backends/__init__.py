"""The backends and their registry: a name maps to a :class:`~sudoku_cp.backends.base.Backend`
(a class over one base) that solves a :class:`~sudoku_cp.model.puzzle.Puzzle`.

Adding a backend is one subclass of :class:`~sudoku_cp.backends.base.Backend`, written from
:mod:`sudoku_cp.backends.template`, plus one line in ``_BACKENDS`` (or a call to
:func:`register_backend`); the contract suite (``tests/test_backend_contract.py``,
parametrised over this registry) then tests it.

The contract (every backend object has the three methods; the base,
:mod:`sudoku_cp.backends.base`, writes the glue around a subclass's hooks):

``solve(puzzle, *, time_limit=None, **options) -> (solution, stats)``
    The backend compiles the puzzle's :class:`~sudoku_cp.model.constraints.Model`, whose
    constraints are the kinds of :mod:`sudoku_cp.model.constraints`; a backend that cannot
    compile a kind (outside its ``native_kinds``) raises
    :class:`~sudoku_cp.errors.NotSupportedError` naming it, never solves without it. It
    returns the **smallest row-major solution**, proven (never by luck of search order),
    as a :class:`~sudoku_cp.model.grid.Grid` of the puzzle's shape, and a dict of effort
    counters that includes ``solver_calls``. It raises
    :class:`~sudoku_cp.errors.NoSolutionError` when there is no solution,
    :class:`~sudoku_cp.errors.SolveTimeoutError` when ``time_limit`` (seconds, the whole
    call) runs out. ``solve_with_proof`` gives the same and the
    :class:`~sudoku_cp.result.Proof` of the answer (the questions asked and their answers).

``count_solutions(puzzle, *, limit=None, time_limit=None, **options) -> (count, stats)``
    The exact number of solutions, or ``limit`` when there are at least that many
    (``None``: no limit), found by the backend's own complete search (never an
    estimate); :class:`~sudoku_cp.errors.SolveTimeoutError` when ``time_limit`` runs out
    first. It takes only the options that apply to counting (:attr:`BackendOptions.COUNTING`).

``next_solution(puzzle, after, *, time_limit=None, **options) -> (solution, stats)``
    The smallest row-major solution lexicographically greater than ``after`` (a complete
    grid of the puzzle's shape), proven like ``solve``'s;
    :class:`~sudoku_cp.errors.NoSolutionError` when none is greater. With ``solve``, it
    lists the solutions in order (:func:`sudoku_cp.solutions`).

The last two are optional: a backend without them raises
:class:`~sudoku_cp.errors.NotSupportedError` naming itself, and :mod:`sudoku_cp.counting`
passes that on.

**Options** are declared once per backend, as a frozen dataclass named ``Options``
subclassing :class:`BackendOptions` (its fields, their defaults and types; the values
checked in ``__post_init__``, raising ``ValueError`` or ``TypeError`` naming the option;
``COUNTING`` names the fields ``count_solutions`` takes). The base reads them with
``Options.of`` and lists them in the methods' signatures, and :func:`check_options` (used
by :func:`sudoku_cp.solve`, the counting functions and :func:`sudoku_cp.batch.solve_many`
before anything runs) reads the same declaration. A third party's backend may still be a
module of functions or a bare ``solve`` function: :func:`register_backend` wraps it
(:class:`~sudoku_cp.backends.base.ModuleBackend`), and its options are read from its
functions' keyword parameters.

Backends are imported on first use, so ``import sudoku_cp`` stays light. Shared pieces
(the deadline, the lowest-candidate bound) are in :mod:`sudoku_cp.engine.runtime`; the
proofs of the smallest solution (the witness method, the lexicographic chain as data) in
:mod:`sudoku_cp.engine.lexmin`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from sudoku_cp.backends.options import (
    BackendOptions,
    ProofOptions,
    check_bool,
    check_choice,
    check_int,
    refuse_unknown,
    takes_options,
    unsupported,
)
from sudoku_cp.errors import (
    BackendUnavailableError,
    NotSupportedError,
    UnknownBackendError,
)

if TYPE_CHECKING:
    from sudoku_cp.backends.base import Backend


DEFAULT_BACKEND = "auto"
"""The backend :func:`sudoku_cp.solve` uses when none is named: ``"auto"``, a portfolio that
routes each puzzle by its features to the backtracker under a node budget, then SAT or
CP-SAT (:mod:`sudoku_cp.backends.auto`, ``docs/auto.md``)."""

_BACKENDS: dict[str, Any] = {
    "backtracking": "sudoku_cp.backends.backtracking:Backtracking",
    "cpsat": "sudoku_cp.backends.cpsat:CpSat",
    "python-constraint": "sudoku_cp.backends.pyconstraint:PythonConstraint",
    "sat": "sudoku_cp.backends.sat:Sat",
    "mip": "sudoku_cp.backends.mip:Mip",
    "exact-cover": "sudoku_cp.backends.exact_cover:ExactCover",
    "cpmpy": "sudoku_cp.backends.cpmpy_bridge:Cpmpy",  # any CPMpy solver (solver=...), optional extra
    "auto": "sudoku_cp.backends.auto:Auto",  # picks one of the above per puzzle
}


def register_backend(name: str, target: Any) -> None:
    """Register a backend under ``name``.

    Args:
        name: the name users pass as ``backend=``.
        target: a :class:`~sudoku_cp.backends.base.Backend` (a subclass or an instance),
            an object or module with a ``solve`` function following the contract, a bare
            ``solve`` function, or a path imported on first use: ``"package.module"`` or
            ``"package.module:name"`` (any of those). Modules and functions are wrapped
            in a :class:`~sudoku_cp.backends.base.ModuleBackend`.
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
        BackendUnavailableError: the backend's optional package is missing or fails to import.
        KeyboardInterrupt: Ctrl-C during the first import, which goes on in the background
            (:func:`sudoku_cp.engine.imports.import_module`): nothing is remembered, and the
            next call finds the backend complete.
    """
    try:
        target = _BACKENDS[name]
    except (KeyError, TypeError):
        known = ", ".join(repr(n) for n in _BACKENDS)
        raise UnknownBackendError(f"unknown backend {name!r}; known backends: {known}") from None
    if isinstance(target, str):
        from sudoku_cp.engine.imports import import_module  # here: threads only when a backend loads

        module_name, _, function_name = target.partition(":")
        # Ctrl-C cannot leave the backend's heavy imports (CPMpy and the pandas it imports,
        # highspy, OR-Tools) half done: they run to their end in the background, and the
        # next call finds them complete (issue 35.1)
        module = import_module(module_name)
        target = getattr(module, function_name) if function_name else module
    target = _as_backend(name, target)
    _BACKENDS[name] = target
    return target


def _as_backend(name: str, target: Any) -> Backend:
    """``target`` as a backend object: a class instantiated; a module (or object) of
    functions, or a bare ``solve`` function, wrapped; a module that holds its backend
    object as ``BACKEND`` gives that."""
    from sudoku_cp.backends.base import Backend, ModuleBackend

    if isinstance(target, type) and issubclass(target, Backend):
        return target()
    if isinstance(target, Backend):
        return target
    held = getattr(target, "BACKEND", None)
    if isinstance(held, Backend):
        return held
    if not hasattr(target, "solve"):
        target = SimpleNamespace(solve=target)  # a bare solve function
    return ModuleBackend(target, name)


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
    if found is None or not backend.supports(function):
        raise NotSupportedError(
            f"backend {name!r} has no {function}(): it cannot do this yet "
            f"(see the Backend protocol in sudoku_cp.backends)"
        )
    return found


def check_options(name: str, backend: Backend, options: Mapping[str, Any], function: str = "solve") -> None:
    """Check the options given for the backend's ``function`` before anything runs (a batch
    or a count checks them once up front): :meth:`Backend.check_options
    <sudoku_cp.backends.base.Backend.check_options>`, the check each call makes.

    The backend's ``Options`` declaration (:class:`BackendOptions`) says which options
    ``function`` takes and checks their values; a backend without one has its options
    read from the keyword parameters of ``function`` (names only; one that takes
    ``**options`` takes any).

    Raises:
        TypeError: an option ``function`` does not take; the message names it and those it takes.
        ValueError, TypeError: a bad value (from the declaration's checks).
    """
    backend.check_options(options, function)


def __getattr__(name: str) -> Any:
    """The base classes, from :mod:`sudoku_cp.backends.base` on first use (it loads the engine)."""
    if name in ("Backend", "ModuleBackend", "Task"):
        from sudoku_cp.backends import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_BACKEND",
    "Backend",
    "BackendOptions",
    "ModuleBackend",
    "ProofOptions",
    "Task",
    "backend_function",
    "backend_names",
    "check_bool",
    "check_choice",
    "check_int",
    "check_options",
    "get_backend",
    "refuse_unknown",
    "register_backend",
    "takes_options",
    "unavailable",
    "unregister_backend",
    "unsupported",
]
