"""Aeolis rules kernels, one concern per module."""
