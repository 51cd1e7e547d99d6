"""The operating system's errors in Portuguese: an OSError's `strerror` is English on Linux
(and in the user's language only on some Windows installs), so messages that quote it would
mix languages. `os_error_text(exc)` says the same in Portuguese, by errno (POSIX) or by the
Windows error code."""
from __future__ import annotations

import errno

_BY_ERRNO = {
    errno.ENOENT: "arquivo ou pasta não encontrado",
    errno.EACCES: "permissão negada",
    errno.EPERM: "operação não permitida",
    errno.EEXIST: "já existe",
    errno.EISDIR: "é uma pasta, não um arquivo",
    errno.ENOTDIR: "parte do caminho não é uma pasta",
    errno.ENOSPC: "não há espaço livre no disco",
    errno.EROFS: "o local é somente leitura",
    errno.ENAMETOOLONG: "nome ou caminho longo demais",
    errno.EINVAL: "caminho ou operação inválida",
    errno.EIO: "erro de leitura ou gravação no dispositivo",
    errno.EBUSY: "o arquivo ou dispositivo está em uso",
    errno.EMFILE: "arquivos abertos demais",
    errno.EXDEV: "não é possível mover entre discos diferentes",
    errno.ENOTEMPTY: "a pasta não está vazia",
    errno.ELOOP: "atalhos (links) em círculo no caminho",
    errno.ETIMEDOUT: "o tempo de espera esgotou",
    errno.ECONNREFUSED: "conexão recusada",
    errno.EFBIG: "arquivo grande demais",
    errno.EPIPE: "a saída do comando foi fechada antes do fim",
}
if hasattr(errno, "EDQUOT"):
    _BY_ERRNO[errno.EDQUOT] = "a cota de disco do usuário acabou"
_BY_WINERROR = {2: _BY_ERRNO[errno.ENOENT], 3: "pasta não encontrada",
                5: _BY_ERRNO[errno.EACCES], 32: "o arquivo está em uso por outro programa",
                112: _BY_ERRNO[errno.ENOSPC], 123: "nome de arquivo ou pasta inválido",
                206: _BY_ERRNO[errno.ENAMETOOLONG]}


def os_error_text(exc: BaseException) -> str:
    """What went wrong, in Portuguese, without the path (the caller names the file)."""
    winerror = getattr(exc, "winerror", None)
    if winerror in _BY_WINERROR:
        return _BY_WINERROR[winerror]
    number = getattr(exc, "errno", None)
    if number in _BY_ERRNO:
        return _BY_ERRNO[number]
    if number:
        return f"erro do sistema nº {number}"
    return "erro do sistema"
