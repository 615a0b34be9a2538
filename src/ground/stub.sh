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

# The wrappers' option parsing, as GNU getopt_long with a leading `+` does it
# (options end at the first operand or `--`; short options bundle, `-vsKILL`;
# a long option may be any unambiguous prefix, `--sig=KILL`): sets `__took`
# to the number of words the options take. Returns 1 for an option the
# program rejects (unknown, ambiguous, a missing argument), 2 for `--help` or
# `--version` (the program prints and exits, running nothing). SHORT lists
# the short options, with `:` after one that takes an argument; LONGS the long
# options, with `=` after one that takes an argument. Stricter than the real
# program would hide the commands it runs, so this follows it exactly.
__getopt() {
  __short=$1 __longs=$2
  shift 2
  __took=0
  while [ $# -gt 0 ]; do
    case $1 in
      --) __took=$((__took + 1)); return 0 ;;
      --*)
        __name=${1#--}
        __name=${__name%%=*}
        __hit= __n=0
        for __o in $__longs; do
          case ${__o%=} in
            "$__name") __hit=$__o; __n=1; break ;;
            "$__name"*) __hit=$__o; __n=$((__n + 1)) ;;
          esac
        done
        [ "$__n" -eq 1 ] || return 1
        case $__hit in
          help | version) return 2 ;;
          *=) case $1 in *=*) __w=1 ;; *) [ $# -ge 2 ] || return 1; __w=2 ;; esac ;;
          *) case $1 in *=*) return 1 ;; esac; __w=1 ;;
        esac ;;
      -?*)
        __rest=${1#-} __w=1
        while [ -n "$__rest" ]; do
          __c=${__rest%"${__rest#?}"}
          __rest=${__rest#?}
          [ "$__c" = : ] && return 1
          case $__short in
            *"$__c:"*)
              if [ -z "$__rest" ]; then [ $# -ge 2 ] || return 1; __w=2; fi
              __rest= ;;
            *"$__c"*) ;;
            *) return 1 ;;
          esac
        done ;;
      *) return 0 ;;
    esac
    shift $__w
    __took=$((__took + __w))
  done
  return 0
}

case ${0##*/} in
  timeout)
    __getopt k:s:v "foreground kill-after= preserve-status signal= verbose help version" "$@" ||
      { [ $? -eq 2 ] && exit 0; exit 125; }
    shift $__took; __skip $__took
    # A duration and a command.
    [ $# -ge 2 ] || exit 125
    shift; __skip 1
    __inner=$__at ;;
  nice)
    case ${1-} in
      # The older `nice -N` / `nice --N` form.
      -[0-9]* | --[0-9]* | -+[0-9]*) shift; __skip 1 ;;
      *)
        __getopt n: "adjustment= help version" "$@" || { [ $? -eq 2 ] && exit 0; exit 125; }
        shift $__took; __skip $__took ;;
    esac
    [ $# -ge 1 ] && __inner=$__at ;;
  nohup)
    __getopt "" "help version" "$@" || { [ $? -eq 2 ] && exit 0; exit 125; }
    shift $__took; __skip $__took
    [ $# -ge 1 ] || exit 125
    __inner=$__at ;;
  stdbuf)
    __getopt i:o:e: "input= output= error= help version" "$@" || { [ $? -eq 2 ] && exit 0; exit 125; }
    shift $__took; __skip $__took
    [ $# -ge 1 ] || exit 125
    __inner=$__at ;;
  setsid)
    # (`-h`, `-V` print and exit: running the command then over-reports, the safe side.)
    __getopt cfwhV "ctty fork wait help version" "$@" || { [ $? -eq 2 ] && exit 0; exit 1; }
    shift $__took; __skip $__took
    [ $# -ge 1 ] || exit 1
    __inner=$__at ;;
  time)
    # (`-V` prints and exits: running the command then over-reports, the safe side.)
    __getopt af:o:pqvV "append format= output= portability quiet verbose help version" "$@" ||
      { [ $? -eq 2 ] && exit 0; exit 125; }
    shift $__took; __skip $__took
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
