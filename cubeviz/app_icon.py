"""The application icon: a scalable SVG and PNGs rendered from it, shipped in ``assets/icons``.

The window and the task bar take the PNGs (no SVG plugin needed at run time); the desktop entry installs both.
After editing the SVG, remake the PNGs from a checkout: ``python -m cubeviz.app_icon [directory]`` (default
``assets/icons``; it renders off screen, no display needed).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PyQt6.QtCore import QByteArray, Qt
from PyQt6.QtGui import QIcon, QImage, QPainter, QPixmap

from cubeviz.desktop_entry import APP_ID as ICON_NAME
from cubeviz.desktop_entry import PNG_SIZES
from solvers.assets import asset

SVG_FILE = f"{ICON_NAME}.svg"
DEFAULT_DIRECTORY = Path("assets/icons")


def png_file(size: int) -> str:
    return f"{ICON_NAME}-{size}.png"


def icon_bytes(file_name: str) -> bytes:
    """A shipped icon file's bytes (read through the assets accessor: it may live in a zip)."""
    return asset("icons", file_name).read_bytes()


def application_icon() -> QIcon:
    """The window and task-bar icon, at each shipped size (Qt picks the nearest for each use)."""
    icon = QIcon()
    for size in PNG_SIZES:
        pixmap = QPixmap()
        if pixmap.loadFromData(icon_bytes(png_file(size)), "PNG"):
            icon.addPixmap(pixmap)
    return icon


def render_svg(svg: bytes, size: int) -> QImage:
    """The SVG drawn on a transparent square of `size` pixels, antialiased (needs a QGuiApplication)."""
    from PyQt6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(QByteArray(svg))
    if not renderer.isValid():
        raise ValueError("the icon's SVG cannot be read")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def write_pngs(directory: Path) -> list[Path]:
    """Render the shipped SVG at every size into `directory`; returns the files written."""
    svg = icon_bytes(SVG_FILE)
    written = []
    for size in PNG_SIZES:
        path = directory / png_file(size)
        if not render_svg(svg, size).save(str(path), "PNG"):
            raise OSError(f"cannot write {path}")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    from PyQt6.QtGui import QGuiApplication

    argv = sys.argv[1:] if argv is None else argv
    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0], "-platform", "offscreen"])
    for path in write_pngs(Path(argv[0]) if argv else DEFAULT_DIRECTORY):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
