"""Data only: each game's content file, its scenario presets and the CI baselines.

A package so that they ship with the wheel and are read through ``importlib.resources``
(``sim/shipped.py``).
"""
