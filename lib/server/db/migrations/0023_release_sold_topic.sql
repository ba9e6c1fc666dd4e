-- The "release-sold" notification topic (a released season seat sold, credit added) is new. Fans with saved
-- settings list the topics they chose, so the new one would be off for them: it follows their choice for
-- "resale-sold" (money from a seat of theirs that sold), per channel. Fans without a row get every topic.
UPDATE "notification_preferences" SET "push_topics" = array_append("push_topics", 'release-sold')
  WHERE 'resale-sold' = ANY("push_topics") AND NOT 'release-sold' = ANY("push_topics");--> statement-breakpoint
UPDATE "notification_preferences" SET "email_topics" = array_append("email_topics", 'release-sold')
  WHERE 'resale-sold' = ANY("email_topics") AND NOT 'release-sold' = ANY("email_topics");
