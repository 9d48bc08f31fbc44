/** The service's regions, each a deployment of its own (docs/service.md). A module of its own: the command line's options read it before anything else loads. */
export const REGIONS = ["us", "eu", "in"] as const;
export type Region = (typeof REGIONS)[number];

/** The regions as a sentence says them: "us, eu or in". */
export const REGION_WORDS = `${REGIONS.slice(0, -1).join(", ")} or ${REGIONS[REGIONS.length - 1]}`;
