import Testing
import SpinRender

@Suite("Values echoed in messages")
struct EchoTests {
    @Test func shortValuesAreShownWholeAndLongOnesCut() {
        #expect(Echo.cut("") == "")
        #expect(Echo.cut("#FF9500") == "#FF9500")
        let sixty = String(repeating: "a", count: 60)
        #expect(Echo.cut(sixty) == sixty)
        #expect(Echo.cut(sixty + "b") == sixty + "… (61 characters)")
        #expect(Echo.cut(String(repeating: "é", count: 1000), limit: 3) == "ééé… (1000 characters)")
    }

    @Test func controlCharactersAreEscapedSoTheMessageStaysOneLine() {
        #expect(Echo.cut("a\nb\tc\r\u{1B}[31m") == "a\\nb\\tc\\r\\u{1b}[31m")
    }
}
