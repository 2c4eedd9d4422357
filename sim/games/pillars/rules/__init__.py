"""Pillars of Heracles rules kernels, one concern per module."""
