-- A request taken is one statement (worker/billing/services/limits.ts TAKE_REQUEST): inserting its charge counts it
-- on the row it came from (a counted row loses one; an unlimited row is never decremented) and, from a company
-- pool, on the member's `used`. Before, the send's batch did this in four statements of its own.
CREATE TRIGGER `request_charges_take` AFTER INSERT ON `request_charges` FOR EACH ROW
BEGIN
  UPDATE `limits` SET `available_requests` = `available_requests` - 1
    WHERE `id` = NEW.`limit_id` AND `is_unlimited` = 0 AND `available_requests` > 0;
  UPDATE `company_members` SET `used` = `used` + 1
    WHERE NEW.`company_id` IS NOT NULL AND `company_id` = NEW.`company_id` AND `user_id` = NEW.`user_id`;
END;
