import Foundation
import SpinRender
import Testing

/// The browser suites skip themselves when Chromium is missing, so that a developer without it
/// can still run the rest; on CI that skip would hide every browser check, so there it fails.
@Suite("Chromium on CI")
struct ChromiumOnCITests {
    @Test("when CI is true, Chromium is installed and the browser tests run")
    func browserTestsRunOnCI() {
        guard RecordMode.isContinuousIntegration(ProcessInfo.processInfo.environment) else { return }
        #expect(Chromium.isAvailable, "CI is true but chromium is not installed (/usr/bin/chromium or $CHROMIUM): the browser tests would be skipped; 'make test' installs it through 'make browser-deps'")
    }
}
