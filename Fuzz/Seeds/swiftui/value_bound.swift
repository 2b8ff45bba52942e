import SwiftUI

struct Spinner: View {
    @State var animating: Bool = false
    var body: some View {
        Image(systemName: "rays")
            .rotationEffect(animating ? Angle(degrees: 360) : .zero, anchor: .center)
            .animation(Animation.linear(duration: 2).repeatForever(autoreverses: false), value: animating)
            .onAppear() { animating.toggle() }
    }
}

#Preview { Spinner().padding() }
