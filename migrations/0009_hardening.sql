-- Hardening (issue 9): admin block, company invitations that need a yes, account changes that need the owner.

-- Admin block (docs/accounts.md): a blocked user cannot sign in, refresh or use any token.
ALTER TABLE `users` ADD `blocked_at` integer;
--> statement-breakpoint
-- Nobody joins a company without saying yes (docs/operations.md, "Invitations"): an invitation is
-- pending until the invitee accepts or declines it; `accepted_at` becomes `responded_at`. The link
-- token is stored as its SHA-256 only, and cleared once the invitation is answered. Invitations
-- pending from before keep no token: their invitee accepts them in the app.
ALTER TABLE `company_invitations` RENAME COLUMN `accepted_at` TO `responded_at`;
--> statement-breakpoint
ALTER TABLE `company_invitations` ADD `status` text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE `company_invitations` ADD `token_hash` text;
--> statement-breakpoint
ALTER TABLE `company_invitations` ADD `invited_by` integer REFERENCES users(id) ON DELETE set null;
--> statement-breakpoint
UPDATE `company_invitations` SET `status` = 'accepted' WHERE `responded_at` IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `company_invitations_token` ON `company_invitations` (`token_hash`);
--> statement-breakpoint
-- Account changes need the owner (docs/accounts.md, "Account changes"): a pending e-mail change,
-- applied when the link mailed to the new address is opened, and the one-time code by e-mail for
-- accounts without a password. Tokens and codes are stored hashed only.
CREATE TABLE `email_changes` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`new_email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_changes_user` ON `email_changes` (`user_id`);
--> statement-breakpoint
CREATE TABLE `one_time_codes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
