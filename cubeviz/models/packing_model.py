"""The packing browser's state, Qt-free: the puzzle, its solution set, the symmetry level shown, pins and the
filtered list, the current solution, and which pieces are hidden or highlighted.

Why Qt-free: every rule of browsing (what "next" means in a filtered list, which solutions a pin keeps, what a
level's count is) is tested headless and fast; the widgets subscribe with `subscribe(callback)` and redraw on the
event names below. Solutions are kept once, at the finest level known; a coarser level shows one representative
per symmetry class (the first of its class), and pins filter whichever list is shown. A pin is either a whole
placement (the piece exactly where it is) or a `CellPin` (the piece covers one cell, however it lies).

Events: "puzzle" (new puzzle, no solutions yet), "solutions" (a new set), "list" (level or pins changed the
list), "current" (another solution is shown), "pieces" (hidden / highlighted pieces changed).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from solvers.packing.burrtools_puzzle import BurrProblem
from solvers.packing.cover import CoverProblem, Placement, build_cover
from solvers.packing.poses import PoseTable, instance_kinds, instance_rows
from solvers.packing.puzzle import Puzzle, SymmetryMode
from solvers.packing.queries import SolutionSet

LEVEL_NAMES = {
    SymmetryMode.NONE: "All placements",
    SymmetryMode.ROTATION: "Up to rotation",
    SymmetryMode.MIRROR: "Up to rotation and reflection",
}
NEAREST_LIMIT = 10

Listener = Callable[[str], None]


@dataclass(frozen=True)
class CellPin:
    """Keep the solutions in which ``piece`` covers file cell ``cell`` (a pin placed by hand, cube by cube)."""

    piece: str
    cell: int


Pin = Placement | CellPin


def pin_text(pin: Pin) -> str:
    if isinstance(pin, CellPin):
        return f"{pin.piece} covers cell {pin.cell}"
    return f"{pin.piece} at cells {sorted(pin.cells)}"


NOT_TAKEN_APART = -3  # in `disassembly`: that solution's level has not been looked for


class PackingModel:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self.puzzle: Puzzle | None = None
        self.problem: CoverProblem | None = None
        self.poses: PoseTable | None = None
        self.solutions: SolutionSet | None = None
        self.source = ""
        self.level = SymmetryMode.NONE
        self.pins: list[Pin] = []
        self.visible = np.zeros(0, dtype=np.int64)  # solution indices of the list shown, in order
        self.position = -1  # index into `visible` of the solution shown
        self.hidden: set[int] = set()
        self.highlight: int | None = None
        self._levels: dict[SymmetryMode, np.ndarray] = {}
        self.disassembly: np.ndarray | None = None  # level per solution (solvers.packing.disassembly), when known
        self.apart_only = False  # list only the solutions that can be taken apart (once levels are known)
        self.undefined_levels: dict[SymmetryMode, str] = {}  # levels this puzzle has not, and why
        self.cell_colours: tuple[dict[tuple[int, int, int], str], ...] = ()  # per kind: piece cell -> #rrggbb
        self.burrtools: BurrProblem | None = None  # a BurrTools problem: taken apart by its rules (piece groups)

    # -- observers ---------------------------------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def _emit(self, event: str) -> None:
        for listener in list(self._listeners):
            listener(event)

    # -- loading -----------------------------------------------------------------------------------------------------
    def set_puzzle(
        self,
        puzzle: Puzzle,
        problem: CoverProblem | None = None,
        source: str = "",
        *,
        undefined: dict[SymmetryMode, str] | None = None,
        cell_colours: tuple[dict[tuple[int, int, int], str], ...] = (),
        burrtools: BurrProblem | None = None,
    ) -> None:
        """A new puzzle without solutions (they come from enumeration or a file). ``undefined``: the symmetry levels
        the puzzle has not, each with the reason; ``cell_colours``: colours a file gives single cells of the pieces
        (per kind, piece cell -> ``#rrggbb``), drawn over the piece's own colour; ``burrtools``: the BurrTools
        problem the puzzle shows (its kinds those of the puzzle, in order), whose assemblies come apart by
        BurrTools' rules rather than plain disassembly."""
        self.undefined_levels = dict(undefined or {})
        self.cell_colours = cell_colours
        self.burrtools = burrtools
        self.puzzle = puzzle
        self.problem = problem or build_cover(puzzle)
        self.poses = PoseTable(self.problem)
        self.source = source or puzzle.title
        self.solutions = None
        self._levels = {}
        self.disassembly = None
        self.pins, self.hidden, self.highlight = [], set(), None
        self.visible = np.zeros(0, dtype=np.int64)
        self.position = -1
        self._emit("puzzle")

    def set_solutions(self, solutions: SolutionSet, source: str = "") -> None:
        """Show a solution set (its puzzle replaces the current one when it differs)."""
        if self.problem is not solutions.problem:
            self.puzzle = solutions.problem.puzzle
            self.problem = solutions.problem
            self.poses = PoseTable(self.problem)
            self.hidden, self.highlight = set(), None
            self.undefined_levels, self.cell_colours, self.burrtools = {}, (), None
            self._emit("puzzle")
        self.source = source or self.source
        self.solutions = solutions
        self._levels = {solutions.up_to: np.arange(len(solutions), dtype=np.int64)}
        for mode, ids in solutions.classes.items():
            _, first = np.unique(ids, return_index=True)
            self._levels[mode] = np.sort(first).astype(np.int64)
        self.level = solutions.up_to
        self.pins = []
        self.disassembly = solutions.levels
        self._emit("solutions")
        self._refilter(keep=None)

    # -- levels ------------------------------------------------------------------------------------------------------
    def level_counts(self) -> dict[SymmetryMode, int]:
        """Solutions per symmetry level that this set can show (finest first)."""
        return {mode: len(self._levels[mode]) for mode in SymmetryMode if mode in self._levels}

    def set_level(self, mode: SymmetryMode) -> None:
        if mode not in self._levels:
            raise ValueError(f"this solution set has no {LEVEL_NAMES[mode].lower()} list")
        keep = self.current_index
        self.level = mode
        self._refilter(keep)

    def class_of(self, index: int, mode: SymmetryMode) -> int | None:
        """Class id of solution ``index`` at a coarser level (None when unknown or at the set's own level)."""
        if self.solutions is None or mode not in self.solutions.classes:
            return None
        return int(self.solutions.classes[mode][index])

    # -- disassembly -----------------------------------------------------------------------------------------------
    def set_disassembly(self, levels: np.ndarray | None) -> None:
        """Levels per solution of the set shown (STUCK, UNDECIDED or a level), from a worker or a file."""
        self.disassembly = levels
        self._refilter(self.current_index)

    def set_apart_only(self, on: bool) -> None:
        if on != self.apart_only:
            self.apart_only = on
            self._refilter(self.current_index)

    # -- pins and the filtered list --------------------------------------------------------------------------------
    def pin_instance(self, instance: int) -> Placement | None:
        """Pin piece instance ``instance`` where it is in the shown solution; the list keeps only agreeing ones."""
        rows = self.current_rows()
        if rows is None:
            return None
        placement = self.problem.placement(rows[instance])
        if placement not in self.pins:
            self.pins.append(placement)
            self._refilter(self.current_index)
        return placement

    def pin_cell(self, instance: int, cell: int) -> CellPin | None:
        """Pin by hand: keep the solutions in which the piece of ``instance`` covers file cell ``cell``."""
        if self.problem is None:
            return None
        pin = CellPin(self.puzzle.pieces[self.instance_kinds()[instance]].name, int(cell))
        if pin not in self.pins:
            self.pins.append(pin)
            self._refilter(self.current_index)
        return pin

    def unpin(self, pin: Pin) -> None:
        if pin in self.pins:
            self.pins.remove(pin)
            self._refilter(self.current_index)

    def clear_pins(self) -> None:
        if self.pins:
            self.pins = []
            self._refilter(self.current_index)

    def level_list(self) -> np.ndarray:
        return self._levels.get(self.level, np.zeros(0, dtype=np.int64))

    def _refilter(self, keep: int | None) -> None:
        base = self.level_list()
        if self.pins and self.solutions is not None:
            placements = [p for p in self.pins if isinstance(p, Placement)]
            if placements:
                base = base[np.isin(base, self.solutions.filter(placements))]
            for pin in self.pins:
                if isinstance(pin, CellPin):
                    base = base[np.isin(base, self.solutions.filter_cell(pin.piece, pin.cell))]
        if self.apart_only and self.disassembly is not None:
            base = base[self.disassembly[base] >= 0]  # looked for and found: stuck, undecided, unknown drop out
        self.visible = base
        where = np.flatnonzero(base == keep) if keep is not None else np.zeros(0, dtype=np.int64)
        self.position = int(where[0]) if len(where) else (0 if len(base) else -1)
        self._emit("list")
        self._emit("current")

    # -- navigation --------------------------------------------------------------------------------------------------
    @property
    def current_index(self) -> int | None:
        return int(self.visible[self.position]) if 0 <= self.position < len(self.visible) else None

    def go_to(self, position: int) -> None:
        """Show the solution at ``position`` of the shown list (clamped)."""
        if not len(self.visible):
            return
        position = min(max(int(position), 0), len(self.visible) - 1)
        if position != self.position:
            self.position = position
            self._emit("current")

    def navigate(self, action: str, rng: random.Random | None = None) -> None:
        """ "first", "previous", "next", "last" or "random"."""
        n = len(self.visible)
        if not n:
            return
        targets = {"first": 0, "previous": self.position - 1, "next": self.position + 1, "last": n - 1}
        if action == "random":
            self.go_to((rng or random).randrange(n))
        else:
            self.go_to(targets[action])

    def jump_to_number(self, number: int) -> bool:
        """Go to solution number ``number`` (1-based, as the list shows it); False when it is not in the list."""
        if self.solutions is None or not 1 <= number <= len(self.solutions):
            return False
        where = np.flatnonzero(self.visible == number - 1)
        if not len(where):
            return False
        self.go_to(int(where[0]))
        return True

    def nearest(self, limit: int = NEAREST_LIMIT) -> list[tuple[int, int]]:
        """Solutions of the shown level differing from the current one in the fewest pieces: (index, pieces)."""
        index = self.current_index
        if index is None:
            return []
        pool = self.level_list()
        diff = self.solutions.differences(self.solutions.rows[index])[pool]
        order = np.lexsort((pool, diff))
        return [(int(pool[i]), int(diff[i])) for i in order if pool[i] != index][:limit]

    # -- what the view draws ---------------------------------------------------------------------------------------
    def instance_kinds(self) -> list[int]:
        return instance_kinds(self.problem) if self.problem is not None else []

    def current_rows(self) -> list[int] | None:
        index = self.current_index
        if index is None:
            return None
        return instance_rows(self.problem, self.solutions.rows[index])

    def current_poses(self) -> np.ndarray | None:
        rows = self.current_rows()
        if rows is None:
            return None
        return np.array([self.poses.pose(r).as_matrix() for r in rows])

    def instance_label(self, instance: int) -> str:
        kinds = self.instance_kinds()
        piece = self.puzzle.pieces[kinds[instance]]
        copy = kinds[:instance].count(kinds[instance])
        suffix = f" #{copy + 1}" if piece.count > 1 else ""
        return f"{piece.name}{suffix}" + (f" - {piece.label}" if piece.label else "")

    def set_hidden(self, instance: int, hidden: bool) -> None:
        changed = (instance in self.hidden) != hidden
        (self.hidden.add if hidden else self.hidden.discard)(instance)
        if changed:
            self._emit("pieces")

    def set_highlight(self, instance: int | None) -> None:
        if instance != self.highlight:
            self.highlight = instance
            self._emit("pieces")

    # -- text ----------------------------------------------------------------------------------------------------------
    def solution_text(self, index: int) -> str:
        return self.solutions.labels(index)

    def list_text(self) -> str:
        """The shown list as text: a header, then one line per solution (number, classes, letters)."""
        lines = [f"# {self.puzzle.title}: {LEVEL_NAMES[self.level].lower()}, {len(self.visible)} solution(s)"]
        if self.pins:
            pins = "; ".join(pin_text(p) for p in self.pins)
            lines.append(f"# pinned: {pins}")
        coarser = [m for m in (SymmetryMode.ROTATION, SymmetryMode.MIRROR) if self.class_of(0, m) is not None]
        lines.append("# number " + " ".join(f"{m.value}-class" for m in coarser) + " cells (file order)")
        for index in self.visible.tolist():
            classes = " ".join(str(self.class_of(index, m) + 1) for m in coarser)
            lines.append(f"{index + 1} {classes} {self.solution_text(index)}".replace("  ", " "))
        return "\n".join(lines) + "\n"
