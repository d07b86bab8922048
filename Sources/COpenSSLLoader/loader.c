/*
 * OpenSSL, bound lazily: relops does not link libssl or libcrypto (no DT_NEEDED entry); this file
 * dlopen()s libcrypto on the first call and forwards each function relops uses to the real one.
 * relops calls no libssl function of its own (TLS is libcurl's business), so libssl is never
 * opened here; libcurl brings it in when `verify` loads libcurl.
 *
 * Why: start-up time. A C program with relops' old DT_NEEDED list starts in 8.5 ms, 4.7 ms
 * without libcurl, 1.8 ms without libcurl, libgit2 and OpenSSL; the dynamic loader and the page
 * faults of those libraries were ~90% of `relops scan --help`. Only the fingerprint, association,
 * cutover blob-ID and verify paths need OpenSSL, so `scan` and `--help` no longer pay for it.
 *
 * The soname follows the headers: libcrypto.so.<OPENSSL_SHLIB_VERSION>, so a rebuild against
 * another major version opens that one.
 *
 * Adding a function: add one RELOPS_FORWARD (or RELOPS_FORWARD_VOID) line below with the
 * signature copied from the OpenSSL header (the compiler checks it against the declaration). A
 * function that is missing here is an undefined-symbol error at link time; a macro in a header
 * (sk_*, OPENSSL_free, BIO_get_mem_data) needs the function it expands to.
 *
 * The Swift wrapper (Sources/Crypto) asks relops_libcrypto_load() in its one-time initialisation
 * and throws CryptoError when the library cannot be loaded; the exit(3) in libcrypto_symbol is
 * only a safety net for a call that skipped it.
 */
#include "relops_openssl_loader.h"

#include "../COpenSSL/shim.h"
#include "relops_dynamic_library.h"


#define RELOPS_STRING(x) #x
#define RELOPS_EXPANDED_STRING(x) RELOPS_STRING(x)
#define LIBCRYPTO_SONAME "libcrypto.so." RELOPS_EXPANDED_STRING(OPENSSL_SHLIB_VERSION)
/* Debian's package for libcrypto.so.3 is libssl3. */
#define LIBCRYPTO_PACKAGE "libssl" RELOPS_EXPANDED_STRING(OPENSSL_SHLIB_VERSION)

static struct relops_dynamic_library libcrypto = RELOPS_DYNAMIC_LIBRARY_INIT(LIBCRYPTO_SONAME, LIBCRYPTO_PACKAGE);

const char *relops_libcrypto_load(void) { return relops_dynamic_library_load(&libcrypto); }

static void *libcrypto_symbol(const char *name) { return relops_dynamic_library_symbol(&libcrypto, name); }

RELOPS_FORWARD(libcrypto_symbol, BIGNUM *, ASN1_INTEGER_to_BN, (const ASN1_INTEGER *ai, BIGNUM *bn), (ai, bn))
RELOPS_FORWARD(libcrypto_symbol, int, ASN1_TIME_to_tm, (const ASN1_TIME *s, struct tm *tm), (s, tm))
RELOPS_FORWARD(libcrypto_symbol, long, BIO_ctrl, (BIO *bp, int cmd, long larg, void *parg), (bp, cmd, larg, parg))
RELOPS_FORWARD(libcrypto_symbol, int, BIO_free, (BIO *a), (a))
RELOPS_FORWARD(libcrypto_symbol, BIO *, BIO_new, (const BIO_METHOD *type), (type))
RELOPS_FORWARD(libcrypto_symbol, BIO *, BIO_new_mem_buf, (const void *buf, int len), (buf, len))
RELOPS_FORWARD(libcrypto_symbol, const BIO_METHOD *, BIO_s_mem, (void), ())
RELOPS_FORWARD(libcrypto_symbol, char *, BN_bn2hex, (const BIGNUM *a), (a))
RELOPS_FORWARD_VOID(libcrypto_symbol, BN_free, (BIGNUM *a), (a))
RELOPS_FORWARD_VOID(libcrypto_symbol, CMS_ContentInfo_free, (CMS_ContentInfo *a), (a))
RELOPS_FORWARD(libcrypto_symbol, int, CMS_SignerInfo_cert_cmp, (CMS_SignerInfo *si, X509 *cert), (si, cert))
RELOPS_FORWARD(libcrypto_symbol, struct stack_st_CMS_SignerInfo *, CMS_get0_SignerInfos, (CMS_ContentInfo *cms), (cms))
RELOPS_FORWARD(libcrypto_symbol, struct stack_st_X509 *, CMS_get1_certs, (CMS_ContentInfo *cms), (cms))
RELOPS_FORWARD(libcrypto_symbol, int, CMS_verify, (CMS_ContentInfo *cms, struct stack_st_X509 *certs, X509_STORE *store, BIO *dcont, BIO *out, unsigned int flags), (cms, certs, store, dcont, out, flags))
RELOPS_FORWARD_VOID(libcrypto_symbol, CRYPTO_free, (void *ptr, const char *file, int line), (ptr, file, line))
RELOPS_FORWARD_VOID(libcrypto_symbol, ERR_clear_error, (void), ())
RELOPS_FORWARD_VOID(libcrypto_symbol, ERR_error_string_n, (unsigned long e, char *buf, size_t len), (e, buf, len))
RELOPS_FORWARD(libcrypto_symbol, unsigned long, ERR_get_error, (void), ())
RELOPS_FORWARD(libcrypto_symbol, int, EVP_Digest, (const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type, ENGINE *impl), (data, count, md, size, type, impl))
RELOPS_FORWARD(libcrypto_symbol, int, EVP_DigestFinal_ex, (EVP_MD_CTX *ctx, unsigned char *md, unsigned int *s), (ctx, md, s))
RELOPS_FORWARD(libcrypto_symbol, int, EVP_DigestInit_ex, (EVP_MD_CTX *ctx, const EVP_MD *type, ENGINE *impl), (ctx, type, impl))
RELOPS_FORWARD(libcrypto_symbol, int, EVP_DigestUpdate, (EVP_MD_CTX *ctx, const void *d, size_t cnt), (ctx, d, cnt))
RELOPS_FORWARD(libcrypto_symbol, int, EVP_DigestVerify, (EVP_MD_CTX *ctx, const unsigned char *sigret, size_t siglen, const unsigned char *tbs, size_t tbslen), (ctx, sigret, siglen, tbs, tbslen))
RELOPS_FORWARD(libcrypto_symbol, int, EVP_DigestVerifyInit, (EVP_MD_CTX *ctx, EVP_PKEY_CTX **pctx, const EVP_MD *type, ENGINE *e, EVP_PKEY *pkey), (ctx, pctx, type, e, pkey))
RELOPS_FORWARD_VOID(libcrypto_symbol, EVP_MD_CTX_free, (EVP_MD_CTX *ctx), (ctx))
RELOPS_FORWARD(libcrypto_symbol, EVP_MD_CTX *, EVP_MD_CTX_new, (void), ())
RELOPS_FORWARD(libcrypto_symbol, int, EVP_PKEY_CTX_set_rsa_mgf1_md, (EVP_PKEY_CTX *ctx, const EVP_MD *md), (ctx, md))
RELOPS_FORWARD(libcrypto_symbol, int, EVP_PKEY_CTX_set_rsa_padding, (EVP_PKEY_CTX *ctx, int pad_mode), (ctx, pad_mode))
RELOPS_FORWARD(libcrypto_symbol, int, EVP_PKEY_CTX_set_rsa_pss_saltlen, (EVP_PKEY_CTX *ctx, int saltlen), (ctx, saltlen))
RELOPS_FORWARD_VOID(libcrypto_symbol, EVP_PKEY_free, (EVP_PKEY *pkey), (pkey))
RELOPS_FORWARD(libcrypto_symbol, const EVP_MD *, EVP_md5, (void), ())
RELOPS_FORWARD(libcrypto_symbol, const EVP_MD *, EVP_sha1, (void), ())
RELOPS_FORWARD(libcrypto_symbol, const EVP_MD *, EVP_sha256, (void), ())
RELOPS_FORWARD(libcrypto_symbol, const EVP_MD *, EVP_sha384, (void), ())
RELOPS_FORWARD(libcrypto_symbol, const EVP_MD *, EVP_sha512, (void), ())
RELOPS_FORWARD(libcrypto_symbol, int, OPENSSL_sk_num, (const OPENSSL_STACK *a0), (a0))
RELOPS_FORWARD_VOID(libcrypto_symbol, OPENSSL_sk_pop_free, (OPENSSL_STACK *st, OPENSSL_sk_freefunc func), (st, func))
RELOPS_FORWARD(libcrypto_symbol, void *, OPENSSL_sk_value, (const OPENSSL_STACK *a0, int a1), (a0, a1))
RELOPS_FORWARD(libcrypto_symbol, OSSL_PROVIDER *, OSSL_PROVIDER_load, (OSSL_LIB_CTX *a0, const char *name), (a0, name))
RELOPS_FORWARD(libcrypto_symbol, const char *, OpenSSL_version, (int type), (type))
RELOPS_FORWARD(libcrypto_symbol, X509 *, PEM_read_bio_X509, (BIO *out, X509 **x, pem_password_cb *cb, void *u), (out, x, cb, u))
RELOPS_FORWARD_VOID(libcrypto_symbol, PKCS12_free, (PKCS12 *a), (a))
RELOPS_FORWARD(libcrypto_symbol, int, PKCS12_mac_present, (const PKCS12 *p12), (p12))
RELOPS_FORWARD(libcrypto_symbol, int, PKCS12_parse, (PKCS12 *p12, const char *pass, EVP_PKEY **pkey, X509 **cert, struct stack_st_X509 **ca), (p12, pass, pkey, cert, ca))
RELOPS_FORWARD(libcrypto_symbol, int, PKCS12_verify_mac, (PKCS12 *p12, const char *pass, int passlen), (p12, pass, passlen))
RELOPS_FORWARD(libcrypto_symbol, int, X509_NAME_print_ex, (BIO *out, const X509_NAME *nm, int indent, unsigned long flags), (out, nm, indent, flags))
RELOPS_FORWARD_VOID(libcrypto_symbol, X509_free, (X509 *a), (a))
RELOPS_FORWARD(libcrypto_symbol, const ASN1_TIME *, X509_get0_notAfter, (const X509 *x), (x))
RELOPS_FORWARD(libcrypto_symbol, const ASN1_TIME *, X509_get0_notBefore, (const X509 *x), (x))
RELOPS_FORWARD(libcrypto_symbol, EVP_PKEY *, X509_get0_pubkey, (const X509 *x), (x))
RELOPS_FORWARD(libcrypto_symbol, X509_NAME *, X509_get_issuer_name, (const X509 *a), (a))
RELOPS_FORWARD(libcrypto_symbol, ASN1_INTEGER *, X509_get_serialNumber, (X509 *x), (x))
RELOPS_FORWARD(libcrypto_symbol, X509_NAME *, X509_get_subject_name, (const X509 *a), (a))
RELOPS_FORWARD(libcrypto_symbol, CMS_ContentInfo *, d2i_CMS_ContentInfo, (CMS_ContentInfo **a, const unsigned char **in, long len), (a, in, len))
RELOPS_FORWARD(libcrypto_symbol, PKCS12 *, d2i_PKCS12, (PKCS12 **a, const unsigned char **in, long len), (a, in, len))
RELOPS_FORWARD(libcrypto_symbol, EVP_PKEY *, d2i_PUBKEY, (EVP_PKEY **a, const unsigned char **in, long len), (a, in, len))
RELOPS_FORWARD(libcrypto_symbol, X509 *, d2i_X509, (X509 **a, const unsigned char **in, long len), (a, in, len))
RELOPS_FORWARD(libcrypto_symbol, int, i2d_PUBKEY, (const EVP_PKEY *a, unsigned char **out), (a, out))
RELOPS_FORWARD(libcrypto_symbol, int, i2d_X509, (const X509 *a, unsigned char **out), (a, out))
