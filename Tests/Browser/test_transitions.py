"""Motion: each page says how it was reached (html[data-transition]) and the stylesheet's
cross-document view transitions move it that way; with JavaScript off, with reduced motion and
in a browser without view transitions, nothing else changes."""
import json

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import SIZES, forget_the_site, start_chromium
from pages import click, dialog, go, navigate, path, visible

# Recorded as each page is revealed: whether a view transition ran, and once its pseudo-elements
# animate, which animation runs on which of them.
RECORDER = """
addEventListener("pagereveal", (event) => {
  const record = { transition: !!event.viewTransition, animations: null };
  sessionStorage.setItem("reveal", JSON.stringify(record));
  if (!event.viewTransition) return;
  event.viewTransition.ready.then(() => {
    record.types = [...event.viewTransition.types];
    record.animations = document.getAnimations()
      .filter((animation) => animation.effect && animation.effect.pseudoElement)
      .map((animation) => `${animation.animationName} ${animation.effect.pseudoElement}`);
    sessionStorage.setItem("reveal", JSON.stringify(record));
  }, () => {});
});
"""


def moved(driver, expected=None):
    """The page's data-transition once it is loaded. The script corrects Back and Forward as the
    page is revealed, which may be after the document replaced the one before and even after it
    is complete (a page restored from the back/forward cache): with the script, the value
    `expected` is given a moment to arrive."""
    def value():
        return driver.find_element(By.TAG_NAME, "html").get_attribute("data-transition")
    if getattr(driver, "javascript", True):
        WebDriverWait(driver, 5).until(lambda _: driver.execute_script("return document.readyState") == "complete")
        if expected:
            try:
                WebDriverWait(driver, 3).until(lambda _: value() == expected)
            except TimeoutException:
                pass   # the assertion reports what the page says
    return value()


def back_link(driver):
    navigate(driver, lambda: visible(driver, "a.back"))


def history_back(driver):
    page = driver.find_element(By.TAG_NAME, "html")
    driver.back()
    from pages import has_left
    WebDriverWait(driver, 5).until(lambda _: has_left(page))


def walk(driver):
    """Push, pop, present, dismiss, a tab, and Back through history: (step, data-transition)."""
    steps = []
    go(driver, "/home")
    click(driver, "My Profile", "main")
    steps.append(("push", moved(driver, "push")))
    back_link(driver)
    steps.append(("pop", moved(driver, "pop")))
    click(driver, "My Profile", "main")
    history_back(driver)
    steps.append(("back", moved(driver, "pop")))
    go(driver, "/profile")
    click(driver, "About", "main")
    assert dialog(driver)
    steps.append(("present", moved(driver, "present")))
    click(driver, "OK", "#presentation")
    steps.append(("dismiss", moved(driver, "dismiss")))
    click(driver, "Recipes", "nav.tabbar")
    steps.append(("tab", moved(driver, "tab")))
    return steps


def test_each_page_says_how_it_was_reached(browser):
    steps = dict(walk(browser))
    assert steps == {"push": "push", "pop": "pop", "back": "pop", "present": "present", "dismiss": "dismiss",
                     "tab": "tab"}, f"{browser.size_name} {'js' if browser.javascript else 'nojs'}"


def test_back_from_a_sheet_says_dismiss_with_the_script(scripted_browser):
    """Back and Forward send the Referer of the entry they return to, so the server cannot know a
    sheet was open; the script reads it from the browser's history."""
    browser = scripted_browser
    browser.delete_all_cookies()
    go(browser, "/profile")
    click(browser, "Edit Profile", "main")
    history_back(browser)
    assert path(browser) == "/profile"
    # Set as the page is revealed, once the script has run.
    WebDriverWait(browser, 5).until(lambda _: moved(browser) == "dismiss", f"still {moved(browser)!r}")
    browser.forward()
    WebDriverWait(browser, 5).until(lambda _: dialog(browser))
    WebDriverWait(browser, 5).until(lambda _: moved(browser) == "present", f"still {moved(browser)!r}")


def revealed(driver):
    """What the recorder saw on the current page, once its transition (if any) is ready; then
    forgets it, so that the next page's record is not confused with this one's."""
    def done(_):
        record = json.loads(driver.execute_script("return sessionStorage.getItem('reveal')") or "null")
        return record if record and (not record["transition"] or record["animations"] is not None) else None
    record = WebDriverWait(driver, 5).until(done)
    driver.execute_script("sessionStorage.removeItem('reveal')")
    return record


@pytest.fixture(scope="module", params=list(SIZES))
def recording_chromium(request, base_url):
    driver = start_chromium(*SIZES[request.param], True)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    driver.size_name, driver.javascript, driver.base_url = request.param, True, base_url
    yield driver
    driver.quit()


@pytest.fixture
def recorded_browser(recording_chromium):
    """The recording Chromium as a new user meets the site, with the motion the system asks for."""
    driver = recording_chromium
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    # The last test's record, in this tab's session storage (kept until the tab closes).
    driver.execute_script("try { sessionStorage.clear() } catch (error) {}")
    forget_the_site(driver)
    return driver


def test_each_kind_of_navigation_runs_its_animation(recorded_browser):
    browser = recorded_browser
    screen = "screen"
    go(browser, "/home")
    revealed(browser)   # typed in the address bar: no transition
    click(browser, "My Profile", "main")
    seen = revealed(browser)
    assert seen["transition"]
    assert f"nav-from-trailing ::view-transition-new({screen})" in seen["animations"], seen
    assert f"nav-to-leading ::view-transition-old({screen})" in seen["animations"], seen
    assert seen["types"] == ["push"], "the script names the transition's type as well"
    back_link(browser)
    seen = revealed(browser)
    assert f"nav-from-leading ::view-transition-new({screen})" in seen["animations"], seen
    go(browser, "/profile")
    revealed(browser)
    click(browser, "Edit Profile", "main")
    seen = revealed(browser)
    assert "nav-rise ::view-transition-new(rising)" in seen["animations"], seen
    click(browser, "Cancel", "#presentation")
    seen = revealed(browser)
    assert "nav-fall ::view-transition-old(rising)" in seen["animations"], seen
    click(browser, "Recipes", "nav.tabbar")
    seen = revealed(browser)
    assert seen["transition"] and not any(name.startswith(("nav-from", "nav-to")) for name in seen["animations"]), seen


# The rendered elements whose view-transition-name is `name`: their tag and class.
NAMED = """
return [...document.querySelectorAll("*")]
  .filter((element) => element.getClientRects().length && getComputedStyle(element).viewTransitionName === arguments[0])
  .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`);
"""


def zoomed(seen, name):
    """Whether the transition just seen moved the group `name` (its box from source to screen)."""
    return any(animation.endswith(f"::view-transition-group({name})") for animation in seen["animations"] or [])


def test_a_recipe_zooms_out_of_its_row_and_back_into_it(recorded_browser):
    """The zoom pair is in both documents, one element each, and the browser morphs the one into
    the other: forward from the row, and back into it."""
    browser = recorded_browser
    go(browser, "/recipes/category/desserts")
    revealed(browser)
    assert browser.execute_script(NAMED, "zoom-apple-pie") == ["li.row"]
    click(browser, "Apple Pie", "main")
    seen = revealed(browser)
    assert zoomed(seen, "zoom-apple-pie"), seen
    screen = "section.column.detail" if browser.size_name == "wide" else "div.stack"
    named = browser.execute_script(NAMED, "zoom-apple-pie")
    assert len(named) == 1 and named[0].startswith(screen), f"the recipe, and no row beside it: {named}"
    history_back(browser)
    seen = revealed(browser)
    assert zoomed(seen, "zoom-apple-pie"), seen
    assert browser.execute_script(NAMED, "zoom-apple-pie") == ["li.row"]


def test_the_new_order_sheet_grows_out_of_its_button(recorded_browser):
    browser = recorded_browser
    go(browser, "/orders")
    revealed(browser)
    assert browser.execute_script(NAMED, "zoom-new-order") == ["a.toolbar-item"]
    click(browser, "New Order", ".stack")
    seen = revealed(browser)
    assert zoomed(seen, "zoom-new-order"), seen
    assert browser.execute_script(NAMED, "zoom-new-order") == ["section.presentation.sheet.detent-large"], \
        "the sheet; the button behind it is no source while it shows"
    click(browser, "Cancel", "#presentation")
    assert zoomed(revealed(browser), "zoom-new-order")


def test_reduced_motion_turns_the_transitions_off(recorded_browser):
    browser = recorded_browser
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    go(browser, "/home")
    revealed(browser)
    click(browser, "My Profile", "main")
    assert moved(browser) == "push"
    assert revealed(browser) == {"transition": False, "animations": None}
    go(browser, "/recipes/category/desserts")
    assert browser.execute_script(NAMED, "zoom-apple-pie") == [], "no zoom either"
    click(browser, "Apple Pie", "main")
    assert revealed(browser) == {"transition": False, "animations": None}


# A browser that predates view transitions, as far as a page can tell: no Navigation API, no
# pagereveal event, and no transition run (the stylesheet's rules are ignored).
OLDER_BROWSER = """
Object.defineProperty(window, "navigation", { value: undefined });
const add = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function (type, ...rest) {
  if (type !== "pagereveal") return add.call(this, type, ...rest);
};
"""


def test_a_browser_without_view_transitions_navigates_the_same(base_url):
    """Every step leads where it does with them, the server's account of each move is the same,
    and the page's script throws nothing."""
    driver = start_chromium(*SIZES["wide"], True)
    try:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OLDER_BROWSER})
        driver.size_name, driver.javascript, driver.base_url = "wide", True, base_url
        steps = dict(walk(driver))
        # The script closes the alert through history (the entry before is the screen behind), a
        # traversal, which only the Navigation API could name: without transitions it shows nothing.
        assert steps.pop("dismiss") in ("dismiss", "none")
        assert steps == {"push": "push", "pop": "pop", "back": "pop", "present": "present", "tab": "tab"}
        assert driver.execute_script("return typeof window.navigation") == "undefined"
        errors = [entry["message"] for entry in driver.get_log("browser")
                  if entry["level"] == "SEVERE" and "favicon.ico" not in entry["message"]]
        assert not errors, errors
    finally:
        driver.quit()
