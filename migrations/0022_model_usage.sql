CREATE TABLE `model_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`user_id` integer,
	`topic_id` integer,
	`shard` integer,
	`message_id` integer,
	`attachment_id` integer,
	`charge_id` integer,
	`assistant_type` text,
	`plan` text,
	`provider` text NOT NULL,
	`model` text NOT NULL,
	`input_tokens` integer,
	`output_tokens` integer,
	`cached_tokens` integer,
	`audio_seconds` real,
	`estimated` integer DEFAULT false NOT NULL,
	`context_cut` integer DEFAULT false NOT NULL,
	`output_limited` integer DEFAULT false NOT NULL,
	`cost` real,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `model_usage_charge_id_unique` ON `model_usage` (`charge_id`);--> statement-breakpoint
CREATE INDEX `model_usage_day` ON `model_usage` (`day`);--> statement-breakpoint
CREATE INDEX `model_usage_user` ON `model_usage` (`user_id`);