import CPNG

/// Owns one libpng simplified-API `png_image` and frees what libpng allocated in it.
///
/// The struct lives at a stable heap address because libpng keeps pointers into it between
/// `png_image_begin_read_from_memory` and `png_image_finish_read`. `png_image_free` may be
/// called any number of times (it clears `opaque`), so `deinit` calls it unconditionally, also
/// after libpng freed the control itself on an error.
struct PNGControl: ~Copyable {
    /// The `png_image`, zeroed, `version = PNG_IMAGE_VERSION`, `opaque = NULL` as png.h demands.
    let image: UnsafeMutablePointer<png_image>

    init() {
        image = .allocate(capacity: 1)
        image.initialize(to: png_image())
        image.pointee.version = UInt32(PNG_IMAGE_VERSION)
    }

    deinit {
        png_image_free(image)
        image.deinitialize(count: 1)
        image.deallocate()
    }

    /// Whether libpng recorded an error (not just a warning) in `warning_or_error`.
    var failed: Bool { image.pointee.warning_or_error & UInt32(PNG_IMAGE_ERROR) != 0 }

    /// libpng's `message` buffer (NUL-terminated, at most 64 bytes) as a string.
    var message: String {
        withUnsafeBytes(of: image.pointee.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "libpng reported no message" : text
        }
    }

    /// The error libpng reported, as a ``PNGError`` for `operation`.
    func error(_ operation: String) -> PNGError {
        PNGError(code: .libpng, operation: operation, message: message)
    }
}
