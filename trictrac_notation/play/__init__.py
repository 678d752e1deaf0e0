"""Players: who chooses a play and decides to stay or go, above the rules (games) and below the annotator.

A :class:`.player.Player` reads a :class:`.situation.Situation` (both rows, the mover, the score, the relevé's
memory, the rule set) and ranks the legal plays of a throw, best first, each with its value in points
(:data:`.player.UNIT`); after a hole won by his own throw it says whether he stays or goes.  Players are found
by name in :mod:`.registry`.  Everything here runs on the fast kernel (games/trictrac/kernel).
"""
