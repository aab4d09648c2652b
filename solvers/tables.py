"""Build-once, verify-on-load cache for the solvers' numpy tables.

Tables live in the user cache directory (``CUBEVIZ_CACHE_DIR`` overrides it; tests point it at a temporary
directory). Each file is ``<name>-v<version>.tbl``: an 8-byte magic, a 32-byte BLAKE2b digest, a 4-byte length
and the table's identity (``<name>-v<version>`` and this file format), then the payload (an ``.npy`` image for one
array, an ``.npz`` image for a dict of arrays); the digest covers identity and payload. Why this shape:

* the digest sits inside the file, so data and checksum can never come from two different writers;
* a damaged or truncated file fails the digest and is rebuilt, never trusted;
* a valid file of another table (copied or renamed over this one) names another identity and is rebuilt: a
  checksum alone would let it give confidently wrong answers;
* only regular files are read (a FIFO or a device in a table's place would block or never end);
* writes go to a unique temporary file in the same directory and are renamed into place, so a crash or a
  concurrent writer never leaves a half file under the real name;
* a format change bumps ``version``, which changes the file name, so stale files are simply not read;
* a build holds an advisory lock on ``.<file>.lock`` beside the table, so two processes that miss the same table
  at once (two app windows, parallel test workers) build it once: the second waits, reporting that it waits, then
  reads what the first wrote.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import stat
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import numpy as np

from solvers.engine import ProgressFn, no_progress

CACHE_ENV_VAR = "CUBEVIZ_CACHE_DIR"
_MAGIC = b"CVZTBL02"
_DIGEST_SIZE = 32
_LENGTH_SIZE = 4
_HEADER_SIZE = len(_MAGIC) + _DIGEST_SIZE + _LENGTH_SIZE
LOCK_POLL_SECONDS = 0.2  # how often a process waiting for another's build checks the lock (and can be cancelled)
STALE_TEMP_SECONDS = 600  # a temp file untouched this long belongs to a build that died: removed before a build

Table = np.ndarray | dict[str, np.ndarray]


class BuildCancelled(Exception):
    """Raised (typically by a progress callback) to abandon a table build; nothing is written."""


def cache_dir() -> Path:
    """Where tables are kept: $CUBEVIZ_CACHE_DIR, else the platform's user cache directory."""
    override = os.environ.get(CACHE_ENV_VAR)
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("cubeviz", appauthor=False))


def table_path(name: str, version: int) -> Path:
    if not name or any(c in name for c in "/\\\0") or name.startswith("."):
        raise ValueError(f"bad table name {name!r}")
    return cache_dir() / f"{name}-v{version}.tbl"


def _digest(payload: memoryview | bytes) -> bytes:
    return hashlib.blake2b(payload, digest_size=_DIGEST_SIZE).digest()


def _serialise(table: Table) -> bytes:
    buffer = io.BytesIO()
    if isinstance(table, np.ndarray):
        np.save(buffer, table, allow_pickle=False)
    elif isinstance(table, Mapping) and all(isinstance(v, np.ndarray) for v in table.values()):
        np.savez(buffer, **table)
    else:
        raise TypeError("a table builder must return a numpy array or a dict of numpy arrays")
    return buffer.getvalue()


def _deserialise(payload: memoryview) -> Table:
    if bytes(payload[:6]) == b"\x93NUMPY":
        stream = _MemoryReader(payload)  # reads the header in place; io.BytesIO would copy the whole table
        version = np.lib.format.read_magic(stream)
        read_header = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        shape, fortran, dtype = read_header(stream)
        count = int(np.prod(shape)) if shape else 1
        array = np.frombuffer(payload, dtype=dtype, count=count, offset=stream.tell())
        array.flags.writeable = False  # a view of the file's buffer, shared by every user of the table
        return array.reshape(shape, order="F" if fortran else "C")
    return _deserialise_npz(payload)


class _MemoryReader(io.RawIOBase):
    """A seekable read-only stream over a memoryview, so zipfile can read the archive's directory in place."""

    def __init__(self, view: memoryview) -> None:
        self._view = view
        self._pos = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._pos, io.SEEK_END: len(self._view)}[whence]
        self._pos = max(0, base + offset)
        return self._pos

    def readinto(self, buffer) -> int:
        chunk = self._view[self._pos : self._pos + len(buffer)]
        buffer[: len(chunk)] = chunk
        self._pos += len(chunk)
        return len(chunk)


def _deserialise_npz(payload: memoryview) -> dict[str, np.ndarray]:
    """Each array of an uncompressed .npz image as a view of the payload: no copy.

    Why: the optimal solver's tables are dicts of arrays of up to 834 MB; copying them on load would double the
    memory a load needs (the file's bytes plus the arrays) and take seconds. np.savez stores members
    uncompressed, so each member's .npy image lies in the payload as it is."""
    out = {}
    with zipfile.ZipFile(_MemoryReader(payload)) as archive:
        for info in archive.infolist():
            if info.compress_type != zipfile.ZIP_STORED or not info.filename.endswith(".npy"):
                raise ValueError(f"unexpected member {info.filename!r} in a table archive")
            local = payload[info.header_offset : info.header_offset + 30]
            if bytes(local[:4]) != b"PK\x03\x04":
                raise ValueError("damaged table archive")
            name_len, extra_len = int.from_bytes(local[26:28], "little"), int.from_bytes(local[28:30], "little")
            start = info.header_offset + 30 + name_len + extra_len
            array = _deserialise(payload[start : start + info.file_size])
            if not isinstance(array, np.ndarray):
                raise ValueError("nested table archive")
            out[info.filename[: -len(".npy")]] = array
    return out


def table_bytes(table: object) -> int:
    """Memory a loaded table takes: an array's bytes, or the sum over a dict of arrays."""
    if isinstance(table, np.ndarray):
        return int(table.nbytes)
    if isinstance(table, Mapping):
        return sum(table_bytes(value) for value in table.values())
    return 0


def _read_whole(path: Path) -> np.ndarray:
    """The file's bytes, read straight into one buffer of its size.

    Why a numpy buffer: numpy asks the kernel for transparent huge pages on large allocations, and the
    optimal solver reads its gigabyte of tables at random, so with 4 KB pages nearly every read also misses
    the TLB; on a virtual machine huge pages cut a random read from about 400 ns to 250 ns (measured). Why
    not read(): a buffered read joins chunks, which briefly holds the file twice (1.7 GB for an 834 MB table)."""
    with open(path, "rb", buffering=0) as handle:
        size = os.fstat(handle.fileno()).st_size
        data = np.empty(size, dtype=np.uint8)
        view = memoryview(data)
        done = 0
        while done < size:
            n = handle.readinto(view[done:])
            if not n:
                raise OSError(f"{path} shrank while being read")
            done += n
    return data


def identity_of(path: Path) -> bytes:
    """What a table file must say it holds: its name and version (the file name's stem) and this file format."""
    return f"{path.stem} {_MAGIC.decode()}".encode()


def read_table(path: Path) -> Table | None:
    """The verified table at `path`, or None if it is missing, not a regular file, damaged, truncated, or a
    valid file of another table."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        data = _read_whole(path)
    except OSError:
        return None
    view = memoryview(data)
    if len(view) < _HEADER_SIZE or bytes(view[: len(_MAGIC)]) != _MAGIC:
        return None
    digest = bytes(view[len(_MAGIC) : len(_MAGIC) + _DIGEST_SIZE])
    length = int.from_bytes(view[_HEADER_SIZE - _LENGTH_SIZE : _HEADER_SIZE], "little")
    checked = view[_HEADER_SIZE - _LENGTH_SIZE :]  # the length, the identity and the payload
    if length > len(checked) or _digest(checked) != digest:
        return None
    if bytes(checked[_LENGTH_SIZE : _LENGTH_SIZE + length]) != identity_of(path):
        return None
    try:
        return _deserialise(checked[_LENGTH_SIZE + length :])
    except (ValueError, OSError, EOFError, KeyError, zipfile.BadZipFile):
        return None


def remove_stale_temps(path: Path, now: float | None = None) -> None:
    """Delete temp files of this table left by builds that died (untouched for STALE_TEMP_SECONDS)."""
    now = time.time() if now is None else now
    for temp in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            if now - temp.stat().st_mtime > STALE_TEMP_SECONDS:
                temp.unlink()


def write_table(path: Path, table: Table) -> None:
    """Atomically write `table` to `path` (a unique temp file, fsync, then rename)."""
    identity = identity_of(path)
    checked_head = len(identity).to_bytes(_LENGTH_SIZE, "little") + identity
    payload = _serialise(table)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            digest = hashlib.blake2b(checked_head, digest_size=_DIGEST_SIZE)
            digest.update(payload)
            handle.write(_MAGIC)
            handle.write(digest.digest())
            handle.write(checked_head)
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise


@contextlib.contextmanager
def build_lock(path: Path, report: ProgressFn) -> Iterator[None]:
    """Hold the advisory lock that says "this table is being built" while the body runs.

    Waiting polls rather than blocks, so the wait reports itself and a progress callback that raises
    BuildCancelled ends it. Where locks are unavailable (no fcntl, an unwritable cache directory) the body runs
    unlocked: the atomic write still keeps every file whole, at the cost of a duplicate build."""
    try:
        import fcntl

        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.parent / f".{path.name}.lock", "a+b")  # noqa: SIM115 - closed in the finally below
    except (ImportError, OSError):
        yield
        return
    try:
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                report(0.0, f"waiting for another process building {path.stem}")
                time.sleep(LOCK_POLL_SECONDS)
            except OSError:  # a file system without locks
                break
        yield
    finally:
        handle.close()  # closing releases the lock


def load_or_build(
    name: str,
    builder: Callable[[ProgressFn], Table],
    *,
    version: int,
    progress: ProgressFn | None = None,
) -> Table:
    """Return the cached table `name` (format `version`), building and caching it first if needed.

    `builder(progress)` must be a pure function of nothing but the code: the cache key is the name and version.
    A missing, damaged or truncated file is rebuilt. If the cache directory cannot be written the freshly built
    table is still returned. Arrays loaded from cache are read-only. Concurrent callers in other processes build
    a table once (see `build_lock`).
    """
    report = progress or no_progress
    path = table_path(name, version)
    cached = read_table(path)
    if cached is not None:
        report(1.0, f"loaded {name}")
        return cached
    with build_lock(path, report):
        cached = read_table(path)  # another process may have built it while this one waited
        if cached is not None:
            report(1.0, f"loaded {name}")
            return cached
        remove_stale_temps(path)
        report(0.0, f"building {name}")
        table = builder(report)
        with contextlib.suppress(OSError):  # a read-only cache costs a rebuild next time, not a failure now
            write_table(path, table)
    report(1.0, f"built {name}")
    return _frozen(table)


def _frozen(table: Table) -> Table:
    """`table` with its arrays read-only, as a table loaded from the cache is.

    Why: numba compiles a kernel once per argument type, and a read-only array is another type than a writable
    one; a search compiled against a freshly built table would be compiled (and cached on disk) for writable
    arrays, and every later process, which loads the table read-only, would compile it again."""
    for array in table.values() if isinstance(table, Mapping) else (table,):
        array.flags.writeable = False
    return table
