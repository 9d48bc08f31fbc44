/**
 * The demo's data when no --seed is given (also what the welcome screen's d opens): apart from the demo's
 * command and its run, which both read it, so that neither imports the other.
 */
export const DEMO_SEED = 1;
