"""Age of Pericles policies."""
