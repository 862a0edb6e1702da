#ifndef CICU_SHIM_H
#define CICU_SHIM_H
// ICU renames its functions with its version (ubrk_open is a macro for ubrk_open_72): Swift cannot call macros,
// so the calls the service makes are wrapped here.
#include <unicode/ubrk.h>
#include <unicode/uchar.h>

/// A line (UBRK_LINE) or grapheme cluster (UBRK_CHARACTER) break iterator for `locale`, or NULL.
static inline UBreakIterator *cicu_open(int lines, const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(lines ? UBRK_LINE : UBRK_CHARACTER, locale, NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    return iterator;
}

static inline void cicu_close(UBreakIterator *iterator) { ubrk_close(iterator); }

/// Writes the boundaries of `text` after its start (the last is `length`) into `out`, at most `capacity` of them,
/// and returns their number (-1 when ICU refuses the text).
static inline int32_t cicu_boundaries(UBreakIterator *iterator, const UChar *text, int32_t length, int32_t *out,
                                      int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator, text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t b = ubrk_next(iterator); b != UBRK_DONE && count < capacity; b = ubrk_next(iterator)) out[count++] = b;
    // No text stays attached to the iterator past this call.
    ubrk_setText(iterator, NULL, 0, &status);
    return count;
}

/// The Line_Break property of `c` (a `ULineBreak`).
static inline int32_t cicu_line_break(UChar32 c) { return u_getIntPropertyValue(c, UCHAR_LINE_BREAK); }

/// The general category of `c` (a `UCharCategory`).
static inline int32_t cicu_char_type(UChar32 c) { return u_charType(c); }

/// The long name of the Unicode block of `c` (`Supplemental_Symbols_And_Pictographs`), or NULL.
static inline const char *cicu_block_name(UChar32 c) {
    return u_getPropertyValueName(UCHAR_BLOCK, ublock_getCode(c), U_LONG_PROPERTY_NAME);
}
#endif
