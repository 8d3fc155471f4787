-- The library's search index (docs/law.md "Answers grounded in the text"): one row per edition in force or
-- once in force (not a repealed one), rowid = law_article_editions.id, its title's and text's words as Snowball
-- stems (worker/text/words.ts), written by the import. A title's words weigh three times a text's in the rank.
CREATE VIRTUAL TABLE `law_search` USING fts5(`title`, `body`, tokenize = 'unicode61');
--> statement-breakpoint
INSERT INTO `law_search` (`law_search`, `rank`) VALUES ('rank', 'bm25(3.0, 1.0)');
--> statement-breakpoint
-- How many editions hold each term: a question's terms held by most of the library are left out of its search.
CREATE VIRTUAL TABLE `law_search_terms` USING fts5vocab(`law_search`, 'row');
