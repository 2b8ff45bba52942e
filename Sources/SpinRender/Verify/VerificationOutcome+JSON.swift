import Compare

extension VerificationOutcome {
    /// The machine-readable report of `spinrender verify --json`: one document for every run
    /// that finishes, whether or not a comparison took place.
    ///
    /// It has the members of ``FrameComparisonResult/jsonReport``, in the same order, then three
    /// of its own:
    /// - `reference`: the reference frame folder;
    /// - `recordMode`: `all`, `missing`, `failed` or `never`;
    /// - `recordedFrames`: how many reference frames this run wrote (`0` when none).
    ///
    /// `exitStatus` is the run's exit status, as the caller chose it, and `summary` its one-line message (the comparison's
    /// summary, followed by what was recorded, if anything). When a comparison took place the
    /// other members are its report. When none did, `verdict` is `recorded` (references were
    /// written: none existed, record mode `all`, or one that could not be read was recorded
    /// over) or `referenceMissing` (none exist and record mode `never` writes none); `actual`
    /// describes the rendered frames, `expected` and `totals` are `null`, and `mismatches` and
    /// `frames` are empty.
    public func jsonReport(exitStatus: Int32) -> String {
        jsonObject(exitStatus: exitStatus).rendered
    }

    /// ``jsonReport(exitStatus:)`` as a JSON value, for a document that holds several
    /// (`verify --all-previews --json`).
    public func jsonObject(exitStatus: Int32) -> JSONText {
        var members: [(String, JSONText)]
        if let comparison {
            members = comparison.jsonMembers
        } else {
            members = [
                ("version", .int(1)),
                ("verdict", .string(recorded ? "recorded" : "referenceMissing")),
                ("exitStatus", .null),
                ("summary", .null),
                ("options", options.json),
                ("actual", rendered.json),
                ("expected", .null),
                ("mismatches", .array([])),
                ("totals", .null),
                ("frames", .array([])),
            ]
        }
        for index in members.indices {
            switch members[index].0 {
            case "exitStatus": members[index].1 = .int(Int(exitStatus))
            case "summary": members[index].1 = .string(message)
            default: break
            }
        }
        members += [
            ("reference", .string(referenceFolder)),
            ("recordMode", .string(recordMode.rawValue)),
            ("recordedFrames", .int(recorded ? rendered.sourceFrameCount : 0)),
        ]
        return JSONText.object(members)
    }
}
