"""Sheets that grow and popovers drawn at their source, as the seeds draw them: a sheet with
medium and large detents rests at half height and its grabber grows it (a link without
JavaScript, in place with it, or dragged), the URL saying which so that a reload keeps it; in a
wide window a sheet is a centred modal as tall as its content. A popover or confirmation dialog
sits at the row that opened it in a wide window, and at the bottom of a phone's."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot
from pages import click, dialog, go, navigate, path

ORDER_SHEET = "/orders?present=order/ORD-001"


def box(driver, element):
    return driver.execute_script("const r = arguments[0].getBoundingClientRect();"
                                 "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};", element)


def window_height(driver):
    return driver.execute_script("return innerHeight")


def settled_top(driver):
    """The sheet's top once its move has finished (it slides when the script moves it)."""
    script = "return document.getElementById('presentation').getBoundingClientRect().top"
    last = [None]

    def still(driver):
        top = driver.execute_script(script)
        steady, last[0] = top == last[0], top
        return steady
    WebDriverWait(driver, 5, poll_frequency=0.15).until(still)
    return last[0]


def settle(driver):
    """Waits for the view transition that brought the sheet in to end: while it runs, the
    pointer reaches its snapshot, not the sheet."""
    if driver.javascript:
        WebDriverWait(driver, 5).until(lambda d: d.execute_script(
            "return !document.getAnimations().some(a => (a.effect && a.effect.pseudoElement || '')"
            ".startsWith('::view-transition'))"))


def grab(driver):
    """Uses the grabber as a person would: a click, which without JavaScript follows its link."""
    settle(driver)
    grabber = driver.find_element(By.CSS_SELECTOR, "#presentation a.grabber")
    if driver.javascript:
        before = path(driver)
        grabber.click()
        WebDriverWait(driver, 5).until(lambda d: path(d) != before)
    else:
        navigate(driver, lambda: driver.find_element(By.CSS_SELECTOR, "#presentation a.grabber"))


def test_the_grabber_grows_the_sheet_and_a_reload_keeps_it(browser):
    go(browser, ORDER_SHEET)
    grabber = browser.find_element(By.CSS_SELECTOR, "#presentation a.grabber")
    if browser.size_name == "wide":
        assert not grabber.is_displayed(), "a wide window ignores detents"
        return
    height = window_height(browser)
    assert browser.execute_script("return innerWidth") == 390, "a phone's width"
    assert 0.4 * height <= settled_top(browser) <= 0.6 * height, "at rest the sheet covers about half the window"
    assert grabber.get_attribute("aria-label") == "Expand sheet"
    grab(browser)
    assert path(browser) == ORDER_SHEET + "&detent=large"
    assert settled_top(browser) <= 0.12 * height, "grown, the sheet reaches the top of the window"
    screenshot(browser, "order-sheet-large")
    browser.refresh()
    assert settled_top(browser) <= 0.12 * height, "a reload keeps the detent"
    assert browser.find_element(By.CSS_SELECTOR, "#presentation a.grabber").get_attribute("aria-label") == "Shrink sheet"
    grab(browser)
    assert path(browser) == ORDER_SHEET
    assert 0.4 * height <= settled_top(browser) <= 0.6 * height
    # The sheet's Done still returns to the screen behind it.
    click(browser, "Done", "#presentation")
    assert path(browser) == "/orders" and not dialog(browser)


def test_a_wide_sheet_is_a_centred_modal_with_no_inner_scroll(browser):
    if browser.size_name != "wide":
        pytest.skip("a phone's sheet rests at its detent")
    for url in (ORDER_SHEET, ORDER_SHEET + "&detent=large"):
        go(browser, url)
        sheet = browser.find_element(By.ID, "presentation")
        rect, height = box(browser, sheet), window_height(browser)
        assert rect["bottom"] - rect["top"] <= 0.85 * height + 1
        assert abs((rect["top"] + rect["bottom"]) / 2 - height / 2) <= 2, "centred"
        assert browser.execute_script("const s = arguments[0]; return s.scrollHeight <= s.clientHeight", sheet), \
            "every row of the order shows without scrolling inside the sheet"
        assert "Date" in sheet.text and "Amount" in sheet.text
    screenshot(browser, "order-sheet")


def test_dragging_the_grabber_moves_the_sheet_and_far_down_closes_it(scripted_browser):
    browser = scripted_browser
    if browser.size_name != "narrow":
        pytest.skip("only a phone's sheet has detents to drag between")
    browser.delete_all_cookies()
    go(browser, "/orders")
    click(browser, "Books", "main")
    sheet = path(browser)
    assert sheet == "/orders?present=order/ORD-002"
    height = window_height(browser)
    settle(browser)
    grabber = browser.find_element(By.CSS_SELECTOR, "#presentation a.grabber")
    ActionChains(browser).click_and_hold(grabber).move_by_offset(0, -120).move_by_offset(0, -200).release().perform()
    WebDriverWait(browser, 5).until(lambda d: path(d) == sheet + "&detent=large")
    assert settled_top(browser) <= 0.12 * height
    # The link follows: it now leads back to the half-height sheet.
    assert grabber.get_attribute("href").endswith(sheet)
    ActionChains(browser).click_and_hold(grabber).move_by_offset(0, 150).move_by_offset(0, 150).release().perform()
    WebDriverWait(browser, 5).until(lambda d: path(d) == sheet)
    assert 0.4 * height <= settled_top(browser) <= 0.6 * height
    ActionChains(browser).click_and_hold(grabber).move_by_offset(0, 150).move_by_offset(0, 200).release().perform()
    WebDriverWait(browser, 5).until(lambda d: path(d) == "/orders" and not dialog(d))


ANCHORED = [("/profile", "Options", "options-popover"),
            ("/orders/order/ORD-002", "Options…", "order-options-dialog")]


@pytest.mark.parametrize("screen,opener,name", ANCHORED, ids=[a[2] for a in ANCHORED])
def test_a_popover_is_drawn_at_its_source(browser, screen, opener, name):
    go(browser, screen)
    click(browser, opener, "main")
    presented = dialog(browser)
    assert presented
    window = window_height(browser)
    rect = box(browser, presented)
    screenshot(browser, name)
    if browser.size_name == "narrow" and opener != "Options":
        assert abs(rect["bottom"] - window) <= 9, "on a phone it rises from the bottom"
        return
    # Wide, or the Options popover on a phone (presentationCompactAdaptation(.popover)).
    assert rect["right"] - rect["left"] <= min(browser.execute_script("return innerWidth"), 20 * 16) + 1
    sources = [s for s in browser.find_elements(By.CSS_SELECTOR, "[data-presentation-source]") if s.is_displayed()]
    assert len(sources) == 1 and sources[0].text.startswith(opener)
    source = box(browser, sources[0])
    below = rect["top"] >= source["bottom"] - 1
    assert below or rect["bottom"] <= source["top"] + 1, "beside its source, never over it"
    if browser.size_name == "narrow":
        return   # no arrow on a phone
    arrow = box(browser, browser.find_element(By.CSS_SELECTOR, "#presentation .popover-arrow"))
    # The arrow bridges the gap: it touches the source and the popover's box.
    if below:
        assert abs(arrow["top"] - source["bottom"]) <= 2 and arrow["bottom"] >= rect["top"]
    else:
        assert abs(arrow["bottom"] - source["top"]) <= 2 and arrow["top"] <= rect["bottom"]
    assert source["left"] <= (arrow["left"] + arrow["right"]) / 2 <= source["right"], "the arrow points at the source"
    assert rect["left"] >= 0 and rect["right"] <= browser.execute_script("return innerWidth")


def behind_is_usable(driver):
    """Whether the page behind the sheet takes clicks: not inert, no scrim over it."""
    inert = driver.execute_script("return document.querySelector('.app').inert")
    return not inert and not driver.find_element(By.CSS_SELECTOR, ".scrim").is_displayed()


def test_the_list_behind_a_half_height_order_sheet_stays_usable(browser):
    """presentationBackgroundInteraction(.enabled(upThrough: .medium)): at half height another
    order is a click away behind the sheet; grown to full height, the list is inert again, in
    place with the script and from the URL without."""
    if browser.size_name == "wide":
        go(browser, ORDER_SHEET)
        assert behind_is_usable(browser)
        return
    go(browser, ORDER_SHEET)
    assert behind_is_usable(browser)
    assert dialog(browser).get_attribute("aria-modal") is None, "not modal while the list is usable"
    click(browser, "Books", ".app main")
    assert path(browser) == "/orders?present=order/ORD-002"
    assert "ORD-002" in dialog(browser).text
    grab(browser)
    assert path(browser) == "/orders?present=order/ORD-002&detent=large"
    assert not behind_is_usable(browser) and dialog(browser).get_attribute("aria-modal") == "true"
    browser.refresh()
    assert not behind_is_usable(browser), "the server says so for the large detent too"
    grab(browser)
    assert behind_is_usable(browser)
