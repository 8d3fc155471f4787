DROP INDEX `topics_user_status_updated`;--> statement-breakpoint
CREATE INDEX `topics_user_status_list` ON `topics` (`user_id`,`status`,`pinned`,`updated_at`,`id`);