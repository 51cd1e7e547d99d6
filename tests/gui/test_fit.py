"""Every screen and dialog fits the office PCs (UX.md; issue 19 item 1): 1366×768 at 100%
and 125% Windows scaling, 1920×1080 at 150%. Each size runs tests/gui/fit_probe.py in a
subprocess: the offscreen platform takes the screen from a JSON file, QT_SCALE_FACTOR the
scaling, as Windows gives Qt 120 or 144 dpi. The taskbar's height is left out of the screen
(the offscreen screen has none), the title bar is left free by the probe."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mototaxi_desk.store.migrations import close_database

ROOT = Path(__file__).resolve().parents[2]
# (name, physical width, physical height less the taskbar, scale)
SCREENS = [("1366x768-100", 1366, 768 - 40, 1.0), ("1366x768-125", 1366, 768 - 50, 1.25),
           ("1920x1080-150", 1920, 1080 - 60, 1.5)]


def run_probe(url: str, tmp_path: Path, width: int, height: int, scale: float) -> list[str]:
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "Tela", "x": 0, "y": 0, "width": width, "height": height,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
           "QT_SCALE_FACTOR": str(scale)}
    args = [sys.executable, "-m", "tests.gui.fit_probe", url]
    if os.environ.get("MOTOTAXI_FIT_SHOTS"):  # look at what the probe saw
        shots = Path(os.environ["MOTOTAXI_FIT_SHOTS"]) / f"{width}x{height}-{scale}"
        shots.mkdir(parents=True, exist_ok=True)
        args += ["--shots", str(shots)]
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("name,width,height,scale", SCREENS, ids=[s[0] for s in SCREENS])
def test_every_screen_and_dialog_fits(demo_data, db_url, tmp_path, name, width, height,
                                      scale):
    close_database()  # the probe opens the demo copy itself
    problems = run_probe(db_url, tmp_path, width, height, scale)
    assert problems == [], f"{name}:\n" + "\n".join(problems)
