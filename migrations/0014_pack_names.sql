ALTER TABLE `limits` ADD `name` text;--> statement-breakpoint
-- Packs bought before names were kept get their plan's name; promo packs their code.
UPDATE `limits` SET `name` = (SELECT `s`.`name` FROM `payments` `p` JOIN `subscriptions` `s` ON `s`.`id` = `p`.`subscription_id` WHERE `p`.`limit_id` = `limits`.`id`) WHERE `source` = 'subscription';--> statement-breakpoint
UPDATE `limits` SET `name` = (SELECT 'Промокод ' || `pr`.`name` FROM `promo_uses` `u` JOIN `promos` `pr` ON `pr`.`id` = `u`.`promo_id` WHERE `u`.`limit_id` = `limits`.`id`) WHERE `source` = 'promo';
