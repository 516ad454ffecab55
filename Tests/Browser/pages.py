"""What a person does on a page, and what they see."""
import time

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def go(driver, path):
    driver.get(driver.base_url + path)


def path(driver):
    return driver.current_url.removeprefix(driver.base_url)


def title(driver):
    """The title a person sees: the screen's, or in a wide split view the detail column's."""
    for element in driver.find_elements(By.CSS_SELECTOR, "h1, #detail-title"):
        if element.is_displayed():
            return element.text
    return None


def shown(driver, selector):
    """The elements matching `selector` a person sees: a page may also hold the other width's."""
    return [element for element in driver.find_elements(By.CSS_SELECTOR, selector) if element.is_displayed()]


def visible(driver, selector):
    """The first element matching `selector` that a person sees."""
    found = shown(driver, selector)
    assert found, f"nothing visible matches {selector} on {driver.current_url}"
    return found[0]


def click(driver, text, scope="body"):
    """Clicks the first visible link whose text (an icon's: its aria-label) starts with `text`,
    and waits for the page it leads to, so nothing found next belongs to the page being left."""
    def find():
        for link in driver.execute_script(MAYBE_LINKS, scope, text):
            name = link.text.strip() or (link.get_attribute("aria-label") or "")
            if link.is_displayed() and name.startswith(text):
                return link
        raise AssertionError(f"no visible link {text!r} in {scope} on {path(driver)}")
    navigate(driver, find)


# The links of `scope` that may be the one `click` looks for, in one command: those whose text
# holds `text` once white space and case are set aside (what a person sees of a link is part of its
# text, perhaps in another case), or whose aria-label starts so. WebDriver's own visible text and
# displayedness, which a script would only approximate, then decide among these few: asked of every
# link, they took three commands a link (fifteen for a tab bar).
MAYBE_LINKS = """
const squash = value => (value || "").replace(/\\s+/g, "").toLowerCase();
const wanted = squash(arguments[1]);
return Array.from(document.querySelectorAll(arguments[0] + " a")).filter(link =>
    squash(link.textContent).includes(wanted) || squash(link.getAttribute("aria-label")).startsWith(wanted));
"""


def submit(driver, selector):
    """Presses a submit button and waits for the page it leads to."""
    navigate(driver, lambda: driver.find_element(By.CSS_SELECTOR, selector))


def navigate(driver, find, attempts=3):
    """Finds an element and clicks it, then waits until the page it leads to has replaced this
    one. A page still settling can swap its document between the find and the click; that is
    retried, any other failure is not."""
    for attempt in range(attempts):
        page = driver.find_element(By.TAG_NAME, "html")
        try:
            find().click()
            break
        except WebDriverException as error:
            if not is_detached(error):
                raise
        if attempt == attempts - 1:
            raise AssertionError(f"the page kept changing under the click on {path(driver)}")
        time.sleep(0.2)
    WebDriverWait(driver, 5).until(lambda _: has_left(page))


def is_detached(error):
    """Whether `error` says the element's document is gone. Chrome says so either as a stale
    reference or, when the document goes during the command, as an inspector error."""
    return isinstance(error, StaleElementReferenceException) or "does not belong to the document" in str(error)


def has_left(page):
    """Whether the document `page` (its `html` element) was replaced."""
    try:
        page.is_enabled()
        return False
    except WebDriverException as error:
        if is_detached(error):
            return True
        raise


def dialog(driver):
    """The presentation, if one shows."""
    found = driver.find_elements(By.ID, "presentation")
    return found[0] if found and found[0].is_displayed() else None
