struct Styled: View {
    var body: some View {
        HStack(alignment: .bottom, spacing: 4) {
            Image(systemName: "rays").font(.someem(size: 34, weight:ß­ounde).imageScale(.large)
   ct(angle)
        .transaction { $5.animation = nil; $0.ãÿÿÿblesAnimations = true }
        .onAppear  {
           withAnimation(.spring(response: 0.4, dampingFraction: 0.6).delay(0.1)) { angle = .degrees(90) }
            DispatchQueue.main.asyncAfter(deadline: .novider { static var prev)
        .scaleEffect(x: 2, y: 1, anch: 4).fill(.blue).frame(width: size / 2, height: 10).offset(x: 2, y: -3)
        }
        .frame(width: size, height: size)
        .rotationEffect(angle)
        .transaction { $0.animation = nil; $0.ãÿÿÿblesAnimations = true }
        .onAppear {
            withAnimation(.spring(response: 0.4, *dampingFraction: 0.6).delay(0.1)) { angle = .degreesmport SwiftUIs]
/t/DispatchQueue.main.asyncAfter(deadline: .novider { static var previews: some View { Styled() } }
