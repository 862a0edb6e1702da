"""The playground's viewport in a real headless Chromium against a live service: editing its size fields
re-lays the layout at the new size (POST .../bounds) without losing the user's place, and the chat example
prepends older messages and appends new ones while what is on screen stays (offset and anchor on updates)."""
import time

import pytest

from test_playground import page, prepare, rendered  # noqa: F401 (fixtures)


def renders(browser):
    return browser.execute_script("return Number(document.getElementById('viewport').dataset.renders || 0)")


def wait_for_render(browser, before):
    deadline = time.time() + 10
    while time.time() < deadline:
        if renders(browser) > before:
            return
        time.sleep(0.02)
    raise AssertionError("the page did not render")


def run(browser, script, *args):
    """Runs a playground operation (a promise) and waits for the render that follows it."""
    before = renders(browser)
    answer = browser.execute_async_script(
        "const done = arguments[arguments.length - 1]; (%s).then((a) => done(a || null))" % script, *args)
    wait_for_render(browser, before)
    return answer


def scroll(browser):
    return browser.execute_script(
        "const v = document.getElementById('viewport');"
        "return [v.scrollTop, v.scrollHeight - v.clientHeight, v.clientWidth, v.clientHeight]")


def first_visible(browser):
    """The first cell in index order whose top is at or below the viewport's top: its key and distance."""
    top = scroll(browser)[0]
    cells = sorted(((tuple(int(p) for p in key.split("/")[1:]), key, frame[1] - top)
                    for key, (frame, _) in rendered(browser).items() if key.startswith("cell/") and frame[1] >= top))
    return cells[0][1], cells[0][2]


def test_editing_the_size_fields_keeps_the_users_place(page):
    browser, _ = page
    prepare(browser, "Photo grid")
    run(browser, "Promise.resolve(playground.scrollTo(0, 3003))")
    key, distance = first_visible(browser)
    before = renders(browser)
    resizes = browser.execute_script("return Number(document.getElementById('viewport').dataset.resizes || 0)")
    # Edit the fields as a user does: the height, then the width (each change re-lays the layout).
    browser.execute_script("""
        const w = document.getElementById('view-width'), h = document.getElementById('view-height');
        h.value = 520; h.dispatchEvent(new Event('change'));
        setTimeout(() => { w.value = 260; w.dispatchEvent(new Event('change')); }, 200);""")
    deadline = time.time() + 10
    while browser.execute_script("return Number(document.getElementById('viewport').dataset.resizes || 0)") < resizes + 2:
        assert time.time() < deadline, "the viewport was not resized"
        time.sleep(0.05)
    wait_for_render(browser, before)
    time.sleep(0.3)  # the last render (after the second resize's scroll)
    top, _, width, height = scroll(browser)
    assert (width, height) == (260, 520)
    frame, _ = rendered(browser)[key]
    # The same cell, at a new place in the content, at the same distance below the viewport's top.
    assert frame[1] - top == pytest.approx(distance, abs=1.0)
    assert '"width": 260' in browser.execute_script("return document.getElementById('spec').value")


def test_the_chat_keeps_its_place_when_older_and_newer_messages_arrive(page):
    browser, _ = page
    summary = prepare(browser, "Chat")
    assert summary["items"] == 12
    run(browser, "Promise.resolve(playground.viewport.toEnd())")
    top, end, _, _ = scroll(browser)
    assert top == pytest.approx(end, abs=1.0)  # the newest message at the bottom
    key, distance = first_visible(browser)
    answer = run(browser, "playground.viewport.older(10)")
    assert answer["items"] == 22
    section, item = (int(p) for p in key.split("/")[1:])
    moved = "cell/%d/%d" % (section, item + 10)
    top, end, _, _ = scroll(browser)
    frame, _ = rendered(browser)[moved]
    assert frame[1] - top == pytest.approx(distance, abs=1.0)  # the same message, where it was on screen
    answer = run(browser, "playground.viewport.newer(2)")
    assert answer["items"] == 24
    top, end, _, height = scroll(browser)
    assert top == pytest.approx(end, abs=1.0)  # still at the end
    last, _ = rendered(browser)["cell/0/23"]
    assert last[1] + last[3] <= top + height + 1
