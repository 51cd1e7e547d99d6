"""The crash test's process factory: imports the burst (crash_worker) once, then forks one
child per trial, so each of the 50 trials skips Python's start and the imports (a third of
a second of CPU each). The child is a process of its own, killed as before.

    python -m tests.services.crash_zygote

Reads commands on stdin, one per line, and answers on stdout:
  `run<TAB>DB_PATH<TAB>SEED<TAB>STDERR_FILE` forks a child running crash_worker.main on
      DB_PATH; prints `pid N`; the child prints `ready` once its database is open, `done`
      after each action (in any order with `pid N`), and on an error `failed`, the
      traceback going to STDERR_FILE;
  `wait` reaps the last child and prints `exit CODE` (-9 when killed by SIGKILL). Until
      then the child stays a zombie once dead, so its pid cannot be reused by another
      process before the test has sent its signal.
POSIX only (os.fork)."""
from __future__ import annotations

import faulthandler
import os
import sys
import traceback

from . import crash_worker


def _child(path: str, seed: int, errors: str) -> None:
    os.dup2(os.open(errors, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
    sys.stderr = os.fdopen(2, "w", buffering=1)
    # a child that dies of a signal (or is sent SIGABRT by a test that heard nothing from it)
    # leaves where it was in STDERR_FILE
    faulthandler.enable(file=sys.stderr, all_threads=True)
    try:
        crash_worker.main(path, seed)
    except BaseException:  # the burst itself failed: status 3, as crash_worker does
        traceback.print_exc()
        sys.stderr.flush()
        print("failed", flush=True)
        os._exit(3)
    os._exit(0)


def serve() -> None:
    child = None
    for line in sys.stdin:
        command, *args = line.rstrip("\n").split("\t")
        if command == "run":
            child = os.fork()
            if child == 0:
                _child(args[0], int(args[1]), args[2])
            # each answer on a line of its own: a child's print (the word, then its newline:
            # two writes) may be cut between them, and an answer glued to it ("doneexit -9")
            # was never recognised (the test waited out its timeout and restarted the zygote)
            print(f"\npid {child}", flush=True)
        elif command == "wait" and child:
            _, status = os.waitpid(child, 0)
            child = None
            print(f"\nexit {os.waitstatus_to_exitcode(status)}", flush=True)


if __name__ == "__main__":
    serve()
