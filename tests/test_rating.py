"""The hardest-puzzle rating (Grade.rating): on Sudoku Explainer's scale, the largest step
rating of the path, forcing steps rated by their nets (kind, depth, size)."""

from __future__ import annotations

from sudoku_cp import datasets, explain, grade
from sudoku_cp.reasoning.techniques.table import BY_ID, NET_RATINGS, RATINGS, TECHNIQUES, length_bonus

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARDEST = datasets.load("hardest")


def test_singles_rate_as_in_se():
    assert grade(EASY).rating == RATINGS["naked-single"] == 2.3


def test_a_nested_net_rates_above_every_plain_forcing_step():
    graded = grade(HARDEST[1])
    assert "nested forcing net" in graded.steps
    assert graded.rating >= NET_RATINGS["nested"]


def test_forcing_chains_rate_between_chains_and_nested_nets():
    puzzle = HARDEST[2]  # forcing steps (forcing chains, Kraken fish), no nested net
    ids = {s.technique_id for s in explain(puzzle)}
    assert ids & {"forcing-chain", "kraken-fish"} and "nested-forcing-net" not in ids
    assert NET_RATINGS["chain"] <= grade(puzzle).rating < NET_RATINGS["nested"]


def test_length_bonus_grows_with_length():
    bonuses = [length_bonus(n) for n in range(1, 300)]
    assert bonuses == sorted(bonuses) and bonuses[0] == 0.0 and bonuses[-1] >= 1.0


def test_every_row_below_the_forcing_steps_has_an_se_rating():
    for technique in TECHNIQUES:
        if technique.level not in ("naked singles", "forcing chains", "minimal deduction"):
            assert technique.id in RATINGS or technique.id == "rule-of-45", technique.id
    assert RATINGS["minimal-deduction"] > RATINGS["nested-forcing-net"] > RATINGS["forcing-chain"]
    assert BY_ID["minimal-deduction"].search_backed
