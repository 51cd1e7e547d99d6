"""Data in and out: importing a register, exporting it, the phone verifier's status list."""
