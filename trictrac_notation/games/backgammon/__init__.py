"""Backgammon: GNU Backgammon's .mat files (the game itself comes next)."""
