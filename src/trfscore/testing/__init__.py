"""Helpers for tests and benchmarks: synthetic tournaments that are consistent by construction."""
