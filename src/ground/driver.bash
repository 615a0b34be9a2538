# Runs commands inside the sandbox, one at a time, as the host sends them
# (src/ground). Reads "<i> <mode>" lines on standard input; for each, a fresh
# bash with the DEBUG trap, in its own empty directory (also HOME), under the
# limits; answers "<i> <status> <microseconds>" on standard output (status:
# bash's exit status, "timeout", or "start") once every process the command
# started has ended, or, at the time limit, been killed. Runs under the real
# bash, without the trap; starts no process between commands.
# It kills every process it sees but init and itself: only as one of the
# first two processes of a PID namespace of its own (pid 1 under unshare,
# 2 under bubblewrap's init) may it run, never on a host, where pid 1 and
# 2 are taken by the system.
if ((BASHPID > 2)); then
  builtin printf 'the driver runs only in a PID namespace of its own (its pid is %s)\n' "$BASHPID" >&2
  exit 1
fi
out=/tmp/.ground-out
ctl=/tmp/.ground
limit_us=@MICROS@
# The real mode (INV-GROUND-10): the machine's programs, a fresh workspace
# made before each command (workspace.bash), the command's bash run under
# the recorder (tracer.c), which writes the log <log>.trace.
real=@REAL@
# Commands share this driver's process group, so `kill 0` reaches it too:
# catch every catchable signal (a caught signal is back to its default in
# the command's bash, unlike an ignored one). SIGKILL still ends the driver;
# the host then answers unknown and starts another sandbox.
trap : HUP INT QUIT TERM USR1 USR2 ALRM TSTP TTIN TTOU VTALRM PROF SYS TRAP ABRT BUS FPE SEGV ILL XCPU XFSZ IO URG
# A pipe with both ends held: `read -t` on it sleeps without a process.
exec {nap}<> <(:)
# The end pipe: this end reads, and each command's bash (with every process
# it starts, which inherit the descriptor) holds the only write end, so a
# read sees end-of-file when the last of them is gone, without polling.
exec {pipe}<> <(:)
exec {ended}</dev/fd/$pipe {pipe}>&-

# The processes of the sandbox other than its init (1) and this driver.
others=()
find_others() {
  others=()
  local p
  for p in /proc/[0-9]*; do
    p=${p#/proc/}
    ((p == 1 || p == BASHPID)) || others+=("$p")
  done
}

# Microseconds left of the command's time limit.
left() { left=$((limit_us - (${EPOCHREALTIME/./} - start))); }

while read -r i mode; do
  dir=$out/work/$i
  home=$dir
  tracer=()
  if ((real)); then
    # A workspace that cannot be made (a command left what cannot be
    # removed) ends the session: the host starts a fresh sandbox.
    "$ctl/bash" --norc --noprofile "$ctl/workspace.bash" </dev/null >/dev/null 2>"$out/err/$i" ||
      { builtin printf '%s start 0\n' "$i"; exit 1; }
    dir=@PROJECT@ home=@HOME@
    tracer=("$ctl/tracer" "$out/log/$i.trace")
  fi
  cd "$dir" || { builtin printf '%s start 0\n' "$i"; continue; }
  start=${EPOCHREALTIME/./}
  exec {held}>/dev/fd/$ended
  (
    exec {nap}<&- {ended}<&-
    ulimit -u @NPROC@ 2>/dev/null
    ulimit -f @FSIZE@ -t @CPU@
    # No memory limit in the real mode: node reserves more address space
    # than any sensible limit (the time and process limits bound it).
    ((real)) || ulimit -v @VMEM@
    export HOME=$home __GROUND_LOG=$out/log/$i BASH_ENV=$ctl/env.bash
    # The multibyte locales built for the real mode (zh_CN.GBK, …).
    ((real)) && [[ -d $ctl/locale ]] && export LOCPATH=$ctl/locale
    # This driver's SHELL, which bash set from the user database at its
    # start as every bash without one does (a lookup that loads NSS modules
    # and costs a third of a bash start, for a user the database lacks):
    # exported, the command's bash skips the lookup; its trap un-exports it
    # again before anything runs (env.bash), so the command sees what a
    # fresh bash would have.
    export SHELL
    if [[ $mode == stdin ]]; then
      exec "${tracer[@]}" "$ctl/bash" -s <"$out/in/$i" >/dev/null 2>"$out/err/$i"
    elif [[ $mode == file ]]; then
      exec "${tracer[@]}" "$ctl/bash" "$out/in/$i" </dev/null >/dev/null 2>"$out/err/$i"
    else
      IFS= read -r -d '' cmd <"$out/in/$i"
      exec "${tracer[@]}" "$ctl/bash" -c "$cmd" </dev/null >/dev/null 2>"$out/err/$i"
    fi
  ) &
  leader=$!
  exec {held}>&-
  status=
  # Until the write end is closed everywhere (anything written is discarded).
  while left; ((left > 0)); do
    printf -v fraction '%06d' $((left % 1000000))
    IFS= read -r -d '' -t "$((left / 1000000)).$fraction" -u "$ended" _
    (($? == 0)) || break
  done
  # A process that closed the descriptor, or the leader not yet reaped, may
  # remain: wait until the sandbox holds nothing else, up to the limit.
  find_others
  while ((${#others[@]})); do
    left
    ((left > 0)) || { status=timeout; break; }
    read -t 0.001 -u "$nap"
    find_others
  done
  # At the limit: kill everything the command started; what runs on at the
  # limit makes the answer unknown.
  for round in 1 2 3 4 5 6 7 8; do
    ((${#others[@]})) || break
    kill -KILL "${others[@]}" 2>/dev/null
    read -t 0.001 -u "$nap"
    find_others
  done
  wait "$leader"
  code=$?
  builtin printf '%s %s %s\n' "$i" "${status:-$code}" "$((${EPOCHREALTIME/./} - start))"
  # A process that cannot be killed would share the next command's sandbox:
  # end the session instead (the host starts a new one).
  ((${#others[@]} == 0)) || exit 1
done
