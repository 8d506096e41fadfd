"""Shared fixtures and checks: every solution is checked to be valid, to keep the
givens and, where the answer is known, to be the smallest."""

from __future__ import annotations

import functools
import itertools
import json
import signal
from dataclasses import dataclass
from pathlib import Path

import pytest

from sudoku_cp import Grid, Puzzle
from sudoku_cp.model.constraints import Model
from sudoku_cp.model.rules import Rule

LEXMIN_CASES = json.loads((Path(__file__).parent / "lexmin_cases.json").read_text())
"""The lex-min cases copied from shared/data (see its README): dicts with ``tag``, ``k``,
``puzzle``, ``lexmin`` (``None`` when unsolvable) and ``count_ge``."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backend",
        action="append",
        default=[],
        metavar="NAME",
        help="run the tests parametrised over the backends (tests/test_backend_contract.py and "
        "others) for this registered backend only; repeat for several",
    )


SLOW_CASES = frozenset(
    {
        "tests/test_subprocess_timeout.py::test_concurrent_calls_do_not_wait_inside_their_time_limits",
        "tests/test_trace.py::test_propagation_never_removes_the_value_of_the_solution_it_leads_to[forward]",
        "tests/test_trace.py::test_row_major_search_meets_the_smallest_solution_first[forward]",
        "tests/test_stepwise.py::test_variant_paths_are_sound",
        "tests/test_stepwise.py::test_killer_steps_use_cage_combinations",
        "tests/test_stepwise.py::test_rule_of_45_places_the_innie_a_unit_leaves",
        "tests/test_stepwise.py::test_generated_killers_are_solved_with_the_rule_of_45",
        "tests/test_stepwise.py::test_modern_kinds_make_steps_named_after_their_rule_and_sound"
        "[gen_region_sum-region-sum line]",
        "tests/test_cli_hardening.py::test_item_7_encode_into_a_closed_pipe_exits_141",
        "tests/test_interrupt.py::test_ctrl_c_in_the_command_line_prints_aborted_and_exits_130",
        "tests/test_interrupt.py::test_ctrl_c_stops_finding_a_conflicts_constraints",
        "tests/test_grading.py::test_grade_names_the_hardest_technique_of_explains_path[gen_minimal]",
        "tests/test_grading.py::test_every_deduction_keeps_the_solution[hardest]",
        "tests/test_sat.py::test_a_kept_solver_reuses_auxiliary_variables_and_keeps_every_answer",
        "tests/test_backend_contract.py::test_every_shape_comes_back_in_its_own_shape[mip]",
        "tests/test_backend_contract.py::test_bundled_variant_sets_first_puzzles_are_solved[exact-cover-gen_samurai]",
        "tests/test_backend_contract.py::test_bundled_variant_sets_first_puzzles_are_solved"
        "[python-constraint-gen_skyscraper]",
        "tests/test_batch.py::test_dask_cluster_runs_the_same_call",
        "tests/test_counting.py::test_counts_agree_with_brute_force[6x6 many-mip]",
        "tests/test_identities.py::test_renamed_labels_give_the_same_explanations_grades_and_pictures[thermo]",
        "tests/test_readers.py::test_a_million_one_cell_cages_are_refused_by_count",
    }
)
"""Cases of 1.5 s or more (the durations of a full run on 2 cores, issue 35.14) moved to the
slow pass (``pytest -m slow``, which ``.ci/run`` runs after the main one), so that the main
pass stays under 2.5 minutes. Each is either alone (the slow pass runs it) or one case of
a parametrised test whose other cases stay in the main pass; a name that no longer exists
marks nothing (the case then simply runs in the main pass)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``--backend NAME`` keeps only NAME's cases of the tests parametrised over the backends;
    a backend whose optional package is missing is skipped with the reason (how to install it).
    The cases of :data:`SLOW_CASES` are marked slow."""
    from sudoku_cp import backends

    for item in items:
        if item.nodeid in SLOW_CASES:
            item.add_marker(pytest.mark.slow)

    chosen = config.getoption("--backend")
    unknown = [name for name in chosen if name not in backends.backend_names()]
    if unknown:
        known = ", ".join(backends.backend_names())
        raise pytest.UsageError(f"--backend {', '.join(unknown)}: unknown; registered backends: {known}")
    kept, deselected = [], []
    reasons: dict[str, str | None] = {}
    for item in items:
        name = getattr(item, "callspec", None) and item.callspec.params.get("backend")
        if not isinstance(name, str) or name not in backends.backend_names():
            kept.append(item)
            continue
        if chosen and name not in chosen:
            deselected.append(item)
            continue
        if name not in reasons:
            reasons[name] = backends.unavailable(name)
        if reasons[name]:
            item.add_marker(pytest.mark.skip(reason=f"backend {name!r} is unavailable: {reasons[name]}"))
        kept.append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


def case_id(case: dict) -> str:
    return f"{case['tag']}-{LEXMIN_CASES.index(case)}"


def assert_solves(puzzle: Grid, solution: Grid) -> None:
    """The solution is complete, valid (Grid guarantees the units) and keeps the givens."""
    assert isinstance(solution, Grid)
    assert solution.box_size == puzzle.box_size
    assert solution.is_complete(), "solution has blank cells"
    for index, (given, value) in enumerate(zip(puzzle.cells, solution.cells, strict=True)):
        assert given in (0, value), f"given at cell {index} changed from {given} to {value}"
    # Every unit holds every value exactly once.
    n = puzzle.side
    for unit in puzzle.geometry.units:
        assert sorted(solution.cells[c] for c in unit.cells) == list(range(1, n + 1)), unit


@pytest.fixture(scope="session")
def lexmin_cases() -> list[dict]:
    return LEXMIN_CASES


@functools.cache
def fillings_4x4() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every 4x4 sudoku grid (2x2 boxes) as rows of values: the 288 fillings a brute
    force over small puzzles checks a rule against."""
    rows = list(itertools.permutations(range(1, 5)))
    out = []
    for grid in itertools.product(rows, repeat=4):
        columns_ok = all(len({grid[r][c] for r in range(4)}) == 4 for c in range(4))
        boxes_ok = all(
            len({grid[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) == 4
            for br in (0, 2)
            for bc in (0, 2)
        )
        if columns_ok and boxes_ok:
            out.append(grid)
    return tuple(out)


def has_solution(model: Model) -> bool:
    """Whether ``model`` has a solution, decided by CP-SAT (one worker, no time limit)."""
    from ortools.sat.python import cp_model

    from sudoku_cp.backends import cpsat

    if not all(model.domains()):
        return False
    cp, _ = cpsat.model_of(model)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(cp)
    assert status != cp_model.UNKNOWN
    return status in (cp_model.OPTIMAL, cp_model.FEASIBLE)


# -- a constraint kind outside the vocabulary, which every backend must refuse -------------------


@dataclass(frozen=True)
class NotValue:
    """A constraint kind outside the vocabulary: ``x[cell] != value``."""

    cell: int
    value: int
    label: str

    @property
    def cells(self) -> tuple[int]:
        return (self.cell,)

    def holds(self, values) -> bool:
        return values[self.cell] != self.value

    def givens_conflict(self, givens, side) -> str | None:
        return f"{self.label} is broken" if givens[self.cell] == self.value else None


@dataclass(frozen=True)
class R1C1IsNot1(Rule):
    """A rule compiling to the unknown kind: on an empty 4x4 it leaves 216 of the 288 grids."""

    def constraints(self, side, box):
        return [NotValue(0, 1, "r1c1 != 1")]


UNKNOWN_KIND = Puzzle(Grid.empty(4), (R1C1IsNot1(),))


def default_sigint() -> None:
    """``preexec_fn`` of a child process a test interrupts: SIGINT at its default, as in a
    process started from a terminal, so that Python installs its handler at start-up. A
    test runner's worker may hold SIGINT ignored (an ignored signal is inherited across
    ``exec``, and Python then leaves it ignored), which made the child miss the test's
    Ctrl-C in one CI run."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
