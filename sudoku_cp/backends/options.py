"""What a backend declares and checks: its options (:class:`BackendOptions`, one frozen
dataclass per backend), the checks of their values, and the refusal of a constraint kind
it does not compile (:func:`unsupported`). A light module (no backend, no solver), shared
by the registry (:mod:`sudoku_cp.backends`), the base (:mod:`sudoku_cp.backends.base`) and
every backend; :mod:`sudoku_cp.backends` re-exports its names."""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from sudoku_cp.errors import InvalidArgumentError, NotSupportedError

if TYPE_CHECKING:
    from sudoku_cp.model.constraints import Model


def _refuse_unknown_options(name: str, options: Collection[str], accepted: Collection[str]) -> None:
    unknown = [o for o in options if o not in accepted]
    if unknown:
        takes = ", ".join(accepted) if accepted else "no options"
        raise InvalidArgumentError(
            f"backend {name!r} does not take {', '.join(map(repr, unknown))}; it takes: {takes}"
        )


@dataclasses.dataclass(frozen=True)
class BackendOptions:
    """The base of a backend's options declaration: subclass it as a frozen dataclass named
    ``Options`` in the backend's module, one field per option with its default.

    Check the values in ``__post_init__`` (with :func:`check_int`, :func:`check_choice`,
    :func:`check_bool`), raising :class:`~sudoku_cp.errors.InvalidArgumentError` (a ``ValueError``
    and a ``TypeError``) that names the option.
    ``solve`` and ``next_solution`` take every field; ``count_solutions`` takes the fields
    named in ``COUNTING`` (only those that change how it counts).

    >>> @dataclasses.dataclass(frozen=True)
    ... class Options(BackendOptions):
    ...     BACKEND = "toy"
    ...     COUNTING = ("seed",)
    ...     workers: int = 1
    ...     seed: int = 0
    ...     def __post_init__(self):
    ...         check_int("workers", self.workers, minimum=1)
    ...         check_int("seed", self.seed)
    >>> Options.of({"workers": 2})
    Options(workers=2, seed=0)
    >>> Options.of({"workers": 2}, "count_solutions")
    Traceback (most recent call last):
    sudoku_cp.errors.InvalidArgumentError: backend 'toy' does not take 'workers'; it takes: seed
    >>> Options.of({"workers": 0})
    Traceback (most recent call last):
    sudoku_cp.errors.InvalidArgumentError: workers must be a positive int, not 0
    """

    BACKEND: ClassVar[str] = "?"
    """The backend's registered name, for messages."""

    COUNTING: ClassVar[tuple[str, ...]] = ()
    """The options ``count_solutions`` takes (a subset of the fields)."""

    @classmethod
    def names(cls, function: str = "solve") -> tuple[str, ...]:
        """The options ``function`` (``"solve"``, ``"next_solution"``, ``"count_solutions"``) takes."""
        if function == "count_solutions":
            return cls.COUNTING
        return _field_names(cls)

    @classmethod
    def of(cls, options: Mapping[str, Any], function: str = "solve", *, backend: str | None = None) -> Self:
        """The options of one call of ``function``, checked (the others at their defaults).

        Raises:
            TypeError: an option ``function`` does not take (the message names it, the
                backend and the options it takes).
            ValueError, TypeError: a bad value (from ``__post_init__``).
        """
        _refuse_unknown_options(backend or cls.BACKEND, options, cls.names(function))
        return cls(**options)


def takes_options(
    options: type[BackendOptions], like: str | None = None
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a backend function that takes ``**options`` so that its signature (what
    ``help()`` and ``inspect.signature`` show) lists the options it takes, with their
    defaults, from the declaration: ``solve(puzzle, *, time_limit=None, workers=1, seed=0)``.
    The function itself is unchanged (it reads them with ``Options.of``). ``like`` names
    the contract function whose options it takes, when its own name is not one
    (``"count_solutions"`` for a ``first_solution`` that takes the counting options)."""

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(function)
        kept = [p for p in signature.parameters.values() if p.kind != p.VAR_KEYWORD]
        fields = {f.name: f for f in dataclasses.fields(options)}
        added = [
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=fields[name].default)
            for name in options.names(like or function.__name__)
        ]
        function.__signature__ = signature.replace(parameters=kept + added)
        return function

    return decorate


@dataclasses.dataclass(frozen=True)
class ProofOptions(BackendOptions):
    """Options of a backend whose one option is how it proves the smallest solution:
    ``solve`` and ``next_solution`` take ``proof``, ``count_solutions`` none (counting
    needs no proof). A subclass sets ``PROOFS`` and the field's default.

    Raises:
        ValueError: a ``proof`` not in ``PROOFS``.
    """

    PROOFS: ClassVar[tuple[str, ...]] = ()
    """The proofs the backend knows (see its module docstring)."""

    proof: str = ""

    def __post_init__(self) -> None:
        check_choice("proof", self.proof, self.PROOFS)


@functools.cache
def _field_names(options: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(options))


def check_int(name: str, value: object, *, minimum: int | None = None) -> None:
    """Raise ValueError unless ``value`` is an int (not a bool) of at least ``minimum``."""
    if not isinstance(value, int) or isinstance(value, bool) or (minimum is not None and value < minimum):
        kind = "a positive int" if minimum == 1 else "an int" if minimum is None else f"an int >= {minimum}"
        raise InvalidArgumentError(f"{name} must be {kind}, not {value!r}")


def check_choice(name: str, value: object, choices: Collection[object]) -> None:
    """Raise ValueError unless ``value`` is one of ``choices`` (the message lists them)."""
    if isinstance(value, bool) or value not in choices:
        raise InvalidArgumentError(f"{name} must be one of {', '.join(map(repr, choices))}, not {value!r}")


def check_bool(name: str, value: object) -> None:
    """Raise TypeError unless ``value`` is a bool."""
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{name} must be True or False, not {value!r}")


def unsupported(backend: str, constraint: object) -> NotSupportedError:
    """The error a backend's compiler raises for a constraint of a kind it does not compile:
    every compiler ends in ``raise unsupported(NAME, constraint)`` after its known kinds."""
    label = getattr(constraint, "label", None)
    where = f" ({label})" if label else ""
    return NotSupportedError(
        f"backend {backend!r} does not support the constraint kind {type(constraint).__name__}{where}: "
        f"it compiles only the kinds of sudoku_cp.model.constraints it knows"
    )


def refuse_unknown(backend: str, model: Model, kinds: tuple[type, ...]) -> None:
    """Raise :func:`unsupported` for the first constraint of ``model`` whose kind is not in
    ``kinds``: for a backend that hands its model to another compiler (the engine's
    search, a preprocessing step) before its own, so the refusal names the backend.

    Raises:
        NotSupportedError: naming the backend and the constraint kind.
    """
    for constraint in model.constraints:
        if not isinstance(constraint, kinds):
            raise unsupported(backend, constraint)
