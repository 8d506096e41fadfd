"""Writing a file whole or not at all, for every output the package writes (SVG, PNG, CNF, CSV).

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "grid.txt")
>>> write_atomic(path, "1234\\n")
>>> open(path).read()
'1234\\n'
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all.

    The data go to a temporary file in the same folder, renamed over ``path`` once
    complete, so a full disk or an interruption never leaves a partial or empty file (the
    temporary is removed). A path that exists and is not a regular file (``/dev/stdout``,
    a named pipe) is written directly: renaming over it would replace it. A new file gets
    the usual permissions (``0o666`` less the umask); a replaced one keeps its own.

    Raises:
        OSError: the file cannot be written (no such folder, no permission, disk full).
    """
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    target = Path(path)
    if target.exists() and not target.is_file():
        with open(target, "wb") as stream:
            stream.write(payload)
        return
    mode = target.stat().st_mode & 0o777 if target.exists() else 0o666 & ~_umask()
    descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(payload)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
