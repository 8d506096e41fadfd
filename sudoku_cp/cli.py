"""The ``sudoku-cp`` command line (also ``python -m sudoku_cp``), built with Click.

A thin layer over the library: every command reads its input with
:mod:`sudoku_cp.io.readers` (the CLI has no reader of its own), solves with
:func:`sudoku_cp.solve_with_stats` or :func:`sudoku_cp.compare`, and writes through
:func:`_out` (standard output) or :func:`_write_file` (a file, written whole or not at all).

Exit codes (:data:`EXIT_CODES`): 0 done, 1 no solution, 2 invalid input or usage, 3 time
limit, 4 a backend or its worker process failed, 5 the output could not be written, 130
interrupted (Ctrl-C), 141 standard output closed early (``| head``). The reason for a
non-zero exit goes to standard error in one line, with control characters escaped.
"""

from __future__ import annotations

import contextlib
import errno
import io
import itertools
import os
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from sudoku_cp import backends, datasets, errors
from sudoku_cp.api import solve_with_stats
from sudoku_cp.io import readers
from sudoku_cp.io.files import write_atomic
from sudoku_cp.io.formats import SPLITTING, Layout, format_grid
from sudoku_cp.io.inputs import build
from sudoku_cp.model.grid import Grid, standard_box
from sudoku_cp.model.multigrid import LAYOUTS
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.naming import SYMMETRIES, VARIANTS, canonical_name, match_name
from sudoku_cp.result import SolveResult

EXIT_SOLVED, EXIT_NO_SOLUTION, EXIT_INVALID, EXIT_TIMEOUT, EXIT_FAILED, EXIT_OUTPUT = 0, 1, 2, 3, 4, 5
EXIT_INTERRUPTED, EXIT_PIPE_CLOSED = 130, 141
EXIT_CODES = (
    "Exit codes: 0 solved (done), 1 no solution, 2 invalid input or usage, 3 time limit "
    "(for count: the count not finished), 4 a backend or its worker process failed, "
    "5 the output could not be written (no partial file is left), 130 interrupted "
    "(Ctrl-C), 141 standard output closed early (| head; 128 + SIGPIPE). For several "
    "puzzles, the first failure's; bench: 2, 4, 3, then 1, the first that applies to any "
    "row. The reason goes to standard error in one line."
)
CONFLICT_TIME_LIMIT = 10.0
"""Seconds the CLI spends at most naming the conflicting givens of a puzzle with no
solution; with ``-t``, no more than what the puzzle's limit left."""
_MIN_CONFLICT_SECONDS = 0.05

# The band names of ``grade``, declared here so that the CLI starts without importing the
# technique table (the generator's names come from sudoku_cp.naming, which imports nothing
# heavy); tests/test_startup.py checks they equal ``sudoku_cp.reasoning.grading.BAND_NAMES``.
BAND_NAMES = ("easy", "medium", "hard", "expert", "fiendish")


@click.group(
    help="Solve Sudoku puzzles (4x4 to 25x25) with constraint-programming backends.\n\n"
    "A PUZZLE argument is a file, '-' or nothing for standard input, or the puzzle itself "
    "(one line of 16, 36, 81 or 256 cells, or a JSON record) when no file has that name. "
    "Files are JSON, JSON Lines or text grids in any common layout.\n\n" + EXIT_CODES,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name="sudoku_cp")
def app() -> None:
    pass


class _Seconds(click.ParamType):
    """A positive number of seconds (``inf`` for no limit); NaN, zero and negatives are refused."""

    name = "seconds"

    def convert(self, value, param, ctx) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not seconds > 0:
            self.fail(f"{value!r} is not a positive number of seconds", param, ctx)
        return seconds


class _Name(click.Choice):
    """A choice of names in any spelling (``anti-knight``, ``AntiKnight``, ``anti_knight``),
    shown and returned in the spelling of ``choices`` (:mod:`sudoku_cp.naming`)."""

    def __init__(self, choices) -> None:
        self.spellings = list(choices)
        super().__init__([canonical_name(choice) for choice in self.spellings])

    def convert(self, value, param, ctx) -> str:
        found = match_name(str(value), self.spellings)
        if found is None:
            self.fail(f"{value!r} is not one of {', '.join(map(canonical_name, self.spellings))}", param, ctx)
        return found


def _check_processes(ctx, param, value: int | None) -> int | None:
    if value == 0:
        raise click.BadParameter("0 processes: give 1 or more, or -1 for every core", ctx, param)
    return value


def _check_csv_path(ctx, param, value: str | None) -> str | None:
    """``-`` (standard output) or a file path whose folder exists and is writable, checked
    before anything is solved (the write itself is checked too: :func:`_write_file`)."""
    if value is None or value == "-":
        return value
    path = Path(value)
    folder = path.parent
    if path.is_dir():
        raise click.BadParameter(f"{value} is a folder, not a file", ctx, param)
    if not folder.is_dir():
        raise click.BadParameter(f"the folder {folder} does not exist", ctx, param)
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise click.BadParameter(f"cannot write {value}", ctx, param)
    return value


backend_option = click.option(
    "--backend",
    "-b",
    default=None,
    help=f"Backend name (see 'sudoku-cp backends'); default: {backends.DEFAULT_BACKEND}.",
)
time_limit_option = click.option(
    "--time-limit",
    "-t",
    type=_Seconds(),
    default=None,
    help="Seconds allowed per puzzle (inf: no limit); naming the conflicting givens of a "
    "puzzle with no solution stays within it.",
)
dataset_options = [
    click.option("--limit", "-n", type=click.IntRange(min=1), default=None, help="Only the first N puzzles."),
    click.option(
        "--sample",
        type=click.IntRange(min=1),
        default=None,
        help="With --dataset: N puzzles drawn at random (in file order; see --seed).",
    ),
    click.option("--seed", type=int, default=0, show_default=True, help="The random seed of --sample."),
]
one_per_line_option = click.option(
    "--one-per-line",
    is_flag=True,
    help="Every line of the input that is not blank or a comment is one whole puzzle.",
)
puzzle_argument = click.argument("puzzle", required=False)


def _with(options):
    def decorate(function):
        for option in reversed(options):
            function = option(function)
        return function

    return decorate


class _Failure(Exception):
    """Stop with an exit code and a one-line reason."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code


class _OutputClosed(Exception):
    """Standard output was closed by its reader (``| head``); not an OSError, so that
    Click does not turn it into exit code 1."""


def _exit_code(error: errors.SudokuError) -> int:
    """The exit code of an error of the library."""
    from sudoku_cp.backends.subprocess_timeout import WorkerDiedError

    if isinstance(error, errors.NoSolutionError):
        return EXIT_NO_SOLUTION
    if isinstance(error, errors.SolveTimeoutError):
        return EXIT_TIMEOUT
    if isinstance(
        error,
        errors.InvalidPuzzleError
        | errors.UnknownBackendError
        | errors.BackendUnavailableError
        | errors.NotSupportedError
        | errors.NotProperError,
    ):
        return EXIT_INVALID
    if isinstance(error, WorkerDiedError):
        return EXIT_FAILED
    return EXIT_FAILED  # a backend that returned a wrong grid, or another failure of ours


def _message(error: errors.SudokuError, seconds_left: float | None = None) -> str:
    """The one-line reason; for a puzzle with no solution, the givens that conflict
    (``no solution: r1c1=5, r4c7=5 and r9c9=2 cannot all hold``), searched for at most
    :data:`CONFLICT_TIME_LIMIT` seconds and no longer than ``seconds_left``. Runs inside
    the command, so that Ctrl-C during the search is an interruption like any other."""
    if not isinstance(error, errors.NoSolutionError) or error.puzzle is None:
        return str(error)
    from sudoku_cp.reasoning.conflict import explain_conflict

    limit = CONFLICT_TIME_LIMIT if seconds_left is None else min(CONFLICT_TIME_LIMIT, seconds_left)
    if limit < _MIN_CONFLICT_SECONDS:
        return "no solution (the time limit left no time to name the conflicting givens)"
    try:
        conflict = explain_conflict(error.puzzle, time_limit=limit)
    except errors.SolveTimeoutError:
        return f"no solution (no minimal set of conflicting givens found within {limit:.3g} s)"
    return f"no solution: {conflict}" if conflict is not None else "no solution"


def _seconds_left(time_limit: float | None, start: float) -> float | None:
    return None if time_limit is None else time_limit - (time.perf_counter() - start)


# -- output ------------------------------------------------------------------------------------


def _out(text: str) -> None:
    """Write a line to standard output (flushed, so answers appear as they are found).

    Raises:
        _OutputClosed: the reader closed the pipe (exit 141).
        _Failure: the output cannot be written (a full disk, ``> /dev/full``; exit 5).
    """
    try:
        click.echo(text)
    except BrokenPipeError:
        raise _OutputClosed from None
    except OSError as error:
        raise _Failure(EXIT_OUTPUT, f"cannot write standard output: {error.strerror or error}") from None


def _error(text: str) -> None:
    """One line on standard error, control characters escaped."""
    with contextlib.suppress(OSError):
        click.echo(f"sudoku-cp: {_one_line(text)}", err=True)


def _one_line(text: str) -> str:
    """``text`` on one line, with any control character (a terminal escape) escaped."""
    words = " ".join(str(text).split())
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in words)


def _write_file(path: str, data: str | bytes) -> None:
    """Write a whole file or nothing (:func:`sudoku_cp.io.files.write_atomic`).

    Raises:
        _Failure: the file cannot be written (exit 5); no partial file is left.
    """
    try:
        write_atomic(path, data)
    except OSError as error:
        raise _Failure(EXIT_OUTPUT, f"cannot write {path}: {error.strerror or error}") from None


# -- input -------------------------------------------------------------------------------------

_PUZZLE_CHARS = frozenset("123456789ABCDEFGHIJKLMNOPabcdefghijklmnop.0-_ |,;")


def _entries(argument: str | None, *, one_per_line: bool = False) -> Iterator[readers.Entry]:
    """The puzzles of the PUZZLE argument, read lazily by :func:`sudoku_cp.io.readers.read`:
    standard input for none or ``-``; a file when one has that name; else the argument
    itself when it can be a puzzle (a line of cells, a JSON record, a link)."""
    if argument is None or argument == "-":
        stream = getattr(_stdin(), "buffer", sys.stdin)
        if _is_terminal(stream):
            _error("reading puzzles from standard input (end with Ctrl-D; see --help)")
        source = readers.Source(stream, "standard input", one_per_line=one_per_line)
        return _reading("standard input", readers.read(source))
    if os.path.exists(argument):
        try:
            stream = open(argument, "rb")  # noqa: SIM115 - closed when the reading ends
        except OSError as error:
            raise _Failure(EXIT_INVALID, f"cannot read {argument}: {error.strerror or error}") from None
        source = readers.Source(stream, argument, one_per_line=one_per_line)
        return _closing(stream, _reading(argument, readers.read(source)))
    if _may_be_puzzle(argument):
        return readers.read_text(argument, name="the PUZZLE argument", one_per_line=one_per_line)
    raise _Failure(
        EXIT_INVALID,
        f"no such file: {readers.quote(argument, 80)} (a puzzle may be given as the argument, "
        f"as one line of cells or a JSON record, or piped to standard input)",
    )


def _stdin():
    """``sys.stdin``, or a failure (exit 2) when it is closed (``<&-``: Python sets it to None)."""
    if sys.stdin is None:
        raise _Failure(EXIT_INVALID, "standard input is closed: give the puzzle as an argument or a file")
    return sys.stdin


def _reading(name: str, entries: Iterator[readers.Entry]) -> Iterator[readers.Entry]:
    """``entries``, with a failure to read (``/proc/self/mem``: EIO) as one line, exit 2."""
    try:
        yield from entries
    except OSError as error:
        raise _Failure(EXIT_INVALID, f"cannot read {name}: {error.strerror or error}") from None


def _closing(stream, entries: Iterator[readers.Entry]) -> Iterator[readers.Entry]:
    try:
        yield from entries
    finally:
        stream.close()


def _may_be_puzzle(argument: str) -> bool:
    """True for an argument that is no file but may be a puzzle: JSON, a link, several
    lines, only cell characters (``4.....8.5.3...``), or an Interactive Sudoku Solver
    string (``.~R1C1_5.Thermo~R2C2~R2C3``)."""
    text = argument.strip()
    if text.startswith(("{", "[", "http://", "https://")) or "\n" in text or _PUZZLE_CHARS.issuperset(text):
        return True
    from sudoku_cp.io import iss

    if os.sep not in text and iss.looks_like_iss(text):
        return True
    # a line of cells with a bad character or two: read it, so the error names the character
    cells = sum(ch in _PUZZLE_CHARS for ch in text)
    return os.sep not in text and len(text) >= 16 and cells >= 0.9 * len(text)


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _only(argument: str | None, index: int = 0) -> tuple[readers.Entry, Puzzle]:
    """The ``index``-th puzzle (0-based) of the PUZZLE argument, built."""
    entries = _entries(argument)
    entry = next(itertools.islice(entries, index, None), None)
    if entry is None:
        if index:
            raise _Failure(EXIT_INVALID, f"--index {index}: the input holds fewer puzzles")
        raise errors.InvalidPuzzleError("the puzzle is empty: no cells were found")
    try:
        return entry, build(entry)[0]
    except errors.InvalidPuzzleError as error:
        raise errors.InvalidPuzzleError(entry.locate(error) if index else str(error)) from None


def _first_two(entries: Iterator[readers.Entry]) -> tuple[list[readers.Entry], bool]:
    """The first entries (one or two) and whether the input holds several puzzles."""
    head = list(itertools.islice(entries, 2))
    if not head:
        raise errors.InvalidPuzzleError("the puzzle is empty: no cells were found")
    return head, len(head) > 1


# -- solve -------------------------------------------------------------------------------------


def _verbatim(*texts: str) -> str:
    """Help text whose paragraphs Click prints as they are written (``\\b``: no rewrapping)."""
    return "\n\n".join("\b\n" + paragraph for text in texts for paragraph in text.split("\n\n"))


@app.command("solve", epilog=_verbatim(SPLITTING) + "\n\n" + EXIT_CODES)
@puzzle_argument
@backend_option
@time_limit_option
@click.option("--dataset", "-d", default=None, help="Solve a bundled data set instead of PUZZLE.")
@_with(dataset_options)
@click.option(
    "--layout",
    "-l",
    type=click.Choice([layout.value for layout in Layout]),
    default=None,
    help="Output layout; default: the layout of the input (one line for a data set).",
)
@one_per_line_option
@click.option(
    "--stats", is_flag=True, help="Also print each puzzle's time and effort counters on standard error."
)
@click.option(
    "--summary",
    is_flag=True,
    help="With --dataset: print only the one-line summary, on standard output (by default the "
    "solutions go to standard output and the summary to standard error).",
)
@click.option(
    "--processes",
    type=int,
    default=1,
    show_default=True,
    callback=_check_processes,
    help="Processes solving the puzzles of a file (-1: every core); answers still come in "
    "input order. 1: one at a time in this process, each printed as soon as found.",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="A progress bar on standard error; default: with --processes, when standard error is a terminal.",
)
def solve_command(
    puzzle: str | None,
    backend: str | None,
    time_limit: float | None,
    dataset: str | None,
    limit: int | None,
    sample: int | None,
    seed: int,
    layout: str | None,
    one_per_line: bool,
    stats: bool,
    summary: bool,
    processes: int,
    progress: bool | None,
) -> None:
    """Solve the puzzles of PUZZLE (a file, the puzzle itself, or standard input) and print
    their smallest row-major solutions.

    Each solution is printed in the layout its puzzle was given in (one line, rows of
    digits, space-separated rows, or a pretty grid), as soon as it is found; a file of
    any length is read a line at a time. A puzzle of many that fails is reported on
    standard error with its line number (or record index) and leaves an empty line in
    its place on standard output, so that the n-th answer is the n-th puzzle's. A JSON
    file of puzzle records (one, a list, or one per line; any variant) gives one
    solution per record.

    With --processes N (-1: every core), N worker processes solve the puzzles
    (sudoku_cp.solve_iter) while this one reads the next and prints the answers, in
    input order, as they come.
    """
    backends.get_backend(backend or backends.DEFAULT_BACKEND)  # fail fast on an unknown name
    if dataset is not None:
        if puzzle is not None or one_per_line or stats:
            raise _Failure(EXIT_INVALID, "--dataset takes no PUZZLE and no --one-per-line or --stats")
        _solve_dataset(dataset, limit, sample, seed, backend, time_limit, layout, summary, processes)
        return
    if limit is not None or sample is not None or summary:
        given = "--limit" if limit is not None else "--sample" if sample is not None else "--summary"
        raise _Failure(EXIT_INVALID, f"{given} goes with --dataset")
    entries = _entries(puzzle, one_per_line=one_per_line)
    head, many = _first_two(entries)
    if processes != 1 or progress:
        worst = _solve_streaming(
            itertools.chain(head, entries), many, backend, time_limit, layout, stats, processes, progress
        )
        if worst:
            raise click.exceptions.Exit(worst)
        return
    worst = EXIT_SOLVED
    for entry in itertools.chain(head, entries):
        start = time.perf_counter()
        try:
            read, given_layout = build(entry)
            result = solve_with_stats(read, backend=backend, time_limit=time_limit)
        except errors.SudokuError as error:
            reason = _message(error, _seconds_left(time_limit, start))
            if not many:
                raise _Failure(_exit_code(error), reason) from None
            _error(entry.locate(reason))
            _out("")  # keep the output aligned with the input
            worst = worst or _exit_code(error)
            continue
        if stats:
            _error_free_line(_stats_line(entry.where if many else None, result))
        _out(format_grid(result.solution, layout or given_layout))
    if worst:
        raise click.exceptions.Exit(worst)


def _solve_streaming(
    entries: Iterator[readers.Entry],
    many: bool,
    backend: str | None,
    time_limit: float | None,
    layout: str | None,
    stats: bool,
    processes: int,
    progress: bool | None,
) -> int:
    """Solve ``entries`` in ``processes`` processes (:func:`sudoku_cp.batch.solve_chunked`),
    printing the answers (or an empty line and the reason on standard error) in input
    order; return the first failure's exit code, or 0.

    Reading, solving and writing overlap: joblib reads the entries lazily (a few chunks
    ahead of the workers, in its callback thread) while this thread writes each chunk's
    answers as soon as it and those before it are in. The workers do the rest
    (:class:`_Answering`): a text puzzle goes to them as its text, unread, and comes back
    as its answer's text, a whole chunk's answers as one string, so this process only
    splits the input into puzzles and writes text. A record (JSON, a link) is decoded here
    and built into its puzzle by the worker. An entry that does not read keeps its slot:
    its reason is printed in its place, before the next answer.

    Raises:
        _Failure: the only puzzle of the input fails (its exit code and reason).
    """
    from sudoku_cp.batch import solve_chunked
    from sudoku_cp.progress import progress_bar

    name = backend or backends.DEFAULT_BACKEND
    # A failure to read the input itself (an OSError: exit 2) ends the input; it is raised
    # here once every answer before it is printed, as in one process.
    stopped: list[Exception] = []

    def puzzles() -> Iterator[tuple[str, int, str, Any]]:
        try:
            for entry in entries:
                if entry.text is not None:  # a text puzzle: read by the worker
                    yield entry.where, entry.line, "text", entry.text
                    continue
                try:
                    yield entry.where, entry.line, "read", entry.load()
                except errors.InvalidPuzzleError as error:
                    yield entry.where, entry.line, "failed", str(error)
        except Exception as error:  # noqa: BLE001 - raised in this thread, in its place
            stopped.append(error)

    worst = EXIT_SOLVED
    out_on_terminal = _is_terminal(sys.stdout)

    def failed(where: str, code: int, reason: str) -> None:
        nonlocal worst
        if not many:
            raise _Failure(code, reason)
        bar.clear()  # the reason on standard error, then the bar again below it
        _error(readers.Entry(where, _unread).locate(reason))
        worst = worst or code

    def write(text: str) -> None:
        if text:
            if out_on_terminal:
                bar.clear()
            _out(text[:-1])  # each answer's text ends with a newline, which _out adds

    form = _Answering(layout, stats, many, time_limit)
    with progress_bar(None, f"solve ({name})", progress) as bar:  # type: ignore[arg-type]
        chunks = solve_chunked(
            puzzles(), form, backend=name, time_limit=time_limit, processes=processes, progress=bar
        )
        try:
            for _, _, (text, notes) in chunks:
                written = 0
                for at, code, where, line in notes:  # in order, each before its answer's text
                    write(text[written:at])
                    written = at
                    if code is None:
                        bar.clear()
                        _error_free_line(line)
                    else:
                        failed(where, code, line)
                write(text[written:])
        finally:
            chunks.close()  # a failure of the only puzzle: stop the workers before leaving
    if stopped:
        raise stopped[0]
    return worst


def _built(kind: str, data: Any, line: int) -> tuple[Puzzle, Layout | str]:
    """The puzzle and layout of an entry as :func:`_solve_streaming` sends it: a text
    puzzle's ``text`` (starting on input line ``line``), a ``read`` entry's
    ``(grid, layout)`` or record, or the reason it ``failed`` to read.

    Raises:
        InvalidPuzzleError: it does not read, as :func:`sudoku_cp.io.inputs.build` says.
    """
    if kind == "failed":
        raise errors.InvalidPuzzleError(data)
    if kind == "text":
        data = readers.read_text_grid(data, first_line=line)
    if isinstance(data, tuple):
        return Puzzle(data[0]), data[1]
    return Puzzle.from_dict(data), Layout.LINE


def _unread() -> Any:
    raise AssertionError("the entry was read already")  # pragma: no cover - never called


class _Answering:
    """The chunks of ``sudoku-cp solve --processes N`` (a :class:`sudoku_cp.batch.ChunkForm`,
    not subclassed, so that this module does not import :mod:`sudoku_cp.batch`):
    a worker reads each text puzzle of its chunk, solves it and writes its answer as the
    command does in one process; the chunk's output is ``(text, notes)``: the answers'
    text (an empty line for a puzzle not solved), and a note ``(position in text, exit
    code, where, reason)`` per puzzle not solved, or ``(position, None, None, line)`` for a
    ``--stats`` line, each to print on standard error before the text from its position."""

    def __init__(self, layout: str | None, stats: bool, many: bool, time_limit: float | None) -> None:
        self.layout = layout
        self.stats = stats
        self.many = many
        self.time_limit = time_limit

    def run(self, start: int, inputs: list, solve, packed: bool) -> tuple[str, tuple]:
        texts: list[str] = []
        notes: list[tuple] = []
        size = 0  # characters of text so far
        for offset, (where, line, kind, data) in enumerate(inputs):
            try:
                puzzle, given_layout = _built(kind, data, line)
            except errors.InvalidPuzzleError as error:
                notes.append((size, EXIT_INVALID, where, str(error)))
                texts.append("\n")
                size += 1
                continue
            item = solve(start + offset, puzzle)
            if not item.solved:
                code, reason = _failure_of(item, self.time_limit)
                notes.append((size, code, where, reason))
                texts.append("\n")
                size += 1
                continue
            if self.stats:
                notes.append((size, None, None, _stats_line(where if self.many else None, item.result)))
            answer = format_grid(item.result.solution, self.layout or given_layout) + "\n"
            texts.append(answer)
            size += len(answer)
        return "".join(texts), tuple(notes)

    def died(self, index: int, puzzle: tuple, message: str) -> tuple[str, tuple]:
        return "\n", ((0, EXIT_FAILED, puzzle[0], message),)


def _failure_of(item, time_limit: float | None) -> tuple[int, str]:
    """The exit code and one-line reason of a puzzle not solved (``item``: its
    :class:`~sudoku_cp.batch.BatchItem`)."""
    if item.exception is not None:
        left = None if time_limit is None else time_limit - item.wall_time
        return _exit_code(item.exception), _message(item.exception, left)
    code = {"no solution": EXIT_NO_SOLUTION, "timeout": EXIT_TIMEOUT}.get(item.status, EXIT_FAILED)
    return code, item.error or item.status


def _error_free_line(text: str) -> None:
    """A line of information on standard error (not a failure: no ``sudoku-cp:`` prefix)."""
    with contextlib.suppress(OSError):
        click.echo(_one_line(text), err=True)


def _stats_line(where: str | None, result: SolveResult) -> str:
    counters = ", ".join(f"{key}={_number(value)}" for key, value in result.stats.items())
    place = f"{where}: " if where else ""
    return f"stats: {place}{result.backend}, {result.wall_time * 1000:.2f} ms, {counters}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.4g}"


def _load_dataset(name: str, limit: int | None, sample: int | None = None, seed: int = 0) -> list:
    """The puzzles of a bundled set asked for (only those are parsed); an unknown name is a usage error."""
    try:
        return datasets.load(name, limit=limit, sample=sample, seed=seed)
    except ValueError as error:
        raise _Failure(EXIT_INVALID, str(error)) from None


def _solve_dataset(
    name: str,
    limit: int | None,
    sample: int | None,
    seed: int,
    backend: str | None,
    time_limit: float | None,
    layout: str | None,
    summary_only: bool,
    processes: int = 1,
) -> None:
    """Solve a bundled set with :func:`sudoku_cp.compare` (one backend, in ``processes``
    processes): the solutions (an empty line for a puzzle not solved) and the summary line
    of :func:`sudoku_cp.summarize`."""
    from sudoku_cp.compare import compare, summarize

    puzzles = _load_dataset(name, limit, sample, seed)
    name_used = backend or backends.DEFAULT_BACKEND
    start = time.perf_counter()
    frame = compare(puzzles, backends=[name_used], time_limit=time_limit, dataset=name, processes=processes)
    elapsed = time.perf_counter() - start
    if not summary_only:
        for puzzle, solution in zip(puzzles, frame["solution"], strict=True):
            if solution is None:
                _out("")
            elif layout in (None, Layout.LINE):
                _out(solution)
            else:
                _out(format_grid(Grid.parse(solution, puzzle.box), layout))
    row = summarize(frame).iloc[0]
    line = _summary_line(name, name_used, row, elapsed)
    if summary_only:
        _out(line)
    else:
        _error_free_line(line)
    _raise_batch_exit(row["errors"], row["timeouts"], row["no_solution"])


def _summary_line(name: str, backend: str, row, elapsed: float) -> str:
    """``top95: 95/95 solved by auto in 3.21 s (median 12.3 ms, mean 30.1 ms, max 402 ms per puzzle)``."""
    others = "".join(
        f", {count} {what}"
        for what, count in (
            ("no solution", row["no_solution"]),
            ("timeout", row["timeouts"]),
            ("error", row["errors"]),
        )
        if count
    )
    timing = (
        f"median {row['median_s'] * 1000:.2f} ms, mean {row['mean_s'] * 1000:.2f} ms, "
        f"max {row['max_s'] * 1000:.1f} ms per puzzle"
        if row["count"]
        else "no puzzle"
    )
    return f"{name}: {row['solved']}/{row['count']} solved{others} by {backend} in {elapsed:.2f} s ({timing})"


def _raise_batch_exit(errors: int, timeouts: int, no_solution: int, invalid: int = 0) -> None:
    code = (
        EXIT_INVALID
        if invalid
        else EXIT_FAILED
        if errors
        else EXIT_TIMEOUT
        if timeouts
        else EXIT_NO_SOLUTION
        if no_solution
        else EXIT_SOLVED
    )
    if code:
        raise click.exceptions.Exit(code)


# -- bench -------------------------------------------------------------------------------------


@app.command("bench", epilog=EXIT_CODES)
@puzzle_argument
@click.option("--dataset", "-d", default=None, help="A bundled data set (see 'sudoku-cp datasets').")
@click.option(
    "--backends",
    "-b",
    "backend_lists",
    multiple=True,
    help="Backends to compare, comma-separated or repeated; default: every registered one.",
)
@_with(dataset_options)
@time_limit_option
@click.option(
    "--processes",
    "-j",
    type=int,
    default=None,
    callback=_check_processes,
    help="Worker processes (-1: every core); default 1.",
)
@click.option(
    "--csv",
    "csv_path",
    callback=_check_csv_path,
    help="Write every row to this CSV file ('-': standard output, the summary then goes to standard error).",
)
@one_per_line_option
def bench_command(
    puzzle: str | None,
    dataset: str | None,
    backend_lists: tuple[str, ...],
    limit: int | None,
    sample: int | None,
    seed: int,
    time_limit: float | None,
    processes: int | None,
    csv_path: str | None,
    one_per_line: bool,
) -> None:
    """Compare backends on the puzzles of PUZZLE or of a bundled --dataset: a table of
    solved, timeouts, wall times and agreement.

    Each backend solves every puzzle (with sudoku_cp.compare); the table has one row per
    backend, times in milliseconds over all puzzles. --csv writes one row per
    (puzzle, backend) with the backends' effort counters. Exits 3 when a puzzle timed
    out, 1 when one has no solution, 4 when a backend failed, 2 when one did not read.
    """
    from sudoku_cp.compare import compare, format_summary, summarize

    if (puzzle is None) == (dataset is None):
        raise _Failure(EXIT_INVALID, "give a PUZZLE file or --dataset (one of them)")
    names = [name.strip() for names in backend_lists for name in names.split(",") if name.strip()] or None
    for name in names or ():
        backends.unavailable(name)  # an unknown name fails before any solving
    invalid = 0
    if dataset is not None:
        puzzles, label = _load_dataset(dataset, limit, sample, seed), dataset
    else:
        if sample is not None:
            raise _Failure(EXIT_INVALID, "--sample goes with --dataset")
        puzzles = []
        for entry in itertools.islice(_entries(puzzle, one_per_line=one_per_line), limit):
            try:
                puzzles.append(build(entry)[0])
            except errors.InvalidPuzzleError as error:  # compare records it as the row's error
                invalid += 1
                puzzles.append(entry.text or str(error))
        label = Path(puzzle).stem if os.path.exists(puzzle) else "argument"
    with warnings.catch_warnings(record=True) as notes:  # a backend not installed is skipped
        warnings.simplefilter("always", UserWarning)
        frame = compare(puzzles, backends=names, time_limit=time_limit, processes=processes, dataset=label)
    for note in notes:
        click.echo(f"note: {note.message}", err=True)
    table = summarize(frame)
    summary = format_summary(table)
    if csv_path == "-":
        _error_free_line_block(summary)
        _out(frame.to_csv(index=False).rstrip("\n"))
    else:
        _out(summary)
        if csv_path is not None:
            _write_file(csv_path, frame.to_csv(index=False))
            _out(f"wrote {len(frame)} rows to {csv_path}")
    _raise_batch_exit(
        table["errors"].sum() - invalid * len(table),
        table["timeouts"].sum(),
        table["no_solution"].sum(),
        invalid,
    )


def _error_free_line_block(text: str) -> None:
    with contextlib.suppress(OSError):
        click.echo(text, err=True)


# -- one puzzle --------------------------------------------------------------------------------


index_option = click.option(
    "--index",
    "-i",
    type=click.IntRange(min=0),
    default=0,
    help="Which puzzle of a file of several (0-based); default: the first.",
)


@app.command("render", epilog=EXIT_CODES)
@puzzle_argument
@click.option(
    "--output",
    "-o",
    default=None,
    help="Write the picture here: a .svg or .png file (whole or not at all); default: SVG on "
    "standard output.",
)
@click.option("--solution", "-s", is_flag=True, help="Fill in the smallest solution (in blue).")
@click.option("--candidates", "-c", is_flag=True, help="Draw each empty cell's candidates.")
@click.option("--cell-size", type=click.IntRange(min=8, max=400), default=None, help="Pixels per cell.")
@index_option
def render_command(
    puzzle: str | None,
    output: str | None,
    solution: bool,
    candidates: bool,
    cell_size: int | None,
    index: int,
) -> None:
    """Draw the puzzle of PUZZLE (a file, the puzzle itself, or standard input) as SVG, or
    PNG for an output ending in .png.

    Givens are black, filled digits blue; boxes or jigsaw regions, cages, thermometers,
    diagonals, windows, even/odd cells, Kropki dots and inequality signs are drawn from
    the puzzle's rules. PNG needs the optional cairosvg (pip install "sudoku_cp[png]").
    """
    from sudoku_cp.pictures import svg

    if output is not None and not output.lower().endswith((".svg", ".png")):
        raise _Failure(EXIT_INVALID, f"--output {output}: the name must end in .svg or .png")
    _, read = _only(puzzle, index)
    options = {"candidates": candidates, "cell_size": cell_size}
    if solution:
        start = time.perf_counter()
        try:
            options["values"] = solve_with_stats(read).solution
        except errors.NoSolutionError as error:
            raise _Failure(EXIT_NO_SOLUTION, _message(error, _seconds_left(None, start))) from None
    if output is None:
        _out(svg.to_svg(read, **options))
    elif output.lower().endswith(".png"):
        try:
            picture = svg.to_png(read, **options)
        except ImportError as error:
            raise _Failure(EXIT_INVALID, str(error)) from None
        _write_file(output, picture)
    else:
        _write_file(output, svg.to_svg(read, **options))


reasoning_time_limit_option = click.option(
    "--time-limit",
    "-t",
    type=_Seconds(),
    default=None,
    help="Seconds allowed (inf: no limit); past it the command stops (exit code 3).",
)


@app.command("explain", epilog=EXIT_CODES)
@puzzle_argument
@index_option
@reasoning_time_limit_option
@click.option("--max-steps", type=click.IntRange(min=1), default=None, help="Stop after that many steps.")
@click.option(
    "--html",
    "html_path",
    default=None,
    help="Also write a page that steps through the explanation (next, back, jump, graded hints): "
    "one standalone HTML file, no server needed.",
)
def explain_command(
    puzzle: str | None, index: int, time_limit: float | None, max_steps: int | None, html_path: str | None
) -> None:
    """Print the steps that solve PUZZLE (a file, the puzzle itself, or standard input) by reasoning.

    One numbered line per step (the technique, what it sees, what it concludes; rows and
    columns counted from 1; a chain in Eureka notation, ``(4)r1c2=(4)r1c7-(4)r5c7=(4)r5c3 =>
    r1c3,r5c2<>4``), simplest technique first; the last line says whether the
    steps solve it, where reasoning stalls and which cell a search would branch on, or
    that --max-steps or --time-limit cut it off (the steps so far are printed; a time
    limit exits 3). A progress bar shows on a terminal when it takes more than a second.
    """
    from sudoku_cp.reasoning.stepwise import explain

    explanation = explain(_only(puzzle, index)[1], time_limit=time_limit, max_steps=max_steps, progress=None)
    _out(str(explanation))
    if html_path is not None:
        from sudoku_cp.interactive import explanation_data, to_html

        _write_file(html_path, to_html(explanation_data(explanation), title="sudoku_cp: explanation"))
        _out(f"wrote {html_path}")
    if explanation.cut_off is not None and explanation.cut_off.startswith("the time limit"):
        raise _Failure(EXIT_TIMEOUT, f"explain: cut off by {explanation.cut_off}")


@app.command("trace")
@puzzle_argument
@index_option
@click.option(
    "--order",
    type=click.Choice(("row-major", "smallest-domain")),
    default="smallest-domain",
    show_default=True,
    help="Which open cell to branch on.",
)
@click.option(
    "--propagation",
    type=click.Choice(("forward", "hidden", "hall")),
    default="hidden",
    show_default=True,
    help="How much to propagate after each decision.",
)
@click.option("--max-nodes", type=click.IntRange(min=1, max=200_000), default=5000, show_default=True)
@click.option(
    "--all-solutions", is_flag=True, help="Search the whole tree instead of stopping at the first solution."
)
@click.option(
    "--html",
    "html_path",
    default=None,
    help="Also write a page to explore the tree (expand, collapse, click a node for its domains "
    "and propagation) and, beside it, one to step through the root's propagation "
    "(NAME-propagation.html): standalone HTML, no server needed.",
)
def trace_command(
    puzzle: str | None,
    index: int,
    order: str,
    propagation: str,
    max_nodes: int,
    all_solutions: bool,
    html_path: str | None,
) -> None:
    """Search PUZZLE (a file, the puzzle itself, or standard input) depth first, recording
    every decision and what propagation removed after it, and print the tree's size and the
    path to the first solution (with --order row-major: the smallest row-major solution)."""
    from sudoku_cp.engine.trace import propagate, trace_search

    read = _only(puzzle, index)[1]
    trace = trace_search(
        read,
        order=order,
        propagation=propagation,
        max_nodes=max_nodes,
        max_solutions=None if all_solutions else 1,
    )
    found = len(trace.solutions)
    _out(
        f"{order} search, {propagation} propagation: {trace.decisions} decisions, "
        f"{trace.failures} dead ends, {found} solution{'' if found == 1 else 's'}"
        + ("" if trace.complete else f" (stopped at {max_nodes} nodes)")
    )
    for node in trace.path_to_first_solution():
        _out(f"  {trace.describe(node)}")
    if html_path is not None:
        from sudoku_cp.interactive import propagation_data, to_html, trace_data

        _write_file(html_path, to_html(trace_data(trace, read.model), title="sudoku_cp: search tree"))
        stem = html_path[: -len(".html")] if html_path.lower().endswith(".html") else html_path
        side = f"{stem}-propagation.html"
        page = to_html(
            propagation_data(propagate(read, propagation), read.model), title="sudoku_cp: propagation"
        )
        _write_file(side, page)
        _out(f"wrote {html_path} and {side}")


@app.command("read", epilog=EXIT_CODES)
@click.argument("link")
@click.option(
    "--ignore",
    multiple=True,
    metavar="ELEMENT",
    help="A refused element to solve without, as the refusal names it ('sentence 3', 'line 2'); repeatable.",
)
@click.option("--solve", "solve_too", is_flag=True, help="Also solve the puzzle read and print the answer.")
def read_command(link: str, ignore: tuple[str, ...], solve_too: bool) -> None:
    """Print what LINK (an f-puzzles or SudokuPad link) holds, as a table: each key, drawn
    element and rules-text sentence, what it is read as (a rule, cosmetic, refused,
    ignored) and why. A link with a refused element exits 2 after the table, naming it;
    --ignore solves without it."""
    try:
        puzzle = Puzzle.from_link(link, ignore=list(ignore))
    except errors.UnsupportedRuleError as error:
        _out(_table(error.rows))
        raise
    _out(_table(puzzle.metadata.get("read", ())))
    if solve_too:
        _out(format_grid(solve_with_stats(puzzle).solution, Layout.LINE))
        if puzzle.metadata.get("ignored"):
            _error(f"solved without {', '.join(puzzle.metadata['ignored'])} (--ignore)")


def _table(rows) -> str:
    """The account rows as a plain text table: element, read as, reason."""
    lines = [("element", "read as", "reason")] + [
        (_one_line(r["element"]), _one_line(r["read as"]), _one_line(r["reason"])) for r in rows
    ]
    widths = [max(len(line[i]) for line in lines) for i in (0, 1)]
    return "\n".join(f"{a:<{widths[0]}}  {b:<{widths[1]}}  {c}".rstrip() for a, b, c in lines)


@app.command("hint")
@puzzle_argument
@index_option
@click.option(
    "--candidates",
    "-c",
    "candidates_file",
    default=None,
    help="A file (or - for standard input) of the pencil marks reached: 9 lines of 9 "
    "space-separated candidate strings ('123 5 79 ...'), or the 729-character candidates "
    "string. With -, the puzzle must be an argument (or is read from the candidates: their "
    "cells with one candidate as givens, 9x9 classic).",
)
@reasoning_time_limit_option
@click.option(
    "--level",
    "-l",
    type=click.IntRange(1, 4),
    default=None,
    help="A graded hint: 1 the technique, 2 and the house, 3 and the cells, 4 the step (levels 1-3 name "
    "no digit).",
)
def hint_command(
    puzzle: str | None, index: int, candidates_file: str | None, time_limit: float | None, level: int | None
) -> None:
    """Print the next step for PUZZLE (a file, the puzzle itself, or standard input): the
    simplest deduction its digits allow (give the digits filled so far as givens), or,
    with --candidates, the pencil marks reached. It always makes progress; it says when
    the puzzle is solved, has no solution (or the candidates exclude it) or is not proper.
    With --level 1 to 3, only the technique, where to look, or the cells (HoDoKu's hints)."""
    from sudoku_cp.reasoning.stepwise import hint

    candidates = None
    if candidates_file is not None:
        candidates = _read_text(candidates_file)
    if candidates_file == "-" and puzzle is None:
        read = _puzzle_of_candidates(candidates)
    else:
        read = _only(puzzle, index)[1]
    step = hint(read, candidates=candidates, time_limit=time_limit, level=level)
    _out(str(step) if step is not None else "solved: every cell is filled")


def _read_text(name: str) -> str:
    """The text of a file, or of standard input for ``-``."""
    try:
        if name == "-":
            return _stdin().read()
        with open(name, encoding="utf-8") as stream:
            return stream.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise _Failure(EXIT_INVALID, f"cannot read {name}: {reason}") from None


def _puzzle_of_candidates(text: str) -> Puzzle:
    """A classic 9x9 puzzle whose givens are the cells of ``text`` (candidates) with one
    candidate that no peer still holds."""
    from sudoku_cp.model.candidates import filled, parse_candidates

    masks = parse_candidates(text, 9)
    givens = filled(masks, Puzzle(Grid.empty(9)).model.peers)
    digits = [mask.bit_length() if cell in givens else 0 for cell, mask in enumerate(masks)]
    return Puzzle(Grid.empty(9).with_cells(digits))


@app.command("datasets")
def datasets_command() -> None:
    """List the bundled data sets with their size, number of puzzles and rules (their JSON keys)."""
    width = max(map(len, datasets.names()))
    for name in datasets.names():
        first = datasets.load(name, limit=1)[0]
        size = f"{first.side}x{first.side}"
        keys = [key for rule in getattr(first, "rules", ()) for key in rule.to_json()]
        if getattr(first, "is_multigrid", False):  # a board of sub-grids, not one 9x9 grid
            rows, columns = first.grid.board.size
            size = f"{rows}x{columns}"
            keys.insert(
                0, f"{first.grid.board.layout_name or 'multi-grid'} ({len(first.grid.board.corners)} grids)"
            )
        rules = ", ".join(keys) or "classic"
        _out(f"{name:<{width}} {size:<6} {datasets.count(name):>6} puzzles  {rules}")


@app.command("backends")
def backends_command() -> None:
    """List the registered backends; the default is marked with '*', and one whose optional
    package is not installed says so and how to install it."""
    for name in backends.backend_names():
        missing = backends.unavailable(name)
        note = f"  (not installed: {missing})" if missing else ""
        _out(f"{'*' if name == backends.DEFAULT_BACKEND else ' '} {name}{note}")


@app.command("encode", epilog=EXIT_CODES)
@puzzle_argument
@click.option("--dimacs", is_flag=True, help="Write the clauses as DIMACS CNF instead of a summary.")
@click.option(
    "--encoding",
    "-e",
    type=click.Choice(["minimal", "extended"]),
    default="extended",
    show_default=True,
    help="Minimal: each cell has a value, each unit holds each value at most once; "
    "extended adds one value per cell and each value at least once per unit.",
)
@click.option(
    "--amo",
    default="pairwise",
    show_default=True,
    help="How at-most-one is written: pairwise, or a PySAT cardinality encoding "
    "(seqcounter, ladder, bitwise, totalizer, ...).",
)
@click.option(
    "--output",
    "-o",
    default="-",
    help="Where to write (default: standard output); a file is written whole or not at all.",
)
def encode_command(puzzle: str | None, dimacs: bool, encoding: str, amo: str, output: str) -> None:
    """Encode PUZZLE (a file, the puzzle itself, or standard input) as a SAT formula in CNF.

    PUZZLE is one puzzle: a text grid in any layout, or a JSON puzzle record (any variant).
    Variable cell*n+v (cells row-major from 0, values 1..n) means "the cell holds v";
    the givens are unit clauses. With --dimacs the formula is written in DIMACS CNF for
    any SAT solver (its comment lines give the variable numbering); without it, a
    summary of the variables and clauses by part.
    """
    from sudoku_cp.backends import sat  # needs the optional PySAT: a clear error when missing

    head, many = _first_two(_entries(puzzle))
    if many:
        raise _Failure(EXIT_INVALID, "the input holds more than one puzzle; encode takes one")
    read = build(head[0])[0]
    try:
        formula = sat.formula(read, encoding=encoding, amo=amo)
    except ValueError as error:
        raise _Failure(EXIT_INVALID, str(error)) from None
    if dimacs:
        text = formula.cnf().to_dimacs()
    else:
        n = read.side
        shape = (
            f"{n}x{n} puzzle"
            if not read.is_multigrid
            else f"multi-grid board of {read.model.cell_count} cells"
        )
        lines = [
            f"{shape}, {encoding} encoding, {amo} at-most-one: "
            f"{formula.variables} variables, {formula.clause_count} clauses",
            *(f"{count:>9}  {part}" for part, count in formula.sizes().items()),
        ]
        text = "\n".join(lines)
    if output == "-":
        _out(text)
    else:
        _write_file(output, text + "\n")


# -- how many solutions, new puzzles, grades -----------------------------------------------------


@app.command("count", epilog=EXIT_CODES)
@puzzle_argument
@click.option("--limit", "-k", type=click.IntRange(min=1), default=None, help="Stop counting at K solutions.")
@backend_option
@time_limit_option
def count_command(
    puzzle: str | None, limit: int | None, backend: str | None, time_limit: float | None
) -> None:
    """Count the solutions of PUZZLE (a file, the puzzle itself, or standard input), exactly.

    Prints the count (with --limit, K means "K or more"). When a single puzzle has more
    than one solution, also prints its two smallest solutions and the cells where they
    differ. A file of several puzzles gives one count per line. A count not finished
    within --time-limit exits 3.
    """
    from sudoku_cp.counting import count_solutions, why_not_unique

    entries = _entries(puzzle)
    head, many = _first_two(entries)
    for entry in itertools.chain(head, entries):
        try:
            read = build(entry)[0]
            found = count_solutions(read, limit=limit, backend=backend, time_limit=time_limit)
            more = " (the limit: there may be more)" if limit is not None and found == limit else ""
            _out(f"{entry.where}: {found}{more}" if many else f"{found}{more}")
            if not many and found > 1:
                _out(str(why_not_unique(read, backend=backend, time_limit=time_limit)))
        except errors.SolveTimeoutError:
            reason = f"the count did not finish within the time limit of {time_limit:g} s"
            raise _Failure(EXIT_TIMEOUT, entry.locate(reason) if many else reason) from None
        except errors.SudokuError as error:
            raise _Failure(_exit_code(error), entry.locate(error) if many else str(error)) from None


@app.command("generate")
@click.option(
    "--side",
    "--size",
    "-s",
    "side",
    type=click.IntRange(4, 25),
    default=9,
    show_default=True,
    help="The side n.",
)
@click.option("--box", default=None, help="Box shape ROWSxCOLUMNS (e.g. 2x3); default: the usual one.")
@click.option(
    "--variant",
    "-v",
    type=_Name(VARIANTS),
    default="classic",
    show_default=True,
    help="Any spelling is read: anti_knight, anti-knight, AntiKnight.",
)
@click.option("--symmetry", type=click.Choice(SYMMETRIES), default="none", show_default=True)
@click.option("--minimal", is_flag=True, help="Removing any given leaves several solutions.")
@click.option("--givens", "-g", type=click.IntRange(min=0), default=None, help="Dig to this many givens.")
@click.option("--difficulty", "-d", type=click.Choice(BAND_NAMES), default=None, help="The grade's band.")
@click.option("--seed", type=int, default=None, help="Random seed (puzzle i gets seed+i); default: random.")
@click.option("--count", "-n", "how_many", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--layout",
    "-l",
    type=click.Choice([layout.value for layout in Layout]),
    default=None,
    help="Output layout of classic puzzles; default: one line each.",
)
@click.option("--json", "as_json", is_flag=True, help="Write JSON records (always, for variants).")
@click.option(
    "--board",
    type=click.Choice(list(LAYOUTS)),
    default=None,
    help="A multi-grid board of this layout instead of one grid (minimal; JSON records).",
)
@time_limit_option
def generate_command(
    side: int,
    box: str | None,
    variant: str,
    symmetry: str,
    minimal: bool,
    givens: int | None,
    difficulty: str | None,
    seed: int | None,
    how_many: int,
    layout: str | None,
    as_json: bool,
    board: str | None,
    time_limit: float | None,
) -> None:
    """Generate proper puzzles (exactly one solution, proven by counting).

    Classic puzzles are written in a text layout, one per line by default; variants,
    or any puzzle with --json, as JSON records (one record, or a list with -n > 1) that
    'sudoku-cp solve' reads back, with the solution and the generator's seed inside.
    --size is another name of --side. --board makes a multi-grid puzzle (Samurai and
    kin), minimal, as a JSON record.
    """
    from sudoku_cp.reasoning.generator import DEFAULT_TIME_LIMIT, generate

    shape = _box_shape(box) if box else "standard"
    puzzles = [
        generate(
            side,
            box=shape,
            variant=variant,
            symmetry=symmetry,
            minimal=minimal,
            givens=givens,
            difficulty=difficulty,
            seed=None if seed is None else seed + i,
            time_limit=time_limit or DEFAULT_TIME_LIMIT,
            board=board,
        )
        for i in range(how_many)
    ]
    # a line of cells cannot say the box shape: unless a layout is asked for, a grid
    # without the usual boxes of its side (--box 3x2 on 6x6, none on a prime side such as
    # 7) goes out as a JSON record, which 'solve' reads back
    unusual = layout is None and any(p.box is None or p.box != standard_box(p.side) for p in puzzles)
    if as_json or variant != "classic" or board is not None or unusual:
        records = [p.to_dict() for p in puzzles]
        import json

        _out(json.dumps(records[0] if how_many == 1 else records))
        return
    for puzzle in puzzles:
        _out(format_grid(puzzle.grid, layout or Layout.LINE))


def _box_shape(text: str) -> tuple[int, int]:
    rows, _, columns = text.lower().partition("x")
    if not (rows.isdigit() and columns.isdigit() and len(rows) <= 2 and len(columns) <= 2):
        raise _Failure(EXIT_INVALID, f"--box is ROWSxCOLUMNS, such as 2x3, not {readers.quote(text)}")
    return int(rows), int(columns)


@app.command("grade", epilog=EXIT_CODES)
@puzzle_argument
@reasoning_time_limit_option
def grade_command(puzzle: str | None, time_limit: float | None) -> None:
    """Grade the puzzles of PUZZLE (a file, the puzzle itself, or standard input): the
    hardest technique each needs.

    Prints the band (easy, medium, hard, expert, fiendish, or not proper), the hardest
    technique of the solving path that explain shows (naked single ... forcing chain,
    minimal deduction, or search with the backtracker's nodes) and the score (the sum of
    the path's step costs, as HoDoKu scores), one line per puzzle.
    """
    from sudoku_cp.reasoning.grading import grade

    entries = _entries(puzzle)
    head, many = _first_two(entries)
    for entry in itertools.chain(head, entries):
        try:
            result = grade(build(entry)[0], time_limit=time_limit)
        except errors.SudokuError as error:
            raise _Failure(_exit_code(error), entry.locate(error) if many else str(error)) from None
        _out(f"{entry.where}: {result}" if many else str(result))


# -- running ------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code
    (see :data:`EXIT_CODES`)."""
    closed = sys.stdout is None  # '>&-': Python sets it to None, and click would write nowhere
    if closed:
        sys.stdout = _ClosedOutput()
    try:
        result = app.main(args=argv, prog_name="sudoku-cp", standalone_mode=False)
    except _Failure as failure:
        return _report(failure.code, str(failure))
    except (
        errors.SudokuError
    ) as error:  # errors.InvalidPuzzleError, errors.UnknownBackendError, WorkerDiedError, ...
        return _report(_exit_code(error), str(error))
    except click.exceptions.NoArgsIsHelpError as error:
        click.echo(error.ctx.get_help(), err=True)
        return EXIT_INVALID
    except click.ClickException as error:
        return _report(EXIT_INVALID, error.format_message())
    except (click.Abort, KeyboardInterrupt):
        return _report(EXIT_INTERRUPTED, "aborted")
    except _OutputClosed:
        _silence_stdout()
        return EXIT_PIPE_CLOSED
    except OSError as error:  # click writing --help or --version to a full disk, /dev/full
        return _report(EXIT_OUTPUT, f"cannot write standard output: {error.strerror or error}")
    finally:
        if closed:
            sys.stdout = None
    if _output_cut():
        _silence_stdout()
        return EXIT_PIPE_CLOSED
    return result if isinstance(result, int) else EXIT_SOLVED


class _ClosedOutput(io.TextIOBase):
    """Standard output when it is closed: every write fails, so the output is not lost
    silently (exit 5)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "it is closed")


def _output_cut() -> bool:
    """True when standard output is a pipe whose reader has gone, leaving part of the output
    unread (``| head -c 10``): a write that fit in the pipe's buffer raised no
    BrokenPipeError, but the output was cut all the same. Linux: poll's POLLERR and FIONREAD."""
    try:
        import array
        import fcntl
        import select
        import stat
        import termios

        descriptor = sys.stdout.fileno()
        if not stat.S_ISFIFO(os.fstat(descriptor).st_mode):
            return False
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            return True
        poller = select.poll()
        poller.register(descriptor, select.POLLERR)
        if not poller.poll(0):
            return False
        unread = array.array("i", [0])
        fcntl.ioctl(descriptor, termios.FIONREAD, unread)
        return unread[0] > 0
    except (OSError, ValueError, AttributeError, ImportError):  # not a real pipe, or not Linux
        return False


def _report(code: int, reason: str) -> int:
    if code == EXIT_OUTPUT:
        _silence_stdout()  # the unwritten rest would fail again when Python flushes at exit
    _error(reason)
    return code


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that flushing it at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (e.g. under a test runner)
        pass


def run() -> None:
    """Console-script entry point: exit with :func:`main`'s code."""
    sys.exit(main())
