#!/bin/sh
# Builds the two DocC catalogues into documentation archives, with the previews they embed
# rendered first, then checks that each archive holds every preview, byte for byte.
#
# Usage: scripts/docs.sh   (run by `make docs`; SWIFT may name the swift driver)
#
# The toolchain's `docc` converts each catalogue with the symbol graphs the compiler emits while
# building the tool (the swift-docc-plugin, which `swift package generate-documentation` needs,
# is not a dependency of this package). The build has a folder of its own (.build/docs): its
# extra compiler flags would otherwise rebuild the normal and the test builds.
# Output: .build/docs/SpinRender.doccarchive and .build/docs/SwiftUISource.doccarchive.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
swift=${SWIFT:-swift}
work=.build/docs
graphs=$work/symbol-graphs
mkdir -p "$graphs"
$swift build --scratch-path "$work" -Xswiftc -gnone --product spinrender \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$root/$graphs"
bin=$($swift build --scratch-path "$work" --show-bin-path)/spinrender

# The previews: rendered here, into the catalogues' Resources (generated, not committed).
core=Sources/SpinRender/SpinRender.docc/Resources
source=Sources/SwiftUISource/SwiftUISource.docc/Resources
mkdir -p "$core" "$source"
"$bin" --quiet --mode preview -o "$core/spinner-preview.mp4" --poster "$core/spinner-preview-poster.png"
"$bin" --quiet --mode explicit -o "$core/spinner-explicit.png"
"$bin" --quiet --mode implicit --rotate-at 0.5 -o "$core/spinner-drift.gif"
"$bin" source > "$work/Spinner.swift"
"$bin" --quiet "$work/Spinner.swift" -o "$source/source-preview.mp4" --poster "$source/source-preview-poster.png"
"$bin" --quiet "$work/Spinner.swift" --view Spinner2 -o "$source/source-explicit.png"

status=0
for module in SpinRender SwiftUISource; do
  catalogue=Sources/$module/$module.docc
  archive=$work/$module.doccarchive
  rm -rf "$work/graphs-$module" "$archive"
  mkdir -p "$work/graphs-$module"
  cp "$graphs/$module.symbols.json" "$work/graphs-$module/"
  for extension in "$graphs/$module"@*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$work/graphs-$module/"
  done
  docc convert "$catalogue" --additional-symbol-graph-dir "$work/graphs-$module" --output-dir "$archive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "spinrender.$module" >"$work/docc-$module.log" 2>&1 || {
    cat "$work/docc-$module.log" >&2; echo "docs: docc convert of $catalogue failed" >&2; exit 1; }
  # Every preview is in the archive, equal to the rendered file, and the module's page names it.
  page=$(find "$archive/data/documentation" -maxdepth 1 -iname "$module.json" | head -n 1)
  for file in "$catalogue"/Resources/*; do
    name=$(basename "$file")
    copy=$(find "$archive/images" "$archive/videos" -name "$name" 2>/dev/null | head -n 1)
    if [ -z "$copy" ] || ! cmp -s "$file" "$copy"; then
      echo "docs: $archive does not hold $name" >&2; status=1
    elif [ -z "$page" ] || ! grep -q "\"$name\"" "$page"; then
      echo "docs: the $module page in $archive does not show $name" >&2; status=1
    else
      echo "docs: $archive holds $name ($(wc -c < "$copy") bytes)"
    fi
  done
done
exit $status
