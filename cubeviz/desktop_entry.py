"""Desktop integration on Linux: `cubeviz --install-desktop-entry` puts cubeviz in the desktop's application menu.

It writes, for this user only (``$XDG_DATA_HOME``, else ``~/.local/share``): the ``.desktop`` entry, the icon in the
hicolor theme (the SVG and the shipped PNG sizes), and a MIME type for ``.cube`` files so a file manager offers
cubeviz for them (and for ``.json`` puzzle files). `--uninstall-desktop-entry` removes exactly those files. Qt-free:
it runs without a display.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from solvers.assets import asset

APP_ID = "cubeviz"  # the .desktop file's stem, the icon's name and the app's desktop file name (Wayland's app id)
CUBE_MIME_TYPE = "application/x-cubeviz-cube"
PNG_SIZES = (48, 128, 256)  # as cubeviz.app_icon ships them (that module needs Qt; this one must not)
_RESERVED = re.compile(r"""[\s"'\\><~|&;$*?#()`]""")  # characters that make an Exec argument need quoting

MIME_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{CUBE_MIME_TYPE}">
    <comment>cubeviz cube file</comment>
    <sub-class-of type="application/json"/>
    <glob pattern="*.cube"/>
  </mime-type>
</mime-info>
"""


def data_home() -> Path:
    """``$XDG_DATA_HOME`` when set to an absolute path (the spec ignores a relative one), else ``~/.local/share``."""
    configured = os.environ.get("XDG_DATA_HOME", "")
    return Path(configured) if os.path.isabs(configured) else Path.home() / ".local" / "share"


def launcher_command() -> list[str]:
    """How the desktop should start this installation: the `cubeviz` script that is running, else this Python
    with ``-m cubeviz`` (both name this installation, not whichever `cubeviz` comes first on the PATH)."""
    script = Path(sys.argv[0])
    if script.name == APP_ID and script.is_file():
        return [str(script.absolute())]
    return [sys.executable, "-m", APP_ID]


def exec_argument(argument: str) -> str:
    """One argument of an Exec line, quoted and escaped as the Desktop Entry spec asks."""
    if _RESERVED.search(argument):
        argument = '"' + re.sub(r'(["`$\\])', r"\\\1", argument) + '"'
    return argument.replace("\\", "\\\\").replace("%", "%%")


def desktop_entry(command: list[str]) -> str:
    """The ``.desktop`` file's text for a launcher `command` (the file to open is appended as ``%f``)."""
    exec_line = " ".join(exec_argument(part) for part in command)
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.4\n"
        "Name=cubeviz\n"
        "GenericName=Cube Puzzle Solver\n"
        "Comment=Visualise and solve 2x2x2 and 3x3x3 cubes; enumerate polycube packings\n"
        f"Exec={exec_line} %f\n"
        f"Icon={APP_ID}\n"
        "Terminal=false\n"
        "Categories=Game;LogicGame;\n"
        "Keywords=Rubik;cube;solver;Soma;pentomino;polycube;puzzle;\n"
        f"MimeType={CUBE_MIME_TYPE};application/json;\n"
        f"StartupWMClass={APP_ID}\n"
    )


def planned_files(home: Path, command: list[str]) -> dict[Path, bytes]:
    """Every file the install writes under `home`, with its contents."""
    icons = home / "icons" / "hicolor"
    files = {
        home / "applications" / f"{APP_ID}.desktop": desktop_entry(command).encode(),
        icons / "scalable" / "apps" / f"{APP_ID}.svg": asset("icons", f"{APP_ID}.svg").read_bytes(),
        home / "mime" / "packages" / f"{APP_ID}.xml": MIME_XML.encode(),
    }
    for size in PNG_SIZES:
        files[icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = asset("icons", f"{APP_ID}-{size}.png").read_bytes()
    return files


def install(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the entry, icons and MIME type (replacing an earlier install's); returns the files written."""
    home = home or data_home()
    written = []
    for path, content in planned_files(home, command or launcher_command()).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        partial.write_bytes(content)
        partial.replace(path)  # a desktop scanning the folder never sees half a file
        written.append(path)
    _refresh_caches(home)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what `install` writes (nothing else); returns the files removed."""
    home = home or data_home()
    removed = []
    for path in planned_files(home, []):
        if path.is_file():
            path.unlink()
            removed.append(path)
    _refresh_caches(home)
    return removed


def _refresh_caches(home: Path) -> None:
    """Let the desktop notice at once, where its cache tools are installed (most desktops also rescan alone). No
    icon cache is made: a user's hicolor folder without one is searched directly, and a stale one hides icons."""
    tools = (("update-desktop-database", "-q", home / "applications"), ("update-mime-database", home / "mime"))
    for tool, *arguments in tools:
        folder = Path(arguments[-1])
        if shutil.which(tool) and folder.is_dir():
            subprocess.run([tool, *map(str, arguments)], check=False, capture_output=True, timeout=60)
