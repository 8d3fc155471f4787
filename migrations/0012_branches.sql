ALTER TABLE `messages` ADD `parent_id` integer;--> statement-breakpoint
CREATE INDEX `messages_parent` ON `messages` (`parent_id`,`id`);--> statement-breakpoint
ALTER TABLE `topics` ADD `leaf_message_id` integer;--> statement-breakpoint
-- Messages written before versions form one line: each follows the one before it in its topic.
UPDATE `messages` SET `parent_id` = (SELECT max(`p`.`id`) FROM `messages` `p` WHERE `p`.`topic_id` = `messages`.`topic_id` AND `p`.`id` < `messages`.`id`);--> statement-breakpoint
UPDATE `topics` SET `leaf_message_id` = (SELECT max(`m`.`id`) FROM `messages` `m` WHERE `m`.`topic_id` = `topics`.`id`);
