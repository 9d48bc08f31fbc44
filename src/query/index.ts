/** Filter syntax <-> query parameters, for groups and calls. Pure functions, no I/O. */
export type { FilterKeyHelp, ParsedFilter } from "./filter.js";
export type { FilterToken } from "./tokenize.js";
export { formatValue, keyToken, quote, tokenize } from "./tokenize.js";
export { formatTime, parseTime, type TimeValue } from "./time.js";
export { GROUP_FILTER_KEYS, formatGroupFilter, parseGroupFilter } from "./groups.js";
export { CALL_FILTER_KEYS, formatCallFilter, parseCallFilter } from "./calls.js";
