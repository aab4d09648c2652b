"""Load a goal preset into the editor as a painted pattern: its pieces in their colours, everything else grey.

Only presets that fix whole pieces can be painted; the orientation presets (`eo`, `co`, `eoline`) are solved from
the Solve dock's preset choice instead. Goals are 3x3x3 patterns: on any other size (the 2x2x2, its free
colouring, the big cubes) the row is disabled with the reason in its tooltip, and loading never changes the
editor's size: the user chooses the 3x3x3 first.
"""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from cubeviz.editor.editor_model import EditorModel
from cubeviz.editor.grey_paint import pattern_colours
from cubeviz.views.preset_picker import PresetPicker
from solvers.goals.presets import FIXED_AXIS_PRESETS, PRESET_NAMES, preset_pattern

GOAL_SIZE = 3  # goal patterns are 3x3x3 patterns
LABEL, LABEL_ELSEWHERE = "Goal preset:", "Goal preset (3x3x3 only):"
LOAD_TIP = "Paint the preset's pieces in their colours and every other sticker grey"
WRONG_SIZE_TIP = "Goal presets are 3x3x3 patterns: choose 3x3x3 in the size box to paint one (this is a {size})"
WHOLE_PIECE_AXIS_PRESETS = ("corners", "edges")  # fixed-axis presets that still solve whole pieces
PAINTABLE_PRESETS = tuple(n for n in PRESET_NAMES if n not in FIXED_AXIS_PRESETS or n in WHOLE_PIECE_AXIS_PRESETS)


class GoalPresetBar(QWidget):
    """Preset + colour + "Load Goal"; `loaded(str)` carries the preset's display name."""

    loaded = pyqtSignal(str)

    def __init__(self, model: EditorModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.picker = PresetPicker(model.scheme, PAINTABLE_PRESETS, parent=self)
        self.load_button = QPushButton("Load Goal", self)
        self.load_button.setToolTip(LOAD_TIP)
        self.label = QLabel(LABEL, self)
        self._own_tips: dict[QWidget, str] = {}  # each part's tooltip, kept while the reason replaces it
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.picker)
        layout.addWidget(self.load_button)
        self.load_button.clicked.connect(self.load)
        model.size_changed.connect(lambda _size: self.refresh())
        model.changed.connect(self.refresh)  # free colouring switches on and off without a size change
        self.refresh()

    def usable(self) -> bool:
        """Whether a goal can be painted on the editor's colouring: a 3x3x3, not the 2x2's free colouring."""
        return self.model.size == GOAL_SIZE and not self.model.recolour

    def refresh(self) -> None:
        """Enable the row on the 3x3x3; elsewhere disable it and say why in every part's tooltip."""
        usable = self.usable()
        size = self.model.size
        reason = WRONG_SIZE_TIP.format(
            size=f"{size}x{size}x{size}" + (" in free colouring" if self.model.recolour else "")
        )
        self.label.setText(LABEL if usable else LABEL_ELSEWHERE)
        for widget in (self.label, self.picker, self.load_button):  # the picker's boxes follow it (and keep their own
            widget.setEnabled(usable)  # state: a preset on the standard axes only has no colour to choose)
        parts: list[QWidget] = [self, self.label, self.picker, self.load_button, *self.picker.findChildren(QWidget)]
        for part in parts:
            if not usable:  # a disabled part shows its own tooltip when it has one: make it the reason
                self._own_tips.setdefault(part, part.toolTip())
                part.setToolTip(reason)
            elif part in self._own_tips:
                part.setToolTip(self._own_tips.pop(part))

    def load(self) -> bool:
        """Paint the chosen preset (one undo step) on the 3x3x3; on any other size nothing changes (False): the
        editor's size is the user's to choose, never switched behind their back."""
        if not self.usable():
            return False
        name, colour = self.picker.preset, self.picker.colour
        self.model.set_colours(pattern_colours(preset_pattern(name, colour)), f"goal {name} ({colour})")
        self.loaded.emit(f"{name} ({colour})")
        return True
