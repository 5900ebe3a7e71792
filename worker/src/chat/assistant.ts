/**
 * PogBot's connection to the Anthropic Messages API: one streamed answer per question. Failures
 * of the service become AppErrors with a sentence a player can act on (a 502 or 503), never the
 * service's own wording; the details go to the log.
 */
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { AppError, CHAT } from '@pog/common';
import { silentLogger, type ChatPrompt, type Logger } from '@pog/common/server';

export interface ChatAssistant {
  /** Streams an answer: `onText` hears each piece as it arrives; the whole text is returned. */
  answer(prompt: ChatPrompt, onText: (text: string) => void): Promise<string>;
}

export interface AnthropicSettings {
  apiKey: string;
  model: string;
  /** Unset: Anthropic's own address. */
  baseUrl: string | undefined;
}

export function createAnthropicAssistant(settings: AnthropicSettings, log: Logger = silentLogger): ChatAssistant {
  const client = new Anthropic({
    apiKey: settings.apiKey,
    // null, not undefined: the address comes from our config, never from the SDK reading the environment.
    baseURL: settings.baseUrl ?? null,
    // One quick retry when the service is busy before the player hears about it; the stream itself
    // is never retried, so a player never sees an answer written twice.
    maxRetries: 1,
    timeout: CHAT.upstreamTimeoutMs,
  });
  return {
    async answer(prompt, onText) {
      const stream = client.messages.stream({
        model: settings.model,
        max_tokens: CHAT.replyMaxTokens,
        system: prompt.system,
        messages: prompt.messages,
      });
      stream.on('text', (delta) => onText(delta));
      try {
        return await stream.finalText();
      } catch (error) {
        log.warn({ component: 'chat', err: describe(error) }, 'the AI service failed');
        throw upstreamError(error);
      }
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof APIError) return `${error.status ?? 'stream'} ${error.type ?? ''} ${error.apiMessage ?? error.message}`.trim();
  return error instanceof Error ? error.message : String(error);
}

const BUSY = 'PogBot is very busy right now. Please try again in a minute.';
const UNREACHABLE = 'PogBot could not reach its AI service. Please try again in a minute.';
const FAILED = 'PogBot could not answer this time. Please try again.';
const MISCONFIGURED = 'PogBot is not set up correctly on this server. Please tell an administrator.';

/** The player-facing error for a failed call to the AI service. */
export function upstreamError(error: unknown): AppError {
  if (error instanceof APIConnectionTimeoutError) return new AppError('SERVER_ERROR', UNREACHABLE, { status: 504 });
  if (error instanceof APIConnectionError) return new AppError('SERVER_ERROR', UNREACHABLE, { status: 502 });
  if (error instanceof APIError) {
    const busy = error.status === 429 || error.status === 529 || error.type === 'overloaded_error' || error.type === 'rate_limit_error';
    if (busy) return new AppError('SERVER_ERROR', BUSY, { status: 503 });
    if (error.status === 401 || error.status === 403 || error.status === 404) return new AppError('SERVER_ERROR', MISCONFIGURED, { status: 502 });
  }
  return new AppError('SERVER_ERROR', FAILED, { status: 502 });
}
