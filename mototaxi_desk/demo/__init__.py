"""The demo data and the self-test built on it (not production services: the window's --demo, `init --demo`, `selftest`)."""
