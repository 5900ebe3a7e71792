import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { labelNamesOf, parsePrometheusText } from './prometheus-text';

const parse = (lines: string[]) => parsePrometheusText(lines.join('\n') + '\n');

describe('the Prometheus text parser used by the metrics tests', () => {
  it('reads families, types, help, labels with escapes, and special values', () => {
    const families = parse([
      '# HELP jobs_total Jobs done.\\nSecond line',
      '# TYPE jobs_total counter',
      'jobs_total{name="a\\"b",path="c:\\\\d"} 3',
      'jobs_total{name="e"} 1e3',
      '# TYPE lag gauge',
      'lag NaN',
      '# TYPE took histogram',
      'took_bucket{le="0.5"} 1',
      'took_bucket{le="+Inf"} 2',
      'took_sum 1.5',
      'took_count 2',
    ]);
    expect(families.get('jobs_total')).toEqual({
      name: 'jobs_total',
      type: 'counter',
      help: 'Jobs done.\nSecond line',
      samples: [
        { name: 'jobs_total', labels: { name: 'a"b', path: 'c:\\d' }, value: 3 },
        { name: 'jobs_total', labels: { name: 'e' }, value: 1000 },
      ],
    });
    expect(families.get('lag')!.samples[0]!.value).toBeNaN();
    expect(families.get('took')!.samples.map((s) => s.name)).toEqual(['took_bucket', 'took_bucket', 'took_sum', 'took_count']);
    expect(labelNamesOf(families.get('jobs_total')!)).toEqual(['name', 'path']);
  });

  it.each([
    ['a sample of no declared family', ['x 1']],
    ['a bad metric name', ['# TYPE 1x gauge']],
    ['an unknown type', ['# TYPE x meter']],
    ['a second TYPE', ['# TYPE x gauge', '# TYPE x counter']],
    ['a TYPE after the samples', ['# HELP x h', 'x 1', '# TYPE x gauge']],
    ['a family split in two', ['# TYPE x gauge', 'x{a="1"} 1', '# TYPE y gauge', 'y 1', 'x{a="2"} 2']],
    ['a duplicate series', ['# TYPE x gauge', 'x{a="1"} 1', 'x{a="1"} 2']],
    ['a bad value', ['# TYPE x gauge', 'x one']],
    ['an unquoted label value', ['# TYPE x gauge', 'x{a=1} 1']],
    ['a bad escape', ['# TYPE x gauge', 'x{a="\\t"} 1']],
    ['a bare histogram sample', ['# TYPE h histogram', 'h 1']],
    ['buckets that are not cumulative', ['# TYPE h histogram', 'h_bucket{le="1"} 2', 'h_bucket{le="+Inf"} 1', 'h_sum 1', 'h_count 1']],
    ['no +Inf bucket', ['# TYPE h histogram', 'h_bucket{le="1"} 1', 'h_sum 1', 'h_count 1']],
    ['+Inf not equal to _count', ['# TYPE h histogram', 'h_bucket{le="+Inf"} 1', 'h_sum 1', 'h_count 2']],
  ])('rejects %s', (_, lines) => {
    expect(() => parse(lines)).toThrow();
  });

  it("accepts what prom-client writes", async () => {
    const registry = new Registry();
    new Counter({ name: 'c_total', help: 'a "quoted" \\ help', labelNames: ['route'], registers: [registry] }).inc({ route: '/a/:id' });
    new Histogram({ name: 'h_seconds', help: 'h', labelNames: ['name'], buckets: [0.1, 1], registers: [registry] }).observe({ name: 'x' }, 0.5);
    const families = parsePrometheusText(await registry.metrics());
    expect(families.get('c_total')!.help).toBe('a "quoted" \\ help');
    expect(families.get('h_seconds')!.type).toBe('histogram');
  });
});
