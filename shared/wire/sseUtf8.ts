// Locates the first byte that is not well-formed UTF-8, for the SSE parser's `sse.invalid-utf8` finding. The parser
// decodes with replacement (WHATWG Encoding "UTF-8 decode"), so it only calls this when a decoded piece contains
// U+FFFD and a strict decoder confirms the bytes are bad: the cost is paid at most until the first bad byte is found.

/**
 * Index of the first byte in `bytes[from, to)` that starts an ill-formed UTF-8 sequence, or -1 if the range is
 * well-formed. The ranges of valid second bytes follow the Unicode Standard, Table 3-7 (no overlong forms, no
 * surrogates, nothing above U+10FFFF); a sequence cut short by `to` counts as ill-formed.
 */
export function firstInvalidUtf8(bytes: Uint8Array, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let extra: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
      extra = 1;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      extra = 2;
      if (lead === 0xe0) low = 0xa0;
      else if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      extra = 3;
      if (lead === 0xf0) low = 0x90;
      else if (lead === 0xf4) high = 0x8f;
    } else {
      return i;
    }
    if (i + extra >= to) return i;
    const second = bytes[i + 1] ?? 0;
    if (second < low || second > high) return i;
    for (let k = 2; k <= extra; k++) {
      const next = bytes[i + k] ?? 0;
      if (next < 0x80 || next > 0xbf) return i;
    }
    i += extra + 1;
  }
  return -1;
}
