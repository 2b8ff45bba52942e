import Testing
@testable import Compare

/// `--record` / `SPINRENDER_RECORD` parsing and the record decision table.
@Suite struct RecordModeTests {
    @Test(arguments: [("all", RecordMode.all), ("missing", .missing), ("failed", .failed), ("never", .never),
                      ("  Missing\n", .missing), ("FAILED", .failed), ("\tnever ", .never)])
    func parsesModeNamesIgnoringCaseAndSpace(text: String, mode: RecordMode) {
        #expect(RecordMode(parsing: text) == mode)
    }

    @Test(arguments: ["", "yes", "true", "1", "al l", "missingx", "record"])
    func rejectsOtherText(text: String) {
        #expect(RecordMode(parsing: text) == nil)
    }

    @Test func defaultIsMissing() throws {
        #expect(RecordMode.default == .missing)
        #expect(try RecordMode.resolve(option: nil, environment: [:]) == .missing)
        #expect(try RecordMode.resolve(option: nil, environment: ["SPINRENDER_RECORD": " "]) == .missing)
    }

    @Test func optionWinsOverEnvironment() throws {
        let environment = ["SPINRENDER_RECORD": "all"]
        #expect(try RecordMode.resolve(option: "never", environment: environment) == .never)
        #expect(try RecordMode.resolve(option: nil, environment: environment) == .all)
    }

    @Test func badValuesNameTheirSourceAndTheChoices() {
        #expect(throws: RecordModeError(origin: .option, value: "yes")) {
            try RecordMode.resolve(option: "yes", environment: [:])
        }
        let error = RecordModeError(origin: .environment, value: "sometimes")
        #expect(throws: error) { try RecordMode.resolve(option: nil, environment: ["SPINRENDER_RECORD": "sometimes"]) }
        #expect(error.description == "invalid value 'sometimes' for SPINRENDER_RECORD (values: all, missing, failed, never)")
    }

    @Test func decisionTableFollowsSnapshotTesting() {
        typealias Row = (RecordMode, Bool, Bool, write: Bool, passes: Bool)
        let rows: [Row] = [
            (.all, true, true, true, false), (.all, true, false, true, false), (.all, false, false, true, false),
            (.missing, true, true, false, true), (.missing, true, false, false, false), (.missing, false, false, true, false),
            (.failed, true, true, false, true), (.failed, true, false, true, false), (.failed, false, false, true, false),
            (.never, true, true, false, true), (.never, true, false, false, false), (.never, false, false, false, false),
        ]
        for (mode, exists, matches, write, passes) in rows {
            let decision = mode.decide(referenceExists: exists, matches: matches)
            #expect(decision == RecordDecision(writeReference: write, passes: passes), "\(mode) exists: \(exists) matches: \(matches)")
        }
    }
}

/// The CI default: `never` when `CI` is true, unless `--record` or `SPINRENDER_RECORD` say otherwise.
@Suite struct ContinuousIntegrationRecordModeTests {
    @Test(arguments: ["true", "True", "TRUE", "1", "yes", "YES", " true\n"])
    func trueValuesMeanCI(value: String) throws {
        #expect(RecordMode.isContinuousIntegration(["CI": value]))
        #expect(try RecordMode.resolve(option: nil, environment: ["CI": value]) == .never)
    }

    @Test(arguments: ["false", "0", "", " ", "no", "off", "truthy"])
    func otherValuesDoNot(value: String) throws {
        #expect(!RecordMode.isContinuousIntegration(["CI": value]))
        #expect(try RecordMode.resolve(option: nil, environment: ["CI": value]) == .missing)
    }

    @Test func explicitChoicesWinOnCI() throws {
        #expect(try RecordMode.resolve(option: "missing", environment: ["CI": "true"]) == .missing)
        #expect(try RecordMode.resolve(option: nil, environment: ["CI": "true", "SPINRENDER_RECORD": "failed"]) == .failed)
        #expect(try RecordMode.resolve(option: "all", environment: ["CI": "1", "SPINRENDER_RECORD": "never"]) == .all)
        #expect(RecordMode.defaultMode(environment: [:]) == .missing)
    }
}

@Suite struct ProcessDefaultRecordModeTests {
    @Test func lenientDefaultFollowsTheEnvironmentAndNeverWritesOnABadValue() {
        #expect(RecordMode.lenientDefault(environment: [:]) == .missing)
        #expect(RecordMode.lenientDefault(environment: ["CI": "true"]) == .never)
        #expect(RecordMode.lenientDefault(environment: ["CI": "true", "SPINRENDER_RECORD": "missing"]) == .missing)
        #expect(RecordMode.lenientDefault(environment: ["SPINRENDER_RECORD": "sometimes"]) == .never)
    }
}
