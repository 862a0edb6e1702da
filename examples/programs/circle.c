/* The circle of the articles as a layout program: the built-in "circle" kind. Item i of n is centred on the
 * circle at angle 2πi/n (0 to the right, y down) around the view's centre.
 *
 * Parameters: itemWidth (50), itemHeight (50), radius (min(width, height)/2 - itemWidth/2, at least 0).
 * Items: the first section's count.
 *
 * The arithmetic is the built-in kind's, sine and cosine included: without a libm the program brings its own
 * (trig.h), the same operations as the built-in kind's, so the frames are equal to the last bit. */
#include "layout_support.h"
#include "trig.h"

LAYOUT_EXPORT("layout_prepare") void layout_prepare(const struct layout_input *input) {
    double width = number_or(input, "itemWidth", 50);
    double height = number_or(input, "itemHeight", 50);
    double smaller = input->view_width < input->view_height ? input->view_width : input->view_height;
    double fallback = smaller / 2 - width / 2;
    double radius = number_or(input, "radius", fallback > 0 ? fallback : 0);
    double cx = input->view_width / 2, cy = input->view_height / 2;
    uint32_t n = input->section_count > 0 ? input->item_counts[0] : 0;
    for (uint32_t i = 0; i < n; i++) {
        double a = 2 * 3.141592653589793 * (double)i / (double)n;
        emit(cx + radius * cos_portable(a) - width / 2, cy + radius * sin_portable(a) - height / 2, width, height, 0,
             (int32_t)i, 0, 0);
    }
    flush();
}
