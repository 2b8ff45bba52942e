/// The container a preview is shown in: Apple's `PreviewLayout` (`.device`, `.sizeThatFits`,
/// `.fixed(width:height:)`) and the layout traits of `#Preview` (`.defaultLayout`,
/// `.sizeThatFitsLayout`, `.fixedLayout(width:height:)`), which mean the same.
///
/// There is no device to show: `.device` and `.sizeThatFits` both render the canvas spinrender
/// renders any view on (the content at its fitting size with its margin); `.fixed` proposes
/// exactly that size to the view, centres it in it, and the canvas is that size, in points.
public enum PreviewLayout: Hashable, Sendable {
    /// The default: a device's screen in Xcode (`.device`, `.defaultLayout`).
    case device
    /// The view at its fitting size (`.sizeThatFits`, `.sizeThatFitsLayout`).
    case sizeThatFits
    /// A container of this size in points (`.fixed(width:height:)`, `.fixedLayout(width:height:)`).
    case fixed(width: Double, height: Double)

    /// How the preview index names it: `device`, `sizeThatFits`, `fixed`.
    public var name: String {
        switch self {
        case .device: "device"
        case .sizeThatFits: "sizeThatFits"
        case .fixed: "fixed"
        }
    }
}
