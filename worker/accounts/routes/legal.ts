import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv, Env } from "../../env";
import { jsonObjectBody } from "../../http/bulk-target";
import { anonymous, jsonOf, secured } from "../../http/openapi";
import { validate } from "../../http/validate";
import { requireAdmin, requireUser } from "../middleware/auth";
import { consentStateSchema, type LegalDocument, legalDocumentSchema } from "../schemas";
import {
  consentState,
  currentDocument,
  currentDocuments,
  LEGAL_KINDS,
  type LegalRow,
  operatorDetails,
  publishDocument,
  recordConsent,
  renderDocument,
} from "../services/legal";

const kindParams = z.object({ kind: z.enum(LEGAL_KINDS) });
const publishBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: "Название не может быть пустым" })
    .max(200, { error: "Название не длиннее 200 символов" })
    .optional(),
  body: z
    .string({ error: "Укажите body: текст документа в Markdown" })
    .trim()
    .min(1, { error: "Текст документа не может быть пустым" })
    .max(200_000, {
      error: "Текст документа не длиннее 200 000 символов",
    }),
});
const consentBody = z.object({ consent: z.literal(true, { error: "Отметьте согласие: consent: true" }) });

const shown = (env: Env, row: LegalRow): LegalDocument => ({
  kind: row.kind,
  version: row.version,
  title: row.title,
  body: renderDocument(row, operatorDetails(env)),
  updated_at: new Date(row.createdAt).toISOString(),
});

/** The legal documents (docs/legal.md): public to read, versioned by admins. */
export const legal = new Hono<AppEnv>()
  .get(
    "/",
    describeRoute({
      ...anonymous,
      tags: ["legal"],
      summary: "Действующие документы",
      responses: { 200: jsonOf("LegalDocument[]", z.array(legalDocumentSchema)) },
    }),
    async (c) =>
      c.json(
        (await currentDocuments(getDb(c.env.DB))).map((row) => shown(c.env, row)),
        200,
      ),
  )
  .get(
    "/:kind",
    describeRoute({
      ...anonymous,
      tags: ["legal"],
      summary: "Документ: оферта, политика обработки персональных данных или пользовательское соглашение",
      responses: { 200: jsonOf("LegalDocument", legalDocumentSchema), 422: { description: "Неизвестный документ" } },
    }),
    validate("param", kindParams),
    async (c) => c.json(shown(c.env, await currentDocument(getDb(c.env.DB), c.req.valid("param").kind)), 200),
  )
  .put(
    "/:kind",
    describeRoute({
      tags: ["legal", "admin"],
      summary: "Новая редакция документа (админ)",
      description:
        "Прежние редакции остаются; пользователи, принявшие соглашение или политику, примут новую при следующем " +
        "визите.",
      ...secured,
      responses: {
        201: jsonOf("LegalDocument", legalDocumentSchema),
        403: { description: "Только для администраторов" },
        422: { description: "Пустой текст" },
      },
    }),
    requireAdmin,
    validate("param", kindParams),
    jsonObjectBody,
    validate("json", publishBody),
    async (c) =>
      c.json(shown(c.env, await publishDocument(getDb(c.env.DB), c.req.valid("param").kind, c.req.valid("json"))), 201),
  );

/** The caller's consent to the user agreement and the privacy policy (docs/legal.md "Consent"). */
export const consent = new Hono<AppEnv>()
  .get(
    "/self/consent",
    describeRoute({
      tags: ["users"],
      summary: "Нужно ли принять документы заново",
      ...secured,
      responses: { 200: jsonOf("ConsentState", consentStateSchema) },
    }),
    requireUser,
    async (c) => c.json(await consentState(getDb(c.env.DB), c.var.userId), 200),
  )
  .post(
    "/self/consent",
    describeRoute({
      tags: ["users"],
      summary: "Принять действующие соглашение и политику",
      ...secured,
      responses: { 200: jsonOf("ConsentState", consentStateSchema), 422: { description: "Нет consent: true" } },
    }),
    requireUser,
    jsonObjectBody,
    validate("json", consentBody),
    async (c) => c.json(await recordConsent(getDb(c.env.DB), c.var.userId), 200),
  );
