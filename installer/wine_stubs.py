"""What wine 8 lacks and Windows 10/11 have, supplied only inside the check's throwaway wine
prefix (never in the installer: tests/test_installer.py checks build.py does not use this).

- bcryptprimitives.dll: Rust programs (cryptography's _rust.pyd) import ProcessPrng from it;
  Windows 10 ships it, wine 8 does not, and the import fails with "DLL load failed". The stub
  forwards ProcessPrng to advapi32.SystemFunction036 (RtlGenRandom), which takes the same
  arguments (buffer, length) and fills the buffer from the system's random source; Rust ignores
  the return value, as ProcessPrng always returns TRUE.
- icuuc.dll: Windows 10 (1903+) ships ICU as icuuc.dll with unversioned names; Qt6Core imports
  20 ucnv_* functions from it and wine 8 has no ICU, so Qt cannot load. The stub forwards each
  name Qt6Core imports (read from its import table) to the versioned export of a real ICU build
  (icuuc<N>.dll from a win_amd64 wheel on PyPI, copied beside it with its data DLL).
- mscms.dll: wine's WcsCreateIccProfile aborts the process when Qt's qwindows plugin asks for
  the screen's colour profile; the stub's four functions return 0 (FALSE / NULL handle), what
  Windows returns when no profile is installed, and Qt then assumes sRGB.
"""
from __future__ import annotations

import struct
from pathlib import Path

SECTION_RVA = 0x1000
FILE_ALIGN = 0x200
RETURN_ZERO = b"\x31\xc0\xc3"  # xor eax, eax; ret  (x64: any arguments, returns 0)

# What Qt 6's qwindows.dll imports from mscms.dll (tests/test_installer.py and the check
# compare with the payload's import table, so a new Qt importing more fails loudly).
MSCMS_EXPORTS = ("CloseColorProfile", "GetColorProfileFromHandle", "OpenColorProfileW",
                 "WcsCreateIccProfile")


def stub_dll(dll_name: str, exports: dict[str, str | None]) -> bytes:
    """A PE32+ DLL whose exports either forward ('advapi32.SystemFunction036') or, for None,
    run a function that returns 0. No imports, no entry point."""
    names = sorted(exports)
    count = len(names)
    directory_size = 40
    functions_at = SECTION_RVA + directory_size
    names_at = functions_at + 4 * count
    ordinals_at = names_at + 4 * count
    strings_at = ordinals_at + 2 * count
    strings = b""
    offsets: dict[str, int] = {}
    for text in [dll_name] + names + [exports[n] for n in names if exports[n]]:
        if text not in offsets:
            offsets[text] = strings_at + len(strings)
            strings += text.encode("ascii") + b"\0"
    export_size = strings_at + len(strings) - SECTION_RVA  # an RVA inside it is a forwarder
    code_at = -(-(SECTION_RVA + export_size) // 16) * 16
    body = struct.pack("<IIHHIIIIIII", 0, 0, 0, 0, offsets[dll_name], 1, count, count,
                       functions_at, names_at, ordinals_at)
    body += b"".join(struct.pack("<I", offsets[exports[n]] if exports[n] else code_at)
                     for n in names)
    body += b"".join(struct.pack("<I", offsets[n]) for n in names)
    body += b"".join(struct.pack("<H", i) for i in range(count))
    body += strings
    has_code = any(exports[n] is None for n in names)
    if has_code:
        body = body.ljust(code_at - SECTION_RVA, b"\xcc") + RETURN_ZERO
    raw_size = -(-len(body) // FILE_ALIGN) * FILE_ALIGN
    image_size = SECTION_RVA + -(-len(body) // 0x1000) * 0x1000

    directories = [(0, 0)] * 16
    directories[0] = (SECTION_RVA, export_size)
    optional = struct.pack(
        "<HBBIIIIIQIIHHHHHHIIIIHHQQQQII",
        0x20B, 14, 0, raw_size if has_code else 0, raw_size, 0, 0,  # magic, linker, sizes
        SECTION_RVA,                                    # code base (no entry point: 0 above)
        0x180000000, 0x1000, FILE_ALIGN,                # image base, section/file alignment
        6, 0, 0, 0, 6, 0, 0,                            # OS, image, subsystem versions, win32
        image_size, FILE_ALIGN, 0, 3, 0x0100,           # image/header size, checksum, CUI, NX
        0x100000, 0x1000, 0x100000, 0x1000, 0, 16)      # stack, heap, loader flags, dirs
    optional += b"".join(struct.pack("<II", *d) for d in directories)
    coff = struct.pack("<HHIIIHH", 0x8664, 1, 0, 0, 0, len(optional), 0x2022)  # DLL, x64
    flags = 0x60000020 if has_code else 0x40000040  # code, execute, read | data, read
    section = struct.pack("<8sIIIIIIHHI", b".text" if has_code else b".rdata", len(body),
                          SECTION_RVA, raw_size, FILE_ALIGN, 0, 0, 0, 0, flags)
    header = b"MZ" + b"\0" * 58 + struct.pack("<I", 0x40) + b"PE\0\0" + coff + optional + section
    return header.ljust(FILE_ALIGN, b"\0") + body.ljust(raw_size, b"\0")


def forwarder_dll(dll_name: str, exports: dict[str, str]) -> bytes:
    """A PE32+ DLL with no code whose exports forward, e.g. {'ProcessPrng':
    'advapi32.SystemFunction036'}."""
    return stub_dll(dll_name, dict(exports))


def icu_forwarder(qt_imports: set[str], icu_exports: set[str], icu_dll: str) -> bytes:
    """icuuc.dll forwarding each unversioned name Qt imports to `icu_dll` (e.g. icuuc77.dll),
    whose exports carry the version suffix (ucnv_open_77)."""
    stem = icu_dll.removesuffix(".dll")
    suffix = "_" + "".join(c for c in stem if c.isdigit())
    missing = sorted(n for n in qt_imports if n + suffix not in icu_exports)
    if missing:
        raise ValueError(f"{icu_dll} não exporta {', '.join(missing)}")
    return stub_dll("icuuc.dll", {name: f"{stem}.{name}{suffix}" for name in qt_imports})


def install(prefix_system32: Path) -> list[str]:
    """Write the stubs every check needs into a wine prefix's system32; the names written."""
    stubs = {"bcryptprimitives.dll": forwarder_dll(
        "bcryptprimitives.dll", {"ProcessPrng": "advapi32.SystemFunction036"})}
    for name, data in stubs.items():
        (prefix_system32 / name).write_bytes(data)
    return sorted(stubs)


def install_gui(prefix_system32: Path, qt_icu_imports: set[str],
                icu_files: dict[str, bytes]) -> list[str]:
    """What Qt's window needs under wine: the icuuc.dll forwarder, the real ICU DLLs it points
    at (icu_files: file name -> content, icuuc<N>.dll and icudt<N>.dll) and the mscms stub.
    The names written."""
    import pe  # installer/pe.py
    icu_dll = next(n for n in icu_files if n.lower().startswith("icuuc"))
    forwarder = icu_forwarder(qt_icu_imports, pe.exported_names(icu_files[icu_dll]), icu_dll)
    stubs = {"icuuc.dll": forwarder, **icu_files,
             "mscms.dll": stub_dll("mscms.dll", dict.fromkeys(MSCMS_EXPORTS))}
    for name, data in stubs.items():
        (prefix_system32 / name).write_bytes(data)
    return sorted(stubs)
