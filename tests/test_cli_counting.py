"""The count, generate and grade commands: exact output, round trips through files, and
exit codes (2 for bad input, 3 for a time limit)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from sudoku_cp import Puzzle, count_solutions, datasets, grade
from sudoku_cp.cli import EXIT_INVALID, EXIT_TIMEOUT, app, main


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(app, list(args), input=stdin)


def test_count_a_proper_puzzle_prints_1(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(datasets.load("top95")[0].to_string() + "\n")
    result = run("count", str(path))
    assert result.exit_code == 0 and result.output == "1\n"


def test_count_prints_the_two_smallest_solutions_and_where_they_differ():
    result = run("count", stdin="1234\n34..\n....\n....\n")
    lines = result.output.splitlines()
    assert result.exit_code == 0 and lines[0] == "6"
    assert "smallest solution:" in lines and "second smallest solution:" in lines
    assert lines[-1] == (
        "the two smallest solutions differ in 4 cells: r3c2: 1 or 3, r3c4: 3 or 1, r4c2: 3 or 1, r4c4: 1 or 3"
    )


def test_count_with_a_limit_says_there_may_be_more():
    result = run("count", "--limit", "3", "-b", "backtracking", stdin="." * 81 + "\n")
    assert result.output.splitlines()[0] == "3 (the limit: there may be more)"


def test_count_several_puzzles_one_line_each():
    result = run("count", stdin="123434.........." + "\n" + "." * 16 + "\n")
    assert result.output.splitlines() == ["line 1: 6", "line 2: 288"]


def test_count_timeout_and_bad_input_exit_codes(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("." * 81 + "\n")
    assert main(["count", "-t", "0.1", "-b", "backtracking", str(empty)]) == EXIT_TIMEOUT
    assert main(["count", "--limit", "0", str(empty)]) == EXIT_INVALID
    bad = tmp_path / "bad.txt"
    bad.write_text("11" + "." * 79 + "\n")
    assert main(["count", str(bad)]) == EXIT_INVALID


def test_generate_classic_lines_are_proper_and_reproducible():
    first = run("generate", "--seed", "5", "-n", "2")
    assert first.exit_code == 0
    lines = first.output.splitlines()
    assert len(lines) == 2 and all(len(line) == 81 for line in lines)
    assert all(count_solutions(line, limit=2, backend="cpsat") == 1 for line in lines)
    assert run("generate", "--seed", "5", "-n", "2").output == first.output


def test_generate_a_variant_writes_json_that_solve_and_count_read_back(tmp_path):
    result = run("generate", "-v", "killer", "--seed", "1", "--givens", "0")
    record = json.loads(result.output)
    puzzle = Puzzle.from_dict(record)
    assert puzzle.givens == 0 and "cages" in record["rules"]
    path = tmp_path / "killer.json"
    path.write_text(result.output)
    assert run("count", str(path)).output == "1\n"
    assert run("solve", str(path)).output.strip() == record["solution"]


def test_generate_options():
    six = run("generate", "--size", "6", "--box", "3x2", "--seed", "1", "--minimal", "-l", "pretty")
    assert six.exit_code == 0 and len(six.output.splitlines()) == 7  # 6 rows and 1 rule between boxes
    assert main(["generate", "--box", "3"]) == EXIT_INVALID
    assert main(["generate", "--variant", "sandwhich"]) == EXIT_INVALID


def test_grade_prints_band_and_level():
    easy = datasets.load("easy50")[0].to_string()
    result = run("grade", stdin=easy + "\n")
    assert result.output == f"{grade(easy)}\n"
    assert result.output.split()[0] in ("easy", "medium", "hard", "expert", "fiendish")
