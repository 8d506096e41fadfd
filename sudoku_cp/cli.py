"""The ``sudoku-cp`` command line (also ``python -m sudoku_cp``), built with Click.

Exit codes: 0 solved, 1 no solution, 2 invalid input or usage, 3 time limit, 130
interrupted (Ctrl-C), 141 standard output closed early (``| head``). The reason for a
non-zero exit goes to standard error in one line.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
import warnings
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import click

from sudoku_cp import backends, datasets
from sudoku_cp.api import solve_with_stats
from sudoku_cp.batch import solve_many
from sudoku_cp.errors import InvalidPuzzleError, NoSolutionError, SolveTimeoutError, SudokuError
from sudoku_cp.formats import MAX_LINE_CHARS, SPLITTING, Layout, format_grid, iter_puzzle_texts, locate
from sudoku_cp.generator import SYMMETRIES, VARIANTS
from sudoku_cp.grading import BAND_NAMES
from sudoku_cp.grid import parse
from sudoku_cp.puzzle import Puzzle, looks_like_json, puzzles_from_json
from sudoku_cp.result import SolveResult

EXIT_SOLVED, EXIT_NO_SOLUTION, EXIT_INVALID, EXIT_TIMEOUT = 0, 1, 2, 3
EXIT_INTERRUPTED, EXIT_PIPE_CLOSED = 130, 141
EXIT_CODES = (
    "Exit codes: 0 solved, 1 no solution, 2 invalid input or usage, 3 time limit, "
    "130 interrupted (Ctrl-C), 141 standard output closed early (| head); for several "
    "puzzles, the first failure's. The reason goes to standard error in one line."
)


@click.group(
    help="Solve Sudoku puzzles (4x4 to 25x25) with constraint-programming backends.",
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


def _check_workers(ctx, param, value: int | None) -> int | None:
    if value == 0:
        raise click.BadParameter("0 workers: give 1 or more, or -1 for every core", ctx, param)
    return value


def _check_csv_path(ctx, param, value: str | None) -> str | None:
    """``-`` (standard output) or a file path whose folder exists and is writable,
    checked before anything is solved."""
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
    help="Seconds allowed per puzzle (inf: no limit).",
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


CONFLICT_TIME_LIMIT = 10.0
"""Seconds the CLI spends naming the conflicting givens of a puzzle with no solution."""


def _message(error: SudokuError) -> str:
    """The one-line reason; for a puzzle with no solution, the givens that conflict:
    ``no solution: r1c1=5, r4c7=5 and r9c9=2 cannot all hold``."""
    if not isinstance(error, NoSolutionError) or error.puzzle is None:
        return str(error)
    from sudoku_cp.conflict import explain_conflict

    try:
        conflict = explain_conflict(error.puzzle, time_limit=CONFLICT_TIME_LIMIT)
    except SolveTimeoutError:
        return f"no solution (no minimal set of conflicting givens found within {CONFLICT_TIME_LIMIT:g} s)"
    return f"no solution: {conflict}"


class _OutputClosed(Exception):
    """Standard output was closed by its reader (``| head``); not an OSError, so that
    Click does not turn it into exit code 1."""


def _exit_code(error: SudokuError) -> int:
    if isinstance(error, NoSolutionError):
        return EXIT_NO_SOLUTION
    if isinstance(error, SolveTimeoutError):
        return EXIT_TIMEOUT
    return EXIT_INVALID


def _out(text: str) -> None:
    """Write a line to standard output (flushed, so answers appear as they are found)."""
    try:
        click.echo(text)
    except BrokenPipeError:
        raise _OutputClosed from None


# -- solve --------------------------------------------------------------------------------


def _verbatim(*texts: str) -> str:
    """Help text whose paragraphs Click prints as they are written (``\\b``: no rewrapping)."""
    return "\n\n".join("\b\n" + paragraph for text in texts for paragraph in text.split("\n\n"))


@app.command("solve", epilog=_verbatim(SPLITTING) + "\n\n" + EXIT_CODES)
@click.argument("file", type=click.File("rb"), required=False)
@backend_option
@time_limit_option
@click.option("--dataset", "-d", default=None, help="Solve a bundled data set instead of a file.")
@_with(dataset_options)
@click.option(
    "--layout",
    "-l",
    type=click.Choice([layout.value for layout in Layout]),
    default=None,
    help="Output layout; default: the layout of the input.",
)
@one_per_line_option
@click.option(
    "--stats", is_flag=True, help="Also print each puzzle's time and effort counters on standard error."
)
def solve_command(
    file: BinaryIO | None,
    backend: str | None,
    time_limit: float | None,
    dataset: str | None,
    limit: int | None,
    sample: int | None,
    seed: int,
    layout: str | None,
    one_per_line: bool,
    stats: bool,
) -> None:
    """Solve the puzzles in FILE (or standard input) and print their smallest row-major solutions.

    Each solution is printed in the layout its puzzle was given in (one line, rows of
    digits, space-separated rows, or a pretty grid), as soon as it is found; a file of
    any length is read a line at a time. A puzzle of many that fails is reported on
    standard error with its line number and leaves an empty line in its place on
    standard output, so that the n-th answer is the n-th puzzle's. A JSON file of
    puzzle records (one, or a list; any variant) gives one solution per record.
    """
    backends.get_backend(backend or backends.DEFAULT_BACKEND)  # fail fast on an unknown name
    if dataset is not None:
        if file is not None or layout is not None or one_per_line or stats:
            raise _Failure(EXIT_INVALID, "--dataset takes no FILE and no --layout, --one-per-line or --stats")
        _solve_dataset(dataset, limit, sample, seed, backend, time_limit)
        return
    if limit is not None or sample is not None:
        raise _Failure(EXIT_INVALID, f"{'--limit' if limit is not None else '--sample'} goes with --dataset")
    stream = file if file is not None else getattr(sys.stdin, "buffer", sys.stdin)
    if file is None and _is_terminal(stream):
        click.echo("sudoku-cp: reading puzzles from standard input (end with Ctrl-D; see --help)", err=True)
    items = _read_puzzles(stream, _name(file), one_per_line)
    first = next(items, None)
    if first is None:
        raise InvalidPuzzleError("the puzzle is empty: no cells were found")
    second = next(items, None)
    many = second is not None
    worst = EXIT_SOLVED
    for item in itertools.chain([first], [second] if many else [], items):
        try:
            puzzle, given_layout = item.parse()
            result = solve_with_stats(puzzle, backend=backend, time_limit=time_limit)
        except SudokuError as error:
            if not many:
                raise
            click.echo(f"sudoku-cp: {item.locate(_message(error))}", err=True)
            _out("")  # keep the output aligned with the input
            worst = worst or _exit_code(error)
            continue
        if stats:
            click.echo(_stats_line(item.where if many else None, result), err=True)
        _out(format_grid(result.solution, layout or given_layout))
    if worst:
        raise click.exceptions.Exit(worst)


@dataclass(frozen=True)
class _Item:
    """One puzzle of the input: its text from ``line`` on, or a record already read."""

    where: str
    text: str | None = None
    line: int = 1
    puzzle: Puzzle | None = None

    def parse(self) -> tuple[Puzzle, Layout]:
        if self.puzzle is not None:
            return self.puzzle, Layout.LINE
        grid, layout = parse(self.text, first_line=self.line)
        return Puzzle(grid), layout

    def locate(self, error: object) -> str:
        if self.puzzle is not None:
            return f"{self.where}: {error}"
        return locate(str(error), self.line)


def _read_puzzles(stream: BinaryIO, name: str, one_per_line: bool) -> Iterator[_Item]:
    """The puzzles of the input, read lazily: JSON records, or texts split by
    :func:`~sudoku_cp.formats.iter_puzzle_texts`."""
    lines = _input_lines(stream, name)
    head = []
    for line in lines:  # enough to tell JSON ('{' or '[' then '{') from a grid
        head.append(line)
        if sum(1 for h in head if h.strip()) >= 2:
            break
    if looks_like_json("".join(head)):
        text = "".join(itertools.chain(head, lines))
        for index, puzzle in enumerate(puzzles_from_json(text, name)):
            yield _Item(f"record {index}", puzzle=puzzle)
        return
    for number, text in iter_puzzle_texts(itertools.chain(head, lines), one_per_line=one_per_line):
        yield _Item(f"line {number}", text, number)


def _input_lines(stream: BinaryIO, name: str) -> Iterator[str]:
    """The lines of a binary stream as UTF-8 text, one at a time, in bounded memory: a
    line longer than a puzzle line can be is cut (still too long, so it is refused) and
    the rest of it skipped unread into memory."""
    limit = 4 * (MAX_LINE_CHARS + 1)  # bytes: UTF-8 takes up to 4 a character
    for number in itertools.count(1):
        raw = stream.readline(limit)
        if not raw:
            return
        cut = len(raw) >= limit and not raw.endswith(b"\n")
        while cut and (rest := stream.readline(1 << 16)) and not rest.endswith(b"\n"):
            pass
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            if not cut:
                raise _Failure(EXIT_INVALID, f"cannot read {name}: line {number} is not UTF-8 text") from None
            text = raw.decode("utf-8", "replace")  # cut inside a character: refused anyway
        yield text.removeprefix("\ufeff") if number == 1 else text


def _stats_line(where: str | None, result: SolveResult) -> str:
    counters = ", ".join(f"{key}={_number(value)}" for key, value in result.stats.items())
    place = f"{where}: " if where else ""
    return f"stats: {place}{result.backend}, {result.wall_time * 1000:.2f} ms, {counters}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.4g}"


def _name(stream) -> str:
    return getattr(stream, "name", None) or "standard input"


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


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
) -> None:
    import statistics  # here: a one-shot solve should not load it

    puzzles = _load_dataset(name, limit, sample, seed)
    start = time.perf_counter()
    items = solve_many(puzzles, backend=backend, time_limit=time_limit)
    elapsed = time.perf_counter() - start
    outcomes = Counter(item.status for item in items)
    seconds = [item.result.wall_time for item in items if item.result is not None]
    name_used = backend or backends.DEFAULT_BACKEND
    timing = (
        f"median {statistics.median(seconds) * 1000:.2f} ms, mean {statistics.fmean(seconds) * 1000:.2f} ms, "
        f"max {max(seconds) * 1000:.1f} ms per solved puzzle"
        if seconds
        else "none solved"
    )
    others = "".join(f", {count} {what}" for what, count in outcomes.items() if what != "solved")
    _out(
        f"{name}: {outcomes['solved']}/{len(puzzles)} solved{others} by {name_used} "
        f"in {elapsed:.2f} s ({timing})"
    )
    if outcomes["error"]:
        first_error = next(item.error for item in items if item.status == "error")
        raise _Failure(EXIT_INVALID, f"{outcomes['error']} puzzles failed; the first: {first_error}")
    if outcomes["timeout"]:
        raise click.exceptions.Exit(EXIT_TIMEOUT)
    if outcomes["no solution"]:
        raise click.exceptions.Exit(EXIT_NO_SOLUTION)


# -- bench --------------------------------------------------------------------------------


@app.command("bench", epilog=EXIT_CODES)
@click.argument("file", type=click.File("rb"), required=False)
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
    "--workers",
    "-w",
    type=int,
    default=None,
    callback=_check_workers,
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
    file: BinaryIO | None,
    dataset: str | None,
    backend_lists: tuple[str, ...],
    limit: int | None,
    sample: int | None,
    seed: int,
    time_limit: float | None,
    workers: int | None,
    csv_path: str | None,
    one_per_line: bool,
) -> None:
    """Compare backends on the puzzles of FILE or of a bundled --dataset: a table of
    solved, timeouts, wall times and agreement.

    Each backend solves every puzzle (with sudoku_cp.compare); the table has one row per
    backend, times in milliseconds over all puzzles. --csv writes one row per
    (puzzle, backend) with the backends' effort counters.
    """
    from sudoku_cp.compare import compare, format_summary, summarize

    if (file is None) == (dataset is None):
        raise _Failure(EXIT_INVALID, "give a puzzle FILE or --dataset (one of them)")
    names = [name.strip() for names in backend_lists for name in names.split(",") if name.strip()] or None
    for name in names or ():
        backends.unavailable(name)  # an unknown name fails before any solving
    if dataset is not None:
        puzzles, label = _load_dataset(dataset, limit, sample, seed), dataset
    else:
        if sample is not None:
            raise _Failure(EXIT_INVALID, "--sample goes with --dataset")
        items = itertools.islice(_read_puzzles(file, _name(file), one_per_line), limit)
        puzzles, label = [_puzzle_or_text(item) for item in items], Path(_name(file)).stem
    with warnings.catch_warnings(record=True) as notes:  # a backend not installed is skipped
        warnings.simplefilter("always", UserWarning)
        frame = compare(puzzles, backends=names, time_limit=time_limit, workers=workers, dataset=label)
    for note in notes:
        click.echo(f"note: {note.message}", err=True)
    summary = format_summary(summarize(frame))
    if csv_path == "-":
        click.echo(summary, err=True)
        _out(frame.to_csv(index=False).rstrip("\n"))
        return
    _out(summary)
    if csv_path is not None:
        frame.to_csv(csv_path, index=False)
        _out(f"wrote {len(frame)} rows to {csv_path}")


def _puzzle_or_text(item: _Item) -> Puzzle | str:
    """The puzzle, or its text when it does not read (compare records the error)."""
    try:
        return item.parse()[0]
    except SudokuError:
        return item.text or ""


# -- lists --------------------------------------------------------------------------------


def _read_puzzle(file: BinaryIO | None, index: int) -> Puzzle:
    """The ``index``-th puzzle (0-based) of FILE or standard input, read as ``solve``
    reads its input (JSON records, one-line puzzles, or one grid in any layout)."""
    stream = file if file is not None else getattr(sys.stdin, "buffer", sys.stdin)
    items = _read_puzzles(stream, _name(file), False)
    item = next(itertools.islice(items, index, None), None)
    if item is None:
        raise _Failure(EXIT_INVALID, f"--index {index}: {_name(file)} holds fewer puzzles")
    return item.parse()[0]


index_option = click.option(
    "--index",
    "-i",
    type=click.IntRange(min=0),
    default=0,
    help="Which puzzle of a file of several (0-based); default: the first.",
)


@app.command("render")
@click.argument("file", type=click.File("rb"), required=False)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the picture here: a .svg or .png file; default: SVG on standard output.",
)
@click.option("--solution", "-s", is_flag=True, help="Fill in the smallest solution (in blue).")
@click.option("--candidates", "-c", is_flag=True, help="Draw each empty cell's candidates.")
@click.option("--cell-size", type=click.IntRange(min=8, max=400), default=None, help="Pixels per cell.")
@index_option
def render_command(
    file: BinaryIO | None,
    output: str | None,
    solution: bool,
    candidates: bool,
    cell_size: int | None,
    index: int,
) -> None:
    """Draw the puzzle in FILE (or standard input) as SVG, or PNG for an output ending in .png.

    Givens are black, filled digits blue; boxes or jigsaw regions, cages, thermometers,
    diagonals, windows, even/odd cells, Kropki dots and inequality signs are drawn from
    the puzzle's rules. PNG needs the optional cairosvg (pip install "sudoku_cp[png]").
    """
    from sudoku_cp import svg

    if output is not None and not output.lower().endswith((".svg", ".png")):
        raise _Failure(EXIT_INVALID, f"--output {output}: the name must end in .svg or .png")
    puzzle = _read_puzzle(file, index)
    options = {"candidates": candidates, "cell_size": cell_size}
    if solution:
        options["values"] = solve_with_stats(puzzle).solution
    if output is None:
        _out(svg.to_svg(puzzle, **options))
    elif output.lower().endswith(".png"):
        try:
            svg.to_png(puzzle, output, **options)
        except ImportError as error:
            raise _Failure(EXIT_INVALID, str(error)) from None
    else:
        with open(output, "w", encoding="utf-8") as stream:
            stream.write(svg.to_svg(puzzle, **options))


@app.command("explain")
@click.argument("file", type=click.File("rb"), required=False)
@index_option
def explain_command(file: BinaryIO | None, index: int) -> None:
    """Print the steps that solve the puzzle in FILE (or standard input) by reasoning.

    One numbered line per step (the technique, what it sees, what it concludes; rows and
    columns counted from 1), simplest technique first; the last line says whether the
    steps solve it or where reasoning stalls and which cell a search would branch on.
    """
    from sudoku_cp.stepwise import explain

    _out(str(explain(_read_puzzle(file, index))))


@app.command("hint")
@click.argument("file", type=click.File("rb"), required=False)
@index_option
def hint_command(file: BinaryIO | None, index: int) -> None:
    """Print the next step for the puzzle in FILE (or standard input): the simplest
    deduction its digits allow (give the digits filled so far as givens)."""
    from sudoku_cp.stepwise import explain

    path = explain(_read_puzzle(file, index), max_steps=1)
    _out(str(path.steps[0]) if path.steps else path.summary())


@app.command("datasets")
def datasets_command() -> None:
    """List the bundled data sets with their size, number of puzzles and rules."""
    width = max(map(len, datasets.names()))
    for name in datasets.names():
        first = datasets.load(name, limit=1)[0]
        size = f"{first.side}x{first.side}"
        rules = ", ".join(type(r).__name__ for r in getattr(first, "rules", ())) or "classic"
        _out(f"{name:<{width}} {size:<6} {datasets.count(name):>6} puzzles  {rules}")


@app.command("backends")
def backends_command() -> None:
    """List the registered backends; the default is marked with '*', and one whose optional
    package is not installed says so and how to install it."""
    for name in backends.backend_names():
        missing = backends.unavailable(name)
        note = f"  (not installed: {missing})" if missing else ""
        _out(f"{'*' if name == backends.DEFAULT_BACKEND else ' '} {name}{note}")


@app.command("encode")
@click.argument("file", type=click.File("rb"), required=False)
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
    type=click.File("w", encoding="utf-8"),
    default="-",
    help="Where to write (default stdout).",
)
def encode_command(file, dimacs: bool, encoding: str, amo: str, output) -> None:
    """Encode the puzzle in FILE (or standard input) as a SAT formula in CNF.

    FILE is one puzzle: a text grid in any layout, or a JSON puzzle record (any variant).
    Variable cell*n+v (cells row-major from 0, values 1..n) means "the cell holds v";
    the givens are unit clauses. With --dimacs the formula is written in DIMACS CNF for
    any SAT solver (its comment lines give the variable numbering); without it, a
    summary of the variables and clauses by part.
    """
    from sudoku_cp.backends import sat  # needs the optional PySAT: a clear error when missing

    stream = file if file is not None else getattr(sys.stdin, "buffer", sys.stdin)
    items = list(itertools.islice(_read_puzzles(stream, _name(file), one_per_line=False), 2))
    if not items:
        raise InvalidPuzzleError("the puzzle is empty: no cells were found")
    if len(items) > 1:
        raise _Failure(EXIT_INVALID, f"{_name(file)} holds more than one puzzle; encode takes one")
    try:
        puzzle = items[0].parse()[0]
    except SudokuError as error:
        raise _Failure(EXIT_INVALID, items[0].locate(error)) from None
    try:
        formula = sat.formula(puzzle, encoding=encoding, amo=amo)
    except ValueError as error:
        raise _Failure(EXIT_INVALID, str(error)) from None
    if dimacs:
        output.write(formula.cnf().to_dimacs() + "\n")
        return
    n = puzzle.side
    click.echo(
        f"{n}x{n} puzzle, {encoding} encoding, {amo} at-most-one: "
        f"{formula.variables} variables, {formula.clause_count} clauses",
        file=output,
    )
    for part, count in formula.sizes().items():
        click.echo(f"{count:>9}  {part}", file=output)


# -- how many solutions, new puzzles, grades -----------------------------------------------------


def _puzzles_of(file: BinaryIO | None) -> list[_Item]:
    """The puzzles of FILE (or standard input), read as 'sudoku-cp solve' reads them."""
    stream = file if file is not None else getattr(sys.stdin, "buffer", sys.stdin)
    items = list(_read_puzzles(stream, _name(file), one_per_line=False))
    if not items:
        raise InvalidPuzzleError("the puzzle is empty: no cells were found")
    return items


@app.command("count", epilog=EXIT_CODES)
@click.argument("file", type=click.File("rb"), required=False)
@click.option("--limit", "-k", type=click.IntRange(min=1), default=None, help="Stop counting at K solutions.")
@backend_option
@time_limit_option
def count_command(
    file: BinaryIO | None, limit: int | None, backend: str | None, time_limit: float | None
) -> None:
    """Count the solutions of the puzzle in FILE (or standard input), exactly.

    Prints the count (with --limit, K means "K or more"). When a single puzzle has more
    than one solution, also prints its two smallest solutions and the cells where they
    differ. A file of several puzzles gives one count per line.
    """
    from sudoku_cp.counting import count_solutions, why_not_unique

    items = _puzzles_of(file)
    for item in items:
        puzzle = item.parse()[0]
        found = count_solutions(puzzle, limit=limit, backend=backend, time_limit=time_limit)
        more = " (the limit: there may be more)" if limit is not None and found == limit else ""
        _out(f"{item.where}: {found}{more}" if len(items) > 1 else f"{found}{more}")
        if len(items) == 1 and found > 1:
            _out(str(why_not_unique(puzzle, backend=backend, time_limit=time_limit)))


@app.command("generate")
@click.option("--size", "-s", type=click.IntRange(4, 25), default=9, show_default=True, help="The side n.")
@click.option("--box", default=None, help="Box shape ROWSxCOLUMNS (e.g. 2x3); default: the usual one.")
@click.option("--variant", "-v", type=click.Choice(VARIANTS), default="classic", show_default=True)
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
@time_limit_option
def generate_command(
    size: int,
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
    time_limit: float | None,
) -> None:
    """Generate proper puzzles (exactly one solution, proven by counting).

    Classic puzzles are written in a text layout, one per line by default; variants,
    or any puzzle with --json, as JSON records (one record, or a list with -n > 1) that
    'sudoku-cp solve' reads back, with the solution and the generator's seed inside.
    """
    from sudoku_cp.generator import DEFAULT_TIME_LIMIT, generate

    shape = _box_shape(box) if box else "standard"
    puzzles = [
        generate(
            size,
            box=shape,
            variant=variant,
            symmetry=symmetry,
            minimal=minimal,
            givens=givens,
            difficulty=difficulty,
            seed=None if seed is None else seed + i,
            time_limit=time_limit or DEFAULT_TIME_LIMIT,
        )
        for i in range(how_many)
    ]
    if as_json or variant != "classic":
        records = [p.to_dict() for p in puzzles]
        _out(json.dumps(records[0] if how_many == 1 else records))
        return
    for puzzle in puzzles:
        _out(format_grid(puzzle.grid, layout or Layout.LINE))


def _box_shape(text: str) -> tuple[int, int]:
    rows, _, columns = text.lower().partition("x")
    if not (rows.isdigit() and columns.isdigit()):
        raise _Failure(EXIT_INVALID, f"--box is ROWSxCOLUMNS, such as 2x3, not {text!r}")
    return int(rows), int(columns)


@app.command("grade", epilog=EXIT_CODES)
@click.argument("file", type=click.File("rb"), required=False)
def grade_command(file: BinaryIO | None) -> None:
    """Grade the puzzles in FILE (or standard input): the weakest propagation that solves each.

    Prints the band (easy, medium, hard, expert) and the level (naked singles, hidden
    singles, locked candidates, Hall sets, or search with the backtracker's nodes),
    one line per puzzle.
    """
    from sudoku_cp.grading import grade

    items = _puzzles_of(file)
    for item in items:
        result = grade(item.parse()[0])
        _out(f"{item.where}: {result}" if len(items) > 1 else str(result))


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    try:
        result = app.main(args=argv, prog_name="sudoku-cp", standalone_mode=False)
    except _Failure as failure:
        return _report(failure.code, str(failure))
    except SudokuError as error:  # InvalidPuzzleError, NoSolutionError, UnknownBackendError, WorkerDiedError
        return _report(_exit_code(error), _message(error))
    except click.exceptions.NoArgsIsHelpError as error:
        click.echo(error.ctx.get_help(), err=True)
        return EXIT_INVALID
    except click.ClickException as error:
        return _report(EXIT_INVALID, error.format_message())
    except click.Abort:
        return _report(EXIT_INTERRUPTED, "aborted")
    except _OutputClosed:
        _silence_stdout()
        return EXIT_PIPE_CLOSED
    return result if isinstance(result, int) else EXIT_SOLVED


def _report(code: int, reason: str) -> int:
    click.echo(f"sudoku-cp: {' '.join(reason.split())}", err=True)
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
