/// `CGPoint`, `CGSize`, `CGRect` and `CGVector` as Core Graphics defines them (points are
/// `CGFloat`s; a rectangle's `minX`…`maxY` are of its standardised form, as
/// `CGRect.minX` documents), and `FloatingPointRoundingRule`.
enum CoreGraphicsTypes {
    static func install(in library: NativeLibrary) {
        let point = NativeType("CGPoint", protocols: ["Equatable"], summary: "A point: x, y in points.")
        point.initializer([NativeParameter("x", .double), NativeParameter("y", .double)]) { call throws(Interrupt) in
            .native(CGPointValue(x: try call.number(0), y: try call.number(1)))
        }
        point.initializer([]) { _ throws(Interrupt) in .native(CGPointValue(x: 0, y: 0)) }
        point.constant("zero", .native(CGPointValue(x: 0, y: 0)))
        fields(point, CGPointValue.self, ["x": \.x, "y": \.y])
        library.add(point)

        let size = NativeType("CGSize", protocols: ["Equatable"], summary: "A size: width, height in points.")
        size.initializer([NativeParameter("width", .double), NativeParameter("height", .double)]) { call throws(Interrupt) in
            .native(CGSizeValue(width: try call.number(0), height: try call.number(1)))
        }
        size.initializer([]) { _ throws(Interrupt) in .native(CGSizeValue(width: 0, height: 0)) }
        size.constant("zero", .native(CGSizeValue(width: 0, height: 0)))
        fields(size, CGSizeValue.self, ["width": \.width, "height": \.height])
        library.add(size)

        let vector = NativeType("CGVector", protocols: ["Equatable"], summary: "A vector: dx, dy in points.")
        vector.initializer([NativeParameter("dx", .double), NativeParameter("dy", .double)]) { call throws(Interrupt) in
            .native(CGVectorValue(dx: try call.number(0), dy: try call.number(1)))
        }
        vector.constant("zero", .native(CGVectorValue(dx: 0, dy: 0)))
        fields(vector, CGVectorValue.self, ["dx": \.dx, "dy": \.dy])
        library.add(vector)

        let rect = NativeType("CGRect", protocols: ["Equatable"], summary: "A rectangle: origin and size in points.")
        rect.initializer([NativeParameter("x", .double), NativeParameter("y", .double), NativeParameter("width", .double), NativeParameter("height", .double)]) { call throws(Interrupt) in
            .native(CGRectValue(x: try call.number(0), y: try call.number(1), width: try call.number(2), height: try call.number(3)))
        }
        rect.initializer([NativeParameter("origin", .named("CGPoint")), NativeParameter("size", .named("CGSize"))]) { call throws(Interrupt) in
            let origin = try call.native(0, CGPointValue.self, "a CGPoint"), size = try call.native(1, CGSizeValue.self, "a CGSize")
            return .native(CGRectValue(x: origin.x, y: origin.y, width: size.width, height: size.height))
        }
        rect.initializer([]) { _ throws(Interrupt) in .native(CGRectValue(x: 0, y: 0, width: 0, height: 0)) }
        rect.constant("zero", .native(CGRectValue(x: 0, y: 0, width: 0, height: 0)))
        fields(rect, CGRectValue.self, ["width": \.width, "height": \.height])
        let derived: [(String, (CGRectValue) -> Double)] = [
            ("minX", { $0.standardized.x }), ("midX", { $0.standardized.x + $0.standardized.width / 2 }), ("maxX", { $0.standardized.x + $0.standardized.width }),
            ("minY", { $0.standardized.y }), ("midY", { $0.standardized.y + $0.standardized.height / 2 }), ("maxY", { $0.standardized.y + $0.standardized.height }),
        ]
        for (name, value) in derived {
            rect.property(name, type: .double) { call throws(Interrupt) in .double(value(try receiver(call, CGRectValue.self))) }
        }
        rect.property("origin", type: .named("CGPoint")) { call throws(Interrupt) in
            let r = try receiver(call, CGRectValue.self)
            return .native(CGPointValue(x: r.x, y: r.y))
        }
        rect.property("size", type: .named("CGSize")) { call throws(Interrupt) in
            let r = try receiver(call, CGRectValue.self)
            return .native(CGSizeValue(width: r.width, height: r.height))
        }
        rect.setter("origin") { receiverValue, value, location throws(Interrupt) in
            guard case let .native(native) = receiverValue, let r = native as? CGRectValue,
                  case let .native(argument) = value.dereferenced, let p = argument as? CGPointValue else {
                throw Interrupt.error("expected a CGPoint", at: location)
            }
            return .native(CGRectValue(x: p.x, y: p.y, width: r.width, height: r.height))
        }
        rect.setter("size") { receiverValue, value, location throws(Interrupt) in
            guard case let .native(native) = receiverValue, let r = native as? CGRectValue,
                  case let .native(argument) = value.dereferenced, let size = argument as? CGSizeValue else {
                throw Interrupt.error("expected a CGSize", at: location)
            }
            return .native(CGRectValue(x: r.x, y: r.y, width: size.width, height: size.height))
        }
        rect.property("isEmpty", type: .bool) { call throws(Interrupt) in
            let r = try receiver(call, CGRectValue.self)
            return .bool(r.width == 0 || r.height == 0)
        }
        rect.method("insetBy", [NativeParameter("dx", .double), NativeParameter("dy", .double)], result: .named("CGRect")) { call throws(Interrupt) in
            let r = try receiver(call, CGRectValue.self).standardized
            let dx = try call.number(0), dy = try call.number(1)
            return .native(CGRectValue(x: r.x + dx, y: r.y + dy, width: r.width - 2 * dx, height: r.height - 2 * dy))
        }
        rect.method("offsetBy", [NativeParameter("dx", .double), NativeParameter("dy", .double)], result: .named("CGRect")) { call throws(Interrupt) in
            let r = try receiver(call, CGRectValue.self)
            return .native(CGRectValue(x: r.x + (try call.number(0)), y: r.y + (try call.number(1)), width: r.width, height: r.height))
        }
        rect.method("contains", [NativeParameter(nil, .named("CGPoint"))], result: .bool) { call throws(Interrupt) in
            let r = try receiver(call, CGRectValue.self).standardized
            let p = try call.native(0, CGPointValue.self, "a CGPoint")
            return .bool(p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height)
        }
        library.add(rect)

        let rounding = NativeType("FloatingPointRoundingRule", summary: "How `rounded(_:)` rounds.")
        for name in ["up", "down", "towardZero", "awayFromZero", "toNearestOrEven", "toNearestOrAwayFromZero"] {
            rounding.constant(name, .native(RoundingRuleValue(name: name)))
        }
        library.add(rounding)
    }

    /// The receiver of a call as a `T`.
    static func receiver<T: NativeValue>(_ call: NativeCall, _ type: T.Type) throws(Interrupt) -> T {
        guard case let .native(value)? = call.receiver?.dereferenced, let typed = value as? T else {
            throw call.error("expected a value of type '\(T.self)'")
        }
        return typed
    }

    /// Readable and settable `Double` fields.
    private static func fields<T: NativeValue>(_ type: NativeType, _: T.Type, _ paths: [String: WritableKeyPath<T, Double>]) {
        for (name, path) in paths {
            type.property(name, type: .double) { call throws(Interrupt) in .double(try receiver(call, T.self)[keyPath: path]) }
            type.setter(name) { receiverValue, value, location throws(Interrupt) in
                guard case let .native(native) = receiverValue, var typed = native as? T, let number = value.dereferenced.number else {
                    throw Interrupt.error("expected a number", at: location)
                }
                typed[keyPath: path] = number
                return .native(typed)
            }
        }
    }
}

/// `CGPoint`.
public struct CGPointValue: NativeValue, Hashable, Sendable {
    /// Coordinates in points.
    public var x: Double, y: Double
    /// A point.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public var nativeTypeName: String { "CGPoint" }
}

/// `CGSize`.
public struct CGSizeValue: NativeValue, Hashable, Sendable {
    /// Extents in points.
    public var width: Double, height: Double
    /// A size.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public var nativeTypeName: String { "CGSize" }
}

/// `CGVector`.
public struct CGVectorValue: NativeValue, Hashable, Sendable {
    /// Components in points.
    public var dx: Double, dy: Double
    /// A vector.
    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    public var nativeTypeName: String { "CGVector" }
}

/// `CGRect`.
public struct CGRectValue: NativeValue, Hashable, Sendable {
    /// Origin and extents in points (possibly negative, as written).
    public var x: Double, y: Double, width: Double, height: Double
    /// A rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var nativeTypeName: String { "CGRect" }

    /// The same rectangle with a non-negative width and height (`CGRect.standardized`).
    public var standardized: CGRectValue {
        CGRectValue(x: width < 0 ? x + width : x, y: height < 0 ? y + height : y, width: abs(width), height: abs(height))
    }
}
