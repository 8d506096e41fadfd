"""The bundled data sets: names, counts and sizes as in the provenance README, givens in
the documented ranges, reproducible samples, and clear errors."""

from __future__ import annotations

import statistics

import pytest

from sudoku_cp import Grid, Puzzle, datasets

EXPECTED = {
    # name: (count, side, min givens, mean givens, max givens) from sudoku_cp/data/README.md
    "easy50": (49, 9, 22, 28.4, 36),
    "top95": (95, 9, 17, 20.6, 26),
    "hardest": (11, 9, 22, 24.5, 28),
    "top1465": (1465, 9, 17, 22.1, 28),
    "sudoku17": (49158, 9, 17, 17, 17),
    "hex16": (45, 16, 98, None, 128),  # README range is of the original 55
    "sudoku25": (12, 25, 266, None, 275),  # README range is of the original 16
}


VARIANT_SETS = {
    # name: (count, the rule types of every puzzle)
    "anti_knight": (4, ["AntiKnight"]),
}

GENERATED = {
    # name: (count, side, rule keys, the generator call besides the seed; see data/README.md)
    "gen_6x6": (50, 6, set(), {"side": 6, "minimal": True}),
    "gen_minimal": (30, 9, set(), {"minimal": True, "symmetry": "rotational"}),
    "gen_x": (30, 9, {"diagonals"}, {"variant": "x", "minimal": True}),
    "gen_jigsaw": (30, 9, {"regions"}, {"variant": "jigsaw", "minimal": True}),
    "gen_killer": (20, 9, {"cages"}, {"variant": "killer", "givens": 0}),
    "gen_thermo": (30, 9, {"thermos"}, {"variant": "thermo", "minimal": True}),
    "gen_arrow": (5, 9, {"arrows"}, None),
    "gen_little_killer": (5, 9, {"little_killers"}, None),
    "gen_sandwich": (5, 9, {"sandwiches"}, None),
    "gen_skyscraper": (5, 9, {"skyscrapers"}, None),
    "gen_outside_sum": (5, 9, {"outside_sums"}, None),
    "gen_xv": (5, 9, {"all_xv_given", "v", "x"}, None),
    "gen_whispers": (5, 9, {"german_whispers"}, None),
    "gen_renban": (5, 9, {"renban"}, None),
    "gen_palindrome": (5, 9, {"palindromes"}, None),
    "gen_between": (5, 9, {"between_lines"}, None),
    "gen_region_sum": (5, 9, {"region_sum_lines"}, None),
    "gen_quadruple": (5, 9, {"quadruples"}, None),
}


def test_names_in_order():
    assert datasets.names() == [*EXPECTED, *VARIANT_SETS, *GENERATED, "gen_samurai"]


def test_the_samurai_set_loads_as_boards_solved_by_their_stored_solutions():
    from sudoku_cp.model.multigrid import MultiGrid

    puzzles = datasets.load("gen_samurai")
    assert len(puzzles) == 5 == datasets.count("gen_samurai") and datasets.is_variant_set("gen_samurai")
    for puzzle in puzzles:
        assert puzzle.grid.board.name == "samurai" and puzzle.grid.board.size == (21, 21)
        solution = MultiGrid.parse(puzzle.metadata["solution"], puzzle.grid.board)
        assert puzzle.is_solved_by(solution)


@pytest.mark.parametrize("name", VARIANT_SETS)
def test_variant_sets_load_as_puzzles_with_their_provenance(name):
    count, rules = VARIANT_SETS[name]
    assert datasets.is_variant_set(name) and datasets.count(name) == count
    puzzles = datasets.load(name)
    assert len(puzzles) == count == len(set(puzzles))
    for puzzle in puzzles:
        assert isinstance(puzzle, Puzzle)
        assert [type(rule).__name__ for rule in puzzle.rules] == rules
        assert "MIT" in puzzle.metadata["license"] and puzzle.metadata["source"]
        assert puzzle.is_solved_by(Grid.parse(puzzle.metadata["solution"]))
    assert not datasets.is_variant_set("top95")


@pytest.mark.parametrize("name", GENERATED)
def test_generated_sets_load_as_puzzles_with_their_rules(name):
    count, side, keys, _ = GENERATED[name]
    puzzles = datasets.load(name)
    assert len(puzzles) == count == datasets.count(name)
    assert all(isinstance(p, Puzzle) and p.side == side for p in puzzles)
    assert all(set(p.to_dict()["rules"]) == keys for p in puzzles) and datasets.is_variant_set(name)
    assert all(p.is_solved_by(Grid.parse(p.metadata["solution"], p.box)) for p in puzzles)
    assert datasets.load(name, sample=3, seed=1) == datasets.load(name, sample=3, seed=1)


@pytest.mark.parametrize("name", ["gen_6x6", "gen_thermo"])
def test_generated_sets_are_what_their_recorded_call_makes(name):
    from sudoku_cp import generate

    *_, call = GENERATED[name]
    first = datasets.load(name)[0]
    assert first.metadata["generator"]["seed"] == 0
    assert generate(**call, seed=0, time_limit=None) == first


@pytest.mark.parametrize("name", EXPECTED)
def test_count_matches_the_readme(name):
    assert datasets.count(name) == EXPECTED[name][0]


@pytest.mark.parametrize("name", [n for n in EXPECTED if n != "sudoku17"])
def test_load_gives_every_puzzle_of_the_right_size(name):
    count, side, low, mean, high = EXPECTED[name]
    puzzles = datasets.load(name)
    assert len(puzzles) == count
    assert all(isinstance(p, Grid) and p.side == side for p in puzzles)
    assert len(set(puzzles)) == count  # duplicates were removed
    givens = [p.givens for p in puzzles]
    assert low <= min(givens) and max(givens) <= high
    if mean is not None:
        assert statistics.fmean(givens) == pytest.approx(mean, abs=0.05)
        assert (min(givens), max(givens)) == (low, high)


def test_sudoku17_sample_has_17_givens_each():
    puzzles = datasets.load("sudoku17", sample=200, seed=11)
    assert len(puzzles) == 200
    assert all(p.side == 9 and p.givens == 17 for p in puzzles)


def test_first_top1465_puzzle_is_the_well_known_one():
    first = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    assert datasets.load("top1465")[0].to_string() == first


@pytest.mark.parametrize("name, k, seed", [("sudoku17", 25, 0), ("sudoku17", 25, 7), ("top1465", 100, 3)])
def test_sample_is_reproducible_distinct_and_in_file_order(name, k, seed):
    first = datasets.load(name, sample=k, seed=seed)
    again = datasets.load(name, sample=k, seed=seed)
    assert first == again
    assert len(first) == k == len(set(first))
    if name == "top1465":
        everything = datasets.load(name)
        positions = [everything.index(p) for p in first]
        assert positions == sorted(positions)


def test_different_seeds_give_different_samples():
    assert datasets.load("sudoku17", sample=20, seed=1) != datasets.load("sudoku17", sample=20, seed=2)


def test_sample_larger_than_the_set_gives_all_of_it():
    assert datasets.load("hardest", sample=500) == datasets.load("hardest")


def test_sample_of_zero_is_empty():
    assert datasets.load("top95", sample=0) == []


def test_negative_sample_is_a_value_error():
    with pytest.raises(ValueError, match="sample must be a non-negative number of puzzles, not -1"):
        datasets.load("top95", sample=-1)


@pytest.mark.parametrize("call", [datasets.load, datasets.count], ids=["load", "count"])
def test_unknown_name_is_a_value_error_naming_the_known_ones(call):
    with pytest.raises(ValueError) as caught:
        call("top96")
    message = str(caught.value)
    assert "'top96'" in message
    for name in EXPECTED:
        assert name in message


def test_provenance_mentions_the_sources():
    text = datasets.provenance()
    for source in ("Norvig", "magictour", "Royle", "Gecode", "janko.at", "Frisch", "Project Euler", "tdoku"):
        assert source in text, source
    for name in EXPECTED:
        assert name in text


def test_limit_parses_only_the_first_puzzles(monkeypatch):
    first = datasets.load("top95")[:3]
    from sudoku_cp.io import readers

    parsed = []
    real_parse = readers.read_text_grid
    monkeypatch.setattr(
        readers, "read_text_grid", lambda text, **kw: parsed.append(text) or real_parse(text, **kw)
    )
    assert datasets.load("top95", limit=3) == first
    assert len(parsed) == 3
    with pytest.raises(ValueError, match="limit"):
        datasets.load("top95", limit=-1)
