"""Assemblies of a BurrTools problem taken apart by BurrTools' rules, piece groups included, one at a time: the
level of each assembly of a list, and one assembly's moves to play with the parts that stay together as a group.

The verdicts are those of ``pack FILE.xmpuzzle --disassemble`` (:func:`solvers.packing.burrtools_disassembly.
takes_apart`, with the same bound on states): the same search, the same group bookkeeping, so a list's count of
assemblies that come apart is the command's. What is added here is what a viewer needs besides the verdict: the
level (moves up to the first separation), the moves of the whole play, and which parts were left in one piece
because their pieces form a group (a cage of frames that stays one piece once everything else is out).

Assemblies are given as rows of a cover whose kinds are the problem's kinds in order (the engine puzzle of a plain
problem, or the display puzzle with its *absent* rows for unused copies, which take no part).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from solvers.engine import SearchCancelled, StopFlag
from solvers.packing.burrtools_disassembly import GroupedParts
from solvers.packing.burrtools_puzzle import BurrProblem
from solvers.packing.cover import CoverProblem
from solvers.packing.disassembly import MAX_STATES, Disassembly, DisassemblySearch, Move, level_of, levels_of
from solvers.packing.poses import instance_rows
from solvers.packing.watch import Watch

COUNT_STATES = 2_000_000  # the bound on each search that `pack --disassemble` uses, so the verdicts are its own
ONE_PIECE = -4  # burrtools_solution_levels: an assembly of a single piece, which BurrTools counts as no solution

Together = tuple[tuple[int, ...], int]  # the pieces of a part left in one piece, and the group it forms


@dataclass(frozen=True)
class GroupedDisassembly(Disassembly):
    """A :class:`Disassembly` by BurrTools' rules, with ``together``: each part left in one piece because its
    pieces form a group (pieces numbered as in the rows given, the biggest such parts only, in the order met), and
    ``one_piece`` for an assembly of a single piece (nothing to take apart: BurrTools counts it as no solution)."""

    together: tuple[Together, ...] = ()
    one_piece: bool = False


class _Watched:
    """The group rules of one assembly, with a note of every part they let stay in one piece."""

    def __init__(self, problem: BurrProblem, kinds: list[int], pieces: list[int]) -> None:
        self.groups = GroupedParts(problem, kinds)
        self.pieces = pieces  # piece of the search -> its place in the rows
        self.met: list[tuple[list[int], int | None]] = []  # parts left in one piece, in order, with their group
        # (None: a part that stayed together, numbered at the end, once every such part is known)

    def same_group(self, part: list[int]) -> bool:
        if not self.groups.same_group(part):
            return False
        group = self.groups.single[self.groups.kinds[part[0]]]
        assert group is not None  # same_group: every piece in one group
        self.met.append((list(part), group))
        return True

    def stuck_ok(self, part: list[int]) -> bool:
        if not self.groups.stuck_ok(part):
            return False
        self.met.append((list(part), None))
        return True

    def together(self) -> tuple[Together, ...]:
        """Each part left in one piece with its group, the parts inside a bigger one left out."""
        numbers = iter(_group_numbers(self.groups))
        found = [(part, next(numbers) if g is None else g) for part, g in self.met]
        biggest = [(part, g) for part, g in found if not any(set(part) < set(other) for other, _ in found)]
        return tuple((tuple(sorted(self.pieces[p] for p in part)), g) for part, g in biggest)


def _group_numbers(groups: GroupedParts) -> list[int]:
    """A group for each part that stayed together (``groups.sets``, in order), first fit with backtracking under
    the problem's copies per group: the assignment whose existence the rules ask for."""
    chosen: list[int] = []

    def assign(index: int, used: dict[tuple[int, int], int]) -> bool:
        if index == len(groups.sets):
            return True
        for g in groups.numbers:
            need: dict[tuple[int, int], int] = {}
            for kind in groups.sets[index]:
                need[(kind, g)] = need.get((kind, g), 0) + 1
            if all(used.get(key, 0) + n <= groups.capacity.get(key, 0) for key, n in need.items()):
                after = {**used, **{key: used.get(key, 0) + n for key, n in need.items()}}
                chosen.append(g)
                if assign(index + 1, after):
                    return True
                chosen.pop()
        return False

    if not assign(0, {}):
        raise ValueError("the parts that stayed together cannot be given groups")
    return chosen


def _pieces(cover: CoverProblem, rows: Sequence[int]) -> tuple[list[int], list[int], list[np.ndarray]]:
    """The rows that place cells (absent copies left out): their places in ``rows``, kinds and cells."""
    target = np.asarray(cover.puzzle.target, dtype=np.int64)
    places, kinds, cells = [], [], []
    for i, r in enumerate(rows):
        ids = cover.row_cells[int(r)]
        ids = ids[ids >= 0]
        if len(ids):
            places.append(i)
            kinds.append(int(cover.row_kind[int(r)]))
            cells.append(target[ids])
    return places, kinds, cells


def take_apart_rows(
    problem: BurrProblem,
    cover: CoverProblem,
    rows: Sequence[int],
    *,
    moves: bool = True,
    max_states: int = MAX_STATES,
    stop: StopFlag | None = None,
    progress: Callable[[int], None] | None = None,
) -> GroupedDisassembly:
    """One assembly (row ids of ``cover``, one per piece copy) taken apart by BurrTools' rules. With ``moves`` the
    whole play is recorded (each separation searched in Python, as :func:`solvers.packing.disassembly.disassemble`
    does); without, only the separating moves, each separation searched compiled (quicker, for a list's levels).
    Pieces are numbered by their place in ``rows``. An assembly of fewer than two pieces does not come apart
    (BurrTools has nothing to take apart there). With ``stop`` the Python search raises SearchCancelled soon after
    it is set, and ``progress(states)`` hears how far it has gone."""
    places, kinds, cells = _pieces(cover, rows)
    if len(cells) < 2:
        return GroupedDisassembly(level=None, moves=(), can_take_apart=False, one_piece=len(cells) == 1)
    watched = _Watched(problem, kinds, places)
    checks = (watched.same_group, watched.stuck_ok)
    watch = None if stop is None and progress is None else Watch(stop, progress, "taking apart stopped")
    solver = DisassemblySearch(cells, max_states, *checks, fast=not moves, on_state=watch)
    played, levels, ok = solver.take_apart(list(range(len(cells))), [(0, 0, 0)] * len(cells), top=True)
    renumbered = tuple(Move(tuple(places[p] for p in m.pieces), m.direction, m.distance, m.separates) for m in played)
    return GroupedDisassembly(
        level=levels[0] if levels else None,
        moves=renumbered,
        can_take_apart=ok,
        levels=tuple(levels),
        complete=solver.complete,
        states=solver.states,
        together=watched.together() if ok else (),
    )


def play_rows(
    problem: BurrProblem,
    cover: CoverProblem,
    rows: Sequence[int],
    stop: StopFlag | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    max_states: int = COUNT_STATES,
) -> GroupedDisassembly:
    """One assembly taken apart for a player: the verdict first, by the compiled search under the bound of ``pack
    --disassemble`` (so the player agrees with the list's Level column and the command), then, only when it comes
    apart, the whole play in Python (the same breadth-first search, so it finds the same separations within the
    states the verdict needed). SearchCancelled when ``stop`` is set (checked between the two, and every few
    milliseconds of the second); ``progress(states)`` as :func:`take_apart_rows`."""
    verdict = take_apart_rows(problem, cover, rows, moves=False, max_states=max_states)
    if not verdict.can_take_apart:
        return replace(verdict, moves=())  # its separating moves alone are no play
    if stop is not None and stop.is_set():
        raise SearchCancelled("taking apart stopped")
    return take_apart_rows(problem, cover, rows, max_states=max_states, stop=stop, progress=progress)


def burrtools_solution_levels(
    problem: BurrProblem,
    cover: CoverProblem,
    solutions: Sequence[Sequence[int]],
    stop: StopFlag | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    max_states: int = COUNT_STATES,
) -> np.ndarray | None:
    """:func:`solvers.packing.disassembly.solution_levels` by BurrTools' rules: the level of each assembly, STUCK
    where it does not come apart, ONE_PIECE for an assembly of one piece (BurrTools counts it as no solution: there
    is nothing to take apart) and UNDECIDED where a search reached ``max_states``;
    ``progress(done)`` every so often; None when ``stop`` was set before the end. Each assembly's pieces are
    taken in instance order (:func:`solvers.packing.poses.instance_rows`), as the player takes them, so a level
    listed and the moves played come from the same search."""

    def level(rows: Sequence[int]) -> int:
        found = take_apart_rows(problem, cover, instance_rows(cover, rows), moves=False, max_states=max_states)
        return ONE_PIECE if found.one_piece else level_of(found)

    return levels_of(solutions, level, stop, progress, every=16)
