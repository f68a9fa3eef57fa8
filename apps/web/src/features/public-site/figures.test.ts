import { describe, expect, it } from 'vitest';
import { describeFigure, TARGETS } from './figures';

describe('describeFigure', () => {
  it('says "not yet measured" next to the target when nothing was measured', () => {
    expect(describeFigure(null, TARGETS.accuracy)).toEqual({
      measured: false,
      value: 'Not yet measured',
      note: 'target 95%',
      label: null,
    });
    expect(describeFigure(undefined, TARGETS.speed).note).toBe('target under 0.8 s');
  });

  it('shows a measured figure with what it measured, its benchmark name and date, never the target', () => {
    const shown = describeFigure(
      { value: 71.4285, unit: '%', label: 'within 1 km', benchmark: 'locate-gallery', date: '2025-06-02T10:11:12Z' },
      TARGETS.accuracy,
    );
    expect(shown).toEqual({
      measured: true,
      value: '71.43%',
      note: 'locate-gallery, 2025-06-02',
      label: 'within 1 km',
    });
  });

  it('puts a space before word units', () => {
    expect(
      describeFigure({ value: 1.2, unit: 's', label: 'median', benchmark: 'speed', date: '2025-06-02' }, TARGETS.speed)
        .value,
    ).toBe('1.2 s');
  });
});
