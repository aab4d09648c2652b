"""A pyqtgraph bar chart of counts per distance: optional log scale, the count under the mouse, one marked bar.

Used for the 2x2 God's tables, a recoloured cube's histogram and the 3x3 session's solution lengths, so the
three read the same way. The counts shown are kept in `counts` for tests and tooltips.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PyQt6.QtCore import QPointF
from PyQt6.QtWidgets import QToolTip

BAR_BRUSH = (70, 120, 190)
MARK_BRUSH = (220, 90, 40)
BAR_WIDTH = 0.8
EMPTY_WIDTH = 10  # bars' worth of axis shown before there is any data
TITLE_POINTS = 10
TITLE_MARGIN = 12  # pixels the title keeps from the chart's right side
ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"


class HistogramPlot(pg.PlotWidget):
    """Bars at x = 0, 1, ...; `set_counts(counts)`, `set_log(bool)`, `set_marked(x or None)`."""

    def __init__(self, title: str, x_label: str = "distance", parent=None) -> None:
        super().__init__(parent=parent, background="w")
        self.counts: list[int] = []
        self.marked: int | None = None
        self.log = False
        self.title = ""
        self.hover_text = ""
        self._title_tip = ""
        self._fitting = False
        self.set_title(title)
        # The count axis widens once its labels are drawn (1.5e+06): the title then has less room.
        self.getAxis("left").geometryChanged.connect(self._fit_title)
        self.setLabel("bottom", x_label)
        self.setLabel("left", "count")
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.getPlotItem().vb.disableAutoRange()
        self.setMinimumHeight(160)
        self._bars = pg.BarGraphItem(x=[], height=[], width=BAR_WIDTH, brushes=[])
        self.addItem(self._bars)
        self.empty_text = pg.TextItem("nothing to show yet", color=(120, 120, 120), anchor=(0.5, 0.5))
        self.addItem(self.empty_text)
        self.hover_text = ""
        self.scene().sigMouseMoved.connect(self._hover)

    def set_title(self, title: str) -> None:
        """The chart's title, shortened with an ellipsis to the chart's width (then whole in the tooltip). A title
        wider than the chart widened the plot's scene past the widget, which then cut off the right of the chart:
        its last bars and the end of the axis."""
        self.title = title
        self._fit_title()

    def shown_title(self) -> str:
        """The title as drawn (shortened or whole)."""
        return self.getPlotItem().titleLabel.text

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if "title" in self.__dict__:  # pyqtgraph resizes the widget once inside its own __init__
            self._fit_title()

    def _fit_title(self) -> None:
        """Draw the longest start of the title (with an ellipsis) that fits the chart's width, measured as
        pyqtgraph draws it."""
        if self._fitting:
            return
        self._fitting = True
        try:
            self._fit_title_within(max(self.width() - self.getAxis("left").width() - TITLE_MARGIN, 40))
        finally:
            self._fitting = False

    def _fit_title_within(self, room: float) -> None:
        """Fit the title in `room` pixels: it sits over the bars, right of the count axis."""
        label = self.getPlotItem().titleLabel

        def fits(text: str) -> bool:
            self.setTitle(text, color="k", size=f"{TITLE_POINTS}pt")
            return label.item.boundingRect().width() <= room

        if not fits(self.title):
            shortest, longest = 0, len(self.title)
            while shortest < longest:  # the longest prefix that fits, found by halving
                middle = (shortest + longest + 1) // 2
                shortest, longest = (
                    (middle, longest) if fits(self.title[:middle] + ELLIPSIS) else (shortest, middle - 1)
                )
            fits(self.title[:shortest].rstrip() + ELLIPSIS)
        self._title_tip = self.title if self.shown_title() != self.title else ""
        self.setToolTip(self.hover_text or self._title_tip)

    def set_counts(self, counts: list[int]) -> None:
        self.counts = [int(c) for c in counts]
        self._redraw()

    def set_log(self, on: bool) -> None:
        self.log = on
        self._redraw()

    def set_marked(self, x: int | None) -> None:
        if x == self.marked:
            return  # called after every turn: redraw only when the mark moves
        self.marked = x
        self._redraw()

    def bar_heights(self) -> np.ndarray:
        """Heights as drawn: counts, or log10(count) on the log scale (an empty bar stays at 0)."""
        counts = np.array(self.counts, dtype=float)
        if not self.log:
            return counts
        return np.where(counts > 0, np.log10(np.maximum(counts, 1)) + 1, 0.0)  # +1: a count of 1 stays visible

    def text_at(self, x: int) -> str:
        """What hovering bar x says."""
        if not 0 <= x < len(self.counts):
            return ""
        total = sum(self.counts) or 1
        mark = " (current)" if x == self.marked else ""
        return f"distance {x}: {self.counts[x]:,} ({100 * self.counts[x] / total:.3g}%){mark}"

    def _redraw(self) -> None:
        xs = np.arange(len(self.counts))
        brushes = [pg.mkBrush(MARK_BRUSH if x == self.marked else BAR_BRUSH) for x in xs]
        self._bars.setOpts(x=xs, height=self.bar_heights(), width=BAR_WIDTH, brushes=brushes)
        self.setLabel("left", "log10(count) + 1" if self.log else "count")
        top = float(self.bar_heights().max()) if len(self.counts) else 0.0
        width = max(len(self.counts), EMPTY_WIDTH if not self.counts else 1)
        self.setXRange(-0.6, width - 0.4, padding=0)
        self.setYRange(0, top * 1.05 if top > 0 else 1.0, padding=0)
        self.empty_text.setVisible(not self.counts)
        self.empty_text.setPos((width - 1) / 2, 0.5)
        self._fit_title()  # the count axis may have widened with the counts: less room for the title

    def _hover(self, position: QPointF) -> None:
        point = self.getPlotItem().vb.mapSceneToView(position)
        x = int(math.floor(point.x() + 0.5))
        inside = abs(point.x() - x) <= BAR_WIDTH / 2 and point.y() >= 0
        self.hover_text = self.text_at(x) if inside else ""
        self.setToolTip(self.hover_text or self._title_tip)
        if self.hover_text:
            QToolTip.showText(self.mapToGlobal(self.mapFromScene(position)), self.hover_text, self)
