"""docs/clients.md's million-item feed, as a newcomer would run it: the page in the document, saved to a file and
opened in headless Chromium (another origin than the service's), reaches both ends of the feed."""
import os
import re
import tempfile
import time

import chromium  # noqa: E402 (skips the module without a browser)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def shown(browser):
    """The scroll offset and the texts of the views on screen in #feed."""
    return browser.execute_script("""
        const feed = document.getElementById('feed'), box = feed.getBoundingClientRect();
        return [feed.scrollTop, [...feed.querySelectorAll('article')].filter((a) => {
          const r = a.getBoundingClientRect();
          return a.style.display !== 'none' && r.bottom > box.top && r.top < box.bottom;
        }).map((a) => a.textContent)]""")


def wait_for(browser, predicate):
    deadline = time.time() + 15
    while time.time() < deadline:
        offset, texts = shown(browser)
        if predicate(texts):
            return offset, texts
        time.sleep(0.05)
    raise AssertionError(shown(browser))


def test_the_million_item_feed_of_the_docs_scrolls_end_to_end(request):
    from conftest import Service as LayoutService
    service = LayoutService()
    request.addfinalizer(service.stop)
    with open(os.path.join(ROOT, "docs", "clients.md")) as f:
        page = re.search(r"```html\n(.*?)```", f.read(), re.S).group(1)
    assert len(page.strip().splitlines()) <= 20
    folder = tempfile.mkdtemp(prefix="layout-client-docs-")
    path = os.path.join(folder, "feed.html")
    with open(path, "w") as f:
        f.write(page.replace("http://127.0.0.1:8080", service.url))
    browser = chromium.browser(request)
    browser.get("file://" + path)
    _, texts = wait_for(browser, lambda texts: "Post 1" in texts)
    assert len(texts) == 9  # 600 points of 73-point rows from the top: posts 1 to 9 (the 9th in part)
    browser.execute_script("const f = document.getElementById('feed'); f.scrollTop = f.scrollHeight")
    offset, texts = wait_for(browser, lambda texts: "Post 1000000" in texts)
    assert 0 < offset < 33554428  # the page's scroll range is capped; the feed's end is reached all the same
    nodes = browser.execute_script("return document.querySelectorAll('#feed article').length")
    assert nodes <= 64, nodes
