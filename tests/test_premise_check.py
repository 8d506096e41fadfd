"""The explanations' premise check asks one search per step (issue 32, classic explanation
speed): :meth:`BitmaskSearch.solution_within` answers each conclusion of the step from the
search's shared propagated state, and an unsound deduction is still refused."""

from __future__ import annotations

import pytest

from sudoku_cp import Grid, Puzzle, datasets
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.errors import SudokuError
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.stepwise import check_deduction
from sudoku_cp.reasoning.techniques import Board
from sudoku_cp.reasoning.techniques.board import Deduction


def test_solution_within_keeps_the_cell_among_the_values():
    search = BitmaskSearch(Puzzle(Grid([0] * 81)).model)
    for value in (1, 5, 9):
        found = search.solution_within(40, 1 << (value - 1))
        assert found is not None and found[40] == value
    assert search.solution_within(40, 0) is None


def test_solution_within_is_none_when_the_givens_forbid_it():
    puzzle = as_puzzle(datasets.load("easy50")[0])[0]
    search = BitmaskSearch(puzzle.model)
    solution = search.find_solution()
    open_cell = next(c for c, v in enumerate(puzzle.model.givens) if not v)
    assert search.solution_within(open_cell, 1 << (solution[open_cell] - 1)) == solution
    assert search.solution_within(open_cell, ~(1 << (solution[open_cell] - 1))) is None  # proper
    assert search.solution_without(open_cell, solution[open_cell]) is None


def unit_state():
    """A puzzle, its solution, its first row (a unit) and the start candidates."""
    puzzle = as_puzzle(datasets.load("hardest")[0])[0]
    board = Board(puzzle.model)
    solution = Grid(BitmaskSearch(puzzle.model).find_solution())
    row = next(u for u in board.alldifferents if set(u.cells) == set(range(9)))
    return puzzle, solution, row, board.initial()


def test_the_check_refuses_an_elimination_its_premises_do_not_give():
    puzzle, solution, row, candidates = unit_state()
    cell = next(c for c in range(9) if candidates[c] & (candidates[c] - 1))
    wrong = next(v for v in range(1, 10) if candidates[cell] >> (v - 1) & 1 and v != solution.cells[cell])
    # removing a candidate that is not the solution's, but that the row alone does not exclude
    step = Deduction("made up", (), ((cell, wrong),), (cell,), (wrong,), (), (row,), "no reason")
    with pytest.raises(SudokuError, match="does not follow from its premises"):
        check_deduction(puzzle, candidates, step, solution)


def given_pencilled_back(puzzle, candidates):
    """The candidates with a given's digit pencilled back into another cell of the row
    (which the row removes): ``(masks, cell, value)``."""
    given = next(c for c in range(9) if puzzle.model.givens[c])
    value = puzzle.model.givens[given]
    masks = list(candidates)
    other = next(c for c in range(9) if not puzzle.model.givens[c])
    masks[other] |= 1 << (value - 1)
    return masks, other, value


def test_the_check_passes_a_sound_elimination():
    puzzle, solution, row, candidates = unit_state()
    masks, other, value = given_pencilled_back(puzzle, candidates)
    step = Deduction("row", (), ((other, value),), (other,), (value,), (), (row,), "the row has it")
    check_deduction(puzzle, masks, step, solution)


def test_with_domains_narrows_a_shared_search():
    empty = BitmaskSearch(Puzzle(Grid([0] * 81)).model)
    masks = [-1] * 81
    masks[0], masks[1] = 0b10000, 0b10001  # r1c1 is 5, r1c2 is 1 or 5: so 1
    solution = empty.with_domains(masks).find_solution()
    assert solution[0] == 5 and solution[1] == 1
    masks[2] = 0b10001  # r1c3 also 1 or 5: no room
    assert empty.with_domains(masks).find_solution() is None
    assert empty.find_solution() is not None  # the shared search is unchanged


def test_the_check_keeps_to_the_callers_deadline(monkeypatch):
    """A premise the engine's search cannot settle within its nodes goes to the SAT
    solver, which keeps to the deadline given (``explain``'s ``time_limit``) instead of
    running as long as the premise needs."""
    from sudoku_cp.engine.runtime import Deadline
    from sudoku_cp.errors import SolveTimeoutError
    from sudoku_cp.reasoning import stepwise

    puzzle, solution, row, candidates = unit_state()
    given = next(c for c in range(9) if puzzle.model.givens[c])
    value = puzzle.model.givens[given]
    masks = list(candidates)
    other = next(c for c in range(9) if not puzzle.model.givens[c])
    masks[other] |= 1 << (value - 1)
    step = Deduction("row", (), ((other, value),), (other,), (value,), (), (row,), "the row has it")
    monkeypatch.setattr(stepwise, "CHECK_NODES", 0)  # straight to SAT
    monkeypatch.setattr(stepwise, "_excluded_by_a_digit", lambda *args: False)  # no shortcut either
    monkeypatch.setattr(stepwise, "_excluded_on_its_plane", lambda *args: False)
    check_deduction(puzzle, masks, step, solution, deadline=Deadline(60.0))
    passed = Deadline(1e-9)
    with pytest.raises(SolveTimeoutError):
        check_deduction(puzzle, masks, step, solution, deadline=passed)


def test_explain_cut_off_by_a_check_reports_only_checked_steps(monkeypatch):
    """When the time runs out in a step's premise check, ``explain`` stops there, cut off
    by its time limit: the unchecked step is neither reported nor applied."""
    import sudoku_cp
    from sudoku_cp.errors import SolveTimeoutError
    from sudoku_cp.reasoning import stepwise

    puzzle = datasets.load("easy50")[0]
    whole = sudoku_cp.explain(puzzle)
    checked = stepwise.check_deduction
    calls = []

    def check(*args, **options):
        calls.append(1)
        if len(calls) == 3:
            raise SolveTimeoutError("the premise check ran out of time")
        checked(*args, **options)

    monkeypatch.setattr(stepwise, "check_deduction", check)
    path = sudoku_cp.explain(puzzle, time_limit=60)
    assert path.cut_off == "the time limit of 60 s"
    assert [s.technique for s in path.steps] == [s.technique for s in whole.steps[:2]]
    assert path.state(2) == whole.state(2)  # the candidates and digits before the third step


def test_cpsat_answers_what_sat_leaves_undecided(monkeypatch):
    """The last resort's and the premise check's question goes to CP-SAT once SAT has spent
    its conflicts (none here): the same answers."""
    from sudoku_cp.reasoning.techniques import minimal

    monkeypatch.setattr(minimal, "SAT_CONFLICTS", 0)
    model = Puzzle(Grid.empty(4)).model
    assert minimal.has_solution(model, [(0, 1), (0, 2)])
    # r1c1 and r1c2 both without 1, 2, 3: two cells left only 4 in one row
    assert not minimal.has_solution(model, [(c, v) for c in (0, 1) for v in (1, 2, 3)])


def test_a_search_backed_steps_check_asks_sat_at_once(monkeypatch):
    """``search=False`` (explain's check of a search-backed step, the minimal deduction):
    the premise goes to the SAT solver without the engine's search, and the check still
    passes a sound elimination and refuses one its premises do not give."""
    from sudoku_cp.reasoning import stepwise

    puzzle, solution, row, candidates = unit_state()
    monkeypatch.setattr(stepwise, "_excluded_by_a_digit", lambda *args: False)  # no shortcut
    monkeypatch.setattr(stepwise, "_excluded_on_its_plane", lambda *args: False)

    def no_search(*args, **kwargs):
        raise AssertionError("the engine's search ran")

    monkeypatch.setattr(BitmaskSearch, "count_solutions", no_search)
    masks, other, value = given_pencilled_back(puzzle, candidates)
    sound = Deduction("row", (), ((other, value),), (other,), (value,), (), (row,), "the row has it")
    check_deduction(puzzle, masks, sound, solution, search=False)
    cell = next(c for c in range(9) if candidates[c] & (candidates[c] - 1))
    wrong = next(v for v in range(1, 10) if candidates[cell] >> (v - 1) & 1 and v != solution.cells[cell])
    unsound = Deduction("made up", (), ((cell, wrong),), (cell,), (wrong,), (), (row,), "no reason")
    with pytest.raises(SudokuError, match="does not follow from its premises"):
        check_deduction(puzzle, candidates, unsound, solution, search=False)
    with pytest.raises(AssertionError, match="the engine's search ran"):  # the default asks it first
        check_deduction(puzzle, masks, sound, solution)
