/** The chat part of the domain: what the gateway, the worker and the composition root may use. */
export { type ChatExchange, chatHistory, findExchange, type NewExchange, storeExchange, toChatMessage } from './repository';
export { buildChatPrompt, buildSystemPrompt, type ChatPrompt, loadPlayerSnapshot, type PlayerSnapshot, type PogFacts, type PromptMessage, promptMessages, } from './grounding';
