"""Batch jobs split into independent tasks, run in-process or on a Dask cluster, with results in input order.

The engines stay as they are: a task is an ordinary function of plain data (a cube's line, a packing chunk's
index) that a worker process runs with its own tables, loaded once per process and kept for its next task.
"""
