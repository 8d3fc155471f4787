ALTER TABLE `messages` ADD `citations` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `citations_date` text;