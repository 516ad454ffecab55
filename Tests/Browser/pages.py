"""What a person does on a page, and what they see."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
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


def click(driver, text, scope="body"):
    """Clicks the first visible link whose text starts with `text`, and waits for the page it
    leads to, so nothing found next belongs to the page being left."""
    for link in driver.find_elements(By.CSS_SELECTOR, f"{scope} a"):
        if link.is_displayed() and link.text.strip().startswith(text):
            page = driver.find_element(By.TAG_NAME, "html")
            link.click()
            WebDriverWait(driver, 5).until(expected_conditions.staleness_of(page))
            return
    raise AssertionError(f"no visible link {text!r} in {scope} on {path(driver)}")


def submit(driver, selector):
    """Presses a submit button and waits for the page it leads to."""
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, selector).click()
    WebDriverWait(driver, 5).until(expected_conditions.staleness_of(page))


def dialog(driver):
    """The presentation, if one shows."""
    found = driver.find_elements(By.ID, "presentation")
    return found[0] if found and found[0].is_displayed() else None
