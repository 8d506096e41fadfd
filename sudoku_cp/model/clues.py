"""The shared base of the rules made of clue records (a cage and its sum, a line and its
difference): their records' normalising, and their JSON lists of objects, written once.

A record is a frozen dataclass subclassing :class:`Clue` that declares ``json``: for each
of its fields, in order, the field's name in the JSON object and its :class:`Form`
(:data:`CELLS`, :data:`CELL` or :data:`VALUE`). A rule made of such records subclasses
:class:`ClueRule`, its first field the tuple of records and ``record`` their class; the
base turns plain tuples into records, and writes and reads
``{"<keys[0]>": [{<the record's JSON names>: ...}, ...]}``.

>>> from sudoku_cp.model.community_rules import Whispers
>>> rule = Whispers.from_json({"whispers": [{"line": [[0, 0], [0, 1]], "difference": 5}]})
>>> rule.lines[0].line, rule.lines[0].difference
(((0, 0), (0, 1)), 5)
>>> rule.to_json()
{'whispers': [{'line': [[0, 0], [0, 1]], 'difference': 5}]}
>>> Whispers.from_json({"whispers": [{"line": []}]})
Traceback (most recent call last):
...
sudoku_cp.errors.InvalidPuzzleError: rules.whispers[0] is an object with 'line' and 'difference'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.model.rules import Cell, Rule, _cells, _records

MAX_ITEMS = 4 * 25 * 25
"""Items a rule's JSON list holds at most (as the other rules' lists)."""


def json_list(rules: Mapping[str, Any], key: str) -> list:
    """``rules[key]``, a JSON list of at most :data:`MAX_ITEMS` items.

    Raises:
        InvalidPuzzleError: not a list, or too long (naming ``rules.<key>``).
    """
    value = rules[key]
    if not isinstance(value, list):
        raise InvalidPuzzleError(f"rules.{key} is a list, not {type(value).__name__}")
    if len(value) > MAX_ITEMS:
        raise InvalidPuzzleError(f"rules.{key} has {len(value)} items; a grid takes at most {MAX_ITEMS}")
    return value


def json_objects(rules: Mapping[str, Any], key: str, fields: tuple[str, ...]) -> list[Mapping[str, Any]]:
    """``rules[key]``, a JSON list of objects with exactly the names ``fields``.

    Raises:
        InvalidPuzzleError: as :func:`json_list`, or an item that is not such an object
            (naming ``rules.<key>[i]`` and the names it takes).
    """
    out = []
    for number, item in enumerate(json_list(rules, key)):
        if not isinstance(item, Mapping) or set(item) != set(fields):
            names = " and ".join(repr(f) for f in fields)
            raise InvalidPuzzleError(f"rules.{key}[{number}] is an object with {names}")
        out.append(item)
    return out


def json_cells(cells: tuple[Cell, ...]) -> list[list[int]]:
    """Cells as JSON, ``[[r, c], ...]``."""
    return [list(c) for c in cells]


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Form:
    """How a record's field is read (``read``: from what a caller or the JSON gives) and
    written to JSON (``write``)."""

    read: Callable[[Any], Any]
    write: Callable[[Any], Any]


CELLS = Form(_cells, json_cells)
"""A tuple of cells, ``[[r, c], ...]`` in JSON."""

CELL = Form(tuple, list)
"""One cell, ``[r, c]`` in JSON."""

VALUE = Form(_same, _same)
"""A value kept as given (an int, a string), checked by the rule's ``check``."""


@dataclass(frozen=True)
class Clue:
    """One clue record of a :class:`ClueRule` (a frozen dataclass subclass).

    Attributes:
        json: per field, in the order of the fields: its name in the JSON object and its
            :class:`Form` (the fields are read with it on construction).
    """

    json: ClassVar[tuple[tuple[str, Form], ...]] = ()

    def __post_init__(self) -> None:
        for field, (_, form) in zip(dataclasses.fields(self), self.json, strict=True):
            if form is not VALUE:
                object.__setattr__(self, field.name, form.read(getattr(self, field.name)))

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object."""
        return {
            name: form.write(getattr(self, field.name))
            for field, (name, form) in zip(dataclasses.fields(self), self.json, strict=True)
        }

    @classmethod
    def from_json(cls, item: Mapping[str, Any]) -> Clue:
        """The record from a JSON object holding its names (:func:`json_objects` checks them)."""
        return cls(*(item[name] for name, _ in cls.json))


@dataclass(frozen=True)
class ClueRule(Rule):
    """A rule made of clue records: its first field is the tuple of records, of the class
    ``record``; plain tuples given there become records (``record(*values)``). JSON:
    ``{"<keys[0]>": [<record>.to_json(), ...]}``."""

    record: ClassVar[type[Clue]]

    def __post_init__(self) -> None:
        name = dataclasses.fields(self)[0].name
        object.__setattr__(self, name, _records(self.record)(getattr(self, name)))

    def to_json(self) -> dict[str, Any]:
        records = getattr(self, dataclasses.fields(self)[0].name)
        return {self.keys[0]: [clue.to_json() for clue in records]}

    @classmethod
    def from_json(cls, rules: Mapping[str, Any]) -> Rule:
        names = tuple(name for name, _ in cls.record.json)
        return cls(tuple(cls.record.from_json(item) for item in json_objects(rules, cls.keys[0], names)))
