// The entry point of the ccx bundle: runs the command line (program.ts) on the process's arguments.
import { main } from "./program.js";

void main(process.argv.slice(2));
