"""A one-line label that shortens its text with an ellipsis when it does not fit, and then shows it whole as a
tooltip.

Why: a long line in a narrow dock either widened the dock (and cut off its buttons) or, word-wrapped in a label
one line high, broke into half-shown lines ("Solutions: 3 (shortest" with the rest below the fold).
"""

from __future__ import annotations

from PyQt6.QtCore import QSize, Qt
from PyQt6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PyQt6.QtWidgets import QLabel, QSizePolicy, QWidget

MINIMUM_CHARACTERS = 6  # enough to show that something is written there


class ElidedLabel(QLabel):
    """`setText` keeps the whole text (`text()` returns it); the label paints what fits, ending in an ellipsis."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._own_tooltip = ""
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - QLabel's name
        super().setText(text)
        self._update_tooltip()

    def setToolTip(self, tip: str) -> None:  # noqa: N802
        self._own_tooltip = tip
        self._update_tooltip()

    def elided(self) -> bool:
        """Whether the text is shortened at the label's present width."""
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def shown_text(self) -> str:
        """The text as painted."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        metrics = self.fontMetrics()
        return QSize(metrics.averageCharWidth() * MINIMUM_CHARACTERS, metrics.height())

    def sizeHint(self) -> QSize:  # noqa: N802
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self.text()) + 2, metrics.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._update_tooltip()

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        flags = (self.alignment() | Qt.AlignmentFlag.AlignVCenter).value
        painter.drawText(self.contentsRect(), flags, self.shown_text())

    def _update_tooltip(self) -> None:
        whole = self.text() if self.text() and self.elided() else ""
        super().setToolTip("\n".join(part for part in (whole, self._own_tooltip) if part))
