#!/usr/bin/env bash
# Installs the Debian packages Segue needs, if any is missing: SDL2, SDL2_ttf, SDL2_image, Xlib and its
# MIT-SHM and RENDER extensions (libX11, libXext, libXrender), pixman, zlib,
# giflib and libwebp (development files), pkg-config, and the DejaVu fonts. Safe to run again: it installs nothing when all are
# present.
set -euo pipefail

packages=(pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libx11-dev libxext-dev libxrender-dev libpixman-1-dev zlib1g-dev libgif-dev libwebp-dev fonts-dejavu-core)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "segue: installing missing Debian packages: ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "segue: cannot install ${missing[*]}: not root and no sudo. Install them with:" >&2
  echo "  apt-get install -y ${missing[*]}" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "segue: cannot install ${missing[*]}: apt-get not found (Segue's scripts expect Debian 12)." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo[@]}" apt-get update -qq || ! "${sudo[@]}" apt-get install -y -qq "${missing[@]}"; then
  echo "segue: apt-get could not install ${missing[*]}; install them by hand and run this again." >&2
  exit 1
fi
