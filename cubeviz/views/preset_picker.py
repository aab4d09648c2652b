"""A goal preset and the colour it is built on, as two combo boxes (the editor and the Solve dock both use it).

The colours are named by the scheme ("Yellow (D)"); the fixed-axis presets (`eo`, `co`, ...) only take D, so the
colour box is disabled for them. "Any colour" (the best of the six) is offered where a search can try them all.
"""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QComboBox, QHBoxLayout, QWidget

from solvers.cube.geometry import Face
from solvers.cube.schemes import ColourScheme
from solvers.goals.presets import ANY_COLOUR, FIXED_AXIS_PRESETS, PRESET_NAMES

COLOUR_TIP = "The colour (face) the preset is built on; D by default"


class PresetPicker(QWidget):
    """`preset` and `colour` ("U".."B" or "any"); `changed()` when either is picked."""

    changed = pyqtSignal()

    def __init__(
        self,
        scheme: ColourScheme,
        presets: tuple[str, ...] = PRESET_NAMES,
        allow_any: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.allow_any = allow_any
        self.preset_box = QComboBox(self)
        self.preset_box.setToolTip("The goal preset (see docs/goals.md for the pieces each one solves)")
        for name in presets:
            self.preset_box.addItem(name, name)
        self.colour_box = QComboBox(self)
        self.colour_box.setToolTip(COLOUR_TIP)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.preset_box, 1)
        layout.addWidget(self.colour_box, 1)
        self.set_scheme(scheme)
        self.preset_box.currentIndexChanged.connect(self._preset_picked)
        self.colour_box.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self._preset_picked()

    @property
    def preset(self) -> str:
        return self.preset_box.currentData()

    @property
    def colour(self) -> str:
        return self.colour_box.currentData() if self.colour_box.isEnabled() else "D"

    def set_preset(self, name: str, colour: str = "D") -> None:
        self.preset_box.setCurrentIndex(self.preset_box.findData(name))
        self.colour_box.setCurrentIndex(self.colour_box.findData(colour))

    def set_scheme(self, scheme: ColourScheme) -> None:
        current = self.colour_box.currentData() or "D"
        self.colour_box.blockSignals(True)
        self.colour_box.clear()
        for face in Face:
            self.colour_box.addItem(f"{scheme.colour_names[face]} ({face.name})", face.name)
        if self.allow_any:
            self.colour_box.addItem("Any colour (best of six)", ANY_COLOUR)
        self.colour_box.setCurrentIndex(max(0, self.colour_box.findData(current)))
        self.colour_box.blockSignals(False)

    def _preset_picked(self, _index: int = 0) -> None:
        fixed = self.preset in FIXED_AXIS_PRESETS
        self.colour_box.setEnabled(not fixed)
        self.colour_box.setToolTip("This preset is defined on the standard axes only" if fixed else COLOUR_TIP)
        self.changed.emit()
