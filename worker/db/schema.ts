import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Every time column holds Unix milliseconds: cheap to compare in SQL and in JS.
const now = sql`(unixepoch('subsec') * 1000)`;

/** A user row as loaded; the request context carries it (worker/env.ts). */
export type User = typeof users.$inferSelect;

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  // Stored trimmed and lower-cased; null for an account known only by an external provider.
  email: text("email").unique(),
  name: text("name"),
  // `alg$params$salt$hash`, null for accounts without a password (external sign-in only).
  passwordHash: text("password_hash"),
  role: text("role", { enum: ["user", "admin"] })
    .notNull()
    .default("user"),
  // Bumped on password change, recovery and block: access tokens carry it, requireUser compares.
  tokenVersion: integer("token_version").notNull().default(0),
  // Set by an admin's block: no sign-in, refresh or token works until an unblock clears it.
  blockedAt: integer("blocked_at"),
  utm: text("utm"),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
  // The history shard (HISTORY_<n>) the user's chats live in, set by the trigger on insert from
  // the directory (history_shards) and never changed (docs/scale.md "History shards").
  historyShard: integer("history_shard"),
});

// The directory of history shards: which HISTORY_<n> bindings hold chats, and which take new users
// (the open one with the fewest users placed gets the next). A shard is added by a row, never by
// moving anyone (docs/scale.md "History shards").
export const historyShards = sqliteTable("history_shards", {
  id: integer("id").primaryKey(),
  open: integer("open", { mode: "boolean" }).notNull().default(true),
  // Users ever placed in the shard (a measure of how full it is).
  users: integer("users").notNull().default(0),
  createdAt: integer("created_at").notNull().default(now),
});

export const identities = sqliteTable(
  "identities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    userAgent: text("user_agent"),
    // Shown in the account's list of sessions: the last sign-in or refresh (about every 15 minutes
    // while the app is open; a signed-in request itself writes nothing) and its IP's country.
    lastUsedAt: integer("last_used_at"),
    country: text("country"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

// Every refresh token ever issued in a family, by SHA-256: a rotated one presented again is theft.
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
    rotatedAt: integer("rotated_at"),
    // The hash of the token issued in exchange for this one (null on a live token). A reuse within
    // the grace window issues a sibling and leaves this as it was (docs/accounts.md).
    replacedBy: text("replaced_by"),
  },
  (t) => [index("refresh_tokens_session").on(t.sessionId)],
);

export const recoveryTokens = sqliteTable(
  "recovery_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
  status: text("status", { enum: ["stored", "sent", "failed"] })
    .notNull()
    .default("stored"),
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
  // What users see under a reply instead of the model's id; null: "Ясно · <title>".
  modelTitle: text("model_title"),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});

export const folders = sqliteTable(
  "folders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    assistantType: text("assistant_type").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("folders_user_type").on(t.userId, t.assistantType)],
);

export const topics = sqliteTable(
  "topics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topicName: text("topic_name"),
    assistantType: text("assistant_type").notNull(),
    status: text("status", { enum: ["active", "archived"] })
      .notNull()
      .default("active"),
    // Deleting a folder keeps its topics: they fall back to no folder.
    folderId: integer("folder_id").references(() => folders.id, { onDelete: "set null" }),
    pinned: integer("pinned", { mode: "boolean" }).notNull().default(false),
    // Null until shared; 128+ random bits, base64url.
    shareHash: text("share_hash").unique(),
    // When the share link stops working (null: never), and whether its readers see the values the
    // privacy guard hid from the model (false: they see the placeholders) (docs/privacy.md "Sharing").
    shareExpiresAt: integer("share_expires_at"),
    shareReveal: integer("share_reveal", { mode: "boolean" }).notNull().default(false),
    // The name of the topic's object (its Durable Object) when it was addressed before the topic existed (a topic
    // started with its first question, docs/scale.md "The first chunk"); null: named by the topic's id.
    sessionId: text("session_id"),
    createdAt: integer("created_at").notNull().default(now),
    // Last activity: the list is ordered and grouped by it.
    updatedAt: integer("updated_at").notNull().default(now),
  },
  // The list's order (pinned first, newest activity, id), so a page is one index range (docs/scale.md).
  (t) => [index("topics_user_status_list").on(t.userId, t.status, t.pinned, t.updatedAt, t.id)],
);

// The privacy guard per user and mode (docs/privacy.md): a row turns it off (or on again) for one
// mode; without one it is on.
export const privacySettings = sqliteTable(
  "privacy_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assistantType: text("assistant_type").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assistantType] })],
);

// A user's 👍/👎 on an assistant reply (docs/conversations.md "Feedback"): one per reply, since
// only the topic's owner rates it; a second rating replaces the first. Kept in the main D1 with the
// mode and the model that answered, so statistics need no history shard; the message itself is in
// the owner's shard (ids are unique within a shard, so the key is the topic and the message).
export const messageFeedback = sqliteTable(
  "message_feedback",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    messageId: integer("message_id").notNull(),
    assistantType: text("assistant_type").notNull(),
    model: text("model"),
    rating: text("rating", { enum: ["up", "down"] }).notNull(),
    comment: text("comment"),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.messageId] }), index("message_feedback_updated").on(t.updatedAt)],
);

// Messages written per Moscow day and user (questions and replies), for statistics: the messages
// themselves are in the history shards, and statistics read the main D1 only.
export const dailyActivity = sqliteTable(
  "daily_activity",
  {
    day: text("day").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questions: integer("questions").notNull().default(0),
    replies: integer("replies").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

// Request packs: a user's (or, later, a company's) rows; a send takes one from the row that
// expires first (docs/ai.md, "Requests (limits)").
export const limits = sqliteTable(
  "limits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id"),
    requests: integer("requests").notNull(),
    availableRequests: integer("available_requests").notNull(),
    isUnlimited: integer("is_unlimited", { mode: "boolean" }).notNull().default(false),
    // Null: never expires.
    dateExpire: integer("date_expire"),
    source: text("source", { enum: ["start", "daily", "subscription", "promo", "admin"] }).notNull(),
    createdAt: integer("created_at").notNull().default(now),
    // What the pack is called where the user sees it: the plan's name for a purchase ("Старт"), the
    // code for a promo; null for the packs named by their source (docs/billing.md "Balance").
    name: text("name"),
  },
  (t) => [
    index("limits_user_expire").on(t.userId, t.dateExpire),
    index("limits_company_expire").on(t.companyId, t.dateExpire),
  ],
);

// Request-pack plans users buy (docs/product.md §3, docs/payments.md). Prices in kopecks: exact, no floats.
export const subscriptions = sqliteTable("subscriptions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  priceKopecks: integer("price_kopecks").notNull(),
  dayGap: integer("day_gap").notNull(),
  requestsLimit: integer("requests_limit").notNull(),
  isUnlimited: integer("is_unlimited", { mode: "boolean" }).notNull().default(false),
  isVisible: integer("is_visible", { mode: "boolean" }).notNull().default(true),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});

export const payments = sqliteTable(
  "payments",
  {
    // Ours, a UUID: also the Idempotence-Key sent to the provider.
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id"),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    amountKopecks: integer("amount_kopecks").notNull(),
    currency: text("currency").notNull().default("RUB"),
    provider: text("provider", { enum: ["yookassa", "sandbox"] }).notNull(),
    providerPaymentId: text("provider_payment_id").unique(),
    status: text("status", { enum: ["pending", "waiting_for_capture", "succeeded", "canceled", "refunded"] })
      .notNull()
      .default("pending"),
    confirmationUrl: text("confirmation_url"),
    // Set once, in the same batch that grants the plan: the grant happens exactly once.
    creditedAt: integer("credited_at"),
    limitId: integer("limit_id"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    // The plan's name when it was bought (the receipt's item; the payment list shows it as paid for).
    planName: text("plan_name"),
  },
  (t) => [index("payments_user").on(t.userId, t.createdAt)],
);

export const promos = sqliteTable("promos", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  // The code users type; stored upper-cased.
  name: text("name").notNull().unique(),
  // What it grants: a number of requests, or a plan.
  requests: integer("requests"),
  subscriptionId: integer("subscription_id").references(() => subscriptions.id),
  // Days the granted requests last (null: a plan's own day_gap, or no expiry for requests).
  dayGap: integer("day_gap"),
  maxUses: integer("max_uses").notNull(),
  uses: integer("uses").notNull().default(0),
  expiresAt: integer("expires_at"),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});

export const promoUses = sqliteTable(
  "promo_uses",
  {
    promoId: integer("promo_id")
      .notNull()
      .references(() => promos.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    limitId: integer("limit_id"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.promoId, t.userId] })],
);

// Per-mode terms a user accepts before the first message in that mode; a new version (set_for_all)
// makes everyone accept again.
export const disclaimers = sqliteTable("disclaimers", {
  assistantType: text("assistant_type").primaryKey(),
  text: text("text").notNull(),
  version: integer("version").notNull().default(1),
  updatedAt: integer("updated_at").notNull().default(now),
});

export const disclaimerAcceptances = sqliteTable(
  "disclaimer_acceptances",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assistantType: text("assistant_type").notNull(),
    version: integer("version").notNull(),
    acceptedAt: integer("accepted_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assistantType] })],
);

// The public offer, the privacy policy and the user agreement (docs/legal.md): Markdown, every
// change a new version; the newest version of a kind is the one in force.
export const legalDocuments = sqliteTable(
  "legal_documents",
  {
    kind: text("kind", { enum: ["offer", "privacy", "terms"] }).notNull(),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.kind, t.version] })],
);

// A user's consent to the processing of personal data and to the terms, with the versions they
// were shown and when; a newer version of either asks again (docs/legal.md "Consent").
export const consents = sqliteTable(
  "consents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    termsVersion: integer("terms_version").notNull(),
    privacyVersion: integer("privacy_version").notNull(),
    acceptedAt: integer("accepted_at").notNull().default(now),
  },
  (t) => [index("consents_user").on(t.userId, t.id)],
);

export const companies = sqliteTable("companies", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ownerId: integer("owner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});

// Employees draw on the company's limits pool, within their allowance, before their own limits.
export const companyMembers = sqliteTable(
  "company_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "member"] })
      .notNull()
      .default("member"),
    // Requests the employee may take from the pool; null: no cap.
    allowance: integer("allowance"),
    used: integer("used").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("company_members_company_user").on(t.companyId, t.userId),
    index("company_members_user").on(t.userId),
  ],
);

// An invitation by e-mail: the person joins only by accepting it (in the app, or through the
// mailed link, signed in with that e-mail). One row per company and e-mail; inviting again makes it
// pending anew with a fresh token. Only the token's SHA-256 is kept, and only while it is pending.
export const companyInvitations = sqliteTable(
  "company_invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "member"] })
      .notNull()
      .default("member"),
    allowance: integer("allowance"),
    status: text("status", { enum: ["pending", "accepted", "declined"] })
      .notNull()
      .default("pending"),
    tokenHash: text("token_hash"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(now),
    respondedAt: integer("responded_at"),
  },
  (t) => [
    uniqueIndex("company_invitations_company_email").on(t.companyId, t.email),
    index("company_invitations_email").on(t.email),
    uniqueIndex("company_invitations_token").on(t.tokenHash),
  ],
);

// Every request taken (and given back), for statistics: what was used, when, from which pool.
export const requestCharges = sqliteTable(
  "request_charges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    limitId: integer("limit_id"),
    companyId: integer("company_id"),
    refunded: integer("refunded", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("request_charges_created").on(t.createdAt), index("request_charges_user").on(t.userId)],
);

// What each model call cost (docs/operations.md "Costs"): one row per reply saved and per recording
// transcribed, written as it is saved. In the main D1, not beside the message in its history shard,
// so the cost statistics are one grouped query over a range of days rather than a read of every
// shard. Kept when the user or the topic goes (the money was spent): the user id is then null.
export const modelUsage = sqliteTable(
  "model_usage",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["reply", "transcription"] }).notNull(),
    // The Moscow day it was saved, YYYY-MM-DD: what the statistics group and filter by.
    day: text("day").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    // A reply's topic and message (in history shard `shard`); a transcription's recording (`attachmentId`).
    topicId: integer("topic_id"),
    shard: integer("shard"),
    messageId: integer("message_id"),
    attachmentId: integer("attachment_id"),
    // The request the reply was charged (request_charges): one row per charge, so a retried save adds none.
    chargeId: integer("charge_id").unique(),
    // The mode, and the pack the request came from: a plan's name, or start / daily / promo / admin.
    assistantType: text("assistant_type"),
    plan: text("plan"),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    cachedTokens: integer("cached_tokens"),
    audioSeconds: real("audio_seconds"),
    // The provider reported no usage (the reply was stopped or broke off): the tokens are estimated from characters.
    estimated: integer("estimated", { mode: "boolean" }).notNull().default(false),
    // The prompt lost history or document text to the context window; the reply hit the output limit.
    contextCut: integer("context_cut", { mode: "boolean" }).notNull().default(false),
    outputLimited: integer("output_limited", { mode: "boolean" }).notNull().default(false),
    // Rubles, rounded to kopecks, at the prices of the day (AI_PRICES); null: the model has no price.
    cost: real("cost"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("model_usage_day").on(t.day), index("model_usage_user").on(t.userId)],
);

export const notifications = sqliteTable("notifications", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  text: text("text").notNull(),
  // Who it went to: "all" or "users" (the chosen ones in notification_recipients).
  audience: text("audience", { enum: ["all", "users"] }).notNull(),
  byEmail: integer("by_email", { mode: "boolean" }).notNull().default(false),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: integer("created_at").notNull().default(now),
});

export const notificationRecipients = sqliteTable(
  "notification_recipients",
  {
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: integer("read_at"),
    emailedAt: integer("emailed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index("notification_recipients_user").on(t.userId, t.readAt),
  ],
);

// Campaigns users came from (utm_* of the web, or a bot's deep link).
export const utmEvents = sqliteTable(
  "utm_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source"),
    medium: text("medium"),
    campaign: text("campaign"),
    content: text("content"),
    term: text("term"),
    channel: text("channel").notNull().default("web"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("utm_events_user").on(t.userId)],
);

// Events a chat bot reports about a user: start, block, unblock, ...
export const botSignals = sqliteTable(
  "bot_signals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["tg", "vk"] }).notNull(),
    externalId: text("external_id").notNull(),
    kind: text("kind").notNull(),
    payload: text("payload"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("bot_signals_external").on(t.provider, t.externalId)],
);

// A one-time link a bot sends (`/link`) to join its account to a signed-in web account: 15 minutes,
// one use, only the token's SHA-256 kept (docs/telegram.md "Linking an account").
export const botLinkTokens = sqliteTable(
  "bot_link_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    provider: text("provider", { enum: ["tg", "vk"] }).notNull(),
    externalId: text("external_id").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("bot_link_tokens_external").on(t.provider, t.externalId)],
);

// A notice on its way to a bot's chat: one row per recipient linked to the bot when the notice was sent,
// claimed by the bot's cron a batch at a time (docs/telegram.md "Admin notices in the chat").
export const botNoticeDeliveries = sqliteTable(
  "bot_notice_deliveries",
  {
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["tg", "vk"] }).notNull(),
    // pending → sending (claimed) → sent | blocked | failed; skipped: the bot was blocked or unlinked first.
    state: text("state", { enum: ["pending", "sending", "sent", "blocked", "failed", "skipped"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId, t.provider] }),
    index("bot_notice_deliveries_state").on(t.provider, t.state),
  ],
);

// A requested e-mail change, applied only once the link mailed to the new address is opened.
export const emailChanges = sqliteTable(
  "email_changes",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("email_changes_user").on(t.userId)],
);

// The one-time code by e-mail that lets an account without a password prove itself: one live
// code per user (a new one replaces it), kept as a keyed hash.
export const oneTimeCodes = sqliteTable("one_time_codes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  expiresAt: integer("expires_at").notNull(),
  attempts: integer("attempts").notNull().default(0),
  usedAt: integer("used_at"),
  createdAt: integer("created_at").notNull().default(now),
});

// Share links their owner turned off, so that their page says so (410 is for an expired one) instead
// of «not found»; gone with the chat.
export const revokedShareLinks = sqliteTable("revoked_share_links", {
  hash: text("hash").primaryKey(),
  topicId: integer("topic_id")
    .notNull()
    .references(() => topics.id, { onDelete: "cascade" }),
  revokedAt: integer("revoked_at").notNull().default(now),
});
