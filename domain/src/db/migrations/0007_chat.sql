-- PogBot: each player's conversation with the game guide. A question and its answer are stored
-- together, in one transaction, once the answer is complete; nothing is kept of a failed answer.
CREATE TABLE chat_messages (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id integer NOT NULL CHECK (conversation_id > 0),
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  -- Questions are at most 2000 characters (CHAT.messageMaxLength), answers at most 16000 (CHAT.replyMaxLength).
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND CASE WHEN role = 'user' THEN 2000 ELSE 16000 END),
  -- Answered from the guide, without the AI service.
  offline boolean NOT NULL DEFAULT false,
  -- Names one send: a repeated or retried send finds its stored answer instead of asking twice.
  request_id text NOT NULL CHECK (char_length(request_id) BETWEEN 8 AND 64),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (user_id, conversation_id, id);
CREATE UNIQUE INDEX chat_messages_request_key ON chat_messages (user_id, request_id, role);
