import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskAnswerSecrets, secretValues } from "../../src/api/answer-secrets.js";

/** Field names as answers have them: plain ones, secrets by name, lists of secrets, maps keyed by a secret. */
const key = fc.constantFrom("guid", "name", "data", "meta", "metadata", "icon", "url", "apiKey", "authToken", "basicAuthPassword", "tokens", "apiKeys", "apikeys", "giphyApiKey", "push_token", "value", "scope", "owner");
/** Values, URLs among them: some carry a secret in their query or path, most none. */
const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("https://cdn.example/a.png", "https://example.com/hook?appToken=s3cret", "https://u:pw@example.com/", "https://api.example/v3/apikeys/abcd1234", "http://x/?key=k", ""),
);
const answer = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("node"), { maxLength: 4 }), fc.dictionary(key, tie("node"), { maxKeys: 5 })),
})).node;

describe("maskAnswerSecrets: an answer scanned before it is copied", () => {
  it("finds every secret the walk finds: what it passes over holds none, and is given back as it came", () => {
    fc.assert(fc.property(answer, (value) => {
      const shown = maskAnswerSecrets(value);
      if (secretValues(value).length === 0) {
        expect(shown.value).toBe(value);
        expect(shown.paths).toEqual([]);
      } else {
        expect(shown.paths.length).toBeGreaterThan(0);
      }
    }), { numRuns: 2000 });
  });

  it("masks a page of groups with a webhook URL's token in one of them, and leaves a page without any as it came", () => {
    const plain = { data: [{ guid: "g1", name: "Launch hub", icon: "https://cdn.example/a.png", tags: ["x"] }] };
    expect(maskAnswerSecrets(plain).value).toBe(plain);
    const withToken = { data: [...plain.data, { guid: "g2", metadata: { hook: "https://example.com/hook?appToken=s3cret-token" } }] };
    const shown = maskAnswerSecrets(withToken);
    expect(shown.paths).toEqual(["data[1].metadata.hook"]);
    expect(JSON.stringify(shown.value)).not.toContain("s3cret-token");
  });
});
