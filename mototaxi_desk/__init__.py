"""Mototáxi Desk: the municipal mototaxi service at the town-hall counter."""
__version__ = "0.2.0"
