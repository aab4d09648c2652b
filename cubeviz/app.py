"""Entry point of the `cubeviz` desktop app."""

from __future__ import annotations

import argparse
import sys

from PyQt6.QtCore import QTimer
from PyQt6.QtGui import QSurfaceFormat
from PyQt6.QtWidgets import QApplication

from cubeviz import desktop_entry
from cubeviz.settings import Settings
from cubeviz.views.gl.cube_view import surface_format
from solvers.cube.schemes import SchemeError, load_scheme
from solvers.version import cubeviz_version

# Qt's own options that take a value: declared (hidden) so their value is not taken for the FILE to open.
QT_VALUE_OPTIONS = ("-platform", "-platformpluginpath", "-platformtheme", "-plugin", "-qwindowgeometry")
QT_VALUE_OPTIONS += ("-qwindowicon", "-qwindowtitle", "-session", "-display", "-geometry", "-style", "-stylesheet")


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    """The app's own options; others (Qt's, e.g. -platform) are left for QApplication. A bad value exits with
    argparse's one-line message and status 2, before any window opens."""
    parser = argparse.ArgumentParser(prog="cubeviz", description="Visualise and solve 2x2x2 and 3x3x3 cubes.")
    parser.add_argument(
        "--size", type=int, choices=(2, 3), default=None, help="puzzle to start with (default: the last)"
    )
    parser.add_argument("--scheme", default=None, help="colour scheme name or JSON file (default: the last used)")
    parser.add_argument("--seed", type=int, default=None, help="seed the scramble generator (reproducible)")
    parser.add_argument(
        "--reset-settings", action="store_true", help="forget the remembered window layout, choices and folders"
    )
    parser.add_argument("file", nargs="?", metavar="FILE", help="a cube file or a packing puzzle file to open")
    parser.add_argument("--version", action="version", version=f"%(prog)s {cubeviz_version()}")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add cubeviz (with its icon) to this user's application menu, then exit",
    )
    desktop.add_argument(
        "--uninstall-desktop-entry", action="store_true", help="remove what --install-desktop-entry added, then exit"
    )
    for option in QT_VALUE_OPTIONS:
        parser.add_argument(option, dest=f"qt_{option[1:]}", help=argparse.SUPPRESS)
    arguments = parser.parse_known_args(argv)[0]
    if arguments.scheme is not None:
        try:
            load_scheme(arguments.scheme)
        except SchemeError as exc:
            parser.error(str(exc))
    return arguments


def prepared_settings(arguments: argparse.Namespace) -> Settings:
    """The remembered settings, forgotten first when `--reset-settings` asks for it."""
    settings = Settings()
    if arguments.reset_settings:
        settings.clear()
    return settings


def change_desktop_entry(install: bool) -> int:
    """--install-desktop-entry / --uninstall-desktop-entry: say which files were written or removed."""
    try:
        paths = desktop_entry.install() if install else desktop_entry.uninstall()
    except OSError as exc:
        print(f"cubeviz: desktop entry not {'installed' if install else 'removed'}: {exc}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"{'wrote' if install else 'removed'} {path}")
    if not paths:
        print("no desktop entry of cubeviz was installed for this user")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    arguments = parse_arguments(argv)
    if arguments.install_desktop_entry or arguments.uninstall_desktop_entry:
        return change_desktop_entry(arguments.install_desktop_entry)
    QSurfaceFormat.setDefaultFormat(surface_format())  # before the QApplication, so every GL context is alike
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("cubeviz")
    app.setOrganizationName("cubeviz")
    app.setApplicationVersion(cubeviz_version())
    app.setDesktopFileName(desktop_entry.APP_ID)  # ties the windows to the installed entry (its icon, its name)
    from cubeviz.app_icon import application_icon
    from cubeviz.main_window import MainWindow  # after QApplication: widgets need it
    from cubeviz.start_file import open_start_file

    app.setWindowIcon(application_icon())
    window = MainWindow(arguments.size, arguments.scheme, arguments.seed, prepared_settings(arguments))
    window.solve_feature.prepare_in_background()  # the first scramble or solve finds the solver loaded
    window.show()
    if arguments.file:
        QTimer.singleShot(0, lambda: open_start_file(window, arguments.file))  # once the window is on screen
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
