"""Licensing: applications, permits and the acts of their life, auxiliary drivers, bars, the waiting list."""
