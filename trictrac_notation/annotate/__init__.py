"""Texts and JSON from a replay."""
