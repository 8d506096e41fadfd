"""A digest of the explanations of a list of puzzles, to check that a speed-up changes no step.

For each puzzle of the file (one 9x9 puzzle per line, 81 characters, ``0`` or ``.`` a blank,
anything after a space ignored), :func:`sudoku_cp.explain`'s every step is written out: its
text, its record (``repr``: technique, cells, candidates, chain, net...) and its net's
text. The script prints the SHA-256 of it all, and with ``--out PATH`` writes the text, so
that two checkouts can be compared (run it with each on ``PYTHONPATH``, or from each
worktree's root as ``python -m``-style ``python benchmarks/steps_digest.py``).

Usage::

    python benchmarks/steps_digest.py benchmarks/data/se_diabolical_heldout.txt
    python benchmarks/steps_digest.py benchmarks/data/se_diabolical_heldout.txt --out /tmp/steps.txt
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _common  # noqa: E402,F401  (puts this checkout's package first on sys.path)

import sudoku_cp  # noqa: E402
from sudoku_cp import explain  # noqa: E402


def steps_text(puzzles: list[str]) -> str:
    """Every step of every puzzle's explanation: text, record and net, one puzzle after another."""
    out = []
    for puzzle in puzzles:
        for step in explain(puzzle):
            out.append(f"{step}\n{step!r}\n{step.net_text}\n")
        out.append("====\n")
    return "".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a list of 9x9 puzzles, one a line")
    parser.add_argument("--out", type=Path, help="also write the steps' text there")
    args = parser.parse_args()
    puzzles = [
        line.split()[0].replace("0", ".") for line in args.file.read_text().splitlines() if line.strip()
    ]
    text = steps_text(puzzles)
    if args.out:
        args.out.write_text(text)
    print(f"{hashlib.sha256(text.encode()).hexdigest()}  {len(puzzles)} puzzles  ({sudoku_cp.__file__})")


if __name__ == "__main__":
    main()
