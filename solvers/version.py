"""cubeviz's version, as the installed distribution says, for `--version` and the About box.

An installed copy (wheel, pipx, editable) has metadata; a bare checkout run with ``PYTHONPATH`` has none, and then
the version written in the checkout's ``pyproject.toml`` is given, marked as not installed.
"""

from __future__ import annotations

import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

DISTRIBUTION = "cubeviz"


def cubeviz_version() -> str:
    """``0.1.0`` when installed; ``0.1.0 (source checkout, not installed)`` from a bare checkout."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        pass
    declared = _checkout_version()
    return f"{declared} (source checkout, not installed)" if declared else "unknown (not installed)"


def _checkout_version() -> str:
    """The version in the checkout's pyproject.toml beside this package, or "" when there is none to read."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return ""
    return str(project.get("version", "")) if project.get("name") == DISTRIBUTION else ""
