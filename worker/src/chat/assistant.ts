/**
 * PogBot's connection to the Anthropic Messages API: one streamed answer per question. Failures
 * of the service become AppErrors with a sentence a player can act on (a 502 or 503), never the
 * service's own wording; the details go to the log (upstream-error.ts).
 *
 * The SDK is loaded on the first question, not at start: it adds about 23 MB to a process's
 * resident memory, and a server without an API key never asks one.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { CHAT } from '@pog/common';
import { silentLogger, type Logger } from '@pog/domain/logging';
import { type ChatPrompt } from '@pog/domain/chat';

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
  let loaded: Promise<{ client: Anthropic; failure: typeof import('./upstream-error') }> | undefined;
  const load = async () => {
    const [{ default: Sdk }, failure] = await Promise.all([import('@anthropic-ai/sdk'), import('./upstream-error')]);
    const client = new Sdk({
      apiKey: settings.apiKey,
      // null, not undefined: the address comes from our config, never from the SDK reading the environment.
      baseURL: settings.baseUrl ?? null,
      // One quick retry when the service is busy before the player hears about it; the stream itself
      // is never retried, so a player never sees an answer written twice.
      maxRetries: 1,
      timeout: CHAT.upstreamTimeoutMs,
    });
    return { client, failure };
  };
  return {
    async answer(prompt, onText) {
      const { client, failure } = await (loaded ??= load());
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
        log.warn({ component: 'chat', err: failure.describe(error) }, 'the AI service failed');
        throw failure.upstreamError(error);
      }
    },
  };
}
