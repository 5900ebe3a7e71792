/**
 * A small reader for nginx configuration: directives, their arguments and nested blocks, so the checks
 * can ask what infra/nginx.conf proxies and inherits (no includes, no variables expanded). It trusts
 * the file's syntax: nginx itself checks that (`nginx -t`, nginxSyntaxErrors in ../testing/nginx).
 */
export interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
  line: number;
}

interface Token {
  text: string;
  line: number;
  quoted: boolean;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\n') {
      line++;
      i++;
    } else if (/\s/.test(ch)) {
      i++;
    } else if (ch === '#') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (ch === '{' || ch === '}' || ch === ';') {
      tokens.push({ text: ch, line, quoted: false });
      i++;
    } else if (ch === '"' || ch === "'") {
      const start = line;
      let text = '';
      i++;
      while (i < source.length && source[i] !== ch) {
        if (source[i] === '\\' && i + 1 < source.length) i++;
        if (source[i] === '\n') line++;
        text += source[i];
        i++;
      }
      i++;
      tokens.push({ text, line: start, quoted: true });
    } else {
      let text = '';
      while (i < source.length && !/[\s{};#]/.test(source[i]!)) text += source[i++];
      tokens.push({ text, line, quoted: false });
    }
  }
  return tokens;
}

export function parseNginxConf(source: string): Directive[] {
  const tokens = tokenize(source);
  let pos = 0;

  const readBlock = (): Directive[] => {
    const directives: Directive[] = [];
    let current: Token[] = [];
    while (pos < tokens.length) {
      const token = tokens[pos++]!;
      if (!token.quoted && token.text === '}') return directives;
      const [head, ...args] = current;
      if (!token.quoted && head && (token.text === ';' || token.text === '{')) {
        const directive: Directive = { name: head.text, args: args.map((a) => a.text), line: head.line };
        if (token.text === '{') directive.block = readBlock();
        directives.push(directive);
        current = [];
        continue;
      }
      current.push(token);
    }
    return directives;
  };

  return readBlock();
}

/** Every directive called `name`, at any depth. */
export function findAll(directives: Directive[], name: string): Directive[] {
  const found: Directive[] = [];
  for (const d of directives) {
    if (d.name === name) found.push(d);
    if (d.block) found.push(...findAll(d.block, name));
  }
  return found;
}

/** The directives of a block that are not themselves blocks, e.g. the `proxy_*` lines of a location. */
export function directivesIn(block: Directive | undefined, name: string): Directive[] {
  return (block?.block ?? []).filter((d) => d.name === name);
}

export function locationBlock(directives: Directive[], path: string): Directive | undefined {
  return findAll(directives, 'location').find((l) => l.args[l.args.length - 1] === path);
}

/** The levels that enclose `target`, outermost first (the top level, then each block down to it). */
function levelsAround(levels: Directive[], target: Directive): Directive[][] | undefined {
  for (const d of levels) {
    if (d === target) return [levels];
    if (d.block) {
      const inner = levelsAround(d.block, target);
      if (inner) return [levels, ...inner];
    }
  }
  return undefined;
}

/**
 * The `name` directives in force inside `block`: its own, or else those of the nearest enclosing
 * level that has any. This is how nginx inherits proxy_set_header, add_header and the like: a
 * level that sets one of them drops every one it would have inherited.
 */
export function effectiveDirectives(root: Directive[], block: Directive | undefined, name: string): Directive[] {
  if (!block) return [];
  const levels = [...(levelsAround(root, block) ?? []), block.block ?? []];
  for (const level of levels.reverse()) {
    const own = level.filter((d) => d.name === name);
    if (own.length) return own;
  }
  return [];
}

/**
 * The location of a server block that nginx picks for a request path: an exact `=` match; else
 * the longest prefix, unless a regex (`~`, `~*`, in file order) matches and that prefix is not `^~`.
 */
export function locationFor(server: Directive, uri: string): Directive | undefined {
  const locations = directivesIn(server, 'location');
  const exact = locations.find((l) => l.args[0] === '=' && l.args[1] === uri);
  if (exact) return exact;
  let longest: Directive | undefined;
  let longestLength = -1;
  for (const location of locations) {
    const [first = '', second = ''] = location.args;
    const prefix = location.args.length === 1 ? first : first === '^~' ? second : undefined;
    if (prefix !== undefined && uri.startsWith(prefix) && prefix.length > longestLength) {
      longest = location;
      longestLength = prefix.length;
    }
  }
  if (longest?.args[0] === '^~') return longest;
  const regex = locations.find((l) => (l.args[0] === '~' || l.args[0] === '~*') && new RegExp(l.args[1] ?? '', l.args[0] === '~*' ? 'i' : '').test(uri));
  return regex ?? longest;
}
