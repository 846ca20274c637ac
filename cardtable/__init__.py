"""Cardtable: a desktop card table whose games are YAML files run by one rules interpreter."""

__version__ = "0.1.0"
