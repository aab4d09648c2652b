"""The 4x4x4's own solver: centres by exact tables in three phases (centres.py), then the shared later stages."""
