"""Trust in the register: the integrity check, checkpoints, station marks, seals, signing keys, the clock's trust."""
