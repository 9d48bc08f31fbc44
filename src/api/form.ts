import { openAsBlob } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import { badInput } from "./errors.js";

/** The largest body --input reads: far over any the service takes, and short of filling memory (/dev/zero). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/**
 * A multipart body's parts as curl's -F sends them: `field=value` a text part, `field=@file` the file's
 * bytes under its name; `given` says how a part was given, in the error that names a file it cannot read.
 */
export async function formOf(parts: ReadonlyArray<[string, string]>, given: (field: string) => string = (field) => `-F ${field}`): Promise<FormData> {
  const form = new FormData();
  for (const [field, value] of parts) {
    if (!value.startsWith("@")) {
      form.append(field, value);
      continue;
    }
    const file = value.slice(1);
    let blob: Blob;
    try {
      // Looked at first: openAsBlob names a missing file only as an invalid argument.
      if (!(await stat(file)).isFile()) throw Object.assign(new Error("not a file"), { code: "not a file" });
      blob = await openAsBlob(file);
    } catch (error) {
      throw badInput(`cannot read ${file} (${given(field)}): ${(error as NodeJS.ErrnoException).code ?? error}; nothing was sent`);
    }
    if (blob.size > MAX_INPUT_BYTES) throw badInput(`${file} holds more than ${MAX_INPUT_BYTES / 1024 / 1024} MiB; nothing was sent`);
    form.append(field, blob, basename(file));
  }
  return form;
}

