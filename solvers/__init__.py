"""cubeviz's puzzle engines: cube models, solvers, packing enumeration. Never imports Qt."""

from pathlib import Path

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
"""Data shipped with the project (colour schemes, puzzle definitions); the app is installed editable."""
