/**
 * A small Dockerfile reader: instructions (continuation lines joined, comments dropped) grouped by
 * build stage, and COPY split into flags, sources and destination.
 */
export interface Instruction {
  keyword: string;
  /** The text after the keyword, continuation lines joined. */
  rest: string;
  /** Set for the exec (JSON array) form, e.g. CMD ["node", "main.js"]. */
  exec?: string[];
  line: number;
}

export interface Stage {
  name?: string;
  base: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARG lines before the first FROM. */
  globalArgs: Instruction[];
  stages: Stage[];
}

export function parseDockerfile(source: string): Dockerfile {
  const result: Dockerfile = { globalArgs: [], stages: [] };
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i]!.trim();
    if (text === '' || text.startsWith('#')) continue;
    while (text.endsWith('\\') && i + 1 < lines.length) {
      text = text.slice(0, -1);
      let next = lines[++i]!.trim();
      // Comment lines inside a continued instruction are dropped, as Docker does.
      while (next.startsWith('#') && i + 1 < lines.length) next = lines[++i]!.trim();
      text += ' ' + next;
    }
    const [, keyword = '', rest = ''] = /^(\S+)\s*([\s\S]*)$/.exec(text) ?? [];
    const instruction: Instruction = { keyword: keyword.toUpperCase(), rest: rest.trim(), line: start + 1 };
    const exec = execForm(instruction.rest);
    if (exec) instruction.exec = exec;

    if (instruction.keyword === 'FROM') {
      const [, base = '', name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(instruction.rest) ?? [];
      result.stages.push({ base, ...(name ? { name } : {}), instructions: [] });
    } else if (result.stages.length === 0) {
      if (instruction.keyword === 'ARG') result.globalArgs.push(instruction);
      else throw new Error(`Dockerfile line ${start + 1}: ${instruction.keyword} before FROM`);
    } else {
      result.stages[result.stages.length - 1]!.instructions.push(instruction);
    }
  }
  return result;
}

/** The trailing arguments of HEALTHCHECK (`... CMD [...]`) are also in exec form. */
function execForm(rest: string): string[] | undefined {
  const json = /(\[[\s\S]*\])\s*$/.exec(rest)?.[1];
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

export interface CopyInstruction {
  flags: Record<string, string>;
  sources: string[];
  destination: string;
}

export function copyParts(instruction: Instruction): CopyInstruction {
  const words = instruction.exec ?? instruction.rest.split(/\s+/).filter(Boolean);
  const flags: Record<string, string> = {};
  let i = 0;
  for (; i < words.length && words[i]!.startsWith('--'); i++) {
    const [flag, value = 'true'] = words[i]!.slice(2).split('=');
    flags[flag!] = value;
  }
  const paths = words.slice(i);
  if (paths.length < 2) throw new Error(`Dockerfile line ${instruction.line}: COPY needs a source and a destination`);
  return { flags, sources: paths.slice(0, -1), destination: paths[paths.length - 1]! };
}

/** The user the stage's process runs as, or "root" when the stage never says. */
export function finalUser(stage: Stage): string {
  const users = stage.instructions.filter((i) => i.keyword === 'USER');
  return users.length ? users[users.length - 1]!.rest.split(':')[0]! : 'root';
}

/**
 * Whether a .dockerignore pattern list excludes `file` (a path relative to the build context).
 * Supports `*`, `?`, `**` and `!` exceptions, and a pattern that names a folder excludes its content.
 */
export function isDockerIgnored(file: string, patterns: string[]): boolean {
  let ignored = false;
  for (const raw of patterns) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    const pattern = (negate ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '');
    if (globMatchesPathOrParent(pattern, file)) ignored = !negate;
  }
  return ignored;
}

function globMatchesPathOrParent(pattern: string, file: string): boolean {
  const regex = new RegExp(
    '^' +
      pattern
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) => {
          if (part === '**/') return '(?:.*/)?';
          if (part === '**') return '.*';
          if (part === '*') return '[^/]*';
          if (part === '?') return '[^/]';
          return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
        })
        .join('') +
      '(?:/.*)?$',
  );
  return regex.test(file.replace(/^\.\/+/, ''));
}

/** A stage's base image with `${ARG}` references replaced by the global ARG defaults. */
export function resolvedBase(dockerfile: Dockerfile, stage: Stage): string {
  const defaults = new Map<string, string>();
  for (const arg of dockerfile.globalArgs) {
    const [name, value = ''] = arg.rest.split('=');
    defaults.set(name!.trim(), value.trim().replace(/^"(.*)"$/, '$1'));
  }
  return stage.base.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, name: string) => defaults.get(name) ?? whole);
}
