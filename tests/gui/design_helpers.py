"""The Design tab on its own, as its tests use it: shown at a given size and shut down afterwards (its review
worker stops), with the message boxes it would raise collected instead of shown."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QMessageBox

from cubeviz.design.designer import Designer


@contextmanager
def shown_designer(qtbot, width: int, height: int, monkeypatch=None) -> Iterator[Designer]:
    """A Designer on screen at width x height; with `monkeypatch`, its warnings are kept in `test_warnings`."""
    widget = Designer()
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget, timeout=20_000)
    if monkeypatch is not None:
        warnings: list[str] = []
        monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
        widget.test_warnings = warnings
    try:
        yield widget
    finally:
        widget.shutdown()


def refused_as_json_and_reopened_from_burrtools(designer: Designer, folder: Path, warnings: list[str]) -> list[str]:
    """Save the design as JSON (which must be refused, writing nothing), then as a BurrTools file, start another
    design and open that file: it must come back identical. Returns the warnings the JSON refusal raised."""
    json_path = folder / "design.json"
    before = len(warnings)
    assert not designer.save(json_path) and not json_path.exists()
    said = warnings[before:]
    saved = designer.model.draft
    path = folder / "design.xmpuzzle"
    assert designer.save(path)
    designer.start_box(2, 2, 2)
    assert designer.start_from(path) and designer.model.draft == saved
    return said


def enumerated_as_burrtools_counts(qtbot, window, assemblies: int, timeout: int):
    """Press the Design tab's Enumerate: the Packings tab must come to the front, and when its worker ends the level
    shown must hold `assemblies`, said in the status line as BurrTools' count. Returns the packing browser."""
    qtbot.mouseClick(window.designer.enumerate_button, Qt.MouseButton.LeftButton)
    browser = window.packing_browser
    assert window.tabs.currentWidget() is browser
    qtbot.waitUntil(lambda: browser.worker is None, timeout=timeout)
    assert browser.model.level_counts()[browser.model.level] == assemblies
    assert f"{assemblies} assemblies as BurrTools counts them" in browser.source.status.text()
    return browser
