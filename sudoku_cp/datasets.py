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

Variant sets made by :func:`sudoku_cp.generate` (JSON records, loaded as
:class:`~sudoku_cp.Puzzle` values; the call and seed of each are in ``data/README.md``
and in each puzzle's ``metadata["generator"]``):

===============  =======  =======  =================================================
name             size     puzzles  what
===============  =======  =======  =================================================
``gen_6x6``      6x6      50       classic, 2x3 boxes, minimal
``gen_minimal``  9x9      30       classic, minimal, 180° rotational symmetry
``gen_x``        9x9      30       X-Sudoku (both diagonals), minimal
``gen_jigsaw``   9x9      30       jigsaw (random connected regions), minimal
``gen_killer``   9x9      20       killer, cages only (no givens)
``gen_thermo``   9x9      30       thermo, minimal
===============  =======  =======  =================================================

Every puzzle in every set has exactly one solution.
"""

from __future__ import annotations

import functools
import gzip
import random
from importlib import resources

from sudoku_cp.grid import Grid
from sudoku_cp.puzzle import Puzzle, puzzles_from_json

_FILES = {
    "easy50": "easy50.txt",
    "top95": "top95.txt",
    "hardest": "hardest.txt",
    "top1465": "top1465.txt",
    "sudoku17": "sudoku17.txt.gz",
    "hex16": "hex16.txt",
    "sudoku25": "sudoku25.txt",
}

_JSON_FILES = {
    "gen_6x6": "gen_6x6.json",
    "gen_minimal": "gen_minimal.json",
    "gen_x": "gen_x.json",
    "gen_jigsaw": "gen_jigsaw.json",
    "gen_killer": "gen_killer.json",
    "gen_thermo": "gen_thermo.json",
}


def names() -> list[str]:
    """The names of the bundled sets: the classic text sets (smallest grids and easiest
    first), then the JSON sets of puzzles with rules."""
    return [*_FILES, *_JSON_FILES]


def provenance() -> str:
    """The README of the bundled data: sources, alphabets, validation and credits."""
    return resources.files("sudoku_cp").joinpath("data", "README.md").read_text(encoding="utf-8")


def load(name: str, *, sample: int | None = None, seed: int = 0) -> list[Grid] | list[Puzzle]:
    """Load a bundled set, in file order: a text set as a list of :class:`Grid`, a JSON set
    (variants) as a list of :class:`~sudoku_cp.Puzzle`.

    Args:
        name: one of :func:`names`.
        sample: if given, that many puzzles drawn at random without replacement (all of
            them if the set is smaller), returned in file order; useful for ``sudoku17``,
            whose file is sorted so that its first lines look alike.
        seed: the random seed of the sample, for reproducible runs.

    Raises:
        ValueError: unknown name (the message lists the known ones), or a negative sample.
    """
    if name in _JSON_FILES:
        return [_records(name)[i] for i in _chosen(len(_records(name)), sample, seed)]
    lines = _lines(name)
    return [Grid.parse(lines[i]) for i in _chosen(len(lines), sample, seed)]


def _chosen(count: int, sample: int | None, seed: int) -> list[int]:
    if sample is None:
        return list(range(count))
    if sample < 0:
        raise ValueError(f"sample must be a non-negative number of puzzles, not {sample}")
    return sorted(random.Random(seed).sample(range(count), min(sample, count)))


def count(name: str) -> int:
    """The number of puzzles in a set, without parsing them.

    Raises:
        ValueError: unknown name.
    """
    if name in _JSON_FILES:
        return len(_records(name))
    return len(_lines(name))


@functools.cache
def _records(name: str) -> tuple[Puzzle, ...]:
    text = resources.files("sudoku_cp").joinpath("data", _JSON_FILES[name]).read_text(encoding="utf-8")
    return tuple(puzzles_from_json(text, _JSON_FILES[name]))


@functools.cache
def _lines(name: str) -> tuple[str, ...]:
    if name not in _FILES:
        raise ValueError(f"unknown data set {name!r}; bundled sets: {', '.join(names())}")
    path = resources.files("sudoku_cp").joinpath("data", _FILES[name])
    raw = path.read_bytes()
    if _FILES[name].endswith(".gz"):
        raw = gzip.decompress(raw)
    return tuple(line for line in raw.decode("ascii").splitlines() if line.strip())
