"""cubeviz's puzzle engines: cube models, solvers, packing enumeration. Never imports Qt.

Shipped data (colour schemes, puzzles) is read through :mod:`solvers.assets`, which finds it in an installed wheel
as well as in a checkout.
"""
