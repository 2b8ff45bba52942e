import Foundation
import SpinRender
import Testing

/// The MP4 and the APNG as Chromium plays them. Debian's Chromium is built with its
/// proprietary codecs, so it decodes H.264: `canPlayType('video/mp4; codecs="avc1.42E00B"')`
/// answers "probably", and the video plays (to its end, on an idle machine: measured 0.5 s).
@Suite(.enabled(if: Chromium.isAvailable))
struct VideoBrowserTests {
    /// The page: plays the video muted; a second copy, paused at its start, is drawn with the
    /// poster into canvases when its first frame is decoded (the playing copy may already be
    /// past its first frame by then), then writes what it found into `<pre id=out>`: the answer of
    /// canPlayType, the size and duration, the PSNR of the video's frame against the poster over
    /// R, G and B, whether it started playing and reached its end, and the APNG's size.
    static let page = """
    <!doctype html><html><body style="margin:0">
    <video id=v src="s.mp4" muted autoplay playsinline></video><video id=f src="s.mp4" muted preload=auto playsinline></video>
    <img id=a src="s.png"><pre id=out></pre>
    <script>
    const v = document.getElementById('v'), f = document.getElementById('f'), out = document.getElementById('out');
    const say = s => { out.textContent += s + "\\n"; };
    say('canPlayType ' + v.canPlayType('video/mp4; codecs="avc1.42E00B"'));
    v.onerror = () => say('error ' + (v.error && v.error.code));
    v.onloadedmetadata = () => say('metadata ' + v.videoWidth + 'x' + v.videoHeight + ' ' + v.duration);
    let tries = 0;
    const measure = () => {
      const c = document.createElement('canvas'); c.width = f.videoWidth; c.height = f.videoHeight;
      const g = c.getContext('2d'); g.drawImage(f, 0, 0);
      const d = g.getImageData(0, 0, c.width, c.height).data;
      // On a loaded machine the decoded frame can reach the element after 'loadeddata': a
      // canvas still blank (every alpha 0) is drawn again a little later.
      let blank = true;
      for (let i = 3; i < d.length && blank; i += 4) blank = d[i] === 0;
      if (blank && ++tries < 60) { setTimeout(measure, 50); return; }
      const poster = new Image();
      poster.onload = () => {
        const e = document.createElement('canvas'); e.width = c.width; e.height = c.height;
        const h = e.getContext('2d'); h.drawImage(poster, 0, 0);
        const p = h.getImageData(0, 0, c.width, c.height).data;
        let squares = 0, n = 0;
        for (let i = 0; i < d.length; i += 4) for (let k = 0; k < 3; k++) { const q = d[i + k] - p[i + k]; squares += q * q; n++; }
        say('psnr ' + (10 * Math.log10(255 * 255 / (squares / n))).toFixed(2));
      };
      poster.src = 's-poster.png';
    };
    f.onloadeddata = measure;
    v.onplaying = () => say('playing');
    v.onended = () => say('ended ' + v.currentTime);
    // The image may finish loading before this script runs (its load event then already
    // fired): its size is read at once when it is complete, else when it loads.
    const a = document.getElementById('a');
    const apng = () => say('apng ' + a.naturalWidth + 'x' + a.naturalHeight);
    if (a.complete && a.naturalWidth > 0) { apng(); } else { a.onload = apng; }
    </script></body></html>
    """

    @Test("Chromium plays the MP4 at its size and duration; its first frame is within 30 dB PSNR (RGB, 4:2:0 chroma included) of the poster; the APNG loads at its size")
    func playback() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-browser-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var request = RenderRequest()
        request.example.mode = .preview
        let video = try SpinRenderer.renderMP4(request)
        try Data(video.bytes).write(to: URL(fileURLWithPath: folder + "/s.mp4"))
        try Data(try PNGEncoder.encode(video.firstFrame)).write(to: URL(fileURLWithPath: folder + "/s-poster.png"))
        try Data(try SpinRenderer.renderAPNG(request).bytes).write(to: URL(fileURLWithPath: folder + "/s.png"))
        try Data(Self.page.utf8).write(to: URL(fileURLWithPath: folder + "/play.html"))
        // Autoplay without a gesture (a headless page gets none), and pixels of a file:// video
        // readable from the page's canvas.
        let loaded = try Chromium.load(page: folder + "/play.html", virtualTimeBudget: 5_000,
                                       extraArguments: ["--autoplay-policy=no-user-gesture-required", "--allow-file-access-from-files"])
        let dom = loaded.dom
        let report = dom.components(separatedBy: "<pre id=\"out\">").last?.components(separatedBy: "</pre>").first ?? ""
        #expect(report.contains("canPlayType probably"), "\(report)")
        #expect(report.contains("metadata \(video.width)x\(video.height) 0.5"), "\(report)")
        // It starts playing; whether it reaches its end within the virtual time budget depends
        // on the machine's load (media playback runs on real time), so the end is not required.
        #expect(report.contains("playing"), "\(report)")
        #expect(report.contains("apng \(video.width)x\(video.height)"), "\(report)")
        let psnr = report.components(separatedBy: "psnr ").dropFirst().first.flatMap { Double($0.prefix { $0 != "\n" }) }
        #expect((psnr ?? 0) >= 30, "\(report)")
    }
}
