import * as v from "valibot";
import { int, opt, tolerantObject } from "../api/schemas.js";
import type { Resource } from "./resource.js";

const featureSchema = tolerantObject("key", {
  key: v.string(),
  title: opt(v.string()),
  description: opt(v.string()),
  path: opt(v.string()),
  createdAt: opt(int),
});
type Feature = v.InferOutput<typeof featureSchema>;

/** What a role may not use (GET /roles/{role}/restrictedfeatures): why a feature is missing for some users. */
export const restrictedFeatures: Resource<Feature> = {
  name: "restricted-features",
  singular: "restricted feature",
  description: "the features a role's users may not use",
  idField: "key",
  schema: featureSchema,
  list: { path: "/roles/{role}/restrictedfeatures" },
  columns: [
    { header: "key", field: "key", get: (f) => f.key, min: 10 },
    { header: "title", field: "title", get: (f) => f.title ?? "", min: 8, max: 28 },
    { header: "path", field: "path", get: (f) => f.path ?? "", min: 8, max: 40 },
    { header: "description", field: "description", get: (f) => f.description ?? "", min: 12, grows: true },
  ],
};
