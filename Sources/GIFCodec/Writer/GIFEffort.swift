/// How hard the LZW encoder works for the last bytes.
public enum GIFEffort: String, Sendable, Hashable, CaseIterable {
    /// Greedy LZW matching for every candidate encoding (the default): within about 1 % of
    /// `max`, about 12 % faster for the whole main job.
    case normal
    /// Also flexible parsing (Horspool, DCC 1995) for each stored rectangle of up to 64 Ki
    /// pixels: a string may stop short of its longest match when the next one then reaches
    /// further. The documentation's spinner: 10 528 bytes instead of 10 632, 5.5 ms instead of
    /// 4.9 for the whole process. No effect without frame optimisation (giflib writes whole
    /// frames) or on larger rectangles.
    case max
}
