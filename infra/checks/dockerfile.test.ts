import { describe, expect, it } from 'vitest';
import { copyParts, finalUser, isDockerIgnored, parseDockerfile, resolvedBase } from './dockerfile';

const SAMPLE = `# syntax=docker/dockerfile:1
ARG BASE=node:20-slim
FROM \${BASE} AS build
RUN npm install \\
  # a comment inside a continued line
  && npm run build
FROM nginx:1.28 AS runtime
COPY --from=build --chown=101 /app/dist /html
COPY a.conf b.conf /etc/
USER nginx
HEALTHCHECK --interval=5s CMD ["wget", "-q", "http://127.0.0.1/"]
CMD ["nginx", "-g", "daemon off;"]
`;

describe('parseDockerfile', () => {
  const file = parseDockerfile(SAMPLE);

  it('groups instructions by stage and resolves global ARG defaults in FROM', () => {
    expect(file.stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    expect(resolvedBase(file, file.stages[0]!)).toBe('node:20-slim');
    expect(file.stages[0]!.instructions[0]).toMatchObject({ keyword: 'RUN', rest: 'npm install  && npm run build', line: 4 });
  });

  it('reads COPY flags, sources and destination, and exec forms', () => {
    const [fromBuild, local] = file.stages[1]!.instructions.filter((i) => i.keyword === 'COPY').map(copyParts);
    expect(fromBuild).toEqual({ flags: { from: 'build', chown: '101' }, sources: ['/app/dist'], destination: '/html' });
    expect(local).toEqual({ flags: {}, sources: ['a.conf', 'b.conf'], destination: '/etc/' });
    const health = file.stages[1]!.instructions.find((i) => i.keyword === 'HEALTHCHECK');
    expect(health?.exec).toEqual(['wget', '-q', 'http://127.0.0.1/']);
  });

  it('knows the user a stage ends with', () => {
    expect(finalUser(file.stages[0]!)).toBe('root');
    expect(finalUser(file.stages[1]!)).toBe('nginx');
  });
});

describe('isDockerIgnored', () => {
  const patterns = ['**/node_modules', '*.md', 'docs/', '!docs/keep.txt', 'web/e2e'];

  it('matches globs, folders and their content, and exceptions', () => {
    expect(isDockerIgnored('node_modules/x/index.js', patterns)).toBe(true);
    expect(isDockerIgnored('web/node_modules', patterns)).toBe(true);
    expect(isDockerIgnored('README.md', patterns)).toBe(true);
    expect(isDockerIgnored('web/README.md', patterns)).toBe(false);
    expect(isDockerIgnored('docs/a.txt', patterns)).toBe(true);
    expect(isDockerIgnored('docs/keep.txt', patterns)).toBe(false);
    expect(isDockerIgnored('web/e2e/auth.test.ts', patterns)).toBe(true);
    expect(isDockerIgnored('web/src/main.tsx', patterns)).toBe(false);
  });
});
