"""The shipped data (colour schemes, puzzles, the app's icon): one accessor, wherever the code runs from.

The repository keeps the data in the top-level ``assets/`` folder; a built wheel carries the same files inside the
package as ``solvers/_assets`` (``setup.py`` maps one onto the other). Everything that reads shipped data goes
through this module, so the same code finds it in an installed wheel, a zipped one, an editable install and a bare
checkout. The answers are ``importlib.resources`` traversables: read them with ``read_bytes``/``read_text`` and
list them with ``iterdir``, never as file-system paths (a zipped install has none).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

PACKAGED_NAME = "_assets"  # where a wheel holds the data, inside the solvers package
CHECKOUT_NAME = "assets"  # where the repository holds it, beside the solvers package


class AssetsMissing(RuntimeError):
    """Neither an installed copy nor a checkout's folder of the shipped data was found: a broken installation."""


@cache
def assets_root() -> Traversable:
    """The folder of shipped data: the wheel's copy inside the package, else the checkout's top-level folder.

    The packaged copy is tried first, so an installed wheel never reads a stray ``assets`` folder that happens to
    sit beside it in ``site-packages``.
    """
    package = resources.files("solvers")
    packaged = package / PACKAGED_NAME
    if _holds_data(packaged):
        return packaged
    if isinstance(package, Path):  # a checkout, or an editable install of one: the package is a real folder
        checkout = package.parent / CHECKOUT_NAME
        if _holds_data(checkout):
            return checkout
    raise AssetsMissing(f"the shipped data of cubeviz is missing (looked in {packaged} and beside the package)")


def _holds_data(folder: Traversable) -> bool:
    """A folder with something in it (an empty one is what an uninstall can leave behind)."""
    return folder.is_dir() and any(True for _ in folder.iterdir())


def asset(*parts: str) -> Traversable:
    """A file or folder of the shipped data, e.g. ``asset("puzzles", "soma.json")``; it may not exist."""
    node = assets_root()
    for part in parts:
        node = node / part
    return node


def names_in(folder: Traversable, suffix: str = ".json") -> list[str]:
    """The names (without `suffix`) of the files in `folder` that end with it, sorted; none if it is missing."""
    if not folder.is_dir():
        return []
    return sorted(entry.name.removesuffix(suffix) for entry in folder.iterdir() if _is_data_file(entry, suffix))


def _is_data_file(entry: Traversable, suffix: str) -> bool:
    return entry.name.endswith(suffix) and entry.name != suffix and entry.is_file()
