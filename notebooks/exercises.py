"""Check functions for the notebooks' exercises: each takes the student's answer and says
whether it is right, computing the truth with the package.

Each check prints ``"not answered yet"`` for ``None`` (so a fresh notebook runs to the
end), ``"correct"`` for a right answer, and raises ``AssertionError`` with a hint for a
wrong one. The worked answers are in ``notebooks/solutions/``; ``tests/test_exercises.py``
checks that they pass and that wrong answers fail.
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_cp import datasets
from sudoku_cp.engine.trace import PROPAGATIONS, propagate, trace_search


def _not_answered(answer: object, exercise: str) -> bool:
    if answer is None:
        print(f"{exercise}: not answered yet")
        return True
    return False


def fewer_decisions_puzzle():
    """The puzzle of exercise 6.1: top95 #2."""
    return datasets.load("top95")[2]


def check_order_prediction(answer: str | None) -> None:
    """Exercise 6.1: which order needs fewer decisions on top95 #2 with forward checking,
    ``"row-major"`` or ``"smallest-domain"``? (The search stops at the first solution.)"""
    if _not_answered(answer, "Exercise 6.1"):
        return
    assert answer in ("row-major", "smallest-domain"), "answer 'row-major' or 'smallest-domain'"
    decisions = {
        order: trace_search(
            fewer_decisions_puzzle(), order=order, propagation="forward", max_nodes=100_000
        ).decisions
        for order in ("row-major", "smallest-domain")
    }
    best = min(decisions, key=decisions.get)
    assert answer == best, (
        f"not {answer}: count the decisions of each with trace_search(..., max_nodes=100_000).decisions"
    )
    print(
        f"Exercise 6.1: correct ({decisions['row-major']} against {decisions['smallest-domain']} decisions)"
    )


def check_weakest_level(function: Callable[[object], str | None] | None) -> None:
    """Exercise 6.2: ``function(puzzle)`` returns the weakest propagation level of
    ``PROPAGATIONS`` (``"forward"``, ``"hidden"``, ``"hall"``) that solves the puzzle with no
    search, or ``None`` when none does; checked on easy50 and top95 puzzles."""
    if _not_answered(function, "Exercise 6.2"):
        return
    puzzles = datasets.load("easy50")[:8] + datasets.load("top95")[:4]
    for index, puzzle in enumerate(puzzles):
        expected = next((level for level in PROPAGATIONS if propagate(puzzle, level).solved), None)
        got = function(puzzle)
        if got == expected:
            continue
        # say what is wrong with the answer without saying the right one
        if got is not None and got not in PROPAGATIONS:
            why = f"answer one of {', '.join(PROPAGATIONS)} or None"
        elif got is None:
            why = "some level does solve it with no search"
        elif not propagate(puzzle, got).solved:
            why = f"{got} leaves {propagate(puzzle, got).open_cells} cells open: it does not solve it"
        else:
            why = f"{got} solves it, but it is not the weakest level that does"
        raise AssertionError(
            f"puzzle {index}: you said {got!r}: {why} (try the levels weakest first, and look at "
            "propagate(puzzle, level).solved)"
        )
    print(f"Exercise 6.2: correct on {len(puzzles)} puzzles")


def check_proof_questions(answer: int | None) -> None:
    """Exercise 6.3: how many questions does the lexicographic descent ask on a proper
    puzzle (exactly one solution), the final "no" included, with either solver?"""
    if _not_answered(answer, "Exercise 6.3"):
        return
    from sudoku_cp.reasoning.proof import SOLVERS, run_descent

    proper = datasets.load("easy50")[0]
    counts = {solver: len(run_descent(proper, solver=solver).steps) for solver in SOLVERS}
    assert all(answer == count for count in counts.values()), (
        f"not {answer}: run run_descent(puzzle, solver=...) on a proper puzzle and count its steps"
    )
    print(f"Exercise 6.3: correct ({answer} questions with each solver)")


# Notebook 1: modelling --------------------------------------------------------------------

WINDOKU_GRID = "8..7.5.....3..........6..7.................6348.....29....5..3..1...4............"
"""Exercise 1.1's puzzle: a Windoku with a few solutions (and far more without its windows)."""

ANTI_KING_GRID = "6......4........5....9...12.4..8..9...........6..2....3...4.....948....7.....3..."
"""Exercise 1.2's puzzle: an anti-king Sudoku with a few solutions (more without the rule)."""


def classic_cpsat_model(grid):
    """Notebook 1's hand-written CP-SAT model of a 9x9 ``grid`` (a :class:`Grid` or its
    81-character string): ``(model, x)`` with ``x[r][c]`` the cell's ``IntVar`` (0-based)
    and one AllDifferent per row, column and box."""
    import itertools

    from ortools.sat.python import cp_model

    from sudoku_cp import Grid

    grid = Grid.parse(grid) if isinstance(grid, str) else grid
    n, k = grid.side, grid.box_size
    model = cp_model.CpModel()
    x = [
        [model.new_int_var(grid[r, c] or 1, grid[r, c] or n, f"r{r + 1}c{c + 1}") for c in range(n)]
        for r in range(n)
    ]
    for r in range(n):
        model.add_all_different(x[r])
    for c in range(n):
        model.add_all_different(x[r][c] for r in range(n))
    for top, left in itertools.product(range(0, n, k), repeat=2):
        model.add_all_different(x[r][c] for r in range(top, top + k) for c in range(left, left + k))
    return model, x


def _every_solution(model, x, grid, limit):
    """The solutions of a CP-SAT model (at most ``limit``), as Grids."""
    from ortools.sat.python import cp_model

    class Collect(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = []

        def on_solution_callback(self):
            self.found.append(grid.with_cells(self.value(v) for row in x for v in row))
            if len(self.found) >= limit:
                self.stop_search()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    collect = Collect()
    solver.solve(model, collect)
    return collect.found


def _check_extra_rule(add_rule, rule, grid_text: str, exercise: str) -> None:
    """The student's ``add_rule(model, x)`` must give the classic model exactly the solutions
    of ``Puzzle(grid, (rule,))``, as the package lists them."""
    from sudoku_cp import Grid, Puzzle, solutions

    grid = Grid.parse(grid_text)
    truth = set(solutions(Puzzle(grid, (rule,))))
    model, x = classic_cpsat_model(grid)
    add_rule(model, x)
    found = _every_solution(model, x, grid, limit=len(truth) + 50)
    puzzle = Puzzle(grid, (rule,))
    wrong = [solution for solution in found if not puzzle.is_solved_by(solution)]
    assert not wrong, (
        f"your model allows {len(wrong)}{'+' * (len(found) > len(truth) + 49)} grid(s) that break the "
        f"rule, e.g. {wrong[0].to_string()}: a constraint is missing"
    )
    missed = truth - set(found)
    assert not missed, (
        f"your model forbids {len(missed)} of the {len(truth)} solutions, e.g. {min(missed).to_string()}: "
        "a constraint is too strong (check the cells you chose)"
    )
    print(
        f"{exercise}: correct (the same {len(truth)} solutions as "
        f"sudoku_cp.model.rules.{type(rule).__name__})"
    )


def check_windoku_model(add_windows) -> None:
    """Exercise 1.1: ``add_windows(model, x)`` adds the four Windoku windows (the 3x3 boxes
    with top-left cells r2c2, r2c6, r6c2, r6c6) to the classic model of
    :func:`classic_cpsat_model`; checked on :data:`WINDOKU_GRID` against
    ``sudoku_cp.model.rules.Windows()``."""
    if _not_answered(add_windows, "Exercise 1.1"):
        return
    from sudoku_cp.model.rules import Windows

    _check_extra_rule(add_windows, Windows(), WINDOKU_GRID, "Exercise 1.1")


def check_anti_king_model(add_anti_king) -> None:
    """Exercise 1.2: ``add_anti_king(model, x)`` forbids equal digits a king's move apart;
    checked on :data:`ANTI_KING_GRID` against ``sudoku_cp.model.rules.AntiKing()``."""
    if _not_answered(add_anti_king, "Exercise 1.2"):
        return
    from sudoku_cp.model.rules import AntiKing

    _check_extra_rule(add_anti_king, AntiKing(), ANTI_KING_GRID, "Exercise 1.2")


# Notebook 2: comparing backends -------------------------------------------------------------


def check_fastest_backend(answer: str | None, table, dataset: str) -> None:
    """Exercise 2.1: which backend has the smallest median ``wall_time`` on ``dataset`` in
    ``table`` (a :func:`sudoku_cp.compare` table; a timeout counts as slower than any solve),
    on the puzzles every backend of the table attempted? Predict first, then run."""
    if _not_answered(answer, "Exercise 2.1"):
        return
    import numpy as np

    rows = table[table["dataset"] == dataset]
    backends = rows["backend"].unique()
    assert len(rows), f"no rows of {dataset!r} in the table"
    assert answer in backends, f"answer one of {sorted(backends)}"
    everyone = rows.groupby("puzzle")["backend"].transform("nunique") == len(backends)
    common = rows[everyone]
    seconds = np.where(common["status"] == "solved", common["wall_time"], np.inf)
    medians = common.assign(seconds=seconds).groupby("backend")["seconds"].median()
    best = medians.idxmin()
    assert answer == best, (
        f"not {answer} on this run: {best} has the smallest median ({medians[best] * 1000:.3g} ms against "
        f"{medians[answer] * 1000:.3g} ms for {answer}); look at the table's medians per backend"
    )
    print(f"Exercise 2.1: correct ({best}, median {medians[best] * 1000:.3g} ms on {dataset})")


def check_most_searched(answer: int | None) -> None:
    """Exercise 2.2: which of the first 10 puzzles of top95 (0-based index) makes the
    backtracking backend visit the most search nodes (the smallest-solution proof
    included)? The backtracker is deterministic, so its node counts are the same every run."""
    if _not_answered(answer, "Exercise 2.2"):
        return
    from sudoku_cp import compare

    table = compare(
        datasets.load("top95")[:10], backends=["backtracking"], processes=1, progress=False, dataset="top95"
    )
    nodes = table.set_index("puzzle")["nodes"]
    most = int(nodes.idxmax())
    assert answer in nodes.index, f"answer a puzzle index from 0 to {len(nodes) - 1}"
    more = int((nodes > nodes[answer]).sum())  # how far off, not which one
    assert answer == most, (
        f"not {answer}: it needs {nodes[answer]:.0f} nodes, and {more} of the ten need more; "
        "compare(..., backends=['backtracking']) has a 'nodes' column"
    )
    print(f"Exercise 2.2: correct (puzzle {most}, {nodes[most]:.0f} nodes)")


def check_cpmpy_model(build) -> None:
    """Exercise 2.3: ``build(grid)`` returns ``(model, cells)``, a ``cpmpy.Model`` of the classic
    rules and the ``n x n`` array of its cell variables. Solved with two solvers (OR-Tools and
    PySAT through CPMpy) on a 4x4, a 9x9 and a 16x16; each answer must be a solution of the
    puzzle, and on proper puzzles the package's (the only one)."""
    if _not_answered(build, "Exercise 2.3"):
        return
    from sudoku_cp import Grid, Puzzle, solve

    puzzles = [Grid.parse("1.....2..3.....4"), datasets.load("top95")[1], datasets.load("hex16")[0]]
    for grid in puzzles:
        n = grid.side
        for solver in ("ortools", "pysat"):
            model, cells = build(grid)
            assert tuple(cells.shape) == (n, n), f"cells must be a {n}x{n} array, not {tuple(cells.shape)}"
            assert model.solve(solver=solver), f"{n}x{n}: {solver} finds no solution of your model"
            values = [int(v) for v in cells.value().flatten()]
            kept = all(g in (0, v) for g, v in zip(grid.cells, values, strict=True))
            assert kept, f"{n}x{n} ({solver}): the answer changes a given: is each given an equality?"
            broken = next((c for c in Puzzle(grid).model.constraints if not c.holds(values)), None)
            assert broken is None, f"{n}x{n} ({solver}): the answer breaks {broken.label}"
            if n > 4:  # proper: one solution, the package's
                assert tuple(values) == solve(grid).cells, (
                    f"{n}x{n} ({solver}): not the puzzle's only solution"
                )
    print("Exercise 2.3: correct (ortools and pysat agree with the package on 4x4, 9x9 and 16x16)")


# Notebook 3: counting ------------------------------------------------------------------------

SMALL_GRID = "1...........2..."
"""Exercise 3.1's 4x4 puzzle."""


def not_proper_puzzle():
    """Exercise 3.2's puzzle: notebook 3's 17-clue puzzle without its first given."""
    puzzle = datasets.load("sudoku17", sample=1, seed=3)[0]
    first = next(i for i, v in enumerate(puzzle.cells) if v)
    return puzzle.with_cell(*divmod(first, puzzle.side), 0)


def check_solution_count(answer: int | None) -> None:
    """Exercise 3.1: how many solutions has the 4x4 puzzle :data:`SMALL_GRID`? Counted
    exactly by two backends' own searches."""
    if _not_answered(answer, "Exercise 3.1"):
        return
    from sudoku_cp import Grid, count_solutions

    counts = {name: count_solutions(Grid.parse(SMALL_GRID), backend=name) for name in ("backtracking", "sat")}
    assert len(set(counts.values())) == 1, f"the backends disagree: {counts}"
    truth = counts["backtracking"]
    hint = "fewer" if answer > truth else "more"
    assert answer == truth, f"not {answer}: it has {hint} (count_solutions counts them all)"
    print(f"Exercise 3.1: correct ({truth} solutions)")


def check_one_more_given(given: tuple[int, int, int] | None) -> None:
    """Exercise 3.2: a given ``(row, column, value)`` (0-based row and column) that makes
    :func:`not_proper_puzzle` proper: written into a blank cell, it leaves exactly one
    solution."""
    if _not_answered(given, "Exercise 3.2"):
        return
    from sudoku_cp import count_solutions

    puzzle = not_proper_puzzle()
    row, column, value = given
    assert 0 <= row < 9 and 0 <= column < 9 and 1 <= value <= 9, "row and column 0..8, value 1..9"
    assert not puzzle[row, column], f"r{row + 1}c{column + 1} already holds a given"
    clash = [p for p in puzzle.geometry.peers[row * 9 + column] if puzzle.cells[p] == value]
    assert not clash, (
        f"{value} at r{row + 1}c{column + 1} repeats the given of r{clash[0] // 9 + 1}c{clash[0] % 9 + 1}"
    )
    found = count_solutions(puzzle.with_cell(row, column, value), limit=2)
    assert found != 0, f"with {value} at r{row + 1}c{column + 1} the puzzle has no solution left"
    assert found == 1, (
        f"with {value} at r{row + 1}c{column + 1} it still has 2 or more solutions: "
        "why_not_unique(puzzle) names the cells where the two smallest differ"
    )
    print(f"Exercise 3.2: correct ({value} at r{row + 1}c{column + 1} leaves one solution)")


# Notebook 4: explaining ----------------------------------------------------------------------


def hint_puzzle():
    """Exercise 4.1's puzzle: top95 #3, notebook 4's puzzle."""
    return datasets.load("top95")[3]


def check_hint(answer: tuple[str, tuple[int, int, int]] | None) -> None:
    """Exercise 4.1: ``(technique, (row, column, value))``: the technique that
    ``sudoku_cp.hint`` names for :func:`hint_puzzle` and a digit it places (0-based row and
    column)."""
    if _not_answered(answer, "Exercise 4.1"):
        return
    from sudoku_cp import hint

    step = hint(hint_puzzle())
    technique, placement = answer
    assert technique == step.technique, (
        f"not {technique!r}: call sudoku_cp.hint(puzzle) and read its .technique"
    )
    assert tuple(placement) in {tuple(p) for p in step.placements}, (
        f"{placement} is not what the hint places: read its .placements ((row, column, value), 0-based)"
    )
    print(f"Exercise 4.1: correct ({step})")


def check_breaking_digit(given: tuple[int, int, int] | None) -> None:
    """Exercise 4.2: a digit ``(row, column, value)`` (0-based) for a blank cell of easy50
    #0 that no peer holds, yet leaves the puzzle with no solution."""
    if _not_answered(given, "Exercise 4.2"):
        return
    from sudoku_cp import count_solutions, explain_conflict

    puzzle = datasets.load("easy50")[0]
    row, column, value = given
    assert 0 <= row < 9 and 0 <= column < 9 and 1 <= value <= 9, "row and column 0..8, value 1..9"
    assert not puzzle[row, column], f"r{row + 1}c{column + 1} already holds a given"
    cell = row * 9 + column
    peers = puzzle.geometry.peers[cell]
    assert all(puzzle.cells[p] != value for p in peers), (
        f"a peer of r{row + 1}c{column + 1} already holds {value}: choose a digit no peer holds"
    )
    broken = puzzle.with_cell(row, column, value)
    assert count_solutions(broken, limit=1) == 0, (
        f"{value} at r{row + 1}c{column + 1} still leaves a solution: pick a digit that is not the "
        "solution's (sudoku_cp.solve(puzzle) gives it)"
    )
    print(f"Exercise 4.2: correct; {explain_conflict(broken).describe()}")


# Notebook 5: SAT encodings -------------------------------------------------------------------

CLAUSE_CELL = (1, 2)
"""The cell of exercises 5.1 and 5.2 (0-based): r2c3 of a 9x9 grid."""


def _cell_clauses(part: str) -> set[frozenset[int]]:
    """The clauses of ``part`` of the extended pairwise encoding of an empty 9x9 grid that
    mention only :data:`CLAUSE_CELL`'s variables."""
    from sudoku_cp import Grid
    from sudoku_cp.backends import sat_encoding

    formula = sat_encoding.formula(Grid.empty(9), encoding="extended", amo="pairwise")
    cell = CLAUSE_CELL[0] * 9 + CLAUSE_CELL[1]
    mine = {sat_encoding.variable(cell, value, 9) for value in range(1, 10)}
    return {frozenset(c) for c in formula.parts[part] if {abs(lit) for lit in c} <= mine}


def _check_clauses(clauses, part: str, exercise: str) -> None:
    truth = _cell_clauses(part)
    given = [frozenset(c) for c in clauses]
    assert all(len(c) for c in given), "an empty clause is always false"
    extra = set(given) - truth
    assert not extra, f"not clauses of {part!r} for r2c3: {sorted(sorted(c) for c in extra)[:3]}"
    assert len(given) == len(set(given)), "a clause appears twice"
    missing = truth - set(given)
    assert not missing, f"{len(missing)} clause(s) missing, e.g. {sorted(min(missing, key=sorted))}"
    print(f"Exercise {exercise}: correct ({len(truth)} clause{'s' * (len(truth) > 1)})")


def check_at_least_one(clauses: list[list[int]] | None) -> None:
    """Exercise 5.1: the clauses (lists of DIMACS literals, variable ``cell * 9 + v``) saying
    that cell r2c3 of a 9x9 grid holds at least one value; checked against
    ``sudoku_cp.backends.sat_encoding``."""
    if _not_answered(clauses, "Exercise 5.1"):
        return
    _check_clauses(clauses, "every cell has a value", "5.1")


def check_at_most_one(clauses: list[list[int]] | None) -> None:
    """Exercise 5.2: the pairwise clauses saying that r2c3 holds at most one value."""
    if _not_answered(clauses, "Exercise 5.2"):
        return
    _check_clauses(clauses, "at most one value per cell", "5.2")


# Notebook 7: other paradigms -----------------------------------------------------------------

COVER_CANDIDATE = (1 * 9 + 2, 5)
"""The candidate of exercise 7.1: r2c3 (cell 11, row-major from 0) holds 5, on a 9x9."""

CAGE = ((0, 1), 10)
"""The cage of exercise 7.2: r1c1 and r1c2 (cells 0 and 1) add up to 10, on a 9x9."""


def check_cover_row(columns: list[int] | None) -> None:
    """Exercise 7.1: the columns of the 1s of the candidate r2c3 = 5 in the exact cover
    matrix of a classic 9x9; checked against ``sudoku_cp.backends.exact_cover``."""
    if _not_answered(columns, "Exercise 7.1"):
        return
    from sudoku_cp import Grid
    from sudoku_cp.backends import exact_cover
    from sudoku_cp.io.inputs import to_puzzle

    model = to_puzzle(Grid.empty(9)).model
    _, _, candidates, rows = exact_cover.exact_cover_matrix(model)
    labels = exact_cover.column_labels(model)
    truth = rows[candidates.index(COVER_CANDIDATE)]
    given = list(columns)
    assert len(given) == len(set(given)), "a column appears twice"
    wrong = [c for c in given if c not in truth]
    assert not wrong, (
        f"column {wrong[0]} ({labels[wrong[0]] if 0 <= wrong[0] < len(labels) else 'no such column'}) "
        "has no 1 in that row"
    )
    assert len(given) == len(truth), f"{len(truth) - len(given)} column(s) missing: a cell and three units"
    print(f"Exercise 7.1: correct ({', '.join(labels[c] for c in truth)})")


def check_cage_row(coefficients: dict[int, float] | None) -> None:
    """Exercise 7.2: the integer-programming row of the cage r1c1 + r1c2 = 10 on a 9x9, as
    ``{column: coefficient}`` (column ``c * 9 + v - 1`` is ``x[c][v]``); checked against
    ``sudoku_cp.backends.mip.constraint_rows``."""
    if _not_answered(coefficients, "Exercise 7.2"):
        return
    from sudoku_cp.backends import mip
    from sudoku_cp.model.constraints import Sum

    cells, total = CAGE
    [(columns, weights, lower, upper)] = mip.constraint_rows(Sum(cells, total, origin="the cage"), 9)
    assert lower == upper == total
    truth = dict(zip(columns, weights, strict=True))
    given = {column: a for column, a in dict(coefficients).items() if a != 0}
    extra = sorted(set(given) - set(truth))
    cell, value = divmod(extra[0], 9) if extra else (0, 0)
    name = f"x[r{cell // 9 + 1}c{cell % 9 + 1}={value + 1}]"
    assert not extra, f"column {extra[0]} is {name}, not a cell of the cage"
    missing = sorted(set(truth) - set(given))
    assert not missing, f"{len(missing)} column(s) missing, e.g. {missing[0]}: each value of each cell counts"
    off = next((c for c in truth if given[c] != truth[c]), None)
    assert off is None, f"column {off} (value {off % 9 + 1}) weighs {given[off]:g}: what does it add?"
    print(f"Exercise 7.2: correct ({len(truth)} terms, sum of v * x[c][v] = {total})")


# Notebook 8: a puzzle from a link ------------------------------------------------------------


def arrow_puzzle():
    """Notebook 8's puzzle: the first bundled arrow puzzle."""
    return datasets.load("gen_arrow")[0]


def check_circle_value(function: Callable[[object, list[int]], int] | None) -> None:
    """Exercise 8.1: ``function(constraint, values)`` reads an arrow's circle from the
    ``Linear`` constraint of the arrow and ``values`` (``n * n`` digits, row-major): the
    digit of a one-cell circle, the two-digit number of a two-cell one. Checked on every
    arrow of notebook 8's puzzle, with its solution and with random digits."""
    if _not_answered(function, "Exercise 8.1"):
        return
    import random

    from sudoku_cp import solve

    puzzle = arrow_puzzle()
    arrows = [c for c in puzzle.model.constraints if str(c.origin.kind) == "arrow"]
    rng = random.Random(0)
    grids = [list(solve(puzzle).cells)] + [
        [rng.randint(1, 9) for _ in range(81)] for _ in range(20)
    ]  # fmt: skip
    for constraint in arrows:
        for values in grids:
            # the circle's terms are the negative ones: -10 a - b for a two-cell circle
            truth = sum(
                -a * values[c]
                for a, c in zip(constraint.coefficients, constraint.cells, strict=True)
                if a < 0
            )
            got = function(constraint, values)
            assert got == truth, (
                f"{constraint.label}: you read {got!r} for the digits {[values[c] for c in constraint.cells]}"
                " of its cells; which terms of constraint.coefficients belong to the circle, and how "
                "does a two-cell circle read?"
            )
    print(f"Exercise 8.1: correct on {len(arrows)} arrows and {len(grids)} grids")


def check_arrow_breaker(given: tuple[int, int, int] | None) -> None:
    """Exercise 8.2: ``(row, column, value)`` (0-based row and column) for an empty cell of
    notebook 8's puzzle whose digit repeats nothing in its row, column or box and keeps the
    classic rules solvable, yet leaves the arrow puzzle with no solution: a digit only the
    arrows forbid."""
    if _not_answered(given, "Exercise 8.2"):
        return
    from sudoku_cp import InvalidPuzzleError, NoSolutionError, Puzzle, solve

    puzzle = arrow_puzzle()
    row, column, value = given
    n = puzzle.side
    assert 0 <= row < n and 0 <= column < n and 1 <= value <= n, "row and column 0..8, value 1..9"
    cell = row * n + column
    assert not puzzle.grid.cells[cell], f"r{row + 1}c{column + 1} is a given: pick an empty cell"
    clash = [p for p in puzzle.model.peers[cell] if puzzle.grid.cells[p] == value]
    assert not clash, f"{value} is already a given in a peer of r{row + 1}c{column + 1}: that breaks a unit"
    grid = puzzle.grid.with_cell(row, column, value)
    try:
        solve(Puzzle(grid), backend="cpsat")
    except NoSolutionError:
        raise AssertionError(
            f"r{row + 1}c{column + 1}={value} already breaks the classic rules (with the givens alone it "
            "has no solution): find a digit that only an arrow forbids"
        ) from None
    try:
        solve(Puzzle(grid, puzzle.rules), backend="cpsat")
    except (NoSolutionError, InvalidPuzzleError):  # the puzzle itself sees that a rule cannot hold
        print(f"Exercise 8.2: correct (r{row + 1}c{column + 1}={value}: only the arrows forbid it)")
        return
    raise AssertionError(f"with r{row + 1}c{column + 1}={value} the arrow puzzle still has a solution")


# Notebook 9: write it yourself -----------------------------------------------------------------

PROPAGATION_PUZZLES = ("easy50", (0, 1, 2)), ("top95", (0, 1, 2))
"""The puzzles the propagation and search of notebook 9 are checked on: (set, indices)."""


def _puzzles(sets=PROPAGATION_PUZZLES):
    for name, indices in sets:
        loaded = datasets.load(name)
        for index in indices:
            yield f"{name} #{index}", loaded[index]


def _shown(values) -> str:
    return "{" + ", ".join(map(str, sorted(values))) + "}"


def check_eliminate(eliminate, assign) -> None:
    """Exercise 9.1: ``eliminate(problem, domains, cell, value)`` and ``assign(problem,
    domains, cell, value)`` (see :mod:`sudoku_cp.engine.teaching`). Checked on small
    contradictions, then on real puzzles: the candidates after assigning the givens must be
    those of the engine's forward checking and hidden singles (``propagate(puzzle,
    "hidden")``), cell for cell."""
    if _not_answered(eliminate, "Exercise 9.1") or _not_answered(assign, "Exercise 9.1"):
        return
    from sudoku_cp.engine.teaching import problem, start

    four = problem("1...............")
    domains = four.full_domains()
    domains[5] = {3}
    assert eliminate(four, domains, 5, 3) is False, "removing a cell's last value must return False"
    domains = four.full_domains()
    for cell in (0, 1, 2):
        domains[cell].discard(2)
    assert eliminate(four, domains, 3, 2) is False, (
        "removing 2 from r1c4 when no other cell of row 1 can hold 2 must return False"
    )
    for label, puzzle in _puzzles():
        mine = start(problem(puzzle), assign)
        assert mine is not None, (
            f"{label}: your propagation found a contradiction in a puzzle that has a solution"
        )
        truth = propagate(puzzle, "hidden").candidates
        for cell, (got, want) in enumerate(zip(mine, truth, strict=True)):
            if set(got) == set(want):
                continue
            name = problem(puzzle).name(cell)
            more = "keeps values the engine removes: do you place a value with one place left in a unit?"
            if set(got) < set(want):
                more = "removes values the engine keeps: does a solution lose one of them?"
            raise AssertionError(f"{label}: in {name} you have {_shown(got)}; your propagation {more}")
    print("Exercise 9.1: correct (the same candidates as the engine on every puzzle)")


def check_search(search, assign) -> None:
    """Exercise 9.2: ``search(problem, domains, order, stats, assign)``: the number of
    decisions (values tried) and the first solution must be those of the engine's recorded
    search (``trace_search(puzzle, order=..., propagation="hidden")``); in row-major order the
    first solution is the smallest row-major one (``sudoku_cp.solve``), also on puzzles with
    several solutions."""
    if _not_answered(search, "Exercise 9.2"):
        return
    from sudoku_cp import solve
    from sudoku_cp.engine.teaching import problem, start

    several = [("a 4x4 with 18 solutions", "1.........3....."), ("notebook 3's puzzle", not_proper_puzzle())]
    cases = [(label, puzzle, "smallest-domain") for label, puzzle in _puzzles()]
    cases += [(label, puzzle, "row-major") for label, puzzle in several]
    for label, puzzle, order in cases:
        given = problem(puzzle)
        stats = {"decisions": 0}
        found = search(given, start(given, assign), order, stats, assign)
        assert found is not None, f"{label}: your search found no solution"
        trace = trace_search(puzzle, order=order, propagation="hidden", max_nodes=1_000_000)
        assert given.values(found) == trace.solutions[0], f"{label} ({order}): not the first solution met"
        if order == "row-major":
            assert given.values(found) == solve(puzzle).cells, f"{label}: not the smallest row-major solution"
        assert stats["decisions"] == trace.decisions, (
            f"{label} ({order}): {stats['decisions']} decisions, the engine's search needs "
            f"{'fewer' if stats['decisions'] > trace.decisions else 'more'}: count every value tried, "
            "branch on the cell the order names, and try values smallest first"
        )
    print(f"Exercise 9.2: correct (the engine's decisions and first solution on {len(cases)} puzzles)")


def check_thermo_bounds(function) -> None:
    """Exercise 9.3: ``thermo_bounds(problem, domains, thermometer)`` narrows the domains of a
    thermometer's cells (bulb first, strictly increasing) to bounds consistency and returns
    ``False`` when a cell is left empty. Checked on 300 random domains of the bundled thermo
    puzzles' thermometers against the engine's ``Less`` propagators run to their fixed point."""
    if _not_answered(function, "Exercise 9.3"):
        return
    import random

    from sudoku_cp.engine.propagators import propagator
    from sudoku_cp.engine.teaching import problem
    from sudoku_cp.model.constraints import Less

    rng = random.Random(0)
    puzzles = datasets.load("gen_thermo")[:5]
    for trial in range(300):
        puzzle = puzzles[trial % len(puzzles)]
        given = problem(puzzle)
        links = [(c, propagator(c, puzzle.model)) for c in puzzle.model.of_kind(Less)]
        thermometer = given.thermometers[trial % len(given.thermometers)]
        domains = given.full_domains()
        for cell in thermometer:
            domains[cell] = {v for v in range(1, 10) if rng.random() < 0.6} or {rng.randint(1, 9)}
        before = {cell: set(domains[cell]) for cell in thermometer}
        masks = [sum(1 << (v - 1) for v in d) for d in domains]
        failed = False
        changed = True
        while changed and not failed:  # the engine's propagators to their fixed point
            changed = False
            for constraint, narrow in links:
                if constraint.first in thermometer and constraint.second in thermometer:
                    old = masks[:]
                    if narrow(masks) is None:
                        failed = True
                        break
                    changed |= old != masks
        result = function(given, domains, thermometer)
        names = " < ".join(f"{given.name(c)} {_shown(before[c])}" for c in thermometer)
        if failed:
            assert result is False, f"{names}: no digits fit, so the answer is False; you returned {result!r}"
            continue
        assert result is not False, f"{names}: digits fit, yet you returned False"
        for cell in thermometer:
            want = {v for v in range(1, 10) if masks[cell] >> (v - 1) & 1}
            assert domains[cell] == want, (
                f"{names}: you leave {given.name(cell)} with {_shown(domains[cell])}; "
                + ("too many: push the lower bounds up from the bulb and the upper bounds down from the tip"
                   if domains[cell] > want else "too few: a value with support on both sides must stay")
            )  # fmt: skip
    print("Exercise 9.3: correct (the engine's bounds on 300 random thermometers)")
