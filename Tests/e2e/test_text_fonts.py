"""The font files through a real socket: the family in the path is percent-decoded once (by libmicrohttpd, as it
decodes every path), so `%2520` names a family with `%20` in its name, not one with a space."""
import json
import urllib.error
import urllib.request

import pytest


def status(url):
    try:
        with urllib.request.urlopen(url) as answer:
            return answer.status, answer.headers.get("Content-Type")
    except urllib.error.HTTPError as error:
        return error.code, None


def test_a_family_is_decoded_once(service):
    listed = json.load(urllib.request.urlopen(service.url + "/v1/fonts"))
    if not any(f["family"] == "Noto Sans" and 400 in f["weights"] for f in listed["families"]):
        pytest.skip("Noto Sans is not installed (fonts-noto-core)")
    assert status(service.url + "/v1/fonts/Noto%20Sans/400") == (200, "font/ttf")
    assert status(service.url + "/v1/fonts/Noto%2520Sans/400") == (404, None)


def test_a_weight_is_its_canonical_decimal(service):
    # libmicrohttpd percent-decodes the path before the route sees it: %34%30%30 is "400", the canonical form.
    assert status(service.url + "/v1/fonts/Inter/400") == (200, "font/otf")
    assert status(service.url + "/v1/fonts/Inter/%34%30%30") == (200, "font/otf")
    for weight in ["0400", "+400", "%2B400", "400.0", "4e2", "%20400"]:
        assert status(service.url + "/v1/fonts/Inter/" + weight) == (404, None), weight
