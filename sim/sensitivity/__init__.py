"""One-at-a-time sensitivity: which content values move the balance measures."""
