"""Making the window fit the screen it is on: the first-launch size, clamping a restored geometry, scroll areas.

Why here and not in each panel: every panel that may be taller or wider than a laptop's screen uses the same
scroll area, and the window's size rules (85% of the available screen, never outside it) are one policy that
tests check at several screen sizes.
"""

from __future__ import annotations

from PyQt6.QtCore import QRect, QSize, Qt
from PyQt6.QtWidgets import QFrame, QScrollArea, QStyle, QVBoxLayout, QWidget

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

    def minimumSizeHint(self) -> QSize:
        """Without a sideways scroll bar, as narrow as the panel's minimum (and room for the upright bar): the
        panel is then never cut off at the side. Its height may go down to a few lines: that part scrolls."""
        inner = self.widget()
        if inner is None or self.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            return super().minimumSizeHint()
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        least = inner.minimumSizeHint().expandedTo(inner.minimumSize())
        return QSize(least.width() + bar + 2, min(least.height(), 60))


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


class ScrolledColumn(QVBoxLayout):
    """A column for a panel in a scroll area whose word-wrapped labels have fixed heights. A layout holding a
    wrapped label asks for height-for-width, and the scroll area then measures the panel by its preferred height
    (not its minimum) and shows a scroll bar though the panel fits; the fixed-height labels need no such measure."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return False
