"""Shared helpers for scripts/bench.py and scripts/interop.py.

Installing the peer tools, timing whole processes, and decoding GIFs into comparable
"playback timelines". Only the standard library at import time; Pillow is imported after
ensure_pillow() has made sure it is there.
"""

import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# Where generated files go; git-ignored (.gitignore: /bench-out/).
OUT_ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench-out")


def note(message):
    """Progress and diagnostics go to standard error; tables and verdicts to standard output."""
    print(message, file=sys.stderr, flush=True)


# --- Installing what the scripts use -------------------------------------------------------

def _as_root(argv):
    return argv if os.geteuid() == 0 else ["sudo"] + argv


def deb_installed(package):
    result = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return "ok installed" in result.stdout


_apt_updated = False


def ensure_debs(packages):
    """Installs the Debian packages that are missing; returns the ones still missing after.

    `apt-get update` runs first (once per script) because a fresh container has no package
    lists. A failure is reported, not raised: a missing peer makes its row "n/a".
    """
    global _apt_updated
    missing = [p for p in packages if not deb_installed(p)]
    if not missing:
        return []
    note(f"Installing {' '.join(missing)} …")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if not _apt_updated:
        subprocess.run(_as_root(["apt-get", "update", "-qq"]), env=env)
        _apt_updated = True
    subprocess.run(_as_root(["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing),
                   env=env, stdout=subprocess.DEVNULL)
    still = [p for p in missing if not deb_installed(p)]
    if still:
        note(f"Could not install: {' '.join(still)}")
    return still


def ensure_pillow():
    """Imports Pillow, installing it with pip (or Debian's python3-pil) when missing."""
    try:
        import PIL  # noqa: F401
        return True
    except ImportError:
        pass
    note("Installing Pillow …")
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pillow"])
    if pip.returncode != 0 and sys.executable.startswith("/usr/bin/"):
        # Debian's own python3 refuses pip installs (PEP 668): use the distribution's Pillow.
        ensure_debs(["python3-pil"])
    import importlib
    importlib.invalidate_caches()
    try:
        import PIL  # noqa: F401
        return True
    except ImportError:
        note("Pillow is not available; its rows are skipped.")
        return False


def imagemagick_convert():
    """The real ImageMagick `convert`, or None.

    Looks up the versioned binary first: a `convert` earlier on PATH may be a wrapper, which
    would add its own start-up to the timings.
    """
    for candidate in ["convert-im6.q16", "magick", "/usr/bin/convert"]:
        path = shutil.which(candidate)
        if not path:
            continue
        version = subprocess.run([path, "-version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        if "ImageMagick" in version.stdout:
            return path
    return None


def imagemagick_identify():
    for candidate in ["identify-im6.q16", "/usr/bin/identify"]:
        path = shutil.which(candidate)
        if path:
            return path
    return None


# --- Running and timing ---------------------------------------------------------------------

def run(argv, **kwargs):
    """Runs a command, raising with its standard error when it fails."""
    result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[:4])} … exited {result.returncode}: "
                           f"{result.stderr.decode(errors='replace').strip()[:400]}")
    return result


def spawn_and_time(argv):
    """Runs argv once with output to /dev/null; returns (wall seconds, CPU seconds user + system).

    posix_spawn + wait4: the lightest way to start a process from Python, and wait4 gives the
    child's own CPU time, which other work on a shared machine disturbs less than wall time.
    """
    with tempfile.TemporaryFile() as errors:
        actions = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                   (os.POSIX_SPAWN_DUP2, errors.fileno(), 2)]
        start = time.perf_counter()
        try:
            pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
        except OSError as error:
            raise RuntimeError(f"cannot run {argv[0]}: {error.strerror}") from error
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            raise RuntimeError(f"{argv[0]} exited {os.waitstatus_to_exitcode(status)}: "
                               f"{errors.read().decode(errors='replace')[:400]}")
    return wall, usage.ru_utime + usage.ru_stime


def time_interleaved(commands, warmup=1):
    """Times several commands round-robin: run 1 of each, then run 2 of each, and so on.

    `commands` maps a label to (argv, runs). Interleaving spreads any change in the machine's
    load over all commands alike, so the ratios between them stay fair on shared cores.
    Returns label -> (median wall seconds, median CPU seconds); a failing command raises.
    """
    for argv, _ in commands.values():
        for _ in range(warmup):
            spawn_and_time(argv)
    walls = {label: [] for label in commands}
    cpus = {label: [] for label in commands}
    for round_index in range(max(runs for _, runs in commands.values())):
        for label, (argv, runs) in commands.items():
            if round_index < runs:
                wall, cpu = spawn_and_time(argv)
                walls[label].append(wall)
                cpus[label].append(cpu)
    return {label: (median(walls[label]), median(cpus[label])) for label in commands}


def time_runs(argv, runs, warmup=1):
    """Wall-clock seconds of `runs` whole-process runs of argv, after `warmup` untimed runs."""
    for _ in range(warmup):
        spawn_and_time(argv)
    return [spawn_and_time(argv)[0] for _ in range(runs)]


def median(values):
    return statistics.median(values)


def peak_memory_kib(argv):
    """Peak resident memory of a run in KiB (GNU time's %M), or None without /usr/bin/time."""
    if not os.path.exists("/usr/bin/time"):
        return None
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        run(["/usr/bin/time", "-f", "%M", "-o", report.name] + argv)
        return int(report.read().strip().splitlines()[-1])


# --- Decoding into playback timelines --------------------------------------------------------
#
# A timeline is what a viewer sees: a list of [digest of the displayed RGBA canvas, centiseconds],
# with consecutive equal canvases merged and the loop unrolled to a fixed length. Two GIFs with
# equal timelines play identically, frame for frame and centisecond for centisecond, however
# their frames are cropped, merged or compacted.

def canonical_rgba(image):
    """The RGBA bytes of a Pillow image, with the hidden colour of fully transparent pixels zeroed
    (transparent pixels are equal whatever their hidden colour)."""
    from PIL import Image
    image = image.convert("RGBA")
    alpha = image.getchannel("A")
    if alpha.getextrema()[0] == 255:
        return image.tobytes()
    clear = Image.new("RGBA", image.size, (0, 0, 0, 0))
    return Image.composite(image, clear, alpha.point(lambda a: 255 if a else 0)).tobytes()


def digest(data):
    return hashlib.sha256(data).hexdigest()[:16]


def pillow_decode(path):
    """Pillow's view of a GIF: size, [(canonical RGBA bytes, delay in cs)], loop (None = play once)."""
    from PIL import Image, ImageSequence
    with Image.open(path) as image:
        loop = image.info.get("loop")
        frames = []
        for frame in ImageSequence.Iterator(image):
            frames.append((canonical_rgba(frame), round(frame.info.get("duration", 0) / 10)))
        return image.size, frames, loop


def pillow_playback(path, total_cs):
    """Pillow's playback timeline of a GIF over `total_cs` centiseconds, and its frames by digest."""
    _, frames, loop = pillow_decode(path)
    by_digest = {digest(rgba): rgba for rgba, _ in frames}
    return timeline([(digest(rgba), delay) for rgba, delay in frames], loop, total_cs), by_digest


def timeline(frames, loop, total_cs):
    """Unrolls [(digest, delay cs)] by its loop to `total_cs` centiseconds and merges repeats.

    `loop` follows the NETSCAPE2.0 block: 0 = forever, N = N + 1 plays, None = one play.
    """
    plays = None if loop == 0 else (1 if loop is None else loop + 1)
    result = []
    elapsed, played = 0, 0
    while elapsed < total_cs and (plays is None or played < plays):
        for key, delay in frames:
            if elapsed >= total_cs:
                break
            delay = min(delay, total_cs - elapsed)
            if result and result[-1][0] == key:
                result[-1][1] += delay
            elif delay > 0:
                result.append([key, delay])
            elapsed += delay
        played += 1
        if sum(d for _, d in frames) == 0:
            break
    return result


def describe_difference(actual, expected, actual_frames=None, expected_frames=None):
    """A short reason why two timelines differ, or None when equal.

    With the frames behind the digests (digest -> RGBA bytes) it also gives the largest
    per-channel difference of the first frame whose pixels differ.
    """
    if actual == expected:
        return None
    for index, (a, e) in enumerate(zip(actual, expected)):
        if a[0] != e[0]:
            reason = f"displayed frame {index} has different pixels"
            if actual_frames and expected_frames and a[0] in actual_frames and e[0] in expected_frames:
                x, y = actual_frames[a[0]], expected_frames[e[0]]
                if len(x) == len(y):
                    reason += f" (up to {max_channel_difference(x, y)}/255)"
            return reason
        if a[1] != e[1]:
            return f"displayed frame {index} lasts {a[1]} cs, expected {e[1]} cs"
    return f"{len(actual)} displayed frames, expected {len(expected)}"


def worst_difference_per_centisecond(actual, expected, actual_frames, expected_frames):
    """Largest per-channel difference between what two timelines show at each centisecond.

    Returns (worst, None), or (None, reason) when they cannot be compared (lengths differ).
    Consecutive frames can merge in one and not the other, so timelines are compared
    centisecond by centisecond, not entry by entry.
    """
    expand = lambda tl: [key for key, cs in tl for _ in range(cs)]  # noqa: E731
    a, e = expand(actual), expand(expected)
    if len(a) != len(e):
        return None, f"plays {len(a)} cs, expected {len(e)} cs"
    worst, cache = 0, {}
    for pair in set(zip(a, e)):
        if pair[0] != pair[1] and pair not in cache:
            cache[pair] = max_channel_difference(actual_frames[pair[0]], expected_frames[pair[1]])
            worst = max(worst, cache[pair])
    return worst, None


def max_channel_difference(a, b):
    """Largest difference of any channel of any pixel between two equal-length RGBA buffers."""
    from PIL import Image, ImageChops
    size = (len(a) // 4, 1)
    difference = ImageChops.difference(Image.frombytes("RGBA", size, a), Image.frombytes("RGBA", size, b))
    return max(high for _, high in difference.getextrema())


def write_png_frames(frames, size, directory):
    """Writes [(RGBA bytes, delay)] as frame_0000.png …; RGB when every pixel is opaque, as a
    frame exporter would choose the smaller form."""
    from PIL import Image
    os.makedirs(directory, exist_ok=True)
    for old in os.listdir(directory):
        if old.startswith("frame_") and old.endswith(".png"):
            os.remove(os.path.join(directory, old))
    for index, (rgba, _) in enumerate(frames):
        image = Image.frombytes("RGBA", size, rgba)
        if image.getchannel("A").getextrema()[0] == 255:
            image = image.convert("RGB")
        image.save(os.path.join(directory, f"frame_{index:04d}.png"))


def read_png_frames(directory):
    """[(canonical RGBA bytes, size)] of frame_*.png in order (e.g. `spinrender frames` output)."""
    from PIL import Image
    names = sorted(n for n in os.listdir(directory) if n.startswith("frame_") and n.endswith(".png"))
    result = []
    for name in names:
        with Image.open(os.path.join(directory, name)) as image:
            result.append((canonical_rgba(image), image.size))
    return result


def has_frames_command(spinrender):
    """Whether this build has `spinrender frames`."""
    result = subprocess.run([spinrender, "help", "frames"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return result.returncode == 0


def table(rows, header, align=None):
    """Prints rows as an aligned text table; numbers right-aligned unless `align` says otherwise."""
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    align = align or ["<"] + [">"] * (len(header) - 1)
    def line(row):
        return "  ".join(f"{str(cell):{a}{w}}" for cell, w, a in zip(row, widths, align)).rstrip()
    print(line(header))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))
