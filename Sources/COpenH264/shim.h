// OpenH264 2.x (Debian libopenh264-dev, BSD-2-Clause). No logic here: VideoCodec wraps it.
// codec_api.h declares the encoder's C interface (ISVCEncoder, a table of function pointers)
// and includes codec_app_def.h (SEncParamExt, SSourcePicture, SFrameBSInfo) and codec_def.h.
#include <stdbool.h>
#include <wels/codec_api.h>
#include <wels/codec_ver.h>
