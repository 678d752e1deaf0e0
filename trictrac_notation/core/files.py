"""Reading a file that a user, a record or a site names, within bounds.

Only a regular file is read (never a device such as ``/dev/zero``, a pipe that would block, or a
folder), and at most ``limit`` bytes of it: a name given by someone else cannot make the tool hang
or fill the memory.  Every refusal is one :class:`Unreadable` with a short reason.
"""

from __future__ import annotations

import os
import stat

from ..errors import TrictracError

CHUNK = 1 << 20


class Unreadable(TrictracError):
    """A file that is not read: ``kind`` is 'missing', 'folder', 'special', 'too-big' or 'error';
    ``str()`` says why in a few words (for 'too-big', ``size`` is the file's size in bytes)."""

    def __init__(self, kind: str, reason: str, size: int | None = None):
        super().__init__(reason)
        self.kind, self.reason, self.size = kind, reason, size

    def __str__(self) -> str:
        return self.reason


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, if it holds at most ``limit`` of them."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError as e:
        raise Unreadable("missing", e.strerror or "No such file or directory") from None
    except IsADirectoryError:
        raise Unreadable("folder", "is a folder, not a file") from None
    except OSError as e:
        raise Unreadable("error", e.strerror or str(e)) from None
    except ValueError:  # a NUL in the name
        raise Unreadable("error", "not a file name (it holds a NUL character)") from None
    try:
        mode = os.fstat(fd)
        if stat.S_ISDIR(mode.st_mode):
            raise Unreadable("folder", "is a folder, not a file")
        if not stat.S_ISREG(mode.st_mode):
            raise Unreadable("special", "not a regular file (a device, a pipe or a socket)")
        if mode.st_size > limit:
            raise Unreadable("too-big", f"{mode.st_size:,} bytes, more than {limit:,}", mode.st_size)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, CHUNK))  # (a read of `limit` bytes allocates them first)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
    except OSError as e:
        raise Unreadable("error", e.strerror or str(e)) from None
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while we read it
        raise Unreadable("too-big", f"more than {limit:,} bytes", len(data))
    return data
