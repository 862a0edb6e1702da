#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
// OpenSSL's libcrypto, for SHA-256 only (its EVP digests use the CPU's SHA extensions where there are some).
#include <openssl/evp.h>
#endif
