"""`sim balance`: a small content change that brings the measures into the bands a designer
sets, searched on paired seeds and verified on fresh ones (docs/balance.md)."""
