"""Headless Chromium for the browser tests of the JavaScript client: skips the importing test module when selenium,
chromium or chromium-driver is missing; `start` gives a page on a fresh service on loopback."""
import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
    pytest.skip("chromium and chromium-driver are not installed", allow_module_level=True)
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402


def start(request, window_size, path="/healthz"):
    """The service and a headless Chromium window of `window_size` ("w,h") showing `path` of it; both end with
    the requesting fixture's scope."""
    from conftest import Service as LayoutService
    service = LayoutService()
    request.addfinalizer(service.stop)
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=" + window_size]:
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(DRIVER), options=options)
    request.addfinalizer(browser.quit)
    browser.set_script_timeout(60)
    browser.get(service.url + path)
    return browser, service
