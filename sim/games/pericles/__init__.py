"""Age of Pericles (rulebook v1.1): rules engine, content and trace."""
