"""Headless Chromium through Selenium and Debian's chromedriver, for the browser scenarios and the
deployment's browser walk (Tests/Deploy puts this folder on its path)."""
import atexit
import os
import shutil
import tempfile

import pytest

# Chromium leaves its singleton socket's folder in TMPDIR when chromedriver stops it; each run's
# go into one folder of the run's own, removed when the run ends.
_scratch = tempfile.mkdtemp(prefix="chromium-")
atexit.register(shutil.rmtree, _scratch, True)


# The scenarios look at the page only, never at the browser around it, whose tab strip, toolbar
# and address bar's suggestion popup (a page of its own, chrome://omnibox-popup) headless Chromium
# still runs and updates on every navigation. So they run in Chromium's headless shell, the same
# engine with no browser around the page: the Recipes tab loaded in a loop costs 61 ms of CPU
# there, against 87 to 98 in the whole browser in kiosk mode and 107 without it. The headless
# shell opens no page on a profile folder of the scenario's own, which chromedriver needs, so a
# scenario that quits and restarts the browser on its profile runs the whole browser, in kiosk
# mode with the popup's features off (which the headless shell ignores); a kiosk window fills its
# screen, so the screen is made the window's size. CHROMIUM names another binary for every one.
# The headless shell is started as itself: Debian's /usr/bin/chromium-headless-shell runs it as a
# child of a shell, which is all chromedriver stops when the session ends.
HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell"
WHOLE_BROWSER = "/usr/bin/chromium"
BROWSER_CHROME_OFF = ["--kiosk", "--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup"]


def binary_for(arguments):
    """The binary for a browser started with `arguments`: the headless shell, unless the scenario
    gives a profile folder or the shell is not installed (scripts/setup installs it)."""
    if any(argument.startswith("--user-data-dir=") for argument in arguments) or not os.path.exists(HEADLESS_SHELL):
        return WHOLE_BROWSER
    return HEADLESS_SHELL


def launch(arguments, javascript=True):
    """Chromium with `arguments` besides headless and no sandbox; a failure to start fails the
    test, never skips it."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        pytest.fail(f"Selenium is missing ({error}); scripts/setup installs python3-selenium")
    options = Options()
    sizes = [argument.removeprefix("--window-size=") for argument in arguments if argument.startswith("--window-size=")]
    screen = [f"--ozone-override-screen-size={sizes[-1]}"] if sizes else []
    for argument in ["--headless=new", "--no-sandbox", *BROWSER_CHROME_OFF, *screen] + list(arguments):
        options.add_argument(argument)
    options.binary_location = os.environ.get("CHROMIUM") or binary_for(arguments)
    if not javascript:
        # A switch of Blink's settings, not a profile preference (which the headless shell does
        # not read): no page script runs, <noscript> is drawn, and WebDriver's own scripts still run.
        options.add_argument("--blink-settings=scriptEnabled=false")
    try:
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"), env=dict(os.environ, TMPDIR=_scratch))
        return webdriver.Chrome(service=service, options=options)
    except Exception as error:  # any failure to start is a failed run, never a skip
        pytest.fail(f"headless Chromium could not start: {error}; scripts/setup installs chromium, chromium-headless-shell and chromium-driver")
