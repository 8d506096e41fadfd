"""The backend contract, written once and run on every registered backend.

A backend is tested by registering it: these tests are parametrised over
``sudoku_cp.backend_names()``. Each one checks a real outcome: the answer is a valid
solution that keeps the givens and obeys every rule, and it is the smallest row-major
solution, compared with an expected answer that does not come from the backend (the
lex-min cases of the shared data set, and the independent model of
``tests/independent.py`` for the variants); an unsolvable puzzle raises
``NoSolutionError``; a time limit raises ``SolveTimeoutError`` promptly.
"""

from __future__ import annotations

import inspect
import json
import time
from pathlib import Path

import pytest
from conftest import LEXMIN_CASES, UNKNOWN_KIND, NotValue, assert_solves, case_id
from independent import lexmin as independent_lexmin

import sudoku_cp
from sudoku_cp import Grid, NoSolutionError, NotSupportedError, Puzzle, SolveTimeoutError, datasets
from sudoku_cp.backends import BackendOptions, get_backend
from sudoku_cp.model.constraints import KINDS

BACKENDS = sudoku_cp.backend_names()

VARIANT_CASES = json.loads((Path(__file__).parent / "data" / "variant_cases.json").read_text())
"""Variant puzzles made by ``tests/data/make_variant_cases.py``: JSON records plus ``tag``,
``lexmin`` (the independent model's answer, ``None`` for no solution) and ``several``."""

SLOW = {
    ("python-constraint", "hex16-minus-94"): "about 80 s: python-constraint proofs on 16x16",
    ("python-constraint", "17clue-minus-50"): "about 10 s",
    ("python-constraint", "anti_knight"): "about 20 s for the 4 puzzles of 8 givens",
    ("python-constraint", "gen_jigsaw"): "about 25 s for 5 of the 30 minimal jigsaws (15 to 19 givens)",
    ("python-constraint", "gen_x"): "about 10 s for the 30 minimal X-Sudokus",
    ("mip", "anti_knight"): "about 30 s: HiGHS on the 8-given anti-knight puzzles",
    ("mip", "gen_killer"): "about 10 s: HiGHS on minimal killers",
    ("mip", "gen_outside_sum"): "about 10 s: HiGHS on the outside sums' linear rows",
    ("python-constraint", "gen_samurai"): "5 s: a time limit on a board it cannot solve (OUT_OF_REACH)",
    ("mip", "gen_skyscraper"): "about 2 s: HiGHS on the skyscraper automata as layered flows",
    ("cpmpy", "gen_skyscraper"): "about 1.2 s: CPMpy's transformation of the automata's state tables",
}
"""(backend, case) pairs that run after the main suite (``pytest -m slow``), with why."""


SLOW_FAMILIES = {
    "python-constraint": ("hex16-minus", "17clue-minus", "top1465-minus"),
    # one to eight seconds each: a HiGHS solve per witness question (tests/test_mip.py keeps a sample)
    "mip": ("hex16-minus", "17clue-minus", "top1465-minus", "sparse"),
    "cpmpy": ("hex16-minus", "17clue-minus", "top1465-minus"),
}
"""Lex-min case families that a backend runs in the slow pass only: python-constraint's
and mip's proofs take seconds each there, cpmpy's about a second (35 s in all: CPMpy
transforms the model anew for each solve); their other cases, and every other backend's,
stay in the main suite."""


def _is_slow(backend: str, name: str) -> bool:
    return (backend, name) in SLOW or name.startswith(SLOW_FAMILIES.get(backend, ()))


def _params(cases, ids):
    params = []
    for backend in BACKENDS:
        for case, name in zip(cases, ids, strict=True):
            marks = [pytest.mark.slow] if _is_slow(backend, name) else []
            params.append(pytest.param(backend, case, id=f"{backend}-{name}", marks=marks))
    return params


def _variant_id(case: dict) -> str:
    return f"{case['tag']}-{VARIANT_CASES.index(case)}"


# -- the smallest row-major solution ------------------------------------------------------------


@pytest.mark.parametrize("backend, case", _params(LEXMIN_CASES, [case_id(c) for c in LEXMIN_CASES]))
def test_lexmin_case(backend: str, case: dict) -> None:
    puzzle = Grid.parse(case["puzzle"])
    if case["lexmin"] is None:
        with pytest.raises(NoSolutionError):
            sudoku_cp.solve(puzzle, backend=backend)
        return
    solution = sudoku_cp.solve(puzzle, backend=backend)
    assert_solves(puzzle, solution)
    assert solution.to_string() == case["lexmin"]


@pytest.mark.parametrize("backend, case", _params(VARIANT_CASES, [_variant_id(c) for c in VARIANT_CASES]))
def test_variant_case(backend: str, case: dict) -> None:
    puzzle = Puzzle.from_dict(case)
    if case["lexmin"] is None:
        with pytest.raises(NoSolutionError):
            sudoku_cp.solve(puzzle, backend=backend)
        return
    solution = sudoku_cp.solve(puzzle, backend=backend)
    assert solution.box == puzzle.box and solution.side == puzzle.side
    assert puzzle.is_solved_by(solution)
    assert solution.to_string() == case["lexmin"]


def test_variant_cases_cover_every_rule_several_solutions_and_none() -> None:
    keys = {key for case in VARIANT_CASES for key, value in case["rules"].items() if value}
    assert keys >= {
        "diagonals", "windows", "regions", "cages", "thermos", "less",
        "anti_knight", "anti_king", "even", "odd", "white", "black",
        "all_white_given", "all_black_given",
    }  # fmt: skip
    assert sum(case["several"] for case in VARIANT_CASES) >= 10
    assert sum(case["lexmin"] is None for case in VARIANT_CASES) >= 10


@pytest.mark.parametrize("case", VARIANT_CASES[::7], ids=_variant_id)
def test_expected_variant_answers_are_the_independent_models(case: dict) -> None:
    assert independent_lexmin(case) == case["lexmin"]


VARIANT_SETS = [n for n in datasets.names() if datasets.is_variant_set(n)]


REFUSED_KINDS: dict[str, tuple[str, ...]] = {}
"""Constraint kinds a backend refuses by design (``decompose(..., refused=...)``): on a
puzzle holding one, the contract is the refusal, a ``NotSupportedError`` naming the kind,
never an answer without it. None today: every kind a backend does not compile is
rewritten into kinds it does (:mod:`sudoku_cp.model.decompose`; mip once refused
``Table``, ``Sandwich`` and ``Skyscraper``, cpmpy the last two)."""


def _refused_kind(backend: str, puzzle) -> str | None:
    kinds = {type(c).__name__ for c in puzzle.model.constraints}
    return next((kind for kind in REFUSED_KINDS.get(backend, ()) if kind in kinds), None)


OUT_OF_REACH = {
    ("python-constraint", "gen_samurai"): 5.0,
}
"""Sets a backend cannot always answer in useful time, with the seconds each puzzle gets
here: python-constraint's search finds no solution of two of the five minimal Samurai
boards within 60 s (``docs/benchmarks/bench_multigrid.md``; it branches on the cell with
most constraints, not the one with fewest candidates). The contract there is weaker but
still real: the proven answer, or a ``SolveTimeoutError``, never a wrong answer."""


def _check_variant_set(backend: str, name: str, limit: int | None) -> None:
    time_limit = OUT_OF_REACH.get((backend, name))
    for puzzle in datasets.load(name)[:limit]:
        refused = _refused_kind(backend, puzzle)
        if refused is not None:
            with pytest.raises(NotSupportedError, match=refused):
                sudoku_cp.solve(puzzle, backend=backend)
            continue
        try:
            solution = sudoku_cp.solve(puzzle, backend=backend, time_limit=time_limit)
        except SolveTimeoutError:
            assert time_limit is not None
            continue
        assert puzzle.is_solved_by(solution)
        expected = puzzle.metadata.get("solution")
        if expected:
            assert solution.to_string() == expected


@pytest.mark.parametrize("backend, name", _params(VARIANT_SETS, VARIANT_SETS))  # SLOW ones after
def test_bundled_variant_sets_first_puzzles_are_solved(backend: str, name: str) -> None:
    _check_variant_set(backend, name, limit=2)


WHOLE_SET_LIMITS = {("python-constraint", "gen_jigsaw"): 5, ("mip", "gen_killer"): 6}
"""Sets on which a backend takes minutes (python-constraint: several minutes for the 30
generated jigsaws; mip: 90 s for the 20 minimal killers, all of them measured by
``benchmarks/bench_paradigms.py``), so the slow pass checks only their first puzzles."""


@pytest.mark.parametrize("backend, name", [p for p in _params(VARIANT_SETS, VARIANT_SETS)])
@pytest.mark.slow  # every puzzle of every bundled variant set: about 20 s, minutes for python-constraint
def test_bundled_variant_sets_are_solved(backend: str, name: str) -> None:
    _check_variant_set(backend, name, limit=WHOLE_SET_LIMITS.get((backend, name)))


# -- no solution, time limits, stats, options --------------------------------------------------


UNSOLVABLE_9X9 = Grid.parse(
    # consistent givens (no value twice in a unit) with no solution: r1c9 can hold no value
    "12345678.........9" + "." * 63
)


@pytest.mark.parametrize("backend", BACKENDS)
def test_no_solution_raises(backend: str) -> None:
    with pytest.raises(NoSolutionError):
        sudoku_cp.solve(UNSOLVABLE_9X9, backend=backend)


HARD_25X25 = datasets.load("sudoku25")[6]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_tiny_time_limit_raises_promptly(backend: str) -> None:
    start = time.perf_counter()
    with pytest.raises(SolveTimeoutError):
        sudoku_cp.solve(HARD_25X25, backend=backend, time_limit=0.05)
    assert time.perf_counter() - start < 10  # generous: start-up of a child process included


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_next_solve_after_a_timeout_works(backend: str) -> None:
    with pytest.raises(SolveTimeoutError):
        sudoku_cp.solve(HARD_25X25, backend=backend, time_limit=0.05)
    puzzle = datasets.load("easy50")[0]
    assert_solves(puzzle, sudoku_cp.solve(puzzle, backend=backend, time_limit=60))


@pytest.mark.parametrize("backend", BACKENDS)
def test_stats_are_numbers_with_solver_calls(backend: str) -> None:
    result = sudoku_cp.solve_with_stats(datasets.load("hardest")[0], backend=backend)
    assert result.backend == backend
    assert result.stats["solver_calls"] >= 1
    assert all(isinstance(v, int | float) for v in result.stats.values())
    assert result.wall_time > 0


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_unknown_option_is_a_type_error_naming_it(backend: str) -> None:
    with pytest.raises(TypeError, match="'no_such_option'"):
        sudoku_cp.solve(datasets.load("easy50")[0], backend=backend, no_such_option=1)


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_shape_comes_back_in_its_own_shape(backend: str) -> None:
    for puzzle in (Grid.empty(6), Grid.empty(12), Grid.empty(5, box=None), Grid.empty(8)):
        solution = sudoku_cp.solve(puzzle, backend=backend, time_limit=60)
        assert (solution.side, solution.box) == (puzzle.side, puzzle.box)
        assert_solves(puzzle, solution)
        assert solution == min_latin_or_boxed(puzzle)


def min_latin_or_boxed(grid: Grid) -> Grid:
    """The smallest completion of an empty grid, by the independent model."""
    record = {"size": grid.side, "box": list(grid.box) if grid.box else None, "grid": grid.to_string()}
    return Grid.parse(independent_lexmin(record), grid.box)


# -- a constraint kind the backends do not know is refused, never dropped ------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_unknown_constraint_kind_is_refused_by_solve_and_count(backend: str) -> None:
    assert not isinstance(NotValue(0, 1, ""), KINDS)
    with pytest.raises(NotSupportedError, match=r"NotValue \(r1c1 != 1\)"):
        sudoku_cp.solve(UNKNOWN_KIND, backend=backend)
    with pytest.raises(NotSupportedError, match=r"NotValue"):
        sudoku_cp.count_solutions(UNKNOWN_KIND, backend=backend)
    chosen = get_backend(backend)
    for function, arguments in (
        ("solve", ()),
        ("count_solutions", ()),
        ("next_solution", (Grid.parse("1234341221434321"),)),
    ):
        if hasattr(chosen, function):
            with pytest.raises(NotSupportedError, match=r"NotValue"):
                getattr(chosen, function)(UNKNOWN_KIND, *arguments)


@pytest.mark.parametrize("backend", [b for b in BACKENDS if b != "auto"])
def test_the_refusal_names_the_backend(backend: str) -> None:
    with pytest.raises(NotSupportedError, match=f"backend '{backend}'"):
        get_backend(backend).solve(UNKNOWN_KIND)


# -- options: declared once per backend, each function takes only its own -----------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_options_are_declared_and_count_solutions_takes_only_its_own(backend: str) -> None:
    declared = get_backend(backend).Options
    assert issubclass(declared, BackendOptions)
    defaults = declared()  # every option has a default
    options = declared.names("solve")
    assert set(declared.COUNTING) <= set(options)
    chosen = get_backend(backend)
    for function in ("solve", "count_solutions", "next_solution"):  # help() lists the options
        parameters = inspect.signature(getattr(chosen, function)).parameters
        assert set(declared.names(function)) <= set(parameters), function
    puzzle = Grid.parse("1234341221434321")
    for name in options:  # each option, at its default, is taken by solve
        sudoku_cp.solve(puzzle, backend=backend, **{name: getattr(defaults, name)})
    for name in set(options) - set(declared.COUNTING):
        with pytest.raises(TypeError, match=f"does not take '{name}'"):
            sudoku_cp.count_solutions(puzzle, backend=backend, **{name: getattr(defaults, name)})
