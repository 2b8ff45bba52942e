// The views of the fixture's SwiftUI target, as a cross-platform package writes them: SwiftUI
// exists only on Apple platforms, so the file compiles to nothing on Linux, and spinrender reads
// it as an iOS build does. scripts/package-check.sh renders its previews with the package's
// command plugin.
#if canImport(SwiftUI)
import SwiftUI

public struct LoadingSpinner: View {
    @State private var turning = false

    public init() {}

    public var body: some View {
        Image(systemName: "arrow.triangle.2.circlepath")
            .font(.title)
            .foregroundStyle(.tint)
            .rotationEffect(.degrees(turning ? 360 : 0))
            .onAppear {
                withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) {
                    turning = true
                }
            }
    }
}

#Preview("Loading") {
    LoadingSpinner()
}

struct LoadingSpinner_Previews: PreviewProvider {
    static var previews: some View {
        LoadingSpinner()
            .padding()
            .preferredColorScheme(.dark)
            .previewDisplayName("Loading, dark")
            .previewLayout(.sizeThatFits)
    }
}
#endif
