#!/usr/bin/env bash
# Test-only oracle: checks SwiftCode's parser against Apple's SwiftParser, which the toolchain
# ships in usr/lib/swift/host, on the fixtures in Tests/SwiftCodeTests (LoaderFixtures: valid
# files both must accept; MalformedFixtures: sources both must reject). Run by hand:
#   scripts/syntax-oracle.sh
# Not part of `make test`: it needs the toolchain's host libraries, which the product never links.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
toolchain=$(dirname "$(dirname "$(command -v "$SWIFTC")")")
host="$toolchain/lib/swift/host"
work=${TMPDIR:-/tmp}/spinrender-syntax-oracle
mkdir -p "$work"
[ -f "$host/SwiftParser.swiftmodule" ] || [ -d "$host/SwiftParser.swiftmodule" ] || { echo "syntax-oracle: no SwiftParser in $host" >&2; exit 1; }
"$SWIFTC" -O -parse-as-library -emit-library -emit-module -module-name SwiftCode \
  -emit-module-path "$work/SwiftCode.swiftmodule" -o "$work/libSwiftCode.so" Sources/SwiftCode/Syntax/*.swift
"$SWIFTC" -O scripts/syntax-oracle/main.swift Tests/SwiftCodeTests/LoaderFixtures.swift Tests/SwiftCodeTests/MalformedFixtures.swift \
  -I "$work" -L "$work" -lSwiftCode -I "$host" -L "$host" \
  -lSwiftParser -lSwiftParserDiagnostics -lSwiftDiagnostics -lSwiftSyntax -lSwiftBasicFormat \
  -Xlinker -rpath -Xlinker "$host" -Xlinker -rpath -Xlinker "$work" -o "$work/syntax-oracle"
"$work/syntax-oracle"
