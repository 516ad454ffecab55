"""Fixtures for the browser scenarios: the real demo server on a free port, and headless
Chromium at a phone and a desktop size, with JavaScript on or off."""
import os
import pathlib
import shutil
import subprocess
import tempfile
import urllib.parse
import uuid

import pytest

from headless import launch

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "screenshots"
SIZES = {"narrow": (390, 844), "wide": (1280, 800)}


def built(package, name, how):
    """The debug build of `name` in `package`'s .build, else its release build; fails saying `how`
    to build it when there is neither."""
    for build in ("debug", "release"):
        candidate = package / ".build" / build / name
        if candidate.exists():
            return candidate
    pytest.fail(f"{name} is not built: run `{how}` (scripts/test does) before the browser tests")


def executable():
    if os.environ.get("NAVIGATION_DEMO"):   # a build of its own (swift build --scratch-path …)
        return pathlib.Path(os.environ["NAVIGATION_DEMO"])
    return built(ROOT, "navigation-demo", "swift build")


@pytest.fixture(scope="session")
def base_url():
    """A fresh demo server with its own data folder, for the whole session."""
    yield from demo_server("browser-demo-")


def demo_server(prefix):
    """Starts a demo server with a data folder of its own; yields its URL, then stops it."""
    data = tempfile.mkdtemp(prefix=prefix)
    process = subprocess.Popen(
        [str(executable()), "--port", "0", "--data-dir", data,
         "--public", str(ROOT / "Public"), "--templates", str(ROOT / "Templates")] + database_options(),
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline().strip()
    if not line.startswith("Serving on "):
        process.kill()
        pytest.fail(f"the demo server did not start: {line!r}")
    yield line.removeprefix("Serving on ").rstrip("/")
    process.terminate()
    assert process.wait(timeout=15) == 0, "the server must exit cleanly on SIGTERM"
    shutil.rmtree(data, ignore_errors=True)


def database_options():
    """On PostgreSQL when DEMO_TEST_DATABASE_URL names a cluster (scripts/with-postgres sets it):
    a fresh database there for this session; else the SQLite file of the data folder."""
    admin = os.environ.get("DEMO_TEST_DATABASE_URL")
    if not admin:
        return []
    url = urllib.parse.urlsplit(admin)
    name = "browser_" + uuid.uuid4().hex
    subprocess.run([os.path.join(os.environ["PG_BIN"], "createdb"), "-h", url.hostname, "-p", str(url.port),
                    "-U", url.username, name], check=True)
    return ["--database", urllib.parse.urlunsplit(url._replace(path="/" + name))]


def start_chromium(width, height, javascript, arguments=()):
    driver = launch([f"--window-size={width},{height}", *arguments], javascript)
    # Headless Chromium keeps its window at least about 500 px wide whatever --window-size says:
    # the viewport is set through DevTools, as a phone's (mobile: honours the viewport meta tag),
    # in every window it opens (open_window).
    driver.viewport = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < PHONE_LIMIT}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", driver.viewport)
    return driver


def open_window(driver):
    """A second window (a tab) of the same browser, at the same size, made the current one."""
    driver.switch_to.new_window("tab")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", driver.viewport)


# Wider than any phone the scenarios stand for, narrower than the desktop size.
PHONE_LIMIT = 600

# Motion is what test_transitions.py and the scripted checks test, with it on; for the other
# scenarios it is scenery that costs: in software rendering every link followed snapshots both
# pages and draws 0.35 s of a cross-document view transition, and test_presentations.py took 1.75×
# the CPU with it (112 against 64 s). The phone with JavaScript keeps full motion, so every
# scenario still runs once with it; the other three ask for reduced motion, which the app supports
# (app.css: no view transitions, sheets and bars change at once).
FULL_MOTION = ("narrow", True)
REDUCED_MOTION = "--force-prefers-reduced-motion"


@pytest.fixture(scope="session", params=[(size, js) for size in SIZES for js in (True, False)],
                ids=lambda p: f"{p[0]}-{'js' if p[1] else 'nojs'}")
def chromium(request, base_url):
    """One headless Chromium per size and JavaScript mode, for the session."""
    size, javascript = request.param
    driver = start_chromium(*SIZES[size], javascript, [] if FULL_MOTION == (size, javascript) else [REDUCED_MOTION])
    driver.size_name = size
    driver.javascript = javascript
    driver.base_url = base_url
    yield driver
    driver.quit()


@pytest.fixture
def browser(chromium):
    """The browser with no cookies, as a new user: the server knows a user only by the cookie.
    Every scenario starts by opening a page, so the last one's page is left where it is (loading
    another page first cost a tenth of a CPU-second per scenario)."""
    chromium.execute_cdp_cmd("Network.clearBrowserCookies", {})
    return chromium


def forget_the_site(driver):
    """Leaves the browser as a new profile would meet the site: no cookie, nothing in its cache or
    its storage. Cheaper than a new browser (about 1.5 CPU-seconds to start and stop), which only
    a restart itself needs."""
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": driver.base_url, "storageTypes": "all"})


@pytest.fixture(scope="session", params=list(SIZES))
def scripted_browser(request, base_url):
    """Chromium with JavaScript on, one per size, for checks that run a script in the page."""
    driver = start_chromium(*SIZES[request.param], True)
    driver.size_name = request.param
    driver.javascript = True
    driver.base_url = base_url
    yield driver
    driver.quit()


def screenshot(driver, name):
    """Saves the screen for a person to look at (artifacts/ is not committed)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}-{driver.size_name}.png"))
