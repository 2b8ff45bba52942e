// mimalloc 2.x (Debian libmimalloc-dev, MIT). Linked into the command-line tool and the bench,
// it replaces malloc and free for the whole process (the shared library is linked before libc,
// so its definitions are the ones bound). No logic here.
#include <mimalloc.h>
