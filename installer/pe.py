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
bcryptprimitives d3dcompiler_47 mscms psapi uiautomationcore avrt
""".split())


def is_system_dll(name: str) -> bool:
    stem = name.lower().removesuffix(".dll").removesuffix(".drv")
    return stem in SYSTEM_DLLS or stem.startswith(("api-ms-win-", "ext-ms-"))


class _Image:
    """Just enough of a PE file's headers to walk its import and export tables."""

    def __init__(self, data: bytes):
        if data[:2] != b"MZ":
            raise ValueError("não é um executável Windows (falta o cabeçalho MZ)")
        pe = struct.unpack_from("<I", data, 0x3C)[0]
        if data[pe:pe + 4] != b"PE\0\0":
            raise ValueError("não é um executável Windows (falta o cabeçalho PE)")
        self.data = data
        self.machine = struct.unpack_from("<H", data, pe + 4)[0]
        section_count = struct.unpack_from("<H", data, pe + 6)[0]
        optional_size = struct.unpack_from("<H", data, pe + 20)[0]
        optional = pe + 24
        self.pe32_plus = struct.unpack_from("<H", data, optional)[0] == 0x20B
        self.directories = optional + (112 if self.pe32_plus else 96)
        self.directory_count = struct.unpack_from("<I", data, self.directories - 4)[0]
        self.sections = [struct.unpack_from("<IIII", data, optional + optional_size + 40 * i + 8)
                         for i in range(section_count)]  # virtual size, address, raw size/offset

    def offset(self, rva: int) -> int:
        for virtual_size, address, raw_size, raw_offset in self.sections:
            if address <= rva < address + max(virtual_size, raw_size):
                return rva - address + raw_offset
        raise ValueError(f"endereço {rva:#x} fora das seções")

    def string(self, rva: int) -> str:
        start = self.offset(rva)
        return self.data[start:self.data.index(b"\0", start)].decode("ascii")

    def directory(self, index: int) -> int:
        return struct.unpack_from("<I", self.data, self.directories + 8 * index)[0] \
            if index < self.directory_count else 0

    def imports(self) -> dict[str, set[str]]:
        """DLL name (lower case) -> imported function names ('#N' for an ordinal)."""
        result: dict[str, set[str]] = {}
        thunk_size, ordinal_flag = (8, 1 << 63) if self.pe32_plus else (4, 1 << 31)

        def functions(thunks_rva: int) -> set[str]:
            if not thunks_rva:
                return set()
            names, at = set(), self.offset(thunks_rva)
            while thunk := int.from_bytes(self.data[at:at + thunk_size], "little"):
                names.add(f"#{thunk & 0xFFFF}" if thunk & ordinal_flag
                          else self.string((thunk & 0x7FFFFFFF) + 2))
                at += thunk_size
            return names

        if rva := self.directory(1):  # IMAGE_IMPORT_DESCRIPTOR: 5 dwords, the name 4th
            at = self.offset(rva)
            while (entry := struct.unpack_from("<5I", self.data, at)) != (0, 0, 0, 0, 0):
                result.setdefault(self.string(entry[3]).lower(), set()).update(
                    functions(entry[0] or entry[4]))
                at += 20
        if rva := self.directory(13):  # delay-load descriptor: 8 dwords, name 2nd, names 5th
            at = self.offset(rva)
            while (entry := struct.unpack_from("<8I", self.data, at))[1]:
                result.setdefault(self.string(entry[1]).lower(), set()).update(
                    functions(entry[4]))
                at += 32
        return result

    def exports(self) -> set[str]:
        if not (rva := self.directory(0)):
            return set()
        fields = struct.unpack_from("<IIHHIIIIIII", self.data, self.offset(rva))
        count, names_rva = fields[7], fields[9]
        at = self.offset(names_rva) if count else 0
        return {self.string(struct.unpack_from("<I", self.data, at + 4 * i)[0])
                for i in range(count)}


def imported_dlls(data: bytes) -> set[str]:
    """Lower-case names of the DLLs a PE file (exe, dll, pyd) imports, delay-loaded included."""
    return set(_Image(data).imports())


def imported_functions(data: bytes) -> dict[str, set[str]]:
    """What a PE file imports: lower-case DLL name -> function names."""
    return _Image(data).imports()


def exported_names(data: bytes) -> set[str]:
    """The names a DLL exports."""
    return _Image(data).exports()


def machine(data: bytes) -> str:
    """'amd64', 'x86' or the COFF machine number of a PE file."""
    code = _Image(data).machine
    return {0x8664: "amd64", 0x14C: "x86", 0xAA64: "arm64"}.get(code, hex(code))
