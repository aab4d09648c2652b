"""Masked cubes and goal patterns: optimal solutions to part of a 3x3x3 (grey stickers do not count)."""
