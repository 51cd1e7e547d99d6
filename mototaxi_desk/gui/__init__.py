from .immortal import keep_none_and_bools_alive

keep_none_and_bools_alive()  # before any Qt call: see immortal.py
