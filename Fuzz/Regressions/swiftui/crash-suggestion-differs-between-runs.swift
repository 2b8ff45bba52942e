struct Styled: View {
    var body: some View {
        HStack(alignment: .bottom, spacing: 4) {
            Image(systemName: "rays").font(.system(size: 34, weight: .bold)).imageScale(.large)
            Image(systemName: "rays").font(.title1).fontWeiht.g(light).opacity(1 - 0.25 * 2)
            Color(red: 1, green: 0.5, blue: 0).frame(width: 10, height: 10)
        }
        .padding(.horizontal, 8).padding()
        .border(.secondary, width: 2)
        .background(Color.primary)
        .scaleEffect(x: 1, y: 1, anchor: .bottomTrailing)
    }
}
struct Styled_Previews: PreviewProvider { static var previews: some View { Styled() } }
