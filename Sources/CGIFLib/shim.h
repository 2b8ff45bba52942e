// giflib 5.x (Debian libgif-dev). No logic here: GIFCodec wraps it.
#include <gif_lib.h>

// GIFWriteHandle.putCompressedImage replaces the LZW minimum code size byte that
// EGifPutImageDesc writes last (EGifSetupCompress in egif_lib.c writes max(2, bits of the colour
// table) and nothing after it until the first data block). That holds for giflib 5.1 and 5.2;
// check egif_lib.c (and GIFWriteHandleTests) before allowing another version here.
#if GIFLIB_MAJOR != 5 || GIFLIB_MINOR < 1 || GIFLIB_MINOR > 2
#error "GIFCodec relies on EGifPutImageDesc of giflib 5.1-5.2 ending with the LZW code size byte"
#endif
