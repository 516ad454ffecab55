"""axe-core over the main screens and presentations (the HTML checker's list) at both widths:
no violations of any impact."""
import pytest

from conftest import ROOT
from pages import go
from test_html import SCREENS

RUN = """const done = arguments[0];
axe.run(document, {resultTypes: ['violations']}).then(result => done(result.violations.map(
  v => ({id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map(n => n.target.join(' '))}))));"""


def test_no_accessibility_violations(scripted_browser):
    browser = scripted_browser
    script = ROOT / ".build" / "axe" / "axe.min.js"
    if not script.exists():
        pytest.fail("axe-core is missing: scripts/setup --browser fetches it")
    axe = script.read_text()
    found = {}
    for screen in SCREENS:
        go(browser, screen)
        browser.execute_script(axe)
        violations = browser.execute_async_script(RUN)
        if violations:
            found[screen] = violations
    assert not found, found
