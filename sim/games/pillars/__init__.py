"""Pillars of Heracles. Only the content (``content.py``) exists yet; the game is not
registered in ``sim.games.registry`` and cannot be played."""
