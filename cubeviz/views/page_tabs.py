"""The window's pages (Cube, Editor, Packings, ...) with their tab bar kept apart from them, in a toolbar row at the
top of the window.

Why not a QTabWidget: a tab widget draws its tabs at the top of its own area, and the central area moves and
narrows whenever the cube's docks hide for a page that needs the room (Packings, Design), so the tabs jumped
sideways and up and down between pages and a click aimed at a tab landed on whatever had moved under it. In the
toolbar row the tabs stay at the same place on every page, whatever the docks do.
"""

from __future__ import annotations

from PyQt6.QtCore import QSize, pyqtSignal
from PyQt6.QtWidgets import QStackedWidget, QTabBar, QWidget


class PageTabs(QStackedWidget):
    """A stack of pages driven by `tab_bar` (placed by the window wherever it likes), with the part of the
    QTabWidget interface the features use: `addTab`, `tabText`, `setCurrentWidget`, `currentChanged`, ...

    Its minimum size is the current page's, not the largest page's: a wide page shown alone (with the docks
    hidden for it) does not force the docks beside a small page to be narrow."""

    # The page about to be shown, before it is: the window hides the docks a wide page needs the room of first,
    # else the window would grow past the screen to fit that page beside them for a moment.
    page_changing = pyqtSignal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tab_bar = QTabBar()
        self.tab_bar.setDocumentMode(True)
        self.tab_bar.setExpanding(False)
        self.tab_bar.setDrawBase(False)
        self.tab_bar.currentChanged.connect(self._tab_clicked)
        self.currentChanged.connect(self._page_changed)  # first connected: runs before the features' listeners

    def tabBar(self) -> QTabBar:  # noqa: N802 - QTabWidget's name
        return self.tab_bar

    def addTab(self, page: QWidget, title: str) -> int:  # noqa: N802
        index = self.addWidget(page)
        self.tab_bar.blockSignals(True)
        self.tab_bar.insertTab(index, title)
        self.tab_bar.setCurrentIndex(self.currentIndex())
        self.tab_bar.blockSignals(False)
        return index

    def tabText(self, index: int) -> str:  # noqa: N802
        return self.tab_bar.tabText(index)

    def setTabToolTip(self, index: int, tip: str) -> None:  # noqa: N802
        self.tab_bar.setTabToolTip(index, tip)

    def setCurrentIndex(self, index: int) -> None:  # noqa: N802
        if index != self.currentIndex() and 0 <= index < self.count():
            self.page_changing.emit(index)
        super().setCurrentIndex(index)

    def setCurrentWidget(self, page: QWidget) -> None:  # noqa: N802
        self.setCurrentIndex(self.indexOf(page))

    def _tab_clicked(self, index: int) -> None:
        if index != self.currentIndex():
            self.setCurrentIndex(index)

    def _page_changed(self, index: int) -> None:
        """Every change of page, whether by the tab bar or by code: the bar follows, the minimum size is the new
        page's."""
        if self.tab_bar.currentIndex() != index:
            self.tab_bar.blockSignals(True)
            self.tab_bar.setCurrentIndex(index)
            self.tab_bar.blockSignals(False)
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        page = self.currentWidget()
        if page is None:
            return super().minimumSizeHint()
        return page.minimumSizeHint().expandedTo(page.minimumSize())
