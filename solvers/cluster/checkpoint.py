"""A batch job's checkpoint: one JSON line per finished task, read back so that the same command run again redoes
only what was not finished.

The file is user-controlled input like any other, so it is read strictly: a regular file only (never a device,
a FIFO or a directory, which would read forever or block), each line through the strict JSON reader, every field
type-checked (`"task": 1.9` or `true` is not task 1) and every result checked by the job's own rule before it is
trusted. The header names the job by a digest of its content (puzzle, input, options), so a checkpoint of another
job is refused instead of mixed in; each record carries a digest of its job, task and result, so a record damaged
or edited by hand is refused too. Each record is appended as one write of one whole line, then fsync'd: a run
killed mid-append leaves at most a torn last line without its line break, which the next run drops (with a note)
and cuts off before appending. A lock keeps two runs from appending to one file at once.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solvers import strict_json
from solvers.cluster.errors import ClusterError
from solvers.output_files import sync_directory

FORMAT_TAG = "cubeviz-checkpoint"
FORMAT_VERSION = 1
_RECORD_KEYS = {"task", "result", "digest"}
_HEADER_KEYS = {"format", "version", "job"}

ResultCheck = Callable[[int, Any], "str | None"]  # (task, result) -> what is wrong with it, or None


def check_checkpoint_path(path: str | Path) -> Path:
    """`path` as a checkpoint can use it: a regular file, or a new name in an existing directory; ClusterError
    otherwise. Checked by stat alone, so a device or a FIFO is refused without being opened."""
    text = os.fspath(path)
    if not text:
        raise ClusterError("the checkpoint path is empty: give a file name")
    path = Path(text)
    try:
        info = path.stat()
    except FileNotFoundError:
        if path.is_symlink():
            raise ClusterError(f"checkpoint {path} is a symbolic link to nothing") from None
        parent = path.absolute().parent
        if not parent.is_dir():
            raise ClusterError(f"checkpoint {path}: the directory {parent} does not exist") from None
        if not os.access(parent, os.W_OK | os.X_OK):
            raise ClusterError(f"checkpoint {path}: cannot create a file in {parent}") from None
        return path
    except OSError as exc:
        raise ClusterError(f"checkpoint {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ClusterError(f"checkpoint {path} is {_kind(info.st_mode)}, not a regular file")
    return path


def _kind(mode: int) -> str:
    kinds = {stat.S_IFDIR: "a directory", stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
             stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket"}  # fmt: skip
    return kinds.get(stat.S_IFMT(mode), "a special file")


class Checkpoint:
    """Finished tasks of one job (`done`: task index -> result), read from `path` and appended to as tasks finish.

    `job` names the job (a digest of its content); `tasks` bounds the task indices; `check` says what is wrong
    with a result (None when it is one this job could have produced). `notes` holds what a caller should tell the
    user (a torn last record dropped). Without a path, records nothing (and `done` stays empty)."""

    def __init__(
        self, path: str | Path | None, job: str, *, tasks: int | None = None, check: ResultCheck | None = None
    ) -> None:
        self.path = Path(path) if path is not None else None
        self.job = job
        self.tasks = tasks
        self.check = check
        self.done: dict[int, Any] = {}
        self.notes: list[str] = []
        self._fd: int | None = None
        if self.path is not None:
            self._open()

    # -- opening and reading ---------------------------------------------------------------------------------------
    def _open(self) -> None:
        assert self.path is not None  # only called with a path
        path = check_checkpoint_path(self.path)
        existed = path.exists()
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC | os.O_NOCTTY, 0o644)
        except OSError as exc:
            raise ClusterError(f"cannot open checkpoint {path}: {exc.strerror or exc}") from None
        try:
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):  # replaced between the check and the open
                raise ClusterError(f"checkpoint {path} is {_kind(mode)}, not a regular file")
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise ClusterError(f"checkpoint {path} is in use by another run") from None
                raise
            if not existed:
                sync_directory(path.absolute().parent)
            self._fd = fd
            self._read()
        except BaseException:
            self._fd = None
            os.close(fd)
            raise

    def _read(self) -> None:
        """Read and check every line; only then cut off a torn last record (or start an empty file), so a
        checkpoint that is refused is left exactly as it was."""
        fd, path = self._fd, self.path
        assert fd is not None and path is not None  # only called on an open checkpoint file
        data = _read_all(fd, path)
        complete, newline, torn = data.rpartition(b"\n")
        lines = complete.split(b"\n") if newline else []
        if torn and not _torn_write(torn, header=not lines):
            raise self._error(len(lines) + 1, "not a checkpoint record (and not one cut off mid-write)")
        for number, raw in enumerate(lines, start=1):
            record = self._parse(raw, number)
            if number == 1:
                self._check_header(record)
            else:
                self._take(record, number)
        if torn:
            self.notes.append(
                f"checkpoint {self.path}: its last record was cut off mid-write and is dropped (that task runs again)"
            )
            os.ftruncate(fd, len(data) - len(torn))
        if not lines:  # nothing complete, not even the header: the file starts afresh
            self._append(_header(self.job))

    def _parse(self, raw: bytes, number: int) -> Any:
        try:
            return strict_json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise self._error(number, "not UTF-8 text") from None
        except json.JSONDecodeError as exc:
            raise self._error(number, f"not a checkpoint record ({exc.msg})") from None

    def _check_header(self, header: Any) -> None:
        if not isinstance(header, dict) or set(header) != _HEADER_KEYS or header["format"] != FORMAT_TAG:
            raise self._error(1, "not a cubeviz checkpoint header")
        if type(header["version"]) is not int or header["version"] != FORMAT_VERSION:
            raise self._error(1, f"unsupported checkpoint version {str(header['version'])[:20]}")
        if header["job"] != self.job:
            raise ClusterError(
                f"checkpoint {self.path} belongs to another job (another puzzle, input or options): use a new file"
            )

    def _take(self, record: Any, number: int) -> None:
        if not isinstance(record, dict) or set(record) != _RECORD_KEYS:
            raise self._error(number, 'not a checkpoint record (expected {"task": N, "result": ..., "digest": ...})')
        task = record["task"]
        if type(task) is not int or task < 0 or (self.tasks is not None and task >= self.tasks):
            limit = f" below {self.tasks}" if self.tasks is not None else ""
            raise self._error(number, f"the task must be a whole number from 0{limit}, not {str(task)[:20]}")
        if task in self.done:
            raise self._error(number, f"task {task} is recorded twice")
        if record["digest"] != record_digest(self.job, task, record["result"]):
            raise self._error(number, f"task {task}: the record does not match its digest (edited or damaged)")
        problem = self.check(task, record["result"]) if self.check is not None else None
        if problem:
            raise self._error(number, f"task {task}: {problem}")
        self.done[task] = record["result"]

    def _error(self, number: int, what: str) -> ClusterError:
        return ClusterError(f"checkpoint {self.path}, line {number}: {what}")

    # -- appending -----------------------------------------------------------------------------------------------
    def record(self, task: int, result: Any) -> None:
        """Append task `task`'s result as one whole line, on disk before this returns."""
        if self._fd is None:
            return
        self._append({"task": task, "result": result, "digest": record_digest(self.job, task, result)})

    def _append(self, record: dict) -> None:
        line = _line(record)
        fd = self._fd
        assert fd is not None  # records are appended to an open checkpoint file only
        try:
            view = memoryview(line)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except OSError as exc:
            raise ClusterError(f"cannot write checkpoint {self.path}: {exc.strerror or exc}") from None

    def close(self) -> None:
        """Release the file (and its lock); recording after this does nothing."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


def record_digest(job: str, task: int, result: Any) -> str:
    """The digest a record carries: of its job, task and result, so that a record edited by hand or damaged on
    disk (a digit changed in a count) is refused rather than trusted. It guards against accidents and casual
    edits; it is not a signature (anyone can compute it)."""
    text = json.dumps([job, task, result], separators=(",", ":"), allow_nan=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def _header(job: str) -> dict:
    return {"format": FORMAT_TAG, "version": FORMAT_VERSION, "job": job}


def _line(record: dict) -> bytes:
    return (json.dumps(record, separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")


_HEADER_START = _line(_header("")).split(b'"job"')[0] + b'"job":"'
_RECORD_START = b'{"task":'


def _torn_write(tail: bytes, *, header: bool) -> bool:
    """Whether `tail` (the bytes after the last line break) can be the start of a line this class writes: of the
    header when nothing precedes it, of a record otherwise. Anything else is not a torn write but another file
    (or a damaged one), and is refused rather than cut off."""
    start = _HEADER_START if header else _RECORD_START
    return start.startswith(tail) or tail.startswith(start)


def _read_all(fd: int, path: Path) -> bytes:
    chunks = []
    try:
        while block := os.read(fd, 1 << 20):
            chunks.append(block)
    except OSError as exc:
        raise ClusterError(f"cannot read checkpoint {path}: {exc.strerror or exc}") from None
    return b"".join(chunks)
