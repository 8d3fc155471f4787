-- Data: the request packs users can buy (docs/payments.md). Admins change them through
-- /subscriptions/; this seeds them once, into an empty table only. Prices are kopecks.
INSERT INTO subscriptions (name, price_kopecks, day_gap, requests_limit, is_unlimited)
SELECT name, price_kopecks, day_gap, requests_limit, is_unlimited FROM (
  SELECT 'Старт' AS name, 19900 AS price_kopecks, 30 AS day_gap, 30 AS requests_limit, 0 AS is_unlimited
  UNION ALL SELECT 'Стандарт', 49000, 30, 100, 0
  UNION ALL SELECT 'Про', 99000, 30, 300, 0
  UNION ALL SELECT 'Безлимит', 199000, 30, 0, 1
)
WHERE NOT EXISTS (SELECT 1 FROM subscriptions);
