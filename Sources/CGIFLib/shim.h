// giflib 5.x (Debian libgif-dev). No logic here: GIFCodec wraps it.
#include <gif_lib.h>
