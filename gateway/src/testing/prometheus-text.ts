/**
 * A strict parser of the Prometheus text exposition format (version 0.0.4), for tests: it throws,
 * naming the line, on anything a Prometheus server would reject or that breaks the format's rules
 * (names, label syntax and escapes, values, a TYPE after its samples, a family split in two, a
 * sample no family declares, duplicate series, histogram buckets that are not cumulative or do not
 * end in +Inf = _count).
 */
export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string | undefined;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export class PrometheusFormatError extends Error {}

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const seenSeries = new Set<string>();
  const typed = new Set<string>();
  let current: MetricFamily | undefined;
  const fail = (lineNumber: number, problem: string): never => {
    throw new PrometheusFormatError(`line ${lineNumber}: ${problem}`);
  };
  const family = (name: string, lineNumber: number): MetricFamily => {
    let found = families.get(name);
    if (!found) {
      found = { name, type: 'untyped', help: undefined, samples: [] };
      families.set(name, found);
    } else if (found !== current && found.samples.length > 0) {
      fail(lineNumber, `the samples of ${name} are not all together`);
    }
    current = found;
    return found;
  };

  if (text.length > 0 && !text.endsWith('\n')) throw new PrometheusFormatError('the text does not end with a line break');
  const lines = text.split('\n').slice(0, -1);
  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!meta) return; // a plain comment
      const [, keyword, name, rest] = meta as unknown as [string, 'HELP' | 'TYPE', string, string];
      if (!METRIC_NAME.test(name)) fail(lineNumber, `bad metric name ${name}`);
      const declared = family(name, lineNumber);
      if (keyword === 'HELP') {
        if (declared.help !== undefined) fail(lineNumber, `a second HELP for ${name}`);
        declared.help = unescapeHelp(rest, lineNumber, fail);
      } else {
        if (!TYPES.has(rest as MetricType)) fail(lineNumber, `unknown type "${rest}"`);
        if (declared.samples.length > 0) fail(lineNumber, `TYPE of ${name} after its samples`);
        if (typed.has(name)) fail(lineNumber, `a second TYPE for ${name}`);
        typed.add(name);
        declared.type = rest as MetricType;
      }
      return;
    }
    const sample = parseSample(line, lineNumber, fail);
    const owner = familyOf(sample.name, families);
    if (!owner) fail(lineNumber, `sample ${sample.name} belongs to no declared family`);
    if (owner !== current) family(owner!.name, lineNumber);
    const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
    if (seenSeries.has(key)) fail(lineNumber, `duplicate series ${sample.name}${JSON.stringify(sample.labels)}`);
    seenSeries.add(key);
    owner!.samples.push(sample);
  });
  for (const declared of families.values()) if (declared.type === 'histogram') checkHistogram(declared);
  return families;
}

/** The family a sample belongs to: its own name, or the histogram/summary it is a part of. */
function familyOf(name: string, families: Map<string, MetricFamily>): MetricFamily | undefined {
  const own = families.get(name);
  // A summary's quantiles carry its own name; a histogram has no sample of its bare name.
  if (own && own.type !== 'histogram') return own;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue;
    const base = families.get(name.slice(0, -suffix.length));
    if (base?.type === 'histogram' || (base?.type === 'summary' && suffix !== '_bucket')) return base;
  }
  return undefined;
}

function parseSample(line: string, lineNumber: number, fail: (n: number, problem: string) => never): Sample {
  const head = /^([a-zA-Z_:][a-zA-Z0-9_:]*)/.exec(line);
  if (!head) fail(lineNumber, `bad sample line: ${line}`);
  const name = head![1]!;
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith('{')) {
    rest = rest.slice(1);
    while (!rest.startsWith('}')) {
      const label = /^([^=]+)="/.exec(rest);
      if (!label || !LABEL_NAME.test(label[1]!)) fail(lineNumber, `bad label in ${line}`);
      const labelName = label![1]!;
      if (labelName in labels) fail(lineNumber, `label ${labelName} given twice`);
      rest = rest.slice(label![0].length);
      let value = '';
      for (;;) {
        const char = rest[0];
        if (char === undefined) fail(lineNumber, `unterminated label value in ${line}`);
        if (char === '"') break;
        if (char === '\\') {
          const escaped = rest[1];
          if (escaped === '\\' || escaped === '"') value += escaped;
          else if (escaped === 'n') value += '\n';
          else fail(lineNumber, `bad escape \\${escaped} in a label value`);
          rest = rest.slice(2);
        } else {
          value += char;
          rest = rest.slice(1);
        }
      }
      labels[labelName] = value;
      rest = rest.slice(1);
      if (rest.startsWith(',')) rest = rest.slice(1);
      else if (!rest.startsWith('}')) fail(lineNumber, `expected , or } in ${line}`);
    }
    rest = rest.slice(1);
  }
  const tail = /^ (\S+)(?: (-?\d+))?$/.exec(rest);
  if (!tail) fail(lineNumber, `bad value part "${rest}"`);
  const value = parseValue(tail![1]!);
  if (value === undefined) fail(lineNumber, `bad value ${tail![1]}`);
  return { name, labels, value: value! };
}

function parseValue(text: string): number | undefined {
  if (text === 'NaN') return Number.NaN;
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : undefined;
}

function unescapeHelp(text: string, lineNumber: number, fail: (n: number, problem: string) => never): string {
  return text.replace(/\\(.?)/g, (_, escaped: string) => {
    if (escaped === '\\') return '\\';
    if (escaped === 'n') return '\n';
    return fail(lineNumber, `bad escape \\${escaped} in HELP`);
  });
}

/** Per series: `le` on every bucket, bounds rising, counts cumulative, ending at +Inf = _count. */
function checkHistogram(histogram: MetricFamily): void {
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number; sum?: number }>();
  for (const sample of histogram.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (sample.name.endsWith('_bucket')) {
      const bound = le === undefined ? undefined : parseValue(le);
      if (bound === undefined) throw new PrometheusFormatError(`${histogram.name}: a bucket without a valid le`);
      entry.buckets.push([bound, sample.value]);
    } else if (le !== undefined) {
      throw new PrometheusFormatError(`${histogram.name}: le on ${sample.name}`);
    } else if (sample.name.endsWith('_count')) {
      entry.count = sample.value;
    } else {
      entry.sum = sample.value;
    }
  }
  for (const [key, { buckets, count, sum }] of series) {
    const where = `${histogram.name}${key}`;
    if (count === undefined || sum === undefined) throw new PrometheusFormatError(`${where}: _count or _sum missing`);
    for (let i = 1; i < buckets.length; i++) {
      if (!(buckets[i]![0] > buckets[i - 1]![0])) throw new PrometheusFormatError(`${where}: bucket bounds not rising`);
      if (buckets[i]![1] < buckets[i - 1]![1]) throw new PrometheusFormatError(`${where}: bucket counts not cumulative`);
    }
    const last = buckets.at(-1);
    if (!last || last[0] !== Number.POSITIVE_INFINITY) throw new PrometheusFormatError(`${where}: no +Inf bucket`);
    if (last[1] !== count) throw new PrometheusFormatError(`${where}: +Inf bucket ${last[1]} is not _count ${count}`);
  }
}

/** The label names a family's samples carry (le of histogram buckets left out). */
export function labelNamesOf(family: MetricFamily): string[] {
  const names = new Set<string>();
  for (const sample of family.samples) for (const name of Object.keys(sample.labels)) if (name !== 'le') names.add(name);
  return [...names].sort();
}
