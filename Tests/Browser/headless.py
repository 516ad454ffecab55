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


# Headless Chromium still runs the whole browser around the page: its tab strip and toolbar, and
# the address bar's suggestion popup, a page of its own (chrome://omnibox-popup) that every
# navigation updates. The scenarios look at the page only, never at that chrome, and without it a
# page load costs a third less CPU (68 against 107 ms for the Recipes tab, loaded in a loop on a
# quiet machine): kiosk mode draws no tab strip or toolbar, and the popup's features off leave no
# page to update. A kiosk window fills its screen, so the screen is made the window's size.
BROWSER_CHROME_OFF = ["--kiosk", "--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup"]


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
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    try:
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"), env=dict(os.environ, TMPDIR=_scratch))
        return webdriver.Chrome(service=service, options=options)
    except Exception as error:  # any failure to start is a failed run, never a skip
        pytest.fail(f"headless Chromium could not start: {error}; scripts/setup installs chromium and chromium-driver")
