"""Making the window fit the screen it is on: the first-launch size, clamping a restored geometry, scroll areas.

Why here and not in each panel: every panel that may be taller or wider than a laptop's screen uses the same
scroll area, and the window's size rules (85% of the available screen, never outside it) are one policy that
tests check at several screen sizes.
"""

from __future__ import annotations

from PyQt6.QtCore import QRect, QSize, Qt
from PyQt6.QtWidgets import QFrame, QScrollArea, QStyle, QTabWidget, QWidget

FIRST_LAUNCH_FRACTION = 0.85  # of the screen's available geometry: room for the desktop's own panels around it
MINIMUM_WINDOW = QSize(1024, 640)  # the smallest the window may become: every tab stays usable at 1280x720


def first_launch_geometry(available: QRect, fraction: float = FIRST_LAUNCH_FRACTION) -> QRect:
    """`fraction` of `available` in each direction, centred in it (never below the window's minimum where the
    screen allows it)."""
    width = min(available.width(), max(round(available.width() * fraction), MINIMUM_WINDOW.width()))
    height = min(available.height(), max(round(available.height() * fraction), MINIMUM_WINDOW.height()))
    rect = QRect(0, 0, width, height)
    rect.moveCenter(available.center())
    return rect


def clamp_to_screen(rect: QRect, available: QRect) -> QRect:
    """`rect` shrunk to fit `available` and moved inside it: a window saved on a big monitor comes back whole on a
    laptop, and one saved on a monitor that is gone comes back on this one."""
    width = min(rect.width(), available.width())
    height = min(rect.height(), available.height())
    left = min(max(rect.left(), available.left()), available.right() + 1 - width)
    top = min(max(rect.top(), available.top()), available.bottom() + 1 - height)
    return QRect(left, top, width, height)


class PanelScrollArea(QScrollArea):
    """Asks for the room its panel would like (plus a scroll bar), so docks and splitters open at a useful size,
    while its minimum stays small."""

    def sizeHint(self) -> QSize:
        inner = self.widget()
        if inner is None:
            return super().sizeHint()
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        return inner.sizeHint() + QSize(bar + 2, 2)


def scrollable(widget: QWidget, horizontal: bool = True) -> QScrollArea:
    """`widget` in a frameless scroll area that resizes it to fit and scrolls only when the room is smaller than
    the widget's minimum: the panel no longer sets the window's minimum size."""
    area = PanelScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    policy = Qt.ScrollBarPolicy.ScrollBarAsNeeded if horizontal else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    area.setHorizontalScrollBarPolicy(policy)
    return area


class FittingTabWidget(QTabWidget):
    """A tab widget whose minimum size is its current page's, not its largest page's: a wide page shown alone
    (with the docks hidden for it) does not force the docks beside a small page to be narrow."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.currentChanged.connect(lambda _index: self.updateGeometry())

    def minimumSizeHint(self) -> QSize:
        page = self.currentWidget()
        if page is None:
            return super().minimumSizeHint()
        bar = self.tabBar().sizeHint()
        inner = page.minimumSizeHint().expandedTo(page.minimumSize())
        return QSize(max(inner.width(), bar.width() // 2), inner.height() + bar.height())
