// Checks a real answer against the OpenAPI document: its status documented, its media type one the
// status names, its documented headers there, and a JSON body valid against the status's schema
// (Ajv's JSON Schema 2020-12, the dialect of OpenAPI 3.1, with ajv-formats' formats).
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const DOCUMENT_ID = "openapi.json";

/** A JSON pointer to `segments` in the document, as a URI fragment. */
const pointer = (...segments) =>
  `${DOCUMENT_ID}#/${segments.map((s) => encodeURIComponent(String(s).replaceAll("~", "~0").replaceAll("/", "~1"))).join("/")}`;

export function contractChecker(document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const compiled = new Map();
  const validatorOf = (ref) => {
    if (!compiled.has(ref)) compiled.set(ref, ajv.compile({ $ref: ref }));
    return compiled.get(ref);
  };

  /** The problems of one answer to `method path` (the document's template), as readable lines; none is a pass. */
  return async function check({ method, path }, res) {
    const name = `${method.toUpperCase()} ${path} → ${res.status}`;
    const text = await res.text();
    const responses = document.paths[path][method].responses;
    const status = String(res.status);
    const documented = responses[status];
    if (!documented) return [`${name}: the status is not documented (${text.slice(0, 160)})`];
    const problems = [];
    for (const [header, spec] of Object.entries(documented.headers ?? {}))
      if (spec.required && !res.headers.has(header)) problems.push(`${name}: no ${header} header`);
    const mediaType = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    const content = documented.content ?? {};
    if (!text) {
      if (Object.keys(content).length > 0 && status !== "204" && method !== "head")
        problems.push(`${name}: an empty body, but the document names ${Object.keys(content).join(", ")}`);
      return problems;
    }
    const key = Object.keys(content).find(
      (type) =>
        type === mediaType || type === "*/*" || (type.endsWith("/*") && mediaType.startsWith(type.slice(0, -1))),
    );
    if (!key)
      return [...problems, `${name}: ${mediaType || "no content-type"} is not documented (${text.slice(0, 120)})`];
    if (key !== "application/json" || !content[key].schema) return problems;
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return [...problems, `${name}: the body is not JSON`];
    }
    const validate = validatorOf(pointer("paths", path, method, "responses", status, "content", key, "schema"));
    if (!validate(body))
      problems.push(
        `${name}: the body does not match its schema: ${ajv.errorsText(validate.errors, { dataVar: "body" })} ` +
          `(${text.slice(0, 200)})`,
      );
    return problems;
  };
}
