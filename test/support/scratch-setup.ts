import { afterAll } from "vitest";
import { removeScratchDirs } from "./scratch.js";

// Registered before each file's own hooks, so it runs after them (afterAll runs in reverse): the file's
// servers and children are stopped before the folders they wrote in are removed.
afterAll(() => removeScratchDirs());
