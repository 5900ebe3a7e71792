/**
 * /pog/:id answered with the web app's index.html whose title, description and Open Graph tags name
 * the POG, so that a shared link previews (crawlers do not run the app). Everything taken from the
 * POG is HTML-escaped. A POG that does not exist, or that only its owner may see (rejected, hidden
 * by reports), gets the page unchanged, with 404.
 * In compose, nginx passes /pog/ to the gateways for this (infra/nginx.conf).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import { idTextSchema, pogPagePath, type Pog } from '@pog/common';
import { findPog, mayViewPog, toPog } from '@pog/domain/pogs';
import type { AppContext } from '../context';

const POG_PAGE = /^\/pog\/([^/]+)\/?$/;
const SITE_NAME = 'Pog Federation';
const pogIdSchema = idTextSchema('The POG id').brand<'PogId'>();

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** What a preview says: "Sunset Blaze, a rare POG (412 PTS) by @ann, held by @bob." */
export function pogDescription(pog: Pog): string {
  const article = /^[aeiou]/.test(pog.rarity) ? 'an' : 'a';
  const points = pog.points !== null && !pog.pointsPending ? ` (${pog.points} PTS)` : '';
  const holder = pog.userId === pog.creatorId ? '' : `, held by @${pog.username}`;
  return `${pog.name}, ${article} ${pog.rarity} POG${points} by @${pog.creatorUsername}${holder}.`;
}

/** The head tags of a POG's page, escaped. `origin` makes the URLs absolute, as previews need. */
export function pogHeadTags(pog: Pog, origin: string): string {
  const title = `${pog.name} · ${SITE_NAME}`;
  const description = pogDescription(pog);
  const tags: Array<[string, string, string]> = [
    ['name', 'description', description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', origin + pogPagePath(pog.id)],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  if (pog.imageUrl.startsWith('/')) tags.push(['property', 'og:image', origin + pog.imageUrl]);
  return [`<title>${escapeHtml(title)}</title>`, ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`)].join('\n    ');
}

/** index.html with its title and description replaced by the POG's tags (added at the end of the head when it has no title). */
export function withPogHead(indexHtml: string, tags: string): string {
  const page = indexHtml.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const title = /<title>[\s\S]*?<\/title>/i;
  // A function as replacement: `$` in a POG's name must not be read as a pattern.
  return title.test(page) ? page.replace(title, () => tags) : page.replace(/<\/head>/i, () => `${tags}</head>`);
}

export function pogPage(app: AppContext): Middleware {
  const indexFile = path.join(app.config.webDist, 'index.html');
  return async (ctx, next) => {
    const match = POG_PAGE.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let indexHtml: string;
    try {
      indexHtml = await readFile(indexFile, 'utf8');
    } catch {
      return next(); // not built: the web app middleware says so
    }
    const id = pogIdSchema.safeParse(match[1]);
    const found = id.success ? await findPog(app.db, id.data) : undefined;
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    // The share preview is public: a POG only its owner may see (pogs/policy.ts) has none.
    if (!found || !mayViewPog(undefined, found.pog)) {
      ctx.status = 404;
      ctx.body = indexHtml;
      return;
    }
    const origin = app.config.publicOrigins?.[0] ?? `${ctx.protocol}://${ctx.host}`;
    ctx.body = withPogHead(indexHtml, pogHeadTags(toPog(found, app.clock.now()), origin));
  };
}
