"""A presentation over a presentation in a real browser, at a phone's 390 px and a window's
1280 px, with JavaScript on and off: Edit Order over the order sheet, "Discard changes?" over the
edit sheet, only the top one usable, Escape and Cancel acting on the top only."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot
from pages import click, dialog, go, has_left, path, submit

ORDER_SHEET = "/orders?present=order/ORD-003"
EDIT_SHEET = ORDER_SHEET + "&present-2=edit-order/ORD-003"
CANCEL = "#presentation button[name=_submitter]"
SAVE = "#presentation .presentation-bar button.toolbar-item[type=submit]:not([name])"


def heading(driver):
    return dialog(driver).find_element(By.TAG_NAME, "h2").text


def edit_title(browser, prefix):
    """Opens the edit sheet over the order sheet and types a title naming this browser; returns
    the title and the field."""
    typed = f"{prefix} {browser.size_name} {'js' if browser.javascript else 'nojs'}"
    go(browser, EDIT_SHEET)
    field = browser.find_element(By.NAME, "title")
    field.clear()
    field.send_keys(typed)
    return typed, field


def test_edit_order_opens_over_the_order_sheet_which_stays_inert_beneath(browser):
    go(browser, ORDER_SHEET)
    click(browser, "Edit Order", "#presentation")
    assert path(browser) == EDIT_SHEET
    assert heading(browser) == "Edit Order"
    beneath = browser.find_element(By.ID, "presentation-1")
    assert beneath.is_displayed(), "the order sheet is still drawn beneath"
    assert beneath.get_attribute("inert") is not None
    # Nothing of the sheet beneath can be reached: it is inert, and the top one stands over it.
    link = beneath.find_element(By.CSS_SELECTOR, "a[href]")
    assert browser.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === arguments[0]", link) is False
    if browser.javascript:
        assert browser.execute_script("return document.getElementById('presentation').contains(document.activeElement)")
        for _ in range(8):
            browser.switch_to.active_element.send_keys(Keys.TAB)
            assert browser.execute_script(
                "return !document.getElementById('presentation-1').contains(document.activeElement)"), \
                "focus never enters the sheet beneath"
        browser.switch_to.active_element.send_keys(Keys.ESCAPE)
        WebDriverWait(browser, 5).until(lambda _: path(browser) == ORDER_SHEET)
        assert heading(browser) == "Order Details", "Escape closed the top one only"
    screenshot(browser, "nested-edit-sheet")


def test_cancel_with_edits_asks_and_keep_editing_keeps_them(browser):
    draft, _ = edit_title(browser, "Draft")
    submit(browser, CANCEL)
    assert "&present-3=discard-changes/ORD-003" in path(browser)
    assert heading(browser) == "Discard changes?"
    assert browser.find_element(By.ID, "presentation-2").get_attribute("inert") is not None
    screenshot(browser, "nested-discard-dialog")
    click(browser, "Keep Editing", "#presentation")
    assert heading(browser) == "Edit Order"
    assert browser.find_element(By.NAME, "title").get_attribute("value") == draft
    if browser.javascript:
        # With edits in the form, Escape asks too, instead of dropping them.
        page = browser.find_element(By.TAG_NAME, "html")
        browser.find_element(By.NAME, "title").send_keys(Keys.ESCAPE)
        WebDriverWait(browser, 5).until(lambda _: has_left(page))
        assert heading(browser) == "Discard changes?"
    else:
        submit(browser, CANCEL)
    click(browser, "Discard Changes", "#presentation")
    assert path(browser) == ORDER_SHEET
    assert heading(browser) == "Order Details"
    assert draft not in browser.page_source, "nothing was saved"


def test_cancel_without_edits_and_save_return_to_the_order_sheet(browser):
    go(browser, EDIT_SHEET)
    submit(browser, CANCEL)
    assert path(browser) == ORDER_SHEET
    saved, _ = edit_title(browser, "Saved")
    submit(browser, SAVE)
    assert path(browser) == ORDER_SHEET
    assert heading(browser) == "Order Details"
    assert saved in dialog(browser).text


def test_return_in_a_field_saves_rather_than_cancels(browser):
    entered, field = edit_title(browser, "Entered")
    page = browser.find_element(By.TAG_NAME, "html")
    field.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda _: has_left(page))
    assert path(browser) == ORDER_SHEET
    assert entered in dialog(browser).text
