"""The notebooks' exercise checks (notebooks/exercises.py) fail on wrong answers; the
worked answers in notebooks/solutions/ pass them (those notebooks run with the others)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "notebooks"))

import exercises  # noqa: E402


def test_unanswered_exercises_only_say_so(capsys):
    exercises.check_order_prediction(None)
    exercises.check_weakest_level(None)
    exercises.check_proof_questions(None)
    assert capsys.readouterr().out.count("not answered yet") == 3


def test_a_wrong_prediction_fails_with_a_hint():
    with pytest.raises(AssertionError, match="count the decisions"):
        exercises.check_order_prediction("row-major")
    with pytest.raises(AssertionError):
        exercises.check_order_prediction("alphabetical")


def test_a_wrong_weakest_level_function_fails_naming_the_puzzle():
    with pytest.raises(AssertionError, match="puzzle 0"):
        exercises.check_weakest_level(lambda puzzle: "hall")


def test_a_wrong_question_count_fails():
    with pytest.raises(AssertionError, match="not 3"):
        exercises.check_proof_questions(3)
