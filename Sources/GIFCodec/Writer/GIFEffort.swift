/// How hard the LZW encoder works for the last bytes.
public enum GIFEffort: String, Sendable, Hashable, CaseIterable {
    /// Greedy LZW matching for every candidate encoding, rows in order (the default): within
    /// about 1.5 % of `max`, about 20 % faster for the whole main job.
    case normal
    /// Also flexible parsing (Horspool, DCC 1995) for each stored rectangle of up to 64 Ki
    /// pixels: a string may stop short of its longest match when the next one then reaches
    /// further; and the rectangle's rows in interlaced order (GIF89a Appendix E) when that
    /// encodes smaller. The documentation's spinner: 10 264 bytes instead of 10 403, 8.1 ms
    /// instead of 6.7 for the whole process. No effect without frame optimisation (giflib
    /// writes whole frames) or on larger rectangles.
    case max
}
