"""Age of Pericles rules kernels, one concern per module (pages cite the rulebook)."""
