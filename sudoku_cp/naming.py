"""One spelling per name: the user-facing form of rule keys, variants and data set names.

Names a user types (JSON keys of ``rules``, ``generate``'s ``variant``, the CLI's
``--variant``, data set names) are written in **snake case**: ``anti_knight``,
``anti_king``, ``all_white_given``. The class of a rule keeps its Python name
(:class:`~sudoku_cp.model.rules.AntiKnight`). Where it costs nothing, the other spellings
of a name are accepted and read as the snake-case one: ``anti-knight``,
``AntiKnight``, ``antiKnight``, ``ANTI_KNIGHT``.

>>> canonical_name("AntiKnight"), canonical_name("anti-knight"), canonical_name("allWhiteGiven")
('anti_knight', 'anti_knight', 'all_white_given')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def in_words(items: Sequence[str]) -> str:
    """The items as a list in words.

    >>> in_words(["row 1", "cage 1", "box 2"])
    'row 1, cage 1 and box 2'
    """
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def canonical_name(name: str) -> str:
    """The snake-case spelling of a name written in kebab, camel or Pascal case."""
    return _CAMEL_RE.sub("_", name.strip()).replace("-", "_").replace(" ", "_").lower()


def match_name(name: str, choices: Iterable[str]) -> str | None:
    """The choice spelled like ``name`` once both are made canonical, or ``None``.

    >>> match_name("AntiKnight", ["classic", "anti-knight"])
    'anti-knight'
    """
    wanted = canonical_name(name)
    return next((choice for choice in choices if canonical_name(choice) == wanted), None)


# The generator's option names, declared here (a module with no heavy import) so that the CLI
# lists them without importing the generator; sudoku_cp.reasoning.generator re-exports both.
SYMMETRIES = ("none", "rotational", "rotational90", "diagonal", "mirror")
"""The symmetries of the givens: none, 180° rotation, 90° rotation, reflection in the main
diagonal, reflection left to right."""

VARIANTS = (
    "classic",
    "x",
    "windows",
    "anti_knight",
    "anti_king",
    "jigsaw",
    "killer",
    "thermo",
    "kropki",
    "consecutive",
    "even_odd",
    "greater_than",
    "arrow",
    "little_killer",
    "sandwich",
    "skyscraper",
    "outside_sum",
    "xv",
    "german_whispers",
    "dutch_whispers",
    "renban",
    "palindrome",
    "between_line",
    "region_sum_line",
    "quadruple",
    "slow_thermo",
    "entropic_line",
    "modular_line",
    "zipper_line",
    "x_sum",
    "hidden_skyscraper",
    "double_arrow",
    "lockout_line",
    "lunchbox",
    "rellik_cage",
    "counting_circles",
)
"""The variants :func:`sudoku_cp.reasoning.generator.generate` draws, in the package's one
spelling (snake case; other spellings such as ``anti-knight`` or ``AntiKnight`` are read
as these): fixed rules
(``x``: both diagonals, ``windows``: the four 9x9 windows, anti-knight, anti-king), or
rules drawn at random (jigsaw regions) or read off the full grid: killer cages,
thermometers, Kropki dots (every white and black dot, with the negative constraint),
consecutive bars (every one, with the negative constraint), even/odd cells (about a
third of the cells) and greater-than signs (between every two neighbours of a box; of a
row, on a grid with no boxes), and the modern rules, whose clues are read off the full
grid as the bundled ``gen_*`` sets' were (:mod:`sudoku_cp.reasoning.modern_clues`: random arrows and
lines that fit, sandwich clues on every row and column, samples of skyscraper and outside
sum clues, every X and V, eight little killers, eight quadruples; slow thermometers,
entropic, modular and zipper lines of the community's kinds, lines that fit)."""
