#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
// Thin wrappers for what Swift cannot express directly: SQLITE_TRANSIENT is a cast of -1 to a function pointer.
#include <sqlite3.h>

/// Binds a blob that SQLite copies at once (the caller's buffer may go away).
static inline int csqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}

/// Binds text that SQLite copies at once.
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text) {
    return sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT);
}
#endif
