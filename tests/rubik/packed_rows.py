"""Reading a table of 2-bit entries (four to a byte) row by row in blocks, so a test that checks every entry of a
141-million-entry table holds a few megabytes of indices at a time instead of several gigabytes."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

ROWS_PER_BLOCK = 2048


def packed_row_blocks(packed: np.ndarray, row_stride: int, n_rows: int, width: int) -> Iterator[tuple[int, np.ndarray]]:
    """(first row, entries) for each block of rows: entry (r, c) is the 2-bit value at index r * row_stride + c."""
    columns = np.arange(width, dtype=np.int64)
    for start in range(0, n_rows, ROWS_PER_BLOCK):
        rows = np.arange(start, min(start + ROWS_PER_BLOCK, n_rows), dtype=np.int64)
        index = (rows[:, None] * row_stride + columns[None, :]).ravel()
        entries = (packed[index >> 2] >> ((index & 3) * 2)) & 3
        yield start, entries.reshape(len(rows), width)
