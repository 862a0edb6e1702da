"""Text measured by the service against headless Chromium drawing it (docs/text.md).

The page loads the service's own font files through `@font-face` (`GET /v1/fonts/{family}/{weight}`): Inter and
every family of `GET /v1/fonts`' fallback stack, at the weights the styles match. It draws random cells at random
widths from 120 to 600 px with the CSS the service reproduces (`white-space: pre-wrap; overflow-wrap: anywhere;
word-break: normal; line-height: Npx`, the font-family list 'Inter' then the stack), in blocks with no `dir` (the
base direction left to right), and reads each cell's height. The service measures the same cells in one
`POST /v1/measure`. Two seeded corpora, in 3 sizes and 2 weights:
- 3,000 cells of English prose with punctuation, numbers, hyphenated words, long URLs and words longer than the
  line; Greek and Cyrillic; Chinese and Japanese; mixed scripts: at least 99.5% must agree to the pixel;
- 1,300 cells of the world's scripts: Arabic, Hebrew, Hindi, Bengali, Tamil, Thai, Korean, Japanese, Traditional
  Chinese, English with emoji (ZWJ sequences, flags, skin tones), and right-to-left text mixed with English and
  numbers: at least 99% must agree.
Every mismatch is printed with its text, width and both heights, and the share that agrees, script by script."""
import json
import random
import urllib.error
import urllib.request

import pytest

import chromium  # noqa: E402 (skips the module without a browser)

CELLS = 3000
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


ARABIC = ("كانت المنارة جميلة جدا في المساء وكل المسافرين الذين يمرون من هنا يتوقفون لالتقاط الصور سنعود غدا "
          "لنراها مرة أخرى، أليس كذلك؟ الطقس رائع اليوم والبحر هادئ").split()
HEBREW = ("המגדלור יפה מאוד בשעת השקיעה וכל המטיילים שעוברים כאן עוצרים כדי לצלם נחזור מחר לראות אותו שוב, "
          "נכון? מזג האוויר נהדר היום והים שקט").split()
HINDI = ("शाम के समय प्रकाशस्तंभ बहुत सुंदर दिखता है और यहाँ से गुज़रने वाले सभी यात्री तस्वीरें लेने के लिए रुकते हैं। "
         "हम कल फिर आएंगे क्षत्रिय विद्यार्थी राष्ट्रीय").split()
BENGALI = ("সন্ধ্যায় বাতিঘরটি খুব সুন্দর দেখায় এবং এখান দিয়ে যাওয়া সব ভ্রমণকারী ছবি তোলার জন্য থামে। "
           "আমরা আগামীকাল আবার আসব বিশ্ববিদ্যালয়").split()
TAMIL = ("மாலை நேரத்தில் கலங்கரை விளக்கம் மிகவும் அழகாக இருக்கிறது இங்கு கடந்து செல்லும் அனைத்து பயணிகளும் "
         "புகைப்படம் எடுக்க நிற்கிறார்கள். நாளை மீண்டும் வருவோம்").split()
THAI = ("ประภาคารดูสวยงามมากในยามเย็น นักท่องเที่ยวทุกคนที่ผ่านมาที่นี่จะหยุดถ่ายรูป "
        "พรุ่งนี้เราจะกลับมาดูอีกครั้ง อากาศวันนี้ดีมากและทะเลก็สงบ")
KOREAN = ("해질녘의 등대는 정말 아름답습니다. 이곳을 지나가는 모든 여행자들은 사진을 찍기 위해 멈춥니다. "
          "내일 다시 보러 옵시다! 오늘은 날씨가 좋고 바다도 잔잔합니다").split()
TRADITIONAL = "燈塔在黃昏時分顯得格外美麗，每一位經過這裡的旅行者都會停下來拍照。我們明天再來看看吧！今天天氣很好，海面也很平靜。"
EMOJI = ["😀", "🎉", "👍🏽", "👋🏿", "🙏🏻", "👨‍👩‍👧", "👩‍💻", "🏳️‍🌈", "🇯🇵", "🇫🇷", "🇧🇷", "❤️", "🔥", "✨", "🌊", "📸"]
SCRIPTS = {"arabic": ARABIC, "hebrew": HEBREW, "hindi": HINDI, "bengali": BENGALI, "tamil": TAMIL, "korean": KOREAN}


def world_paragraph(rng, kind):
    if kind in SCRIPTS:
        return " ".join(rng.choice(SCRIPTS[kind]) for _ in range(rng.randint(2, 40)))
    if kind == "thai":
        return cjk(rng, THAI, rng.randint(5, 150))
    if kind == "japanese":
        return cjk(rng, JAPANESE, rng.randint(5, 120))
    if kind == "traditional":
        return cjk(rng, TRADITIONAL, rng.randint(5, 120))
    if kind == "emoji":
        words = english(rng, rng.randint(2, 30)).split(" ")
        for _ in range(rng.randint(1, 6)):
            at = rng.randrange(len(words) + 1)
            emoji = "".join(rng.choice(EMOJI) for _ in range(rng.choice([1, 1, 1, 2, 3, 12])))
            words.insert(at, emoji if rng.random() < 0.7 else words[at - 1] + emoji if at else emoji)
        return " ".join(words)
    # right to left mixed with English and numbers
    rtl = rng.choice([ARABIC, HEBREW])
    parts = []
    for _ in range(rng.randint(2, 12)):
        r = rng.random()
        parts.append(" ".join(rng.choice(rtl) for _ in range(rng.randint(1, 5))) if r < 0.5
                     else english(rng, rng.randint(1, 5)) if r < 0.85 else str(rng.randint(1, 99999)))
    return " ".join(parts)


WORLD = ["arabic", "hebrew", "hindi", "bengali", "tamil", "thai", "korean", "japanese", "traditional", "emoji",
         "mixed"]


def world_cells(seed=40, count=1300):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        kind = WORLD[i % len(WORLD)]
        text = "\n".join(world_paragraph(rng, kind) for _ in range(rng.choice([1, 1, 1, 2])))
        out.append({"style": rng.choice(sorted(STYLES)), "width": rng.randint(120, 600), "text": text, "kind": kind})
    return out


LOAD = r"""
const [fonts, done] = arguments;
(async () => {
  try {
    await Promise.all(fonts.map(async (f) => {
      const face = new FontFace(f.family, `url(/v1/fonts/${encodeURIComponent(f.family)}/${f.weight})`,
                                {weight: String(f.weight)});
      await face.load();
      document.fonts.add(face);
    }));
    done({loaded: fonts.length});
  } catch (e) { done({error: String(e)}); }
})();
"""

DRAW = r"""
const [stack, styles, cells, done] = arguments;
(async () => {
  try {
    document.body.innerHTML = "";
    document.body.style.margin = "0";
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
    await document.fonts.ready;
    done({heights: divs.map((d) => d.getBoundingClientRect().height)});
  } catch (e) { done({error: String(e)}); }
})();
"""


def weight_match(desired, weights):
    """The weight CSS font matching picks (FontCatalog.matchingWeight)."""
    if desired in weights:
        return desired
    below = sorted((w for w in weights if w < desired), reverse=True)
    above = sorted(w for w in weights if w > desired)
    if 400 <= desired <= 500:
        return next((w for w in above if w <= 500), None) or (below[0] if below else None) or above[0]
    if desired < 400:
        return (below or above)[0]
    return (above or below)[0]


@pytest.fixture(scope="module")
def service():
    """One service for the module: the page's fonts are loaded from it once."""
    from conftest import Service
    s = Service()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def page(request, service):
    """The browser with Inter and every face of the fallback stack the styles match loaded; the stack as CSS."""
    browser = chromium.browser(request, extra=["--lang=en-US"], script_timeout=300)
    listed = json.load(urllib.request.urlopen(service.url + "/v1/fonts"))
    weights = {f["family"]: f["weights"] for f in listed["families"]}
    families = ["Inter"] + listed["fallback"]
    fonts = sorted({(f, weight_match(w, weights[f])) for f in families for w in (400, 700)})
    browser.get(service.url + "/healthz")
    loaded = browser.execute_async_script(LOAD, [{"family": f, "weight": w} for f, w in fonts])
    assert "error" not in loaded, loaded.get("error")
    stack = ", ".join("'%s'" % f for f in families)
    return browser, stack, listed["fallback"]


def agreement(service, page, sample):
    """The cells of `sample` that agree with Chromium, as (cell, served, drawn, agrees) each; mismatches printed."""
    browser, stack, _ = page
    body = {"textStyles": STYLES, "widths": [c["width"] for c in sample],
            "contents": [{"blocks": [{"style": c["style"], "text": c["text"]}]} for c in sample]}
    request = urllib.request.Request(service.url + "/v1/measure", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    served = json.load(urllib.request.urlopen(request, timeout=120))["heights"]
    drawn = browser.execute_async_script(DRAW, stack, STYLES, sample)
    assert "error" not in drawn, drawn.get("error")
    out = [(c, s, d, abs(s - d) <= 0.5) for c, s, d in zip(sample, served, drawn["heights"])]
    for c, s, d, agrees in out:
        if not agrees:
            print("mismatch: %s, width %d, %s, service %g, chromium %g: %r" % (c.get("kind", "-"), c["width"],
                                                                              c["style"], s, d, c["text"]))
    return out


def test_the_stack_covers_the_scripts_and_ends_with_unifont(page):
    _, _, fallback = page
    for family in ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Bengali",
                   "Noto Sans Tamil", "Noto Sans Thai", "Noto Sans CJK SC", "Noto Color Emoji"]:
        assert family in fallback
    assert fallback[0] == "Noto Sans" and fallback[-1] == "Unifont"


def test_heights_agree_with_chromium(service, page):
    sample = cells()
    out = agreement(service, page, sample)
    agreed = sum(a for *_, a in out) / len(out)
    print("%d cells, %.2f%% agree with Chromium to the pixel" % (len(out), 100 * agreed))
    assert agreed >= 0.995


def test_the_worlds_scripts_agree_with_chromium(service, page):
    out = agreement(service, page, world_cells())
    for kind in WORLD:
        mine = [a for c, *_, a in out if c["kind"] == kind]
        print("%-12s %4d cells, %6.2f%% agree" % (kind, len(mine), 100 * sum(mine) / len(mine)))
    agreed = sum(a for *_, a in out) / len(out)
    print("%d cells of the world's scripts, %.2f%% agree with Chromium to the pixel" % (len(out), 100 * agreed))
    assert agreed >= 0.99


def test_a_character_no_font_has_is_refused(service):
    body = {"textStyles": STYLES, "width": 200, "contents": [{"blocks": [{"style": "body400", "text": "ok"}]},
                                                              {"blocks": [{"style": "body400", "text": "a \ue001"}]}]}
    request = urllib.request.Request(service.url + "/v1/measure", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 422
    problem = json.load(refused.value)
    assert problem["pointer"] == "/contents/1/blocks/0/text"
    assert "U+E001" in problem["detail"] and "(Private Use Area)" in problem["detail"]
