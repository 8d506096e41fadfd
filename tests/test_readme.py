"""The README's promises (issue 9): its Python example runs as written, and the notebooks
extra installs what 'open them in Jupyter' needs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)


def test_the_first_python_example_runs_as_written(capsys):
    namespace: dict[str, object] = {}
    exec(compile(python_blocks()[0], "README.md", "exec"), namespace)  # noqa: S102 - our own README
    assert "puzzle" in namespace and "solution" in namespace
    assert capsys.readouterr().out.count("|") > 0  # print(solution) shows the grid


def test_the_notebooks_extra_brings_jupyter_and_the_progress_widgets():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    names = {re.split(r"[<>=\[ ]", requirement)[0] for requirement in extras["notebooks"]}
    assert names & {"jupyterlab", "notebook"}
    assert {"ipywidgets", "ipykernel", "matplotlib"} <= names
    assert 'pip install -e ".[notebooks]"' in README and "jupyter lab" in README
