"""The DLL names a Windows executable or DLL imports (its import and delay-import tables),
read on Linux without Windows tools. The build keeps exactly the Qt DLLs the app's Qt
modules need; the check confirms that every DLL in the payload finds what it imports."""
from __future__ import annotations

import struct

# Windows 10/11 ship these (plus every api-ms-win-* / ext-ms-* API set).
SYSTEM_DLLS = frozenset("""
advapi32 authz bcrypt cfgmgr32 comctl32 comdlg32 crypt32 d2d1 d3d11 d3d12 d3d9 dbghelp dcomp
dnsapi dwmapi dwrite dxgi gdi32 gdiplus glu32 icu icuin icuuc imm32 iphlpapi kernel32 mpr
msvcrt ncrypt netapi32 normaliz ntdll ole32 oleacc oleaut32 opengl32 powrprof propsys rpcrt4
secur32 setupapi shcore shell32 shlwapi user32 userenv uxtheme version winhttp winmm winspool
wintrust wldap32 ws2_32 wtsapi32 dxva2 mf mfplat mfreadwrite mfuuid evr ksuser usp10
bcryptprimitives d3dcompiler_47 mscms psapi uiautomationcore
""".split())


def is_system_dll(name: str) -> bool:
    stem = name.lower().removesuffix(".dll").removesuffix(".drv")
    return stem in SYSTEM_DLLS or stem.startswith(("api-ms-win-", "ext-ms-"))


def imported_dlls(data: bytes) -> set[str]:
    """Lower-case names of the DLLs a PE file (exe, dll, pyd) imports, delay-loaded included."""
    if data[:2] != b"MZ":
        raise ValueError("não é um executável Windows (falta o cabeçalho MZ)")
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    if data[pe:pe + 4] != b"PE\0\0":
        raise ValueError("não é um executável Windows (falta o cabeçalho PE)")
    section_count = struct.unpack_from("<H", data, pe + 6)[0]
    optional_size = struct.unpack_from("<H", data, pe + 20)[0]
    optional = pe + 24
    pe32_plus = struct.unpack_from("<H", data, optional)[0] == 0x20B
    directories = optional + (112 if pe32_plus else 96)
    directory_count = struct.unpack_from("<I", data, directories - 4)[0]
    sections = [struct.unpack_from("<IIII", data, optional + optional_size + 40 * i + 8)
                for i in range(section_count)]  # virtual size, address, raw size, raw offset

    def offset(rva: int) -> int:
        for virtual_size, address, raw_size, raw_offset in sections:
            if address <= rva < address + max(virtual_size, raw_size):
                return rva - address + raw_offset
        raise ValueError(f"endereço {rva:#x} fora das seções")

    def name_at(rva: int) -> str:
        start = offset(rva)
        return data[start:data.index(b"\0", start)].decode("ascii").lower()

    def directory(index: int) -> int:
        return struct.unpack_from("<I", data, directories + 8 * index)[0] \
            if index < directory_count else 0

    names: set[str] = set()
    if rva := directory(1):  # IMAGE_IMPORT_DESCRIPTOR: 5 dwords, the name is the 4th
        at = offset(rva)
        while (entry := struct.unpack_from("<5I", data, at)) != (0, 0, 0, 0, 0):
            names.add(name_at(entry[3]))
            at += 20
    if rva := directory(13):  # delay-load descriptor: 8 dwords, the name is the 2nd
        at = offset(rva)
        while (entry := struct.unpack_from("<8I", data, at))[1]:
            names.add(name_at(entry[1]))
            at += 32
    return names
