"""Two windows (browser tabs) of one browser. With JavaScript each keeps its own state, as
SwiftUI's scenes do: the stacks of the tabs it does not show, its scene storage (Now Cooking) and
its onboarding draft; a reload and Back stay the window's own. Without JavaScript the windows share
one state, as the docs say."""
from selenium.webdriver.common.by import By

from conftest import forget_the_site, open_window
from pages import click, dialog, go, navigate, path, shown, submit, visible


def cooking(driver):
    return [element.text for element in shown(driver, ".bottom-accessory .accessory-subtitle")]


def test_two_windows_keep_their_own_stacks_and_scene_storage(browser):
    go(browser, "/recipes/category/desserts/recipe/lemon-tart")
    navigate(browser, lambda: visible(browser, 'button[value="startCooking"]'))
    click(browser, "Home", "nav.tabbar")
    first = browser.current_window_handle
    open_window(browser)
    try:
        go(browser, "/recipes")                          # the second window's first page
        click(browser, "Mains", "main")
        navigate(browser, lambda: visible(browser, '.bottom-accessory button[value="stopCooking"]'))
        click(browser, "Home", "nav.tabbar")
        click(browser, "Recipes", "nav.tabbar")
        assert path(browser) == "/recipes/category/mains"
        assert cooking(browser) == []
        browser.refresh()                                # a reload is this window's too
        click(browser, "Home", "nav.tabbar")
        click(browser, "Recipes", "nav.tabbar")
        assert path(browser) == "/recipes/category/mains"
    finally:
        browser.close()
        browser.switch_to.window(first)
    click(browser, "My Profile", "main")                 # the first window goes on
    click(browser, "Recipes", "nav.tabbar")
    if browser.javascript:
        assert path(browser) == "/recipes/category/desserts/recipe/lemon-tart", "the first window's own stack"
        assert cooking(browser) == ["Lemon Tart"], "and its own scene storage"
    else:
        assert path(browser) == "/recipes/category/mains", "one state for every window without JavaScript"
        assert cooking(browser) == []


def test_two_windows_keep_their_own_onboarding_draft(browser):
    go(browser, "/home?present=onboarding/profile")
    browser.find_element(By.NAME, "name").send_keys("Ana")
    browser.find_element(By.NAME, "email").send_keys("ana@example.com")
    submit(browser, 'button[value="continue"]')
    assert "Step 3 of 4" in browser.page_source
    first = browser.current_window_handle
    open_window(browser)
    try:
        go(browser, "/home?present=onboarding/profile")  # begins where the first window was
        assert browser.find_element(By.NAME, "name").get_attribute("value") == "Ana"
        name = browser.find_element(By.NAME, "name")
        name.clear()
        name.send_keys("Ben")
        submit(browser, 'button[value="continue"]')
        browser.back()                                   # Back, then the step again: still Ben
        assert browser.find_element(By.NAME, "name").get_attribute("value") == "Ben"
    finally:
        browser.close()
        browser.switch_to.window(first)
    click(browser, "Back", "#presentation")
    expected = "Ana" if browser.javascript else "Ben"
    assert browser.find_element(By.NAME, "name").get_attribute("value") == expected


def test_a_request_the_window_cookie_missed_is_adopted(scripted_browser):
    """The script names its window in a cookie written as a link is clicked; a browser may send
    the navigation before that cookie lands. The page then says it shows no window's own state,
    and the window's next request adopts it, rather than bringing back what the window kept."""
    browser = scripted_browser
    forget_the_site(browser)
    go(browser, "/home")
    click(browser, "My Profile", "main")                 # the window's own: Home, My Profile
    unname = 'document.cookie = document.querySelector(\'meta[name="navigation-window"]\').content + "=; Max-Age=0; Path=/";'
    browser.execute_script(unname)
    go(browser, "/profile")                              # an address typed: no window named
    # The cookie the script writes as About is clicked is gone before the request is made.
    browser.execute_script("""
        const link = [...document.querySelectorAll("main a")].find((a) => a.textContent.trim().startsWith("About"));
        link.addEventListener("click", () => { %s });""" % unname)
    click(browser, "About", "main")
    assert dialog(browser)
    assert browser.find_element(By.CSS_SELECTOR, 'meta[name="navigation-window"]').get_attribute("data-window") is None
    click(browser, "OK", "#presentation")
    assert path(browser) == "/profile"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-transition") == "dismiss", \
        "the alert closed over Profile, not a switch back to the Home tab the window had kept"
