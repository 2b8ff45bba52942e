import Synchronization
import Testing
@testable import SpinRender

/// A clock the test moves and a terminal that records what is written.
private final class FakeTerminal: Sendable {
    let seconds = Mutex(100.0)
    let output = Mutex("")

    func terminal(enabled: Bool = true, columns: Int = 60) -> ProgressBar.Terminal {
        ProgressBar.Terminal(enabled: enabled, columns: columns,
                             now: { self.seconds.withLock { $0 } },
                             write: { text in self.output.withLock { $0 += text } })
    }

    func advanceClock(by delta: Double) { seconds.withLock { $0 += delta } }

    /// Everything written since the last call.
    func take() -> String { output.withLock { text in defer { text = "" }; return text } }
}

@Suite("Progress bar")
struct ProgressBarTests {
    @Test("the line shows the bar, counts, percentage and ETA, one column short of the width")
    func lineLayout() {
        let line = ProgressBar.line(label: "batch", completed: 12, total: 24, elapsedSeconds: 6, columns: 60)
        #expect(line == "batch [##############..............]  12/24   50%  ETA 0:06")
        #expect(line.count == 59)
    }

    @Test("before the first step the ETA is unknown; at the end it shows the time taken")
    func etaStates() {
        #expect(ProgressBar.line(label: "b", completed: 0, total: 3, elapsedSeconds: 1, columns: 40)
                == "b [.............]  0/3    0%  ETA --:--")
        #expect(ProgressBar.line(label: "b", completed: 3, total: 3, elapsedSeconds: 61.2, columns: 40)
                == "b [#############]  3/3  100%  done 1:02")
    }

    @Test("a narrow terminal drops the bar and keeps the numbers")
    func narrowTerminal() {
        #expect(ProgressBar.line(label: "batch", completed: 1, total: 4, elapsedSeconds: 2, columns: 30)
                == "batch  1/4   25%  ETA 0:06")
    }

    @Test("clock text: m:ss, then h:mm:ss, rounded up", arguments: [
        (0.0, "0:00"), (0.2, "0:01"), (59.0, "0:59"), (61.0, "1:01"), (3600.0, "1:00:00"), (3725.0, "1:02:05"), (Double.nan, "--:--"),
    ])
    func clockText(seconds: Double, text: String) {
        #expect(ProgressBar.clockText(seconds) == text)
    }

    @Test("redraws in place at most ten times a second, always for the last step, and clears its line at the end")
    func redrawsInPlace() {
        let fake = FakeTerminal()
        let bar = ProgressBar(label: "batch", total: 3, terminal: fake.terminal())
        #expect(fake.take() == "\r" + ProgressBar.line(label: "batch", completed: 0, total: 3, elapsedSeconds: 0, columns: 60) + "\u{1B}[K")
        fake.advanceClock(by: 0.05)
        bar.advance()
        #expect(fake.take() == "", "too soon after the last redraw")
        fake.advanceClock(by: 0.1)
        bar.advance()
        #expect(fake.take() == "\r" + ProgressBar.line(label: "batch", completed: 2, total: 3, elapsedSeconds: 0.15, columns: 60) + "\u{1B}[K")
        fake.advanceClock(by: 0.01)
        bar.advance()
        #expect(fake.take().contains("3/3"), "the last step is always drawn")
        bar.finish()
        #expect(fake.take() == "\r\u{1B}[K")
        bar.advance()
        bar.finish()
        #expect(fake.take() == "", "nothing after finish")
        #expect(bar.completed == 4)
    }

    @Test("when standard error is not a terminal (or --quiet) nothing is written")
    func disabledWritesNothing() {
        let fake = FakeTerminal()
        let bar = ProgressBar(label: "batch", total: 2, terminal: fake.terminal(enabled: false))
        bar.advance()
        fake.advanceClock(by: 5)
        bar.advance()
        bar.finish()
        #expect(fake.take() == "")
        #expect(bar.completed == 2)
    }

    @Test("standardError(quiet: true) is disabled whatever standard error is")
    func quietIsSilent() {
        // Drawing would put escape sequences on the test's standard error; quiet must not.
        let bar = ProgressBar.standardError(label: "x", total: 1, quiet: true)
        bar.advance()
        bar.finish()
        #expect(bar.completed == 1)
    }
}
