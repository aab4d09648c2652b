"""The colour palette: one button per scheme colour, labelled with its letter and number key (1-6)."""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QButtonGroup, QHBoxLayout, QPushButton, QWidget

from solvers.cube.geometry import Face
from solvers.cube.schemes import ColourScheme

BUTTON_SIZE = 44


class Palette(QWidget):
    """Buttons in face order U R F D L B (keys 1-6); `colour_chosen(int)` gives the colour id (Face)."""

    colour_chosen = pyqtSignal(int)

    def __init__(self, scheme: ColourScheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: dict[Face, QPushButton] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for face in Face:
            button = QPushButton(self)
            button.setCheckable(True)
            button.setFixedSize(BUTTON_SIZE, BUTTON_SIZE)
            self.group.addButton(button, int(face))
            self.buttons[face] = button
            layout.addWidget(button)
        layout.addStretch(1)
        self.group.idClicked.connect(self.colour_chosen)
        self.set_scheme(scheme)
        self.set_current(int(Face.U))

    def set_scheme(self, scheme: ColourScheme) -> None:
        for face, button in self.buttons.items():
            r, g, b = scheme.rgb[face]
            text_colour = "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#eee"
            button.setText(f"{scheme.letters[face]}\n{int(face) + 1}")
            button.setToolTip(f"{scheme.colour_names[face]}: key {scheme.letters[face]} or {int(face) + 1}")
            button.setStyleSheet(
                f"QPushButton {{ background: rgb({r},{g},{b}); color: {text_colour}; font-weight: bold;"
                " border: 2px solid #555; border-radius: 6px; }"
                " QPushButton:checked { border: 4px solid #ff00c8; }"
            )

    def set_current(self, colour: int) -> None:
        button = self.group.button(colour)  # a face colour, or grey when the editor added it
        if button is not None:
            button.setChecked(True)

    def current(self) -> int:
        return self.group.checkedId()
