#!/usr/bin/env python3
"""make interop: do spinrender's GIFs open and play correctly in the tools people use?

Renders the explicit, implicit, preview and drift (`--mode preview --rotate-at 0.5`) GIFs with the
default (optimised, loop-compacted) encoding and checks each with:
  ImageMagick  identify: frame count, delays, loop; convert -coalesce: every composited frame
  ffmpeg       ffprobe: frame count, packet durations; decode every frame to RGBA without error
  Pillow       n_frames, durations, loop; every composited frame
  gifsicle     --info: image count, delays, loop, no warnings
  chromium     (optional) the page's <img> loads at the right size; a headless screenshot shows
               one of the animation's frames
  spinrender frames  (when the build has it) the RGBA frames before GIF encoding: the GIF must give
               them back exactly, or within 3/255 where the palette is quantized
Pixels are compared as playback: the frame shown at every centisecond of the animation must equal
spinrender's own frame for that moment (its `--no-compact --no-optimize` GIF decoded by Pillow:
full frames, one palette, no transparency). Pillow and ImageMagick must match exactly; ffmpeg's
and chromium's pixels are reported.

WebP (the same four renders and a --transparent one, `-o x.webp`): webpinfo validates the file,
`webpmux -info` gives frame count, durations (20 ms) and loop count, and Pillow decodes every
frame, which must equal spinrender's RGBA frames exactly (`spinrender frames`, which for a
transparent render are the GIF's, so there alpha is checked to hold values strictly between 0
and 255 and Pillow's frames must equal spinrender's own reading of the WebP). Debian's `webp`
package is installed when missing (it has no anim_dump; webpmux and webpinfo stand in).

APNG (the WebP renders, `-o x.png`): Pillow decodes every frame, which must equal spinrender's
rendered RGBA frame exactly, alpha included (the lossless WebP's frames as `spinrender frames`
reads them), with 20 ms delays (merged frames adding theirs) and loop 0.

MP4 (the opaque renders, `-o x.mp4 --poster …`): ffprobe checks the stream (H.264 Constrained
Baseline, yuv420p, BT.709 limited range), one packet a frame with durations of 1/50 s; ffmpeg
decodes every frame, compared with spinrender's rendered frame by PSNR: in Y'CbCr 4:2:0 (the
frames converted by ffmpeg with the BT.709 limited-range matrix; at least 40 dB, the encoder's
loss) and in RGB (reported: it includes the 4:2:0 chroma's loss, which caps it near 33 dB on
the thin orange rays whatever the quantizer).

HTML reports (`compare --html`, `batch --html`: equal, pixels differ, shape differs, a batch):
screenshots at 1x and 2x, and at 200 % zoom (a 640-pixel-wide window at scale 2), are kept in
bench-out/interop/reports/ to look at; a report chromium cannot open is reported, not failed.

Exits 1 when a tool fails to open a GIF, a WebP, an APNG or an MP4, an MP4 frame is under
40 dB, the tools disagree on frames, delays or loop, or
Pillow/ImageMagick pixels differ. Set INTEROP_BROWSER=0 to skip chromium.

Usage: scripts/interop.py [--bin-dir DIR]
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit as kit  # noqa: E402

GIFS = [
    ("explicit", ["--mode", "explicit"]),
    ("implicit", ["--mode", "implicit"]),
    ("preview", ["--mode", "preview"]),
    ("drift", ["--mode", "preview", "--rotate-at", "0.5"]),
    # The README's encoding (flexible LZW parsing): other LZW strings, the same pixels.
    ("explicit-max", ["--mode", "explicit", "--effort", "max"]),
    ("drift-max", ["--mode", "preview", "--rotate-at", "0.5", "--effort", "max"]),
]


class Check:
    """One tool's verdict on one GIF: 'ok' notes, or failures that make the run fail."""

    def __init__(self):
        self.failures = []
        self.notes = []
        self.played = None  # the playback timeline this tool decoded, when it decodes pixels

    def fail(self, text):
        self.failures.append(text)

    def info(self, text):
        self.notes.append(text)

    def cell(self):
        if self.failures:
            return "FAIL"
        return "ok" + (f" ({'; '.join(self.notes)})" if self.notes else "")


class Subject:
    """A rendered GIF and what a correct decoder must show."""

    def __init__(self, name, path, stored_frames, reference, reference_frames, total_cs, size, delays,
                 reference_list, tolerance, own_frames):
        self.name = name
        self.path = path
        self.stored_frames = stored_frames
        self.reference = reference                # playback timeline [[digest, cs], …]
        self.reference_frames = reference_frames  # digest -> RGBA bytes
        self.total_cs = total_cs
        self.size = size
        self.delays = delays                      # per stored frame, cs (as Pillow reads them)
        self.reference_list = reference_list      # every uncompacted frame's RGBA bytes, in order
        self.tolerance = tolerance                # allowed per-channel difference to the reference
        self.own_frames = own_frames              # digest -> RGBA bytes of this GIF's frames (Pillow)


def compare_playback(check, frames, delays, loop, subject, required):
    """Checks decoded frames ([RGBA bytes]) with their delays against the reference playback.

    Exact equality is required where spinrender's palette is exact. Where it is quantized
    (preview, drift: more than 256 colours) the reference GIF and the GIF under test may hold
    different palettes (frame optimisation reserves a transparent index), so each centisecond
    must then be within the two files' reported colour errors of each other.
    """
    digests = [kit.digest(f) for f in frames]
    by_digest = dict(zip(digests, frames))
    played = kit.timeline(list(zip(digests, delays)), loop, subject.total_cs)
    check.played = played
    if played == subject.reference:
        check.info("px =")
        return
    worst, reason = kit.worst_difference_per_centisecond(played, subject.reference, by_digest,
                                                         subject.reference_frames)
    if reason is None and worst <= subject.tolerance:
        check.info(f"px ±{worst}")
    elif required:
        first = kit.describe_difference(played, subject.reference, by_digest, subject.reference_frames)
        check.fail(f"pixels: {reason or f'{first}; up to {worst}/255 off, allowed {subject.tolerance}/255'}")
    else:
        check.info(f"px differ: {reason or f'up to {worst}/255'}")


def check_frames_and_delays(check, count, delays, subject):
    if count != subject.stored_frames:
        check.fail(f"{count} frames, spinrender stored {subject.stored_frames}")
    elif delays is not None and delays != subject.delays:
        check.fail(f"delays {delays[:6]}…, Pillow reads {subject.delays[:6]}…")


# --- The tools -------------------------------------------------------------------------------

def check_pillow(subject):
    check = Check()
    from PIL import Image
    try:
        with Image.open(subject.path) as image:
            n_frames, loop = image.n_frames, image.info.get("loop")
        size, frames, _ = kit.pillow_decode(subject.path)
    except Exception as error:  # noqa: BLE001 - any exception means Pillow cannot open it
        check.fail(f"cannot decode: {error}")
        return check
    check_frames_and_delays(check, n_frames, None, subject)
    if loop != 0:
        check.fail(f"loop {loop}, expected 0 (forever)")
    if size != subject.size:
        check.fail(f"size {size}, expected {subject.size}")
    compare_playback(check, [f for f, _ in frames], [d for _, d in frames], loop, subject, required=True)
    return check


def check_imagemagick(subject, identify, convert, workdir):
    check = Check()
    result = subprocess.run([identify, "-format", "%T %W %H\n", subject.path], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0 or result.stderr.strip():
        check.fail(f"identify: {result.stderr.strip()[:200]}")
        return check
    lines = result.stdout.split()
    delays = [int(v) for v in lines[0::3]]
    check_frames_and_delays(check, len(delays), delays, subject)
    verbose = subprocess.run([identify, "-verbose", subject.path], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True).stdout
    iterations = re.search(r"Iterations:\s*(\d+)", verbose)
    loop = int(iterations.group(1)) if iterations else None
    if loop != 0:
        check.fail(f"Iterations {loop}, expected 0 (forever)")
    # -coalesce composites each frame onto the canvas with the GIF disposal rules.
    frames_dir = tempfile.mkdtemp(dir=workdir, prefix="im-")
    result = subprocess.run([convert, subject.path, "-coalesce", "+adjoin", "-depth", "8",
                             os.path.join(frames_dir, "%04d.rgba")], stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        check.fail(f"convert -coalesce: {result.stderr.strip()[:200]}")
        return check
    from PIL import Image
    frames = []
    for name in sorted(os.listdir(frames_dir)):
        with open(os.path.join(frames_dir, name), "rb") as file:
            frames.append(kit.canonical_rgba(Image.frombytes("RGBA", subject.size, file.read())))
    shutil.rmtree(frames_dir)
    compare_playback(check, frames, delays, loop, subject, required=True)
    return check


def check_ffmpeg(subject, ffprobe, ffmpeg):
    check = Check()
    probe = subprocess.run([ffprobe, "-v", "error", "-count_frames", "-select_streams", "v:0",
                            "-show_entries", "stream=nb_read_frames,width,height:packet=duration_time",
                            "-of", "json", subject.path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if probe.returncode != 0 or probe.stderr.strip():
        check.fail(f"ffprobe: {probe.stderr.strip()[:200]}")
        return check
    info = json.loads(probe.stdout)
    stream = info["streams"][0]
    count = int(stream.get("nb_read_frames", 0))
    delays = [round(float(p["duration_time"]) * 100) for p in info.get("packets", [])]
    check_frames_and_delays(check, count, delays, subject)
    if (stream["width"], stream["height"]) != subject.size:
        check.fail(f"size {stream['width']}×{stream['height']}")
    # Every GIF frame, unchanged in number (passthrough: no frame-rate conversion).
    decode = subprocess.run([ffmpeg, "-v", "error", "-i", subject.path, "-fps_mode", "passthrough",
                             "-f", "rawvideo", "-pix_fmt", "rgba", "-"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if decode.returncode != 0 or decode.stderr.strip():
        check.fail(f"decode: {decode.stderr.decode(errors='replace').strip()[:200]}")
        return check
    frame_bytes = subject.size[0] * subject.size[1] * 4
    data = decode.stdout
    if len(data) != frame_bytes * count:
        check.fail(f"decoded {len(data) / frame_bytes:.1f} frames, ffprobe counted {count}")
        return check
    from PIL import Image
    frames = [kit.canonical_rgba(Image.frombytes("RGBA", subject.size, data[i:i + frame_bytes]))
              for i in range(0, len(data), frame_bytes)]
    # ffmpeg plays a GIF once whatever its loop block says; unroll with the file's loop (forever).
    compare_playback(check, frames, delays, 0, subject, required=False)
    return check


def check_gifsicle(subject, gifsicle):
    check = Check()
    result = subprocess.run([gifsicle, "--info", subject.path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0 or result.stderr.strip():
        check.fail(f"gifsicle: {(result.stderr or result.stdout).strip()[:200]}")
        return check
    images = re.search(r"(\d+) images?", result.stdout)
    delays = [round(float(d) * 100) for d in re.findall(r"delay ([0-9.]+)s", result.stdout)]
    count = int(images.group(1)) if images else 0
    if len(delays) != count:
        check.fail(f"{count} images but {len(delays)} delays")
    check_frames_and_delays(check, count, delays, subject)
    if "loop forever" not in result.stdout:
        check.fail("no 'loop forever'")
    return check


def check_browser(subject, chromium, workdir):
    """Loads the GIF in headless chromium: the <img> must decode at the right size; a screenshot
    of it must show one of the animation's frames (which one depends on when it is taken)."""
    check = Check()
    page = os.path.join(workdir, f"{subject.name}.html")
    with open(page, "w") as file:
        # The image is shown only once fully decoded; the title reports the outcome.
        file.write(f"""<!doctype html><html><head><title>loading</title></head>
<body style="margin:0;background:#ff00ff"><script>
const img = new Image(); img.src = "{os.path.basename(subject.path)}"; img.style.display = "block";
img.decode().then(() => {{ document.body.appendChild(img); document.title = "ok " + img.naturalWidth + "x" + img.naturalHeight; }},
                  () => {{ document.title = "error"; }});
</script></body></html>
""")
    profile = tempfile.mkdtemp(dir=workdir, prefix="chromium-")
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
              "--force-color-profile=srgb", "--force-device-scale-factor=1", f"--user-data-dir={profile}",
              # Without these the screenshot can catch the image half drawn.
              "--run-all-compositor-stages-before-draw", "--virtual-time-budget=5000"]
    try:
        expected = f"ok {subject.size[0]}x{subject.size[1]}"
        for _ in range(3):  # --dump-dom may run before the decode promise settles: try again
            dom = subprocess.run(common + ["--dump-dom", "file://" + page], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True, timeout=90).stdout
            title = re.search(r"<title>(.*?)</title>", dom)
            outcome = title.group(1) if title else "no result"
            if outcome != "loading":
                break
        if outcome == "loading":
            check.info("decode not settled")
        elif outcome != expected:
            check.fail(f"img: {outcome}, expected {expected}")
            return check
        shot = os.path.join(workdir, f"{subject.name}-screenshot.png")
        # Headless chromium paints only part of a very small window: use at least 400×400 and crop.
        window = (max(400, subject.size[0]), max(400, subject.size[1]))
        subprocess.run(common + [f"--window-size={window[0]},{window[1]}", f"--screenshot={shot}",
                                 "file://" + page], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=90)
    except subprocess.TimeoutExpired:
        check.fail("chromium timed out")
        return check
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    from PIL import Image
    if not os.path.exists(shot):
        check.info("no screenshot")
        return check
    with Image.open(shot) as image:
        if image.size != window:
            check.info(f"screenshot {image.size[0]}×{image.size[1]}")
            return check
        shown = kit.canonical_rgba(image.crop((0, 0) + subject.size))
    if kit.digest(shown) in subject.own_frames:
        check.info("frame =")
    else:
        closest = min(kit.max_channel_difference(shown, f) for f in subject.own_frames.values())
        check.info(f"screenshot within {closest}/255 of a frame")
    return check


# --- Driver ------------------------------------------------------------------------------------

def render(spinrender, name, options, workdir):
    """Renders the GIF under test and its reference; returns a Subject."""
    path = os.path.join(workdir, f"{name}.gif")
    verbose = kit.run([spinrender] + options + ["-v", "-o", path]).stderr.decode()
    stored = re.search(r"(\d+) stored", verbose)
    reference_path = os.path.join(workdir, f"{name}-no-compact-no-optimize.gif")
    reference_verbose = kit.run([spinrender] + options + ["--no-compact", "--no-optimize", "-v", "-o", reference_path]).stderr.decode()
    # Each file's worst colour error against the RGBA frames (0 for exact palettes); two files
    # can then be that far apart in total.
    tolerance = sum(int(m.group(1)) if m else 0 for m in
                    (re.search(r"worst colour error (\d+)/255", text) for text in (verbose, reference_verbose)))
    size, frames, loop = kit.pillow_decode(reference_path)
    total_cs = sum(d for _, d in frames)
    reference, reference_frames = kit.pillow_playback(reference_path, total_cs)
    _, own, _ = kit.pillow_decode(path)
    return Subject(name, path, int(stored.group(1)) if stored else len(own), reference, reference_frames,
                   total_cs, size, [d for _, d in own], [f for f, _ in frames], tolerance,
                   {kit.digest(f): f for f, _ in own})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin-dir")
    args = parser.parse_args()
    bin_dir = args.bin_dir or subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"],
                                             stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    spinrender = os.path.join(bin_dir, "spinrender")
    if not os.access(spinrender, os.X_OK):
        sys.exit(f"error: {spinrender} not found; run 'make release' first")

    kit.ensure_debs(["imagemagick", "gifsicle", "ffmpeg"])
    if not kit.ensure_pillow():
        sys.exit("error: Pillow is needed")
    chromium = None
    if os.environ.get("INTEROP_BROWSER", "1") != "0":
        if not kit.ensure_debs(["chromium"]):
            chromium = shutil.which("chromium")
    tools = {
        "identify": kit.imagemagick_identify(), "convert": kit.imagemagick_convert(),
        "ffprobe": shutil.which("ffprobe"), "ffmpeg": shutil.which("ffmpeg"), "gifsicle": shutil.which("gifsicle"),
    }
    missing = [name for name, path in tools.items() if not path]
    if missing:
        sys.exit(f"error: could not install {', '.join(missing)}")

    workdir = os.path.join(kit.OUT_ROOT, "interop")
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    rows, details, failed = [], [], False
    frames_command = kit.has_frames_command(spinrender)
    for name, options in GIFS:
        kit.note(f"[{name}] rendering and checking …")
        subject = render(spinrender, name, options, workdir)
        checks = {
            "ImageMagick": check_imagemagick(subject, tools["identify"], tools["convert"], workdir),
            "ffmpeg": check_ffmpeg(subject, tools["ffprobe"], tools["ffmpeg"]),
            "Pillow": check_pillow(subject),
            "gifsicle": check_gifsicle(subject, tools["gifsicle"]),
        }
        agreement = Check()
        pillow, magick = checks["Pillow"].played, checks["ImageMagick"].played
        if pillow is not None and magick is not None and pillow != magick:
            agreement.fail("Pillow and ImageMagick show different pixels")
        if pillow is not None and checks["ffmpeg"].played not in (None, pillow):
            agreement.info("ffmpeg differs")
        checks["Pillow = ImageMagick"] = agreement
        if chromium:
            checks["chromium"] = check_browser(subject, chromium, workdir)
        if frames_command:
            checks["spinrender frames"] = check_frames_command(spinrender, options, subject, workdir)
        rows.append([f"{name}.gif", f"{subject.size[0]}×{subject.size[1]}", str(subject.stored_frames),
                     f"{subject.total_cs} cs", str(os.path.getsize(subject.path))]
                    + [c.cell() for c in checks.values()])
        header_tools = list(checks)
        for tool, check in checks.items():
            for failure in check.failures:
                details.append(f"  {name}.gif, {tool}: {failure}")
                failed = True

    print("Interoperability of spinrender's GIFs (default encoding: optimised, loop compacted)")
    print("  ok: opens; frame count, delays and loop (forever) as spinrender wrote them")
    print("  px =: every centisecond of playback shows exactly spinrender's own frame (its --no-compact")
    print("        --no-optimize GIF decoded by Pillow); px ±N: within N/255 where the palette is quantized")
    print("  chromium frame =: a headless screenshot shows one of the GIF's frames exactly")
    if frames_command:
        print("  spinrender frames: the GIF's frames against the RGBA PNG frames before encoding (≤ 3/255)")
    kit.table(rows, ["GIF", "size", "frames", "plays", "bytes"] + header_tools, ["<", ">", ">", ">", ">"]
              + ["<"] * len(header_tools))
    if not chromium:
        print("note: browser check skipped (chromium not installed or INTEROP_BROWSER=0)")
    if not frames_command:
        print("note: this build has no 'spinrender frames'; the reference is the --no-compact --no-optimize GIF")
    if details:
        print("\nMismatches:")
        print("\n".join(details))
        check_webp(spinrender, workdir)
        check_apng(spinrender, workdir)
        check_mp4(spinrender, tools["ffprobe"], tools["ffmpeg"], workdir)
        sys.exit(1)
    webp_failed = check_webp(spinrender, workdir)
    apng_failed = check_apng(spinrender, workdir)
    mp4_failed = check_mp4(spinrender, tools["ffprobe"], tools["ffmpeg"], workdir)
    if chromium:
        report_screenshots(spinrender, chromium, workdir)
    if webp_failed or apng_failed or mp4_failed:
        sys.exit(1)
    print("\nAll GIFs, WebPs and APNGs open and decode identically in every tool; every MP4 decodes within 40 dB.")


def report_screenshots(spinrender, chromium, workdir):
    """Writes each kind of HTML report and keeps chromium's screenshots of it."""
    folder = os.path.join(workdir, "reports")
    os.makedirs(folder, exist_ok=True)

    def run(arguments):
        return subprocess.run([spinrender] + arguments, cwd=folder, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode

    run(["-o", "main.gif"])
    run(["--blend", "linear", "-o", "linear.gif"])
    run(["--no-compact", "-o", "twin.gif"])
    run(["--weight", "bold", "-o", "bold.gif"])
    with open(os.path.join(folder, "batch.json"), "w") as file:
        json.dump({"entries": [{"output": "out/main.gif", "reference": "main.gif"},
                               {"output": "out/linear.gif", "blend": "linear", "reference": "main.gif"}]}, file)
    reports = {
        "equal": ["compare", "main.gif", "main.gif", "--html", "equal.html"],
        "pixels-differ": ["compare", "linear.gif", "main.gif", "--html", "pixels-differ.html"],
        "frame-count-differs": ["compare", "main.gif", "twin.gif", "--html", "frame-count-differs.html"],
        "size-differs": ["compare", "bold.gif", "main.gif", "--html", "size-differs.html"],
        "batch": ["batch", "batch.json", "--html", "batch.html", "--quiet"],
    }
    kept = []
    for name, arguments in reports.items():
        run(arguments)
        page = os.path.join(folder, f"{name}.html")
        if not os.path.exists(page):
            print(f"note: the {name} report was not written")
            continue
        for suffix, window, scale in [("1x", "1100,900", 1), ("2x", "1100,900", 2), ("zoom200", "640,1400", 2)]:
            shot = os.path.join(folder, f"{name}-{suffix}.png")
            profile = tempfile.mkdtemp(dir=workdir, prefix="chromium-")
            try:
                subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                "--force-color-profile=srgb", f"--force-device-scale-factor={scale}",
                                f"--window-size={window}", f"--user-data-dir={profile}", "--virtual-time-budget=2000",
                                f"--screenshot={shot}", "file://" + page],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=90)
            except subprocess.TimeoutExpired:
                print(f"note: chromium timed out on the {name} report")
            finally:
                shutil.rmtree(profile, ignore_errors=True)
            if os.path.exists(shot):
                kept.append(shot)
    print(f"\nReport screenshots ({len(kept)}) in {os.path.relpath(folder)}/")


def check_frames_command(spinrender, options, subject, workdir):
    """When `spinrender frames` exists: its PNGs are the RGBA frames before GIF encoding. Exact
    palettes must give them back exactly; quantized ones (preview) within 3/255."""
    check = Check()
    directory = os.path.join(workdir, f"{subject.name}-frames")
    try:
        kit.run([spinrender, "frames"] + options + ["--no-compact", "-o", directory])
    except RuntimeError as error:
        check.fail(str(error)[:200])
        return check
    pngs = [rgba for rgba, _ in kit.read_png_frames(directory)]
    displayed = subject.reference_list
    if len(pngs) != len(displayed):
        check.info(f"{len(pngs)} PNGs for {len(displayed)} GIF frames")
        return check
    worst = max(kit.max_channel_difference(a, b) for a, b in zip(pngs, displayed))
    if worst > 3:
        check.fail(f"GIF frames differ from the PNG frames by up to {worst}/255")
    else:
        check.info("px =" if worst == 0 else f"px ±{worst}")
    return check


# --effort is the GIF encoder's; it changes nothing in a WebP.
WEBPS = [(name, options) for name, options in GIFS if "--effort" not in options] + [
    ("transparent", ["--mode", "explicit", "--transparent"])]


def check_webp(spinrender, workdir):
    """Renders each case as WebP and checks it with webpinfo, webpmux and Pillow; prints a table
    and returns whether anything failed."""
    from PIL import Image, ImageSequence
    if kit.ensure_debs(["webp"]):
        print("\nnote: Debian 'webp' could not be installed; WebP checks skipped")
        return False
    rows, details = [], []
    for name, options in WEBPS:
        kit.note(f"[{name}.webp] rendering and checking …")
        path = os.path.join(workdir, f"{name}.webp")
        kit.run([spinrender] + options + ["-o", path])
        cells = []
        info = subprocess.run(["webpinfo", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        cells.append("ok" if info.returncode == 0 and "No error detected" in info.stdout else "FAIL")
        if cells[-1] == "FAIL":
            details.append(f"  {name}.webp, webpinfo: {info.stdout.strip().splitlines()[-1:]}")
        mux = subprocess.run(["webpmux", "-info", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
        loop = re.search(r"Loop Count\s*:\s*(\d+)", mux)
        count = re.search(r"Number of frames:\s*(\d+)", mux)
        durations = [int(m.group(1)) for m in re.finditer(r"^\s*\d+:\s+\d+\s+\d+\s+\S+\s+\d+\s+\d+\s+(\d+)", mux, re.M)]
        ours_dir = os.path.join(workdir, f"{name}-webp-frames")
        kit.run([spinrender, "frames", path, "-o", ours_dir])
        ours = [rgba for rgba, _ in kit.read_png_frames(ours_dir)]
        with open(os.path.join(ours_dir, "frames.json")) as handle:
            ours_json = json.load(handle)
        # The stored frames: equal neighbours merged into one with the delays added.
        expected_durations = []
        previous = None
        for rgba, delay in zip(ours, ours_json["delaysCentiseconds"]):
            if rgba == previous:
                expected_durations[-1] += delay * 10
            else:
                expected_durations.append(delay * 10)
            previous = rgba
        mux_ok = loop and loop.group(1) == "0" and count and int(count.group(1)) == len(expected_durations) \
            and durations == expected_durations
        cells.append("ok" if mux_ok else "FAIL")
        if not mux_ok:
            details.append(f"  {name}.webp, webpmux: loop {loop and loop.group(1)}, {count and count.group(1)} frames, "
                           f"durations {durations[:5]}…, expected {expected_durations[:5]}…")
        with Image.open(path) as image:
            pillow = [kit.canonical_rgba(frame) for frame in ImageSequence.Iterator(image)]
            pillow_durations = []
            image.seek(0)
            for index in range(image.n_frames):
                image.seek(index)
                pillow_durations.append(image.info.get("duration"))
        # Pillow gives one frame per stored frame; spinrender's reader one per display step too
        # (merged frames come back merged), so both lists are the stored frames.
        reference_dir = os.path.join(workdir, f"{name}-rendered-frames")
        kit.run([spinrender, "frames"] + options + ["-o", reference_dir])
        rendered = [rgba for rgba, _ in kit.read_png_frames(reference_dir)]
        if "--transparent" in options:
            alphas = set(ours[0][3::4]) if ours else set()
            partial = any(0 < a < 255 for a in alphas)
            same = pillow == ours
            px_ok = partial and len(pillow) == len(ours) and same
            cells.append(("alpha 1–254, px = ours" if px_ok else "FAIL"))
            if not px_ok:
                details.append(f"  {name}.webp, Pillow: partial alpha {partial}, {len(pillow)} frames, equal to ours {same}")
        else:
            unique = []
            for frame in rendered:
                if not unique or unique[-1] != frame:
                    unique.append(frame)
            px_ok = pillow == unique
            cells.append("px =" if px_ok else "FAIL")
            if not px_ok:
                worst = max((kit.max_channel_difference(a, b) for a, b in zip(pillow, unique)), default=-1)
                details.append(f"  {name}.webp, Pillow: {len(pillow)} frames against {len(unique)} rendered, worst {worst}/255")
        rows.append([f"{name}.webp", str(len(pillow)), f"{sum(expected_durations)} ms", str(os.path.getsize(path))] + cells)
    print("\nInteroperability of spinrender's WebPs (lossless, loop compacted)")
    print("  webpinfo ok: no error detected; webpmux ok: stored frames, durations (ms) and loop 0 as written")
    print("  Pillow px =: every stored frame equals spinrender's rendered RGBA frame exactly")
    kit.table(rows, ["WebP", "frames", "plays", "bytes", "webpinfo", "webpmux -info", "Pillow"],
              ["<", ">", ">", ">", "<", "<", "<"])
    if details:
        print("\nWebP mismatches:")
        print("\n".join(details))
    return bool(details)


# The APNG cases: the WebP's, each written as `.png`.
APNGS = WEBPS


def unique_neighbours(frames):
    """Frames with equal neighbours merged, as APNG and WebP store them."""
    unique = []
    for frame in frames:
        if not unique or unique[-1] != frame:
            unique.append(frame)
    return unique


def check_apng(spinrender, workdir):
    """Renders each case as an APNG and decodes it with Pillow: every stored frame must equal
    spinrender's rendered RGBA frame exactly (alpha included), each delay 1/50 s times the frames
    merged into it, the loop 0 (forever). Prints a table, returns whether anything failed."""
    from PIL import Image, ImageSequence
    rows, details = [], []
    for name, options in APNGS:
        kit.note(f"[{name}.png] rendering and checking …")
        path = os.path.join(workdir, f"{name}.png")
        started = time.perf_counter()
        kit.run([spinrender] + options + ["-o", path])
        seconds = time.perf_counter() - started
        # The rendered frames with true alpha: the lossless WebP's, read back by spinrender.
        webp = os.path.join(workdir, f"{name}-for-apng.webp")
        kit.run([spinrender] + options + ["-o", webp])
        reference_dir = os.path.join(workdir, f"{name}-apng-reference")
        kit.run([spinrender, "frames", webp, "-o", reference_dir])
        with open(os.path.join(reference_dir, "frames.json")) as handle:
            delays_cs = json.load(handle)["delaysCentiseconds"]
        rendered = [rgba for rgba, _ in kit.read_png_frames(reference_dir)]
        expected, expected_ms = [], []
        for frame, delay in zip(rendered, delays_cs):
            if expected and expected[-1] == frame:
                expected_ms[-1] += delay * 10
            else:
                expected.append(frame)
                expected_ms.append(delay * 10)
        with Image.open(path) as image:
            animated = getattr(image, "is_animated", False)
            loop = image.info.get("loop")
            pillow, durations = [], []
            for frame in ImageSequence.Iterator(image):
                pillow.append(kit.canonical_rgba(frame))
                durations.append(frame.info.get("duration"))
        px_ok = pillow == expected
        timing_ok = animated and loop == 0 and [round(d) for d in durations] == expected_ms
        cells = ["px =" if px_ok else "FAIL", "ok" if timing_ok else "FAIL"]
        if not px_ok:
            worst = max((kit.max_channel_difference(a, b) for a, b in zip(pillow, expected)), default=-1)
            details.append(f"  {name}.png, Pillow: {len(pillow)} frames against {len(expected)} rendered, worst {worst}/255")
        if not timing_ok:
            details.append(f"  {name}.png, Pillow: animated {animated}, loop {loop}, durations {durations[:5]}…, expected {expected_ms[:5]}…")
        rows.append([f"{name}.png", str(len(pillow)), f"{sum(expected_ms)} ms", str(os.path.getsize(path)),
                     f"{seconds * 1000:.0f} ms"] + cells)
    print("\nInteroperability of spinrender's APNGs (lossless, true alpha, loop compacted)")
    print("  Pillow px =: every stored frame equals spinrender's rendered RGBA frame exactly (alpha included)")
    print("  timing ok: animated, loop 0, each duration 20 ms × the equal frames merged into it")
    kit.table(rows, ["APNG", "frames", "plays", "bytes", "render", "Pillow pixels", "Pillow timing"],
              ["<", ">", ">", ">", ">", "<", "<"])
    if details:
        print("\nAPNG mismatches:")
        print("\n".join(details))
    return bool(details)


# The MP4 cases: the opaque ones (a video has no alpha), each with its poster.
MP4S = [(name, options) for name, options in WEBPS if "--transparent" not in options]


def check_mp4(spinrender, ffprobe, ffmpeg, workdir):
    """Renders each case as an MP4 and checks it with ffprobe (H.264 Constrained Baseline,
    yuv420p, BT.709 limited range, frame count, every frame's duration) and ffmpeg: each decoded
    frame's PSNR against spinrender's rendered frame, in Y'CbCr 4:2:0 (the frames converted by
    ffmpeg, BT.709 limited range: the encoder's loss; at least 40 dB) and in RGB (the 4:2:0
    chroma's loss included, reported). Prints a table, returns whether anything failed."""
    from PIL import Image, ImageChops, ImageStat
    import math
    rows, details = [], []
    for name, options in MP4S:
        kit.note(f"[{name}.mp4] rendering and checking …")
        path = os.path.join(workdir, f"{name}.mp4")
        started = time.perf_counter()
        kit.run([spinrender] + options + ["-o", path, "--poster", os.path.join(workdir, f"{name}-poster.png")])
        seconds = time.perf_counter() - started
        reference_dir = os.path.join(workdir, f"{name}-mp4-reference")
        kit.run([spinrender, "frames"] + options + ["-o", reference_dir])
        rendered = kit.read_png_frames(reference_dir)
        probe = json.loads(subprocess.run([ffprobe, "-v", "error", "-select_streams", "v", "-show_streams",
                                           "-show_entries", "packet=pts,duration", "-of", "json", path],
                                          stdout=subprocess.PIPE, text=True).stdout)
        stream = probe["streams"][0]
        packets = probe.get("packets", [])
        width, height = stream["width"], stream["height"]
        stream_ok = (stream.get("codec_name") == "h264" and stream.get("profile") == "Constrained Baseline"
                     and stream.get("pix_fmt") == "yuv420p" and stream.get("color_range") == "tv"
                     and stream.get("color_space") == stream.get("color_primaries") == stream.get("color_transfer") == "bt709")
        # 50 fps: one tick of 1/50 s a frame, pts 0, 1, 2 …
        timing_ok = (stream.get("time_base") == "1/50" and len(packets) == len(rendered)
                     and [p.get("duration") for p in packets] == [1] * len(rendered)
                     and sorted(int(p["pts"]) for p in packets) == list(range(len(rendered))))
        if not stream_ok:
            details.append(f"  {name}.mp4, ffprobe: {json.dumps({k: stream.get(k) for k in ['codec_name', 'profile', 'pix_fmt', 'color_range', 'color_space', 'color_primaries', 'color_transfer']})}")
        if not timing_ok:
            details.append(f"  {name}.mp4, ffprobe: time base {stream.get('time_base')}, {len(packets)} packets for {len(rendered)} frames")
        stats = os.path.join(workdir, f"{name}-psnr.log")
        # -reinit_filter 0: frames stored as colour-mapped and as RGB PNGs must not restart the
        # graph (and the stats file) when the decoded format changes.
        subprocess.run([ffmpeg, "-v", "error", "-i", path, "-reinit_filter", "0", "-framerate", "50",
                        "-i", os.path.join(reference_dir, "frame_%04d.png"),
                        "-lavfi", f"[1]format=rgb24,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p[r];[0]format=yuv420p[d];[d][r]psnr=stats_file={stats}",
                        "-f", "null", "-"], check=True)
        with open(stats) as handle:
            yuv = [float(re.search(r"psnr_avg:(\S+)", line).group(1).replace("inf", "99")) for line in handle if "psnr_avg" in line]
        decoded = subprocess.run([ffmpeg, "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                                 stdout=subprocess.PIPE, check=True).stdout
        frame_bytes = width * height * 3
        rgb = []
        for index, (rgba, size) in enumerate(rendered):
            source = Image.frombytes("RGBA", size, rgba).convert("RGB")
            video = Image.frombytes("RGB", (width, height), decoded[index * frame_bytes:(index + 1) * frame_bytes])
            squares = sum(ImageStat.Stat(ImageChops.difference(source, video)).sum2)
            mse = squares / (width * height * 3)
            rgb.append(99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse))
        psnr_ok = len(yuv) == len(rendered) and min(yuv) >= 40
        if not psnr_ok:
            details.append(f"  {name}.mp4, ffmpeg: {len(yuv)} frames compared, Y'CbCr PSNR min {min(yuv, default=0):.1f} dB")
        rows.append([f"{name}.mp4", f"{width}×{height}", str(len(packets)), str(os.path.getsize(path)), f"{seconds * 1000:.0f} ms",
                     "ok" if stream_ok else "FAIL", "ok" if timing_ok else "FAIL",
                     f"{min(yuv):.1f} / {sum(yuv) / len(yuv):.1f}" + ("" if psnr_ok else " FAIL"),
                     f"{min(rgb):.1f} / {sum(rgb) / len(rgb):.1f}"])
    print("\nInteroperability of spinrender's MP4s (H.264 through OpenH264, default quantizer)")
    print("  ffprobe stream ok: h264 Constrained Baseline, yuv420p, tv range, bt709 matrix, primaries and transfer")
    print("  ffprobe timing ok: time base 1/50, one packet a frame, each 1 tick (20 ms), pts 0, 1, 2 …")
    print("  PSNR min / mean (dB), every frame decoded by ffmpeg against the rendered frame: Y'CbCr 4:2:0")
    print("  (the frames converted by ffmpeg; the encoder's loss, at least 40) and RGB (4:2:0 chroma included)")
    kit.table(rows, ["MP4", "size", "frames", "bytes", "render", "stream", "timing", "PSNR Y'CbCr", "PSNR RGB"],
              ["<", ">", ">", ">", ">", "<", "<", ">", ">"])
    if details:
        print("\nMP4 mismatches:")
        print("\n".join(details))
    return bool(details)


if __name__ == "__main__":
    main()
