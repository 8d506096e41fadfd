"""The ``sudoku-cp`` command line (also ``python -m sudoku_cp``), built with Click.

Exit codes: 0 solved, 1 no solution, 2 invalid input or usage, 3 time limit. The
reason for a non-zero exit goes to standard error in one line.
"""

from __future__ import annotations

import json
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
from sudoku_cp.generator import SYMMETRIES, VARIANTS
from sudoku_cp.grading import BAND_NAMES
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
        first = datasets.load(name, sample=1)[0]
        rules = ", ".join(type(r).__name__ for r in getattr(first, "rules", ())) or "classic"
        click.echo(f"{name:<11} {first.side}x{first.side:<4} {datasets.count(name):>6} puzzles  {rules}")


@app.command("backends")
def backends_command() -> None:
    """List the registered backends; the default is marked with '*'."""
    for name in backends.backend_names():
        click.echo(f"{'*' if name == backends.DEFAULT_BACKEND else ' '} {name}")


# -- how many solutions, new puzzles, grades -----------------------------------------------------


def _puzzles_of(file) -> list[tuple[str, object]]:
    """The puzzles of FILE (or standard input): JSON records or text puzzles, with where each is."""
    text = _read(file or sys.stdin)
    if looks_like_json(text):
        return [(f"record {i}", p) for i, p in enumerate(puzzles_from_json(text, _name(file)))]
    return [(f"line {number}", chunk) for number, chunk in split_puzzles(text)]


@app.command("count")
@click.argument("file", type=click.File("r", encoding="utf-8"), required=False)
@click.option("--limit", "-k", type=click.IntRange(min=1), default=None, help="Stop counting at K solutions.")
@backend_option
@time_limit_option
def count_command(
    file: click.utils.LazyFile | None, limit: int | None, backend: str | None, time_limit: float | None
) -> None:
    """Count the solutions of the puzzle in FILE (or standard input), exactly.

    Prints the count (with --limit, K means "K or more"). When a single puzzle has more
    than one solution, also prints its two smallest solutions and the cells where they
    differ. A file of several puzzles gives one count per line.
    """
    from sudoku_cp.counting import count_solutions, why_not_unique

    chunks = _puzzles_of(file)
    for where, chunk in chunks:
        puzzle = as_puzzle(chunk)[0]
        found = count_solutions(puzzle, limit=limit, backend=backend, time_limit=time_limit)
        more = " (the limit: there may be more)" if limit is not None and found == limit else ""
        click.echo(f"{where}: {found}{more}" if len(chunks) > 1 else f"{found}{more}")
        if len(chunks) == 1 and found > 1:
            click.echo(str(why_not_unique(puzzle, backend=backend, time_limit=time_limit)))


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
        click.echo(json.dumps(records[0] if how_many == 1 else records))
        return
    for puzzle in puzzles:
        click.echo(format_grid(puzzle.grid, layout or Layout.LINE))


def _box_shape(text: str) -> tuple[int, int]:
    rows, _, columns = text.lower().partition("x")
    if not (rows.isdigit() and columns.isdigit()):
        raise _Failure(EXIT_INVALID, f"--box is ROWSxCOLUMNS, such as 2x3, not {text!r}")
    return int(rows), int(columns)


@app.command("grade")
@click.argument("file", type=click.File("r", encoding="utf-8"), required=False)
def grade_command(file: click.utils.LazyFile | None) -> None:
    """Grade the puzzles in FILE (or standard input): the weakest propagation that solves each.

    Prints the band (easy, medium, hard, expert) and the level (naked singles, hidden
    singles, locked candidates, Hall sets, or search with the backtracker's nodes),
    one line per puzzle.
    """
    from sudoku_cp.grading import grade

    chunks = _puzzles_of(file)
    for where, chunk in chunks:
        result = grade(chunk)
        click.echo(f"{where}: {result}" if len(chunks) > 1 else str(result))


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
