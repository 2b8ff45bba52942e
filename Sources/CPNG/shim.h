// libpng 1.6 (Debian libpng-dev). Only the simplified png_image_* API is used: it needs no setjmp.
#include <png.h>
