"""The benchmark puzzle sets shipped with the package, so nothing is downloaded.

=============  =======  =======  ===============================================
name           size     puzzles  source (full provenance in ``data/README.md``)
=============  =======  =======  ===============================================
``easy50``     9x9      49       Norvig's easy50 (Project Euler 96), deduplicated
``top95``      9x9      95       Norvig's top95 (magictour.free.fr)
``hardest``    9x9      11       Norvig's "hardest" collection
``top1465``    9x9      1465     magictour top1465
``sudoku17``   9x9      49158    Royle's 17-clue puzzles, completed (tdoku)
``hex16``      16x16    45       Gecode instances from janko.at
``sudoku25``   25x25    12       Gecode instances from Alain Frisch's page
=============  =======  =======  ===============================================

Every puzzle in every set has exactly one solution.
"""

from __future__ import annotations

import functools
import gzip
import random
from importlib import resources

from sudoku_cp.grid import Grid

_FILES = {
    "easy50": "easy50.txt",
    "top95": "top95.txt",
    "hardest": "hardest.txt",
    "top1465": "top1465.txt",
    "sudoku17": "sudoku17.txt.gz",
    "hex16": "hex16.txt",
    "sudoku25": "sudoku25.txt",
}


def names() -> list[str]:
    """The names of the bundled sets, smallest grids and easiest first."""
    return list(_FILES)


def provenance() -> str:
    """The README of the bundled data: sources, alphabets, validation and credits."""
    return resources.files("sudoku_cp").joinpath("data", "README.md").read_text(encoding="utf-8")


def load(name: str, *, limit: int | None = None, sample: int | None = None, seed: int = 0) -> list[Grid]:
    """Load a bundled set as a list of grids, in file order; only the puzzles returned are parsed.

    Args:
        name: one of :func:`names`.
        limit: if given, only the first ``limit`` puzzles (of the sample, with ``sample``).
        sample: if given, that many puzzles drawn at random without replacement (all of
            them if the set is smaller), returned in file order; useful for ``sudoku17``,
            whose file is sorted so that its first lines look alike.
        seed: the random seed of the sample, for reproducible runs.

    Raises:
        ValueError: unknown name (the message lists the known ones), or a negative
            ``limit`` or ``sample``.
    """
    lines = _lines(name)
    if sample is not None:
        if sample < 0:
            raise ValueError(f"sample must be a non-negative number of puzzles, not {sample}")
        chosen = sorted(random.Random(seed).sample(range(len(lines)), min(sample, len(lines))))
        lines = tuple(lines[i] for i in chosen)
    if limit is not None:
        if limit < 0:
            raise ValueError(f"limit must be a non-negative number of puzzles, not {limit}")
        lines = lines[:limit]
    return [Grid.parse(line) for line in lines]


def count(name: str) -> int:
    """The number of puzzles in a set, without parsing them.

    Raises:
        ValueError: unknown name.
    """
    return len(_lines(name))


@functools.cache
def _lines(name: str) -> tuple[str, ...]:
    if name not in _FILES:
        raise ValueError(f"unknown data set {name!r}; bundled sets: {', '.join(_FILES)}")
    path = resources.files("sudoku_cp").joinpath("data", _FILES[name])
    raw = path.read_bytes()
    if _FILES[name].endswith(".gz"):
        raw = gzip.decompress(raw)
    return tuple(line for line in raw.decode("ascii").splitlines() if line.strip())
