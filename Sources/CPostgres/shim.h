#ifndef CPOSTGRES_SHIM_H
#define CPOSTGRES_SHIM_H
// libpq as it is: Debian's libpq-dev puts the header in /usr/include/postgresql (pkg-config libpq says so).
#include <libpq-fe.h>
#endif
