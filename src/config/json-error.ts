/**
 * Where and why a JSON text fails to parse, said without quoting the text:
 * V8's own messages quote the file around the error (`Unexpected token 's',
 * "{"apiKey": s3cr3t}" is not valid JSON`), and a config file holds keys.
 */

/** The offset of the first character that makes `text` invalid JSON, or -1. Iterative: nesting cannot overflow the stack. */
export function jsonErrorOffset(text: string): number {
  const containers: string[] = [];
  type Expect = "value" | "valueOrEnd" | "key" | "keyOrEnd" | "colon" | "commaOrEnd" | "end";
  let expect: Expect = "value";
  let i = 0;
  const next = (): Expect => (containers.length > 0 ? "commaOrEnd" : "end");
  const digit = (j: number) => text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x39;
  const digitsEnd = (j: number) => {
    while (digit(j)) j++;
    return j;
  };
  /** The end of `word` written at i; where it goes wrong, that offset's complement. */
  const literalEnd = (word: string): number => {
    for (let k = 1; k < word.length; k++) if (text[i + k] !== word[k]) return ~(i + k);
    return i + word.length;
  };
  /** The end of the number that starts at i; where it goes wrong, that offset's complement. */
  const numberEnd = (): number => {
    let j = text[i] === "-" ? i + 1 : i;
    if (!digit(j)) return ~j;
    j = text[j] === "0" ? j + 1 : digitsEnd(j);
    if (text[j] === ".") {
      if (!digit(j + 1)) return ~(j + 1);
      j = digitsEnd(j + 1);
    }
    if (text[j] === "e" || text[j] === "E") {
      j += text[j + 1] === "+" || text[j + 1] === "-" ? 2 : 1;
      if (!digit(j)) return ~j;
      j = digitsEnd(j);
    }
    return j;
  };
  /** The end of the string that starts at i; where it goes wrong, that offset's complement (~offset, negative). */
  const stringEnd = (): number => {
    for (let j = i + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c < 0x20) return ~j;
      if (c === 0x5c) {
        const e = text[j + 1];
        if (e === "u") {
          for (let h = j + 2; h < j + 6; h++) if (!/[0-9a-fA-F]/.test(text[h] ?? "")) return ~h;
          j += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) j += 1;
        else return ~(j + 1);
      }
    }
    return ~text.length;
  };
  for (;;) {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
    if (i >= text.length) return expect === "end" ? -1 : i;
    const c = text[i]!;
    if (expect === "end") return i;
    if (expect === "colon") {
      if (c !== ":") return i;
      i++;
      expect = "value";
    } else if (expect === "commaOrEnd") {
      const open = containers[containers.length - 1];
      if (c === ",") {
        i++;
        expect = open === "{" ? "key" : "value";
      } else if (c === (open === "{" ? "}" : "]")) {
        containers.pop();
        i++;
        expect = next();
      } else return i;
    } else if (expect === "key" || expect === "keyOrEnd") {
      if (expect === "keyOrEnd" && c === "}") {
        containers.pop();
        i++;
        expect = next();
      } else if (c === '"') {
        const end = stringEnd();
        if (end < 0) return ~end;
        i = end;
        expect = "colon";
      } else return i;
    } else if (expect === "valueOrEnd" && c === "]") {
      containers.pop();
      i++;
      expect = next();
    } else if (c === "{" || c === "[") {
      containers.push(c);
      i++;
      expect = c === "{" ? "keyOrEnd" : "valueOrEnd";
    } else if (c === '"') {
      const end = stringEnd();
      if (end < 0) return ~end;
      i = end;
      expect = next();
    } else {
      const literal = ["true", "false", "null"].find((word) => word[0] === c);
      const end = literal ? literalEnd(literal) : numberEnd();
      if (end < 0) return ~end;
      i = end;
      expect = next();
    }
  }
}

/** Line and column (from 1, in characters) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** V8's reason for a JSON.parse failure, without its quote of the text and its position: "Unexpected token '}'". */
export function jsonErrorReason(message: string): string {
  return message
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, "")
    .replace(/ in JSON at position \d+.*$/s, "")
    .replace(/^./, (c) => c.toLowerCase());
}
