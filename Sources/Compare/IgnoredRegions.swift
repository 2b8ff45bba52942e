import Raster

/// A rectangle of pixels, for ``IgnoredRegions`` (`--ignore X,Y,W,H`).
public struct PixelRectangle: Hashable, Sendable, CustomStringConvertible {
    /// Left column, from 0.
    public var x: Int
    /// Top row, from 0.
    public var y: Int
    /// Width in pixels, 1 or more.
    public var width: Int
    /// Height in pixels, 1 or more.
    public var height: Int

    /// A rectangle; `x`, `y` ≥ 0 and `width`, `height` ≥ 1 (``parse(_:)`` checks text).
    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The largest X, Y, W or H ``parse(_:)`` accepts: 1 000 000 pixels.
    public static let maximumCoordinate = 1_000_000

    /// Parses `X,Y,W,H`: four whole numbers, X and Y 0 or more, W and H 1 or more, each at most
    /// ``maximumCoordinate``, spaces allowed around each.
    ///
    /// - Returns: the rectangle, or a message saying what is wrong (for a usage error).
    public static func parse(_ text: String) -> Result<PixelRectangle, RectangleParseError> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(while: \.isWhitespace) }
        guard parts.count == 4, let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == 4 else {
            return .failure(RectangleParseError(text: text, reason: "expected X,Y,W,H: four whole numbers separated by commas, like 10,20,30,40"))
        }
        guard numbers[0] >= 0, numbers[1] >= 0 else {
            return .failure(RectangleParseError(text: text, reason: "X and Y must be 0 or more"))
        }
        guard numbers[2] >= 1, numbers[3] >= 1 else {
            return .failure(RectangleParseError(text: text, reason: "W and H must be 1 or more"))
        }
        // No canvas is larger (GIF's logical screen is at most 65 535 pixels a side), and the
        // bound keeps X + W and Y + H far from overflowing.
        guard numbers.allSatisfy({ $0 <= Self.maximumCoordinate }) else {
            return .failure(RectangleParseError(text: text, reason: "X, Y, W and H must be at most \(Self.maximumCoordinate)"))
        }
        return .success(PixelRectangle(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
    }

    /// `X,Y,W,H`, as ``parse(_:)`` reads it.
    public var description: String { "\(x),\(y),\(width),\(height)" }
}

/// Why ``PixelRectangle/parse(_:)`` refused a text.
public struct RectangleParseError: Error, Hashable, Sendable {
    /// The text given.
    public var text: String
    /// What is wrong, e.g. `W and H must be 1 or more`.
    public var reason: String
}

/// Pixels left out of a comparison, as Playwright's `mask` and odiff's ignore regions do: a
/// differing pixel there neither counts nor fails the frame, and the diff hatches it.
///
/// Given in the canvas's pixel coordinates (the padded canvas when the sides differ in size):
/// any number of rectangles (`--ignore`) and an optional mask image (`--mask`) whose pixels
/// with alpha > 0 are ignored. Parts of a rectangle beyond the canvas are left aside.
public struct IgnoredRegions: Hashable, Sendable {
    /// Rectangles of ignored pixels.
    public var rectangles: [PixelRectangle]
    /// The mask: ignored where its alpha is > 0; it must have the expected canvas's size.
    public var mask: IgnoreMask?

    /// Regions; none by default.
    public init(rectangles: [PixelRectangle] = [], mask: IgnoreMask? = nil) {
        self.rectangles = rectangles
        self.mask = mask
    }

    /// Nothing ignored.
    public static let none = IgnoredRegions()

    /// Whether nothing is ignored.
    public var isEmpty: Bool { rectangles.isEmpty && mask == nil }

    /// One byte per pixel of a `width × height` canvas, row-major, 1 where ignored; `nil` when
    /// nothing is.
    func bitmap(width: Int, height: Int) -> [UInt8]? {
        if isEmpty || width == 0 || height == 0 { return nil }
        var bits = [UInt8](repeating: 0, count: width * height)
        for rectangle in rectangles {
            let x0 = max(0, min(rectangle.x, width)), x1 = max(x0, min(rectangle.x + rectangle.width, width))
            let y0 = max(0, min(rectangle.y, height)), y1 = max(y0, min(rectangle.y + rectangle.height, height))
            for y in y0..<y1 { for x in x0..<x1 { bits[y * width + x] = 1 } }
        }
        if let mask {
            for y in 0..<min(height, mask.height) {
                for x in 0..<min(width, mask.width) where mask.ignores(x: x, y: y) { bits[y * width + x] = 1 }
            }
        }
        return bits
    }
}

/// A mask image reduced to which pixels it ignores: those whose alpha is > 0.
public struct IgnoreMask: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// One per pixel, row-major: whether it is ignored.
    let ignored: [Bool]
    /// Where the mask came from (its path), for messages.
    public var source: String

    /// The mask of `image`: a pixel with alpha > 0 is ignored, whatever its colour.
    ///
    /// - Parameter source: the mask's path or another name, for messages.
    public init(image: RGBAImage, source: String = "mask") {
        self.source = source
        width = image.width
        height = image.height
        var ignored = [Bool](repeating: false, count: image.width * image.height)
        for i in ignored.indices { ignored[i] = image.pixels[i * 4 + 3] > 0 }
        self.ignored = ignored
    }

    /// Whether (x, y) is ignored; `0 ≤ x < width`, `0 ≤ y < height`.
    public func ignores(x: Int, y: Int) -> Bool { ignored[y * width + x] }

    /// How many pixels the mask ignores.
    public var ignoredCount: Int { ignored.count { $0 } }

    /// What is wrong with using this mask on a `width × height` canvas named `canvas`, or `nil`
    /// when the sizes agree: a mask must have the canvas's size, since a shifted or scaled mask
    /// would hide the wrong pixels.
    public func sizeProblem(width: Int, height: Int, canvas: String) -> String? {
        guard width != self.width || height != self.height else { return nil }
        return "the mask '\(source)' is \(self.width) × \(self.height) but \(canvas) is \(width) × \(height); a mask must have the canvas's size"
    }
}

extension Substring {
    /// The text without leading and trailing characters that match `predicate`.
    func trimmingCharacters(while predicate: (Character) -> Bool) -> Substring {
        var text = self
        while let first = text.first, predicate(first) { text.removeFirst() }
        while let last = text.last, predicate(last) { text.removeLast() }
        return text
    }
}
