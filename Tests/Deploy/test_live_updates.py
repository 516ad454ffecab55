"""Live updates through the nginx site over https, the instances sharing PostgreSQL: an order
created through one instance refreshes, in place, a page whose update stream another instance
holds (headless Chromium with JavaScript); with JavaScript off the page stays the snapshot it was
until it is reloaded."""
import json
import os
import sys
import time
import urllib.request

import pytest
from selenium.webdriver.support.wait import WebDriverWait

from conftest import HOST, ROOT
from test_browser_walk import spki_hash

sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
from headless import launch  # noqa: E402


def open_streams(instance):
    """How many update streams `instance` holds, from its own metrics."""
    with urllib.request.urlopen(f"http://127.0.0.1:{instance.port}/metrics", timeout=5) as response:
        for line in response.read().decode().splitlines():
            if line.startswith("http_event_streams_open"):
                return float(line.split()[-1])
    return 0


def create_order(instance, item):
    """An order created through `instance` alone, by the JSON API."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{instance.port}/api/orders", method="POST",
        data=json.dumps({"item": item, "amount": 3}).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        assert response.status == 201


def browser(deployment, javascript):
    driver = launch([
        "--window-size=1280,900",
        f"--host-resolver-rules=MAP {HOST} 127.0.0.1",
        f"--ignore-certificate-errors-spki-list={spki_hash(deployment.certificate)}",
    ], javascript)
    driver.set_page_load_timeout(15)
    return driver


@pytest.fixture
def chromium(deployment):
    driver = browser(deployment, javascript=True)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def chromium_without_javascript(deployment):
    driver = browser(deployment, javascript=False)
    try:
        yield driver
    finally:
        driver.quit()


def holder_of_the_stream(deployment):
    """The one instance that holds an update stream, once one does."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        holders = [instance for instance in deployment.instances if open_streams(instance) >= 1]
        if len(holders) == 1:
            return holders[0]
        time.sleep(0.1)
    pytest.fail("no instance holds the page's update stream")


@pytest.mark.skipif(not os.environ.get("DEMO_TEST_DATABASE_URL"),
                    reason="instances share their changes through PostgreSQL (scripts/with-postgres); SQLite tells its own process only")
def test_an_order_created_through_one_instance_refreshes_a_page_on_another(deployment, chromium):
    site = f"https://{HOST}:{deployment.https_port}"
    chromium.get(site + "/orders")
    WebDriverWait(chromium, 10).until(lambda d: d.execute_script("return document.documentElement.dataset.updates") == "open")
    # A mark on the page's window: a reload would lose it, a refresh in place keeps it.
    chromium.execute_script("window.keptAcrossTheRefresh = true")
    holder = holder_of_the_stream(deployment)
    writer = next(instance for instance in deployment.instances if instance is not holder)
    create_order(writer, "Lantern from another instance")
    WebDriverWait(chromium, 10).until(lambda d: "Lantern from another instance" in d.find_element("tag name", "body").text)
    assert chromium.execute_script("return window.keptAcrossTheRefresh") is True
    assert chromium.execute_script("return document.documentElement.dataset.refreshes") == "1"
    assert chromium.current_url == site + "/orders"


def test_without_javascript_a_page_waits_for_its_reload(deployment, chromium_without_javascript):
    site = f"https://{HOST}:{deployment.https_port}"
    driver = chromium_without_javascript
    driver.get(site + "/orders")
    assert "navigation-updates" in driver.page_source  # named, and unused without the script
    create_order(deployment.instances[0], "Kettle seen on reload")
    time.sleep(2)
    assert "Kettle seen on reload" not in driver.find_element("tag name", "body").text
    assert all(open_streams(instance) == 0 for instance in deployment.instances)
    driver.refresh()
    assert "Kettle seen on reload" in driver.find_element("tag name", "body").text
