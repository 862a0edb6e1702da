"""`GET /v1/fonts.css` in headless Chromium: a page that links the one stylesheet downloads only the slices its
text uses (the bytes of the font responses it fetched, from Performance Resource Timing), and its cells are as tall
as `POST /v1/measure` says. Prints the bytes a page of 100 Chinese posts and one of 100 English posts download, and
the agreement of the agreement test's corpus drawn with the stylesheet's slices."""
import json
import random
import urllib.request

import pytest

import chromium  # noqa: E402 (skips the module without a browser)
import test_text_agreement as agreement

MAX_FONT_BYTES = 2 << 20

# Sentences of a feed (everyday Chinese): posts are drawn from them by a seeded generator.
SENTENCES = """今天早上的地铁特别挤，我差点没赶上九点的会议。
周末和朋友去了郊外爬山，山顶的风景真的太美了。
这家新开的面馆味道不错，牛肉面只要二十八块钱。
孩子第一次自己骑自行车上学，我在后面偷偷跟了一路。
下班路上突然下起大雨，没带伞只好在便利店门口等了半个小时。
最近在读一本关于历史的书，才发现很多事情和课本上写的不一样。
公司楼下的咖啡店换了老板，拿铁的价格涨了五块。
妈妈发来消息说家里的橘子树结果了，让我国庆节回去摘。
晚上在公园跑了五公里，感觉身体比上个月轻松多了。
这个城市的秋天很短，树叶还没变黄就开始下雪了。
我们小区门口修路已经三个月了，每天开车都要绕很远。
刚学会做红烧肉，第一次就成功了，家人都说好吃。
图书馆周末人太多，找个座位比找停车位还难。
今年的春节打算带父母去南方旅游，暖和一点对身体好。
新买的手机拍照效果很好，晚上的夜景也很清楚。
朋友推荐了一部电影，看完以后好几天都忘不了里面的音乐。
公司年会抽奖我又什么都没中，只能祝贺同事们了。
早上六点起来看日出，海边的天空从蓝色慢慢变成了金色。
第一次参加马拉松比赛，虽然很累但是坚持跑到了终点。
学校附近的书店要关门了，老板说现在大家都在网上买书。
昨天晚上停电了两个小时，全家人点着蜡烛聊了很久。
这次考试准备得很充分，希望能有一个好的结果。
外卖送到的时候已经凉了，下次还是自己做饭吧。
老家的房子重新装修了，院子里种满了花和蔬菜。
天气预报说明天有台风，学校已经通知停课一天。
在火车上认识了一位老人，他给我讲了很多年轻时候的故事。
买了一盆绿植放在办公桌上，工作的时候心情好了不少。
这个问题我想了一个星期，终于找到了解决的办法。
小猫今天把花瓶打碎了，还装作什么都没发生的样子。
""".split()


def chinese_posts(seed=40, count=100):
    rng = random.Random(seed)
    return ["".join(rng.choice(SENTENCES) for _ in range(rng.randint(1, 4))) for _ in range(count)]


def english_posts(seed=40, count=100):
    rng = random.Random(seed)
    return [agreement.english(rng, rng.randint(5, 60)) for _ in range(count)]


# Links the stylesheet (or, given `whole` fonts, loads those files whole instead), draws the cells in the documented
# CSS, waits until every font the text asked for is loaded, and answers the heights and the font responses fetched
# (Performance Resource Timing).
DRAW = r"""
const [stack, styles, cells, whole, done] = arguments;
(async () => {
  try {
    if (whole) {
      for (const f of whole) {
        const face = new FontFace(f.family, `url(/v1/fonts/${encodeURIComponent(f.family)}/${f.weight})`,
                                  {weight: String(f.weight)});
        await face.load();
        document.fonts.add(face);
      }
    } else {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = "/v1/fonts.css";
      await new Promise((resolve, reject) => { link.onload = resolve; link.onerror = reject;
                                                document.head.appendChild(link); });
    }
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
    do {
      document.body.getBoundingClientRect();
      await document.fonts.ready;
      await new Promise((r) => setTimeout(r, 200));
    } while (document.fonts.status !== "loaded");
    const fonts = performance.getEntriesByType("resource").filter((e) => e.name.includes("/v1/fonts/"))
      .map((e) => ({url: e.name, transfer: e.transferSize, body: e.encodedBodySize}));
    done({heights: divs.map((d) => d.getBoundingClientRect().height), fonts});
  } catch (e) { done({error: String(e)}); }
})();
"""


@pytest.fixture(scope="module")
def browser(request):
    return chromium.browser(request, extra=["--lang=en-US"], script_timeout=300)


def stack(service):
    listed = json.load(urllib.request.urlopen(service.url + "/v1/fonts"))
    return ", ".join("'%s'" % name for name in ["Inter"] + listed["fallback"])


def measured(service, cells):
    body = {"textStyles": agreement.STYLES, "widths": [c["width"] for c in cells],
            "contents": [{"blocks": [{"style": c["style"], "text": c["text"]}]} for c in cells]}
    request = urllib.request.Request(service.url + "/v1/measure", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request, timeout=120))["heights"]


def draw(service, browser, cells, served=None, whole=None):
    """The agreement of the page's heights with the service's, the font responses it fetched, and the heights."""
    browser.get(service.url + "/healthz")  # a fresh page: nothing of an earlier one in its memory cache
    drawn = browser.execute_async_script(DRAW, stack(service), agreement.STYLES, cells, whole)
    assert "error" not in drawn, drawn.get("error")
    served = served or measured(service, cells)
    mismatches = [(c, s, d) for c, s, d in zip(cells, served, drawn["heights"]) if abs(s - d) > 0.5]
    for c, s, d in mismatches[:20]:
        print("mismatch: width %d, %s, service %g, chromium %g: %r" % (c["width"], c["style"], s, d, c["text"]))
    return 1 - len(mismatches) / len(cells), drawn["fonts"], drawn["heights"]


def posts(texts, seed=41):
    """A feed's cells: every post in the body style (Inter 15/20 at 400), of widths from 200 to 600."""
    rng = random.Random(seed)
    return [{"style": "body400", "width": rng.randint(200, 600), "text": t} for t in texts]


def report(name, fonts):
    transferred = sum(f["transfer"] for f in fonts)
    print("%s: %d font responses, %d bytes of font data (%d transferred)"
          % (name, len(fonts), sum(f["body"] for f in fonts), transferred))
    for f in fonts:
        print("  %8d %s" % (f["body"], f["url"]))
    return transferred


def test_a_page_of_chinese_posts_downloads_only_the_slices_it_uses(service, browser):
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    agreed, fonts, _ = draw(service, browser, posts(chinese_posts()))
    transferred = report("100 Chinese posts", fonts)
    assert any("/v1/fonts/Noto%20Sans%20CJK%20SC/" in f["url"] for f in fonts)
    assert not any(f["url"].endswith("/v1/fonts/Noto%20Sans%20CJK%20SC/400") for f in fonts)  # never whole
    assert 0 < transferred <= MAX_FONT_BYTES
    assert agreed == 1


def test_a_page_of_english_posts_downloads_no_cjk(service, browser):
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    agreed, fonts, _ = draw(service, browser, posts(english_posts()))
    report("100 English posts", fonts)
    assert fonts and all("/v1/fonts/Inter/" in f["url"] for f in fonts)
    assert agreed == 1


def test_the_agreement_corpus_drawn_with_slices(service, browser):
    """What the boundaries between slices cost: the agreement test's corpus drawn through the stylesheet (each slice
    a font of its own) and drawn with the whole fonts (the agreement test's page): the cells whose heights differ,
    and each drawing's agreement with the service."""
    cells = agreement.cells()
    served = measured(service, cells)
    sliced, _, heights = draw(service, browser, cells, served)
    # The corpus's characters are all in these three families (the rest of the stack is never reached).
    fonts = [{"family": f, "weight": w} for f in ["Inter", "Noto Sans", "Noto Sans CJK SC"] for w in (400, 700)]
    agreed, _, whole = draw(service, browser, cells, served, whole=fonts)
    differ = [(c, a, b) for c, a, b in zip(cells, heights, whole) if abs(a - b) > 0.5]
    for c, a, b in differ:
        print("sliced %g, whole %g: width %d, %s: %r" % (a, b, c["width"], c["style"], c["text"]))
    print("%d cells: %d drawn differently with slices than with whole fonts; %.2f%% agree with the service to the "
          "pixel drawn with slices, %.2f%% with whole fonts" % (len(cells), len(differ), 100 * sliced, 100 * agreed))
    assert len(differ) <= 0.005 * len(cells)
