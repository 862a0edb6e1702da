// Text cells: the service's fonts declared with @font-face, the font stack, and a content cell drawn with the CSS
// the service's line breaking reproduces.
import {test} from "node:test";
import assert from "node:assert/strict";
import {LayoutClient, TEXT_CSS, fontStack, fontFaceRules, declareFonts, drawTextCell} from "../layout-client.js";
import {FakeElement, response} from "./fakes.js";

const catalog = {families: [{family: "Inter", weights: [400, 700]}, {family: "Noto Sans", weights: [400]}],
  fallback: ["Noto Sans", "Noto Sans CJK SC"]};

test("the font stack is the family, then the fallback, each quoted once", () => {
  assert.equal(fontStack("Inter", catalog.fallback), "'Inter', 'Noto Sans', 'Noto Sans CJK SC'");
  assert.equal(fontStack("Noto Sans", catalog.fallback), "'Noto Sans', 'Noto Sans CJK SC'");
  assert.equal(fontStack("O'Hara"), "'O\\'Hara'");
});

test("every family and weight gets an @font-face rule with the service's file", () => {
  const rules = fontFaceRules(catalog, "http://svc:8080/").split("\n");
  assert.deepEqual(rules, [
    `@font-face { font-family: 'Inter'; font-weight: 400; font-style: normal; font-display: block; src: url("http://svc:8080/v1/fonts/Inter/400"); }`,
    `@font-face { font-family: 'Inter'; font-weight: 700; font-style: normal; font-display: block; src: url("http://svc:8080/v1/fonts/Inter/700"); }`,
    `@font-face { font-family: 'Noto Sans'; font-weight: 400; font-style: normal; font-display: block; src: url("http://svc:8080/v1/fonts/Noto%20Sans/400"); }`,
  ]);
});

test("declareFonts links GET /v1/fonts.css once, and answers GET /v1/fonts once the stylesheet is loaded", async () => {
  const urls = [];
  const client = new LayoutClient("http://svc:8080/", {fetch: async (url) => { urls.push(url); return response(200, catalog); }});
  const head = new FakeElement("head");
  const document = {head, createElement: (tag) => new FakeElement(tag)};
  let answered = false;
  const answer = declareFonts(client, document).then((a) => { answered = true; return a; });
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(urls, ["http://svc:8080/v1/fonts"]);
  assert.equal(head.children.length, 1);
  const [link] = head.children;
  assert.equal(link.tag, "link");
  assert.equal(link.rel, "stylesheet");
  assert.equal(link.href, "http://svc:8080/v1/fonts.css");
  assert.equal(answered, false);  // not before the stylesheet is loaded
  link.listeners.load();
  assert.deepEqual((await answer).fallback, catalog.fallback);
});

test("declareFonts fails when the stylesheet does not load", async () => {
  const client = new LayoutClient("", {fetch: async () => response(200, catalog)});
  const head = new FakeElement("head");
  const answer = declareFonts(client, {head, createElement: (tag) => new FakeElement(tag)});
  head.children[0].listeners.error();
  await assert.rejects(answer, /\/v1\/fonts\.css did not load/);
});

test("a content cell is drawn with its padding, media box, spacing, styles and line limit", () => {
  const styles = {title: {family: "Inter", weight: 700, size: 17, lineHeight: 22},
    body: {family: "Inter", weight: 400, size: 15, lineHeight: 20}};
  const content = {media: {aspectRatio: 1.5}, padding: {top: 8, left: 10, bottom: 8, right: 10}, spacing: 4,
    blocks: [{style: "title", text: "Lighthouse at dusk"}, {style: "body", text: "Taken from the north pier", maxLines: 3}]};
  const document = {createElement: (tag) => new FakeElement(tag)};
  const view = document.createElement("div");
  view.ownerDocument = document;
  view.appendChild(new FakeElement("span"));  // a recycled view's old content goes
  drawTextCell(view, content, styles, catalog.fallback);
  assert.equal(view.style.padding, "8px 10px 8px 10px");
  assert.equal(view.style.rowGap, "4px");
  assert.equal(view.style.boxSizing, "border-box");
  assert.equal(view.children.length, 3);
  const [media, title, body] = view.children;
  assert.equal(view.mediaBox, media);
  assert.equal(media.style.aspectRatio, "1.5");
  assert.equal(media.style.width, "100%");
  assert.equal(title.textContent, "Lighthouse at dusk");
  for (const [key, value] of Object.entries(TEXT_CSS)) assert.equal(title.style[key], value);
  assert.equal(title.style.whiteSpace, "pre-wrap");
  assert.equal(title.style.overflowWrap, "anywhere");
  assert.equal(title.style.wordBreak, "normal");
  assert.equal(title.style.fontFamily, "'Inter', 'Noto Sans', 'Noto Sans CJK SC'");
  assert.equal(title.style.fontWeight, "700");
  assert.equal(title.style.fontSize, "17px");
  assert.equal(title.style.lineHeight, "22px");
  assert.equal(title.style.webkitLineClamp, undefined);
  assert.equal(body.style.lineHeight, "20px");
  assert.equal(body.style.webkitLineClamp, "3");
  assert.equal(body.style.display, "-webkit-box");
  assert.equal(body.style.overflow, "hidden");
});
