"""The replay loop for any game, figures, coordinate conversion."""
