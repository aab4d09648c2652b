"""Build hook: the wheel carries the top-level ``assets/`` folder inside the package, as ``solvers/_assets``.

Everything else about the build lives in ``pyproject.toml``. The repository keeps its data at the top level (the
product's layout); an installed copy reads it with ``importlib.resources`` through ``solvers.assets``, which needs
it inside a package. An editable install keeps reading the checkout's folder, so nothing is mapped there.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSETS_FOLDER = "assets"
ASSETS_PACKAGE = "solvers._assets"  # solvers.assets.PACKAGED_NAME inside the solvers package
ASSET_PATTERNS = ["*.json", "*.svg", "*.png"]


class BuildWithAssets(build_py):
    """``build_py`` that also builds ``assets/`` as the data-only package ``solvers._assets``."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.editable_mode:
            return
        packages = asset_packages()
        self.packages = [*(self.packages or []), *packages]
        self.package_dir = {**self.package_dir, ASSETS_PACKAGE: ASSETS_FOLDER}
        self.package_data = {**self.package_data, **dict.fromkeys(packages, ASSET_PATTERNS)}


def asset_packages() -> list[str]:
    """``solvers._assets`` and one package per folder under it (``solvers._assets.puzzles``, ...): every folder is
    named, so none ships as an unlisted namespace package."""
    root = Path(ASSETS_FOLDER)
    folders = sorted(path.relative_to(root) for path in root.rglob("*") if path.is_dir())
    return [ASSETS_PACKAGE, *(".".join((ASSETS_PACKAGE, *folder.parts)) for folder in folders)]


setup(cmdclass={"build_py": BuildWithAssets})
