-- A grade's reason as a message of the catalogs (JSON: {"id": …, "args": {…}}), so that each
-- reader sees it in their own language; `explanation` keeps it in English. Answers given
-- before have none.
ALTER TABLE answers ADD COLUMN explanation_message TEXT;
