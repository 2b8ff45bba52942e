import Testing
@testable import SwiftCode

@Suite struct SyntaxTreeTests {
    @Test func locationsOrderByOffset() {
        let a = SourceLocation(line: 1, column: 5, offset: 4)
        let b = SourceLocation(line: 2, column: 1, offset: 10)
        #expect(a < b)
        #expect(b.description == "2:1")
    }
}
