"""Makes tests/releases/<version>/: what a released version of the program made, with that
version's own code, for the tests that upgrade it (tests/releases/).

    .venv/bin/python tools/release_corpus.py VERSION [--pg postgresql://postgres@127.0.0.1/test]

The release is found in installer/releases.toml (its commit: tags may be absent). Its tree is
taken with `git archive COMMIT` into a temporary folder (the work tree is not touched) and run
with this machine's Python and this venv's packages, the old tree first on PYTHONPATH — the
same libraries the release pinned (if one day an old tree needs another version of a library,
give --python a throwaway venv's interpreter that has it). With the release's command line, in
a data folder of its own, the recipe of that version (RECIPES below) sets up a município and
does the counter's work: a holder, a permit, an inspection with its sticker, then prints a card
and a sticker. It runs twice: on an SQLite file and, with --pg, in a schema of its own on that
PostgreSQL server (created here, dumped, dropped).

What is kept (a few hundred KB):
  manifest.json       the release, the day it was made, the município, the permit and sticker
                      numbers, each backend's QR texts, and the commands that made it all
  profiles/           the release's shipped profile files, as they were
  sqlite/             mototaxi.db.gz (the database file the release wrote, byte for byte,
                      gzipped), keys/ (the station's key files: the private key — a throwaway
                      município — and the trust file where the release wrote one),
                      card.pdf and sticker.pdf as it printed them
  postgres/           dump.sql.gz (pg_dump --inserts --no-owner --no-privileges of the schema;
                      the tests load it into a schema of theirs by renaming the schema named in
                      the manifest), keys/

The QR texts are read from the release's own `print --json` output. A new release: add it to
installer/releases.toml and a recipe here (usually the last one, with what the command line
changed), then run this script; the tests pick the folder up by itself.
"""
from __future__ import annotations

import argparse
import datetime as dt
import gzip
import io
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
RELEASES = ROOT / "installer" / "releases.toml"
CORPUS = ROOT / "tests" / "releases"
PASSWORD = "senha-forte-1"  # the admin's, as the tests' município has it
ADMIN = "admin"


def release(version: str) -> dict:
    for entry in tomllib.loads(RELEASES.read_text(encoding="utf-8"))["release"]:
        if entry["version"] == version:
            return entry
    raise SystemExit(f"versão {version} não está em {RELEASES.relative_to(ROOT)}")


def checkout(commit: str, folder: Path) -> Path:
    """The release's tree (git archive: no work tree, no index touched)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit],
                             capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def importable(tree: Path, folder: Path) -> Path:
    """What goes on PYTHONPATH to run the release: its tree; or, for a tree whose
    pyproject.toml maps a package to a folder outside the package (resources/ is
    mototaxi_desk.resources since issue 38), the package laid out in `folder` as a wheel
    installs it (installer/build.py stages it so too). Never this checkout's resources,
    which its editable install would otherwise give the release."""
    pyproject = tomllib.loads((tree / "pyproject.toml").read_text(encoding="utf-8"))
    mapping = pyproject.get("tool", {}).get("setuptools", {}).get("package-dir", {})
    if not mapping:
        return tree
    shutil.copytree(tree / "mototaxi_desk", folder / "mototaxi_desk")
    for package, source in mapping.items():
        shutil.copytree(tree / source, folder.joinpath(*package.split(".")))
    return folder


class Station:
    """The release's command line in a data folder of its own, against one database."""

    def __init__(self, tree: Path, data: Path, db: str, python: str):
        self.tree, self.data, self.db, self.python = tree, data, db, python
        self.commands: list[str] = []

    def run(self, *args: str, stdin: str = "", json_out: bool = False):
        argv = [self.python, "-m", "mototaxi_desk", "--db", self.db,
                *(["--json"] if json_out else []), *args]
        env = {**os.environ, "PYTHONPATH": str(self.tree), "MOTOTAXI_DATA_DIR": str(self.data),
               "MOTOTAXI_USER": ADMIN, "MOTOTAXI_PASSWORD": PASSWORD,
               "QT_QPA_PLATFORM": "offscreen"}
        env.pop("MOTOTAXI_DB", None)
        done = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env,
                              cwd=self.data.parent)
        shown = shlex.join([*(["--json"] if json_out else []), *args])
        self.commands.append(f"mototaxi-desk {shown}")
        if done.returncode != 0:
            raise SystemExit(f"falhou: {shown}\n{done.stdout}\n{done.stderr}")
        return json.loads(done.stdout) if json_out else done.stdout

    def first(self, sql: str):
        """The first column of the first row the release's database answers (read here,
        outside the release: for what its command line does not print)."""
        if self.db.startswith("postgres"):
            import psycopg2
            connection = psycopg2.connect(self.db)
        else:
            import sqlite3
            connection = sqlite3.connect(self.db)
        try:
            cursor = connection.cursor()
            cursor.execute(sql)
            return cursor.fetchone()[0]
        finally:
            connection.close()


# --- what each release did at the counter ----------------------------------------------------

def _recipe_0_1_0(station: Station, today: dt.date) -> dict:
    """0.1.0's command line could set up a município, fill it with `demo` (holders, stands,
    vehicles with inspections and stickers, the demo users) and print; nothing else."""
    station.run("init", "--profile", "sao-raimundo-das-mangabeiras-2019", "--municipio",
                "São Raimundo das Mangabeiras", "--uf", "MA", "--ibge", "2111102",
                "--population", "18540", "--fiscal-unit-value", "48,26",
                "--admin-password-stdin", stdin=PASSWORD + "\n")
    station.run("demo", "--holders", "3", "--seed", "7")
    permit = station.first('SELECT "order_number" FROM "permit" WHERE "status" = \'active\' '
                           'ORDER BY "order_number"')
    serial = station.first('SELECT s."serial" FROM "sticker" s JOIN "inspection" i ON '
                           'i."id" = s."inspection_id" WHERE s."status" = \'issued\' AND '
                           'i."valid_until" >= CURRENT_DATE ORDER BY s."serial"')
    card = station.run("print", "card", str(permit), "-o", "card.pdf", json_out=True)
    sticker = station.run("print", "sticker", serial, "-o", "sticker.pdf", json_out=True)
    return {"profile_id": "sao-raimundo-das-mangabeiras-2019", "ibge": "2111102",
            "municipio": "São Raimundo das Mangabeiras", "uf": "MA", "permit": permit,
            "sticker": serial, "card_qr": card["copies"][0]["qr_text"],
            "sticker_qr": sticker["copies"][0]["qr_text"]}


def _documents(seed: int) -> dict:
    """Valid CPF, CNH and RENAVAM numbers, the same for the same seed."""
    from validate_docbr import CNH, CPF, RENAVAM
    random.seed(seed)
    return {"cpf": CPF().generate(), "cnh": CNH().generate(), "renavam": RENAVAM().generate()}


def _recipe_0_2_0(station: Station, today: dt.date) -> dict:
    """0.2.0's command line did the counter's work: a person with a CNH, a stand, a vehicle,
    an application with its documents, deferred and granted (Porto Feliz's law charges no
    fee); the annual inspection with its sticker; an infraction notice, signed by the
    holder; a card and a sticker printed."""
    docs = _documents(2020)
    day = today.strftime("%d/%m/%Y")
    station.run("init", "--profile", "porto-feliz-2017", "--municipio", "Porto Feliz", "--uf",
                "SP", "--ibge", "3540606", "--population", "52000", "--fiscal-unit-value",
                "48,26", "--admin-password-stdin", stdin=PASSWORD + "\n")
    cpf = docs["cpf"]
    station.run("person", "add", cpf, "--name", "Benedita Conceição Araújo", "--birth",
                "12/03/1980", "--rg", "12.345.678-9", "--rg-issuer", "SSP/SP", "--street",
                "Rua das Flores", "--number", "120", "--district", "Centro", "--city",
                "Porto Feliz", "--uf", "SP", "--cep", "18540-000", "--phone", "(15) 99876-5432",
                "--address-proof-date", day)
    station.run("person", "cnh", cpf, "--number", docs["cnh"], "--category", "A",
                "--first-licence", "10/05/2005", "--expiry",
                f"10/05/{today.year + 4}")
    station.run("stand", "create", "--number", "1", "--name", "Praça da Matriz", "--location",
                "Praça Dr. José Sacramento", "--min", "1", "--max", "10")
    station.run("vehicle", "add", cpf, "--plate", "FPS2B19", "--renavam", docs["renavam"],
                "--chassis", "9C2KC1670KR500123", "--make", "Honda", "--model", "CG 160 Fan",
                "--year", str(today.year - 1), "--cc", "160", "--colour", "vermelha",
                "--insurer", "Seguradora Paulista", "--policy", "AP-2026-0042", "--cover",
                "20.000,00", "--insurance-expiry", f"{today.strftime('%d/%m')}/{today.year + 1}")
    application = station.run("application", "file", cpf, "--type", "new_permit",
                              "--received", "all", json_out=True)
    protocol = application["protocol"]
    station.run("application", "decide", protocol, "deferido")
    granted = station.run("permit", "grant", protocol, "--vehicle", "FPS2B19", "--stand", "1",
                          "--act", "Decreto 12/2026", json_out=True)
    if not granted.get("granted"):
        raise SystemExit(f"a outorga não saiu: {granted}")
    inspection = station.run("inspection", "record", "FPS2B19", "--kind", "annual",
                             json_out=True)
    if not inspection.get("approved"):
        raise SystemExit(f"a vistoria não aprovou: {inspection}")
    order = str(granted["order_number"])
    moment = max(dt.datetime.now() - dt.timedelta(minutes=5),
                 dt.datetime.combine(today, dt.time(0, 0)))
    station.run("notice", "record", "--permit", order, "--infraction", "24-I", "--at",
                moment.strftime("%d/%m/%Y %H:%M"), "--place", "Praça da Matriz", "--agent",
                "José Fiscal Souza", "--registration", "M-17", "--signed")
    card = station.run("print", "card", order, "-o", "card.pdf", json_out=True)
    sticker = station.run("print", "sticker", inspection["sticker_serial"], "-o",
                          "sticker.pdf", json_out=True)
    return {"profile_id": "porto-feliz-2017", "ibge": "3540606", "municipio": "Porto Feliz",
            "uf": "SP", "permit": granted["order_number"],
            "sticker": inspection["sticker_serial"], "card_qr": card["copies"][0]["qr_text"],
            "sticker_qr": sticker["copies"][0]["qr_text"]}


RECIPES = {"0.1.0": _recipe_0_1_0, "0.2.0": _recipe_0_2_0}


# --- the two backends ------------------------------------------------------------------------

def _keys(data: Path, target: Path) -> list[str]:
    shutil.copytree(data / "keys", target / "keys")
    return sorted(p.name for p in (target / "keys").iterdir())


def _gzip(content: bytes, path: Path) -> None:
    path.write_bytes(gzip.compress(content, compresslevel=9, mtime=0))


def make_sqlite(tree: Path, work: Path, out: Path, recipe, today, python) -> dict:
    data = work / "sqlite" / "data"
    data.mkdir(parents=True)
    db = work / "sqlite" / "mototaxi.db"
    station = Station(tree, data, str(db), python)
    facts = recipe(station, today)
    for suffix in ("-wal", "-shm"):
        if Path(f"{db}{suffix}").exists():
            raise SystemExit(f"{db}{suffix} ficou: o programa não fechou o banco")
    target = out / "sqlite"
    target.mkdir(parents=True)
    _gzip(db.read_bytes(), target / "mototaxi.db.gz")
    for name in ("card.pdf", "sticker.pdf"):
        shutil.copyfile(work / "sqlite" / name, target / name)
    return {**facts, "keys": _keys(data, target), "commands": station.commands}


def make_postgres(tree: Path, work: Path, out: Path, recipe, today, python, server: str,
                  schema: str) -> dict:
    import psycopg2
    admin = psycopg2.connect(server)
    admin.autocommit = True
    with admin.cursor() as cur:
        cur.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        cur.execute(f'CREATE SCHEMA "{schema}"')
    sep = "&" if "?" in server else "?"
    url = f"{server}{sep}options={quote(f'-c search_path={schema}')}"
    try:
        data = work / "postgres" / "data"
        data.mkdir(parents=True)
        station = Station(tree, data, url, python)
        facts = recipe(station, today)
        dump = subprocess.run(["pg_dump", "--dbname", server, "--schema", schema, "--inserts",
                               "--no-owner", "--no-privileges", "--no-comments"],
                              capture_output=True, check=True).stdout
    finally:
        with admin.cursor() as cur:
            cur.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        admin.close()
    target = out / "postgres"
    target.mkdir(parents=True)
    _gzip(dump, target / "dump.sql.gz")
    return {**facts, "schema_name": schema, "keys": _keys(data, target),
            "commands": station.commands}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("version")
    parser.add_argument("--pg", help="PostgreSQL server URL (a database where a schema may be "
                                     "created and dropped); without it, SQLite only")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter that runs the release (default: this one)")
    args = parser.parse_args(argv)
    entry = release(args.version)
    if args.version not in RECIPES:
        raise SystemExit(f"falta a receita da versão {args.version} em {__file__}")
    out = CORPUS / args.version
    if out.exists():
        raise SystemExit(f"{out} já existe: apague-o para refazer")
    today = dt.date.today()
    with tempfile.TemporaryDirectory(prefix=f"release-{args.version}-") as temporary:
        work = Path(temporary)
        tree = checkout(entry["commit"], work / "tree")
        declared = tomllib.loads((tree / "pyproject.toml").read_text("utf-8"))["project"]
        if declared["version"] != args.version:
            raise SystemExit(f"o commit {entry['commit'][:12]} é a versão "
                             f"{declared['version']}, não {args.version}")
        # the shipped profiles: at the top level (0.1.0, and again since issue 38) or inside
        # the package
        profiles = next(p for p in (tree / "mototaxi_desk" / "resources" / "profiles",
                                    tree / "resources" / "profiles") if p.is_dir())
        out.mkdir(parents=True)
        shutil.copytree(profiles, out / "profiles")
        recipe = RECIPES[args.version]
        program = importable(tree, work / "installed")
        backends = {"sqlite": make_sqlite(program, work, out, recipe, today, args.python)}
        if args.pg:
            schema = "mototaxi_release_" + args.version.replace(".", "_")
            backends["postgres"] = make_postgres(program, work, out, recipe, today,
                                                 args.python, args.pg, schema)
    manifest = {"version": args.version, "commit": entry["commit"], "schema": entry["schema"],
                "made_on": today.isoformat(), "admin": [ADMIN, PASSWORD],
                "profiles": sorted(p.name for p in (out / "profiles").iterdir()),
                "backends": backends}
    (out / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=2)
                                       + "\n", encoding="utf-8")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"{out.relative_to(ROOT)}: {size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
