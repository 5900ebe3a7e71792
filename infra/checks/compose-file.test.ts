import { describe, expect, it } from 'vitest';
import { containerEnvironment, environmentOf, interpolate, InterpolationError } from './compose-file';

describe('interpolate', () => {
  const vars = { SET: 'value', EMPTY: '' };

  it('substitutes plain references in both spellings and keeps $$ literal', () => {
    expect(interpolate('a-${SET}-$SET-$$SET', vars)).toBe('a-value-value-$SET');
    expect(interpolate('${UNSET}', vars)).toBe('');
  });

  it('applies defaults: ":-" for unset or empty, "-" for unset only', () => {
    expect(interpolate('${UNSET:-d}', vars)).toBe('d');
    expect(interpolate('${EMPTY:-d}', vars)).toBe('d');
    expect(interpolate('${EMPTY-d}', vars)).toBe('');
    expect(interpolate('${SET:-d}', vars)).toBe('value');
  });

  it('interpolates nested defaults', () => {
    expect(interpolate('http://localhost:${PORT:-${FALLBACK:-8080}}', vars)).toBe('http://localhost:8080');
  });

  it('refuses a required variable that is missing, with its message', () => {
    expect(() => interpolate('${UNSET:?set UNSET please}', vars)).toThrow(new InterpolationError('UNSET: set UNSET please'));
    expect(() => interpolate('${EMPTY:?}', vars)).toThrow(InterpolationError);
    expect(interpolate('${EMPTY?x}', vars)).toBe('');
  });

  it('applies alternatives only when the variable is set', () => {
    expect(interpolate('${SET:+alt}|${UNSET:+alt}|${EMPTY+alt}', vars)).toBe('alt||alt');
  });
});

describe('environmentOf / containerEnvironment', () => {
  it('reads the list form and the map form alike', () => {
    expect(environmentOf({ environment: ['A=1', 'B=x=y', 'C'] })).toEqual({ A: '1', B: 'x=y', C: null });
    expect(environmentOf({ environment: { A: 1, B: true, C: null } })).toEqual({ A: '1', B: 'true', C: null });
  });

  it('passes names without a value through only when the host sets them', () => {
    const service = { environment: { A: '${X:-a}', B: null, C: null } };
    expect(containerEnvironment(service, { B: 'from-host' })).toEqual({ A: 'a', B: 'from-host' });
  });
});
