"""Widgets that show a model: each takes its model in __init__ and listens to its signals."""
