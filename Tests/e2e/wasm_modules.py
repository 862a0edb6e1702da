"""Hostile layout programs for the process tests, assembled as WebAssembly binaries here (no toolchain needed): each
has the ABI's exports (docs/programs.md) unless it is made to lack one, and a `layout_prepare` body of its own."""


def uleb(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def sleb(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40):
            out.append(byte)
            return bytes(out)
        out.append(byte | 0x80)


def vec(items):
    return uleb(len(items)) + b"".join(items)


def name(text):
    return uleb(len(text)) + text.encode()


def section(kind, content):
    return bytes([kind]) + uleb(len(content)) + content


I32, F64 = 0x7F, 0x7C


def functype(params, results):
    return b"\x60" + vec([bytes([p]) for p in params]) + vec([bytes([r]) for r in results])


def i32_const(n):
    return b"\x41" + sleb(n)


def module(prepare, locals_=b"\x00", imports=(), export_prepare=True):
    """A module: `imports` as (module, name, params, results); memory of 1 page; `layout_alloc` returning 1024;
    `layout_prepare` with the given body (its code before `end`) and local declarations."""
    types = [functype([I32], [I32]), functype([I32], [])]
    import_entries = []
    for (mod, field, params, results) in imports:
        types.append(functype(params, results))
        import_entries.append(name(mod) + name(field) + b"\x00" + uleb(len(types) - 1))
    first = len(imports)  # function indices: the imports come first
    bodies = [b"\x00" + i32_const(1024) + b"\x0b", locals_ + prepare + b"\x0b"]
    exports = [name("memory") + b"\x02\x00", name("layout_alloc") + b"\x00" + uleb(first)]
    if export_prepare:
        exports.append(name("layout_prepare") + b"\x00" + uleb(first + 1))
    out = b"\x00asm\x01\x00\x00\x00"
    out += section(1, vec(types))
    if import_entries:
        out += section(2, vec(import_entries))
    out += section(3, vec([uleb(0), uleb(1)]))
    out += section(5, vec([b"\x00\x01"]))
    out += section(7, vec(exports))
    out += section(10, vec([uleb(len(b)) + b for b in bodies]))
    return out


EMIT = ("env", "emit", [I32, I32], [])
LOOP, END, BR0, BR_IF0, DROP = b"\x03\x40", b"\x0b", b"\x0c\x00", b"\x0d\x00", b"\x1a"

ENDLESS_LOOP = module(LOOP + BR0 + END)
MEMORY_GROWTH = module(LOOP + i32_const(1) + b"\x40\x00" + DROP + BR0 + END)
# 100,000 calls of emit(4096, 1000): 100 million elements. Local 1 counts the calls.
HUNDRED_MILLION_ELEMENTS = module(
    LOOP + i32_const(4096) + i32_const(1000) + b"\x10\x00"
    + b"\x20\x01" + i32_const(1) + b"\x6a" + b"\x21\x01"
    + b"\x20\x01" + i32_const(100000) + b"\x49" + BR_IF0 + END,
    locals_=b"\x01\x01" + bytes([I32]), imports=[EMIT])
DIVISION_BY_ZERO = module(i32_const(1) + i32_const(0) + b"\x6d" + DROP)
UNREACHABLE = module(b"\x00")
# Not WebAssembly: a type section whose size is cut off.
NOT_WEBASSEMBLY = b"\x00asm\x01\x00\x00\x00\x01\xff"
# WebAssembly that does not validate: layout_prepare, a function without results, leaves an i32 on the stack.
INVALID = module(i32_const(1))
FORBIDDEN_IMPORT = module(b"", imports=[("wasi_snapshot_preview1", "fd_write", [I32, I32, I32, I32], [I32])])
NO_PREPARE = module(b"", export_prepare=False)
