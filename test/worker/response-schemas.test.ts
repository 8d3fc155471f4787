import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  authRecordSchema,
  noticeSchema,
  selfUserSchema,
  signInProvidersSchema,
  tokenPairSchema,
  updatedUserSchema,
  userBlockStateSchema,
} from "../../worker/accounts/schemas";
import {
  adminProductSchema,
  disclaimerSchema,
  limitRowSchema,
  limitsSchema,
  paymentSchema,
  planSchema,
  productSchema,
  quotasSchema,
} from "../../worker/billing/schemas";
import { companySchema, employeeSchema, invitationSchema, myInvitationSchema } from "../../worker/companies/schemas";
import {
  attachmentSchema,
  feedbackSchema,
  folderSchema,
  messageSchema,
  sharedHistorySchema,
  sharedMessageSchema,
  shareLinkSchema,
  topicGroupSchema,
  topicSchema,
  uploadSchema,
} from "../../worker/conversations/schemas";
import { makePng } from "./fixtures/files";
import { upload } from "./fixtures/uploads";
import { type AuthRecord, authHeaders, call, createAdmin, refreshHeaders, registerUser } from "./helpers";
import { insertAttachment, insertFolder, insertMessage, insertTopic } from "./topics-db";

// The response schemas of worker/<feature>/schemas.ts against the real answers: each body must
// parse, and the schemas are strict, so a field the code adds or drops that the schema does not
// (or the other way round) fails here. The OpenAPI document must name the same schemas.

type AnyObject = z.ZodObject;

/**
 * Checks one object against its schema, and that the schema would notice a drift: the same object
 * with a field too many, or without its first field, must not parse.
 */
function expectShape(schema: AnyObject, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? [], JSON.stringify(value)).toEqual([]);
  const object = value as Record<string, unknown>;
  expect(schema.safeParse({ ...object, unexpected_field: 1 }).success).toBe(false);
  const [first] = Object.keys(schema.shape);
  const { [first!]: _dropped, ...missing } = object;
  expect(schema.safeParse(missing).success).toBe(false);
}

async function bodyOf(res: Response, status: number): Promise<unknown> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text);
}

/** A JSON object answer of `schema`. */
async function one<S extends AnyObject>(
  res: Response | Promise<Response>,
  status: number,
  schema: S,
): Promise<z.infer<S>> {
  const body = await bodyOf(await res, status);
  expectShape(schema, body);
  return body as z.infer<S>;
}

/** A JSON array answer of `schema` items; `atLeast` items, so the check is not vacuous. */
async function many<S extends AnyObject>(
  res: Response | Promise<Response>,
  status: number,
  schema: S,
  atLeast = 1,
): Promise<z.infer<S>[]> {
  const body = await bodyOf(await res, status);
  expect(Array.isArray(body)).toBe(true);
  const items = body as unknown[];
  expect(items.length).toBeGreaterThanOrEqual(atLeast);
  for (const item of items) expectShape(schema, item);
  return items as z.infer<S>[];
}

let admin: AuthRecord;
let user: Awaited<ReturnType<typeof registerUser>>;
let headers: Record<string, string>;

beforeAll(async () => {
  admin = (await createAdmin()).record;
  user = await registerUser();
  headers = authHeaders(user.record);
});

describe("conversations", () => {
  it("Topic: a new topic, a rename, an archive, a pin, a move to a folder", async () => {
    const topic = await one(
      call("/topics/new?assistant_type=explain_law&topic_name=Схема", { method: "POST", headers }),
      201,
      topicSchema,
    );
    await one(
      call("/topics/", { method: "PATCH", headers, json: { id: topic.id, topic_name: "Другое имя" } }),
      200,
      topicSchema,
    );
    await one(call(`/topics/${topic.id}/archive`, { method: "POST", headers }), 200, topicSchema);
    const folderId = await insertFolder(user.userId);
    const moved = await one(call(`/topics/${topic.id}/${folderId}`, { method: "POST", headers }), 200, topicSchema);
    expect(moved.folder_id).toBe(folderId);
    await one(call(`/topics/pin/${topic.id}/${folderId}`, { method: "POST", headers }), 200, topicSchema);
  });

  it("TopicGroup: the pinned group and a day's group, with every nullable field filled", async () => {
    const { record, userId } = await registerUser();
    const folderId = await insertFolder(userId);
    await insertTopic(userId, { pinned: true, folderId, shareHash: `hash-${crypto.randomUUID()}` });
    await insertTopic(userId, { topicName: null });
    const groups = z
      .array(topicGroupSchema)
      .parse(await bodyOf(await call("/topics/active/all?tz=Europe/Moscow", { headers: authHeaders(record) }), 200));
    expect(groups.map((g) => g.date === null)).toEqual([true, false]);
    for (const group of groups) {
      expectShape(topicGroupSchema, group);
      for (const topic of group.topics) expectShape(topicSchema, topic);
    }
  });

  it("Folder: made, listed and renamed", async () => {
    const folder = await one(
      call(`/folders/explain_law/${encodeURIComponent("Договоры")}`, { method: "POST", headers }),
      201,
      folderSchema,
    );
    await many(call("/folders/explain_law", { headers }), 200, folderSchema);
    await one(call(`/folders/${folder.id}`, { method: "PATCH", headers, json: { name: "Аренда" } }), 200, folderSchema);
  });

  it("Message and Attachment: the owner's history; SharedHistory and ShareLink: the shared one", async () => {
    const topicId = await insertTopic(user.userId);
    const question = await insertMessage(topicId, "user", "Что в договоре?");
    await insertAttachment(user.userId, question);
    await insertMessage(topicId, "assistant", "Ответ", { state: "partial" });
    const messages = await many(call(`/topics/${topicId}/history`, { headers }), 200, messageSchema, 2);
    expect(messages[0]!.attachments).toHaveLength(1);
    for (const attachment of messages.flatMap((m) => m.attachments)) expectShape(attachmentSchema, attachment);

    const { hash } = await one(call(`/topics/${topicId}/share`, { method: "POST", headers }), 200, shareLinkSchema);
    const shared = await one(call(`/share/topic/history/${hash}`), 200, sharedHistorySchema);
    for (const message of shared.messages) expectShape(sharedMessageSchema, message);
    expectShape(attachmentSchema, shared.messages[0]!.attachments[0]);
  });

  it("Feedback: a rating of a reply", async () => {
    const topicId = await insertTopic(user.userId);
    const replyId = await insertMessage(topicId, "assistant", "Ответ");
    await one(
      call(`/topics/${topicId}/messages/${replyId}/feedback`, { headers, json: { rating: "up", comment: "Спасибо" } }),
      200,
      feedbackSchema,
    );
  });

  it("Upload: the answer of an upload", async () => {
    await one(upload(user.record, await makePng(), "схема.png"), 201, uploadSchema);
  });
});

describe("accounts", () => {
  it("AuthRecord: registration and sign-in; TokenPair: a refresh", async () => {
    const { email, password, record } = await registerUser();
    expectShape(authRecordSchema, record);
    const signedIn = await one(call("/users/login", { json: { email, password } }), 200, authRecordSchema);
    await one(
      call("/users/token/refresh", { method: "POST", headers: refreshHeaders(signedIn) }),
      200,
      tokenPairSchema,
    );
  });

  it("SelfUser, UpdatedUser: the self user and a name change", async () => {
    await one(call("/users/self", { headers }), 200, selfUserSchema);
    await one(call("/users/", { method: "PATCH", headers, json: { name: "Новое имя" } }), 200, updatedUserSchema);
  });

  it("UserBlockState: an admin's block and unblock", async () => {
    const { userId } = await registerUser();
    const blocked = await one(
      call(`/users/${userId}/block`, { method: "POST", headers: authHeaders(admin) }),
      200,
      userBlockStateSchema,
    );
    expect(blocked.blocked_at).not.toBeNull();
    await one(
      call(`/users/${userId}/unblock`, { method: "POST", headers: authHeaders(admin) }),
      200,
      userBlockStateSchema,
    );
  });

  it("Notice: the user's notices", async () => {
    const sent = await call("/notification/send/", {
      headers: authHeaders(admin),
      json: { title: "Новость", text: "Текст", user_ids: [user.userId] },
    });
    expect(sent.status).toBe(201);
    await many(call("/notifications/", { headers }), 200, noticeSchema);
  });

  it("SignInProviders: the providers a sign-in can start with", async () => {
    const answer = await one(call("/users/auth/providers"), 200, signInProvidersSchema);
    expect(answer.providers.length).toBeGreaterThan(0);
  });
});

describe("billing", () => {
  it("Limits and LimitRow: the user's requests", async () => {
    const limits = await one(call("/limits/", { headers }), 200, limitsSchema);
    expect(limits.limits.length).toBeGreaterThan(0);
    for (const row of limits.limits) expectShape(limitRowSchema, row);
  });

  it("Product: the modes; AdminProduct: what admins see", async () => {
    const [first] = await many(call("/products/"), 200, productSchema);
    await one(call(`/products/${first!.id}`), 200, productSchema);
    await many(call("/products/?all=true", { headers: authHeaders(admin) }), 200, adminProductSchema);
    await one(call(`/products/${first!.id}`, { headers: authHeaders(admin) }), 200, adminProductSchema);
  });

  it("Plan: the plans; Payment: a payment started for one", async () => {
    const [plan] = await many(call("/subscriptions/", { headers }), 200, planSchema);
    await one(call(`/subscriptions/${plan!.id}`, { headers }), 200, planSchema);
    const started = await call(`/payments/${plan!.id}`, { method: "POST", headers });
    const url = z.string().parse(await bodyOf(started, 200));
    const payment = await one(call(`/payments/${url.split("/").at(-1)}`, { headers }), 200, paymentSchema);
    const [listed] = await many(call("/payments/", { headers }), 200, paymentSchema);
    expect(listed!.id).toBe(payment.id);
  });

  it("Quotas: the numbers a client respects", async () => {
    await one(call("/quotas/"), 200, quotasSchema);
  });

  it("Disclaimer: the modes' terms, and one accepted", async () => {
    const [terms] = await many(call("/disclaimers/", { headers }), 200, disclaimerSchema);
    const accepted = await one(
      call(`/disclaimers/${terms!.assistant_type}/accept`, { method: "POST", headers, json: {} }),
      200,
      disclaimerSchema,
    );
    expect(accepted.accepted).toBe(true);
  });
});

describe("companies", () => {
  it("Company, Invitation, MyInvitation, Employee: a company, an invitation accepted, an allowance set", async () => {
    const owner = authHeaders((await registerUser()).record);
    const company = await one(
      call("/companies/", { headers: owner, json: { name: "ООО «Схема»" } }),
      201,
      companySchema,
    );
    expectShape(limitsSchema, company.limits);
    const invitee = await registerUser();
    const invitation = await one(
      call(`/companies/${company.id}/employees`, { headers: owner, json: { email: invitee.email } }),
      201,
      invitationSchema,
    );
    const [mine] = await many(
      call("/companies/invitations/", { headers: authHeaders(invitee.record) }),
      200,
      myInvitationSchema,
    );
    expect(mine!.id).toBe(invitation.id);
    await one(
      call(`/companies/invitations/${invitation.id}/accept`, { method: "POST", headers: authHeaders(invitee.record) }),
      200,
      companySchema,
    );
    const [listed] = await many(call("/companies/", { headers: owner }), 200, companySchema);
    for (const employee of listed!.employees) expectShape(employeeSchema, employee);
    await many(call(`/companies/${company.id}/invitations`, { headers: owner }), 200, invitationSchema);
    const employee = listed!.employees.find((e) => e.user_id === invitee.userId)!;
    await one(
      call(`/companies/${company.id}/${employee.id}?allowance=5`, { method: "PATCH", headers: owner }),
      200,
      employeeSchema,
    );
  });
});

// The document names a schema by its `.meta({ id })`: the operation's response refers to it, and
// the component is the schema (its required fields, no others allowed).
const NAMED: Record<string, AnyObject> = {
  Topic: topicSchema,
  TopicGroup: topicGroupSchema,
  Folder: folderSchema,
  Attachment: attachmentSchema,
  Message: messageSchema,
  SharedMessage: sharedMessageSchema,
  SharedHistory: sharedHistorySchema,
  ShareLink: shareLinkSchema,
  Upload: uploadSchema,
  Feedback: feedbackSchema,
  AuthRecord: authRecordSchema,
  TokenPair: tokenPairSchema,
  SelfUser: selfUserSchema,
  UpdatedUser: updatedUserSchema,
  UserBlockState: userBlockStateSchema,
  Notice: noticeSchema,
  SignInProviders: signInProvidersSchema,
  Limits: limitsSchema,
  LimitRow: limitRowSchema,
  Product: productSchema,
  AdminProduct: adminProductSchema,
  Plan: planSchema,
  Payment: paymentSchema,
  Quotas: quotasSchema,
  Disclaimer: disclaimerSchema,
  Company: companySchema,
  Employee: employeeSchema,
  Invitation: invitationSchema,
  MyInvitation: myInvitationSchema,
};

/** [method, path as the document has it, status, the schema its JSON body refers to]. */
const OPERATIONS: [string, string, string, string][] = [
  ["get", "/api/v2/topics/{statusOrTopicId}/{typeOrFolderId}", "200", "TopicGroup"],
  ["post", "/api/v2/topics/{statusOrTopicId}/{typeOrFolderId}", "200", "Topic"],
  ["delete", "/api/v2/topics/{statusOrTopicId}/{typeOrFolderId}", "200", "Topic"],
  ["post", "/api/v2/topics/new", "201", "Topic"],
  ["patch", "/api/v2/topics", "200", "Topic"],
  ["post", "/api/v2/topics/{id}/archive", "200", "Topic"],
  ["delete", "/api/v2/topics/{id}/archive", "200", "Topic"],
  ["post", "/api/v2/topics/pin/{topicId}/{folderId}", "200", "Topic"],
  ["delete", "/api/v2/topics/pin/{topicId}/{folderId}", "200", "Topic"],
  ["get", "/api/v2/topics/{id}/history", "200", "Message"],
  ["post", "/api/v2/topics/{id}/share", "200", "ShareLink"],
  ["get", "/api/v2/share/topic/history/{hash}", "200", "SharedHistory"],
  ["post", "/api/v2/attachments/upload", "201", "Upload"],
  ["post", "/api/v2/topics/{id}/messages/{messageId}/feedback", "200", "Feedback"],
  ["post", "/api/v2/folders/{assistantType}/{name}", "201", "Folder"],
  ["get", "/api/v2/folders/{assistantTypeOrFolderId}", "200", "Folder"],
  ["patch", "/api/v2/folders/{assistantTypeOrFolderId}", "200", "Folder"],
  ["post", "/api/v2/users", "201", "AuthRecord"],
  ["post", "/api/v2/users/login", "200", "AuthRecord"],
  ["post", "/api/v2/users/password/recovery", "200", "AuthRecord"],
  ["get", "/api/v2/users/tg/auth", "200", "AuthRecord"],
  ["post", "/api/v2/users/token/refresh", "200", "TokenPair"],
  ["get", "/api/v2/users/self", "200", "SelfUser"],
  ["patch", "/api/v2/users", "200", "UpdatedUser"],
  ["post", "/api/v2/users/{id}/block", "200", "UserBlockState"],
  ["post", "/api/v2/users/{id}/unblock", "200", "UserBlockState"],
  ["get", "/api/v2/users/auth/providers", "200", "SignInProviders"],
  ["get", "/api/v2/notifications", "200", "Notice"],
  ["get", "/api/v2/limits", "200", "Limits"],
  ["post", "/api/v2/limits/update", "200", "Limits"],
  ["post", "/api/v2/promos/use/{name}", "200", "Limits"],
  ["get", "/api/v2/products", "200", "Product"],
  ["get", "/api/v2/products", "200", "AdminProduct"],
  ["get", "/api/v2/products/{id}", "200", "Product"],
  ["post", "/api/v2/products", "201", "AdminProduct"],
  ["put", "/api/v2/products/{id}", "200", "AdminProduct"],
  ["get", "/api/v2/subscriptions", "200", "Plan"],
  ["get", "/api/v2/subscriptions/{id}", "200", "Plan"],
  ["post", "/api/v2/subscriptions", "201", "Plan"],
  ["get", "/api/v2/payments", "200", "Payment"],
  ["get", "/api/v2/payments/{idOrSubscriptionId}", "200", "Payment"],
  ["post", "/api/v2/payments/{id}/refund", "200", "Payment"],
  ["get", "/api/v2/quotas", "200", "Quotas"],
  ["get", "/api/v2/disclaimers", "200", "Disclaimer"],
  ["post", "/api/v2/disclaimers/{assistantType}/accept", "200", "Disclaimer"],
  ["post", "/api/v2/companies", "201", "Company"],
  ["get", "/api/v2/companies", "200", "Company"],
  ["get", "/api/v2/companies/{companyId}", "200", "Company"],
  ["patch", "/api/v2/companies/{companyId}", "200", "Company"],
  ["post", "/api/v2/companies/{companyId}/employees", "201", "Invitation"],
  ["patch", "/api/v2/companies/{companyId}/{employeeId}", "200", "Employee"],
  ["get", "/api/v2/companies/invitations", "200", "MyInvitation"],
  ["post", "/api/v2/companies/invitations/accept", "200", "Company"],
  ["post", "/api/v2/companies/invitations/{invitationId}/accept", "200", "Company"],
  ["get", "/api/v2/companies/{companyId}/invitations", "200", "Invitation"],
  ["get", "/internal/api/v2/topics/{provider}/{externalId}", "200", "TopicGroup"],
  ["post", "/internal/api/v2/topics/{provider}/{externalId}", "201", "Topic"],
  ["post", "/internal/api/v2/attachments/{provider}/{externalId}", "201", "Upload"],
  ["get", "/internal/api/v2/limits/{provider}/{externalId}", "200", "Limits"],
  ["get", "/internal/api/v2/quotas", "200", "Quotas"],
  ["get", "/internal/api/v2/disclaimers/{provider}/{externalId}", "200", "Disclaimer"],
  ["post", "/internal/api/v2/promos/{provider}/{externalId}/{name}", "200", "Limits"],
];

type JsonSchema = { $ref?: string; required?: string[]; additionalProperties?: unknown; [key: string]: unknown };
type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>
  >;
  components: { schemas: Record<string, JsonSchema> };
};

/** The component names a response schema refers to (its own `$ref`s, not those of the components). */
function namesIn(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(namesIn);
  if (typeof schema !== "object" || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    key === "$ref" && typeof value === "string" ? [value.replace("#/components/schemas/", "")] : namesIn(value),
  );
}

describe("the OpenAPI document", () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = (await (await SELF.fetch("http://app.test/api/v2/openapi.json")).json()) as Doc;
  });

  it.each(Object.entries(NAMED))("has the component %s, as strict as its schema", (name, schema) => {
    const component = doc.components.schemas[name];
    expect(component, name).toBeDefined();
    expect(component!.additionalProperties).toBe(false);
    const required = Object.entries(schema.shape)
      .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
      .map(([key]) => key);
    expect([...component!.required!].sort()).toEqual(required.sort());
  });

  it.each(OPERATIONS)("%s %s answers %s with %s", (method, path, status, name) => {
    const schema = doc.paths[path]?.[method]?.responses[status]?.content?.["application/json"]?.schema;
    expect(schema, `${method} ${path} ${status}`).toBeDefined();
    expect(namesIn(schema)).toContain(name);
  });
});
