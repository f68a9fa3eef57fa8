/**
 * A grammar of what a line of text may say, for reading a blurred or small line the way a person does: knowing
 * what signs say, the reader finds the reading of the language that best explains what it saw, and says how much
 * worse that reading explains it than the free reading (the `gap`), so the caller can tell a sign read through
 * blur from text that merely resembles one.
 *
 * The grammar is a graph of positions (a Glushkov automaton: no empty moves), each writing one symbol; a symbol is
 * a set of glyphs that mean the same thing to the caller (an upper- and a lower-case letter), whose probabilities
 * add up. It is plain data so it can cross into the OCR process. Built with the combinators below; each call makes
 * fresh positions, so a part used twice is two parts.
 */
export type TextGrammar = {
  /** Per position: the glyphs it writes (one symbol; their probabilities add up), the first shown in the reading. */
  symbols: string[];
  /** Per position: the positions that may follow it. */
  next: number[][];
  /** Positions a reading may begin with and end with. */
  starts: number[];
  finals: number[];
};

/** A part of a grammar under construction: where it may begin and end, and whether it may be left out. */
export type Part = { first: number[]; last: number[]; nullable: boolean };

export class GrammarBuilder {
  private readonly symbols: string[] = [];
  private readonly next: Array<Set<number>> = [];

  /** One position writing `glyphs` (alternative glyphs of one symbol, e.g. "Ss"). */
  symbol(glyphs: string): Part {
    const id = this.symbols.length;
    this.symbols.push(glyphs);
    this.next.push(new Set());
    return { first: [id], last: [id], nullable: false };
  }

  /** A word written letter by letter; letters in either case (the first glyph shown is the upper case). */
  word(text: string): Part {
    return this.seq(
      ...[...text].map((c) => {
        const upper = c.toUpperCase();
        const lower = c.toLowerCase();
        return this.symbol(upper === lower ? c : `${upper}${lower}`);
      }),
    );
  }

  /** Any one of `glyphs`, each its own symbol (a digit: "0123456789"). */
  oneOf(glyphs: string): Part {
    return this.alt(...[...glyphs].map((g) => this.symbol(g)));
  }

  seq(...parts: Part[]): Part {
    return parts.reduce((a, b) => {
      for (const from of a.last) for (const to of b.first) this.next[from]!.add(to);
      return {
        first: a.nullable ? [...a.first, ...b.first] : a.first,
        last: b.nullable ? [...a.last, ...b.last] : b.last,
        nullable: a.nullable && b.nullable,
      };
    });
  }

  alt(...parts: Part[]): Part {
    return {
      first: parts.flatMap((p) => p.first),
      last: parts.flatMap((p) => p.last),
      nullable: parts.some((p) => p.nullable),
    };
  }

  optional(part: Part): Part {
    return { ...part, nullable: true };
  }

  /** The finished grammar of `part`: readings that are the whole of it (at least one glyph). */
  build(part: Part): TextGrammar {
    return {
      symbols: [...this.symbols],
      next: this.next.map((s) => [...s]),
      starts: [...new Set(part.first)],
      finals: [...new Set(part.last)],
    };
  }
}
