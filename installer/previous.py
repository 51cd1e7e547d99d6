"""The earlier releases' installers, for the upgrade test of `make installer-check`.

installer/releases.toml lists every release in release order (version, commit, tag); the
check upgrades from each release older than the version being built. Each one's installer
is built from its commit with that release's own build scripts (git archive of the commit,
so the work tree is not touched) and cached in build/cache/previous/ under its version and
the commit's hash, so only the first check on a machine pays for it. The commit is found by
its tag when the clone has tags (the tag must point at it) and by its hash otherwise; a
clone without that history (shallow) stops the check with the command that fetches it: the
upgrade test is never skipped.

Releases up to 0.1.0 built a 32-bit NSIS stub, which wine64 cannot run without wine32; their
script is compiled with `Target amd64-unicode` prepended (makensis -X). Every earlier
installer is compressed with zlib instead of LZMA to save CPU: the same pages, sections,
registry keys and files.
"""
from __future__ import annotations

import io
import os
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build  # noqa: E402
import pe  # noqa: E402

RELEASES_FILE = build.ROOT / "installer" / "releases.toml"
CACHE = build.CACHE / "previous"
SOURCES = build.ROOT / "build" / "previous"


class PreviousReleaseError(Exception):
    """An earlier release cannot be had; the message says how to get it."""


@dataclass(frozen=True)
class Release:
    version: str
    commit: str
    tag: str


def releases(path: Path = RELEASES_FILE) -> list[Release]:
    """Every release of installer/releases.toml, in release order (checked)."""
    from packaging.version import InvalidVersion, Version
    name = f"installer/{path.name}"
    try:
        entries = tomllib.loads(path.read_text(encoding="utf-8")).get("release")
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise PreviousReleaseError(f"{name} ilegível: {exc}") from exc
    if not isinstance(entries, list) or not entries:
        raise PreviousReleaseError(f"{name} não tem nenhuma [[release]]")
    found = []
    for number, entry in enumerate(entries, 1):
        version, commit = str(entry.get("version", "")), str(entry.get("commit", ""))
        try:
            Version(version)
        except InvalidVersion:
            raise PreviousReleaseError(f"{name}, [[release]] nº {number}: versão "
                                       f"{version!r} inválida") from None
        if commit and not re.fullmatch(r"[0-9a-f]{40}", commit):
            raise PreviousReleaseError(f"{name}, versão {version}: o commit deve ter os 40 "
                                       f"dígitos hexadecimais (git rev-parse), não {commit!r}")
        found.append(Release(version=version, commit=commit, tag=str(entry.get("tag", ""))))
    ordered = sorted(found, key=lambda r: Version(r.version))
    if ordered != found or len({Version(r.version) for r in found}) != len(found):
        raise PreviousReleaseError(f"{name}: as versões devem vir em ordem crescente, sem "
                                   f"repetir ({', '.join(r.version for r in found)})")
    return found


def earlier(current: str, path: Path = RELEASES_FILE) -> list[Release]:
    """The releases before `current` (the version being built), oldest first. An entry for
    `current` itself is the release being made, not one to upgrade from; one newer than it
    means the file and the program disagree."""
    from packaging.version import Version
    every = releases(path)
    newer = [r.version for r in every if Version(r.version) > Version(current)]
    if newer:
        raise PreviousReleaseError(f"installer/{path.name} lista {', '.join(newer)}, mais "
                                   f"nova que este programa ({current}): corrija um dos dois")
    before = [r for r in every if Version(r.version) < Version(current)]
    missing = [r.version for r in before if not r.commit]
    if missing:
        raise PreviousReleaseError(f"installer/{path.name}: sem commit para "
                                   f"{', '.join(missing)}")
    if not before:
        raise PreviousReleaseError(f"installer/{path.name} não tem versão anterior a "
                                   f"{current}: o teste de atualização não é pulado")
    return before


def _git(*args: str, root: Path = build.ROOT, binary: bool = False):
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True,
                          text=not binary)


def resolve(rel: Release, root: Path = build.ROOT) -> str:
    """The full hash of the release's commit, checked against its tag when present."""
    if _git("rev-parse", "--git-dir", root=root).returncode:
        raise PreviousReleaseError(f"{root} não é um clone git: o teste de atualização precisa "
                                   f"do commit {rel.commit[:12]} da versão {rel.version}")
    if rel.tag:
        tagged = _git("rev-parse", "--verify", "--quiet", f"refs/tags/{rel.tag}^{{commit}}",
                      root=root)
        if tagged.returncode == 0 and tagged.stdout.strip() != rel.commit:
            raise PreviousReleaseError(
                f"a etiqueta {rel.tag} aponta {tagged.stdout.strip()[:12]}, mas "
                f"installer/releases.toml diz {rel.commit[:12]}: corrija um dos dois")
    found = _git("rev-parse", "--verify", "--quiet", f"{rel.commit}^{{commit}}", root=root)
    if found.returncode:
        raise PreviousReleaseError(
            f"o commit {rel.commit[:12]} da versão {rel.version} não está neste clone "
            f"(clone raso?). Traga o histórico: `git fetch --unshallow` ou "
            f"`git fetch origin {rel.commit}`; o teste de atualização não é pulado")
    return found.stdout.strip()


def cached_installer(rel: Release, commit: str) -> Path:
    return CACHE / rel.version / f"MototaxiDesk-{rel.version}-{commit[:12]}-setup.exe"


def _makensis_shim(folder: Path, *, retarget: bool) -> Path:
    """A `makensis` first on PATH for the old build: zlib instead of LZMA (a quarter of the
    CPU time; the installer only serves this test, and how its payload is compressed changes
    nothing it installs) and, for a 32-bit script, the amd64 target."""
    folder.mkdir(parents=True, exist_ok=True)
    options = '"-XSetCompressor /FINAL zlib"' + (' "-XTarget amd64-unicode"' if retarget else "")
    shim = folder / "makensis"
    shim.write_text(f'#!/bin/sh\nexec "{shutil.which("makensis")}" {options} "$@"\n',
                    encoding="utf-8")
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    return folder


# The previous release's build pins PySide6 (the meta-package) from what is installed here;
# this version depends on its parts only (PySide6-Essentials, -Addons, -Pdf: the meta-package
# also pulls WebEngine, never used). Where the meta-package is absent, its version and
# requirements are answered from the installed parts, as the meta-package would declare them,
# so the old scripts pin the same Windows wheels. Run before the old build.py is imported:
# its defaults bind importlib.metadata's functions when it is defined.
QT_META_SHIM = r"""
import importlib.metadata as md, runpy, sys
_version, _requires = md.version, md.requires
def _installed(name):
    try:
        _version("PySide6")
        return True
    except md.PackageNotFoundError:
        return False
PARTS = ("PySide6-Essentials", "PySide6-Addons", "PySide6-Pdf")
if not _installed("PySide6"):
    def version(name):
        return _version(PARTS[0] if name.lower() == "pyside6" else name)
    def requires(name):
        if name.lower() == "pyside6":
            return [f"{part}=={_version(part)}" for part in PARTS]
        return _requires(name)
    md.version, md.requires = version, requires
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def installer(rel: Release) -> tuple[Path, bool]:
    """(the release's installer, whether it came from the cache)."""
    commit = resolve(rel)
    target = cached_installer(rel, commit)
    if target.is_file():
        return target, True
    source = SOURCES / commit[:12]
    shutil.rmtree(source, ignore_errors=True)
    source.mkdir(parents=True)
    archive = _git("archive", "--format=tar", commit, binary=True)
    if archive.returncode:
        raise PreviousReleaseError(f"git archive {commit[:12]} falhou: "
                                   + archive.stderr.decode(errors="replace"))
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(source, filter="data")
    declared = tomllib.loads((source / "pyproject.toml").read_text("utf-8"))["project"]
    if declared["version"] != rel.version:
        raise PreviousReleaseError(f"o commit {commit[:12]} é a versão {declared['version']}, "
                                   f"não {rel.version} (installer/releases.toml)")
    (source / "build").mkdir()
    (source / "build" / "cache").symlink_to(build.CACHE)  # the same downloads
    env = {k: v for k, v in os.environ.items() if not k.startswith("MOTOTAXI_SIGN_")}
    template = (source / "installer" / "mototaxi-desk.nsi").read_text(encoding="utf-8")
    shim = _makensis_shim(source / "build" / "bin",
                          retarget="Target amd64-unicode" not in template)
    env["PATH"] = f"{shim}{os.pathsep}{env['PATH']}"
    print(f"  compilando o instalador da versão {rel.version} ({commit[:12]}) com os "
          "scripts dela")
    result = subprocess.run([sys.executable, "-c", QT_META_SHIM, "installer/build.py"],
                            cwd=source, env=env, capture_output=True, text=True)
    built = source / "dist" / build.installer_filename(rel.version)
    if result.returncode or not built.is_file():
        raise PreviousReleaseError(f"o instalador da versão {rel.version} não compilou:\n"
                                   + (result.stdout + result.stderr)[-3000:])
    if pe.machine(built.read_bytes()) != "amd64":
        raise PreviousReleaseError(f"o instalador da versão {rel.version} não saiu de 64 bits")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(built, target)
    shutil.rmtree(source, ignore_errors=True)
    return target, False

