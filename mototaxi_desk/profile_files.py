"""Profile files a município can choose or adopt: the ones the program ships (package data)
and its own, in <pasta de dados>/profiles/ (kept across upgrades, unlike the program
folder). A file is only a candidate: the rules in force are the versions the database
adopted (services/administration/profile_versions.py). One broken file is reported, never hides the others.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .domain.os_errors import os_error_text
from . import config
from .domain import input_limits, profiles
from .domain.errors import ProfileError

SHIPPED = "programa"
DATA_FOLDER = "pasta de dados"
FILE = "arquivo"


@dataclass(frozen=True)
class Candidate:
    id: str                  # the file name without .toml
    origin: str              # SHIPPED, DATA_FOLDER or FILE
    location: str            # shown to people
    text: str | None
    profile: profiles.RuleProfile | None
    error: str | None        # every problem of the file (None when it loads)
    # what upgrading it from the format it was written for changed (the file is not changed)
    notices: tuple[str, ...] = ()

    @property
    def sha256(self) -> str | None:
        return profiles.text_hash(self.text) if self.text is not None else None


def data_folder() -> Path:
    return config.data_dir() / "profiles"


def read(source, origin: str = FILE) -> Candidate:
    """One file (a Path or a package Traversable), parsed; problems captured, not raised."""
    name = source.name
    stem = name.removesuffix(".toml")
    try:
        text = profiles.read_profile_text(source)
    except (OSError, UnicodeDecodeError, input_limits.InputRefused) as exc:
        problem = "o arquivo não está em UTF-8" if isinstance(exc, UnicodeDecodeError) \
            else str(exc) if isinstance(exc, input_limits.InputRefused) else os_error_text(exc)
        return Candidate(stem, origin, str(source), None, None,
                         f"Perfil {name}: não foi possível ler: {problem}")
    try:
        profile, notices = profiles.load_text(text, name, expected_id=stem)
    except ProfileError as exc:
        return Candidate(stem, origin, str(source), text, None, str(exc))
    return Candidate(stem, origin, str(source), text, profile, None,
                     tuple(str(n) for n in notices))


def candidates() -> list[Candidate]:
    """Every profile file: the município's own first, then the shipped ones, by id."""
    found = []
    folder = data_folder()
    if folder.is_dir():
        found += [read(p, DATA_FOLDER) for p in sorted(folder.glob("*.toml"))]
    found += [read(profiles.PROFILES_DIR.joinpath(f"{pid}.toml"), SHIPPED)
              for pid in profiles.available_profiles()]
    return found


def named(profile_id: str) -> list[Candidate]:
    """The files of one id, parsed (the município's own first, then the shipped one): the
    id is the file's name, so only those are read — parsing every profile to find one cost
    a tenth of a second at each set-up."""
    if not profile_id or Path(profile_id).name != profile_id or profile_id.startswith("."):
        return []  # a name, never a path out of the folders
    found = []
    own = data_folder() / f"{profile_id}.toml"
    if own.is_file():
        found.append(read(own, DATA_FOLDER))
    if profile_id in profiles.available_profiles():
        found.append(read(profiles.PROFILES_DIR.joinpath(f"{profile_id}.toml"), SHIPPED))
    return found


def files_of(profile_id: str) -> list[tuple[str, str, str | None]]:
    """(origin, location, text or None) of the files named <profile_id>.toml, without
    parsing them (to compare with the version in force by hash)."""
    found = []
    for origin, source in ((DATA_FOLDER, data_folder() / f"{profile_id}.toml"),
                           (SHIPPED, profiles.PROFILES_DIR.joinpath(f"{profile_id}.toml"))):
        if source.is_file():
            try:
                text = profiles.read_profile_text(source)
            except (OSError, UnicodeDecodeError, input_limits.InputRefused):
                text = None
            found.append((origin, str(source), text))
    return found


def find(profile_id: str) -> Candidate:
    """The file of a profile id (the data folder's before the shipped one), valid; a path to
    a .toml file is read as it is. ProfileError when there is none or it does not load."""
    if profile_id.endswith(".toml"):
        candidate = read(Path(profile_id))
        if candidate.text is None and not Path(profile_id).exists():
            raise ProfileError(f"Arquivo de perfil não encontrado: {profile_id}")
    else:
        matches = named(profile_id)
        if not matches:
            known = ", ".join(sorted({c.id for c in candidates()})) or "nenhum"
            raise ProfileError(f"Perfil desconhecido: '{profile_id}' (nenhum arquivo "
                               f"{profile_id}.toml no programa nem em {data_folder()}). "
                               f"Disponíveis: {known}.")
        candidate = matches[0]
    if candidate.error:
        raise ProfileError(candidate.error)
    return candidate
