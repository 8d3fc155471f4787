// A request for each documented operation, built from the document itself: path and query values
// by parameter name from the state made in `setUp`, a JSON body sampled from the operation's own
// schema, credentials from its `security`. FIXTURES overrides any of these for one operation.

// The smallest PNG: one pixel.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A multipart body with one small image under `file`. */
export function imageForm() {
  const form = new FormData();
  form.set("file", new Blob([PNG], { type: "image/png" }), "пиксель.png");
  return form;
}

const uniqueEmail = (label) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** Values a parameter takes by its name, whatever the path (the state's ids where one is needed). */
const PARAMETERS = (state) => ({
  id: state.topicId,
  topicId: state.topicId,
  messageId: state.messageId,
  folderId: state.folderId,
  assistantType: "gpt",
  externalId: "4242",
  hash: state.shareHash,
  kind: "offer",
  companyId: state.companyId,
  invitationId: 1,
  employeeId: state.userId,
  subscriptionId: 1,
  name: "контракт",
  statusOrTopicId: "active",
  typeOrFolderId: "gpt",
  assistantTypeOrFolderId: "gpt",
  idOrSubscriptionId: 1,
  from: "2026-01-01",
  to: "2026-12-31",
  q: "демо",
  to_email: state.email,
});

/**
 * One operation's request where the document alone cannot make a valid one. Each is
 * `(state) => ({ params?, query?, body?, form?, headers?, as? })`: `body` is sent as JSON, `form`
 * (a FormData) as multipart; `as` is "user", "admin", "anonymous" or "internal".
 */
export const FIXTURES = {
  "post /api/v2/attachments/upload": () => ({ form: imageForm() }),
  "get /api/v2/attachments/{id}/file": (s) => ({ params: { id: s.attachmentId } }),
  "post /api/v2/attachments/{id}/transcribe": (s) => ({ params: { id: s.attachmentId } }),
  "post /internal/api/v2/messages/{provider}/{externalId}/{topicId}": () => ({
    params: { topicId: 0 },
    body: { text: "Вопрос из бота", assistant_type: "gpt", stream: false },
  }),
  "post /internal/api/v2/topics/{provider}/{externalId}": () => ({ body: { assistant_type: "gpt" } }),
  "post /internal/api/v2/payments/{provider}/{externalId}/{subscriptionId}": () => ({
    body: { email: "bot-buyer@example.test" },
  }),
  "post /internal/api/v2/disclaimers/{provider}/{externalId}/{assistantType}/accept": () => ({
    params: { assistantType: "explain_law" },
    body: {},
  }),
  "post /internal/api/v2/signals/{provider}/{externalId}": () => ({ body: { kind: "start" } }),
  "post /internal/api/v2/users/{provider}/{externalId}/link-token": () => ({ params: { provider: "tg" } }),
  "post /api/v2/users": () => ({
    body: { consent: true, email: uniqueEmail("contract"), password: "пароль-контракта-1", name: "Контракт" },
  }),
  "post /api/v2/users/login": (s) => ({ body: { email: s.email, password: s.password } }),
  "post /api/v2/users/token/refresh": (s) => ({ headers: { "refresh-token": s.refreshToken } }),
  "post /api/v2/users/password/forgot": (s) => ({ query: { email: s.email } }),
  "post /api/v2/users/{id}/block": (s) => ({ params: { id: s.otherUserId }, as: "admin" }),
  "post /api/v2/users/{id}/unblock": (s) => ({ params: { id: s.otherUserId }, as: "admin" }),
  "get /api/v2/mail/outbox": (s) => ({ query: { to: s.email } }),
  "post /api/v2/topics/start/stream": () => ({
    body: { message: { text: "Вопрос", attachments: [] }, assistant_type: "gpt" },
  }),
  "post /api/v2/topics/{id}/message/stream": () => ({ body: { text: "Ещё вопрос", attachments: [] } }),
  "post /api/v2/topics/{id}/start/stream": (s) => ({
    params: { id: s.emptyTopicId },
    body: { text: "Первый вопрос", attachments: [] },
  }),
  "post /api/v2/topics/{id}/messages/{messageId}/edit/stream": () => ({
    body: { text: "Другой вопрос", attachments: [] },
  }),
  "post /api/v2/topics/{id}/messages/{messageId}/feedback": (s) => ({
    params: { messageId: s.replyId },
    body: { rating: "up" },
  }),
  "post /api/v2/topics/{id}/messages/{messageId}/regenerate/stream": (s) => ({ params: { messageId: s.replyId } }),
  "post /api/v2/limits/update": (s) => ({ body: { user_id: s.userId, requests: 5, mode: "add" } }),
  "post /api/v2/notification/send": (s) => ({ body: { title: "Новости", text: "Текст", user_ids: [s.userId] } }),
  "post /api/v2/disclaimers/{assistantType}/accept": () => ({ params: { assistantType: "explain_law" }, body: {} }),
  // Citations of an act the library has (the demo's, when seeded) and of one it has not: every status the shape has.
  "post /api/v2/law/citations/check": () => ({
    body: { text: "По ст. 619 ГК РФ, ст. 9999 ГК РФ и ст. 5 Федерального закона № 99999-ФЗ.", date: "2025-01-01" },
  }),
  "post /api/v2/companies/{companyId}/employees": (s) => ({ body: { email: s.otherEmail } }),
  "post /api/v2/subscriptions": () => ({ body: { name: "Контрактный", price: 100, day_gap: 30, requests_limit: 10 } }),
  "post /api/v2/products": () => ({
    body: { assistant_type: "contract_mode", title: "Проверка", description: "Режим теста", system_prompt: "Отвечай" },
  }),
  "patch /api/v2/users": () => ({ body: { name: "Новое имя" } }),
  // After the logout: a session of its own.
  "delete /api/v2/users/self": (s) => ({ headers: { "jwt-token": s.secondToken }, body: { password: s.password } }),
  "delete /api/v2/topics/{id}/messages/{messageId}/feedback": (s) => ({ params: { messageId: s.replyId } }),
  "post /api/v2/topics/{id}/share": () => ({ body: {} }),
  "get /api/v2/topics/{statusOrTopicId}/{typeOrFolderId}": () => ({
    params: { statusOrTopicId: "active", typeOrFolderId: "gpt" },
  }),
  "post /api/v2/topics/{statusOrTopicId}/{typeOrFolderId}": (s) => ({
    params: { statusOrTopicId: s.topicId, typeOrFolderId: s.folderId },
  }),
  "delete /api/v2/topics/{statusOrTopicId}/{typeOrFolderId}": (s) => ({
    params: { statusOrTopicId: s.topicId, typeOrFolderId: s.folderId },
  }),
  "post /api/v2/folders/{assistantType}/{name}": () => ({ params: { assistantType: "gpt", name: "Вторая" } }),
  "patch /api/v2/folders/{assistantTypeOrFolderId}": (s) => ({
    params: { assistantTypeOrFolderId: s.folderId },
    body: { name: "Переименованная" },
  }),
  "delete /api/v2/folders/{assistantTypeOrFolderId}": (s) => ({ params: { assistantTypeOrFolderId: s.folderId } }),
  "get /api/v2/products/{id}": () => ({ params: { id: 1 } }),
  "put /api/v2/products/{id}": () => ({ params: { id: 1 }, body: { title: "Объясни закон" } }),
  "delete /api/v2/products/{id}": () => ({ params: { id: 999 } }),
  "get /api/v2/subscriptions/{id}": () => ({ params: { id: 1 } }),
  "put /api/v2/subscriptions/{id}": () => ({ params: { id: 1 }, body: { is_visible: true } }),
  "delete /api/v2/subscriptions/{id}": () => ({ params: { id: 999 } }),
  "post /api/v2/payments/{idOrSubscriptionId}": () => ({ params: { idOrSubscriptionId: 1 } }),
  "get /api/v2/payments/{idOrSubscriptionId}": (s) => ({ params: { idOrSubscriptionId: s.paymentId } }),
  "get /api/v2/payments/sandbox/{id}": (s) => ({ params: { id: s.paymentId } }),
  "get /api/v2/payments/sandbox/{id}/receipt": (s) => ({ params: { id: s.paymentId } }),
  "post /api/v2/payments/{id}/refund": (s) => ({ params: { id: s.paymentId } }),
  "get /api/v2/share/{hash}/attachments/{id}": () => ({ params: { id: 1 } }),
  "get /api/v2/promos/{id}": (s) => ({ params: { id: s.promoId } }),
  "put /api/v2/promos/{id}": (s) => ({ params: { id: s.promoId }, body: { max_uses: 10 } }),
  "post /api/v2/promos": () => ({ body: { name: `P${Date.now()}`, requests: 5, max_uses: 3 } }),
  "post /api/v2/promos/use/{name}": (s) => ({ params: { name: s.promoName } }),
  "post /api/v2/notifications/{id}/read": () => ({ params: { id: 1 } }),
  "patch /api/v2/shards/{id}": () => ({ params: { id: 1 }, body: { open: true } }),
  "post /api/v2/companies": () => ({ body: { name: "ООО Контракт" } }),
  "get /api/v2/legal/{kind}": () => ({ params: { kind: "offer" } }),
};

/** An admin-only route's summary ends so: «(админ)» or «(только администратор)». */
const ADMIN_ONLY = /\((только )?админ(истратор)?\)$/;

/** A value for a JSON Schema: the default, the first choice, or the least that passes. */
export function sample(schema, document, depth = 0) {
  if (!schema || depth > 6) return undefined;
  if (schema.$ref) return sample(resolve(document, schema.$ref), document, depth + 1);
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.oneOf ?? schema.anyOf;
  if (choice) return sample(choice.find((s) => s.type !== "null") ?? choice[0], document, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key], document, depth + 1);
      return out;
    }
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, document, depth + 1));
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return true;
    case "string":
      if (schema.format === "email") return uniqueEmail("sample");
      if (schema.format === "date-time") return new Date().toISOString();
      if (schema.format === "date") return "2026-01-01";
      return "проверка".padEnd(schema.minLength ?? 0, "а");
    default:
      return undefined;
  }
}

const resolve = (document, ref) =>
  ref
    .slice(2)
    .split("/")
    .reduce((node, key) => node?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], document);

/** The request for one operation: url, init and who it is sent as. */
export function requestFor(document, { method, path, operation }, state) {
  const fixture = FIXTURES[`${method} ${path}`]?.(state) ?? {};
  const named = PARAMETERS(state);
  const parameterValue = (p) =>
    fixture.params?.[p.name] ?? fixture.query?.[p.name] ?? named[p.name] ?? sample(p.schema, document);
  const params = operation.parameters ?? [];
  let url = path;
  const query = new URLSearchParams();
  for (const p of params) {
    const value = parameterValue(p);
    if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(String(value ?? 1)));
    else if (p.in === "query" && (p.required || fixture.query?.[p.name] !== undefined) && value !== undefined)
      query.set(p.name, String(value));
  }
  const search = query.size ? `?${query}` : "";
  const security = operation.security ?? document.security;
  const as =
    fixture.as ??
    (security.some((s) => s.internal)
      ? "internal"
      : security.some((s) => s.jwt)
        ? operation.tags?.includes("admin") || ADMIN_ONLY.test(operation.summary ?? "")
          ? "admin"
          : "user"
        : "anonymous");
  const headers = { ...fixture.headers };
  let body = fixture.form;
  const json = operation.requestBody?.content?.["application/json"];
  if (body === undefined && (fixture.body !== undefined || json)) {
    body = JSON.stringify(fixture.body ?? sample(json.schema, document) ?? {});
    headers["content-type"] = "application/json";
  }
  return { url: `${url}${search}`, init: { method: method.toUpperCase(), headers, body }, as };
}
