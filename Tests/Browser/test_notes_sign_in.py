"""The example app's accounts in a real browser, at a phone's 390 px and a window's 1280 px, with
JavaScript on and off: a signed-out deep link asks to sign in, the sign-in opens exactly that
screen, the Account tab appears, and signing out clears it all."""
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, SIZES, built, screenshot, start_chromium
from pages import dialog, go, path, shown, title

PASSWORD = "a long enough secret"


def notes_executable():
    if os.environ.get("NOTES_EXECUTABLE"):   # built elsewhere (scripts/test builds it in .build)
        return pathlib.Path(os.environ["NOTES_EXECUTABLE"])
    return built(ROOT / "Examples" / "Notes", "notes", "swift build --package-path Examples/Notes")


@pytest.fixture(scope="module")
def notes_url():
    """The example on a free port, with its own data folder holding the account alice."""
    data = tempfile.mkdtemp(prefix="browser-notes-")
    try:
        added = subprocess.run([str(notes_executable()), "add-user", "alice", "--data-dir", data],
                               input=PASSWORD + "\n", capture_output=True, text=True, timeout=120)
        assert added.returncode == 0, added.stderr
        process = subprocess.Popen([str(notes_executable()), "--port", "0", "--data-dir", data],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        line = ""
        while "Serving on " not in line:
            line = process.stderr.readline()
            if not line:
                pytest.fail("the example did not start")
        yield line.split("Serving on ")[1].strip().rstrip("/")
        process.terminate()
        assert process.wait(timeout=15) == 0
    finally:
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(params=[(size, js) for size in SIZES for js in (True, False)],
                ids=lambda p: f"{p[0]}-{'js' if p[1] else 'nojs'}")
def notes_browser(request, notes_url):
    size, javascript = request.param
    driver = start_chromium(*SIZES[size], javascript)
    driver.size_name = f"notes-{size}-{'js' if javascript else 'nojs'}"
    driver.base_url = notes_url
    yield driver
    driver.quit()


def tab_titles(driver):
    return [element.text.strip() for element in shown(driver, "nav[aria-label] a") if element.text.strip()]


def wait_for_path(driver, expected, seconds=60):
    """A sign-in hashes its password: in a debug build that takes seconds."""
    WebDriverWait(driver, seconds).until(lambda _: path(driver) == expected)


def test_signing_in_opens_the_screen_asked_for_and_signing_out_clears_it(notes_browser):
    driver = notes_browser
    go(driver, "/notes/folder/Work")
    expected = SIZES["narrow" if "-narrow-" in driver.size_name else "wide"][0]
    assert driver.execute_script("return window.innerWidth") == expected
    assert path(driver) == "/notes?present=signIn&return=%2Fnotes%2Ffolder%2FWork"
    sheet = dialog(driver)
    assert sheet is not None and "Sign In" in sheet.text
    assert "Account" not in tab_titles(driver)
    name = driver.find_element(By.ID, "field-name")
    password = driver.find_element(By.ID, "field-password")
    assert (name.get_attribute("autocomplete"), password.get_attribute("autocomplete")) == ("username", "current-password")
    assert password.get_attribute("type") == "password"
    screenshot(driver, "sign-in")

    name.send_keys("alice")
    password.send_keys("not the password")
    shown(driver, 'button[form="form-signIn"]')[0].click()
    WebDriverWait(driver, 60).until(lambda _: shown(driver, "#form-error, [role=alert]"))
    assert "The name or password is not right." in driver.find_element(By.TAG_NAME, "body").text
    assert driver.find_element(By.ID, "field-password").get_attribute("value") == ""

    driver.find_element(By.ID, "field-password").send_keys(PASSWORD)
    shown(driver, 'button[form="form-signIn"]')[0].click()
    wait_for_path(driver, "/notes/folder/Work")
    assert dialog(driver) is None
    assert "Welcome to Work" in driver.find_element(By.TAG_NAME, "body").text
    assert "Account" in tab_titles(driver)
    screenshot(driver, "signed-in")

    go(driver, "/account")
    assert title(driver) == "Account" and "alice" in driver.find_element(By.TAG_NAME, "main").text
    shown(driver, 'button[value="signOut"]')[0].click()
    wait_for_path(driver, "/notes")
    assert "Sign in to see your notes" in driver.find_element(By.TAG_NAME, "body").text
    assert "Account" not in tab_titles(driver)
    go(driver, "/notes/folder/Work")
    assert path(driver).startswith("/notes?present=signIn")
