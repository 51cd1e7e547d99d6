"""None, True and False kept alive under PySide6 6.12 on Python 3.11.

PySide6 6.12 does not count the reference it hands back to None from a C++ function that
returns void (setText, addWidget, processEvents...), nor to True from Signal.emit(). From
Python 3.12 on those objects are immortal and nothing happens; on 3.11 every such call takes
one reference away for good. None starts with about 24,000 once the screens are loaded, so
after that many calls — a working day at the counter, or the end of a test run, when the
remaining references are released — Python frees None itself: "Fatal Python error:
none_dealloc: deallocating None" (or bool_dealloc for True).

The cure is a Python with immortal objects (3.12+, as the Windows installer ships) or a
PySide6 that counts them. Until then, on CPython 3.11 the three objects get a reference count
no program can spend, which is what 3.12 does for them."""
from __future__ import annotations

import sys

_EXTRA = 1 << 40


def keep_none_and_bools_alive() -> None:
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    import ctypes  # only here: the start-up on 3.12+ does not pay for it
    for obj in (None, True, False):
        if sys.getrefcount(obj) < _EXTRA:  # once per process
            ctypes.c_ssize_t.from_address(id(obj)).value += _EXTRA  # ob_refcnt: first field
