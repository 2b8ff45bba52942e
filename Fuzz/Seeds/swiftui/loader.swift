struct Loader: View {
    @State private var done = false
    @State private var angle: Angle = .zero
    let size: CGFloat = 50
    var body: some View {
        ZStack(alignment: .topLeading) {
            if done {
                Circle().trim(from: 0, to: 0.7).stroke(Color.orange, style: StrokeStyle(lineWidth: 5, lineCap: .round))
            } else {
                ProgressView().controlSize(.large).tint(.red)
            }
            RoundedRectangle(cornerRadius: 4).fill(.blue).frame(width: size / 2, height: 10).offset(x: 2, y: -3)
        }
        .frame(width: size, height: size)
        .rotationEffect(angle)
        .transaction { $0.animation = nil; $0.disablesAnimations = true }
        .onAppear {
            withAnimation(.spring(response: 0.4, dampingFraction: 0.6).delay(0.1)) { angle = .degrees(90) }
            DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { self.done = true }
        }
    }
}
