"""The decomposition layer: a model rewritten, once, into the kinds a backend compiles.

Each backend (and the engine) declares the constraint kinds it compiles natively
(``NATIVE_KINDS``, a frozenset of classes of :mod:`sudoku_cp.model.constraints`); every other
constraint is rewritten by its own kind's ``decompose(side)`` into other constraints, and
those again, until every constraint is of a native kind (the recipe lives with the kind;
this module only drives it). CPMpy's ``decompose_in_tree(supported=...)`` is the model.
Each part keeps the origin of the constraint it comes from, so conflicts and
explanations still name the user's rule.

A constraint may also ask to be rewritten where its kind is native: a ``Sum`` with
``distinct=True`` is an ``AllDifferent`` plus a plain ``Sum`` (its ``composite`` is true).
An ``Or`` over more cells than its table lists is rewritten here as one ``Regular`` line
of the union of its parts (:func:`sudoku_cp.model.union.rewrite_or`), a recipe that needs
the automata of :mod:`sudoku_cp.model.expressions`, which the vocabulary does not import.

>>> from sudoku_cp.model.constraints import AllDifferent, Count, Model, Regular, Table
>>> model = Model(4, (0,) * 16, (Count((0, 1, 2), 3, 1, label="one 3"),))
>>> [type(c).__name__ for c in decompose(model, frozenset({Regular})).constraints]
['Regular']
>>> [type(c).__name__ for c in decompose(model, frozenset({Table})).constraints]
['Table']
>>> decompose(model, frozenset({Regular})).constraints[0].label
'one 3'
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from sudoku_cp.errors import NotSupportedError
from sudoku_cp.model.constraints import Constraint, Model, Or

_DEPTH = 8
"""The most rewritings a constraint goes through (no recipe needs more than three)."""


def is_native(constraint: object, native: frozenset[type]) -> bool:
    """True when ``constraint`` is compiled as it is by a backend of that native set."""
    return type(constraint) in native and not getattr(constraint, "composite", False)


def decompose(
    model: Model, native: frozenset[type], solver: str = "", refused: frozenset[type] = frozenset()
) -> Model:
    """``model`` with every constraint whose kind is not in ``native`` rewritten into kinds
    that are; the model itself when nothing needs rewriting. Remembered per model and
    native set (a backend asks again for every solve of the same puzzle).

    Args:
        model: the compiled puzzle.
        native: the kinds (classes) the caller compiles.
        solver: the backend's name, for the messages (``""``: none named).
        refused: kinds the backend refuses *by design* (declared next to its
            ``NATIVE_KINDS``), never rewritten: their constraints raise at once.

    Returns:
        A :class:`Model` with the same side, givens, positions, digits and hidden cells.

    Raises:
        NotSupportedError: a kind of ``refused``, or a kind with no ``decompose`` whose
            rewritings reach ``native`` (the message names the backend, the kind, the
            constraint and the native kinds), or a rewriting too large to write (a table
            of too many rows).
    """
    memo = model.__dict__.setdefault("_decomposed", {})
    key = (native, solver, refused)
    found = memo.get(key)
    if found is None:
        who = f"backend {solver!r}" if solver else "this solver"
        for constraint in model.constraints:
            if type(constraint) in refused:
                raise NotSupportedError(
                    f"{who} does not support the constraint kind {type(constraint).__name__} "
                    f"({constraint.label}): it refuses that kind by design"
                )
        if all(is_native(c, native) for c in model.constraints):
            found = model
        else:
            parts = tuple(
                p for c in model.constraints for p in _rewrite(c, native, model.value_count, (), who)
            )
            found = Model(
                model.side,
                model.givens,
                parts,
                model.positions,
                model.digits,
                model.hidden,
                model.hidden_names,
            )
        memo[key] = found
    return found


def _rewrite(
    constraint: Constraint, native: frozenset[type], side: int, path: tuple[str, ...], who: str
) -> Iterator[Constraint]:
    if is_native(constraint, native):
        yield constraint
        return
    kind = type(constraint).__name__
    recipe = getattr(constraint, "decompose", None)
    if isinstance(constraint, Or):
        from sudoku_cp.model.union import rewrite_or  # only an Or needs it (and its hashlib)

        recipe = functools.partial(rewrite_or, constraint)
    if recipe is None or kind in path or len(path) >= _DEPTH:
        chain = " -> ".join((*path, kind))
        names = ", ".join(sorted(k.__name__ for k in native))
        raise NotSupportedError(
            f"{who} does not support the constraint kind {kind} ({constraint.label}): no rewriting "
            f"({chain}) reaches the kinds it compiles ({names})"
        )
    for part in recipe(side):
        yield from _rewrite(part, native, side, (*path, kind), who)
