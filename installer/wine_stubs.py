"""What wine 8 lacks and Windows 10/11 have, supplied only inside the check's throwaway wine
prefix (never in the installer).

bcryptprimitives.dll: Rust programs (cryptography's _rust.pyd) import ProcessPrng from it;
Windows 10 ships it, wine 8 does not, and the import fails with "DLL load failed". The stub is
a data-only DLL whose single export forwards to advapi32.SystemFunction036 (RtlGenRandom),
which has the same arguments (buffer, length) and fills the buffer from the system's random
source; its return value is ignored by Rust's callers, as ProcessPrng always returns TRUE."""
from __future__ import annotations

import struct

SECTION_RVA = 0x1000
FILE_ALIGN = 0x200


def forwarder_dll(dll_name: str, exports: dict[str, str]) -> bytes:
    """A PE32+ DLL with no code whose exports forward, e.g. {'ProcessPrng':
    'advapi32.SystemFunction036'}."""
    names = sorted(exports)
    count = len(names)
    directory_size = 40
    functions_at = SECTION_RVA + directory_size
    names_at = functions_at + 4 * count
    ordinals_at = names_at + 4 * count
    strings_at = ordinals_at + 2 * count
    strings = b""
    offsets: dict[str, int] = {}
    for text in [dll_name] + names + [exports[n] for n in names]:
        if text not in offsets:
            offsets[text] = strings_at + len(strings)
            strings += text.encode("ascii") + b"\0"
    body = struct.pack("<IIHHIIIIIII", 0, 0, 0, 0, offsets[dll_name], 1, count, count,
                       functions_at, names_at, ordinals_at)
    body += b"".join(struct.pack("<I", offsets[exports[n]]) for n in names)  # forwarders
    body += b"".join(struct.pack("<I", offsets[n]) for n in names)
    body += b"".join(struct.pack("<H", i) for i in range(count))
    body += strings
    export_size = len(body)  # a function RVA inside the export data is a forwarder
    raw_size = -(-len(body) // FILE_ALIGN) * FILE_ALIGN
    image_size = SECTION_RVA + -(-len(body) // 0x1000) * 0x1000

    directories = [(0, 0)] * 16
    directories[0] = (SECTION_RVA, export_size)
    optional = struct.pack(
        "<HBBIIIIIQIIHHHHHHIIIIHHQQQQII",
        0x20B, 14, 0, 0, raw_size, 0, 0, SECTION_RVA,   # magic, linker, sizes, entry 0, code base
        0x180000000, 0x1000, FILE_ALIGN,                # image base, section/file alignment
        6, 0, 0, 0, 6, 0, 0,                            # OS, image, subsystem versions, win32
        image_size, FILE_ALIGN, 0, 3, 0x0100,           # image/header size, checksum, CUI, NX
        0x100000, 0x1000, 0x100000, 0x1000, 0, 16)      # stack, heap, loader flags, dirs
    optional += b"".join(struct.pack("<II", *d) for d in directories)
    coff = struct.pack("<HHIIIHH", 0x8664, 1, 0, 0, 0, len(optional), 0x2022)  # DLL, x64
    section = struct.pack("<8sIIIIIIHHI", b".rdata", len(body), SECTION_RVA, raw_size,
                          FILE_ALIGN, 0, 0, 0, 0, 0x40000040)  # initialised data, read
    header = b"MZ" + b"\0" * 58 + struct.pack("<I", 0x40) + b"PE\0\0" + coff + optional + section
    return header.ljust(FILE_ALIGN, b"\0") + body.ljust(raw_size, b"\0")


def install(prefix_system32) -> list[str]:
    """Write the stubs into a wine prefix's system32; the names written."""
    stubs = {"bcryptprimitives.dll": forwarder_dll(
        "bcryptprimitives.dll", {"ProcessPrng": "advapi32.SystemFunction036"})}
    for name, data in stubs.items():
        (prefix_system32 / name).write_bytes(data)
    return sorted(stubs)
