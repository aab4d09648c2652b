"""`cubeviz --install-desktop-entry` and its undo: the files it writes for this user, and nothing else touched."""

from __future__ import annotations

import configparser
import subprocess
import sys
from pathlib import Path

import pytest

from cubeviz import desktop_entry
from cubeviz.app import main as app_main

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(desktop_entry.shutil, "which", lambda tool: None)  # no cache tools: only our own files
    return tmp_path / "data"


def _entry(text: str) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(text)
    return dict(parser["Desktop Entry"])


def test_install_writes_the_entry_the_icons_and_the_mime_type(home, capsys):
    assert app_main(["--install-desktop-entry"]) == 0
    written = {Path(line.removeprefix("wrote ")) for line in capsys.readouterr().out.splitlines()}
    icons = home / "icons" / "hicolor"
    assert written == {
        home / "applications" / "cubeviz.desktop",
        home / "mime" / "packages" / "cubeviz.xml",
        icons / "scalable" / "apps" / "cubeviz.svg",
        *(icons / f"{n}x{n}" / "apps" / "cubeviz.png" for n in (48, 128, 256)),
    }
    assert (icons / "scalable/apps/cubeviz.svg").read_bytes() == (ICONS / "cubeviz.svg").read_bytes()
    for n in (48, 128, 256):
        assert (icons / f"{n}x{n}/apps/cubeviz.png").read_bytes() == (ICONS / f"cubeviz-{n}.png").read_bytes()
    entry = _entry((home / "applications" / "cubeviz.desktop").read_text())
    assert entry["Type"] == "Application" and entry["Icon"] == "cubeviz" and entry["Terminal"] == "false"
    assert entry["Exec"].endswith(" %f") and "application/x-cubeviz-cube" in entry["MimeType"].split(";")
    assert '<glob pattern="*.cube"/>' in (home / "mime/packages/cubeviz.xml").read_text()
    assert not list(home.rglob("*.partial"))


def test_uninstall_removes_exactly_what_install_wrote(home, capsys):
    desktop_entry.install()
    other = home / "applications" / "someone-else.desktop"
    other.write_text("[Desktop Entry]\n")
    assert app_main(["--uninstall-desktop-entry"]) == 0
    removed = capsys.readouterr().out.splitlines()
    assert len(removed) == 6 and all(line.startswith(f"removed {home}") for line in removed)
    assert [path for path in home.rglob("*") if path.is_file()] == [other]
    assert app_main(["--uninstall-desktop-entry"]) == 0
    assert capsys.readouterr().out.strip() == "no desktop entry of cubeviz was installed for this user"


def test_install_and_uninstall_exclude_each_other():
    with pytest.raises(SystemExit) as exit_info:
        app_main(["--install-desktop-entry", "--uninstall-desktop-entry"])
    assert exit_info.value.code == 2


def test_a_relative_xdg_data_home_is_ignored(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert desktop_entry.data_home() == tmp_path / ".local" / "share"


def test_the_launcher_is_the_running_script_else_this_python(monkeypatch, tmp_path):
    script = tmp_path / "bin" / "cubeviz"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "argv", [str(script)])
    assert desktop_entry.launcher_command() == [str(script)]
    monkeypatch.setattr(sys, "argv", ["/somewhere/cubeviz/__main__.py"])
    assert desktop_entry.launcher_command() == [sys.executable, "-m", "cubeviz"]


@pytest.mark.parametrize(
    ("argument", "written"),
    [
        ("/usr/bin/cubeviz", "/usr/bin/cubeviz"),
        ("/opt/my apps/cubeviz", '"/opt/my apps/cubeviz"'),
        ("/opt/$HOME/cube`x`", '"/opt/\\\\$HOME/cube\\\\`x\\\\`"'),
        ("/opt/100%/cubeviz", "/opt/100%%/cubeviz"),
    ],
)
def test_exec_arguments_are_quoted_as_the_spec_asks(argument, written):
    """Reserved characters put the argument in double quotes with `$ \\ " \\`` backslashed; the value's own escaping
    then doubles every backslash, and a literal % is written %%."""
    assert desktop_entry.exec_argument(argument) == written


def test_the_desktop_entry_module_needs_no_qt():
    """It runs before any QApplication (and on a machine without a display): no Qt may load with it."""
    script = "import sys, cubeviz.desktop_entry; print(sorted(m for m in sys.modules if m.startswith('PyQt6')))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
