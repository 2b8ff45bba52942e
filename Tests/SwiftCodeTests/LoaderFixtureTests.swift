import Testing
@testable import SwiftCode

@Suite struct LoaderFixtureTests {
    @Test(arguments: LoaderFixtures.valid.map(\.name))
    func loaderFileParsesWithoutDiagnostics(_ name: String) {
        let source = LoaderFixtures.valid.first { $0.name == name }!.source
        let file = SwiftSyntaxParser.parseFile(source)
        #expect(file.diagnostics.isEmpty, "\(name): \(file.diagnostics.map { "\($0.location): \($0.message)" })")
        #expect(!file.items.isEmpty)
    }

    @Test func timerFixtureHasTheExpectedShape() {
        let file = SwiftSyntaxParser.parseFile(LoaderFixtures.valid[0].source)
        let printed = TreePrinter.file(file)
        #expect(printed.hasPrefix("[import SwiftUI] [import Combine] [struct TimerDots: View {[@State private var lit = 0] [private let count: Int] [let timer = (call (. (call (. Timer publish) every:0.25 on:.main in:.common) autoconnect))] [init(count count: Int = 3) {(= (. self count) count)}]"))
        #expect(printed.hasSuffix("[(#Preview \"Dots\" traits:.sizeThatFitsLayout (closure {(call (. (call TimerDots count:4) padding))}))]"))
    }

    @Test func postfixIfConfigModifierIsApplied() {
        let file = SwiftSyntaxParser.parseFile(LoaderFixtures.valid[3].source)
        #expect(TreePrinter.file(file).contains("{(call (. (call (. content frame) width:width height:width) padding) 4)}"))
    }
}
