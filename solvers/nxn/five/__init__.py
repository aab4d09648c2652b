"""The 5x5x5's own pipeline: centres by staged exact tables per orbit, then the shared pairing and 3x3x3 stage."""
