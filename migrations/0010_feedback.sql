CREATE TABLE `message_feedback` (
	`message_id` integer PRIMARY KEY NOT NULL,
	`rating` text NOT NULL,
	`comment` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_feedback_updated` ON `message_feedback` (`updated_at`);