// text-cells.js: cells given as content (docs/specs.md, "Cells given as content") drawn with the fonts the service
// measured them with and the CSS its line breaking reproduces, so that a drawn cell is as tall as its frame.

/**
 * A `GET /v1/fonts` answer: the families the service measures text with, and the font stack's tail.
 * @typedef {{families: {family: string, weights: number[]}[], fallback: string[]}} FontCatalog
 */

/**
 * A text style of a layout's `textStyles`.
 * @typedef {{family: string, weight: number, size: number, lineHeight: number}} TextStyle
 */

/**
 * A cell given as content: padding, an optional media box, blocks of text.
 * @typedef {object} CellContent
 * @property {{top?: number, right?: number, bottom?: number, left?: number}} [padding]
 * @property {number} [spacing]
 * @property {{aspectRatio: number}} [media]
 * @property {{style: string, text: string, maxLines?: number}[]} [blocks]
 */

/**
 * The CSS of a block of text in a content cell (beside the style's font and line height).
 * @type {Readonly<{whiteSpace: string, overflowWrap: string, wordBreak: string}>}
 */
export const TEXT_CSS = Object.freeze({whiteSpace: "pre-wrap", overflowWrap: "anywhere", wordBreak: "normal"});

/**
 * CSS `font-family`: the style's family, then the service's fallback families, each quoted.
 * @param {string} family
 * @param {string[]} [fallback]
 * @returns {string}
 */
export function fontStack(family, fallback = []) {
  return [family, ...fallback.filter((f) => f !== family)].map((f) => `'${String(f).replace(/['\\]/g, "\\$&")}'`)
    .join(", ");
}

/**
 * `@font-face` rules for every family and weight of a `GET /v1/fonts` answer, each face's file from the service.
 * @param {FontCatalog} catalog
 * @param {string} [baseURL]
 * @returns {string}
 */
export function fontFaceRules(catalog, baseURL = "") {
  const base = String(baseURL).replace(/\/$/, "");
  const rules = [];
  for (const {family, weights} of catalog.families || []) {
    for (const weight of weights || []) {
      rules.push(`@font-face { font-family: ${fontStack(family)}; font-weight: ${weight}; font-style: normal; `
        + `font-display: block; src: url("${base}/v1/fonts/${encodeURIComponent(family)}/${weight}"); }`);
    }
  }
  return rules.join("\n");
}

/**
 * Declares the service's fonts in `document` with one `<link rel="stylesheet">` to `GET /v1/fonts.css`, whose
 * `@font-face` rules name every face (large ones in slices by `unicode-range`, so a page downloads only the slices
 * its text uses), and returns the catalog (`GET /v1/fonts`) once the stylesheet is loaded; its `fallback` is the
 * font stack's tail for `drawTextCell`.
 * @param {import("./http-client.js").LayoutClient} client
 * @param {Document} document
 * @param {{signal?: AbortSignal}} options
 * @returns {Promise<FontCatalog>}
 */
export async function declareFonts(client, document, {signal} = {}) {
  const link = document.createElement("link");
  const loaded = new Promise((resolve, reject) => {
    link.addEventListener("load", () => resolve(undefined));
    link.addEventListener("error", () => reject(new Error(`the stylesheet ${link.href} did not load`)));
  });
  link.rel = "stylesheet";
  link.href = `${String(client.baseURL || "").replace(/\/$/, "")}/v1/fonts.css`;
  (document.head || document.body).appendChild(link);
  const [catalog] = await Promise.all([client.fonts({signal}), loaded]);
  return catalog;
}

/**
 * Fills `view` (a cell's DOM element, placed at its frame) with a content cell: the padding, the media box above
 * (`media.aspectRatio`; its image is the caller's, `view.mediaBox`), each block in its style with the service's
 * font stack, `spacing` between parts, `maxLines` by `-webkit-line-clamp`. `styles` are the layout's `textStyles`,
 * `fallback` the fonts answer's `fallback`.
 * @param {HTMLElement & {mediaBox?: HTMLElement | null}} view
 * @param {CellContent} content
 * @param {Record<string, TextStyle>} styles
 * @param {string[]} [fallback]
 * @returns {HTMLElement & {mediaBox?: HTMLElement | null}}
 */
export function drawTextCell(view, content, styles, fallback = []) {
  const document = view.ownerDocument;
  const p = content.padding || {};
  Object.assign(view.style, {boxSizing: "border-box", display: "flex", flexDirection: "column",
    alignItems: "stretch", justifyContent: "flex-start", overflow: "hidden",
    padding: `${p.top || 0}px ${p.right || 0}px ${p.bottom || 0}px ${p.left || 0}px`,
    rowGap: `${content.spacing || 0}px`});
  while (view.firstElementChild) view.removeChild(view.firstElementChild);
  view.mediaBox = null;
  if (content.media) {
    const box = document.createElement("div");
    Object.assign(box.style, {width: "100%", aspectRatio: String(content.media.aspectRatio), flex: "none"});
    view.appendChild(box);
    view.mediaBox = box;
  }
  for (const block of content.blocks || []) {
    const style = styles[block.style];
    const div = document.createElement("div");
    Object.assign(div.style, TEXT_CSS, {margin: "0", flex: "none", fontFamily: fontStack(style.family, fallback),
      fontWeight: String(style.weight), fontSize: `${style.size}px`, lineHeight: `${style.lineHeight}px`,
      fontKerning: "auto", fontVariantLigatures: "normal"});
    if (block.maxLines) {
      Object.assign(div.style, {display: "-webkit-box", webkitBoxOrient: "vertical",
        webkitLineClamp: String(block.maxLines), overflow: "hidden"});
    }
    div.textContent = block.text;
    view.appendChild(div);
  }
  return view;
}

