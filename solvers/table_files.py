"""The table file format: a checksummed header naming the table, then the arrays as numpy images, read in place.

A file is ``<name>-v<version>.tbl``: an 8-byte magic, a 32-byte BLAKE2b digest, a 4-byte length and the table's
identity (``<name>-v<version>`` and this file format), then the payload (an ``.npy`` image for one array, an
``.npz`` image for a dict of arrays); the digest covers identity and payload. Why this shape:

* the digest sits inside the file, so data and checksum can never come from two different writers;
* a damaged or truncated file fails the digest and is rebuilt, never trusted;
* a valid file of another table (copied or renamed over this one) names another identity and is rebuilt: a
  checksum alone would let it give confidently wrong answers;
* only regular files are read (a FIFO or a device in a table's place would block or never end), and only once
  their size equals what their own header says they hold (``table_sizing``): a file grown to 100 GB is damaged,
  not a reason to allocate 100 GB;
* writes go to a unique temporary file in the same directory and are renamed into place, so a crash or a
  concurrent writer never leaves a half file under the real name;
* a format change bumps ``version``, which changes the file name, so stale files are simply not read;
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import stat
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from solvers.table_sizing import TableMemoryError, expected_file_size

_MAGIC = b"CVZTBL02"
_DIGEST_SIZE = 32
_LENGTH_SIZE = 4
_HEADER_SIZE = len(_MAGIC) + _DIGEST_SIZE + _LENGTH_SIZE

Table = np.ndarray | dict[str, np.ndarray]


def _digest(payload: memoryview | bytes) -> bytes:
    return hashlib.blake2b(payload, digest_size=_DIGEST_SIZE).digest()


def _serialise(table: Table) -> bytes:
    """The payload image of `table` in memory (write_table streams the same bytes to the file instead)."""
    buffer = io.BytesIO()
    _serialise_into(buffer, table)
    return buffer.getvalue()


def _serialise_into(handle, table: Table) -> None:
    """Write the payload image of `table` (an .npy image for one array, an .npz image for a dict) to `handle`,
    whose current position becomes the image's offset 0."""
    if isinstance(table, np.ndarray):
        np.save(handle, table, allow_pickle=False)
    elif isinstance(table, Mapping) and all(isinstance(v, np.ndarray) for v in table.values()):
        np.savez(_Window(handle), **table)  # type: ignore[arg-type]  # (numpy's stub takes the flag for an array)
    else:
        raise TypeError("a table builder must return a numpy array or a dict of numpy arrays")


class _Window:
    """A writable, seekable view of a file from its current position on: zipfile records offsets from where it
    starts, so the archive written through it is the same image as one written to a buffer of its own."""

    def __init__(self, handle) -> None:
        self._handle = handle
        self._start = handle.tell()

    def write(self, data) -> int:
        return self._handle.write(data)

    def read(self, size: int = -1) -> bytes:  # (numpy takes an object with `read` for a file, not a path)
        return self._handle.read(size)

    def tell(self) -> int:
        return self._handle.tell() - self._start

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        if whence == io.SEEK_SET:
            offset += self._start
        return self._handle.seek(offset, whence) - self._start

    def seekable(self) -> bool:
        return True

    def writable(self) -> bool:
        return True

    def flush(self) -> None:
        self._handle.flush()


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


def _read_whole(handle, size: int) -> np.ndarray:
    """The file's `size` bytes, read straight into one buffer of that size.

    Why a numpy buffer: numpy asks the kernel for transparent huge pages on large allocations, and the
    optimal solver reads its gigabyte of tables at random, so with 4 KB pages nearly every read also misses
    the TLB; on a virtual machine huge pages cut a random read from about 400 ns to 250 ns (measured). Why
    not read(): a buffered read joins chunks, which briefly holds the file twice (1.7 GB for an 834 MB table).
    The caller has checked `size` against what the file's own header says it holds, so a file grown to any size
    (a sparse 100 GB file in a table's place) is refused before anything is allocated."""
    try:
        data = np.empty(size, dtype=np.uint8)
    except MemoryError:
        raise TableMemoryError(size) from None
    view = memoryview(data)  # type: ignore[arg-type]  # (an ndarray is a buffer; numpy's stubs do not say so)
    handle.seek(0)
    done = 0
    while done < size:
        n = handle.readinto(view[done:])
        if not n:
            raise OSError("the table file shrank while being read")
        done += n
    return data


def identity_of(path: Path) -> bytes:
    """What a table file must say it holds: its name and version (the file name's stem) and this file format."""
    return f"{path.stem} {_MAGIC.decode()}".encode()


def read_table(path: Path) -> Table | None:
    """The verified table at `path`, or None if it is missing, not a regular file, damaged, truncated or grown,
    or a valid file of another table. TableMemoryError when a sound file is larger than the process can hold."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb", buffering=0) as handle:
            size = os.fstat(handle.fileno()).st_size
            if expected_file_size(handle, size, _MAGIC, identity_of(path)) != size:
                return None  # damaged, truncated, grown, or another table's file: rebuilt
            data = _read_whole(handle, size)
    except OSError:
        return None
    view = memoryview(data)  # type: ignore[arg-type]  # (as above)
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


_DIGEST_CHUNK = 16 << 20  # bytes read back at a time to checksum a written payload


def write_table(path: Path, table: Table) -> None:
    """Atomically write `table` to `path` (a unique temp file, fsync, then rename).

    The payload is streamed into the file and checksummed by reading it back in chunks, then the digest is
    written into its place in the header: a serialised copy in memory would add the table's size (twice, while
    the copy's buffer grows) to a build's peak, 2.5 GB for the split table."""
    identity = identity_of(path)
    checked_head = len(identity).to_bytes(_LENGTH_SIZE, "little") + identity
    if not isinstance(table, np.ndarray | Mapping):
        raise TypeError("a table builder must return a numpy array or a dict of numpy arrays")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w+b") as handle:
            handle.write(_MAGIC)
            handle.write(bytes(_DIGEST_SIZE))  # its place, filled in below
            handle.write(checked_head)
            payload_start = handle.tell()
            _serialise_into(handle, table)
            handle.flush()
            digest = hashlib.blake2b(checked_head, digest_size=_DIGEST_SIZE)
            handle.seek(payload_start)
            chunk = bytearray(_DIGEST_CHUNK)
            while n := handle.readinto(chunk):
                digest.update(memoryview(chunk)[:n])
            handle.seek(len(_MAGIC))
            handle.write(digest.digest())
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
