"""Presentations, sheet forms, the split view and onboarding in a real browser."""
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot
from pages import click, dialog, go, has_left, path, submit, title

PRESENTATIONS = [
    ("/orders", "Books", "Done", "order-sheet"), ("/orders/order/ORD-001", "Edit", "Cancel", "edit-sheet"),
    ("/orders/order/ORD-001", "Delete Order", "Cancel", "confirmation-dialog"),
    ("/profile", "Edit Profile", "Cancel", "profile-sheet"), ("/profile", "Photo", "Close", "photo-cover"),
    ("/profile", "Options", "Close", "options-popover"), ("/profile", "About", "OK", "about-alert"),
    ("/home", "Search", "Cancel", "search-sheet"),
]


@pytest.mark.parametrize("background,opener,close,name", PRESENTATIONS, ids=[p[3] for p in PRESENTATIONS])
def test_every_presentation_opens_closes_and_leaves_with_back(browser, background, opener, close, name):
    if browser.size_name == "wide" and background == "/orders":
        background = "/orders/order/ORD-002"   # wide Orders rows select; the detail column presents
        opener, close = "Edit", "Cancel"
    go(browser, background)
    # The screen's content or its bar (a phone's navigation bar stands above the content).
    click(browser, opener, ".stack")
    assert dialog(browser), f"{opener} did not present on {path(browser)}"
    opened = path(browser)
    assert "present=" in opened
    screenshot(browser, name)
    browser.back()
    assert path(browser) == background and not dialog(browser)
    browser.forward()
    assert path(browser) == opened and dialog(browser)
    if name == "edit-sheet" or (opener, close) == ("Edit", "Cancel"):
        submit(browser, "#presentation button[name=_submitter]")   # the order form's Cancel posts it
    else:
        click(browser, close, "#presentation")
    assert path(browser) == background and not dialog(browser)


def test_sheet_form_rejects_saves_and_cancels(browser):
    suffix = f"{browser.size_name} {'js' if browser.javascript else 'nojs'}"
    go(browser, "/orders/order/ORD-003?present=edit-order/ORD-003")
    field = browser.find_element(By.NAME, "title")
    field.clear()
    field.send_keys("<b>not allowed</b>")
    # Return submits through the bar's Save, the form's default button though outside it.
    page = browser.find_element(By.TAG_NAME, "html")
    field.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda _: has_left(page))
    # The message stands beside the field it is about, which names it as its description. The
    # answer's page may still be arriving when the old one has gone (once in a run on PostgreSQL,
    # where the answer takes longer): it is waited for, not assumed.
    WebDriverWait(browser, 5).until(lambda _: browser.find_elements(By.ID, "field-title-error"))
    assert "can hold" in browser.find_element(By.ID, "field-title-error").text
    assert browser.find_element(By.NAME, "title").get_attribute("aria-describedby") == "field-title-error"
    assert browser.find_element(By.NAME, "title").get_attribute("value") == "<b>not allowed</b>"
    field = browser.find_element(By.NAME, "title")
    field.clear()
    field.send_keys(f"Coats {suffix}")
    submit(browser, "#presentation .presentation-bar button.toolbar-item[type=submit]:not([name])")
    assert path(browser) == "/orders/order/ORD-003" and not dialog(browser)
    assert f"Coats {suffix}" in browser.page_source
    go(browser, "/orders/order/ORD-003?present=edit-order/ORD-003")
    submit(browser, "#presentation button[name=_submitter]")
    assert path(browser) == "/orders/order/ORD-003"


# Bars with several items: a list's +, a detail's Edit and Delete (in the navigation bar on a
# phone, the detail column's when wide), the sheets' Cancel and Save, Done, the search's Cancel.
BARS = ["/orders", "/orders/order/ORD-001", "/home/orders/order/ORD-002", "/orders?present=new-order",
        "/orders/order/ORD-001?present=edit-order/ORD-001", "/orders?present=order/ORD-001", "/home?present=search"]

# Each visible bar: its class and the boxes of what it draws (items, back, close and title).
BAR_BOXES = """
return [...document.querySelectorAll('.navbar, .presentation-bar, .column-bar, .bottom-bar')]
  .filter(bar => bar.getClientRects().length)
  .map(bar => [bar.className, [...bar.querySelectorAll('.toolbar-item, .back, .close, h2, .navbar-title')]
    .filter(part => part.getClientRects().length)
    .map(part => { const r = part.getBoundingClientRect();
      return [part.textContent.trim() || part.getAttribute('aria-label'), r.left, r.top, r.right, r.bottom]; })]);
"""


def test_no_two_toolbar_items_overlap(browser):
    """What a bar draws never overlaps, at a phone's width and a window's: items side by side."""
    busiest = 0
    for page in BARS:
        go(browser, page)
        for bar, items in browser.execute_script(BAR_BOXES):
            busiest = max(busiest, len(items))
            for i, a in enumerate(items):
                assert a[3] > a[1] and a[4] > a[2], f"{a[0]} has no box in {bar} on {page}"
                for b in items[i + 1:]:
                    apart = a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5 or a[4] <= b[2] + 0.5 or b[4] <= a[2] + 0.5
                    assert apart, f"{a[0]} and {b[0]} overlap in {bar} on {page} ({browser.size_name})"
        if page == "/orders/order/ORD-001":
            screenshot(browser, "toolbar-detail")
            if browser.size_name == "narrow":
                # navigationBarTitleDisplayMode(.inline): the bar's title shows, the large one not.
                inline = browser.find_element(By.CSS_SELECTOR, ".navbar-title")
                assert inline.value_of_css_property("opacity") == "1" and inline.text == "ORD-001"
                assert browser.find_element(By.ID, "screen-title").size["height"] <= 1
    assert busiest >= 3, "a bar with several items was measured"


# Records whether each submit reached the window already stopped (by the library's script), and
# stops it there, so that the page stays to be looked at.
WATCH_SUBMITS = """
window.submits = [];
addEventListener("submit", (event) => { submits.push(event.defaultPrevented); event.preventDefault(); });
"""


def test_save_waits_for_the_required_fields_and_posts_once(browser):
    """The seed's .disabled(isSaving || name.isEmpty), with the script; the server's 422 without."""
    go(browser, "/orders?present=new-order")
    bar_save = ".presentation-bar button[form]"
    save = browser.find_element(By.CSS_SELECTOR, bar_save)
    if not browser.javascript:
        assert save.is_enabled(), "without the script Save is always pressed"
        submit(browser, bar_save)
        assert browser.find_element(By.ID, "field-title-error").is_displayed(), "the server's 422 names the field"
        assert "present=new-order" in path(browser)
        return
    assert not save.is_enabled(), "nothing is filled in yet"
    title = browser.find_element(By.NAME, "title")
    title.send_keys("Kites")
    assert not save.is_enabled(), "the amount is still empty"
    browser.find_element(By.NAME, "amount").send_keys("12")
    assert save.is_enabled()
    title.send_keys(Keys.CONTROL, "a")
    title.send_keys(Keys.DELETE)
    assert not save.is_enabled(), "emptied again"
    title.send_keys("Kites")
    browser.execute_script(WATCH_SUBMITS)
    save.click()
    assert save.text == "Saving…" and save.get_attribute("aria-disabled") == "true"
    screenshot(browser, "new-order-saving")
    browser.execute_script("document.getElementById('form-createOrder').requestSubmit()")
    assert browser.execute_script("return submits") == [False, True], "the second post is stopped"


def test_split_view_columns_or_stack(browser):
    go(browser, "/recipes/category/desserts/recipe/apple-pie")
    split = browser.find_element(By.CSS_SELECTOR, ".split")
    assert split.is_displayed() == (browser.size_name == "wide")
    assert title(browser) == "Apple Pie"
    click(browser, "Lemon Tart" if browser.size_name == "narrow" else "Pancakes", "main")
    assert title(browser) in ("Lemon Tart", "Pancakes")
    screenshot(browser, "split-view")


def test_onboarding_forwards_backwards_and_done(browser):
    go(browser, "/")
    assert path(browser) == "/home?present=onboarding/welcome"
    screenshot(browser, "onboarding")
    submit(browser, 'button[value="continue"]')
    browser.find_element(By.NAME, "name").send_keys("Sam Lee")
    browser.find_element(By.NAME, "email").send_keys("sam@example.com")
    submit(browser, 'button[value="continue"]')
    assert "Step 3 of 4" in browser.page_source
    click(browser, "Back", "#presentation")
    assert browser.find_element(By.NAME, "email").get_attribute("value") == "sam@example.com"
    browser.back()
    browser.find_element(By.CSS_SELECTOR, 'input[value="dark"]').click()
    submit(browser, 'button[value="continue"]')
    submit(browser, 'button[value="continue"]')
    assert path(browser) == "/home"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-color-scheme") == "dark"
    go(browser, "/")
    assert path(browser) == "/home"


def test_closing_escape_focus_and_back(browser):
    go(browser, "/profile")
    click(browser, "Photo", "main")
    assert dialog(browser)
    if browser.javascript:
        inside = "return document.getElementById('presentation').contains(document.activeElement)"
        WebDriverWait(browser, 5).until(lambda driver: driver.execute_script(inside))   # focus moves in
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        WebDriverWait(browser, 5).until(lambda driver: path(driver) == "/profile")
        assert not dialog(browser)
        WebDriverWait(browser, 5).until(lambda driver: driver.switch_to.active_element.text.startswith("Photo"))
        browser.back()   # closing went back through history, so Back leaves the screen behind too
        assert "present=" not in path(browser)
    else:
        click(browser, "Close", "#presentation")   # without JavaScript: the plain link
        assert path(browser) == "/profile" and not dialog(browser)
        browser.back()
        assert path(browser) == "/profile?present=photo"


def test_an_alert_and_the_onboarding_close_through_their_buttons_only(browser):
    """As in SwiftUI: Escape and a click on the dimmed page behind leave an alert, and the
    onboarding cover (interactiveDismissDisabled), where they are; their buttons close them."""
    go(browser, "/profile")
    click(browser, "About", "main")
    alert = path(browser)
    onboarding = "/home?present=onboarding/welcome"
    for screen in (alert, onboarding):
        go(browser, screen)
        assert dialog(browser)
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        scrim = browser.find_element(By.CSS_SELECTOR, ".scrim")
        box = dialog(browser).rect
        corner_is_behind = box["x"] > 4 and box["y"] > 4
        assert corner_is_behind or screen == onboarding   # a cover leaves no page behind to click
        if corner_is_behind:
            ActionChains(browser).move_to_element_with_offset(
                scrim, -scrim.size["width"] // 2 + 4, -scrim.size["height"] // 2 + 4).click().perform()
        time.sleep(0.5)   # time enough for a close the script would start
        assert (path(browser), dialog(browser) is not None) == (screen, True)
    go(browser, alert)
    click(browser, "OK", "#presentation")
    assert path(browser) == "/profile" and not dialog(browser)
