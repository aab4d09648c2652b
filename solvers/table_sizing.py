"""A table file's expected size, read from its headers before the file is read or any memory is allocated.

Why: a table is read whole into one buffer of the file's size, so a file grown in place (``truncate -s 100G``
keeps a sound header and adds zeros) would otherwise ask numpy for 100 GB before the checksum could say it is
damaged. The size a sound file has follows from small reads: the identity's length, then for an ``.npy`` payload
its header's shape and dtype, and for an ``.npz`` payload its zip directory, whose members must lie end to end
(as ``np.savez`` writes them). A file whose size differs is damaged and is rebuilt.
"""

from __future__ import annotations

import io
import zipfile
from typing import BinaryIO

import numpy as np

_DIGEST_SIZE = 32
_LENGTH_SIZE = 4
_MAX_IDENTITY = 4096  # a table's identity is its name, version and format: tens of bytes
_MAX_NPY_HEADER = 1 << 16  # numpy writes a few hundred bytes; a header claiming more is damage
_ZIP_TAIL_PER_MEMBER = 46 + 255 + 64  # a central directory entry: fixed part, name, zip64 extra field
_ZIP_TAIL = 22 + 56 + 20 + 65_535  # end record, zip64 end record and locator, the longest comment


class TableMemoryError(MemoryError):
    """A sound table file larger than this process can hold (its memory limit or the machine's memory)."""

    def __init__(self, size: int) -> None:
        super().__init__(
            f"a solver table needs {size / 1e9:.1f} GB of memory and this process cannot have that much "
            "(free memory or ulimit)"
        )
        self.size = size


def expected_file_size(handle: BinaryIO, size: int, magic: bytes, identity: bytes) -> int | None:
    """The size the table file open as `handle` (`size` bytes now) must have, or None when its headers already
    show it is not a sound file of the table `identity` names."""
    head_size = len(magic) + _DIGEST_SIZE + _LENGTH_SIZE
    head = _read_at(handle, 0, head_size)
    if len(head) < head_size or head[: len(magic)] != magic:
        return None
    length = int.from_bytes(head[-_LENGTH_SIZE:], "little")
    if length != len(identity) or _read_at(handle, head_size, length) != identity:
        return None
    start = head_size + length
    lead = _read_at(handle, start, 6)
    if lead == b"\x93NUMPY":
        payload = _npy_size(handle, start)
        return None if payload is None else start + payload
    if lead[:4] == b"PK\x03\x04":
        return _npz_file_size(handle, start, size)
    return None


def _read_at(handle: BinaryIO, offset: int, count: int) -> bytes:
    handle.seek(offset)
    return handle.read(count)


def _npy_size(handle: BinaryIO, start: int) -> int | None:
    """Bytes of the .npy image at `start`: its header plus shape x itemsize, from the header alone."""
    prefix = _read_at(handle, start, 12)
    if len(prefix) < 10:
        return None
    major = prefix[6]
    if major == 1:
        header_len, fixed = int.from_bytes(prefix[8:10], "little"), 10
    elif major in (2, 3):
        header_len, fixed = int.from_bytes(prefix[8:12], "little"), 12
    else:
        return None
    if header_len > _MAX_NPY_HEADER:
        return None
    image = _read_at(handle, start, fixed + header_len)
    stream = io.BytesIO(image)
    try:
        version = np.lib.format.read_magic(stream)
        read = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        shape, _, dtype = read(stream)
    except (ValueError, TypeError, SyntaxError, EOFError):
        return None
    if dtype.hasobject or stream.tell() != len(image):
        return None
    count = 1
    for extent in shape:
        count *= int(extent)
    return len(image) + count * dtype.itemsize


def _npz_file_size(handle: BinaryIO, start: int, size: int) -> int | None:
    """`size` when the .npz image from `start` to the end is one archive of .npy members lying end to end (the
    last ending where the directory starts) followed by no more than a directory's worth of bytes; else None."""
    try:
        archive = zipfile.ZipFile(handle)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return None
    with archive:
        members = sorted(archive.infolist(), key=lambda info: info.header_offset)
        position = start
        for info in members:
            if info.header_offset != position or info.compress_type != zipfile.ZIP_STORED:
                return None
            local = _read_at(handle, position, 30)
            if len(local) < 30 or local[:4] != b"PK\x03\x04":
                return None
            names = int.from_bytes(local[26:28], "little") + int.from_bytes(local[28:30], "little")
            data_start = position + 30 + names
            payload = _npy_size(handle, data_start)
            if payload is None or payload != info.compress_size:
                return None
            position = data_start + info.compress_size
        directory = archive.start_dir
    if position != directory or size - directory > _ZIP_TAIL + _ZIP_TAIL_PER_MEMBER * len(members):
        return None
    return size
