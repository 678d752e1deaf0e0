"""Registration of the sub-commands that live beside their own modules (scoring, diagrams, site)."""

REGISTER: list = []
