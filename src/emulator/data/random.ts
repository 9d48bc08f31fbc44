/**
 * Seeded randomness. Every generated entity draws from its own stream, keyed by
 * (seed, kind, index), so that the data is a pure function of the seed and the
 * sizes, and adding calls never reshuffles groups.
 */

/** FNV-1a over a string, then a murmur finaliser: a 32-bit key for a stream. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** A stream for one entity: `new Random(seed, "group", 42)`. */
  constructor(...key: Array<string | number>) {
    const text = key.join(":");
    this.a = hash32(`a${text}`);
    this.b = hash32(`b${text}`);
    this.c = hash32(`c${text}`);
    this.d = hash32(`d${text}`) | 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** sfc32: small, fast and good enough for test data. A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `weighted([["ended", 6], ["ongoing", 1]])`. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  hex(length: number): string {
    let out = "";
    while (out.length < length) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }

  /** `count` distinct integers from [0, size), in the order drawn (Floyd's algorithm). */
  sample(size: number, count: number): number[] {
    const n = Math.min(count, size);
    const chosen = new Set<number>();
    const order: number[] = [];
    for (let j = size - n; j < size; j++) {
      const t = this.int(0, j);
      const value = chosen.has(t) ? j : t;
      chosen.add(value);
      order.push(value);
    }
    return order;
  }

  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/** Mixes integers into one well-spread 32-bit value: cheap per-item randomness without a stream. */
export function mix32(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    h = Math.imul(h ^ (v >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}
