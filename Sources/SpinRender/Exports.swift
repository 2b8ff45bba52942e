// The façade's public API speaks in the types of the modules below it (a request holds a
// `SceneConfiguration`, results hold `FrameSequence`s), so importing SpinRender brings them.
@_exported import Compare
@_exported import GIFCodec
@_exported import Motion
@_exported import PNGCodec
@_exported import Raster
@_exported import Scene
@_exported import SwiftUISource
@_exported import Typography
@_exported import WebPCodec
