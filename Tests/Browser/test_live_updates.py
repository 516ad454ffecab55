"""Screens that refresh themselves, in headless Chromium at a phone's and a desktop's width: a
change written elsewhere (another browser, the JSON API) reaches the open page in place, with
the focused element, the scroll position and the window's own state kept; a form being typed
into is never overwritten: the page says it changed, and shows the change when asked, the typed
text kept. The scenarios write orders, so they run against a demo server of their own."""
import html
import http.client
import json
import re
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.wait import WebDriverWait

from conftest import demo_server


@pytest.fixture(scope="module")
def site():
    yield from demo_server("browser-live-")


@pytest.fixture
def page(scripted_browser, site):
    """The browser with no cookies for the site (they are shared with the other demo on the
    same host), cleared again afterwards."""
    scripted_browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
    yield scripted_browser
    scripted_browser.execute_cdp_cmd("Network.clearBrowserCookies", {})


def request(site, method, path, body=None, headers=None):
    url = urllib.parse.urlsplit(site)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    return response.status, response.read().decode(), response.getheader("Set-Cookie") or ""


def create_order(site, item):
    """An order created through the JSON API."""
    status, _, _ = request(site, "POST", "/api/orders", json.dumps({"item": item, "amount": 4}),
                           {"Content-Type": "application/json"})
    assert status == 201


def save_order(site, order, title):
    """An order's title changed through its edit sheet, as another browser would."""
    path = f"/orders/order/{order}?present=edit-order/{order}"
    status, page, cookie = request(site, "GET", path)
    assert status == 200
    action = html.unescape(re.search(r'<form [^>]*method="post" action="([^"]*)"', page).group(1))
    token = re.search(r'name="_token" value="([^"]*)"', page).group(1)
    fields = urllib.parse.urlencode({"_token": token, "_action": "saveOrder", "title": title, "amount": "9"})
    status, _, _ = request(site, "POST", action, fields, {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie.split(";", 1)[0],
        "Origin": site, "Sec-Fetch-Site": "same-origin"})
    assert status == 303


def stream_opens(driver):
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.documentElement.dataset.updates") == "open")


def refreshes(driver):
    return driver.execute_script("return document.documentElement.dataset.refreshes")


def test_a_change_elsewhere_refreshes_the_page_in_place(page, site):
    page.get(site + "/orders")
    stream_opens(page)
    heading = page.find_element(By.ID, "screen-title")
    page.execute_script("window.keptAcrossTheRefresh = true")
    create_order(site, f"Desk lamp ({page.size_name})")
    WebDriverWait(page, 10).until(lambda d: f"Desk lamp ({page.size_name})" in d.find_element(By.TAG_NAME, "body").text)
    assert refreshes(page) == "1"
    assert page.execute_script("return window.keptAcrossTheRefresh") is True, "the page was reloaded, not refreshed"
    assert page.execute_script("return arguments[0].isConnected", heading), "the heading was replaced, not kept"
    stream_opens(page)   # and the refreshed page listens again


def test_focus_and_scroll_survive_a_refresh(page, site):
    for number in range(20):
        create_order(site, f"Filler {number}")
    page.get(site + "/home/orders")
    stream_opens(page)
    links = page.find_elements(By.CSS_SELECTOR, "main a[href*='/order/']")
    focused = links[len(links) // 2]
    page.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", focused)
    scrolled = page.execute_script("return scrollY")
    assert scrolled > 0
    create_order(site, f"Rug ({page.size_name})")
    WebDriverWait(page, 10).until(lambda d: refreshes(d) == "1")
    assert f"Rug ({page.size_name})" in page.find_element(By.TAG_NAME, "main").text
    assert page.execute_script("return document.activeElement === arguments[0]", focused)
    assert abs(page.execute_script("return scrollY") - scrolled) <= 2


def test_a_form_being_typed_into_is_never_overwritten(page, site):
    page.get(site + "/orders/order/ORD-002?present=edit-order/ORD-002")
    stream_opens(page)
    field = page.find_element(By.CSS_SELECTOR, "#presentation input[name='title']")
    field.clear()
    field.send_keys("My own words")
    save_order(site, "ORD-002", f"Changed elsewhere ({page.size_name})")
    notice = WebDriverWait(page, 10).until(
        lambda d: next((n for n in d.find_elements(By.CSS_SELECTOR, ".screen-changed") if n.is_displayed()), None))
    WebDriverWait(page, 5).until(lambda d: "This screen has changed" in notice.text)
    assert refreshes(page) == "0"
    assert field.get_attribute("value") == "My own words"
    notice.find_element(By.TAG_NAME, "button").click()
    WebDriverWait(page, 10).until(lambda d: refreshes(d) == "1")
    assert not page.find_elements(By.CSS_SELECTOR, ".screen-changed")
    assert page.find_element(By.CSS_SELECTOR, "#presentation input[name='title']").get_attribute("value") == "My own words"
    assert f"Changed elsewhere ({page.size_name})" in page.find_element(By.TAG_NAME, "body").get_attribute("textContent")
