CREATE TABLE `privacy_settings` (
	`user_id` integer NOT NULL,
	`assistant_type` text NOT NULL,
	`enabled` integer NOT NULL,
	PRIMARY KEY(`user_id`, `assistant_type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `topics` ADD `share_expires_at` integer;--> statement-breakpoint
ALTER TABLE `topics` ADD `share_reveal` integer DEFAULT false NOT NULL;