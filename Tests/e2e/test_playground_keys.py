"""The playground's API key field, in a real headless Chromium against a service started with a keys file made by
`layout-service keys new`: without a key Prepare shows the 401 problem with a hint; with a read,write key the page
prepares and draws exactly what the API answers (every request carries the key); a reload keeps the key (this tab's
sessionStorage) and never puts it into the URL or the service's log; a read-only key shows the 403."""
import json
import time
import urllib.request

import pytest

import chromium  # noqa: E402 (skips the module without a browser)
from test_access import new_key, write_keys
from test_playground import rendered, screenshot
from selenium.webdriver.common.by import By  # noqa: E402


@pytest.fixture(scope="module")
def browser(request):
    return chromium.browser(request, "1200,900", script_timeout=30)


@pytest.fixture(scope="module")
def keyed(request):
    from conftest import Service as LayoutService
    made = {name: new_key(name, scopes) for name, scopes in (("writer", "read,write"), ("reader", "read"))}
    service = LayoutService("--store", "memory", "--api-keys-file", write_keys([line for _, line in made.values()]))
    request.addfinalizer(service.stop)
    return service, {name: secret for name, (secret, _) in made.items()}


def fresh(browser, service):
    """The page with no key stored in this tab, after its first Prepare (at load) has been answered."""
    browser.get(service.url + "/")
    browser.execute_script("sessionStorage.clear()")
    browser.get(service.url + "/")
    browser.execute_async_script("window.playgroundReady.then(() => arguments[0]())")


def click_prepare(browser):
    """Clicks Prepare, as a user does, and returns the problem box's text once it is shown again."""
    browser.execute_script("document.getElementById('problem').hidden = true")
    browser.find_element(By.ID, "prepare").click()
    deadline = time.time() + 10
    while time.time() < deadline:
        hidden, text = browser.execute_script(
            "const b = document.getElementById('problem'); return [b.hidden, b.textContent]")
        if not hidden:
            return text
        time.sleep(0.02)
    raise AssertionError("no problem shown")


def elements(browser):
    return browser.execute_script("return document.querySelectorAll('#content .element').length")


def api(service, secret, layout_id, rect, offset):
    """The API's elements for the rect the page asked for, read with a key."""
    url = "%s/v1/layouts/%s/attributes?rect=%s&offset=%s" % (service.url, layout_id, rect, offset)
    request = urllib.request.Request(url, headers={"Authorization": "Bearer " + secret})
    with urllib.request.urlopen(request, timeout=10) as r:
        answer = json.load(r)
    return {"cell/%d/%d" % (e["section"], e["item"]) if e["category"] == "cell" else
            "%s/%s/%d/%d" % (e["category"], e["kind"], e["section"], e["item"]):
            (e["frame"]["x"], e["frame"]["y"], e["frame"]["width"], e["frame"]["height"]) for e in answer["elements"]}


def test_without_a_key_prepare_shows_the_401_with_a_hint(browser, keyed):
    service, _ = keyed
    fresh(browser, service)
    assert browser.execute_script("return document.getElementById('api-key').type") == "password"
    text = click_prepare(browser)
    assert text.startswith("401 "), text
    assert "API key field" in text
    assert elements(browser) == 0
    screenshot(browser, "key-401")


def test_a_read_write_key_prepares_and_draws_and_survives_a_reload(browser, keyed):
    service, secrets = keyed
    fresh(browser, service)
    browser.find_element(By.ID, "api-key").send_keys(secrets["writer"])
    assert browser.execute_script("return sessionStorage.getItem('layout-service.apiKey')") == secrets["writer"]
    for attempt in ("typed", "after a reload"):
        summary = browser.execute_async_script(
            "playground.load('Photo grid'); playground.prepare().then((a) => arguments[0](a || null))")
        assert summary and summary["items"] > 0, attempt
        assert browser.execute_script("return document.getElementById('problem').hidden") is True, attempt
        rect, offset = browser.execute_script(
            "const d = document.getElementById('viewport').dataset; return [d.queryRect, d.queryOffset]")
        want = api(service, secrets["reader"], summary["id"], rect, offset)
        got = rendered(browser)
        assert want and set(got) == set(want), attempt
        for key, frame in want.items():
            assert got[key][0] == pytest.approx(frame, rel=1e-5, abs=1e-3), (attempt, key)
        # The key never reaches the URL; a reload keeps it in the field and the client.
        assert secrets["writer"] not in browser.current_url
        browser.refresh()
        browser.execute_async_script("window.playgroundReady.then(() => arguments[0]())")
        assert browser.execute_script("return document.getElementById('api-key').value") == secrets["writer"]
        assert browser.execute_script("return playground.client.apiKey") == secrets["writer"]
    screenshot(browser, "key-read-write")
    assert secrets["writer"] not in service.output() and secrets["writer"][4:] not in service.output()


def test_a_read_only_key_shows_the_403_on_prepare(browser, keyed):
    service, secrets = keyed
    fresh(browser, service)
    browser.find_element(By.ID, "api-key").send_keys(secrets["reader"])
    text = click_prepare(browser)
    assert text.startswith("403 "), text
    assert "reader" in text and "write" in text and "API key field" in text
    # Emptying the field sends no key again (and forgets it): a 401.
    browser.execute_script("playground.setApiKey('')")
    assert browser.execute_script("return sessionStorage.getItem('layout-service.apiKey')") is None
    assert click_prepare(browser).startswith("401 ")
    screenshot(browser, "key-403")
