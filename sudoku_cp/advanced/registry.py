"""The advanced techniques in order, simplest first: one row each of the technique table."""

from __future__ import annotations

from sudoku_cp.advanced import (
    als,
    chains,
    coloring,
    deduction,
    fish,
    forcing,
    single_digit,
    uniqueness,
    wings,
)
from sudoku_cp.techniques import Technique

ADVANCED: list[tuple[str, Technique]] = [
    ("Skyscraper", single_digit.find_skyscraper),
    ("2-String Kite", single_digit.find_two_string_kite),
    ("Turbot Fish", single_digit.find_turbot_fish),
    ("Empty Rectangle", single_digit.find_empty_rectangle),
    ("XY-Wing", wings.find_xy_wing),
    ("XYZ-Wing", wings.find_xyz_wing),
    ("W-Wing", wings.find_w_wing),
    ("Jellyfish", fish.find_jellyfish),
    ("finned X-Wing", fish.find_finned_x_wing),
    ("sashimi X-Wing", fish.find_sashimi_x_wing),
    ("finned Swordfish", fish.find_finned_swordfish),
    ("sashimi Swordfish", fish.find_sashimi_swordfish),
    ("Simple Colors", coloring.find_simple_colors),
    ("X-Chain", chains.find_x_chain),
    ("XY-Chain", chains.find_xy_chain),
    ("AIC", chains.find_aic),
    ("finned Jellyfish", fish.find_finned_jellyfish),
    ("sashimi Jellyfish", fish.find_sashimi_jellyfish),
    ("ALS-XZ", als.find_als_xz),
    ("forcing chains", forcing.find_forcing_chains),
]
"""``(name, finder)``, simplest first (after :data:`sudoku_cp.techniques.TECHNIQUES`)."""

UNIQUENESS: list[tuple[str, Technique]] = [
    ("Unique Rectangle type 1", uniqueness.find_unique_rectangle),
    ("BUG+1", uniqueness.find_bug_plus_one),
]
"""Techniques that rest on the puzzle having one solution: only for proper puzzles."""

UNIQUENESS_AFTER = "W-Wing"
"""Where the uniqueness techniques go in the order, when used (after the wings, as HoDoKu
rates Uniqueness Test 1 with them)."""

LAST_RESORT: list[tuple[str, Technique]] = [("minimal deduction", deduction.find_minimal_deduction)]
"""The minimal deduction: always finds a step on a proper puzzle not yet solved."""
