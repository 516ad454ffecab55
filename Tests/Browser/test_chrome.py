"""The iOS 26 chrome (seed 001 §6): tab icons, the search tab set apart, glass bars that fall back
to solid, and a phone tab bar that minimizes on scroll down and comes back on scroll up."""
import re
import time
import urllib.request
import zlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import SIZES, screenshot, start_chromium
from pages import go, has_left, navigate, path, shown, visible

TITLES = {"home": "Home", "recipes": "Recipes", "orders": "Orders", "profile": "Profile", "find": "Search"}
# A phone page long enough to scroll (by about 90 px at 390 × 844, and at 1280 × 800).
LONG_PAGE = "/profile"


def style(driver, element, name, pseudo=None):
    return driver.execute_script("return getComputedStyle(arguments[0], arguments[2]).getPropertyValue(arguments[1])",
                                 element, name, pseudo)


def pixels(png):
    """The pixels of a PNG as Chromium writes screenshots (8 bits, RGB or RGBA, not interlaced),
    as tuples: enough to tell an icon from a blank or a filled square without an image library."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, data = 8, b""
    while at < len(png):
        length, kind = int.from_bytes(png[at:at + 4], "big"), png[at + 4:at + 8]
        body = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, interlace = (int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big"),
                                                      body[8], body[9], body[12])
            assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color, interlace)
        elif kind == b"IDAT":
            data += body
        at += 12 + length
    raw, size = zlib.decompress(data), 4 if color == 6 else 3
    stride, rows, previous = width * size, [], bytearray(width * size)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                nearest = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))[2]
                line[i] = (line[i] + nearest) & 255
        rows.append(line)
        previous = line
    return [tuple(row[x:x + 3]) for row in rows for x in range(0, stride, size)]


def ink(element):
    """The share of an element's pixels that differ from its most common colour: 0 for a blank
    (an icon that did not load) and for a filled square (a mask that did not apply)."""
    found = pixels(element.screenshot_as_png)
    common = max(set(found), key=found.count)
    return sum(1 for pixel in found if max(abs(a - b) for a, b in zip(pixel, common)) > 40) / len(found)


def check_icon(driver, link_or_field):
    """The element holds one decorative icon, drawn in the element's own colour from a file the
    server serves, and visibly a shape."""
    icons = link_or_field.find_elements(By.CSS_SELECTOR, ".symbol")
    assert len(icons) == 1, link_or_field.get_attribute("outerHTML")
    icon = icons[0]
    assert icon.get_attribute("aria-hidden") == "true"
    assert icon.text == "" and icon.get_attribute("alt") is None
    assert icon.rect["width"] >= 16 and icon.rect["height"] >= 16
    mask = style(driver, icon, "mask-image")
    url = re.fullmatch(r'url\("(.+)"\)', mask)
    assert url, mask
    with urllib.request.urlopen(url.group(1)) as answer:
        assert answer.status == 200 and answer.headers["Content-Type"].startswith("image/svg+xml")
    assert style(driver, icon, "background-color") == style(driver, link_or_field, "color")
    assert 0.05 < ink(icon) < 0.8, "the icon paints a shape"


def test_every_tab_shows_a_decorative_icon_and_is_named_by_its_label(browser):
    go(browser, "/home")
    links = shown(browser, "nav.tabbar a.tab")
    names = [link.get_attribute("class").removeprefix("tab tab-") for link in links]
    # A wide window's sidebar shows the search tab as its search field instead.
    assert names == (list(TITLES) if browser.size_name == "narrow" else list(TITLES)[:-1])
    for name, link in zip(names, links):
        check_icon(browser, link)
        assert link.accessible_name == TITLES[name]
    if browser.size_name == "wide":
        field = shown(browser, "form.sidebar-search label")[0]
        check_icon(browser, field)
        assert shown(browser, "form.sidebar-search input")[0].accessible_name == "Search"
    screenshot(browser, "chrome-tabs-" + ("js" if browser.javascript else "nojs"))


def test_the_search_tab_sits_apart(browser):
    """On a phone a round button at the trailing end of the tab bar, apart from the capsule of the
    other tabs; in a wide window a search field at the top of the sidebar."""
    go(browser, "/home")
    assert browser.execute_script("return innerWidth") == SIZES[browser.size_name][0]
    search = browser.find_element(By.CSS_SELECTOR, "nav.tabbar > a.tab-find")
    capsule = browser.find_element(By.CSS_SELECTOR, "nav.tabbar .tab-list")
    assert not capsule.find_elements(By.CSS_SELECTOR, ".tab-find")
    field = browser.find_element(By.CSS_SELECTOR, "form.sidebar-search")
    if browser.size_name == "narrow":
        assert search.is_displayed() and not field.is_displayed()
        button, bar, width = search.rect, capsule.rect, SIZES["narrow"][0]
        assert width - 16 <= button["x"] + button["width"] <= width - 8, "at the trailing end, inset as the capsule"
        assert button["x"] >= bar["x"] + bar["width"] + 6, "apart from the other tabs"
        assert abs(button["width"] - button["height"]) <= 1 and abs(button["y"] - bar["y"]) <= 1
        assert style(browser, search, "border-top-left-radius") == f"{button['width'] / 2:g}px" or \
            style(browser, search, "border-top-left-radius") == "50%"
        for link in shown(browser, ".tab-list a.tab"):
            assert link.rect["x"] + link.rect["width"] <= bar["x"] + bar["width"]
        assert search.accessible_name == "Search"
    else:
        assert field.is_displayed() and not search.is_displayed()
        first = shown(browser, ".tab-list a.tab")[0]
        assert field.rect["y"] + field.rect["height"] <= first.rect["y"], "the sidebar starts with the field"


def test_search_reaches_results_from_the_sidebar_field_or_the_phones_bottom_field(browser):
    """Wide: the sidebar's field opens the Search tab with its results and keeps the query. Phone:
    the round button opens the Search tab, whose own field sits at the bottom, above the tab bar."""
    go(browser, "/recipes")
    if browser.size_name == "wide":
        field = shown(browser, "form.sidebar-search input")[0]
    else:
        navigate(browser, lambda: browser.find_element(By.CSS_SELECTOR, "nav.tabbar > a.tab-find"))
        assert path(browser) == "/find"
        form = browser.find_element(By.CSS_SELECTOR, "main form.search")
        bar = browser.find_element(By.CSS_SELECTOR, ".tab-list").rect
        assert form.rect["y"] + form.rect["height"] <= bar["y"] and form.rect["y"] > SIZES["narrow"][1] / 2
        field = form.find_element(By.CSS_SELECTOR, "input[type=search]")
    # As iOS's search field: no button beside it, submitted from the keyboard.
    assert not shown(browser, "form.search button") and field.get_attribute("enterkeyhint") == "search"
    field.send_keys("pie")
    page = browser.find_element(By.TAG_NAME, "html")
    field.send_keys(Keys.ENTER)   # a form with one field submits on Enter, with or without script
    WebDriverWait(browser, 5).until(lambda _: has_left(page))
    assert path(browser) == "/find?q=pie"
    assert "Apple Pie" in [link.text for link in shown(browser, "main a")]
    assert browser.find_element(By.CSS_SELECTOR, "nav.tabbar > a.tab-find").get_attribute("aria-current") == "page"
    if browser.size_name == "wide":
        assert shown(browser, "form.sidebar-search input")[0].get_attribute("value") == "pie"
    screenshot(browser, "chrome-search-" + ("js" if browser.javascript else "nojs"))


def scroll(driver, by):
    driver.execute_script("window.scrollBy(0, arguments[0])", by)
    time.sleep(0.1)


def settled_height(driver, element):
    """The element's height once its transition is over (no change for a while)."""
    last, since = None, time.monotonic()
    while time.monotonic() - since < 0.4:
        now = element.rect["height"]
        if now != last:
            last, since = now, time.monotonic()
        time.sleep(0.05)
    return last


def test_the_phone_tab_bar_minimizes_on_scroll_down_and_returns_on_scroll_up(browser):
    """With JavaScript on the script tells the direction; with it off the stylesheet does
    (scroll-state queries); either way only the selected tab's icon and the search button stay,
    and focus inside opens the bar again. A wide window's sidebar never changes."""
    go(browser, LONG_PAGE)
    room = browser.execute_script("return document.documentElement.scrollHeight - innerHeight")
    assert room >= 60, "the page must scroll"
    capsule = browser.find_element(By.CSS_SELECTOR, ".tab-list")
    search = browser.find_element(By.CSS_SELECTOR, "nav.tabbar > a.tab-find")
    full = settled_height(browser, capsule)
    scroll(browser, 70)
    if browser.size_name == "wide":
        assert settled_height(browser, capsule) == full
        return
    minimized = settled_height(browser, capsule)
    assert minimized <= full - 8, (full, minimized)
    assert settled_height(browser, search) <= full - 8
    assert [link.accessible_name for link in shown(browser, ".tab-list a.tab")] == ["Profile"]
    assert capsule.rect["width"] <= minimized + 2, "the capsule shrinks to the selected tab's icon"
    assert on_screen(browser, search)["right"] >= SIZES["narrow"][0] - 16, "the search button stays at the end"
    assert browser.execute_script("return document.documentElement.dataset.scrolled || null") == \
        ("down" if browser.javascript else None)
    screenshot(browser, "chrome-minimized-" + ("js" if browser.javascript else "nojs"))
    scroll(browser, -20)   # up, but not to the top
    assert browser.execute_script("return scrollY") > 0
    assert settled_height(browser, capsule) == full
    assert len(shown(browser, ".tab-list a.tab")) == 4
    scroll(browser, 30)
    assert settled_height(browser, capsule) == minimized
    # The keyboard reaches every tab: focus inside opens the bar.
    browser.execute_script("document.querySelector('.tab-list a.tab-home').focus()")
    assert settled_height(browser, capsule) == full


@pytest.fixture
def phone():
    """Chromium at a phone's size with JavaScript on, on its own (its styles are changed)."""
    driver = start_chromium(*SIZES["narrow"], True)
    driver.size_name, driver.javascript = "narrow", True
    yield driver
    driver.quit()


def test_the_script_alone_minimizes_the_bar_where_the_stylesheet_cannot_tell(phone, base_url):
    """As in a browser without scroll-state queries: the stylesheet's query taken out, the
    script's data-scrolled still minimizes the bar and brings it back."""
    phone.base_url = base_url
    go(phone, LONG_PAGE)
    removed = phone.execute_script("""
        let removed = 0;
        for (const sheet of document.styleSheets) {
          for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
            if (sheet.cssRules[i] instanceof CSSContainerRule) { sheet.deleteRule(i); removed++; }
          }
        }
        return removed;""")
    assert removed == 1
    capsule = phone.find_element(By.CSS_SELECTOR, ".tab-list")
    full = settled_height(phone, capsule)
    phone.execute_script("document.documentElement.dataset.scrolled = 'up'")
    scroll(phone, 70)
    assert settled_height(phone, capsule) <= full - 8
    scroll(phone, -20)
    assert settled_height(phone, capsule) == full
    # Without the script either, the bar simply stays as it is.
    phone.get(phone.current_url)
    phone.execute_script("""for (const sheet of document.styleSheets)
        for (let i = sheet.cssRules.length - 1; i >= 0; i--)
          if (sheet.cssRules[i] instanceof CSSContainerRule) sheet.deleteRule(i);
        window.addEventListener('scroll', (e) => e.stopImmediatePropagation(), true);""")
    capsule = phone.find_element(By.CSS_SELECTOR, ".tab-list")
    scroll(phone, 70)
    assert settled_height(phone, capsule) == full


def on_screen(driver, element):
    """Where the element is in the window (WebDriver's rect is in the page)."""
    return driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", element)


def glass(driver, element):
    """(background alpha, backdrop-filter) of an element."""
    color = style(driver, element, "background-color")
    parts = re.findall(r"[\d.]+", color)
    alpha = float(parts[3]) if len(parts) == 4 else 1.0
    return alpha, style(driver, element, "backdrop-filter")


def bars(driver):
    """The bars that are glass at this size: the navigation bar, and on a phone the tab bar's
    two shapes and the search tab's bottom field."""
    found = [driver.find_element(By.CSS_SELECTOR, ".stack-header")]
    if driver.size_name == "narrow":
        found += [driver.find_element(By.CSS_SELECTOR, ".tab-list"),
                  driver.find_element(By.CSS_SELECTOR, "nav.tabbar > a.tab-find")]
    return found


def test_the_bars_are_glass_over_the_content_and_solid_with_less_transparency(scripted_browser):
    browser = scripted_browser
    browser.delete_all_cookies()
    try:
        go(browser, LONG_PAGE)
        header = browser.find_element(By.CSS_SELECTOR, ".stack-header")
        assert glass(browser, header)[0] == 0, "clear at the top, with nothing beneath it"
        scroll(browser, 60)
        bar, title = on_screen(browser, header), on_screen(browser, browser.find_element(By.ID, "screen-title"))
        assert bar["top"] == 0, "the navigation bar stays at the top"
        assert title["top"] + title["height"] / 2 < bar["bottom"], "the large title scrolled beneath it"
        assert float(style(browser, browser.find_element(By.CSS_SELECTOR, ".navbar-title"), "opacity")) == 1
        for bar in bars(browser):
            alpha, blur = glass(browser, bar)
            assert alpha < 1 and "blur(" in blur, (bar.get_attribute("class"), alpha, blur)
        screenshot(browser, "chrome-glass")

        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-reduced-transparency", "value": "reduce"}]})
        for bar in bars(browser):
            assert glass(browser, bar) == (1.0, "none"), bar.get_attribute("class")
        if browser.size_name == "narrow":
            go(browser, "/find?q=pie")
            field = browser.find_element(By.CSS_SELECTOR, "main form.search")
            assert glass(browser, field) == (1.0, "none")
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            alpha, blur = glass(browser, field)
            assert alpha < 1 and "blur(" in blur
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_icons_follow_the_theme_and_reduced_motion_stills_the_bar(scripted_browser):
    browser = scripted_browser
    browser.delete_all_cookies()
    try:
        go(browser, "/orders")
        selected = browser.find_element(By.CSS_SELECTOR, "a.tab-orders")
        other = browser.find_element(By.CSS_SELECTOR, "a.tab-home")
        icon = lambda link: link.find_element(By.CSS_SELECTOR, ".symbol")
        light = (style(browser, icon(selected), "background-color"), style(browser, icon(other), "background-color"))
        assert light[0] != light[1], "the selected tab's icon takes the tint"
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark"}]})
        dark = (style(browser, icon(selected), "background-color"), style(browser, icon(other), "background-color"))
        assert dark != light
        assert dark == (style(browser, selected, "color"), style(browser, other, "color"))
        screenshot(browser, "chrome-dark")
        if browser.size_name == "narrow":
            capsule = browser.find_element(By.CSS_SELECTOR, ".tab-list")
            assert style(browser, capsule, "transition-duration") != "0s"
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                {"name": "prefers-reduced-motion", "value": "reduce"}]})
            assert set(style(browser, capsule, "transition-duration").split(", ")) == {"0s"}
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


BOX = "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];"


def test_now_cooking_stays_above_the_tab_bar_on_every_tab(browser):
    """tabViewBottomAccessory(isEnabled:): absent until a recipe's Start Cooking, then above a
    phone's tab bar (and its search field above it) or at the sidebar's foot, on every tab and
    after a reload; it leads back to the recipe, and Stop Cooking removes it. Both buttons post
    without JavaScript."""
    recipe = "/recipes/category/desserts/recipe/lemon-tart"
    go(browser, recipe)
    assert not browser.find_elements(By.CSS_SELECTOR, ".bottom-accessory"), "nothing cooks yet"
    navigate(browser, lambda: visible(browser, 'button[value="startCooking"]'))
    assert path(browser) == recipe
    assert not shown(browser, 'button[value="startCooking"]')
    width, height = SIZES[browser.size_name]
    for page in ["/home", "/find?q=pie", "/orders", "/profile"]:
        go(browser, page)
        accessory = browser.find_element(By.CSS_SELECTOR, ".bottom-accessory")
        assert accessory.is_displayed() and "Now Cooking" in accessory.text and "Lemon Tart" in accessory.text
        left, top, right, bottom = browser.execute_script(BOX, accessory)
        if browser.size_name == "narrow":
            bar = browser.execute_script(BOX, browser.find_element(By.CSS_SELECTOR, ".tab-list"))
            assert 0 < left and right < width and bottom <= bar[1], (page, (left, top, right, bottom), bar)
            for field in browser.find_elements(By.CSS_SELECTOR, ".stack-content > .search"):
                assert browser.execute_script(BOX, field)[3] <= top, f"the search field is above it on {page}"
        else:
            sidebar = browser.execute_script(BOX, browser.find_element(By.CSS_SELECTOR, ".tabbar"))
            assert (left, right, round(bottom)) == (0, sidebar[2], height), ((left, right, bottom), sidebar)
            last_tab = browser.find_elements(By.CSS_SELECTOR, ".tab-list a")[-1]
            browser.execute_script("arguments[0].scrollIntoView({block: 'end'})", last_tab)
            assert browser.execute_script(BOX, last_tab)[3] <= browser.execute_script(BOX, accessory)[1]
    screenshot(browser, "now-cooking")
    navigate(browser, lambda: visible(browser, ".bottom-accessory a.accessory-title"))
    assert path(browser) == recipe
    navigate(browser, lambda: visible(browser, '.bottom-accessory button[value="stopCooking"]'))
    assert path(browser) == recipe
    assert not browser.find_elements(By.CSS_SELECTOR, ".bottom-accessory")
    assert visible(browser, 'button[value="startCooking"]').text == "Start Cooking"


def test_a_phone_opens_orders_on_its_list_and_a_window_on_the_order(browser):
    """Tab.preferredCompactColumn (.sidebar for Orders): a phone's tab bar opens the orders list,
    as a collapsed split view shows its sidebar; a wide window returns to the order beside it.
    Recipes keeps the default and returns to the recipe at either width."""
    go(browser, "/orders/order/ORD-002")
    go(browser, "/recipes/category/desserts/recipe/lemon-tart")
    go(browser, "/home")
    navigate(browser, lambda: visible(browser, "a.tab-orders"))
    expected = "/orders" if browser.size_name == "narrow" else "/orders/order/ORD-002"
    assert path(browser) == expected
    assert len(shown(browser, "a.tab-recipes")) == 1
    navigate(browser, lambda: visible(browser, "a.tab-recipes"))
    assert path(browser) == "/recipes/category/desserts/recipe/lemon-tart"


def test_the_split_views_sidebar_button_hides_and_shows_the_sidebar(browser):
    """iPadOS's sidebar button in the bar, not three text links; a phone shows one column at a
    time and no button."""
    go(browser, "/recipes/category/desserts")
    sidebar = ".split > .column:not(.detail)"
    if browser.size_name == "narrow":
        assert not shown(browser, "a.sidebar-toggle")
        return
    assert not [link for link in shown(browser, ".column-visibility a") if link.text.strip()], "no text links"
    assert [link.get_attribute("aria-label") for link in shown(browser, "a.sidebar-toggle")] == ["Hide Sidebar"]
    assert len(shown(browser, sidebar)) == 2
    screenshot(browser, "split-sidebar-button")
    navigate(browser, lambda: visible(browser, "a.sidebar-toggle"))
    assert path(browser) == "/recipes/category/desserts?columns=detailOnly"
    assert not shown(browser, sidebar)
    assert visible(browser, "a.sidebar-toggle").get_attribute("aria-label") == "Show Sidebar"
    navigate(browser, lambda: visible(browser, "a.sidebar-toggle"))
    assert path(browser) == "/recipes/category/desserts?columns=all"
    assert len(shown(browser, sidebar)) == 2
