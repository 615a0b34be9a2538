# Sourced through BASH_ENV by every bash the execution oracle starts (src/ground).
# It records each command bash is about to execute, from a DEBUG trap, as
#   D <id> <bytes> <text>\n
# where <id> is "<BASHPID>.<n>", exported so that the program the command
# starts (a stub) can name the command that started it. `set -T` makes
# subshells, command and process substitutions and functions inherit the trap.
# A line "B <pid> <version>" says the trap is in place; the first bash of a
# command then records the environment it was given (the base the
# programs' environments are compared with) as
#   X\n  then `export -p`'s lines, then NUL and a newline
# Each command's record is followed by how bash resolves its name:
#   T <id> <type -t of the name, or nothing>\n   for a literal name
#     (by way of the file <log>.type.<BASHPID>, which the host removes)
#   F <id>\n   the command <id> called a function (its body starts)
#   N <id>\n   bash did not find the command <id>
# Only builtins are used (no process starts): every program on PATH is a
# stub, and a trap that forked would slow every command.
__ground_record() {
  case ${FUNCNAME[1]-} in
    # Not inside the oracle's own functions below (nor their second trap at entry).
    cd | pushd | popd | command_not_found_handle) ;;
    *)
      # Inside the command's own trap handlers (`trap '…' EXIT`) bash leaves
      # BASH_COMMAND at the last command of this file: no text to record
      # there (the programs a handler starts still record themselves).
      if [[ $BASH_COMMAND != ': __ground_ready' ]]; then
        # Lengths in bytes and globs by bytes: the C locale, set only where
        # it changes something (a multibyte character type, counting the
        # two bytes of U+00E9 as one, or ranges by collation): setting
        # LC_ALL makes bash reload the locale, twice, at every command.
        local __ground_mb=$'\xc3\xa9' __ground_record=
        if ((${#__ground_mb} != 2)) || [[ :$BASHOPTS: != *:globasciiranges:* ]]; then
          local LC_ALL=C
        fi
        # Deeper than this shell's last record, not by `source`: the body
        # of the function the last record called starts.
        if ((${#FUNCNAME[@]} > __ground_depth && __ground_depth > 0)) &&
          [[ ${FUNCNAME[1]-} != source ]]; then
          builtin printf -v __ground_record 'F %s\n' "${__GROUND_ID-}"
        fi
        __ground_depth=${#FUNCNAME[@]}
        export __GROUND_ID="$BASHPID.$((++__ground_count))"
        builtin printf -v __ground_record '%sD %s %s %s\n' "$__ground_record" \
          "$__GROUND_ID" "${#BASH_COMMAND}" "$BASH_COMMAND"
        # How bash resolves the name, when it is a literal word (after
        # assignments of plain values): `type -t`, written straight to the
        # log. Inline, not a function (whose return would run the command's
        # RETURN trap); glob tests only ([[ =~ ]] would set BASH_REMATCH).
        local rest=$BASH_COMMAND word
        while :; do
          rest=${rest#"${rest%%[!$' \t\n']*}"}
          word=${rest%%[$' \t\n']*}
          [[ $word == [A-Za-z_]*=* && ${word%%=*} != *[!A-Za-z0-9_]* &&
            $word != *[\'\"\\\$\`\(\)\<\>\;\&\|]* ]] || break
          rest=${rest:${#word}}
        done
        if [[ -n $word && $word != *[\'\"\\\$\`\*\?\[\]\{\}~\(\)\<\>\;\&\|=]* ]]; then
          # Through a file of this bash's own, so that the record is one
          # write (a concurrent stub's record must not land inside it).
          local kind= file=$__GROUND_LOG.type.$BASHPID
          builtin type -t -- "$word" >"$file" 2>/dev/null && builtin read -r kind <"$file"
          builtin printf -v __ground_record '%sT %s %s\n' "$__ground_record" "$__GROUND_ID" "$kind"
        fi
        # The records of this command in one write (each open costs more
        # than the rest of the trap).
        builtin printf '%s' "$__ground_record" >>"$__GROUND_LOG"
      fi ;;
  esac
  # Must stay the handler's last command, with no `return` before it: a
  # null command (a bare `time`, a final `!`) fires the trap with
  # BASH_COMMAND still at the last command bash ran, which is this one,
  # skipped above (it used to be the printf, recorded as a command, G-4).
  : __ground_ready
}
# In the stub mode (not the real one, INV-GROUND-10, where programs and
# directories are real): a command not found behaves like a stub, so that
# the path bash takes does not depend on what this machine has installed.
if ((!@REAL@)); then
command_not_found_handle() {
  builtin printf 'N %s\n' "${__GROUND_ID-}" >>"$__GROUND_LOG"
  return @STATUS@
}
# Likewise a directory change (`cd /repo && …`): the sandbox has no /repo.
cd() { builtin cd "$@" 2>/dev/null; return @STATUS@; }
pushd() { builtin pushd "$@" >/dev/null 2>&1; return @STATUS@; }
popd() { builtin popd "$@" >/dev/null 2>&1; return @STATUS@; }
readonly -f command_not_found_handle cd pushd popd
fi
readonly -f __ground_record
readonly __GROUND_LOG
__ground_depth=0
builtin printf 'B %s %s\n' "$BASHPID" "$BASH_VERSION" >>"$__GROUND_LOG"
# The base environment, once per command (by its first bash, which runs
# alone then): `export -p`, one builtin, ended by a NUL (which no variable
# holds). A loop over the names cost more than the rest of the trap.
if [[ -z ${__GROUND_BASE-} ]]; then
  export __GROUND_BASE=1
  # Given by the driver only to spare this bash the user lookup: as it
  # would have set it, a variable but not exported.
  builtin export -n SHELL
  builtin printf 'X\n' >>"$__GROUND_LOG"
  builtin export -p >>"$__GROUND_LOG"
  builtin printf '\0\n' >>"$__GROUND_LOG"
  # The real mode traces every program; the trap stays in this bash (and
  # its subshells), not in the bash scripts real programs run.
  ((!@REAL@)) || builtin export -n BASH_ENV
fi
set -T
trap __ground_record DEBUG
# Must stay the last command: see the trap handlers above.
: __ground_ready
