#!/bin/bash
# Prints the Debian packages (comma-separated) of the C libraries relops binds lazily: libcurl,
# libgit2 and OpenSSL's libcrypto are dlopen()ed on first use (Sources/C*Loader), so they are not
# in the binary's DT_NEEDED and dpkg-shlibdeps does not see them. `make deb` adds these to Depends.
# The sonames come from the headers relops is built against (as in the loaders); curl's is fixed
# at libcurl.so.4. The package is whichever installed one owns that library file.
set -euo pipefail
compiler=${CC:-cc}
from_headers=$(printf '%s\n' '#include <git2/version.h>' '#include <openssl/opensslv.h>' \
  'libgit2.so.LIBGIT2_SOVERSION' 'libcrypto.so.OPENSSL_SHLIB_VERSION' |
  "$compiler" -E -P -x c - | tail -n 2 | tr -d '" ')
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
for soname in libcurl.so.4 $from_headers; do
  file=$(readlink -f "/usr/lib/$multiarch/$soname") || true
  if [ -z "$file" ] || [ ! -e "$file" ]; then
    echo "lazy-depends: $soname not found in /usr/lib/$multiarch (is its -dev package installed?)" >&2
    exit 1
  fi
  dpkg -S "$file" | cut -d: -f1
done | sort -u | paste -sd, - | sed 's/,/, /g'
