declare const __CCX_VERSION__: string | undefined;

/** Set by the build from package.json; "dev" when running from source. */
export const VERSION: string = typeof __CCX_VERSION__ === "string" ? __CCX_VERSION__ : "dev";
