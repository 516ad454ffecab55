"""Stacks and tabs in a real browser: push, Back/Forward, pop to root, tab switching, reload,
and cold deep links, at phone and desktop sizes, with JavaScript on and off."""
import pytest
from selenium.webdriver.common.by import By

from conftest import SIZES, forget_the_site, screenshot, start_chromium
from pages import click, go, path, submit, title

SEED_LINKS = {
    "/user/42": "Jordan Rivers", "/order/ORD-001": "ORD-001", "/settings": "Settings",
    "/recipe/apple-pie": "Apple Pie", "/category/desserts/recipe/apple-pie": "Apple Pie",
}


def test_push_three_levels_then_back_and_forward(browser):
    go(browser, "/home")
    click(browser, "My Profile", "main")
    click(browser, "Order History", "main")
    click(browser, "Electronics", "main")
    assert title(browser) == "ORD-001"
    assert path(browser) == "/home/user/1/orders/order/ORD-001"
    screenshot(browser, "order-detail")
    browser.back()
    assert (path(browser), title(browser)) == ("/home/user/1/orders", "Order History")
    browser.back()
    assert path(browser) == "/home/user/1"
    browser.forward()
    assert (path(browser), title(browser)) == ("/home/user/1/orders", "Order History")


def test_pop_to_root(browser):
    go(browser, "/home/user/42/orders/order/ORD-002")
    if browser.size_name == "wide":
        click(browser, "Home", "nav.breadcrumbs")   # the breadcrumb's root
    else:
        click(browser, "Home", "nav.tabbar")         # the selected tab pops to root, as in SwiftUI
    assert (path(browser), title(browser)) == ("/home", "My App")


def test_switching_tabs_returns_to_the_preserved_stack(browser):
    go(browser, "/home")
    click(browser, "My Profile", "main")
    click(browser, "Order History", "main")
    click(browser, "Books", "main")
    click(browser, "Recipes", "nav.tabbar")
    click(browser, "Desserts", "main")
    click(browser, "Apple Pie", "main")
    assert title(browser) == "Apple Pie"
    screenshot(browser, "recipe")
    click(browser, "Home", "nav.tabbar")
    assert (path(browser), title(browser)) == ("/home/user/1/orders/order/ORD-002", "ORD-002")
    click(browser, "Recipes", "nav.tabbar")
    assert path(browser) == "/recipes/category/desserts/recipe/apple-pie"


@pytest.mark.parametrize("link", SEED_LINKS)
def test_deep_links_open_cold_with_nothing_stored(browser, link):
    forget_the_site(browser)
    go(browser, link)
    assert title(browser) == SEED_LINKS[link]
    canonical = browser.find_element(By.CSS_SELECTOR, 'link[rel="canonical"]').get_attribute("href")
    assert canonical.startswith(browser.base_url + "/")


@pytest.mark.parametrize("screen", [
    "/home", "/home/user/1/orders", "/recipes/category/desserts/recipe/apple-pie", "/orders",
    "/profile", "/find?q=pie", "/home/settings/customize-tabs", "/orders?present=order/ORD-001",
    "/profile?present=options", "/home/settings?present=onboarding/preferences",
])
def test_reload_keeps_the_screen(browser, screen):
    go(browser, screen)
    before = (path(browser), title(browser), browser.find_elements(By.ID, "presentation") != [])
    browser.refresh()
    assert (path(browser), title(browser), browser.find_elements(By.ID, "presentation") != []) == before



def test_the_browser_has_the_size_it_claims(browser):
    """A phone case is only a phone case at a phone's width (headless Chromium's window alone
    stays at least ~500 px wide). Measured through WebDriver, so it holds with JavaScript off."""
    go(browser, "/home")
    width, _ = SIZES[browser.size_name]
    page = browser.find_element(By.TAG_NAME, "html").rect["width"]
    assert width - 20 <= page <= width   # a classic scroll bar may take its width from the page
    if browser.size_name == "narrow":
        assert browser.find_element(By.CSS_SELECTOR, "nav.tabbar").rect["width"] == width


def test_the_place_outlives_the_browser(browser, tmp_path):
    """The state cookie is kept 400 days, as @SceneStorage outlives a relaunch: quit the browser,
    start it again on the same profile, and the site's root lands where the user was, the other
    tab's stack kept and the onboarding not shown again."""
    profile = [f"--user-data-dir={tmp_path / 'profile'}"]
    first = start_chromium(*SIZES[browser.size_name], browser.javascript, profile)
    try:
        first.base_url = browser.base_url
        go(first, "/")
        assert path(first) == "/home?present=onboarding/welcome"
        submit(first, 'button[value="continue"]')
        first.find_element(By.NAME, "name").send_keys("Sam Lee")
        first.find_element(By.NAME, "email").send_keys("sam@example.com")
        for _ in range(3):   # the profile, the preferences, all set
            submit(first, 'button[value="continue"]')
        assert path(first) == "/home"
        go(first, "/home/user/1/orders")
        click(first, "Recipes", "nav.tabbar")
        click(first, "Desserts", "main")
        assert path(first) == "/recipes/category/desserts"
    finally:
        first.quit()
    again = start_chromium(*SIZES[browser.size_name], browser.javascript, profile)
    try:
        again.base_url = browser.base_url
        go(again, "/")
        assert (path(again), title(again)) == ("/recipes/category/desserts", "Desserts")
        click(again, "Home", "nav.tabbar")
        assert (path(again), title(again)) == ("/home/user/1/orders", "Order History")
    finally:
        again.quit()
