"""Knows no game: positions, coordinate systems, diagnostics, bounded file and JSON reading, data folders."""
