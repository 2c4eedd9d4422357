"""Pillars of Heracles bots: a weighted heuristic and its personalities."""
