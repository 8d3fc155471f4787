CREATE TABLE `law_acts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`short_name` text NOT NULL,
	`title` text NOT NULL,
	`aliases` text DEFAULT '[]' NOT NULL,
	`demo` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `law_acts_short_name` ON `law_acts` (`short_name`);--> statement-breakpoint
CREATE TABLE `law_article_editions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`parts` text NOT NULL,
	`in_force_from` text NOT NULL,
	`in_force_to` text,
	`repealed` integer DEFAULT false NOT NULL,
	`repealed_on` text,
	FOREIGN KEY (`article_id`) REFERENCES `law_articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `law_article_editions_article` ON `law_article_editions` (`article_id`,`in_force_from`);--> statement-breakpoint
CREATE TABLE `law_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`act_id` integer NOT NULL,
	`number` text NOT NULL,
	`path` text DEFAULT '[]' NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`act_id`) REFERENCES `law_acts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `law_articles_act_number` ON `law_articles` (`act_id`,`number`);--> statement-breakpoint
CREATE INDEX `law_articles_act_position` ON `law_articles` (`act_id`,`position`);