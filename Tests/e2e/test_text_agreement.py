"""Text measured by the service against headless Chromium drawing it (docs/text.md).

The page loads the service's own font files through `@font-face` (`GET /v1/fonts/{family}/{weight}`), draws 3,000
random cells at random widths from 120 to 600 px with the CSS the service reproduces (`white-space: pre-wrap;
overflow-wrap: anywhere; word-break: normal; line-height: Npx`, the stack 'Inter', 'Noto Sans', 'Noto Sans CJK SC')
and reads each cell's height. The service measures the same cells in one `POST /v1/measure`. Their text: English
prose with punctuation, numbers, hyphenated words, long URLs and words longer than the line; Greek and Cyrillic;
Chinese and Japanese; mixed scripts; in 3 sizes and 2 weights. At least 99.5% must agree to the pixel; every
mismatch is printed with its text, width and both heights, and the share that agrees."""
import json
import random
import urllib.request

import pytest

import chromium  # noqa: E402 (skips the module without a browser)

CELLS = 3000
FAMILIES = ["Inter", "Noto Sans", "Noto Sans CJK SC"]
STYLES = {"%s%d" % (name, weight): {"family": "Inter", "weight": weight, "size": size, "lineHeight": line}
          for name, size, line in [("small", 13, 18), ("body", 15, 20), ("title", 22, 28)] for weight in (400, 700)}

ENGLISH = ("the of and to in is was for on that with as by at from it an be this which or are have had not but "
           "were all their been has more one two can will would there its when who new also time after first "
           "lighthouse evening harbour wavelength photograph considerable neighbourhood understanding "
           "responsibilities characteristic internationalization").split()
HYPHENATED = ["well-known", "state-of-the-art", "long-term", "twenty-one", "e-mail", "self-sizing", "x-ray"]
PUNCTUATED = ["(see above)", "“quoted”", "it's", "don't", "e.g.", "i.e.,", "etc.", "—", "–", "...", "?!", ";", ":"]
GREEK = "η ομορφιά του φάρου στο σούρουπο είναι αξέχαστη για όλους τους ταξιδιώτες που περνούν από εδώ".split()
CYRILLIC = "маяк на закате прекрасен для всех путешественников которые проходят мимо этого берега".split()
CHINESE = "灯塔在黄昏时分显得格外美丽，每一位经过这里的旅行者都会停下来拍照。我们明天再来看看吧！"
JAPANESE = "夕暮れの灯台はとても美しく、ここを通る旅人はみんな立ち止まって写真を撮ります。また明日来ましょう。"


def english(rng, words):
    out = []
    for _ in range(words):
        r = rng.random()
        if r < 0.06:
            out.append(rng.choice(HYPHENATED))
        elif r < 0.12:
            out.append(rng.choice(PUNCTUATED))
        elif r < 0.18:
            out.append(str(rng.choice([rng.randint(0, 99), rng.randint(100, 99999), round(rng.uniform(0, 1000), 2)])))
        elif r < 0.2:
            out.append("https://example.com/%s/%s?id=%d&ref=%s" % (rng.choice(ENGLISH), rng.choice(ENGLISH),
                                                                  rng.randint(1, 10**6), rng.choice(ENGLISH)))
        elif r < 0.22:
            out.append("".join(rng.choice(ENGLISH) for _ in range(rng.randint(4, 9))))  # longer than the line
        else:
            w = rng.choice(ENGLISH)
            out.append(w.capitalize() if rng.random() < 0.1 else w)
        if rng.random() < 0.08:
            out[-1] += rng.choice([",", ".", ";", ":", "!", "?"])
    return " ".join(out)


def cjk(rng, source, chars):
    start = rng.randrange(len(source))
    return "".join(source[(start + i) % len(source)] for i in range(chars))


def paragraph(rng):
    kind = rng.random()
    if kind < 0.4:
        return english(rng, rng.randint(3, 60))
    if kind < 0.5:
        return " ".join(rng.choice(GREEK) for _ in range(rng.randint(3, 40)))
    if kind < 0.6:
        return " ".join(rng.choice(CYRILLIC) for _ in range(rng.randint(3, 40)))
    if kind < 0.7:
        return cjk(rng, CHINESE, rng.randint(5, 120))
    if kind < 0.8:
        return cjk(rng, JAPANESE, rng.randint(5, 120))
    parts = [english(rng, rng.randint(2, 8)), " ".join(rng.choice(GREEK) for _ in range(rng.randint(1, 4))),
             cjk(rng, rng.choice([CHINESE, JAPANESE]), rng.randint(2, 20)),
             " ".join(rng.choice(CYRILLIC) for _ in range(rng.randint(1, 4)))]
    rng.shuffle(parts)
    return " ".join(parts)


def cells(seed=33):
    rng = random.Random(seed)
    out = []
    for _ in range(CELLS):
        text = "\n".join(paragraph(rng) for _ in range(rng.choice([1, 1, 1, 2, 3])))
        if rng.random() < 0.05:
            text += rng.choice(["\n", "  ", "\n\n"])
        out.append({"style": rng.choice(sorted(STYLES)), "width": rng.randint(120, 600), "text": text})
    return out


DRAW = r"""
const [fonts, styles, cells, done] = arguments;
(async () => {
  try {
    for (const f of fonts) {
      const face = new FontFace(f.family, `url(/v1/fonts/${encodeURIComponent(f.family)}/${f.weight})`,
                                {weight: String(f.weight)});
      await face.load();
      document.fonts.add(face);
    }
    document.body.innerHTML = "";
    document.body.style.margin = "0";
    const stack = "'Inter', 'Noto Sans', 'Noto Sans CJK SC'";
    const divs = cells.map((c) => {
      const s = styles[c.style];
      const div = document.createElement("div");
      Object.assign(div.style, {width: c.width + "px", fontFamily: stack, fontSize: s.size + "px",
        fontWeight: String(s.weight), lineHeight: s.lineHeight + "px", whiteSpace: "pre-wrap",
        overflowWrap: "anywhere", wordBreak: "normal"});
      div.textContent = c.text;
      document.body.appendChild(div);
      return div;
    });
    done({heights: divs.map((d) => d.getBoundingClientRect().height)});
  } catch (e) { done({error: String(e)}); }
})();
"""


@pytest.fixture(scope="module")
def browser(request):
    return chromium.browser(request, extra=["--lang=en-US"], script_timeout=120)


def test_heights_agree_with_chromium(service, browser):
    listed = json.load(urllib.request.urlopen(service.url + "/v1/fonts"))
    assert listed["fallback"] == ["Noto Sans", "Noto Sans CJK SC"]
    weights = {f["family"]: f["weights"] for f in listed["families"]}
    fonts = [{"family": f, "weight": w} for f in FAMILIES for w in (400, 700)]
    assert all(f["weight"] in weights[f["family"]] for f in fonts)
    sample = cells()
    body = {"textStyles": STYLES, "widths": [c["width"] for c in sample],
            "contents": [{"blocks": [{"style": c["style"], "text": c["text"]}]} for c in sample]}
    request = urllib.request.Request(service.url + "/v1/measure", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    served = json.load(urllib.request.urlopen(request, timeout=60))["heights"]
    browser.get(service.url + "/healthz")
    drawn = browser.execute_async_script(DRAW, fonts, STYLES, sample)
    assert "error" not in drawn, drawn.get("error")
    mismatches = [(c, s, d) for c, s, d in zip(sample, served, drawn["heights"]) if abs(s - d) > 0.5]
    for c, s, d in mismatches:
        print("mismatch: width %d, %s, service %g, chromium %g: %r" % (c["width"], c["style"], s, d, c["text"]))
    agreed = 1 - len(mismatches) / len(sample)
    print("%d cells, %.2f%% agree with Chromium to the pixel" % (len(sample), 100 * agreed))
    assert agreed >= 0.995
