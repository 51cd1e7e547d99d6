"""`profiles check --upgrade -o`: a profile written for an earlier format, upgraded into
another file (the original is never written), and the upgrade's notices as the commands show
them (check, init, adopt)."""
from __future__ import annotations

from pathlib import Path

from ..domain.errors import DomainError
from ..domain.profile_formats import CURRENT
from .common import output_path, write_file


def notice_lines(notices, head: str, note: str) -> list[str]:
    """A profile's upgrade notices, one per line under a heading (none: no line)."""
    if not notices:
        return []
    count = f"{len(notices)} aviso{'s' if len(notices) > 1 else ''}"
    return ([f"{head}: {count} da atualização para o formato atual"
             + (f" ({note})" if note else "") + ":"] + [f"  {n}" for n in notices])


def upgrade_target(args, source: Path) -> Path | None:
    """Where `--upgrade -o` writes, checked before anything is read: never the input."""
    if args.output and not args.upgrade:
        raise DomainError("-o só vale com --upgrade (profiles check ARQUIVO --upgrade -o "
                          "NOVO_ARQUIVO).")
    if not args.upgrade:
        return None
    if not args.output:
        raise DomainError("Informe onde gravar o perfil atualizado: profiles check ARQUIVO "
                          "--upgrade -o NOVO_ARQUIVO (o original fica como está).")
    target = output_path(args.output)
    if target.resolve() == source.resolve() or (
            target.exists() and source.exists() and target.samefile(source)):
        raise DomainError(f"O perfil atualizado precisa ir para outro arquivo: {args.output} "
                          "é o próprio original, que fica como está. Nada foi gravado.")
    return target


def write_upgraded(candidate, source: Path, target: Path) -> str:
    """Write the upgraded text of a file that loaded (a profile_files.Candidate); what was
    done, as a line."""
    from ..domain import profiles  # the rules only when a command reads a profile
    if not candidate.notices:
        return (f"O perfil já está no formato atual ({CURRENT}): nada a atualizar; nenhum "
                "arquivo gravado.")
    text, _ = profiles.upgrade_text(candidate.text, source.name)
    write_file(target, text)
    return (f"Perfil atualizado gravado em {target} (formato {CURRENT}, com os comentários "
            f"da lei); o original {source} fica como está.")
