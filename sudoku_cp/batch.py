"""Solving many puzzles at once, in parallel processes or on a cluster.

:func:`solve_many` runs one backend over a list of puzzles and returns one
:class:`BatchItem` per puzzle, in input order; :func:`solve_iter` reads an iterable lazily
and yields the same items one by one, in input order, as they are answered. A puzzle that
has no solution, runs out of time or makes the backend fail is recorded as such; it never
stops the batch.

The work is spread with `joblib <https://joblib.readthedocs.io>`_, so the same call
runs on one core, on every core of the machine (``processes=-1``), or on an existing
Dask cluster through joblib's Dask backend, with no code path of our own for it::

    import joblib
    from dask.distributed import Client

    client = Client("tcp://scheduler:8786")   # or Client(LocalCluster(...))
    with joblib.parallel_config(backend="dask"):
        items = solve_many(puzzles, backend="cpsat", processes=-1)

Dask is an optional extra: ``pip install "sudoku_cp[dask]"``. On one machine joblib's own
processes are the faster choice: Dask's scheduler runs in the caller and takes more of its
CPU per chunk (``benchmarks/bench_batch.py --dask``, a ``LocalCluster`` of 2 workers on 2
cores: several hundred microseconds of the caller's CPU an answer where joblib's processes
take tens; ``docs/benchmarks/bench_batch.md``).

Workers get puzzles in *chunks*: one task of joblib is a run of consecutive puzzles, sized
to about :data:`CHUNK_SECONDS` of a worker's time (the first chunks small, the last ones
cut to share the end of the input between the workers: :class:`_Chunker`), sent as one
pickle, and a worker answers a chunk with one reply: its items packed
(:func:`_pack_items`: statuses, times and failures as they are, the answers as one pickle
that this process reads only when an item's ``result`` is read). So the caller's work per
puzzle, which bounds the speed-up of 2 processes on 2 cores (it shares a core with a
worker), is a few microseconds: the per-task work of joblib, the inter-process messages and
the thread wake-ups are paid once a chunk (``benchmarks/bench_batch.py`` prints the caller's
CPU and the bytes received per answer; ``docs/auto.md``). :func:`solve_chunked` runs another
*form* of chunk: ``sudoku-cp solve FILE --processes N`` has its workers read the lines and
write the answers' text, so the command only reads lines and writes text.

Worker processes end with their caller: each watches its parent's pid from a daemon
thread and exits once the parent has died, however it died (``kill -9`` included), so
no worker solves on for nobody. A worker that dies itself (killed, out of memory) costs
only its puzzles: the puzzles it held are run again, one at a time, and one whose
worker dies again is recorded with status ``"error"`` (:data:`WORKER_DIED`); every
other puzzle keeps its answer.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import os
import pickle
import threading
import time
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator, Sized
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, field, fields
from typing import Any, Literal, NamedTuple

from sudoku_cp import backends
from sudoku_cp.api import check_time_limit, solve_with_stats
from sudoku_cp.engine.imports import import_module
from sudoku_cp.errors import InvalidArgumentError, NoSolutionError, SolveTimeoutError, SudokuError
from sudoku_cp.io.inputs import PuzzleInput
from sudoku_cp.progress import progress_bar
from sudoku_cp.result import SolveResult, _unpickle_result

Status = Literal["solved", "no solution", "timeout", "error"]
"""What happened to one puzzle of a batch."""


@dataclass(frozen=True)
class BatchItem:
    """The outcome of one puzzle in a batch.

    Attributes:
        index: the puzzle's 0-based position in the input.
        backend: the backend's registered name.
        status: ``"solved"``, ``"no solution"`` (proven), ``"timeout"`` (the time limit
            ran out) or ``"error"`` (a malformed puzzle, the backend failed, or the worker
            process solving it died twice: see :data:`WORKER_DIED`).
        result: the :class:`~sudoku_cp.result.SolveResult` when solved, else ``None``. An
            answer from a worker process is unpickled when first read.
        error: the error message (``"ExceptionType: message"``) when not solved, else ``None``.
        wall_time: seconds spent on this puzzle in its worker, parsing and checking
            included (``0.0`` when its worker died).
        exception: the package's own error when not solved (a
            :class:`~sudoku_cp.errors.SudokuError`: a :class:`~sudoku_cp.errors.NoSolutionError`
            keeps its puzzle and explains it on demand), ``None`` when solved or for another
            exception (only its message crosses the process boundary); not compared.
    """

    index: int
    backend: str
    status: Status
    result: SolveResult | None
    error: str | None
    wall_time: float
    exception: SudokuError | None = field(default=None, compare=False, repr=False)

    @property
    def solved(self) -> bool:
        """True when the status is ``"solved"``."""
        return self.status == "solved"

    def __getstate__(self) -> dict[str, Any]:
        """The fields, an answer not yet unpickled read first (what pickle and copy take)."""
        return {item.name: getattr(self, item.name) for item in fields(self)}


class _LazyResult:
    """:attr:`BatchItem.result` of an item a worker process answered (a non-data
    descriptor, set on the class after ``@dataclass``): the answer unpickled from its
    chunk (:class:`_Answers`) on first read, then kept in the item like any field. An item
    made by its constructor holds its result in its ``__dict__``, which comes first."""

    def __get__(self, item: BatchItem | None, owner: type | None = None) -> Any:
        if item is None:
            return self
        state = item.__dict__
        answers, offset = state["_answers"]
        result = answers.result(offset)
        state["result"] = result
        state.pop("_answers", None)
        return result


BatchItem.result = _LazyResult()  # type: ignore[assignment,misc]

CHUNK_SECONDS = 0.1
"""The worker CPU seconds a chunk of puzzles aims at (one task of joblib, one message each
way): long enough that the caller's work per chunk (a few hundred microseconds: joblib's
dispatch, the messages, the thread wake-ups) is under 1% of it, short enough that the
progress bar moves and the first answers come soon. ``benchmarks/bench_batch.py
--chunk-seconds`` measures others."""
MAX_CHUNK = 1024
"""The most puzzles in one chunk."""
_LOOKAHEAD = 4096  # the most (index, puzzle) pairs read ahead of the chunks cut


def solve_many(
    puzzles: Iterable[PuzzleInput],
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    processes: int | None = None,
    progress: bool | None | Any = None,
    **options: Any,
) -> list[BatchItem]:
    """Solve every puzzle with one backend; return one :class:`BatchItem` per puzzle, in input order.

    Args:
        puzzles: Puzzles (any variant), Grids, puzzle texts (any layout of
            :mod:`sudoku_cp.io.formats`), JSON records or lists of lists; a malformed one is
            recorded with status ``"error"``.
        backend: a registered backend name; ``None`` for the default backend.
        time_limit: seconds per puzzle (not for the whole batch); ``None`` for no limit.
            A backend that ignores its limit holds up its worker.
        processes: processes to use (joblib's ``n_jobs``): ``1`` solves in this process,
            ``2`` or more (``-1`` for every core) in that many worker processes. ``None``
            follows joblib's active configuration: in this process by default, or the
            Dask cluster inside ``joblib.parallel_config(backend="dask")``. Worker processes
            start on the first parallel call (about a second: they import the backend) and
            are reused by later calls.
        progress: show a tqdm progress bar on standard error (the notebook widget in
            Jupyter); ``None`` (the default): only when standard error is a terminal or
            this is a Jupyter notebook (see :mod:`sudoku_cp.progress`). Or a tqdm bar to
            advance by one a puzzle (one bar over several calls: ``sudoku-cp solve``).
        **options: backend-specific options, passed to every solve (``workers`` is
            CP-SAT's threads per solve: ``processes=2, workers=1``). Without
            ``processes``, a ``workers`` option is read as ``processes`` (its name before
            this release) with a :class:`DeprecationWarning`.

    Returns:
        ``len(puzzles)`` items; ``items[i].index == i``.

    Raises:
        UnknownBackendError: no backend of that name (before any puzzle is solved).
        TypeError: an option the backend does not take (idem).
        TypeError: ``time_limit`` is not a number (idem).
        ValueError: ``time_limit`` is not positive (idem).
    """
    settings = _checked(puzzles, backend, time_limit, processes, options)
    puzzles = list(puzzles)
    return list(_stream_items(puzzles, len(puzzles), progress, *settings))


def solve_iter(
    puzzles: Iterable[PuzzleInput],
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    processes: int | None = None,
    progress: bool | None | Any = None,
    **options: Any,
) -> Iterator[BatchItem]:
    """Solve the puzzles of an iterable, read lazily, and yield one :class:`BatchItem` per
    puzzle in input order, each as soon as it and those before it are answered.

    The streaming form of :func:`solve_many` (same arguments, same items): the input is
    read only as fast as the workers take puzzles (a few chunks ahead, at most 4,096
    puzzles: :class:`_Chunker`), so a generator over a file of any length is solved in bounded memory while
    this process reads the next puzzles and uses the answers already yielded. Answers that
    come before an earlier, slower puzzle's are held until it is answered. Closing the
    iterator early (or Ctrl-C) stops the worker processes' current work.

    Args:
        puzzles: as for :func:`solve_many`, any iterable (a generator is read lazily).
        backend, time_limit, processes, progress, **options: as for :func:`solve_many`;
            the progress bar's total is ``len(puzzles)`` when the input has a length.

    Yields:
        :class:`BatchItem`: ``item.index`` runs 0, 1, 2, ... in input order.

    Raises:
        UnknownBackendError, TypeError, ValueError: as for :func:`solve_many`, when called
            (before any puzzle is read).

    >>> from sudoku_cp import datasets
    >>> puzzles = (p for p in datasets.load("easy50", limit=3))
    >>> [(item.index, item.status) for item in solve_iter(puzzles, backend="backtracking", progress=False)]
    [(0, 'solved'), (1, 'solved'), (2, 'solved')]
    """
    settings = _checked(puzzles, backend, time_limit, processes, options)
    total = len(puzzles) if isinstance(puzzles, Sized) else None
    return _stream_items(puzzles, total, progress, *settings)


def _checked(
    puzzles: Any, backend: str | None, time_limit: Any, processes: Any, options: dict[str, Any]
) -> tuple[str, backends.Backend, float | None, dict[str, Any], int | None]:
    """The checked settings of a batch (name, backend, time limit, options, processes);
    raises as :func:`solve_many` documents. Warns for ``workers`` meaning ``processes``,
    at the caller of the public function."""
    if processes is None and "workers" in options:
        warnings.warn(
            "solve_many(workers=...) is now processes=...; workers= goes to the backend "
            "(CP-SAT's threads) when processes= is given",
            DeprecationWarning,
            stacklevel=3,
        )
        processes = options.pop("workers")
    name = backend or backends.DEFAULT_BACKEND
    chosen = backends.get_backend(name)
    backends.check_options(name, chosen, options)
    time_limit = check_time_limit(time_limit)
    if processes is not None and (
        isinstance(processes, bool) or not isinstance(processes, int) or processes == 0
    ):
        raise InvalidArgumentError(
            f"processes must be a non-zero int (-1: every core) or None, not {processes!r}"
        )
    if isinstance(puzzles, str | bytes) or not isinstance(puzzles, Iterable):
        raise InvalidArgumentError(f"puzzles are a sequence of puzzles, not {type(puzzles).__name__}")
    return name, chosen, time_limit, options, processes


WORKER_DIED = "WorkerDiedError: the worker process solving this puzzle ended (killed, or it crashed): "
"""The start of :attr:`BatchItem.error` for a puzzle whose worker process died, twice."""


# -- forms: what a worker makes of a chunk -------------------------------------------------------


class ChunkForm:
    """What a worker makes of a chunk of puzzles, and how the caller reads it back.

    :func:`solve_many` and :func:`solve_iter` use the items' form (:class:`_Items`);
    ``sudoku-cp solve`` has its own, whose workers read the lines and write the answers'
    text (:mod:`sudoku_cp.cli`). A form is sent to the worker processes with each chunk,
    so it must pickle (a module-level class with picklable attributes).
    """

    def run(self, start: int, inputs: list[Any], solve: Callable[[int, Any], BatchItem], packed: bool) -> Any:
        """The output of one chunk, in the worker (or in the caller, for one process).

        Args:
            start: the index of the chunk's first input (the inputs' indices are consecutive).
            inputs: the chunk's inputs, as the caller's input iterable gave them.
            solve: ``solve(index, puzzle)`` solves one puzzle (any input of
                :func:`sudoku_cp.solve`) as the batch's settings say and records what
                happened as a :class:`BatchItem` (it never raises for the puzzle's sake).
            packed: the output goes to another process (pickled): make it compact.
        """
        raise NotImplementedError

    def died(self, index: int, puzzle: Any, message: str) -> Any:
        """The output of one input whose worker process died twice (in the caller);
        ``message`` starts with :data:`WORKER_DIED`."""
        raise NotImplementedError


class _Died(NamedTuple):
    """The output of an input whose worker died twice (the items' form)."""

    message: str


class _Items(ChunkForm):
    """The chunks of :func:`solve_many`: the items, packed by the worker (:func:`_pack_items`)."""

    def run(self, start: int, inputs: list[Any], solve: Callable[[int, Any], BatchItem], packed: bool) -> Any:
        items = [solve(start + offset, puzzle) for offset, puzzle in enumerate(inputs)]
        return _pack_items(items, inputs) if packed else items

    def died(self, index: int, puzzle: Any, message: str) -> Any:
        return _Died(message)


_STATUSES: tuple[Status, ...] = ("solved", "no solution", "timeout", "error")
_STATUS_CODE = {status: code for code, status in enumerate(_STATUSES)}


def _pack_items(items: list[BatchItem], inputs: list[Any]) -> tuple:
    """A chunk's items as a worker sends them: ``(statuses, wall times, failures,
    answers)``: a status code a byte, the wall times as floats, ``(offset, error,
    exception)`` for each puzzle not solved, and the answers (each
    :class:`~sudoku_cp.result.SolveResult`'s state, its proof packed, ``None`` for a puzzle
    not solved) as one pickle, read by the caller only when a result is read. An answer's
    puzzle is left out when it is the input itself (a :class:`~sudoku_cp.Puzzle`, which
    the caller holds)."""
    states: list[dict[str, Any] | None] = []
    failures = []
    for offset, (item, puzzle) in enumerate(zip(items, inputs, strict=True)):
        result = item.result
        if result is None:
            failures.append((offset, item.error, item.exception))
            states.append(None)
            continue
        _, (kind, state) = result.__reduce__()
        if kind is not SolveResult:  # not made by solve_with_stats: sent as it is
            state = {"": result}
        elif state["puzzle"] is puzzle:
            del state["puzzle"]
        states.append(state)
    statuses = bytes(_STATUS_CODE[item.status] for item in items)
    walls = tuple(item.wall_time for item in items)
    return statuses, walls, tuple(failures), pickle.dumps(states, pickle.HIGHEST_PROTOCOL)


class _Answers:
    """The answers of one chunk in the caller, unpickled on the first read of one of them."""

    __slots__ = ("data", "inputs", "states")

    def __init__(self, data: bytes, inputs: list[Any]) -> None:
        self.data = data
        self.inputs = inputs
        self.states: list[dict[str, Any] | None] | None = None

    def result(self, offset: int) -> SolveResult:
        states = self.states
        if states is None:
            states = self.states = pickle.loads(self.data)
        state = states[offset]
        if "" in state:
            return state[""]
        result = _unpickle_result(SolveResult, state)
        if "puzzle" not in state:
            result.__dict__["puzzle"] = self.inputs[offset]  # frozen: set as __init__ does
        return result


def _unpack_items(name: str, start: int, inputs: list[Any], output: Any) -> list[BatchItem]:
    """The items of a chunk's output (:class:`_Items`), their answers unpickled on first read."""
    if isinstance(output, list):  # solved in this process
        return output
    if isinstance(output, _Died):
        return [BatchItem(start, name, "error", None, output.message, 0.0)]
    statuses, walls, failures, data = output
    answers = _Answers(data, inputs)
    items = []
    new = object.__new__
    for offset, code in enumerate(statuses):
        item = new(BatchItem)
        item.__dict__.update(
            index=start + offset,
            backend=name,
            status=_STATUSES[code],
            error=None,
            wall_time=walls[offset],
            exception=None,
            _answers=(answers, offset),
        )
        items.append(item)
    for offset, error, exception in failures:
        state = items[offset].__dict__
        del state["_answers"]
        state.update(result=None, error=error, exception=exception)
    return items


# -- the stream of chunks ------------------------------------------------------------------------


def solve_chunked(
    puzzles: Iterable[Any],
    form: ChunkForm,
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    processes: int | None = None,
    progress: Any = None,
    **options: Any,
) -> Iterator[tuple[int, list[Any], Any]]:
    """Solve the inputs of an iterable in chunks of another form than items (the engine of
    :func:`solve_iter`, for ``sudoku-cp solve``): yield ``(start, inputs, output)`` per
    chunk in input order, ``output`` being ``form.run``'s (or ``form.died``'s for one input
    whose worker died twice).

    Args:
        puzzles: any iterable (read lazily, a few chunks ahead of the workers); its items
            are what ``form.run`` takes.
        form: a :class:`ChunkForm`.
        backend, time_limit, processes, progress, **options: as for :func:`solve_iter`.

    Raises:
        UnknownBackendError, TypeError, ValueError: as for :func:`solve_many`, when called.
    """
    settings = _checked(puzzles, backend, time_limit, processes, options)
    total = len(puzzles) if isinstance(puzzles, Sized) else None
    return _stream(puzzles, total, progress, form, *settings)


def _stream_items(
    puzzles: Iterable[PuzzleInput], total: int | None, progress: Any, *settings: Any
) -> Iterator[BatchItem]:
    """The items of ``puzzles`` in input order (the body of :func:`solve_iter`)."""
    name = settings[0]
    for start, inputs, output in _stream(puzzles, total, progress, _Items(), *settings):
        yield from _unpack_items(name, start, inputs, output)


def _stream(
    puzzles: Iterable[Any],
    total: int | None,
    progress: Any,
    form: ChunkForm,
    name: str,
    chosen: backends.Backend,
    time_limit: float | None,
    options: dict[str, Any],
    processes: int | None,
) -> Iterator[tuple[int, list[Any], Any]]:
    """The chunks of ``puzzles``, ``(start, inputs, output)``, in input order."""
    given_bar = progress if hasattr(progress, "update") else None
    with (
        contextlib.nullcontext(given_bar)
        if given_bar is not None
        else progress_bar(total, name, progress) as bar
    ):
        source: Iterator[tuple[int, Any]] = enumerate(puzzles)
        settings = (form, name, chosen, time_limit, options)
        joblib = import_module("joblib")
        workers = joblib.effective_n_jobs(processes)
        if workers == 1:  # in this process, one puzzle at a time, unpacked
            _ensure_registered(name, chosen)

            def solve(index: int, puzzle: Any) -> BatchItem:
                return _solve_one(index, puzzle, name, time_limit, options)

            for index, puzzle in source:
                output = form.run(index, [puzzle], solve, False)
                bar.update(1)
                yield index, [puzzle], output
            return
        while True:
            # A round over the rest of the input; if a worker process dies (killed, or out of
            # memory), the puzzles that were handed out but not answered are suspects: each
            # is run again alone, where a second death records it as an error. joblib yields
            # in input order, so every suspect comes after every chunk already yielded.
            handed: dict[int, Any] = {}
            answered = [0]
            chunker = _Chunker(source, workers)
            died = yield from _round(chunker, handed, answered, settings, processes, bar)
            if died is None:
                return
            source = itertools.chain(chunker.buffer, source)  # read ahead, not handed out
            for index in sorted(handed):
                again = _Chunker(iter([(index, handed[index])]), 1)
                died_again = yield from _round(again, {}, [0], settings, processes, bar)
                if died_again:
                    bar.update(1)
                    yield index, [handed[index]], form.died(index, handed[index], died_again)
            if not handed and not answered[0]:  # no progress: record the rest, do not loop
                for index, puzzle in source:
                    bar.update(1)
                    yield index, [puzzle], form.died(index, puzzle, died)
                return


class _Chunker:
    """Cuts the ``(index, puzzle)`` pairs of a round into chunks of consecutive indices,
    the unit of work of a worker process, sized from the worker seconds of the chunks
    answered so far (:meth:`record`).

    A chunk aims at :data:`CHUNK_SECONDS` of a worker's CPU time (at the running mean time
    of a puzzle, recent chunks weighing most: :func:`_run_chunk`), with at most
    :data:`MAX_CHUNK` puzzles, and at most twice the previous chunk: the first holds one
    puzzle, so the workers start at once and a slow kind of puzzle is not bundled blind.
    The input is read ahead (two chunks per worker, at most 4,096 puzzles) so that its end
    is seen coming: from there each chunk holds at most the rest over twice the workers
    (guided self-scheduling: Polychronopoulos and Kuck, "Guided self-scheduling: a
    practical scheduling scheme for parallel supercomputers", IEEE Transactions on
    Computers 36(12), 1987), so the workers finish together instead of one waiting for the
    other's last chunk.
    """

    def __init__(self, work: Iterator[tuple[int, Any]], workers: int) -> None:
        self.work = work
        self.workers = max(1, workers)
        self.buffer: collections.deque[tuple[int, Any]] = collections.deque()
        self.ended = False
        self.size = 0
        self.seconds: float | None = None  # a puzzle's mean worker seconds, recent chunks weighing most

    def record(self, count: int, seconds: float) -> None:
        """A chunk of ``count`` puzzles took a worker ``seconds``."""
        mean = seconds / count
        self.seconds = mean if self.seconds is None else (self.seconds + mean) / 2

    def cut(self) -> list[tuple[int, Any]]:
        """The next chunk (``[]`` at the end of the input)."""
        size = min(MAX_CHUNK, max(1, 2 * self.size))
        if self.seconds is not None:
            size = max(1, min(size, round(CHUNK_SECONDS / max(self.seconds, 1e-9))))
        ahead = min(_LOOKAHEAD, 2 * self.workers * size)
        while not self.ended and len(self.buffer) < ahead:
            pair = next(self.work, None)
            if pair is None:
                self.ended = True
            else:
                self.buffer.append(pair)
        if self.ended:
            size = min(size, -(-len(self.buffer) // (2 * self.workers)))
        chunk: list[tuple[int, Any]] = []
        buffer = self.buffer
        while buffer and len(chunk) < size and (not chunk or buffer[0][0] == chunk[-1][0] + 1):
            chunk.append(buffer.popleft())
        if chunk:
            self.size = len(chunk)
        return chunk


def _round(
    chunker: _Chunker,
    handed: dict[int, Any],
    answered: list[int],
    settings: tuple,
    processes: int | None,
    bar: Any,
) -> Generator[tuple[int, list[Any], Any], None, str | None]:
    """Solve the chunks ``chunker`` cuts with joblib, yielding each ``(start, inputs,
    output)`` in input order as it comes; ``handed`` holds the puzzles handed out and not
    yet answered, ``answered[0]`` counts the puzzles answered. Return, if the worker pool
    broke (a worker process died), the error message, else ``None``."""
    joblib = import_module("joblib")
    from joblib.externals.loky.process_executor import BrokenProcessPool

    # joblib reads ``tasks`` lazily (in its callback thread for worker processes), a few
    # chunks ahead of the answers; once the pool broke, no chunk more is cut (the lock), so
    # that ``handed`` holds every puzzle handed out and not answered.
    taking = threading.Lock()
    broken = False

    def tasks():
        run = joblib.delayed(_run_chunk)
        parent = os.getpid()
        while True:
            with taking:
                if broken:
                    return
                chunk = chunker.cut()
                if not chunk:
                    return
                handed.update(chunk)
            yield run(*settings, parent, chunk[0][0], _Pickled.of([puzzle for _, puzzle in chunk]))

    # loky (joblib's default) workers watch this process from their start, not only from
    # their first chunk (an idle worker would otherwise wait for its idle timeout).
    watch: dict[str, Any] = {}
    if isinstance(joblib.parallel.get_active_backend()[0], joblib.parallel.LokyBackend):
        watch = {"initializer": _start_watching, "initargs": (os.getpid(),)}
    # batch_size=1: a chunk is already a batch of puzzles, sized by the chunker
    parallel = joblib.Parallel(n_jobs=processes, return_as="generator", batch_size=1, **watch)
    outputs = parallel(tasks())
    try:
        for start, count, output, seconds in outputs:
            inputs = [handed.pop(index) for index in range(start, start + count)]
            chunker.record(count, seconds)
            answered[0] += count
            bar.update(count)
            yield start, inputs, output
    except GeneratorExit:  # the caller stopped early: the tasks left are cancelled, as asked
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "(?s).*adjusting the input task iterator", UserWarning)
            outputs.close()
        raise
    except (BrokenProcessPool, BrokenExecutor) as error:  # TerminatedWorkerError is a BrokenProcessPool
        with taking:
            broken = True
        return WORKER_DIED + f"{type(error).__name__}: {error}".splitlines()[0]
    return None


class _Pickled(NamedTuple):
    """A chunk's inputs pickled by :mod:`pickle` in the caller (one C-speed pass, where
    loky's cloudpickle calls a Python hook per object), unpickled in the worker."""

    data: bytes

    @classmethod
    def of(cls, inputs: list[Any]) -> _Pickled | list[Any]:
        """``inputs`` pickled, or as they are when :mod:`pickle` cannot take them (a
        function in a record: cloudpickle, joblib's, pickles it by value)."""
        try:
            return cls(pickle.dumps(inputs, pickle.HIGHEST_PROTOCOL))
        except Exception:  # noqa: BLE001 - PicklingError, TypeError, AttributeError...: joblib's pickler then
            return inputs


def _run_chunk(
    form: ChunkForm,
    name: str,
    chosen: backends.Backend,
    time_limit: float | None,
    options: dict[str, Any],
    parent: int | None,
    start: int,
    inputs: _Pickled | list[Any],
    packed: bool = True,
) -> tuple[int, int, Any, float]:
    """Solve a chunk in a worker (or in the caller, ``packed=False``): ``(start, count,
    form's output, worker seconds)``. The seconds that size the chunks are CPU seconds, so
    that the chunks do not shrink when other programs load the machine (the caller's work
    per chunk is CPU too), or a quarter of the wall seconds when more (a backend that
    waits)."""
    began, cpu = time.perf_counter(), _cpu_seconds()
    _end_with_parent(parent)
    _ensure_registered(name, chosen)
    if isinstance(inputs, _Pickled):
        inputs = pickle.loads(inputs.data)

    def solve(index: int, puzzle: Any) -> BatchItem:
        return _solve_one(index, puzzle, name, time_limit, options)

    output = form.run(start, inputs, solve, packed)
    wall, cpu = time.perf_counter() - began, _cpu_seconds() - cpu
    return start, len(inputs), output, max(cpu, wall / _WALL_PER_CPU)


_WALL_PER_CPU = 4  # a chunk's worker seconds: its CPU, or a quarter of its wall time if more


def _cpu_seconds() -> float:
    """The CPU seconds of this process and of its child processes that ended (a backend
    may solve in a child process: python-constraint with a time limit)."""
    times = os.times()
    return time.process_time() + times.children_user + times.children_system


def _solve_one(
    index: int, puzzle: PuzzleInput, name: str, time_limit: float | None, options: dict[str, Any]
) -> BatchItem:
    """Solve one puzzle and record what happened; never raises for the puzzle's sake."""
    start = time.perf_counter()
    try:
        result = solve_with_stats(puzzle, backend=name, time_limit=time_limit, **options)
    except NoSolutionError as error:
        return _failed(index, name, "no solution", error, start)
    except SolveTimeoutError as error:
        return _failed(index, name, "timeout", error, start)
    except Exception as error:  # noqa: BLE001 - one failing puzzle must not stop the batch
        return _failed(index, name, "error", error, start)
    return BatchItem(index, name, "solved", result, None, time.perf_counter() - start)


def _failed(index: int, name: str, status: Status, error: Exception, start: float) -> BatchItem:
    message = f"{type(error).__name__}: {error}"
    own = error if isinstance(error, SudokuError) else None  # the package's errors pickle
    return BatchItem(index, name, status, None, message, time.perf_counter() - start, own)


def _ensure_registered(name: str, chosen: backends.Backend) -> None:
    """Make ``name`` resolve to ``chosen`` in this process.

    A worker process starts with only the default registry, so a backend the caller
    registered at run time (or replaced) is registered again from the pickled backend.
    """
    if name not in backends.backend_names() or backends.get_backend(name) is not chosen:
        backends.register_backend(name, chosen)


_watched: set[int] = set()


def _end_with_parent(parent: int | None) -> None:
    """In a worker process started by ``parent`` (a joblib/loky worker), start once a
    daemon thread that ends this process when ``parent`` dies, whatever killed it (even
    SIGKILL, which gives the parent no chance to stop its workers): its workers then stop
    too, instead of solving on at full CPU for nobody. A no-op in the caller's process and
    on machines the caller did not start (a Dask cluster's workers)."""
    pid = os.getpid()
    if parent is None or pid == parent or pid in _watched or os.getppid() != parent:
        return

    _watched.add(pid)
    threading.Thread(target=_watch_parent, args=(parent,), name="sudoku_cp-parent-watch", daemon=True).start()


def _start_watching(parent: int) -> None:
    """A loky worker's initializer: end now if ``parent`` is already gone, else watch it."""
    if os.getppid() != parent:
        os._exit(1)
    _end_with_parent(parent)


PARENT_POLL = 0.25
"""Seconds between two looks of a worker process at its parent."""


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:  # a dead parent's children pass to another process
        time.sleep(PARENT_POLL)
    os._exit(1)
