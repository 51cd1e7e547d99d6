"""Is the SQLite file on a network share? SQLite's locking is unreliable over SMB/NFS and a
dropped connection mid-write can damage the file, so such a path gets a warning that
recommends PostgreSQL. The decision is a pure function of the path and what the system
says about it (mount table, Windows drive type), so it is tested with sample values."""
from __future__ import annotations

import ntpath
import os
import sys
from pathlib import Path
from typing import Callable

# Linux file systems that live on another machine (fstype column of /proc/mounts)
NETWORK_FILESYSTEMS = {"nfs", "nfs4", "cifs", "smb3", "smbfs", "ncpfs", "afs", "9p", "ceph",
                       "glusterfs", "lustre", "gpfs", "davfs", "fuse.sshfs", "fuse.davfs2",
                       "fuse.glusterfs", "fuse.rclone", "fuse.smbnetfs"}
DRIVE_REMOTE = 4  # GetDriveTypeW: a mapped network drive


def _unescape_mount(field: str) -> str:
    """/proc/mounts writes space, tab, newline and backslash as octal escapes (\\040)."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def network_mount(path: str, mounts_text: str) -> str | None:
    """The network mount holding an absolute POSIX `path`, as 'cifs em /mnt/pref
    (//srv/dados)', or None when its longest matching mount point is a local file system."""
    best: tuple[str, str, str] | None = None
    for line in mounts_text.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        device, point, fstype = _unescape_mount(fields[0]), _unescape_mount(fields[1]), fields[2]
        inside = path == point or path.startswith(point.rstrip("/") + "/")
        if inside and (best is None or len(point) >= len(best[1])):
            best = (device, point, fstype)
    if best is None:
        return None
    device, point, fstype = best
    if fstype in NETWORK_FILESYSTEMS or fstype.startswith("nfs"):
        return f"{fstype} em {point} ({device})"
    return None


def windows_network_path(path: str, drive_type: Callable[[str], int] | None) -> str | None:
    """A UNC path (\\\\servidor\\pasta, also //servidor/pasta and \\\\?\\UNC\\...) or a path on
    a mapped network drive (drive_type(root) == DRIVE_REMOTE)."""
    if path.startswith(("\\\\?\\UNC\\", "//?/UNC/")):
        path = "\\\\" + path[8:]
    elif path.startswith(("\\\\?\\", "\\\\.\\", "//?/", "//./")):
        path = path[4:]  # a local path written in the long form
    drive, _ = ntpath.splitdrive(path)
    if drive.startswith(("\\\\", "//")):
        return f"pasta de rede {drive.replace('/', chr(92))}"
    if len(drive) == 2 and drive[1] == ":" and drive_type is not None:
        if drive_type(f"{drive.upper()}\\") == DRIVE_REMOTE:
            return f"unidade de rede {drive.upper()}"
    return None


def network_location(path: str, *, platform: str | None = None,
                     mounts_text: str | None = None,
                     drive_type: Callable[[str], int] | None = None) -> str | None:
    """Where on the network `path` is, or None for a local disk. `platform` is sys.platform;
    on Linux `mounts_text` is the content of /proc/mounts."""
    platform = platform or sys.platform
    if platform == "win32":
        return windows_network_path(path, drive_type)
    if platform.startswith("linux") and mounts_text:
        return network_mount(path, mounts_text)
    return None


def _windows_drive_type(root: str) -> int:
    import ctypes
    return ctypes.windll.kernel32.GetDriveTypeW(root)  # type: ignore[attr-defined]


def network_warning(path: Path) -> str | None:
    """The warning for a database file on this machine, or None when it is on a local disk."""
    try:
        absolute = os.path.realpath(path)
        mounts = None
        if sys.platform.startswith("linux"):
            with open("/proc/mounts", encoding="utf-8", errors="replace") as handle:
                mounts = handle.read()
        where = network_location(absolute, mounts_text=mounts, drive_type=(
            _windows_drive_type if sys.platform == "win32" else None))
    except (OSError, ValueError, AttributeError):
        return None  # cannot tell: no warning rather than a false one
    if where is None:
        return None
    return (f"O banco de dados {path} está numa {where}." if where.startswith(("pasta", "unidade"))
            else f"O banco de dados {path} está num disco de rede ({where}).") + (
        " Um arquivo SQLite numa pasta compartilhada pode se danificar se a rede cair ou se dois "
        "computadores gravarem ao mesmo tempo. Para usar o programa em rede ou em vários "
        "balcões, use PostgreSQL (veja 'Vários balcões: PostgreSQL' no manual).")
