# Builds the oracle's sandbox with util-linux `unshare` where bubblewrap is
# not installed (src/ground/backend.rs), then runs the driver in it: the same
# file system as the bubblewrap sandbox (INV-GROUND-3). Runs under the real
# bash as root of a new user namespace (mapped to the unprivileged user that
# started `unshare`), as init of new PID, mount, network, IPC, UTS and cgroup
# namespaces, before any stub is in place. Every step must succeed: the
# first that fails ends the script with its line on stderr, which the host
# reports whole.
#   $1 control directory   $2 session directory   $3 bash
#   $4 mount   $5 mkdir   $6 ln   $7 unshare (for the driver)   $8 uid   $9 gid
#   $10 the driver script  $11 where the control directory goes
#   $12 where the session's directory goes  $13 the directories masked by
#   an empty tmpfs, `:`-separated  $14… the bin directories the stubs replace
set -eu
trap 'builtin printf "the unshare sandbox could not be set up: line %s: %s\n" "$LINENO" "$BASH_COMMAND" >&2' ERR
control=$1 out=$2 real_bash=$3 mount=$4 mkdir=$5 ln=$6 unshare=$7 uid=$8 gid=$9 driver=${10}
ctl=${11} session=${12} masked=${13}
shift 13
# Descriptors of what the masks below hide: bound from /proc/self/fd/N
# (`mount -c`: not resolved to a path, which may be under a mask by then).
exec {control_fd}<"$control" {out_fd}<"$out"
# The real `mount` and `unshare`, run from descriptors: once the stubs are in
# place their paths name stubs. (`mount -n`: nothing written to /run/mount,
# so that /run stays empty.)
exec 62<"$mount" 63<"$unshare"
mount=/proc/self/fd/62
devices=(null zero full random urandom)
for device in "${devices[@]}"; do
  eval "exec {dev_$device}<>/dev/$device"
done
# The whole system read-only, every mount of it but the sandbox's own
# /proc (writable, as bubblewrap's `--proc`: the nested namespace below is
# mapped through it).
while read -r _ _ _ _ point _; do
  builtin printf -v point '%b' "${point//\\/\\0}"
  [[ $point == /proc || $point == /proc/* ]] && continue
  "$mount" -n -o remount,bind,ro "$point"
done </proc/self/mountinfo
set -f
IFS=:
masked=($masked)
unset IFS
set +f
for dir in "${masked[@]}"; do
  if [[ -d $dir && ! -L $dir ]]; then "$mount" -n -t tmpfs -o mode=755 tmpfs "$dir"; fi
done
# A /dev of its own, as bubblewrap's `--dev`: the harmless devices, a private
# /dev/shm and pseudo-terminals, the descriptor links bash's `<(…)` uses.
"$mount" -n -t tmpfs -o mode=755 tmpfs /dev
for device in "${devices[@]}"; do
  fd=dev_$device
  : >"/dev/$device"
  "$mount" -n -c --bind "/proc/self/fd/${!fd}" "/dev/$device"
done
"$mkdir" /dev/shm /dev/pts
"$mount" -n -t tmpfs -o mode=1777 tmpfs /dev/shm
"$mount" -n -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts /dev/pts
"$ln" -s pts/ptmx /dev/ptmx
"$ln" -s /proc/self/fd /dev/fd
"$ln" -s /proc/self/fd/0 /dev/stdin
"$ln" -s /proc/self/fd/1 /dev/stdout
"$ln" -s /proc/self/fd/2 /dev/stderr
# The control directory read-only with the real bash in it; the session's
# directory writable.
"$mkdir" "$ctl" "$session"
"$mount" -n -c --bind "/proc/self/fd/$control_fd" "$ctl"
"$mount" -n -o remount,bind,ro "$ctl"
"$mount" -n --bind "$real_bash" "$ctl/bash"
"$mount" -n -o remount,bind,ro "$ctl/bash"
"$mount" -n -c --bind "/proc/self/fd/$out_fd" "$session"
"$mount" -n -o remount,bind,rw "$session"
# Last, the stubs over the bin directories (no program is found after this).
for bin in "$@"; do
  "$mount" -n --bind "$ctl/stubs" "$bin"
  "$mount" -n -o remount,bind,ro "$bin"
done
exec {control_fd}<&- {out_fd}<&-
for device in "${devices[@]}"; do
  fd=dev_$device
  eval "exec {$fd}<&-"
done
cd "$session"
trap - ERR
# The driver runs as an unprivileged user of a nested user namespace: with
# no capabilities over the mounts above, a command can neither undo the
# sandbox nor change the stubs. It stays init of the PID namespace.
# `unshare` starts from its descriptor, which the driver closes first.
exec 62<&-
exec /proc/self/fd/63 --user --map-user="$uid" --map-group="$gid" \
  -- "$ctl/bash" --norc --noprofile -c "exec 63<&-
$driver"
