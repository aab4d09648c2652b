"""The cube toolbar's size chooser: a spin box showing `7x7x7`, stepped with the arrows or the wheel, or typed
(`12` or `12x12x12`, then Enter); the size chosen is remembered in the settings."""

from __future__ import annotations

import re
from collections.abc import Callable

from PyQt6.QtGui import QValidator
from PyQt6.QtWidgets import QSpinBox, QToolBar

from cubeviz import settings as keys
from cubeviz.models.big_cube import MAX_SIZE
from cubeviz.models.cube_model import CubeModel
from cubeviz.settings import Settings

DEFAULT_SIZE = 3
_NUMBER = re.compile(r"^\s*(\d{0,3})\s*(?:[xX×]\s*(\d{0,3})\s*(?:[xX×]\s*(\d{0,3}))?)?\s*$")


def saved_size(settings: Settings) -> int:
    """The size remembered from the last run (3 when none, or when the value is no size the app shows)."""
    value = settings.number(keys.PUZZLE_SIZE, DEFAULT_SIZE)
    return int(value) if value == int(value) and 2 <= value <= MAX_SIZE else DEFAULT_SIZE


class SizeSpinBox(QSpinBox):
    """Sizes 2..MAX_SIZE written as NxNxN; typing a bare number is enough."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setRange(2, MAX_SIZE)
        self.setKeyboardTracking(False)  # a typed "1" on the way to "17" must not build a 1-layer anything
        self.setToolTip(f"Cube size: 2x2x2 to {MAX_SIZE}x{MAX_SIZE}x{MAX_SIZE} (arrows, wheel, or type a number)")
        self.setAccessibleName("Cube size")

    def textFromValue(self, value: int) -> str:
        return f"{value}x{value}x{value}"

    def valueFromText(self, text: str) -> int:
        match = _NUMBER.match(text)
        return int(match.group(1)) if match and match.group(1) else self.value()

    def validate(self, text: str, position: int) -> tuple[QValidator.State, str, int]:
        match = _NUMBER.match(text)
        if match is None:
            return QValidator.State.Invalid, text, position
        numbers = [int(group) for group in match.groups() if group]
        if not numbers:
            return QValidator.State.Intermediate, text, position
        if numbers[0] > MAX_SIZE:
            return QValidator.State.Invalid, text, position
        if numbers[0] < 2 or any(number != numbers[0] for number in numbers):
            return QValidator.State.Intermediate, text, position
        return QValidator.State.Acceptable, text, position


def add_size_chooser(toolbar: QToolBar, model: CubeModel, choose: Callable[[int], None]) -> SizeSpinBox:
    """The chooser at the toolbar's start, following the model's size (menus switch it too) and asking `choose`."""
    box = SizeSpinBox(toolbar)
    box.setValue(model.size)
    first = toolbar.actions()[0] if toolbar.actions() else None
    action = toolbar.insertWidget(first, box) if first is not None else toolbar.addWidget(box)
    if first is not None:
        toolbar.insertSeparator(first)
    action.setVisible(True)
    box.valueChanged.connect(lambda size: size != model.size and choose(size))
    model.size_changed.connect(lambda size: box.value() != size and box.setValue(size))
    return box
