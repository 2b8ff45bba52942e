#!/bin/sh
# Checks that spinrender can be another package's dependency by version, as SwiftPM allows only
# for packages without unsafe build flags (a path dependency allows them, so it proves nothing).
#
# Copies the working tree (tracked and new files, as committed or not) into a temporary git
# repository, tags it with the version of Sources/SpinRender/Package/Version.swift, and writes the
# fixture package Tests/PackageFixture beside it depending on `.package(url: "file://…", from:
# VERSION)`. Then:
#   scripts/package-check.sh resolve   resolves the fixture's dependencies and loads its package
#                                      graph, where SwiftPM refuses unsafe flags (seconds; run by
#                                      Tests/CLITests/PackageDependencyTests.swift in `make test`)
#   scripts/package-check.sh build     also builds the fixture and runs it (minutes: the whole
#                                      library as a dependency; `make package-check`, run by CI),
#                                      then runs the command plugin on its SpinnerViews target:
#                                      `swift package render-previews` (SwiftPM builds the tool
#                                      for it, sharing the library just built) must write each
#                                      preview into the target's DocC catalogue, byte for byte
#                                      what the tool writes when run by hand, warn about a file
#                                      that is not UTF-8 and skip it, and take --format and --output
# Both also check, from `swift package dump-package`, that no target declares unsafe flags: SwiftPM
# 6.2 and later no longer refuse them in a dependency whose tools version is 6.2 or later, but a
# consumer on an older toolchain would.
# Environment: SWIFT (default swift); PACKAGE_CHECK_CONTROL=unsafe-flags makes the copy's manifest
# what it was before (tools version 6.0, `-warnings-as-errors` as an unsafe flag): the check must
# then fail with SwiftPM's "contains unsafe build flags" (the control of the test); PACKAGE_CHECK_KEEP=1
# keeps the temporary folder.
set -eu
mode=${1:-build}
case $mode in resolve|build) ;; *) echo "usage: scripts/package-check.sh [resolve|build]" >&2; exit 64 ;; esac
swift=${SWIFT:-swift}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/spinrender-package-check.XXXXXX")
[ -n "${PACKAGE_CHECK_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT INT TERM

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$root/Sources/SpinRender/Package/Version.swift")
[ -n "$version" ] || { echo "package-check: no version in Sources/SpinRender/Package/Version.swift" >&2; exit 1; }

# The working tree as it is, not only what is committed, so the check runs before a commit too.
mkdir "$work/spinrender"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 sh -c '
    for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) \
    | (cd "$root" && tar --null -T - -cf -) | tar -xf - -C "$work/spinrender"
case ${PACKAGE_CHECK_CONTROL:-} in
'') ;;
unsafe-flags)
    manifest="$work/spinrender/Package.swift"
    sed -i -e '1s|.*|// swift-tools-version:6.0|' \
        -e 's|\.treatAllWarnings(as: \.error),|.unsafeFlags(["-warnings-as-errors"]),|' "$manifest"
    grep -q 'unsafeFlags' "$manifest" || { echo "package-check: the control found no treatAllWarnings to replace" >&2; exit 1; } ;;
*) echo "package-check: unknown PACKAGE_CHECK_CONTROL '$PACKAGE_CHECK_CONTROL'" >&2; exit 64 ;;
esac
git -C "$work/spinrender" init -q
git -C "$work/spinrender" add -A
git -C "$work/spinrender" -c user.name=package-check -c user.email=package-check@localhost \
    commit -q -m "spinrender $version for package-check"
git -C "$work/spinrender" tag "$version"

mkdir -p "$work/consumer"
sed -e "s|@URL@|file://$work/spinrender|" -e "s|@VERSION@|$version|" \
    "$root/Tests/PackageFixture/Package.swift.in" > "$work/consumer/Package.swift"
cp -R "$root/Tests/PackageFixture/Sources" "$work/consumer/"

cd "$work/consumer"
if [ -z "${PACKAGE_CHECK_CONTROL:-}" ]; then
    (cd "$work/spinrender" && "$swift" package dump-package) > "$work/manifest.json"
    if grep -q '"unsafeFlags"' "$work/manifest.json"; then
        echo "package-check: a target of Package.swift declares unsafe flags (.unsafeFlags); a versioned dependency on a toolchain before 6.2 refuses them" >&2
        exit 1
    fi
fi
# `resolve` picks the tag; `show-dependencies` loads the package graph, where SwiftPM refuses
# unsafe flags (in a dependency whose tools version is before 6.2).
"$swift" package resolve
"$swift" package show-dependencies > "$work/dependencies.txt"
resolved=$(sed -n 's/.*"version" *: *"\(.*\)".*/\1/p' Package.resolved | head -n 1)
[ "$resolved" = "$version" ] || { echo "package-check: resolved spinrender '$resolved', expected '$version'" >&2; exit 1; }
echo "package-check: spinrender $version resolved by version from file://$work/spinrender"
[ "$mode" = build ] || exit 0
"$swift" build -Xswiftc -gnone
output=$("$swift" run --skip-build SpinRenderConsumer)
echo "package-check: $output"
case $output in "spinrender $version: "*) ;; *) echo "package-check: the consumer printed '$output'" >&2; exit 1 ;; esac

# The command plugin, as an adopting package runs it. A file that is not UTF-8 text is added
# after the build (it would not compile): the plugin must warn about it and render the rest.
printf 'struct Unreadable {}\n// \377\376\n' > Sources/SpinnerViews/Unreadable.swift
fail() { echo "package-check: $1" >&2; sed 's/^/  /' "$work/plugin.txt" >&2; exit 1; }
"$swift" package -Xswiftc -gnone --allow-writing-to-package-directory render-previews --target SpinnerViews > "$work/plugin.txt" 2>&1 \
    || fail "the render-previews plugin failed"
grep -q "Unreadable.swift: cannot be read (not UTF-8 text); skipped" "$work/plugin.txt" \
    || fail "the plugin did not warn about the file that is not UTF-8"
resources=Sources/SpinnerViews/SpinnerViews.docc/Resources
[ "$(LC_ALL=C ls "$resources" | tr '\n' ' ')" = "Loading-dark@2x.gif Loading@2x.gif previews.json " ] \
    || fail "the plugin wrote '$(LC_ALL=C ls "$resources" | tr '\n' ' ')' into $resources"
# The tool the plugin ran, run by hand on the file, writes the same bytes.
# SwiftPM builds a plugin's tools as host variants of their modules: `spinrender-tool`.
tool=$(find .build -type f \( -path '*/debug/spinrender-tool' -o -path '*/debug/spinrender' \) | head -n 1)
[ -x "$tool" ] || fail "no spinrender tool in the consumer's .build"
"$tool" Sources/SpinnerViews/Spinner.swift -o "$work/by-hand/"
for name in Loading@2x.gif Loading-dark@2x.gif; do
    cmp -s "$resources/$name" "$work/by-hand/$name" || fail "$resources/$name differs from the tool's own render"
done
grep -q '"appearance" : "dark"' "$resources/previews.json" || fail "previews.json does not record the dark preview"
"$swift" package -Xswiftc -gnone --allow-writing-to-package-directory render-previews --target SpinnerViews --format webp --output Previews \
    > "$work/plugin.txt" 2>&1 || fail "render-previews --format webp --output Previews failed"
[ -f Previews/Loading@2x.webp ] && [ -f Previews/Loading-dark@2x.webp ] && [ -f Previews/previews.json ] \
    || fail "--format webp --output Previews wrote '$(LC_ALL=C ls Previews 2>/dev/null | tr '\n' ' ')'"
"$swift" package -Xswiftc -gnone --allow-writing-to-package-directory render-previews --target NoSuchTarget > "$work/plugin.txt" 2>&1 \
    && fail "an unknown --target did not fail"
grep -q "no target named 'NoSuchTarget'" "$work/plugin.txt" || fail "an unknown --target was not named"
echo "package-check: the render-previews plugin wrote $(LC_ALL=C ls "$resources" | tr '\n' ' ')into the DocC catalogue"
