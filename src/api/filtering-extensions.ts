/**
 * The extensions that change or drop a message before it is delivered, by their catalogue settings or
 * what they are (profanity and data masking: `dropMessage`; the others by what they check): what the
 * trace names beside a message's recipients, and what `ccx health` counts as filtering.
 */
export const FILTERING_EXTENSIONS: readonly string[] = ["profanity-filter", "data-masking", "xss-filter", "image-moderation", "virus-malware-scanner", "human-moderation"];
