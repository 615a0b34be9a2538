# The one stub every command name on PATH links to (src/ground).
# It records its argv as
#   S <id> <pid> <argc>\n  then, per argument, <bytes> <arg>\n
# (the first argument is the path it was started as). A transparent wrapper
# then records where its inner command starts (W <pid> <index>\n) and runs it
# through PATH as the real one would, or records that it ends without one
# (E <pid>\n); a shell runs the real bash with the
# trap; anything else exits with the configured status.
# One write, so that records of concurrent stubs do not interleave.
__record="S ${__GROUND_ID:--} $$ $(($# + 1))
${#0} $0
"
for __arg in "$@"; do
  __record="$__record${#__arg} $__arg
"
done
printf '%s' "$__record" >>"$__GROUND_LOG"
# A wrapper records how it ended: W (it runs its inner command) or E (it
# exits without one), so a wrapper stopped in between is never read as one
# that ran nothing.
case ${0##*/} in
  timeout|time|nice|nohup|stdbuf|setsid)
    trap 'printf "E %s\n" "$$" >>"$__GROUND_LOG"' EXIT ;;
esac

# Wrapper grammars: skip the wrapper's own options; `__inner` is the index of
# the inner command in argv (argv[0] = the wrapper), -1 when there is none.
__inner=-1
__skip() { __at=$((__at + $1)); }
__at=1
case ${0##*/} in
  timeout)
    while [ $# -gt 0 ]; do
      case $1 in
        --) shift; __skip 1; break ;;
        -k|-s|--kill-after|--signal) shift 2 || exit 125; __skip 2 ;;
        -k*|-s*|--kill-after=*|--signal=*|--foreground|--preserve-status|-v|--verbose) shift; __skip 1 ;;
        -*) [ "$1" = - ] && break; exit 125 ;;
        *) break ;;
      esac
    done
    [ $# -ge 2 ] || exit 125
    shift; __skip 1
    __inner=$__at ;;
  nice)
    case ${1-} in
      -n|--adjustment) shift 2 || exit 125; __skip 2 ;;
      -n*|--adjustment=*|-[0-9]*|--[0-9]*|-) [ "$1" = - ] || { shift; __skip 1; } ;;
    esac
    [ "${1-}" = -- ] && { shift; __skip 1; }
    [ $# -ge 1 ] && __inner=$__at ;;
  nohup)
    [ "${1-}" = -- ] && { shift; __skip 1; }
    [ $# -ge 1 ] || exit 125
    __inner=$__at ;;
  stdbuf)
    while [ $# -gt 0 ]; do
      case $1 in
        --) shift; __skip 1; break ;;
        -i|-o|-e) shift 2 || exit 125; __skip 2 ;;
        -i*|-o*|-e*|--input=*|--output=*|--error=*) shift; __skip 1 ;;
        -*) exit 125 ;;
        *) break ;;
      esac
    done
    [ $# -ge 1 ] || exit 125
    __inner=$__at ;;
  setsid)
    while [ $# -gt 0 ]; do
      case $1 in
        --) shift; __skip 1; break ;;
        -c|-f|-w|--ctty|--fork|--wait|-[cfw][cfw]|-[cfw][cfw][cfw]) shift; __skip 1 ;;
        -*) exit 1 ;;
        *) break ;;
      esac
    done
    [ $# -ge 1 ] || exit 1
    __inner=$__at ;;
  time)
    while [ $# -gt 0 ]; do
      case $1 in
        --) shift; __skip 1; break ;;
        -f|-o) shift 2 || exit 125; __skip 2 ;;
        -a|-p|-q|-v|--append|--portability|--quiet|--verbose|-f*|-o*|--format=*|--output=*) shift; __skip 1 ;;
        -*) exit 125 ;;
        *) break ;;
      esac
    done
    [ $# -ge 1 ] || exit 125
    __inner=$__at ;;
  bash|sh|dash|rbash|ksh|zsh)
    BASH_ENV=@ENV@ exec @BASH@ "$@" ;;
esac
if [ "$__inner" -gt 0 ]; then
  printf 'W %s %s\n' "$$" "$__inner" >>"$__GROUND_LOG"
  trap - EXIT
  exec "$@"
fi
exit @STATUS@
