"""The HTML report in a real browser (headless Chromium, installed by scripts/install-deps.sh):
no console error, no request of any kind, every section present and non-empty, numbers equal to
the JSON analysis, and a page that fits a phone's width. Screenshots at 1280 and 390 px go to
the test's folder (ORCA_SCREENSHOTS=dir keeps them)."""
import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from sklearn.datasets import load_diabetes, load_wine

from orca_svm import OrcaSVC, OrcaSVR, load_echocardiogram

from report_pages import check_okc_tables, parse

# Quiet, offline Chromium: no background services, logging on stderr (console messages included).
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-default-apps",
         "--disable-extensions", "--hide-scrollbars", "--enable-logging=stderr", "--v=0"]


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    if os.environ.get("ORCA_REQUIRE_BROWSER"):
        pytest.fail("Chromium is required (ORCA_REQUIRE_BROWSER is set): run scripts/install-deps.sh")
    pytest.skip("no Chromium on this machine (scripts/install-deps.sh installs it)")


def open_page(path: Path, width: int, *extra: str) -> tuple[str, str, list[str]]:
    """Loads the page at this window width: (DOM after load, stderr, URLs the page requested)."""
    netlog = path.with_suffix(f".{width}.netlog.json")
    proc = subprocess.run([chromium(), *FLAGS, f"--window-size={width},2000", f"--log-net-log={netlog}", *extra,
                           "--dump-dom", path.as_uri()], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    events = json.loads(netlog.read_text())["events"]
    # The page's own requests carry its file:// origin in their isolation key; the browser's
    # background services (which the flags mostly switch off) do not.
    sources = {e["source"]["id"] for e in events
               if "file://" in str(e.get("params", {}).get("network_isolation_key", ""))}
    urls = sorted({e["params"]["url"] for e in events if e["source"]["id"] in sources and "url" in e.get("params", {})})
    return proc.stdout, proc.stderr, urls


def console_messages(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


def screenshot(path: Path, width: int, out: Path) -> None:
    subprocess.run([chromium(), *FLAGS, f"--window-size={width},6000", f"--screenshot={out}", path.as_uri()],
                   capture_output=True, timeout=120, check=True)
    assert out.stat().st_size > 10_000


def page_width(path: Path, width: int) -> tuple[int, int]:
    """(visible width, laid-out width) of the page in a frame this wide. A frame, because a
    headless window is never narrower than 500 px; measured by the parent page's script (the
    report has none, and its policy, which applies inside the frame, forbids one)."""
    page = html.escape(path.read_text(encoding="utf-8"), quote=True)
    probe = path.with_name("probe-" + path.name)
    probe.write_text(
        f'<!DOCTYPE html><html><body style="margin:0"><iframe id="f" style="width:{width}px;height:900px;border:0" '
        f'srcdoc="{page}"></iframe><script>window.addEventListener("load", () => {{'
        'const d = document.getElementById("f").contentDocument.documentElement;'
        'document.body.insertAdjacentHTML("beforeend", `<p id="measured">${d.clientWidth} ${d.scrollWidth}</p>`);'
        '});</script></body></html>', encoding="utf-8")
    dom, _, _ = open_page(probe, 1280, "--virtual-time-budget=3000")
    visible, laid_out = re.search(r'id="measured">(\d+) (\d+)<', dom).groups()
    return int(visible), int(laid_out)


def test_the_harness_sees_console_errors_and_requests(tmp_path):
    # Without this the checks below could pass by seeing nothing.
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><html><body><img src="http://127.0.0.1:9/x.png">'
                   '<script>console.error("boom")</script></body></html>')
    _, stderr, urls = open_page(bad, 800)
    assert any("boom" in line for line in console_messages(stderr))
    assert urls == ["http://127.0.0.1:9/x.png"]


def reports():
    echo = load_echocardiogram(as_frame=True)
    clf = OrcaSVC(degree=4, max_order=2).fit(echo.data, echo.target)
    yield "two-class", clf, clf.report(echo.data, echo.target, rows=[0, 5, 17]), list(echo.data.columns)
    X, y = load_wine(return_X_y=True, as_frame=True)
    multi = OrcaSVC().fit(X, y)
    yield "multi-class", multi, multi.report(X, y, rows=[0, 100]), list(X.columns)
    Xd, yd = load_diabetes(return_X_y=True, as_frame=True)
    reg = OrcaSVR().fit(Xd, yd)
    yield "regression", reg, reg.report(Xd, yd, rows=[1]), list(Xd.columns)


@pytest.mark.parametrize("kind", ["two-class", "multi-class", "regression"])
def test_report_in_chromium(kind, tmp_path):
    name, model, report, names = next(r for r in reports() if r[0] == kind)
    path = tmp_path / f"{name}.html"
    report.to_html(path)
    dom, stderr, urls = open_page(path, 1280)
    assert console_messages(stderr) == []
    assert urls == []
    page = parse(dom)
    for section in ("model-card", "okc", "effects"):
        assert page.ids.get(section), f"section {section} missing or empty"
    analysis = json.loads(model.analyze().to_json())
    if kind == "multi-class":
        check_okc_tables(page, analysis["aggregated"]["energy_weighted"], names, "aggregate-")
        for m, machine in enumerate(analysis["machines"]):
            check_okc_tables(page, machine["analysis"], names, f"machine-{m + 1}-")
    else:
        check_okc_tables(page, analysis, names)
    assert dom.count("<svg") >= len(names) + 3  # the OKC figures and one shape function per feature
    assert all("<title>" in svg for svg in dom.split("<svg")[1:])  # every figure has a title

    shots = Path(os.environ.get("ORCA_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    for width in (1280, 390):
        screenshot(path, width, shots / f"report-{name}-{width}.png")
    visible, laid_out = page_width(path, 390)
    assert 350 <= visible <= 390 and laid_out <= visible  # wide tables scroll inside the page; the page does not
