import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// The law library (docs/law.md "The library"): its own D1 database (LAW_DB), one for every user and
// read-mostly, so neither the main D1 nor the history shards grow with it. Acts, their articles, and
// each article's editions with the dates they are in force.

const now = sql`(unixepoch('subsec') * 1000)`;

export const lawActs = sqliteTable(
  "law_acts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The name citations use and the API's path takes: «ГК РФ», «ЖК РФ», «218-ФЗ».
    shortName: text("short_name").notNull(),
    title: text("title").notNull(),
    // Other names people write («Гражданский кодекс», «Закон о защите прав потребителей»).
    aliases: text("aliases", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    // Demo excerpts seeded by `npm start`, never an official publication: the UI says so.
    demo: integer("demo", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("law_acts_short_name").on(t.shortName)],
);

export const lawArticles = sqliteTable(
  "law_articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actId: integer("act_id")
      .notNull()
      .references(() => lawActs.id, { onDelete: "cascade" }),
    // As written: «1062.1» sorts by `position`, not by this.
    number: text("number").notNull(),
    // Its place in the act: «Раздел IV. …», «Глава 34. …», «§ 1. …», outermost first.
    path: text("path", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    // Order in the act as last imported (the table of contents).
    position: integer("position").notNull(),
  },
  (t) => [
    uniqueIndex("law_articles_act_number").on(t.actId, t.number),
    index("law_articles_act_position").on(t.actId, t.position),
  ],
);

/** A part of an article («1.») with its points («1)»), as the text numbers them. */
export type ArticlePart = { number: string | null; text: string; points: { number: string; text: string }[] };

export const lawArticleEditions = sqliteTable(
  "law_article_editions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    articleId: integer("article_id")
      .notNull()
      .references(() => lawArticles.id, { onDelete: "cascade" }),
    // Titles change with amendments too (a repealed article's is «Утратила силу»), so each edition has its own.
    title: text("title").notNull(),
    // Paragraphs joined by "\n", as published.
    text: text("text").notNull(),
    parts: text("parts", { mode: "json" }).$type<ArticlePart[]>().notNull(),
    // YYYY-MM-DD; in force on dates d with in_force_from <= d < in_force_to (open while null).
    inForceFrom: text("in_force_from").notNull(),
    inForceTo: text("in_force_to"),
    repealed: integer("repealed", { mode: "boolean" }).notNull().default(false),
    // The date the text gives («Утратила силу с 1 января 2020 года»), when it gives one.
    repealedOn: text("repealed_on"),
  },
  (t) => [index("law_article_editions_article").on(t.articleId, t.inForceFrom)],
);

export type LawAct = typeof lawActs.$inferSelect;
export type LawArticle = typeof lawArticles.$inferSelect;
export type LawArticleEdition = typeof lawArticleEditions.$inferSelect;
