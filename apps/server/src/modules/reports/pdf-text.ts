/** Characters beyond Latin-1 that Windows-1252 (the built-in fonts' encoding) still has. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Record<string, string> = { '→': '->', '←': '<-', '≤': '<=', '≥': '>=', '−': '-', '≈': '~' };

/**
 * Text the built-in fonts can show: they encode Windows-1252 only, and PDFKit writes anything else as wrong
 * characters. Accents outside it lose their mark (ő → o); anything else left becomes "?".
 */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch)) out += ch;
    else if (ch === '\n' || ch === '\t') out += ch;
    else if (REPLACEMENTS[ch]) out += REPLACEMENTS[ch];
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...plain].every((c) => c.codePointAt(0)! < 0x100) && plain ? plain : '?';
    }
  }
  return out;
}
