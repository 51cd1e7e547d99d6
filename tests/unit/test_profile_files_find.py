"""profile_files.find reads only the files named after the id (the município's own first)."""
from __future__ import annotations

import pytest

from mototaxi_desk import profile_files
from mototaxi_desk.domain import profiles
from mototaxi_desk.domain.errors import ProfileError

SRM = "sao-raimundo-das-mangabeiras-2019"


def test_the_shipped_file_and_only_it_is_parsed(monkeypatch):
    parsed = []
    real = profiles.load_text
    monkeypatch.setattr(profiles, "load_text",
                        lambda text, name, **kw: parsed.append(name) or real(text, name, **kw))
    assert profile_files.find(SRM).origin == profile_files.SHIPPED
    assert parsed == [f"{SRM}.toml"]


def test_the_municipios_own_file_comes_first():
    own = profile_files.data_folder()
    own.mkdir(parents=True)
    text = profiles.PROFILES_DIR.joinpath(f"{SRM}.toml").read_text(encoding="utf-8")
    (own / f"{SRM}.toml").write_text(text, encoding="utf-8")
    found = profile_files.find(SRM)
    assert found.origin == profile_files.DATA_FOLDER and found.profile.id == SRM


@pytest.mark.parametrize("name", ["../" + SRM, "nenhum", "", ".oculto"])
def test_an_unknown_id_or_a_path_is_refused(name):
    with pytest.raises(ProfileError, match="Perfil desconhecido"):
        profile_files.find(name)
