# Runs a batch of commands inside the sandbox, one after the other (src/ground).
# For command <i> of the manifest: a fresh bash with the DEBUG trap, in its own
# empty directory (also HOME), under the limits, killed with its whole process
# group when it and its background jobs end or it runs out of time. Writes
# "<i> <status> <microseconds>" to the status file (status: bash's exit status,
# "timeout", or "start"). Runs under the real bash, without the trap.
out=/tmp/.ground-out
ctl=/tmp/.ground
limit_us=@MICROS@
# A pipe with both ends held: `read -t` on it sleeps without a process.
exec {nap}<> <(:)
while read -r i mode; do
  dir=$out/work/$i
  cd "$dir" || { builtin printf '%s start 0\n' "$i" >>"$out/status"; continue; }
  start=${EPOCHREALTIME/./}
  (
    ulimit -u @NPROC@ 2>/dev/null
    ulimit -f @FSIZE@ -t @CPU@ -v @VMEM@
    export HOME=$dir __GROUND_LOG=$out/log/$i BASH_ENV=$ctl/env.bash
    if [[ $mode == stdin ]]; then
      exec "$ctl/timeout" -s KILL @SECONDS@ "$ctl/bash" -s <"$out/in/$i" >/dev/null 2>"$out/err/$i"
    elif [[ $mode == file ]]; then
      exec "$ctl/timeout" -s KILL @SECONDS@ "$ctl/bash" "$out/in/$i" </dev/null >/dev/null 2>"$out/err/$i"
    else
      IFS= read -r -d '' cmd <"$out/in/$i"
      exec "$ctl/timeout" -s KILL @SECONDS@ "$ctl/bash" -c "$cmd" </dev/null >/dev/null 2>"$out/err/$i"
    fi
  ) &
  leader=$!
  wait "$leader"
  status=$?
  # Background jobs may still run commands: wait for the process group to
  # empty, up to the limit; one still running then makes the answer unknown.
  while kill -0 -- "-$leader" 2>/dev/null; do
    if ((${EPOCHREALTIME/./} - start >= limit_us)); then
      status=timeout
      break
    fi
    read -t 0.005 -u "$nap"
  done
  kill -KILL -- "-$leader" 2>/dev/null
  builtin printf '%s %s %s\n' "$i" "$status" "$((${EPOCHREALTIME/./} - start))" >>"$out/status"
done <"$out/manifest"
