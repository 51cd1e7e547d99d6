"""Before `make run` opens the program on Linux: are the system libraries Qt's X11 (xcb)
platform plugin needs installed? Without one of them Qt stops with a misleading message
about xcb-cursor. This asks `ldd` what the plugin lacks and names the Debian/Ubuntu
packages to install. Exit 1 when something is missing (0 on other systems, or when ldd or
the plugin is not there: then Qt's own message is all there is). A developer's tool."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# shared object -> Debian/Ubuntu package (README.md lists them too)
PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0", "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1", "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0", "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-shape.so.0": "libxcb-shape0", "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1", "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-shm.so.0": "libxcb-shm0", "libxcb-render.so.0": "libxcb-render0",
    "libxcb-util.so.1": "libxcb-util1", "libxcb.so.1": "libxcb1",
    "libxkbcommon.so.0": "libxkbcommon0", "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libX11-xcb.so.1": "libx11-xcb1", "libX11.so.6": "libx11-6",
    "libGL.so.1": "libgl1", "libEGL.so.1": "libegl1", "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1", "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3", "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
}


def missing_libraries(ldd_output: str) -> list[str]:
    """The shared objects `ldd` reports as 'not found', each once, in order."""
    found = []
    for line in ldd_output.splitlines():
        name, _, where = line.strip().partition(" => ")
        if where.strip() == "not found" and name not in found:
            found.append(name)
    return found


def packages_for(libraries: list[str]) -> list[str]:
    return sorted({PACKAGES.get(lib, lib) for lib in libraries})


def _xcb_plugin() -> Path | None:
    try:
        import PySide6
    except ImportError:
        return None
    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def main() -> int:
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if not sys.platform.startswith("linux") or (platform and not platform.startswith("xcb")):
        return 0  # another system, or Qt told to use another platform (wayland, offscreen)
    plugin = _xcb_plugin()
    if plugin is None:
        return 0
    try:
        done = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True,
                              timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return 0
    missing = missing_libraries(done.stdout)
    if not missing:
        return 0
    packages = packages_for(missing)
    print("Faltam bibliotecas do sistema que o Qt usa para abrir janelas no Linux (X11):\n  "
          + ", ".join(missing) + "\nInstale-as (Debian/Ubuntu) e rode `make run` de novo:\n"
          f"  sudo apt install {' '.join(packages)}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
