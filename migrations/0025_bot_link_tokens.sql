CREATE TABLE `bot_link_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`external_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bot_link_tokens_external` ON `bot_link_tokens` (`provider`,`external_id`);