/// The encoded GIF and facts about it.
public struct RenderedGIF: Sendable {
    /// The GIF89a file.
    public var bytes: [UInt8]
    /// The animation that was encoded.
    public var animation: RenderedAnimation
    /// Colours in the global colour table.
    public var paletteSize: Int
    /// Largest per-channel error of the palette, 0…255 (0 when the palette is exact).
    public var worstChannelError: Int
    /// Frames stored in the file after optimisation (identical neighbours merged).
    public var storedFrameCount: Int
}
