"""Rule sets: the YAML loader with extends, citations and bounds."""
