"""The games the engine plays, one subpackage each."""
