# Sourced by every layer's `setup` and `run`: where installed layers live.
# Never in the checkout (it may be read-only, or an installed binary may
# have none): $INNER_CMD_AUDIT_LAYERS if set, else the user's cache
# directory ($XDG_CACHE_HOME, default ~/.cache) under inner-cmd/audit-layers.
audit_layers_dir() { # LAYER VERSION: prints the directory, creating nothing
  local root="${INNER_CMD_AUDIT_LAYERS:-${XDG_CACHE_HOME:-$HOME/.cache}/inner-cmd/audit-layers}"
  printf '%s/%s/%s\n' "$root" "$1" "$2"
}
