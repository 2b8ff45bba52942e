import SwiftUI

// The contact sheet in docs/symbols.md: every symbol of the library at 24 pt, Regular (left)
// and Bold (right), in the order of `SymbolName`. Made with
//   spinrender scripts/symbols-sheet.swift --at 0 --scale 2 -o assets/symbols.png
struct SymbolSheet: View {
    let names = [
        "rays",
        "magnifyingglass",
        "arrow.clockwise",
        "chevron.left",
        "heart.fill",
        "checkmark.circle.fill",
        "ellipsis",
        "arrow.triangle.2.circlepath",
        "xmark",
        "sun.max.fill",
        "mic",
        "plus",
        "suit.heart.fill",
        "mic.fill",
        "arrow.2.circlepath",
        "chevron.right",
        "wifi",
        "checkmark",
        "sparkles",
        "arrow.right",
        "arrow.2.circlepath.circle.fill",
        "circle",
        "hourglass",
        "airplayaudio",
        "star.fill",
        "checkmark.circle",
        "circle.fill",
        "cart",
        "line.horizontal.3.decrease",
        "bell",
        "bubble.left.fill",
        "clock",
        "hurricane",
        "line.horizontal.3",
        "play.fill",
        "power",
        "star",
        "suit.heart",
        "airplayaudio.badge.exclamationmark",
        "arrow.2.circlepath.circle",
        "circle.dashed",
        "hexagon.fill",
        "gyroscope",
        "clock.arrow.circlepath",
        "globe",
        "cloud.sun.rain.fill",
        "person.crop.circle.badge.plus",
        "arrow.down",
        "arrow.up",
        "arrow.left",
        "circle.dotted",
        "heart",
        "waveform",
        "ellipsis.circle",
        "ellipsis.circle.fill",
    ]

    var body: some View {
        HStack(alignment: .top, spacing: 48) {
            sheet(.regular)
            sheet(.bold)
        }
    }

    func sheet(_ weight: Font.Weight) -> some View {
        Grid(horizontalSpacing: 20, verticalSpacing: 14) {
            ForEach(0..<(names.count + 6) / 7, id: \.self) { row in
                GridRow {
                    ForEach(0..<7, id: \.self) { column in
                        if row * 7 + column < names.count {
                            Image(systemName: names[row * 7 + column])
                                .font(.system(size: 24, weight: weight))
                                .frame(width: 30, height: 30)
                        } else {
                            Color.clear.frame(width: 30, height: 30)
                        }
                    }
                }
            }
        }
    }
}
