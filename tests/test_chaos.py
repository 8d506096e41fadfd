"""Chaos construction (issue 31): regions found while solving, over the model's hidden cells.

Every backend of the registry either solves small chaos puzzles exactly as a brute force
written here from the rule's definition (Latin squares, every partition of the grid into
connected regions enumerated, clues counted cell by cell), or refuses them by design
(``Backend.hidden_cells``); published puzzles give their setters' solutions."""

from __future__ import annotations

import functools
import itertools

import pytest

import sudoku_cp
from sudoku_cp import Puzzle
from sudoku_cp.backends import get_backend
from sudoku_cp.errors import InvalidPuzzleError, NotSupportedError
from sudoku_cp.io import iss

BACKENDS = sudoku_cp.backend_names()
SOLVING = [name for name in BACKENDS if get_backend(name).hidden_cells]
"""The backends that declare hidden cells (``Backend.hidden_cells``); the rest refuse them."""
REFUSING = [name for name in BACKENDS if name not in SOLVING]


# -- the brute force, from the definition ---------------------------------------------------------


def _adjacent(a: int, b: int, n: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return abs(ra - rb) + abs(ca - cb) == 1


@functools.cache
def partitions(n: int) -> list[tuple[frozenset[int], ...]]:
    """Every cut of the n x n grid into n orthogonally connected regions of n cells."""
    found: list[tuple[frozenset[int], ...]] = []

    def pieces(start: int, free: frozenset[int]) -> set[frozenset[int]]:
        grown = {frozenset({start})}
        for _ in range(n - 1):
            grown = {
                piece | {c} for piece in grown for c in free - piece if any(_adjacent(c, p, n) for p in piece)
            }
        return grown

    def cut(free: frozenset[int], regions: tuple[frozenset[int], ...]) -> None:
        if not free:
            found.append(regions)
            return
        start = min(free)
        for piece in pieces(start, free):
            cut(free - piece, (*regions, piece))

    cut(frozenset(range(n * n)), ())
    return found


def latin_squares(n: int, givens: str):
    for rows in itertools.product(itertools.permutations(range(1, n + 1)), repeat=n):
        if all(len({row[c] for row in rows}) == n for c in range(n)):
            cells = [v for row in rows for v in row]
            if all(g == "." or int(g) == v for g, v in zip(givens, cells, strict=True)):
                yield cells


def region_of(regions, cell):
    return next(r for r in regions if cell in r)


def arrow_run(regions, arms) -> int:
    """The start's region's run along the arms (the start once): a chaos arrow's value."""
    home = region_of(regions, arms[0][0])
    return 1 + sum(len(list(itertools.takewhile(lambda c: c in home, arm[1:]))) for arm in arms)


def brute_force(n: int, givens: str, counts=(), region_counts=(), arrows=()) -> list[str]:
    """The grids (ascending) of an n x n chaos construction with these givens and chaos
    counts ``(control, cells)`` (0-based cell numbers; the control holds how many of the
    cells lie in the first one's region), region counts ``(control, cells)`` and chaos
    arrows ``(control, arms, offset)``."""
    grids = []
    for cells in latin_squares(n, givens):
        for regions in partitions(n):
            if any(len({cells[c] for c in region}) != n for region in regions):
                continue
            if (
                all(
                    cells[control] == sum(c in region_of(regions, counted[0]) for c in counted)
                    for control, counted in counts
                )
                and all(
                    cells[control] == len({region_of(regions, c) for c in counted})
                    for control, counted in region_counts
                )
                and all(
                    cells[control] == arrow_run(regions, arms) - offset for control, arms, offset in arrows
                )
            ):
                grids.append("".join(map(str, cells)))
                break
    return sorted(grids)


def test_the_brute_force_knows_the_partitions():
    assert len(partitions(2)) == 2 and len(partitions(3)) == 10  # dominoes; trominoes of a 3x3
    assert len(partitions(4)) == 117  # the tetromino tilings of a 4x4 (OEIS A172477)


CASES = {
    "4x4, a row given": (4, "1234" + "." * 12, ()),
    "4x4, a count": (4, "12.." + "3..." + "." * 8, ((5, (5, 4, 6, 1, 9)),)),
    "4x4, two grids": (4, "12.." + "3..." + "..1." + "....", ((5, (5, 4)),)),
    "4x4, no solution": (4, "...." + "1.2." + "." * 8, ((5, (5, 4)),)),  # r2c2 is 3 or 4: too many
}


def _puzzle(n: int, givens: str, counts) -> Puzzle:
    rules = {"chaos_construction": True}
    if counts:
        rules["chaos_counts"] = [
            {"control": list(divmod(control, n)), "cells": [list(divmod(c, n)) for c in cells], "offset": 0}
            for control, cells in counts
        ]
    return Puzzle.from_dict({"size": n, "box": None, "grid": givens, "rules": rules})


@pytest.mark.parametrize("backend", REFUSING)
def test_backends_without_hidden_cells_refuse_chaos_by_design(backend):
    with pytest.raises(NotSupportedError, match="hidden cells"):
        sudoku_cp.solve(_puzzle(*CASES["4x4, a row given"]), backend=backend)


@pytest.mark.slow  # a few seconds a case: each grid of a count is a proven solve
@pytest.mark.parametrize("backend", SOLVING)
@pytest.mark.parametrize("case", list(CASES))
def test_small_chaos_constructions_match_a_brute_force(backend, case):
    n, givens, counts = CASES[case]
    puzzle = _puzzle(n, givens, counts)
    expected = brute_force(n, givens, counts)
    if not expected:
        with pytest.raises(sudoku_cp.NoSolutionError):
            sudoku_cp.solve(puzzle, backend=backend)
        assert sudoku_cp.count_solutions(puzzle, backend=backend) == 0
        return
    assert sudoku_cp.solve(puzzle, backend=backend).to_string() == expected[0]
    # distinct grids, each listed and proven (exact below 8: the cases of 2 and 6 grids)
    assert sudoku_cp.count_solutions(puzzle, backend=backend, limit=8) == min(8, len(expected))
    listed = [g.to_string() for g in sudoku_cp.solutions(puzzle, limit=3, backend=backend)]
    assert listed == expected[:3]


def test_hidden_cells_are_declared_in_one_place():
    assert set(SOLVING) == {"cpsat", "auto"}
    assert not get_backend("backtracking").hidden_cells


def test_the_model_holds_hidden_cells_after_the_grid():
    model = _puzzle(4, "1234" + "." * 12, ()).model
    assert (model.hidden, model.grid_cell_count, model.cell_count) == (16, 16, 32)
    assert model.givens[16:] == (0,) * 16
    grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    assert model.holds(grid)  # the grid's own constraints (rows, columns)
    labels = [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]  # the 2x2 boxes
    assert model.holds(grid + labels)
    assert not model.holds(grid + [2, 2, 1, 1, 2, 2, 1, 1, 3, 3, 4, 4, 3, 3, 4, 4])  # label order
    # every region holds each digit once, but r3c4 is cut off from the rest of region 4
    assert not model.holds(grid + [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 3, 4, 4])


def test_chaos_clues_need_chaos_construction():
    with pytest.raises(InvalidPuzzleError, match="chaos_construction"):
        Puzzle.from_dict(
            {"size": 4, "grid": "." * 16, "rules": {"chaos_counts": [{"control": [0, 0], "cells": [[0, 0]]}]}}
        )


# -- ISS: reading and writing -------------------------------------------------------------------

# Published chaos constructions in ISS's collection (github.com/sigh/Interactive-Sudoku-Solver,
# data/collections.js, MIT licence), with the setters' solutions.
CHAOS_6X6 = (  # Chaos Construction: 6x6 (logic-masters.de, id 0003D0)
    ".Shape~6x6.ChaosConstruction.NoBoxes.ChaosArrow~R1C2~~CC2~CC3~CC4~CC5~CC6.ChaosArrow~R2C2~~CC8~CC9~"
    "CC10~CC11~CC12.ChaosArrow~R3C1~~CC13~CC14~CC15~CC16~CC17~CC18.ChaosArrow~R6C1~~CC31~CC32~CC33~CC34~"
    "CC35~CC36.ChaosArrow~R3C2~~CC14~CC20~CC26~CC32.ChaosArrow~R4C2~~CC20~CC19.ChaosArrow~R5C3~~CC27~CC21~"
    "CC15~CC9~CC3.ChaosArrow~R6C3~~CC33~CC32~CC31.ChaosArrow~R1C4~~CC4~CC10~CC16~CC22~CC28~CC34.ChaosArrow~"
    "R5C4~~CC28~CC22~CC16~CC10~CC4.ChaosArrow~R6C4~~CC34~CC33~CC32~CC31.ChaosArrow~R2C5~~CC11~CC10~CC9~CC8~"
    "CC7.ChaosArrow~R4C5~~CC23~CC17~CC11~CC5.ChaosArrow~R6C5~~CC35~CC34~CC33~CC32~CC31.ChaosArrow~R2C6~~"
    "CC12~CC6.ChaosArrow~R2C6~~CC12~CC11~CC10~CC9~CC8~CC7.ChaosArrow~R4C6~~CC24~CC18~CC12~CC6.ChaosArrow~"
    "R5C6~~CC30~CC29~CC28~CC27~CC26~CC25.~R3C2_1~R4C3_6",
    "345126634512213654526431451263162345",
)
CELL_COUNT = (  # Chaos Construction: cell count, by Clover (gmpuzzles.com, June 2025)
    ".Shape~6x6.ChaosConstruction.NoBoxes.~R1C2_6~R1C4_4~R1C6_3~R2C1_3~R6C1_4~R6C3_2~R6C5_6~R5C6_5."
    "ChaosCount~R1C2.ChaosCount~R1C4.ChaosCount~R1C6.ChaosCount~R2C6.ChaosCount~R5C1.ChaosCount~R6C1."
    "ChaosCount~R6C3.ChaosCount~R6C5",
    "265413314652543126126534631245452361",
)


@pytest.mark.parametrize("published", [CHAOS_6X6, CELL_COUNT], ids=["arrows", "counts"])
def test_published_chaos_constructions_give_their_setters_solutions(published):
    text, solution = published
    puzzle = Puzzle.from_dict(iss.record_from_string(text))
    assert sudoku_cp.solve(puzzle).to_string() == solution
    assert puzzle.box is None and puzzle.model.hidden == 36


@pytest.mark.parametrize("published", [CHAOS_6X6, CELL_COUNT], ids=["arrows", "counts"])
def test_cpsat_proves_a_unique_chaos_solution_in_its_first_solve(published):
    # every internal variable of the compile is a function of grid and labels, so CP-SAT's
    # enumeration meets the one solution once (before: twice, and the chain ran again)
    puzzle = Puzzle.from_dict(iss.record_from_string(published[0]))
    proof = sudoku_cp.solve_with_stats(puzzle, backend="cpsat").proof
    assert proof.method == "only solution" and len(proof.questions) == 2


def test_iss_reads_chaos_clues_as_iss_defines_them():
    record = iss.record_from_string(".Shape~6x6.ChaosConstruction.NoBoxes.ChaosCount~R1C2.ChaosArrow~R2C2~1")
    assert record["rules"]["chaos_construction"] is True
    count = record["rules"]["chaos_counts"][0]
    assert count["control"] == [0, 1] and count["cells"][0] == [0, 1] and len(count["cells"]) == 6
    arrow = record["rules"]["chaos_arrows"][0]
    assert arrow["offset"] == 1 and [arm[-1] for arm in arrow["arms"]] == [[1, 0], [1, 5], [0, 1], [5, 1]]
    again = iss.record_from_string(iss.write(record))
    assert again["rules"] == record["rules"]


def test_iss_refuses_chaos_clues_without_chaos_construction():
    with pytest.raises(InvalidPuzzleError, match="needs ChaosConstruction"):
        iss.record_from_string(".Shape~6x6.ChaosCount~R1C2")


def test_a_chaos_puzzle_draws_without_boxes():
    puzzle = Puzzle.from_dict(iss.record_from_string(CELL_COUNT[0]))
    picture = puzzle.to_svg()
    assert picture.count('class="chaos-count"') > 8  # 8 clues: circles and dashed outlines
    assert 'class="border"' not in picture  # no box borders: the regions are unknown
    arrows = Puzzle.from_dict(iss.record_from_string(CHAOS_6X6[0])).to_svg()
    assert arrows.count('class="chaos-arrow"') >= 18  # a line per arm of the 18 arrows


def test_iss_same_values_of_region_cells_put_them_in_one_region():
    record = iss.record_from_string(".Shape~4x4.ChaosConstruction.NoBoxes.SameValues~2~CC1~CC6")
    assert record["rules"]["chaos_same_regions"] == [[[0, 0], [1, 1]]]
    model = Puzzle.from_dict(record).model
    same = [c for c in model.constraints if getattr(c, "first", None) == 16]
    assert [(c.first, c.second) for c in same] == [(16, 21)]  # the labels of r1c1 and r2c2
    assert iss.record_from_string(iss.write(record))["rules"] == record["rules"]


@pytest.mark.slow  # about 2 s
def test_iss_count_distinct_of_region_cells_counts_regions():
    text = ".Shape~4x4.ChaosConstruction.NoBoxes.~R1C2_2.CountDistinct~R1C1~CC1~CC2~CC5~CC6"
    record = iss.record_from_string(text)
    assert record["rules"]["chaos_region_counts"] == [
        {"control": [0, 0], "cells": [[0, 0], [0, 1], [1, 0], [1, 1]]}
    ]
    expected = brute_force(4, "." + "2" + "." * 14, region_counts=((0, (0, 1, 4, 5)),))
    puzzle = Puzzle.from_dict(record)
    assert sudoku_cp.solve(puzzle, backend="cpsat").to_string() == expected[0]
    assert sudoku_cp.count_solutions(puzzle, backend="cpsat", limit=4) == min(4, len(expected))


@pytest.mark.parametrize("backend", SOLVING)
def test_a_region_may_span_side_minus_one_steps(backend):
    # CP-SAT's redundant bound (cells side or more steps apart lie in two regions) is tight:
    # r2c1 = 4 puts all of row 1 in one region, whose ends are 3 steps apart
    case = (4, "...." + "4..." + "." * 8, ((4, (0, 1, 2, 3)),))
    expected = brute_force(*case)
    assert expected and sudoku_cp.solve(_puzzle(*case), backend=backend).to_string() == expected[0]


ARROWS = {  # (givens, arrows (control, arms, offset)): 0-based cells of a 4x4
    "an arrow of two arms": ("1..." + "." * 12, ((5, ((5, 6, 7), (5, 9, 13)), 0),)),
    "an arrow less one, and a plain one": (
        "..2." + "." * 12,
        ((0, ((0, 1, 2, 3),), 1), (15, ((15, 14), (15, 11)), 0)),
    ),
}


def _arrow_puzzle(givens: str, arrows) -> Puzzle:
    rules = {
        "chaos_construction": True,
        "chaos_arrows": [
            {
                "control": list(divmod(control, 4)),
                "arms": [[list(divmod(c, 4)) for c in arm] for arm in arms],
                "offset": offset,
            }
            for control, arms, offset in arrows
        ],
    }
    return Puzzle.from_dict({"size": 4, "box": None, "grid": givens, "rules": rules})


@pytest.mark.slow  # about 1 s a case
@pytest.mark.parametrize("case", list(ARROWS))
def test_chaos_arrows_match_a_brute_force(case):
    givens, arrows = ARROWS[case]
    expected = brute_force(4, givens, arrows=arrows)
    puzzle = _arrow_puzzle(givens, arrows)
    assert expected and sudoku_cp.solve(puzzle, backend="cpsat").to_string() == expected[0]
    assert sudoku_cp.count_solutions(puzzle, backend="cpsat", limit=6) == min(6, len(expected))


def test_cpsat_compiles_chaos_clues_without_tables():
    # the clues' automata as tables were CP-SAT's bottleneck (ISS's Cavernous Construction)
    from sudoku_cp.backends.cpsat import build_model

    puzzle = _arrow_puzzle(*ARROWS["an arrow of two arms"])
    counted = Puzzle.from_dict(
        {
            **puzzle.to_dict(),
            "rules": {
                **puzzle.to_dict()["rules"],
                "chaos_counts": [{"control": [3, 3], "cells": [[3, 3], [3, 2]], "offset": 1}],
                "chaos_region_counts": [{"control": [0, 3], "cells": [[0, 3], [1, 3], [2, 2]]}],
            },
        }
    )
    model, _ = build_model(counted)
    assert not [c for c in model.proto.constraints if c.has_table()]


def test_only_chaos_clue_automata_have_a_clue_shape():
    from sudoku_cp.model.chaos import chaos_count_automaton, chaos_region_count_automaton, clue_shape
    from sudoku_cp.model.community_kinds import count_distinct_automaton

    assert clue_shape(chaos_count_automaton(3, 1, 4)).offset == 1
    assert clue_shape(chaos_region_count_automaton(3, 4)).kind == "regions"
    assert clue_shape(count_distinct_automaton(3, 4)) is None  # digits, not regions


# -- explanations over the regions (the hidden cells) ---------------------------------------------

EXPLAINED = (4, ".3....4......2..", ((13, (13, 9, 12, 14)), (9, (9, 5, 8, 10, 13))))
"""A 4x4 chaos construction with one grid and one partition (two counts: r4c2 and r3c2
count their cells and orthogonal neighbours in their own region): no 4x4 Latin square has
only one partition, so givens alone never settle the regions."""


def _pairs(n: int, givens: str, counts=()) -> list[tuple[list[int], tuple[frozenset[int], ...]]]:
    """Every (grid, partition) of an n x n chaos construction with these givens and chaos
    counts (as :func:`brute_force`), each Latin square's rows filtered by the givens first."""
    rows = [
        [
            p
            for p in itertools.permutations(range(1, n + 1))
            if all(g in (".", str(v)) for g, v in zip(givens[r * n : r * n + n], p, strict=True))
        ]
        for r in range(n)
    ]
    return [
        (cells, regions)
        for rows_chosen in itertools.product(*rows)
        if all(len({row[c] for row in rows_chosen}) == n for c in range(n))
        for cells in [[v for row in rows_chosen for v in row]]
        for regions in partitions(n)
        if all(len({cells[c] for c in region}) == n for region in regions)
        and all(
            cells[control] == sum(c in region_of(regions, counted[0]) for c in counted)
            for control, counted in counts
        )
    ]


@pytest.mark.parametrize(
    "givens", ["1234" + "." * 12, "1.........4....2", "12..34..........", "1..2.3.........."]
)
def test_the_engine_propagates_the_regions_exactly(givens):
    # the engine's search (its propagator of the regions, engine/chaos.py) finds exactly
    # the brute force's (grid, partition) pairs: one labelling per partition
    from sudoku_cp.engine.search import BitmaskSearch

    puzzle = _puzzle(4, givens, ())
    assert BitmaskSearch(puzzle.model).count_solutions(10_000) == len(_pairs(4, givens))


def test_a_chaos_construction_is_explained_to_the_end_with_its_regions_named():
    n, givens, counts = EXPLAINED
    found = _pairs(n, givens, counts)
    assert len(found) == 1
    ((cells, regions),) = found
    order = sorted(regions, key=min)  # regions numbered in order of first appearance
    labels = [order.index(region_of(regions, c)) + 1 for c in range(n * n)]
    whole = cells + labels
    path = sudoku_cp.explain(_puzzle(n, givens, counts))
    assert path.solved and list(path.grid.cells) == cells
    assert all(len(values) == 1 for values in path.candidates)  # every region settled too
    named = set()
    for step in path:
        assert not any(f"r{row}c" in str(step) for row in range(5, 10))  # no coordinates past the grid
        for row, column, value in step.placements:
            assert whole[row * n + column] == value
        for row, column, value in step.eliminations:
            assert whole[row * n + column] != value
            if row >= n:
                named.add(step._name((row, column)))
                assert f"r{row + 1}c" not in str(step)
    assert "r1c1's region" in named or "r1c2's region" in named
    assert any(step.technique == "chaos construction" for step in path)
    # the grid's digits and a picture of a step over regions: the hidden cells left out
    assert list(path.state(len(path))[0]) == cells and len(path.state(0)[1]) == 2 * n * n
    over_regions = next(i for i, step in enumerate(path) if step.technique == "chaos construction")
    assert "<svg" in path.to_svg(over_regions)


@pytest.mark.parametrize("case", ["4x4, two grids", "4x4, no solution"])
def test_explain_s_solve_is_a_grid_and_partition_of_the_brute_force_or_none(case):
    # explain checks its steps against auto's any_solution: CP-SAT's first (grid,
    # partition), its labels in order of first appearance, without the proof of the smallest
    n, givens, counts = CASES[case]
    puzzle = _puzzle(n, givens, counts)
    values, stats = get_backend("auto").any_solution(puzzle.model)
    found = _pairs(n, givens, counts)
    if not found:
        assert values is None
        with pytest.raises(sudoku_cp.NoSolutionError):
            sudoku_cp.explain(puzzle)
        return
    labelled = []
    for cells, regions in found:
        order = sorted(regions, key=min)
        labelled.append(cells + [order.index(region_of(regions, c)) + 1 for c in range(n * n)])
    assert values in labelled and stats["chose_cpsat"] == 1 and stats["solver_calls"] == 1


# -- the engine's propagator of the regions: its rules of distance and of cut cells ---------------


def _labels_possible(n: int, state: list[int]) -> list[int]:
    """For each grid cell, the labels (as a mask) some partition of the n x n grid gives it,
    among the partitions whose labels (in order of first appearance) fit ``state``'s label
    masks (cells ``n*n`` on)."""
    found = [0] * (n * n)
    for regions in partitions(n):
        order = sorted(regions, key=min)
        labels = [order.index(region_of(regions, c)) + 1 for c in range(n * n)]
        if all(state[n * n + c] >> (label - 1) & 1 for c, label in enumerate(labels)):
            for c, label in enumerate(labels):
                found[c] |= 1 << (label - 1)
    return found


@pytest.mark.parametrize(
    ("allowed", "cell", "expected"),
    [
        # region 1 holds r1c1 and has 4 cells: r4c4 is 6 steps away, too far
        (None, 15, 0b1110),
        # region 1 may take only r1c1, r2c1, r2c2, r3c1, r3c2: it cannot do without r2c1
        ((0, 4, 5, 8, 9), 4, 0b0001),
    ],
)
def test_the_regions_propagator_removes_far_cells_and_takes_cut_cells(allowed, cell, expected):
    from sudoku_cp.engine.chaos import chaos_propagator
    from sudoku_cp.model.chaos import ChaosRegions

    n = 4
    state = [0b1111] * (2 * n * n)
    if allowed is not None:
        for c in range(n * n):
            if c not in allowed:
                state[n * n + c] &= ~1
    truth = _labels_possible(n, state)
    assert truth[cell] == expected  # the brute force agrees with the expected narrowing
    propagated = list(state)
    assert chaos_propagator(ChaosRegions.of(n), n)(propagated) is not None
    labels = propagated[n * n :]
    assert all(kept | possible == kept for kept, possible in zip(labels, truth, strict=True))  # sound
    assert labels[cell] == expected


def _supports(n: int, state: list[int]) -> list[int] | None:
    """Every cell's values (digits, then labels, as masks, as ``state``) that some partition
    of the n x n grid (labelled in order of first appearance) fitting ``state``'s labels
    gives with each region's cells holding ``1..n`` once within ``state``'s digits;
    ``None`` when none does."""
    found = [0] * (2 * n * n)
    for regions in partitions(n):
        order = sorted(regions, key=min)
        labels = [order.index(region_of(regions, c)) + 1 for c in range(n * n)]
        if not all(state[n * n + c] >> (v - 1) & 1 for c, v in enumerate(labels)):
            continue
        fillings = []
        for region in order:
            cells = sorted(region)
            fillings.append(
                [
                    (cells, digits)
                    for digits in itertools.permutations(range(1, n + 1))
                    if all(state[c] >> (d - 1) & 1 for c, d in zip(cells, digits, strict=True))
                ]
            )
        if all(fillings):
            for c, v in enumerate(labels):
                found[n * n + c] |= 1 << (v - 1)
            for region_fillings in fillings:
                for cells, digits in region_fillings:
                    for c, d in zip(cells, digits, strict=True):
                        found[c] |= 1 << (d - 1)
    return found if any(found) else None


@pytest.mark.parametrize(("n", "trials"), [(4, 120), pytest.param(5, 20, marks=pytest.mark.slow)])
def test_the_regions_propagator_keeps_every_partition(n, trials):
    # random states of the digits and labels (some cells narrowed around a partition's
    # labels, or fixed at random; some digits narrowed): the propagator keeps every value
    # some partition fitting the state gives, with each region's digits 1..n once (every
    # partition and every filling of its regions enumerated), and fails only where none
    # does
    import random

    from sudoku_cp.engine import chaos
    from sudoku_cp.model.chaos import ChaosRegions

    labellings = []
    for regions in partitions(n):
        order = sorted(regions, key=min)  # numbered in order of first appearance
        labellings.append([order.index(region_of(regions, c)) + 1 for c in range(n * n)])
    full = (1 << n) - 1
    propagate = chaos.chaos_propagator(ChaosRegions.of(n), n)
    rng = random.Random(19)
    outcomes = set()
    for _ in range(trials):
        around = rng.choice(labellings)
        state = [full] * (2 * n * n)
        for c in range(n * n):
            if rng.random() < 0.5:
                state[n * n + c] = 1 << (around[c] - 1) | sum(1 << v for v in range(n) if rng.random() < 0.3)
            if rng.random() < 0.25:
                state[c] = 1 << rng.randrange(n) | sum(1 << v for v in range(n) if rng.random() < 0.4)
        if rng.random() < 0.3:
            state[n * n + rng.randrange(n * n)] = 1 << rng.randrange(n)
        truth = _supports(n, state)
        candidates = list(state)
        chaos._KNOWN_STATES.clear()
        answer = propagate(candidates)
        outcomes.add(answer is None)
        if truth is None:
            continue
        assert answer is not None  # a contradiction only where no partition fits
        assert all(kept | possible == kept for kept, possible in zip(candidates, truth, strict=True))
    assert outcomes == {True, False}


def test_the_regions_propagators_of_one_shape_share_what_they_worked_out():
    # the regions' answers are remembered module-wide by the masks of the constraint's cells
    # (engine/chaos._KNOWN_STATES): a propagator over other cells (extra cells before them)
    # reads the same answer at its own cells, the answer remembered is what a fresh pass
    # gives, and what it leaves is a state it leaves alone
    import random

    from sudoku_cp.engine import chaos
    from sudoku_cp.model.chaos import ChaosRegions

    n, shift = 4, 3
    rng = random.Random(17)
    first = chaos.chaos_propagator(ChaosRegions.of(n), n)
    moved = chaos.chaos_propagator(ChaosRegions(tuple(range(shift, shift + 2 * n * n)), n), n)
    outcomes = set()
    for _ in range(60):
        state = [0b1111] * (2 * n * n)
        for cell in rng.sample(range(2 * n * n), 6):
            state[cell] = rng.choice((0b0011, 0b0101, 0b1000, 0b0110, 0b0001))
        a = list(state)
        answer = first(a)
        outcomes.add(answer is None)
        chaos._KNOWN_STATES.clear()  # worked out again, then read back by the other propagator
        fresh = list(state)
        assert first(fresh) == answer and fresh == a
        b = [0b1] * shift + list(state)
        again = moved(b)
        assert again == (None if answer is None else [cell + shift for cell in answer])
        if answer is not None:
            assert b[shift:] == a
            assert first(list(a)) == []  # a fixpoint
    assert outcomes == {True, False}  # contradictions and narrowings both met


def test_chaos_clues_are_filtered_by_their_shape_as_by_their_automaton():
    # the Board's filter of a chaos count or arrow (engine/chaos.clue_propagator) removes
    # exactly what the generic line automaton's supports remove, on random candidates
    import random

    from sudoku_cp.engine.chaos import clue_propagator
    from sudoku_cp.model.chaos import chaos_arrow_automaton, chaos_count_automaton
    from sudoku_cp.model.constraints import Regular
    from sudoku_cp.reasoning.techniques.board import line_supports

    rng = random.Random(3)
    n = 5
    lines = [
        Regular(tuple(range(6)), chaos_count_automaton(5, offset, n), label="count") for offset in (0, 1)
    ] + [
        Regular(tuple(range(1 + sum(arms) + 1)), chaos_arrow_automaton(arms, offset, n), label="arrow")
        for arms in ((2, 1), (3,), (1, 1, 2), (4, 3))
        for offset in (0, 1)
    ]
    for line in lines:
        fast, slow = clue_propagator(line, n), line_supports(line, n)
        for trial in range(300):
            # half the states with many decided labels (an arrow's runs, decided up to a
            # point, are what its filter narrows), half with any masks
            decided = 0.7 if trial % 2 else 0.0
            state = [
                1 << rng.randrange(n) if rng.random() < decided else rng.randrange(1, 1 << n)
                for _ in line.cells
            ]
            a, b = list(state), list(state)
            outcome = fast(a)
            assert (outcome is None) == (slow(b) is None)
            assert outcome is None or a == b


def test_the_last_resort_refutes_by_the_whole_model_as_the_brute_force_does():
    # the minimal deduction's refutation by the whole model (a kind SAT lacks: CP-SAT, which
    # compiles the regions, not the engine's unbounded search): a candidate, grid or region,
    # is refuted exactly when no (grid, partition) of the brute force has it
    from sudoku_cp.reasoning.techniques.board import Board
    from sudoku_cp.reasoning.techniques.minimal import refutes

    n, givens, counts = EXPLAINED
    puzzle = _puzzle(n, givens, counts)
    board = Board(puzzle.model)
    candidates = board.initial()
    constraints = list(puzzle.model.constraints)
    possible = [0] * (2 * n * n)
    for cells, regions in _pairs(n, givens, counts):
        order = sorted(regions, key=min)  # labels in order of first appearance
        for c, value in enumerate(cells + [order.index(region_of(regions, c)) + 1 for c in range(n * n)]):
            possible[c] |= 1 << (value - 1)
    for cell in (5, 9, 13, n * n + 5, n * n + 9, n * n + 13, n * n + 15):
        for value in range(1, n + 1):
            if candidates[cell] >> (value - 1) & 1:
                kept = possible[cell] >> (value - 1) & 1
                assert refutes(board, constraints, candidates, cell, value) == (not kept)
