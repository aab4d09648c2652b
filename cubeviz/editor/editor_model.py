"""The colouring being entered by hand: size (2x2x2 and up), one colour id per sticker (or BLANK), its verdict,
its own undo.

A QObject only for the `changed` signal and Qt's undo stack; no widgets. The editor's undo is separate from the
main cube's: painting stickers is not a cube move, and Apply is one undoable step on the main model.
"""

from __future__ import annotations

import random

import numpy as np
from PyQt6.QtCore import QObject, pyqtSignal
from PyQt6.QtGui import QUndoStack

from cubeviz.editor.big_checks import judge_big
from cubeviz.editor.checks import BLANK, Verdict, judge
from cubeviz.editor.grey_paint import GREY
from cubeviz.models.big_cube import AnyState, is_big, solved_state, sticker_faces
from cubeviz.models.snapshot_command import SnapshotCommand
from solvers.cube.geometry import Face, centre_facelets
from solvers.cube.moves import whole_cube_rotations
from solvers.cube.schemes import ColourScheme
from solvers.cube.scramble import random_state
from solvers.nxn.scramble import random_turns
from solvers.nxn.state import NxNState

_NOT_A_COLOUR = {BLANK: "?", GREY: "."}  # how stickers without a colour read as text


class EditorModel(QObject):
    """Colours of every sticker. In recolour mode (2x2 only) any colour goes anywhere and nothing is validated.

    Signals: `changed()` after any edit (the verdict is fresh by then), `size_changed(int)`.
    """

    changed = pyqtSignal()
    size_changed = pyqtSignal(int)

    def __init__(self, scheme: ColourScheme, size: int = 3, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scheme = scheme
        self.undo_stack = QUndoStack(self)
        self._size = size
        self._colours = _solved_colours(size)
        self._recolour = False
        self._verdict = _judge(self._colours, size, scheme)

    # -- reading -------------------------------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self._size

    @property
    def colours(self) -> np.ndarray:
        return self._colours.copy()

    @property
    def recolour(self) -> bool:
        return self._recolour

    @property
    def verdict(self) -> Verdict:
        return self._verdict

    def colour_at(self, facelet: int) -> int:
        return int(self._colours[facelet])

    def is_fixed(self, facelet: int) -> bool:
        """Centres of the 3x3 are fixed (they define the colours); choose them with `set_orientation`."""
        return self._size == 3 and facelet in set(centre_facelets().tolist())

    def letters(self) -> str:
        """The colouring in the scheme's colour letters, '?' for a blank sticker, '.' for a grey one."""
        return "".join(_NOT_A_COLOUR.get(int(c)) or self.scheme.letters[Face(int(c))] for c in self._colours)

    def face_letters(self) -> str:
        """The colouring as home-face letters (the Kociemba string when the centres are at home)."""
        return "".join(_NOT_A_COLOUR.get(int(c)) or Face(int(c)).name for c in self._colours)

    # -- editing (each is one undo step) -------------------------------------------------------------------------
    def paint(self, facelet: int, colour: int) -> bool:
        """Paint one sticker; False (nothing done) for a fixed centre or the colour it already has."""
        if self.is_fixed(facelet) or self._colours[facelet] == colour:
            return False
        colours = self._colours.copy()
        colours[facelet] = colour
        self._push(colours, "paint")
        return True

    def set_colours(self, colours, label: str) -> None:
        """Replace every sticker (clear, fill, random, paste, fix); the length must match the size."""
        colours = np.asarray(colours, dtype=np.int64)
        if colours.shape != (n_facelets(self._size),):
            raise ValueError(f"{len(colours)} colours for a {self._size}x{self._size}x{self._size}")
        if not np.array_equal(colours, self._colours):
            self._push(colours, label)

    def clear(self) -> None:
        """Every sticker blank except the fixed centres."""
        colours = np.full(n_facelets(self._size), BLANK, dtype=np.int64)
        if self._size == 3 and not self._recolour:
            places = centre_facelets()
            colours[places] = self._colours[places]
        self.set_colours(colours, "clear")

    def fill_from(self, state: AnyState) -> None:
        if state.size != self._size:
            self.set_size(state.size)
        self.set_colours(sticker_faces(state), "fill from cube")

    def load(self, state: AnyState) -> None:
        """Start over from `state`: its colours and a fresh undo history (the editor opening on the cube on screen
        is where editing starts, not an edit to undo)."""
        if state.size != self._size:
            self.set_size(state.size)
        self.undo_stack.clear()
        self._store(sticker_faces(state).astype(np.int64))

    def randomise(self, rng: random.Random) -> None:
        """A uniformly random valid cube; a big cube's after a WCA-length random-turn scramble (recolour mode: each
        sticker a random colour)."""
        if self._recolour:
            self.set_colours([rng.randrange(6) for _ in range(n_facelets(self._size))], "random")
            return
        if is_big(self._size):
            scrambled = NxNState.solved(self._size).apply(random_turns(self._size, rng.getrandbits(64)))
            self.set_colours(scrambled.colours, "random")
            return
        self.set_colours(random_state(self._size, rng).colours(), "random")

    def set_orientation(self, top: Face, front: Face) -> None:
        """3x3: the colours of the centres, given the colour on top and in front (24 real choices)."""
        for rotation in whole_cube_rotations(3):
            if rotation.centres[Face.U] == top and rotation.centres[Face.F] == front:
                colours = self._colours.copy()
                colours[centre_facelets()] = rotation.centres
                self.set_colours(colours, "orientation")
                return
        raise ValueError(f"{top.name} on top and {front.name} in front is not a cube orientation")

    # -- modes ---------------------------------------------------------------------------------------------------
    def set_size(self, size: int) -> None:
        """Switch puzzle: a solved colouring and a fresh undo history."""
        if size == self._size:
            return
        if self._recolour and size != 2:
            raise ValueError("free colouring is for the 2x2x2 only")
        self.undo_stack.clear()
        self._size = size
        self._store(_solved_colours(size))
        self.size_changed.emit(size)

    def set_recolour_mode(self, on: bool) -> None:
        """Free colouring of the 2x2 (switches to it): any colour anywhere, no validation."""
        if on == self._recolour:
            return
        if on and self._size != 2:
            self._recolour = True
            self.undo_stack.clear()
            self._size = 2
            self._store(_solved_colours(2))
            self.size_changed.emit(2)
            return
        self._recolour = on
        self._store(self._colours)

    def set_scheme(self, scheme: ColourScheme) -> None:
        self.scheme = scheme
        self._store(self._colours)

    # -- internals -----------------------------------------------------------------------------------------------
    def _push(self, colours: np.ndarray, label: str) -> None:
        self.undo_stack.push(SnapshotCommand(self._store, self._colours.copy(), colours.copy(), label))

    def _store(self, colours: np.ndarray) -> None:
        self._colours = colours.copy()
        if self._recolour:
            self._verdict = Verdict(None, "Free colouring: any colour anywhere, no cube validation")
        else:
            self._verdict = _judge(self._colours, self._size, self.scheme)
        self.changed.emit()


def n_facelets(size: int) -> int:
    """6 N^2 stickers, any size."""
    return 6 * size * size


def _solved_colours(size: int) -> np.ndarray:
    return sticker_faces(solved_state(size)).astype(np.int64)


def _judge(colours: np.ndarray, size: int, scheme: ColourScheme) -> Verdict:
    """The 2x2x2/3x3x3 judge (with its repairs and goal patterns), or the big-cube engine's validation."""
    return judge_big(colours, size) if is_big(size) else judge(colours, size, scheme)
