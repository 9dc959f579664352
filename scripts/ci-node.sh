# shellcheck shell=bash
# Sourced by .ci/run (bash): makes `node` on PATH Node 22 LTS, for everything the run does after it.
# A machine whose Node is older gets the official binary from the npm registry (the platform package
# `node-<os>-<arch>`, no install script), cached outside the repository; npm of the machine then runs on it.
# Run alone (`bash scripts/ci-node.sh`) it only fetches and prints the version.

ci_node_major=22
ci_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/retouch-node${ci_node_major}"

# The major version of the `node` found on PATH (0 when there is none).
ci_node_found_major() {
  local version
  version="$(node --version 2>/dev/null || echo v0)"
  version="${version#v}"
  echo "${version%%.*}"
}

if [ "$(ci_node_found_major)" -lt "$ci_node_major" ]; then
  case "$(uname -m)" in
    x86_64 | amd64) ci_node_arch=x64 ;;
    aarch64 | arm64) ci_node_arch=arm64 ;;
    *) ci_node_arch="$(uname -m)" ;;
  esac
  ci_node_package="node-$(uname -s | tr '[:upper:]' '[:lower:]')-${ci_node_arch}"
  ci_node_bin="${ci_node_dir}/node_modules/${ci_node_package}/bin"
  if ! "${ci_node_bin}/node" --version 2>/dev/null | grep -q "^v${ci_node_major}\."; then
    echo "== installing Node ${ci_node_major} (${ci_node_package}) into ${ci_node_dir}"
    mkdir -p "$ci_node_dir"
    npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$ci_node_dir" \
      "${ci_node_package}@${ci_node_major}"
  fi
  export PATH="${ci_node_bin}:${PATH}"
  hash -r
fi
echo "== node $(node --version)"
if [ "$(ci_node_found_major)" -lt "$ci_node_major" ]; then
  echo "Node ${ci_node_major} is still not the node on PATH ($(command -v node)); stopping." >&2
  # Sourced, this stops the caller (set -e); run alone, `return` fails and it exits.
  # shellcheck disable=SC2317
  return 1 2>/dev/null || exit 1
fi
