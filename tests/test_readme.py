"""The README's and docs' promises (issues 9, 18, 22): their examples run as written, they
stay short and linked, every benchmark figure comes from a report a script wrote, and the
notebooks extra installs what 'open them in Jupyter' needs."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


def run_blocks(blocks: list[str], where: str) -> dict[str, object]:
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, where, "exec"), namespace)  # noqa: S102 - our own docs
    return namespace


def test_the_first_python_example_runs_as_written(capsys):
    namespace = run_blocks(python_blocks(README)[:1], "README.md")
    assert "puzzle" in namespace and "solution" in namespace
    assert capsys.readouterr().out.count("|") > 0  # print(solution) shows the grid


@pytest.mark.slow
def test_every_readme_python_example_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace = run_blocks(python_blocks(README), "README.md")
    assert namespace["png"].startswith(b"\x89PNG")
    assert list(tmp_path.iterdir()) == []  # no example writes into the working directory (issue 35.12)
    assert namespace["path"].solved


def test_the_variants_killer_example_and_its_json_record_agree(capsys):
    import json

    import sudoku_cp

    text = (DOCS / "variants.md").read_text(encoding="utf-8")
    namespace = run_blocks(python_blocks(text), "docs/variants.md")
    record = json.loads(re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)[0])
    from_json = sudoku_cp.Puzzle.from_dict(record)
    assert from_json.model.constraints == namespace["puzzle"].model.constraints
    assert sudoku_cp.count_solutions(from_json) == 4  # "the smallest of its 4 solutions"
    printed = sudoku_cp.Grid.parse(capsys.readouterr().out)
    assert printed == sudoku_cp.solve(from_json) == sudoku_cp.solve(from_json, backend="cpsat")


def test_the_readme_is_short_and_keeps_the_ci_test_command():
    assert len(README.splitlines()) < 250
    assert 'pip install -e ".[test]" && python -m pytest -n auto' in README
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "\npython -m pytest -n auto\n" in ci
    assert ci.index("ruff check .") < ci.index("python -m pytest")  # the lint runs first


def test_local_links_of_the_readme_and_docs_exist():
    for page in [ROOT / "README.md", *DOCS.glob("*.md")]:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if target.startswith(("http://", "https://")):
                continue
            assert (page.parent / target).exists(), f"{page.name} links to missing {target}"


def test_every_benchmark_report_was_written_by_its_script():
    reports = DOCS / "benchmarks"
    for report in reports.glob("*.md"):
        text = report.read_text(encoding="utf-8")
        blocks = re.findall(r"<!-- (bench_\w+:\w+):start -->(.*?)<!-- \1:end -->", text, re.S)
        if blocks:  # a report of marked blocks, each rewritten by its run (bench_backends --write)
            for name, block in blocks:
                assert re.search(r"`python benchmarks/bench_\w+\.py", block), (report.name, name)
                assert "Python 3" in block, (report.name, name)  # the machine it ran on
            continue
        head = text.split("\n\n", 3)
        assert re.search(r"- command: `python benchmarks/bench_\w+\.py", "\n".join(head)), report.name
        assert "- machine: " in "\n".join(head) and "- date: " in "\n".join(head), report.name
    scripts = {p.stem for p in (ROOT / "benchmarks").glob("bench_*.py")}
    written = {p.stem for p in reports.glob("bench_*.md")}
    assert scripts - written <= {"bench_backends", "bench_revisions"}, scripts - written


def test_no_speed_figure_is_typed_into_the_readme():
    # Milliseconds, seconds and speed ratios belong in docs/benchmarks/ (written by scripts).
    assert not re.findall(r"\b\d+(?:\.\d+)?(?: ms| s|ms)\b|\bx\d+\.\d+", README)


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed (the test extra has it)")
def test_the_readme_and_docs_code_blocks_are_ruff_formatted():
    paths = ["README.md", *(str(p.relative_to(ROOT)) for p in DOCS.glob("*.md"))]
    result = subprocess.run(
        ["ruff", "format", "--check", *paths], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_notebooks_extra_brings_jupyter_and_the_progress_widgets():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    names = {re.split(r"[<>=\[ ]", requirement)[0] for requirement in extras["notebooks"]}
    assert names & {"jupyterlab", "notebook"}
    assert {"ipywidgets", "ipykernel", "matplotlib"} <= names
    assert 'pip install -e ".[notebooks]"' in README and "jupyter lab" in README
