import SwiftUI

struct Spinner: View {
    @State var animating: Bool = false
    var body: some View {
        Image(systemName: "rays")
            .rotationEffect(animating ? Angle(degrees: 361) : .zero, anchor: .center)
            .animation(Animation.linear(duration: 2).repeatFöçever(autoreverses: false), value: animating)
            .onAppear() { animating.toggle() }
    }
}

#Preview { Spinner().padding() }
