"""Writing a file the user named, without ever destroying something else under that name.

A regular file (or a new name) is written to a temporary file beside it and renamed over it only when complete,
so the old content stays whole until then and an interrupted run leaves the old file. The temporary file's name
carries the writer's process id (`<name>.<pid>.part`) and the writer holds a lock on it: a run killed with
SIGKILL leaves its part file behind, and the next write to that name removes it (its lock is free and its
process gone). Renaming over anything else would replace it by a regular file: a character device (/dev/null
as root) or a FIFO is therefore written in place, as a shell redirection would, and a directory, a block device
or a socket is refused. Comparing files (`same_file`) goes by device and inode, so an input reached through a
symbolic link, a hard link or a relative path is still recognised.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import stat
from pathlib import Path
from types import TracebackType
from typing import TextIO

_KIND_NAMES = {
    stat.S_IFDIR: "a directory",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
    stat.S_IFREG: "a regular file",
}
IN_PLACE_KINDS = (stat.S_IFCHR, stat.S_IFIFO)  # written in place: renaming over them would replace them


class OutputFileError(OSError):
    """A name that cannot be written as asked; `strerror` is the one-line reason (as for any OSError)."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(errno.EINVAL, reason, os.fspath(path))


def kind_name(mode: int) -> str:
    """'a directory', 'a FIFO', ... for a stat mode."""
    return _KIND_NAMES.get(stat.S_IFMT(mode), "a special file")


def check_output_path(path: str | Path) -> None:
    """OutputFileError unless `path` can be written: an existing regular file, character device or FIFO, or a
    new name in an existing, writable directory. Checked by stat alone (nothing is opened or created)."""
    text = os.fspath(path)
    if not text:
        raise OutputFileError(text, "the file name is empty")
    if "\x00" in text:
        raise OutputFileError(text, "the file name holds a NUL character")
    try:
        info = os.stat(text)
    except FileNotFoundError:
        if os.path.islink(text):
            raise OutputFileError(text, "is a symbolic link to nothing") from None
        info = None
    except OSError as exc:
        raise OutputFileError(text, exc.strerror or str(exc)) from None
    if info is not None and stat.S_IFMT(info.st_mode) in IN_PLACE_KINDS:
        return
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise OutputFileError(text, f"is {kind_name(info.st_mode)}, not a file")
    directory = replaced_file(text).parent
    if not os.access(directory, os.W_OK | os.X_OK):
        raise OutputFileError(text, f"cannot create a file in {directory} (the file is replaced whole)")


def replaced_file(path: str | Path) -> Path:
    """The file a write by rename replaces for the name `path` (a regular file or a new name): its directory as
    the kernel resolves it (symbolic links and '..' in order, never '..' taken lexically: 'missing/../x' names no
    file at all), then its name, itself resolved when it is a symbolic link. OutputFileError when there is none."""
    text = os.fspath(path)
    head, name = os.path.split(text)
    if name in ("", ".", ".."):
        raise OutputFileError(text, "does not end in a file name")
    try:
        directory = os.path.realpath(head or ".", strict=True)
    except OSError:
        raise OutputFileError(text, f"the directory {head} does not exist") from None
    if not os.path.isdir(directory):
        raise OutputFileError(text, f"{head} is not a directory")
    target = Path(directory) / name
    if target.is_symlink():
        try:
            target = Path(os.path.realpath(target, strict=True))
        except OSError:
            raise OutputFileError(text, "is a symbolic link to nothing") from None
    return target


def same_file(first: str | Path, second: str | Path) -> bool:
    """Whether the two names are one file (same device and inode); names of files that do not exist are compared
    by their resolved paths."""
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):
        return os.path.realpath(first) == os.path.realpath(second)


class OutputFile:
    """``with OutputFile(path) as handle: handle.write(...)``: the text reaches `path` whole when the block ends
    without an error (see the module's docstring for how), and an error leaves `path` as it was."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        check_output_path(self.path)
        self._partial: Path | None = None
        info = _stat_or_none(self.path)
        if info is not None and stat.S_IFMT(info.st_mode) in IN_PLACE_KINDS:
            fd = _open_or_raise(self.path, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
            self.target = self.path
        else:
            self.target = replaced_file(self.path)  # a symbolic link keeps pointing at the new file
            remove_stale_parts(self.target)
            self._partial = self.target.with_name(f"{self.target.name}.{os.getpid()}.part")
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | os.O_NOFOLLOW
            fd = _open_or_raise(self._partial, flags, 0o666)
            fcntl.flock(fd, fcntl.LOCK_EX)
            if info is not None:
                os.fchmod(fd, stat.S_IMODE(info.st_mode))  # the replaced file's permissions, not the umask's
        self.handle: TextIO = os.fdopen(fd, "w", encoding="utf-8")

    def commit(self) -> None:
        """Flush to disk and put the text under its name."""
        self.handle.flush()
        if self._partial is None:
            self.handle.close()
            return
        os.fsync(self.handle.fileno())
        os.replace(self._partial, self.target)
        self.handle.close()  # after the rename: the lock is held until the part file is gone
        self._partial = None
        sync_directory(self.target.parent)

    def discard(self) -> None:
        """Drop what was written (the part file); the name keeps what it had."""
        if self._partial is not None:
            self._partial.unlink(missing_ok=True)
            self._partial = None
        self.handle.close()

    def __enter__(self) -> TextIO:
        return self.handle

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if kind is None:
            try:
                self.commit()
            except BaseException:
                self.discard()
                raise
        else:
            self.discard()


def remove_stale_parts(target: Path) -> list[Path]:
    """Remove `<target>.<pid>.part` files of writers that are gone (killed before they could clean up): the
    process is not running here and the file's lock is free (a writer on another machine sharing the directory
    still holds its lock). Returns what was removed."""
    pattern = re.compile(rf"^{re.escape(target.name)}\.(\d+)\.part$")
    removed: list[Path] = []
    try:
        names = os.listdir(target.parent)
    except OSError:
        return removed
    for name in names:
        match = pattern.match(name)
        if match is None or (int(match.group(1)) != os.getpid() and _alive(int(match.group(1)))):
            continue  # (a part file of this very pid is a dead process's: its number was reused)
        part = target.parent / name
        try:
            fd = os.open(part, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            part.unlink(missing_ok=True)
            removed.append(part)
        except OSError:
            continue
        finally:
            os.close(fd)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process (or an absurd number): not ours to judge
    return True


def _stat_or_none(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except FileNotFoundError:
        return None


def _open_or_raise(path: Path, flags: int, mode: int = 0o666) -> int:
    try:
        fd = os.open(path, flags, mode)
    except OSError as exc:
        raise OutputFileError(path, exc.strerror or str(exc)) from None
    info = os.fstat(fd)
    if stat.S_IFMT(info.st_mode) != stat.S_IFREG and stat.S_IFMT(info.st_mode) not in IN_PLACE_KINDS:
        os.close(fd)
        raise OutputFileError(path, f"is {kind_name(info.st_mode)}, not a file")
    return fd


def sync_directory(directory: Path) -> None:
    """Make a rename or a new file's name durable (best effort: some file systems cannot open a directory)."""
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
