"""The lz-string payloads of puzzle links (f-puzzles, SudokuPad): decompressed with the
``lzstring`` package, refused with a clear message when they do not decompress."""

from __future__ import annotations

import urllib.parse

from sudoku_cp.errors import InvalidPuzzleError


def decompress(payload: str, app: str = "link") -> str:
    """The text of an lz-string ``compressToBase64`` payload (URL-quoted or not).

    Args:
        payload: the part of the link after its prefix (``load=``, ``scl``...).
        app: how messages name the link (``"SudokuPad link"``).

    Raises:
        InvalidPuzzleError: the payload does not decompress (a cut or damaged link).

    >>> import lzstring
    >>> decompress(lzstring.LZString().compressToBase64('{"size": 9}'))
    '{"size": 9}'
    """
    import lzstring  # here: only links need it

    payload = urllib.parse.unquote(payload).replace(" ", "+")
    try:
        text = lzstring.LZString().decompressFromBase64(payload)
    except Exception:  # the library raises various errors on corrupt input
        text = None
    if not text:
        raise InvalidPuzzleError(f"the {app}'s puzzle data does not decompress (is the link complete?)")
    return text
