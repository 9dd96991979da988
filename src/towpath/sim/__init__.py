"""Simulation: many games played by bots, and their measurement."""
