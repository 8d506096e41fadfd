"""One spelling per name: the user-facing form of rule keys, variants and data set names.

Names a user types (JSON keys of ``rules``, ``generate``'s ``variant``, the CLI's
``--variant``, data set names) are written in **snake case**: ``anti_knight``,
``anti_king``, ``all_white_given``. The class of a rule keeps its Python name
(:class:`~sudoku_cp.rules.AntiKnight`). Where it costs nothing, the other spellings
of a name are accepted and read as the snake-case one: ``anti-knight``,
``AntiKnight``, ``antiKnight``, ``ANTI_KNIGHT``.

>>> canonical_name("AntiKnight"), canonical_name("anti-knight"), canonical_name("allWhiteGiven")
('anti_knight', 'anti_knight', 'all_white_given')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


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
