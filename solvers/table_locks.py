"""The table cache's build locks and its clean-up: a lock per table file, held while it is built, and a sweep that
removes what dead builds left (temp files, lock files) without touching a build that is still running.

A table `T` (``name-vN.tbl``) is built under an advisory ``flock`` on ``.T.lock``, and its temp files are
``.T.<random>.tmp``. Why the protocol has the shape it has:

* the lock file is opened with ``O_NOFOLLOW`` and must be a regular file: a symlink put in its place is removed,
  never followed (following it would create or lock a file outside the cache);
* a lock file is removed by its holder before it lets go, so the cache keeps no empty lock files. A process that
  opened the file before it was removed and then gets the lock holds a lock on a file nobody else can see, so
  after every acquisition the holder checks that the path still names the file it locked, and starts again if not;
* every temp file of a table is written while its lock is held, so whoever holds the lock knows that any temp file
  of that table belongs to a build that died (killed mid-write): it removes them. The sweep does this for every
  table whose lock it can take at once, and skips those being built.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from solvers.engine import ProgressFn

LOCK_POLL_SECONDS = 0.2  # how often a process waiting for another's build checks the lock (and can be cancelled)
_TABLE_SUFFIX = ".tbl"
_OPEN_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def lock_path(path: Path) -> Path:
    return path.parent / f".{path.name}.lock"


def temp_prefix(path: Path) -> str:
    """What the names of `path`'s temp files start with (they end in ``.tmp``)."""
    return f".{path.name}."


def _open_lock(where: Path) -> int | None:
    """A descriptor of the lock file (created if absent), or None where no lock can be had (see build_lock)."""
    for _ in range(3):
        try:
            fd = os.open(where, _OPEN_FLAGS, 0o600)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.EMLINK) and where.is_symlink():
                with contextlib.suppress(OSError):
                    where.unlink()  # removes the link itself, never what it points at
                continue
            return None
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)  # a FIFO, a device or a directory in the lock's place: not ours to lock or remove
        return None
    return None


def _still_named(fd: int, where: Path) -> bool:
    """Whether `where` still names the file open as `fd` (its holder may have removed it meanwhile)."""
    try:
        named, held = os.stat(where, follow_symlinks=False), os.fstat(fd)
    except OSError:
        return False
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _try_flock(fd: int) -> bool | None:
    """True: locked; False: another process holds it; None: this file system has no locks."""
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    except OSError:
        return None


def _release(fd: int, where: Path) -> None:
    """Remove the lock file (while still holding it), then let go."""
    with contextlib.suppress(OSError):
        if _still_named(fd, where):
            os.unlink(where)
    os.close(fd)


@contextlib.contextmanager
def build_lock(path: Path, report: ProgressFn) -> Iterator[bool]:
    """Hold the advisory lock that says "this table is being built" while the body runs; yields whether it holds it.

    Waiting polls rather than blocks, so the wait reports itself and a progress callback that raises
    BuildCancelled ends it. Where locks are unavailable (no fcntl, an unwritable cache directory, a file system
    without locks) the body runs unlocked: the atomic write still keeps every file whole, at the cost of a
    duplicate build."""
    try:
        import fcntl  # noqa: F401 - only whether it exists

        path.parent.mkdir(parents=True, exist_ok=True)
    except (ImportError, OSError):
        yield False
        return
    where = lock_path(path)
    while True:
        fd = _open_lock(where)
        if fd is None:
            yield False
            return
        try:
            while (locked := _try_flock(fd)) is False:
                report(0.0, f"waiting for another process building {path.stem}")
                time.sleep(LOCK_POLL_SECONDS)
        except BaseException:
            os.close(fd)
            raise
        if locked is None:
            os.close(fd)
            yield False
            return
        if _still_named(fd, where):
            break
        os.close(fd)  # its holder removed it while this process waited: lock the file that is there now
    try:
        yield True
    finally:
        _release(fd, where)


def remove_temps(path: Path, older_than: float | None = None, now: float | None = None) -> None:
    """Delete `path`'s temp files (only those untouched for `older_than` seconds, when given).

    Without an age, call it only while holding `path`'s lock: then no live build is writing any of them."""
    now = time.time() if now is None else now
    for temp in path.parent.glob(f"{temp_prefix(path)}*.tmp"):
        with contextlib.suppress(OSError):
            if older_than is None or now - temp.lstat().st_mtime > older_than:
                temp.unlink()


def sweep(directory: Path) -> None:
    """Remove the temp and lock files of every table in `directory` that no process is building now (nothing where
    there are no locks to tell: then temp files go by age, see `load_or_build`)."""
    try:
        import fcntl  # noqa: F401 - only whether it exists

        names = os.listdir(directory)
    except (ImportError, OSError):
        return
    tables = set()
    for name in names:
        if name.startswith(".") and name.endswith(".lock") and name[1:-5].endswith(_TABLE_SUFFIX):
            tables.add(name[1:-5])
        elif name.startswith(".") and name.endswith(".tmp") and _TABLE_SUFFIX + "." in name:
            tables.add(name[1 : name.index(_TABLE_SUFFIX + ".") + len(_TABLE_SUFFIX)])
    for table in sorted(tables):
        path = directory / table
        where = lock_path(path)
        fd = _open_lock(where)
        if fd is None:
            continue
        if _try_flock(fd) and _still_named(fd, where):
            remove_temps(path)
            _release(fd, where)
        else:
            os.close(fd)  # being built (or no locks here): its files are not this process's to judge
