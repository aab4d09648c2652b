"""Entry point of the `cubeviz` desktop app."""

from __future__ import annotations

import argparse
import sys

from PyQt6.QtGui import QSurfaceFormat
from PyQt6.QtWidgets import QApplication

from cubeviz.settings import Settings
from cubeviz.views.gl.cube_view import surface_format
from solvers.cube.schemes import SchemeError, load_scheme


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


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    arguments = parse_arguments(argv)
    QSurfaceFormat.setDefaultFormat(surface_format())  # before the QApplication, so every GL context is alike
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("cubeviz")
    app.setOrganizationName("cubeviz")
    from cubeviz.main_window import MainWindow  # after QApplication: widgets need it

    window = MainWindow(arguments.size, arguments.scheme, arguments.seed, prepared_settings(arguments))
    window.solve_feature.prepare_in_background()  # the first scramble or solve finds the solver loaded
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
