"""Plan a Dinner: a field of every kind, drawn as the browser knows it (so a phone shows the right
keyboard and the browser checks what it can), and checked by the server always, every refusal
named at once beside its field, with JavaScript and without."""
import datetime

from selenium.webdriver.common.by import By

from conftest import screenshot
from pages import go, path, submit

FORM = "/recipes?present=plan-dinner"
PLAN = 'button[type="submit"][form="form-planDinner"]'


def field(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'#presentation [name="{name}"]')


def fill(driver, values):
    """Types into text fields as a person does; a date, a choice and a switch are set as their
    controls set them."""
    for name, value in values.items():
        element = field(driver, name)
        kind = element.tag_name if element.tag_name != "input" else element.get_attribute("type") or "text"
        if kind in ("date", "select"):
            driver.execute_script("arguments[0].value = arguments[1]", element, value)
        elif kind == "checkbox":
            if element.is_selected() != value:
                driver.execute_script("arguments[0].click()", element)
        else:
            element.clear()
            element.send_keys(value)


def test_each_kind_is_the_control_a_browser_knows(browser):
    go(browser, FORM)
    controls = {name: (field(browser, name).tag_name, field(browser, name).get_attribute("type"))
                for name in ["name", "email", "phone", "link", "guests", "day", "course", "notes", "remind"]}
    assert controls == {
        "name": ("input", "text"), "email": ("input", "email"), "phone": ("input", "tel"), "link": ("input", "url"),
        "guests": ("input", "number"), "day": ("input", "date"), "course": ("select", "select-one"),
        "notes": ("textarea", "textarea"), "remind": ("input", "checkbox")}
    assert field(browser, "email").get_attribute("inputmode") == "email"
    assert (field(browser, "guests").get_attribute("min"), field(browser, "guests").get_attribute("max")) == ("1", "12")
    assert field(browser, "remind").get_attribute("role") == "switch" and field(browser, "remind").is_selected()
    options = [option.text for option in field(browser, "course").find_elements(By.TAG_NAME, "option")]
    assert options[0] == "Choose…" and "Desserts" in options
    assert field(browser, "day").get_attribute("value") == field(browser, "day").get_attribute("min"), "today"
    screenshot(browser, "plan-dinner")


def test_good_values_plan_the_dinner(browser):
    go(browser, FORM)
    day = (datetime.date.fromisoformat(field(browser, "day").get_attribute("min")) + datetime.timedelta(days=3)).isoformat()
    fill(browser, {"name": "Ana Lima", "email": "ana@example.com", "phone": "+44 20 7946 0958",
                   "link": "https://example.com/lemon-tart", "guests": "4", "day": day, "course": "desserts",
                   "notes": "Window seat,\nplease.", "remind": False})
    submit(browser, PLAN)
    assert path(browser) == "/recipes"
    assert f"Dinner for 4 planned on {day}." in browser.find_element(By.CSS_SELECTOR, "[role=alert]").text


def test_every_bad_value_is_named_at_once_and_kept(browser):
    """The browser's own checks stop a bad email or number before it is posted; turned off (as a
    client without them posts), the server names every bad field at once, keeps what was typed,
    and focuses the first. (The required fields are filled: with the script, Plan waits until they
    are; the server's word on an empty one is in the Swift tests.)"""
    go(browser, FORM)
    fill(browser, {"name": "Ana", "email": "ana@", "phone": "call me", "link": "javascript:alert(1)", "guests": "13",
                   "course": "desserts", "notes": "kept", "remind": False})
    browser.execute_script("document.getElementById('form-planDinner').noValidate = true")
    submit(browser, PLAN)
    errors = {element.get_attribute("id"): element.text
              for element in browser.find_elements(By.CSS_SELECTOR, "#presentation .field-error")}
    assert errors == {
        "field-email-error": "Enter an email address such as name@example.com.",
        "field-phone-error": "Enter a telephone number: digits, and + ( ) - . or spaces.",
        "field-link-error": "Enter a web address such as https://example.com.",
        "field-guests-error": "Enter a whole number from 1 to 12.",
    }
    assert field(browser, "email").get_attribute("value") == "ana@" and field(browser, "notes").get_attribute("value") == "kept"
    assert field(browser, "email").get_attribute("aria-invalid") == "true"
    assert not field(browser, "remind").is_selected(), "a switch turned off stays off"
    assert field(browser, "course").get_attribute("value") == "desserts", "the choice stays chosen"
    if browser.javascript:
        assert browser.switch_to.active_element.get_attribute("name") == "email", "the first in error has the focus"
    screenshot(browser, "plan-dinner-refused")
