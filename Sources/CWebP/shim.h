// libwebp 1.2 (Debian libwebp-dev). No logic here: WebPCodec wraps it.
// encode.h: WebPConfig, WebPPicture; mux.h: WebPAnimEncoder; demux.h: WebPDemux, WebPAnimDecoder.
#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/mux.h>
#include <webp/demux.h>
