CREATE TABLE `topic_vaults` (
	`topic_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`sealed` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `topic_vaults_user` ON `topic_vaults` (`user_id`);--> statement-breakpoint
ALTER TABLE `messages` ADD `masked` text;