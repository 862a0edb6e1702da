#ifndef CFREETYPE_SHIM_H
#define CFREETYPE_SHIM_H
// FreeType's headers are named through macros (FT_FREETYPE_H): included here by their names.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#endif
