"""Issue 34 item 6 from the command line, as measured there: `profiles check`, `import`,
`bank-return import` and `keys trust` on /dev/zero reached 11-13 GB of memory in 20 s and
`profiles check /dev/urandom` never ended. Each command is run as its own process (its peak
memory is its own ru_maxrss) on a 200 MB sparse file of zeros and on a FIFO: refused with a
Portuguese message naming the file, under 500 MB, and the FIFO never waited on (the process
would hang: `subprocess.run`'s timeout fails it instead). No device node is used."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .test_cli import INIT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="ru_maxrss e FIFOs: POSIX")
CEILING_KB = 500 * 1024
# the command, then its peak memory in kB on stderr's last line (resource is POSIX-only)
RUN = ("import resource, sys\n"
       "from mototaxi_desk.__main__ import main\n"
       "try:\n"
       "    code = main(sys.argv[1:])\n"
       "finally:\n"
       "    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
       "sys.exit(code)\n")
COMMANDS = {"profiles check": ["profiles", "check"],
            "import": ["import"],
            "bank-return import": ["bank-return", "import"],
            "keys trust": ["keys", "trust"]}


def _run(db, words, path) -> tuple[int, str, int]:
    done = subprocess.run([sys.executable, "-c", RUN, "--db", db, *words, str(path)],
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
                          env={**os.environ, "MOTOTAXI_USER": "admin",
                               "MOTOTAXI_PASSWORD": "senha-forte-1"})
    *message, peak = done.stderr.rstrip("\n").split("\n")
    return done.returncode, "\n".join(message), int(peak)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("entradas")
    zeros = folder / "zeros.toml"
    with open(zeros, "wb") as handle:
        handle.truncate(200 * 1024 * 1024)  # sparse: no block written
    fifo = folder / "canal.toml"
    os.mkfifo(fifo)
    return zeros, fifo


@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_refuses_200_mb_of_zeros_and_a_fifo(command, cli, sqlite_db, files):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    zeros, fifo = files
    code, message, peak = _run(sqlite_db, COMMANDS[command], zeros)
    assert code == 1, message
    assert f"{zeros} tem 210 MB, mais que o máximo de" in message and "Nada foi lido." in message
    assert peak < CEILING_KB
    code, message, peak = _run(sqlite_db, COMMANDS[command], fifo)
    assert code == 1, message
    assert f"{fifo} não é um arquivo comum (é um canal FIFO)" in message
    assert peak < CEILING_KB
