#!/bin/sh
# Checks `make install` and `make uninstall` without touching the system: installs BINARY into a
# temporary PREFIX, runs the installed binary, checks the man page and completions are there,
# does the same through DESTDIR staging, then uninstalls and checks no file is left behind.
#
# Usage: scripts/install-check.sh BINARY   (an already built spinrender; nothing is built)
# Run by `make install-check` and by Tests/CLITests/InstallTests.swift.
set -eu
bin=${1:?usage: scripts/install-check.sh BINARY}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

installed="bin/spinrender share/man/man1/spinrender.1 share/bash-completion/completions/spinrender
share/zsh/site-functions/_spinrender share/fish/vendor_completions.d/spinrender.fish"

check_tree() { # $1: the folder PREFIX maps to
    for file in $installed; do
        [ -s "$1/$file" ] || { echo "install-check: $1/$file was not installed" >&2; exit 1; }
    done
    [ -x "$1/bin/spinrender" ] || { echo "install-check: $1/bin/spinrender is not executable" >&2; exit 1; }
    version=$("$1/bin/spinrender" --version)
    [ -n "$version" ] || { echo "install-check: the installed binary printed no version" >&2; exit 1; }
    grep -q "_spinrender spinrender" \
        "$1/share/bash-completion/completions/spinrender" \
        || { echo "install-check: the bash completion does not register itself" >&2; exit 1; }
    head -n 1 "$1/share/zsh/site-functions/_spinrender" | grep -q '^#compdef spinrender' \
        || { echo "install-check: the zsh completion lacks #compdef" >&2; exit 1; }
}

# Whether the installed binary has its symbol table (`file` says "not stripped" when it has).
# $1: the folder PREFIX maps to; $2: "stripped" or "not stripped".
check_strip() {
    command -v file >/dev/null 2>&1 || return 0   # nothing to tell stripped from unstripped with
    description=$(file -b "$1/bin/spinrender")
    case "$2,$description" in
        "stripped,"*", not stripped"*) echo "install-check: $1/bin/spinrender was not stripped" >&2; exit 1 ;;
        "not stripped,"*", not stripped"*) ;;
        "not stripped,"*) echo "install-check: STRIP= still stripped $1/bin/spinrender" >&2; exit 1 ;;
    esac
    cmp -s "$bin" "$1/bin/spinrender" && [ "$2" = stripped ] && { echo "install-check: the installed binary is the unstripped build" >&2; exit 1; }
    return 0
}

check_empty() { # $1: a folder that must hold no files after uninstall
    left=$(find "$1" -type f -o -type l)
    [ -z "$left" ] || { echo "install-check: uninstall left behind: $left" >&2; exit 1; }
}

# 1. PREFIX
make -s -C "$root" install PREFIX="$work/prefix" BIN="$bin" >/dev/null
check_tree "$work/prefix"
check_strip "$work/prefix" stripped
make -s -C "$root" uninstall PREFIX="$work/prefix" >/dev/null
check_empty "$work/prefix"

# 1b. STRIP= installs the binary as built.
make -s -C "$root" install PREFIX="$work/unstripped" BIN="$bin" STRIP= >/dev/null
check_strip "$work/unstripped" "not stripped"
cmp -s "$bin" "$work/unstripped/bin/spinrender" || { echo "install-check: STRIP= changed the binary" >&2; exit 1; }
make -s -C "$root" uninstall PREFIX="$work/unstripped" >/dev/null
check_empty "$work/unstripped"

# 2. DESTDIR staging, as packagers do: files land under DESTDIR/PREFIX.
make -s -C "$root" install DESTDIR="$work/stage" PREFIX=/opt/spinrender BIN="$bin" >/dev/null
check_tree "$work/stage/opt/spinrender"
check_strip "$work/stage/opt/spinrender" stripped
make -s -C "$root" uninstall DESTDIR="$work/stage" PREFIX=/opt/spinrender >/dev/null
check_empty "$work/stage"

echo "install-check: ok (spinrender $version)"
