"""File > Export STL... in the window: the Packings tab's shown solution assembled, the Design tab's pieces one file
each, and a gap too large for the cube size refused with a message and no file; every file read back closed."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from PyQt6.QtWidgets import QDialog, QFileDialog, QMessageBox

from cubeviz.main_window import MainWindow
from cubeviz.views.stl_dialog import PIECES, SOLUTION, StlExportDialog
from solvers.packing import SymmetryMode, build_cover, load_puzzle
from solvers.packing.pykernel import iter_solutions
from solvers.packing.queries import with_classes
from solvers.packing.solution_io import write_solutions

sys.path.insert(0, str(Path(__file__).parents[1] / "packing"))
from stl_reader import edge_problems, read_stl, shells, volume  # noqa: E402


@pytest.fixture
def window(qtbot):
    win = MainWindow(3, seed=3)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win, timeout=20_000)
    yield win
    win.close()


def _choose(monkeypatch, kind: str, unit: float, gap: float, bevel: float = 0.0) -> None:
    """The dialog answered as a user would: pick the kind, type the sizes, press OK."""

    def answer(dialog: StlExportDialog) -> int:
        dialog.kind.setCurrentIndex(dialog.kind.findData(kind))
        dialog.unit.setValue(unit)
        dialog.gap.setValue(gap)
        dialog.bevel.setValue(bevel)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(StlExportDialog, "exec", answer)


def test_the_shown_solution_is_exported_assembled(window, qtbot, monkeypatch, tmp_path):
    problem = build_cover(load_puzzle("soma"))
    rows = []
    for solution in iter_solutions(problem):
        rows.append(solution)
        if len(rows) == 5:
            break
    solutions_file = tmp_path / "soma.json"
    write_solutions(solutions_file, with_classes(problem, np.array(rows), SymmetryMode.NONE))
    browser = window.packing_browser
    window.tabs.setCurrentWidget(browser)
    browser.open_solution_file(str(solutions_file))  # read in a worker
    qtbot.waitUntil(lambda: browser.model.solutions is not None and browser.worker is None, timeout=20_000)
    browser.model.go_to(3)
    shown = browser.model.solutions.labels(browser.model.current_index)
    out = tmp_path / "shown.stl"
    _choose(monkeypatch, SOLUTION, unit=8.0, gap=0.3)
    monkeypatch.setattr(window.settings, "save_file_name", lambda *args: str(out))
    window.actions["packing_export_stl"].trigger()
    stl = read_stl(out.read_bytes())
    assert shown.encode() in stl.header  # the solution on screen, not another one
    assert edge_problems(stl) == []
    assert len(shells(stl)) == 7
    assert np.ptp(stl.corners.reshape(-1, 3), axis=0).tolist() == pytest.approx([24.0 - 0.6] * 3)


def test_the_designs_pieces_are_exported_one_file_each(window, monkeypatch, tmp_path):
    designer = window.designer
    window.tabs.setCurrentWidget(designer)
    assert designer.start_from("slothouber-graatsma")
    _choose(monkeypatch, PIECES, unit=10.0, gap=0.0, bevel=1.0)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args: str(tmp_path / "pieces"))
    window.actions["design_export_stl"].trigger()
    files = sorted((tmp_path / "pieces").iterdir())
    assert [f.name for f in files] == ["01-S-x6.stl", "02-u-x3.stl"]
    chamfered_cube = 8**3 + 6 * 64 + 6 * 8 + 4 / 3  # an 8 mm core grown by an octahedron of 1 mm
    for path, sharp_volume in zip(files, (4000.0, 1000.0), strict=True):
        stl = read_stl(path.read_bytes())
        assert edge_problems(stl) == []
        assert sharp_volume - 1000 < volume(stl.corners) < sharp_volume
    assert volume(read_stl(files[1].read_bytes()).corners) == pytest.approx(chamfered_cube)


def test_a_gap_too_large_for_the_cube_is_refused_with_a_message(window, monkeypatch, tmp_path):
    window.tabs.setCurrentWidget(window.packing_browser)
    _choose(monkeypatch, "plate", unit=2.0, gap=1.0)
    saved = []
    monkeypatch.setattr(window.settings, "save_file_name", lambda *args: saved.append(args) or str(tmp_path / "x.stl"))
    messages = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: messages.append(text))
    window.actions["packing_export_stl"].trigger()
    assert len(messages) == 1 and "below a quarter of the unit (0.5 mm)" in messages[0]
    assert saved == [] and not (tmp_path / "x.stl").exists()
