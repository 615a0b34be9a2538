/* Force-included (-include) before tree-sitter-bash's scanner.c, so that the
 * scanner classifies characters as it does inside the deployed package: there
 * the grammar's wasm imports iswspace, iswalpha and iswalnum from
 * web-tree-sitter's wasm, whose libc (emscripten's musl) is Unicode-aware in
 * every locale. The host libc's versions follow the process locale (ASCII
 * only in the "C" locale glibc starts in), and a library must not change the
 * process locale, so the scanner calls these instead. */
#ifndef INNER_CMD_WASM_WCTYPE_H
#define INNER_CMD_WASM_WCTYPE_H

/* Included first, so that scanner.c's own #include <wctype.h> is a no-op and
 * the macros below apply to every call in it. */
#include <wctype.h>

int inner_cmd_wasm_iswspace(wint_t c);
int inner_cmd_wasm_iswalpha(wint_t c);
int inner_cmd_wasm_iswalnum(wint_t c);

#undef iswspace
#undef iswalpha
#undef iswalnum
#undef iswdigit
#define iswspace(c) inner_cmd_wasm_iswspace((wint_t)(c))
#define iswalpha(c) inner_cmd_wasm_iswalpha((wint_t)(c))
#define iswalnum(c) inner_cmd_wasm_iswalnum((wint_t)(c))
/* musl's iswdigit is ASCII-only, as glibc's is in every locale; spelled out
 * so no host libc's locale can change it either. */
#define iswdigit(c) ((unsigned)(c) - '0' < 10)

/* The scanner also calls the narrow isdigit on a full code point
 * (lexer->lookahead). musl's isdigit is the same range test, so the wasm
 * answers false for every code point past '9'; glibc's indexes a 384-entry
 * table with it and reads out of bounds (a crash on `echo {` + U+10FFFF). */
#include <ctype.h>
#undef isdigit
#define isdigit(c) ((unsigned)(c) - '0' < 10)

#endif
