import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Every time column holds Unix milliseconds: cheap to compare in SQL and in JS.
const now = sql`(unixepoch('subsec') * 1000)`;

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  // Stored trimmed and lower-cased; null for an account known only by an external provider.
  email: text("email").unique(),
  name: text("name"),
  // `alg$params$salt$hash`, null for accounts without a password (external sign-in only).
  passwordHash: text("password_hash"),
  role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
  // Bumped on password change, recovery and ban: access tokens carry it, sensitive routes compare.
  tokenVersion: integer("token_version").notNull().default(0),
  utm: text("utm"),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});

export const identities = sqliteTable(
  "identities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["google", "yandex", "vk", "tg"] }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    email: text("email"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("identities_provider_user").on(t.provider, t.providerUserId),
    index("identities_user").on(t.userId),
  ],
);

// A session is one refresh-token family: one sign-in on one device.
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

// Every refresh token ever issued in a family, by SHA-256: a rotated one presented again is theft.
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: text("session_id").notNull().references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
    rotatedAt: integer("rotated_at"),
  },
  (t) => [index("refresh_tokens_session").on(t.sessionId)],
);

export const recoveryTokens = sqliteTable(
  "recovery_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("recovery_tokens_user").on(t.userId)],
);

// Local mail goes here instead of out; in production it records what was handed to the mail API.
export const mailOutbox = sqliteTable("mail_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  status: text("status", { enum: ["stored", "sent", "failed"] }).notNull().default("stored"),
  createdAt: integer("created_at").notNull().default(now),
});

// Fixed-window counters: one atomic upsert per hit, old windows removed by the cron.
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// One row per assistant mode: what the chat shows and how the model is asked.
export const products = sqliteTable("products", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  assistantType: text("assistant_type").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  systemPrompt: text("system_prompt").notNull(),
  model: text("model").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});
