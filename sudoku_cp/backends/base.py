"""The base of every backend (:class:`Backend`): the glue written once, the solver in small hooks.

A backend is a subclass of :class:`Backend`, as a solver of CPMpy is a subclass of its
``SolverInterface``. The base owns what every backend did the same way:

* the **input**: a :class:`~sudoku_cp.model.puzzle.Puzzle` or a :class:`~sudoku_cp.model.grid.Grid`
  (classic rules) becomes the puzzle's :class:`~sudoku_cp.model.constraints.Model`, and the
  answer's cell values come back in the puzzle's own shape (``puzzle.grid.with_cells``);
  ``after`` is checked to be a complete grid of that shape;
* the **options**: read and checked with the subclass's ``Options`` declaration
  (:meth:`BackendOptions.of <sudoku_cp.backends.BackendOptions.of>`), and listed in the
  signatures of :meth:`Backend.solve`, :meth:`Backend.next_solution` and
  :meth:`Backend.count_solutions` (``help()`` shows them, per subclass);
* the **time limit**: one :class:`~sudoku_cp.engine.runtime.Deadline` per call;
* the **constraint kinds**: :meth:`Backend.prepare` runs first (the one place where a model
  may be rewritten for the backend), then any constraint whose kind is not in
  :attr:`Backend.native_kinds` is refused with a
  :class:`~sudoku_cp.errors.NotSupportedError` naming the backend and the kind;
* the **answers**: a hook returns cell values or ``None``; the base raises
  :class:`~sudoku_cp.errors.NoSolutionError` for ``None``, builds the grid, and gives
  :meth:`Backend.solve_with_proof` the :class:`~sudoku_cp.result.Proof` the hook's
  questions were recorded in (``task.proof``);
* the **optional methods**: ``next_solution`` and ``count_solutions`` exist on every
  backend; a subclass without ``_next`` or ``_count`` raises
  :class:`~sudoku_cp.errors.NotSupportedError` naming the backend.

A subclass writes the hooks, each taking one :class:`Task` (the model, the checked options,
the deadline, the proof log, and ``after`` or ``limit``) and never a ``Puzzle``:

``_solve(task) -> (values | None, stats)`` (required)
    The smallest row-major solution of ``task.model``, proven, as ``n*n`` values row-major
    (``None``: no solution), and the effort counters (at least ``solver_calls``).
``_next(task) -> (values | None, stats)`` (optional)
    The smallest solution greater than ``task.after``.
``_count(task) -> (count, stats)`` (optional)
    The exact number of solutions, or ``task.limit`` when there are at least that many.

Ctrl-C stays with the subclass where its solver needs help (a CP-SAT solve runs on a helper
thread, HiGHS gets a callback, CPMpy a child process): the base runs in the caller's
thread, so a pure-Python search is interrupted where it stands.

:mod:`sudoku_cp.backends.template` is a complete subclass to copy.
"""

from __future__ import annotations

import dataclasses
import inspect
import time
import types
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from sudoku_cp.backends.options import _refuse_unknown_options, unsupported
from sudoku_cp.engine.lexmin import ProofLog
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.errors import InvalidArgumentError, NoSolutionError, NotSupportedError, SudokuError
from sudoku_cp.io.inputs import to_puzzle
from sudoku_cp.model.decompose import decompose
from sudoku_cp.result import Proof

if TYPE_CHECKING:
    from sudoku_cp.backends.options import BackendOptions
    from sudoku_cp.model.constraints import Model
    from sudoku_cp.model.grid import Grid
    from sudoku_cp.model.puzzle import Puzzle

Values = list[int]
"""A solution as the values of the model's cells, row-major."""

CONTRACT = ("solve", "next_solution", "count_solutions")
"""The backend methods whose signatures list the backend's options."""


@dataclasses.dataclass
class Task:
    """One call of a backend, as its hooks see it.

    Attributes:
        model: the model to solve (after :meth:`Backend.prepare`), never a puzzle.
        options: the backend's ``Options``, checked.
        deadline: the call's clock (``time_limit`` in seconds, or none).
        proof: where the hooks record the questions of their proof (:class:`ProofLog`).
        after: for ``_next``, the complete grid (row-major values) to go above.
        limit: for ``_count``, the count to stop at (``None``: count them all).
        time_limit: the seconds given for the call, or ``None`` (for messages).
    """

    model: Model
    options: Any
    deadline: Deadline
    proof: ProofLog
    after: Values | None = None
    limit: int | None = None
    time_limit: float | None = None


class Backend:
    """A backend: subclass it with its declaration as class keywords (``options``, its
    :attr:`Options`, whose ``BACKEND`` gives :attr:`name`; ``kinds``, its :attr:`native_kinds`;
    ``more_digits``), set :attr:`proof_method` (and :attr:`no_solution`), and write ``_solve``
    (and, optionally, ``_next`` and ``_count``).
    See the module docstring for what the base does and :mod:`sudoku_cp.backends.template`
    for a complete example."""

    name: ClassVar[str] = "?"
    """The name the backend is registered under (used in its messages): by default its
    ``Options.BACKEND``, the name its options' messages give."""

    Options: ClassVar[type[BackendOptions]]
    """The declaration of its options (a frozen dataclass; may have no field)."""

    native_kinds: ClassVar[frozenset[type]] = frozenset()
    """The constraint kinds the backend compiles itself; :meth:`prepare` may rewrite others
    into these, and what is left outside them is refused."""

    more_digits: ClassVar[bool] = False
    """Whether the backend solves a model with more values than its side
    (:attr:`~sudoku_cp.model.constraints.Model.value_count` ``> n``: 6x6 with digits from
    1..9, where a unit holds ``n`` different values but not every value). The one
    declaration: a backend that assumes "each value once per unit" leaves it False and
    such a model is refused by :meth:`refuse_unknown`, naming the backend."""

    hidden_cells: ClassVar[bool] = False
    """Whether the backend solves a model with hidden cells
    (:attr:`~sudoku_cp.model.constraints.Model.hidden`: a chaos construction's region
    labels, :mod:`sudoku_cp.model.chaos`). The one declaration: a backend that leaves it
    False refuses such a model by design (:meth:`task`, before any work), naming itself
    and the backends that solve it."""

    proof_method: ClassVar[str] = "witness descent"
    """How the backend proves its answer the smallest, by default (``Proof.method``)."""

    no_solution: ClassVar[str] = "the search is exhaustive"
    """Why a ``None`` from a hook is a proof, for the :class:`NoSolutionError` message."""

    def __init_subclass__(
        cls,
        *,
        options: type[BackendOptions] | None = None,
        kinds: frozenset[type] | None = None,
        more_digits: bool | None = None,
        hidden_cells: bool | None = None,
        **kwargs: Any,
    ) -> None:
        """The declaration of a subclass, as class keywords, each optional (a class attribute
        of the same meaning works too): ``options`` (:attr:`Options`), ``kinds``
        (:attr:`native_kinds`, any iterable of kinds), ``more_digits`` (:attr:`more_digits`)
        and ``hidden_cells`` (:attr:`hidden_cells`); e.g. ``class Sat(Backend,
        options=Options, kinds=NATIVE_KINDS, more_digits=True)``. The class states only what differs from the
        defaults."""
        super().__init_subclass__(**kwargs)
        if options is not None:
            cls.Options = options
        if kinds is not None:
            cls.native_kinds = frozenset(kinds)
        if more_digits is not None:
            cls.more_digits = more_digits
        if hidden_cells is not None:
            cls.hidden_cells = hidden_cells
        declared = cls.__dict__.get("Options")
        if declared is not None:
            if "name" not in cls.__dict__:
                cls.name = declared.BACKEND
            for function in CONTRACT:  # help() lists the options each method takes
                setattr(cls, function, _listing_options(getattr(cls, function), declared, function))

    def __repr__(self) -> str:
        return f"<backend {self.name!r}>"

    def supports(self, function: str) -> bool:
        """Whether the backend does ``function`` (``"solve"``, ``"next_solution"``,
        ``"count_solutions"``): the last two need the hooks ``_next`` and ``_count``."""
        hook = {"next_solution": "_next", "count_solutions": "_count"}.get(function)
        return hook is None or getattr(type(self), hook) is not getattr(Backend, hook)

    # -- what a subclass may change --------------------------------------------------------------

    def prepare(self, model: Model) -> Model:
        """The model this backend compiles, from the puzzle's: the one place where a model is
        rewritten for a backend, every constraint of a kind outside :attr:`native_kinds`
        rewritten into kinds in it (:func:`~sudoku_cp.model.decompose.decompose`, remembered
        per model).

        Raises:
            NotSupportedError: a kind no rewriting brings to :attr:`native_kinds` (naming the
                backend and the kind).
        """
        return decompose(model, self.native_kinds, self.name)

    def _solve(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        raise NotImplementedError

    def _next(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        raise self.lacks("next_solution")

    def _count(self, task: Task) -> tuple[int, dict[str, float]]:
        raise self.lacks("count_solutions")

    def lacks(self, function: str) -> NotSupportedError:
        """The error of an optional method the backend does not have, naming both."""
        return NotSupportedError(
            f"backend {self.name!r} has no {function}(): it cannot do this yet "
            f"(see the Backend base in sudoku_cp.backends.base)"
        )

    # -- the contract ----------------------------------------------------------------------------

    def solve(
        self, puzzle: Puzzle | Grid, *, time_limit: float | None = None, **options: Any
    ) -> tuple[Grid, dict[str, float]]:
        """The smallest row-major solution, proven, and the effort counters.

        Args:
            puzzle: the puzzle (a :class:`~sudoku_cp.model.grid.Grid` means classic rules).
            time_limit: seconds for the whole call, or ``None``.
            **options: the backend's options (its ``Options``).

        Returns:
            ``(solution, stats)``: a grid of the puzzle's shape, and the counters (at least
            ``solver_calls``).

        Raises:
            NoSolutionError: the puzzle has no solution.
            SolveTimeoutError: ``time_limit`` ran out before the answer was found and proven.
            NotSupportedError: a constraint of a kind the backend does not compile.
            TypeError, ValueError: an option it does not take, or a bad value.
        """
        solution, stats, _ = self.solve_with_proof(puzzle, time_limit=time_limit, **options)
        return solution, stats

    def solve_with_proof(
        self, puzzle: Puzzle | Grid, *, time_limit: float | None = None, **options: Any
    ) -> tuple[Grid, dict[str, float], Proof]:
        """:meth:`solve`, and the :class:`~sudoku_cp.result.Proof` that its answer is
        the smallest (the questions the backend asked, in order, and their answers).

        Raises:
            The errors of :meth:`solve`.
        """
        grid, task = self._task(puzzle, "solve", time_limit, options)
        values, stats = self._solve(task)
        if values is None:
            raise NoSolutionError(f"the puzzle has no solution (backend {self.name!r}: {self.no_solution})")
        return grid.with_cells(_grid_values(values, task.model)), stats, task.proof.close()

    def next_solution(
        self,
        puzzle: Puzzle | Grid,
        after: Grid | Sequence[int],
        *,
        time_limit: float | None = None,
        **options: Any,
    ) -> tuple[Grid, dict[str, float]]:
        """The smallest row-major solution lexicographically greater than ``after``.

        Args:
            puzzle: the puzzle.
            after: a complete grid of the puzzle's shape (or its values row-major),
                usually the previous solution.
            time_limit, **options: as :meth:`solve`.

        Raises:
            NoSolutionError: no solution is greater than ``after``.
            ValueError: ``after`` is not a complete grid of the puzzle's shape.
            NotSupportedError: the backend cannot list solutions (no ``_next``), or a
                constraint of a kind it does not compile.
            The other errors of :meth:`solve`.
        """
        grid, task = self._task(puzzle, "next_solution", time_limit, options)
        task.after = _complete_values(after, task.model)
        values, stats = self._next(task)
        if values is None:
            raise NoSolutionError(
                f"no solution is greater than the given one (backend {self.name!r}: {self.no_solution})"
            )
        return grid.with_cells(_grid_values(values, task.model)), stats

    def count_solutions(
        self,
        puzzle: Puzzle | Grid,
        *,
        limit: int | None = None,
        time_limit: float | None = None,
        **options: Any,
    ) -> tuple[int, dict[str, float]]:
        """The exact number of solutions, or ``limit`` if there are at least that many.

        Args:
            puzzle: the puzzle.
            limit: stop counting there (``None``: count them all).
            time_limit: seconds for the whole call, or ``None``.
            **options: the options that apply to counting (``Options.COUNTING``).

        Raises:
            SolveTimeoutError: ``time_limit`` ran out before the count was complete.
            NotSupportedError: the backend cannot count (no ``_count``), or a constraint
                of a kind it does not compile.
            TypeError, ValueError: an option it does not take, or a bad value.
        """
        _, task = self._task(puzzle, "count_solutions", time_limit, options)
        task.limit = limit
        if limit == 0:
            return 0, {"solver_calls": 0}
        if task.model.hidden:
            return self._count_grids(task)
        return self._count(task)

    def _count_grids(self, task: Task) -> tuple[int, dict[str, float]]:
        """The count of a model with hidden cells: its distinct *grids*, listed one by one
        (the smallest, then each next above the last grid, its hidden cells padded with the
        top value so that "above" means a greater grid), since a grid may have several
        hidden completions (two partitions into regions) that the backend's own count
        would count twice."""
        count = 0
        values, stats = self._solve(task)
        calls = stats.get("solver_calls", 0)
        while values is not None:
            count += 1
            if task.limit is not None and count >= task.limit:
                break
            grid = list(values[: task.model.grid_cell_count])
            task.after = grid + [task.model.value_count] * task.model.hidden
            values, stats = self._next(task)
            calls += stats.get("solver_calls", 0)
        return count, {"solver_calls": calls}

    def run(self, function: str, task: Task) -> tuple[Any, dict[str, float]]:
        """The hook of ``function`` (``"solve"``, ``"next_solution"``, ``"count_solutions"``)
        on a prepared ``task`` (:meth:`task`): for a backend that composes others (``"auto"``).
        The answer is the hook's (values or ``None``, a count) with its stats."""
        hook = {"solve": self._solve, "next_solution": self._next, "count_solutions": self._count}[function]
        return hook(task)

    # -- the glue --------------------------------------------------------------------------------

    def task(
        self, model: Model, function: str = "solve", time_limit: float | None = None, **options: Any
    ) -> Task:
        """The :class:`Task` of one call on ``model`` (prepared, its kinds checked), for a
        caller that holds a model already (the ``"auto"`` portfolio composing backends).

        Raises:
            NotSupportedError, TypeError, ValueError: as :meth:`solve`.
        """
        chosen = self.check_options(options, function)
        if model.hidden and not self.hidden_cells:
            raise NotSupportedError(
                f"backend {self.name!r} does not solve puzzles with hidden cells (a chaos construction's "
                "regions, found while solving; extra cells outside the grid, ISS's Var): it refuses them "
                "by design; use 'cpsat' or 'auto'"
            )
        model = self.prepare(model)  # the one call site of prepare(): rewrites happen here
        self.refuse_unknown(model)
        return Task(model, chosen, Deadline(time_limit), ProofLog(self.proof_method), time_limit=time_limit)

    def _task(
        self, puzzle: Puzzle | Grid, function: str, time_limit: float | None, options: Mapping[str, Any]
    ) -> tuple[Grid, Task]:
        puzzle = to_puzzle(puzzle)
        return puzzle.grid, self.task(puzzle.model, function, time_limit, **options)

    def check_options(self, options: Mapping[str, Any], function: str = "solve") -> Any:
        """The options of one call of ``function`` (``"solve"``, ``"next_solution"``,
        ``"count_solutions"``), checked with the ``Options`` declaration: the one place a
        call's options are read (:meth:`BackendOptions.of <sudoku_cp.backends.BackendOptions.of>`).

        Raises:
            TypeError: an option ``function`` does not take; the message names it, the
                backend and the options it takes.
            ValueError, TypeError: a bad value (from the declaration's checks).
        """
        return self.Options.of(options, function, backend=self.name)

    def refuse_unknown(self, model: Model) -> None:
        """Raise :func:`~sudoku_cp.backends.unsupported` for the first constraint of ``model``
        whose kind is not in :attr:`native_kinds`.

        Raises:
            NotSupportedError: naming the backend and the constraint kind.
        """
        if model.value_count > model.side and not self.more_digits:
            raise NotSupportedError(
                f"backend {self.name!r} does not solve grids with more digits than the side "
                f"({model.value_count} digits on {model.side}x{model.side}); "
                "use 'cpsat', 'sat', 'mip' or 'backtracking'"
            )
        kinds = _kinds(self.native_kinds)
        for constraint in model.constraints:
            if not isinstance(constraint, kinds):
                raise unsupported(self.name, constraint)


class ModuleBackend(Backend):
    """A backend written as a module of functions (or a bare ``solve`` function), from
    :func:`sudoku_cp.backends.register_backend`: its functions are called as they are, with
    no glue, and its other attributes read through; its proof is not recorded
    (``method`` ``"not recorded"``)."""

    proof_method = "not recorded"

    def __init__(self, target: Any, name: str = "?") -> None:
        self.target = target
        self.name = name
        for function in CONTRACT:
            found = getattr(target, function, None)
            if found is not None:
                setattr(self, function, found)
        declared = getattr(target, "Options", None)
        if declared is not None:
            self.Options = declared

    def __getattr__(self, attribute: str) -> Any:
        if attribute == "target":  # not set yet (unpickling)
            raise AttributeError(attribute)
        return getattr(self.target, attribute)

    def supports(self, function: str) -> bool:
        return hasattr(self.target, function)

    def check_options(self, options: Mapping[str, Any], function: str = "solve") -> Any:
        """The module's ``Options`` declaration checks them when it has one; otherwise the
        names are those of the keyword parameters of ``function`` (one that takes
        ``**options`` takes any) and ``None`` is returned.

        Raises:
            TypeError, ValueError: as :meth:`Backend.check_options`.
        """
        declared = getattr(self.target, "Options", None)
        if isinstance(declared, type) and hasattr(declared, "of"):
            return declared.of(options, function, backend=self.name)
        parameters = inspect.signature(getattr(self, function)).parameters
        if any(parameter.kind == parameter.VAR_KEYWORD for parameter in parameters.values()):
            return None  # the backend reads its options itself
        accepted = [
            p
            for p, parameter in parameters.items()
            if p not in ("self", "puzzle", "grid", "time_limit", "limit", "after")
            and parameter.kind in (parameter.KEYWORD_ONLY, parameter.POSITIONAL_OR_KEYWORD)
        ]
        _refuse_unknown_options(self.name, options, accepted)
        return None

    def next_solution(
        self, puzzle: Any, after: Any, *, time_limit: float | None = None, **options: Any
    ) -> Any:
        raise self.lacks("next_solution")

    def count_solutions(self, puzzle: Any, *, time_limit: float | None = None, **options: Any) -> Any:
        raise self.lacks("count_solutions")

    def solve_with_proof(
        self, puzzle: Puzzle | Grid, *, time_limit: float | None = None, **options: Any
    ) -> tuple[Grid, dict[str, float], Proof]:
        self.check_options(options)
        started = time.perf_counter()
        solution, stats = self.solve(puzzle, time_limit=time_limit, **options)
        return solution, stats, Proof(self.proof_method, (), (), time.perf_counter() - started)


_KINDS: dict[frozenset[type], tuple[type, ...]] = {}


def _kinds(kinds: frozenset[type]) -> tuple[type, ...]:
    found = _KINDS.get(kinds)
    if found is None:
        found = _KINDS[kinds] = tuple(kinds)
    return found


def _grid_values(values: Values, model: Model) -> Values:
    """The grid's cells of a model's solution: with hidden cells, the whole assignment is
    checked first (only here are the hidden cells' values known), then they are dropped.

    Raises:
        SudokuError: the backend's assignment breaks a constraint."""
    if not model.hidden:
        return values
    if not model.holds(values):
        raise SudokuError("the backend returned an assignment that breaks the model (hidden cells included)")
    return values[: model.grid_cell_count]


def _complete_values(after: Grid | Sequence[int], model: Model) -> Values:
    """The values of ``after``, a complete grid of the model's shape, checked; with hidden
    cells, padded with the top value (above it is then a greater grid).

    Raises:
        ValueError: not one value in ``1..n`` per cell.
    """
    values = list(getattr(after, "cells", after))
    if model.hidden and len(values) == model.grid_cell_count:
        values += [model.value_count] * model.hidden
    n, top = model.side, model.value_count  # top: the values are 1..k (k > n: more digits than the side)
    if len(values) != model.cell_count or not all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= top for v in values
    ):
        raise InvalidArgumentError(
            f"after must be a complete {n}x{n} grid (n*n values in 1..{n}; a board: one per cell)"
        )
    return values


def _listing_options(function: Callable[..., Any], options: type, name: str) -> Callable[..., Any]:
    """A copy of ``function`` whose signature (``help()``, :func:`inspect.signature`) lists the
    options ``name`` takes, with their defaults, from the declaration ``options``."""
    if not isinstance(function, types.FunctionType):
        return function
    copy = types.FunctionType(
        function.__code__,
        function.__globals__,
        function.__name__,
        function.__defaults__,
        function.__closure__,
    )
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__doc__, copy.__qualname__, copy.__module__ = (
        function.__doc__,
        function.__qualname__,
        function.__module__,
    )
    signature = inspect.signature(function)
    kept = [p for p in signature.parameters.values() if p.kind != p.VAR_KEYWORD]
    fields = {f.name: f for f in dataclasses.fields(options)}
    added = [
        inspect.Parameter(option, inspect.Parameter.KEYWORD_ONLY, default=fields[option].default)
        for option in options.names(name)
    ]
    copy.__signature__ = signature.replace(parameters=kept + added)
    return copy
