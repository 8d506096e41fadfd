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
``anti_knight`` 9x9     4        8-given anti-knight puzzles from dclamage/SudokuAKUnique (MIT)
``gen_6x6``    6x6      50       made by :func:`sudoku_cp.generate`: classic, 2x3 boxes, minimal
``gen_minimal`` 9x9     30       generated: classic, minimal, 180° rotational symmetry
``gen_x``      9x9      30       generated: X-Sudoku (both diagonals), minimal
``gen_jigsaw`` 9x9      30       generated: jigsaw (random connected regions), minimal
``gen_killer`` 9x9      20       generated: killer, cages only (no givens)
``gen_thermo`` 9x9      30       generated: thermo, minimal
=============  =======  =======  ===============================================

Twelve sets of five 9x9 puzzles of the modern rules follow them: ``gen_arrow``,
``gen_little_killer``, ``gen_sandwich``, ``gen_skyscraper``, ``gen_outside_sum``,
``gen_xv`` (every X and V given), ``gen_whispers`` (German), ``gen_renban``,
``gen_palindrome``, ``gen_between``, ``gen_region_sum`` and ``gen_quadruple``, made by
``scripts/make_modern_sets.py`` (clues read off a generated full grid, then givens
removed while the puzzle stays unique). Last, ``gen_samurai``: five minimal Samurai boards
(five overlapping 9x9 grids, :mod:`sudoku_cp.model.multigrid`) made by
``scripts/make_gen_samurai.py``.

The ``gen_*`` sets carry the call and seed that made each puzzle (``data/README.md`` and
each puzzle's ``metadata["generator"]``).

Every puzzle in every set has exactly one solution. Classic sets load as lists of
:class:`~sudoku_cp.model.grid.Grid`; variant sets (JSON records) as lists of
:class:`~sudoku_cp.model.puzzle.Puzzle` whose ``metadata`` keeps each record's ``id``,
``source``, ``license`` and ``solution``.
"""

from __future__ import annotations

import functools
import io

from sudoku_cp.errors import InvalidArgumentError, InvalidPuzzleError
from sudoku_cp.io import readers
from sudoku_cp.io.inputs import build
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle

_FILES = {
    "easy50": "easy50.txt",
    "top95": "top95.txt",
    "hardest": "hardest.txt",
    "top1465": "top1465.txt",
    "sudoku17": "sudoku17.txt.gz",
    "hex16": "hex16.txt",
    "sudoku25": "sudoku25.txt",
    "anti_knight": "anti_knight.json",
    "gen_6x6": "gen_6x6.json",
    "gen_minimal": "gen_minimal.json",
    "gen_x": "gen_x.json",
    "gen_jigsaw": "gen_jigsaw.json",
    "gen_killer": "gen_killer.json",
    "gen_thermo": "gen_thermo.json",
    "gen_arrow": "gen_arrow.json",
    "gen_little_killer": "gen_little_killer.json",
    "gen_sandwich": "gen_sandwich.json",
    "gen_skyscraper": "gen_skyscraper.json",
    "gen_outside_sum": "gen_outside_sum.json",
    "gen_xv": "gen_xv.json",
    "gen_whispers": "gen_whispers.json",
    "gen_renban": "gen_renban.json",
    "gen_palindrome": "gen_palindrome.json",
    "gen_between": "gen_between.json",
    "gen_region_sum": "gen_region_sum.json",
    "gen_quadruple": "gen_quadruple.json",
    "gen_samurai": "gen_samurai.json",
}


def names() -> list[str]:
    """The names of the bundled sets, smallest grids and easiest first."""
    return list(_FILES)


def provenance() -> str:
    """The README of the bundled data: sources, alphabets, validation and credits."""
    from importlib import resources

    return resources.files("sudoku_cp").joinpath("data", "README.md").read_text(encoding="utf-8")


def is_variant_set(name: str) -> bool:
    """True for a set of variant puzzles (loaded as :class:`Puzzle`\\ s), False for classic grids.

    Raises:
        ValueError: unknown name.
    """
    _check_name(name)
    return _FILES[name].endswith(".json")


def load(
    name: str, *, limit: int | None = None, sample: int | None = None, seed: int = 0
) -> list[Grid] | list[Puzzle]:
    """Load a bundled set, in file order: a list of :class:`Grid` for a classic set, of
    :class:`Puzzle` for a variant set (see :func:`is_variant_set`); only the puzzles
    returned are parsed.

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
    entries = _entries(name)
    if sample is not None:
        if isinstance(sample, bool) or not isinstance(sample, int) or sample < 0:
            raise InvalidArgumentError(f"sample must be a non-negative number of puzzles, not {sample!r}")
        import random  # here, not at import time: ``import sudoku_cp`` stays fast

        chosen = sorted(random.Random(seed).sample(range(len(entries)), min(sample, len(entries))))
        entries = tuple(entries[i] for i in chosen)
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise InvalidArgumentError(f"limit must be a non-negative number of puzzles, not {limit!r}")
        entries = entries[:limit]
    try:
        if is_variant_set(name):
            return [build(entry)[0] for entry in entries]
        return [entry.load()[0] for entry in entries]  # type: ignore[index]
    except InvalidPuzzleError as error:  # a damaged installation
        raise InvalidPuzzleError(f"data set {name}: {error}") from None


def count(name: str) -> int:
    """The number of puzzles in a set, without parsing them.

    Raises:
        ValueError: unknown name.
    """
    return len(_entries(name))


def _check_name(name: str) -> None:
    if name not in _FILES:
        raise InvalidArgumentError(f"unknown data set {name!r}; bundled sets: {', '.join(_FILES)}")


@functools.cache
def _entries(name: str) -> tuple[readers.Entry, ...]:
    """The set's puzzles as unread entries of the ``json`` reader (a variant set) or of the
    ``text`` reader (a classic set: one puzzle per line)."""
    from importlib import resources  # here, not at import time: ``import sudoku_cp`` stays fast

    _check_name(name)
    path = resources.files("sudoku_cp").joinpath("data", _FILES[name])
    raw = path.read_bytes()
    if _FILES[name].endswith(".gz"):
        import gzip

        raw = gzip.decompress(raw)
    variant = _FILES[name].endswith(".json")
    source = readers.Source(io.BytesIO(raw), name, one_per_line=not variant)
    return tuple(readers.read(source, format="json" if variant else "text"))
