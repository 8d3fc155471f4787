ALTER TABLE `payments` ADD `plan_name` text;--> statement-breakpoint
UPDATE `payments` SET `plan_name` = (SELECT `name` FROM `subscriptions` WHERE `subscriptions`.`id` = `payments`.`subscription_id`);
