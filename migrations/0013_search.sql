-- Search over a user's chats (docs/conversations.md "Search"): FTS5 over word stems the Worker
-- computes (lower case, ё as е, Russian Snowball stems), so one word form finds the others.
-- rowid: the message's id, or minus the topic's id for its title. `owner` holds `u<userId>`, so a
-- query is narrowed to one user inside the index.
CREATE VIRTUAL TABLE `search_index` USING fts5(`owner`, `body`, `topic_id` UNINDEXED, tokenize = 'unicode61');
