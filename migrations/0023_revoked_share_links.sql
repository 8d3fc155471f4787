CREATE TABLE `revoked_share_links` (
	`hash` text PRIMARY KEY NOT NULL,
	`topic_id` integer NOT NULL,
	`revoked_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`id`) ON UPDATE no action ON DELETE cascade
);
