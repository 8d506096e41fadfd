"""The ``sudoku-cp`` command line (also ``python -m sudoku_cp``), built with Click.

Exit codes: 0 solved, 1 no solution, 2 invalid input or usage, 3 time limit. The
reason for a non-zero exit goes to standard error in one line.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

import click

from sudoku_cp import backends, datasets
from sudoku_cp.api import solve_with_stats
from sudoku_cp.batch import solve_many
from sudoku_cp.errors import NoSolutionError, SolveTimeoutError, SudokuError
from sudoku_cp.formats import Layout, format_grid, split_puzzles
from sudoku_cp.puzzle import as_puzzle, looks_like_json, puzzles_from_json

EXIT_SOLVED, EXIT_NO_SOLUTION, EXIT_INVALID, EXIT_TIMEOUT = 0, 1, 2, 3


@click.group(
    help="Solve Sudoku puzzles (4x4 to 25x25) with constraint-programming backends.",
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name="sudoku_cp")
def app() -> None:
    pass


backend_option = click.option(
    "--backend",
    "-b",
    default=None,
    help="Backend name (see 'sudoku-cp backends'); default: the package default.",
)
time_limit_option = click.option(
    "--time-limit",
    "-t",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Seconds allowed per puzzle.",
)


class _Failure(Exception):
    """Stop with an exit code and a one-line reason."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code


def _exit_code(error: SudokuError) -> int:
    if isinstance(error, NoSolutionError):
        return EXIT_NO_SOLUTION
    if isinstance(error, SolveTimeoutError):
        return EXIT_TIMEOUT
    return EXIT_INVALID


@app.command("solve")
@click.argument("file", type=click.File("r", encoding="utf-8"), required=False)
@backend_option
@time_limit_option
@click.option("--dataset", "-d", default=None, help="Solve a bundled data set instead of a file.")
@click.option(
    "--limit", "-n", type=click.IntRange(min=1), default=None, help="With --dataset: the first N puzzles."
)
@click.option(
    "--layout",
    "-l",
    type=click.Choice([layout.value for layout in Layout]),
    default=None,
    help="Output layout; default: the layout of the input.",
)
def solve_command(
    file: click.utils.LazyFile | None,
    backend: str | None,
    time_limit: float | None,
    dataset: str | None,
    limit: int | None,
    layout: str | None,
) -> None:
    """Solve the puzzle in FILE (or standard input) and print its smallest row-major solution.

    The solution is printed in the layout the puzzle was given in (one line, rows of
    digits, space-separated rows, or a pretty grid). A file of one-line puzzles gives
    one solution per line; a puzzle that fails is reported on standard error with its
    line number, the others are still solved, and the exit code is the first failure's.
    A JSON file of puzzle records (one, or a list; any variant) gives one solution line
    per record.
    """
    backends.get_backend(backend or backends.DEFAULT_BACKEND)  # fail fast on an unknown name
    if dataset is not None:
        if file is not None or layout is not None:
            raise _Failure(EXIT_INVALID, "--dataset takes no FILE and no --layout")
        _solve_dataset(dataset, limit, backend, time_limit)
        return
    if limit is not None:
        raise _Failure(EXIT_INVALID, "--limit goes with --dataset")
    text = _read(file or sys.stdin)
    if looks_like_json(text):
        chunks = [(f"record {i}", p) for i, p in enumerate(puzzles_from_json(text, _name(file)))]
    else:
        chunks = [(f"line {number}", chunk) for number, chunk in split_puzzles(text)]
    first_failure = EXIT_SOLVED
    for where, chunk in chunks:
        try:
            puzzle, given_layout = as_puzzle(chunk)
            solution = solve_with_stats(puzzle, backend=backend, time_limit=time_limit).solution
        except SudokuError as error:
            if len(chunks) == 1:
                raise
            click.echo(f"sudoku-cp: {where}: {error}", err=True)
            first_failure = first_failure or _exit_code(error)
            continue
        click.echo(format_grid(solution, layout or given_layout))
    if first_failure:
        raise click.exceptions.Exit(first_failure)


def _name(stream) -> str:
    return getattr(stream, "name", None) or "standard input"


def _read(stream) -> str:
    try:
        return stream.read()
    except UnicodeDecodeError:
        raise _Failure(
            EXIT_INVALID, f"cannot read {getattr(stream, 'name', 'input')}: not UTF-8 text"
        ) from None


def _load_dataset(name: str, limit: int | None) -> list:
    """The first ``limit`` puzzles of a bundled set; an unknown name is a usage error."""
    try:
        return datasets.load(name)[:limit]
    except ValueError as error:
        raise _Failure(EXIT_INVALID, str(error)) from None


def _solve_dataset(name: str, limit: int | None, backend: str | None, time_limit: float | None) -> None:
    puzzles = _load_dataset(name, limit)
    start = time.perf_counter()
    items = solve_many(puzzles, backend=backend, time_limit=time_limit, progress=sys.stderr.isatty())
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
    click.echo(
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


@app.command("bench")
@click.option("--dataset", "-d", required=True, help="The bundled data set (see 'sudoku-cp datasets').")
@click.option(
    "--backends",
    "-b",
    "backend_lists",
    multiple=True,
    help="Backends to compare, comma-separated or repeated; default: every registered one.",
)
@click.option("--limit", "-n", type=click.IntRange(min=1), default=None, help="Only the first N puzzles.")
@time_limit_option
@click.option("--workers", "-w", type=int, default=None, help="Worker processes (-1: every core); default 1.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), help="Write every row to this CSV file.")
def bench_command(
    dataset: str,
    backend_lists: tuple[str, ...],
    limit: int | None,
    time_limit: float | None,
    workers: int | None,
    csv_path: str | None,
) -> None:
    """Compare backends on a data set: a table of solved, timeouts, wall times and agreement.

    Each backend solves every puzzle (with sudoku_cp.compare); the table has one row per
    backend, times in milliseconds over all puzzles. --csv writes one row per
    (puzzle, backend) with the backends' effort counters.
    """
    from sudoku_cp.compare import compare, format_summary, summarize

    names = [name.strip() for names in backend_lists for name in names.split(",") if name.strip()] or None
    for name in names or ():
        backends.get_backend(name)  # an unknown name fails before any solving
    puzzles = _load_dataset(dataset, limit)
    frame = compare(
        puzzles,
        backends=names,
        time_limit=time_limit,
        workers=workers,
        dataset=dataset,
        progress=sys.stderr.isatty(),
    )
    click.echo(format_summary(summarize(frame)))
    if csv_path is not None:
        frame.to_csv(csv_path, index=False)
        click.echo(f"wrote {len(frame)} rows to {csv_path}")


@app.command("datasets")
def datasets_command() -> None:
    """List the bundled data sets with their size and number of puzzles."""
    for name in datasets.names():
        side = datasets.load(name, sample=1)[0].side
        click.echo(f"{name:<10} {side}x{side:<4} {datasets.count(name):>6} puzzles")


@app.command("backends")
def backends_command() -> None:
    """List the registered backends; the default is marked with '*', and one whose optional
    package is not installed says so and how to install it."""
    for name in backends.backend_names():
        missing = backends.unavailable(name)
        note = f"  (not installed: {missing})" if missing else ""
        click.echo(f"{'*' if name == backends.DEFAULT_BACKEND else ' '} {name}{note}")


@app.command("encode")
@click.argument("file", type=click.File("r", encoding="utf-8"), required=False)
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

    text = _read(file or sys.stdin)
    puzzles = puzzles_from_json(text, _name(file)) if looks_like_json(text) else [as_puzzle(text)[0]]
    if len(puzzles) != 1:
        raise _Failure(EXIT_INVALID, f"{_name(file)} holds {len(puzzles)} puzzles; encode takes one")
    try:
        formula = sat.formula(puzzles[0], encoding=encoding, amo=amo)
    except ValueError as error:
        raise _Failure(EXIT_INVALID, str(error)) from None
    if dimacs:
        output.write(formula.cnf().to_dimacs() + "\n")
        return
    n = puzzles[0].side
    click.echo(
        f"{n}x{n} puzzle, {encoding} encoding, {amo} at-most-one: "
        f"{formula.variables} variables, {formula.clause_count} clauses",
        file=output,
    )
    for part, count in formula.sizes().items():
        click.echo(f"{count:>9}  {part}", file=output)


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    try:
        result = app.main(args=argv, prog_name="sudoku-cp", standalone_mode=False)
    except _Failure as failure:
        return _report(failure.code, str(failure))
    except SudokuError as error:  # InvalidPuzzleError, UnknownBackendError
        return _report(_exit_code(error), str(error))
    except click.exceptions.NoArgsIsHelpError as error:
        click.echo(error.ctx.get_help(), err=True)
        return EXIT_INVALID
    except click.ClickException as error:
        return _report(EXIT_INVALID, error.format_message())
    except click.Abort:
        return _report(130, "aborted")
    return result if isinstance(result, int) else EXIT_SOLVED


def _report(code: int, reason: str) -> int:
    click.echo(f"sudoku-cp: {' '.join(reason.split())}", err=True)
    return code


def run() -> None:
    """Console-script entry point: exit with :func:`main`'s code."""
    sys.exit(main())
