"""Big cubes: an NxNxN sticker engine for any N >= 2, its notation, facelet strings, validation and solver."""
