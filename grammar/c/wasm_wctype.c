/* The deployed wasm's character classes (see wasm_wctype.h), looked up by
 * binary search in the ranges read from that wasm. */
#include <wctype.h>

#include "wasm_wctype_tables.h"

static int in_ranges(const unsigned int (*ranges)[2], unsigned int count, wint_t c) {
    unsigned int lo = 0, hi = count;
    while (lo < hi) {
        unsigned int mid = lo + (hi - lo) / 2;
        if (c < ranges[mid][0]) {
            hi = mid;
        } else if (c > ranges[mid][1]) {
            lo = mid + 1;
        } else {
            return 1;
        }
    }
    return 0;
}

int inner_cmd_wasm_iswspace(wint_t c) {
    return in_ranges(wasm_iswspace_ranges, WASM_ISWSPACE_RANGES, c);
}

int inner_cmd_wasm_iswalpha(wint_t c) {
    return in_ranges(wasm_iswalpha_ranges, WASM_ISWALPHA_RANGES, c);
}

int inner_cmd_wasm_iswalnum(wint_t c) {
    return in_ranges(wasm_iswalnum_ranges, WASM_ISWALNUM_RANGES, c);
}
