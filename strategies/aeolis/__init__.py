"""Aeolis team policies."""
