"""The editor tab: palette, paintable net, live 3D preview, the verdict with its fix, and Apply.

The panel wires widgets to the EditorModel and to the main cube model (`target`); text and file transfer lives
in transfer.py. Contract with the Insight feature: `set_recolour_mode(bool)`, `colouring() -> str` and the
`colouring_changed(str)` signal (24 colour letters, U1-U4 R1-R4 F1-F4 D1-D4 L1-L4 B1-B4, in recolour mode).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from cubeviz.editor import transfer
from cubeviz.editor.editor_model import EditorModel
from cubeviz.editor.goal_presets import GoalPresetBar
from cubeviz.editor.grey_paint import add_grey_button
from cubeviz.editor.net_canvas import NetCanvas
from cubeviz.editor.palette import Palette
from cubeviz.editor.preview import PreviewView
from cubeviz.models.big_cube import MAX_SIZE
from cubeviz.models.cube_model import CubeModel
from solvers.cube.geometry import OPPOSITE_FACE, Face, centre_facelets
from solvers.cube.schemes import ColourScheme

APPLY_LABEL = "entered by hand"
VALID_STYLE = "color: #0a6b2a; font-weight: bold;"
INVALID_STYLE = "color: #a0004f; font-weight: bold;"


class EditorPanel(QWidget):
    """Enter a real cube by hand. `applied(object)` carries the CubeState after Apply; `status(str)` a message."""

    colouring_changed = pyqtSignal(str)
    applied = pyqtSignal(object)
    status = pyqtSignal(str)

    def __init__(
        self,
        target: CubeModel,
        scheme: ColourScheme,
        set_target_size: Callable[[int], None] | None = None,
        rng: random.Random | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.target = target
        self.set_target_size = set_target_size or target.set_size
        self.rng = rng or random.Random()
        self.model = EditorModel(scheme, target.size, self)
        self._emitted: str | None = None  # last colouring_changed text, so each change is sent once
        self._taken: np.ndarray | None = None  # the colours last taken from the cube on screen (None: never)
        self._build()
        self._connect()
        self._refresh()

    # -- layout --------------------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.size_box = QComboBox(self)
        for size in range(2, MAX_SIZE + 1):
            self.size_box.addItem(f"{size}x{size}x{size}", size)
        self.recolour_box = QCheckBox("Free colouring (2x2)", self)
        self.recolour_box.setToolTip("Any colour anywhere, no cube validation (for counting recoloured cubes)")
        self.top_box, self.front_box = QComboBox(self), QComboBox(self)
        self.orientation_label = QLabel("Top / front:", self)
        self.undo_button = QPushButton("Undo", self)
        self.redo_button = QPushButton("Redo", self)
        self.clear_button = QPushButton("Clear", self)
        self.fill_button = QPushButton("Fill from Cube", self)
        self.random_button = QPushButton("Random", self)
        self.palette = Palette(self.model.scheme, self)
        self.grey_button = add_grey_button(self.palette)
        self.goal_presets = GoalPresetBar(self.model, self)
        self.canvas = NetCanvas(self.model, self)
        self.preview = PreviewView(self.model, self)
        self.origin = QLabel(self)  # where the colours shown come from: the cube on screen, or the user's hand
        self.origin.setWordWrap(True)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setMinimumHeight(self.message.fontMetrics().lineSpacing() * 4 + 8)
        self.message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.fix_button = QPushButton("Fix", self)
        self.apply_button = QPushButton("Apply", self)
        self.apply_button.setToolTip("Load this cube into the main view (then Solve works from there)")
        self.paste_button = QPushButton("Paste", self)
        self.copy_button = QPushButton("Copy", self)
        self.open_button = QPushButton("Open...", self)
        self.save_button = QPushButton("Save...", self)

        self.size_box.setToolTip("The puzzle whose colours you enter")
        self.top_box.setToolTip("The colour of the centre on top as you hold the cube")
        self.front_box.setToolTip("The colour of the centre facing you as you hold the cube")
        self.undo_button.setToolTip("Undo the last paint (Ctrl+Z in the net)")
        self.redo_button.setToolTip("Redo the last undone paint")
        self.clear_button.setToolTip("Blank every sticker but the centres")
        self.fill_button.setToolTip("Copy the colours of the cube in the main view")
        self.random_button.setToolTip("Colours of a random valid cube")
        self.fix_button.setToolTip("Apply the correction the message proposes")
        self.paste_button.setToolTip(
            "Paste colours as text (6N² face letters: 24, 54, 96, ...; or a goal pattern with '.')"
        )
        self.copy_button.setToolTip("Copy the colours as text")
        self.open_button.setToolTip("Open a cube file (JSON)")
        self.save_button.setToolTip("Save the colours as a cube file (JSON)")

        # Three short rows rather than two long ones: the tab fits a small window.
        tools = QHBoxLayout()
        for widget in (self.size_box, self.recolour_box, self.orientation_label, self.top_box, self.front_box):
            tools.addWidget(widget)
        tools.addStretch(1)
        painting = QHBoxLayout()
        painting.addWidget(self.palette, 1)
        for button in (self.undo_button, self.redo_button, self.clear_button, self.fill_button, self.random_button):
            painting.addWidget(button)
        transfer = QHBoxLayout()
        transfer.addWidget(self.goal_presets, 1)
        for button in (self.paste_button, self.copy_button, self.open_button, self.save_button):
            transfer.addWidget(button)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.canvas)
        split.addWidget(self.preview)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([520, 480])
        self.split = split
        verdict = QHBoxLayout()
        verdict.addWidget(self.message, 1)
        verdict.addWidget(self.fix_button)
        verdict.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.addLayout(tools)
        layout.addLayout(painting)
        layout.addLayout(transfer)
        layout.addWidget(self.origin)
        layout.addWidget(split, 1)
        layout.addLayout(verdict)
        self._fill_orientation_boxes()

    def _fill_orientation_boxes(self) -> None:
        self.top_box.blockSignals(True)
        self.front_box.blockSignals(True)
        for box in (self.top_box, self.front_box):
            box.clear()
            for face in Face:
                box.addItem(self.model.scheme.colour_names[face], int(face))
        self.top_box.blockSignals(False)
        self.front_box.blockSignals(False)

    def _connect(self) -> None:
        model, stack = self.model, self.model.undo_stack
        model.changed.connect(self._refresh)
        model.size_changed.connect(lambda _size: self._refresh())
        stack.canUndoChanged.connect(self.undo_button.setEnabled)
        stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.undo_button.clicked.connect(stack.undo)
        self.redo_button.clicked.connect(stack.redo)
        self.size_box.activated.connect(lambda index: self.set_size(self.size_box.itemData(index)))
        self.recolour_box.toggled.connect(self.set_recolour_mode)
        self.top_box.activated.connect(self._orientation_chosen)
        self.front_box.activated.connect(self._orientation_chosen)
        self.clear_button.clicked.connect(model.clear)
        self.fill_button.clicked.connect(self.fill_from_cube)
        self.random_button.clicked.connect(lambda: model.randomise(self.rng))
        self.palette.colour_chosen.connect(self._colour_chosen)
        self.canvas.colour_picked.connect(self.palette.set_current)
        self.goal_presets.loaded.connect(lambda name: self.status.emit(f"Goal {name} painted: grey stickers are free"))
        self.fix_button.clicked.connect(self.apply_fix)
        self.apply_button.clicked.connect(self.apply)
        self.paste_button.clicked.connect(lambda: transfer.paste_from_clipboard(self))
        self.copy_button.clicked.connect(lambda: transfer.copy_to_clipboard(self))
        self.open_button.clicked.connect(lambda: transfer.open_dialog(self))
        self.save_button.clicked.connect(lambda: transfer.save_dialog(self))

    # -- the Insight contract ------------------------------------------------------------------------------------
    def set_recolour_mode(self, on: bool) -> None:
        """Free colouring of the 2x2: any palette colour anywhere, validation off, Apply disabled."""
        self.model.set_recolour_mode(on)
        self.recolour_box.blockSignals(True)
        self.recolour_box.setChecked(on)
        self.recolour_box.blockSignals(False)
        self._refresh()

    def colouring(self) -> str:
        """The stickers as the scheme's colour letters in facelet order ('?' for a blank one)."""
        return self.model.letters()

    # -- commands ------------------------------------------------------------------------------------------------
    def set_size(self, size: int) -> None:
        if size != 2 and self.model.recolour:
            self.set_recolour_mode(False)
        self.model.set_size(size)

    def set_scheme(self, scheme: ColourScheme) -> None:
        self.model.set_scheme(scheme)
        self.palette.set_scheme(scheme)
        self.goal_presets.picker.set_scheme(scheme)
        self._fill_orientation_boxes()
        self._refresh()

    def fill_from_cube(self) -> None:
        """Copy the main view's cube (free colouring stays on only when that cube is a 2x2)."""
        if self.model.recolour and self.target.size != 2:
            self.set_recolour_mode(False)
        self.model.fill_from(self.target.state)
        self._taken = self.model.colours.copy()
        self._show_origin()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.open_on_cube()

    def open_on_cube(self) -> None:
        """Shown: start from the cube on screen, unless the colours here are the user's own work (painted since
        they were last taken from the cube) or a free colouring, which stay as they were left."""
        model = self.model
        untouched = self._taken is None or (len(self._taken) == len(model.colours) and self.untouched())
        if untouched and not model.recolour:
            model.load(self.target.state)
            self._taken = model.colours.copy()
        self._show_origin()

    def untouched(self) -> bool:
        """Whether the colours are still those last taken from the cube on screen."""
        return self._taken is not None and np.array_equal(self._taken, self.model.colours)

    def _show_origin(self) -> None:
        if self.model.recolour:
            text = "Free colouring: your own colours, any colour anywhere."
        elif self.untouched():
            text = "Showing the cube on screen. Paint to change it; Apply loads it back into the main view."
        elif self._taken is None:
            text = "Your colouring."
        else:
            text = "Your colouring, changed since it was taken from the cube on screen (Fill from Cube starts again)."
        self.origin.setText(text)

    def apply_fix(self) -> None:
        fix = self.model.verdict.fix
        if fix is not None:
            self.apply_choice(fix)

    def _show_fix(self, verdict) -> None:
        """One fix: the button applies it. Several (the colours cannot tell which piece): the button opens a menu
        to pick the piece. None: no button."""
        button = self.fix_button
        button.setVisible(verdict.fix is not None or bool(verdict.choices))
        if verdict.choices:
            menu = QMenu(button)
            for choice in verdict.choices:
                action = menu.addAction(choice.text)
                action.triggered.connect(lambda _checked=False, fix=choice: self.apply_choice(fix))
            button.setMenu(menu)
            button.setText("Fix...")
            button.setToolTip("Pick the piece you entered wrong: each choice makes the colours a valid cube")
        else:
            button.setMenu(None)
            button.setText("Fix")
            button.setToolTip(verdict.fix.text if verdict.fix else "Apply the correction the message proposes")

    def apply_choice(self, fix) -> None:
        self.model.set_colours(fix.colours, "fix")
        self.status.emit(f"Fixed: {fix.text}")

    def apply(self) -> bool:
        """Load the valid cube into the main model (one undoable step there); False if it is not valid."""
        state = self.model.verdict.state
        if state is None or self.model.recolour:
            return False
        if self.target.size != state.size:
            self.set_target_size(state.size)
        self.target.set_state(state, APPLY_LABEL)
        self.status.emit("Cube applied: the main view shows it; Solve works from there")
        self.applied.emit(state)
        return True

    def _colour_chosen(self, colour: int) -> None:
        self.canvas.current_colour = colour
        self.canvas.setFocus()

    def _orientation_chosen(self) -> None:
        """A new top colour keeps the front if it can, else takes the old top (or the first colour that fits)."""
        centres = self.model.colours[centre_facelets()]
        old_top = Face(int(centres[Face.U]))
        top, front = Face(self.top_box.currentData()), Face(self.front_box.currentData())
        if front in (top, OPPOSITE_FACE[top]):
            if top == old_top:  # the front box asked for an impossible front
                self.status.emit(f"{self.model.scheme.colour_names[front]} cannot be in front with that top colour")
                self._refresh()
                return
            front = next(f for f in (old_top, *Face) if f not in (top, OPPOSITE_FACE[top]))
        self.model.set_orientation(top, front)

    # -- read-out ------------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        model, verdict = self.model, self.model.verdict
        self._show_origin()
        self.size_box.setCurrentIndex(self.size_box.findData(model.size))
        three = model.size == 3 and not model.recolour
        for widget in (self.orientation_label, self.top_box, self.front_box):
            widget.setVisible(three)
        if three:
            centres = model.colours[centre_facelets()]
            self.top_box.setCurrentIndex(self.top_box.findData(int(centres[Face.U])))
            self.front_box.setCurrentIndex(self.front_box.findData(int(centres[Face.F])))
        fix = verdict.fix
        repeated = fix is not None and fix.text.lower() in verdict.message.lower()  # the validator's own advice
        self.message.setText(verdict.message + (f"\nFix: {fix.text}" if fix and not repeated else ""))
        good = verdict.valid or verdict.pattern is not None
        self.message.setStyleSheet(VALID_STYLE if good else ("" if model.recolour else INVALID_STYLE))
        self.grey_button.setEnabled(three)
        self._show_fix(verdict)
        self.apply_button.setEnabled(verdict.valid and not model.recolour)
        self.undo_button.setEnabled(model.undo_stack.canUndo())
        self.redo_button.setEnabled(model.undo_stack.canRedo())
        letters = model.letters() if model.recolour else None
        if letters is not None and letters != self._emitted:
            self.colouring_changed.emit(letters)
        self._emitted = letters
