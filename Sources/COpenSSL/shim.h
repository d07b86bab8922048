#ifndef RELOPS_COPENSSL_SHIM_H
#define RELOPS_COPENSSL_SHIM_H
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/pkcs7.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/cms.h>
#include <openssl/crypto.h>
#include <openssl/provider.h>
#include <openssl/rsa.h>

/* OPENSSL_free is a macro. */
static inline void relops_openssl_free(void *p) { OPENSSL_free(p); }
/* BIO_get_mem_data is a macro over BIO_ctrl. */
static inline long relops_bio_get_mem_data(BIO *b, char **pp) { return BIO_get_mem_data(b, pp); }
/* sk_X509_* are macros in OpenSSL 3. */
static inline int relops_sk_x509_num(const STACK_OF(X509) *s) { return sk_X509_num(s); }
static inline X509 *relops_sk_x509_value(const STACK_OF(X509) *s, int i) { return sk_X509_value(s, i); }
static inline void relops_sk_x509_pop_free(STACK_OF(X509) *s) { sk_X509_pop_free(s, X509_free); }
/* sk_CMS_SignerInfo_* are macros too. */
static inline int relops_sk_signerinfo_num(const STACK_OF(CMS_SignerInfo) *s) { return sk_CMS_SignerInfo_num(s); }
static inline CMS_SignerInfo *relops_sk_signerinfo_value(const STACK_OF(CMS_SignerInfo) *s, int i) {
    return sk_CMS_SignerInfo_value(s, i);
}
/* XN_FLAG_RFC2253 is a macro; without ESC_MSB so names stay readable UTF-8. */
static inline unsigned long relops_xn_flags_rfc2253_utf8(void) { return XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB; }
#endif
