// Renders the built-in spinner through the library product, as a dependent package would, and
// prints the version it was built against and the GIF's size.
import SpinRender

var request = RenderRequest()
request.scene.scale = 1
let gif = try SpinRenderer.renderGIF(request)
print("spinrender \(SpinRenderVersion.current): \(gif.width)x\(gif.height) px, \(gif.frameCount) frames")
