extension FrameComparisonResult {
    /// A JUnit XML report (`spinrender compare --junit PATH`), deterministic.
    ///
    /// One `<testsuite>` named `suiteName` (the caller passes e.g. the expected file's path): a
    /// first test case `canvas and timing` that fails with every shape and timing mismatch, then
    /// one test case per frame (`frame 0`, `frame 1`, …; when comparing what plays, per moment:
    /// `at 0 ms`, `at 40 ms`, …) that fails with the frame's report line.
    /// When pixels are ignored (``ComparisonOptions/ignored``) the suite has a property
    /// `ignoredPixels` (the sum over frames) and each frame case a property of its own count.
    /// Names and messages are XML-escaped; characters XML 1.0 forbids become U+FFFD.
    ///
    /// - Parameter suiteName: the test suite's name and the test cases' `classname`.
    public func junitXML(suiteName: String) -> String {
        let suite = junitSuite(suiteName: suiteName)
        return JUnitSuite.document([suite])
    }

    /// This comparison as one `<testsuite>` of a report of several (``junitXML(suiteName:)``'s
    /// suite).
    public func junitSuite(suiteName: String) -> JUnitSuite {
        let suite = XMLText.escape(suiteName)
        let structureFails = !mismatches.isEmpty
        let failures = totals.failingFrames + (structureFails ? 1 : 0)
        let tests = frames.count + 1
        var xml = "  <testsuite name=\"\(suite)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        let ignoring = ignored != nil
        if ignoring {
            xml += "    <properties>\n      <property name=\"ignoredPixels\" value=\"\(totals.ignoredPixels)\"/>\n    </properties>\n"
        }

        xml += "    <testcase classname=\"\(suite)\" name=\"canvas and timing\""
        if structureFails {
            let message = mismatches.map(\.description).joined(separator: "; ")
            xml += ">\n      <failure message=\"\(XMLText.escape(message))\" type=\"\(mismatches[0].verdict.rawValue)\">"
            xml += XMLText.escape(mismatches.map(\.description).joined(separator: "\n"))
            xml += "</failure>\n    </testcase>\n"
        } else {
            xml += "/>\n"
        }

        for frame in frames {
            xml += "    <testcase classname=\"\(suite)\" name=\"\(Self.momentName(frame))\""
            let property = ignoring
                ? "      <properties>\n        <property name=\"ignoredPixels\" value=\"\(frame.ignoredPixels)\"/>\n      </properties>\n" : ""
            if frame.status.passed {
                xml += property.isEmpty ? "/>\n" : ">\n\(property)    </testcase>\n"
            } else {
                let line = XMLText.escape(Self.line(for: frame))
                xml += ">\n\(property)      <failure message=\"\(line)\" type=\"\(frame.status.rawValue)\">\(line)</failure>\n"
                xml += "    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n"
        return JUnitSuite(xml: xml, tests: tests, failures: failures)
    }
}

/// One `<testsuite>` of a JUnit XML report: a comparison's (``FrameComparisonResult/junitSuite(suiteName:)``)
/// or a check that took place without one (``failed(_:testName:type:message:)``).
public struct JUnitSuite: Sendable {
    /// The suite's element, indented as a child of `<testsuites>`, ending in a newline.
    let xml: String
    /// Its test cases.
    public let tests: Int
    /// Its failing test cases.
    public let failures: Int

    /// A suite of one failing test case: a check that could not compare (a reference missing,
    /// or recorded in this run).
    ///
    /// - Parameters:
    ///   - suiteName: the suite's name and the case's `classname`.
    ///   - testName: the case's name.
    ///   - type: the failure's `type` attribute (`recorded`, `referenceMissing`).
    ///   - message: the failure's message.
    public static func failed(_ suiteName: String, testName: String, type: String, message: String) -> JUnitSuite {
        let suite = XMLText.escape(suiteName)
        var xml = "  <testsuite name=\"\(suite)\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\">\n"
        xml += "    <testcase classname=\"\(suite)\" name=\"\(XMLText.escape(testName))\">\n"
        xml += "      <failure message=\"\(XMLText.escape(message))\" type=\"\(XMLText.escape(type))\">\(XMLText.escape(message))</failure>\n"
        xml += "    </testcase>\n  </testsuite>\n"
        return JUnitSuite(xml: xml, tests: 1, failures: 1)
    }

    /// The report of `suites`, in order: a `<testsuites>` element whose totals are theirs.
    public static func document(_ suites: [JUnitSuite]) -> String {
        let tests = suites.reduce(0) { $0 + $1.tests }, failures = suites.reduce(0) { $0 + $1.failures }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
            + suites.map(\.xml).joined() + "</testsuites>\n"
    }
}

/// XML 1.0 text escaping.
enum XMLText {
    /// Escapes `&`, `<`, `>`, `"`, `'`; keeps tab, newline and carriage return as character
    /// references (so attribute values keep them); replaces characters XML 1.0 forbids
    /// (other C0 controls, U+FFFE, U+FFFF) with U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
