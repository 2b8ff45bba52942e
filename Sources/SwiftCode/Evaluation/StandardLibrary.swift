import Glibc

/// The part of Swift's standard library, Foundation and Core Graphics that view code uses:
/// numbers and their conversions, math functions, strings and `String(format:)`, arrays,
/// dictionaries, ranges and `stride`, and `CGPoint`/`CGSize`/`CGRect`/`CGVector`.
enum StandardLibrary {
    /// Adds the free functions and the Core Graphics types to `library`.
    static func install(in library: NativeLibrary) {
        guard library.types["CGPoint"] == nil else { return }
        for (name, function) in [("sin", sin), ("cos", cos), ("tan", tan), ("asin", asin), ("acos", acos), ("atan", atan),
                                 ("sqrt", sqrt), ("exp", exp), ("log", log), ("log2", log2), ("log10", log10), ("floor", floor),
                                 ("ceil", ceil), ("round", Glibc.round), ("trunc", trunc), ("sinh", sinh), ("cosh", cosh), ("tanh", tanh)] as [(String, (Double) -> Double)] {
            library.addFunction(name, NativeFunction([NativeParameter(nil, .double)], result: .double) { call throws(Interrupt) in
                .double(function(try call.number(0)))
            })
        }
        for (name, function) in [("atan2", atan2), ("pow", pow), ("fmod", fmod), ("hypot", hypot)] as [(String, (Double, Double) -> Double)] {
            library.addFunction(name, NativeFunction([NativeParameter(nil, .double), NativeParameter(nil, .double)], result: .double) { call throws(Interrupt) in
                .double(function(try call.number(0), try call.number(1)))
            })
        }
        library.addFunction("abs", NativeFunction([NativeParameter(nil, .any)]) { call throws(Interrupt) in
            switch call[0].dereferenced {
            case let .int(n):
                guard n != Int.min else { throw call.error("arithmetic overflow") }
                return .int(abs(n))
            default: return .double(abs(try call.number(0)))
            }
        })
        for name in ["min", "max"] {
            library.addFunction(name, NativeFunction([NativeParameter(nil, .any), NativeParameter(nil, .any), NativeParameter(nil, .any, variadic: true)]) { call throws(Interrupt) in
                guard case let .array(rest) = call[2] else { return .nilValue }
                var best = call[0].dereferenced
                for candidate in [call[1].dereferenced] + rest {
                    let less = try call.evaluator.apply("<", candidate, best, at: call.location)
                    if case .bool(true) = less, name == "min" { best = candidate }
                    let more = try call.evaluator.apply(">", candidate, best, at: call.location)
                    if case .bool(true) = more, name == "max" { best = candidate }
                }
                if case .double = call[0].dereferenced, case let .int(n) = best { return .double(Double(n)) }
                if case .double = call[1].dereferenced, case let .int(n) = best { return .double(Double(n)) }
                return best
            })
            library.addFunction(name, NativeFunction([NativeParameter(nil, .array(.any))]) { call throws(Interrupt) in
                guard case let .array(values) = call[0].dereferenced, var best = values.first else { return .nilValue }
                for candidate in values.dropFirst() {
                    if case .bool(true) = try call.evaluator.apply(name == "min" ? "<" : ">", candidate, best, at: call.location) { best = candidate }
                }
                return best
            })
        }
        for (label, closed) in [("to", false), ("through", true)] {
            library.addFunction("stride", NativeFunction([NativeParameter("from", .double), NativeParameter(label, .double), NativeParameter("by", .double)]) { call throws(Interrupt) in
                let integral = [call[0], call[1], call[2]].allSatisfy { if case .int = $0.dereferenced { true } else { false } }
                let step = try call.number(2)
                guard step != 0 else { throw call.error("stride step must not be zero", argument: 2) }
                return .native(StrideValue(start: try call.number(0), end: try call.number(1), step: step, isClosed: closed, isIntegral: integral))
            })
        }
        library.addFunction("zip", NativeFunction([NativeParameter(nil), NativeParameter(nil)]) { call throws(Interrupt) in
            let a = try call.evaluator.iterate(call[0], at: call.location), b = try call.evaluator.iterate(call[1], at: call.location)
            return .array(zip(a, b).map { .tuple([$0, $1], labels: [nil, nil]) })
        })
        for name in ["print", "debugPrint", "NSLog"] {
            library.addFunction(name, NativeFunction([NativeParameter(nil, .any, variadic: true), NativeParameter("separator", .string, default: .string(" ")),
                                                      NativeParameter("terminator", .string, default: .string("\n"))]) { call throws(Interrupt) in
                guard case let .array(items) = call[0] else { return .void }
                call.evaluator.print(items.map { $0.dereferenced.text }.joined(separator: (try? call.string(1)) ?? " "))
                return .void
            })
        }
        library.addFunction("type", NativeFunction([NativeParameter("of")]) { call throws(Interrupt) in .string(call[0].typeName) })
        for name in ["fatalError", "preconditionFailure"] {
            library.addFunction(name, NativeFunction([NativeParameter(nil, .string, default: .string(""))]) { call throws(Interrupt) in
                throw call.error("\(name)(\((try? call.string(0)).map { "\"\($0)\"" } ?? "")) was called")
            })
        }
        for name in ["precondition", "assert"] {
            library.addFunction(name, NativeFunction([NativeParameter(nil, .bool), NativeParameter(nil, .string, default: .string(""))]) { call throws(Interrupt) in
                guard try call.bool(0) else { throw call.error("\(name) failed\((try? call.string(1)).flatMap { $0.isEmpty ? nil : ": " + $0 } ?? "")") }
                return .void
            })
        }
        library.addFunction("withExtendedLifetime", NativeFunction([NativeParameter(nil), NativeParameter(nil, .function(parameters: [], result: .any))]) { call throws(Interrupt) in
            try call.call(1, [])
        })
        CoreGraphicsTypes.install(in: library)
        NumberFormatStyleValue.install(in: library)
    }

    /// A method bound to `receiver`.
    static func method(_ receiver: Value, _ name: String, _ parameters: [NativeParameter], mutating: Bool = false,
                       evaluator: Evaluator, _ body: @escaping (NativeCall) throws(Interrupt) -> Value) -> Value {
        let native = NativeFunction(parameters, body)
        native.isMutating = mutating
        let function = Function(.native([native]), environment: evaluator.globals, name: name)
        function.receiver = receiver
        return .function(function)
    }

    // Computed, not stored: a stored `static let` of an indirect enum keeps its box behind a
    // pointer with the enum's case in its spare bits, which LeakSanitizer cannot follow, so the
    // fuzzers' leak checks reported every such constant as a leak (and would have hidden a real
    // one among them). A fresh value per use costs one small allocation.
    static var closure: ValueType { .function(parameters: [.any], result: .any) }
    static var predicate: ValueType { .function(parameters: [.any], result: .bool) }

    // MARK: Members

    /// `value.name` for a standard value, or `nil` when it has no such member.
    static func member(_ name: String, of value: Value, at location: SourceLocation, evaluator: Evaluator) throws(Interrupt) -> Value? {
        switch value {
        case let .int(n): return intMember(name, n, value, evaluator)
        case let .double(x): return doubleMember(name, x, value, evaluator)
        case let .bool(flag):
            switch name {
            case "toggle": return method(value, name, [], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                call.mutatedReceiver?.value = .bool(!flag)
                return .void
            }
            case "description": return .string(flag ? "true" : "false")
            default: return nil
            }
        case let .string(text): return try stringMember(name, text, value, at: location, evaluator)
        case let .array(elements): return try arrayMember(name, elements, value, at: location, evaluator)
        case let .dictionary(dictionary): return dictionaryMember(name, dictionary, value, evaluator)
        case let .range(range): return try rangeMember(name, range, value, at: location, evaluator)
        case .nilValue:
            switch name {
            case "map", "flatMap": return method(value, name, [NativeParameter(nil, closure)], evaluator: evaluator) { _ throws(Interrupt) in .nilValue }
            default: return nil
            }
        default: return nil
        }
    }

    private static func intMember(_ name: String, _ n: Int, _ value: Value, _ evaluator: Evaluator) -> Value? {
        switch name {
        case "description": return .string(String(n))
        case "magnitude": return .int(n == Int.min ? Int.max : abs(n))
        case "signum": return method(value, name, [], evaluator: evaluator) { _ throws(Interrupt) in .int(n.signum()) }
        case "isMultiple": return method(value, name, [NativeParameter("of", .int)], evaluator: evaluator) { call throws(Interrupt) in
            let d = try call.integer(0)
            return .bool(d == 0 ? n == 0 : n % d == 0)
        }
        case "quotientAndRemainder": return method(value, name, [NativeParameter("dividingBy", .int)], evaluator: evaluator) { call throws(Interrupt) in
            let d = try call.integer(0)
            guard d != 0 else { throw call.error("division by zero") }
            return .tuple([.int(n / d), .int(n % d)], labels: ["quotient", "remainder"])
        }
        case "advanced": return method(value, name, [NativeParameter("by", .int)], evaluator: evaluator) { call throws(Interrupt) in .int(n &+ (try call.integer(0))) }
        case "distance": return method(value, name, [NativeParameter("to", .int)], evaluator: evaluator) { call throws(Interrupt) in .int((try call.integer(0)) &- n) }
        case "isZero": return .bool(n == 0)
        case "formatted": return formatted(value, evaluator)
        default: return nil
        }
    }

    /// `value.formatted()` and `value.formatted(style)`: the number as a format style writes it.
    private static func formatted(_ value: Value, _ evaluator: Evaluator) -> Value {
        method(value, "formatted", [NativeParameter(nil, .named("FormatStyle"), default: .native(NumberFormatStyleValue(kind: .number)))],
               evaluator: evaluator) { call throws(Interrupt) in
            let style = try call.native(0, NumberFormatStyleValue.self, "a number format style such as '.percent'")
            guard let text = style.format(value) else { throw call.error("expected a number") }
            return .string(text)
        }
    }

    private static func doubleMember(_ name: String, _ x: Double, _ value: Value, _ evaluator: Evaluator) -> Value? {
        switch name {
        case "description": return .string(String(describing: x))
        case "magnitude": return .double(abs(x))
        case "isNaN": return .bool(x.isNaN)
        case "isFinite": return .bool(x.isFinite)
        case "isInfinite": return .bool(x.isInfinite)
        case "isZero": return .bool(x == 0)
        case "sign": return .int(x.sign == .minus ? 1 : 0)
        case "squareRoot": return method(value, name, [], evaluator: evaluator) { _ throws(Interrupt) in .double(x.squareRoot()) }
        case "rounded": return method(value, name, [NativeParameter(nil, .named("FloatingPointRoundingRule"), default: .string("toNearestOrAwayFromZero"))], evaluator: evaluator) { call throws(Interrupt) in
            .double(x.rounded(try roundingRule(call[0], call)))
        }
        case "round": return method(value, name, [NativeParameter(nil, .named("FloatingPointRoundingRule"), default: .string("toNearestOrAwayFromZero"))], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
            call.mutatedReceiver?.value = .double(x.rounded(try roundingRule(call[0], call)))
            return .void
        }
        case "truncatingRemainder": return method(value, name, [NativeParameter("dividingBy", .double)], evaluator: evaluator) { call throws(Interrupt) in
            .double(x.truncatingRemainder(dividingBy: try call.number(0)))
        }
        case "remainder": return method(value, name, [NativeParameter("dividingBy", .double)], evaluator: evaluator) { call throws(Interrupt) in
            .double(x.remainder(dividingBy: try call.number(0)))
        }
        case "clamped": return method(value, name, [NativeParameter("to", .range(.double))], evaluator: evaluator) { call throws(Interrupt) in
            guard case let .range(range) = call[0], let low = range.lower.number, let high = range.upper.number else { return value }
            return .double(min(max(x, low), high))
        }
        case "formatted": return formatted(value, evaluator)
        case "addingProduct": return method(value, name, [NativeParameter(nil, .double), NativeParameter(nil, .double)], evaluator: evaluator) { call throws(Interrupt) in
            .double(x + (try call.number(0)) * (try call.number(1)))
        }
        default: return nil
        }
    }

    private static func roundingRule(_ value: Value, _ call: NativeCall) throws(Interrupt) -> FloatingPointRoundingRule {
        let name: String
        switch value {
        case let .string(text): name = text
        case let .native(native as RoundingRuleValue): name = native.name
        default: throw call.error("expected a FloatingPointRoundingRule")
        }
        switch name {
        case "up": return .up
        case "down": return .down
        case "towardZero": return .towardZero
        case "awayFromZero": return .awayFromZero
        case "toNearestOrEven": return .toNearestOrEven
        default: return .toNearestOrAwayFromZero
        }
    }

    private static func stringMember(_ name: String, _ text: String, _ value: Value, at location: SourceLocation, _ evaluator: Evaluator) throws(Interrupt) -> Value? {
        switch name {
        case "count": return .int(text.count)
        case "isEmpty": return .bool(text.isEmpty)
        case "description": return value
        case "first": return text.first.map { .string(String($0)) } ?? .nilValue
        case "last": return text.last.map { .string(String($0)) } ?? .nilValue
        case "uppercased": return method(value, name, [], evaluator: evaluator) { _ throws(Interrupt) in .string(text.uppercased()) }
        case "lowercased": return method(value, name, [], evaluator: evaluator) { _ throws(Interrupt) in .string(text.lowercased()) }
        case "capitalized": return .string(text.split(separator: " ", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " "))
        case "hasPrefix", "hasSuffix", "contains":
            return method(value, name, [NativeParameter(nil, .string)], evaluator: evaluator) { call throws(Interrupt) in
                let other = try call.string(0)
                switch name {
                case "hasPrefix": return .bool(text.hasPrefix(other))
                case "hasSuffix": return .bool(text.hasSuffix(other))
                default: return .bool(other.isEmpty || text.contains(other))
                }
            }
        case "prefix", "suffix", "dropFirst", "dropLast":
            return method(value, name, [NativeParameter(nil, .int, default: .int(1))], evaluator: evaluator) { call throws(Interrupt) in
                let n = max(0, try call.integer(0))
                switch name {
                case "prefix": return .string(String(text.prefix(n)))
                case "suffix": return .string(String(text.suffix(n)))
                case "dropFirst": return .string(String(text.dropFirst(n)))
                default: return .string(String(text.dropLast(n)))
                }
            }
        case "replacingOccurrences":
            return method(value, name, [NativeParameter("of", .string), NativeParameter("with", .string)], evaluator: evaluator) { call throws(Interrupt) in
                let target = try call.string(0), replacement = try call.string(1)
                guard !target.isEmpty else { return value }
                return .string(text.split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement))
            }
        case "components":
            return method(value, name, [NativeParameter("separatedBy", .string)], evaluator: evaluator) { call throws(Interrupt) in
                let separator = try call.string(0)
                guard !separator.isEmpty else { return .array([value]) }
                return .array(text.split(separator: separator, omittingEmptySubsequences: false).map { .string(String($0)) })
            }
        case "split":
            return method(value, name, [NativeParameter("separator", .string)], evaluator: evaluator) { call throws(Interrupt) in
                let separator = try call.string(0)
                guard let character = separator.first, separator.count == 1 else { throw call.error("the separator must be one character", argument: 0) }
                return .array(text.split(separator: character).map { .string(String($0)) })
            }
        case "trimmingCharacters":
            return method(value, name, [NativeParameter("in")], evaluator: evaluator) { _ throws(Interrupt) in
                .string(String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()))
            }
        case "append":
            return method(value, name, [NativeParameter(nil, .string)], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                let more = try call.string(0)
                try call.evaluator.checkCount(text.utf8.count + more.utf8.count, at: call.location)
                call.mutatedReceiver?.value = .string(text + more)
                return .void
            }
        case "removeLast":
            return method(value, name, [], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                guard let last = text.last else { throw call.error("cannot remove the last character of an empty string") }
                call.mutatedReceiver?.value = .string(String(text.dropLast()))
                return .string(String(last))
            }
        case "removeAll":
            return method(value, name, [], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                call.mutatedReceiver?.value = .string("")
                return .void
            }
        default:
            // A string is a collection of characters: `map`, `enumerated()`, `reversed()` …
            let characters = text.map { Value.string(String($0)) }
            if ["map", "enumerated", "filter", "forEach", "reversed", "indices", "compactMap", "firstIndex", "randomElement", "shuffled", "allSatisfy", "reduce"].contains(name) {
                let member = try arrayMember(name, characters, .array(characters), at: location, evaluator)
                if name == "reversed", case let .function(function)? = member {
                    return method(value, name, [], evaluator: evaluator) { call throws(Interrupt) in
                        guard case let .array(reversed) = try call.evaluator.call(function, [], at: call.location) else { return value }
                        return .string(reversed.map(\.text).joined())
                    }
                }
                return member
            }
            return nil
        }
    }

    private static func arrayMember(_ name: String, _ elements: [Value], _ value: Value, at location: SourceLocation, _ evaluator: Evaluator) throws(Interrupt) -> Value? {
        func each(_ call: NativeCall, _ index: Int, _ element: Value) throws(Interrupt) -> Value {
            try call.evaluator.call(call.arguments[index], [element], at: call.argumentLocations[index])
        }
        func isTrue(_ value: Value) -> Bool { if case .bool(true) = value.dereferenced { true } else { false } }
        switch name {
        case "count": return .int(elements.count)
        case "isEmpty": return .bool(elements.isEmpty)
        case "first": return elements.first ?? .nilValue
        case "last": return elements.last ?? .nilValue
        case "startIndex": return .int(0)
        case "endIndex": return .int(elements.count)
        case "indices": return .range(RangeValue(lower: .int(0), upper: .int(elements.count), isClosed: false))
        case "lazy", "description": return name == "lazy" ? value : .string(value.text)
        case "enumerated":
            return method(value, name, [], evaluator: evaluator) { _ throws(Interrupt) in
                .array(elements.enumerated().map { .tuple([.int($0), $1], labels: ["offset", "element"]) })
            }
        case "map", "compactMap", "flatMap":
            return method(value, name, [NativeParameter(nil, closure)], evaluator: evaluator) { call throws(Interrupt) in
                var result: [Value] = []
                for element in elements {
                    let mapped = try each(call, 0, element)
                    switch name {
                    case "map": result.append(mapped)
                    case "compactMap": if case .nilValue = mapped {} else { result.append(mapped) }
                    default: if case let .array(inner) = mapped { result += inner } else { result.append(mapped) }
                    }
                }
                return .array(result)
            }
        case "filter":
            return method(value, name, [NativeParameter(nil, predicate)], evaluator: evaluator) { call throws(Interrupt) in
                var result: [Value] = []
                for element in elements where isTrue(try each(call, 0, element)) { result.append(element) }
                return .array(result)
            }
        case "forEach":
            return method(value, name, [NativeParameter(nil, .function(parameters: [.any], result: .void))], evaluator: evaluator) { call throws(Interrupt) in
                for element in elements { _ = try each(call, 0, element) }
                return .void
            }
        case "reduce":
            return method(value, name, [NativeParameter(nil), NativeParameter(nil, .function(parameters: [.any, .any], result: .any))], evaluator: evaluator) { call throws(Interrupt) in
                var accumulator = call[0]
                for element in elements {
                    if case let .function(function) = call[1], case .native = function.body, function.name.first.map({ "+-*/".contains($0) }) ?? false {
                        accumulator = try call.evaluator.apply(function.name, accumulator, element, at: call.location)
                    } else {
                        accumulator = try call.evaluator.call(call[1], [accumulator, element], at: call.argumentLocations[1])
                    }
                }
                return accumulator
            }
        case "contains":
            return method(value, name, [NativeParameter(nil)], evaluator: evaluator) { call throws(Interrupt) in
                if case .function = call[0] {
                    for element in elements where isTrue(try each(call, 0, element)) { return .bool(true) }
                    return .bool(false)
                }
                return .bool(elements.contains { $0.isEqual(to: call[0]) })
            }
        case "allSatisfy":
            return method(value, name, [NativeParameter(nil, predicate)], evaluator: evaluator) { call throws(Interrupt) in
                for element in elements where !isTrue(try each(call, 0, element)) { return .bool(false) }
                return .bool(true)
            }
        case "first(where:)", "last(where:)":
            return method(value, name, [NativeParameter("where", predicate)], evaluator: evaluator) { call throws(Interrupt) in
                for element in (name.hasPrefix("first") ? elements : elements.reversed()) where isTrue(try each(call, 0, element)) { return element }
                return .nilValue
            }
        case "firstIndex", "lastIndex":
            // A string's characters (`text.firstIndex { … }`), by value or predicate.
            return method(value, name, [NativeParameter(nil)], evaluator: evaluator) { call throws(Interrupt) in
                let order = name == "firstIndex" ? Array(elements.indices) : elements.indices.reversed()
                for index in order {
                    if case .function = call[0] { if isTrue(try each(call, 0, elements[index])) { return .int(index) } } else if elements[index].isEqual(to: call[0]) { return .int(index) }
                }
                return .nilValue
            }
        case "firstIndex(of:)", "lastIndex(of:)":
            return method(value, name, [NativeParameter("of")], evaluator: evaluator) { call throws(Interrupt) in
                let order = name.hasPrefix("first") ? Array(elements.indices) : elements.indices.reversed()
                return order.first { elements[$0].isEqual(to: call[0]) }.map { .int($0) } ?? .nilValue
            }
        case "firstIndex(where:)", "lastIndex(where:)":
            return method(value, name, [NativeParameter("where", predicate)], evaluator: evaluator) { call throws(Interrupt) in
                let order = name.hasPrefix("first") ? Array(elements.indices) : elements.indices.reversed()
                for index in order where isTrue(try each(call, 0, elements[index])) { return .int(index) }
                return .nilValue
            }
        case "reversed":
            return method(value, name, [], evaluator: evaluator) { _ throws(Interrupt) in .array(elements.reversed()) }
        case "sorted", "min", "max":
            return method(value, name, [NativeParameter("by", .function(parameters: [.any, .any], result: .bool), default: .nilValue)], evaluator: evaluator) { call throws(Interrupt) in
                var failure: Interrupt?
                func less(_ a: Value, _ b: Value) -> Bool {
                    guard failure == nil else { return false }
                    do {
                        if case .nilValue = call[0] { return isTrue(try call.evaluator.apply("<", a, b, at: call.location)) }
                        return isTrue(try call.evaluator.call(call[0], [a, b], at: call.location))
                    } catch { failure = error; return false }
                }
                let sorted = elements.enumerated().sorted { less($0.element, $1.element) || (!less($1.element, $0.element) && $0.offset < $1.offset) }.map(\.element)
                if let failure { throw failure }
                switch name {
                case "min": return sorted.first ?? .nilValue
                case "max": return sorted.last ?? .nilValue
                default: return .array(sorted)
                }
            }
        case "prefix", "suffix", "dropFirst", "dropLast":
            return method(value, name, [NativeParameter(nil, .int, default: .int(1))], evaluator: evaluator) { call throws(Interrupt) in
                let n = max(0, try call.integer(0))
                switch name {
                case "prefix": return .array(Array(elements.prefix(n)))
                case "suffix": return .array(Array(elements.suffix(n)))
                case "dropFirst": return .array(Array(elements.dropFirst(n)))
                default: return .array(Array(elements.dropLast(n)))
                }
            }
        case "joined":
            return method(value, name, [NativeParameter("separator", .string, default: .string(""))], evaluator: evaluator) { call throws(Interrupt) in
                .string(elements.map(\.text).joined(separator: try call.string(0)))
            }
        case "randomElement":
            return method(value, name, [], evaluator: evaluator) { call throws(Interrupt) in
                elements.isEmpty ? .nilValue : elements[Int(call.evaluator.random.next() % UInt64(elements.count))]
            }
        case "shuffled":
            return method(value, name, [], evaluator: evaluator) { call throws(Interrupt) in
                var copy = elements
                copy.shuffle(using: &call.evaluator.random)
                return .array(copy)
            }
        case "append", "insert", "remove", "removeFirst", "removeLast", "removeAll", "popLast", "swapAt", "shuffle", "reverse", "sort":
            return mutatingArrayMethod(name, elements, value, evaluator)
        default:
            return nil
        }
    }

    private static func mutatingArrayMethod(_ name: String, _ elements: [Value], _ value: Value, _ evaluator: Evaluator) -> Value? {
        func result(_ call: NativeCall, _ new: [Value]) throws(Interrupt) {
            try call.evaluator.checkCount(new.count, at: call.location)
            call.mutatedReceiver?.value = .array(new)
        }
        switch name {
        case "append":
            return method(value, name, [NativeParameter(nil)], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                try result(call, elements + [call[0]])
                return .void
            }
        case "insert":
            return method(value, name, [NativeParameter(nil), NativeParameter("at", .int)], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                let index = try call.integer(1)
                guard (0...elements.count).contains(index) else { throw call.error("index out of range", argument: 1) }
                var copy = elements
                copy.insert(call[0], at: index)
                try result(call, copy)
                return .void
            }
        case "remove":
            return method(value, name, [NativeParameter("at", .int)], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                let index = try call.integer(0)
                guard elements.indices.contains(index) else { throw call.error("index out of range", argument: 0) }
                var copy = elements
                let removed = copy.remove(at: index)
                try result(call, copy)
                return removed
            }
        case "removeFirst", "removeLast", "popLast":
            return method(value, name, [], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                guard !elements.isEmpty else {
                    if name == "popLast" { return .nilValue }
                    throw call.error("cannot \(name == "removeFirst" ? "remove the first" : "remove the last") element of an empty array")
                }
                var copy = elements
                let removed = name == "removeFirst" ? copy.removeFirst() : copy.removeLast()
                try result(call, copy)
                return removed
            }
        case "removeAll":
            return method(value, name, [NativeParameter("where", predicate, default: .nilValue)], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                guard case .function = call[0] else { try result(call, []); return .void }
                var kept: [Value] = []
                for element in elements {
                    if case .bool(true) = try call.evaluator.call(call[0], [element], at: call.location) { continue }
                    kept.append(element)
                }
                try result(call, kept)
                return .void
            }
        case "swapAt":
            return method(value, name, [NativeParameter(nil, .int), NativeParameter(nil, .int)], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                let i = try call.integer(0), j = try call.integer(1)
                guard elements.indices.contains(i), elements.indices.contains(j) else { throw call.error("index out of range") }
                var copy = elements
                copy.swapAt(i, j)
                try result(call, copy)
                return .void
            }
        case "shuffle":
            return method(value, name, [], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                var copy = elements
                copy.shuffle(using: &call.evaluator.random)
                try result(call, copy)
                return .void
            }
        case "reverse":
            return method(value, name, [], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                try result(call, elements.reversed())
                return .void
            }
        case "sort":
            return method(value, name, [], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                guard case let .function(sorted)? = try arrayMember("sorted", elements, value, at: call.location, call.evaluator),
                      case let .array(new) = try call.evaluator.call(sorted, [], at: call.location) else { return .void }
                try result(call, new)
                return .void
            }
        default:
            return nil
        }
    }

    private static func dictionaryMember(_ name: String, _ dictionary: DictionaryValue, _ value: Value, _ evaluator: Evaluator) -> Value? {
        switch name {
        case "count": return .int(dictionary.entries.count)
        case "isEmpty": return .bool(dictionary.entries.isEmpty)
        case "keys": return .array(dictionary.entries.map(\.key))
        case "values": return .array(dictionary.entries.map(\.value))
        case "removeValue":
            return method(value, name, [NativeParameter("forKey")], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                var copy = dictionary
                let old = copy[call[0]] ?? .nilValue
                copy[call[0]] = nil
                call.mutatedReceiver?.value = .dictionary(copy)
                return old
            }
        case "updateValue":
            return method(value, name, [NativeParameter(nil), NativeParameter("forKey")], mutating: true, evaluator: evaluator) { call throws(Interrupt) in
                var copy = dictionary
                let old = copy[call[1]] ?? .nilValue
                copy[call[1]] = call[0]
                call.mutatedReceiver?.value = .dictionary(copy)
                return old
            }
        case "mapValues":
            return method(value, name, [NativeParameter(nil, closure)], evaluator: evaluator) { call throws(Interrupt) in
                var copy = dictionary
                for index in copy.entries.indices { copy.entries[index].value = try call.call(0, [copy.entries[index].value]) }
                return .dictionary(copy)
            }
        default:
            let pairs = dictionary.entries.map { Value.tuple([$0.key, $0.value], labels: ["key", "value"]) }
            return try? arrayMember(name, pairs, .array(pairs), at: .start, evaluator)
        }
    }

    private static func rangeMember(_ name: String, _ range: RangeValue, _ value: Value, at location: SourceLocation, _ evaluator: Evaluator) throws(Interrupt) -> Value? {
        switch name {
        case "lowerBound": return range.lower
        case "upperBound": return range.upper
        case "contains":
            return method(value, name, [NativeParameter(nil)], evaluator: evaluator) { call throws(Interrupt) in
                .bool(try call.evaluator.contains(range, call[0].dereferenced, at: call.location))
            }
        case "isEmpty":
            if let integers = range.integers { return .bool(integers.isEmpty) }
            if let low = range.lower.number, let high = range.upper.number { return .bool(range.isClosed ? low > high : low >= high) }
            return nil
        case "randomElement":
            guard let integers = range.integers else { return nil }
            return method(value, name, [], evaluator: evaluator) { call throws(Interrupt) in
                integers.isEmpty ? .nilValue : .int(integers.lowerBound + Int(call.evaluator.random.next() % UInt64(integers.count)))
            }
        default:
            guard let integers = range.integers else { return nil }
            try evaluator.checkCount(integers.count, at: location)
            let elements = integers.map(Value.int)
            return try arrayMember(name, elements, .array(elements), at: location, evaluator)
        }
    }

    // MARK: Static members and initialisers

    /// `Double.pi`, `Int.max`, `Double.random(in:)` …
    static func staticMember(_ name: String, of type: ValueType, at location: SourceLocation, evaluator: Evaluator) throws(Interrupt) -> Value? {
        let receiver = Value.type(.standard(type))
        switch (type, name) {
        case (.double, "pi"): return .double(Double.pi)
        case (.double, "infinity"): return .double(.infinity)
        case (.double, "nan"): return .double(.nan)
        case (.double, "greatestFiniteMagnitude"): return .double(.greatestFiniteMagnitude)
        case (.double, "leastNonzeroMagnitude"): return .double(.leastNonzeroMagnitude)
        case (.double, "ulpOfOne"): return .double(.ulpOfOne)
        case (.double, "zero"): return .double(0)
        case (.int, "zero"): return .int(0)
        case (.int, "max"): return .int(.max)
        case (.int, "min"): return .int(.min)
        case (.double, "random"), (.int, "random"):
            return method(receiver, name, [NativeParameter("in", .range(type))], evaluator: evaluator) { call throws(Interrupt) in
                guard case let .range(range) = call[0] else { throw call.error("expected a range", argument: 0) }
                if type == .int, let integers = range.integers {
                    guard !integers.isEmpty else { throw call.error("the range is empty", argument: 0) }
                    return .int(integers.lowerBound + Int(call.evaluator.random.next() % UInt64(integers.count)))
                }
                guard let low = range.lower.number, let high = range.upper.number, low <= high else { throw call.error("the range is empty", argument: 0) }
                let unit = Double(call.evaluator.random.next() >> 11) / Double(1 << 53)
                return .double(low + (high - low) * unit)
            }
        case (.bool, "random"):
            return method(receiver, name, [], evaluator: evaluator) { call throws(Interrupt) in .bool(call.evaluator.random.next() & 1 == 1) }
        case (.double, "maximum"), (.double, "minimum"), (.int, "maximum"), (.int, "minimum"):
            return method(receiver, name, [NativeParameter(nil), NativeParameter(nil)], evaluator: evaluator) { call throws(Interrupt) in
                let a = try call.number(0), b = try call.number(1)
                let pick = name == "maximum" ? max(a, b) : min(a, b)
                return type == .int ? .int(Int(pick)) : .double(pick)
            }
        default: return nil
        }
    }

    /// `Int(x)`, `Double(x)`, `CGFloat(x)`, `String(…)`, `Array(repeating:count:)`, `[T]()`.
    static func construct(_ type: ValueType, _ arguments: [Argument], _ trailing: [TrailingClosure], at location: SourceLocation,
                          in environment: Environment, evaluator: Evaluator) throws(Interrupt) -> Value {
        func argument(_ index: Int, _ expected: ValueType? = nil) throws(Interrupt) -> Value {
            try evaluator.evaluate(arguments[index].value, expected: expected, in: environment).dereferenced
        }
        let labels = arguments.map(\.label)
        switch type {
        case .int, .double:
            guard arguments.count == 1 else { break }
            let value = try argument(0, type)
            if labels[0] == "exactly" {
                guard let x = value.number else { return .nilValue }
                if type == .int { return x == x.rounded() && abs(x) < 9.2e18 ? .int(Int(x)) : .nilValue }
                return .double(x)
            }
            guard labels[0] == nil else { break }
            switch value {
            case let .int(n): return type == .int ? .int(n) : .double(Double(n))
            case let .double(x):
                if type == .double { return .double(x) }
                guard x.isFinite, abs(x) < 9.2e18 else {
                    throw .error("\(x) cannot be converted to Int because it is \(x.isFinite ? "outside the representable range" : "not finite")", at: arguments[0].value.location)
                }
                return .int(Int(x))
            case let .string(text):
                if type == .int { return Int(text).map(Value.int) ?? .nilValue }
                return Double(text).map(Value.double) ?? .nilValue
            case let .bool(flag): return type == .int ? .int(flag ? 1 : 0) : .double(flag ? 1 : 0)
            default: break
            }
            throw .error("cannot convert value of type '\(value.typeName)' to '\(type)'", at: arguments[0].value.location)
        case .string:
            if arguments.isEmpty { return .string("") }
            if labels[0] == "format" {
                guard case let .string(format) = try argument(0, .string) else { break }
                var values: [Value] = []
                for index in 1..<arguments.count {
                    let value = try argument(index)
                    if case let .array(items) = value, arguments.count == 2, labels[1] == "arguments" { values += items } else { values.append(value) }
                }
                return .string(try StringFormat.format(format, values, at: location))
            }
            if labels[0] == "repeating", arguments.count == 2 {
                guard case let .string(piece) = try argument(0, .string), case let .int(count) = try argument(1, .int) else { break }
                guard count >= 0 else { throw .error("a negative count", at: arguments[1].value.location) }
                try evaluator.checkCount(piece.utf8.count * count, at: location)
                return .string(String(repeating: piece, count: count))
            }
            if arguments.count == 1, labels[0] == nil || labels[0] == "describing" {
                let value = try argument(0)
                if case let .array(items) = value, labels[0] == nil, items.allSatisfy({ if case .string = $0 { true } else { false } }) {
                    return .string(items.map(\.text).joined())
                }
                return .string(value.text)
            }
        case .bool:
            if arguments.count == 1, labels[0] == nil { return try argument(0, .bool) }
        case let .array(element):
            if arguments.isEmpty { return .array([]) }
            if labels == ["repeating", "count"] {
                let value = evaluator.coerce(try argument(0, element), to: element)
                guard case let .int(count) = try argument(1, .int) else { break }
                guard count >= 0 else { throw .error("Array(repeating:count:) needs a count of 0 or more, not \(count)", at: arguments[1].value.location) }
                try evaluator.checkCount(count, at: arguments[1].value.location)
                return .array(Array(repeating: value, count: count))
            }
            if arguments.count == 1, labels[0] == nil {
                return .array(try evaluator.iterate(try argument(0), at: arguments[0].value.location))
            }
        case .dictionary:
            if arguments.isEmpty { return .dictionary(DictionaryValue()) }
        default:
            break
        }
        throw .error("no initializer of '\(type)' takes these arguments", at: location)
    }
}

/// `stride(from:to:by:)` and `stride(from:through:by:)`.
public struct StrideValue: NativeValue, Equatable {
    /// The first value.
    public var start: Double
    /// The bound.
    public var end: Double
    /// The step (never 0).
    public var step: Double
    /// `through:` (the bound included when reached).
    public var isClosed: Bool
    /// Every operand was an integer: the elements are `Int`s.
    public var isIntegral: Bool
    public var nativeTypeName: String { "StrideTo" }

    /// The elements, at most `limit`.
    func elements(limit: Int, at location: SourceLocation) throws(Interrupt) -> [Value] {
        var result: [Value] = []
        var index = 0.0
        while true {
            let value = start + index * step
            let inside = step > 0 ? (isClosed ? value <= end : value < end) : (isClosed ? value >= end : value > end)
            guard inside else { break }
            result.append(isIntegral ? .int(Int(value)) : .double(value))
            if result.count > limit { throw .error("this stride makes more than \(limit) elements", at: location) }
            index += 1
        }
        return result
    }
}

/// `FloatingPointRoundingRule` cases (`.up`, `.down` …), as the rule's name.
public struct RoundingRuleValue: NativeValue, Equatable {
    /// The case's name.
    public var name: String
    public var nativeTypeName: String { "FloatingPointRoundingRule" }
}
