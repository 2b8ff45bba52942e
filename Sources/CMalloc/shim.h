// glibc's malloc tuning (mallopt), which Swift's Glibc module does not import. Part of libc:
// nothing to link, no package to install.
#include <malloc.h>
