"""Execute notebooks in full, save them with their outputs, and write each one's run time
into its first cell (the line starting ``*Needs*``), so the figure is measured, not typed.

Usage: ``python scripts/run_notebooks.py [NOTEBOOK ...]`` (default: every numbered
notebook in ``notebooks/``); ``--html DIR`` also writes each as HTML for viewing in a
browser. Runs with ``SUDOKU_CP_QUICK=0`` (the full data sets).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def run(path: Path, html: Path | None) -> float:
    notebook = nbformat.read(path, as_version=4)
    os.environ["SUDOKU_CP_QUICK"] = "0"
    start = time.perf_counter()
    NotebookClient(notebook, timeout=1800, resources={"metadata": {"path": str(path.parent)}}).execute()
    seconds = time.perf_counter() - start
    first = notebook.cells[0]
    machine = f"{os.cpu_count()} cores, Python {platform.python_version()}"
    runs_in = f"*Runs in*: {seconds:.0f} s in full on {machine} (`scripts/run_notebooks.py`)."
    first.source = re.sub(r"\*Runs in\*:[^\n]*", runs_in, first.source)
    nbformat.write(notebook, path)
    if html is not None:
        from nbconvert import HTMLExporter

        html.mkdir(parents=True, exist_ok=True)
        body, _ = HTMLExporter().from_notebook_node(notebook)
        (html / path.with_suffix(".html").name).write_text(body)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--html", type=Path, help="also write HTML here")
    args = parser.parse_args()
    paths = args.notebooks or sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    for path in paths:
        print(f"{path.name}: {run(path.resolve(), args.html):.0f} s", flush=True)


if __name__ == "__main__":
    main()
