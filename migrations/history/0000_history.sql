CREATE TABLE `attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`message_id` integer,
	`kind` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`extracted_text` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `attachments_user` ON `attachments` (`user_id`);--> statement-breakpoint
CREATE INDEX `attachments_message` ON `attachments` (`message_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`text` text NOT NULL,
	`state` text DEFAULT 'complete' NOT NULL,
	`model` text,
	`parent_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `messages_topic` ON `messages` (`topic_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_parent` ON `messages` (`parent_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_user` ON `messages` (`user_id`);--> statement-breakpoint
CREATE TABLE `topic_leaves` (
	`topic_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`leaf_message_id` integer
);
--> statement-breakpoint
CREATE INDEX `topic_leaves_user` ON `topic_leaves` (`user_id`);--> statement-breakpoint
-- Search over a user's chats (docs/conversations.md "Search"): FTS5 over word stems the Worker
-- computes (lower case, ё as е, Russian Snowball stems), so one word form finds the others.
-- rowid: the message's id, or minus the topic's id for its name. `owner` holds `u<userId>`, so a
-- query is narrowed to one user inside the index.
CREATE VIRTUAL TABLE `search_index` USING fts5(`owner`, `body`, `topic_id` UNINDEXED, tokenize = 'unicode61');
