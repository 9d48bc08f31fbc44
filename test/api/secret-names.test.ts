import { describe, expect, it } from "vitest";
import { maskAnswerSecrets, secretValues, shownUrl } from "../../src/api/answer-secrets.js";
import { isSecretField, wordsOf } from "../../src/api/secret-names.js";

/** Names the service's answers use (the exports' examples, the emulator's answers) and a few spellings of them. */
const SECRETS = [
  // the documented extensions' and providers' credentials
  "giphyApiKey", "scaniiSecretKey", "revaiAPIKey", "bitlyAccessToken", "virgilAppKey", "basicAuthPassword", "webhookPassword", "twilioAuthToken",
  "sendGridApiKey", "private_key", "client_secret", "authToken", "pushToken", "apiKey", "accessKey", "serverKey", "fullAccessKey", "authOnlyKey",
  "tenorApiKey", "stipopApiKey", "intercomAccessToken", "chatwootApiAccessToken", "tinyurlApiToken", "fcmCredentials", "apnsCredentials", "credential",
  // marked by the catalogue, not by its name
  "twilioAccountSID",
  // whatever the case and the separators
  "api_key", "API_KEY", "x-api-key", "APIKEY", "apikey", "TWILIO_AUTH_TOKEN", "Authorization", "proxy-authorization", "password", "passwd", "pwd",
  "secret", "token", "bearerToken", "webhookpassword", "clientSecret", "refresh_token", "secretKey", "signingKey", "privateKeyPem", "tokenValue", "fcmServiceAccountJson", "service_account_json", "credentialsJson",
  // several of them
  "pushTokens", "secrets", "passwords", "apiKeys",
];

const NOT_SECRETS = [
  // named exceptions
  "key", "featureKey", "feature_key", "publicKey", "searchKey",
  // what a name says about a secret is not the secret
  "tokenType", "pushTokenType", "token_type", "apiKeyId", "keyId", "private_key_id", "keywordId", "keyword", "keywords", "isEnabled", "useBasicAuth",
  "basicAuthUsername", "basicAuth", "author", "authorities", "category", "twilioSenderPhoneNumber", "senderEmail", "sendGridTemplateID", "callSid",
  "passwordChangedAt", "tokenExpiresAt", "monkey", "hockey", "scope", "webhookURL", "uid", "",
];

describe("a secret by its name", () => {
  it.each(SECRETS)("%s is a secret", (name) => expect(isSecretField(name)).toBe(true));
  it.each(NOT_SECRETS)("%s is not", (name) => expect(isSecretField(name)).toBe(false));

  it("reads a name as words whatever its case and separators", () => {
    expect(wordsOf("revaiAPIKey")).toEqual(["revai", "api", "key"]);
    expect(wordsOf("TWILIO_AUTH_TOKEN")).toEqual(["twilio", "auth", "token"]);
    expect(wordsOf("sendGridTemplateID")).toEqual(["send", "grid", "template", "id"]);
    expect(wordsOf("x-api-key")).toEqual(["x", "api", "key"]);
  });
});

describe("masking an answer", () => {
  it("masks a credential's every leaf, a list of tokens' strings, and reads a list of token records field by field", () => {
    const answer = {
      data: {
        settings: {
          fcmCredentials: { type: "service_account", project_id: "demo-project", private_key: "-----BEGIN PRIVATE KEY-----abc", client_email: "push@demo.example" },
          giphyApiKey: "giphy-0123456789", enabled: true, basicAuthPassword: "hunter2-hunter2", useBasicAuth: true, tokenType: "bearer",
        },
        pushTokens: [{ uid: "alice", platform: "android", pushToken: "fcm-token-0123456789" }],
        tokens: ["device-token-aaaaaaaa", "device-token-bbbbbbbb"],
      },
    };
    const { value, paths } = maskAnswerSecrets(answer);
    const text = JSON.stringify(value);
    const secrets = ["demo-project", "BEGIN PRIVATE KEY", "push@demo.example", "giphy-0123456789", "hunter2-hunter2", "fcm-token-0123456789", "device-token-aaaaaaaa", "device-token-bbbbbbbb"];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(value.data.settings).toMatchObject({ enabled: true, useBasicAuth: true, tokenType: "bearer" });
    expect(value.data.pushTokens[0]).toMatchObject({ uid: "alice", platform: "android" });
    // A plural name over one string says what it is about (a trace's evidence), not a list of secrets.
    expect(maskAnswerSecrets({ evidence: { pushTokens: "GET /notifications/push/v1/tokens" } }).paths).toEqual([]);
    expect(paths).toContain("data.settings.fcmCredentials.private_key");
    expect(paths).toContain("data.pushTokens[0].pushToken");
    expect(paths).toContain("data.tokens[1]");
    // What the test suite's scan looks for is what masking hides.
    expect(secretValues(answer).sort()).toEqual(
      ["service_account", "demo-project", "-----BEGIN PRIVATE KEY-----abc", "push@demo.example", "giphy-0123456789", "hunter2-hunter2", "fcm-token-0123456789", "device-token-aaaaaaaa", "device-token-bbbbbbbb"].sort(),
    );
  });

  it("masks the secrets a URL in an answer carries: a token in its query, a password before its host", () => {
    const answer = { data: [{ id: "widget", adminURL: "https://widget-eu.example.test/v1/show-setting?appToken=BArL8wLC1jkTws5bgH1DD&x=1", webhookURL: "https://hook:s3cr3t-pass@hooks.example.test/in" }] };
    const { value, paths } = maskAnswerSecrets(answer);
    expect(value.data[0]!.adminURL).toBe("https://widget-eu.example.test/v1/show-setting?appToken=…H1DD&x=1");
    expect(value.data[0]!.webhookURL).toBe("https://hook:…pass@hooks.example.test/in");
    expect(paths).toEqual(["data[0].adminURL", "data[0].webhookURL"]);
    expect(shownUrl("/users?searchKey=alice&key=AIzaSyA0Dx2UQg7t")).toBe("/users?searchKey=alice&key=…Qg7t");
  });
});
