"""Aggregates of a run's rows built in one scan of bounded memory.

``scan`` reads one cell of a run folder as a stream of tables that each hold whole
games, so memory follows the chunk size, never the number of games; ``tallies`` are the
mergeable accumulators the report, the gate and the ladder fill from those chunks
(counts and sums per group, exact histograms of whole-number measures, moments).
"""
