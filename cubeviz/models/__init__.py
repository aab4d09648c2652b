"""Observable application state: views read it and listen to its signals, and never hold the truth themselves."""

from cubeviz.models.cube_model import CubeModel, HistoryEntry

__all__ = ["CubeModel", "HistoryEntry"]
