#!/bin/sh
# Installs a caplint release binary: downloads the archive for this OS and
# CPU, checks it against its published SHA-256 checksum, and puts `caplint`
# in a folder. Nothing is compiled and nothing but that file is written.
#
#   curl -fsSL https://raw.githubusercontent.com/caplint/caplint/main/scripts/install.sh | sh
#   sh install.sh --version 0.1.0 --to /usr/local/bin
#
# Options (or environment variables):
#   --version X.Y.Z   CAPLINT_VERSION      the release (default: latest)
#   --to DIR          CAPLINT_INSTALL_DIR  where to put caplint (default: ~/.local/bin)
#   --base-url URL    CAPLINT_BASE_URL     where releases are, as
#                     URL/vX.Y.Z/caplint-vX.Y.Z-TARGET.tar.gz (default: the
#                     GitHub releases of caplint/caplint; a mirror or a
#                     file:// folder works too)
#   --target TRIPLE   CAPLINT_TARGET       the archive's target (default: this machine's)
#
# Exit status: 0 installed; 1 failed (a download error, a checksum that
# does not match, a broken archive: nothing is installed); 2 usage; 3 no
# release archive exists for this version and target (build from source:
# cargo install --locked caplint).
set -eu

repo_url="https://github.com/caplint/caplint"
version="${CAPLINT_VERSION:-latest}"
dir="${CAPLINT_INSTALL_DIR:-${HOME:-/tmp}/.local/bin}"
base_url="${CAPLINT_BASE_URL:-$repo_url/releases/download}"
target="${CAPLINT_TARGET:-}"

say() { echo "caplint install: $*" >&2; }
fail() {
    say "$*"
    exit 1
}
usage() {
    sed -n '2,/^set -eu/p' "$0" 2>/dev/null | sed -e '/^set -eu/d' -e 's/^# \{0,1\}//' >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --version) [ $# -ge 2 ] || usage; version="$2"; shift 2 ;;
        --version=*) version="${1#*=}"; shift ;;
        --to) [ $# -ge 2 ] || usage; dir="$2"; shift 2 ;;
        --to=*) dir="${1#*=}"; shift ;;
        --base-url) [ $# -ge 2 ] || usage; base_url="$2"; shift 2 ;;
        --base-url=*) base_url="${1#*=}"; shift ;;
        --target) [ $# -ge 2 ] || usage; target="$2"; shift 2 ;;
        --target=*) target="${1#*=}"; shift ;;
        -h | --help) usage ;;
        *) say "unknown argument '$1'"; usage ;;
    esac
done
base_url="${base_url%/}"

# Downloads URL to FILE. Returns 3 when the server (or folder) has no such
# file, 1 on any other failure.
download() {
    if command -v curl >/dev/null 2>&1; then
        status=0
        curl --proto '=https,file' --tlsv1.2 -fsSL --retry 3 -o "$2" "$1" || status=$?
        case $status in
            0) return 0 ;;
            22 | 37) return 3 ;; # HTTP 4xx (404: no such asset) / no such file
            *) return 1 ;;
        esac
    elif command -v wget >/dev/null 2>&1; then
        case "$1" in
            file://*) [ -f "${1#file://}" ] || return 3; cp "${1#file://}" "$2" ;;
            *) wget -q -O "$2" "$1" || return 3 ;;
        esac
    else
        fail "neither curl nor wget is installed"
    fi
}

sha256_of() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d ' ' -f 1
    elif command -v shasum >/dev/null 2>&1; then
        shasum -a 256 "$1" | cut -d ' ' -f 1
    elif command -v openssl >/dev/null 2>&1; then
        openssl dgst -sha256 -r "$1" | cut -d ' ' -f 1
    else
        fail "no sha256sum, shasum or openssl to check the download with"
    fi
}

if [ -z "$target" ]; then
    os=$(uname -s)
    cpu=$(uname -m)
    case "$cpu" in
        x86_64 | amd64) cpu=x86_64 ;;
        aarch64 | arm64) cpu=aarch64 ;;
        *) say "no release binary for the CPU '$cpu'; build from source: cargo install --locked caplint"; exit 3 ;;
    esac
    case "$os" in
        Linux) target="$cpu-unknown-linux-musl" ;;
        Darwin) target="$cpu-apple-darwin" ;;
        MINGW* | MSYS* | CYGWIN* | Windows_NT) target="$cpu-pc-windows-msvc" ;;
        *) say "no release binary for the OS '$os'; build from source: cargo install --locked caplint"; exit 3 ;;
    esac
fi
case "$target" in
    *-windows-*) ext=zip exe=.exe ;;
    *) ext=tar.gz exe= ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/caplint-install.XXXXXX") || fail "cannot make a temporary folder"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

if [ "$version" = latest ]; then
    if [ "$base_url" != "$repo_url/releases/download" ]; then
        say "with --base-url, name the version (--version X.Y.Z)"
        exit 2
    fi
    command -v curl >/dev/null 2>&1 || fail "finding the latest release needs curl; name the version (--version X.Y.Z)"
    latest=$(curl --proto '=https' -fsSLI -o /dev/null -w '%{url_effective}' "$repo_url/releases/latest") ||
        fail "cannot find the latest release at $repo_url/releases/latest"
    version="${latest##*/}"
    case "$version" in
        v[0-9]*) ;;
        *) fail "no release found at $repo_url/releases" ;;
    esac
fi
version="${version#v}"
case "$version" in
    [0-9]*.[0-9]*.[0-9]*) ;;
    *) say "'$version' is not a version (X.Y.Z)"; exit 2 ;;
esac

name="caplint-v$version-$target"
archive="$name.$ext"
url="$base_url/v$version/$archive"
say "downloading $url"
status=0
download "$url" "$tmp/$archive" || status=$?
if [ $status -eq 3 ]; then
    say "no release archive $archive for caplint $version; build from source: cargo install --locked caplint --version $version"
    exit 3
fi
[ $status -eq 0 ] || fail "cannot download $url"
status=0
download "$url.sha256" "$tmp/$archive.sha256" || status=$?
[ $status -eq 0 ] || fail "cannot download the checksum $url.sha256: refusing to install an unchecked file"

expected=$(cut -d ' ' -f 1 < "$tmp/$archive.sha256" | tr 'A-F' 'a-f' | head -n 1)
actual=$(sha256_of "$tmp/$archive")
case "$expected" in
    [0-9a-f]*) ;;
    *) fail "the checksum file $archive.sha256 holds no SHA-256" ;;
esac
if [ "${#expected}" -ne 64 ] || [ "$expected" != "$actual" ]; then
    fail "checksum mismatch for $archive: expected $expected, got $actual; nothing was installed"
fi

mkdir "$tmp/x"
if [ "$ext" = zip ]; then
    if command -v unzip >/dev/null 2>&1; then
        unzip -q "$tmp/$archive" -d "$tmp/x" || fail "cannot unpack $archive"
    else
        powershell -NoProfile -Command "Expand-Archive -LiteralPath '$tmp/$archive' -DestinationPath '$tmp/x'" ||
            fail "cannot unpack $archive"
    fi
else
    tar -xzf "$tmp/$archive" -C "$tmp/x" || fail "cannot unpack $archive"
fi
bin="$tmp/x/$name/caplint$exe"
[ -f "$bin" ] || fail "$archive has no $name/caplint$exe"
chmod 755 "$bin"

mkdir -p "$dir" || fail "cannot make $dir"
# Copy beside the old binary, then rename: a failure never leaves half a file.
cp "$bin" "$dir/.caplint$exe.$$" || fail "cannot write to $dir"
mv -f "$dir/.caplint$exe.$$" "$dir/caplint$exe" || {
    rm -f "$dir/.caplint$exe.$$"
    fail "cannot write $dir/caplint$exe"
}
say "installed caplint $version ($target) to $dir/caplint$exe"
case ":${PATH:-}:" in
    *":$dir:"*) ;;
    *) say "$dir is not on PATH; add it: export PATH=\"$dir:\$PATH\"" ;;
esac
