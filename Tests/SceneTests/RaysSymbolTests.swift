import Testing
import Glibc
import Raster
@testable import Scene

@Suite("The rays symbol's geometry")
struct RaysSymbolTests {
    @Test func eightRaysFortyFiveDegreesApartTheFirstStraightUp() {
        let first = RaysSymbol.rayDirection(index: 0, rotationDegrees: 0)
        #expect(abs(first.x) < 1e-12 && abs(first.y + 1) < 1e-12)
        for index in 0..<RaysSymbol.rayCount {
            let a = RaysSymbol.rayDirection(index: index, rotationDegrees: 0)
            let b = RaysSymbol.rayDirection(index: (index + 1) % RaysSymbol.rayCount, rotationDegrees: 0)
            let cosine = a.x * b.x + a.y * b.y
            #expect(abs(cosine - cos(Double.pi / 4)) < 1e-12)
            // Clockwise on a y-down screen: the cross product a × b is positive.
            #expect(a.x * b.y - a.y * b.x > 0)
        }
        #expect(RaysSymbol().path(centre: .zero).elements.filter { if case .move = $0 { true } else { false } }.count == 8)
    }

    /// The template's Regular master at 100 pt, Small scale: the table measured from the
    /// public SF Symbols template export.
    @Test(arguments: [
        (SymbolWeight.ultralight, 2.49, 27.44, 39.35, 26.20, 40.59, 94.85),
        (SymbolWeight.regular, 7.62, 26.17, 37.94, 22.36, 41.75, 97.12),
        (SymbolWeight.black, 12.60, 30.47, 41.94, 24.17, 48.24, 110.50),
    ])
    func mastersMatchTheTemplateTable(weight: SymbolWeight, width: Double, from: Double, to: Double,
                                      inner: Double, outer: Double, advance: Double) {
        let symbol = RaysSymbol(pointSize: 100, weight: weight, scale: .small)
        #expect(abs(symbol.rayWidth - width) < 1e-9)
        #expect(abs(symbol.centreLineFrom - from) < 1e-9)
        #expect(abs(symbol.centreLineTo - to) < 1e-9)
        #expect(abs(symbol.innerTipRadius - inner) < 0.06)
        #expect(abs(symbol.outerTipRadius - outer) < 0.06)
        #expect(abs(symbol.advance - advance) < 1e-9)
    }

    @Test func intermediateWeightsInterpolateBetweenMasters() {
        let regular = RaysSymbol(pointSize: 100, weight: .regular, scale: .small)
        let black = RaysSymbol(pointSize: 100, weight: .black, scale: .small)
        let medium = RaysSymbol(pointSize: 100, weight: .medium, scale: .small)   // 1/5 of the way
        #expect(abs(medium.rayWidth - (regular.rayWidth + (black.rayWidth - regular.rayWidth) / 5)) < 1e-9)
        let thin = RaysSymbol(pointSize: 100, weight: .thin, scale: .small)       // 1/3 from ultralight
        #expect(abs(thin.rayWidth - (2.49 + (7.62 - 2.49) / 3)) < 1e-9)
        let widths = SymbolWeight.allCases.map { RaysSymbol(pointSize: 100, weight: $0, scale: .small).rayWidth }
        #expect(widths == widths.sorted())
    }

    /// Body text (17 pt), Regular, medium scale: outer tip ≈ 8.97 pt, inner ≈ 4.80 pt, ray width
    /// ≈ 1.64 pt, frame ≈ 20.9 × 17.9 pt (17 pt × 0.17 × 1.264 per template unit).
    @Test func defaultSymbolHasTheDocumentedSize() {
        let symbol = RaysSymbol()
        #expect(abs(symbol.outerTipRadius - 8.97) < 0.01)
        #expect(abs(symbol.innerTipRadius - 4.80) < 0.01)
        #expect(abs(symbol.rayWidth - 1.64) < 0.01)
        #expect(abs(symbol.frameSize.width - 20.9) < 0.05)
        #expect(abs(symbol.frameSize.height - 17.9) < 0.05)
    }

    @Test func symbolScalesAreSmallPointEightAndLargeOnePointThreeOfMedium() {
        let medium = RaysSymbol(scale: .medium).outerTipRadius
        #expect(abs(RaysSymbol(scale: .small).outerTipRadius / medium - 1 / 1.264) < 1e-9)
        #expect(abs(RaysSymbol(scale: .large).outerTipRadius / medium - 1.3) < 1e-9)
    }

    @Test(arguments: SymbolWeight.allCases)
    func neighbouringRaysDoNotTouch(weight: SymbolWeight) {
        let symbol = RaysSymbol(weight: weight)
        // The closest approach of two neighbouring capsules is between their inner ends.
        let gap = 2 * symbol.centreLineFrom * sin(Double.pi / 8)
        #expect(gap > symbol.rayWidth)
    }

    @Test func renderedGlyphInkIsEightFoldSymmetric() {
        var configuration = SceneConfiguration()
        configuration.scale = 3
        let renderer = ViewRenderer(ViewEngine(script: DocumentationScripts().script(.explicit), output: configuration))
        let a = renderer.render(atSeconds: 0)
        let b = renderer.render(atSeconds: 0.25)   // 45° later
        // Same picture up to coverage rounding: no pixel differs by more than 1 level.
        var worst = 0
        for i in 0..<a.pixels.count { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        #expect(worst <= 2)
    }
}
