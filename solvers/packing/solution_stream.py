"""Writing a solution file one solution at a time, for searches with more solutions than memory should hold.

The file is the ordinary solution format (see ``solution_io``) with ``count`` written last and without the
optional ``classes`` (class ids need every solution at once). Copy numbers (``instances``) go to a side file while
the solutions stream, and are appended when the search ends. The file appears under its name only when complete:
until then it is written to a part file beside it, which an interrupted run removes and a killed run's successor
removes (a device or a FIFO is written in place instead: see solvers/output_files.py).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import TextIO

from solvers.output_files import OutputFile
from solvers.packing.cover import CoverProblem
from solvers.packing.puzzle import SymmetryMode
from solvers.packing.puzzle_io import puzzle_to_dict
from solvers.packing.solution_io import FORMAT_TAG, FORMAT_VERSION, instance_string


class SolutionFileStream:
    """``with SolutionFileStream(path, problem, up_to) as stream: stream.add(rows)`` for each solution."""

    def __init__(self, path: str | Path, problem: CoverProblem, up_to: SymmetryMode) -> None:
        self.path = Path(path)
        self.problem = problem
        self.count = 0
        self._file = OutputFile(self.path)
        self._out: TextIO = self._file.handle
        self._copies: TextIO | None = None
        if int(problem.kind_count.max()) > 1:
            self._copies = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (closed in __exit__)
        header = {"format": FORMAT_TAG, "version": FORMAT_VERSION, "puzzle": puzzle_to_dict(problem.puzzle)}
        header["up_to"] = up_to.value
        self._out.write(json.dumps(header, separators=(",", ":"))[:-1] + ',"solutions":[')

    def add(self, rows: Sequence[int]) -> None:
        separator = ",\n" if self.count else "\n"
        self._out.write(f'{separator}"{self.problem.labels(rows)}"')
        if self._copies is not None:
            self._copies.write(f'{separator}"{instance_string(self.problem, rows)}"')
        self.count += 1

    def __enter__(self) -> SolutionFileStream:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        try:
            if kind is None:
                self._finish()
        except BaseException:
            self._file.discard()
            raise
        finally:
            if self._copies is not None:
                self._copies.close()
        if kind is not None:
            self._file.discard()
            return
        try:
            self._file.commit()
        except BaseException:
            self._file.discard()
            raise

    def _finish(self) -> None:
        self._out.write("]")
        if self._copies is not None:
            self._copies.seek(0)
            self._out.write(',"instances":[')
            while block := self._copies.read(1 << 20):
                self._out.write(block)
            self._out.write("]")
        self._out.write(f',"count":{self.count}}}\n')
