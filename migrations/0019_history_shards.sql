-- History shards (docs/scale.md "History shards"): messages, attachments and the search index move
-- to the HISTORY_<n> databases (migrations/history); the main D1 keeps the directory, each user's
-- shard, and what statistics read (feedback with its mode and model, messages per day and user).
-- Chats written before this migration are not carried over: no deployment held any yet, and a
-- local one starts its chats anew (docs/scale.md says so).
CREATE TABLE `daily_activity` (
	`day` text NOT NULL,
	`user_id` integer NOT NULL,
	`questions` integer DEFAULT 0 NOT NULL,
	`replies` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The statistics of the messages written so far stay.
INSERT INTO `daily_activity` (`day`, `user_id`, `questions`, `replies`)
  SELECT date((`m`.`created_at` + 10800000) / 1000, 'unixepoch'), `t`.`user_id`, sum(`m`.`role` = 'user'), sum(`m`.`role` = 'assistant')
  FROM `messages` `m` JOIN `topics` `t` ON `t`.`id` = `m`.`topic_id` GROUP BY 1, 2;--> statement-breakpoint
CREATE TABLE `history_shards` (
	`id` integer PRIMARY KEY NOT NULL,
	`open` integer DEFAULT true NOT NULL,
	`users` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `history_shards` (`id`, `open`) VALUES (0, 1);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_message_feedback` (
	`topic_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`assistant_type` text NOT NULL,
	`model` text,
	`rating` text NOT NULL,
	`comment` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`topic_id`, `message_id`),
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Ratings stay counted in statistics, with the mode and model they were given to.
INSERT INTO `__new_message_feedback` (`topic_id`, `message_id`, `assistant_type`, `model`, `rating`, `comment`, `updated_at`)
  SELECT `m`.`topic_id`, `f`.`message_id`, `t`.`assistant_type`, `m`.`model`, `f`.`rating`, `f`.`comment`, `f`.`updated_at`
  FROM `message_feedback` `f` JOIN `messages` `m` ON `m`.`id` = `f`.`message_id` JOIN `topics` `t` ON `t`.`id` = `m`.`topic_id`;--> statement-breakpoint
DROP TABLE `message_feedback`;--> statement-breakpoint
ALTER TABLE `__new_message_feedback` RENAME TO `message_feedback`;--> statement-breakpoint
DROP TABLE `attachments`;--> statement-breakpoint
DROP TABLE `messages`;--> statement-breakpoint
DROP TABLE `search_index`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `message_feedback_updated` ON `message_feedback` (`updated_at`);--> statement-breakpoint
ALTER TABLE `topics` DROP COLUMN `leaf_message_id`;--> statement-breakpoint
ALTER TABLE `users` ADD `history_shard` integer;--> statement-breakpoint
UPDATE `users` SET `history_shard` = 0;--> statement-breakpoint
UPDATE `history_shards` SET `users` = (SELECT count(*) FROM `users`) WHERE `id` = 0;--> statement-breakpoint
-- Every new user, however created (registration, external sign-in, a chat bot, the admin), is
-- placed in the open shard with the fewest users placed, in the statement that creates them.
CREATE TRIGGER `users_history_shard` AFTER INSERT ON `users` FOR EACH ROW WHEN NEW.`history_shard` IS NULL
BEGIN
  UPDATE `users` SET `history_shard` = (SELECT `id` FROM `history_shards` WHERE `open` = 1 ORDER BY `users`, `id` LIMIT 1) WHERE `id` = NEW.`id`;
  UPDATE `history_shards` SET `users` = `users` + 1 WHERE `id` = (SELECT `history_shard` FROM `users` WHERE `id` = NEW.`id`);
END;
