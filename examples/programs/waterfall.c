/* The waterfall (masonry) of the articles as a layout program: the built-in "waterfall" kind, vertical, shortest
 * column placement, equal to it to the last bit for the same parameters.
 *
 * Parameters (layout-wide, every section alike):
 *   columnCount (2), columnSpacing (10), itemSpacing (10), sectionInset [top, left, bottom, right] ([0,0,0,0]),
 *   headerHeight (0), footerHeight (0), and the items of all sections in order, either
 *   itemHeights [h, ...]  or  itemSizes [w, h, w, h, ...] (scaled to the column's width, keeping their aspect).
 * Each section: its header (kind "header", the view's width), its cells, each under the shortest column (the
 * leftmost of equal ones), then its footer (kind "footer"). */
#include "layout_support.h"

/* Per column: its bottom, the spacing before its next item (0 until it holds one: the built-in kind adds 0 too, so
 * the starts are the same doubles), its x. */
static double bottoms[1024], gaps[1024], xs[1024];

/* The cells of section s, its n items from items[next] on: each under the shortest column (the leftmost of equal
 * ones). Returns where the next section's items start. Inlined with a constant `columns` for the usual counts,
 * which unrolls the search for the shortest column. */
static inline __attribute__((always_inline)) uint32_t place(int columns, uint32_t s, uint32_t n, const double *items,
                                                            uint32_t count, uint32_t next, int sizes,
                                                            double column_length, double item_spacing) {
    struct layout_element *e = batch_next;
    for (uint32_t i = 0; i < n; i++) {
        double length;
        if (sizes) {
            double w = next < count ? items[next] : 0;
            double h = next + 1 < count ? items[next + 1] : 0;
            next += 2;
            length = h * column_length / w;
        } else {
            length = next < count ? items[next] : 0;
            next++;
        }
        int shortest = 0;
        double low = bottoms[0];
        for (int c = 1; c < columns; c++)
            if (bottoms[c] < low) {
                low = bottoms[c];
                shortest = c;
            }
        double start = low + gaps[shortest];
        bottoms[shortest] = start + length;
        gaps[shortest] = item_spacing;
        e = put(e, xs[shortest], start, column_length, length, (int32_t)s, (int32_t)i, 0, 0);
    }
    batch_next = e;
    return next;
}

LAYOUT_EXPORT("layout_prepare") void layout_prepare(const struct layout_input *input) {
    double view_u = input->view_width;
    int columns = (int)number_or(input, "columnCount", 2);
    if (columns < 1) columns = 1;
    if (columns > 1024) columns = 1024;
    double spacing = number_or(input, "columnSpacing", 10);
    double item_spacing = number_or(input, "itemSpacing", 10);
    double header = number_or(input, "headerHeight", 0);
    double footer = number_or(input, "footerHeight", 0);
    double inset[4] = {0, 0, 0, 0}; /* top, left, bottom, right */
    uint32_t count;
    const double *given = numbers_at(input, "sectionInset", &count);
    for (uint32_t i = 0; i < 4 && i < count; i++) inset[i] = given[i];
    /* The items' values, read in order; missing ones read as 0. */
    const double *items = numbers_at(input, "itemHeights", &count);
    int sizes = 0;
    if (!items) {
        items = numbers_at(input, "itemSizes", &count);
        if (!items) return;
        sizes = 1;
    }
    uint32_t next = 0;
    double column_length = (view_u - inset[1] - inset[3] - (double)(columns - 1) * spacing) / (double)columns;
    if (!(column_length > 0)) column_length = 0;
    double pitch = column_length + spacing;
    double v = 0;
    for (int c = 0; c < columns; c++) xs[c] = inset[1] + (double)c * pitch;
    for (uint32_t s = 0; s < input->section_count; s++) {
        if (header > 0) emit(0, v, view_u, header, (int32_t)s, 0, "header", 6);
        double top = v + header + inset[0];
        for (int c = 0; c < columns; c++) {
            bottoms[c] = top;
            gaps[c] = 0;
        }
        uint32_t n = input->item_counts[s];
        switch (columns) {
        case 2: next = place(2, s, n, items, count, next, sizes, column_length, item_spacing); break;
        case 3: next = place(3, s, n, items, count, next, sizes, column_length, item_spacing); break;
        case 4: next = place(4, s, n, items, count, next, sizes, column_length, item_spacing); break;
        default: next = place(columns, s, n, items, count, next, sizes, column_length, item_spacing);
        }
        double content_end = top;
        if (n > 0) {
            content_end = bottoms[0];
            for (int c = 1; c < columns; c++)
                if (bottoms[c] > content_end) content_end = bottoms[c];
        }
        double footer_start = content_end + inset[2];
        if (footer > 0) emit(0, footer_start, view_u, footer, (int32_t)s, 0, "footer", 6);
        v = footer_start + footer;
    }
    flush();
}
