/** Filter syntax <-> query parameters, one grammar per list kind. Pure functions, no I/O. */
export type { FilterKeyHelp, ParsedFilter } from "./filter.js";
export type { FilterToken } from "./tokenize.js";
export { formatValue, keyToken, quote, tokenize } from "./tokenize.js";
export { formatTime, parseTime, type TimeValue } from "./time.js";
export { GROUP_FILTER_KEYS, formatGroupFilter, parseGroupFilter } from "./groups.js";
export { CALL_FILTER_KEYS, formatCallFilter, parseCallFilter } from "./calls.js";
export { USER_FILTER_KEYS, formatUserFilter, parseUserFilter } from "./users.js";
export { MESSAGE_FILTER_KEYS, formatMessageFilter, parseMessageFilter } from "./messages.js";
