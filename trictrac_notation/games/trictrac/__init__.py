"""Grand Trictrac: moves, jans, marking, écoles, the scorer, chances and simulation."""
