/**
 * Reading a value of an answer whatever shape it came in: the service sends an object where a list is
 * documented, a number where a string is, null for either.
 */

export type Json = Record<string, unknown>;

/** The value as an object, or undefined when it is none (null, a list, a string, a number). */
export const record = (value: unknown): Json | undefined => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined);

/** The value as text: a string as sent, a number written out, anything else undefined. */
export const text = (value: unknown): string | undefined => (typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined);

/** A yes however it is written: true, "true" or 1. */
export const truthy = (value: unknown): boolean => value === true || value === "true" || value === 1;
