#!/bin/sh
# Builds the example layout programs (*.c here) into WebAssembly modules next to them, with the Swift
# toolchain's clang (or $CLANG). The built .wasm files are committed, so the examples run without clang.
set -eu
cd "$(dirname "$0")"
OUT=${OUT:-.}
CLANG=${CLANG:-$(command -v /opt/swift/usr/bin/clang || command -v clang)}
for source in waterfall.c calendar.c circle.c masonry.c; do
    [ -f "$source" ] || continue
    "$CLANG" --target=wasm32 -O2 -nostdlib -fno-builtin -ffp-contract=off -Wall -Werror -I. \
        -Wl,--no-entry -Wl,--strip-all -Wl,--initial-memory=131072 \
        -o "$OUT/${source%.c}.wasm" "$source"
done
