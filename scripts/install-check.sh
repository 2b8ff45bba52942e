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

check_empty() { # $1: a folder that must hold no files after uninstall
    left=$(find "$1" -type f -o -type l)
    [ -z "$left" ] || { echo "install-check: uninstall left behind: $left" >&2; exit 1; }
}

# 1. PREFIX
make -s -C "$root" install PREFIX="$work/prefix" BIN="$bin" >/dev/null
check_tree "$work/prefix"
make -s -C "$root" uninstall PREFIX="$work/prefix" >/dev/null
check_empty "$work/prefix"

# 2. DESTDIR staging, as packagers do: files land under DESTDIR/PREFIX.
make -s -C "$root" install DESTDIR="$work/stage" PREFIX=/opt/spinrender BIN="$bin" >/dev/null
check_tree "$work/stage/opt/spinrender"
make -s -C "$root" uninstall DESTDIR="$work/stage" PREFIX=/opt/spinrender >/dev/null
check_empty "$work/stage"

echo "install-check: ok (spinrender $version)"
