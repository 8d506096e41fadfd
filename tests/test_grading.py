"""The grade: each technique on hand-made candidates, soundness of every deduction on the
bundled sets (never removes the solution's value), the grade is the weakest level whose
propagation solves the puzzle, it names the hardest technique of explain's path on every
bundled set, a puzzle with several solutions is not proper, and the bundled sets are
ordered as people rank them."""

from __future__ import annotations

import statistics
from collections import Counter

import pytest

from sudoku_cp import Grid, NoSolutionError, Puzzle, datasets, explain, grade, solve
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.model.rules import Cage, Killer
from sudoku_cp.reasoning import stepwise
from sudoku_cp.reasoning.grading import (
    BANDS,
    LEVEL_TECHNIQUES,
    LEVELS,
    SCANNING_ORDER,
    SINGLES,
    Grade,
    hidden_singles_offered,
    propagate,
    singles_effort,
    singles_waves,
    step_effort,
)
from sudoku_cp.reasoning.techniques import (
    BY_ID,
    TECHNIQUES,
    Board,
    hidden_singles,
    hidden_subsets,
    locked_candidates,
    naked_singles,
    naked_subsets,
    solving_path,
)


def mask(*values: int) -> int:
    return sum(1 << (v - 1) for v in values)


def board9() -> tuple[Board, list[int]]:
    board = Board(Puzzle(Grid.empty(9)).model)
    return board, [mask(*range(1, 10))] * 81


def removed(deductions) -> set[tuple[int, int]]:
    return {pair for d in deductions for pair in d.eliminations}


def test_naked_single_removes_the_value_from_every_peer():
    board, candidates = board9()
    candidates[0] = mask(5)
    found = removed(naked_singles(board, candidates, set()))
    assert found == {(peer, 5) for peer in board.model.peers[0]} and len(found) == 20


def test_hidden_single_in_a_row():
    board, candidates = board9()
    for cell in range(1, 9):  # row 1: only r1c1 may hold a 7
        candidates[cell] = mask(1, 2, 3, 4, 5, 6, 8, 9)
    (deduction,) = [d for d in hidden_singles(board, candidates, set()) if d.placements == ((0, 7),)]
    assert (0, 7) not in deduction.eliminations
    assert {(0, v) for v in (1, 2, 3, 4, 5, 6, 8, 9)} <= set(deduction.eliminations)


def test_pointing_locked_candidates():
    board, candidates = board9()
    for cell in (9, 10, 11, 18, 19, 20):  # box 1: a 4 only in row 1 (r1c1-r1c3)
        candidates[cell] = mask(1, 2, 3, 5, 6, 7, 8, 9)
    found = removed(locked_candidates(board, candidates, set()))
    assert {(cell, 4) for cell in range(3, 9)} <= found
    assert not any(cell < 3 for cell, _ in found)


def test_naked_pair_and_hidden_pair():
    board, candidates = board9()
    candidates[0] = candidates[1] = mask(1, 2)  # naked pair in row 1 (and box 1)
    found = removed(naked_subsets(2)(board, candidates, set()))
    assert {(cell, v) for cell in range(2, 9) for v in (1, 2)} <= found
    board, candidates = board9()
    for cell in range(2, 9):  # hidden pair: 1 and 2 only in r1c1 and r1c2 of row 1
        candidates[cell] = mask(3, 4, 5, 6, 7, 8, 9)
    found = removed(hidden_subsets(2)(board, candidates, set()))
    assert {(cell, v) for cell in (0, 1) for v in range(3, 10)} <= found


@pytest.mark.parametrize("name", ["easy50", "top95", "hardest"])
def test_every_deduction_keeps_the_solution(name):
    for grid in datasets.load(name)[:4]:
        puzzle = Puzzle(grid)
        solution = solve(puzzle, backend="backtracking").cells
        board = Board(puzzle.model)
        candidates = board.initial()
        for _, deduction in propagate(board, candidates, set(i for i, v in enumerate(grid.cells) if v)):
            assert all(solution[cell] != value for cell, value in deduction.eliminations), deduction
        assert all(candidates[cell] >> (solution[cell] - 1) & 1 for cell in range(81))


def solved_by(puzzle: Puzzle, strongest: int) -> bool:
    board = Board(puzzle.model)
    candidates = board.initial()
    for _ in propagate(board, candidates, {i for i, v in enumerate(puzzle.grid.cells) if v}, strongest):
        pass
    return all(m and not m & (m - 1) for m in candidates)


def test_the_grade_is_the_weakest_level_that_solves_it():
    seen = set()
    for grid in datasets.load("easy50")[:20] + datasets.load("top95")[:6]:
        puzzle = Puzzle(grid)
        level = grade(puzzle).level
        seen.add(level)
        if level < len(LEVEL_TECHNIQUES):
            assert solved_by(puzzle, level)
        if level > 0:
            assert not solved_by(puzzle, level - 1)
    assert len(seen) >= 4  # the sample spans most levels


def test_hard_puzzles_are_graded_by_a_technique_not_by_search():
    hard = grade(datasets.load("top95")[6])  # needs a forcing step (a Kraken fish since issue 32)
    assert hard.technique in ("Kraken Fish", "forcing chain") and hard.band == "fiendish"
    assert hard.search_nodes == 0
    assert grade(datasets.load("easy50")[0]).search_nodes == 0
    several = grade("." * 16)  # only a puzzle with several solutions needs search
    assert several.technique == "search" and several.search_nodes > 0


def test_bundled_sets_are_ordered_as_people_rank_them():
    medians = {
        name: statistics.median_low(grade(g) for g in datasets.load(name)[::6])
        for name in ("easy50", "top95")
    }
    assert medians["easy50"] < medians["top95"]
    assert medians["easy50"].level <= 1 < medians["top95"].level


def test_grades_compare_by_level_then_effort():
    assert Grade(0) < Grade(1) < Grade(4, 3) < Grade(4, 30)
    assert Grade(4, 0, 300) < Grade(4, 0, 400) < Grade(5, 0, 200)  # then by score


def test_a_puzzle_with_several_solutions_is_not_proper():
    for puzzle in ("." * 16, datasets.load("easy50")[0].with_cells([0] * 81)):
        several = grade(puzzle)
        assert not several.proper and several.band == "not proper" and several.technique == "search"
        assert str(several) == "not proper (several solutions)"
    proper = grade(datasets.load("top95")[6])  # a forcing chain: proper, since reasoning solves it
    assert proper.proper and proper.band == "fiendish"
    # one given less than a proper puzzle: several solutions, graded as such
    grid = datasets.load("easy50")[1]
    cell = next(c for c, v in enumerate(grid.cells) if v)
    fewer = grid.with_cells([0 if c == cell else v for c, v in enumerate(grid.cells)])
    if BitmaskSearch(Puzzle(fewer).model).count_solutions(2) == 2:
        assert grade(fewer).band == "not proper"


def test_no_solution_is_an_error():
    with pytest.raises(NoSolutionError):
        grade("12....3......3.2")


def test_variants_are_graded_with_their_constraints():
    # 4x4 killer whose cages alone decide every cell by propagation
    grid = Grid.parse("1234341221434321")
    cages = tuple(Cage(((r, c),), grid[r, c]) for r in range(4) for c in range(4))
    puzzle = Puzzle(Grid.empty(4), (Killer(cages),))
    assert grade(puzzle).level_name == "naked singles"
    assert grade(datasets.load("gen_killer")[0]).band in ("easy", "medium", "hard", "expert")


def test_killers_are_graded_with_the_rule_of_45():
    # without a unit's sum (innies and outies) the first needs search, the third locked
    # candidates; with it, hidden singles finish all three
    for puzzle in datasets.load("gen_killer")[:3]:
        assert grade(puzzle).level_name == "hidden singles"


def test_the_table_is_consistent():
    ids = [t.id for t in TECHNIQUES]
    assert len(set(ids)) == len(ids) and len({t.name for t in TECHNIQUES}) == len(ids)
    assert all(t.level in LEVELS[:-1] for t in TECHNIQUES)
    for level in LEVELS[:-1]:  # one band per level
        assert {t.band for t in TECHNIQUES if t.level == level} == {BANDS[level]}
    assert [t.order for t in TECHNIQUES] == list(range(len(TECHNIQUES)))
    assert sum(map(len, LEVEL_TECHNIQUES)) == len(TECHNIQUES)


def _hardest_of(path):
    """The hardest technique of a path, by level then table order (None: no step)."""
    rows = {BY_ID[step.technique_id] for step in path}
    return max(rows, key=lambda t: (LEVELS.index(t.level), TECHNIQUES.index(t)), default=None)


SMALL_SETS = ["easy50", "gen_6x6", "gen_minimal"]
LARGER_SETS = ["hardest", "top95", "gen_x", "gen_jigsaw", "gen_killer", "gen_thermo", "anti_knight"]


def _assert_grade_agrees_with_explain(puzzles, monkeypatch):
    # the steps' checks are tested in test_stepwise; the path is what matters here
    monkeypatch.setattr(stepwise, "check_deduction", lambda *args, **options: None)
    for puzzle in puzzles:
        path, graded = explain(puzzle), grade(puzzle)
        assert graded.steps == dict(Counter(BY_ID[step.technique_id].name for step in path))
        if path.solved:
            top = _hardest_of(path) or TECHNIQUES[0]
            expected = (top.name, LEVELS.index(top.level), top.band)
            assert (graded.technique, graded.level, graded.band) == expected
            assert graded.proper and graded.search_nodes == 0
        else:
            assert graded.technique == "search" and graded.band == "fiendish" and graded.search_nodes > 0


@pytest.mark.parametrize("name", SMALL_SETS)
def test_grade_names_the_hardest_technique_of_explains_path(name, monkeypatch):
    _assert_grade_agrees_with_explain(datasets.load(name), monkeypatch)


SAMPLE = {"hardest": 8, "top95": 40, "gen_x": 15, "gen_jigsaw": 2, "gen_killer": 1, "gen_thermo": 0}
"""One puzzle of most larger sets for the main suite (every puzzle, anti-knight included: the
slow test below)."""


@pytest.mark.parametrize("name", list(SAMPLE))
def test_grade_agrees_with_explain_on_a_puzzle_of_each_larger_set(name, monkeypatch):
    _assert_grade_agrees_with_explain([datasets.load(name)[SAMPLE[name]]], monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("name", LARGER_SETS)
def test_grade_agrees_with_explain_on_every_puzzle_of_the_larger_sets(name, monkeypatch):
    _assert_grade_agrees_with_explain(datasets.load(name), monkeypatch)


def test_fish_are_graded_as_explain_uses_them():
    puzzle = datasets.load("hardest")[8]  # solved by reasoning with a Swordfish: no search
    graded = grade(puzzle)
    assert graded.technique == "Swordfish" and graded.band == "expert" and graded.search_nodes == 0
    assert "Swordfish" in {step.technique for step in explain(puzzle)}


def test_jellyfish_removes_what_no_smaller_fish_sees():
    from sudoku_cp.reasoning.techniques import fish

    board, candidates = board9()
    pattern = {0: (0, 2), 3: (2, 4), 5: (4, 6), 7: (6, 0)}  # a 1 in four rows, four columns, a cycle
    for row, columns in pattern.items():
        for column in range(9):
            if column not in columns:
                candidates[row * 9 + column] = mask(*range(2, 10))
    assert not removed(fish(2)(board, candidates, set())) and not removed(fish(3)(board, candidates, set()))
    (jellyfish, *_) = fish(4)(board, candidates, set())
    assert jellyfish.technique == "Jellyfish"
    covered = {(row * 9 + column, 1) for row in range(9) if row not in pattern for column in (0, 2, 4, 6)}
    assert set(jellyfish.eliminations) == covered
    assert BY_ID["jellyfish"].name == "Jellyfish" and BY_ID["jellyfish"].level == "fish"


def test_the_score_sums_the_step_costs_of_explains_path(monkeypatch):
    monkeypatch.setattr(stepwise, "check_deduction", lambda *args, **kwargs: None)
    puzzles = datasets.load("easy50")[:3] + datasets.load("top95")[:2] + datasets.load("gen_killer")[:1]
    for puzzle in puzzles:
        path, graded = explain(puzzle), grade(puzzle)
        costs = [BY_ID[step.technique_id].cost for step in path]
        assert graded.score == sum(costs) > 0 and graded.hardest == max(costs)
        assert graded.effort > 0


def test_scores_rank_the_hard_puzzles_and_the_easy_ones_below_them():
    hard = [grade(g) for g in datasets.load("top95")[:6]]
    assert all(g.proper and g.search_nodes == 0 for g in hard)  # the path reaches the end
    assert len({g.score for g in hard}) == len(hard)  # no ties where all were "search" before
    easy = [grade(g) for g in datasets.load("easy50")[:6]]
    assert max(g.score for g in easy) < min(g.score for g in hard)
    assert max(g.hardest for g in easy) < statistics.median(g.hardest for g in hard)


def test_a_single_costs_more_the_fewer_singles_there_are_to_choose_from():
    board, candidates = board9()
    assert len(hidden_singles_offered(board, candidates, set())) == 0
    for cell in range(1, 9):  # row 1: only r1c1 may hold a 7 (and, in box 1, nowhere else either)
        candidates[cell] = mask(1, 2, 3, 4, 5, 6, 8, 9)
    assert len(hidden_singles_offered(board, candidates, set())) == 1
    single, pair = BY_ID["hidden-single"], BY_ID["naked-pair"]
    assert step_effort(single, 1, 81) > step_effort(single, 10, 81) > step_effort(single, 81, 81) == 0
    assert step_effort(pair, 0, 81) == step_effort(pair, 50, 81) == pair.cost


def test_effort_replays_the_singles_as_people_scan_with_the_paths_other_steps():
    """Hidden singles first or naked singles first, singles reach one fixpoint: the path in
    people's scanning order takes the same steps past the singles as the solving path."""
    scanning = SCANNING_ORDER + tuple(t for t in TECHNIQUES if t.id not in SINGLES)
    for puzzle in datasets.load("top95")[:2] + datasets.load("gen_killer")[:1]:
        puzzle = as_puzzle(puzzle)[0]
        paths = []
        for order in (TECHNIQUES, scanning):
            board = Board(puzzle.model)
            candidates = board.initial()
            placed = {cell for cell, value in enumerate(puzzle.grid.cells) if value}
            steps = [(t.id, d.eliminations) for t, d in solving_path(board, candidates, placed, order)]
            paths.append(([s for s in steps if s[0] not in SINGLES], candidates))
        assert paths[0] == paths[1] and paths[0][0]  # same other steps, same solved grid
    board, candidates = board9()
    assert (
        singles_effort(board, candidates, set()) == singles_waves(board, candidates, set()) == 0
    )  # no single
    for cell in range(1, 9):  # row 1: a 7 only in r1c1, then nothing more
        candidates[cell] = mask(1, 2, 3, 4, 5, 6, 8, 9)
    assert singles_waves(board, candidates, set()) == 1
    assert singles_effort(board, candidates, set()) == step_effort(BY_ID["hidden-single"], 1, 81)


def test_a_rating_forcing_chain_that_places_a_digit_removes_it_from_the_peers() -> None:
    """A dynamic forcing chain of the rating path that concludes a candidate true marks its
    cell placed; the finders after it read a placed digit as gone from its peers (a unit's
    places of it skip placed cells), so the step removes it there too. Before, a static unit
    chain then read the digit's places in a row without the placed cell and removed the
    solution's digit from a box (grade raised NoSolutionError on a published forum puzzle)."""
    from sudoku_cp.reasoning import grading
    from sudoku_cp.reasoning.techniques.board import Board

    board = Board(as_puzzle(datasets.load("hardest")[0])[0].model)
    candidates = board.initial()
    cell = next(c for c, m in enumerate(candidates) if m & (m - 1))
    value = (candidates[cell] & -candidates[cell]).bit_length()
    placements, eliminations = grading._conclusion(board, candidates, (cell, value, True))
    bit = 1 << (value - 1)
    holding = {p for p in board.model.peers[cell] if candidates[p] & bit}
    assert placements == ((cell, value),) and holding
    assert {(p, value) for p in holding} <= set(eliminations)
    assert {(cell, w) for w in range(1, 10) if candidates[cell] >> (w - 1) & 1 and w != value} <= set(
        eliminations
    )


@pytest.mark.slow
def test_every_step_of_the_rating_path_keeps_the_solution() -> None:
    """The rating path's steps (SE's static and dynamic chains, never printed) on the
    hardest puzzles, each checked against the solution."""
    from sudoku_cp.reasoning.grading import RATING_TECHNIQUES
    from sudoku_cp.reasoning.techniques.board import Board
    from sudoku_cp.reasoning.techniques.table import solving_path

    for puzzle in datasets.load("hardest")[:4]:
        solution = solve(puzzle).cells
        parsed = as_puzzle(puzzle)[0]
        board = Board(parsed.model)
        candidates = board.initial()
        placed = {c for c, v in enumerate(parsed.grid.cells) if v}
        for _, deduction in solving_path(board, candidates, placed, RATING_TECHNIQUES):
            assert all(solution[c] != v for c, v in deduction.eliminations)
            assert all(solution[c] == v for c, v in deduction.placements)
        assert len(placed) == 81
