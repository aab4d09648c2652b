"""Load a goal preset into the editor as a painted pattern: its pieces in their colours, everything else grey.

Only presets that fix whole pieces can be painted; the orientation presets (`eo`, `co`, `eoline`) are solved from
the Solve dock's preset choice instead.
"""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from cubeviz.editor.editor_model import EditorModel
from cubeviz.editor.grey_paint import pattern_colours
from cubeviz.views.preset_picker import PresetPicker
from solvers.goals.presets import FIXED_AXIS_PRESETS, PRESET_NAMES, preset_pattern

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
        self.load_button.setToolTip("Paint the preset's pieces in their colours and every other sticker grey")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Goal preset:", self))
        layout.addWidget(self.picker)
        layout.addWidget(self.load_button)
        self.load_button.clicked.connect(self.load)

    def load(self) -> None:
        """One undo step; switches the editor to the 3x3x3 (goals are 3x3x3 patterns)."""
        name, colour = self.picker.preset, self.picker.colour
        if self.model.recolour or self.model.size != 3:
            if self.model.recolour:
                self.model.set_recolour_mode(False)
            self.model.set_size(3)
        self.model.set_colours(pattern_colours(preset_pattern(name, colour)), f"goal {name} ({colour})")
        self.loaded.emit(f"{name} ({colour})")
