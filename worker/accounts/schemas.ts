import { z } from "zod";
import { OAUTH_PROVIDERS } from "./services/oauth/provider";

// The shapes the accounts API answers with (docs/accounts.md), declared once: the serializers
// return them, the OpenAPI document names them (`.meta({ id })`) and the web app infers them.
// Strict: a field added or dropped on one side only fails the response tests.

const isoTime = z.iso.datetime();

/** What sign-in, registration, recovery and external sign-in answer (docs/product.md §3). */
export const authRecordSchema = z
  .strictObject({
    access_token: z.string(),
    refresh_token: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
  })
  .meta({ id: "AuthRecord" });
export type AuthRecord = z.infer<typeof authRecordSchema>;

/** `POST /users/token/refresh`: the next pair of the session. */
export const tokenPairSchema = z
  .strictObject({ access_token: z.string(), refresh_token: z.string() })
  .meta({ id: "TokenPair" });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** `GET /users/self`. */
export const selfUserSchema = z
  .strictObject({
    id: z.int(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    role: z.enum(["user", "admin"]),
    created_at: isoTime,
    has_password: z.boolean(),
  })
  .meta({ id: "SelfUser" });
export type SelfUser = z.infer<typeof selfUserSchema>;

/**
 * `PATCH /users/`: the user after the change; `pending_email` while a new address waits for its
 * link, `access_token` (this session's new token) after a password change.
 */
export const updatedUserSchema = selfUserSchema
  .extend({ pending_email: z.string().optional(), access_token: z.string().optional() })
  .meta({ id: "UpdatedUser" });
export type UpdatedUser = z.infer<typeof updatedUserSchema>;

/** An admin's block or unblock: the user with `blocked_at` (null when not blocked). */
export const userBlockStateSchema = selfUserSchema
  .extend({ blocked_at: isoTime.nullable() })
  .meta({ id: "UserBlockState" });
export type UserBlockState = z.infer<typeof userBlockStateSchema>;

/** One in-app notice of `GET /notifications/` (docs/operations.md). */
export const noticeSchema = z
  .strictObject({
    id: z.int(),
    title: z.string(),
    text: z.string(),
    created_at: isoTime,
    read: z.boolean(),
  })
  .meta({ id: "Notice" });
export type Notice = z.infer<typeof noticeSchema>;

/** `GET /users/auth/providers`: the configured redirect providers and the Telegram bot's id. */
export const signInProvidersSchema = z
  .strictObject({
    providers: z.array(z.enum(OAUTH_PROVIDERS)),
    telegram_bot_id: z.string().nullable(),
  })
  .meta({ id: "SignInProviders" });
export type SignInProviders = z.infer<typeof signInProvidersSchema>;

/** `GET /legal/{kind}`: a document in force, its operator's details filled in (docs/legal.md). */
export const legalDocumentSchema = z
  .strictObject({
    kind: z.enum(["offer", "privacy", "terms"]),
    version: z.int(),
    title: z.string(),
    body: z.string(),
    updated_at: isoTime,
  })
  .meta({ id: "LegalDocument" });
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** `GET /users/self/consent`: whether the caller's consent covers the documents in force. */
export const consentStateSchema = z
  .strictObject({
    required: z.boolean(),
    terms_version: z.int(),
    privacy_version: z.int(),
    accepted_at: isoTime.nullable(),
  })
  .meta({ id: "ConsentState" });

/** `GET /users/self/sessions`: one live sign-in (docs/accounts.md "Sessions"). */
export const sessionInfoSchema = z
  .strictObject({
    id: z.string(),
    device: z.string().nullable(),
    country: z.string().nullable(),
    created_at: isoTime,
    last_used_at: isoTime,
    current: z.boolean(),
  })
  .meta({ id: "SessionInfo" });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
/** `GET` and `POST /users/self/links/telegram`: whether a Telegram is linked to the account. */
export const telegramLinkSchema = z.strictObject({ linked: z.boolean() }).meta({ id: "TelegramLink" });
