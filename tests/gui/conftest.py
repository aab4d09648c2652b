"""GUI test set-up: a private Xvfb when no display is set, xcb (which has OpenGL, unlike offscreen), and a guard
that fails any test leaving a QThread running."""

from __future__ import annotations

import ctypes
import gc
import os
import shutil
import signal
import subprocess
import time
import weakref
from pathlib import Path

import pytest

XVFB_SCREEN = "1600x1200x24"
XVFB_START_SECONDS = 10.0
THREAD_ENDING_MS = 250  # how long a test's QThreads may take to return after it ends (see no_running_qthreads)
PR_SET_PDEATHSIG = 1  # linux/prctl.h
_xvfb: subprocess.Popen | None = None


def _free_display() -> int:
    for number in range(90, 200):
        if not Path(f"/tmp/.X{number}-lock").exists() and not Path(f"/tmp/.X11-unix/X{number}").exists():
            return number
    raise RuntimeError("no free X display number between :90 and :199")


def _end_with_parent() -> None:
    """In the Xvfb child: take SIGTERM when pytest's process ends. Xvfb must outlive Qt's X connection, which stays
    open until the process exits; stopping it in pytest_unconfigure broke that connection, and Qt then ended the
    process with status 1 after every test had passed."""
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _start_xvfb() -> None:
    global _xvfb
    if shutil.which("Xvfb") is None:
        pytest.exit("GUI tests need Xvfb when DISPLAY is not set (apt install xvfb)", returncode=3)
    number = _free_display()
    command = ["Xvfb", f":{number}", "-screen", "0", XVFB_SCREEN, "+extension", "GLX", "-nolisten", "tcp"]
    _xvfb = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=_end_with_parent)
    deadline = time.monotonic() + XVFB_START_SECONDS
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        if _xvfb.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"Xvfb :{number} did not start")
        time.sleep(0.05)
    os.environ["DISPLAY"] = f":{number}"


def pytest_configure(config: pytest.Config) -> None:
    """Runs when this conftest loads, before pytest-qt creates the QApplication."""
    if not os.environ.get("DISPLAY"):
        _start_xvfb()
    os.environ["QT_QPA_PLATFORM"] = "xcb"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True)
def private_settings(tmp_path):
    """Each test starts with no remembered settings, in its own folder: nothing a test (or the user of this machine)
    saved leaks into another test."""
    from PyQt6.QtCore import QSettings

    folder = str(tmp_path / "settings")
    for kind in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(kind, QSettings.Scope.UserScope, folder)
    return folder


@pytest.fixture(autouse=True, scope="module")
def freeze_what_earlier_files_left(qapp):
    """At the start of each GUI file (before its own fixtures), collect what earlier files dropped and set the
    survivors aside from the garbage collector's view, as the root conftest does after collection.

    Why: the modules GUI tests import as they go (the engines, numba's compiled dispatchers: 50,000 objects on the
    first solve) would otherwise be walked again by the two collections after every test below. Only what is alive
    between files is set aside; what this file's fixtures and tests make stays in view."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def destroy_dropped_widgets(qapp):
    """Destroy what a test dropped now, between tests: a GL widget collected later, in the middle of another view's
    frame, would make its own context current there."""
    yield
    from PyQt6.QtCore import QCoreApplication, QEvent

    gc.collect()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


@pytest.fixture(autouse=True)
def no_running_qthreads(qapp):
    """A test must stop every QThread it started (a running thread at teardown crashes later tests)."""
    yield
    from PyQt6 import sip
    from PyQt6.QtCore import QThread

    qapp.processEvents()
    # type() first: isinstance on a weak proxy whose object died raises ReferenceError (test workers hold some)
    threads = [obj for obj in gc.get_objects() if type(obj) not in weakref.ProxyTypes and isinstance(obj, QThread)]
    # A wrapper can outlive its C++ thread (deleteLater ran): that thread is gone, not running.
    running = [thread for thread in threads if not sip.isdeleted(thread) and thread.isRunning()]
    # A worker told to stop (or one that was just started and has nothing to do) returns a moment later. The walk
    # above used to give it that moment (it went over every object; the frozen ones are now left out), so it is
    # given here, on purpose: a thread still running THREAD_ENDING_MS after the test fails it.
    deadline = time.monotonic() + THREAD_ENDING_MS / 1000
    running = [thread for thread in running if not thread.wait(max(0, int((deadline - time.monotonic()) * 1000)))]
    if running:
        for thread in running:
            thread.quit()
            thread.wait(5000)
        pytest.fail(f"test left {len(running)} QThread(s) running")


@pytest.fixture
def model(qapp):
    from cubeviz.models.cube_model import CubeModel

    return CubeModel(3)


@pytest.fixture
def cube_view(qtbot, model):
    """A 600x500 cube view at the default camera, instant turns, exposed and painted once."""
    from cubeviz.views.gl.animation import AnimationSpeed
    from cubeviz.views.gl.cube_view import CubeView

    view = CubeView(model)
    view.resize(600, 500)
    view.set_speed(AnimationSpeed.INSTANT)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view, timeout=20_000)
    view.grabFramebuffer()
    return view
