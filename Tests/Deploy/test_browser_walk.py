"""One walk in headless Chromium through the nginx site over https, as a person would click it:
tabs, pushes, a sheet, an edit saved, the browser's Back button and a deep link typed in. Each
page comes from another instance than the one before (nginx's log names them), and after each the
state the browser's own cookie holds is the one expected."""
import base64
import hashlib
import json
import subprocess
import sys
import time

import pytest
from selenium.webdriver.support.wait import WebDriverWait

from conftest import HOST, ROOT

sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
from headless import launch  # noqa: E402
from pages import visible  # noqa: E402
from test_walk import stacks

STATE_SCRIPT = """
const done = arguments[arguments.length - 1];
fetch(location.pathname + location.search, {headers: {Accept: "application/json"}})
  .then(response => response.text()).then(done, error => done("failed: " + error));
"""


def spki_hash(certificate):
    """base64 of the SHA-256 of the certificate's public key, as Chromium's
    --ignore-certificate-errors-spki-list takes it: this certificate alone is accepted."""
    key = subprocess.run(["openssl", "x509", "-pubkey", "-noout", "-in", certificate],
                         capture_output=True, check=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=key,
                         capture_output=True, check=True).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


@pytest.fixture
def chromium(deployment):
    driver = launch([
        "--window-size=1280,900",  # the split view shows its columns side by side
        # shop.test is loopback, and its certificate the one the deployment made for the run.
        f"--host-resolver-rules=MAP {HOST} 127.0.0.1",
        f"--ignore-certificate-errors-spki-list={spki_hash(deployment.certificate)}",
    ])
    driver.set_script_timeout(10)
    # Icons come after the page, in parallel, and nginx logs requests as they end: each would move
    # the round robin on at a moment the walk cannot tell, so the walk leaves them out.
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/icons/*"]})
    try:
        yield driver
    finally:
        driver.quit()


def test_a_browser_walk_through_nginx_keeps_every_tab(deployment, chromium):
    site = f"https://{HOST}:{deployment.https_port}"
    browser = chromium
    expected = {}
    landed = []

    def state():
        return json.loads(browser.execute_async_script(STATE_SCRIPT))

    def settled(deployment):
        """The instances' log once the page has stopped asking: the icons a page's stylesheet
        names arrive after it, and each moves the round robin on."""
        before = deployment.answered()
        while True:
            time.sleep(0.3)
            log = deployment.answered()
            if len(log) == len(before):
                return log
            before = log

    # nginx's round robin (equal weights, one worker) takes the instances in the order its
    # upstream block names them, one request after the other.
    cycle = [instance.name for instance in deployment.instances]

    def rotate_away():
        """Round robin would send the next request to the instance that answered the last step
        (the browser's own extra requests, such as /favicon.ico, shift it). The log cannot say
        where the rotation stands: it lists requests as they end, and a page's stylesheet and
        script are asked for together. One state request, sent alone once the page has stopped
        asking, can: the next request goes to the instance after the one that answered it."""
        while landed:
            settled(deployment)
            state()
            probe = settled(deployment)[-1][3]
            if cycle[(cycle.index(probe) + 1) % len(cycle)] != landed[-1]:
                return

    def step(action, tab, presentation=None):
        """One click (or Back, or a typed URL): the instance that answered it, and then the state
        the browser's cookie holds."""
        rotate_away()
        mark = len(deployment.answered())
        action()
        # The library's own files (/_navigation/…) and the browser's /favicon.ico come from the
        # instances too, after the page.
        answered = [entry for entry in deployment.answered()[mark:]
                    if not entry[1].startswith("/_navigation/") and entry[1] != "/favicon.ico"]
        assert answered, f"nothing reached an instance for {browser.current_url}"
        # The page shown is the one just answered, not a copy from the browser's cache.
        assert answered[-1][1] == browser.current_url.removeprefix(site), (answered, browser.current_url)
        landed.append(answered[0][3])
        current = state()
        assert current["selectedTab"] == tab, (len(landed), browser.current_url, current)
        assert stacks(current) == expected, (len(landed), browser.current_url, stacks(current), expected)
        shown = current["presentation"] and next(iter(current["presentation"]["destination"]))
        assert shown == presentation, (len(landed), current["presentation"])

    def click(selector):
        """The visible one: a split view may also hold the link in a column it hides."""
        return lambda: visible(browser, selector).click()

    def save(title):
        def action():
            field = browser.find_element("id", "field-title")
            field.clear()
            field.send_keys(title)
            browser.find_element("css selector", '#presentation .presentation-bar button.toolbar-item[type="submit"]:not([name])').click()
            WebDriverWait(browser, 10).until(lambda driver: "present=" not in driver.current_url)
        return action

    step(lambda: browser.get(site + "/home"), "home")
    expected["home"] = ["orderHistory"]
    step(click('a.row-link[href="/home/orders"]'), "home")
    expected["home"] = ["orderHistory", "orderDetail"]
    step(click('a.row-link[href="/home/orders/order/ORD-002"]'), "home")
    step(click("a.tab-recipes"), "recipes")
    expected["recipes"] = ["category"]
    step(click('a.row-link[href="/recipes/category/desserts"]'), "recipes")
    expected["recipes"] = ["category", "recipe"]
    step(click('a.row-link[href="/recipes/category/desserts/recipe/lemon-tart"]'), "recipes")
    # Back to Home: its stack comes from the cookie, whichever instance reads it.
    step(click("a.tab-home"), "home")
    assert browser.current_url == site + "/home/orders/order/ORD-002"
    step(click('a.toolbar-item[href$="?present=edit-order/ORD-002"]'), "home", "editOrder")
    # Saved: the POST lands on one instance, the page it redirects to may come from another.
    step(save("Walked through nginx"), "home")
    assert browser.current_url == site + "/home/orders/order/ORD-002"
    assert "Walked through nginx" in browser.page_source
    # The browser's own Back button: the sheet's URL, answered again by some instance.
    step(browser.back, "home", "editOrder")
    step(browser.back, "home")
    # A deep link typed in rebuilds the Home stack from its root.
    step(lambda: browser.get(site + "/order/ORD-003"), "home")
    expected["home"] = ["orderHistory"]
    step(click("a.back"), "home")
    step(click("a.tab-recipes"), "recipes")
    assert browser.current_url == site + "/recipes/category/desserts/recipe/lemon-tart"

    cookies = {cookie["name"]: cookie for cookie in browser.get_cookies()}
    assert set(cookies) == {"__Host-nav"}, cookies
    assert cookies["__Host-nav"]["secure"] and cookies["__Host-nav"]["httpOnly"]
    assert len(landed) == 14
    assert set(landed) == {"web-1", "web-2", "web-3"}, landed
    assert all(a != b for a, b in zip(landed, landed[1:])), f"two steps in a row on one instance: {landed}"
