"""Build-once, verify-on-load cache for the solvers' numpy tables.

Tables live in the user cache directory (``CUBEVIZ_CACHE_DIR`` overrides it; tests point it at a temporary
directory). Each file is ``<name>-v<version>.tbl``: an 8-byte magic, a 32-byte BLAKE2b digest of the payload, then
the payload (an ``.npy`` image for one array, an ``.npz`` image for a dict of arrays). Why this shape:

* the digest sits inside the file, so data and checksum can never come from two different writers;
* a damaged or truncated file fails the digest and is rebuilt, never trusted;
* writes go to a unique temporary file in the same directory and are renamed into place, so a crash or a
  concurrent writer never leaves a half file under the real name;
* a format change bumps ``version``, which changes the file name, so stale files are simply not read.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np

CACHE_ENV_VAR = "CUBEVIZ_CACHE_DIR"
_MAGIC = b"CVZTBL01"
_DIGEST_SIZE = 32
_HEADER_SIZE = len(_MAGIC) + _DIGEST_SIZE

Table = np.ndarray | dict[str, np.ndarray]
ProgressFn = Callable[[float, str], None]
"""progress(fraction_done in [0, 1], message); it may raise BuildCancelled to abort a build."""


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
        stream = io.BytesIO(payload)
        version = np.lib.format.read_magic(stream)
        read_header = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        shape, fortran, dtype = read_header(stream)
        count = int(np.prod(shape)) if shape else 1
        array = np.frombuffer(payload, dtype=dtype, count=count, offset=stream.tell())
        return array.reshape(shape, order="F" if fortran else "C")
    with np.load(io.BytesIO(payload), allow_pickle=False) as archive:
        return {key: archive[key] for key in archive.files}


def read_table(path: Path) -> Table | None:
    """The verified table at `path`, or None if it is missing, damaged or truncated."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if len(data) < _HEADER_SIZE or not data.startswith(_MAGIC):
        return None
    view = memoryview(data)
    payload = view[_HEADER_SIZE:]
    if _digest(payload) != bytes(view[len(_MAGIC) : _HEADER_SIZE]):
        return None
    try:
        return _deserialise(payload)
    except (ValueError, OSError, EOFError, KeyError):
        return None


def write_table(path: Path, table: Table) -> None:
    """Atomically write `table` to `path` (a unique temp file, fsync, then rename)."""
    payload = _serialise(table)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(_MAGIC)
            handle.write(_digest(payload))
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise


def _ignore_progress(fraction: float, message: str) -> None:
    return None


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
    table is still returned. Arrays loaded from cache are read-only.
    """
    report = progress or _ignore_progress
    path = table_path(name, version)
    cached = read_table(path)
    if cached is not None:
        report(1.0, f"loaded {name}")
        return cached
    report(0.0, f"building {name}")
    table = builder(report)
    with contextlib.suppress(OSError):  # a read-only cache costs a rebuild next time, not a failure now
        write_table(path, table)
    report(1.0, f"built {name}")
    return table
