"""Whether an assembly of a BurrTools problem comes completely apart, by BurrTools' rules including piece groups.

The moves are those of :mod:`solvers.packing.disassembly` (single pieces and groups slide by whole cells along the
axes; a group that can move away for good is removed and both parts are taken apart in turn). What BurrTools adds
are *piece groups*, for puzzles whose pieces are not all meant to come apart (a cage that stays one piece):

* a part (below the whole assembly) whose pieces all belong to one and the same group counts as taken apart;
* a part that does not come apart counts as taken apart when its pieces can be put into one group: every part
  that stayed together so far, in the order met, gets a group number such that no group holds more copies of a
  piece than the problem allows (``<group group="g" count="n"/>``, or ``group="g"`` for all copies).

An assembly of fewer than two pieces does not count (BurrTools has nothing to take apart there). The searches are
bounded by a number of states; an assembly whose search reaches the bound is *undecided* (None).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from solvers.packing.burrtools_puzzle import BurrProblem
from solvers.packing.disassembly import MAX_FAST_PIECES, DisassemblySearch, OutOfTime, PairCache
from solvers.packing.voxels import Voxel

if TYPE_CHECKING:  # numpy is imported where it is used: a tiny count taken apart in Python never needs it
    import numpy as np

MAX_PIECES = 512  # parts are taken apart recursively, one level per separation: deeper than this is left undecided
SMALL_SECONDS = 0.35  # CPU seconds of Python searches at most before the compiled ones (numba loads in about 0.45 s)

T = TypeVar("T")
V = TypeVar("V")


class GroupedParts:
    """The parts that stayed together so far and whether they can still be given groups (see module docstring)."""

    def __init__(self, problem: BurrProblem, kinds: list[int]) -> None:
        self.kinds = kinds  # kind of each piece of the assembly
        self.capacity = {(k, g): n for k, kind in enumerate(problem.kinds) for g, n in kind.groups}
        self.numbers = sorted({g for k in problem.kinds for g, _ in k.groups})
        self.single = [kind.groups[0][0] if len(kind.groups) == 1 else None for kind in problem.kinds]
        self.sets: list[list[int]] = []
        self.failed = False

    def same_group(self, part: list[int]) -> bool:
        groups = {self.single[self.kinds[p]] for p in part}
        return len(groups) == 1 and None not in groups

    def stuck_ok(self, part: list[int]) -> bool:
        if self.failed:
            return False
        self.sets.append([self.kinds[p] for p in part])
        if not self._assign(0, {}):
            self.failed = True
        return not self.failed

    def _assign(self, index: int, used: dict[tuple[int, int], int]) -> bool:
        if index == len(self.sets):
            return True
        for g in self.numbers:
            need: dict[tuple[int, int], int] = {}
            for k in self.sets[index]:
                need[(k, g)] = need.get((k, g), 0) + 1
            if all(used.get(key, 0) + n <= self.capacity.get(key, 0) for key, n in need.items()):
                for key, n in need.items():
                    used[key] = used.get(key, 0) + n
                if self._assign(index + 1, used):
                    return True
                for key, n in need.items():
                    used[key] -= n
        return False


def takes_apart(
    problem: BurrProblem,
    assembly: Sequence[tuple[int, Sequence[Voxel]]],
    *,
    max_states: int = 2_000_000,
    compiled: bool = True,
    shared: PairCache | None = None,
) -> bool | None:
    """True when ``assembly`` ((kind, cells) per piece) comes completely apart, False when it cannot, None when a
    search reached ``max_states`` first (or the assembly has more than ``MAX_PIECES`` pieces). Each separation is
    searched compiled, or with ``compiled=False`` in Python (the same states in the same order), slide distances
    kept in ``shared`` across assemblies (whose deadline, if any, raises OutOfTime)."""
    if len(assembly) < 2:
        return False
    if len(assembly) > MAX_PIECES:
        return None
    kinds = [int(k) for k, _ in assembly]
    if not compiled:  # the Python search reads (x, y, z) triples as they are
        return _verdict(problem, kinds, [list(cells) for _, cells in assembly], max_states, compiled, shared)
    import numpy as np

    pieces = [np.asarray(list(cells), dtype=np.int64).reshape(-1, 3) for _, cells in assembly]
    return _verdict(problem, kinds, pieces, max_states, compiled, shared)


def _verdict(problem: BurrProblem, kinds: list[int], pieces: list, max_states: int, compiled: bool,
             shared: PairCache | None) -> bool | None:  # fmt: skip
    groups = GroupedParts(problem, kinds)
    solver = DisassemblySearch(pieces, max_states, groups.same_group, groups.stuck_ok, fast=compiled, shared=shared)
    _moves, _levels, ok = solver.take_apart(list(range(len(pieces))), [(0, 0, 0)] * len(pieces), top=True)
    if ok:
        return True
    return False if solver.complete else None


def _python_seconds(seconds: float | None) -> float:
    """How long the Python searches may run before the compiled ones take over (none once numba is loaded)."""
    if seconds is not None:
        return seconds
    return 0.0 if "numba" in sys.modules else SMALL_SECONDS  # burrtools_search.numba_loaded, without its numpy


def _while_cheap(items: Sequence[T], decide: Callable[[T, PairCache], V], seconds: float) -> list[V]:
    """``decide`` (a Python search) on the first items, one after the other, while all of them look done within
    ``seconds`` of CPU: it stops when the time is up, or once a quarter of it is spent when the time per item
    so far, times the items, says the whole would take longer. The verdicts given so far; the caller has the
    rest searched compiled."""
    out: list[V] = []
    if seconds <= 0 or not len(items):
        return out
    started = time.process_time()
    shared = PairCache(started + seconds)
    try:
        for item in items:
            out.append(decide(item, shared))
            spent = time.process_time() - started
            # the first assemblies also fill the shared tables: judge the pace only after a quarter of the time
            if spent > seconds / 4 and spent * len(items) > seconds * len(out) and len(out) < len(items):
                break
    except OutOfTime:
        pass
    return out


def takes_apart_many(
    problem: BurrProblem,
    assemblies: Sequence[Sequence[tuple[int, Sequence[Voxel]]]],
    *,
    max_states: int = 2_000_000,
    python_seconds: float | None = None,
) -> list[bool | None]:
    """:func:`takes_apart` for many assemblies. The whole recursion runs compiled, all assemblies in one call (the
    same parts in the same order, so the same verdicts; with piece groups the stuck parts are given groups
    afterwards, see :func:`_grouped_verdicts`). While numba is not loaded, the assemblies are first taken apart in
    Python for up to ``python_seconds`` (default ``SMALL_SECONDS``): a small count is done before numba would be;
    the compiled search takes the rest over from the assembly where time ran out."""

    def in_python(assembly, shared: PairCache) -> bool | None:
        return takes_apart(problem, assembly, max_states=max_states, compiled=False, shared=shared)

    out = _while_cheap(assemblies, in_python, _python_seconds(python_seconds))
    rest = assemblies[len(out) :]
    if not rest:
        return out
    if any(len(a) > MAX_FAST_PIECES for a in rest):
        return out + [takes_apart(problem, a, max_states=max_states) for a in rest]
    import numpy as np

    # the assemblies of a count share most of their pieces (the same cell tuples): each converted to an array once
    arrays: dict[int, np.ndarray] = {}
    cells: list[np.ndarray] = []
    assembly_starts = [0]
    for assembly in rest:
        for _, piece in assembly:
            found = arrays.get(id(piece))
            if found is None:
                found = arrays[id(piece)] = np.asarray(piece, dtype=np.int64).reshape(-1, 3)
            cells.append(found)
        assembly_starts.append(len(cells))
    flat = np.concatenate(cells) if cells else np.zeros((0, 3), dtype=np.int64)
    piece_starts = np.concatenate([[0], np.cumsum([len(piece) for piece in cells])]).astype(np.int64)
    starts = np.asarray(assembly_starts, dtype=np.int64)
    if any(k.groups for k in problem.kinds):
        kinds = np.asarray([int(k) for assembly in rest for k, _ in assembly], dtype=np.int64)
        grouped = _grouped_verdicts(problem, kinds, flat, piece_starts, starts, max_states)
        return out + [True if v == 1 else False if v == 0 else None for v in grouped.tolist()]
    from solvers.packing.disassembly_kernel import take_apart_all  # numba: loaded only when needed

    verdicts = take_apart_all(flat, piece_starts, starts, max_states)
    return out + [True if v == 1 else False if v == 0 else None for v in verdicts.tolist()]


def _grouped_verdicts(problem: BurrProblem, kinds: np.ndarray, cells: np.ndarray, piece_starts: np.ndarray,
                      assembly_starts: np.ndarray, max_states: int) -> np.ndarray:  # fmt: skip
    """1 apart, 0 not, -1 undecided for each assembly of a problem with piece groups (pieces ``kinds``, cells as
    for ``take_apart_all``): every assembly's recursion in one compiled call (``take_apart_grouped``), then the
    stuck parts it reports given groups here, in the order met, as :func:`takes_apart` gives them: the first that
    cannot be given one ends its assembly (undecided when a search before it, or its own, reached the bound)."""
    import numpy as np

    from solvers.packing.disassembly_kernel import take_apart_grouped

    single = [kind.groups[0][0] if len(kind.groups) == 1 else None for kind in problem.kinds]
    dense = {g: i for i, g in enumerate(sorted({g for g in single if g is not None}))}
    group_of = np.asarray([-1 if g is None else dense[g] for g in single], dtype=np.int64)[kinds]
    verdicts, stuck_assembly, stuck_limit, stuck_start, stuck_pieces = take_apart_grouped(
        cells, piece_starts, assembly_starts, group_of, max_states
    )
    verdicts = verdicts.copy()
    stuck_assembly, stuck_limit, stuck_start = stuck_assembly.tolist(), stuck_limit.tolist(), stuck_start.tolist()
    stuck_pieces = stuck_pieces.tolist()
    at = 0
    while at < len(stuck_assembly):
        i = stuck_assembly[at]
        first, last = int(assembly_starts[i]), int(assembly_starts[i + 1])
        groups = GroupedParts(problem, kinds[first:last].tolist())
        limit = False
        verdict = 1
        while at < len(stuck_assembly) and stuck_assembly[at] == i:
            limit = limit or bool(stuck_limit[at])
            if verdict == 1 and not groups.stuck_ok(stuck_pieces[stuck_start[at] : stuck_start[at + 1]]):
                verdict = -1 if limit else 0
            at += 1
        verdicts[i] = verdict
    return verdicts


def verdicts_from_rows(
    problem: BurrProblem,
    cover,
    target: np.ndarray,
    rows: np.ndarray,
    skip_kind: int | None,
    max_states: int,
    python_seconds: float | None = None,
) -> np.ndarray | None:
    """:func:`takes_apart_many` for assemblies given as kernel rows (one assembly per line, -1 padded; rows of
    ``skip_kind``, the empty cells, left out), the pieces in the order of the rows: 1 apart, 0 not, -1 undecided.
    The pieces' cells are gathered with numpy rather than as Python tuples. None when an assembly has too many
    pieces for the compiled recursion (then :func:`takes_apart` decides). The first assemblies go through the
    Python search as in :func:`takes_apart_many`."""
    import numpy as np

    kinds = np.append(cover.row_kind, -1)  # the padding -1 has no kind
    valid = (rows >= 0) & (kinds[rows] != (-2 if skip_kind is None else skip_kind))
    per_assembly = valid.sum(axis=1)
    if len(rows) and int(per_assembly.max()) > MAX_FAST_PIECES:
        return None
    row_cells, row_kind = cover.row_cells, cover.row_kind

    def in_python(at: int, shared: PairCache) -> int:
        used = rows[at][valid[at]].tolist()
        pieces = [target[row_cells[r][row_cells[r] >= 0]] for r in used]
        kinds_used = [int(row_kind[r]) for r in used]
        verdict = len(pieces) >= 2 and _verdict(problem, kinds_used, pieces, max_states, False, shared)
        return 1 if verdict else 0 if verdict is False else -1

    done = _while_cheap(range(len(rows)), in_python, _python_seconds(python_seconds))
    if len(done) == len(rows):
        return np.asarray(done, dtype=np.int64)
    rows, valid, per_assembly = rows[len(done) :], valid[len(done) :], per_assembly[len(done) :]
    piece_rows = rows[valid]
    # each piece's cells gathered by its own size (its kind's): the padded rows are as wide as the largest piece
    kind_sizes = np.asarray([len(piece.cells) for piece in cover.puzzle.pieces], dtype=np.int64)
    sizes = kind_sizes[cover.row_kind[piece_rows]]
    piece_starts = np.zeros(len(piece_rows) + 1, dtype=np.int64)
    np.cumsum(sizes, out=piece_starts[1:])
    at = np.repeat(piece_rows * cover.row_cells.shape[1] - piece_starts[:-1], sizes) + np.arange(piece_starts[-1])
    cells = np.ascontiguousarray(target[cover.row_cells.ravel()[at]], dtype=np.int64).reshape(-1, 3)
    assembly_starts = np.zeros(len(per_assembly) + 1, dtype=np.int64)
    np.cumsum(per_assembly, out=assembly_starts[1:])
    if any(k.groups for k in problem.kinds):
        rest = _grouped_verdicts(problem, cover.row_kind[piece_rows], cells, piece_starts, assembly_starts, max_states)
    else:
        from solvers.packing.disassembly_kernel import take_apart_all

        rest = take_apart_all(cells, piece_starts, assembly_starts, max_states)
    return np.concatenate([np.asarray(done, dtype=np.int64), rest.astype(np.int64)])
