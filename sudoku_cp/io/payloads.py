"""The lz-string payloads of puzzle links (f-puzzles, SudokuPad), decompressed with a
bound on their output, and refused with a clear message when they do not decompress.

lz-string (Pieroxy's JavaScript library, which both apps use; ``compressToBase64``) is an
LZW variant: a payload of ``n`` codes can expand to about ``n**2 / 2`` characters, so a
108 KB link can stand for 10^9 characters. :func:`decompress` is the package's own
incremental decoder of that format (written from the format's description: 6 bits a
Base64 character, codes of a growing width, ``0``/``1`` a new 8-/16-bit character, ``2``
the end) that stops as soon as the output passes :data:`MAX_PAYLOAD_CHARS`. Writing uses
the ``lzstring`` package (:func:`sudoku_cp.io.links.encode_payload`).
"""

from __future__ import annotations

import urllib.parse

from sudoku_cp.errors import InvalidPuzzleError

MAX_PAYLOAD_CHARS = 2_000_000
"""Characters of decompressed puzzle data read at most (a 25x25 puzzle with every rule
needs well under 100,000): decompression stops past it."""

_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE = {ch: i for i, ch in enumerate(_BASE64)}


def decompress(payload: str, app: str = "link", limit: int | None = None) -> str:
    """The text of an lz-string ``compressToBase64`` payload (URL-quoted or not).

    Args:
        payload: the part of the link after its prefix (``load=``, ``scl``...).
        app: how messages name the link (``"SudokuPad link"``).
        limit: characters of output at most (``None``: :data:`MAX_PAYLOAD_CHARS`).

    Raises:
        InvalidPuzzleError: the payload does not decompress (a cut or damaged link, a
            character outside Base64), or decompresses to more than ``limit`` characters.

    >>> import lzstring
    >>> decompress(lzstring.LZString().compressToBase64('{"size": 9}'))
    '{"size": 9}'
    """
    payload = urllib.parse.unquote(payload).replace(" ", "+")
    text = _decode(payload, app, MAX_PAYLOAD_CHARS if limit is None else limit)
    if not text:
        raise InvalidPuzzleError(f"the {app}'s puzzle data does not decompress (is the link complete?)")
    # The apps compress JavaScript strings, UTF-16 code units: a character beyond the BMP (an
    # emoji in a title) comes out as two surrogates, joined here into one character.
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def _decode(data: str, app: str, limit: int) -> str | None:
    """lz-string decompression of Base64 text, stopped past ``limit`` characters; None for
    data that does not decode (as the JavaScript library returns null or "")."""
    values = []
    for at, ch in enumerate(data):
        value = _VALUE.get(ch)
        if value is None:
            shown = ascii(ch) if not ch.isprintable() else repr(ch)
            raise InvalidPuzzleError(
                f"the {app}'s puzzle data does not decompress: {shown} at character {at + 1} is not "
                "Base64 (is the link complete and unchanged?)"
            )
        values.append(value)
    length = len(values)
    if not length:
        return None
    state = {"value": values[0], "position": 32, "index": 1}

    def bits(count: int) -> int:
        out, power = 0, 1
        for _ in range(count):
            if state["value"] & state["position"]:
                out |= power
            state["position"] >>= 1
            if state["position"] == 0:
                state["position"] = 32
                index = state["index"]
                state["value"] = values[index] if index < length else 0
                state["index"] = index + 1
            power <<= 1
        return out

    dictionary: list[str] = ["", "", ""]
    enlarge, width = 4, 3
    kind = bits(2)
    if kind == 2:
        return ""
    if kind not in (0, 1):
        return None
    word = chr(bits(8 if kind == 0 else 16))
    dictionary.append(word)
    result, size = [word], len(word)
    while True:
        if state["index"] > length:
            return ""
        code = bits(width)
        if code in (0, 1):
            dictionary.append(chr(bits(8 if code == 0 else 16)))
            code = len(dictionary) - 1
            enlarge -= 1
        elif code == 2:
            return "".join(result)
        if enlarge == 0:
            enlarge, width = 2**width, width + 1
        if code < len(dictionary) and code > 2:
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = word + word[0]
        else:
            return None
        size += len(entry)
        if size > limit:
            raise InvalidPuzzleError(
                f"the {app}'s puzzle data decompresses to more than {limit:,} characters; "
                "no puzzle needs that many, so it is not read"
            )
        result.append(entry)
        dictionary.append(word + entry[0])
        enlarge -= 1
        word = entry
        if enlarge == 0:
            enlarge, width = 2**width, width + 1
