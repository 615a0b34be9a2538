# Sourced through BASH_ENV by every bash the execution oracle starts (src/ground).
# It records each command bash is about to execute, from a DEBUG trap, as
#   D <id> <bytes> <text>\n
# where <id> is "<BASHPID>.<n>", exported so that the program the command
# starts (a stub) can name the command that started it. `set -T` makes
# subshells, command and process substitutions and functions inherit the trap.
# A line "B <pid> <version>" says the trap is in place. Only builtins are used: every program on PATH is a stub.
__ground_record() {
  case ${FUNCNAME[1]-} in
    # Not inside the oracle's own functions below (nor their second trap at entry).
    cd | pushd | popd | command_not_found_handle) ;;
    *)
      # Inside the command's own trap handlers (`trap '…' EXIT`) bash leaves
      # BASH_COMMAND at the last command of this file: no text to record
      # there (the programs a handler starts still record themselves).
      if [[ $BASH_COMMAND != ': __ground_ready' ]]; then
        local LC_ALL=C
        export __GROUND_ID="$BASHPID.$((++__ground_count))"
        builtin printf 'D %s %s %s\n' "$__GROUND_ID" "${#BASH_COMMAND}" "$BASH_COMMAND" >>"$__GROUND_LOG"
      fi ;;
  esac
  # Must stay the handler's last command, with no `return` before it: a
  # null command (a bare `time`, a final `!`) fires the trap with
  # BASH_COMMAND still at the last command bash ran, which is this one,
  # skipped above (it used to be the printf, recorded as a command, G-4).
  : __ground_ready
}
# A command not found behaves like a stub, so that the path bash takes
# does not depend on what this machine has installed.
command_not_found_handle() { return @STATUS@; }
# Likewise a directory change (`cd /repo && …`): the sandbox has no /repo.
cd() { builtin cd "$@" 2>/dev/null; return @STATUS@; }
pushd() { builtin pushd "$@" >/dev/null 2>&1; return @STATUS@; }
popd() { builtin popd "$@" >/dev/null 2>&1; return @STATUS@; }
readonly -f __ground_record command_not_found_handle cd pushd popd
readonly __GROUND_LOG
builtin printf 'B %s %s\n' "$BASHPID" "$BASH_VERSION" >>"$__GROUND_LOG"
set -T
trap __ground_record DEBUG
# Must stay the last command: see the trap handlers above.
: __ground_ready
